//! The editor as a player uses it: the suit editor keeps the last hovered
//! cell, Copy says what it did where the user looks, two rankings for the
//! top-X% slider (remembered), one undo step per slider drag, blocked
//! combos counted as blocked.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use engine::range::Ranking;
use engine::{HandClass, Range};
use rangestove::gui::{Outcome, Persisted, RangestoveApp};

use crate::app::grid::drag;
use crate::app::{App, app_harness, click, retype, show_analysis, unfocus};

fn class_center(h: &App, class: &str) -> egui::Pos2 {
    h.state()
        .editor()
        .grid()
        .cell_center(class.parse::<HandClass>().unwrap())
}

/// The top-X% slider (the second slider: the brush's comes first).
fn top_slider(h: &App) -> egui::Rect {
    h.get_all_by_role(Role::Slider).nth(1).unwrap().rect()
}

#[test]
fn the_suit_editor_keeps_the_last_hovered_cell() {
    let mut h = app_harness(RangestoveApp::default());
    // Pressed last: KK. Hovered since: AKs.
    let kk = class_center(&h, "KK");
    drag(&mut h, kk, kk);
    h.hover_at(class_center(&h, "AKs"));
    h.step();
    assert_eq!(h.state().editor().suit_editor_class().to_string(), "AKs");
    // Down to the tiles, off the grid: still AKs, and its tiles answer.
    let tile = h.get_by_label("AhKh").rect().center();
    h.hover_at(tile);
    h.step();
    assert_eq!(h.state().editor().suit_editor_class().to_string(), "AKs");
    click(&mut h, "AhKh");
    assert_eq!(
        h.state().session().seats()[0].range,
        Range::parse("AA,QQ,AsKs,AdKd,AcKc").unwrap()
    );
    // Another cell hovered takes over.
    h.hover_at(class_center(&h, "QJo"));
    h.step();
    assert_eq!(h.state().editor().suit_editor_class().to_string(), "QJo");
}

#[test]
fn blocked_combos_are_counted_as_blocked() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Board", "As7d2c");
    unfocus(&mut h);
    h.hover_at(class_center(&h, "AKs"));
    h.step();
    h.get_by_label("3.00 of 3 live combos (1 blocked)");
}

#[test]
fn copy_says_what_it_did_beside_the_button_whatever_panel_is_open() {
    let mut h = app_harness(RangestoveApp::default());
    click(&mut h, "Distribution");
    assert!(
        !h.state()
            .workspace()
            .is_shown(rangestove::gui::Pane::Presets)
    );
    click(&mut h, "Copy");
    let message = h.state().editor().copy_message().cloned();
    assert_eq!(
        message,
        Some(Outcome::Done("Copied 'QQ+,AKs' as canonical".to_owned()))
    );
    h.get_by_label("Copied 'QQ+,AKs' as canonical");
    // A weighted range in Equilab's dialect (no weights) cannot be copied:
    // said beside the button with Analysis open.
    show_analysis(&mut h);
    retype(&mut h, "Seat 1", "QQ+,AKs:0.5");
    unfocus(&mut h);
    h.get_by_value("canonical").click();
    h.run();
    click(&mut h, "equilab");
    click(&mut h, "Copy");
    let Some(Outcome::Failed(message)) = h.state().editor().copy_message().cloned() else {
        panic!("{:?}", h.state().editor().copy_message());
    };
    assert!(message.starts_with("Not copied: equilab"), "{message}");
    h.get_by_label(message.as_str());
}

#[test]
fn the_ranking_is_chosen_beside_the_slider_and_remembered() {
    let mut h = app_harness(RangestoveApp::default());
    let heads_up = Ranking::heads_up();
    assert_eq!(h.state().prefs().ranking, Ranking::shipped().name());
    h.get_by_value(Ranking::shipped().name()).click();
    h.run();
    click(&mut h, heads_up.name());
    assert_eq!(h.state().prefs().ranking, heads_up.name());
    // A drag on the slider selects the heads-up ranking's top X%.
    let slider = top_slider(&h);
    let at = egui::pos2(slider.left() + slider.width() * 0.37, slider.center().y);
    drag(&mut h, at, at);
    let percent = h.state().prefs().top_percent;
    assert!(percent > 20.0 && percent < 60.0, "{percent}");
    assert_eq!(
        h.state().session().seats()[0].range,
        heads_up.top_range(percent)
    );
    assert_ne!(
        heads_up.top_range(percent),
        Ranking::shipped().top_range(percent)
    );
    // Remembered across a restart.
    let text = ron::to_string(&h.state().persisted()).unwrap();
    let restored = RangestoveApp::restore(&Persisted::from_ron(&text).unwrap(), None);
    assert_eq!(restored.prefs().ranking().name(), heads_up.name());
    // An unknown name reads as the default.
    let odd = Persisted::from_ron(r#"(prefs: (ranking: "by vibes"))"#).unwrap();
    let app = RangestoveApp::restore(&odd, None);
    assert_eq!(app.prefs().ranking().name(), Ranking::shipped().name());
}

#[test]
fn two_slider_drags_are_two_undo_steps() {
    let mut h = app_harness(RangestoveApp::default());
    let slider = top_slider(&h);
    let at = |share: f32| egui::pos2(slider.left() + slider.width() * share, slider.center().y);
    // One drag across several frames: one step.
    h.hover_at(at(0.1));
    h.drag_at(at(0.1));
    h.hover_at(at(0.2));
    h.hover_at(at(0.3));
    h.drop_at(at(0.3));
    h.step();
    let first = h.state().session().seats()[0].text.clone();
    drag(&mut h, at(0.5), at(0.5));
    let second = h.state().session().seats()[0].text.clone();
    assert_ne!(first, second);
    assert!(h.state_mut().session_mut().undo());
    assert_eq!(h.state().session().seats()[0].text, first);
    assert!(h.state_mut().session_mut().undo());
    assert_eq!(h.state().session().seats()[0].text, "QQ+,AKs");
}

#[test]
fn the_heads_up_ranking_is_exact_equity_against_one_random_hand() {
    use engine::equity::{self, EquityRequest, Method, Seat};
    let ranking = Ranking::heads_up();
    let mut last = f32::INFINITY;
    for class in ranking.classes() {
        let seats = vec![
            Seat::active(Range::parse(&class.to_string()).unwrap()),
            Seat::active(Range::parse("random").unwrap()),
        ];
        let mut request = EquityRequest::new(seats);
        request.method = Method::Exact;
        let result = equity::calculate(&request, &|| false, &mut |_| {}).unwrap();
        let value = ranking.value(class);
        assert!(
            (f64::from(value) - result.seats[0].equity).abs() < 6e-6,
            "{class}"
        );
        assert!(value <= last, "{class}: not sorted");
        last = value;
    }
}

#[test]
fn the_brush_chips_stay_put_when_clicked() {
    let mut h = app_harness(RangestoveApp::default());
    let before: Vec<egui::Rect> = ["25", "50", "75", "100"]
        .iter()
        .map(|l| h.get_by_label(l).rect())
        .collect();
    click(&mut h, "25");
    assert_eq!(h.state().prefs().brush_bp, 2500);
    let after: Vec<egui::Rect> = ["25", "50", "75", "100"]
        .iter()
        .map(|l| h.get_by_label(l).rect())
        .collect();
    assert_eq!(before, after);
}

/// The Top slider shows the selected seat's share, whichever seat that is
/// and however its range was made (issue 43, item 6).
#[test]
fn the_top_slider_shows_the_selected_seats_share() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Seat 1", "15%");
    unfocus(&mut h);
    // Seat 2 set to about a third by the slider.
    click(&mut h, "Seat 2");
    let slider = top_slider(&h);
    let at = egui::pos2(slider.left() + slider.width() * 0.335, slider.center().y);
    drag(&mut h, at, at);
    let third = h.state().prefs().top_percent;
    assert!(third > 25.0 && third < 45.0, "{third}");
    assert_eq!(
        h.state().session().seats()[1].range,
        Ranking::shipped().top_range(third)
    );
    // Back on seat 1: its 15%.
    click(&mut h, "Seat 1");
    h.step();
    let fifteen = h.state().session().seats()[0].range.percent();
    assert!((fifteen - 15.0).abs() < 0.5, "{fifteen}");
    let value = |h: &App| {
        h.get_all_by_role(Role::Slider)
            .nth(1)
            .unwrap()
            .accesskit_node()
            .numeric_value()
            .unwrap()
    };
    assert!((value(&h) - fifteen).abs() < 0.051, "{}", value(&h));
    assert_eq!(h.get_all_by_value(&format!("{fifteen:.1}%")).count(), 1);
    // A range painted by hand: its share.
    let aa = class_center(&h, "AA");
    drag(&mut h, aa, aa);
    h.step();
    let painted = h.state().session().seats()[0].range.percent();
    assert!((painted - fifteen).abs() > 0.1);
    assert!((value(&h) - painted).abs() < 0.051, "{}", value(&h));
    assert_eq!(h.state().session().seats()[0].range.percent(), painted);
    // Seat 2 again: the share of the third the slider set (whole classes,
    // the nearest to it).
    click(&mut h, "Seat 2");
    h.step();
    let share = h.state().session().seats()[1].range.percent();
    assert!((share - third).abs() < 1.0, "{share} {third}");
    assert!((value(&h) - share).abs() < 0.051, "{}", value(&h));
}
