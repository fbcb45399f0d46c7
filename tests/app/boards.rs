//! The Boards view as a player reads it: the chart's title clear of the
//! line of the seat's equity over every flop, and a progress bar whose text
//! says what the bar shows, counted in the classes the finished report
//! holds.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use engine::equity::Method;
use engine::study::flop_report;
use rangestove::gui::RangestoveApp;

use crate::app::{App, app_harness, click, retype, unfocus, wait};
use crate::engine::equity::spot;

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

/// The classes counted while the report runs are the rows it ends with:
/// a flop no deal allows (two aces and two kings against `AA` and `KK`; an
/// ace of diamonds or a queen of clubs against the hand `AdQc`) is not a
/// class to count.
#[test]
fn the_classes_counted_are_the_classes_reported() {
    const SPOTS: [(&[(&str, bool)], usize); 2] = [
        (&[("AA", false), ("KK", false)], 1_753),
        (&[("AdQc", false), ("KK", false)], 10_965),
    ];
    for (seats, rows) in SPOTS {
        let request = spot(seats, "", "").request(Method::Auto);
        let totals = std::sync::Mutex::new(Vec::new());
        let report = flop_report(&request, &|| false, &|_, done, total| {
            totals.lock().unwrap().push((done, total));
        })
        .unwrap();
        assert_eq!(report.flops.len(), rows, "{seats:?}");
        let totals = totals.into_inner().unwrap();
        assert_eq!(totals.len(), rows, "{seats:?}");
        assert!(
            totals
                .iter()
                .all(|&(done, total)| total == rows && done <= rows),
            "{seats:?}"
        );
    }
}

/// While the report runs, the bar's text states the bar's own figure and
/// counts in the finished report's unit: `AdQc` against `KK`, 10,965 flop
/// classes (12,519 before those that cannot come were left out).
#[test]
fn the_progress_text_says_what_the_bar_shows() {
    let mut h = boards("AdQc", "KK");
    let mut seen = Vec::new();
    let start = std::time::Instant::now();
    loop {
        if let Some(bar) = h.query_by_role(Role::ProgressIndicator) {
            let node = bar.accesskit_node();
            let text = node.label().unwrap_or_default();
            let value = node.numeric_value().unwrap();
            assert!(
                text.starts_with(&format!("{value:.0}%")),
                "{text:?} at {value}"
            );
            seen.push(text);
        }
        if h.state().flops().report().is_some() {
            break;
        }
        assert!(start.elapsed().as_secs() < 60, "no report");
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    let report = h.state().flops().report().unwrap();
    assert_eq!(report.flops.len(), 10_965);
    assert!(!seen.is_empty());
    for text in &seen {
        if let Some((_, classes)) = text.split_once(" of ") {
            assert_eq!(classes, "10965 flop classes");
        }
    }
    // Done: the method line counts the same classes.
    h.step();
    assert!(
        h.query_by_label_contains("10965 flop classes (").is_some(),
        "{seen:?}"
    );
}

/// Without a file dialog, *Export CSV…* says what is missing and takes a
/// typed path, as the File menu does.
#[test]
fn the_csv_export_takes_a_typed_path_without_file_dialogs() {
    let dir = tempfile::tempdir().unwrap();
    let why = "No file dialog here".to_owned();
    let app = RangestoveApp::default().with_dialogs(rangestove::gui::Dialogs::Missing(why.clone()));
    let mut h = app_harness(app);
    retype(&mut h, "Seat 1", "AA");
    retype(&mut h, "Seat 2", "KK");
    unfocus(&mut h);
    click(&mut h, "Boards");
    wait(&mut h, &|app| app.flops().report().is_some());
    click(&mut h, "Export CSV…");
    h.get_by_label(why.as_str());
    let path = dir.path().join("flops.csv");
    retype(&mut h, "Path", &path.display().to_string());
    click(&mut h, "Save file");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.lines().count() > 1000, "{}", text.lines().count());
    assert!(h.query_by_label(why.as_str()).is_none());
}
