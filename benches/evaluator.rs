//! Evaluator benchmarks: the sequential walk over every seven-card hand with
//! shared prefixes, and evaluation of random hands (memory-bound: each hand
//! is seven dependent lookups at random places in the 124 MiB table).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{Card, HandRank, HandState, eval};

/// Number of seven-card hands: 52 choose 7.
const SEVEN_CARD_HANDS: u64 = 133_784_560;

/// The card with index `i` (< 52).
fn card(i: usize) -> Card {
    Card::from_index(i as u8).expect("card index below 52")
}

/// Walks all seven-card hands in colex order, extending the state of each
/// prefix by one card, and hands every hand's rank to `consume`.
#[inline(always)]
fn enumerate_seven(mut consume: impl FnMut(HandRank)) {
    for a in 0..52 {
        let s1 = HandState::new().add_card(card(a));
        for b in a + 1..52 {
            let s2 = s1.add_card(card(b));
            for c in b + 1..52 {
                let s3 = s2.add_card(card(c));
                for d in c + 1..52 {
                    let s4 = s3.add_card(card(d));
                    for e in d + 1..52 {
                        let s5 = s4.add_card(card(e));
                        for f in e + 1..52 {
                            let s6 = s5.add_card(card(f));
                            for g in f + 1..52 {
                                consume(s6.rank_with(card(g)));
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A small xorshift generator, so the bench needs no extra dependency.
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// `count` random seven-card hands of distinct cards.
fn random_hands(count: usize) -> Vec<[Card; 7]> {
    let mut seed = 0x9e37_79b9_7f4a_7c15;
    (0..count)
        .map(|_| {
            let mut used = 0u64;
            let mut hand = [card(0); 7];
            let mut n = 0;
            while n < 7 {
                let index = (next_random(&mut seed) % 52) as usize;
                if used >> index & 1 == 0 {
                    used |= 1 << index;
                    hand[n] = card(index);
                    n += 1;
                }
            }
            hand
        })
        .collect()
}

fn evaluator(c: &mut Criterion) {
    let mut group = c.benchmark_group("evaluator");
    group.sample_size(10);
    group.throughput(Throughput::Elements(SEVEN_CARD_HANDS));
    // Every rank is summed into a checksum, as the C benches of this table
    // do: the sum depends on every lookup.
    group.bench_function("eval7 sequential (133,784,560 hands)", |b| {
        b.iter(|| {
            let mut checksum = 0u64;
            enumerate_seven(|rank| checksum += u64::from(rank.value()));
            black_box(checksum)
        })
    });
    // Counting by category is bound by store-to-load forwarding: consecutive
    // hands mostly share a category, so each increment waits for the last.
    group.bench_function(
        "eval7 sequential, category histogram (133,784,560 hands)",
        |b| {
            b.iter(|| {
                let mut by_category = [0u64; 16];
                enumerate_seven(|rank| by_category[(rank.value() >> 12) as usize] += 1);
                black_box(by_category)
            })
        },
    );

    let hands = random_hands(1_000_000);
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("eval7 random access (1,000,000 hands)", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for hand in black_box(&hands) {
                let state = HandState::new().add_cards(hand.iter().copied());
                sum += u64::from(state.rank().map_or(0, |r| r.value()));
            }
            sum
        })
    });
    // Eight independent walks in lockstep: the CPU overlaps their cache
    // misses, which is what a Monte Carlo inner loop can exploit.
    group.bench_function(
        "eval7 random access, 8 interleaved (1,000,000 hands)",
        |b| {
            b.iter(|| {
                let mut sum = 0u64;
                for chunk in black_box(&hands).chunks_exact(8) {
                    let mut states = [HandState::new(); 8];
                    for position in 0..7 {
                        for (state, hand) in states.iter_mut().zip(chunk) {
                            *state = state.add_card(hand[position]);
                        }
                    }
                    sum += states
                        .iter()
                        .map(|s| u64::from(s.rank().map_or(0, |r| r.value())))
                        .sum::<u64>();
                }
                sum
            })
        },
    );
    group.bench_function("evaluate() checked, random (1,000,000 hands)", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for hand in black_box(&hands) {
                sum += u64::from(eval::evaluate(hand).map_or(0, |r| r.value()));
            }
            sum
        })
    });
    group.finish();
}

criterion_group!(benches, evaluator);
criterion_main!(benches);
