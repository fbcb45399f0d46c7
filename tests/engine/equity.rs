//! Equity against an independent brute-force enumerator, golden figures,
//! Monte Carlo against exact, determinism across thread counts.
//!
//! The brute-force enumerator here shares nothing with the engine beyond
//! `Card` (ranges are turned into plain lists of cards and weights first):
//! it tries every combination of one combo per seat and every board
//! completion, ranks hands with the naive evaluator of `evaluator.rs`, and
//! tallies weight products in integers.

use std::sync::atomic::{AtomicUsize, Ordering};

use engine::equity::internal::{Order, Setup};
use engine::equity::{self, EquityError, EquityRequest, EquityResult, Method, Seat, SeatEquity};
use engine::{Card, CardSet, Range, card::parse_cards};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::evaluator::Naive;

/// A scenario as text: (range, folded) per seat, board, dead cards.
pub(crate) struct Spot {
    pub(crate) seats: &'static [(&'static str, bool)],
    pub(crate) board: &'static str,
    pub(crate) dead: &'static str,
}

pub(crate) fn spot(
    seats: &'static [(&'static str, bool)],
    board: &'static str,
    dead: &'static str,
) -> Spot {
    Spot { seats, board, dead }
}

impl Spot {
    pub(crate) fn request(&self, method: Method) -> EquityRequest {
        let seats = self
            .seats
            .iter()
            .map(|&(r, folded)| Seat {
                range: Range::parse(r).unwrap(),
                folded,
            })
            .collect();
        let mut request = EquityRequest::new(seats);
        request.board = parse_cards(self.board).unwrap();
        request.dead = CardSet::parse(self.dead).unwrap();
        request.method = method;
        request
    }
}

pub(crate) fn run(request: &EquityRequest) -> Result<EquityResult, EquityError> {
    equity::calculate(request, &|| false, &mut |_| {})
}

/// Exact enumeration of `setup` (no preflop table), in the order the plan
/// picks or in `order`.
pub(crate) fn enumerate(setup: &Setup, order: Option<Order>) -> EquityResult {
    equity::internal::enumerate(setup, order).unwrap()
}

/// A seat for the brute force: its combos with weights, and whether folded.
type BruteSeat = (Vec<([Card; 2], u128)>, bool);

/// Brute force: per active seat (equity, win, tie).
pub(crate) fn brute_force(spot: &Spot) -> Vec<(f64, f64, f64)> {
    let board = parse_cards(spot.board).unwrap();
    let dead = parse_cards(spot.dead).unwrap();
    let known: Vec<Card> = board.iter().chain(&dead).copied().collect();
    // Every seat's combos as two cards and a weight in basis points.
    let seats: Vec<BruteSeat> = spot
        .seats
        .iter()
        .map(|&(text, folded)| {
            let range = Range::parse(text).unwrap();
            let mut combos = Vec::new();
            let cards: Vec<Card> = Card::all().collect();
            for i in 0..52 {
                for j in i + 1..52 {
                    let (a, b) = (cards[i], cards[j]);
                    let combo = engine::Combo::new(a, b).unwrap();
                    let w = range.weight_bp(combo);
                    if w > 0 && !known.contains(&a) && !known.contains(&b) {
                        combos.push(([a, b], u128::from(w)));
                    }
                }
            }
            (combos, folded)
        })
        .collect();
    let active: Vec<usize> = (0..seats.len()).filter(|&s| !seats[s].1).collect();
    let n = active.len();
    let mut total = 0u128;
    let mut wins = vec![0u128; n];
    // ties[s][k]: weight of deals seat s shares with k winners in all.
    let mut ties = vec![vec![0u128; n + 1]; n];
    let mut chosen: Vec<[Card; 2]> = Vec::new();
    // Per board, each active seat's value (kept across deals and boards).
    let mut values: Vec<u32> = Vec::with_capacity(n);
    deal(&seats, 0, 1, &mut chosen, &mut |hands, weight| {
        let used: Vec<Card> = known
            .iter()
            .chain(hands.iter().flatten())
            .copied()
            .collect();
        let deck: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
        for_each_subset(&deck, 5 - board.len(), &mut |extra| {
            let common = (board.iter().chain(extra)).fold(Naive::default(), |h, &c| h.add_card(c));
            values.clear();
            values.extend(active.iter().map(|&s| {
                (hands[s].iter())
                    .fold(common, |h, &c| h.add_card(c))
                    .value()
            }));
            let best = *values.iter().max().unwrap();
            let winners = values.iter().filter(|&&v| v == best).count();
            total += weight;
            for (a, &v) in values.iter().enumerate() {
                if v == best {
                    if winners == 1 {
                        wins[a] += weight;
                    } else {
                        ties[a][winners] += weight;
                    }
                }
            }
        });
    });
    (0..n)
        .map(|a| {
            let share: f64 = (2..=n).map(|k| ties[a][k] as f64 / k as f64).sum();
            let tie: u128 = ties[a].iter().sum();
            let t = total as f64;
            (
                (wins[a] as f64 + share) / t,
                wins[a] as f64 / t,
                tie as f64 / t,
            )
        })
        .collect()
}

/// Calls `f` with every deal of one combo per seat, cards distinct.
fn deal(
    seats: &[BruteSeat],
    seat: usize,
    weight: u128,
    chosen: &mut Vec<[Card; 2]>,
    f: &mut dyn FnMut(&[[Card; 2]], u128),
) {
    if seat == seats.len() {
        f(chosen, weight);
        return;
    }
    for &(hand, w) in &seats[seat].0 {
        if chosen.iter().flatten().any(|c| hand.contains(c)) {
            continue;
        }
        chosen.push(hand);
        deal(seats, seat + 1, weight * w, chosen, f);
        chosen.pop();
    }
}

/// Calls `f` with every `k`-subset of `deck`.
fn for_each_subset(deck: &[Card], k: usize, f: &mut dyn FnMut(&[Card])) {
    fn go(
        deck: &[Card],
        from: usize,
        k: usize,
        current: &mut Vec<Card>,
        f: &mut dyn FnMut(&[Card]),
    ) {
        if current.len() == k {
            f(current);
            return;
        }
        for i in from..deck.len() {
            current.push(deck[i]);
            go(deck, i + 1, k, current, f);
            current.pop();
        }
    }
    go(deck, 0, k, &mut Vec::new(), f);
}

/// Dead cards that shrink the deck so a preflop brute force stays small:
/// every card of ranks 2 to 8 except the few a spot names.
pub(crate) const SMALL_DECK: &str = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s";
/// `SMALL_DECK` without the nines too.
pub(crate) const TINY_DECK: &str =
    "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9s";

/// The brute-force set: 2–6 seats, weights, folded seats, dead cards, every
/// street.
fn spots() -> Vec<Spot> {
    vec![
        spot(&[("AhAs", false), ("KhKs", false)], "", SMALL_DECK),
        spot(&[("AKs", false), ("QQ", false)], "", SMALL_DECK),
        spot(
            &[("AA,KK", false), ("AK", false), ("AA,AK", false)],
            "",
            TINY_DECK,
        ),
        spot(&[("TT+", false), ("AQ+:0.5,JTs", false)], "", TINY_DECK),
        spot(
            &[
                ("AhKh", false),
                ("QQ", false),
                ("JTs", false),
                ("99", false),
            ],
            "",
            SMALL_DECK,
        ),
        spot(&[("AsKd", false), ("QhJh", false)], "Ts9s2d", ""),
        spot(&[("AA", false), ("KQs,JTs:0.25", false)], "Kd7c2s", ""),
        spot(
            &[
                ("JcJh", false),
                ("8s7s", false),
                ("99+,AJs+", false),
                ("QQ+,AQs+,AQo+", false),
            ],
            "4dAc5d",
            "",
        ),
        spot(&[("AK", false), ("22+", false)], "Ah8d3c", "Kc7s"),
        spot(
            &[("QQ+,AKs", false), ("JJ-88", true), ("AJs+,KQs", false)],
            "Qd9h4c",
            "",
        ),
        spot(
            &[("AhQh", false), ("KcKd", false), ("9s9c", false)],
            "Jh8h2c",
            "",
        ),
        spot(
            &[("T9s,98s,87s", false), ("[75]AA,KK[/75]", false)],
            "Tc8c3d",
            "",
        ),
        spot(&[("AsKs", false), ("AcKc", false)], "2h3h4h", ""),
        spot(
            &[("AdAc", false), ("KK:0.5,QQ", false), ("JJ", false)],
            "9c5d2h7s",
            "",
        ),
        spot(&[("AK", false), ("QQ-TT", false)], "Ks8d4c2h", ""),
        spot(
            &[("66", false), ("A5s", false), ("KQo", false), ("JTo", true)],
            "Ah6d3s9c",
            "",
        ),
        spot(
            &[
                ("AhKh", false),
                ("AsQs", false),
                ("JcTc", false),
                ("9d9s", false),
                ("7h7c", false),
            ],
            "Kc8h2h4d",
            "",
        ),
        spot(
            &[
                ("AA", false),
                ("KK", false),
                ("QQ", false),
                ("JJ", false),
                ("TT", false),
                ("99", false),
            ],
            "2c5d7hKs",
            "3s",
        ),
        spot(&[("random", false), ("QQ+,AK", false)], "AcKdQh8s", "2c2d"),
        spot(
            &[("AKo:0.3,AKs:0.7", false), ("JJ+", false)],
            "Jd8c5h3c2s",
            "",
        ),
        spot(
            &[("22+", false), ("A2s+", false), ("KTo+", false)],
            "Ac7d7h4s9d",
            "",
        ),
        spot(&[("AhAd", false), ("AcKc", false)], "AsKsQs2d3d", ""),
        spot(
            &[
                ("QQ", false),
                ("JJ", false),
                ("random", true),
                ("TT", false),
            ],
            "8c6c4d2s9h",
            "Ac",
        ),
        spot(
            &[("random", false), ("QQ+,AK", false), ("JJ-99", false)],
            "KcQdJh9s5c",
            "Ad",
        ),
        spot(
            &[
                ("AsKs", false),
                ("7c2d", false),
                ("KK,QQ", true),
                ("T9s", true),
                ("QhJh", false),
                ("5d5c", false),
            ],
            "Ah9s4c3d",
            "",
        ),
        spot(&[("T9", false), ("AT", false)], "", SMALL_DECK),
        // Crowded: rejection would waste most draws, so Monte Carlo draws
        // the seats one after another from exact conditional totals.
        spot(&[("AA,KK", false); 4], "2c7d9h", ""),
        spot(
            &[
                ("QQ+,AK", false),
                ("QQ+,AK:0.25", false),
                ("QQ+,AK", true),
                ("QQ+,AKs", false),
                ("QQ+,AK", false),
            ],
            "2c7d9h3s",
            "",
        ),
        // Every active seat `random`: Monte Carlo samples clusters of deals
        // sharing a board, on every street, with a folded range.
        spot(&[("random", false), ("random", false)], "Kc9h4d7s2c", ""),
        spot(
            &[("random", false), ("random", false), ("random", false)],
            "AhAdKcKsTh",
            TINY_DECK,
        ),
        spot(
            &[("random", false), ("random", false)],
            "AhKdTc9s",
            SMALL_DECK,
        ),
        spot(
            &[("random", false), ("QQ+", true), ("random", false)],
            "AhKdTc9s",
            SMALL_DECK,
        ),
        spot(&[("random", false), ("random", false)], "AhKdQc", TINY_DECK),
        spot(
            &[("random", false), ("random", false)],
            "",
            "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9sTcTdThTsJcJd",
        ),
    ]
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

#[test]
fn exact_matches_brute_force() {
    for (i, spot) in spots().iter().enumerate() {
        let exact = run(&spot.request(Method::Exact)).unwrap_or_else(|e| panic!("spot {i}: {e}"));
        let expected = brute_force(spot);
        assert_eq!(exact.seats.len(), expected.len());
        let sum: f64 = exact.seats.iter().map(|s| s.equity).sum();
        assert!(close(sum, 1.0, 1e-12), "spot {i}: equities sum to {sum}");
        for (got, &(equity, win, tie)) in exact.seats.iter().zip(&expected) {
            assert!(
                close(got.equity, equity, 1e-12),
                "spot {i}: {got:?} vs {equity}"
            );
            assert!(close(got.win, win, 1e-12), "spot {i}: {got:?} vs win {win}");
            assert!(close(got.tie, tie, 1e-12), "spot {i}: {got:?} vs tie {tie}");
            assert_eq!(got.std_error, 0.0);
        }
    }
}

/// Spots with exactly two ranged seats and single combos elsewhere, which
/// board-major counts by sorting and sweeping instead of scanning deals:
/// shared combos, weights, dead cards, folded single combos, and ties of
/// the ranges with each other and with the single-combo seats (up to the
/// board playing for everyone).
#[test]
fn two_range_sweep_matches_brute_force_and_deal_major() {
    let spots = [
        spot(&[("AA,KK", false), ("AK,KK", false)], "Kh9s4c7d", ""),
        spot(
            &[("JcJh", false), ("TT+:0.5,AK", false), ("99+,AQs", false)],
            "Ts9h4c2d",
            "Ac",
        ),
        spot(
            &[
                ("2c2d", false),
                ("AA,KK,33", false),
                ("QQ,JJ:0.3,44", false),
            ],
            "AsKsQsJsTs",
            "",
        ),
        spot(
            &[
                ("7h7d", false),
                ("88,66", false),
                ("3c3d", true),
                ("A5s,65s", false),
            ],
            "7c8c5d9s",
            "",
        ),
        spot(
            &[
                ("KhKd", false),
                ("QQ+,AJs+", false),
                ("AsQs", true),
                ("T9s,98s:0.5", false),
            ],
            "Kc8h2h",
            "",
        ),
        spot(
            &[("AhAd", false), ("KK,QQ,AKs", false), ("JJ+,AQ", false)],
            "Ac7d7h4s9d",
            "",
        ),
        spot(
            &[
                ("5c5d", false),
                ("55:0.5,44", false),
                ("A5o:0.25,66", false),
            ],
            "5h4h3c2s",
            "",
        ),
        spot(&[("QQ+,AK", false), ("22+,A2s+", false)], "Jh8d3c", "Kd"),
    ];
    for (i, spot) in spots.iter().enumerate() {
        let expected = brute_force(spot);
        for breakdown in [false, true] {
            let mut request = spot.request(Method::Exact);
            request.breakdown = breakdown;
            let setup = Setup::new(&request).unwrap();
            let mut results = Vec::new();
            for order in [Order::BoardMajor, Order::DealMajor] {
                let result = enumerate(&setup, Some(order));
                for (got, &(equity, win, tie)) in result.seats.iter().zip(&expected) {
                    assert!(
                        close(got.equity, equity, 1e-12)
                            && close(got.win, win, 1e-12)
                            && close(got.tie, tie, 1e-12),
                        "spot {i} {order:?}: {got:?} vs {equity} {win} {tie}"
                    );
                }
                results.push(result);
            }
            assert_eq!(results[0].seats, results[1].seats, "spot {i}");
            assert_eq!(results[0].samples, results[1].samples, "spot {i}");
            // Per-combo counts too (deal-major never sweeps).
            assert_eq!(results[0].breakdown, results[1].breakdown, "spot {i}");
            assert_eq!(results[0].breakdown.is_empty(), !breakdown);
        }
    }
}

#[test]
fn golden_preflop_figures() {
    let golden = |ranges: &'static [(&'static str, bool)]| {
        run(&spot(ranges, "", "").request(Method::Exact)).unwrap()
    };
    let r = golden(&[("AhAs", false), ("KhKs", false)]);
    assert_eq!(r.samples, 1_712_304);
    assert!(close(r.seats[0].equity, 0.826366, 5e-7), "{r:?}");
    assert!(close(r.seats[1].equity, 0.173634, 5e-7), "{r:?}");
    let r = golden(&[("AcKd", false), ("AhKs", false)]);
    assert_eq!(r.seats[0].equity, 0.5);
    assert!(close(r.seats[0].tie, 0.956538, 5e-7), "{r:?}");
    let r = golden(&[("AKs", false), ("QQ", false)]);
    assert!(close(r.seats[0].equity, 0.460485, 5e-7), "{r:?}");
    // Symmetric spots give 1/n.
    let r = golden(&[("AsKs", false), ("AhKh", false), ("AdKd", false)]);
    for s in &r.seats {
        assert!(close(s.equity, 1.0 / 3.0, 1e-12), "{r:?}");
    }
}

#[test]
fn validation_errors_are_typed() {
    let cases: Vec<(EquityRequest, EquityError)> = vec![
        (
            spot(&[("AA", false), ("AA", false), ("AA", false)], "", "").request(Method::Auto),
            EquityError::NoFeasibleDeal,
        ),
        (
            spot(&[("AhKh", false), ("AhKh", false)], "", "").request(Method::Auto),
            EquityError::NoFeasibleDeal,
        ),
        (
            spot(&[("AA", false), ("KK", false)], "2c3c", "").request(Method::Auto),
            EquityError::BoardSize(2),
        ),
        (
            spot(&[("AA", false), ("KK", false)], "2c3c4c", "3c").request(Method::Auto),
            EquityError::DuplicateCard("3c".parse().unwrap()),
        ),
        (
            spot(&[("AA", false), ("KK", true)], "", "").request(Method::Auto),
            EquityError::TooFewSeats(1),
        ),
        (
            spot(&[("AhAs", false), ("KK", false)], "Ah2c3d", "").request(Method::Auto),
            EquityError::RangeRemoved {
                seat: 0,
                removed: "the board cards",
            },
        ),
        (
            spot(&[("AA", false), ("", false)], "", "").request(Method::Auto),
            EquityError::EmptyRange { seat: 1 },
        ),
    ];
    // A seat down to one combo holds its cards: `Ah` (every combo with Ah)
    // cannot be dealt next to `AhKh`, even though each is fine alone.
    let mut cases = cases;
    cases.push((
        spot(&[("AhKh", false), ("Ah", false)], "", "").request(Method::Auto),
        EquityError::NoFeasibleDeal,
    ));
    // Crowded spots the feasibility search once took 51 s and 0.8 s over:
    // 13 seats on the 24 cards from 9 up, 11 seats on the 20 broadways.
    cases.push((
        spot(&[("99+,A9+,K9+,Q9+,J9+,T9", false); 13], "", "").request(Method::Auto),
        EquityError::NoFeasibleDeal,
    ));
    cases.push((
        spot(&[("AK,AQ,AJ,AT,KQ,KJ,KT,QJ,QT,JT", false); 11], "", "").request(Method::Auto),
        EquityError::NoFeasibleDeal,
    ));
    // The crowded spots end in NoFeasibleDeal, not FeasibilityUndecided:
    // the search decided within its step limit (1M steps; its unit tests
    // bound the steps more tightly). How fast is for the benches.
    for (request, expected) in cases {
        assert_eq!(run(&request).unwrap_err(), expected);
    }
    let mut many = EquityRequest::new(vec![Seat::active(Range::full()); 24]);
    many.method = Method::MonteCarlo;
    assert_eq!(run(&many).unwrap_err(), EquityError::TooManySeats(24));
}

#[test]
fn monte_carlo_lands_within_four_standard_errors() {
    for (i, spot) in spots().iter().enumerate() {
        let exact = run(&spot.request(Method::Exact)).unwrap();
        let mut request = spot.request(Method::MonteCarlo);
        request.trials = Some(60_000);
        request.seed = i as u64;
        let mc = run(&request).unwrap();
        assert!(mc.samples >= 60_000, "each trial counts at least one deal");
        for (m, e) in mc.seats.iter().zip(&exact.seats) {
            assert!(
                m.std_error > 0.0 || e.equity == 0.0 || e.equity == 1.0 || m.equity == e.equity
            );
            let tolerance = 4.0 * m.std_error + 1e-9;
            assert!(
                close(m.equity, e.equity, tolerance),
                "spot {i}: {m:?} vs {e:?}"
            );
        }
    }
}

#[test]
fn monte_carlo_clusters_estimate_win_and_tie_without_bias() {
    // The spots whose active seats are all `random`, where Monte Carlo
    // samples clusters of deals sharing a board. Equity is 1/n there by
    // symmetry, so check win and tie too. Their spread is mostly between
    // boards, which equity's standard error does not measure: take it from
    // eight independent runs instead.
    let spots = spots();
    let clustered = &spots[spots.len() - 6..];
    for (i, spot) in clustered.iter().enumerate() {
        assert!(
            spot.seats
                .iter()
                .all(|(r, folded)| *folded || *r == "random")
        );
        let exact = run(&spot.request(Method::Exact)).unwrap();
        let runs: Vec<EquityResult> = (0..8)
            .map(|seed| {
                let mut request = spot.request(Method::MonteCarlo);
                request.trials = Some(50_000);
                request.seed = 100 + seed;
                run(&request).unwrap()
            })
            .collect();
        for (s, e) in exact.seats.iter().enumerate() {
            for (name, value, exact) in [
                (
                    "win",
                    (|r: &SeatEquity| r.win) as fn(&SeatEquity) -> f64,
                    e.win,
                ),
                ("tie", |r: &SeatEquity| r.tie, e.tie),
            ] {
                let values: Vec<f64> = runs.iter().map(|r| value(&r.seats[s])).collect();
                let mean = values.iter().sum::<f64>() / 8.0;
                let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / 7.0;
                let std_error = (var / 8.0).sqrt();
                assert!(
                    close(mean, exact, 5.0 * std_error + 1e-12),
                    "spot {i} seat {s} {name}: {mean} ± {std_error} vs {exact}"
                );
            }
        }
    }
}

/// The heavy-conflict spot: `AA,KK` vs `AK` vs `AA,AK` preflop.
fn conflict_spot() -> Spot {
    spot(&[("AA,KK", false), ("AK", false), ("AA,AK", false)], "", "")
}

/// Seat-by-seat dealing (each seat drawn from what the earlier seats left):
/// the biased sampler the engine must not be. Returns seat 0's estimated
/// equity and its standard error.
fn seat_by_seat(spot: &Spot, trials: usize, seed: u64) -> (f64, f64) {
    let ranges: Vec<Range> = spot
        .seats
        .iter()
        .map(|(r, _)| Range::parse(r).unwrap())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut sum, mut sum_sq) = (0.0, 0.0);
    for _ in 0..trials {
        let mut used = CardSet::EMPTY;
        let mut hands = Vec::new();
        for range in &ranges {
            // Weighted draw among the combos still possible.
            let options: Vec<(engine::Combo, u16)> = range
                .combos()
                .filter(|(c, _)| c.mask().is_disjoint(used))
                .collect();
            let total: u32 = options.iter().map(|&(_, w)| u32::from(w)).sum();
            let mut pick = rng.random_range(0..total);
            let combo = options
                .iter()
                .find(|&&(_, w)| {
                    if pick < u32::from(w) {
                        true
                    } else {
                        pick -= u32::from(w);
                        false
                    }
                })
                .unwrap()
                .0;
            used = CardSet::from_bits(used.bits() | combo.mask().bits());
            hands.push(combo);
        }
        let deck: Vec<Card> = Card::all().filter(|c| !used.contains(*c)).collect();
        let mut board = Vec::new();
        while board.len() < 5 {
            let c = deck[rng.random_range(0..deck.len())];
            if !board.contains(&c) {
                board.push(c);
            }
        }
        let values: Vec<u32> = hands
            .iter()
            .map(|h| {
                let [a, b] = h.cards();
                board
                    .iter()
                    .chain(&[a, b])
                    .fold(Naive::default(), |n, &c| n.add_card(c))
                    .value()
            })
            .collect();
        let best = *values.iter().max().unwrap();
        let winners = values.iter().filter(|&&v| v == best).count() as f64;
        let x = if values[0] == best {
            1.0 / winners
        } else {
            0.0
        };
        sum += x;
        sum_sq += x * x;
    }
    let n = trials as f64;
    let mean = sum / n;
    (mean, ((sum_sq / n - mean * mean) / (n - 1.0)).sqrt())
}

#[test]
fn heavy_card_conflict_is_unbiased_and_seat_by_seat_dealing_is_not() {
    let spot = conflict_spot();
    let exact = run(&spot.request(Method::Exact)).unwrap();
    let mut request = spot.request(Method::MonteCarlo);
    request.trials = Some(400_000);
    request.seed = 3;
    let mc = run(&request).unwrap();
    for (m, e) in mc.seats.iter().zip(&exact.seats) {
        assert!(
            close(m.equity, e.equity, 4.0 * m.std_error),
            "{m:?} vs {e:?}"
        );
    }
    let (biased, std_error) = seat_by_seat(&spot, 100_000, 5);
    let off = (biased - exact.seats[0].equity).abs();
    assert!(
        off > 4.0 * std_error,
        "seat-by-seat dealing gave {biased} ± {std_error}, exact {}",
        exact.seats[0].equity
    );
}

#[test]
fn seeded_results_are_identical_on_any_thread_count() {
    // Seat deals scored on several boards; (every active seat `random`, a
    // folded range) clusters of deals sharing a board; and crowded seats.
    let prefixes = spot(
        &[("QQ+,AK", false), ("random", false), ("22+,A2s+", false)],
        "",
        "",
    );
    let clusters = spot(
        &[
            ("random", false),
            ("AK", true),
            ("random", false),
            ("random", false),
        ],
        "",
        "",
    );
    // Crowded: the seats drawn one after another from exact totals.
    let crowded = spot(&[("AA,KK", false); 4], "", "");
    for (spot, target) in [(prefixes, 0.004), (clusters, 0.001), (crowded, 0.002)] {
        let mut request = spot.request(Method::MonteCarlo);
        request.trials = Some(1_150_001);
        request.seed = 42;
        let results: Vec<EquityResult> = [1, 2, 8]
            .iter()
            .map(|&t| {
                request.threads = Some(t);
                run(&request).unwrap()
            })
            .collect();
        for r in &results[1..] {
            assert_eq!(r.seats, results[0].seats);
            assert_eq!(r.samples, results[0].samples);
        }
        // The budget counts deals, rounded up to whole prefixes or clusters.
        assert!((1_150_001..1_150_001 + 2048).contains(&results[0].samples));
        // The target-error stop lands at the same place too.
        request.trials = None;
        request.target_std_error = Some(target);
        let stops: Vec<EquityResult> = [1, 2, 8]
            .iter()
            .map(|&t| {
                request.threads = Some(t);
                run(&request).unwrap()
            })
            .collect();
        for r in &stops {
            assert_eq!(r.seats, stops[0].seats);
            assert_eq!(r.samples, stops[0].samples);
            assert!(r.seats.iter().all(|s| s.std_error <= target));
        }
        // A different seed gives a different estimate.
        request.seed = 43;
        request.threads = Some(2);
        assert_ne!(run(&request).unwrap().seats, stops[0].seats);
    }
}

#[test]
fn automatic_choice_and_snapshots() {
    // Auto compares its estimate divided by the thread count with the
    // budget: one thread is the strictest case.
    let mut small = spot(&[("AhAs", false), ("KhKs", false)], "Qd7c2s", "").request(Method::Auto);
    small.threads = Some(1);
    assert_eq!(run(&small).unwrap().method, equity::MethodUsed::Exact);
    let mut huge = spot(&[("random", false); 6], "", "").request(Method::Auto);
    huge.trials = Some(1_000_000);
    let result = run(&huge).unwrap();
    assert_eq!(result.method, equity::MethodUsed::MonteCarlo);
    assert!(result.finished && result.samples >= 1_000_000);
    // Snapshots come every 50 ms or so. A run far longer than any machine
    // finishes (10^15 deals) sends them until the caller cancels it, here
    // after the third; how many come before is then up to the caller, not
    // to the machine's speed. (The minute is only a guard against a hang.)
    huge.trials = Some(1_000_000_000_000_000);
    let sent = AtomicUsize::new(0);
    let started = std::time::Instant::now();
    let cancel = || sent.load(Ordering::SeqCst) >= 3 || started.elapsed().as_secs() >= 60;
    let mut snapshots = Vec::new();
    let outcome = equity::calculate(&huge, &cancel, &mut |s| {
        snapshots.push(s.clone());
        sent.fetch_add(1, Ordering::SeqCst);
    });
    assert_eq!(outcome.unwrap_err(), EquityError::Cancelled);
    assert_eq!(snapshots.len(), 3, "a long run sends snapshots");
    for pair in snapshots.windows(2) {
        assert!(pair[1].samples > pair[0].samples && pair[1].progress > pair[0].progress);
    }
    assert!(snapshots.iter().all(|s| {
        s.method == equity::MethodUsed::MonteCarlo && !s.finished && s.samples_per_s > 0.0
    }));
    // Cancellation stops the work.
    let cancelled = equity::calculate(&huge, &|| true, &mut |_| {});
    assert_eq!(cancelled.unwrap_err(), EquityError::Cancelled);
}

#[test]
fn a_preview_estimate_comes_before_a_long_exact_result() {
    let spot = spot(
        &[
            ("30%", false),
            ("22+,A2s+,K9s+,QTs+,JTs,T9s,98s,ATo+,KJo+", false),
        ],
        "Kh9s4c",
        "",
    );
    let mut request = spot.request(Method::Auto);
    // Auto's estimate is the cost model on the reference two threads, on
    // any machine: this spot's exact run is estimated above the preview
    // threshold. A budget that makes it exact.
    request.threads = Some(1);
    let setup = Setup::new(&request).unwrap();
    assert!(equity::internal::exact_cost(&setup).reference_s() * 1e3 > equity::PREVIEW_ABOVE_MS);
    request.time_budget_ms = 1e9;
    request.preview = true;
    let mut snapshots = Vec::new();
    let result =
        equity::calculate(&request, &|| false, &mut |s| snapshots.push(s.clone())).unwrap();
    assert!(result.method.is_exact());
    let first = snapshots.first().expect("a preview snapshot");
    assert!(!first.method.is_exact() && !first.finished);
    for (p, e) in first.seats.iter().zip(&result.seats) {
        assert!(p.std_error > 0.0);
        assert!(
            (p.equity - e.equity).abs() < 6.0 * p.std_error,
            "{p:?} vs {e:?}"
        );
    }
    // Without the flag, no Monte Carlo snapshot.
    request.preview = false;
    let mut methods = Vec::new();
    equity::calculate(&request, &|| false, &mut |s| methods.push(s.method)).unwrap();
    assert!(methods.iter().all(|m| m.is_exact()));
}

/// The eight seats of two pocket pairs each, one combo weighted
/// 0.9999: weight products near 10^32, beyond `u64` sums.
const FINE_EIGHT: &[(&str, bool)] = &[
    ("AhAd:0.9999,AcAs", false),
    ("KhKd:0.9999,KcKs", false),
    ("QhQd:0.9999,QcQs", false),
    ("JhJd:0.9999,JcJs", false),
    ("ThTd:0.9999,TcTs", false),
    ("9h9d:0.9999,9c9s", false),
    ("8h8d:0.9999,8c8s", false),
    ("7h7d:0.9999,7c7s", false),
];

#[test]
fn finely_weighted_eight_seats_are_counted_exactly() {
    let spot = spot(FINE_EIGHT, "2c3d5s", "");
    let expected = brute_force(&spot);
    for method in [Method::Auto, Method::Exact] {
        let result = run(&spot.request(method)).unwrap();
        assert!(
            result.method.is_exact(),
            "{method:?}: {:?}",
            result.strategy
        );
        for (s, &(equity, win, tie)) in result.seats.iter().zip(&expected) {
            assert!(close(s.equity, equity, 1e-12), "{s:?} vs {equity}");
            assert!(
                close(s.win, win, 1e-12) && close(s.tie, tie, 1e-12),
                "{s:?}"
            );
        }
    }
    // With a breakdown the pot-share sums would pass 2^127: the default
    // mode samples rather than refuse, and forced enumeration says why.
    let mut request = spot.request(Method::Auto);
    request.breakdown = true;
    request.trials = Some(20_000);
    let sampled = run(&request).unwrap();
    assert!(!sampled.method.is_exact());
    for (s, &(equity, ..)) in sampled.seats.iter().zip(&expected) {
        assert!(
            (s.equity - equity).abs() < 6.0 * s.std_error + 1e-9,
            "{s:?}"
        );
    }
    request.method = Method::Exact;
    let error = run(&request).unwrap_err();
    assert!(
        matches!(error, EquityError::WeightsTooFine { .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("128-bit"), "{error}");
}

#[test]
fn what_exact_cannot_count_is_sampled_and_refusals_are_finite() {
    // Ten such seats: weight products near 10^40 overflow even `u128`.
    let ten: &[(&str, bool)] = &[
        ("AhAd:0.9999,AcAs", false),
        ("KhKd:0.9999,KcKs", false),
        ("QhQd:0.9999,QcQs", false),
        ("JhJd:0.9999,JcJs", false),
        ("ThTd:0.9999,TcTs", false),
        ("9h9d:0.9999,9c9s", false),
        ("8h8d:0.9999,8c8s", false),
        ("7h7d:0.9999,7c7s", false),
        ("6h6d:0.9999,6c6s", false),
        ("5h5d:0.9999,5c5s", false),
    ];
    let ten = spot(ten, "2c3d4s", "");
    let mut request = ten.request(Method::Auto);
    request.trials = Some(20_000);
    assert!(!run(&request).unwrap().method.is_exact());
    let error = run(&ten.request(Method::Exact)).unwrap_err();
    assert!(
        matches!(error, EquityError::WeightsTooFine { .. }),
        "{error:?}"
    );
    // More seat deals than enumeration lists: a typed reason, not "inf s".
    let wide = spot(&[("random", false); 4], "2c3d4s", "");
    let error = run(&wide.request(Method::Exact)).unwrap_err();
    assert!(
        matches!(error, EquityError::TooManyDeals { .. }),
        "{error:?}"
    );
    let setup = Setup::new(&wide.request(Method::Exact)).unwrap();
    let cost = equity::internal::exact_cost(&setup);
    assert!(
        cost.cost_s.is_finite() && cost.reference_s().is_finite(),
        "{cost:?}"
    );
    // Countable but beyond the hour (three premium ranges and two random
    // preflop: the swept seat's kernel lists 2 M deals of the others on
    // each of 2.6 M boards): a finite estimate.
    let long = spot(
        &[
            ("QQ+", false),
            ("QQ+", false),
            ("QQ+", false),
            ("random", false),
            ("random", false),
        ],
        "",
        "",
    );
    let error = run(&long.request(Method::Exact)).unwrap_err();
    match &error {
        EquityError::TooLarge { estimate_s } => assert!(estimate_s.is_finite()),
        other => panic!("{other:?}"),
    }
    assert!(!error.to_string().contains("inf"), "{error}");
}

/// The spot where Auto once chose by this machine's threads.
const THREAD_SPOT: &[(&str, bool)] = &[
    ("QQ+,AK", false),
    ("JJ-99,AQs", false),
    ("77-22,A2s+", false),
];

#[test]
fn auto_decides_the_same_on_any_thread_count() {
    let spot = spot(THREAD_SPOT, "Kh9s4c", "");
    let mut results = Vec::new();
    for threads in [1, 2, 4] {
        let mut request = spot.request(Method::Auto);
        request.seed = 1;
        request.threads = Some(threads);
        results.push(run(&request).unwrap());
    }
    for r in &results[1..] {
        assert_eq!(r.strategy, results[0].strategy);
        assert_eq!(r.method, results[0].method);
        assert_eq!(r.samples, results[0].samples);
        for (a, b) in r.seats.iter().zip(&results[0].seats) {
            assert_eq!(a.equity.to_bits(), b.equity.to_bits(), "{a:?} vs {b:?}");
            assert_eq!(a.win.to_bits(), b.win.to_bits());
            assert_eq!(a.tie.to_bits(), b.tie.to_bits());
        }
    }
    // The planner's input is the reference thread count, not the pool's.
    let setup = Setup::new(&spot.request(Method::Auto)).unwrap();
    let cost = equity::internal::exact_cost(&setup);
    assert_eq!(cost.reference_s(), cost.estimate_s(2));
}

/// Runs the binary with `args`.
fn rangestove(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn cli_auto_gives_the_same_figures_on_one_two_and_four_threads() {
    let mut seen: Vec<serde_json::Value> = Vec::new();
    for threads in ["1", "2", "4"] {
        let mut args = vec!["calc", "--seed", "1", "--json", "--threads", threads];
        args.extend(["--board", "Kh9s4c", "QQ+,AK", "JJ-99,AQs", "77-22,A2s+"]);
        let output = rangestove(&args);
        assert!(output.status.success(), "{output:?}");
        let mut value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        value["elapsed_ms"] = serde_json::Value::Null;
        seen.push(value);
    }
    assert_eq!(seen[0], seen[1]);
    assert_eq!(seen[0], seen[2]);
}

#[test]
fn cli_answers_the_finely_weighted_eight_seats() {
    let seats: Vec<&str> = FINE_EIGHT.iter().map(|&(r, _)| r).collect();
    for mode in [None, Some("--exact")] {
        let mut args = vec!["calc", "--json", "--board", "2c3d5s"];
        args.extend(mode);
        args.extend(&seats);
        let output = rangestove(&args);
        assert!(output.status.success(), "{mode:?}: {output:?}");
        let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(value["method"], "exact", "{value}");
    }
}

#[test]
fn obvious_infeasible_spots_are_refused_without_searching() {
    // Two seats both need the Ah; the feasibility search once gave up.
    let spot = spot(
        &[
            ("50%", false),
            ("50%", false),
            ("50%", false),
            ("50%", false),
            ("50%", false),
            ("Ah", false),
            ("50%", false),
            ("Ah", false),
        ],
        "",
        "",
    );
    assert_eq!(
        run(&spot.request(Method::Auto)).unwrap_err(),
        EquityError::NoFeasibleDeal
    );
    let output = rangestove(&["calc", "50%", "50%", "50%", "50%", "50%", "Ah", "50%", "Ah"]);
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("no deal is possible"), "{message}");
}

#[test]
fn errors_name_the_real_cause() {
    // 49 dead cards leave 3 for two seats and a board.
    let mut request = spot(&[("random", false), ("random", false)], "", "").request(Method::Auto);
    request.dead = CardSet::from_bits((1u64 << 49) - 1);
    let error = run(&request).unwrap_err();
    assert_eq!(
        error,
        EquityError::NotEnoughCards {
            seats: 2,
            to_come: 5,
            needed: 9,
            left: 3
        }
    );
    assert!(!error.to_string().contains("at most 23"), "{error}");
    // An empty range is not one emptied by the board.
    let empty = spot(&[("0%", false), ("random", false)], "", "").request(Method::Auto);
    let error = run(&empty).unwrap_err();
    assert_eq!(error, EquityError::EmptyRange { seat: 0 });
    assert_eq!(
        error.to_string(),
        "seat 1's range is empty (no hand has a positive weight)"
    );
    let removed = spot(&[("random", false), ("AhAs", false)], "", "Ah").request(Method::Auto);
    let error = run(&removed).unwrap_err();
    assert_eq!(
        error.to_string(),
        "seat 2 has no hand left once the dead cards are removed"
    );
}

#[test]
fn a_breakdown_never_changes_whether_auto_is_exact() {
    // Three ranges on the turn: per-combo counting makes the exact run
    // dearer. A budget between the two estimates: the equity alone fits it.
    let spot = spot(
        &[("QQ+,AK", false), ("JJ-99,AQs", false), ("88-66", false)],
        "Kh9s4c2d",
        "",
    );
    let mut plain = spot.request(Method::Auto);
    let mut with = spot.request(Method::Auto);
    with.breakdown = true;
    let plain_ms = equity::internal::exact_cost(&Setup::new(&plain).unwrap()).reference_s() * 1e3;
    let with_ms = equity::internal::exact_cost(&Setup::new(&with).unwrap()).reference_s() * 1e3;
    assert!(with_ms > plain_ms, "{with_ms} vs {plain_ms}");
    for budget in [(plain_ms * with_ms).sqrt(), plain_ms * 0.9] {
        plain.time_budget_ms = budget;
        with.time_budget_ms = budget;
        let a = equity::calculate(&plain, &|| false, &mut |_| {}).unwrap();
        let b = equity::calculate(&with, &|| false, &mut |_| {}).unwrap();
        assert_eq!(
            a.method.is_exact(),
            b.method.is_exact(),
            "budget {budget} ms"
        );
        assert_eq!(
            a.method.is_exact(),
            budget >= plain_ms,
            "budget {budget} ms"
        );
        assert!(b.breakdown.len() == 3);
    }
}

#[test]
fn a_breakdown_keeps_weighted_ranges_exact() {
    // Fine weights next to whole ones: the per-chunk sums with pot shares
    // fit `u64` once bounded by the seats' total weights (the largest deal
    // weight times the deals is far above them), so the sweeps still count
    // the spot with a breakdown, as they do without.
    let spots = [
        spot(
            &[
                ("random:0.0001,AA", false),
                ("random:0.01,KK", false),
                ("random:0.25,QQ", false),
            ],
            "Kh9s4c7d2c",
            "",
        ),
        spot(
            &[
                ("K6s,30%:0.3333,TT,9s", false),
                ("2s6h,20%:0.01,6s,15%:0.7", false),
                ("T3o,20%,3hQc:0.5,3cJh,TcJs,43o+", false),
                ("5h,2cKh,5c8c:0.75", true),
            ],
            "8s9cAd9h9s",
            "7dTc",
        ),
    ];
    for (i, spot) in spots.iter().enumerate() {
        let plain = spot.request(Method::Auto);
        let mut with = spot.request(Method::Auto);
        with.breakdown = true;
        let a = run(&plain).unwrap();
        let b = run(&with).unwrap();
        assert!(a.method.is_exact(), "spot {i}: {}", a.strategy);
        assert!(b.method.is_exact(), "spot {i}: {}", b.strategy);
        assert_eq!(a.seats, b.seats, "spot {i}");
        with.method = Method::Exact;
        assert_eq!(run(&with).unwrap().seats, a.seats, "spot {i}");
    }
}
