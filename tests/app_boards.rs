//! The Boards view as a player reads it: the chart's title clear of the
//! line of the seat's equity over every flop.

use egui_kittest::kittest::Queryable;
use rangestove::gui::RangestoveApp;

use crate::app::{App, app_harness, click, retype, unfocus, wait};

/// The chart's title.
const TITLE: &str = "equity by flop, lowest to highest (width: how often it comes)";

/// The app with `seat1` against `seat2`, the Boards view open.
fn boards(seat1: &str, seat2: &str) -> App {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Seat 1", seat1);
    retype(&mut h, "Seat 2", seat2);
    unfocus(&mut h);
    click(&mut h, "Boards");
    h
}

/// `AA,KK` (Seat 2, the selected seat, whose chart shows) against `AK`:
/// the seat's equity over every flop (80.4%) lies near the top of the
/// chart's span, where the title was drawn over it.
#[test]
fn the_chart_title_stays_clear_of_the_equity_over_every_flop() {
    let mut h = boards("AK", "AA,KK");
    wait(&mut h, &|app| app.flops().report().is_some());
    h.step();
    let mean = h.state().flops().report().unwrap().seats[1].0;
    // A label's node and its text run: the first is the label.
    let title = h.query_all_by_value(TITLE).next().unwrap().rect();
    let label = format!("{:.1}% over every flop", 100.0 * mean);
    assert_eq!(label, "80.4% over every flop");
    let line = h.query_all_by_value(&label).next().unwrap().rect();
    assert!(
        !title.intersects(line),
        "title {title:?}, the line's label {line:?}"
    );
    // The label is inside the chart, under its title.
    assert!(line.top() >= title.bottom(), "{title:?} {line:?}");
}
