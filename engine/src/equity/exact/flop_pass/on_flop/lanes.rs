//! A board's flops counted side by side where one seat's weights vary from
//! flop to flop (a rule) and the other's do not, and no single hand sits
//! at the table: the ruled seat's combos weighed on each flop (a lane
//! each), and the steady seat swept once against all of them with running
//! sums per card and lane, instead of once for every flop; each combo's
//! counts on all of a board's flops added to its cell at once, a vector of
//! its lanes (compiled for AVX2 where the processor has it). The same
//! integers as counting each flop on its own ([`super::two_ranges`]): a
//! lane's sums are that flop's, term for term.

use crate::equity::exact::flop_pass::flop_weights::OnFlop;
use crate::equity::exact::flop_pass::on_flop::sweep::{Entry, Met};
use crate::equity::exact::flop_pass::sums::Count;
use crate::equity::exact::two_ranges::TwoRanges;

/// The most flops a board holds.
pub(crate) const LANES: usize = 10;

/// A board's ten flops, a lane each: the positions of their cards among
/// its five, lowest first.
pub(crate) const FLOPS: [(usize, usize, usize); LANES] = [
    (0, 1, 2),
    (0, 1, 3),
    (0, 1, 4),
    (0, 2, 3),
    (0, 2, 4),
    (0, 3, 4),
    (1, 2, 3),
    (1, 2, 4),
    (1, 3, 4),
    (2, 3, 4),
];

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

/// A combo's counts on each lane (flop) of the boards summed since its
/// lane was last added to its class: per lane, the weight of its deals and
/// its share (in units of `unit_k[1]`), modulo the counter's width
/// ([`Count::wrapping`]). A combo's counts on all its board's flops are
/// added at once, and a lane's two counters, side by side, are one read
/// when the lane goes to its class.
pub(crate) type LaneCell<T> = [[T; 2]; 16];

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

/// Counts the flops `ons` of a board for `two`, one lane each (by the
/// flop's place among the board's ten; `None` for a flop not counted):
/// the winner sets and deals into `out`, each combo's counts (times
/// `orbit`) added to its cell in `cells` (by slot). The ruled seat is on
/// side `ruled`, its live combos `against` (by rank, with what they meet in
/// the steady seat's list); `steady` is the steady seat's list. No single
/// hand sits at the table, so two seats share a pot: `unit_k[1]` is twice
/// `unit_k[2]`.
pub(crate) fn count<T: Count>(
    two: &TwoRanges,
    ruled: (usize, &[(Entry, Met)], &[Entry]),
    ons: &[Option<OnFlop<'_>>; LANES],
    unit_orbit: (&[u64], u64),
    out: &mut LaneCounts,
    cells: &mut [LaneCell<T>],
) {
    #[cfg(target_arch = "x86_64")]
    let avx2 = std::arch::is_x86_feature_detected!("avx2");
    #[cfg(all(target_arch = "x86_64", test))]
    let avx2 = avx2 && !BASELINE_LANES.load(std::sync::atomic::Ordering::Relaxed);
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        // SAFETY: the processor has AVX2, just checked.
        unsafe { count_avx2(two, ruled, ons, unit_orbit, out, cells) };
        return;
    }
    count_on_lanes(two, ruled, ons, unit_orbit, out, cells);
}

/// Set by a test to count the lanes with the baseline code where the
/// processor has AVX2: the same sums either way.
#[cfg(test)]
pub(crate) static BASELINE_LANES: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// [`count`] compiled for AVX2, whose eight-wide 32-bit multiplies and adds
/// take a combo's lanes two vectors at a time (the baseline x86-64 has no
/// 32-bit vector multiply).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn count_avx2<T: Count>(
    two: &TwoRanges,
    ruled: (usize, &[(Entry, Met)], &[Entry]),
    ons: &[Option<OnFlop<'_>>; LANES],
    unit_orbit: (&[u64], u64),
    out: &mut LaneCounts,
    cells: &mut [LaneCell<T>],
) {
    count_on_lanes(two, ruled, ons, unit_orbit, out, cells);
}

/// [`count`], for the processor at hand.
#[inline(always)]
fn count_on_lanes<T: Count>(
    two: &TwoRanges,
    (ruled, against, steady): (usize, &[(Entry, Met)], &[Entry]),
    ons: &[Option<OnFlop<'_>>; LANES],
    (unit_k, orbit): (&[u64], u64),
    out: &mut LaneCounts,
    cells: &mut [LaneCell<T>],
) {
    let (seats, fixed) = two.seats_and_fixed_weight();
    let bits = seats.map(|a| 1usize << a);
    let (u1, u2) = (unit_k[1], unit_k[2]);
    debug_assert_eq!(u1, 2 * u2);
    out.sets.iter_mut().for_each(|v| *v = 0);
    out.all.clear();
    // The ruled seat's weights on each flop, lane by lane, so that each
    // flop's weights and permutation stay at hand through the combos
    // (`by_slot` is zero on the lanes not counted).
    for (l, on) in ons.iter().enumerate() {
        let Some(on) = on else { continue };
        for (e, _) in against {
            out.by_slot[e.slot as usize][l] = on.of_slot(e.slot) as u32;
        }
    }
    // The ruled seat: each combo's counts from what it meets in the steady
    // seat's list (the same on every flop), its weight on each lane times
    // them. Per lane, the weight of its pairs with the steady seat's
    // combos, those it wins and those tied: the steady seat wins the rest.
    let mut totals = [[0u64; 16]; 4];
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
        let cell = &mut cells[e.slot as usize];
        let k = fixed * orbit;
        let share = T::wrapping(k * (lower * u1 + equal * u2));
        T::add_lanes(cell, (T::wrapping(k * all), &w), (share, &w));
        // Per lane, the weight of its pairs with the steady seat's combos,
        // those it wins and those tied, and its deals where it continues:
        // each a product of two 32-bit factors (a weight is at most
        // `u16::MAX`, a seat's whole weight under 2^27), in 64 bits.
        debug_assert!(all < 1 << 32);
        let met = [all, lower, equal].map(|v| u64::from(v as u32));
        for l in 0..16 {
            let w = u64::from(w[l]);
            for (total, met) in totals.iter_mut().zip(met) {
                total[l] += w * met;
            }
            totals[3][l] += if w > 0 { held } else { 0 };
        }
    }
    out.deals.copy_from_slice(&totals[3][..LANES]);
    let k = out.winner_sets;
    let (ruled_bit, steady_bit) = (bits[ruled], bits[1 - ruled]);
    for (l, sets) in out.sets.chunks_exact_mut(k).take(LANES).enumerate() {
        let [all, wins, ties] = [0, 1, 2].map(|t| totals[t][l] * fixed);
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
            // The share, `lower · u1 + (upto − lower) · u2`, is
            // `(lower + upto) · u2`.
            let mut halves = ZERO;
            for l in 0..16 {
                halves[l] = lower[l] + upto[l];
            }
            let w = e.weight * fixed * orbit;
            let cell = &mut cells[e.slot as usize];
            T::add_lanes(
                cell,
                (T::wrapping(w), &weight),
                (T::wrapping(w * u2), &halves),
            );
        }
    }
    for (e, _) in against {
        out.by_slot[e.slot as usize] = ZERO;
    }
}
