//! Monte Carlo's control variate and pooled seats (issue 30): a hand
//! against `random` seats preflop subtracts what its hand does (its
//! heads-up results against each, its hand category, the products of its
//! results against two and three), whose expectations the preflop,
//! category and product tables know; seats with the same range are
//! reported together. The estimates stay unbiased (within their
//! errors of exact over many seeds), their errors honest (the spread of the
//! estimates over seeds), the seats' equities sum to one, and the same seed
//! gives the same figures on any thread count.

use engine::card::parse_cards;
use engine::combo::HandClass;
use engine::equity::internal::categories::BOARDS;
use engine::equity::internal::score_products::{PAIRS, count_score_products};
use engine::equity::{self, EquityRequest, EquityResult, Method, SeatEquity};

/// A Monte Carlo request on one thread.
fn request(ranges: &[&str], board: &str) -> EquityRequest {
    let mut request = super::sampling::request(ranges, board);
    request.method = Method::MonteCarlo;
    request
}

fn run(request: &EquityRequest) -> EquityResult {
    equity::calculate(request, &|| false, &mut |_| {}).unwrap()
}

fn with_seed(request: &EquityRequest, seed: u64) -> EquityResult {
    let mut request = request.clone();
    request.seed = seed;
    run(&request)
}

/// The exact figures of `AhAd` against two `random` preflop, per seat
/// `[equity, win, tie]`: `rangestove calc --exact --json AhAd random
/// random` (78 s on two threads; `exact_reference_of_the_three_way_spot`
/// counts them again).
const AA_VS_TWO_RANDOM: [[f64; 3]; 2] = [
    [0.7343524734758967, 0.7320515235202676, 0.005660501058603591],
    [
        0.13282376326205164,
        0.12920498901877436,
        0.00829614963390006,
    ],
];

/// The root mean square and the largest size of `z`.
fn rms_and_most(z: &[f64]) -> (f64, f64) {
    let rms = (z.iter().map(|z| z * z).sum::<f64>() / z.len() as f64).sqrt();
    (rms, z.iter().fold(0.0f64, |a, z| a.max(z.abs())))
}

#[test]
fn the_control_is_unbiased_and_its_errors_honest() {
    let mut mc = request(&["AhAd", "random", "random"], "");
    mc.trials = Some(100_000);
    let first = run(&mc);
    assert!(
        first.strategy.to_string().ends_with("/control"),
        "{}",
        first.strategy
    );
    // Per figure (equity, win, tie) the z of every seat over 40 seeds.
    let mut z = [Vec::new(), Vec::new(), Vec::new()];
    for seed in 1..=40 {
        let result = with_seed(&mc, seed);
        let total: f64 = result.seats.iter().map(|s| s.equity).sum();
        assert!((total - 1.0).abs() < 1e-12, "seed {seed}: {total}");
        assert_eq!(
            result.seats[1],
            SeatEquity {
                seat: 1,
                ..result.seats[2]
            }
        );
        for (s, seat) in result.seats.iter().enumerate() {
            let exact = AA_VS_TWO_RANDOM[s.min(1)];
            z[0].push((seat.equity - exact[0]) / seat.std_error);
            z[1].push((seat.win - exact[1]) / seat.win_std_error);
            z[2].push((seat.tie - exact[2]) / seat.tie_std_error);
        }
    }
    for (name, z) in ["equity", "win", "tie"].iter().zip(&z) {
        let (rms, most) = rms_and_most(z);
        assert!(
            (0.6..=1.4).contains(&rms) && most <= 4.0,
            "{name}: z-rms {rms:.3}, max |z| {most:.2}"
        );
    }
    // The control cuts the hand's error well below the plain one (its win's
    // is close to it: ties are rare).
    let hero = &first.seats[0];
    assert!(hero.std_error < 0.5 * hero.win_std_error, "{hero:?}");
}

#[test]
fn six_way_errors_match_their_spread_and_the_randoms_are_pooled() {
    let ranges = ["AKs", "random", "random", "random", "random", "random"];
    let mut mc = request(&ranges, "");
    mc.trials = Some(32_768);
    let result = run(&mc);
    assert!(result.strategy.to_string().ends_with("/control"));
    let hero = &result.seats[0];
    assert!(hero.std_error < 0.85 * hero.win_std_error, "{hero:?}");
    for s in 2..6 {
        assert_eq!(
            result.seats[s],
            SeatEquity {
                seat: s,
                ..result.seats[1]
            }
        );
    }
    // Five pooled seats: each one's equity is the rest of the hand's, a
    // fifth each, known as well.
    let rest = (1.0 - hero.equity) / 5.0;
    assert!((result.seats[1].equity - rest).abs() < 1e-12);
    assert!((result.seats[1].std_error - hero.std_error / 5.0).abs() < 1e-9);
    let spreads = super::sampling::reported_and_observed(&mc, 80);
    for (figure, reported, observed) in spreads {
        if figure.ends_with("equity") {
            let ratio = reported / observed;
            assert!(
                (0.7..=1.3).contains(&ratio),
                "{figure}: reported {reported:.3e}, observed {observed:.3e}"
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_figures_on_any_thread_count() {
    let ranges = ["AKs", "random", "random", "random", "random", "random"];
    let mut mc = request(&ranges, "");
    mc.target_std_error = Some(0.002);
    mc.seed = 9;
    let on = |threads: usize| {
        let mut request = mc.clone();
        request.threads = Some(threads);
        let result = run(&request);
        (result.seats, result.samples)
    };
    let one = on(1);
    assert!(one.0[0].std_error <= 0.002);
    assert_eq!(one, on(2));
    assert_eq!(one, on(4));
}

#[test]
fn pooled_restricted_seats_stay_honest_on_a_flop() {
    // Two seats with the same range, drawn from it (no control: a board).
    let ranges = ["AhKh", "QQ,JJ", "QQ,JJ"];
    let mut exact = request(&ranges, "9h8h2c");
    exact.method = Method::Exact;
    let exact = run(&exact);
    let mut mc = request(&ranges, "9h8h2c");
    mc.trials = Some(20_000);
    let first = run(&mc);
    assert!(!first.strategy.to_string().ends_with("/control"));
    assert_eq!(
        first.seats[1],
        SeatEquity {
            seat: 1,
            ..first.seats[2]
        }
    );
    let mut z = Vec::new();
    for seed in 1..=40 {
        let result = with_seed(&mc, seed);
        for (m, e) in result.seats.iter().zip(&exact.seats) {
            z.push((m.equity - e.equity) / m.std_error);
        }
    }
    let (rms, most) = rms_and_most(&z);
    assert!(
        (0.6..=1.4).contains(&rms) && most <= 4.0,
        "z-rms {rms:.3}, max |z| {most:.2}"
    );
}

#[test]
fn the_control_is_left_out_where_its_expectation_is_unknown() {
    let control = |ranges: &[&str], board: &str, dead: &str, breakdown: bool| {
        let mut mc = request(ranges, board);
        mc.dead = parse_cards(dead).unwrap().into_iter().collect();
        mc.breakdown = breakdown;
        mc.trials = Some(20_000);
        let result = run(&mc);
        result.strategy.to_string().ends_with("/control")
    };
    assert!(control(&["QQ+,AK", "random", "random"], "", "", false));
    // A board, dead cards, two restricted seats, heads-up, a breakdown.
    assert!(!control(
        &["QQ+,AK", "random", "random"],
        "Kh9s4c",
        "",
        false
    ));
    assert!(!control(&["QQ+,AK", "random", "random"], "", "2c", false));
    assert!(!control(&["QQ+,AK", "22+", "random"], "", "", false));
    assert!(!control(&["QQ+,AK", "random"], "", "", false));
    assert!(!control(&["QQ+,AK", "random", "random"], "", "", true));
}

#[test]
fn the_pair_table_agrees_with_the_exact_three_way_figures() {
    // The hand wins both heads-ups (product 1) where it wins alone, ties
    // one and beats the other (½) where it ties for the pot with one seat,
    // ties both (¼) in a three-way tie: from the exact figures, with `t₂`
    // and `t₃` the two-way and three-way ties (`tie = t₂ + t₃`,
    // `equity = win + t₂/2 + t₃/3`).
    let [equity, win, tie] = AA_VS_TWO_RANDOM[0];
    let t3 = 6.0 * (tie / 2.0 - (equity - win));
    let t2 = tie - t3;
    let product = win + t2 / 2.0 + t3 / 4.0;
    let aces: HandClass = "AA".parse().expect("a class");
    let [summed, _] = count_score_products(aces).map(|p| p as f64);
    let counted = summed / (f64::from(BOARDS) * PAIRS as f64 * 4.0);
    assert!(
        (counted - product).abs() < 1e-12,
        "{counted} against {product}"
    );
}

#[test]
fn with_three_random_seats_and_more_the_control_agrees_with_plain_sampling() {
    // The products against three seats only vary from four seats on; a
    // wrong expectation would move the hand's estimate off the plain one
    // (a breakdown keeps the control out), whose error is known.
    for (ranges, hero) in [
        (&["AhAd", "random", "random", "random"][..], 0),
        (&["random", "random", "7h6h", "random", "random"][..], 2),
    ] {
        let mut controlled = request(ranges, "");
        controlled.trials = Some(400_000);
        let mut plain = controlled.clone();
        plain.trials = Some(4_000_000);
        plain.breakdown = true;
        plain.threads = None;
        let (c, p) = (with_seed(&controlled, 3), with_seed(&plain, 4));
        assert!(
            c.strategy.to_string().ends_with("/control"),
            "{}",
            c.strategy
        );
        assert!(
            !p.strategy.to_string().ends_with("/control"),
            "{}",
            p.strategy
        );
        let (c, p) = (&c.seats[hero], &p.seats[hero]);
        let error = c.std_error.hypot(p.std_error);
        assert!(
            (c.equity - p.equity).abs() < 4.0 * error,
            "{ranges:?}: {c:?} against {p:?}"
        );
        // The control's error is a fraction of the plain one at a tenth
        // of the deals.
        assert!(c.std_error < p.std_error, "{c:?} against {p:?}");
    }
}

/// Counts [`AA_VS_TWO_RANDOM`] again (78 s on two threads).
#[test]
#[ignore = "78 s: the exact reference of the three-way spot"]
fn exact_reference_of_the_three_way_spot() {
    let mut exact = request(&["AhAd", "random", "random"], "");
    exact.method = Method::Exact;
    exact.threads = None;
    let result = run(&exact);
    for (seat, want) in result.seats.iter().zip([
        AA_VS_TWO_RANDOM[0],
        AA_VS_TWO_RANDOM[1],
        AA_VS_TWO_RANDOM[1],
    ]) {
        assert_eq!([seat.equity, seat.win, seat.tie], want);
    }
}
