//! Equity benches: the reference scenarios, 2 threads (the CI and
//! development machines have 2 cores). Run with `cargo bench --bench equity`.

use criterion::{Criterion, criterion_group, criterion_main};
use engine::equity::{self, EquityRequest, Method, Seat};
use engine::{Range, card::parse_cards};
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

fn benches(c: &mut Criterion) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("thread pool");
    let mut group = c.benchmark_group("equity (2 threads)");
    group.sample_size(10);
    let exact = [
        ("exact AhAs vs KhKs preflop", vec!["AhAs", "KhKs"], ""),
        ("exact AKs vs QQ preflop", vec!["AKs", "QQ"], ""),
        (
            "exact JcJh 8s7s 99+,AJs+ QQ+,AQs+,AQo+ on 4dAc5d",
            vec!["JcJh", "8s7s", "99+,AJs+", "QQ+,AQs+,AQo+"],
            "4dAc5d",
        ),
        ("exact AA vs random preflop", vec!["AA", "random"], ""),
    ];
    for (name, ranges, board) in exact {
        let r = request(&ranges, board, Method::Exact);
        group.bench_function(name, |b| b.iter(|| pool.install(|| black_box(run(&r)))));
    }
    // The analysis issue's heat map: every combo's equity, exactly.
    let mut heat = request(&["25%", "15%"], "Kh9s4c", Method::Exact);
    heat.breakdown = true;
    group.bench_function("exact breakdown 25% vs 15% on Kh9s4c (heat map)", |b| {
        b.iter(|| pool.install(|| black_box(run(&heat))))
    });
    let mut mc = request(&["random"; 6], "", Method::MonteCarlo);
    mc.target_std_error = Some(0.0001);
    group.bench_function("monte carlo 6 x random preflop to stderr 0.0001", |b| {
        b.iter(|| pool.install(|| black_box(run(&mc))))
    });
    let mut mc = request(&["AhAs", "KhKs"], "", Method::MonteCarlo);
    mc.trials = Some(2_000_000);
    group.bench_function("monte carlo AhAs vs KhKs, 2M trials (16M deals)", |b| {
        b.iter(|| pool.install(|| black_box(run(&mc))))
    });
    group.finish();
}

criterion_group!(equity_benches, benches);
criterion_main!(equity_benches);
