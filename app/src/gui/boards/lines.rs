//! What the Boards table shows: the rows the filters let through, sorted,
//! and when grouped, each group's line with its frequency-weighted
//! aggregate. Plain data, apart from drawing, so the summary, the chart
//! and the table read the same rows.

use engine::study::FlopRow;
use engine::study::flop_classes::{Pairing, Suits, Texture};

use super::state::{FlopsState, GroupBy, SortBy};

/// A line of the table: a group's aggregate, or one flop class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The aggregate of a group (its index).
    Group(usize),
    /// A flop class (its row index).
    Flop(usize),
}

/// A group of shown rows and its frequency-weighted aggregate.
pub struct Group {
    /// What its flops share, e.g. "two-tone" or "K-high".
    pub name: String,
    /// The chance of any of its flops.
    pub frequency: f64,
    /// Each seat's equity over its flops (on a line, where the line gets:
    /// `None` where it gets to none of them).
    pub equity: Vec<Option<f64>>,
    /// The chosen seat's bucket shares over its flops.
    pub buckets: [f64; 4],
    /// The chosen seat's nut share over its flops.
    pub nuts: f64,
    /// On a line, the reach over its flops (by frequency).
    pub reach: f64,
    /// On a line, each seat's continue share over its flops (by
    /// frequency; `None` for a seat without a rule).
    pub continues: Vec<Option<f64>>,
}

/// The suit textures, as the filters and groups name them.
pub const SUITS: [&str; 3] = ["rainbow", "two-tone", "monotone"];
/// The pairings, likewise.
pub const PAIRINGS: [&str; 3] = ["unpaired", "paired", "trips"];

/// A texture's place in [`SUITS`].
fn suits_of(t: &Texture) -> usize {
    match t.suits {
        Suits::Rainbow => 0,
        Suits::TwoTone => 1,
        Suits::Monotone => 2,
    }
}

/// A texture's place in [`PAIRINGS`].
fn pairing_of(t: &Texture) -> usize {
    match t.pairing {
        Pairing::Unpaired => 0,
        Pairing::Paired => 1,
        Pairing::Trips => 2,
    }
}

/// Indices of the rows `state`'s filters let through.
pub fn shown_rows(state: &FlopsState, rows: &[FlopRow]) -> Vec<usize> {
    let words: Vec<String> = state
        .text
        .split_whitespace()
        .map(str::to_lowercase)
        .collect();
    (0..rows.len())
        .filter(|&i| {
            let t = &rows[i].texture;
            if !state.suits[suits_of(t)] || !state.pairing[pairing_of(t)] {
                return false;
            }
            if rows[i].reach < state.min_reach {
                return false;
            }
            if words.is_empty() {
                return true;
            }
            let flop = flop_text(&rows[i]).to_lowercase();
            let tags = t.tags();
            words.iter().all(|w| {
                flop.contains(w.as_str())
                    || tags
                        .iter()
                        .any(|tag| tag.to_lowercase().contains(w.as_str()))
            })
        })
        .collect()
}

/// A row's flop as the engine writes boards: `Kh9s4c`.
pub fn flop_text(row: &FlopRow) -> String {
    row.flop.iter().map(ToString::to_string).collect()
}

/// The key a row sorts by.
fn sort_key(row: &FlopRow, by: SortBy, chosen: usize) -> f64 {
    let seat = row.seats.get(chosen);
    match by {
        SortBy::Flop => row.flop.iter().fold(0.0, |k, c| {
            k * 64.0 + f64::from(c.rank().index()) * 4.0 + f64::from(c.suit().index())
        }),
        SortBy::Frequency => row.frequency,
        SortBy::Equity(k) => row.seats.get(k).map_or(0.0, |s| s.figures.equity),
        SortBy::Bucket(b) => seat.map_or(0.0, |s| s.buckets[b]),
        SortBy::Nuts => seat.map_or(0.0, |s| s.nut_share),
        SortBy::Reach => row.reach,
        SortBy::Continue(k) => row
            .seats
            .get(k)
            .and_then(|s| s.continue_share)
            .unwrap_or(0.0),
    }
}

/// The table's lines: the shown rows sorted, under their groups' lines
/// when grouped.
pub fn lines(
    state: &FlopsState,
    rows: &[FlopRow],
    shown: &[usize],
    chosen: usize,
) -> (Vec<Line>, Vec<Group>) {
    let (by, descending) = state.sort;
    let mut sorted = shown.to_vec();
    sorted.sort_by(|&a, &b| {
        let order = sort_key(&rows[a], by, chosen).total_cmp(&sort_key(&rows[b], by, chosen));
        if descending { order.reverse() } else { order }
    });
    let key = |row: &FlopRow| -> Option<(u8, String)> {
        let t = &row.texture;
        match state.group {
            GroupBy::Nothing => None,
            GroupBy::Suits => Some((suits_of(t) as u8, SUITS[suits_of(t)].to_owned())),
            GroupBy::Pairing => Some((pairing_of(t) as u8, PAIRINGS[pairing_of(t)].to_owned())),
            GroupBy::HighCard => Some((12 - t.high.index(), format!("{}-high", t.high.to_char()))),
        }
    };
    if state.group == GroupBy::Nothing {
        return (sorted.into_iter().map(Line::Flop).collect(), Vec::new());
    }
    let mut keyed: Vec<((u8, String), usize)> = sorted
        .into_iter()
        .filter_map(|i| key(&rows[i]).map(|k| (k, i)))
        .collect();
    // Stable: rows keep their sorted order within a group.
    keyed.sort_by_key(|k| k.0.0);
    let mut lines = Vec::new();
    let mut groups: Vec<Group> = Vec::new();
    let mut members: Vec<usize> = Vec::new();
    let flush =
        |name: String, members: &mut Vec<usize>, lines: &mut Vec<Line>, groups: &mut Vec<Group>| {
            if members.is_empty() {
                return;
            }
            lines.push(Line::Group(groups.len()));
            groups.push(aggregate(name, rows, members, chosen));
            lines.extend(members.drain(..).map(Line::Flop));
        };
    let mut current: Option<(u8, String)> = None;
    for (k, i) in keyed {
        if current.as_ref().map(|c| c.0) != Some(k.0) {
            if let Some((_, name)) = current.take() {
                flush(name, &mut members, &mut lines, &mut groups);
            }
            current = Some(k);
        }
        members.push(i);
    }
    if let Some((_, name)) = current {
        flush(name, &mut members, &mut lines, &mut groups);
    }
    (lines, groups)
}

/// A group's frequency-weighted figures (on a line, the equities weighted
/// by frequency × reach: where the line gets).
fn aggregate(name: String, rows: &[FlopRow], members: &[usize], chosen: usize) -> Group {
    let frequency: f64 = members.iter().map(|&i| rows[i].frequency).sum();
    let seats = rows.first().map_or(0, |r| r.seats.len());
    let mean = |f: &dyn Fn(&FlopRow) -> f64| {
        members
            .iter()
            .map(|&i| rows[i].frequency * f(&rows[i]))
            .sum::<f64>()
            / frequency.max(f64::MIN_POSITIVE)
    };
    let reached: f64 = members
        .iter()
        .map(|&i| rows[i].frequency * rows[i].reach)
        .sum();
    let equity = (0..seats)
        .map(|k| {
            (reached > 0.0).then(|| {
                members
                    .iter()
                    .map(|&i| rows[i].frequency * rows[i].reach * rows[i].seats[k].figures.equity)
                    .sum::<f64>()
                    / reached
            })
        })
        .collect();
    let reach = mean(&|r| r.reach);
    let continues = (0..seats)
        .map(|k| {
            let ruled = members
                .iter()
                .any(|&i| rows[i].seats[k].continue_share.is_some());
            ruled.then(|| mean(&|r| r.seats[k].continue_share.unwrap_or(0.0)))
        })
        .collect();
    let buckets =
        std::array::from_fn(|b| mean(&|r| r.seats.get(chosen).map_or(0.0, |s| s.buckets[b])));
    let nuts = mean(&|r| r.seats.get(chosen).map_or(0.0, |s| s.nut_share));
    Group {
        name,
        frequency,
        equity,
        buckets,
        nuts,
        reach,
        continues,
    }
}

/// Each seat's equity over `rows`, weighted by frequency (on a line, by
/// frequency × reach: where the line gets).
pub fn means(rows: &[FlopRow]) -> Vec<f64> {
    let total: f64 = rows.iter().map(|r| r.frequency * r.reach).sum();
    let seats = rows.first().map_or(0, |r| r.seats.len());
    (0..seats)
        .map(|k| {
            rows.iter()
                .map(|r| r.frequency * r.reach * r.seats[k].figures.equity)
                .sum::<f64>()
                / total.max(f64::MIN_POSITIVE)
        })
        .collect()
}

/// The active seats (positions) with a rule in the report's rows.
pub fn ruled_seats(rows: &[FlopRow]) -> Vec<usize> {
    let seats = rows.first().map_or(0, |r| r.seats.len());
    (0..seats)
        .filter(|&k| rows.iter().any(|r| r.seats[k].continue_share.is_some()))
        .collect()
}
