//! The workspace of tiles: the three ready layouts show their tiles, the
//! layout the player leaves is kept across a restart, a bad saved layout
//! falls back to the Ranges layout with a notice, tiles keep their shares
//! when the window shrinks and grows.

use egui_kittest::kittest::Queryable;
use rangestove::gui::{Centre, Pane, Persisted, RangestoveApp, Ready};

use engine::worker::Worker;

use super::{App, app_harness, click, wait};

/// The app in a window `width`×`height`.
fn sized(app: RangestoveApp, width: f32, height: f32) -> App {
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(width, height))
        .build_ui_state(|ui, app: &mut RangestoveApp| app.ui(ui), app);
    h.step();
    h.step();
    h
}

/// Picks `label` in the Layout menu.
fn pick(h: &mut App, label: &str) {
    click(h, "Layout");
    click(h, label);
}

#[test]
fn each_ready_layout_shows_its_tiles() {
    let mut h = app_harness(RangestoveApp::default());
    let shown = |h: &App| h.state().workspace().shown().to_vec();
    // Ranges: the seats, the editor large, the board, the presets.
    for pane in [Pane::Seats, Pane::Editor, Pane::Board, Pane::Presets] {
        assert!(shown(&h).contains(&pane), "{pane:?} in {:?}", shown(&h));
    }
    let editor = h.state().workspace().rect(Pane::Editor).unwrap();
    assert!(editor.width() > 450.0, "{editor:?}");
    pick(&mut h, "Study layout");
    for pane in [
        Pane::Seats,
        Pane::Board,
        Pane::Classes,
        Pane::Boards,
        Pane::Distribution,
        Pane::Breakdown,
        Pane::Groups,
    ] {
        assert!(shown(&h).contains(&pane), "{pane:?} in {:?}", shown(&h));
    }
    // The class table and Boards wide, in the middle.
    let classes = h.state().workspace().rect(Pane::Classes).unwrap();
    assert!(classes.width() > 500.0, "{classes:?}");
    assert!(h.get_all_by_label("Boards").next().is_some());
    pick(&mut h, "Train layout");
    assert_eq!(shown(&h), vec![Pane::Train]);
    let train = h.state().workspace().rect(Pane::Train).unwrap();
    assert!(train.width() > 1200.0, "{train:?}");
    // The other panels a tab away.
    click(&mut h, "Workspace");
    assert!(shown(&h).contains(&Pane::Editor), "{:?}", shown(&h));
    pick(&mut h, "Ranges layout");
    assert!(shown(&h).contains(&Pane::Editor), "{:?}", shown(&h));
}

#[test]
fn the_layout_is_kept_across_a_restart() {
    let mut h = app_harness(RangestoveApp::default());
    pick(&mut h, "Study layout");
    // A tab brought to the front is kept too.
    click(&mut h, "Range editor");
    let before = h.state().workspace().tiles().unwrap().clone();
    let saved = ron::to_string(&h.state().persisted()).unwrap();
    let restored = RangestoveApp::restore(&Persisted::from_ron(&saved).unwrap(), None);
    assert!(restored.notice().is_none());
    let mut again = app_harness(restored);
    again.step();
    let after = again.state().workspace().tiles().unwrap();
    assert!(*after == before, "{after:?}\n{before:?}");
    assert!(again.state().workspace().is_shown(Pane::Editor));
    assert!(again.state().workspace().is_shown(Pane::Classes));
    assert!(!again.state().workspace().is_shown(Pane::Boards));
}

#[test]
fn a_bad_saved_layout_falls_back_to_the_ranges_layout_and_says_so() {
    let good = {
        let mut h = app_harness(RangestoveApp::default());
        pick(&mut h, "Study layout");
        h.state().persisted()
    };
    // Not RON; a panel missing; the old save's shape.
    let missing = good.prefs.layout.replace("Groups", "Hand");
    for layout in ["(root: Some(", missing.as_str(), "[1, 2, 3]"] {
        let mut persisted = good.clone();
        persisted.prefs.layout = layout.to_owned();
        persisted.prefs.dark = false;
        let app = RangestoveApp::restore(&persisted, None);
        let notice = app.notice().unwrap_or_default().to_owned();
        assert!(notice.contains("layout"), "{notice}");
        // The rest of the settings are kept.
        assert!(!app.prefs().dark);
        let h = app_harness(app);
        for pane in [Pane::Seats, Pane::Editor, Pane::Board] {
            assert!(h.state().workspace().is_shown(pane), "{layout}: {pane:?}");
        }
    }
    assert!(good.prefs.layout.contains("Groups"));
}

#[test]
fn an_older_save_opens_the_layout_of_its_view() {
    for (centre, pane) in [(Centre::Boards, Pane::Boards), (Centre::Train, Pane::Train)] {
        let mut persisted = Persisted::default();
        persisted.prefs.centre = centre;
        // (Without the accessibility check: the Boards view's seat
        // ComboBox has no accessible name before its first rows.)
        let mut h = egui_kittest::Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .with_accessibility_check(false)
            .build_ui_state(
                |ui, app: &mut RangestoveApp| app.ui(ui),
                RangestoveApp::restore(&persisted, None),
            );
        h.step();
        h.step();
        assert!(h.state().workspace().is_shown(pane), "{centre:?}");
        assert!(h.state().notice().is_none());
    }
    let _ = Ready::ALL;
}

#[test]
fn tiles_keep_their_widths_when_the_window_shrinks_and_grows() {
    let mut h = sized(RangestoveApp::default(), 1600.0, 1000.0);
    let width = |h: &App| h.state().workspace().rect(Pane::Seats).unwrap().width();
    let wide = width(&h);
    assert!(wide > 350.0, "{wide}");
    h.set_size(egui::vec2(1024.0, 700.0));
    h.step();
    h.step();
    assert!(width(&h) < wide, "{}", width(&h));
    h.set_size(egui::vec2(1600.0, 1000.0));
    h.step();
    h.step();
    assert!((width(&h) - wide).abs() < 1.0, "{} vs {wide}", width(&h));
}

/// Every label's and button's text as drawn, where it is cut short ("…" in place of
/// its end), in the panels on screen.
fn cut_labels(h: &App) -> Vec<String> {
    let mut cut = Vec::new();
    let labels = h.query_all_by_role(egui::accesskit::Role::Label);
    let buttons = h.query_all_by_role(egui::accesskit::Role::Button);
    for node in labels.chain(buttons) {
        // A label's text run shows what is drawn: "…" where it was cut.
        if let Some(run) = node
            .query_all_by_role(egui::accesskit::Role::TextRun)
            .next()
            && let Some(drawn) = run.value()
            && drawn.ends_with('…')
            && node.value().is_some_and(|v| !v.ends_with('…'))
        {
            cut.push(format!(
                "{drawn:?} of {:?}",
                node.value().unwrap_or_default()
            ));
        }
    }
    cut
}

/// At 1024×700 and 1600×1000, in each ready layout, with a flop rule and
/// figures on screen, no label is cut short: the seats' status lines
/// wrap ("continues with 27.1% (78.0 …" was cut), a narrow tile scrolls.
#[test]
fn no_label_is_cut_in_the_ready_layouts() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let persisted = crate::app::line_spot("");
    for (width, height) in [(1024.0, 700.0), (1600.0, 1000.0)] {
        for ready in [Ready::Ranges, Ready::Study, Ready::Train] {
            let worker = Worker::spawn(Some(2), || {}).unwrap();
            let app = RangestoveApp::restore(&persisted, Some(worker));
            let mut h = crate::app::harness_sized(app, width, height);
            h.state_mut().pick_layout(ready, Some(Pane::Editor));
            wait(&mut h, &|app| {
                app.feed().result().is_some_and(|r| r.finished) && app.feed().seat_line(0).is_some()
            });
            h.run_steps(3);
            let cut = cut_labels(&h);
            assert!(cut.is_empty(), "{ready:?} at {width}×{height}: {cut:#?}");
            if ready == Ready::Study && width > 1500.0 {
                // The class table's headers are whole ("Com…" was cut),
                // and selecting a row moves no column.
                wait(&mut h, &|app| app.analysis().classes().rows().is_some());
                h.run_steps(2);
                assert!(cut_labels(&h).is_empty(), "{:#?}", cut_labels(&h));
                let header = |h: &App| h.get_by_label("sort classes by Combos").rect();
                let before = header(&h);
                h.get_by_label("overpair").click();
                h.run_steps(2);
                assert!(h.state().analysis().classes().selected().is_some());
                assert_eq!(header(&h), before);
            }
        }
    }
}
