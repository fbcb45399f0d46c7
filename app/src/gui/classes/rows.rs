//! The hand-class table's rows as shown (docs/design.md §3.9): the
//! engine's rows (`study::class_table`, or one per of the 169 classes)
//! with, for each, the split of its combos across the equity buckets and
//! across the seat's groups, and its combos' blocker effect against one
//! other seat. Pure functions of the equity result's per-combo figures
//! ([`Lookup`]), run by the class job off the UI thread.

use engine::equity::{ComboEquity, SeatBreakdown};
use engine::study::{BUCKET_EDGES, Blockers, ClassKey, ClassRow, MAX_GROUPS};
use engine::{HandClass, Range};

/// The bucket labels, strongest first, as `BUCKET_EDGES`.
pub const BUCKET_LABELS: [&str; 4] = ["≥ 75%", "50–75%", "25–50%", "< 25%"];

/// One row of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    /// The engine's row: category, hands, combos, share, equity.
    pub row: ClassRow,
    /// The share of the row's combos in each equity bucket (≥ 75%, 50–75%,
    /// 25–50%, < 25%).
    pub buckets: [f64; 4],
    /// The share of the row's combos in each group.
    pub groups: [f64; MAX_GROUPS],
    /// Its combos' blocker effect against the other seat, averaged over
    /// them as they are dealt (`None`: no other seat).
    pub blockers: Option<Blockers>,
    /// With two other seats or more: its equity against each alone
    /// (heads-up, its combos as they are dealt there; `None` where that
    /// spot could not be counted or deals none of them).
    pub versus: Vec<Option<f64>>,
}

/// A seat's per-combo figures, found by combo index.
pub struct Lookup<'a> {
    by_combo: Vec<Option<&'a ComboEquity>>,
    /// Per combo index, whether the combo is live in the seat's range but
    /// no deal gives it to the seat ([`SeatBreakdown::undealt`]).
    undealt: Vec<bool>,
    /// The seat's combos in all (the classes' `combos` summed).
    all: f64,
}

impl<'a> Lookup<'a> {
    /// The dealt combos of `breakdown`, and those it cannot be dealt.
    pub fn new(breakdown: &'a SeatBreakdown) -> Lookup<'a> {
        let mut by_combo = vec![None; engine::combo::COMBOS];
        for c in breakdown.combos.iter().filter(|c| c.dealt) {
            by_combo[c.combo.index()] = Some(c);
        }
        let mut undealt = vec![false; engine::combo::COMBOS];
        for combo in breakdown.undealt() {
            undealt[combo.index()] = true;
        }
        Lookup {
            by_combo,
            undealt,
            all: breakdown.classes.iter().map(|c| c.combos).sum(),
        }
    }

    /// The equity of `hands`' combos as they are dealt (each by its weight
    /// in the deal distribution), if any is.
    pub fn equity_of(&self, hands: &Range) -> Option<f64> {
        let (sum, weight) = hands
            .combos()
            .filter_map(|(combo, _)| self.get(combo))
            .fold((0.0, 0.0), |(s, w), (equity, weight)| {
                (s + equity * weight, w + weight)
            });
        (weight > 0.0).then(|| sum / weight)
    }

    /// The combo's equity and weight in the deal distribution, in combos
    /// (as the engine's rows count them), if it is dealt.
    pub fn get(&self, combo: engine::Combo) -> Option<(f64, f64)> {
        let c = self.by_combo.get(combo.index()).copied().flatten()?;
        Some((c.equity, c.frequency * self.all))
    }
}

/// The equity bucket of `equity`: 0 for ≥ 75% … 3 for < 25%.
pub fn bucket(equity: f64) -> usize {
    BUCKET_EDGES
        .iter()
        .position(|&edge| equity >= edge)
        .unwrap_or(BUCKET_EDGES.len() - 1)
}

/// `row` with its buckets, its groups' shares (`groups` fitted to `range`)
/// and its blockers (`blockers` per combo index, against the other seat).
pub fn table_row(
    row: ClassRow,
    look: &Lookup<'_>,
    range: &Range,
    groups: &[(String, Range)],
    blockers: Option<&[Option<Blockers>]>,
) -> TableRow {
    let (mut total, mut buckets, mut parts) = (0.0, [0.0; 4], [0.0; MAX_GROUPS]);
    let mut blocked = [0.0; 2];
    for (combo, _) in row.hands.combos() {
        let Some((equity, weight)) = look.get(combo) else {
            continue;
        };
        total += weight;
        buckets[bucket(equity)] += weight;
        let held = f64::from(range.weight_bp(combo));
        if held > 0.0 {
            for (part, (_, group)) in parts.iter_mut().zip(groups) {
                *part += weight * f64::from(group.weight_bp(combo)) / held;
            }
        }
        if let Some(b) = blockers.and_then(|b| b.get(combo.index()).copied().flatten()) {
            blocked[0] += weight * b.strong;
            blocked[1] += weight * b.weak;
        }
    }
    let share = |x: f64| if total > 0.0 { x / total } else { 0.0 };
    TableRow {
        buckets: buckets.map(share),
        groups: parts.map(share),
        blockers: blockers.map(|_| {
            let (strong, weak) = (share(blocked[0]), share(blocked[1]));
            Blockers {
                strong,
                weak,
                difference: strong - weak,
            }
        }),
        row,
        versus: Vec::new(),
    }
}

/// One row per class of the 169 with a dealt combo, in grid order: the
/// class's combos with their weights in `range`, its weight in the deal
/// distribution, its share and its equity (as the engine's rows); a class
/// whose live combos no deal gives the seat has a row without equity.
pub fn class_rows(look: &Lookup<'_>, range: &Range) -> Vec<ClassRow> {
    let mut out = Vec::new();
    for class in HandClass::all() {
        let (mut hands, mut combos, mut equity_sum) = (Range::empty(), 0.0, 0.0);
        let mut dealt = false;
        for combo in class.combos() {
            if let Some((equity, weight)) = look.get(combo) {
                hands.set_weight_bp(combo, range.weight_bp(combo));
                combos += weight;
                equity_sum += weight * equity;
                dealt = true;
            } else if look.undealt.get(combo.index()).copied().unwrap_or(false) {
                hands.set_weight_bp(combo, range.weight_bp(combo));
            }
        }
        if combos > 0.0 || (!dealt && !hands.is_empty()) {
            out.push(ClassRow {
                category: ClassKey::Class(class),
                hands,
                combos,
                share: if look.all > 0.0 {
                    combos / look.all
                } else {
                    0.0
                },
                equity: (combos > 0.0).then(|| equity_sum / combos),
            });
        }
    }
    out
}
