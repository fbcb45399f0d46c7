//! Hand-versus-range breakdown: every active seat's equity per combo it can
//! hold (and per 13×13 class), from the same deals as the main result.
//!
//! A seat's figures for combo `c` are the figures of the deals in which the
//! seat holds `c`: its equity *given* `c`, under the deal distribution of
//! docs/design.md §3. `frequency` is the probability that the seat holds `c` in
//! a deal (it differs from the range weight by card removal), so
//! `Σ frequency·equity` over a seat's combos is the seat's equity, exactly
//! when enumerated.
//!
//! A combo (or class) that no deal gives the seat, every one of its deals
//! clashing with another seat's cards, is marked not `dealt` when counted
//! exactly: its figures are 0 and mean nothing. (Sampling cannot tell a
//! combo that cannot be dealt from one not drawn yet: its standard error is
//! then `NaN`.) Combos that another seat's single combo shares a card with
//! are known never to be dealt before anything is counted: setup takes
//! them out of the seat's combos, and the breakdown lists them apart
//! (`clashing`), with a class not `dealt` for each class made only of them,
//! however the figures were counted.
//!
//! The tallies are integers, recorded by the same walks that produce the
//! seat totals ([`ComboCount`] per active seat and live combo), so a
//! breakdown costs one extra counter update per seat and deal and never
//! changes the main figures.

use super::result::{ClassEquity, ComboEquity, SeatBreakdown};
use super::setup::Setup;
use super::tally::{ComboCount, float, share_unit};
use crate::combo::{CLASSES, HandClass};

/// The breakdown of every active seat from flat per-combo tallies laid out
/// by [`Setup::combo_offsets`].
pub(crate) fn breakdown(setup: &Setup, counts: &[ComboCount], sampled: bool) -> Vec<SeatBreakdown> {
    let unit = share_unit(setup.active.len());
    seat_counts(setup, counts, sampled)
        .map(|(seat, own)| {
            let combos = &setup.seats[seat];
            let mut by_class = vec![ComboCount::default(); CLASSES];
            let mut seen = [false; CLASSES];
            let mut per_combo = Vec::with_capacity(own.counts.len());
            for (&combo, count) in combos.combos.iter().zip(own.counts) {
                let (equity, win, tie, std_error) = count.figures(unit, sampled);
                per_combo.push(ComboEquity {
                    combo,
                    dealt: sampled || count.total > 0,
                    frequency: own.frequency(count),
                    equity,
                    win,
                    tie,
                    std_error,
                });
                let class = combo.class().index();
                by_class[class].add(count);
                seen[class] = true;
            }
            // The seat's weighted live combo count, in whole combos.
            let weighted: f64 = combos
                .weights
                .iter()
                .map(|&w| (w * combos.divisor) as f64 / 10_000.0)
                .sum();
            let mut clashing = [false; CLASSES];
            for combo in &combos.clashing {
                clashing[combo.class().index()] = true;
            }
            let classes = HandClass::all()
                .filter_map(|class| {
                    let index = class.index();
                    if !seen[index] {
                        return clashing[index].then(|| ClassEquity::undealt(class));
                    }
                    let count = &by_class[index];
                    let (equity, win, tie, std_error) = count.figures(unit, sampled);
                    let frequency = own.frequency(count);
                    Some(ClassEquity {
                        class,
                        dealt: sampled || count.total > 0,
                        frequency,
                        combos: frequency * weighted,
                        equity,
                        win,
                        tie,
                        std_error,
                    })
                })
                .collect();
            SeatBreakdown {
                seat,
                combos: per_combo,
                classes,
                clashing: combos.clashing.clone(),
            }
        })
        .collect()
}

/// Each active seat's combos' equity and frequency alone, in order, as
/// [`breakdown`] gives them (to the last bit); none where the counts are
/// not laid out for `setup` (no breakdown was counted).
pub(crate) fn combo_equities(
    setup: &Setup,
    counts: &[ComboCount],
    sampled: bool,
) -> Vec<Vec<(f64, f64)>> {
    let unit = share_unit(setup.active.len());
    seat_counts(setup, counts, sampled)
        .map(|(_, own)| {
            (own.counts.iter())
                .map(|count| (count.equity(unit), own.frequency(count)))
                .collect()
        })
        .collect()
}

/// One seat's tallies, per combo, and their mass in all.
struct SeatCounts<'a> {
    counts: &'a [ComboCount],
    all: f64,
    sampled: bool,
}

impl SeatCounts<'_> {
    /// A combo's (or class's) share of the seat's deals: of its exact
    /// weight, or of its sampled prefixes.
    fn frequency(&self, c: &ComboCount) -> f64 {
        mass(c, self.sampled) / self.all
    }
}

/// The weight of the deals `c` counts: exact, or sampled prefixes.
fn mass(c: &ComboCount, sampled: bool) -> f64 {
    if sampled {
        c.prefixes as f64
    } else {
        float(c.total)
    }
}

/// Each active seat (its index in the request) with its tallies, from
/// flat per-combo tallies laid out by [`Setup::combo_offsets`]; none where
/// `counts` are not.
fn seat_counts<'a>(
    setup: &'a Setup,
    counts: &'a [ComboCount],
    sampled: bool,
) -> impl Iterator<Item = (usize, SeatCounts<'a>)> + 'a {
    let (offsets, live) = setup.combo_offsets();
    let laid_out = counts.len() == live;
    (setup.active.iter().zip(offsets))
        .filter(move |_| laid_out)
        .map(move |(&seat, offset)| {
            let counts = &counts[offset..offset + setup.seats[seat].combos.len()];
            let all: f64 = counts.iter().map(|c| mass(c, sampled)).sum();
            let all = if all > 0.0 { all } else { 1.0 };
            (
                seat,
                SeatCounts {
                    counts,
                    all,
                    sampled,
                },
            )
        })
}
