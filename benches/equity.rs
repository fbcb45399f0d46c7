//! Equity benches: the issues' reference scenarios, 2 threads (the CI and
//! development machines have 2 cores). Run with `cargo bench --bench equity`.
//!
//! Heads-up preflop spots are answered from the precomputed table by
//! `calculate`; the `enumeration` benches time the same spots enumerated
//! (`Setup` and `internal::enumerate` directly), as before the table.

use criterion::{Criterion, criterion_group, criterion_main};
use engine::equity::internal::{Setup, preflop_table};
use engine::equity::{self, EquityRequest, Method, MethodUsed, Seat};
use engine::{CardSet, Range, card::parse_cards};
use std::hint::black_box;

fn request(ranges: &[&str], board: &str, method: Method) -> EquityRequest {
    let seats = ranges
        .iter()
        .map(|r| Seat::active(Range::parse(r).expect("bench range")))
        .collect();
    let mut request = EquityRequest::new(seats);
    request.board = parse_cards(board).expect("bench board");
    request.method = method;
    request.seed = 1;
    request
}

fn run(request: &EquityRequest) -> f64 {
    let result = equity::calculate(request, &|| false, &mut |_| {}).expect("bench scenario");
    result.seats[0].equity
}

/// Exact enumeration, bypassing the preflop table.
fn enumerate(request: &EquityRequest) -> f64 {
    let setup = Setup::new(request).expect("bench scenario");
    let result = equity::internal::enumerate(&setup, None).expect("bench scenario");
    result.seats[0].equity
}

fn benches(c: &mut Criterion) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("thread pool");
    let mut group = c.benchmark_group("equity (2 threads)");
    group.sample_size(10);
    let table_spots = [
        ("preflop table AhAs vs KhKs", ["AhAs", "KhKs"]),
        ("preflop table AKs vs QQ", ["AKs", "QQ"]),
        ("preflop table AA vs random", ["AA", "random"]),
        ("preflop table random vs random", ["random", "random"]),
        (
            "preflop table 22+,A2s+,KTo+ vs QQ+,AK",
            ["22+,A2s+,KTo+", "QQ+,AK"],
        ),
    ];
    // The first use parses the table; keep it out of the measurements.
    preflop_table::shipped().expect("the shipped table");
    for (name, ranges) in table_spots {
        let r = request(&ranges, "", Method::Exact);
        let first = equity::calculate(&r, &|| false, &mut |_| {}).expect("bench scenario");
        assert_eq!(first.method, MethodUsed::PreflopTable, "{name}");
        group.bench_function(name, |b| b.iter(|| pool.install(|| black_box(run(&r)))));
    }
    // The analysis issue's heat map: every combo's equity, exactly.
    let mut heat = request(&["25%", "15%"], "Kh9s4c", Method::Exact);
    heat.breakdown = true;
    group.bench_function("exact breakdown 25% vs 15% on Kh9s4c (heat map)", |b| {
        b.iter(|| pool.install(|| black_box(run(&heat))))
    });
    group.bench_function(
        "preflop table: load the shipped bytes (header, checksum)",
        |b| {
            b.iter(|| {
                black_box(
                    preflop_table::parse(preflop_table::shipped_bytes())
                        .map(|_| ())
                        .is_ok(),
                )
            })
        },
    );
    let r = request(
        &["JcJh", "8s7s", "99+,AJs+", "QQ+,AQs+,AQo+"],
        "4dAc5d",
        Method::Exact,
    );
    group.bench_function("exact JcJh 8s7s 99+,AJs+ QQ+,AQs+,AQo+ on 4dAc5d", |b| {
        b.iter(|| pool.install(|| black_box(run(&r))))
    });
    let enumerated = [
        ("enumeration AhAs vs KhKs preflop", ["AhAs", "KhKs"]),
        ("enumeration AKs vs QQ preflop", ["AKs", "QQ"]),
        ("enumeration AA vs random preflop", ["AA", "random"]),
    ];
    for (name, ranges) in enumerated {
        let r = request(&ranges, "", Method::Exact);
        group.bench_function(name, |b| {
            b.iter(|| pool.install(|| black_box(enumerate(&r))))
        });
    }
    group.finish();
    multiway(c, &pool);
    line_report(c, &pool);
    montecarlo(c, &pool);
    preflop_multiway(c, &pool);
}

/// Monte Carlo to a target error (the issue 30 rows compared with
/// OMPEval) and to a budget.
fn montecarlo(c: &mut Criterion, pool: &rayon::ThreadPool) {
    let mut group = c.benchmark_group("montecarlo (2 threads)");
    group.sample_size(10);
    let mut mc = request(&["random"; 6], "", Method::MonteCarlo);
    mc.target_std_error = Some(0.0001);
    group.bench_function("monte carlo 6 x random preflop to stderr 0.0001", |b| {
        b.iter(|| pool.install(|| black_box(run(&mc))))
    });
    // A hero against randoms: the seat-deal (prefix) design.
    let mut mc = request(
        &["AKs", "random", "random", "random", "random", "random"],
        "",
        Method::MonteCarlo,
    );
    mc.target_std_error = Some(0.0002);
    group.bench_function(
        "monte carlo AKs vs 5 x random preflop to stderr 0.0002",
        |b| b.iter(|| pool.install(|| black_box(run(&mc)))),
    );
    // A hand against narrow ranges on a flop: the pilot's many boards a
    // prefix.
    let mut mc = request(&["AhKh", "QQ", "JTs"], "9h8h2c", Method::MonteCarlo);
    mc.target_std_error = Some(0.0003);
    group.bench_function(
        "monte carlo AhKh vs QQ vs JTs on 9h8h2c to stderr 0.0003",
        |b| b.iter(|| pool.install(|| black_box(run(&mc)))),
    );
    // Wide ranges against each other: the pilot's few boards a prefix.
    let mut mc = request(&["25%", "15%", "10%"], "9h8h2c", Method::MonteCarlo);
    mc.target_std_error = Some(0.0005);
    group.bench_function(
        "monte carlo 25% vs 15% vs 10% on 9h8h2c to stderr 0.0005",
        |b| b.iter(|| pool.install(|| black_box(run(&mc)))),
    );
    let mut mc = request(&["AhAs", "KhKs"], "", Method::MonteCarlo);
    mc.trials = Some(16_000_000);
    group.bench_function("monte carlo AhAs vs KhKs, 16M deals", |b| {
        b.iter(|| pool.install(|| black_box(run(&mc))))
    });
    group.finish();
}

/// Exact preflop spots the heads-up table cannot serve, counted by rank
/// pattern (issue 31), each through `calculate` as the command line runs
/// it.
fn preflop_multiway(c: &mut Criterion, pool: &rayon::ThreadPool) {
    let mut group = c.benchmark_group("preflop multiway (2 threads)");
    group.sample_size(10);
    let spots: [(&str, &[&str], &str); 7] = [
        (
            "exact AhAs vs KhKs vs QhQs preflop",
            &["AhAs", "KhKs", "QhQs"],
            "",
        ),
        ("exact AA vs KK vs QQ preflop", &["AA", "KK", "QQ"], ""),
        ("exact AKs vs QQ vs JJ preflop", &["AKs", "QQ", "JJ"], ""),
        (
            "exact AhAs KdKc QsQh JdJc Ts9s 8h7h preflop",
            &["AhAs", "KdKc", "QsQh", "JdJc", "Ts9s", "8h7h"],
            "",
        ),
        (
            "exact AhAs vs KhKs preflop, dead 2c",
            &["AhAs", "KhKs"],
            "2c",
        ),
        (
            "exact AA vs random preflop, dead 2c",
            &["AA", "random"],
            "2c",
        ),
        (
            "exact QQ+,AK vs JJ-99,AQs,KQs vs 22+,AJs+ preflop",
            &["QQ+,AK", "JJ-99,AQs,KQs", "22+,AJs+"],
            "",
        ),
    ];
    for (name, ranges, dead) in spots {
        let mut r = request(ranges, "", Method::Exact);
        r.dead = CardSet::parse(dead).expect("bench dead cards");
        group.bench_function(name, |b| b.iter(|| pool.install(|| black_box(run(&r)))));
    }
    group.finish();
}

/// Three or more ranged seats: the multiway targets (issue 19), each
/// through `calculate` as the command line runs it.
fn multiway(c: &mut Criterion, pool: &rayon::ThreadPool) {
    let mut group = c.benchmark_group("multiway (2 threads)");
    group.sample_size(10);
    let three = ["QQ+,AK", "JJ-99,AQs,KQs", "22+,AJs+"];
    let flop = request(&three, "Kh9s4c", Method::Exact);
    group.bench_function("exact QQ+,AK vs JJ-99,AQs,KQs vs 22+,AJs+ on Kh9s4c", |b| {
        b.iter(|| pool.install(|| black_box(run(&flop))))
    });
    let mut breakdown = flop.clone();
    breakdown.breakdown = true;
    group.bench_function(
        "exact breakdown QQ+,AK vs JJ-99,AQs,KQs vs 22+,AJs+ on Kh9s4c",
        |b| b.iter(|| pool.install(|| black_box(run(&breakdown)))),
    );
    let turn = request(&three, "Kh9s4c7d", Method::Exact);
    group.bench_function(
        "exact QQ+,AK vs JJ-99,AQs,KQs vs 22+,AJs+ on Kh9s4c7d",
        |b| b.iter(|| pool.install(|| black_box(run(&turn)))),
    );
    let randoms = request(&["random", "random", "random"], "Kh9s4c", Method::Exact);
    group.bench_function("exact random x3 on Kh9s4c", |b| {
        b.iter(|| pool.install(|| black_box(run(&randoms))))
    });
    let four = request(
        &["QQ+,AK", "JJ-99,AQs,KQs", "22+,AJs+", "random"],
        "Kh9s4c",
        Method::Exact,
    );
    group.bench_function(
        "exact QQ+,AK vs JJ-99,AQs,KQs vs 22+,AJs+ vs random on Kh9s4c",
        |b| b.iter(|| pool.install(|| black_box(run(&four)))),
    );
    let mut hero = request(&["AhKh", "QQ", "JTs"], "9h8h2c", Method::MonteCarlo);
    hero.trials = Some(10_000_000);
    group.bench_function("monte carlo AhKh vs QQ vs JTs on 9h8h2c, 10M deals", |b| {
        b.iter(|| pool.install(|| black_box(run(&hero))))
    });
    group.finish();
    let mut group = c.benchmark_group("study (2 threads)");
    group.sample_size(10);
    let next = request(&["25%", "15%"], "Kh9s4c", Method::Exact);
    group.bench_function("next card on Kh9s4c, 25% vs 15%", |b| {
        b.iter(|| pool.install(|| black_box(engine::study::next_cards(&next, &|| false))))
    });
    // Every turn with each seat's hits and buckets, three seats.
    let next = request(&three, "Kh9s4c", Method::Exact);
    group.bench_function(
        "next card on Kh9s4c, QQ+,AK vs JJ-99,AQs,KQs vs 22+,AJs+ (hits, buckets)",
        |b| b.iter(|| pool.install(|| black_box(engine::study::next_cards(&next, &|| false)))),
    );
    let next = request(&three, "Kh9s4c7d", Method::Exact);
    group.bench_function(
        "next card on Kh9s4c7d, QQ+,AK vs JJ-99,AQs,KQs vs 22+,AJs+ (hits, buckets)",
        |b| b.iter(|| pool.install(|| black_box(engine::study::next_cards(&next, &|| false)))),
    );
    // The flop report: every flop class, with hits and buckets. Each
    // iteration takes seconds: ten samples of one iteration each (run
    // with `-- "flop report"` to time only these).
    group.measurement_time(std::time::Duration::from_secs(1));
    let reports = [
        ("flop report 25% vs 15%, exact", vec!["25%", "15%"]),
        ("flop report AhKh vs 15%, exact", vec!["AhKh", "15%"]),
        (
            "flop report QQ+,AK vs JJ-99,AQs,KQs vs 22+,AJs+",
            vec!["QQ+,AK", "JJ-99,AQs,KQs", "22+,AJs+"],
        ),
        (
            "flop report AA,KK:0.5,AKs vs QQ-99,AQs:0.7 (weighted)",
            vec!["AA,KK:0.5,AKs", "QQ-99,AQs:0.7"],
        ),
        (
            "flop report AdQc vs QQ+,AK vs 22+,AJs+",
            vec!["AdQc", "QQ+,AK", "22+,AJs+"],
        ),
        ("flop report QQ+,AKs vs random", vec!["QQ+,AKs", "random"]),
        ("flop report AdQc vs 25% vs 15%", vec!["AdQc", "25%", "15%"]),
    ];
    for (name, ranges) in reports {
        let flops = request(&ranges, "", Method::Auto);
        group.bench_function(name, |b| {
            b.iter(|| {
                pool.install(|| {
                    black_box(engine::study::flop_report(&flops, &|| false, &|_, _, _| {}))
                })
            })
        });
    }
    group.finish();
}

/// A flop report on a line: every flop counted with the ranges its line
/// leaves, by the pass with each flop's ranges (issue 45). Seconds an
/// iteration: ten samples (run with `-- "on a line"` to time only it).
fn line_report(c: &mut Criterion, pool: &rayon::ThreadPool) {
    let mut group = c.benchmark_group("flop report on a line (2 threads)");
    group.sample_size(10);
    group.measurement_time(std::time::Duration::from_secs(1));
    let flops = request(&["25%", "15%"], "", Method::Auto);
    let line = [engine::line::StreetRule {
        seat: 1,
        street: engine::line::Street::Flop,
        rule: engine::line::ContinueRule::parse("pair+").expect("a valid rule"),
    }];
    group.bench_function("flop report on a line 25% vs 15%, BB pair+", |b| {
        b.iter(|| {
            pool.install(|| {
                black_box(engine::study::flop_report_on_line(
                    &flops,
                    &line,
                    &|| false,
                    &|_, _, _| {},
                ))
            })
        })
    });
    group.finish();
}

criterion_group!(equity_benches, benches);
criterion_main!(equity_benches);
