//! Heads-up sums: a heads-up preflop spot's integer tallies from the
//! table, as exact enumeration would form them.

use rayon::prelude::*;

use super::canonical::{IMAGE, SLOTS, TO_REP, relative};
use super::format::{BOARDS, PreflopTable, shipped};
use crate::combo::{COMBOS, Combo};
use crate::equity::setup::Setup;

/// Integer tallies of one combo of a seat in a heads-up preflop spot: over
/// every compatible opponent combo and board, summed weight products
/// (`weight(combo) · weight(opponent combo)`, the seats' gcd-reduced integer
/// weights) of all deals, of those the combo wins alone, and of ties.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ComboTally {
    /// Weight of every deal holding the combo.
    pub total: u128,
    /// Weight of the deals the combo wins.
    pub win: u128,
    /// Weight of the deals it ties.
    pub tie: u128,
}

/// The tallies of a heads-up preflop spot, as exact enumeration would form
/// them: weights are the setup's gcd-reduced integer weights, each deal of
/// hole cards counted once per board with the product of the two weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadsUp {
    /// Weight of every deal.
    pub total: u128,
    /// Weight of the deals each seat wins alone.
    pub wins: [u128; 2],
    /// Weight of the tied deals.
    pub ties: u128,
    /// Pairs of combos without a shared card.
    pub pairs: u64,
    /// Per seat, per live combo (indexed like the seat's live combo list,
    /// the request's order of combos after card removal): its tallies.
    pub combos: [Vec<ComboTally>; 2],
}

/// Below this many combo pairs the sums run on the calling thread.
const PARALLEL_PAIRS: usize = 40_000;
/// From this many combo pairs on, a side's sums read the expanded rows
/// (building them at the first such spot); below, the packed entries.
const EXPAND_FROM: usize = 100_000;
/// From this many opponent combos on, a combo's sums over the expanded rows
/// run densely over all 1,326 entries of its row (no gather) instead of
/// over the opponents.
const DENSE_FROM: usize = 256;

/// One seat's live combos as the sums need them.
pub(super) struct Side<'a> {
    pub(super) combos: &'a [Combo],
    pub(super) weights: &'a [u64],
}

/// The weight of a seat's combos that avoid a given combo, in constant
/// time: all of it, less the combos holding either card of the given one
/// (the given combo itself, if the seat holds it, is subtracted twice and
/// added back once).
struct Compatible {
    all: u64,
    by_card: [u64; 52],
    by_combo: Vec<u64>,
}

impl Compatible {
    fn new<'a>(combos: &[Combo], weights: impl IntoIterator<Item = &'a u64>) -> Compatible {
        let mut c = Compatible {
            all: 0,
            by_card: [0; 52],
            by_combo: vec![0; COMBOS],
        };
        for (combo, &w) in combos.iter().zip(weights) {
            c.all += w;
            c.by_combo[combo.index()] = w;
            for card in combo.cards() {
                c.by_card[usize::from(card.index())] += w;
            }
        }
        c
    }

    fn weight(&self, a: Combo) -> u64 {
        let [x, y] = a.cards().map(|c| self.by_card[usize::from(c.index())]);
        self.all + self.by_combo[a.index()] - x - y
    }
}

/// How a side's sums read the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Lookup {
    /// The packed entries, through `SLOTS`.
    Packed,
    /// The expanded rows, one opponent combo at a time.
    Rows,
    /// The expanded rows, as dot products over whole rows.
    Dense,
}

impl Lookup {
    /// The fastest way for `own` combos against `other` combos: packed for
    /// small spots until the rows exist, rows from [`EXPAND_FROM`] pairs on
    /// (densely against [`DENSE_FROM`] opponents or more).
    fn choose(table: &PreflopTable, own: usize, other: usize) -> Lookup {
        if own * other < EXPAND_FROM && table.rows.get().is_none() {
            Lookup::Packed
        } else if other >= DENSE_FROM {
            Lookup::Dense
        } else {
            Lookup::Rows
        }
    }
}

/// Per combo of `own`, over the combos of `other` it does not meet: the
/// summed weight of those combos, and the sums of their weights times the
/// boards `own`'s combo wins and ties against each, `[weight, win, tie]`
/// (before multiplying by the combo's own weight). Each sum is below
/// 1,326 × 10,000 × 1,712,304 < 2^45.
pub(super) fn side_sums(
    table: &PreflopTable,
    own: &Side,
    other: &Side,
    lookup: Lookup,
) -> Vec<[u64; 3]> {
    let compatible = Compatible::new(other.combos, other.weights);
    let pairs = own.combos.len() * other.combos.len();
    let rows = match lookup {
        Lookup::Packed => None,
        Lookup::Rows | Lookup::Dense => Some(table.rows()),
    };
    let dense = lookup == Lookup::Dense;
    // Dense: the opponents' weights seen through each suit permutation a
    // combo of `own` may use, `permuted[g][g(b)] = w(b)`.
    let mut permuted = vec![Vec::new(); IMAGE.len() / COMBOS];
    if dense {
        for a in own.combos {
            let g = usize::from(TO_REP[a.index()] & 0xff);
            if permuted[g].is_empty() {
                let image = &IMAGE[g * COMBOS..(g + 1) * COMBOS];
                let mut w = vec![0u32; COMBOS];
                for (b, &weight) in other.combos.iter().zip(other.weights) {
                    w[usize::from(image[b.index()])] = weight as u32;
                }
                permuted[g] = w;
            }
        }
    }
    let opponents: Vec<(usize, u64)> = other
        .combos
        .iter()
        .zip(other.weights)
        .map(|(c, &w)| (c.index(), w))
        .collect();
    let sum = |a: &Combo| {
        let (class, _, g) = relative(a.index(), 0);
        let image = &IMAGE[g * COMBOS..(g + 1) * COMBOS];
        let (mut win, mut tie) = (0u64, 0u64);
        // Entries where the combos meet hold [0, 0].
        match rows.map(|rows| &rows[class * COMBOS..(class + 1) * COMBOS]) {
            Some(row) if dense => {
                for (&w, &[wins, ties]) in permuted[g].iter().zip(row) {
                    win += u64::from(w) * u64::from(wins);
                    tie += u64::from(w) * u64::from(ties);
                }
            }
            Some(row) => {
                for &(b, w) in &opponents {
                    let [wins, ties] = row[usize::from(image[b])];
                    win += w * u64::from(wins);
                    tie += w * u64::from(ties);
                }
            }
            None => {
                let slots = &SLOTS[class * COMBOS..(class + 1) * COMBOS];
                for &(b, w) in &opponents {
                    let [wins, ties] = table.slot_counts(slots[usize::from(image[b])]);
                    win += w * u64::from(wins);
                    tie += w * u64::from(ties);
                }
            }
        }
        [compatible.weight(*a), win, tie]
    };
    if pairs < PARALLEL_PAIRS {
        own.combos.iter().map(sum).collect()
    } else {
        own.combos.par_iter().with_min_len(8).map(sum).collect()
    }
}

/// The tallies of `setup` from the shipped table, when it is a heads-up
/// preflop spot: two seats, neither folded, no board and no dead cards.
/// `None` otherwise, or if the shipped table fails its checks (then
/// enumeration answers).
pub fn heads_up(setup: &Setup) -> Option<HeadsUp> {
    if setup.seats.len() != 2
        || setup.active.len() != 2
        || !setup.known.is_empty()
        || !setup.board.is_empty()
    {
        return None;
    }
    let table = shipped().ok()?;
    let sides = [0, 1].map(|s| Side {
        combos: &setup.seats[s].combos,
        weights: &setup.seats[s].weights,
    });
    let boards = u128::from(BOARDS);
    let tallies = |s: usize, sums: Vec<[u64; 3]>| -> Vec<ComboTally> {
        sums.iter()
            .zip(sides[s].weights)
            .map(|(&[weight, win, tie], &own)| {
                let own = u128::from(own);
                ComboTally {
                    total: own * u128::from(weight) * boards,
                    win: own * u128::from(win),
                    tie: own * u128::from(tie),
                }
            })
            .collect()
    };
    let [first, second] = [(0, 1), (1, 0)].map(|(s, t)| {
        let (own, other) = (&sides[s], &sides[t]);
        let lookup = Lookup::choose(table, own.combos.len(), other.combos.len());
        tallies(s, side_sums(table, own, other, lookup))
    });
    // Compatible pairs (for the deal count): the same sum unweighted.
    let ones = Compatible::new(sides[1].combos, std::iter::repeat(&1));
    let pairs = sides[0].combos.iter().map(|&a| ones.weight(a)).sum();
    Some(HeadsUp {
        total: first.iter().map(|t| t.total).sum(),
        wins: [&first, &second].map(|side| side.iter().map(|t| t.win).sum()),
        ties: first.iter().map(|t| t.tie).sum(),
        pairs,
        combos: [first, second],
    })
}
