//! The reach frequency: how often every seat's rules keep its hand, over
//! the seat deals a board and the dead cards allow (docs/design.md §3.8).

use crate::card::CardSet;
use crate::combo::{COMBOS, Combo};
use crate::equity::EquityRequest;
use crate::equity::plan;

/// Deals [`reach`] samples where enumerating would take too long (for a
/// spot with no target error of its own).
const SAMPLED_DEALS: u32 = 1 << 20;

/// The deals [`reach`] samples for `given`: [`SAMPLED_DEALS`], or for a
/// spot sampled to a target standard error (a board of a sampled report),
/// enough for that error and no more. A deal counts a ratio within 0..=1,
/// whose variance is at most 1/4, so `1 / (4 se²)` deals reach it.
fn sampled_deals(given: &EquityRequest) -> u32 {
    match given.target_std_error {
        Some(se) if se > 0.0 && se.is_finite() => (0.25 / (se * se))
            .ceil()
            .clamp(1.0, f64::from(SAMPLED_DEALS))
            as u32,
        _ => SAMPLED_DEALS,
    }
}

/// The reach frequency: the weight of the seat deals under `narrowed`'s
/// ranges over their weight under `given`'s, with the cards of `out` out
/// of play. Exact (see [`deal_weight`]) where the planner affords the
/// combos that visits (`plan::reach_exactly`); else estimated from
/// [`SAMPLED_DEALS`] deals drawn from the given ranges on a fixed
/// generator, each counting the product of its combos' narrowed over given
/// weights.
pub(super) fn reach(given: &EquityRequest, narrowed: &EquityRequest, out: CardSet) -> f64 {
    let seats = |request: &EquityRequest| -> Vec<Vec<(u64, usize, f64)>> {
        request
            .seats
            .iter()
            .map(|seat| {
                seat.range
                    .combos()
                    .filter(|(combo, bp)| *bp > 0 && combo.mask().is_disjoint(out))
                    .map(|(combo, bp)| (combo.mask().bits(), combo.index(), f64::from(bp)))
                    .collect()
            })
            .collect()
    };
    let (before, after) = (seats(given), seats(narrowed));
    let mut sizes: Vec<f64> = before.iter().map(|s| s.len() as f64).collect();
    sizes.sort_by(f64::total_cmp);
    // Each partial deal of the narrower seats sums the widest two over.
    let last_two: f64 = sizes.iter().rev().take(2).sum();
    let work = sizes.iter().rev().skip(2).product::<f64>() * last_two;
    if plan::reach_exactly(work) {
        let total = deal_weight(before);
        return if total > 0.0 {
            deal_weight(after) / total
        } else {
            0.0
        };
    }
    sampled_reach(&before, narrowed, sampled_deals(given))
}

/// The total weight (basis points multiplied) of the seat deals of
/// `seats` (each seat's live combos: mask, index, weight): every seat one
/// combo, no card twice. The last two seats are summed in closed form
/// (per-card sums, inclusion–exclusion), the others enumerated, narrowest
/// first.
fn deal_weight(mut seats: Vec<Vec<(u64, usize, f64)>>) -> f64 {
    seats.sort_by_key(|s| s.len());
    weight_from(&seats, 0)
}

/// [`reach`] estimated: deals drawn from `before`'s weights (each seat by
/// its cumulative weights, the whole deal redrawn on a shared card), each
/// counting the product over its seats of narrowed over given weight.
fn sampled_reach(before: &[Vec<(u64, usize, f64)>], narrowed: &EquityRequest, deals: u32) -> f64 {
    let cumulative: Vec<Vec<f64>> = before
        .iter()
        .map(|seat| {
            seat.iter()
                .scan(0.0, |sum, c| {
                    *sum += c.2;
                    Some(*sum)
                })
                .collect()
        })
        .collect();
    // SplitMix64 on a fixed seed: the estimate is a function of the spot.
    let mut state = 0x0123_4567_89ab_cdefu64;
    let mut unit = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    };
    let (mut sum, mut drawn, mut tries) = (0.0, 0u32, 0u64);
    while drawn < deals && tries < 1000 * u64::from(deals) {
        tries += 1;
        let mut used = 0u64;
        let mut ratio = 1.0;
        let mut clash = false;
        for (s, (seat, cum)) in before.iter().zip(&cumulative).enumerate() {
            let Some(&total) = cum.last() else {
                return 0.0;
            };
            let target = unit() * total;
            let at = cum.partition_point(|&c| c <= target).min(seat.len() - 1);
            let (mask, index, w) = seat[at];
            clash |= mask & used != 0;
            used |= mask;
            let combo =
                Combo::from_index(index).map_or(0, |c| narrowed.seats[s].range.weight_bp(c));
            ratio *= f64::from(combo) / w;
        }
        if !clash {
            sum += ratio;
            drawn += 1;
        }
    }
    if drawn == 0 {
        0.0
    } else {
        sum / f64::from(drawn)
    }
}

fn weight_from(seats: &[Vec<(u64, usize, f64)>], used: u64) -> f64 {
    match seats {
        [] => 1.0,
        [only] => only.iter().filter(|c| c.0 & used == 0).map(|c| c.2).sum(),
        [first, last] => {
            let mut total = 0.0;
            let mut per_card = [0.0f64; 52];
            let mut by_combo = vec![0.0f64; COMBOS];
            for &(mask, index, w) in last.iter().filter(|c| c.0 & used == 0) {
                total += w;
                let mut m = mask;
                while m != 0 {
                    per_card[m.trailing_zeros() as usize] += w;
                    m &= m - 1;
                }
                by_combo[index] = w;
            }
            first
                .iter()
                .filter(|c| c.0 & used == 0)
                .map(|&(mask, index, w)| {
                    let lo = mask.trailing_zeros() as usize;
                    let hi = 63 - mask.leading_zeros() as usize;
                    w * (total - per_card[lo] - per_card[hi] + by_combo[index])
                })
                .sum()
        }
        [first, rest @ ..] => first
            .iter()
            .filter(|c| c.0 & used == 0)
            .map(|&(mask, _, w)| w * weight_from(rest, used | mask))
            .sum(),
    }
}
