//! The whole app driven headlessly with egui_kittest, as a user would:
//! typing ranges, painting, the suit editor, the deck, seats, presets,
//! undo, and equity numbers from a real worker.

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use engine::{Card, HandClass};
use rangestove::gui::RangestoveApp;

pub(crate) type App = Harness<'static, RangestoveApp>;

/// The app in a 1280×800 window (the smallest, 1024×700, is checked in
/// `app_files::at_1024_by_700_nothing_is_cut_off`).
pub(crate) fn app_harness(app: RangestoveApp) -> App {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut RangestoveApp| app.ui(ui), app);
    h.step();
    h
}

/// The app in a window of `width` × `height` points.
pub(crate) fn harness_sized(app: RangestoveApp, width: f32, height: f32) -> App {
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, height))
        .build_ui_state(|ui, app: &mut RangestoveApp| app.ui(ui), app);
    h.run();
    h
}

/// Replaces the text of the text box labelled `label` ("Board", "Dead",
/// a seat's name for its range, "Name" for the preset name).
pub(crate) fn retype(h: &mut App, label: &str, text: &str) {
    // A frame first: an edit in a panel drawn after the seats (the board)
    // shows in the seats panel (the rule boxes of a flop) a frame later.
    h.step();
    // Into view first (a tile scrolls when its content is taller).
    text_box(h, label).scroll_to_me();
    until_still(h, &|h| text_box(h, label).rect());
    text_box(h, label).click();
    h.step();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.step();
    if text.is_empty() {
        h.key_press(Key::Backspace);
    } else {
        text_box(h, label).type_text(text);
    }
    h.step();
    // The text landed in that box (not in a widget that moved under the
    // click).
    let value = text_box(h, label).value().unwrap_or_default();
    assert_eq!(value, text, "the {label} box");
}

/// Steps until the widget at `rect` has stayed put five frames: a scroll
/// starts a frame or two after it is asked for, and is animated.
pub(crate) fn until_still(h: &mut App, rect: &dyn Fn(&App) -> egui::Rect) {
    let mut at = rect(h);
    let mut still = 0;
    for _ in 0..120 {
        h.step();
        let now = rect(h);
        still = if now == at { still + 1 } else { 0 };
        if still == 5 {
            return;
        }
        at = now;
    }
}

/// Scrolls the widget labelled `label` into view and clicks it once it is
/// still.
pub(crate) fn click_in_view(h: &mut App, label: &str) {
    h.get_by_label(label).scroll_to_me();
    until_still(h, &|h| h.get_by_label(label).rect());
    click(h, label);
}

/// The text box labelled `label`: one line, or wrapping (a seat's range).
pub(crate) fn text_box<'h>(h: &'h App, label: &'h str) -> egui_kittest::Node<'h> {
    h.query_by_role_and_label(Role::TextInput, label)
        .unwrap_or_else(|| h.get_by_role_and_label(Role::MultilineTextInput, label))
}

/// Leaves any text box (so global shortcuts apply).
pub(crate) fn unfocus(h: &mut App) {
    h.key_press(Key::Escape);
    h.step();
}

pub(crate) fn click(h: &mut App, label: &str) {
    h.get_by_label(label).click();
    h.step();
    h.step();
}

pub(crate) fn card(text: &str) -> Card {
    text.parse().unwrap()
}

pub(crate) fn class_center(h: &App, class: &str) -> egui::Pos2 {
    h.state()
        .editor()
        .grid()
        .cell_center(class.parse::<HandClass>().unwrap())
}

/// `rangestove calc --json ARGS`, parsed.
pub(crate) fn calc_json(args: &[&str]) -> serde_json::Value {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .arg("calc")
        .arg("--json")
        .args(args)
        .output()
        .unwrap();
    serde_json::from_slice(&output.stdout).unwrap()
}

/// `rangestove hands ARGS` (with `--json`: a summary or one object per
/// line), its standard output.
pub(crate) fn hands_output(args: &[&str]) -> String {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .arg("hands")
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Reads the hand-history `files` into the Hands view (as dropping them
/// on the window does) and steps until they are read.
pub(crate) fn open_hands(h: &mut App, files: &[std::path::PathBuf]) {
    let ctx = h.ctx.clone();
    h.state_mut().open_hand_files(&ctx, files.to_vec());
    h.step();
    wait(h, &|app| !app.hands().reading());
    h.step();
    h.step();
}

/// Steps until `done` holds. The bound only keeps a hung job from
/// hanging the suite: it is far above what any job here takes on a loaded
/// two-core machine (a Boards job took over 30 s at load 6).
pub(crate) fn wait(h: &mut App, done: &dyn Fn(&RangestoveApp) -> bool) {
    let start = Instant::now();
    while !done(h.state()) && start.elapsed() < Duration::from_secs(180) {
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    assert!(done(h.state()), "no result in time");
}

/// Shows the analysis tiles, as the old Analysis switch did: the Study
/// layout, with the range editor in front of the Boards view (whose count
/// would start otherwise).
pub(crate) fn show_analysis(h: &mut App) {
    use rangestove::gui::{Pane, Ready};
    h.state_mut().pick_layout(Ready::Study, Some(Pane::Editor));
    h.step();
    h.step();
    h.step();
}

/// BTN's `25%` against BB's `15%` on `Kh9s4c`, BTN with a flop rule,
/// BTN selected, with the preferences `prefs` (RON fields, may be empty).
pub(crate) fn line_spot(prefs: &str) -> rangestove::gui::Persisted {
    rangestove::gui::Persisted::from_ron(&format!(
        r#"(scenario: (seats: [
            (name: "BTN", range: "25%", mode: Active, line: (flop: "top-pair+,flush-draw,oesd", turn: "", river: "")),
            (name: "BB", range: "15%", mode: Active)],
            board: "Kh9s4c", dead: ""),
          selected: 0, prefs: ({prefs}))"#
    ))
    .unwrap()
}
