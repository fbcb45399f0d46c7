//! The selected seat's range on the street shown: Flopzilla-style
//! made-hand and draw rows of the range it enters the street with; a
//! selected row highlights its combos on the grid and adds itself to the
//! seat's continue rule on the street ("Continue with" or "Drop"), so a
//! new board card re-applies the rule.

use engine::analysis::{BoardBreakdown, Row};
use engine::line::Street;
use engine::study::ClassKey;
use engine::{Card, CardSet, Combo, Range};

use crate::gui::state::feed::Feed;
use crate::gui::state::session::Session;

/// A board-breakdown row, by what it counts: the class table's key (a
/// made hand or a draw), under the name the app has always exported.
pub use engine::study::ClassKey as RowKey;

/// The board breakdown kept between frames: the selected row and the
/// breakdown of the last spot.
#[derive(Default)]
pub struct BreakdownState {
    /// The selected board-breakdown row (a made hand or a draw).
    row: Option<ClassKey>,
    /// The board breakdown and what it was computed for (seat's range,
    /// board, blocked cards).
    cached: Option<(Range, Vec<Card>, CardSet, BoardBreakdown)>,
}

impl BreakdownState {
    /// The selected board-breakdown row.
    pub fn row(&self) -> Option<&ClassKey> {
        self.row.as_ref()
    }

    /// The selected seat's range as it enters the street shown, on that
    /// street's board (cached while nothing changes), if the street is a
    /// flop or later.
    fn board_breakdown(&mut self, session: &Session, feed: &Feed) -> Option<&BoardBreakdown> {
        let board = session.view_board();
        if board.len() < 3 {
            return None;
        }
        let selected = session.selected();
        let range = feed
            .seat_line(selected)
            .map_or(&session.selected_seat().range, |(entering, ..)| entering);
        // Cards the seat cannot hold other than the board's: dead cards and
        // other seats' exact hands.
        let blocked = CardSet::from_bits(
            session.dead().bits() | session.exact_hands_except(Some(selected)).bits(),
        );
        let fresh =
            matches!(&self.cached, Some((r, b, k, _)) if r == range && b == board && *k == blocked);
        if !fresh {
            let breakdown = BoardBreakdown::new(range, board, blocked).ok()?;
            self.cached = Some((range.clone(), board.to_vec(), blocked, breakdown));
        }
        self.cached.as_ref().map(|(.., b)| b)
    }

    /// The selected seat's combos in the board-breakdown row `key`.
    fn row_combos(&mut self, session: &Session, feed: &Feed, key: ClassKey) -> Option<Vec<Combo>> {
        let b = self.board_breakdown(session, feed)?;
        match key {
            ClassKey::Made(m) => b
                .made
                .iter()
                .find(|r| r.what == m)
                .map(|r| r.combos.clone()),
            ClassKey::Draw(d) => b
                .draws
                .iter()
                .find(|r| r.what == d)
                .map(|r| r.combos.clone()),
            ClassKey::Class(_) | ClassKey::Group { .. } => None,
        }
    }

    /// Per class index, the share of its combos in the selected
    /// board-breakdown row.
    pub fn row_highlight(&mut self, session: &Session, feed: &Feed) -> Option<Vec<f32>> {
        let key = self.row.clone()?;
        let combos = self.row_combos(session, feed, key)?;
        let mut share = vec![0.0f32; engine::combo::CLASSES];
        for c in combos {
            share[c.class().index()] += 1.0 / c.class().combo_count() as f32;
        }
        Some(share)
    }
}

/// Made-hand and draw rows of the selected seat's range on the street
/// shown.
pub fn board_breakdown_ui(
    ui: &mut egui::Ui,
    state: &mut BreakdownState,
    session: &mut Session,
    feed: &Feed,
) {
    let Some(street) = session.view().street() else {
        if session.board().len() < 3 {
            ui.weak("Deal a flop to see how the range hits the board.");
        } else {
            ui.weak("Choose a street above the seats to see how the range hits its board.");
        }
        return;
    };
    let Some(rows) = state.board_breakdown(session, feed).map(Shown::of) else {
        return;
    };
    ui.label(format!("{:.1} combos live on the {street}", rows.live));
    row_actions_ui(ui, state, session, street);
    let clicked = rows_ui(ui, &rows, state.row.as_ref());
    if let Some(key) = clicked {
        state.row = if state.row.as_ref() == Some(&key) {
            None
        } else {
            Some(key)
        };
    }
}

/// The rows shown: the combos live, then (key, weighted combos) of the
/// made hands and of the draws the range has.
struct Shown {
    live: f64,
    made: Vec<(ClassKey, f64)>,
    draws: Vec<(ClassKey, f64)>,
}

impl Shown {
    /// The rows of `b` with combos.
    fn of(b: &BoardBreakdown) -> Shown {
        fn shown<T: Copy>(rows: &[Row<T>], key: fn(T) -> ClassKey) -> Vec<(ClassKey, f64)> {
            rows.iter()
                .filter(|r| r.weight > 0.0)
                .map(|r| (key(r.what), r.weight))
                .collect()
        }
        Shown {
            live: b.total,
            made: shown(&b.made, ClassKey::Made),
            draws: shown(&b.draws, ClassKey::Draw),
        }
    }
}

/// The selected row's actions: one line always, its buttons greyed until
/// a row is picked, so the rows under it never move when one is clicked.
fn row_actions_ui(
    ui: &mut egui::Ui,
    state: &mut BreakdownState,
    session: &mut Session,
    street: Street,
) {
    ui.horizontal(|ui| {
        let picked = state.row.is_some();
        let term = state.row.as_ref().and_then(ClassKey::term).unwrap_or("");
        let selected = session.selected();
        if ui
            .add_enabled(picked, egui::Button::new("Continue with"))
            .on_hover_text(format!(
                "Add \"{term}\" to this seat's {street} rule: these hands continue, on any {street}"
            ))
            .clicked()
        {
            session.add_rule_term(selected, street, term);
            state.row = None;
        }
        if ui
            .add_enabled(picked, egui::Button::new("Drop"))
            .on_hover_text(format!(
                "Add \"-{term}\" to this seat's {street} rule: these hands fold, on any {street}"
            ))
            .clicked()
        {
            session.add_rule_term(selected, street, &format!("-{term}"));
            state.row = None;
        }
        if ui
            .add_enabled(picked, egui::Button::new("Unselect"))
            .on_hover_text("Stop highlighting these combos")
            .clicked()
        {
            state.row = None;
        }
        let text = match &state.row {
            Some(key) => egui::RichText::new(key.to_string()),
            None => egui::RichText::new("click a row to pick its hands").weak(),
        };
        // Whole on its line (a narrow tile scrolls sideways).
        ui.add(egui::Label::new(text).extend());
    });
}

/// The made-hand rows, then the draws under their title; returns the row
/// clicked, if any.
fn rows_ui(ui: &mut egui::Ui, rows: &Shown, selected: Option<&ClassKey>) -> Option<ClassKey> {
    let total = rows.live.max(f64::MIN_POSITIVE);
    let mut clicked = None;
    let mut grid = |ui: &mut egui::Ui, id: &str, rows: &[(ClassKey, f64)]| {
        egui::Grid::new(id).num_columns(1).show(ui, |ui| {
            for (key, weight) in rows {
                if row_ui(ui, key, (*weight, total), selected == Some(key)) {
                    clicked = Some(key.clone());
                }
                ui.end_row();
            }
        });
    };
    grid(ui, "board breakdown", &rows.made);
    if !rows.draws.is_empty() {
        ui.label("Draws");
        grid(ui, "draw breakdown", &rows.draws);
    }
    clicked
}

/// One row: its label, its weighted combos and their share of the `total`
/// live; returns whether it was clicked.
fn row_ui(ui: &mut egui::Ui, key: &ClassKey, (weight, total): (f64, f64), selected: bool) -> bool {
    let text = format!("{key:<26} {weight:>7.1} {:>6.1}%", 100.0 * weight / total);
    ui.selectable_label(selected, egui::RichText::new(text).monospace())
        .on_hover_text("Click to highlight these combos on the grid")
        .clicked()
}
