//! The pass from start to end: whether it applies, its inputs (the items,
//! the counter, the symmetry maps, the boards and the width of its
//! counters), the sweep, and the sums it hands on.

use std::sync::Arc;

use crate::card::Card;
use crate::compact::CompactHand;
use crate::equity::error::EquityError;
use crate::equity::exact::common::{Item, items};
use crate::equity::setup::Setup;
use crate::equity::tally::share_unit;
use crate::range::Range;
use crate::symmetry::SuitPerm;

use super::counter::{Counter, Read};
use super::flop_weights::FlopWeights;
use super::one_hand::{self, HandFold, Points, Shape};
use super::orbits::{OrbitBoards, flop_classes, identities, item_perms, item_sources, stabilisers};
use super::pass::Pass;
use super::sums::{Acc, Count, Counters, PassSums, Swept, item_index};

/// Whether the pass can count `setup` (no board): one to three seats with
/// more than one combo (weighted or not), all active; every other seat (a
/// single hand, active or folded) is counted as the sweeps count it.
pub(crate) fn applies(setup: &Setup) -> bool {
    let ranged = || setup.seats.iter().filter(|s| s.combos.len() > 1);
    setup.board.is_empty()
        && setup.active.len() >= 2
        && matches!(ranged().count(), 1..=3)
        && (0..setup.seats.len())
            .filter(|&s| setup.seats[s].combos.len() > 1)
            .all(|s| setup.active.contains(&s))
}

/// Whether [`line_pass`] can count `setup`: the pass applies, with two
/// ranged seats. (One range against single hands would gain nothing: its
/// count of a flop's boards sorts nothing the flops could share.)
pub(crate) fn line_applies(setup: &Setup) -> bool {
    applies(setup) && setup.seats.iter().filter(|s| s.combos.len() > 1).count() == 2
}

/// The sums of every flop class (`reps`, the classes' representatives
/// under `perms`, the suit permutations that fix the scenario), or `None`
/// when the pass does not apply ([`applies`]).
/// `progress(done, total)` is called as boards are swept.
pub(crate) fn flop_pass(
    setup: &Setup,
    perms: &[SuitPerm],
    reps: &[[Card; 3]],
    cancel: &(dyn Fn() -> bool + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Option<PassSums>, EquityError> {
    run_pass(setup, perms, reps, None, None, cancel, progress)
}

/// [`flop_pass`] for the standings of the seat `seat` (request order)
/// alone, or of every seat (`None`). Where `seat` is one of two ranges,
/// its combos' counts alone are formed (about half the sweep, and their
/// adds alone): the sums of the other seat's combos, the sets and the
/// deals are then not the spot's, and only `seat`'s combos may be read.
pub(crate) fn standings_pass(
    setup: &Setup,
    perms: &[SuitPerm],
    reps: &[[Card; 3]],
    seat: Option<usize>,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Option<PassSums>, EquityError> {
    run_pass(setup, perms, reps, None, seat, cancel, &|_, _| {})
}

/// [`flop_pass`] with each class counted with its own ranges: `ranges[c]`
/// each seat's range on class `c` (narrower than the setup's; `perms`
/// must fix them as the class's flop), or `None` to leave the class out.
/// Classes whose ranges the pass cannot count are left out too
/// ([`PassSums::counts`]). `None` where it does not apply
/// ([`line_applies`]).
pub(crate) fn line_pass(
    setup: &Setup,
    perms: &[SuitPerm],
    reps: &[[Card; 3]],
    ranges: &[Option<Vec<&Range>>],
    cancel: &(dyn Fn() -> bool + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Option<PassSums>, EquityError> {
    run_pass(setup, perms, reps, Some(ranges), None, cancel, progress)
}

/// [`flop_pass`], or [`line_pass`] with `ranges`, or
/// [`standings_pass`] of `seat`.
fn run_pass(
    setup: &Setup,
    perms: &[SuitPerm],
    reps: &[[Card; 3]],
    ranges: Option<&[Option<Vec<&Range>>]>,
    seat: Option<usize>,
    cancel: &(dyn Fn() -> bool + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Option<PassSums>, EquityError> {
    if !applies(setup) {
        return Ok(None);
    }
    let (offsets, live) = setup.combo_offsets();
    let seats = setup.active.len();
    let seat_items: Vec<Vec<Item>> = (0..seats).map(|a| items(setup, a, offsets[a])).collect();
    let ranged: Vec<usize> = (0..seats).filter(|&a| seat_items[a].len() > 1).collect();
    // The single hands: their active index and slot.
    let hands: Vec<(usize, usize)> = (0..seats)
        .filter(|&a| seat_items[a].len() == 1)
        .map(|a| (a, seat_items[a][0].slot as usize))
        .collect();
    let Some(counter) = Counter::new(setup, &offsets, &seat_items, &ranged) else {
        return Ok(None);
    };
    if ranges.is_some() && !line_applies(setup) {
        return Ok(None);
    }
    let all: Vec<Item> = seat_items.iter().flatten().copied().collect();
    debug_assert_eq!(all.len(), live);
    let Some(item_perms) = item_perms(perms, &seat_items) else {
        return Ok(None);
    };
    let flop_weights =
        ranges.map(|ranges| FlopWeights::new(setup, &seat_items, reps, ranges, &item_perms));
    let item_sources = item_sources(&item_perms);
    let deck: Vec<Card> = setup.deck();
    let flop_class = flop_classes(&deck, perms, reps);
    let orbits = OrbitBoards::new(&deck, perms);
    if cancel() {
        return Err(EquityError::Cancelled);
    }
    let hands_cards: Vec<CompactHand> = all
        .iter()
        .map(|it| {
            let [x, y] = it.cards;
            CompactHand::from_index(x).combine(CompactHand::from_index(y))
        })
        .collect();
    // One ranged seat of two read alone: its items.
    let read = (seat.and_then(|s| setup.active.iter().position(|&a| a == s)))
        .filter(|a| ranged.len() == 2 && ranged.contains(a) && ranges.is_none())
        .map_or(Read::every(live), |a| {
            Read::seat(a, offsets[a], &seat_items[a])
        });
    let unit = share_unit(seats);
    let unit_k: Vec<u64> = (0..=seats as u128)
        .map(|k| (unit / k.max(1)) as u64)
        .collect();
    let pass = Pass {
        all: &all,
        cards: &hands_cards,
        orbits: &orbits,
        flop_class: &flop_class,
        item_perms: &item_perms,
        item_sources: &item_sources,
        identity: &identities(&item_sources),
        counter: &counter,
        flop_weights: flop_weights.as_ref(),
        unit_k: &unit_k,
        read,
        hands: &hands,
        classes: reps.len(),
        winner_sets: 1 << seats,
        live,
    };
    let weights: Vec<(u64, u64)> = match &flop_weights {
        Some(flop_weights) => flop_weights.largest.clone(),
        None => (seat_items.iter())
            .map(|items| {
                let max = items.iter().map(|it| it.weight).max().unwrap_or(0);
                (max, items.iter().map(|it| it.weight).sum())
            })
            .collect(),
    };
    let narrow = largest_sum(&weights, &ranged, unit, perms.len()) <= u128::from(u32::MAX);
    let packed = one_hand::applies(&pass, perms.len(), deck.len());
    let shape = Shape {
        reps,
        perms,
        deck: deck.len(),
    };
    let Some(acc) = sweep(&pass, narrow, packed.then_some(shape), cancel, progress)? else {
        return Ok(None);
    };
    Ok(Some(PassSums {
        acc,
        item_of: Arc::new(item_index(&seat_items)),
        live,
        item_perms,
        stabilisers: stabilisers(reps, perms),
        group: perms.len() as u64,
        divisors: setup.seats.iter().map(|s| s.divisor).collect(),
        class_divisors: flop_weights.map(|w| w.divisors),
        seats,
    }))
}

/// The largest sum a counter can reach: one item's weight times the other
/// ranged seats' whole weight (the single hands weigh 1; `ranged` the
/// ranged seats' active indices, `weights` every active seat's largest
/// item weight and whole weight), in share units (`unit`), on every board
/// of a flop (at most 1,176), times the group (orbit sizes; `group`
/// permutations).
fn largest_sum(weights: &[(u64, u64)], ranged: &[usize], unit: u128, group: usize) -> u128 {
    let largest = (ranged.iter())
        .map(|&a| {
            let others: u128 = (ranged.iter().filter(|&&b| b != a))
                .map(|&b| u128::from(weights[b].1))
                .product();
            u128::from(weights[a].0) * others
        })
        .max()
        .unwrap_or(0);
    largest * unit * 1176 * group as u128
}

/// The sweep of `pass`, its counters 32 bits wide where `narrow`, a hand
/// against a range packed where that applies ([`one_hand::applies`]) with
/// its `Shape`.
fn sweep(
    pass: &Pass<'_>,
    narrow: bool,
    packed: Option<Shape<'_>>,
    cancel: &(dyn Fn() -> bool + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Option<Swept>, EquityError> {
    Ok(if narrow {
        counted::<u32>(pass, packed, cancel, progress)?.map(|a| swept(a, Counters::Narrow))
    } else {
        counted::<u64>(pass, packed, cancel, progress)?.map(|a| swept(a, Counters::Wide))
    })
}

/// The sweep of `pass` in counters `T`: packed and unpacked into them
/// where `packed`, else counted in them.
fn counted<T: Count>(
    pass: &Pass<'_>,
    packed: Option<Shape<'_>>,
    cancel: &(dyn Fn() -> bool + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Option<Acc<[T; 2]>>, EquityError> {
    let Some(shape) = packed else {
        return pass.sweep::<T>(cancel, progress);
    };
    // Packed, each flop is summed in a row of its own, straight (no
    // permutation to gather through as the boards are swept), and the
    // rows are added to their classes' once, at the end; where those rows
    // would take more than `EACH_FLOP_BYTES` (a hand against a wide
    // range on many threads), each board's flops go to their classes'.
    let identity = pass.identity.iter().position(|&id| id).unwrap_or(0) as u8;
    let (own, back) = pass.flop_class.each_flop(identity);
    let each = Pass {
        flop_class: &own,
        classes: back.len(),
        read: Read::every(pass.live),
        ..*pass
    };
    let rows = each.folds::<Points>() * each.classes * each.live * size_of::<Points>();
    let each_flop = rows <= EACH_FLOP_BYTES;
    #[cfg(test)]
    let each_flop = each_flop && !EACH_FLOP_OFF.load(std::sync::atomic::Ordering::Relaxed);
    let (acc, back) = if each_flop {
        (each.sweep_by::<Points, HandFold>(cancel, progress)?, back)
    } else {
        let back = (0..pass.classes).map(|class| (class, identity)).collect();
        (pass.sweep_by::<Points, HandFold>(cancel, progress)?, back)
    };
    Ok(acc.map(|acc| one_hand::unpack::<T>(&acc, &back, pass, shape)))
}

/// The most the per-flop rows of a hand against a range may take, the
/// folds' together (the rows of 19,600 flops: `AhKh` against `15%`, 8 MB
/// a fold; against `random`, 48 MB).
const EACH_FLOP_BYTES: usize = 64 << 20;

/// Set by a test to count a hand against a range by class, as spots too
/// wide for per-flop rows are counted: the same sums either way.
#[cfg(test)]
pub(crate) static EACH_FLOP_OFF: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// The sweep's accumulator with its counters as `counters` keeps them.
fn swept<T: Count>(acc: Acc<[T; 2]>, counters: fn(Vec<[T; 2]>) -> Counters) -> Swept {
    Swept {
        sets: acc.sets,
        deals: acc.deals,
        combos: counters(acc.combos),
    }
}
