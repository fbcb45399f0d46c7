//! Runs one equity request on one thread, for profilers:
//! `profile_equity MC|EXACT TRIALS BOARD|- RANGE...`.
#![allow(clippy::unwrap_used, missing_docs)]
use engine::Range;
use engine::equity::{self, EquityRequest, Method, Seat};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seats = args[4..]
        .iter()
        .map(|r| Seat::active(Range::parse(r).unwrap()))
        .collect();
    let mut request = EquityRequest::new(seats);
    request.method = if args[1] == "MC" {
        Method::MonteCarlo
    } else {
        Method::Exact
    };
    request.trials = Some(args[2].parse().unwrap());
    if args[3] != "-" {
        request.board = engine::card::parse_cards(&args[3]).unwrap();
    }
    request.threads = Some(1);
    request.seed = 1;
    if std::env::var_os("PLAN").is_some() {
        let setup = equity::internal::Setup::new(&request).unwrap();
        eprintln!("{:?}", equity::internal::exact_cost(&setup));
        let result = equity::calculate(&request, &|| false, &mut |_| {}).unwrap();
        eprintln!("strategy: {}", result.strategy);
    }
    let repeat: usize = std::env::var("REPEAT").map_or(1, |r| r.parse().unwrap());
    let mut r = equity::calculate(&request, &|| false, &mut |_| {}).unwrap();
    let start = std::time::Instant::now();
    for _ in 1..repeat {
        r = equity::calculate(&request, &|| false, &mut |_| {}).unwrap();
    }
    if repeat > 1 {
        eprintln!(
            "{:.3} ms per run",
            start.elapsed().as_secs_f64() * 1e3 / (repeat - 1) as f64
        );
    }
    println!("{:?} {}", r.seats[0], r.samples);
}
