//! A hand as read from a history: who sat where with what, every action in
//! order, and what the site says each player collected
//! (docs/design.md §3.11). Everything derived (pots, positions, results,
//! the all-in) is computed from this, never stored beside it.

use super::chips::Chips;
use crate::card::Card;

/// The betting structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    /// No-limit Hold'em (PHH `NT`).
    NoLimit,
    /// Fixed-limit Hold'em (PHH `FT`).
    FixedLimit,
}

impl Game {
    /// The PHH variant code.
    pub fn code(self) -> &'static str {
        match self {
            Game::NoLimit => "NT",
            Game::FixedLimit => "FT",
        }
    }
}

/// When the hand was played, as the history writes it (no time-zone
/// arithmetic).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct HandTime {
    /// Year, e.g. 2009.
    pub year: Option<u32>,
    /// Month, 1 to 12.
    pub month: Option<u32>,
    /// Day of the month.
    pub day: Option<u32>,
    /// Time of day, `HH:MM:SS`.
    pub clock: Option<String>,
    /// The time zone's abbreviation, e.g. `ET`.
    pub zone: Option<String>,
}

/// One player dealt in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    /// The name the history gives.
    pub name: String,
    /// The seat number at the table, when the history gives one.
    pub seat: Option<u32>,
    /// Chips in front at the start of the hand.
    pub stack: Chips,
    /// The ante posted (dead money; a dead small blind counts here too).
    pub ante: Chips,
    /// The blind or straddle posted (live money: part of the first bet).
    pub blind: Chips,
}

/// A player's two hole cards, when known.
pub type Hole = Option<[Card; 2]>;

/// One event of the hand, in order. Players are indices into
/// [`Hand::players`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Hole cards dealt to a player (`None`: not shown in the history).
    DealHole {
        /// Who.
        player: usize,
        /// The cards, when known.
        cards: Hole,
    },
    /// Board cards dealt: the flop's three, or the turn's or river's one.
    DealBoard(Vec<Card>),
    /// A fold.
    Fold(usize),
    /// A check or a call.
    CheckCall(usize),
    /// A bet or raise to a street total of `to` (capped at the stack: an
    /// all-in).
    BetRaise {
        /// Who.
        player: usize,
        /// The player's total bet on this street after the action.
        to: Chips,
    },
    /// Cards shown or mucked at showdown (`None`: mucked, or not known).
    Show {
        /// Who.
        player: usize,
        /// The cards, when known.
        cards: Hole,
    },
}

/// A hand as read: the table, the players and the actions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    /// The site (PHH `venue`), e.g. `PokerStars`.
    pub site: Option<String>,
    /// The site's hand number.
    pub id: Option<String>,
    /// The table's name.
    pub table: Option<String>,
    /// When it was played.
    pub time: HandTime,
    /// The currency symbol of a cash game (`$`); none for chips.
    pub currency: Option<String>,
    /// No-limit or fixed-limit.
    pub game: Game,
    /// The smallest bet (the big blind; fixed-limit: the small bet).
    pub min_bet: Chips,
    /// The players dealt in, in PHH order: from the small blind round to
    /// the button (heads-up: the big blind, then the button).
    pub players: Vec<Player>,
    /// Every event in order.
    pub actions: Vec<Action>,
    /// The rake the history states, if it states one.
    pub rake: Option<Chips>,
    /// What each player collected from the pots, as the history states it
    /// (PHH `winnings`; PokerStars `collected` lines), if it does.
    pub collected: Option<Vec<Chips>>,
}

/// A betting round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Street {
    /// Before the flop.
    Preflop,
    /// After the flop.
    Flop,
    /// After the turn.
    Turn,
    /// After the river.
    River,
}

impl Street {
    /// The street after `cards` board cards.
    pub fn of_board(cards: usize) -> Street {
        match cards {
            0..=2 => Street::Preflop,
            3 => Street::Flop,
            4 => Street::Turn,
            _ => Street::River,
        }
    }

    /// Its name in lower case, as the JSON writes it.
    pub fn name(self) -> &'static str {
        match self {
            Street::Preflop => "preflop",
            Street::Flop => "flop",
            Street::Turn => "turn",
            Street::River => "river",
        }
    }
}

impl Hand {
    /// The hole cards known for `player`: the last cards dealt or shown
    /// that are known.
    pub fn hole(&self, player: usize) -> Hole {
        let mut known = None;
        for action in &self.actions {
            if let Action::DealHole { player: p, cards } | Action::Show { player: p, cards } =
                action
                && *p == player
                && cards.is_some()
            {
                known = *cards;
            }
        }
        known
    }

    /// The whole board dealt, in order.
    pub fn board(&self) -> Vec<Card> {
        let mut board = Vec::new();
        for action in &self.actions {
            if let Action::DealBoard(cards) = action {
                board.extend_from_slice(cards);
            }
        }
        board
    }

    /// The index of the player named `name`, if dealt in.
    pub fn player_named(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p.name == name)
    }

    /// The position of each player, in PHH order (see [`position_names`]).
    pub fn positions(&self) -> Vec<&'static str> {
        position_names(self.players.len())
    }
}

/// The position names of `n` players in PHH order: `SB`, `BB`, then `UTG`,
/// `UTG+1`, … and `LJ`, `HJ`, `CO`, `BTN` from the button back;
/// heads-up, `BB` and `BTN` (the button posts the small blind).
pub fn position_names(n: usize) -> Vec<&'static str> {
    const EARLY: [&str; 8] = [
        "UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "UTG+5", "UTG+6", "UTG+7",
    ];
    const LATE: [&str; 4] = ["BTN", "CO", "HJ", "LJ"];
    match n {
        0 => Vec::new(),
        1 => vec!["BTN"],
        2 => vec!["BB", "BTN"],
        _ => {
            let others = n - 2;
            let late = if others >= 2 {
                (others - 1).min(LATE.len())
            } else {
                others
            };
            let early = others - late;
            let mut names = vec!["SB", "BB"];
            names.extend((0..early).map(|i| EARLY.get(i).copied().unwrap_or("UTG+")));
            names.extend(LATE[..late].iter().rev());
            names
        }
    }
}
