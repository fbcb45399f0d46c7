//! One rule for bad input (docs/design.md §8.1): a range, rule, board or
//! dead-cards text that does not read counts its part before the error,
//! says so whole at the box and on the figures; good text again counts
//! whole and the notes go. The same keystrokes count the same whatever the
//! window or the typing speed; Enter leaves a box without a newline.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use engine::line::{ContinueRule, Street};
use engine::worker::Worker;
use engine::{Card, Range};
use rangestove::gui::RangestoveApp;

use crate::app::{App, card, click, retype, text_box, unfocus, wait};

/// The app with a worker in a `width`×`height` window.
fn sized_app(width: f32, height: f32) -> App {
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, height))
        .build_ui_state(
            |ui, app: &mut RangestoveApp| app.ui(ui),
            RangestoveApp::with_worker(Some(worker)),
        );
    h.step();
    h
}

/// Waits until the equity of the spot as it is now is counted.
fn settle(h: &mut App) {
    h.run_steps(2);
    wait(h, &|app| app.feed().result().is_some_and(|r| r.finished));
    h.run_steps(2);
}

/// The field's message: shown whole (one label holds all of it, to its
/// end) and wrapped rather than cut — no wider than the window.
fn message_whole(h: &App, counted: &str) {
    let message = format!("{counted} (the text before the error) until it is fixed");
    let node = h.get_by_label_contains(&message);
    let rect = node.rect();
    let window = h.ctx.content_rect();
    assert!(
        rect.max.x <= window.max.x + 0.5,
        "{rect:?} beyond {window:?}"
    );
}

/// No field says it is in error.
fn no_message(h: &App) {
    assert!(h.query_by_label_contains("until it is fixed").is_none());
    assert!(h.query_by_label_contains("counting “").is_none());
}

/// Types `text` into the box labelled `label` over what it holds, one
/// character a frame (as a person types) or all at once (`at_once`).
fn type_over(h: &mut App, label: &str, text: &str, at_once: bool) {
    h.step();
    text_box(h, label).click();
    h.step();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.step();
    if at_once {
        text_box(h, label).type_text(text);
        h.step();
    } else {
        for c in text.chars() {
            text_box(h, label).type_text(&c.to_string());
            h.step();
        }
    }
    h.step();
}

#[test]
fn a_bad_range_counts_its_terms_before_the_error_and_says_so() {
    let mut h = sized_app(1280.0, 800.0);
    retype(&mut h, "Seat 1", "AKs, QQ+, J7x");
    settle(&mut h);
    let seat = &h.state().session().seats()[0];
    assert_eq!(seat.range, Range::parse("AKs,QQ+").unwrap());
    message_whole(&h, "counting “AKs, QQ+”");
    // The seat's figures say what they count.
    h.get_by_label_contains("counting “AKs, QQ+” · ");
    let counted = h.state().feed().seat_equity(0).unwrap().equity;
    retype(&mut h, "Seat 1", "AKs, QQ+");
    settle(&mut h);
    no_message(&h);
    assert!((h.state().feed().seat_equity(0).unwrap().equity - counted).abs() < 1e-12);
    retype(&mut h, "Seat 1", "AKs, QQ+, J7s");
    settle(&mut h);
    no_message(&h);
    assert_eq!(
        h.state().session().seats()[0].range,
        Range::parse("AKs,QQ+,J7s").unwrap()
    );
}

/// Item 1: the same keystrokes count the same range at any window size
/// and typing speed, and say which.
#[test]
fn the_same_keystrokes_count_the_same_range_at_any_size_or_speed() {
    for (width, height) in [(1024.0, 700.0), (1600.0, 1000.0)] {
        for at_once in [false, true] {
            let mut h = sized_app(width, height);
            type_over(&mut h, "Seat 1", "AKs, QQ+, J7x", at_once);
            let seat = &h.state().session().seats()[0];
            assert_eq!(seat.text, "AKs, QQ+, J7x");
            assert_eq!(
                seat.range,
                Range::parse("AKs,QQ+").unwrap(),
                "{width}×{height}, at once: {at_once}"
            );
            message_whole(&h, "counting “AKs, QQ+”");
        }
    }
}

/// The app on the flop `Kh9s4c`, `QQ+,AK` against `random`.
fn flop_app(width: f32) -> App {
    let mut h = sized_app(width, 1000.0);
    retype(&mut h, "Seat 1", "QQ+,AK");
    retype(&mut h, "Board", "Kh9s4c");
    unfocus(&mut h);
    settle(&mut h);
    h
}

/// Waits until the line is counted.
fn settle_line(h: &mut App) {
    h.run_steps(2);
    wait(h, &|app| {
        app.feed().line().is_some() && app.feed().result().is_some_and(|r| r.finished)
    });
    h.run_steps(2);
}

/// Item 2: a rule with a bad term counts its terms before it, says so
/// whole at the box and on the "continues" line; the reach says so too.
#[test]
fn a_bad_rule_counts_its_terms_before_the_error_and_says_so() {
    let mut h = flop_app(1024.0);
    retype(&mut h, "Seat 2 on the flop:", "pair+, draws");
    unfocus(&mut h);
    settle_line(&mut h);
    let line = &h.state().session().seats()[1].line;
    assert_eq!(
        line.rule(Street::Flop),
        Some(&ContinueRule::parse("pair+").unwrap())
    );
    message_whole(&h, "counting “pair+”");
    h.get_by_label_contains("counting “pair+” · continues with");
    h.get_by_label_contains("counting the rules in error");
    let feed = h.state().feed();
    let (reach, equity) = (
        feed.line().unwrap().reach,
        feed.seat_equity(1).unwrap().equity,
    );
    // The figures are those of the part counted.
    retype(&mut h, "Seat 2 on the flop:", "pair+");
    unfocus(&mut h);
    settle_line(&mut h);
    no_message(&h);
    h.get_by_label_contains("continues with");
    let feed = h.state().feed();
    assert!((feed.line().unwrap().reach - reach).abs() < 1e-12);
    assert!((feed.seat_equity(1).unwrap().equity - equity).abs() < 1e-12);
    assert!(h.query_by_label_contains("counting the rules").is_none());
}

#[test]
fn a_bad_board_counts_its_cards_before_the_error_and_says_so() {
    let mut h = sized_app(1280.0, 800.0);
    retype(&mut h, "Board", "Kh9s4c2x");
    settle(&mut h);
    let flop: Vec<Card> = ["Kh", "9s", "4c"].map(card).to_vec();
    assert_eq!(h.state().session().board(), flop.as_slice());
    message_whole(&h, "counting “Kh9s4c”");
    h.get_by_label_contains("The board text has an error: the figures are counting “Kh9s4c”");
    retype(&mut h, "Board", "Kh9s4c2d");
    settle(&mut h);
    no_message(&h);
    assert_eq!(h.state().session().board().len(), 4);
}

#[test]
fn bad_dead_cards_count_the_cards_before_the_error_and_say_so() {
    let mut h = sized_app(1280.0, 800.0);
    retype(&mut h, "Dead", "Kc 3s kc");
    settle(&mut h);
    assert_eq!(
        h.state().session().dead(),
        engine::CardSet::parse("Kc3s").unwrap()
    );
    message_whole(&h, "counting “Kc 3s”");
    h.get_by_label_contains("The dead cards text has an error: the figures are counting “Kc 3s”");
    retype(&mut h, "Dead", "Kc 3s");
    settle(&mut h);
    no_message(&h);
}

/// Item 3: Enter leaves a range box (or a rule box) and types no newline:
/// what is saved is what was typed.
#[test]
fn enter_leaves_a_box_without_a_newline() {
    let mut h = sized_app(1280.0, 800.0);
    type_over(&mut h, "Seat 1", "25%", true);
    h.key_press(Key::Enter);
    h.step();
    assert_eq!(h.state().session().seats()[0].text, "25%");
    assert_eq!(h.state().session().scenario().seats[0].range, "25%");
    assert!(!text_box(&h, "Seat 1").is_focused());
    retype(&mut h, "Board", "Kh9s4c");
    unfocus(&mut h);
    h.run_steps(2);
    type_over(&mut h, "Seat 2 on the flop:", "pair+", true);
    h.key_press(Key::Enter);
    h.step();
    assert_eq!(
        h.state().session().seats()[1].line.text(Street::Flop),
        "pair+"
    );
    assert!(!text_box(&h, "Seat 2 on the flop:").is_focused());
}

/// A price box in error counts its longest leading number and says so
/// whole, and by the break-even it gives; a number again counts whole.
#[test]
fn a_bad_price_counts_its_leading_number_and_says_so() {
    let mut h = sized_app(1400.0, 1300.0);
    crate::app::show_analysis(&mut h);
    click(&mut h, "Price");
    retype(&mut h, "call amount", "50x");
    h.run_steps(2);
    assert_eq!(h.state().prefs().price.call, 50.0);
    assert_eq!(h.state().prefs().price.required(), Some(0.25));
    message_whole(&h, "counting “50”");
    h.get_by_label_contains("break-even 25.0%");
    retype(&mut h, "call amount", "40");
    h.run_steps(2);
    no_message(&h);
    assert_eq!(h.state().prefs().price.call, 40.0);
    h.get_by_label_contains("break-even 21.1%");
}
