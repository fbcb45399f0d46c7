//! Runs one equity request on one thread, for profilers:
//! `profile_equity MC|EXACT TRIALS BOARD|- RANGE...`. `PLAN=1` prints the
//! planner's costs, `BREAKDOWN=1` asks for per-combo figures, and
//! `KERNEL=<name>` (a board-major kernel's name, e.g. `swept_seat`, or
//! `deal_major`, `rank_patterns`) forces that exact kernel; `DEAD=cards`
//! sets dead cards; `THREADS=n` runs on `n` threads instead of one.
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
    let threads = std::env::var("THREADS").map_or(1, |t| t.parse().unwrap());
    // The pool counts are timed on, started once (with this thread in it,
    // as `calc` does), so that `REPEAT` times counts, not pools.
    engine::threads::start_global_here(Some(threads), "profile").unwrap();
    request.threads = Some(threads);
    request.seed = 1;
    request.breakdown = std::env::var_os("BREAKDOWN").is_some();
    if let Ok(dead) = std::env::var("DEAD") {
        request.dead = engine::CardSet::parse(&dead).unwrap();
    }
    let kernel = std::env::var("KERNEL").ok().map(|name| {
        let whole = [equity::Kernel::DealMajor, equity::Kernel::RankPatterns];
        if let Some(kernel) = whole.into_iter().find(|k| k.to_string() == name) {
            return kernel;
        }
        use equity::BoardKernel::*;
        let kernels = [
            TwoRanges,
            SweptSeat,
            ThreeRanges,
            WinnerSets,
            PerDeal { wide: false },
            MultiwayCombos { winner_sets: true },
        ];
        let found = kernels.into_iter().find(|k| k.to_string() == name);
        equity::Kernel::BoardMajor(found.unwrap_or_else(|| panic!("no kernel {name}")))
    });
    let calculate = |request: &EquityRequest| match kernel {
        Some(kernel) => {
            let setup = equity::internal::Setup::new(request).unwrap();
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| equity::internal::enumerate_with(&setup, kernel))
        }
        None => equity::calculate(request, &|| false, &mut |_| {}),
    };
    if std::env::var_os("PLAN").is_some() {
        let setup = equity::internal::Setup::new(&request).unwrap();
        eprintln!("{:?}", equity::internal::exact_cost(&setup));
        let result = equity::calculate(&request, &|| false, &mut |_| {}).unwrap();
        eprintln!("strategy: {}", result.strategy);
    }
    let repeat: usize = std::env::var("REPEAT").map_or(1, |r| r.parse().unwrap());
    let mut r = calculate(&request).unwrap();
    let start = std::time::Instant::now();
    for _ in 1..repeat {
        r = calculate(&request).unwrap();
    }
    if repeat > 1 {
        eprintln!(
            "{:.3} ms per run",
            start.elapsed().as_secs_f64() * 1e3 / (repeat - 1) as f64
        );
    }
    println!("{:?} {}", r.seats[0], r.samples);
}
