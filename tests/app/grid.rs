//! The 13×13 range grid, driven headlessly with egui_kittest: clicks,
//! drags, right-drags, press and release in one frame, the brush.

use egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use engine::range::FULL;
use engine::{CardSet, HandClass, Range};
use rangestove::gui::grid::{GridState, grid_ui};

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
pub(crate) fn drag<S>(h: &mut Harness<'static, S>, from: Pos2, to: Pos2) {
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
