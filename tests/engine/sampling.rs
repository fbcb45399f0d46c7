//! Monte Carlo where it is hard (issue 17): spots whose restricted seats
//! clash on almost every independent draw are still answered, from the
//! exact joint distribution; every sampled figure carries an honest error
//! (win and tie too, for both designs), and an estimate is never shown as
//! exact.

use std::process::{Command, Output};

use engine::Range;
use engine::card::parse_cards;
use engine::equity::{self, Design, EquityRequest, EquityResult, Method, Seat, Strategy};

fn rangestove(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(args)
        .output()
        .unwrap()
}

fn json(output: &Output) -> serde_json::Value {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

pub(crate) fn request(ranges: &[&str], board: &str) -> EquityRequest {
    let seats = ranges
        .iter()
        .map(|r| Seat::active(Range::parse(r).unwrap()))
        .collect();
    let mut request = EquityRequest::new(seats);
    request.board = parse_cards(board).unwrap();
    request.threads = Some(1);
    request
}

pub(crate) fn run(request: &EquityRequest) -> EquityResult {
    equity::calculate(request, &|| false, &mut |_| {}).unwrap()
}

/// The ten-seat spot: ranges that clash on almost every
/// independent draw (two `AA,KK`, `AK`, `QQ+`, and hands holding `Qd`,
/// `Ks` and `Ac`) beside wide ones.
const TEN_SEATS: [&str; 10] = [
    "Qd",
    "AK",
    "AA,KK:0.5",
    "AA,KK:0.5",
    "Ks",
    "random",
    "10%",
    "QQ+",
    "50%",
    "Ac",
];

#[test]
fn a_spot_where_rejection_starves_is_answered_by_both_modes() {
    for mode in [&["--mc"][..], &[]] {
        let mut args = vec!["calc", "--json", "--seed", "1", "--threads", "1"];
        args.extend_from_slice(mode);
        args.extend_from_slice(&["--trials", "20000"]);
        args.extend_from_slice(&TEN_SEATS);
        let value = json(&rangestove(&args));
        assert_eq!(value["method"], "monte_carlo", "{mode:?}");
        assert_eq!(
            value["strategy"], "monte_carlo/prefixes/crowded",
            "{mode:?}"
        );
        let players = value["players"].as_array().unwrap();
        assert_eq!(players.len(), 10);
        let total: f64 = players.iter().map(|p| p["equity"].as_f64().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        for p in players {
            assert!(p["std_error"].as_f64().unwrap() > 0.0, "{p}");
        }
    }
}

#[test]
fn a_starving_spot_samples_the_joint_distribution() {
    // Three seats that all but insist on the same two aces (the others at
    // the smallest weight), so independent draws almost never fit together
    // (about one in a million), beside two others; on the river, so
    // enumeration is quick. (The engine's unit tests run the same spot
    // with the table split, as where it would not fit.)
    let ranges = [
        "AsAh,KK:0.0001",
        "AsAh,QQ:0.0001",
        "AsAh,JJ:0.0001",
        "AK,AQ,A5s",
        "KQ,K8s,Q8s",
    ];
    let board = "2c7d9h4s3c";
    let mut exact = request(&ranges, board);
    exact.method = Method::Exact;
    let exact = run(&exact);
    let mut mc = request(&ranges, board);
    mc.method = Method::MonteCarlo;
    mc.trials = Some(200_000);
    mc.seed = 5;
    let mc = run(&mc);
    assert_eq!(mc.strategy.to_string(), "monte_carlo/prefixes/crowded");
    for (m, e) in mc.seats.iter().zip(&exact.seats) {
        for (name, got, se, want) in [
            ("equity", m.equity, m.std_error, e.equity),
            ("win", m.win, m.win_std_error, e.win),
            ("tie", m.tie, m.tie_std_error, e.tie),
        ] {
            assert!(se > 0.0, "seat {} {name}", m.seat);
            assert!(
                (got - want).abs() <= 4.0 * se,
                "seat {} {name}: {got} ± {se} vs exact {want}",
                m.seat
            );
        }
    }
}

/// Across `seeds` runs of `request`, per seat and figure (win, tie), the
/// root mean square of the reported standard errors against the standard
/// deviation of the estimates.
pub(crate) fn reported_and_observed(
    request: &EquityRequest,
    seeds: u64,
) -> Vec<(String, f64, f64)> {
    let runs: Vec<EquityResult> = (0..seeds)
        .map(|seed| {
            let mut request = request.clone();
            request.seed = 1000 + seed;
            run(&request)
        })
        .collect();
    let m = seeds as f64;
    let mut out = Vec::new();
    for s in 0..runs[0].seats.len() {
        for (name, value, error) in [
            (
                "win",
                (|r: &equity::SeatEquity| r.win) as fn(&equity::SeatEquity) -> f64,
                (|r: &equity::SeatEquity| r.win_std_error) as fn(&equity::SeatEquity) -> f64,
            ),
            ("tie", |r| r.tie, |r| r.tie_std_error),
            ("equity", |r| r.equity, |r| r.std_error),
        ] {
            let values: Vec<f64> = runs.iter().map(|r| value(&r.seats[s])).collect();
            let mean = values.iter().sum::<f64>() / m;
            let observed =
                (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (m - 1.0)).sqrt();
            let reported =
                (runs.iter().map(|r| error(&r.seats[s]).powi(2)).sum::<f64>() / m).sqrt();
            out.push((format!("seat {s} {name}"), reported, observed));
        }
    }
    out
}

#[test]
fn win_and_tie_errors_match_their_spread_for_both_designs() {
    // Every seat `random`: clusters of deals sharing a board, where win
    // and tie vary far more than independent deals would.
    let mut clusters = request(&["random", "random", "random", "random"], "");
    clusters.method = Method::MonteCarlo;
    clusters.trials = Some(16_384);
    // A hand against ranges: prefixes (a seat deal, several boards).
    let mut prefixes = request(&["AhKd", "AK,AQ,JJ+", "random"], "");
    prefixes.method = Method::MonteCarlo;
    prefixes.trials = Some(16_384);
    for (design, request) in [("clusters", &clusters), ("prefixes", &prefixes)] {
        assert!(
            run(request).strategy.to_string().contains(design),
            "{design}"
        );
        for (figure, reported, observed) in reported_and_observed(request, 100) {
            assert!(observed > 0.0, "{design} {figure}");
            let ratio = reported / observed;
            assert!(
                (0.7..=1.3).contains(&ratio),
                "{design} {figure}: reported {reported:.3e}, observed {observed:.3e}"
            );
        }
    }
}

#[test]
fn exact_results_have_no_error_and_estimates_always_some() {
    let exact = run(&request(&["AhKd", "QQ", "random"], "Kh7c2s"));
    assert!(exact.method.is_exact());
    for s in &exact.seats {
        assert_eq!(
            (s.std_error, s.win_std_error, s.tie_std_error),
            (0.0, 0.0, 0.0)
        );
    }
    // One trial: a single group, nothing to measure a spread with.
    for ranges in [&["AA", "KK"][..], &["random", "random", "random"]] {
        let mut one = request(ranges, "");
        one.method = Method::MonteCarlo;
        one.trials = Some(1);
        let result = run(&one);
        for s in &result.seats {
            for se in [s.std_error, s.win_std_error, s.tie_std_error] {
                assert!(se > 0.0 && se <= 1.0, "{ranges:?}: {s:?}");
            }
        }
    }
    // Through the binary, as JSON and text.
    let value = json(&rangestove(&[
        "calc",
        "--json",
        "--mc",
        "--trials",
        "1",
        "--seed",
        "0",
        "--threads",
        "1",
        "AA",
        "KK",
    ]));
    for p in value["players"].as_array().unwrap() {
        for field in ["std_error", "win_std_error", "tie_std_error"] {
            assert!(p[field].as_f64().unwrap() > 0.0, "{field}: {p}");
        }
    }
    let value = json(&rangestove(&[
        "calc",
        "--json",
        "--threads",
        "1",
        "--board",
        "Kh7c2s",
        "AhKd",
        "QQ",
    ]));
    assert_eq!(value["method"], "exact");
    for p in value["players"].as_array().unwrap() {
        assert_eq!(p["win_std_error"], 0.0, "{p}");
        assert_eq!(p["tie_std_error"], 0.0, "{p}");
    }
    let output = rangestove(&[
        "calc",
        "--mc",
        "--trials",
        "1",
        "--seed",
        "0",
        "--threads",
        "1",
        "AA",
        "KK",
    ]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.matches("(win ± ").count(), 2, "{text}");
}

#[test]
fn rare_deals_never_drawn_do_not_look_exact() {
    // The spot: every sampled deal gives `TT+` the same share (the
    // deals that would not carry a weight of 0.0001 and are never drawn),
    // so the spread of the samples is zero; the error reported must still
    // cover the true difference.
    let ranges = [
        "AQs+:0.0001,QQ,KQs:0.0001",
        "QQ+",
        "AQs+:0.25",
        "AA:0.3333",
        "TT+",
        "KK+:0.25",
    ];
    let board = "2c7d9h4s";
    let mut mc = request(&ranges, board);
    mc.method = Method::MonteCarlo;
    mc.trials = Some(2_000_000);
    mc.seed = 0;
    let mc = run(&mc);
    let mut exact = request(&ranges, board);
    exact.method = Method::Exact;
    let exact = run(&exact);
    // The text shows no error as 0 either.
    let mut args = vec![
        "calc",
        "--mc",
        "--trials",
        "200K",
        "--seed",
        "0",
        "--threads",
        "1",
        "--board",
        board,
    ];
    args.extend_from_slice(&ranges);
    let output = rangestove(&args);
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.matches("(win ± ").count(), 6, "{text}");
    assert!(!text.contains("± 0.000%"), "{text}");
    for (m, e) in mc.seats.iter().zip(&exact.seats) {
        for (name, got, se, want) in [
            ("equity", m.equity, m.std_error, e.equity),
            ("win", m.win, m.win_std_error, e.win),
            ("tie", m.tie, m.tie_std_error, e.tie),
        ] {
            assert!(se > 1e-9, "seat {} {name}: ± {se}", m.seat);
            assert!(
                (got - want).abs() <= 4.0 * se,
                "seat {} {name}: {got} ± {se} vs exact {want}",
                m.seat
            );
        }
    }
}

/// A time limit stops sampling after the round under way, whatever the
/// trials: with a limit of zero, after the first round, so the deals drawn
/// (and the figures) do not depend on the machine's speed, and running
/// that many trials with the same seed gives the same figures.
#[test]
fn a_time_limit_stops_after_the_round_under_way() {
    let mut limited = request(&["AKs,QQ", "random", "JTs,22+"], "Kh9s4c");
    limited.method = Method::MonteCarlo;
    limited.trials = Some(10_000_000);
    limited.seed = 5;
    limited.time_limit_ms = Some(0.0);
    limited.threads = Some(3);
    let stopped = run(&limited);
    assert!(
        stopped.samples > 0 && stopped.samples < 10_000_000,
        "{}",
        stopped.samples
    );
    limited.threads = Some(1);
    assert_eq!(run(&limited).seats, stopped.seats);
    let mut same = limited.clone();
    same.time_limit_ms = None;
    same.trials = Some(stopped.samples);
    let again = run(&same);
    assert_eq!(again.samples, stopped.samples);
    assert_eq!(again.seats, stopped.seats);
    // No limit: every trial.
    same.trials = Some(200_000);
    assert!(run(&same).samples >= 200_000);
}

/// Ranges that can be dealt together but clash on almost every random draw
/// and fit no sequential table (22 seats of pocket pairs): every method
/// says the same thing, that neither sampling nor exact counting can take
/// the spot, and what would work; no advice points at the other method.
#[test]
fn a_spot_no_method_can_take_says_so_the_same_way() {
    let seats: Vec<&str> = vec!["AA,KK,QQ,JJ,TT,99,88,77,66,55,44,33,22"; 22];
    for method in [Method::Auto, Method::MonteCarlo, Method::Exact] {
        let mut request = request(&seats, "");
        request.method = method;
        request.trials = Some(1000);
        let error = equity::calculate(&request, &|| false, &mut |_| {}).unwrap_err();
        assert!(
            matches!(
                error,
                equity::EquityError::SamplingStarved {
                    exact_refused: true
                }
            ),
            "{method:?}: {error}"
        );
        let text = error.to_string();
        assert!(text.contains("widen the ranges"), "{text}");
        assert!(
            !text.contains("Monte Carlo") && !text.contains("--exact"),
            "{text}"
        );
    }
}

/// The clusters (boards) a Monte Carlo run drew, `None` unless it used the
/// cluster design.
fn clusters_drawn(result: &EquityResult) -> Option<u64> {
    match result.strategy {
        Strategy::MonteCarlo {
            design: Design::Clusters { deals, .. },
        } => Some(result.samples / deals),
        _ => None,
    }
}

/// Issue 29 item 5: a cluster is one board, and the board decides much of
/// a deal's win and tie, so their per-cluster means are skewed; with few
/// clusters an estimate that missed the rare boards that tie most comes
/// with an error that missed them too (200K deals were 98 clusters of 2048,
/// and a tie could lie 5 errors off). Every clustered run, to a trial
/// budget or to a target error, draws at least 1024 clusters.
#[test]
fn a_clustered_run_draws_at_least_1024_boards() {
    let spots: [(&[&str], &str); 4] = [
        (&["random", "random", "random"], "Kh9s4c"),
        (&["random", "random", "random"], ""),
        (&["random", "random"], ""),
        (
            &["random", "random", "random", "random", "random", "random"],
            "Kh9s4c2d",
        ),
    ];
    for (ranges, board) in spots {
        for trials in [16_384, 100_000, 200_000, 1_000_000, 2_000_000, 3_000_000] {
            let mut mc = request(ranges, board);
            mc.method = Method::MonteCarlo;
            mc.trials = Some(trials);
            mc.seed = 1;
            let result = run(&mc);
            let clusters = clusters_drawn(&result)
                .unwrap_or_else(|| panic!("{ranges:?} {board} {trials}: {}", result.strategy));
            assert!(
                clusters >= 1024,
                "{ranges:?} {board} {trials}: {clusters} clusters ({})",
                result.strategy
            );
        }
        // A loose target error is met long before: it still waits for them.
        let mut target = request(ranges, board);
        target.method = Method::MonteCarlo;
        target.trials = Some(1_000_000_000);
        target.target_std_error = Some(0.01);
        target.seed = 1;
        let result = run(&target);
        let clusters = clusters_drawn(&result).expect("clustered");
        assert!(
            (1024..2048).contains(&clusters),
            "{ranges:?} {board}: {clusters} clusters to a target error"
        );
    }
}

/// The z (estimate less exact, over its error) of every seat's tie, win and
/// equity over runs of `request` with seeds 1 to `seeds`.
pub(crate) fn z_scores(request: &EquityRequest, exact: &EquityResult, seeds: u64) -> [Vec<f64>; 3] {
    let mut z = [Vec::new(), Vec::new(), Vec::new()];
    for seed in 1..=seeds {
        let mut request = request.clone();
        request.seed = seed;
        let result = run(&request);
        for (m, e) in result.seats.iter().zip(&exact.seats) {
            z[0].push((m.tie - e.tie) / m.tie_std_error);
            z[1].push((m.win - e.win) / m.win_std_error);
            z[2].push((m.equity - e.equity) / m.std_error);
        }
    }
    z
}

/// Issue 29 item 5, where boards decide ties most: heads-up `random`
/// against `random` preflop at 200K deals. With 98 clusters these 200 seeds
/// gave a tie z-rms of 1.45 and a tie 7.6 errors off; the bound is
/// a z-rms of at most 1.2 and no |z| above 4.5. The seeds fix the outcome
/// (on any thread count). scripts/mc-ties.sh checks the spot over
/// 1,000 seeds.
#[test]
fn tie_and_win_errors_cover_the_boards_that_decide_them() {
    let exact = run(&request(&["random", "random"], ""));
    assert!(exact.method.is_exact());
    let mut mc = request(&["random", "random"], "");
    mc.method = Method::MonteCarlo;
    mc.trials = Some(200_000);
    assert!(clusters_drawn(&run(&mc)).is_some());
    let z = z_scores(&mc, &exact, 200);
    for (name, z) in ["tie", "win", "equity"].iter().zip(&z) {
        let rms = (z.iter().map(|z| z * z).sum::<f64>() / z.len() as f64).sqrt();
        let most = z.iter().fold(0.0f64, |a, z| a.max(z.abs()));
        assert!(
            rms <= 1.2 && most <= 4.5,
            "{name}: z-rms {rms:.3}, max |z| {most:.2}"
        );
    }
}

/// The prefix design's shape (issue 30 item 3): a short pilot on a fixed
/// generator picks how many disjoint boards each sampled seat deal is
/// scored on — many for a hand against narrow ranges, where the board
/// decides most, few for wide ranges against each other, where the hands
/// do — and the errors stay honest on the shapes it picks: over 30 seeds
/// per spot, every seat's equity within 4 errors of exact and the z-scores'
/// root mean square between 0.6 and 1.4; the same seed gives the same
/// figures on 1, 2 and 4 threads.
#[test]
fn the_pilot_shapes_the_prefixes_and_errors_stay_honest() {
    use engine::equity::internal::prefix_boards;
    // Each spot with the boards a prefix it should get and its budget (the
    // first too small for the strata design's 32 groups, which a larger one
    // would take: tests/engine/strata.rs).
    type Spot = (
        &'static [&'static str],
        &'static str,
        fn(usize) -> bool,
        u64,
    );
    let spots: [Spot; 3] = [
        (&["AhKh", "QQ", "JTs"], "9h8h2c", |b| b >= 12, 30_000),
        (&["25%", "15%", "10%"], "9h8h2c", |b| b <= 4, 100_000),
        (
            &["AKs", "JJ+,AQs", "KQs"],
            "",
            |b| (1..=9).contains(&b),
            100_000,
        ),
    ];
    for (ranges, board, expected, trials) in spots {
        let mut exact = request(ranges, board);
        exact.method = Method::Exact;
        let exact = run(&exact);
        let mut mc = request(ranges, board);
        mc.method = Method::MonteCarlo;
        mc.trials = Some(trials);
        let boards = prefix_boards(&mc).unwrap().expect("prefixes");
        assert!(expected(boards), "{ranges:?}: {boards} boards a prefix");
        let z = z_scores(&mc, &exact, 30);
        let rms = (z[2].iter().map(|z| z * z).sum::<f64>() / z[2].len() as f64).sqrt();
        let most = z[2].iter().fold(0.0f64, |a, z| a.max(z.abs()));
        assert!(
            (0.6..=1.4).contains(&rms) && most <= 4.0,
            "{ranges:?} ({boards} boards): z-rms {rms:.3}, max |z| {most:.2}"
        );
        same_on_threads(&mc, &format!("{ranges:?}"));
    }
}

/// `request` gives the same figures on 1, 2 and 4 threads (`label` says
/// which spot failed).
pub(crate) fn same_on_threads(request: &EquityRequest, label: &str) {
    let on = |threads: usize| {
        let mut request = request.clone();
        request.threads = Some(threads);
        run(&request).seats
    };
    let one = on(1);
    assert_eq!(one, on(2), "{label}");
    assert_eq!(one, on(4), "{label}");
}
