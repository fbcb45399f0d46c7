//! The spots questions are drawn on: ranges, hands and boards from the
//! round's generator.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::card::{Card, CardSet};
use crate::combo::{COMBOS, Combo};
use crate::range::Range;

/// The percentages of the top-X% ranges the drills use.
pub(super) const PERCENTS: [u8; 9] = [5, 8, 10, 15, 20, 25, 30, 40, 50];

/// A range for a question: a top-X% range, or one of `named`; its text
/// as range text takes it (`15%`, or the canonical text), its name as the
/// prompt says it, and the range.
pub(super) fn pick_range(rng: &mut ChaCha8Rng, named: &[(String, Range)]) -> Picked {
    if named.is_empty() || rng.random_bool(0.5) {
        let pct = PERCENTS[rng.random_range(0..PERCENTS.len())];
        let text = format!("{pct}%");
        let range = Range::parse(&text).unwrap_or_default();
        Picked {
            name: format!("top {pct}%"),
            text,
            range,
        }
    } else {
        let (name, range) = &named[rng.random_range(0..named.len())];
        Picked {
            name: name.clone(),
            text: range.canonical(),
            range: range.clone(),
        }
    }
}

/// A seat's range in a question.
pub(super) struct Picked {
    /// As a prompt names it.
    pub(super) name: String,
    /// As range text.
    pub(super) text: String,
    /// The range.
    pub(super) range: Range,
}

impl Picked {
    /// One hand as a seat's range.
    pub(super) fn hand(combo: Combo) -> Picked {
        Picked {
            name: combo.to_string(),
            text: combo.to_string(),
            range: one(combo),
        }
    }
}

/// The range of one combo.
fn one(combo: Combo) -> Range {
    let mut range = Range::empty();
    range.set_weight_bp(combo, 10_000);
    range
}

/// A combo holding none of `used`.
pub(super) fn random_hand(rng: &mut ChaCha8Rng, used: CardSet) -> Combo {
    loop {
        if let Some(c) = Combo::from_index(rng.random_range(0..COMBOS))
            && c.mask().is_disjoint(used)
        {
            return c;
        }
    }
}

/// `n` random cards holding none of `used`, in the order dealt.
pub(super) fn random_board(rng: &mut ChaCha8Rng, used: CardSet, n: usize) -> Vec<Card> {
    let mut board: Vec<Card> = Vec::new();
    while board.len() < n {
        if let Some(card) = Card::from_index(rng.random_range(0..52u8))
            && !used.contains(card)
            && !board.contains(&card)
        {
            board.push(card);
        }
    }
    board
}
