//! The range of a hand against a range, listed as a board's count reads
//! it: its combos by rank pair (a combo that makes no flush is worth its
//! pair), by card (the combos a board blocks) and by suit (the combos
//! that may make a flush), each by position in the range.

use crate::compact::CompactHand;
use crate::equity::exact::common::Item;

/// A range combo: its cards (as a mask and as a hand), weight and rank
/// pair (by index in [`Lists::pair_keys`]).
#[derive(Clone, Copy)]
pub(super) struct RangeCombo {
    pub(super) mask: u64,
    pub(super) weight: u64,
    pub(super) hand: CompactHand,
    pub(super) pair: u8,
}

/// See the module.
pub(super) struct Lists {
    /// By position in the range.
    pub(super) combos: Vec<RangeCombo>,
    /// Per rank pair: its rank keys, its combos' weight in all, and their
    /// positions.
    pub(super) pair_keys: Vec<u32>,
    pub(super) pair_weights: Vec<u64>,
    pub(super) by_pair: Vec<Vec<u16>>,
    /// Per card (index): the combos that hold it.
    pub(super) by_card: Vec<Vec<u16>>,
    /// Per suit: the combos with both cards of it, and with one.
    pub(super) both_of_suit: [Vec<u16>; 4],
    pub(super) one_of_suit: [Vec<u16>; 4],
}

impl Lists {
    /// The range whose combos are `items`, with the cards `hands`.
    pub(super) fn new(items: &[Item], hands: &[CompactHand]) -> Lists {
        let mut lists = Lists {
            combos: Vec::with_capacity(items.len()),
            pair_keys: Vec::new(),
            pair_weights: Vec::new(),
            by_pair: Vec::new(),
            by_card: vec![Vec::new(); 52],
            both_of_suit: Default::default(),
            one_of_suit: Default::default(),
        };
        for (at, (it, &hand)) in items.iter().zip(hands).enumerate() {
            // A range holds at most 1,326 combos and 91 rank pairs.
            let at = at as u16;
            let key = hand.rank_keys();
            let pair = match lists.pair_keys.iter().position(|&k| k == key) {
                Some(pair) => pair,
                None => {
                    lists.pair_keys.push(key);
                    lists.pair_weights.push(0);
                    lists.by_pair.push(Vec::new());
                    lists.pair_keys.len() - 1
                }
            };
            lists.pair_weights[pair] += it.weight;
            lists.by_pair[pair].push(at);
            let [a, b] = it.cards.map(usize::from);
            lists.by_card[a].push(at);
            lists.by_card[b].push(at);
            let (x, y) = (a % 4, b % 4);
            if x == y {
                lists.both_of_suit[x].push(at);
            } else {
                lists.one_of_suit[x].push(at);
                lists.one_of_suit[y].push(at);
            }
            lists.combos.push(RangeCombo {
                mask: it.mask,
                weight: it.weight,
                hand,
                pair: pair as u8,
            });
        }
        lists
    }
}
