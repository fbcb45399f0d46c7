//! The selected seat's range on the street shown: Flopzilla-style
//! made-hand and draw rows of the range it enters the street with; a
//! selected row highlights its combos on the grid and adds itself to the
//! seat's continue rule on the street ("Continue with" or "Drop"), so a
//! new board card re-applies the rule.

use engine::analysis::{BoardBreakdown, Draw, MadeHand, Row};
use engine::line::Category;
use engine::{Card, CardSet, Combo, Range};

use crate::gui::state::feed::Feed;
use crate::gui::state::session::Session;

/// A board-breakdown row, by what it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKey {
    /// A made-hand row.
    Made(MadeHand),
    /// A draw row.
    Draw(Draw),
}

impl RowKey {
    /// The row's label.
    pub fn name(self) -> &'static str {
        match self {
            RowKey::Made(m) => m.name(),
            RowKey::Draw(d) => d.name(),
        }
    }

    /// The continue-rule term naming the row (`two-pair`, `flush-draw`).
    pub fn term(self) -> &'static str {
        match self {
            RowKey::Made(m) => Category::Made(m).name(),
            RowKey::Draw(d) => Category::Draw(d).name(),
        }
    }
}

/// The board breakdown kept between frames: the selected row and the
/// breakdown of the last spot.
#[derive(Default)]
pub struct BreakdownState {
    /// The selected board-breakdown row.
    row: Option<RowKey>,
    /// The board breakdown and what it was computed for (seat's range,
    /// board, blocked cards).
    cached: Option<(Range, Vec<Card>, CardSet, BoardBreakdown)>,
}

impl BreakdownState {
    /// The selected board-breakdown row.
    pub fn row(&self) -> Option<RowKey> {
        self.row
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
    fn row_combos(&mut self, session: &Session, feed: &Feed, key: RowKey) -> Option<Vec<Combo>> {
        let b = self.board_breakdown(session, feed)?;
        match key {
            RowKey::Made(m) => b
                .made
                .iter()
                .find(|r| r.what == m)
                .map(|r| r.combos.clone()),
            RowKey::Draw(d) => b
                .draws
                .iter()
                .find(|r| r.what == d)
                .map(|r| r.combos.clone()),
        }
    }

    /// Per class index, the share of its combos in the selected
    /// board-breakdown row.
    pub fn row_highlight(&mut self, session: &Session, feed: &Feed) -> Option<Vec<f32>> {
        let key = self.row?;
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
    // The rows shown: (key, weighted combos), made hands then draws.
    fn shown<T: Copy>(rows: &[Row<T>], key: fn(T) -> RowKey) -> Vec<(RowKey, f64)> {
        rows.iter()
            .filter(|r| r.weight > 0.0)
            .map(|r| (key(r.what), r.weight))
            .collect()
    }
    let Some((live, made, draws)) = state.board_breakdown(session, feed).map(|b| {
        (
            b.total,
            shown(&b.made, RowKey::Made),
            shown(&b.draws, RowKey::Draw),
        )
    }) else {
        return;
    };
    let total = live.max(f64::MIN_POSITIVE);
    let mut clicked = None;
    let mut row_ui = |ui: &mut egui::Ui, key: RowKey, weight: f64, selected: bool| {
        let text = format!(
            "{:<26} {:>7.1} {:>6.1}%",
            key.name(),
            weight,
            100.0 * weight / total
        );
        let response = ui
            .selectable_label(selected, egui::RichText::new(text).monospace())
            .on_hover_text("Click to highlight these combos on the grid");
        if response.clicked() {
            clicked = Some(key);
        }
    };
    ui.label(format!("{live:.1} combos live on the {street}"));
    // The row's actions: one line always, its buttons greyed until a row
    // is picked, so the rows under it never move when one is clicked.
    ui.horizontal(|ui| {
        let key = state.row;
        let term = key.map_or("", RowKey::term);
        let selected = session.selected();
        if ui
            .add_enabled(key.is_some(), egui::Button::new("Continue with"))
            .on_hover_text(format!(
                "Add \"{term}\" to this seat's {street} rule: these hands continue, on any {street}"
            ))
            .clicked()
        {
            session.add_rule_term(selected, street, term);
            state.row = None;
        }
        if ui
            .add_enabled(key.is_some(), egui::Button::new("Drop"))
            .on_hover_text(format!(
                "Add \"-{term}\" to this seat's {street} rule: these hands fold, on any {street}"
            ))
            .clicked()
        {
            session.add_rule_term(selected, street, &format!("-{term}"));
            state.row = None;
        }
        if ui
            .add_enabled(key.is_some(), egui::Button::new("Unselect"))
            .on_hover_text("Stop highlighting these combos")
            .clicked()
        {
            state.row = None;
        }
        let text = match key {
            Some(key) => egui::RichText::new(key.name()),
            None => egui::RichText::new("click a row to pick its hands").weak(),
        };
        ui.add(egui::Label::new(text).truncate());
    });
    egui::Grid::new("board breakdown")
        .num_columns(1)
        .show(ui, |ui| {
            for &(key, weight) in &made {
                row_ui(ui, key, weight, state.row == Some(key));
                ui.end_row();
            }
        });
    if !draws.is_empty() {
        ui.label("Draws");
        egui::Grid::new("draw breakdown")
            .num_columns(1)
            .show(ui, |ui| {
                for &(key, weight) in &draws {
                    row_ui(ui, key, weight, state.row == Some(key));
                    ui.end_row();
                }
            });
    }
    if let Some(key) = clicked {
        state.row = if state.row == Some(key) {
            None
        } else {
            Some(key)
        };
    }
}
