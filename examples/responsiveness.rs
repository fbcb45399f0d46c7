//! Measures the app's responsiveness headlessly: the real app and worker in
//! an egui_kittest harness (no GPU, so painting is left out), a heads-up
//! ranged flop spot, and a series of grid clicks. For each edit it records
//! the time to the first equity numbers the app takes in, and the time the
//! app's code takes to build a frame while the engine runs on every core.
//!
//! `cargo run --release --example responsiveness [EDITS]`

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use engine::HandClass;
use engine::worker::Worker;
use rangestove::gui::{Persisted, RangestoveApp, SavedSeat, SeatMode};

fn main() {
    let edits: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(40);
    let seat = |name: &str, range: &str| SavedSeat {
        name: name.to_owned(),
        range: range.to_owned(),
        mode: SeatMode::Active,
        ..SavedSeat::default()
    };
    let mut persisted = Persisted::default();
    persisted.scenario.seats = vec![
        seat("Hero", "JJ+,AQs+,AKo"),
        seat("Villain", "22+,A2s+,K9s+,QTs+,JTs,T9s,98s,ATo+,KJo+"),
    ];
    persisted.scenario.board = "Kh9s4c".to_owned();
    let worker = Worker::spawn(None, || {}).expect("worker");
    let app = RangestoveApp::restore(&persisted, Some(worker));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut RangestoveApp| app.ui(ui), app);
    h.step();
    let cells = ["AJs", "ATs", "KQs", "KJs", "QJs", "JTs", "A5s", "TT"];
    let mut latencies = Vec::new();
    for edit in 0..edits {
        let class: HandClass = cells[edit % cells.len()].parse().expect("class");
        let at = h.state().editor().grid().cell_center(class);
        h.hover_at(at);
        h.drag_at(at);
        h.drop_at(at);
        h.step();
        // Step like a busy UI (every millisecond) until the numbers arrive.
        let start = Instant::now();
        while h.state().feed().result().is_none() && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(1));
            h.step();
        }
        if let Some(ms) = h.state().feed().timing().first_numbers_ms {
            latencies.push(ms);
        }
        // Let the exact run finish, frames still running.
        while !h.state().feed().result().is_some_and(|r| r.finished)
            && start.elapsed() < Duration::from_secs(5)
        {
            std::thread::sleep(Duration::from_millis(4));
            h.step();
        }
    }
    latencies.sort_by(f64::total_cmp);
    let pick = |q: f64| latencies[((latencies.len() - 1) as f64 * q).round() as usize];
    println!(
        "edit -> first numbers over {} edits: median {:.1} ms, p90 {:.1} ms, max {:.1} ms",
        latencies.len(),
        pick(0.5),
        pick(0.9),
        pick(1.0)
    );
    if let Some((median, max)) = h.state().feed().timing().ui_ms() {
        println!("UI frame build while computing: median {median:.2} ms, max {max:.2} ms");
    }
}
