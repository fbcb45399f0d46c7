//! Analysis: the hand-versus-range breakdown against the brute-force
//! enumerator, its recombination into seat equities, and Monte Carlo
//! breakdowns against exact ones.

use engine::equity::{EquityResult, Method, SeatBreakdown};
use engine::{Combo, Range};

use crate::equity::{SMALL_DECK, Spot, TINY_DECK, brute_force, run, spot};

/// `spot` with `seat`'s range replaced by the single `combo`.
fn with_combo(base: &Spot, seat: usize, combo: Combo) -> Spot {
    let seats: Vec<(&'static str, bool)> = base
        .seats
        .iter()
        .enumerate()
        .map(|(s, &(r, folded))| {
            if s == seat {
                (&*Box::leak(combo.to_string().into_boxed_str()), folded)
            } else {
                (r, folded)
            }
        })
        .collect();
    spot(Box::leak(seats.into_boxed_slice()), base.board, base.dead)
}

fn breakdown_of(spot: &Spot, method: Method) -> EquityResult {
    let mut request = spot.request(method);
    request.breakdown = true;
    request.trials = Some(400_000);
    request.seed = 7;
    let result = run(&request).unwrap();
    assert_eq!(result.breakdown.len(), result.seats.len());
    result
}

/// Every seat's combos (and classes) recombine to its equity.
fn assert_recombines(result: &EquityResult, tolerance: f64) {
    for (seat, b) in result.seats.iter().zip(&result.breakdown) {
        assert_eq!(seat.seat, b.seat);
        let by_combo: f64 = b.combos.iter().map(|c| c.frequency * c.equity).sum();
        let by_class: f64 = b.classes.iter().map(|c| c.frequency * c.equity).sum();
        let freq: f64 = b.combos.iter().map(|c| c.frequency).sum();
        assert!((freq - 1.0).abs() < 1e-12, "frequencies sum to {freq}");
        assert!(
            (by_combo - seat.equity).abs() <= tolerance,
            "seat {}: combos give {by_combo}, seat {}",
            seat.seat,
            seat.equity
        );
        assert!((by_class - seat.equity).abs() <= tolerance);
        let weighted: f64 = b.classes.iter().map(|c| c.combos).sum();
        let mean: f64 = b.classes.iter().map(|c| c.combos * c.equity).sum::<f64>() / weighted;
        assert!((mean - seat.equity).abs() <= tolerance);
    }
}

fn check_against_brute_force(base: &Spot, seat: usize) {
    let result = breakdown_of(base, Method::Exact);
    assert_recombines(&result, 1e-12);
    let index = result
        .seats
        .iter()
        .position(|s| s.seat == seat)
        .expect("active seat");
    let b: &SeatBreakdown = &result.breakdown[index];
    for c in &b.combos {
        let figures = brute_force(&with_combo(base, seat, c.combo));
        let (equity, win, tie) = figures[index];
        assert!(
            (c.equity - equity).abs() < 1e-12
                && (c.win - win).abs() < 1e-12
                && (c.tie - tie).abs() < 1e-12,
            "{}: engine {} {} {}, brute force {equity} {win} {tie}",
            c.combo,
            c.equity,
            c.win,
            c.tie
        );
        assert_eq!(c.std_error, 0.0);
    }
}

#[test]
fn per_combo_equities_match_brute_force_preflop() {
    // Deal-major with suit isomorphism: members of one walk get its
    // outcome.
    check_against_brute_force(
        &spot(&[("AA,KK:0.5", false), ("AK,QQ", false)], "", SMALL_DECK),
        0,
    );
    check_against_brute_force(
        &spot(
            &[("AA,KK", false), ("AK", true), ("AA,AK,QQ", false)],
            "",
            TINY_DECK,
        ),
        2,
    );
}

#[test]
fn per_combo_equities_match_brute_force_postflop() {
    check_against_brute_force(
        &spot(
            &[("AA,KQs", false), ("KQs,JTs:0.25,77", false)],
            "Kd7c2s",
            "",
        ),
        1,
    );
    check_against_brute_force(
        &spot(
            &[("QQ+,AKs", false), ("JJ-88", true), ("AJs+,KQs", false)],
            "Qd9h4c8s",
            "",
        ),
        0,
    );
    check_against_brute_force(
        &spot(
            &[
                ("T9s,98s", false),
                ("AhAd", false),
                ("[75]KK,QQ[/75]", false),
            ],
            "Tc8c3d",
            "2s",
        ),
        2,
    );
}

#[test]
fn class_figures_pool_their_combos() {
    let result = breakdown_of(
        &spot(&[("TT+,AK", false), ("random", false)], "Ts7h2c", ""),
        Method::Exact,
    );
    assert_recombines(&result, 1e-12);
    let hero = &result.breakdown[0];
    let tt = hero.class("TT".parse().unwrap()).unwrap();
    // One ten is on the board: three TT combos remain, all sets.
    assert!((tt.combos - 3.0).abs() < 0.2, "{tt:?}");
    assert!(tt.equity > 0.9);
    let combos: Vec<_> = hero
        .combos
        .iter()
        .filter(|c| c.combo.class() == tt.class)
        .collect();
    assert_eq!(combos.len(), 3);
    let freq: f64 = combos.iter().map(|c| c.frequency).sum();
    let mean: f64 = combos.iter().map(|c| c.frequency * c.equity).sum::<f64>() / freq;
    assert!((mean - tt.equity).abs() < 1e-12);
    assert!((freq - tt.frequency).abs() < 1e-12);
    // Combos-weighted class counts sum to the weighted live combo count.
    let total: f64 = hero.classes.iter().map(|c| c.combos).sum();
    let live = Range::parse("TT+,AK")
        .unwrap()
        .combos_given(engine::CardSet::parse("Ts7h2c").unwrap());
    assert!((total - live).abs() < 1e-9, "{total} vs {live}");
    // The distribution covers the range once, strongest first.
    let dist = hero.distribution();
    let share: f64 = dist.iter().map(|p| p.0).sum();
    assert!((share - 1.0).abs() < 1e-12);
    assert!(dist.windows(2).all(|w| w[0].1 >= w[1].1));
}

#[test]
fn monte_carlo_breakdown_agrees_with_exact_within_its_error() {
    let base = spot(
        &[("JJ+,AQs+", false), ("22+,ATs+,KJo+", false)],
        "9h8h2c",
        "",
    );
    let exact = breakdown_of(&base, Method::Exact);
    let mc = breakdown_of(&base, Method::MonteCarlo);
    assert_recombines(&mc, 1e-9);
    for (e, m) in exact.breakdown.iter().zip(&mc.breakdown) {
        for (ce, cm) in e.classes.iter().zip(&m.classes) {
            assert_eq!(ce.class, cm.class);
            assert!(cm.std_error > 0.0, "{cm:?}");
            let z = (cm.equity - ce.equity) / cm.std_error;
            assert!(z.abs() < 5.0, "{}: z = {z}", ce.class);
            assert!((cm.frequency - ce.frequency).abs() < 0.02);
        }
    }
}

#[test]
fn monte_carlo_breakdown_with_random_seats() {
    // Uniform seats are dealt from the deck; their combos are still
    // attributed.
    let base = spot(
        &[("AA", false), ("random", false), ("random", false)],
        "",
        "",
    );
    let mc = breakdown_of(&base, Method::MonteCarlo);
    assert_recombines(&mc, 1e-9);
    let villain = &mc.breakdown[1];
    assert_eq!(villain.combos.len(), 1326);
    // Card removal: the hero's aces make a villain's ace combos rarer.
    let freq = |c: &str| villain.combo(c.parse().unwrap()).unwrap().frequency;
    assert!(
        freq("KsKh") > 1.5 * freq("AhKh"),
        "{} {}",
        freq("KsKh"),
        freq("AhKh")
    );
    assert!(freq("AhAs") > 0.0);
}

#[test]
fn both_exact_orders_give_the_same_breakdown() {
    use engine::equity::{Setup, exact};
    let spots = [
        spot(&[("TT+,AK", false), ("random", false)], "Ts7h2c", ""),
        spot(&[("QQ+,AK:0.37", false), ("JJ-99,AQs", false)], "Kh9s4c", "2d"),
        spot(
            &[("AA,KK", false), ("AK,QQ", false), ("JJ,AQs", false)],
            "Kh9s4c7d",
            "",
        ),
        spot(&[("AA:0.5,KK", false), ("AK", false)], "", SMALL_DECK),
    ];
    for base in &spots {
        let mut request = base.request(Method::Exact);
        request.breakdown = true;
        let setup = Setup::new(&request).unwrap();
        let mut results = Vec::new();
        for order in [exact::Order::BoardMajor, exact::Order::DealMajor] {
            let mut plan = exact::plan(&setup);
            plan.order = order;
            let result = exact::run(
                &setup,
                &plan,
                std::time::Instant::now(),
                &|| false,
                &mut |_| {},
            )
            .unwrap();
            assert_recombines(&result, 1e-12);
            results.push(result);
        }
        assert_eq!(results[0].seats, results[1].seats, "{:?}", base.seats);
        assert_eq!(results[0].breakdown, results[1].breakdown, "{:?}", base.seats);
    }
}
