//! A hand played through: what each player put in (uncalled bets
//! returned), the pot after each street, the side pots and who may win
//! each, and the moment the betting closed with two or more players left
//! and at most one with chips behind (docs/design.md §3.11).

use super::chips::Chips;
use super::error::HandErrorKind;
use super::model::{Action, Hand, Street};
use crate::card::{Card, CardSet};

/// One pot: its amount and the players who may win it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pot {
    /// Chips in it.
    pub amount: Chips,
    /// Players (indices) still in the hand who put in enough to win it.
    pub eligible: Vec<usize>,
}

/// The betting closed before the river with two or more players left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllInSpot {
    /// The street whose betting closed the action.
    pub street: Street,
    /// The board then.
    pub board: Vec<Card>,
    /// The players still in (not folded), in order.
    pub live: Vec<usize>,
}

/// A hand played through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// What each player put in, uncalled bets returned.
    pub contributed: Vec<Chips>,
    /// Whether each player folded.
    pub folded: Vec<bool>,
    /// The pot at the end of each street played, in order.
    pub street_pots: Vec<(Street, Chips)>,
    /// The pots, main pot first.
    pub pots: Vec<Pot>,
    /// The whole board.
    pub board: Vec<Card>,
    /// The all-in moment, if any.
    pub all_in: Option<AllInSpot>,
    /// The chips each action put in (0 for all but calls, bets and
    /// raises), one per action.
    pub amounts: Vec<Chips>,
}

/// The betting state while replaying.
struct Table {
    left: Vec<Chips>,
    bet: Vec<Chips>,
    total: Vec<Chips>,
    folded: Vec<bool>,
    board: Vec<Card>,
    street_pots: Vec<(Street, Chips)>,
    all_in: Option<AllInSpot>,
    amounts: Vec<Chips>,
}

/// A replay error: what is wrong and the token to show.
pub type ReplayError = (HandErrorKind, String);

/// Plays `hand` through.
pub fn replay(hand: &Hand) -> Result<Replay, ReplayError> {
    check_cards(hand)?;
    let n = hand.players.len();
    let mut t = Table {
        left: hand.players.iter().map(|p| p.stack).collect(),
        bet: vec![Chips::ZERO; n],
        total: vec![Chips::ZERO; n],
        folded: vec![false; n],
        board: Vec::new(),
        street_pots: Vec::new(),
        all_in: None,
        amounts: Vec::with_capacity(hand.actions.len()),
    };
    for (i, player) in hand.players.iter().enumerate() {
        let ante = player.ante.min(t.left[i]);
        t.left[i] -= ante;
        t.total[i] += ante;
        let _ = t.put(i, player.blind);
    }
    for action in &hand.actions {
        t.act(action)?;
    }
    t.end_street();
    let pots = pots(&t.total, &t.folded);
    Ok(Replay {
        contributed: t.total,
        folded: t.folded,
        street_pots: t.street_pots,
        pots,
        board: t.board,
        all_in: t.all_in,
        amounts: t.amounts,
    })
}

impl Table {
    /// Moves up to `amount` from `player`'s stack into the pot.
    fn put(&mut self, player: usize, amount: Chips) -> Chips {
        let amount = amount.max(Chips::ZERO).min(self.left[player]);
        self.left[player] -= amount;
        self.bet[player] += amount;
        self.total[player] += amount;
        amount
    }

    fn act(&mut self, action: &Action) -> Result<(), ReplayError> {
        let in_hand = |t: &Table, p: usize| {
            if t.folded[p] {
                Err((HandErrorKind::Player, format!("p{}", p + 1)))
            } else {
                Ok(())
            }
        };
        let max_bet = self.bet.iter().copied().max().unwrap_or_default();
        let mut amount = Chips::ZERO;
        match action {
            Action::DealHole { .. } | Action::Show { .. } => {}
            Action::DealBoard(cards) => {
                let expected = match self.board.len() {
                    0 => 3,
                    3 | 4 => 1,
                    _ => 0,
                };
                if cards.len() != expected {
                    let text = cards.iter().map(ToString::to_string).collect();
                    return Err((HandErrorKind::Board, text));
                }
                self.end_street();
                self.bet.iter_mut().for_each(|b| *b = Chips::ZERO);
                self.board.extend_from_slice(cards);
            }
            Action::Fold(p) => {
                in_hand(self, *p)?;
                self.folded[*p] = true;
            }
            Action::CheckCall(p) => {
                in_hand(self, *p)?;
                amount = self.put(*p, max_bet - self.bet[*p]);
            }
            Action::BetRaise { player, to } => {
                let p = *player;
                in_hand(self, p)?;
                let to_call = max_bet - self.bet[p];
                if *to <= self.bet[p] || (*to <= max_bet && self.left[p] > to_call) {
                    return Err((HandErrorKind::Raise, to.to_string()));
                }
                amount = self.put(p, *to - self.bet[p]);
            }
        }
        self.amounts.push(amount);
        Ok(())
    }

    /// Returns the uncalled part of the top bet, records the street's pot
    /// and, the first time the betting is closed before the river with two
    /// or more players left, the all-in moment.
    fn end_street(&mut self) {
        let top = (0..self.bet.len()).max_by_key(|&i| (self.bet[i], std::cmp::Reverse(i)));
        if let Some(top) = top {
            let second = (0..self.bet.len())
                .filter(|&i| i != top)
                .map(|i| self.bet[i])
                .max()
                .unwrap_or_default();
            let uncalled = self.bet[top] - second;
            if uncalled > Chips::ZERO {
                self.bet[top] -= uncalled;
                self.total[top] -= uncalled;
                self.left[top] += uncalled;
            }
        }
        let street = Street::of_board(self.board.len());
        let pot = self.total.iter().copied().sum();
        match self.street_pots.last_mut() {
            Some(last) if last.0 == street => last.1 = pot,
            _ => self.street_pots.push((street, pot)),
        }
        let live: Vec<usize> = (0..self.folded.len())
            .filter(|&i| !self.folded[i])
            .collect();
        let with_chips = live.iter().filter(|&&i| self.left[i] > Chips::ZERO).count();
        if self.all_in.is_none() && self.board.len() < 5 && live.len() >= 2 && with_chips <= 1 {
            self.all_in = Some(AllInSpot {
                street,
                board: self.board.clone(),
                live,
            });
        }
    }
}

/// Every known card (hole cards and board) appears once.
fn check_cards(hand: &Hand) -> Result<(), ReplayError> {
    let mut seen = CardSet::EMPTY;
    let mut add = |card: Card| {
        if seen.insert(card) {
            Ok(())
        } else {
            Err((HandErrorKind::DuplicateCard, card.to_string()))
        }
    };
    for card in hand.board() {
        add(card)?;
    }
    for player in 0..hand.players.len() {
        if let Some(cards) = hand.hole(player) {
            for card in cards {
                add(card)?;
            }
        }
    }
    // A player's cards, once known, must not change.
    for action in &hand.actions {
        if let Action::DealHole {
            player,
            cards: Some(cards),
        }
        | Action::Show {
            player,
            cards: Some(cards),
        } = action
        {
            let known = hand.hole(*player);
            if known.is_some_and(|k| CardSet::from_iter(k) != CardSet::from_iter(*cards)) {
                return Err((HandErrorKind::DuplicateCard, format!("p{}", player + 1)));
            }
        }
    }
    Ok(())
}

/// The main pot and the side pots from what each put in: one pot per
/// level of the players still in, folded players' chips in the pots their
/// amounts reach.
pub fn pots(total: &[Chips], folded: &[bool]) -> Vec<Pot> {
    let mut levels: Vec<Chips> = (0..total.len())
        .filter(|&i| !folded[i] && total[i] > Chips::ZERO)
        .map(|i| total[i])
        .collect();
    levels.sort();
    levels.dedup();
    let mut out: Vec<Pot> = Vec::new();
    let mut previous = Chips::ZERO;
    for level in levels {
        let amount = total.iter().map(|&t| t.min(level) - t.min(previous)).sum();
        let eligible = (0..total.len())
            .filter(|&i| !folded[i] && total[i] >= level)
            .collect();
        out.push(Pot { amount, eligible });
        previous = level;
    }
    let beyond: Chips = total.iter().map(|&t| (t - previous).max(Chips::ZERO)).sum();
    if beyond > Chips::ZERO {
        match out.last_mut() {
            Some(last) => last.amount += beyond,
            None => out.push(Pot {
                amount: beyond,
                eligible: Vec::new(),
            }),
        }
    }
    out
}
