//! A board's flops counted side by side where one seat's weights vary from
//! flop to flop (a rule) and the other's do not, and no single hand sits
//! at the table: the ruled seat's combos weighed on each flop (a lane
//! each), and the steady seat swept once against all of them with running
//! sums per card and lane, instead of once for every flop. The same
//! integers as counting each flop on its own ([`super::two_ranges`]): a
//! lane's sums are that flop's, term for term.

use crate::equity::exact::flop_pass::flop_weights::OnFlop;
use crate::equity::exact::flop_pass::on_flop::sweep::{Entry, Met};
use crate::equity::exact::flop_pass::sums::Count;
use crate::equity::exact::two_ranges::TwoRanges;

/// The most flops a board holds.
pub(crate) const LANES: usize = 10;

/// The most flops of a board holding its highest card: their lanes go to
/// the board's own rows ([`LaneTo::Row`]).
pub(crate) const ROW_LANES: usize = 6;

/// A value per lane. Sixteen wide, past the ten lanes, so that a row is a
/// cache line and the sums are whole vector registers. `u32` holds any
/// lane's sum: a weight is at most `u16::MAX` and a seat holds at most
/// 1,326 combos, under 2^27.
type Lane = [u32; 16];

const ZERO: Lane = [0; 16];

/// Running sums of one seat's weights per lane: in all and per card.
struct LaneSums {
    total: Lane,
    /// By card index, 64 wide so that a card masked to six bits needs no
    /// bounds check.
    per_card: [Lane; 64],
    /// The cards whose sums may not be zero: those cleared, where all 64
    /// (4 KB, twice a board) cost as much as a small range's sweep.
    touched: u64,
}

impl LaneSums {
    fn new() -> Box<LaneSums> {
        Box::new(LaneSums {
            total: ZERO,
            per_card: [ZERO; 64],
            touched: 0,
        })
    }

    fn clear(&mut self) {
        self.total = ZERO;
        let mut rest = self.touched;
        while rest != 0 {
            self.per_card[rest.trailing_zeros() as usize] = ZERO;
            rest &= rest - 1;
        }
        self.touched = 0;
    }

    #[inline(always)]
    fn add(&mut self, cards: [u8; 2], w: &Lane) {
        let [a, b] = cards.map(|c| usize::from(c & 63));
        self.touched |= 1 << a | 1 << b;
        add(&mut self.total, w);
        add(&mut self.per_card[a], w);
        add(&mut self.per_card[b], w);
    }

    /// Per lane, the sum over the combos sharing no card with `cards`,
    /// given the weight `own` the sums hold for that very combo.
    #[inline(always)]
    fn compatible(&self, cards: [u8; 2], own: &Lane) -> Lane {
        let [a, b] = cards.map(|c| usize::from(c & 63));
        let mut out = ZERO;
        for l in 0..16 {
            out[l] = self.total[l] + own[l] - self.per_card[a][l] - self.per_card[b][l];
        }
        out
    }
}

/// `to += w`, lane by lane.
#[inline(always)]
fn add(to: &mut Lane, w: &Lane) {
    for (t, w) in to.iter_mut().zip(w) {
        *t += w;
    }
}

/// Where a lane's counts go, by slot: the run's pending sums of its flop
/// (from this index on), or the board's own row for the lane (from this
/// index on), added to the class's row in the row's order once the board
/// is counted ([`add_and_clear`]).
#[derive(Clone, Copy)]
pub(crate) enum LaneTo {
    Pending(usize),
    Row(usize),
}

/// Adds a board's own row `own` ([`LaneTo::Row`], by slot) to its class's
/// `row`, whose entry `j` takes slot `sources[j]`'s counts (the flop's
/// permutation's inverse), and clears it for the next board.
#[inline(always)]
pub(crate) fn add_and_clear<T: Count>(row: &mut [[T; 2]], own: &mut [[T; 2]], sources: &[u32]) {
    for (to, &i) in row.iter_mut().zip(sources) {
        T::add_pair(to, own[i as usize]);
    }
    own.fill([T::default(); 2]);
}

/// What each lane's counts are added to: per lane, its sums by slot
/// ([`LaneTo`]), so that every add is at the combo's own slot, with no
/// permutation to look up and no branch on where the lane goes.
pub(crate) struct Targets<'a, T> {
    pub(crate) lanes: [&'a mut [[T; 2]]; LANES],
}

/// `sums` cut into chunks of `live` cells (at most [`LANES`]), each to be
/// taken once: no allocation a board.
fn chunks<T>(sums: &mut [[T; 2]], live: usize) -> [Option<&mut [[T; 2]]>; LANES] {
    let mut out: [Option<&mut [[T; 2]]>; LANES] = Default::default();
    for (to, chunk) in out.iter_mut().zip(sums.chunks_exact_mut(live.max(1))) {
        *to = Some(chunk);
    }
    out
}

impl<'a, T: Count> Targets<'a, T> {
    /// The targets of the lanes `to`: the run's pending sums `pending`
    /// (four flops' `live` cells each) and the board's rows `rows` (a
    /// lane's `live` cells each: small enough to stay in the cache, where
    /// the classes' rows, megabytes, a row a flop, would miss it on nearly
    /// every scattered add).
    pub(crate) fn new(
        to: &[LaneTo],
        pending: &'a mut [[T; 2]],
        rows: &'a mut [[T; 2]],
        live: usize,
    ) -> Self {
        let (mut pending, mut rows) = (chunks(pending, live), chunks(rows, live));
        let mut lanes: [&'a mut [[T; 2]]; LANES] = Default::default();
        for (lane, to) in lanes.iter_mut().zip(to) {
            let (all, at) = match *to {
                LaneTo::Pending(at) => (&mut pending, at),
                LaneTo::Row(at) => (&mut rows, at),
            };
            if let Some(sums) = all.get_mut(at).and_then(Option::take) {
                *lane = sums;
            }
        }
        Targets { lanes }
    }

    /// Adds combo `slot`'s weight and share `[weight, share]` on lane
    /// `lane`'s flop.
    #[inline(always)]
    fn add(&mut self, lane: usize, slot: usize, [weight, share]: [u64; 2]) {
        T::add_pair(
            &mut self.lanes[lane][slot],
            [T::from_u64(weight), T::from_u64(share)],
        );
    }
}

/// What [`count`] forms for each flop (lane) of a board besides the
/// combos' counts, and its working storage, reused across boards.
pub(crate) struct LaneCounts {
    /// The weight of each set of winners: lane `l`'s are
    /// `sets[l * winner_sets..]`.
    pub(crate) sets: Vec<u64>,
    pub(crate) deals: [u64; LANES],
    winner_sets: usize,
    /// By slot, the ruled seat's weights per lane (zero past its live
    /// combos, and at the one slot past the last).
    by_slot: Vec<Lane>,
    /// The steady seat's sweep: the ruled combos' running sums, and each
    /// combo's of a run of equal ranks, below the run.
    running: Box<LaneSums>,
    lower: Vec<Lane>,
    all: Box<LaneSums>,
}

impl LaneCounts {
    pub(crate) fn new(live: usize, winner_sets: usize) -> Self {
        LaneCounts {
            sets: vec![0; LANES * winner_sets],
            deals: [0; LANES],
            winner_sets,
            by_slot: vec![ZERO; live + 1],
            running: LaneSums::new(),
            lower: Vec::new(),
            all: LaneSums::new(),
        }
    }

    /// Lane `lane`'s winner sets.
    pub(crate) fn sets(&self, lane: usize) -> &[u64] {
        &self.sets[lane * self.winner_sets..(lane + 1) * self.winner_sets]
    }
}

/// Counts the flops `ons` (at most [`LANES`]) of a board for `two`, one
/// lane each: the winner sets and deals into `out`, each combo's counts
/// (times `orbit`) into `targets`. The ruled seat is on side `ruled`, its
/// live combos `against` (by rank, with what they meet in the steady
/// seat's list); `steady` is the steady seat's list. No single hand sits
/// at the table.
pub(crate) fn count<T: Count>(
    two: &TwoRanges,
    (ruled, against, steady): (usize, &[(Entry, Met)], &[Entry]),
    ons: &[Option<OnFlop<'_>>],
    (unit_k, orbit): (&[u64], u64),
    out: &mut LaneCounts,
    targets: &mut Targets<'_, T>,
) {
    debug_assert!(ons.len() <= LANES);
    let (seats, fixed) = two.seats_and_fixed_weight();
    let bits = seats.map(|a| 1usize << a);
    let n = ons.len();
    let (u1, u2) = (unit_k[1], unit_k[2]);
    out.sets.iter_mut().for_each(|v| *v = 0);
    out.deals = [0; LANES];
    out.all.clear();
    // The ruled seat's weights on each flop, lane by lane, so that each
    // flop's weights and permutation stay at hand through the combos
    // (`by_slot` is zero past the lanes).
    for (l, on) in ons.iter().flatten().enumerate() {
        for (e, _) in against {
            out.by_slot[e.slot as usize][l] = on.of_slot(e.slot) as u32;
        }
    }
    // The ruled seat: each combo's counts from what it meets in the steady
    // seat's list (the same on every flop). Per lane, the weight of its
    // pairs with the steady seat's combos, those it wins and those tied:
    // the steady seat wins the rest.
    let mut totals = [[0u64; 3]; LANES];
    for &(
        ref e,
        Met {
            lower,
            equal,
            all,
            held,
        },
    ) in against
    {
        let w = out.by_slot[e.slot as usize];
        out.all.add(e.cards, &w);
        for l in (0..n).filter(|&l| w[l] > 0) {
            let w = u64::from(w[l]) * fixed;
            out.deals[l] += held;
            totals[l][0] += w * all;
            totals[l][1] += w * lower;
            totals[l][2] += w * equal;
            let counts = [w * all * orbit, w * (lower * u1 + equal * u2) * orbit];
            targets.add(l, e.slot as usize, counts);
        }
    }
    let k = out.winner_sets;
    let (ruled_bit, steady_bit) = (bits[ruled], bits[1 - ruled]);
    for (l, &[all, wins, ties]) in totals[..n].iter().enumerate() {
        let sets = &mut out.sets[l * k..(l + 1) * k];
        sets[ruled_bit] += wins;
        sets[ruled_bit | steady_bit] += ties;
        sets[steady_bit] += all - wins - ties;
    }
    // The steady seat, swept once against every lane, a run of equal
    // ranks at a time: the ruled combos ranked below the run's rank, then
    // up to it, in one set of running sums.
    let (by_slot, sums, lower) = (&out.by_slot, &mut out.running, &mut out.lower);
    sums.clear();
    lower.resize(steady.len(), ZERO);
    let mut next = 0;
    let mut run = steady;
    while let Some(first) = run.first() {
        let rank = first.rank;
        let (group, rest) = run.split_at(run.iter().take_while(|e| e.rank == rank).count());
        run = rest;
        while let Some((o, _)) = against.get(next)
            && o.rank < rank
        {
            sums.add(o.cards, &by_slot[o.slot as usize]);
            next += 1;
        }
        for (e, lower) in group.iter().zip(lower.iter_mut()) {
            *lower = sums.compatible(e.cards, &ZERO);
        }
        while let Some((o, _)) = against.get(next)
            && o.rank == rank
        {
            sums.add(o.cards, &by_slot[o.slot as usize]);
            next += 1;
        }
        for (e, lower) in group.iter().zip(lower.iter()) {
            // One past the last slot (zero) where the ruled seat has no twin.
            let own = &by_slot[e.twin as usize];
            let weight = out.all.compatible(e.cards, own);
            let upto = sums.compatible(e.cards, own);
            let w = e.weight * fixed * orbit;
            for l in 0..n {
                let (lower, equal) = (u64::from(lower[l]), u64::from(upto[l] - lower[l]));
                let counts = [w * u64::from(weight[l]), w * (lower * u1 + equal * u2)];
                targets.add(l, e.slot as usize, counts);
            }
        }
    }
    for (e, _) in against {
        out.by_slot[e.slot as usize] = ZERO;
    }
}
