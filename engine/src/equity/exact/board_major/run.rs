//! The board-major run: the boards in chunks, each counted by a
//! [`Scan`]; and the tally of sums formed elsewhere, finished as the
//! two-range sweep finishes its own.

use std::time::Instant;

use super::scan::{CHUNK_BOARDS, Scan};
use crate::card::Card;
use crate::combo::Combo;
use crate::equity::error::EquityError;
use crate::equity::exact::common::{boards, rounds};
use crate::equity::result::EquityResult;
use crate::equity::setup::Setup;
use crate::equity::strategy::{BoardKernel, Strategy};
use crate::equity::tally::{Tally, share_unit};

/// Whether per-chunk sums of deal weights fit a `u64` (always for
/// unweighted ranges), and whether pot shares in units of `1 / lcm(1..=n)`
/// do too, for `setup` with `deal_count` deals.
pub(crate) fn u64_sums(setup: &Setup, deal_count: u64) -> (bool, bool) {
    let bound = setup.deal_weight_bound(deal_count as f64) * CHUNK_BOARDS as f64;
    let unit = share_unit(setup.active.len()) as f64;
    (bound < 1e18, bound * unit < 1e18)
}

/// Enumerates `setup` board by board with `kernel`.
pub(crate) fn run(
    setup: &Setup,
    kernel: BoardKernel,
    strategy: Strategy,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<Tally, EquityError> {
    let scan = Scan::new(setup, kernel);
    if kernel.is_sweep() && scan.sweeper.is_none() {
        return Err(EquityError::BadSetting(
            "the kernel does not apply to this spot",
        ));
    }
    let all_boards = boards(&setup.deck(), setup.missing);
    let chunks: Vec<&[[Card; 5]]> = all_boards.chunks(CHUNK_BOARDS).collect();
    rounds(
        &chunks,
        setup,
        strategy,
        |chunk| scan.chunk(chunk),
        start,
        cancel,
        on_snapshot,
    )
}

/// The tally the two-range sweep forms on `setup` (a flop, with a
/// breakdown) from sums formed elsewhere over its boards (the flop report's
/// one pass, `flop_pass`): `sets` the weight of each set of winners (by
/// active-index bits), `deals` the deals counted, `per_combo(a, combo)` the
/// `[weight, wins, ties, share]` counters of active seat `a`'s live combo.
/// The same integers as the sweep's own, finished the same way.
pub(crate) fn sweep_tally(
    setup: &Setup,
    sets: &[u64],
    deals: u64,
    per_combo: &dyn Fn(usize, Combo) -> [u64; 4],
) -> Tally {
    let scan = Scan::new(setup, BoardKernel::TwoRanges);
    let mut acc = scan.accumulators();
    for (to, from) in acc.winner_sets.iter_mut().zip(sets) {
        *to = *from;
    }
    acc.counts.deals = deals;
    let (offsets, _) = setup.combo_offsets();
    for (a, &s) in setup.active.iter().enumerate() {
        for (i, &combo) in setup.seats[s].combos.iter().enumerate() {
            if let Some(c) = acc.multi.get_mut(offsets[a] + i) {
                *c = per_combo(a, combo);
            }
        }
    }
    // As `rounds` merges and settles the chunks' tallies.
    let mut tally = Tally::new(setup.active.len());
    tally.absorb(scan.finish(acc));
    if setup.breakdown {
        tally.settle(setup.live_combos());
    }
    tally
}
