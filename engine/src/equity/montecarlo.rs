//! Monte Carlo: an unbiased estimator of the exact figures.
//!
//! Deals come in groups, and each group's per-seat mean pot share is one
//! independent observation (the standard errors come from the spread of
//! these means). There are two designs.
//!
//! **Prefixes** (the general one). A prefix is one sampled seat deal; it
//! is scored on several disjoint board completions drawn together with it.
//!
//! 1. Seats whose range is **restricted** (anything but equal weights on
//!    every pair of the cards still free) draw their combos independently
//!    from their weighted live combos (an alias table: O(1) per draw), and
//!    **the whole draw is rejected** if two of them share a card. Accepted
//!    draws follow the joint distribution of DESIGN.md §3 restricted to
//!    these seats: the number of ways to deal the other seats and the board
//!    from what is left does not depend on which cards they took (it only
//!    depends on how many are left), so it cancels. Where rejection would
//!    keep few draws (many seats on a few premium cards), the seats are
//!    drawn one after another from exact conditional totals instead
//!    (`crowded.rs`): the same distribution, no draw wasted.
//! 2. **Uniform** seats (such as `random`) then get two cards each, drawn
//!    uniformly without replacement from the cards left (a partial
//!    Fisher–Yates shuffle of the free cards that skips those the
//!    restricted seats hold). Given step 1, every dealing of them is equally
//!    likely, which is exactly the joint distribution. Dealing *restricted*
//!    seats one after another from what is left would be biased instead:
//!    the first seat would never feel the others' cards. The tests show
//!    both.
//! 3. The boards: with one card to come, every card left (exact on the
//!    river given the prefix); with more, up to [`MAX_BOARDS`] disjoint
//!    completions drawn together, each uniform over the cards left given
//!    the prefix.
//!
//! **Clusters**, when every active seat is uniform (restricted seats may
//! be folded) and no breakdown is asked for. A cluster draws the
//! restricted seats' combos as above and then a board, uniform over the
//! cards left (the uniform seats' dealings do not depend on which cards
//! those took either); ranks every pair of the cards left on that board
//! once (a 64 × 64 table); and scores up to 2,048 deals of the uniform
//! seats. The deals are the cyclic windows of a shuffle of the
//! cards left: a window of a uniformly shuffled deck is a uniform dealing,
//! so every deal is exactly distributed (the cluster's mean is unbiased),
//! and one shuffle of `m` cards gives `m` deals, which makes a deal cost
//! little more than its table lookups. The seats take turns at the
//! window's places from shuffle to shuffle. Why only then: with every
//! active seat holding the same uniform range the seats are exchangeable,
//! so each one's expected share given the board is `1/n` and the board
//! explains none of the variance: a big cluster loses nothing. With a
//! restricted active seat (hero against randoms) the board explains much
//! of it: clusters of 256 measured 30–100 times worse than prefixes in
//! time × variance (`AhAd` against two `random`, `AKs` against five).
//!
//! Hands are ranked with the cache-resident [`CompactHand`] evaluator.
//!
//! A trial is one deal (hole cards for every seat and a whole board); the
//! budget is rounded up to whole prefixes or clusters, and the result's
//! `samples` counts the deals evaluated.
//!
//! Determinism: groups come in blocks ([`BLOCK`] prefixes or 32,768 deals
//! of clusters); block `b`
//! draws from a xoshiro256++ generator seeded from ChaCha8 seeded with the
//! request's seed on stream `b`. The design and the cluster size depend
//! only on the request (and its budget), tallies are integers, so merging
//! blocks in any order, on any number of threads, gives bit-identical
//! results. Blocks run in rounds whose size depends only on the round
//! number and the tally so far (near a target error, the blocks it still
//! asks for), and the target-error stop is checked between rounds, so
//! where the run stops does not depend on threads either.

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::breakdown::{self, ComboCount};
use super::crowded::{self, Crowded};
use super::deals::Setup;
use super::{
    DEFAULT_TRIALS, EquityError, EquityRequest, EquityResult, MAX_SEATS, MethodUsed, Tally, gcd,
};
use crate::card::CardSet;
use crate::compact::CompactHand;

/// Accepted prefixes per block of the prefix design.
pub const BLOCK: u64 = 4096;
/// Rejected draws allowed per accepted deal on average before giving up
/// (a spot this constrained has almost no deals; exact enumeration suits it).
const MAX_REJECTIONS_PER_DEAL: u64 = 100_000;
/// Most board completions per prefix when two or more cards are to come.
/// The seat deal explains little of the variance of a pot share (about 5%
/// with six random hands), so several boards per deal spread its cost;
/// disjoint boards also vary less together than independent ones. Eight
/// measured best for six random hands (2, 4, 8 disjoint and 16, 64
/// independent boards tried).
pub const MAX_BOARDS: usize = 8;

/// Walker's alias table over a seat's live combos.
#[derive(Clone, Debug)]
struct Alias {
    /// Acceptance threshold of each slot, scaled to `u32`.
    threshold: Vec<u32>,
    /// The slot's alias.
    alias: Vec<u32>,
}

impl Alias {
    /// Builds the table for `weights` (not all zero), Vose's method.
    fn new(weights: &[u64]) -> Alias {
        let n = weights.len();
        let total: f64 = weights.iter().map(|&w| w as f64).sum();
        let mut scaled: Vec<f64> = weights
            .iter()
            .map(|&w| w as f64 * n as f64 / total)
            .collect();
        let mut alias: Vec<u32> = (0..n as u32).collect();
        let mut small: Vec<usize> = (0..n).filter(|&i| scaled[i] < 1.0).collect();
        let mut large: Vec<usize> = (0..n).filter(|&i| scaled[i] >= 1.0).collect();
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            alias[s] = l as u32;
            scaled[l] -= 1.0 - scaled[s];
            if scaled[l] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        // Leftovers are 1 up to rounding.
        for &i in large.iter().chain(&small) {
            scaled[i] = 1.0;
        }
        let threshold = scaled
            .iter()
            .map(|&p| {
                if p >= 1.0 {
                    u32::MAX
                } else {
                    (p * 4_294_967_296.0) as u32
                }
            })
            .collect();
        Alias { threshold, alias }
    }

    /// Draws a slot from one 64-bit random number.
    #[inline]
    fn sample(&self, random: u64) -> usize {
        let n = self.threshold.len() as u64;
        let slot = (((random >> 32) * n) >> 32) as usize;
        if (random as u32) < self.threshold[slot] || self.threshold[slot] == u32::MAX {
            slot
        } else {
            self.alias[slot] as usize
        }
    }
}

/// The block's random numbers: xoshiro256++ (Blackman and Vigna), a small
/// fast generator of excellent statistical quality, seeded from the
/// block's ChaCha8 stream (so blocks stay independent and reproducible).
/// Sampling is cheap enough that ChaCha8 itself would cost a fifth of the
/// time.
struct Randoms {
    state: [u64; 4],
    /// The unused half of the last 64-bit number, if any.
    spare: Option<u32>,
}

impl Randoms {
    /// The generator of block `block` for `seed`.
    fn new(seed: u64, block: u64) -> Randoms {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(block);
        let mut state = [0u64; 4];
        while state == [0; 4] {
            state = std::array::from_fn(|_| rng.next_u64());
        }
        Randoms { state, spare: None }
    }

    /// The next 64-bit random number.
    #[inline(always)]
    fn next_u64(&mut self) -> u64 {
        let [a, b, c, d] = &mut self.state;
        let result = a.wrapping_add(*d).rotate_left(23).wrapping_add(*a);
        let t = *b << 17;
        *c ^= *a;
        *d ^= *b;
        *b ^= *c;
        *a ^= *d;
        *c ^= t;
        *d = d.rotate_left(45);
        result
    }

    /// A number uniform in `[0, 1)` (53 random bits).
    #[inline(always)]
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// The next 32-bit random number.
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        match self.spare.take() {
            Some(half) => half,
            None => {
                let full = self.next_u64();
                self.spare = Some((full >> 32) as u32);
                full as u32
            }
        }
    }

    /// A uniform integer in `0..n` (`1 <= n`), without bias: Lemire's
    /// multiply-and-shift, rejecting the few products that would favour
    /// some results.
    #[inline(always)]
    fn below(&mut self, n: u32) -> u32 {
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }
}

/// Deals `count` cards uniformly at random, without replacement, from the
/// cards of `deck[from..]` not in `used`, into `deck[from..from + count]`:
/// a partial Fisher–Yates shuffle that skips used cards. `deck[from..]`
/// keeps the same cards in another order. Given `used` and `deck[..from]`,
/// every dealing is equally likely, whatever order `deck` was in.
#[inline(always)]
fn deal(rng: &mut Randoms, deck: &mut [u8], from: usize, count: usize, used: u64) {
    let want = from + count;
    if used == 0 {
        // Nothing to skip: the plain shuffle (the same steps as below).
        for i in from..want {
            let j = i + rng.below((deck.len() - i) as u32) as usize;
            deck.swap(i, j);
        }
        return;
    }
    let mut got = from;
    let mut i = from;
    while got < want {
        // Invariant: `deck[from..got]` dealt, `deck[got..i]` skipped,
        // `deck[i..]` the cards not drawn yet.
        let j = i + rng.below((deck.len() - i) as u32) as usize;
        let card = deck[j];
        deck[j] = deck[i];
        if used >> card & 1 == 0 {
            deck[i] = deck[got];
            deck[got] = card;
            got += 1;
        } else {
            deck[i] = card;
        }
        i += 1;
    }
}

/// Deals `count` cards uniformly at random, without replacement, from
/// `cards[..len]` into `cards[..count]` (a partial Fisher–Yates shuffle;
/// `count <= len <= 52`), four 16-bit draws per 64-bit random number.
#[inline(always)]
fn shuffle_front(rng: &mut Randoms, cards: &mut [u8; 128], len: usize, count: usize) {
    let mut bits = 0u64;
    for i in 0..count {
        if i % 4 == 0 {
            bits = rng.next_u64();
        }
        let n = (len - i) as u32;
        let mut m = (bits as u32 & 0xffff) * n;
        bits >>= 16;
        if m & 0xffff < n {
            // Lemire's rejection of the few biased products.
            let threshold = (1u32 << 16) % n;
            while m & 0xffff < threshold {
                m = (rng.next_u32() & 0xffff) * n;
            }
        }
        let j = i + (m >> 16) as usize;
        cards.swap(i & 127, j & 127);
    }
}

/// How a seat gets its cards.
#[derive(Clone, Debug)]
enum Dealing {
    /// Drawn from its alias table, with whole-draw rejection.
    Restricted(Alias),
    /// Two cards drawn uniformly from the cards left.
    Uniform,
}

/// How the deals are grouped into independent observations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Design {
    /// A seat deal (prefix) scored on its board completions.
    Prefixes,
    /// Clusters of `deals` seat deals sharing one board.
    Clusters { deals: u64 },
}

/// Most deals in a cluster.
const MAX_CLUSTER_DEALS: u64 = 2048;
/// Fewest deals in a cluster (smaller budgets sample prefixes).
const MIN_CLUSTER_DEALS: u64 = 64;
/// Fewest clusters a trial budget is split into, for a standard error.
const MIN_CLUSTERS: u64 = 64;
/// Deals per block of the cluster design.
const CLUSTER_BLOCK_DEALS: u64 = 16 * MAX_CLUSTER_DEALS;

/// What one block needs, shared by all blocks.
struct Sampler<'a> {
    /// Prefixes or clusters.
    design: Design,
    /// With [`Design::Prefixes`], the deals (boards) scored per prefix.
    boards_per_prefix: u64,
    setup: &'a Setup,
    /// Per seat (active and folded), in request order.
    dealing: Vec<Dealing>,
    /// The restricted seats' indices.
    restricted: Vec<usize>,
    /// Where rejection would waste most draws and the table fits: exact
    /// sequential draws of the restricted seats instead.
    crowded: Option<Crowded>,
    /// The uniform seats' indices.
    uniform: Vec<usize>,
    /// Per active uniform seat, its place among the uniform seats and its
    /// index among the active seats.
    uniform_active: Vec<(usize, usize)>,
    /// Per seat, its index among the active seats (`None` when folded).
    active_index: Vec<Option<usize>>,
    /// The known board cards.
    base: CompactHand,
    /// Cards not on the board, not dead, not held by a single-combo seat.
    free: u64,
    /// Board completions per prefix (with two or more cards to come).
    boards: usize,
    /// With a breakdown: per seat, the offset of its live combos in the
    /// flat per-combo tallies (active seats only), their total, and per
    /// uniform active seat its combo's slot by card pair (`52 * hi + lo`).
    offsets: Vec<u32>,
    live: usize,
    pair_slots: Vec<Vec<u32>>,
}

/// Per-block accumulators for `n <= N` active seats, in small integers.
struct Accumulator<const N: usize> {
    /// `wins[s]`, `ties[s * (n + 1) + k]` as in `Tally`.
    wins: [u64; N],
    ties: Vec<u64>,
    /// Per seat, deals it tied (all `k`).
    tied: [u64; N],
    /// Per seat, its pot share from ties in the current prefix, units
    /// `1 / lcm` (its wins' share follows from `wins`).
    tie_x: [u64; N],
    /// `lcm / k` for `k` tied winners.
    share: [u64; MAX_SEATS + 1],
}

impl<const N: usize> Accumulator<N> {
    /// Empty accumulators for `n` active seats.
    fn new(n: usize) -> Accumulator<N> {
        let lcm = (1..=n as u64).fold(1, |l, k| l / gcd(u128::from(l), u128::from(k)) as u64 * k);
        Accumulator {
            wins: [0; N],
            ties: vec![0; n * (n + 1)],
            tied: [0; N],
            tie_x: [0; N],
            share: std::array::from_fn(|k| lcm / (k as u64).max(1)),
        }
    }

    /// Counts one deal whose first `n` active seats hold `ranks`.
    #[inline(always)]
    fn record(&mut self, ranks: &[u16; N], n: usize) {
        let ranks = &ranks[..n];
        let best = ranks.iter().copied().fold(0, u16::max);
        let mut winners = 0u32;
        for (s, &r) in ranks.iter().enumerate() {
            winners |= u32::from(r == best) << s;
        }
        if winners & (winners - 1) == 0 {
            self.wins[winners.trailing_zeros() as usize % N] += 1;
            return;
        }
        let k = winners.count_ones() as usize;
        let share = self.share[k];
        while winners != 0 {
            let s = winners.trailing_zeros() as usize % N;
            winners &= winners - 1;
            self.ties[s * (n + 1) + k] += 1;
            self.tied[s] += 1;
            self.tie_x[s] += share;
        }
    }
}

impl Sampler<'_> {
    /// Runs block `block` with `size` accepted prefixes.
    fn block(&self, seed: u64, block: u64, size: u64) -> Result<Tally, EquityError> {
        // Seat counts up to 8 get code with the count fixed at compile time.
        match self.setup.active.len() {
            2 => self.block_for::<2>(seed, block, size),
            3 => self.block_for::<3>(seed, block, size),
            4 => self.block_for::<4>(seed, block, size),
            5 => self.block_for::<5>(seed, block, size),
            6 => self.block_for::<6>(seed, block, size),
            7 => self.block_for::<7>(seed, block, size),
            8 => self.block_for::<8>(seed, block, size),
            _ => self.block_for::<MAX_SEATS>(seed, block, size),
        }
    }

    /// Draws the restricted seats' combos (independent draws, the whole
    /// draw rejected on a shared card) and returns the cards they hold;
    /// sets their active seats' `holes` and breakdown `slots`. `accepted`
    /// draws succeeded before this one and `rejected` failed so far.
    #[inline(always)]
    fn draw_restricted<const N: usize>(
        &self,
        rng: &mut Randoms,
        holes: &mut [CompactHand; N],
        slots: &mut [u32; N],
        accepted: u64,
        rejected: &mut u64,
    ) -> Result<u64, EquityError> {
        let mut hold = |s: usize, i: usize| {
            if let Some(a) = self.active_index[s] {
                let [p, q] = self.setup.seats[s].combos[i].cards();
                holes[a % N] = CompactHand::single(p).add_card(q);
                slots[a % N] = self.offsets[s] + i as u32;
            }
        };
        if let Some(crowded) = &self.crowded {
            let mut unit = || rng.unit();
            return Ok(crowded.draw(self.setup, &mut unit, &mut hold));
        }
        loop {
            if let Some(used) = self.draw_independent(rng, &mut hold) {
                return Ok(used);
            }
            *rejected += 1;
            if *rejected > MAX_REJECTIONS_PER_DEAL * (accepted + 1) {
                return Err(EquityError::BadSetting(
                    "almost every random deal conflicts: the ranges share too few cards to sample (try exact enumeration or wider ranges)",
                ));
            }
        }
    }

    /// One rejection draw: every restricted seat draws a combo
    /// independently (`take(seat, combo index)` for each); the cards they
    /// hold, or `None` if two share a card.
    #[inline(always)]
    fn draw_independent(
        &self,
        rng: &mut Randoms,
        mut take: impl FnMut(usize, usize),
    ) -> Option<u64> {
        let mut used = 0u64;
        let mut clash = false;
        for &s in &self.restricted {
            let Dealing::Restricted(alias) = &self.dealing[s] else {
                continue;
            };
            let i = alias.sample(rng.next_u64());
            let mask = self.setup.seats[s].masks[i];
            clash |= mask & used != 0;
            used |= mask;
            take(s, i);
        }
        (!clash).then_some(used)
    }

    /// The table for exact sequential draws of the restricted seats
    /// (narrowest first) when rejection keeps under a quarter of its draws
    /// and would cost more per accepted draw: estimated from a pilot of
    /// rejection draws on a fixed generator, so the choice depends on the
    /// request alone.
    fn crowded_table(&self) -> Option<Crowded> {
        let restricted = &self.restricted;
        if restricted.len() < 2 {
            return None;
        }
        let mut rng = Randoms::new(0x00c0_ffee, 0);
        let accepted = (0..PILOT_DRAWS)
            .filter(|_| self.draw_independent(&mut rng, |_, _| {}).is_some())
            .count() as u32;
        let per_draw_s = restricted.len() as f64 * REJECTION_STEP_S;
        let rejection_s = per_draw_s * f64::from(PILOT_DRAWS) / f64::from(accepted.max(1));
        let seats = &self.setup.seats;
        let scanned: usize = restricted.iter().map(|&s| seats[s].masks.len()).sum();
        if accepted * 4 > PILOT_DRAWS || crowded::cost_s(scanned) >= rejection_s {
            return None;
        }
        let mut order = restricted.clone();
        order.sort_by_key(|&s| seats[s].masks.len());
        Crowded::new(self.setup, &order)
    }

    /// [`Sampler::block`] for at most `N` active seats (exactly `N` when
    /// `N < MAX_SEATS`).
    #[inline(always)]
    fn block_for<const N: usize>(
        &self,
        seed: u64,
        block: u64,
        size: u64,
    ) -> Result<Tally, EquityError> {
        let setup = self.setup;
        let n = if N < MAX_SEATS { N } else { setup.active.len() };
        let mut rng = Randoms::new(seed, block);
        let mut acc = Accumulator::<N>::new(n);
        let lcm = acc.share[1];
        let mut sum_x = [0u128; N];
        let mut sum_x2 = [0u128; N];
        let mut holes = [CompactHand::EMPTY; N];
        let mut ranks = [0u16; N];
        let missing = setup.missing;
        let seat_cards = self.uniform.len() * 2;
        // The free cards, shuffled in place a prefix at a time.
        let mut deck = [0u8; 52];
        let mut free = self.free;
        let mut len = 0;
        while free != 0 {
            deck[len] = free.trailing_zeros() as u8;
            free &= free - 1;
            len += 1;
        }
        let deck = &mut deck[..len];
        let mut rejected = 0u64;
        // Deals (boards) per prefix, the same for every prefix, and in all.
        let mut deals_per_prefix = 0u64;
        let mut deals = 0u64;
        let breakdown = setup.breakdown;
        let mut combos = if breakdown {
            vec![ComboCount::default(); self.live]
        } else {
            Vec::new()
        };
        // Per active seat, its combo's slot in `combos` this prefix.
        let mut slots = [0u32; N];
        for accepted in 0..size {
            // 1. Restricted seats: independent draws, whole-draw rejection.
            let mut used =
                self.draw_restricted(&mut rng, &mut holes, &mut slots, accepted, &mut rejected)?;
            // 2. Uniform seats, uniformly from what is left: `deck` holds
            // the free cards, so of the restricted seats' cards only those
            // are to skip (not a single-combo seat's, already out).
            let restricted_cards = used & self.free;
            deal(&mut rng, deck, 0, seat_cards, restricted_cards);
            for (u, &s) in self.uniform.iter().enumerate() {
                let (p, q) = (deck[2 * u], deck[2 * u + 1]);
                used |= 1 << p | 1 << q;
                if let Some(a) = self.active_index[s] {
                    holes[a % N] = card_hand(p).combine(card_hand(q));
                    if breakdown {
                        let (hi, lo) = (p.max(q) as usize, p.min(q) as usize);
                        slots[a % N] = self.pair_slots[s][52 * hi + lo];
                    }
                }
            }
            // 3. The boards.
            let wins_before = acc.wins;
            // Every river card left, the disjoint completions, or the board.
            deals_per_prefix = match missing {
                0 => 1,
                1 => u64::from((self.free & !used).count_ones()),
                _ => self.boards as u64,
            };
            deals += deals_per_prefix;
            let tied_before = acc.tied;
            match missing {
                0 => {
                    for (r, h) in ranks.iter_mut().zip(&holes).take(n) {
                        *r = h.combine(self.base).rank7().value() as u16;
                    }
                    acc.record(&ranks, n);
                }
                1 => {
                    // Every card left.
                    let mut avail = self.free & !used;
                    while avail != 0 {
                        let c = avail.trailing_zeros() as u8;
                        avail &= avail - 1;
                        let board = self.base.combine(card_hand(c));
                        for (r, h) in ranks.iter_mut().zip(&holes).take(n) {
                            *r = h.combine(board).rank7().value() as u16;
                        }
                        acc.record(&ranks, n);
                    }
                }
                _ => {
                    // Disjoint completions, each uniform given the seats.
                    deal(
                        &mut rng,
                        deck,
                        seat_cards,
                        missing * self.boards,
                        restricted_cards,
                    );
                    let cards = &deck[seat_cards..seat_cards + missing * self.boards];
                    for completion in cards.chunks_exact(missing) {
                        let board = completion
                            .iter()
                            .fold(self.base, |b, &c| b.combine(card_hand(c)));
                        for (r, h) in ranks.iter_mut().zip(&holes).take(n) {
                            *r = h.combine(board).rank7().value() as u16;
                        }
                        acc.record(&ranks, n);
                    }
                }
            }
            // Per seat, its pot share summed over the prefix's boards.
            let mut x = [0u64; N];
            for a in 0..n {
                x[a] = (acc.wins[a] - wins_before[a]) * acc.share[1] + acc.tie_x[a];
                acc.tie_x[a] = 0;
            }
            if breakdown {
                for a in 0..n {
                    let c = &mut combos[slots[a] as usize];
                    let x = u128::from(x[a]);
                    c.prefixes += 1;
                    c.total += u128::from(deals_per_prefix);
                    c.win += u128::from(acc.wins[a] - wins_before[a]);
                    c.tie += u128::from(acc.tied[a] - tied_before[a]);
                    c.share += x;
                    c.share_sq += x * x;
                }
            }
            for ((&x, sx), sx2) in x.iter().zip(&mut sum_x).zip(&mut sum_x2).take(n) {
                *sx += u128::from(x);
                *sx2 += u128::from(x) * u128::from(x);
            }
        }
        let mut tally = Tally::new(n);
        tally.add_counts(&acc.wins[..n], &acc.ties, deals, 1);
        tally.add_prefixes(
            &sum_x[..n],
            &sum_x2[..n],
            size,
            u128::from(lcm) * u128::from(deals_per_prefix),
        );
        tally.combos = combos;
        Ok(tally)
    }
}

impl Sampler<'_> {
    /// Runs block `block` of the cluster design: `clusters` clusters of
    /// `size` deals each.
    fn cluster_block(
        &self,
        seed: u64,
        block: u64,
        clusters: u64,
        size: u64,
    ) -> Result<Tally, EquityError> {
        match self.setup.active.len() {
            2 => self.cluster_block_for::<2>(seed, block, clusters, size),
            3 => self.cluster_block_for::<3>(seed, block, clusters, size),
            4 => self.cluster_block_for::<4>(seed, block, clusters, size),
            5 => self.cluster_block_for::<5>(seed, block, clusters, size),
            6 => self.cluster_block_for::<6>(seed, block, clusters, size),
            7 => self.cluster_block_for::<7>(seed, block, clusters, size),
            8 => self.cluster_block_for::<8>(seed, block, clusters, size),
            _ => self.cluster_block_for::<MAX_SEATS>(seed, block, clusters, size),
        }
    }

    /// [`Sampler::cluster_block`] for at most `N` active seats (exactly `N`
    /// when `N < MAX_SEATS`). Every active seat is uniform.
    #[inline(always)]
    fn cluster_block_for<const N: usize>(
        &self,
        seed: u64,
        block: u64,
        clusters: u64,
        size: u64,
    ) -> Result<Tally, EquityError> {
        let setup = self.setup;
        let n = if N < MAX_SEATS { N } else { setup.active.len() };
        let mut rng = Randoms::new(seed, block);
        let mut acc = Accumulator::<N>::new(n);
        let lcm = acc.share[1];
        let mut sum_x = [0u128; N];
        let mut sum_x2 = [0u128; N];
        // Restricted seats are folded here: they only take cards.
        let mut holes = [CompactHand::EMPTY; N];
        let mut slots = [0u32; N];
        let missing = setup.missing;
        let mut deck = [0u8; 52];
        let mut free = self.free;
        let mut len = 0;
        while free != 0 {
            deck[len] = free.trailing_zeros() as u8;
            free &= free - 1;
            len += 1;
        }
        let deck = &mut deck[..len];
        // The board's rank of every pair of the cards the uniform seats can
        // get, by `64 * p + q` (both orders). A full board is ranked once.
        let mut table = vec![0u16; 64 * 64].into_boxed_slice();
        if missing == 0 {
            rank_pairs(&mut table, self.base, deck);
        }
        // The cluster's shuffled cards, twice over, so that every window
        // of `seat_cards` consecutive cards (cyclically) is a slice.
        let mut cards = [0u8; 128];
        let mut rejected = 0u64;
        for accepted in 0..clusters {
            let used =
                self.draw_restricted(&mut rng, &mut holes, &mut slots, accepted, &mut rejected)?;
            deal(&mut rng, deck, 0, missing, used & self.free);
            let mut board = self.base;
            let mut taken = used;
            for &c in &deck[..missing] {
                board = board.combine(card_hand(c));
                taken |= 1 << c;
            }
            let mut m = 0;
            let mut left = self.free & !taken;
            while left != 0 {
                cards[m] = left.trailing_zeros() as u8;
                left &= left - 1;
                m += 1;
            }
            if missing > 0 {
                rank_pairs(&mut table, board, &cards[..m]);
            }
            let wins_before = acc.wins;
            let mut ranks = [0u16; N];
            let mut start = m;
            // Per active seat, where its cards are in a window.
            let mut at = [0usize; N];
            let uniform = self.uniform.len();
            let mut rotation = 0;
            for _ in 0..size {
                if start == m {
                    // A fresh shuffle: its `m` cyclic windows are `m`
                    // deals, each uniform over the ways to deal the seats.
                    shuffle_front(&mut rng, &mut cards, m, m - 1);
                    cards.copy_within(0..m, m);
                    start = 0;
                    // Seats take turns at each place in the window, which
                    // evens out their variances.
                    rotation = (rotation + 1) % uniform;
                    for &(u, a) in &self.uniform_active {
                        at[a] = 2 * ((u + rotation) % uniform);
                    }
                }
                for (r, &o) in ranks.iter_mut().zip(&at).take(n) {
                    let p = cards[(start + o) & 127];
                    let q = cards[(start + o + 1) & 127];
                    *r = table[(64 * usize::from(p) + usize::from(q)) & 4095];
                }
                acc.record(&ranks, n);
                start += 1;
            }
            for a in 0..n {
                let x = (acc.wins[a] - wins_before[a]) * lcm + acc.tie_x[a];
                acc.tie_x[a] = 0;
                sum_x[a] += u128::from(x);
                sum_x2[a] += u128::from(x) * u128::from(x);
            }
        }
        let mut tally = Tally::new(n);
        tally.add_counts(&acc.wins[..n], &acc.ties, clusters * size, 1);
        tally.add_prefixes(
            &sum_x[..n],
            &sum_x2[..n],
            clusters,
            u128::from(lcm) * u128::from(size),
        );
        Ok(tally)
    }
}

/// Draws of the restricted seats the pilot in [`Sampler::crowded_table`]
/// makes.
const PILOT_DRAWS: u32 = 4096;
/// Seconds per restricted seat in a rejection draw (measured: 3.2 ns with
/// five seats of `QQ+,AK`).
const REJECTION_STEP_S: f64 = 3.5e-9;

/// Fills `table` with the rank of every pair of `cards` on `board` (five
/// cards), by `64 * p + q` in both orders.
fn rank_pairs(table: &mut [u16], board: CompactHand, cards: &[u8]) {
    for (i, &p) in cards.iter().enumerate() {
        let with_p = board.combine(card_hand(p));
        for &q in &cards[i + 1..] {
            let r = with_p.combine(card_hand(q)).rank7().value() as u16;
            table[(64 * usize::from(p) + usize::from(q)) & 4095] = r;
            table[(64 * usize::from(q) + usize::from(p)) & 4095] = r;
        }
    }
}

/// The compact hand of the card with index `c` (< 52).
#[inline(always)]
fn card_hand(c: u8) -> CompactHand {
    CompactHand::from_index(c)
}

impl Sampler<'_> {
    /// Prepares sampling for `setup`.
    fn new(setup: &Setup, budget: Option<u64>) -> Sampler<'_> {
        let free = CardSet::from_bits(setup.known.bits() | setup.fixed.bits()).complement();
        let free_count = free.len();
        let all_pairs = free_count * free_count.saturating_sub(1) / 2;
        let dealing: Vec<Dealing> = setup
            .seats
            .iter()
            .map(|seat| {
                let uniform = seat.combos.len() == all_pairs
                    && seat.combos.len() > 1
                    && seat.weights.iter().all(|&w| w == seat.weights[0]);
                if uniform {
                    Dealing::Uniform
                } else {
                    Dealing::Restricted(Alias::new(&seat.weights))
                }
            })
            .collect();
        let restricted: Vec<usize> = (0..dealing.len())
            .filter(|&s| matches!(dealing[s], Dealing::Restricted(_)))
            .collect();
        let uniform: Vec<usize> = (0..dealing.len())
            .filter(|&s| matches!(dealing[s], Dealing::Uniform))
            .collect();
        let mut active_index = vec![None; setup.seats.len()];
        for (a, &s) in setup.active.iter().enumerate() {
            active_index[s] = Some(a);
        }
        // Cards left once every seat holds two and the known board is out.
        let left = free.len() + setup.fixed.len() - 2 * setup.seats.len();
        let boards = (left / setup.missing.max(1)).clamp(1, MAX_BOARDS);
        let (active_offsets, live) = breakdown::layout(setup);
        let mut offsets = vec![0u32; setup.seats.len()];
        for (&s, &o) in setup.active.iter().zip(&active_offsets) {
            offsets[s] = o as u32;
        }
        let mut pair_slots = vec![Vec::new(); setup.seats.len()];
        if setup.breakdown {
            for &s in &uniform {
                if active_index[s].is_some() {
                    let mut table = vec![0u32; 52 * 52];
                    for (i, combo) in setup.seats[s].combos.iter().enumerate() {
                        let (hi, lo) = (combo.hi().index() as usize, combo.lo().index() as usize);
                        table[52 * hi + lo] = offsets[s] + i as u32;
                    }
                    pair_slots[s] = table;
                }
            }
        }
        let uniform_active: Vec<(usize, usize)> = uniform
            .iter()
            .enumerate()
            .filter_map(|(u, &s)| active_index[s].map(|a| (u, a)))
            .collect();
        let restricted_active = restricted.iter().any(|&s| active_index[s].is_some());
        let boards_per_prefix = match setup.missing {
            0 => 1,
            1 => {
                let dealt = setup.seats.iter().filter(|s| s.combos.len() > 1).count();
                (free.len() - 2 * dealt) as u64
            }
            _ => boards as u64,
        };
        // Clusters when every active seat is uniform (see the module
        // documentation), as large as the budget allows with enough
        // clusters for a standard error.
        let all_uniform = !uniform_active.is_empty() && !restricted_active;
        let design = match budget.map(|b| b / MIN_CLUSTERS) {
            _ if !all_uniform || setup.breakdown => Design::Prefixes,
            None => Design::Clusters {
                deals: MAX_CLUSTER_DEALS,
            },
            Some(most) if most >= MIN_CLUSTER_DEALS => Design::Clusters {
                deals: 1 << most.min(MAX_CLUSTER_DEALS).ilog2(),
            },
            Some(_) => Design::Prefixes,
        };
        let mut sampler = Sampler {
            design,
            crowded: None,
            boards_per_prefix,
            setup,
            dealing,
            restricted,
            uniform,
            uniform_active,
            active_index,
            base: setup
                .board
                .iter()
                .fold(CompactHand::EMPTY, |h, &c| h.add_card(c)),
            free: free.bits(),
            boards,
            offsets,
            live,
            pair_slots,
        };
        sampler.crowded = sampler.crowded_table();
        sampler
    }
}

impl Sampler<'_> {
    /// Deals per unit (a prefix or a cluster).
    fn unit_deals(&self) -> u64 {
        match self.design {
            Design::Prefixes => self.boards_per_prefix,
            Design::Clusters { deals } => deals,
        }
    }

    /// Units per block.
    fn block_units(&self) -> u64 {
        match self.design {
            Design::Prefixes => BLOCK,
            Design::Clusters { deals } => CLUSTER_BLOCK_DEALS / deals,
        }
    }
}

/// Blocks in round `r`: 1, 2, 4, … up to [`MAX_ROUND_BLOCKS`].
fn round_blocks(round: u32) -> u64 {
    1u64 << round.min(MAX_ROUND_BLOCKS.trailing_zeros())
}

/// Most blocks in one round.
const MAX_ROUND_BLOCKS: u64 = 64;

/// Blocks for the next round when stopping at a target error: about as
/// many as the error still asks for (the squared ratio of the worst
/// standard error to the target, times the units so far; `per_block`
/// units a block), 5% over, at least two and at most the usual round.
fn blocks_to_target(units: u64, worst: f64, target: f64, usual: u64, per_block: u64) -> u64 {
    let needed = units as f64 * ((worst / target).powi(2) - 1.0) * 1.05;
    if needed.is_finite() && needed > 0.0 {
        ((needed / per_block as f64).ceil() as u64).clamp(2, usual)
    } else {
        usual
    }
}

/// Samples until the trial budget or the target error is reached.
pub fn run(
    setup: &Setup,
    request: &EquityRequest,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<EquityResult, EquityError> {
    if request.trials == Some(0) {
        return Err(EquityError::BadSetting(
            "the trial budget must be above zero",
        ));
    }
    if let Some(t) = request.target_std_error
        && !(t > 0.0 && t.is_finite())
    {
        return Err(EquityError::BadSetting(
            "the target standard error must be above zero",
        ));
    }
    let budget = match (request.trials, request.target_std_error) {
        (Some(t), _) => t,
        (None, Some(_)) => u64::MAX,
        (None, None) => DEFAULT_TRIALS,
    };
    let sampler = Sampler::new(setup, (budget != u64::MAX).then_some(budget));
    let n = setup.active.len();
    // Budget and rounds count units (prefixes or clusters).
    let unit = sampler.unit_deals();
    let per_block = sampler.block_units();
    let budget = if budget == u64::MAX {
        budget
    } else {
        budget.div_ceil(unit)
    };
    let mut tally = Tally::new(n);
    let mut next_block = 0u64;
    let mut round = 0;
    let mut last_snapshot = Instant::now();
    // The largest standard error of any seat's equity.
    let worst_std_error = |tally: &Tally| {
        tally
            .figures(&setup.active, true)
            .iter()
            .map(|s| s.std_error)
            .fold(0.0, f64::max)
    };
    let snapshot = |tally: &Tally, finished: bool| {
        let elapsed = start.elapsed().as_secs_f64();
        let progress = if budget == u64::MAX {
            let worst = worst_std_error(tally);
            let target = request.target_std_error.unwrap_or(1.0);
            if worst <= 0.0 {
                0.0
            } else {
                (target / worst).powi(2).min(1.0)
            }
        } else {
            tally.prefixes() as f64 / budget as f64
        };
        EquityResult {
            breakdown: if tally.combos.is_empty() {
                Vec::new()
            } else {
                breakdown::breakdown(setup, &tally.combos, true)
            },
            seats: tally.figures(&setup.active, true),
            samples: tally.deals,
            elapsed_ms: elapsed * 1000.0,
            method: MethodUsed::MonteCarlo,
            seed: Some(request.seed),
            progress: if finished { 1.0 } else { progress.min(1.0) },
            samples_per_s: if elapsed > 0.0 {
                tally.deals as f64 / elapsed
            } else {
                0.0
            },
            finished,
        }
    };
    loop {
        let done = tally.prefixes();
        if done >= budget {
            break;
        }
        if let Some(target) = request.target_std_error
            && done >= 10 * per_block
            && worst_std_error(&tally) <= target
        {
            break;
        }
        if cancel() {
            return Err(EquityError::Cancelled);
        }
        let mut blocks = round_blocks(round);
        round += 1;
        if let Some(target) = request.target_std_error
            && done >= 10 * per_block
        {
            blocks = blocks_to_target(done, worst_std_error(&tally), target, blocks, per_block);
        }
        let first = next_block;
        next_block += blocks;
        let part = (first..first + blocks)
            .into_par_iter()
            .map(|b| {
                let begin = b.saturating_mul(per_block);
                let size = per_block.min(budget.saturating_sub(begin));
                match sampler.design {
                    _ if size == 0 => Ok(Tally::new(n)),
                    Design::Prefixes => sampler.block(request.seed, b, size),
                    Design::Clusters { deals } => {
                        sampler.cluster_block(request.seed, b, size, deals)
                    }
                }
            })
            .try_reduce(
                || Tally::new(n),
                |mut a, b| {
                    a.merge(&b);
                    Ok(a)
                },
            )?;
        tally.merge(&part);
        if last_snapshot.elapsed().as_secs_f64() >= 0.05 {
            last_snapshot = Instant::now();
            on_snapshot(&snapshot(&tally, false));
        }
    }
    Ok(snapshot(&tally, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alias_table_matches_weights() {
        let weights = [1u64, 3, 0, 6];
        let alias = Alias::new(&weights);
        let mut counts = [0u64; 4];
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..200_000 {
            counts[alias.sample(rng.next_u64())] += 1;
        }
        assert_eq!(counts[2], 0);
        for (c, w) in counts.iter().zip(weights) {
            let expected = 200_000.0 * w as f64 / 10.0;
            assert!(
                (*c as f64 - expected).abs() < 5.0 * expected.sqrt().max(1.0),
                "{counts:?}"
            );
        }
    }
}
