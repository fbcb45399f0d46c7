//! Exact enumeration of every deal, in one of two orders, whichever the cost
//! model says is cheaper:
//!
//! * **Deal-major**: for each seat deal, walk every board completion with
//!   each active seat's evaluator state, extending shared prefixes level by
//!   level (the walk is nearly sequential in the table, so it runs at the
//!   evaluator's sequential speed). Preflop with no dead cards, deals that
//!   are the same up to a permutation of suits are walked once with their
//!   weights summed (suit isomorphism: `AKs` vs `QQ`'s 24 deals are 2 walks).
//! * **Board-major**: for each board completion, rank every live combo of
//!   each active seat once, then compare ranks for every seat deal
//!   compatible with the board. Wins when many deals share few combos
//!   (ranges on the flop or turn).
//!
//! Tallies are integer weight products (each seat's basis-point weights
//! divided by their gcd), so the result is exact to the last digit and the
//! same for any thread count.

use std::collections::HashMap;
use std::time::Instant;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::breakdown::{self, ComboCount, share_unit};
use super::deals::Setup;
use super::sweep::{self, TwoRanges};
use super::{EXACT_LIMIT_S, EquityError, EquityResult, MAX_SEATS, MethodUsed, Tally, add_outcome};
use crate::card::{Card, Suit};
use crate::combo::Combo;
use crate::compact::CompactHand;
use crate::eval::HandState;

/// Most seat deals the exact paths will list.
const DEAL_LIMIT: u64 = 4_000_000;
/// Seconds per combo evaluated against a board (a random table access).
const EVAL_RANDOM_S: f64 = 20e-9;
/// Seconds per seat and board in the deal-major walk (nearly sequential).
const EVAL_WALK_S: f64 = 2.0e-9;
/// Seconds per live combo and board to sort and sweep two ranges.
const SWEEP_S: f64 = 20e-9;
/// Seconds per deal compared on a board.
const COMPARE_S: f64 = 3e-9;
/// Board-major counts outcomes per set of winners (`2^seats` counters) up
/// to this many active seats.
const WINNER_SET_SEATS: usize = 10;
/// Copies of the winner-set counters, used in turn by consecutive deals.
const LANES: usize = 4;

/// The two enumeration orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// For each deal, every board.
    DealMajor,
    /// For each board, every deal.
    BoardMajor,
}

/// What exact enumeration of a setup would cost.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Board completions.
    pub boards: u64,
    /// Seat deals (`None`: more than the exact paths list).
    pub deals: Option<u64>,
    /// Deal walks after suit isomorphism (deal-major).
    pub walks: u64,
    /// The cheaper order.
    pub order: Order,
    /// Estimated single-thread seconds of that order.
    pub cost_s: f64,
}

impl Plan {
    /// Estimated seconds on `threads` threads.
    pub fn estimate_s(&self, threads: usize) -> f64 {
        self.cost_s / threads.max(1) as f64
    }
}

/// `n` choose `k`.
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Whether suit isomorphism applies: no board and no dead cards.
fn symmetric(setup: &Setup) -> bool {
    setup.known.is_empty()
}

/// The 24 permutations of the four suits.
pub(crate) fn suit_permutations() -> Vec<[u8; 4]> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                for d in 0..4u8 {
                    let p = [a, b, c, d];
                    if (0..4).all(|i| (0..4).all(|j| i == j || p[i] != p[j])) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// A combo with its suits permuted.
fn permute(combo: Combo, perm: &[u8; 4]) -> Combo {
    let map = |card: Card| {
        let suit = Suit::from_index(perm[card.suit().index() as usize]).unwrap_or(card.suit());
        Card::new(card.rank(), suit)
    };
    let [a, b] = combo.cards();
    Combo::new(map(a), map(b)).unwrap_or(combo)
}

/// One walk of the deal-major order: a deal (each seat's combo) and the
/// summed weight of the deals it stands for.
#[derive(Clone, Debug)]
struct Walk {
    combos: Vec<Combo>,
    mask: u64,
    weight: u128,
    /// With a breakdown: every deal the walk stands for, as its weight and
    /// each active seat's slot in the flat per-combo tallies.
    members: Vec<(u128, Vec<u32>)>,
}

/// The deals to walk: all of them, or one per suit-isomorphism class.
fn walks(setup: &Setup, limit: u64) -> Option<Vec<Walk>> {
    let mut out: Vec<Walk> = Vec::new();
    let mut index: HashMap<Vec<u16>, usize> = HashMap::new();
    let perms = if symmetric(setup) {
        suit_permutations()
    } else {
        vec![[0, 1, 2, 3]]
    };
    let mut over = false;
    let (offsets, _) = breakdown::layout(setup);
    setup.for_each_deal(&mut |positions, mask, weight| {
        let member = || {
            let slots = setup
                .active
                .iter()
                .zip(&offsets)
                .map(|(&s, &o)| (o + usize::from(positions[s])) as u32)
                .collect();
            (weight, slots)
        };
        let combos: Vec<Combo> = positions
            .iter()
            .enumerate()
            .map(|(s, &p)| setup.seats[s].combos[usize::from(p)])
            .collect();
        let key = perms
            .iter()
            .map(|perm| {
                combos
                    .iter()
                    .map(|&c| permute(c, perm).index() as u16)
                    .collect::<Vec<u16>>()
            })
            .min()
            .unwrap_or_default();
        match index.get(&key) {
            Some(&i) => {
                out[i].weight += weight;
                if setup.breakdown {
                    out[i].members.push(member());
                }
            }
            None => {
                index.insert(key, out.len());
                out.push(Walk {
                    combos,
                    mask,
                    weight,
                    members: if setup.breakdown {
                        vec![member()]
                    } else {
                        Vec::new()
                    },
                });
                if out.len() as u64 > limit {
                    over = true;
                }
            }
        }
        !over
    });
    (!over).then_some(out)
}

/// Plans exact enumeration: counts boards and deals and estimates both
/// orders.
pub fn plan(setup: &Setup) -> Plan {
    let deck = setup.deck().len() as u64;
    let boards = choose(deck, setup.missing as u64);
    // Two ranges (the rest single combos): counted in closed form.
    let deals = if TwoRanges::applies(setup) {
        Some(TwoRanges::count_deals(setup))
    } else {
        setup.count_deals(DEAL_LIMIT)
    };
    let active = setup.active.len() as f64;
    let live: f64 = setup
        .active
        .iter()
        .map(|&s| setup.seats[s].combos.len() as f64)
        .sum();
    let Some(deal_count) = deals else {
        return Plan {
            boards,
            deals,
            walks: u64::MAX,
            order: Order::BoardMajor,
            cost_s: f64::INFINITY,
        };
    };
    // Suit isomorphism cuts walks by up to 24; estimate it without listing
    // the classes when there are many deals.
    let walks = if symmetric(setup) && deal_count > 1 {
        if deal_count <= 20_000 {
            walks(setup, DEAL_LIMIT).map_or(deal_count, |w| w.len() as u64)
        } else {
            deal_count / 12
        }
    } else {
        deal_count
    };
    let deal_major = walks as f64 * boards as f64 * active * EVAL_WALK_S;
    // Per-combo counting costs about as much again per deal multiway.
    let compare_s = if setup.breakdown && setup.active.len() > 2 {
        2.0 * COMPARE_S
    } else {
        COMPARE_S
    };
    let board_major = if sweeps(setup, deal_count) {
        boards as f64 * live * (EVAL_RANDOM_S + SWEEP_S)
    } else {
        boards as f64 * (live * EVAL_RANDOM_S + deal_count as f64 * compare_s)
    };
    let (order, cost_s) = if deal_major <= board_major {
        (Order::DealMajor, deal_major)
    } else {
        (Order::BoardMajor, board_major)
    };
    Plan {
        boards,
        deals,
        walks,
        order,
        cost_s,
    }
}

/// Runs the equally sized work items in rounds on the current rayon pool, merging tallies,
/// checking `cancel` and sending snapshots between rounds.
fn rounds<T: Sync>(
    items: &[T],
    setup: &Setup,
    process: impl Fn(&T) -> Tally + Sync,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<Tally, EquityError> {
    let seats = setup.active.len();
    let mut tally = Tally::new(seats);
    let mut done = 0;
    let mut batch = rayon::current_num_threads().max(1);
    let mut last_snapshot = Instant::now();
    while done < items.len() {
        if cancel() {
            return Err(EquityError::Cancelled);
        }
        let end = (done + batch).min(items.len());
        let round_start = Instant::now();
        let part = items[done..end].par_iter().map(&process).reduce(
            || Tally::new(seats),
            |mut a, b| {
                a.merge(&b);
                a
            },
        );
        tally.merge(&part);
        if setup.breakdown {
            tally.settle(breakdown::layout(setup).1);
        }
        done = end;
        if round_start.elapsed().as_secs_f64() < 0.02 {
            batch *= 2;
        }
        if done < items.len() && last_snapshot.elapsed().as_secs_f64() >= 0.05 {
            last_snapshot = Instant::now();
            on_snapshot(&result(
                &tally,
                setup,
                start,
                done as f64 / items.len() as f64,
                false,
            ));
        }
    }
    Ok(tally)
}

/// A result from a tally.
fn result(
    tally: &Tally,
    setup: &Setup,
    start: Instant,
    progress: f64,
    finished: bool,
) -> EquityResult {
    let elapsed = start.elapsed().as_secs_f64();
    EquityResult {
        breakdown: if tally.combos.is_empty() {
            Vec::new()
        } else {
            breakdown::breakdown(setup, &tally.combos, false)
        },
        seats: tally.figures(&setup.active, false),
        samples: tally.deals,
        elapsed_ms: elapsed * 1000.0,
        method: MethodUsed::Exact,
        seed: None,
        progress: progress.clamp(0.0, 1.0),
        samples_per_s: if elapsed > 0.0 {
            tally.deals as f64 / elapsed
        } else {
            0.0
        },
        finished,
    }
}

/// Enumerates every deal of `setup` in the order `plan` chose.
pub fn run(
    setup: &Setup,
    plan: &Plan,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<EquityResult, EquityError> {
    let threads = rayon::current_num_threads();
    let estimate_s = plan.estimate_s(threads);
    let bound = setup.max_weight() * plan.deals.unwrap_or(u64::MAX) as f64 * plan.boards as f64;
    if estimate_s > EXACT_LIMIT_S || plan.deals.is_none() || bound > 1e36 {
        return Err(EquityError::TooLarge { estimate_s });
    }
    let tally = match plan.order {
        Order::DealMajor => deal_major(setup, start, cancel, on_snapshot)?,
        Order::BoardMajor => board_major(
            setup,
            plan.deals.unwrap_or(u64::MAX),
            start,
            cancel,
            on_snapshot,
        )?,
    };
    Ok(result(&tally, setup, start, 1.0, true))
}

/// Every completion of `missing` cards from `deck`, each as a list of deck
/// positions, in a fixed pseudo-random order (so partial results are
/// representative).
fn boards(deck: &[Card], missing: usize) -> Vec<[Card; 5]> {
    let mut out = Vec::new();
    let mut current = [Card::new(crate::card::Rank::Two, Suit::Clubs); 5];
    fn fill(
        deck: &[Card],
        from: usize,
        depth: usize,
        missing: usize,
        current: &mut [Card; 5],
        out: &mut Vec<[Card; 5]>,
    ) {
        if depth == missing {
            out.push(*current);
            return;
        }
        for i in from..deck.len() {
            current[depth] = deck[i];
            fill(deck, i + 1, depth + 1, missing, current, out);
        }
    }
    fill(deck, 0, 0, missing, &mut current, &mut out);
    out.shuffle(&mut ChaCha8Rng::seed_from_u64(0x5EED));
    out
}

/// Whether board-major counts `setup` (with `deal_count` deals) by the
/// two-range sweep: exactly two ranged seats, winner-set counting (u64
/// sums), and per-combo counters that fit a u64 if a breakdown is asked.
fn sweeps(setup: &Setup, deal_count: u64) -> bool {
    let (small, shares_fit) = u64_sums(setup, deal_count);
    small
        && setup.active.len() <= WINNER_SET_SEATS
        && (!setup.breakdown || shares_fit)
        && TwoRanges::applies(setup)
}

/// Whether per-chunk (64 boards) sums of deal weights fit a u64 (always
/// for unweighted ranges), and whether pot shares in units of
/// `1 / lcm(1..=n)` do too.
fn u64_sums(setup: &Setup, deal_count: u64) -> (bool, bool) {
    let bound = setup.max_weight() * deal_count as f64 * 64.0;
    let unit = share_unit(setup.active.len()) as f64;
    (bound < 1e18, bound * unit < 1e18)
}

/// Board-major enumeration.
fn board_major(
    setup: &Setup,
    deal_count: u64,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<Tally, EquityError> {
    // The active seats' live combos side by side in one rank array, and the
    // deals flattened: per deal its mask, weight and, per active seat, the
    // index of its combo in that array.
    let active = &setup.active;
    let offsets: Vec<u32> = active
        .iter()
        .scan(0u32, |next, &s| {
            let here = *next;
            *next += setup.seats[s].combos.len() as u32;
            Some(here)
        })
        .collect();
    let live: usize = active.iter().map(|&s| setup.seats[s].combos.len()).sum();
    let n = active.len();
    // Per chunk of 64 boards, u64 sums (cheaper than u128 tallies) when
    // they fit.
    let (small, shares_fit) = u64_sums(setup, deal_count);
    // With few seats, outcomes are counted per set of winners and split
    // into wins and ties once per chunk.
    let by_winners = small && n <= WINNER_SET_SEATS;
    let unit = share_unit(n);
    // Multiway per-combo counters in u64.
    let compact = n > 2 && shares_fit;
    // Two ranged seats, the others with one combo: sort and sweep instead
    // of scanning every deal (which are then not listed at all).
    let two_ranges = if sweeps(setup, deal_count) {
        TwoRanges::new(setup)
    } else {
        None
    };
    let mut masks = Vec::new();
    let mut weights = Vec::new();
    let mut slots: Vec<u32> = Vec::new();
    if two_ranges.is_none() {
        setup.for_each_deal(&mut |p, mask, weight| {
            masks.push(mask);
            weights.push(weight);
            slots.extend(
                active
                    .iter()
                    .zip(&offsets)
                    .map(|(&s, &o)| o + u32::from(p[s])),
            );
            true
        });
    }
    let deck = setup.deck();
    let all_boards = boards(&deck, setup.missing);
    let chunks: Vec<&[[Card; 5]]> = all_boards.chunks(64).collect();
    let base = setup
        .board
        .iter()
        .fold(CompactHand::EMPTY, |h, &c| h.add_card(c));
    // Every live combo of the active seats as a compact hand, side by side
    // like `ranks` below.
    let hands: Vec<CompactHand> = active
        .iter()
        .flat_map(|&s| setup.seats[s].combos.iter())
        .map(|combo| {
            let [x, y] = combo.cards();
            CompactHand::single(x).add_card(y)
        })
        .collect();
    let combo_masks: Vec<u64> = active
        .iter()
        .flat_map(|&s| setup.seats[s].masks.iter().copied())
        .collect();
    // For that count, the active seats split into those with one combo
    // (active index, rank slot) and the others (active indices), whose rank
    // slots per deal are `var_slots`.
    let fixed: Vec<(usize, u32)> = (0..n)
        .filter(|&a| setup.seats[active[a]].combos.len() == 1)
        .map(|a| (a, offsets[a]))
        .collect();
    let variable: Vec<usize> = (0..n)
        .filter(|&a| setup.seats[active[a]].combos.len() > 1)
        .collect();
    // The winner scan reads per deal a mask, a u64 weight (weights are
    // small whenever it runs) and u16 slots: 8 + 8 + 2·V bytes.
    let weights64: Vec<u64> = if by_winners {
        weights.iter().map(|&w| w as u64).collect()
    } else {
        Vec::new()
    };
    let var_slots: Vec<u16> = slots
        .chunks_exact(n)
        .flat_map(|slot| variable.iter().map(|&a| slot[a] as u16))
        .collect();
    let unit_per_k: Vec<u128> = (0..=n as u128).map(|k| unit / k.max(1)).collect();
    let unit_k: Vec<u64> = unit_per_k.iter().map(|&u| u as u64).collect();
    let process = |chunk: &&[[Card; 5]]| {
        let mut tally = Tally::new(n);
        let mut combos = if setup.breakdown {
            vec![ComboCount::default(); live]
        } else {
            Vec::new()
        };
        let mut multi = if setup.breakdown && (compact || two_ranges.is_some()) {
            vec![[0u64; 4]; live]
        } else {
            Vec::new()
        };
        let mut heads_up = if setup.breakdown && n == 2 && small {
            vec![[0u64; 3]; live]
        } else {
            Vec::new()
        };
        let mut counts = Counts::new(n);
        let mut ranks = vec![0u32; live];
        let mut deal_ranks = vec![0u32; n];
        // `LANES` copies, deals taking turns: consecutive deals often add to
        // the same set, and one copy would chain every add on the last.
        let mut winner_sets = vec![0u64; if by_winners { LANES << n } else { 0 }];
        let mut scratch = sweep::Scratch::default();
        for cards in chunk.iter() {
            let cards = &cards[..setup.missing];
            let board = cards.iter().fold(base, |h, &c| h.add_card(c));
            let board_mask = cards.iter().fold(0u64, |m, c| m | c.bit());
            for ((r, hand), &mask) in ranks.iter_mut().zip(&hands).zip(&combo_masks) {
                *r = if mask & board_mask == 0 {
                    hand.combine(board).rank7().value()
                } else {
                    0
                };
            }
            if let Some(two) = &two_ranges {
                let (fixed_best, fixed_winners) = fixed_outcome(&fixed, &ranks);
                let per_combo = if setup.breakdown {
                    Some((multi.as_mut_slice(), unit_k.as_slice()))
                } else {
                    None
                };
                counts.deals += two.board(
                    &ranks,
                    board_mask,
                    fixed_best,
                    fixed_winners,
                    &mut winner_sets[..1 << n],
                    per_combo,
                    &mut scratch,
                );
                continue;
            }
            if setup.breakdown && n == 2 && small {
                // Heads-up: per combo slot [weight, wins, ties] in u64,
                // counted branch-free.
                let (mut first, mut second, mut tied) = (0u64, 0u64, 0u64);
                for ((&mask, slot), &weight) in
                    masks.iter().zip(slots.chunks_exact(2)).zip(&weights)
                {
                    if mask & board_mask != 0 {
                        continue;
                    }
                    let (i, j) = (slot[0] as usize, slot[1] as usize);
                    let (a, b) = (ranks[i], ranks[j]);
                    let w = weight as u64;
                    let (gt, lt, eq) = (
                        w * u64::from(a > b),
                        w * u64::from(a < b),
                        w * u64::from(a == b),
                    );
                    let x = &mut heads_up[i];
                    x[0] += w;
                    x[1] += gt;
                    x[2] += eq;
                    let y = &mut heads_up[j];
                    y[0] += w;
                    y[1] += lt;
                    y[2] += eq;
                    first += gt;
                    second += lt;
                    tied += eq;
                    counts.deals += 1;
                }
                counts.wins[0] += first;
                counts.wins[1] += second;
                counts.ties[2] += tied;
                counts.ties[3 + 2] += tied;
                counts.total += first + second + tied;
                continue;
            }
            if setup.breakdown && compact {
                // Per deal, also the outcome of each seat's combo, in u64
                // counters per chunk: [weight, wins, ties, share].
                for ((&mask, slot), &weight) in
                    masks.iter().zip(slots.chunks_exact(n)).zip(&weights)
                {
                    if mask & board_mask != 0 {
                        continue;
                    }
                    let w = weight as u64;
                    let mut best = 0;
                    for (r, &i) in deal_ranks.iter_mut().zip(slot) {
                        *r = ranks[i as usize];
                        best = best.max(*r);
                    }
                    let k = deal_ranks.iter().filter(|&&r| r == best).count();
                    let (sole, shared) = (w * u64::from(k == 1), w * u64::from(k > 1));
                    let share = w * unit_k[k];
                    let mut winners = 0usize;
                    for (a, (&r, &i)) in deal_ranks.iter().zip(slot).enumerate() {
                        let c = &mut multi[i as usize];
                        let top = u64::from(r == best);
                        winners |= (top as usize) << a;
                        c[0] += w;
                        c[1] += sole * top;
                        c[2] += shared * top;
                        c[3] += share * top;
                    }
                    if by_winners {
                        winner_sets[winners] += w;
                        counts.deals += 1;
                    } else {
                        counts.record_weighted(&deal_ranks, w);
                    }
                }
                continue;
            }
            if setup.breakdown {
                // Per deal, also the outcome of each seat's combo.
                for ((&mask, slot), &weight) in
                    masks.iter().zip(slots.chunks_exact(n)).zip(&weights)
                {
                    if mask & board_mask != 0 {
                        continue;
                    }
                    for (r, &i) in deal_ranks.iter_mut().zip(slot) {
                        *r = ranks[i as usize];
                    }
                    let best = deal_ranks.iter().copied().fold(0, u32::max);
                    let k = deal_ranks.iter().filter(|&&r| r == best).count();
                    for (&r, &i) in deal_ranks.iter().zip(slot) {
                        let c = &mut combos[i as usize];
                        c.total += weight;
                        if r == best {
                            if k == 1 {
                                c.win += weight;
                            } else {
                                c.tie += weight;
                            }
                            c.share += weight * unit_per_k[k];
                        }
                    }
                    if small {
                        counts.record_weighted(&deal_ranks, weight as u64);
                    } else {
                        tally.record(&deal_ranks, weight);
                    }
                }
                continue;
            }
            if by_winners {
                // Seats with a single combo rank the same in every deal.
                let (fixed_best, fixed_winners) = fixed_outcome(&fixed, &ranks);
                let scan = WinnerScan {
                    ranks: &ranks,
                    masks: &masks,
                    weights: &weights64,
                    slots: &var_slots,
                    board_mask,
                    fixed_best,
                    fixed_winners,
                    sets: 1 << n,
                };
                counts.deals += match variable.len() {
                    1 => scan.run::<1>(&variable, &mut winner_sets),
                    2 => scan.run::<2>(&variable, &mut winner_sets),
                    3 => scan.run::<3>(&variable, &mut winner_sets),
                    4 => scan.run::<4>(&variable, &mut winner_sets),
                    5 => scan.run::<5>(&variable, &mut winner_sets),
                    6 => scan.run::<6>(&variable, &mut winner_sets),
                    7 => scan.run::<7>(&variable, &mut winner_sets),
                    8 => scan.run::<8>(&variable, &mut winner_sets),
                    9 => scan.run::<9>(&variable, &mut winner_sets),
                    0 => scan.run::<0>(&variable, &mut winner_sets),
                    _ => scan.run::<WINNER_SET_SEATS>(&variable, &mut winner_sets),
                };
                continue;
            }
            for ((&mask, slot), &weight) in masks.iter().zip(slots.chunks_exact(n)).zip(&weights) {
                if mask & board_mask != 0 {
                    continue;
                }
                for (r, &i) in deal_ranks.iter_mut().zip(slot) {
                    *r = ranks[i as usize];
                }
                if small {
                    counts.record_weighted(&deal_ranks, weight as u64);
                } else {
                    tally.record(&deal_ranks, weight);
                }
            }
        }
        let sets = if by_winners { 1 << n } else { 0 };
        for winners in 0..sets {
            let weight: u64 = (0..LANES).map(|l| winner_sets[l * sets + winners]).sum();
            let k = winners.count_ones() as usize;
            counts.total += weight;
            for s in (0..n).filter(|&s| winners >> s & 1 == 1) {
                if k == 1 {
                    counts.wins[s] += weight;
                } else {
                    counts.ties[s * (n + 1) + k] += weight;
                }
            }
        }
        if setup.breakdown && two_ranges.is_some() {
            // A single-combo seat's combo counts are its seat's (the sweep
            // counts every deal through the winner sets).
            for &(a, slot) in &fixed {
                let ties = &counts.ties[a * (n + 1)..(a + 1) * (n + 1)];
                let c = &mut multi[slot as usize];
                c[0] += counts.total;
                c[1] += counts.wins[a];
                c[2] += ties.iter().sum::<u64>();
                c[3] += counts.wins[a] * unit_k[1]
                    + ties.iter().zip(&unit_k).map(|(t, u)| t * u).sum::<u64>();
            }
        }
        tally.add_weighted(
            &counts.wins,
            &counts.ties,
            counts.deals,
            u128::from(counts.total),
        );
        for (c, &[total, win, tie, share]) in combos.iter_mut().zip(&multi) {
            c.total += u128::from(total);
            c.win += u128::from(win);
            c.tie += u128::from(tie);
            c.share += u128::from(share);
        }
        for (c, &[total, win, tie]) in combos.iter_mut().zip(&heads_up) {
            c.total += u128::from(total);
            c.win += u128::from(win);
            c.tie += u128::from(tie);
            c.share += u128::from(2 * win + tie);
        }
        tally.combos = combos;
        tally
    };
    rounds(&chunks, setup, process, start, cancel, on_snapshot)
}

/// The best rank among the active seats with a single combo (`fixed`:
/// active index, rank slot), 0 if none, and those holding it (bits by
/// active index).
fn fixed_outcome(fixed: &[(usize, u32)], ranks: &[u32]) -> (u32, usize) {
    let best = fixed
        .iter()
        .map(|&(_, i)| ranks[i as usize])
        .fold(0, u32::max);
    let winners = fixed
        .iter()
        .filter(|&&(_, i)| ranks[i as usize] == best)
        .fold(0, |w, &(a, _)| w | 1 << a);
    (best, winners)
}

/// One board's pass over the deals in board-major order, counting the
/// weight of each set of winners.
struct WinnerScan<'a> {
    /// Rank of every live combo on this board.
    ranks: &'a [u32],
    /// Per deal: card mask, weight, and the rank slots of the seats with
    /// more than one combo.
    masks: &'a [u64],
    weights: &'a [u64],
    slots: &'a [u16],
    /// The board's cards.
    board_mask: u64,
    /// Best rank among the active seats with a single combo (0 if none),
    /// and those seats holding it (bits by active index).
    fixed_best: u32,
    fixed_winners: usize,
    /// Winner sets per lane: `2^n`.
    sets: usize,
}

impl WinnerScan<'_> {
    /// Adds each deal compatible with the board to `winner_sets[winners]`
    /// and returns how many there were. `variable` holds the active
    /// indices of the `V` seats with more than one combo (`V` is exact up
    /// to 9; beyond, `variable.len() <= V` and the slots are read by
    /// `variable.len()`).
    #[inline(always)]
    fn run<const V: usize>(&self, variable: &[usize], winner_sets: &mut [u64]) -> u64 {
        let v = if V < WINNER_SET_SEATS {
            V
        } else {
            variable.len()
        };
        let mut bits = [0usize; V];
        for (b, &a) in bits.iter_mut().zip(variable) {
            *b = a;
        }
        let mut deals = 0;
        if v == 0 {
            // Every active seat holds a single combo.
            for (&mask, &weight) in self.masks.iter().zip(self.weights) {
                if mask & self.board_mask == 0 {
                    winner_sets[(deals as usize % LANES) * self.sets + self.fixed_winners] +=
                        weight;
                    deals += 1;
                }
            }
            return deals;
        }
        for ((&mask, slot), &weight) in self
            .masks
            .iter()
            .zip(self.slots.chunks_exact(v))
            .zip(self.weights)
        {
            if mask & self.board_mask != 0 {
                continue;
            }
            let mut r = [0u32; V];
            for (r, &i) in r.iter_mut().zip(slot) {
                *r = self.ranks[i as usize];
            }
            let best = r.iter().copied().fold(self.fixed_best, u32::max);
            let mut winners = if self.fixed_best == best {
                self.fixed_winners
            } else {
                0
            };
            for (&r, &b) in r.iter().zip(&bits).take(v) {
                winners |= usize::from(r == best) << b;
            }
            winner_sets[(deals as usize % LANES) * self.sets + winners] += weight;
            deals += 1;
        }
        deals
    }
}

/// Deal-major enumeration.
fn deal_major(
    setup: &Setup,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<Tally, EquityError> {
    let mut list = walks(setup, DEAL_LIMIT).ok_or(EquityError::TooLarge {
        estimate_s: f64::INFINITY,
    })?;
    list.shuffle(&mut ChaCha8Rng::seed_from_u64(0x5EED));
    let deck = setup.deck();
    let base = HandState::new().add_cards(setup.board.iter().copied());
    let n = setup.active.len();
    let missing = setup.missing;
    let unit = share_unit(n);
    // Work items: a walk, split by its first board card when two or more
    // cards are missing, so even a single deal spreads over all threads.
    let items: Vec<(usize, usize)> = list
        .iter()
        .enumerate()
        .flat_map(|(w, walk)| {
            let free = deck.iter().filter(|c| walk.mask & c.bit() == 0).count();
            let firsts = if missing >= 2 { free + 1 - missing } else { 1 };
            (0..firsts).map(move |i| (w, i))
        })
        .collect();
    let process = |&(w, first): &(usize, usize)| {
        let walk = &list[w];
        let cards: Vec<Card> = deck
            .iter()
            .copied()
            .filter(|c| walk.mask & c.bit() == 0)
            .collect();
        let mut states: Vec<HandState> = setup
            .active
            .iter()
            .map(|&s| base.add_cards(walk.combos[s].cards()))
            .collect();
        let mut counts = Counts::new(n);
        let mut ranks = vec![0u32; n];
        match missing {
            0 => {
                for (r, st) in ranks.iter_mut().zip(&states) {
                    *r = st.rank().map_or(0, |h| h.value());
                }
                counts.record(&ranks);
            }
            1 => walk_boards(&cards, 0, 1, &states, &mut ranks, &mut counts),
            _ => {
                for st in &mut states {
                    *st = st.add_card(cards[first]);
                }
                walk_boards(
                    &cards,
                    first + 1,
                    missing - 1,
                    &states,
                    &mut ranks,
                    &mut counts,
                );
            }
        }
        let mut tally = Tally::new(n);
        tally.add_counts(&counts.wins, &counts.ties, counts.deals, walk.weight);
        if setup.breakdown {
            // Every deal of the walk has the walk's outcomes seat by seat
            // (the same deal up to suits).
            let outcome: Vec<ComboCount> = (0..n)
                .map(|a| {
                    let ties = &counts.ties[a * (n + 1)..(a + 1) * (n + 1)];
                    let win = u128::from(counts.wins[a]);
                    ComboCount {
                        total: u128::from(counts.deals),
                        win,
                        tie: ties.iter().map(|&t| u128::from(t)).sum(),
                        share: win * unit
                            + (2..=n)
                                .map(|k| u128::from(ties[k]) * (unit / k as u128))
                                .sum::<u128>(),
                        ..ComboCount::default()
                    }
                })
                .collect();
            for (weight, member) in &walk.members {
                for (o, &i) in outcome.iter().zip(member) {
                    let c = ComboCount {
                        total: o.total * weight,
                        win: o.win * weight,
                        tie: o.tie * weight,
                        share: o.share * weight,
                        ..ComboCount::default()
                    };
                    tally.sparse.push((i, c));
                }
            }
        }
        tally
    };
    rounds(&items, setup, process, start, cancel, on_snapshot)
}

/// Unweighted outcome counts of one walk, scaled by its weight at the end.
struct Counts {
    wins: Vec<u64>,
    /// `ties[s * (n + 1) + k]`, as in `Tally`.
    ties: Vec<u64>,
    deals: u64,
    /// Weight recorded by `record_weighted` (0 when only `record` is used:
    /// then the total is `deals` times the walk's weight).
    total: u64,
}

impl Counts {
    fn new(n: usize) -> Counts {
        Counts {
            wins: vec![0; n],
            ties: vec![0; n * (n + 1)],
            deals: 0,
            total: 0,
        }
    }

    /// Records a deal of weight `w` (board-major, small weights).
    #[inline(always)]
    fn record_weighted(&mut self, ranks: &[u32], w: u64) {
        self.deals += 1;
        self.total += w;
        add_outcome(ranks, &mut self.wins, &mut self.ties, w);
    }

    #[inline(always)]
    fn record(&mut self, ranks: &[u32]) {
        self.deals += 1;
        if let [a, b] = *ranks {
            // Heads-up: one comparison.
            match a.cmp(&b) {
                std::cmp::Ordering::Greater => self.wins[0] += 1,
                std::cmp::Ordering::Less => self.wins[1] += 1,
                std::cmp::Ordering::Equal => {
                    self.ties[2] += 1;
                    self.ties[3 + 2] += 1;
                }
            }
            return;
        }
        add_outcome(ranks, &mut self.wins, &mut self.ties, 1);
    }
}

/// Adds the remaining `missing` board cards from `cards[from..]` to every
/// state, recording each complete board.
fn walk_boards(
    cards: &[Card],
    from: usize,
    missing: usize,
    states: &[HandState],
    ranks: &mut [u32],
    counts: &mut Counts,
) {
    if let [a, b] = *states {
        // Heads-up: the hottest loops of exact preflop.
        walk_two(cards, from, missing, a, b, counts);
        return;
    }
    if missing == 1 {
        for &card in &cards[from..] {
            for (r, st) in ranks.iter_mut().zip(states) {
                *r = st.rank_with(card).value();
            }
            counts.record(ranks);
        }
        return;
    }
    let mut next = [HandState::new(); MAX_SEATS];
    let next = &mut next[..states.len()];
    for i in from..cards.len() + 1 - missing {
        for (n, st) in next.iter_mut().zip(states) {
            *n = st.add_card(cards[i]);
        }
        walk_boards(cards, i + 1, missing - 1, next, ranks, counts);
    }
}

/// Boards `a` wins, ties and loses against `b` (disjoint combos) over all
/// 1,712,304 five-card boards of the other 48 cards, by the heads-up walk
/// of deal-major enumeration on the calling thread (about 3 ms).
pub(crate) fn two_combos(a: Combo, b: Combo) -> [u64; 3] {
    let used = a.mask().bits() | b.mask().bits();
    let cards: Vec<Card> = Card::all().filter(|c| used & c.bit() == 0).collect();
    let mut counts = Counts::new(2);
    walk_two(
        &cards,
        0,
        5,
        HandState::new().add_cards(a.cards()),
        HandState::new().add_cards(b.cards()),
        &mut counts,
    );
    [counts.wins[0], counts.ties[2], counts.wins[1]]
}

/// [`walk_boards`] for two seats with at least one card to come: states
/// passed by value, outcomes counted branch-free.
fn walk_two(
    cards: &[Card],
    from: usize,
    missing: usize,
    a: HandState,
    b: HandState,
    counts: &mut Counts,
) {
    if missing == 1 {
        let (mut first, mut second, mut tied) = (0u64, 0u64, 0u64);
        for &card in &cards[from..] {
            let (x, y) = (a.rank_with(card).value(), b.rank_with(card).value());
            first += u64::from(x > y);
            second += u64::from(x < y);
            tied += u64::from(x == y);
        }
        counts.wins[0] += first;
        counts.wins[1] += second;
        counts.ties[2] += tied;
        counts.ties[3 + 2] += tied;
        counts.deals += (cards.len() - from) as u64;
        return;
    }
    for i in from..cards.len() + 1 - missing {
        let card = cards[i];
        walk_two(
            cards,
            i + 1,
            missing - 1,
            a.add_card(card),
            b.add_card(card),
            counts,
        );
    }
}
