//! Groups, the hand-class table and the price box, driven like a user:
//! painting two groups with the group brush and reading their figures
//! (equal to the engine's `group_rows`), making a group its seat and
//! back, copying a group, saving and reopening a scenario with groups, a
//! class-table row highlighting its combos, and the combos that call a
//! price put in a group. Nothing here depends on the number of cores or
//! on speed: the figures are awaited.

use egui_kittest::kittest::Queryable;
use engine::study::{calls, class_table, group_rows};
use engine::worker::Worker;
use engine::{HandClass, Range};
use rangestove::gui::{Outcome, RangestoveApp};

use crate::app::grid::drag;
use crate::app::{App, app_harness, click, retype, show_analysis, wait};

/// The app with a worker, `seats` typed in, `board` dealt and the
/// analysis panel open.
fn spot(seats: &[&str], board: &str) -> App {
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = app_harness(RangestoveApp::with_worker(Some(worker)));
    for (i, range) in seats.iter().enumerate() {
        if i >= 2 {
            click(&mut h, "Add seat");
        }
        retype(&mut h, &format!("Seat {}", i + 1), range);
    }
    click(&mut h, "Seat 1");
    retype(&mut h, "Board", board);
    show_analysis(&mut h);
    h
}

/// Scrolls the widget labelled `label` into view and clicks it.
fn reach_click(h: &mut App, label: &str) {
    reach(h, label);
    click(h, label);
}

/// Scrolls the widget labelled `label` into view (scrolling is animated;
/// a class-table row sits in a scroll area of its own, so the right
/// panel is scrolled down from its Export button until the row shows).
fn reach(h: &mut App, label: &str) {
    h.get_by_label(label).scroll_to_me();
    for _ in 0..40 {
        h.step();
    }
    for _ in 0..20 {
        if h.get_by_label(label).rect().max.y < 780.0 {
            break;
        }
        h.get_by_label("Export CSV…").scroll_down();
        for _ in 0..20 {
            h.step();
        }
    }
}

fn class_center(h: &App, class: &str) -> egui::Pos2 {
    h.state()
        .editor()
        .grid()
        .cell_center(class.parse::<HandClass>().unwrap())
}

/// The selected seat's groups, fitted to its range.
fn groups(app: &RangestoveApp) -> Vec<(String, Range)> {
    let seat = app.session().selected_seat();
    seat.groups.fitted(&seat.range)
}

/// Whether the class figures answer the session as it is now.
fn figures_in(app: &RangestoveApp) -> bool {
    let seat = app.session().selected_seat();
    app.analysis().classes().figures().is_some_and(|f| {
        f.job.range == seat.range && f.job.groups == groups(app) && app.feed().result().is_some()
    })
}

/// Paints `cells` (each clicked once) with the group brush of `group`.
fn paint(h: &mut App, group: &str, cells: &[&str]) {
    click(h, "paint with");
    click(h, &format!("paint {group}"));
    for cell in cells {
        let at = class_center(h, cell);
        drag(h, at, at);
    }
    click(h, "paint with");
    click(h, "weights");
}

#[test]
fn two_painted_groups_have_the_engines_figures() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let mut h = spot(&["QQ+,AK", "JJ-99,AQs,KQs"], "Kh9s4c");
    paint(&mut h, "value", &["AA", "KK"]);
    // At half brush the bluff group takes half of AKo; the rest of AKo
    // stays in the range, in no group.
    click(&mut h, "50");
    paint(&mut h, "bluff", &["AKo", "AKs"]);
    click(&mut h, "100");
    let app = h.state();
    let seat = app.session().selected_seat();
    assert_eq!(
        seat.range.canonical(),
        "QQ+,AK",
        "the group brush keeps the range"
    );
    let fitted = groups(app);
    assert_eq!(fitted[0].1.canonical(), "KK+");
    assert_eq!(fitted[1].1.canonical(), "AK:0.5");
    // A cell in two groups: value then bluff on QQ, each half.
    click(&mut h, "50");
    paint(&mut h, "value", &["QQ"]);
    paint(&mut h, "bluff", &["QQ"]);
    click(&mut h, "100");
    let fitted = groups(h.state());
    assert_eq!(fitted[0].1.canonical(), "KK+,QQ:0.5");
    assert_eq!(fitted[1].1.canonical(), "QQ:0.5,AK:0.5");
    // The weights of a combo's groups never pass its weight in the range.
    let range = h.state().session().selected_seat().range.clone();
    for combo in engine::Combo::all() {
        let given: u32 = fitted
            .iter()
            .map(|(_, g)| u32::from(g.weight_bp(combo)))
            .sum();
        assert!(given <= u32::from(range.weight_bp(combo)), "{combo}");
    }
    wait(&mut h, &figures_in);
    let app = h.state();
    let breakdown = app.feed().seat_breakdown(0).unwrap();
    let expected = group_rows(breakdown, &range, &groups(app)).unwrap();
    let shown = app
        .analysis()
        .classes()
        .figures()
        .unwrap()
        .groups
        .clone()
        .unwrap();
    for (g, want) in expected.iter().enumerate() {
        assert_eq!(shown[g].row, *want, "group {g}");
    }
    // Undo takes back the last stroke only.
    h.state_mut().session_mut().undo();
    assert_eq!(groups(h.state())[1].1.canonical(), "AK:0.5");
}

#[test]
fn a_group_is_made_the_seat_and_given_back_and_copied() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let mut h = spot(&["QQ+,AK", "JJ-99,AQs,KQs"], "Kh9s4c");
    paint(&mut h, "bluff", &["AKs"]);
    reach_click(&mut h, "make bluff the seat");
    let seat = h.state().session().selected_seat();
    assert_eq!(seat.range.canonical(), "AKs");
    assert_eq!(seat.name, "Seat 1 (bluff)");
    // Its figures are the seat's, against the other seat.
    wait(&mut h, &|app| {
        app.feed().seat_breakdown(0).is_some_and(|b| {
            b.combos
                .iter()
                .all(|c| c.combo.class().to_string() == "AKs")
        })
    });
    reach_click(&mut h, "back to the whole range");
    let seat = h.state().session().selected_seat();
    assert_eq!(
        (seat.name.as_str(), seat.range.canonical()),
        ("Seat 1", "QQ+,AK".to_owned())
    );
    assert_eq!(groups(h.state())[1].1.canonical(), "AKs");
    // Undo makes the group the seat again, and again gives it back.
    h.state_mut().session_mut().undo();
    assert_eq!(h.state().session().selected_seat().range.canonical(), "AKs");
    h.state_mut().session_mut().undo();
    assert_eq!(
        h.state().session().selected_seat().range.canonical(),
        "QQ+,AK"
    );
    // Copy writes the group as range text in the chosen dialect.
    reach_click(&mut h, "copy bluff");
    let Some(Outcome::Done(message)) = h.state().editor().copy_message().cloned() else {
        panic!("{:?}", h.state().editor().copy_message());
    };
    assert_eq!(message, "Copied 'AKs' as canonical");
    // The range edited while the group stands in is the group's edit:
    // Back keeps it in the group (nothing painted is lost).
    reach_click(&mut h, "make bluff the seat");
    let ahkh: engine::Combo = "AhKh".parse().unwrap();
    h.state_mut().session_mut().edit_range(0, |r| {
        r.set_weight_bp(ahkh, 0);
        Some(rangestove::gui::EditKey::Discrete)
    });
    h.step();
    reach_click(&mut h, "back to the whole range");
    assert_eq!(
        h.state().session().selected_seat().range.canonical(),
        "QQ+,AK"
    );
    assert_eq!(groups(h.state())[1].1.canonical(), "AcKc,AdKd,AsKs");
}

#[test]
fn groups_survive_a_scenario_file_and_a_rename() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Seat 1", "QQ+,AK");
    paint(&mut h, "value", &["AA"]);
    paint(&mut h, "call", &["AKs"]);
    show_analysis(&mut h);
    reach(&mut h, "group 3 name");
    retype(&mut h, "group 3 name", "check-call");
    let before = h.state().session().scenario();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("groups.ron");
    h.state_mut().save_scenario(&path);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("check-call"), "{text}");
    h.state_mut().new_spot();
    assert!(h.state().session().selected_seat().groups.is_empty());
    h.state_mut().open_scenario(&path);
    h.step();
    assert_eq!(h.state().session().scenario(), before);
    let fitted = groups(h.state());
    assert_eq!(fitted[0], ("value".to_owned(), Range::parse("AA").unwrap()));
    assert_eq!(
        fitted[2],
        ("check-call".to_owned(), Range::parse("AKs").unwrap())
    );
    // A seat without groups writes none: older files and newer agree.
    h.state_mut().new_spot();
    let plain = dir.path().join("plain.ron");
    h.state_mut().save_scenario(&plain);
    assert!(!std::fs::read_to_string(&plain).unwrap().contains("groups"));
}

#[test]
fn a_class_table_row_highlights_its_combos_and_fills_a_group() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let mut h = spot(&["QQ+,AK", "JJ-99,AQs,KQs"], "Kh9s4c");
    wait(&mut h, &figures_in);
    // The rows are the engine's table.
    let app = h.state();
    let range = app.session().selected_seat().range.clone();
    let breakdown = app.feed().seat_breakdown(0).unwrap();
    let table = class_table(breakdown, &range, app.session().board()).unwrap();
    let figures = app.analysis().classes().figures().unwrap();
    let rows: Vec<_> = figures.made.iter().map(|r| r.row.clone()).collect();
    assert_eq!(rows, table.made);
    let top = table
        .made
        .iter()
        .find(|r| {
            r.hands
                .combos()
                .all(|(c, _)| c.class().to_string() == "AKo" || c.class().to_string() == "AKs")
        })
        .unwrap()
        .clone();
    reach_click(&mut h, &top.category.to_string());
    let classes = h.state().analysis().classes();
    assert_eq!(classes.selected(), Some(&top.category));
    let highlight = classes.highlight().unwrap();
    for class in HandClass::all() {
        let held = top.hands.combos().any(|(c, _)| c.class() == class);
        assert_eq!(highlight[class.index()] > 0.0, held, "{class}");
    }
    // One click puts the row in a group.
    reach_click(&mut h, "» fold");
    assert_eq!(groups(h.state())[3].1, top.hands);
    // Sorting by equity puts the strongest row first.
    reach_click(&mut h, "sort classes by Eq");
    wait(&mut h, &figures_in);
    let made = &h.state().analysis().classes().figures().unwrap().made;
    assert!(
        made.iter().all(|r| r.blockers.is_some()),
        "blockers against seat 2"
    );
}

/// A row whose combos another seat's single hand blocks shows "cannot be
/// dealt", never an equity of 0.
#[test]
fn rows_that_cannot_be_dealt_say_so() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let mut h = spot(&["AhKh,QsQd,JJ", "AhAd"], "2c5d9h");
    wait(&mut h, &figures_in);
    let figures = h.state().analysis().classes().figures().unwrap();
    let ace_high = figures
        .made
        .iter()
        .find(|r| r.row.category.label() == "ace high");
    let ace_high = &ace_high.unwrap().row;
    assert_eq!(
        (ace_high.equity, ace_high.hands.canonical()),
        (None, "AhKh".to_owned())
    );
    let aks = figures
        .classes
        .iter()
        .find(|r| r.row.category.label() == "AKs");
    assert_eq!(aks.unwrap().row.equity, None);
    h.step();
    assert!(h.query_all_by_label("cannot be dealt").next().is_some());
}

#[test]
fn the_combos_that_call_the_price_become_a_group() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let mut h = spot(&["QQ+,AK,JJ", "JJ-99,AQs,KQs"], "Kh9s4c");
    // Calling 50 into 150 needs 25%.
    reach_click(&mut h, "Price");
    assert_eq!(h.state().prefs().price.required(), Some(0.25));
    wait(&mut h, &|app| {
        figures_in(app)
            && app
                .analysis()
                .classes()
                .figures()
                .is_some_and(|f| f.calls.is_some())
    });
    reach_click(&mut h, "callers to call");
    let app = h.state();
    let range = app.session().selected_seat().range.clone();
    let expected = calls(app.feed().seat_breakdown(0).unwrap(), &range, 0.25);
    assert!(
        !expected.is_empty() && expected != range,
        "a price that splits the range"
    );
    assert_eq!(groups(app)[2].1, expected);
}

/// The class table on the three-range flop spot equals the engine's.
#[test]
fn the_three_range_flop_class_table() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let mut h = spot(&["QQ+,AK", "JJ-99,AQs,KQs", "22+,AJs+"], "Kh9s4c");
    // The table of the finished equity, not of an update before it: its job
    // holds the very breakdown the feed finished with.
    wait(&mut h, &|app| {
        figures_in(app)
            && app.feed().result().is_some_and(|r| r.finished)
            && app
                .analysis()
                .classes()
                .figures()
                .is_some_and(|f| app.feed().seat_breakdown(0) == Some(&f.job.breakdown))
    });
    let app = h.state();
    let range = app.session().selected_seat().range.clone();
    let breakdown = app.feed().seat_breakdown(0).unwrap();
    let table = class_table(breakdown, &range, app.session().board()).unwrap();
    let classes = app.analysis().classes();
    let figures = classes.figures().unwrap();
    let rows: Vec<_> = figures.draws.iter().map(|r| r.row.clone()).collect();
    assert_eq!(rows, table.draws);
    // Three seats: each row's equity against each other seat alone is
    // calc's heads-up with the row's hands against that seat's range.
    assert_eq!(figures.job.versus.len(), 2);
    for r in figures.made.iter().filter(|r| r.row.combos > 0.0) {
        for (k, villain) in ["JJ-99,AQs,KQs", "22+,AJs+"].iter().enumerate() {
            let hands = r.row.hands.canonical();
            let cli = crate::app::calc_json(&[&hands, villain, "--board", "Kh9s4c", "--exact"]);
            let expected = cli["players"][0]["equity"].as_f64();
            let shown = r.versus[k];
            match (shown, expected) {
                (Some(a), Some(b)) => {
                    assert!((a - b).abs() < 1e-9, "{hands} vs {villain}: {a} {b}")
                }
                (a, b) => assert_eq!(a, b, "{hands} vs {villain}"),
            }
        }
    }
}

/// The price box's share is of the seat's range on the street shown (what
/// continues there on a line), as `calc --classes --price` gives it, for
/// each seat selected in turn (issue 43, item 4).
#[test]
fn the_price_share_is_of_the_range_on_the_street_shown() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let seats = [
        ("25%", "top-pair+,flush-draw,oesd"),
        ("15%", "pair+,flush-draw,oesd,-overpair"),
    ];
    let mut h = spot(&[seats[0].0, seats[1].0], "Kh9s4c");
    retype(&mut h, "Seat 1 on the flop:", seats[0].1);
    retype(&mut h, "Seat 2 on the flop:", seats[1].1);
    crate::app::unfocus(&mut h);
    // Calling 50 into 150 needs 25%.
    reach_click(&mut h, "Price");
    for (me, other) in [(0, 1), (1, 0)] {
        reach_click(&mut h, &format!("Seat {}", me + 1));
        assert_eq!(h.state().session().selected(), me);
        wait(&mut h, &|app| {
            let s = app.session().selected();
            app.feed().result().is_some_and(|r| r.finished)
                && app.feed().seat_line(s).is_some_and(|(_, continuing, _)| {
                    app.analysis().classes().figures().is_some_and(|f| {
                        &f.job.range == continuing && f.calls.is_some() && f.job.price == Some(0.25)
                    })
                })
        });
        h.step();
        let rules = [
            format!("1:flop:{}", seats[me].1),
            format!("2:flop:{}", seats[other].1),
        ];
        let cli = crate::app::calc_json(&[
            seats[me].0,
            seats[other].0,
            "--board",
            "Kh9s4c",
            "--exact",
            "--continue",
            &rules[0],
            "--continue",
            &rules[1],
            "--classes",
            "--price",
            "0.25",
        ]);
        let share = cli["calls"]["share"].as_f64().unwrap();
        let shown = format!("({:.1}% of the range on the flop)", 100.0 * share);
        assert!(
            h.query_by_label_contains(&shown).is_some(),
            "seat {}: no “{shown}”",
            me + 1
        );
    }
}
