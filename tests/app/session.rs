//! The whole app driven headlessly with egui_kittest, as a user would:
//! typing ranges, painting, the suit editor, the deck, seats, presets,
//! undo, and equity numbers from a real worker.

use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use engine::worker::Worker;
use engine::{HandClass, Range, card::parse_cards};
use rangestove::gui::{Outcome, Persisted, RangestoveApp, SeatMode};
use rangestove::presets::PresetStore;

use super::grid::drag;
use super::harness::*;

#[test]
fn typing_updates_the_grid_and_painting_rewrites_the_text() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Seat 1", "QQ+,AKz");
    // The bad token is reported and the typed text kept; the range
    // counted is the text's before the bad term (docs/design.md §8.1).
    let seat = &h.state().session().seats()[0];
    let error = seat.error.clone().unwrap();
    assert_eq!((error.token.as_str(), error.offset), ("AKz", 4));
    assert_eq!(seat.text, "QQ+,AKz");
    assert_eq!(seat.range.canonical(), "QQ+");
    h.key_press(Key::Backspace);
    h.step();
    let seat = &h.state().session().seats()[0];
    assert!(seat.error.is_none());
    assert_eq!(seat.range.canonical(), "QQ+,AK");
    // Painting rewrites the text canonically.
    let jj = class_center(&h, "JJ");
    drag(&mut h, jj, jj);
    assert_eq!(h.state().session().seats()[0].text, "JJ+,AK");
    // A drag across the row paints exactly the cells crossed.
    click(&mut h, "Clear");
    let (from, to) = (class_center(&h, "K9s"), class_center(&h, "K6s"));
    drag(&mut h, from, to);
    assert_eq!(h.state().session().seats()[0].text, "K9s-K6s");
    // Selecting the other seat moves the grid to it.
    click(&mut h, "Seat 2");
    assert_eq!(h.state().session().selected(), 1);
    let aa = class_center(&h, "AA");
    drag(&mut h, aa, aa);
    assert_eq!(h.state().session().seats()[0].text, "K9s-K6s");
    assert!(
        !h.state().session().seats()[1]
            .range
            .class_summary("AA".parse().unwrap())
            .mixed
    );
    assert_eq!(
        h.state().session().seats()[1].range.combo_count(),
        1326.0 - 6.0,
        "a full cell pressed erases"
    );
}

#[test]
fn the_suit_editor_toggles_single_combos_and_shows_blocked_ones() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Seat 1", "AKs");
    retype(&mut h, "Board", "As7d2c");
    // Press AKs on the grid (it toggles off), then back on: the editor
    // keeps showing AKs once the pointer leaves the grid.
    let aks = class_center(&h, "AKs");
    drag(&mut h, aks, aks);
    drag(&mut h, aks, aks);
    h.hover_at(egui::pos2(5.0, 790.0));
    h.step();
    assert_eq!(h.state().editor().suit_editor_class().to_string(), "AKs");
    assert_eq!(h.state().session().seats()[0].text, "AKs");
    // AsKs holds the board's ace: shown, but not clickable.
    let blocked = h.get_by_label("AsKs");
    assert!(blocked.accesskit_node().is_disabled());
    click(&mut h, "AhKh");
    let range = &h.state().session().seats()[0].range;
    assert_eq!(range.combo_count(), 3.0);
    assert_eq!(h.state().session().seats()[0].text, "AcKc,AdKd,AsKs");
    // At half brush, clicking weights the combo on its own.
    click(&mut h, "50");
    click(&mut h, "AhKh");
    assert_eq!(
        h.state().session().seats()[0].text,
        "AcKc,AdKd,AsKs,AhKh:0.5"
    );
}

#[test]
fn clicking_the_deck_fills_the_board_and_marks_conflicts() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Seat 1", "AhKd");
    for c in ["deck Qs", "deck 7d", "deck 2c", "deck Jh", "deck 3s"] {
        click(&mut h, c);
    }
    assert_eq!(
        h.state().session().board(),
        parse_cards("Qs7d2cJh3s").unwrap()
    );
    assert_eq!(h.state().persisted().scenario.board, "Qs7d2cJh3s");
    assert!(
        !h.get_by_label("board Jh").accesskit_node().is_disabled(),
        "the turn slot is filled"
    );
    // A full board takes no more cards; a card in a seat's exact hand is
    // unavailable.
    click(&mut h, "deck 9c");
    assert_eq!(h.state().session().board().len(), 5);
    assert!(h.get_by_label("deck Kd").accesskit_node().is_disabled());
    // Clicking a slot takes its card off; clicking a board card in the
    // deck too.
    click(&mut h, "board 7d");
    assert_eq!(
        h.state().session().board(),
        parse_cards("Qs2cJh3s").unwrap()
    );
    click(&mut h, "deck 3s");
    assert_eq!(h.state().session().board(), parse_cards("Qs2cJh").unwrap());
    click(&mut h, "deck Kd");
    assert_eq!(h.state().session().board().len(), 3, "Kd is held by seat 1");
    // Dead-card mode marks cards dead; board cards are not available there.
    click(&mut h, "Dead cards");
    click(&mut h, "deck 9c");
    click(&mut h, "deck Qs");
    assert_eq!(
        h.state().session().dead().iter().collect::<Vec<_>>(),
        vec![card("9c")]
    );
    assert_eq!(h.state().persisted().scenario.dead, "9c");
    // Back in board mode a dead card cannot go on the board.
    click(&mut h, "Board cards");
    click(&mut h, "deck 9c");
    assert_eq!(h.state().session().board().len(), 3);
    // Random streets deal live cards only.
    for _ in 0..20 {
        click(&mut h, "Random river");
        let board = h.state().session().board().to_vec();
        assert_eq!(board.len(), 5);
        let mut seen = engine::CardSet::EMPTY;
        for c in &board {
            assert!(seen.insert(*c), "distinct cards");
            assert!(![card("9c"), card("Ah"), card("Kd")].contains(c));
        }
        click(&mut h, "Random flop");
        assert_eq!(h.state().session().board().len(), 3);
    }
    click(&mut h, "Clear board");
    assert!(h.state().session().board().is_empty());
    // Keyboard entry shows errors inline and keeps the text; the cards
    // before the error are counted (docs/design.md §8.1).
    retype(&mut h, "Board", "Ah7x");
    assert_eq!(h.state().session().board(), [card("Ah")].as_slice());
    assert_eq!(h.state().persisted().scenario.board, "Ah7x");
}

#[test]
fn seats_can_be_added_reordered_folded_and_made_absent() {
    let mut h = app_harness(RangestoveApp::default());
    click(&mut h, "Add seat");
    assert_eq!(h.state().session().seats().len(), 3);
    retype(&mut h, "Seat 3", "JJ");
    // Move seat 3 up to second place.
    h.get_all_by_label("⏶").nth(2).unwrap().click();
    h.step();
    let names: Vec<&str> = h
        .state()
        .session()
        .seats()
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(names, ["Seat 1", "Seat 3", "Seat 2"]);
    assert_eq!(h.state().session().seats()[1].range.canonical(), "JJ");
    // Seat 2 (now third) absent: the request has two seats; folded: three,
    // one folded.
    h.state_mut()
        .session_mut()
        .set_seat_mode(2, SeatMode::Absent);
    h.step();
    assert_eq!(h.state().request().seats.len(), 2);
    h.state_mut()
        .session_mut()
        .set_seat_mode(2, SeatMode::Folded);
    h.step();
    let request = h.state().request();
    assert_eq!(request.seats.len(), 3);
    assert!(request.seats[2].folded);
    // Remove the middle seat.
    h.get_by_label("Remove Seat 3").click();
    h.step();
    h.step();
    let names: Vec<&str> = h
        .state()
        .session()
        .seats()
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(names, ["Seat 1", "Seat 2"]);
    assert!(
        h.query_by_label("Remove Seat 1").is_none(),
        "two seats is the minimum"
    );
}

#[test]
fn quick_actions_sliders_and_paste() {
    let mut h = app_harness(RangestoveApp::default());
    click(&mut h, "Clear");
    assert!(h.state().session().seats()[0].range.is_empty());
    click(&mut h, "Pairs");
    assert_eq!(h.state().session().seats()[0].text, "22+");
    click(&mut h, "Broadway");
    assert_eq!(h.state().session().seats()[0].text, "22+,AT+,KT+,QT+,JT");
    click(&mut h, "Pairs");
    assert_eq!(h.state().session().seats()[0].text, "AT+,KT+,QT+,JT");
    click(&mut h, "Clear");
    click(&mut h, "Suited");
    assert_eq!(
        h.state().session().seats()[0].range.combo_count(),
        78.0 * 4.0
    );
    click(&mut h, "All");
    assert_eq!(h.state().session().seats()[0].range.combo_count(), 1326.0);
    // Paste (Ctrl+V outside a text box) takes any dialect.
    unfocus(&mut h);
    h.event(Event::Paste("AA:0.5,KK".to_owned()));
    h.step();
    assert_eq!(h.state().session().seats()[0].text, "AA:0.5,KK");
    assert_eq!(
        h.state().session().seats()[0].range,
        Range::parse("KK,[50]AA[/50]").unwrap()
    ); // Copy (Ctrl+C outside a text box) writes the chosen dialect.
    h.event(Event::Copy);
    h.step();
    let commands = &h.output().platform_output.commands;
    assert!(
        commands
            .iter()
            .any(|c| matches!(c, egui::OutputCommand::CopyText(t) if t == "KK,AA:0.5")),
        "{commands:?}"
    );
}

#[test]
fn undo_and_redo_step_through_edits() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Seat 1", "AA");
    retype(&mut h, "Board", "Ah7d2c");
    unfocus(&mut h);
    let kk = class_center(&h, "KK");
    drag(&mut h, kk, kk);
    assert_eq!(h.state().session().seats()[0].text, "KK+");
    // Ctrl+Z undoes the stroke, then the board (typed in one go: one step),
    // then the range typing.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.step();
    assert_eq!(h.state().session().seats()[0].text, "AA");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.step();
    assert!(h.state().session().board().is_empty());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.step();
    assert_eq!(h.state().session().seats()[0].text, "QQ+,AKs");
    assert!(h.get_by_label("⟲ Undo").accesskit_node().is_disabled());
    // Redo all the way.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.step();
    click(&mut h, "⟳ Redo");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.step();
    assert_eq!(h.state().session().seats()[0].text, "KK+");
    assert_eq!(h.state().session().board().len(), 3);
    // A new edit clears the redo stack.
    click(&mut h, "⟲ Undo");
    click(&mut h, "Clear");
    assert!(h.get_by_label("⟳ Redo").accesskit_node().is_disabled());
}

#[test]
fn presets_save_load_rename_import_and_export_in_a_data_directory() {
    let dir = tempfile::tempdir().unwrap();
    let store = PresetStore::new(dir.path().join("presets"));
    let mut h = app_harness(RangestoveApp::default().with_store(Some(store.clone())));
    retype(&mut h, "Seat 1", "JJ+,AQs+,[25]KQo[/25]");
    retype(&mut h, "Name", "My 3-bet");
    click(&mut h, "Save");
    assert_eq!(
        store.list().presets.len(),
        1,
        "{:?}",
        h.state().presets().message()
    );
    assert_eq!(
        store.load("My 3-bet").unwrap().range().unwrap(),
        Range::parse("JJ+,AQs+,[25]KQo[/25]").unwrap()
    );
    // Saving over an existing name asks first.
    retype(&mut h, "Seat 1", "22");
    click(&mut h, "Save");
    assert!(h.state().presets().message().unwrap().failed());
    assert_eq!(
        store.load("My 3-bet").unwrap().range().unwrap(),
        Range::parse("JJ+,AQs+,[25]KQo[/25]").unwrap()
    );
    // Load it into seat 2.
    click(&mut h, "Seat 2");
    click(&mut h, "My 3-bet");
    click(&mut h, "Load into Seat 2");
    assert_eq!(h.state().session().seats()[1].text, "JJ+,AQs+,KQo:0.25");
    // Rename, then delete (confirmed).
    retype(&mut h, "Name", "Tight 3-bet");
    click(&mut h, "Rename");
    assert!(store.load("Tight 3-bet").is_ok());
    assert!(store.load("My 3-bet").is_err());
    // Export the chosen preset and the range; import both back.
    let exported = dir.path().join("out.ron");
    h.state_mut().export_chosen_preset(&exported);
    let text_file = dir.path().join("range.txt");
    h.state_mut().export_range_text(&text_file);
    assert_eq!(
        std::fs::read_to_string(&text_file).unwrap().trim(),
        "JJ+,AQs+,KQo:0.25"
    );
    click(&mut h, "Delete");
    click(&mut h, "Really delete?");
    assert!(store.list().presets.is_empty());
    h.state_mut().import_file(&exported);
    assert!(
        store.load("Tight 3-bet").is_ok(),
        "{:?}",
        h.state().presets().message()
    );
    click(&mut h, "Seat 1");
    h.state_mut().import_file(&text_file);
    assert_eq!(h.state().session().seats()[0].text, "JJ+,AQs+,KQo:0.25");
    // A corrupt file is reported with its path and left untouched.
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "not ron at all").unwrap();
    h.state_mut().import_file(&bad);
    let Some(Outcome::Failed(message)) = h.state().presets().message().cloned() else {
        panic!("{:?}", h.state().presets().message());
    };
    assert!(message.contains("bad.ron"), "{message}");
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), "not ron at all");
    // Shipped presets load too, and search filters the list.
    retype(&mut h, "Search", "UTG");
    assert!(h.query_by_label("6-max BTN open").is_none());
    click(&mut h, "6-max UTG open");
    click(&mut h, "Load into Seat 1");
    let shipped = rangestove::presets::shipped_by_name("6-max UTG open").unwrap();
    assert_eq!(
        h.state().session().seats()[0].range,
        shipped.range().unwrap()
    );
}

#[test]
fn equity_numbers_match_the_command_line() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = app_harness(RangestoveApp::with_worker(Some(worker)));
    retype(&mut h, "Seat 1", "AhAs");
    retype(&mut h, "Seat 2", "KK,AKs");
    click(&mut h, "Add seat");
    retype(&mut h, "Seat 3", "QQ");
    retype(&mut h, "Dead", "2d");
    retype(&mut h, "Board", "Qd7c2s");
    wait(&mut h, &|app| {
        app.feed().result().is_some_and(|r| r.finished)
    });
    let result = h.state().feed().result().unwrap().clone();
    assert!(result.method.is_exact());
    let json = calc_json(&["--board", "Qd7c2s", "--dead", "2d", "AhAs", "KK,AKs", "QQ"]);
    for (seat, player) in json["players"].as_array().unwrap().iter().enumerate() {
        let shown = h.state().feed().seat_equity(seat).unwrap();
        for key in ["equity", "win", "tie"] {
            let cli = player[key].as_f64().unwrap();
            let app = match key {
                "equity" => shown.equity,
                "win" => shown.win,
                _ => shown.tie,
            };
            assert!(
                (cli - app).abs() < 1e-12,
                "seat {seat} {key}: {cli} vs {app}"
            );
        }
    }
    // An impossible scenario is reported where the bars are.
    retype(&mut h, "Seat 3", "AhAs");
    wait(&mut h, &|app| app.feed().failure().is_some());
    assert!(h.state().feed().result().is_none());
}

#[test]
fn a_burst_of_edits_ends_with_the_last_edits_result() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = app_harness(RangestoveApp::with_worker(Some(worker)));
    retype(&mut h, "Board", "Ts9s4d");
    retype(&mut h, "Seat 2", "22+");
    click(&mut h, "Seat 1");
    // Paint a whole row cell by cell, a frame each, without waiting.
    let cells = [
        "AKs", "AQs", "AJs", "ATs", "A9s", "A8s", "A7s", "A6s", "A5s",
    ];
    for class in cells {
        let at = class_center(&h, class);
        drag(&mut h, at, at);
        // Whatever is shown belongs to the scenario on screen.
        if let Some(result) = h.state().feed().result() {
            let direct =
                engine::equity::calculate(&h.state().request(), &|| false, &mut |_| {}).unwrap();
            if result.finished && result.method.is_exact() {
                assert_eq!(result.seats, direct.seats, "a stale result after {class}");
            }
        }
    }
    wait(&mut h, &|app| {
        app.feed().result().is_some_and(|r| r.finished)
    });
    let direct = engine::equity::calculate(&h.state().request(), &|| false, &mut |_| {}).unwrap();
    // AKs was in the range: pressing it erased it.
    assert_eq!(h.state().session().seats()[0].text, "QQ+,AQs-A5s");
    let shown = h.state().feed().result().unwrap();
    assert_eq!(shown.method, direct.method);
    if direct.method.is_exact() {
        assert_eq!(shown.seats, direct.seats);
    }
    assert!(h.state().feed().timing().first_numbers_ms.is_some());
}

#[test]
fn the_session_survives_a_restart() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Seat 1", "QQ+,[50]AJs[/50]");
    retype(&mut h, "Board", "Ah7d2c");
    click(&mut h, "Add seat");
    h.state_mut()
        .session_mut()
        .set_seat_mode(2, SeatMode::Folded);
    click(&mut h, "☀ Light");
    let saved = h.state().persisted();
    assert_eq!(saved.scenario.seats.len(), 3);
    assert_eq!(saved.scenario.seats[2].mode, SeatMode::Folded);
    assert!(!saved.prefs.dark);
    // Through text, as eframe stores it.
    let text = ron::to_string(&saved).unwrap();
    let loaded = Persisted::from_ron(&text).unwrap();
    let app = RangestoveApp::restore(&loaded, None);
    assert_eq!(app.persisted(), saved);
    assert_eq!(
        app.session().seats()[0].range,
        Range::parse("QQ+,[50]AJs[/50]").unwrap()
    );
    assert_eq!(app.session().board().len(), 3);
    assert!(app.request().seats[2].folded);
    // Bad saved text comes back as typed, with its error; missing fields
    // take defaults.
    let odd =
        Persisted::from_ron(r#"(scenario: (seats: [(name: "Hero", range: "AKx")]))"#).unwrap();
    let app = RangestoveApp::restore(&odd, None);
    let odd_numbers =
        Persisted::from_ron("(top_percent: NaN, band: (inf, -3.0), selected: 99, brush_bp: 60000)")
            .unwrap();
    let restored = RangestoveApp::restore(&odd_numbers, None).persisted();
    assert_eq!(restored.prefs.top_percent, 15.0);
    assert_eq!(restored.prefs.band, (5.0, 0.0));
    assert_eq!((restored.selected, restored.prefs.brush_bp), (1, 10_000));
    assert_eq!(app.session().seats().len(), 2);
    assert_eq!(app.session().seats()[0].text, "AKx");
    assert!(app.session().seats()[0].error.is_some());
}

#[test]
fn a_save_of_the_older_flat_shape_keeps_its_preferences() {
    // As versions before `Prefs` wrote it: the preferences next to the
    // scenario, at the top level.
    let old = concat!(
        r#"(scenario:(seats:[(name:"Hero",range:"QQ+,AKs",mode:Active),"#,
        r#"(name:"Villain",range:"22+",mode:Folded)],board:"Ah7d2c",dead:"9c"),"#,
        r#"brush_bp:5000,selected:1,dark:false,card_mode:Dead,dialect:"pio","#,
        r#"top_percent:22.5,band:(3.0,12.0),show_presets:false,show_analysis:true,"#,
        r#"heat_map:true)"#
    );
    let loaded = Persisted::from_ron(old).unwrap();
    let prefs = &loaded.prefs;
    assert_eq!((prefs.brush_bp, prefs.dark), (5000, false));
    // The deck's mode is not kept: every start is in board mode.
    assert_eq!(prefs.card_mode, rangestove::gui::CardMode::Board);
    assert_eq!(prefs.dialect, engine::Dialect::Pio);
    assert_eq!((prefs.top_percent, prefs.band), (22.5, (3.0, 12.0)));
    assert_eq!(
        (prefs.show_presets, prefs.show_analysis, prefs.heat_map),
        (false, true, true)
    );
    assert_eq!(loaded.selected, 1);
    assert_eq!(loaded.scenario.seats[1].mode, SeatMode::Folded);
    assert_eq!(loaded.scenario.dead, "9c");
    let app = RangestoveApp::restore(&loaded, None);
    assert_eq!(app.persisted(), loaded);
    assert_eq!(
        app.session().seats()[0].range,
        Range::parse("QQ+,AKs").unwrap()
    );
    assert!(app.request().breakdown, "the heat map is on");
    // Saved again, it takes the current shape and reads back the same.
    let text = ron::to_string(&app.persisted()).unwrap();
    assert!(text.contains("prefs:("), "{text}");
    assert_eq!(Persisted::from_ron(&text).unwrap(), loaded);
    // An unknown dialect name reads as canonical.
    let odd = Persisted::from_ron(r#"(prefs: (dialect: "klingon"))"#).unwrap();
    assert_eq!(odd.prefs.dialect, engine::Dialect::Canonical);
}

#[test]
fn hidpi_and_the_light_theme_lay_out_and_paint_the_same() {
    // At 2 pixels per point (a HiDPI screen) and in the light theme the
    // window still fits 1280×800 points and the grid maps clicks to the
    // right cells.
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_pixels_per_point(2.0)
        .with_theme(egui::Theme::Light)
        .build_ui_state(
            |ui, app: &mut RangestoveApp| app.ui(ui),
            RangestoveApp::default(),
        );
    h.step();
    click(&mut h, "Clear");
    let rect = h.state().editor().grid().rect();
    assert!(rect.width() >= 13.0 * 26.0, "grid too small: {rect:?}");
    assert!(rect.max.x <= 1280.0 && rect.max.y <= 800.0);
    for class in ["AA", "T9s", "72o", "22"] {
        let at = class_center(&h, class);
        drag(&mut h, at, at);
    }
    assert_eq!(h.state().session().seats()[0].text, "AA,22,T9s,72o");
}

#[test]
fn heat_map_shows_the_class_equities_of_calc_breakdown() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = app_harness(RangestoveApp::with_worker(Some(worker)));
    // Typing in a seat's box selects it: the hero last.
    retype(&mut h, "Seat 2", "JJ-99,AQs,KQs");
    retype(&mut h, "Seat 1", "QQ+,AK,T9s");
    retype(&mut h, "Board", "Kh9s4c");
    assert!(!h.state().request().breakdown);
    click(&mut h, "Heat map");
    assert!(h.state().request().breakdown);
    wait(&mut h, &|app| {
        app.feed()
            .result()
            .is_some_and(|r| r.finished && !r.breakdown.is_empty())
    });
    assert!(h.state().feed().result().unwrap().method.is_exact());
    let app = h.state();
    let heat = app.feed().heat_map(app.session().selected()).unwrap();
    let json = calc_json(&[
        "--breakdown",
        "--board",
        "Kh9s4c",
        "QQ+,AK,T9s",
        "JJ-99,AQs,KQs",
    ]);
    let classes = json["breakdown"].as_array().unwrap();
    assert_eq!(classes.len(), 6); // AA KK QQ AKs AKo T9s
    for c in classes {
        let class: HandClass = c["class"].as_str().unwrap().parse().unwrap();
        let shown = heat[class.index()].unwrap();
        let cli = c["equity"].as_f64().unwrap();
        assert!(
            (f64::from(shown) - cli).abs() < 1e-6,
            "{class}: {shown} vs {cli}"
        );
    }
    // Cells outside the range have no heat.
    assert!(heat[HandClass::from_grid(12, 12).unwrap().index()].is_none());
    // Combos weighted by the deal distribution recombine to the seat.
    let combos: f64 = classes.iter().map(|c| c["combos"].as_f64().unwrap()).sum();
    let mean: f64 = classes
        .iter()
        .map(|c| c["combos"].as_f64().unwrap() * c["equity"].as_f64().unwrap())
        .sum::<f64>()
        / combos;
    assert!((mean - json["players"][0]["equity"].as_f64().unwrap()).abs() < 1e-12);
    // Turning it off stops asking for the breakdown.
    click(&mut h, "Heat map");
    assert!(!h.state().request().breakdown);
}

#[test]
fn an_exact_hand_gets_its_strength_and_potential() {
    let mut h = app_harness(RangestoveApp::default());
    show_analysis(&mut h);
    click(&mut h, "Hand");
    retype(&mut h, "Seat 2", "JJ+,AJs+,KQs,AJo+,33,44");
    retype(&mut h, "Seat 1", "AdQc");
    retype(&mut h, "Board", "3h4cJh");
    wait(&mut h, &|app| app.analysis().hero_figures().is_some());
    let figures = h.state().analysis().hero_figures().unwrap().clone();
    let random = figures.random.unwrap();
    assert!((random.hs - 0.585).abs() < 0.0005, "{random:?}");
    assert_eq!(figures.villains.len(), 1);
    let (name, villain) = &figures.villains[0];
    assert_eq!(name, "Seat 2");
    let villain = villain.clone().unwrap();
    // Against a strong range the hero is mostly behind.
    assert!(villain.hs < 0.3, "{villain:?}");
    assert!(h.query_by_label_contains("Chen score 9").is_some());
    // A new board recomputes.
    retype(&mut h, "Board", "3h4cJh5s");
    wait(&mut h, &|app| {
        app.analysis()
            .hero_figures()
            .is_some_and(|f| f.job.board.len() == 4)
    });
}
