//! The 13×13 range grid, driven headlessly with egui_kittest: clicks,
//! drags, right-drags, press and release in one frame, the brush.

use egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use engine::range::FULL;
use engine::{CardSet, HandClass, Range};
use rangestove::grid::{GridState, grid_ui};

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

fn text(harness: &Harness<'static, State>) -> String {
    harness.state().0.canonical()
}

#[test]
fn a_click_toggles_a_cell() {
    let mut h = harness("");
    let aa = at(&h, "AA");
    h.hover_at(aa);
    h.drag_at(aa);
    h.drop_at(aa);
    h.step();
    assert_eq!(text(&h), "AA");
    h.hover_at(aa);
    h.drag_at(aa);
    h.drop_at(aa);
    h.step();
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
    h.hover_at(from);
    h.drag_at(from);
    // One jump across five cells in a single frame.
    h.hover_at(to);
    h.drop_at(to);
    h.step();
    assert_eq!(text(&h), "A7s+");
    assert!(h.state().1.dragging().is_none());
}

#[test]
fn a_drag_starting_on_a_full_cell_erases() {
    let mut h = harness("A2s+");
    let (from, to) = (at(&h, "AKs"), at(&h, "ATs"));
    h.hover_at(from);
    h.drag_at(from);
    h.hover_at(to);
    h.drop_at(to);
    h.step();
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
    h.hover_at(jt);
    h.drag_at(jt);
    h.drop_at(jt);
    h.step();
    assert_eq!(text(&h), "JTs:0.5");
    // A full-weight cell painted with a half brush is painted, not erased.
    let mut h = harness("JTs");
    h.state_mut().1.brush_bp = FULL / 2;
    let jt = at(&h, "JTs");
    h.hover_at(jt);
    h.drag_at(jt);
    h.drop_at(jt);
    h.step();
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

#[test]
fn the_app_keeps_text_and_grid_in_sync() {
    let mut h = Harness::builder()
        .with_size(egui::vec2(700.0, 800.0))
        .build_ui_state(
            |ui, app: &mut rangestove::gui::RangestoveApp| app.ui(ui),
            rangestove::gui::RangestoveApp::default(),
        );
    h.step();
    let field = h.get_by_role(egui::accesskit::Role::TextInput);
    field.click();
    h.step();
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text("QQ+,AKz");
    h.step();
    // The bad token is reported and the typed text kept; the grid still
    // shows the last good range.
    let error = h.state().error().cloned().unwrap();
    assert_eq!((error.token.as_str(), error.offset), ("AKz", 4));
    assert_eq!(h.state().text(), "QQ+,AKz");
    h.key_press(egui::Key::Backspace);
    h.step();
    assert!(h.state().error().is_none());
    assert_eq!(h.state().range().canonical(), "QQ+,AK");
    // Painting rewrites the text canonically.
    let grid = h.state().grid_state().clone();
    let jj = grid.cell_center("JJ".parse::<HandClass>().unwrap());
    h.hover_at(jj);
    h.drag_at(jj);
    h.drop_at(jj);
    h.step();
    assert_eq!(h.state().text(), "JJ+,AK");
}
