//! Evaluator benchmarks: the sequential walk over every seven-card hand with
//! shared prefixes, and evaluation of random hands (memory-bound: each hand
//! is seven dependent lookups at random places in the 124 MiB table).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{Card, HandState, eval};

/// Number of seven-card hands: 52 choose 7.
const SEVEN_CARD_HANDS: u64 = 133_784_560;

/// Walks all seven-card hands in colex order, extending the state of each
/// prefix, and counts them by category (indexed by the category code).
fn enumerate_seven(deck: &[Card; 52]) -> [u64; 16] {
    let mut by_category = [0u64; 16];
    for a in 0..52 {
        let s1 = HandState::new().add(deck[a]);
        for b in a + 1..52 {
            let s2 = s1.add(deck[b]);
            for c in b + 1..52 {
                let s3 = s2.add(deck[c]);
                for d in c + 1..52 {
                    let s4 = s3.add(deck[d]);
                    for e in d + 1..52 {
                        let s5 = s4.add(deck[e]);
                        for f in e + 1..52 {
                            let s6 = s5.add(deck[f]);
                            for &g in &deck[f + 1..] {
                                by_category[usize::from(s6.rank_with(g).value() >> 12)] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    by_category
}

/// A small xorshift generator, so the bench needs no extra dependency.
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// `count` random seven-card hands of distinct cards.
fn random_hands(count: usize, deck: &[Card; 52]) -> Vec<[Card; 7]> {
    let mut seed = 0x9e37_79b9_7f4a_7c15;
    (0..count)
        .map(|_| {
            let mut used = 0u64;
            let mut hand = [deck[0]; 7];
            let mut n = 0;
            while n < 7 {
                let index = (next_random(&mut seed) % 52) as usize;
                if used >> index & 1 == 0 {
                    used |= 1 << index;
                    hand[n] = deck[index];
                    n += 1;
                }
            }
            hand
        })
        .collect()
}

fn evaluator(c: &mut Criterion) {
    let deck: [Card; 52] = std::array::from_fn(|i| Card::all().nth(i).expect("52 cards"));

    let mut group = c.benchmark_group("evaluator");
    group.sample_size(10);
    group.throughput(Throughput::Elements(SEVEN_CARD_HANDS));
    group.bench_function("eval7 sequential (133,784,560 hands)", |b| {
        b.iter(|| black_box(enumerate_seven(black_box(&deck))))
    });

    let hands = random_hands(1_000_000, &deck);
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("eval7 random access (1,000,000 hands)", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for hand in black_box(&hands) {
                let state = HandState::new().add_all(hand.iter().copied());
                sum += u64::from(state.rank().map_or(0, |r| r.value()));
            }
            sum
        })
    });
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
