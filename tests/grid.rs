//! The 13×13 range grid, driven headlessly with egui_kittest: clicks,
//! drags, right-drags, press and release in one frame, the brush.

use egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use engine::range::FULL;
use engine::worker::Worker;
use engine::{CardSet, HandClass, Range};
use rangestove::grid::{GridState, grid_ui};
use rangestove::gui::RangestoveApp;

type State = (Range, GridState);

fn harness(range: &str) -> Harness<'static, State> {
    let state = (Range::parse(range).unwrap(), GridState::default());
    let mut harness = Harness::builder()
        .with_size(egui::vec2(540.0, 540.0))
        .build_ui_state(
            |ui, (range, grid): &mut State| {
                grid_ui(ui, range, grid, CardSet::EMPTY);
            },
            state,
        );
    harness.step();
    harness
}

fn at(harness: &Harness<'static, State>, class: &str) -> Pos2 {
    harness
        .state()
        .1
        .cell_center(class.parse::<HandClass>().unwrap())
}

fn button(pos: Pos2, button: PointerButton, pressed: bool) -> Event {
    Event::PointerButton {
        pos,
        button,
        pressed,
        modifiers: Modifiers::NONE,
    }
}

/// Presses the primary button at `from`, moves to `to` and releases there
/// (`from == to`: a click), then runs the frames.
fn drag<S>(h: &mut Harness<'static, S>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.drag_at(from);
    h.hover_at(to);
    h.drop_at(to);
    h.step();
}

fn text(harness: &Harness<'static, State>) -> String {
    harness.state().0.canonical()
}

#[test]
fn a_click_toggles_a_cell() {
    let mut h = harness("");
    let aa = at(&h, "AA");
    drag(&mut h, aa, aa);
    assert_eq!(text(&h), "AA");
    drag(&mut h, aa, aa);
    assert_eq!(text(&h), "");
}

#[test]
fn press_and_release_in_one_frame_toggles() {
    let mut h = harness("");
    let kq = at(&h, "KQo");
    h.input_mut().events.extend([
        Event::PointerMoved(kq),
        button(kq, PointerButton::Primary, true),
        button(kq, PointerButton::Primary, false),
    ]);
    h.step();
    assert_eq!(text(&h), "KQo");
}

#[test]
fn a_drag_paints_every_cell_it_crosses_even_when_fast() {
    let mut h = harness("");
    let (from, to) = (at(&h, "AKs"), at(&h, "A7s"));
    // One jump across five cells in a single frame.
    drag(&mut h, from, to);
    assert_eq!(text(&h), "A7s+");
    assert!(h.state().1.dragging().is_none());
}

#[test]
fn a_drag_starting_on_a_full_cell_erases() {
    let mut h = harness("A2s+");
    let (from, to) = (at(&h, "AKs"), at(&h, "ATs"));
    drag(&mut h, from, to);
    assert_eq!(text(&h), "A9s-A2s");
}

#[test]
fn right_drag_erases() {
    let mut h = harness("22+");
    let (from, to) = (at(&h, "AA"), at(&h, "QQ"));
    h.event(Event::PointerMoved(from));
    h.event(button(from, PointerButton::Secondary, true));
    h.event(Event::PointerMoved(to));
    h.event(button(to, PointerButton::Secondary, false));
    h.step();
    // The diagonal from AA to QQ also crosses KK.
    assert_eq!(text(&h), "JJ-22");
}

#[test]
fn the_brush_sets_the_weight() {
    let mut h = harness("");
    h.state_mut().1.brush_bp = FULL / 2;
    let jt = at(&h, "JTs");
    drag(&mut h, jt, jt);
    assert_eq!(text(&h), "JTs:0.5");
    // A full-weight cell painted with a half brush is painted, not erased.
    let mut h = harness("JTs");
    h.state_mut().1.brush_bp = FULL / 2;
    let jt = at(&h, "JTs");
    drag(&mut h, jt, jt);
    assert_eq!(text(&h), "JTs:0.5");
}

#[test]
fn presses_outside_the_grid_do_nothing() {
    let mut h = harness("QQ");
    let outside = h.state().1.rect().right_bottom() + egui::vec2(5.0, 5.0);
    h.hover_at(outside);
    h.drag_at(outside);
    h.hover_at(at(&h, "AA"));
    h.drop_at(at(&h, "AA"));
    h.step();
    assert_eq!(text(&h), "QQ");
}

fn app_harness(app: RangestoveApp) -> Harness<'static, RangestoveApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1100.0, 900.0))
        .build_ui_state(|ui, app: &mut RangestoveApp| app.ui(ui), app);
    h.step();
    h
}

/// Replaces the text of the `index`th text box (0 = board, 1 = dead cards,
/// then the seats).
fn retype(h: &mut Harness<'static, RangestoveApp>, index: usize, text: &str) {
    h.query_all_by_role(egui::accesskit::Role::TextInput)
        .nth(index)
        .unwrap()
        .click();
    h.step();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.step();
    h.query_all_by_role(egui::accesskit::Role::TextInput)
        .nth(index)
        .unwrap()
        .type_text(text);
    h.step();
}

#[test]
fn the_app_keeps_text_and_grid_in_sync() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, 2, "QQ+,AKz");
    // The bad token is reported and the typed text kept; the range stays
    // the last good one.
    let seat = &h.state().seats()[0];
    let error = seat.error.clone().unwrap();
    assert_eq!((error.token.as_str(), error.offset), ("AKz", 4));
    assert_eq!(seat.text, "QQ+,AKz");
    assert_eq!(seat.range.canonical(), "QQ+,AKs");
    h.key_press(egui::Key::Backspace);
    h.step();
    let seat = &h.state().seats()[0];
    assert!(seat.error.is_none());
    assert_eq!(seat.range.canonical(), "QQ+,AK");
    // Painting rewrites the text canonically.
    let jj = h
        .state()
        .grid_state()
        .cell_center("JJ".parse::<HandClass>().unwrap());
    drag(&mut h, jj, jj);
    assert_eq!(h.state().seats()[0].text, "JJ+,AK");
}

#[test]
fn edits_reach_the_worker_and_only_fresh_results_show() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = app_harness(RangestoveApp::with_worker(Some(worker)));
    let wait = |h: &mut Harness<'static, RangestoveApp>, done: &dyn Fn(&RangestoveApp) -> bool| {
        let start = std::time::Instant::now();
        while !done(h.state()) && start.elapsed() < std::time::Duration::from_secs(30) {
            std::thread::sleep(std::time::Duration::from_millis(20));
            h.step();
        }
        assert!(done(h.state()), "no result in time");
    };
    retype(&mut h, 2, "AhAs");
    retype(&mut h, 3, "KhKs");
    retype(&mut h, 1, "2d");
    retype(&mut h, 0, "Qd7c2s");
    wait(&mut h, &|app| app.result().is_some_and(|r| r.finished));
    let result = h.state().result().unwrap();
    let direct = engine::equity::calculate(&h.state().request(), &|| false, &mut |_| {}).unwrap();
    assert_eq!(
        result.seats, direct.seats,
        "the shown result is the current scenario's"
    );
    // An impossible scenario is reported where the bars are.
    retype(&mut h, 3, "AhAs");
    wait(&mut h, &|app| app.failure().is_some());
    assert!(h.state().result().is_none());
}

#[test]
fn the_session_survives_a_restart() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, 2, "QQ+,[50]AJs[/50]");
    retype(&mut h, 0, "Ah7d2c");
    h.get_by_label("Add seat").click();
    h.step();
    h.step();
    h.query_all_by_label("folded").nth(2).unwrap().click();
    h.step();
    let saved = h.state().persisted();
    assert_eq!(saved.seats.len(), 3);
    assert!(saved.seats[2].2, "the third seat is folded");
    // Through text, as eframe stores it.
    let text = ron::to_string(&saved).unwrap();
    let loaded: rangestove::gui::Persisted = ron::from_str(&text).unwrap();
    let app = RangestoveApp::restore(&loaded, None);
    assert_eq!(app.persisted(), saved);
    assert_eq!(
        app.seats()[0].range,
        Range::parse("QQ+,[50]AJs[/50]").unwrap()
    );
    assert_eq!(app.board().len(), 3);
    assert!(app.request().seats[2].folded);
    // Bad saved text comes back as typed, with its error; missing fields
    // take defaults.
    let odd: rangestove::gui::Persisted =
        ron::from_str(r#"(seats: [("Hero", "AKx", false)])"#).unwrap();
    let app = RangestoveApp::restore(&odd, None);
    assert_eq!(app.seats().len(), 2);
    assert_eq!(app.seats()[0].text, "AKx");
    assert!(app.seats()[0].error.is_some());
}
