//! Lines in the app, driven like a user: a flop rule from a board row that
//! re-applies on another flop, the street bar, typed rules with their
//! errors, undo, and a line through a scenario file and the spot as text;
//! the figures checked against `rangestove calc --continue`.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use engine::Range;
use engine::line::Street;
use engine::worker::Worker;
use rangestove::gui::RangestoveApp;

use crate::app::{App, calc_json, click, retype, show_analysis, text_box, unfocus, wait};

/// The app with a worker, the analysis panel open, `QQ+,AK` against
/// `random` on `board`, in a window tall enough to show the board rows
/// without scrolling.
fn lined_app(board: &str) -> App {
    let mut h = large_app(1400.0);
    show_analysis(&mut h);
    retype(&mut h, "Seat 1", "QQ+,AK");
    retype(&mut h, "Board", board);
    unfocus(&mut h);
    // The panels settle (the distribution graph above the board rows
    // appears with the numbers) before anything is clicked.
    wait(&mut h, &|app| {
        app.feed().result().is_some_and(|r| r.finished)
    });
    h.run_steps(4);
    h
}

/// The app with a worker in a window `width` points wide and 1300 tall.
fn large_app(width: f32) -> App {
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, 1300.0))
        .build_ui_state(
            |ui, app: &mut RangestoveApp| app.ui(ui),
            RangestoveApp::with_worker(Some(worker)),
        );
    h.step();
    h
}

/// Waits until the worker has applied the current line and counted it.
fn wait_for_line(h: &mut App) {
    wait(h, &|app| {
        app.feed().line().is_some() && app.feed().result().is_some_and(|r| r.finished)
    });
}

/// The app's equity for `seat` and its reach are `calc`'s on `QQ+,AK`
/// against `random` on `Kh9s4c` with the continue rules `rules`.
fn matches_calc(h: &App, seat: usize, rules: &[&str]) {
    let mut args = vec!["QQ+,AK", "random", "--board", "Kh9s4c", "--exact"];
    for rule in rules {
        args.extend(["--continue", rule]);
    }
    let cli = calc_json(&args);
    let shown = h.state().feed().seat_equity(seat).unwrap().equity;
    let expected = cli["players"][seat]["equity"].as_f64().unwrap();
    assert!((shown - expected).abs() < 1e-9, "{shown} vs {expected}");
    let reach = h.state().feed().line().unwrap().reach;
    assert!((reach - cli["reach"].as_f64().unwrap()).abs() < 1e-9);
}

/// Seat `index`'s continuing range on the street shown.
fn continuing(h: &App, index: usize) -> Range {
    h.state().feed().seat_line(index).unwrap().1.clone()
}

#[test]
fn a_rule_from_a_board_row_follows_the_flop_and_undoes() {
    let mut h = lined_app("Kh9s4c");
    h.get_by_label_contains("set    ").click();
    h.run_steps(3);
    assert!(
        h.state().analysis().row().is_some(),
        "the set row is selected"
    );
    click(&mut h, "Continue with");
    let seat = &h.state().session().seats()[0];
    assert_eq!(seat.line.text(Street::Flop), "set");
    // The range itself is untouched: the rule narrows it on the street.
    assert_eq!(seat.range, Range::parse("QQ+,AK").unwrap());
    wait_for_line(&mut h);
    assert_eq!(continuing(&h, 0), Range::parse("KsKd,KsKc,KdKc").unwrap());
    let share = h.state().feed().seat_line(0).unwrap().2.unwrap();
    // 3 of the 6 + 3 + 6 + 12 live combos (Kh is on the board).
    assert!((share - 3.0 / 27.0).abs() < 1e-12, "{share}");
    // The equity and reach are calc's on the same line.
    matches_calc(&h, 0, &["1:flop:set"]);
    // A group filled from what the rule keeps (issue 33 with lines).
    h.get_by_label("fill value from the flop rule").click();
    h.run_steps(2);
    let seat = &h.state().session().seats()[0];
    assert_eq!(
        seat.groups.fitted(&seat.range)[0].1,
        Range::parse("KsKd,KsKc,KdKc").unwrap()
    );
    h.state_mut().session_mut().undo();
    h.step();
    // Another flop: the rule re-applies (sets of queens now).
    retype(&mut h, "Board", "Qh9s4c");
    unfocus(&mut h);
    wait_for_line(&mut h);
    assert_eq!(continuing(&h, 0), Range::parse("QsQd,QsQc,QdQc").unwrap());
    // Undo takes the board back, then the rule; redo brings it again.
    h.state_mut().session_mut().undo();
    h.state_mut().session_mut().undo();
    h.step();
    assert_eq!(h.state().session().board_text(), "Kh9s4c");
    assert_eq!(h.state().session().seats()[0].line.text(Street::Flop), "");
    wait(&mut h, &|app| app.feed().line().is_none());
    h.state_mut().session_mut().redo();
    h.step();
    assert_eq!(
        h.state().session().seats()[0].line.text(Street::Flop),
        "set"
    );
}

#[test]
fn a_dropped_row_keeps_the_rest_and_a_typed_rule_marks_its_bad_term() {
    let mut h = lined_app("Kh9s4c");
    // Picking a row moves no row (its actions' line is always there).
    let set_row = h.get_by_label_contains("set    ").rect();
    h.get_by_label_contains("overpair    ").click();
    h.run_steps(3);
    assert_eq!(h.get_by_label_contains("set    ").rect(), set_row);
    click(&mut h, "Drop");
    assert_eq!(
        h.state().session().seats()[0].line.text(Street::Flop),
        "random,-overpair"
    );
    wait_for_line(&mut h);
    // QQ is a pocket pair below the top card here: only AA is dropped.
    let mut expected = Range::parse("KK,QQ,AK").unwrap();
    expected.remove_blocked(engine::CardSet::parse("Kh").unwrap());
    assert_eq!(continuing(&h, 0), expected);
    // A typed rule: a bad term is reported with its place; the terms
    // before it are counted meanwhile.
    retype(&mut h, "Seat 2 on the flop:", "pair+,flushdraw");
    let error = h.state().session().seats()[1]
        .line
        .error(Street::Flop)
        .cloned()
        .unwrap();
    assert_eq!((error.token.as_str(), error.offset), ("flushdraw", 6));
    retype(&mut h, "Seat 2 on the flop:", "pair+,flush-draw");
    unfocus(&mut h);
    assert!(
        h.state().session().seats()[1]
            .line
            .rule(Street::Flop)
            .is_some()
    );
    wait_for_line(&mut h);
    matches_calc(
        &h,
        1,
        &["1:flop:random,-overpair", "2:flop:pair+,flush-draw"],
    );
    // One undo step per typed rule, as for range text.
    h.state_mut().session_mut().undo();
    h.step();
    assert_eq!(h.state().session().seats()[1].line.text(Street::Flop), "");
}

#[test]
fn the_street_bar_shows_each_street_with_its_rules() {
    let mut h = lined_app("Kh9s4cTh2d");
    // The river is shown: a river board, a river rule box.
    assert_eq!(h.state().request().board.len(), 5);
    assert!(text_box(&h, "Seat 1 on the river:").value().is_some());
    retype(&mut h, "Seat 1 on the river:", "two-pair+");
    click(&mut h, "Flop");
    assert_eq!(h.state().request().board.len(), 3);
    retype(&mut h, "Seat 1 on the flop:", "top-pair+");
    unfocus(&mut h);
    // On the flop only the flop rule applies.
    assert_eq!(
        h.state().session().line_rules(&[0, 1]).len(),
        1,
        "the river rule waits for the river"
    );
    wait_for_line(&mut h);
    assert_eq!(h.state().feed().line().unwrap().request.board.len(), 3);
    click(&mut h, "River");
    assert_eq!(h.state().session().line_rules(&[0, 1]).len(), 2);
    wait_for_line(&mut h);
    let cli = calc_json(&[
        "QQ+,AK",
        "random",
        "--board",
        "Kh9s4cTh2d",
        "--exact",
        "--continue",
        "1:flop:top-pair+",
        "--continue",
        "1:river:two-pair+",
    ]);
    let line = h.state().feed().line().unwrap();
    assert!((line.reach - cli["reach"].as_f64().unwrap()).abs() < 1e-9);
    let shown = h.state().feed().seat_equity(0).unwrap().equity;
    let expected = cli["players"][0]["equity"].as_f64().unwrap();
    assert!((shown - expected).abs() < 1e-9, "{shown} vs {expected}");
    // Preflop: no board, no rule box, the ranges as given.
    click(&mut h, "Preflop");
    assert!(h.state().request().board.is_empty());
    assert!(h.state().session().line_rules(&[0, 1]).is_empty());
    assert!(
        h.query_by_label("Seat 1 on the flop:").is_none(),
        "no rule preflop"
    );
    // Taking the river back shows the turn.
    retype(&mut h, "Board", "Kh9s4cTh");
    unfocus(&mut h);
    assert_eq!(h.state().request().board.len(), 4);
}

#[test]
fn a_line_survives_a_scenario_file_and_the_spot_as_text() {
    let mut h = lined_app("Kh9s4cTh");
    retype(&mut h, "Seat 2 on the turn:", "pair+:0.5,oesd");
    click(&mut h, "Flop");
    retype(&mut h, "Seat 1 on the flop:", "set+");
    unfocus(&mut h);
    let saved = h.state().session().scenario();
    assert_eq!(saved.seats[1].line.turn, "pair+:0.5,oesd");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("line.ron");
    h.state_mut().save_scenario(&path);
    h.state_mut()
        .session_mut()
        .replace_scenario(&Default::default());
    h.step();
    assert_ne!(h.state().session().scenario(), saved);
    h.state_mut().open_scenario(&path);
    assert_eq!(h.state().session().scenario(), saved);
    // The spot as text carries the rules, and reads back.
    let text = rangestove::gui::spot_as_text(h.state().session(), h.state().feed());
    assert!(text.contains("Flop rule (Seat 1): set+"), "{text}");
    assert!(
        text.contains("Turn rule (Seat 2): pair+:0.5,oesd"),
        "{text}"
    );
    h.state_mut()
        .session_mut()
        .replace_scenario(&Default::default());
    h.state_mut().paste(&text);
    assert_eq!(h.state().session().scenario(), saved);
    // A file from before lines opens with no rules.
    let old = dir.path().join("old.ron");
    std::fs::write(
        &old,
        "(version: 1, scenario: (seats: [(name: \"A\", range: \"AA\", mode: Active), \
         (name: \"B\", range: \"KK\", mode: Active)], board: \"Kh9s4c\", dead: \"\"))",
    )
    .unwrap();
    h.state_mut().open_scenario(&old);
    let opened = h.state().session().scenario();
    assert_eq!(opened.seats[0].range, "AA");
    assert!(opened.seats.iter().all(|s| s.line.is_empty()));
}

#[test]
fn the_boards_view_counts_every_flop_on_the_line() {
    // Wide enough for the table's line columns.
    let mut h = large_app(2400.0);
    retype(&mut h, "Seat 1", "AA,KK");
    retype(&mut h, "Seat 2", "QQ,AKs");
    retype(&mut h, "Board", "Kh9s4c");
    retype(&mut h, "Seat 1 on the flop:", "set+");
    retype(&mut h, "Seat 2 on the flop:", "pair+,flush-draw");
    unfocus(&mut h);
    click(&mut h, "Boards");
    wait(&mut h, &|app| app.flops().report().is_some());
    h.run_steps(2);
    let report = h.state().flops().report().unwrap().clone();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args([
            "flops",
            "AA,KK",
            "QQ,AKs",
            "--exact",
            "--json",
            "--continue",
            "1:flop:set+",
            "--continue",
            "2:flop:pair+,flush-draw",
        ])
        .output()
        .unwrap();
    let cli: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!((report.reach - cli["reach"].as_f64().unwrap()).abs() < 1e-12);
    assert_eq!(report.flops.len(), cli["flops"].as_array().unwrap().len());
    for (k, share) in report.continues.iter().enumerate() {
        let expected = cli["players"][k]["continue"].as_f64().unwrap();
        assert!((share.unwrap() - expected).abs() < 1e-12, "seat {k}");
    }
    // The table has the line's columns, and sorts by them.
    click(&mut h, "sort by Reach");
    assert_eq!(format!("{:?}", h.state().flops().sort.0), "Reach");
    assert!(h.query_by_label("sort by Cont. Seat 2").is_some());
}

/// The seats do not move when a line's figures come: the seat below a
/// rule has its rule box in the same place whether the worker has
/// answered (reach, "continues with …") or not (no worker at all).
#[test]
fn the_seats_stay_put_when_the_line_figures_come() {
    let place = |worker: Option<Worker>| {
        let mut h = crate::app::app_harness(RangestoveApp::with_worker(worker));
        retype(&mut h, "Board", "Kh9s4c");
        retype(&mut h, "Seat 1 on the flop:", "top-pair+,flush-draw,oesd");
        unfocus(&mut h);
        wait(&mut h, &|app| {
            !app.feed().has_worker() || app.feed().line().is_some()
        });
        h.run_steps(2);
        text_box(&h, "Seat 2 on the flop:").rect()
    };
    let without = place(None);
    let with = place(Some(Worker::spawn(Some(2), || {}).unwrap()));
    // Within a tenth of a point: a tile's width is a share of the window.
    assert!(
        (with.min - without.min).length() < 0.25 && (with.max - without.max).length() < 0.25,
        "{with:?} vs {without:?}"
    );
}

/// "From rule" on one group takes from another group the combos both
/// would hold (a combo is in one group at most), and says so under the
/// group (issue 43, item 5).
#[test]
fn a_group_filled_from_the_rule_says_what_it_took_from_another() {
    let mut h = lined_app("Kh9s4c");
    // The bluff group holds AK; the flop rule keeps top pair or better.
    h.state_mut()
        .session_mut()
        .edit_seat(0, rangestove::gui::EditKey::Discrete, |s| {
            s.groups
                .set_range(1, &Range::parse("AK").unwrap(), &s.range)
        });
    retype(&mut h, "Seat 1 on the flop:", "top-pair+");
    unfocus(&mut h);
    wait_for_line(&mut h);
    h.run_steps(2);
    let seat = &h.state().session().seats()[0];
    let bluff = seat.groups.fitted(&seat.range)[1].1.combo_count();
    assert_eq!(bluff, 16.0);
    h.get_by_label("fill value from the flop rule").click();
    h.run_steps(2);
    let seat = &h.state().session().seats()[0];
    let fitted = seat.groups.fitted(&seat.range);
    assert_eq!(fitted[0].1, continuing(&h, 0));
    // AK continues (top pair): value took bluff's 12 live combos (the
    // four with the Kh on the board stay).
    assert_eq!(fitted[1].1, Range::parse("AcKh,AdKh,AhKh,AsKh").unwrap());
    h.get_by_label(
        "“value” took 12.0 combos from “bluff”: a combo is in one group at most \
         (Undo gives them back)",
    );
    // Undo gives them back, and the message goes with the edit.
    h.state_mut().session_mut().undo();
    h.run_steps(2);
    let seat = &h.state().session().seats()[0];
    assert_eq!(seat.groups.fitted(&seat.range)[1].1.combo_count(), 16.0);
    assert!(h.query_by_label_contains("took 12.0 combos").is_none());
}
