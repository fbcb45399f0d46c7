//! Honest states in the app: "exact" only once an exact count finished, one
//! exact budget whatever panel is open, seat errors at the seat, the last
//! spot's numbers kept (dimmed) while a flop is picked, and card errors in
//! a player's words beside their boxes.

use std::sync::mpsc;
use std::time::Duration;

use egui_kittest::kittest::Queryable;
use engine::equity;
use engine::worker::{EquityJob, Event, Job, Worker};
use rangestove::gui::RangestoveApp;

use crate::app::{app_harness, calc_json, click, retype, unfocus, wait};

/// A worker that sends each exact result first as an unfinished snapshot
/// (32% done) and holds the final one until `go` gets a message.
fn gated_worker() -> (Worker, mpsc::Sender<()>) {
    let (go, gate) = mpsc::channel::<()>();
    let worker = Worker::start(
        "rangestove-test-gated",
        move |equity_job: EquityJob, job: &Job<'_, Event>| {
            let Ok(result) = equity::calculate(&equity_job.request, &|| false, &mut |_| {}) else {
                return;
            };
            let mut partial = result.clone();
            partial.finished = false;
            partial.progress = 0.32;
            job.send(Event::Progress(partial));
            while !job.is_stale() {
                if gate.recv_timeout(Duration::from_millis(5)).is_ok() {
                    job.send(Event::Done(result));
                    return;
                }
            }
        },
        || {},
    )
    .unwrap();
    (worker, go)
}

#[test]
fn exact_shows_only_once_the_count_finished() {
    let (worker, go) = gated_worker();
    let mut h = app_harness(RangestoveApp::with_worker(Some(worker)));
    retype(&mut h, "Board", "Kh9s4c");
    unfocus(&mut h);
    wait(&mut h, &|app| app.feed().result().is_some());
    let result = h.state().feed().result().unwrap();
    assert!(result.method.is_exact() && !result.finished);
    // Partial: progress, never the word "exact" alone.
    assert!(h.query_by_label("exact").is_none());
    assert_eq!(h.get_all_by_label("exact in 32%").count(), 2);
    h.get_by_label("counting exactly… 32%");
    go.send(()).unwrap();
    wait(&mut h, &|app| {
        app.feed().result().is_some_and(|r| r.finished)
    });
    h.step();
    assert_eq!(h.get_all_by_label("exact").count(), 2);
    assert!(h.query_by_label("exact in 32%").is_none());
}

/// Three ranged seats on a flop fit the app's budget since the multiway
/// kernels: the bars say *exact*, with the command line's figures.
#[test]
fn three_ranges_on_a_flop_are_exact() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = app_harness(RangestoveApp::with_worker(Some(worker)));
    retype(&mut h, "Seat 1", "QQ+,AK");
    retype(&mut h, "Seat 2", "JJ-99,AQs,KQs");
    click(&mut h, "Add seat");
    retype(&mut h, "Seat 3", "22+,AJs+");
    retype(&mut h, "Board", "Kh9s4c");
    unfocus(&mut h);
    wait(&mut h, &|app| {
        app.feed().result().is_some_and(|r| r.finished)
    });
    h.step();
    let result = h.state().feed().result().unwrap().clone();
    assert!(result.method.is_exact(), "{:?}", result.strategy);
    assert_eq!(h.get_all_by_label("exact").count(), 3);
    let json = calc_json(&["--board", "Kh9s4c", "QQ+,AK", "JJ-99,AQs,KQs", "22+,AJs+"]);
    assert_eq!(json["method"], "exact");
    for (seat, player) in json["players"].as_array().unwrap().iter().enumerate() {
        let shown = h.state().feed().seat_equity(seat).unwrap();
        assert_eq!(
            player["equity"].as_f64().unwrap(),
            shown.equity,
            "seat {seat}"
        );
    }
}

#[test]
fn one_budget_whatever_panel_is_open() {
    let mut h = app_harness(RangestoveApp::default());
    let off = h.state().request();
    click(&mut h, "Heat map");
    let on = h.state().request();
    assert!(!off.breakdown && on.breakdown);
    assert_eq!(off.time_budget_ms, on.time_budget_ms);
    // The engine's rule (tests/equity.rs checks it on a spot where the
    // breakdown costs more): the method is the same either way here too.
    let a = equity::calculate(&off, &|| false, &mut |_| {}).unwrap();
    let b = equity::calculate(&on, &|| false, &mut |_| {}).unwrap();
    assert_eq!(a.method, b.method);
}

#[test]
fn an_empty_seat_is_named_at_the_seat_and_nothing_spins() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = app_harness(RangestoveApp::with_worker(Some(worker)));
    click(&mut h, "Heat map");
    wait(&mut h, &|app| {
        app.feed().result().is_some_and(|r| r.finished)
    });
    retype(&mut h, "Seat 2", "");
    unfocus(&mut h);
    wait(&mut h, &|app| app.feed().failure().is_some());
    h.step();
    h.get_by_label("Seat 2: no hand in the range: equity needs one");
    let feed = h.state().feed();
    let seats: Vec<usize> = feed.seat_failures().iter().map(|&(seat, _)| seat).collect();
    assert_eq!(seats, [1]);
    // Seat 1 keeps the last numbers (dimmed); nothing says "computing".
    assert!(feed.shown_seat_equity(0).is_some());
    assert!(!feed.pending());
    assert!(h.query_by_label("computing…").is_none());
    h.get_by_label("no figures for this spot");
}

#[test]
fn every_seat_without_a_hand_says_so_at_once() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = app_harness(RangestoveApp::with_worker(Some(worker)));
    retype(&mut h, "Seat 1", "KhQh");
    retype(&mut h, "Seat 2", "");
    retype(&mut h, "Board", "Kh9s4c");
    unfocus(&mut h);
    wait(&mut h, &|app| app.feed().failure().is_some());
    h.step();
    // Validation stops at Seat 1; both seats name their problem.
    h.get_by_label("Seat 1: no hand left once the board cards are removed");
    h.get_by_label("Seat 2: no hand in the range: equity needs one");
    h.get_by_label("no equity: see Seat 1 and Seat 2 (the numbers shown are the last spot's)");
    let seats: Vec<usize> = (h.state().feed().seat_failures().iter())
        .map(|&(seat, _)| seat)
        .collect();
    assert_eq!(seats, [0, 1]);
    // Fixing one leaves the other.
    retype(&mut h, "Seat 1", "AA");
    unfocus(&mut h);
    wait(&mut h, &|app| {
        app.feed().failure().is_some() && app.feed().seat_failures().len() == 1
    });
    h.step();
    assert!(h.query_by_label_contains("Seat 1: no hand").is_none());
    h.get_by_label("Seat 2: no hand in the range: equity needs one");
}

#[test]
fn a_flop_being_picked_keeps_the_last_numbers() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = app_harness(RangestoveApp::with_worker(Some(worker)));
    wait(&mut h, &|app| {
        app.feed().result().is_some_and(|r| r.finished)
    });
    let before = h.state().feed().shown_seat_equity(0).unwrap().equity;
    click(&mut h, "deck Ah");
    h.get_by_label("pick 2 more cards for the flop · the numbers shown are the last spot's");
    click(&mut h, "deck 7d");
    h.get_by_label("pick 1 more card for the flop · the numbers shown are the last spot's");
    let feed = h.state().feed();
    assert!(feed.failure().is_none() && feed.result().is_none());
    assert_eq!(feed.board_missing(), 1);
    let (_, stale) = feed.shown_result().unwrap();
    assert!(stale);
    assert_eq!(feed.shown_seat_equity(0).unwrap().equity, before);
    click(&mut h, "deck 2c");
    wait(&mut h, &|app| {
        app.feed().result().is_some_and(|r| r.finished)
    });
    assert_ne!(h.state().feed().seat_equity(0).unwrap().equity, before);
}

#[test]
fn a_card_typed_twice_is_named_beside_its_box() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Board", "AhAh");
    h.step();
    h.get_by_label_contains("Ah twice");
    assert_eq!(h.state().session().board_error(), Some("Ah twice"));
    retype(&mut h, "Board", "");
    retype(&mut h, "Dead", "Kc 3s kc");
    h.step();
    h.get_by_label_contains("Kc twice");
    assert_eq!(h.state().session().dead_error(), Some("Kc twice"));
}
