//! Undo and redo restore exactly what was there (issue 43, item 9): a
//! property test driving random edit sequences through the Session's
//! methods, and the delete-then-undo of the issue in the window.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use engine::line::Street;
use engine::{Card, Combo, Range};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rangestove::gui::{EditKey, RangestoveApp, SeatMode, Session, Snapshot};

use super::harness::*;

/// Range texts, good and bad (a bad one keeps the last good range).
const RANGES: [&str; 8] = [
    "QQ+,AKs",
    "AKs, QQ+, J7x",
    "QQ+,AKz",
    "random",
    "15%",
    "",
    "22+,A2s+",
    "[50]AJs[/50],KK",
];
/// Rule texts, good and bad.
const RULES: [&str; 5] = [
    "top-pair+,flush-draw,oesd",
    "pair+, draws",
    "pair+,flush-draw,oesd,-overpair",
    "",
    "random,-air",
];
/// Board texts, good and bad.
const BOARDS: [&str; 6] = ["", "Kh9s4c", "Kh9s4c2d", "AhAh", "Xx", "Kh9s"];
/// Dead-card texts, good and bad.
const DEAD: [&str; 3] = ["", "2h3h", "2h2h"];
/// Group ranges.
const GROUPS: [&str; 4] = ["AA,KK", "AKs", "QQ-99", ""];

/// The state compared after every step: everything undo restores and the
/// seat selected.
type Seen = (Snapshot, usize);

fn seen(session: &Session) -> Seen {
    (session.snapshot(), session.selected())
}

/// What the history should hold, step by step: the same rule the app
/// states (consecutive edits of one kind other than `Discrete` merge; an
/// edit that changes nothing is no step; an edit clears redo).
struct Model {
    undo: Vec<Seen>,
    redo: Vec<Seen>,
    committed: Seen,
    last: Option<EditKey>,
}

impl Model {
    fn edited(&mut self, session: &Session, key: EditKey) {
        let now = seen(session);
        if now.0 == self.committed.0 {
            return;
        }
        if key == EditKey::Discrete || self.last != Some(key) {
            let before = std::mem::replace(&mut self.committed, now);
            self.undo.push(before);
        } else {
            self.committed = now;
        }
        self.redo.clear();
        self.last = Some(key);
    }
}

/// One random edit through the Session's methods; returns its kind.
fn random_edit(rng: &mut ChaCha8Rng, session: &mut Session, stroke: &mut u64) -> EditKey {
    let seats = session.seats().len();
    let seat = rng.random_range(0..seats);
    let pick = |rng: &mut ChaCha8Rng, list: &[&'static str]| list[rng.random_range(0..list.len())];
    match rng.random_range(0..12) {
        0 | 1 => {
            let text = pick(rng, &RANGES);
            session.set_seat_text(seat, text, EditKey::SeatText(seat));
            EditKey::SeatText(seat)
        }
        2 | 3 => {
            // A paint stroke: often the same stroke again (it merges).
            if rng.random_bool(0.6) {
                *stroke += 1;
            }
            let key = EditKey::Stroke(*stroke);
            let combo = Combo::all().nth(rng.random_range(0..1326)).unwrap();
            let weight = [0, 5_000, 10_000][rng.random_range(0..3)];
            session.edit_range(seat, |range| {
                (range.weight_bp(combo) != weight).then(|| {
                    range.set_weight_bp(combo, weight);
                    key
                })
            });
            key
        }
        4 => {
            let street = Street::ALL[rng.random_range(0..3)];
            let text = pick(rng, &RULES);
            session.set_rule_text(seat, street, text, EditKey::RuleText(seat));
            EditKey::RuleText(seat)
        }
        5 => {
            let g = rng.random_range(0..3);
            let range = Range::parse(pick(rng, &GROUPS)).unwrap();
            session.edit_seat(seat, EditKey::Discrete, |s| {
                s.groups.set_range(g, &range, &s.range)
            });
            EditKey::Discrete
        }
        6 => {
            if rng.random_bool(0.5) {
                session.add_seat();
            } else {
                session.remove_seat(seat);
            }
            EditKey::Discrete
        }
        7 => {
            session.swap_seats(seat, rng.random_range(0..seats));
            EditKey::Discrete
        }
        8 => {
            session.set_board_text(pick(rng, &BOARDS));
            EditKey::BoardText
        }
        9 => {
            let card = Card::all().nth(rng.random_range(0..52)).unwrap();
            session.toggle_board_card(card);
            EditKey::Discrete
        }
        10 => {
            session.set_dead_text(pick(rng, &DEAD));
            EditKey::DeadText
        }
        _ => {
            let mode = SeatMode::ALL[rng.random_range(0..3)];
            session.set_seat_mode(seat, mode);
            EditKey::Discrete
        }
    }
}

/// Undo, checked against the model.
fn undo(session: &mut Session, model: &mut Model, what: &str) {
    let now = seen(session);
    match model.undo.pop() {
        Some(before) => {
            assert!(session.undo(), "{what}: undo refused");
            model.redo.push(now);
            assert!(seen(session) == before, "{what}: undo did not restore");
            model.committed = before;
            model.last = None;
        }
        None => {
            assert!(!session.undo(), "{what}: undo with nothing to undo");
            assert!(seen(session) == now, "{what}: a refused undo changed");
        }
    }
}

/// Redo, checked against the model.
fn redo(session: &mut Session, model: &mut Model, what: &str) {
    let now = seen(session);
    match model.redo.pop() {
        Some(after) => {
            assert!(session.redo(), "{what}: redo refused");
            model.undo.push(now);
            assert!(seen(session) == after, "{what}: redo did not restore");
            model.committed = after;
            model.last = None;
        }
        None => {
            assert!(!session.redo(), "{what}: redo with nothing to redo");
            assert!(seen(session) == now, "{what}: a refused redo changed");
        }
    }
}

#[test]
fn undo_and_redo_restore_exactly_what_was_there_over_random_edits() {
    let mut rng = ChaCha8Rng::seed_from_u64(43);
    let mut stroke = 0;
    for sequence in 0..1_000 {
        let mut session = Session::default();
        // Start from a seat whose text has an error: its range is the
        // last good one, which its text alone cannot give back.
        session.set_seat_text(0, "AKs, QQ+, J7x", EditKey::Discrete);
        let mut model = Model {
            undo: vec![seen(&Session::default())],
            redo: Vec::new(),
            committed: seen(&session),
            last: Some(EditKey::Discrete),
        };
        for step in 0..rng.random_range(5..40) {
            let what = format!("sequence {sequence}, step {step}");
            match rng.random_range(0..10) {
                0 | 1 => undo(&mut session, &mut model, &what),
                2 => redo(&mut session, &mut model, &what),
                3 => {
                    session.select(rng.random_range(0..session.seats().len()));
                }
                _ => {
                    let key = random_edit(&mut rng, &mut session, &mut stroke);
                    model.edited(&session, key);
                }
            }
            assert!(
                seen(&session).0 == model.committed.0,
                "{what}: the history's present is not the session"
            );
        }
        // Undo all the way, then redo all the way: the states come back.
        // The furthest state: the first one undone, if any was.
        let end = model
            .redo
            .first()
            .cloned()
            .unwrap_or_else(|| seen(&session));
        while !model.undo.is_empty() {
            undo(
                &mut session,
                &mut model,
                &format!("sequence {sequence}, unwinding"),
            );
        }
        assert!(!session.can_undo());
        while !model.redo.is_empty() {
            redo(
                &mut session,
                &mut model,
                &format!("sequence {sequence}, rewinding"),
            );
        }
        assert!(
            seen(&session).0 == end.0,
            "sequence {sequence}: redo to the end"
        );
    }
}

#[test]
fn undoing_a_seat_delete_brings_back_every_seat_as_it_was() {
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Seat 1", "AKs, QQ+, J7x");
    let seat = &h.state().session().seats()[0];
    assert!(seat.error.is_some());
    let counted = seat.range.clone();
    assert!(!counted.is_empty());
    unfocus(&mut h);
    click(&mut h, "Add seat");
    let before = h.state().session().snapshot();
    click(&mut h, "Remove Seat 2");
    assert_eq!(h.state().session().seats().len(), 2);
    // The notice says what went, with its undo in place.
    h.get_by_label("Removed Seat 2 (random)");
    click(&mut h, "Undo removing Seat 2");
    let session = h.state().session();
    assert!(
        session.snapshot() == before,
        "the seats came back as they were"
    );
    assert_eq!(session.seats()[0].text, "AKs, QQ+, J7x");
    assert_eq!(session.seats()[0].range, counted);
    assert_eq!(session.seats()[1].name, "Seat 2");
    // Ctrl+Z after another remove does the same; Ctrl+Y removes it again.
    click(&mut h, "Remove Seat 2");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.step();
    assert!(h.state().session().snapshot() == before);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.step();
    assert_eq!(h.state().session().seats().len(), 2);
    assert_eq!(h.state().session().seats()[0].range, counted);
}
