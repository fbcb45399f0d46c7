//! What the sweep over the boards reads: the items, their cards, the
//! boards of each orbit and the flops' classes.

use super::counter::{Counter, Read};
use super::flop_weights::FlopWeights;
use super::orbits::{FlopClasses, OrbitBoards};

use crate::compact::CompactHand;
use crate::equity::exact::common::Item;

/// What the sweep over the boards reads.
pub(super) struct Pass<'a> {
    /// Every live item, seat 0's first.
    pub(super) all: &'a [Item],
    /// Each item's two cards, for the compact evaluator.
    pub(super) cards: &'a [CompactHand],
    /// The single hands: active index and slot.
    pub(super) hands: &'a [(usize, usize)],
    /// One board of each orbit, with its orbit's size, block by block.
    pub(super) orbits: &'a OrbitBoards,
    /// Every flop: its class and the permutation taking it there.
    pub(super) flop_class: &'a FlopClasses,
    /// Per permutation, the item each item goes to.
    pub(super) item_perms: &'a [Vec<u32>],
    /// Per permutation, the item each item comes from (the inverse of
    /// `item_perms`).
    pub(super) item_sources: &'a [Vec<u32>],
    /// Per permutation, whether it leaves every item in place.
    pub(super) identity: &'a [bool],
    pub(super) counter: &'a Counter,
    /// Each flop's own weights (a report on a line), or `None`: every
    /// board counted once with the seats' own.
    pub(super) flop_weights: Option<&'a FlopWeights>,
    pub(super) unit_k: &'a [u64],
    /// Whose combos are counted.
    pub(super) read: Read,
    pub(super) classes: usize,
    /// `2^active seats`.
    pub(super) winner_sets: usize,
    pub(super) live: usize,
}
