//! Clicks land only where aimed: a choice in a menu, a list or a notice
//! over the grid paints nothing; the suit editor holds an inner class
//! (Shift, a pin); the deck stays put while a flop is picked; messages
//! move nothing under the pointer and go when they no longer hold.

use egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::kittest::Queryable;
use engine::{HandClass, Range};
use rangestove::gui::{Outcome, RangestoveApp};

use crate::app::{App, app_harness, click, harness_sized};

fn class_center(h: &App, class: &str) -> Pos2 {
    h.state()
        .editor()
        .grid()
        .cell_center(class.parse::<HandClass>().unwrap())
}

fn seat_range(h: &App) -> Range {
    h.state().session().seats()[0].range.clone()
}

/// Clicks the node labelled `label`, first checking it lies over the grid
/// (else the test would prove nothing).
fn click_over_grid(h: &mut App, label: &str) {
    let node = h.get_by_label(label);
    let at = node.rect().center();
    let grid = h.state().editor().grid().rect();
    assert!(
        grid.contains(at),
        "{label} at {at:?} is not over the grid {grid:?}"
    );
    node.click();
    h.run();
}

/// In a `width` × `height` window, opens the list showing `value` and
/// picks `item` where it lies over the grid; returns the app, whose range
/// must not have changed.
fn pick_over_grid(width: f32, height: f32, value: &str, item: &str) -> App {
    let mut h = harness_sized(RangestoveApp::default(), width, height);
    let before = seat_range(&h);
    h.get_by_value(value).click();
    h.run();
    click_over_grid(&mut h, item);
    assert_eq!(seat_range(&h), before);
    h
}

#[test]
fn a_choice_in_a_list_over_the_grid_paints_nothing() {
    let item = "equity vs 1 random hand";
    let h = pick_over_grid(1600.0, 1000.0, "equity vs 3 random hands", item);
    assert_eq!(h.state().prefs().ranking, item);
}

#[test]
fn a_dialect_picked_at_1024_wide_paints_nothing() {
    let h = pick_over_grid(1024.0, 700.0, "canonical", "equilab");
    assert_eq!(h.state().prefs().dialect.name(), "equilab");
}

#[test]
fn dismissing_a_notice_over_the_grid_paints_nothing() {
    let app = RangestoveApp::default().with_notice(Some("app.ron: not read".to_owned()));
    let mut h = harness_sized(app, 1024.0, 700.0);
    let before = seat_range(&h);
    click_over_grid(&mut h, "OK");
    assert!(h.state().notice().is_none());
    assert_eq!(seat_range(&h), before);
}

#[test]
fn shift_holds_an_inner_class_on_the_way_to_its_tiles() {
    let mut h = app_harness(RangestoveApp::default());
    h.hover_at(class_center(&h, "AKs"));
    h.step();
    assert_eq!(h.state().editor().suit_editor_class().to_string(), "AKs");
    // Straight down across the grid with Shift held: AKs stays.
    h.event(Event::ModifiersChanged(Modifiers::SHIFT));
    for class in ["KK", "K9o", "K5o", "K2o"] {
        h.hover_at(class_center(&h, class));
        h.step();
        assert_eq!(h.state().editor().suit_editor_class().to_string(), "AKs");
    }
    // Onto the tiles, then Shift released.
    h.hover_at(h.get_by_label("AhKh").rect().center());
    h.step();
    h.event(Event::ModifiersChanged(Modifiers::NONE));
    h.step();
    click(&mut h, "AhKh");
    assert_eq!(seat_range(&h), Range::parse("QQ+,AsKs,AdKd,AcKc").unwrap());
    // Without Shift, the cells crossed take over again.
    h.hover_at(class_center(&h, "K2o"));
    h.step();
    assert_eq!(h.state().editor().suit_editor_class().to_string(), "K2o");
}

/// A Ctrl/Cmd+click at `at`.
fn command_click(h: &mut App, at: Pos2) {
    h.hover_at(at);
    for pressed in [true, false] {
        h.event_modifiers(
            Event::PointerButton {
                pos: at,
                button: PointerButton::Primary,
                pressed,
                modifiers: Modifiers::COMMAND,
            },
            Modifiers::COMMAND,
        );
    }
    h.run();
}

#[test]
fn a_pinned_class_stays_until_unpinned() {
    let mut h = app_harness(RangestoveApp::default());
    let before = seat_range(&h);
    // Ctrl/Cmd+click pins AKs and paints nothing.
    let aks = class_center(&h, "AKs");
    command_click(&mut h, aks);
    assert_eq!(seat_range(&h), before);
    assert_eq!(
        h.state()
            .editor()
            .grid()
            .pinned()
            .map(|c| c.to_string())
            .as_deref(),
        Some("AKs")
    );
    for class in ["QJo", "72o", "22"] {
        h.hover_at(class_center(&h, class));
        h.step();
        assert_eq!(h.state().editor().suit_editor_class().to_string(), "AKs");
    }
    click(&mut h, "AhKh");
    assert_eq!(seat_range(&h), Range::parse("QQ+,AsKs,AdKd,AcKc").unwrap());
    // The editor's button unpins; hovering chooses again.
    click(&mut h, "Unpin");
    assert!(h.state().editor().grid().pinned().is_none());
    h.hover_at(class_center(&h, "QJo"));
    h.step();
    assert_eq!(h.state().editor().suit_editor_class().to_string(), "QJo");
    // The Pin button pins the class shown; Ctrl/Cmd+click on it unpins.
    click(&mut h, "Pin");
    assert_eq!(
        h.state()
            .editor()
            .grid()
            .pinned()
            .map(|c| c.to_string())
            .as_deref(),
        Some("QJo")
    );
    let qjo = class_center(&h, "QJo");
    command_click(&mut h, qjo);
    assert!(h.state().editor().grid().pinned().is_none());
    assert_eq!(seat_range(&h), Range::parse("QQ+,AsKs,AdKd,AcKc").unwrap());
}

/// A click at `at` (where the player aimed before anything moved).
fn click_at(h: &mut App, at: Pos2) {
    h.hover_at(at);
    h.drag_at(at);
    h.drop_at(at);
    h.run();
}

/// Where each card of the deck is drawn.
fn deck_rects(h: &App) -> Vec<egui::Rect> {
    (h.get_all_by_label_contains("deck "))
        .map(|node| node.rect())
        .collect()
}

#[test]
fn the_deck_stays_put_while_a_flop_is_picked() {
    for (width, height) in [(1024.0, 700.0), (1600.0, 1000.0)] {
        let mut h = harness_sized(RangestoveApp::default(), width, height);
        let before = deck_rects(&h);
        assert_eq!(before.len(), 52);
        // Aimed once, at the start, as a player's eye does.
        let aims: Vec<Pos2> = ["deck Kh", "deck 9s", "deck 4c"]
            .iter()
            .map(|label| h.get_by_label(label).rect().center())
            .collect();
        for (i, &at) in aims.iter().enumerate() {
            click_at(&mut h, at);
            assert_eq!(h.state().session().board().len(), i + 1);
            assert_eq!(deck_rects(&h), before, "after card {} at {width}", i + 1);
        }
        let board: Vec<String> = (h.state().session().board().iter())
            .map(ToString::to_string)
            .collect();
        assert_eq!(board, ["Kh", "9s", "4c"], "at {width}");
    }
}

#[test]
fn copy_feedback_moves_nothing() {
    let mut h = harness_sized(RangestoveApp::default(), 1024.0, 700.0);
    let grid = h.state().editor().grid().rect();
    let heat = h.get_by_label("Heat map").rect();
    click(&mut h, "Copy");
    h.get_by_label("Copied 'QQ+,AKs' as canonical");
    assert_eq!(h.state().editor().grid().rect(), grid);
    assert_eq!(h.get_by_label("Heat map").rect(), heat);
    // A refusal (three lines of words) moves nothing either, and a click
    // on the grid under it lands on the grid.
    crate::app::retype(&mut h, "Seat 1", "QQ+,AKs:0.5");
    crate::app::unfocus(&mut h);
    h.get_by_value("canonical").click();
    h.run();
    click(&mut h, "equilab");
    click(&mut h, "Copy");
    assert!(matches!(
        h.state().editor().copy_message(),
        Some(Outcome::Failed(_))
    ));
    assert_eq!(h.state().editor().grid().rect(), grid);
    assert_eq!(h.get_by_label("Heat map").rect(), heat);
    let aks = class_center(&h, "AKs");
    click_at(&mut h, aks);
    assert_eq!(seat_range(&h), Range::parse("QQ+,AKs").unwrap());
    assert!(h.state().editor().copy_message().is_none());
}

#[test]
fn the_grid_image_says_what_its_count_was_taken_with() {
    let mut h = app_harness(RangestoveApp::default());
    let (title, subtitle) = rangestove::gui::grid_caption(h.state().session());
    assert_eq!(title, "Seat 1: QQ+,AKs");
    assert_eq!(subtitle, "22 combos (1.7% of all hands)");
    crate::app::retype(&mut h, "Seat 1", "QQ+,AK");
    crate::app::retype(&mut h, "Board", "Kh9s4c");
    crate::app::retype(&mut h, "Dead", "2c");
    crate::app::unfocus(&mut h);
    let (_, subtitle) = rangestove::gui::grid_caption(h.state().session());
    assert_eq!(
        subtitle,
        "34 combos (2.6% of all hands); 27 combos left with board Kh9s4c and dead 2c"
    );
}

/// The top-X% slider (the second slider: the brush's comes first).
fn top_slider(h: &App) -> egui::Rect {
    (h.get_all_by_role(egui::accesskit::Role::Slider))
        .nth(1)
        .unwrap()
        .rect()
}

#[test]
fn the_top_slider_is_wide_follows_the_ranking_and_applies_a_retyped_value() {
    use engine::range::Ranking;
    let mut h = harness_sized(RangestoveApp::default(), 1600.0, 1000.0);
    let slider = top_slider(&h);
    assert!(slider.width() >= 300.0, "{slider:?}");
    // A drag to 20% or so: the shipped ranking's top X%.
    let at = egui::pos2(slider.left() + slider.width() * 0.2, slider.center().y);
    click_at(&mut h, at);
    let percent = h.state().prefs().top_percent;
    assert!(percent > 15.0 && percent < 25.0, "{percent}");
    assert_eq!(seat_range(&h), Ranking::shipped().top_range(percent));
    // Another ranking rewrites a range the slider wrote.
    let heads_up = Ranking::heads_up();
    h.get_by_value(Ranking::shipped().name()).click();
    h.run();
    click(&mut h, heads_up.name());
    assert_eq!(seat_range(&h), heads_up.top_range(percent));
    // Painting, then the same value typed again: the top X% again.
    let aa = class_center(&h, "AA");
    click_at(&mut h, aa);
    assert_ne!(seat_range(&h), heads_up.top_range(percent));
    // The slider shows the painted range's share.
    let shown = format!("{:.1}%", seat_range(&h).percent());
    let value = (h.get_all_by_value(&shown))
        .map(|node| node.rect())
        .min_by(|a, b| {
            (a.top(), a.left())
                .partial_cmp(&(b.top(), b.left()))
                .unwrap()
        })
        .unwrap();
    click_at(&mut h, value.center());
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.run();
    // Into the value box, which has the focus.
    h.event(Event::Text(format!("{percent:.1}")));
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().prefs().top_percent, percent);
    assert_eq!(seat_range(&h), heads_up.top_range(percent));
    // A range painted by hand stays when the ranking changes.
    click_at(&mut h, aa);
    let painted = seat_range(&h);
    h.get_by_value(heads_up.name()).click();
    h.run();
    click(&mut h, Ranking::shipped().name());
    assert_eq!(seat_range(&h), painted);
}

#[test]
fn at_1024_by_700_the_tiles_and_preset_buttons_are_in_the_window() {
    let mut h = harness_sized(RangestoveApp::default(), 1024.0, 700.0);
    // The status bar's top: nothing may hide under it.
    let bottom = 700.0 - 24.0;
    let grid = h.state().editor().grid().rect();
    assert!(grid.width() >= 13.0 * 24.0, "{grid:?}");
    // An offsuit class has the most tiles (12).
    h.hover_at(class_center(&h, "AKo"));
    h.run();
    assert_eq!(h.state().editor().suit_editor_class().to_string(), "AKo");
    // The editor's tile scrolls to its suit editor (the pointer off the
    // grid, which keeps the class).
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run();
    h.get_by_label("AhKs").scroll_to_me();
    h.run();
    assert_eq!(h.state().editor().suit_editor_class().to_string(), "AKo");
    let tiles: Vec<egui::Rect> = ["AsKh", "AcKd", "AdKc", "AhKs"]
        .iter()
        .map(|label| h.get_by_label(label).rect())
        .collect();
    for tile in &tiles {
        assert!(
            tile.bottom() <= bottom && tile.right() <= 1024.0,
            "{tile:?}"
        );
    }
    // The grid did not change size for the larger class.
    assert_eq!(h.state().editor().grid().rect().size(), grid.size());
    // With a flop (and the next-card strip), the presets' buttons show.
    crate::app::retype(&mut h, "Board", "Kh9s4c");
    crate::app::unfocus(&mut h);
    h.run();
    for label in ["Load into Seat 1", "Import…", "Export range…"] {
        let rect = h.get_by_label(label).rect();
        assert!(rect.bottom() <= bottom, "{label} at {rect:?}");
    }
}
