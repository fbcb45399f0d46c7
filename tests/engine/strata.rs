//! Monte Carlo's strata design (issue 45): where a hand meets a few narrow
//! ranges on a flop, every seat deal is dealt in every group, each on the
//! boards of a shuffle's cards a few places apart. It is taken only where
//! its conditions hold; its estimates are unbiased and its errors honest
//! (equity, win and tie over many seeds, against exact); the same seed
//! gives the same figures on 1, 2 and 4 threads.

use engine::Range;
use engine::equity::{EquityRequest, Method, Seat};

use super::sampling::{request, run, same_on_threads, z_scores};

/// A Monte Carlo request.
fn sampled(ranges: &[&str], board: &str) -> EquityRequest {
    let mut request = request(ranges, board);
    request.method = Method::MonteCarlo;
    request
}

#[test]
fn narrow_ranges_on_a_flop_take_the_strata_and_only_they() {
    let strategy = |request: &EquityRequest| run(request).strategy.to_string();
    let mut target = sampled(&["AhKh", "QQ", "JTs"], "9h8h2c");
    target.target_std_error = Some(0.0003);
    // 24 deals of 43 cards left: 8 steps give 8,256 boards a group.
    assert_eq!(strategy(&target), "monte_carlo/strata/8");
    // A coarse target: 32 groups of 7 steps hold the 250,000 boards plain
    // sampling would need at most for 0.001; of 1 step, 0.002's 62,500.
    target.target_std_error = Some(0.001);
    assert_eq!(strategy(&target), "monte_carlo/strata/7");
    target.target_std_error = Some(0.002);
    assert_eq!(strategy(&target), "monte_carlo/strata/1");
    // A budget of 32 groups of 3 steps.
    let mut budget = sampled(&["AhKh", "QQ", "JTs"], "9h8h2c");
    budget.trials = Some(100_000);
    assert_eq!(strategy(&budget), "monte_carlo/strata/3");
    // Too small a budget for 32 groups.
    budget.trials = Some(30_000);
    assert_eq!(strategy(&budget), "monte_carlo/prefixes");
    // Weights within a seat, active or folded (a deal weighs the product
    // of its combos' weights).
    let mut weighted = sampled(&["AhKh", "QQ,JJ:0.5", "JTs"], "9h8h2c");
    weighted
        .seats
        .push(Seat::folded(Range::parse("TT,99:0.5").unwrap()));
    weighted.trials = Some(1_000_000);
    assert!(strategy(&weighted).starts_with("monte_carlo/strata/"));
    // More than 512 seat deals: at a target only where 32 groups of one
    // step hold no more boards than plain sampling could need.
    let mut wide = sampled(&["AhKh", "JJ+,AQ", "TT-77,JTs,T9s"], "9h8h2c");
    wide.target_std_error = Some(0.0003);
    assert_eq!(strategy(&wide), "monte_carlo/strata/1");
    wide.target_std_error = Some(0.001);
    assert_eq!(strategy(&wide), "monte_carlo/prefixes");
    // A `random` seat; the turn; preflop; more than 4,096 seat deals; a
    // breakdown.
    for (ranges, board, breakdown) in [
        (&["AhKh", "QQ", "random"][..], "9h8h2c", false),
        (&["AhKh", "QQ", "JTs"][..], "9h8h2c3d", false),
        (&["AhKh", "QQ", "JTs"][..], "", false),
        (
            &["AK", "QQ-99", "88-55,JTs,T9s,98s,87s"][..],
            "Ks7d2c",
            false,
        ),
        (&["AhKh", "QQ", "JTs"][..], "9h8h2c", true),
    ] {
        let mut request = sampled(ranges, board);
        request.breakdown = breakdown;
        request.trials = Some(1_000_000);
        assert!(
            !strategy(&request).contains("strata"),
            "{ranges:?} {board}: {}",
            strategy(&request)
        );
    }
}

#[test]
fn the_strata_are_unbiased_and_their_errors_honest() {
    // A hand against two narrow ranges (the spot); two hands;
    // three ranges
    // that tie often, with a dead card; heads-up with a folded seat and
    // weights (one per seat, 432 deals).
    type Spot = (
        &'static [&'static str],
        &'static str,
        &'static str,
        &'static [&'static str],
    );
    let spots: [Spot; 5] = [
        (&["AhKh", "QQ", "JTs"], "9h8h2c", "", &[]),
        // One seat deal (two hands), eleven steps.
        (&["AhKh", "QsQd"], "9h8h2c", "", &[]),
        (&["77", "AJs,KQs", "99,TT"], "7c8d9s", "2h", &[]),
        (&["AK:0.5", "QQ:0.25"], "Ks7d2c", "", &["JJ"]),
        // Weights within seats, active and folded.
        (
            &["77", "AJs:0.5,KQs", "99:0.2,TT"],
            "7c8d9s",
            "2h",
            &["AhAd,AsAc:0.3"],
        ),
    ];
    for (ranges, board, dead, folded) in spots {
        let mut mc = sampled(ranges, board);
        mc.dead = engine::card::parse_cards(dead)
            .unwrap()
            .into_iter()
            .collect();
        for f in folded {
            mc.seats.push(Seat::folded(Range::parse(f).unwrap()));
        }
        // 32 groups of the widest spot's 432 deals on one step.
        mc.trials = Some(640_000);
        let mut exact = mc.clone();
        exact.method = Method::Exact;
        exact.trials = None;
        let exact = run(&exact);
        let first = run(&mc);
        assert!(
            first
                .strategy
                .to_string()
                .starts_with("monte_carlo/strata/"),
            "{ranges:?}: {}",
            first.strategy
        );
        let z = z_scores(&mc, &exact, 40);
        for (name, z) in ["tie", "win", "equity"].iter().zip(&z) {
            // A figure exactly 0 (no tie on any board) has the rule-of-three
            // error, not a spread: its z is 0. (An error of 0 on a wrong
            // figure is an infinite z, and fails.)
            let z: Vec<f64> = z.iter().copied().filter(|z| !z.is_nan()).collect();
            if z.iter().all(|&z| z == 0.0) {
                continue;
            }
            let rms = (z.iter().map(|z| z * z).sum::<f64>() / z.len() as f64).sqrt();
            let most = z.iter().fold(0.0f64, |a, z| a.max(z.abs()));
            assert!(
                (0.7..=1.3).contains(&rms) && most <= 4.5,
                "{ranges:?} {name}: z-rms {rms:.3}, max |z| {most:.2}"
            );
        }
        same_on_threads(&mc, &format!("{ranges:?}"));
    }
}
