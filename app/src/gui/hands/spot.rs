//! A hand turned into a spot: a seat per player still in after the
//! preflop action (the hero first), each with what it holds: the hero's
//! known cards, a player's shown cards, or else a shipped preset picked by
//! its position and its last preflop action (an open, a call, a 3-bet …:
//! [`preset_for`]), as editable text; the board as dealt. The seats'
//! lines (continue rules) are left empty: a history says what a player
//! did with one hand, not what its range would continue with.

use engine::hands::{Action, HandReport, Street};
use engine::{Card, Combo};

use crate::gui::state::scenario::{SavedSeat, Scenario};
use crate::presets::shipped_by_name;

/// A player's last preflop action, by the raises before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// The `n`-th raise (1: the open, 2: the 3-bet …).
    Raise(usize),
    /// A call facing `n` raises (0: a limp or the big blind's check).
    Call(usize),
}

/// One seat of the spot.
#[derive(Clone, Debug, PartialEq)]
pub struct SpotSeat {
    /// The player (index into the hand's players).
    pub player: usize,
    /// The player's name.
    pub name: String,
    /// The position (`BTN`, `SB` …).
    pub position: &'static str,
    /// What decided the seat's range: `hero`, `shown`, or the action
    /// (`BTN open`, `BB call vs BTN open` …).
    pub reason: String,
    /// The seat's hand or range as editable text: cards, a shipped
    /// preset's name, or range text.
    pub choice: String,
    /// The street the player folded on after the flop, if it did.
    pub folded_on: Option<Street>,
}

/// A hand as a spot.
#[derive(Clone, Debug, PartialEq)]
pub struct HandSpot {
    /// The seats, the hero first when it is in.
    pub seats: Vec<SpotSeat>,
    /// The board as dealt.
    pub board: Vec<Card>,
    /// Whether the first seat is the hero.
    pub hero_first: bool,
}

/// `report` as a spot seen by the player named `hero` (empty or not dealt
/// in: no hero). The seats are the players who did not fold before the
/// flop; when only one is left, the last to fold joins it.
pub fn spot_of(report: &HandReport, hero: &str) -> HandSpot {
    let hand = &report.hand;
    let n = hand.players.len();
    let positions = hand.positions();
    let Acts {
        acts,
        preflop_folds,
        later_folds,
    } = replay_acts(report);
    let mut players: Vec<usize> = (0..n).filter(|p| !preflop_folds.contains(p)).collect();
    if players.len() < 2
        && let Some(&last) = preflop_folds.last()
    {
        players.push(last);
        players.sort_unstable();
    }
    let hero = hand.player_named(hero);
    if let Some(h) = hero
        && let Some(at) = players.iter().position(|&p| p == h)
    {
        players.remove(at);
        players.insert(0, h);
    }
    let opener = acts.iter().position(|a| *a == Some(Act::Raise(1)));
    let three_bettor = acts.iter().position(|a| *a == Some(Act::Raise(2)));
    let at = |p: Option<usize>| p.and_then(|p| positions.get(p).copied()).unwrap_or("?");
    let seats = players
        .iter()
        .map(|&p| {
            let position = positions.get(p).copied().unwrap_or("?");
            let (reason, choice) = if let (Some(cards), true) = (hand.hole(p), Some(p) == hero) {
                ("hero".to_owned(), cards_text(cards))
            } else if let Some(cards) = hand.hole(p) {
                ("shown".to_owned(), cards_text(cards))
            } else {
                preset_for(acts[p], position, at(opener), at(three_bettor), n)
            };
            SpotSeat {
                player: p,
                name: hand.players[p].name.clone(),
                position,
                reason,
                choice,
                folded_on: later_folds
                    .iter()
                    .find(|(q, _)| *q == p)
                    .map(|(_, street)| *street),
            }
        })
        .collect();
    HandSpot {
        seats,
        board: hand.board(),
        hero_first: hero.is_some_and(|h| players.first() == Some(&h)),
    }
}

/// What the players did, as the spot needs it.
struct Acts {
    /// Each player's last preflop action.
    acts: Vec<Option<Act>>,
    /// The players who folded before the flop, in order.
    preflop_folds: Vec<usize>,
    /// Who folded later, on which street.
    later_folds: Vec<(usize, Street)>,
}

/// The players' actions in `report`.
fn replay_acts(report: &HandReport) -> Acts {
    let hand = &report.hand;
    let mut acts = vec![None; hand.players.len()];
    let mut preflop_folds = Vec::new();
    let mut later_folds = Vec::new();
    let mut board = 0;
    let mut raises = 0;
    for action in &hand.actions {
        match *action {
            Action::DealBoard(ref cards) => board += cards.len(),
            Action::Fold(p) if board == 0 => preflop_folds.push(p),
            Action::Fold(p) => later_folds.push((p, Street::of_board(board))),
            Action::BetRaise { player, .. } if board == 0 => {
                raises += 1;
                acts[player] = Some(Act::Raise(raises));
            }
            Action::CheckCall(p) if board == 0 => acts[p] = Some(Act::Call(raises)),
            _ => {}
        }
    }
    Acts {
        acts,
        preflop_folds,
        later_folds,
    }
}

/// The seat's reason and preset for a player at `position` whose last
/// preflop action was `act`, the open by `opener` and the 3-bet by
/// `three_bettor` (positions), at a table of `n`. The rule: an open takes
/// the table's open preset for the position (6-max up to six players,
/// full ring from seven, heads-up for two); a 3-bet, a call of an open or
/// of a 3-bet and a 4-bet take the preset named for those positions when
/// the library has one; anything else a Top n% preset (a 3-bet or a call
/// of one Top 10%, a call of an open Top 20%, 4-bets Top 5%, a limp Top
/// 50%); the big blind's check and a player who never acted, any hand.
pub fn preset_for(
    act: Option<Act>,
    position: &str,
    opener: &str,
    three_bettor: &str,
    n: usize,
) -> (String, String) {
    // Heads-up the button posts the small blind: the library says SB.
    let name = |pos: &str| if n == 2 && pos == "BTN" { "SB" } else { pos }.to_owned();
    let (pos, opener) = (name(position), name(opener));
    let blind = |p: &str| p == "SB" || p == "BB";
    let (reason, candidates): (String, Vec<String>) = match act {
        Some(Act::Raise(1)) => (format!("{position} open"), open_presets(&pos, n)),
        Some(Act::Raise(2)) => (
            format!("{position} 3-bet vs {opener}"),
            vec![
                format!("{pos} 3-bet vs {opener} open"),
                "Top 10%".to_owned(),
            ],
        ),
        Some(Act::Raise(k)) => {
            let mut names = Vec::new();
            if k == 3 && pos == "BTN" && blind(three_bettor) {
                names.push("BTN 4-bet vs blind 3-bet".to_owned());
            }
            names.push("Top 5%".to_owned());
            (format!("{position} {}-bet", k + 1), names)
        }
        Some(Act::Call(0)) if position == "BB" => (format!("{position} checks"), Vec::new()),
        Some(Act::Call(0)) => (format!("{position} limps"), vec!["Top 50%".to_owned()]),
        Some(Act::Call(1)) => {
            let mut names = Vec::new();
            if n == 2 {
                names.push("Heads-up BB call vs SB open".to_owned());
            }
            names.push(format!("{pos} call vs {opener} open"));
            names.push("Top 20%".to_owned());
            (format!("{position} call vs {opener}"), names)
        }
        Some(Act::Call(2)) => {
            let mut names = Vec::new();
            if pos == "BTN" && blind(three_bettor) {
                names.push("BTN call vs blind 3-bet".to_owned());
            }
            names.push("Top 10%".to_owned());
            (format!("{position} calls a 3-bet"), names)
        }
        Some(Act::Call(_)) => (
            format!("{position} calls a 4-bet"),
            vec!["Top 5%".to_owned()],
        ),
        None => (format!("{position} (no action)"), Vec::new()),
    };
    let choice = candidates
        .into_iter()
        .find_map(|c| shipped_by_name(&c).map(|p| p.name))
        .unwrap_or_else(|| "random".to_owned());
    (reason, choice)
}

/// The open presets to try for `pos` at a table of `n`.
fn open_presets(pos: &str, n: usize) -> Vec<String> {
    let mut names = Vec::new();
    if n == 2 {
        names.push("Heads-up SB open".to_owned());
    } else if n <= 6 {
        names.push(format!("6-max {pos} open"));
    } else {
        let pos = match pos {
            "UTG+2" | "UTG+3" | "UTG+4" | "UTG+5" | "LJ" => "MP",
            other => other,
        };
        names.push(format!("Full ring {pos} open"));
    }
    names.push("Top 20%".to_owned());
    names
}

/// Two hole cards as range text, e.g. `AhKd`.
fn cards_text(cards: [Card; 2]) -> String {
    Combo::new(cards[0], cards[1])
        .map_or_else(|| format!("{}{}", cards[0], cards[1]), |c| c.to_string())
}

/// The range text a seat's choice stands for: a shipped preset's range
/// when it names one (any case), else the text itself.
pub fn range_text(choice: &str) -> String {
    match shipped_by_name(choice) {
        Some(preset) => preset.range,
        None => choice.trim().to_owned(),
    }
}

/// The spot as a scenario: a seat per spot seat, named `name (POS)`, its
/// range the choice's, no lines; the board as dealt.
pub fn scenario(spot: &HandSpot) -> Scenario {
    Scenario {
        seats: spot
            .seats
            .iter()
            .map(|s| SavedSeat {
                name: format!("{} ({})", s.name, s.position),
                range: range_text(&s.choice),
                ..SavedSeat::default()
            })
            .collect(),
        board: spot
            .board
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        dead: String::new(),
    }
}
