//! Flops up to what a scenario can tell apart, and their textures: the
//! ground of a report across every flop ([`flops`](super::flops)).
//!
//! Two flops are the same to a scenario when a permutation of the suits
//! sends one to the other and leaves every seat's range (weight by weight)
//! and the dead cards unchanged: their equities, hits and frequencies are
//! equal. With ranges made of whole classes and no dead card every one of
//! the 24 permutations qualifies and the 22,100 flops fall into 1,755
//! classes; a suit-specific range (a hero's `AhKh`) or a dead card leaves
//! fewer permutations and more classes.

use rayon::prelude::*;

use crate::card::{Card, CardSet, Rank};
use crate::range::Range;
use crate::symmetry::SuitPerm;

/// A class of flops a scenario cannot tell apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlopClass {
    /// The class's representative (the member with the smallest card
    /// mask), highest card first, as the engine writes boards.
    pub flop: [Card; 3],
    /// How many of the flops it stands for.
    pub count: u32,
}

/// The flops without a dead card in the classes a scenario with these
/// seats' `ranges` (active and folded) and `dead` cards cannot tell apart,
/// ordered by their representatives' card masks; the counts sum to the
/// number of flops.
pub fn classes(ranges: &[&Range], dead: CardSet) -> Vec<FlopClass> {
    flop_classes(&stabiliser(ranges, dead), dead)
}

/// The suit permutations that leave every range in `ranges` and the `dead`
/// cards unchanged (the identity always): the scenario's symmetries.
pub(crate) fn stabiliser(ranges: &[&Range], dead: CardSet) -> Vec<SuitPerm> {
    SuitPerm::all()
        .into_iter()
        .filter(|&p| p.mask(dead.bits()) == dead.bits())
        .filter(|&p| {
            // Each combo in the range sent to one of the same weight (those
            // out of it then go to combos out of it: `p` is one to one).
            ranges.iter().all(|range| {
                (range.combos()).all(|(c, weight)| range.weight_bp(c.permuted(p)) == weight)
            })
        })
        .collect()
}

/// Every flop without a dead card, in classes under `perms` (a group, such
/// as [`stabiliser`]'s), ordered by their representatives' masks.
fn flop_classes(perms: &[SuitPerm], dead: CardSet) -> Vec<FlopClass> {
    let live: Vec<u64> = CardSet::from_bits(!dead.bits() & ((1 << 52) - 1))
        .iter()
        .map(|c| c.bit())
        .collect();
    // Each flop's class key, on the pool's threads (by lowest card).
    let mut classes: Vec<u64> = (0..live.len())
        .into_par_iter()
        .flat_map_iter(|i| {
            let (a, live) = (live[i], &live);
            (i + 1..live.len()).flat_map(move |j| {
                live[j + 1..].iter().map(move |&c| {
                    let mask = a | live[j] | c;
                    perms.iter().map(|p| p.mask(mask)).min().unwrap_or(mask)
                })
            })
        })
        .collect();
    classes.par_sort_unstable();
    let mut out: Vec<FlopClass> = Vec::new();
    let mut last = None;
    for key in classes {
        if last == Some(key) {
            if let Some(class) = out.last_mut() {
                class.count += 1;
            }
            continue;
        }
        last = Some(key);
        let mut cards: Vec<Card> = CardSet::from_bits(key).iter().collect();
        cards.sort_by(|x, y| y.cmp(x));
        if let [x, y, z] = cards[..] {
            out.push(FlopClass {
                flop: [x, y, z],
                count: 1,
            });
        }
    }
    out
}

/// How many suits a flop shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suits {
    /// Three suits.
    Rainbow,
    /// Two suits: a flush draw is possible.
    TwoTone,
    /// One suit.
    Monotone,
}

/// Whether a flop is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pairing {
    /// Three ranks.
    Unpaired,
    /// Two ranks.
    Paired,
    /// One rank.
    Trips,
}

/// A flop's texture: enough to group flops by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Texture {
    /// Suits.
    pub suits: Suits,
    /// Pairing.
    pub pairing: Pairing,
    /// The highest rank.
    pub high: Rank,
    /// Three distinct ranks within one straight's span (the ace also low):
    /// a straight is possible with two hole cards.
    pub straight_possible: bool,
    /// Two distinct ranks next to each other (the ace also next to the
    /// two).
    pub connected: bool,
    /// The smallest distance between two distinct ranks (the ace also
    /// low): 1 when connected, 2 for a one-gapper (`9-7`), 3 for a
    /// two-gapper (`9-6`); 0 with a single rank.
    pub gap: u8,
}

impl Texture {
    /// The texture of `flop`.
    pub fn of(flop: &[Card; 3]) -> Texture {
        let suits = flop
            .iter()
            .fold(0u8, |m, c| m | 1 << c.suit().index())
            .count_ones();
        let ranks = flop.iter().fold(0u16, |m, c| m | 1 << c.rank().index());
        // Rank bits with the ace also below the two (bit 0).
        let bits = ranks << 1 | (ranks >> 12 & 1);
        let straight_possible = (0..=9).any(|low| (bits >> low & 0b11111).count_ones() >= 3);
        let connected = (0..13).any(|r| bits >> r & 0b11 == 0b11);
        let gap = (1..13u8)
            .find(|&d| (0..14 - d).any(|r| bits >> r & 1 == 1 && bits >> (r + d) & 1 == 1))
            .unwrap_or(0);
        Texture {
            suits: match suits {
                1 => Suits::Monotone,
                2 => Suits::TwoTone,
                _ => Suits::Rainbow,
            },
            pairing: match ranks.count_ones() {
                1 => Pairing::Trips,
                2 => Pairing::Paired,
                _ => Pairing::Unpaired,
            },
            high: flop.iter().map(|c| c.rank()).max().unwrap_or(Rank::Two),
            straight_possible,
            connected,
            gap,
        }
    }

    /// The texture as tags: `rainbow`/`two-tone`/`monotone`,
    /// `unpaired`/`paired`/`trips`, `A-high`…`2-high`, and
    /// `straight-possible` when it holds, then `connected`, or else
    /// `one-gap` or `two-gap` for the closest two ranks.
    pub fn tags(&self) -> Vec<String> {
        let mut tags = vec![
            match self.suits {
                Suits::Rainbow => "rainbow",
                Suits::TwoTone => "two-tone",
                Suits::Monotone => "monotone",
            }
            .to_owned(),
            match self.pairing {
                Pairing::Unpaired => "unpaired",
                Pairing::Paired => "paired",
                Pairing::Trips => "trips",
            }
            .to_owned(),
            format!("{}-high", self.high.to_char()),
        ];
        if self.straight_possible {
            tags.push("straight-possible".to_owned());
        }
        match (self.connected, self.gap) {
            (false, 2) => tags.push("one-gap".to_owned()),
            (false, 3) => tags.push("two-gap".to_owned()),
            _ => {}
        }
        if self.connected {
            tags.push("connected".to_owned());
        }
        tags
    }
}
