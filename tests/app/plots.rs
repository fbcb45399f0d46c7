//! The plots (egui_plot) as a player reads them: hovering the equity
//! distribution names the seat, the share of its range and the equity
//! there; hovering the Boards chart names the flop, the seat's equity on it
//! and how often it comes, and a click puts that flop on the board.

use egui_kittest::kittest::{NodeT, Queryable, by};
use engine::worker::Worker;
use rangestove::gui::RangestoveApp;

use crate::app::{App, app_harness, click, retype, show_analysis, unfocus, wait};

/// The distribution graph's name in the accessibility tree.
const DISTRIBUTION: &str = "equity distribution graph";
/// The Boards chart's name in the accessibility tree.
const CHART: &str = "equity by flop chart";

/// Whether a node of the window (the plot's hover label is one) reads
/// `text`.
fn shows(h: &App, text: &str) -> bool {
    h.query_all(by().include_labels().predicate(|n| {
        n.label().is_some_and(|l| l == text) || n.value().is_some_and(|v| v == text)
    }))
    .next()
    .is_some()
}

/// Every text of the window, for a failure's message.
fn texts(h: &App) -> Vec<String> {
    h.query_all(by().include_labels())
        .filter_map(|n| n.accesskit_node().value().or(n.accesskit_node().label()))
        .filter(|t| t.contains('%'))
        .collect()
}

/// `AA` against `KK`: every combo of `AA` holds the seat's equity (the
/// suits are alike), so halfway along its line the graph reads the seat,
/// 50.0% of its range and its equity; between the lines, every seat's
/// equity at that share.
#[test]
fn hovering_the_distribution_shows_the_seat_its_share_and_equity() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = app_harness(RangestoveApp::with_worker(Some(worker)));
    retype(&mut h, "Seat 1", "AA");
    retype(&mut h, "Seat 2", "KK");
    unfocus(&mut h);
    show_analysis(&mut h);
    wait(&mut h, &|app| {
        app.feed().result().is_some_and(|r| r.finished)
    });
    h.step();
    let equity = |k: usize| h.state().feed().seat_equity(k).unwrap().equity;
    let (aa, kk) = (equity(0), equity(1));
    assert!(aa > 0.8 && kk < 0.2, "{aa} {kk}");
    let plot = h.get_by_label(DISTRIBUTION).rect();
    let at = |x: f32, y: f64| {
        egui::pos2(
            plot.left() + x * plot.width(),
            plot.bottom() - y as f32 * plot.height(),
        )
    };
    h.hover_at(at(0.5, aa));
    h.step();
    h.step();
    let near = format!("Seat 1\n50.0% of the range\n{:.1}% equity", 100.0 * aa);
    assert!(shows(&h, &near), "{near:?} in {:?}", texts(&h));
    h.hover_at(at(0.25, 0.5));
    h.step();
    h.step();
    let between = format!(
        "25.0% of each range\nSeat 1: {:.1}% equity\nSeat 2: {:.1}% equity",
        100.0 * aa,
        100.0 * kk
    );
    assert!(shows(&h, &between), "{between:?} in {:?}", texts(&h));
}

/// `AK` against `AA,KK`, the Boards view on Seat 2's equity: hovering 30%
/// across the chart names the flop whose bar spans there (the flops sorted
/// by the seat's equity, each as wide as its frequency), its equity and
/// frequency as the table prints them; a click there puts it on the board.
#[test]
fn hovering_the_boards_chart_shows_the_flop_its_equity_and_frequency() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Seat 1", "AK");
    retype(&mut h, "Seat 2", "AA,KK");
    unfocus(&mut h);
    click(&mut h, "Boards");
    wait(&mut h, &|app| app.flops().report().is_some());
    h.step();
    let plot = h.get_by_label(CHART).rect();
    let pos = egui::pos2(plot.left() + 0.3 * plot.width(), plot.center().y);
    // The share of the flops under the pointer, as the plot maps it.
    let x = f64::from(pos.x - plot.left()) / f64::from(plot.width());
    let seat = h.state().session().selected();
    let report = h.state().flops().report().unwrap();
    let mut bars: Vec<_> = report
        .flops
        .iter()
        .map(|r| (r.seats[seat].figures.equity, r.frequency, r))
        .collect();
    bars.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total: f64 = bars.iter().map(|b| b.1).sum();
    let mut start = 0.0;
    let (equity, _, row) = bars
        .into_iter()
        .find(|b| {
            start += b.1 / total;
            x < start
        })
        .unwrap();
    let flop: String = row.flop.iter().map(ToString::to_string).collect();
    let text = format!(
        "{flop}: {:.2}% equity\ncomes {:.3}% of the time",
        100.0 * equity,
        100.0 * row.frequency
    );
    let cards = row.flop;
    h.hover_at(pos);
    h.step();
    h.step();
    assert!(shows(&h, &text), "{text:?} in {:?}", texts(&h));
    // A click on the bar: its flop on the board.
    h.drag_at(pos);
    h.step();
    h.drop_at(pos);
    h.step();
    h.step();
    let board = h.state().session().board().to_vec();
    assert_eq!(board.len(), 3, "{board:?}");
    assert!(
        cards.iter().all(|c| board.contains(c)),
        "{board:?} {cards:?}"
    );
}
