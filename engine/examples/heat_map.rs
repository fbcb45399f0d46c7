//! Measures the heat map's speed as the app gets it: the selected seat
//! `25%` against one villain `15%` on `Kh9s4c`, per-combo breakdown on,
//! automatic method with the app's 1 s exact budget and a Monte Carlo
//! preview, through the background worker. Prints, per run and as medians,
//! the time to the first per-class estimate and to the exact result.
//!
//! `cargo run --release -p engine --example heat_map [RUNS] [HERO] [VILLAIN] [BOARD]`

use std::time::{Duration, Instant};

use engine::equity::{EquityRequest, Seat};
use engine::worker::{Event, Worker};
use engine::{Range, card::parse_cards};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let runs: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(11);
    let hero = args.get(2).map_or("25%", String::as_str);
    let villain = args.get(3).map_or("15%", String::as_str);
    let board = args.get(4).map_or("Kh9s4c", String::as_str);
    let seats = [hero, villain]
        .iter()
        .map(|r| Seat::active(Range::parse(r).expect("range")))
        .collect();
    let mut request = EquityRequest::new(seats);
    request.board = parse_cards(board).expect("board");
    request.breakdown = true;
    request.preview = true;
    request.time_budget_ms = 1000.0;
    request.target_std_error = Some(0.0002);
    let worker = Worker::spawn(None, || {}).expect("worker");
    let (mut firsts, mut finals) = (Vec::new(), Vec::new());
    for run in 0..runs {
        let start = Instant::now();
        worker.submit(request.clone().into());
        let mut first = None;
        loop {
            let Some(update) = worker.recv_timeout(Duration::from_secs(30)) else {
                panic!("no result within 30 s");
            };
            let ms = start.elapsed().as_secs_f64() * 1e3;
            match update.event {
                Event::Progress(r) | Event::Done(r) if !r.breakdown.is_empty() => {
                    first.get_or_insert(ms);
                    if r.finished {
                        println!(
                            "run {run}: first per-class figures {:.1} ms, final ({}) {ms:.1} ms",
                            first.unwrap_or(ms),
                            r.method.name()
                        );
                        firsts.push(first.unwrap_or(ms));
                        finals.push(ms);
                        break;
                    }
                }
                Event::Failed(e) => panic!("{e}"),
                _ => {}
            }
        }
    }
    println!(
        "{hero} vs {villain} on {board}, {runs} runs: first estimate median {:.1} ms, \
         exact median {:.1} ms",
        median(firsts),
        median(finals)
    );
}
