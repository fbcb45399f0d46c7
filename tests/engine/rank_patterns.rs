//! Preflop counting by board rank pattern (`Kernel::RankPatterns`): the
//! very integer tallies of the deal-major walk (seat totals, deals and
//! per-combo counts) on multiway and heads-up spots with weights, folded
//! seats and dead cards, suited and offsuit hands of the same ranks, and
//! the figures of the independent brute force of `equity.rs` where the
//! deck is small enough for it.

use engine::equity::internal::{Setup, Tallies, exact_cost, exact_tallies};
use engine::equity::{Kernel, Method};

use crate::engine::equity::{Spot, brute_force, spot};

fn setup(spot: &Spot, breakdown: bool) -> Setup {
    let mut request = spot.request(Method::Exact);
    request.breakdown = breakdown;
    Setup::new(&request).unwrap_or_else(|e| panic!("{:?} / {}: {e}", spot.seats, spot.dead))
}

/// Twenty cards dead (every deuce to six): 26 cards left to deal from, few
/// enough boards for the brute force.
const LOW_CARDS: &str = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s";

/// Preflop spots, two to six seats: single hands and ranges, weights,
/// folded seats, dead cards; suited hands in the same suit (flushes that
/// decide, straight flushes), pairs, connectors.
fn scan_spots() -> Vec<Spot> {
    vec![
        spot(&[("AhAs", false), ("KhKs", false), ("QhQs", false)], "", ""),
        spot(&[("AA", false), ("KK", false), ("QQ", false)], "", ""),
        spot(&[("AKs", false), ("QQ", false), ("JJ", false)], "", ""),
        spot(
            &[("AKs,AQs:0.5", false), ("KK", false), ("QQ:0.25", false)],
            "",
            "",
        ),
        spot(&[("AhKh", false), ("QcQd", false), ("JsTs", false)], "", ""),
        spot(
            &[
                ("AhAs", false),
                ("KdKc", false),
                ("QsQh", false),
                ("JdJc", false),
                ("Ts9s", false),
                ("8h7h", false),
            ],
            "",
            "",
        ),
        spot(&[("AA", false), ("KK", false), ("QQ", true)], "", ""),
        spot(&[("AhAs", false), ("KK", false)], "", "2c"),
        spot(&[("AhAs", false), ("KhKs", false)], "", "2c"),
        spot(
            &[("AhKh", false), ("QQ", false), ("JhTh", false)],
            "",
            "2c3d",
        ),
        spot(
            &[
                ("AcKd", false),
                ("QsJs", false),
                ("Th9h", false),
                ("8c8d", false),
                ("2s2h", false),
            ],
            "",
            "",
        ),
        spot(
            &[
                ("AhAd", false),
                ("KK", false),
                ("JJ,TT", true),
                ("9s8s", false),
            ],
            "",
            "",
        ),
        spot(
            &[("AsKs,AhKh", false), ("QQ:0.5,JJ", false), ("7s6s", false)],
            "",
            "Ad",
        ),
        spot(
            &[
                ("AsAh", false),
                ("KsKh", false),
                ("QsQh", false),
                ("JsJh", false),
            ],
            "",
            "TsTh",
        ),
        spot(&[("9s8s", false), ("7s6s", false), ("5s4s", false)], "", ""),
        spot(&[("5h4h", false), ("3h2h", false), ("AhKh", false)], "", ""),
        spot(
            &[
                ("A2s:0.3,A3s", false),
                ("5c4c,5d4d", false),
                ("2c2d", false),
            ],
            "",
            "Kc Kd Ks",
        ),
        spot(
            &[
                ("AhKh", false),
                ("QdQc", false),
                ("JsTs", false),
                ("9d9c", true),
                ("7h6h", false),
                ("2s3s", false),
            ],
            "",
            "",
        ),
        spot(&[("AA", false), ("KhKs,QQ", false)], "", "2c"),
        spot(
            &[
                ("2c2d", false),
                ("3c3d", false),
                ("4c4d", false),
                ("5c5d", false),
                ("6c6d", false),
                ("7c7d", false),
            ],
            "",
            "",
        ),
        spot(
            &[("AcKc:0.7,AdKd", false), ("AhKh", false), ("AsKs", false)],
            "",
            "",
        ),
        spot(&[("AKs", false), ("QQ", false), ("JJ", false)], "", "2h"),
        spot(
            &[("AhAs", false), ("KhKs", false), ("QhQs", false)],
            "",
            LOW_CARDS,
        ),
        // Suited and offsuit hands of the same ranks, 128 classes of deals
        // in one group of ranks (the counting cuts such groups).
        spot(&[("AK", false), ("QJ", false)], "", "2c3d"),
    ]
}

/// The kernel's tallies equal the deal-major walk's, integer for integer,
/// with and without a breakdown.
#[test]
fn rank_patterns_count_what_the_walk_counts() {
    let spots = scan_spots();
    assert!(spots.len() >= 20);
    for (i, spot) in spots.iter().enumerate() {
        let with = setup(spot, true);
        let expected = exact_tallies(&with, Kernel::DealMajor).unwrap();
        assert!(expected.total > 0 && !expected.combos.is_empty());
        let got = exact_tallies(&with, Kernel::RankPatterns).unwrap();
        assert_eq!(got, expected, "spot {i} with a breakdown");
        let without = setup(spot, false);
        let got = exact_tallies(&without, Kernel::RankPatterns).unwrap();
        let expected = Tallies {
            combos: Vec::new(),
            ..expected
        };
        assert_eq!(got, expected, "spot {i}");
    }
}

/// Equity, win and tie of every active seat equal the brute force's.
#[test]
fn rank_patterns_match_brute_force() {
    let spots = [
        spot(
            &[("AhAs", false), ("KhKs", false), ("QhQs", false)],
            "",
            LOW_CARDS,
        ),
        spot(
            &[("AhKh,AcKc", false), ("QsQh", false), ("JhTh", false)],
            "",
            LOW_CARDS,
        ),
        spot(
            &[
                ("9h8h", false),
                ("TsJs", false),
                ("7c7d:0.5,AdKs", false),
                ("QhQd", true),
            ],
            "",
            LOW_CARDS,
        ),
        spot(&[("AA", false), ("KhQh", false)], "", LOW_CARDS),
    ];
    for (i, spot) in spots.iter().enumerate() {
        let expected = brute_force(spot);
        for breakdown in [false, true] {
            let result = engine::equity::internal::enumerate_with(
                &setup(spot, breakdown),
                Kernel::RankPatterns,
            )
            .unwrap();
            assert_eq!(result.seats.len(), expected.len());
            for (got, &(equity, win, tie)) in result.seats.iter().zip(&expected) {
                let close = |a: f64, b: f64| (a - b).abs() <= 1e-12;
                assert!(
                    close(got.equity, equity) && close(got.win, win) && close(got.tie, tie),
                    "spot {i} breakdown {breakdown}: {got:?} vs {equity} {win} {tie}"
                );
            }
        }
    }
}

/// The planner counts preflop spots the table cannot serve by rank
/// pattern, and only those: a board known, it keeps the board kernels.
#[test]
fn the_planner_counts_preflop_spots_by_rank_pattern() {
    let preflop = [
        spot(&[("AhAs", false), ("KhKs", false), ("QhQs", false)], "", ""),
        spot(&[("AKs", false), ("QQ", false), ("JJ", false)], "", ""),
        spot(&[("AhAs", false), ("KhKs", false)], "", "2c"),
        spot(&[("AA", false), ("random", false)], "", "2c"),
        spot(&[("AA", false), ("KK", false), ("QQ", true)], "", ""),
        spot(
            &[
                ("QQ+,AK", false),
                ("JJ-99,AQs,KQs", false),
                ("22+,AJs+", false),
            ],
            "",
            "",
        ),
    ];
    for (i, spot) in preflop.iter().enumerate() {
        for breakdown in [false, true] {
            let cost = exact_cost(&setup(spot, breakdown));
            assert_eq!(cost.kernel, Kernel::RankPatterns, "spot {i}");
        }
    }
    let flop = spot(&[("AA", false), ("KK", false), ("QQ", false)], "2c7d9h", "");
    assert_ne!(
        exact_cost(&setup(&flop, false)).kernel,
        Kernel::RankPatterns
    );
}

/// The planner prices rank patterns as the run splits the deals: `AA`
/// against `random` with `2c` dead is 1,465 deals up to suits but 91 rank
/// groups sharing their unsuited outcomes, which fits `Auto`'s budget (it
/// was priced as 1,465 whole counts, and sampled).
#[test]
fn auto_counts_a_hand_against_random_with_a_dead_card_exactly() {
    let spot = spot(&[("AA", false), ("random", false)], "", "2c");
    let request = spot.request(Method::Auto);
    let setup = Setup::new(&request).expect("a valid spot");
    let cost = exact_cost(&setup);
    assert_eq!(cost.kernel, Kernel::RankPatterns);
    assert!(
        cost.reference_s() * 1000.0 <= request.time_budget_ms,
        "{cost:?}"
    );
    let result = engine::equity::calculate(&request, &|| false, &mut |_| {}).expect("counted");
    assert_eq!(result.strategy.to_string(), "exact/rank_patterns");
}
