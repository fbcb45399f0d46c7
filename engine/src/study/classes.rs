//! The hand-class table (docs/design.md §3.9): a seat's range on a board
//! split by made hand (every live combo in exactly one row) and, apart, by
//! draw (a combo in as many rows as it has draws), each row with its
//! combos, its share of the range and its equity against the other seats.

use super::hits::BUCKET_EDGES;
use crate::analysis::{AnalysisError, Draw, MadeHand, classify};
use crate::card::Card;
use crate::equity::{ComboEquity, SeatBreakdown};
use crate::range::Range;

/// One row of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassRow {
    /// The board breakdown's name of the made hand or draw (or the group's
    /// name).
    pub category: String,
    /// Its combos, each with its weight in the seat's range.
    pub hands: Range,
    /// Its weight in the deal distribution, in combos (as a breakdown
    /// class's `combos`): the made rows sum to the seat's.
    pub combos: f64,
    /// Its share of the seat's range in the deal distribution.
    pub share: f64,
    /// The seat's equity when it holds a combo of the row; `None` when no
    /// deal gives the seat one (every combo of the row clashes with
    /// another seat's cards, or the row has no live combo): `combos` and
    /// `share` are then 0.
    pub equity: Option<f64>,
}

/// A seat's hand-class table on a board.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassTable {
    /// One row per made hand with a live combo, strongest first.
    pub made: Vec<ClassRow>,
    /// One row per draw with a live combo (overlapping).
    pub draws: Vec<ClassRow>,
}

/// The table of the seat whose per-combo figures are `breakdown` (counted
/// with `board`, 3 to 5 cards), its weights from `range`: each combo's
/// weight in the deal distribution is its frequency times the seat's
/// combos in all (the sum of its classes' `combos`), so the rows' combos
/// times equity sum to the seat's equity times its combos. The combos no
/// deal gives the seat ([`SeatBreakdown::undealt`]) are in their rows'
/// hands too, adding nothing to their figures, so the made rows' hands
/// are the whole live range; a row made only of them has no equity.
pub fn class_table(
    breakdown: &SeatBreakdown,
    range: &Range,
    board: &[Card],
) -> Result<ClassTable, AnalysisError> {
    let all: f64 = breakdown.classes.iter().map(|c| c.combos).sum();
    let mut made: Vec<(MadeHand, Row)> =
        MadeHand::ALL.iter().map(|&m| (m, Row::default())).collect();
    let mut draws: Vec<(Draw, Row)> = Draw::ALL.iter().map(|&d| (d, Row::default())).collect();
    let dealt = breakdown.combos.iter().filter(|c| c.dealt);
    let dealt = dealt.map(|c| (c.combo, Some((c.frequency * all, c.equity))));
    for (combo, figures) in dealt.chain(breakdown.undealt().map(|c| (c, None))) {
        let hit = classify(combo, board)?;
        let weight = range.weight_bp(combo);
        if let Some((_, row)) = made.iter_mut().find(|(m, _)| *m == hit.made) {
            row.add(combo, weight, figures);
        }
        for (_, row) in draws.iter_mut().filter(|(d, _)| hit.has(*d)) {
            row.add(combo, weight, figures);
        }
    }
    // A row with dealt combos none of which was drawn (sampled) is left
    // out; one made only of combos no deal gives is shown without figures.
    let finish = |name: &'static str, row: Row| {
        (row.combos > 0.0 || (!row.dealt && !row.hands.is_empty()))
            .then(|| row.into_class_row(name.to_owned(), all))
    };
    Ok(ClassTable {
        made: made
            .into_iter()
            .filter_map(|(m, row)| finish(m.name(), row))
            .collect(),
        draws: draws
            .into_iter()
            .filter_map(|(d, row)| finish(d.name(), row))
            .collect(),
    })
}

/// A row as it is summed.
#[derive(Default)]
struct Row {
    hands: Range,
    combos: f64,
    equity_sum: f64,
    /// Whether a combo with figures was added.
    dealt: bool,
}

impl Row {
    /// Adds `combo` with its weight in the range (or group) and, when it
    /// is dealt, its weight in the deal distribution and its equity.
    fn add(&mut self, combo: crate::combo::Combo, weight: u16, figures: Option<(f64, f64)>) {
        self.hands.set_weight_bp(combo, weight);
        if let Some((combos, equity)) = figures {
            self.dealt = true;
            self.combos += combos;
            self.equity_sum += combos * equity;
        }
    }

    /// The row named `category`, its share of `all` combos.
    fn into_class_row(self, category: String, all: f64) -> ClassRow {
        ClassRow {
            category,
            share: if all > 0.0 { self.combos / all } else { 0.0 },
            equity: (self.combos > 0.0).then(|| self.equity_sum / self.combos),
            hands: self.hands,
            combos: self.combos,
        }
    }
}

/// The equity a call needs: `call` to win a pot of `pot` (what is in the
/// middle before the call, the bet included) is worth it at an equity of
/// at least `call / (pot + call)`.
pub fn required_equity(call: f64, pot: f64) -> f64 {
    if call <= 0.0 {
        0.0
    } else {
        call / (pot + call).max(f64::MIN_POSITIVE)
    }
}

/// What to call with at `price` (a required equity): the seat's live
/// combos whose equity is at least it, each with its weight in `range`.
pub fn calls(breakdown: &SeatBreakdown, range: &Range, price: f64) -> Range {
    let mut out = Range::empty();
    for c in breakdown
        .combos
        .iter()
        .filter(|c| c.dealt && c.equity >= price)
    {
        out.set_weight_bp(c.combo, range.weight_bp(c.combo));
    }
    out
}

/// A combo's blocker effect against another seat (docs/design.md §3.9):
/// the shares of that seat's strong part (its combos with equity of at
/// least 75% against the others: the top bucket) and of its weak part
/// (below 25%: the bottom bucket), in the deal distribution, that hold one
/// of the combo's cards, and their difference (positive: the combo removes
/// more of the strong part than of the weak, the mark of a good bluff).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Blockers {
    /// The share of the strong part the combo removes.
    pub strong: f64,
    /// The share of the weak part it removes.
    pub weak: f64,
    /// `strong - weak`.
    pub difference: f64,
}

/// The blocker effect of `combo` against the seat whose per-combo figures
/// are `other` (see [`Blockers`]; a part the other seat does not have
/// removes nothing).
pub fn blockers(combo: crate::combo::Combo, other: &SeatBreakdown) -> Blockers {
    blockers_of_part(combo, other, &|c| {
        if c.equity >= BUCKET_EDGES[0] {
            1.0
        } else {
            0.0
        }
    })
}

/// [`blockers`] with the other seat's strong part given: `strong` says
/// which share (0 to 1) of each of its combos is in it (a group of its
/// range: the group's weight over the range's); its weak part stays its
/// bottom bucket, less what the strong part holds.
pub fn blockers_of_part(
    combo: crate::combo::Combo,
    other: &SeatBreakdown,
    strong_part: &dyn Fn(&ComboEquity) -> f64,
) -> Blockers {
    let mask = combo.mask();
    let (mut strong, mut strong_hit, mut weak, mut weak_hit) = (0.0, 0.0, 0.0, 0.0);
    for c in other.combos.iter().filter(|c| c.dealt) {
        let blocked = !c.combo.mask().is_disjoint(mask);
        let in_strong = strong_part(c).clamp(0.0, 1.0);
        strong += in_strong * c.frequency;
        if blocked {
            strong_hit += in_strong * c.frequency;
        }
        if c.equity < BUCKET_EDGES[2] {
            let in_weak = 1.0 - in_strong;
            weak += in_weak * c.frequency;
            if blocked {
                weak_hit += in_weak * c.frequency;
            }
        }
    }
    let share = |hit: f64, all: f64| if all > 0.0 { hit / all } else { 0.0 };
    let (strong, weak) = (share(strong_hit, strong), share(weak_hit, weak));
    Blockers {
        strong,
        weak,
        difference: strong - weak,
    }
}

/// Why a seat's groups cannot be had.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GroupError {
    /// More than [`MAX_GROUPS`] groups.
    #[error("at most {MAX_GROUPS} groups, not {0}")]
    TooMany(usize),
    /// Groups that give a combo more weight than the range holds.
    #[error("the groups give {combo} {given} basis points, but the range holds {held}")]
    Overfull {
        /// The combo.
        combo: crate::combo::Combo,
        /// The groups' weights summed.
        given: u32,
        /// The range's weight.
        held: u16,
    },
}

/// The most groups a seat's range splits into.
pub const MAX_GROUPS: usize = 4;

/// A seat's groups on a board, each a [`ClassRow`] named after its group:
/// its hands, its weight in the deal distribution in combos, its share of
/// the seat's and its equity (the seat's equity when it holds a combo of
/// the group: `calculate`'s with the group as the seat's range; `None`
/// when no deal gives the seat one, its combos being only those of
/// [`SeatBreakdown::undealt`], which its hands list, or none live). A
/// combo shared between groups goes to each in proportion to the weight
/// each gives it. `groups` are (name, range); their weights per combo must not
/// add up to more than `range` holds (what they leave is in no group).
pub fn group_rows(
    breakdown: &SeatBreakdown,
    range: &Range,
    groups: &[(String, Range)],
) -> Result<Vec<ClassRow>, GroupError> {
    if groups.len() > MAX_GROUPS {
        return Err(GroupError::TooMany(groups.len()));
    }
    for (combo, held) in range.combos() {
        let given: u32 = groups
            .iter()
            .map(|(_, g)| u32::from(g.weight_bp(combo)))
            .sum();
        if given > u32::from(held) {
            return Err(GroupError::Overfull { combo, given, held });
        }
    }
    for (_, g) in groups {
        if let Some((combo, given)) = g.combos().find(|&(c, _)| range.weight_bp(c) == 0) {
            return Err(GroupError::Overfull {
                combo,
                given: u32::from(given),
                held: 0,
            });
        }
    }
    let all: f64 = breakdown.classes.iter().map(|c| c.combos).sum();
    Ok(groups
        .iter()
        .map(|(name, group)| {
            let mut row = Row::default();
            for c in breakdown.combos.iter().filter(|c| c.dealt) {
                let (g, w) = (group.weight_bp(c.combo), range.weight_bp(c.combo));
                if g > 0 && w > 0 {
                    let part = f64::from(g) / f64::from(w);
                    row.add(c.combo, g, Some((c.frequency * all * part, c.equity)));
                }
            }
            for combo in breakdown.undealt() {
                let g = group.weight_bp(combo);
                if g > 0 {
                    row.add(combo, g, None);
                }
            }
            row.into_class_row(name.clone(), all)
        })
        .collect())
}
