//! The swept-seat kernel's view of a spot: the swept seat's combos and
//! the listed deals of the other seats, with per deal its cards and the
//! swept combos made of two of them.

use super::scratch::CARDS;
use crate::equity::exact::common::{Item, items};
use crate::equity::setup::Setup;

/// What the swept-seat kernel counts for a spot ([`SweptSeat::listing`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Listing {
    /// Seat deals in all.
    pub(crate) deals: u64,
    /// Deals of the seats other than the swept one, which it lists.
    pub(crate) listed: u64,
    /// Over the listed deals, the swept combos made of two of their cards.
    pub(crate) pairs: u64,
    /// The swept seat's live combos.
    pub(crate) swept: u64,
}

/// A spot the swept-seat kernel counts: the swept seat and the listed
/// deals of the others.
#[derive(Clone, Debug)]
pub(crate) struct SweptSeat {
    /// Active index of the swept seat.
    pub(super) seat: usize,
    /// Its live combos.
    pub(super) items: Vec<Item>,
    /// Active indices of the other active seats holding more than one
    /// combo (the listed active seats).
    pub(super) listed: Vec<usize>,
    /// Per listed deal: card mask, weight, and (stride `listed.len()`) the
    /// rank slots of the listed active seats.
    pub(super) masks: Vec<u64>,
    pub(super) weights: Vec<u64>,
    pub(super) slots: Vec<u32>,
    /// Per listed deal (stride `stride`), its cards outside the
    /// single-combo seats: the cards a swept combo may share with it.
    pub(super) cards: Vec<u8>,
    pub(super) stride: usize,
    /// Per listed deal, the swept items made of two of its cards:
    /// `pairs[pair_start[d]..pair_start[d + 1]]`.
    pub(super) pair_start: Vec<u32>,
    pub(super) pairs: Vec<u16>,
    /// Per listed deal, the weight of those items.
    pub(super) pair_weight: Vec<u64>,
    /// The rank slots of the listed active seats' combos.
    pub(super) listed_slots: Vec<u32>,
}

impl SweptSeat {
    /// The active seat the kernel sweeps: the active seat with the most
    /// live combos (the last of equals), if it holds more than one.
    pub(crate) fn swept_seat(setup: &Setup) -> Option<usize> {
        let (a, len) = setup
            .active
            .iter()
            .enumerate()
            .map(|(a, &s)| (a, setup.seats[s].combos.len()))
            .max_by_key(|&(a, len)| (len, a))?;
        (len > 1).then_some(a)
    }

    /// What the kernel would count: every seat deal (per listed deal, the
    /// swept combos compatible with it), the listed deals of the other
    /// seats and the swept combos made of two cards of one (the work per
    /// board). `None` when the other seats have more than `limit` deals or
    /// no active seat holds more than one combo.
    pub(crate) fn listing(setup: &Setup, limit: u64) -> Option<Listing> {
        let a = SweptSeat::swept_seat(setup)?;
        let swept = setup.active[a];
        let listed = setup.count_deals_without(swept, limit)?;
        let seat = &setup.seats[swept];
        let mut per_card = [0u64; CARDS];
        for combo in &seat.combos {
            for card in combo.cards() {
                per_card[usize::from(card.index())] += 1;
            }
        }
        let item_of = item_of_pair(setup, swept);
        let total = seat.combos.len() as u64;
        let fixed = setup.fixed.bits();
        let (mut deals, mut pairs) = (0u64, 0u64);
        setup.for_each_deal_without(swept, &mut |_, mask, _| {
            let cards = cards_of(mask & !fixed);
            let mut plus = total;
            for (i, &x) in cards.iter().enumerate() {
                plus -= per_card[usize::from(x)];
                for &y in &cards[i + 1..] {
                    let own = u64::from(item_of[pair(x, y)] != NONE);
                    plus += own;
                    pairs += own;
                }
            }
            deals += plus;
            true
        });
        Some(Listing {
            deals,
            listed,
            pairs,
            swept: total,
        })
    }

    /// The kernel's view of `setup` (`offsets`: where each active seat's
    /// combos start among the rank slots).
    pub(crate) fn new(setup: &Setup, offsets: &[usize]) -> Option<SweptSeat> {
        let a = SweptSeat::swept_seat(setup)?;
        let swept = setup.active[a];
        let fixed = setup.fixed.bits();
        let items = items(setup, a, offsets[a]);
        let item_of = item_of_pair(setup, swept);
        let listed: Vec<usize> = (0..setup.active.len())
            .filter(|&b| b != a && setup.seats[setup.active[b]].combos.len() > 1)
            .collect();
        let stride = setup
            .seats
            .iter()
            .enumerate()
            .filter(|&(s, c)| s != swept && c.combos.len() > 1)
            .count()
            * 2;
        let mut kernel = SweptSeat {
            seat: a,
            items,
            listed,
            masks: Vec::new(),
            weights: Vec::new(),
            slots: Vec::new(),
            cards: Vec::new(),
            stride,
            pair_start: vec![0],
            pairs: Vec::new(),
            pair_weight: Vec::new(),
            listed_slots: Vec::new(),
        };
        setup.for_each_deal_without(swept, &mut |positions, mask, weight| {
            kernel.masks.push(mask);
            kernel.weights.push(weight as u64);
            for &b in &kernel.listed {
                let s = setup.active[b];
                kernel
                    .slots
                    .push((offsets[b] + usize::from(positions[s])) as u32);
            }
            let cards = cards_of(mask & !fixed);
            let mut weight = 0;
            for (i, &x) in cards.iter().enumerate() {
                for &y in &cards[i + 1..] {
                    let item = item_of[pair(x, y)];
                    if item != NONE {
                        kernel.pairs.push(item);
                        weight += kernel.items[usize::from(item)].weight;
                    }
                }
            }
            kernel.pair_weight.push(weight);
            kernel.cards.extend_from_slice(&cards);
            kernel.pair_start.push(kernel.pairs.len() as u32);
            true
        });
        kernel.listed_slots = kernel
            .listed
            .iter()
            .flat_map(|&b| {
                let len = setup.seats[setup.active[b]].combos.len();
                (offsets[b]..offsets[b] + len).map(|s| s as u32)
            })
            .collect();
        Some(kernel)
    }
}

/// The cards of `mask`, in increasing order.
fn cards_of(mut mask: u64) -> Vec<u8> {
    let mut cards = Vec::with_capacity(mask.count_ones() as usize);
    while mask != 0 {
        cards.push(mask.trailing_zeros() as u8);
        mask &= mask - 1;
    }
    cards
}

/// No item.
const NONE: u16 = u16::MAX;

/// Where the pair of cards `x`, `y` is kept in a 52 × 52 table.
#[inline]
fn pair(x: u8, y: u8) -> usize {
    usize::from(x) * CARDS + usize::from(y)
}

/// Per pair of cards (both orders), the item of `seat` made of them
/// ([`NONE`] when its range does not hold that combo).
fn item_of_pair(setup: &Setup, seat: usize) -> Vec<u16> {
    let mut item_of = vec![NONE; CARDS * CARDS];
    for (i, combo) in setup.seats[seat].combos.iter().enumerate() {
        let [p, q] = combo.cards().map(|c| c.index());
        item_of[pair(p, q)] = i as u16;
        item_of[pair(q, p)] = i as u16;
    }
    item_of
}
