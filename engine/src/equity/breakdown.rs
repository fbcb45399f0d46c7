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
    let (offsets, live) = setup.combo_offsets();
    if counts.len() != live {
        return Vec::new();
    }
    let unit = share_unit(setup.active.len());
    setup
        .active
        .iter()
        .zip(offsets)
        .map(|(&seat, offset)| {
            let combos = &setup.seats[seat];
            let counts = &counts[offset..offset + combos.combos.len()];
            // Frequencies: exact weights, or sampled prefixes.
            let mass = |c: &ComboCount| {
                if sampled {
                    c.prefixes as f64
                } else {
                    float(c.total)
                }
            };
            let all: f64 = counts.iter().map(mass).sum();
            let all = if all > 0.0 { all } else { 1.0 };
            let mut by_class = vec![ComboCount::default(); CLASSES];
            let mut seen = [false; CLASSES];
            let mut per_combo = Vec::with_capacity(counts.len());
            for (&combo, count) in combos.combos.iter().zip(counts) {
                let (equity, win, tie, std_error) = count.figures(unit, sampled);
                per_combo.push(ComboEquity {
                    combo,
                    dealt: sampled || count.total > 0,
                    frequency: mass(count) / all,
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
                    let frequency = mass(count) / all;
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
