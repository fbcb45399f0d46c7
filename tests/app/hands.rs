//! Hero hands in the app: `Ad Qc` typed with a space is one hand, the
//! per-seat card picker sets an exact hand with two clicks (blocked cards
//! refused), and a seat holding one hand shows its two cards.

use egui_kittest::kittest::Queryable;
use engine::worker::Worker;
use engine::{Combo, Range};
use rangestove::gui::RangestoveApp;

use crate::app::{app_harness, calc_json, card, click, retype, unfocus, wait};

fn combo(text: &str) -> Combo {
    text.parse().unwrap()
}

#[test]
fn a_hand_typed_with_a_space_is_one_hand_with_the_cli_equity() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = app_harness(RangestoveApp::with_worker(Some(worker)));
    retype(&mut h, "Seat 1", "Ad Qc");
    retype(&mut h, "Seat 2", "KK,AKs,T9s");
    unfocus(&mut h);
    assert_eq!(
        h.state().session().seats()[0].exact_hand(),
        Some(combo("AdQc"))
    );
    assert_eq!(
        h.state().session().seats()[0].range,
        Range::parse("AdQc").unwrap()
    );
    // The seat shows the two cards instead of a thumbnail.
    h.get_by_label("seat hand AdQc");
    wait(&mut h, &|app| {
        app.feed().result().is_some_and(|r| r.finished)
    });
    let json = calc_json(&["AdQc", "KK,AKs,T9s"]);
    let cli = json["players"][0]["equity"].as_f64().unwrap();
    let shown = h.state().feed().seat_equity(0).unwrap().equity;
    assert!((cli - shown).abs() < 1e-12, "{cli} vs {shown}");
    // A comma keeps them two single-card tokens.
    retype(&mut h, "Seat 1", "Ad, Qc");
    assert_eq!(h.state().session().seats()[0].exact_hand(), None);
    assert_eq!(h.state().session().seats()[0].range.combo_count(), 101.0);
}

#[test]
fn the_picker_sets_a_seats_hand_with_two_clicks_and_refuses_blocked_cards() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Board", "Ah7d2c");
    unfocus(&mut h);
    // Seat 2's picker (each seat row has one).
    h.get_all_by_label("Pick hand").nth(1).unwrap().click();
    h.step();
    h.step();
    // Ah is on the board: clicking it picks nothing.
    click(&mut h, "hand Ah");
    click(&mut h, "hand Kc");
    click(&mut h, "hand Qc");
    assert_eq!(
        h.state().session().seats()[1].exact_hand(),
        Some(combo("KcQc"))
    );
    h.get_by_label("seat hand KcQc");
    // The picker closed; one undo step brings the old range back.
    assert!(h.query_by_label("hand Kc").is_none());
    assert!(h.state_mut().session_mut().undo());
    assert_eq!(h.state().session().seats()[1].text, "random");
    // Seat 1's exact hand blocks its cards in seat 2's picker.
    retype(&mut h, "Seat 1", "Kd Kh");
    unfocus(&mut h);
    h.get_all_by_label("Pick hand").nth(1).unwrap().click();
    h.step();
    click(&mut h, "hand Kd");
    click(&mut h, "hand 9s");
    click(&mut h, "hand 9s");
    // 9s clicked twice is unpicked again; then 8s and 9s.
    click(&mut h, "hand 8s");
    click(&mut h, "hand 9s");
    assert_eq!(
        h.state().session().seats()[1].exact_hand(),
        Some(combo("9s8s"))
    );
    assert!(!h.state().session().board().contains(&card("Kd")));
}
