//! The hand-class table's rows as shown (docs/design.md §3.9): the
//! engine's rows (`study::class_table`, or one per of the 169 classes)
//! with, for each, the split of its combos across the equity buckets and
//! across the seat's groups, and its combos' blocker effect against one
//! other seat; the groups' own figures; and the table as CSV. Pure
//! functions of the equity result's per-combo figures, run by the class
//! job off the UI thread.

use engine::equity::{ComboEquity, SeatBreakdown};
use engine::study::{BUCKET_EDGES, Blockers, ClassRow, MAX_GROUPS};
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

/// A group's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupFigures {
    /// The engine's row (`study::group_rows`): hands, combos, share,
    /// equity.
    pub row: ClassRow,
    /// The share of its combos in each equity bucket.
    pub buckets: [f64; 4],
    /// How it hits the board: its made-hand rows with their share of the
    /// group, largest first.
    pub hits: Vec<(String, f64)>,
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
    fn get(&self, combo: engine::Combo) -> Option<(f64, f64)> {
        let c = self.by_combo.get(combo.index()).copied().flatten()?;
        Some((c.equity, c.frequency * self.all))
    }
}

/// The equity bucket of `equity`: 0 for ≥ 75% … 3 for < 25%.
fn bucket(equity: f64) -> usize {
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
                category: class.to_string(),
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

/// A group's figures from its engine row: its buckets, and its share of
/// each of the seat's `made` rows.
pub fn group_figures(
    row: ClassRow,
    look: &Lookup<'_>,
    range: &Range,
    made: &[ClassRow],
) -> GroupFigures {
    let part = |combo: engine::Combo| {
        let held = f64::from(range.weight_bp(combo));
        if held > 0.0 {
            f64::from(row.hands.weight_bp(combo)) / held
        } else {
            0.0
        }
    };
    let mut buckets = [0.0; 4];
    for (combo, _) in row.hands.combos() {
        if let Some((equity, weight)) = look.get(combo) {
            buckets[bucket(equity)] += weight * part(combo);
        }
    }
    let of_group = |x: f64| {
        if row.combos > 0.0 {
            x / row.combos
        } else {
            0.0
        }
    };
    let mut hits: Vec<(String, f64)> = made
        .iter()
        .map(|m| {
            let weight: f64 = m
                .hands
                .combos()
                .filter_map(|(c, _)| look.get(c).map(|(_, w)| w * part(c)))
                .sum();
            (m.category.clone(), of_group(weight))
        })
        .filter(|(_, share)| *share > 0.0)
        .collect();
    hits.sort_by(|a, b| b.1.total_cmp(&a.1));
    GroupFigures {
        buckets: buckets.map(of_group),
        hits,
        row,
    }
}

/// The rows as comma-separated values: a header, then per row its
/// category, hands (canonical range text, quoted), combos, share, equity
/// (empty for a row that cannot be dealt),
/// its equity against each of the `versus` seats alone (empty where not
/// counted), the four bucket shares, each group's share (named in the header) and,
/// with an other seat, the blockers (strong, weak, difference).
pub fn csv_text(
    rows: &[TableRow],
    group_names: &[String],
    against: Option<&str>,
    versus: &[String],
) -> String {
    let field = |name: &str| name.replace([',', '"', '\n'], " ");
    let mut out = String::from("category,hands,combos,share,equity");
    for name in versus {
        out.push_str(&format!(",equity_vs_{}", field(name)));
    }
    out.push_str(",b75,b50,b25,b0");
    for name in group_names {
        out.push_str(&format!(",group_{}", field(name)));
    }
    if against.is_some() {
        out.push_str(",blocks_strong,blocks_weak,blocks_difference");
    }
    out.push('\n');
    for r in rows {
        out.push_str(&format!(
            "{},\"{}\",{},{},{}",
            field(&r.row.category),
            r.row.hands.canonical(),
            r.row.combos,
            r.row.share,
            r.row.equity.map_or_else(String::new, |e| e.to_string())
        ));
        for k in 0..versus.len() {
            match r.versus.get(k).copied().flatten() {
                Some(equity) => out.push_str(&format!(",{equity}")),
                None => out.push(','),
            }
        }
        for b in r.buckets {
            out.push_str(&format!(",{b}"));
        }
        for g in r.groups.iter().take(group_names.len()) {
            out.push_str(&format!(",{g}"));
        }
        if against.is_some() {
            let b = r.blockers.unwrap_or(Blockers {
                strong: 0.0,
                weak: 0.0,
                difference: 0.0,
            });
            out.push_str(&format!(",{},{},{}", b.strong, b.weak, b.difference));
        }
        out.push('\n');
    }
    out
}
