//! The analysis panel: every active seat's equity distribution, the
//! selected seat's range on the board (Flopzilla-style rows that highlight
//! and filter the grid), and the hero's hand strength and potential
//! ([`super::hero`]). The heat map itself is drawn by the grid
//! (`grid::Overlay`).

use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2};
use engine::analysis::{BoardBreakdown, Draw, MadeHand, Row};
use engine::{Card, CardSet, Combo, Range};

use super::feed::Feed;
use super::hero::{HeroFigures, HeroState, hero_ui};
use super::history::EditKey;
use super::session::Session;

/// Colours of the seats' lines in the distribution graph.
pub const SEAT_COLORS: [Color32; 10] = [
    Color32::from_rgb(230, 140, 50),
    Color32::from_rgb(80, 170, 240),
    Color32::from_rgb(120, 200, 90),
    Color32::from_rgb(220, 90, 160),
    Color32::from_rgb(240, 220, 80),
    Color32::from_rgb(160, 120, 240),
    Color32::from_rgb(90, 210, 200),
    Color32::from_rgb(240, 100, 90),
    Color32::from_rgb(180, 180, 180),
    Color32::from_rgb(150, 110, 70),
];

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
}

/// The analysis state kept between frames.
#[derive(Default)]
pub struct AnalysisState {
    /// The selected board-breakdown row.
    row: Option<RowKey>,
    /// The board breakdown and what it was computed for (seat's range,
    /// board, blocked cards).
    cached: Option<(Range, Vec<Card>, CardSet, BoardBreakdown)>,
    /// The hero analysis.
    hero: HeroState,
}

impl AnalysisState {
    /// The selected board-breakdown row.
    pub fn row(&self) -> Option<RowKey> {
        self.row
    }

    /// The hero figures of the selected seat, once computed.
    pub fn hero_figures(&self) -> Option<&HeroFigures> {
        self.hero.figures()
    }

    /// The selected seat's range on the board (cached while nothing
    /// changes), if there is a flop.
    fn board_breakdown(&mut self, session: &Session) -> Option<&BoardBreakdown> {
        let board = session.board();
        if board.len() < 3 {
            return None;
        }
        let range = &session.selected_seat().range;
        // Cards the seat cannot hold other than the board's: dead cards and
        // other seats' exact hands.
        let on_board = board.iter().fold(0u64, |m, c| m | c.bit());
        let blocked =
            CardSet::from_bits(session.blocked_for(session.selected()).bits() & !on_board);
        let fresh =
            matches!(&self.cached, Some((r, b, k, _)) if r == range && b == board && *k == blocked);
        if !fresh {
            let breakdown = BoardBreakdown::new(range, board, blocked).ok()?;
            self.cached = Some((range.clone(), board.to_vec(), blocked, breakdown));
        }
        self.cached.as_ref().map(|(.., b)| b)
    }

    /// The selected seat's combos in the board-breakdown row `key`.
    fn row_combos(&mut self, session: &Session, key: RowKey) -> Option<Vec<Combo>> {
        let b = self.board_breakdown(session)?;
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
    pub fn row_highlight(&mut self, session: &Session) -> Option<Vec<f32>> {
        let key = self.row?;
        let combos = self.row_combos(session, key)?;
        let mut share = vec![0.0f32; engine::combo::CLASSES];
        for c in combos {
            share[c.class().index()] += 1.0 / c.class().combo_count() as f32;
        }
        Some(share)
    }

    /// Keeps only (`keep`) or removes the selected seat's combos of the
    /// board-breakdown row `key` (one undo step), and unselects the row.
    fn filter_by_row(&mut self, session: &mut Session, key: RowKey, keep: bool) {
        let Some(combos) = self.row_combos(session, key) else {
            return;
        };
        let chosen: std::collections::HashSet<Combo> = combos.into_iter().collect();
        session.edit_range(session.selected(), |range| {
            for combo in Combo::all() {
                if chosen.contains(&combo) != keep {
                    range.set_weight_bp(combo, 0);
                }
            }
            Some(EditKey::Discrete)
        });
        self.row = None;
    }
}

/// The panel: the distribution graph, then the selected seat on the board
/// and its hand (an exact hand's strength first).
pub fn analysis_ui(
    ui: &mut egui::Ui,
    state: &mut AnalysisState,
    session: &mut Session,
    feed: &Feed,
) {
    state.hero.update(session, ui.ctx());
    ui.heading("Equity distribution");
    distribution_ui(ui, session, feed);
    ui.separator();
    let name = session.selected_seat().name.clone();
    // An exact hand's strength first (its board rows are one combo).
    let exact = session.selected_seat().exact_hand().is_some();
    if exact {
        ui.heading(format!("{name}'s hand"));
        hero_ui(ui, &state.hero, session);
        ui.separator();
    }
    ui.heading(format!("{name} on the board"));
    board_breakdown_ui(ui, state, session);
    if !exact {
        ui.separator();
        ui.heading(format!("{name}'s hand"));
        hero_ui(ui, &state.hero, session);
    }
}

/// Every active seat's combos sorted by equity: x the share of its
/// range (deal-weighted), y the equity.
fn distribution_ui(ui: &mut egui::Ui, session: &Session, feed: &Feed) {
    let width = ui.available_width().min(420.0);
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, 170.0), Sense::hover());
    let painter = ui.painter_at(rect.expand(2.0));
    let visuals = ui.visuals();
    let axis = visuals.weak_text_color();
    let plot = Rect::from_min_max(
        rect.min + Vec2::new(30.0, 4.0),
        rect.max - Vec2::new(18.0, 16.0),
    );
    painter.rect_filled(plot, 0.0, visuals.extreme_bg_color);
    let small = egui::FontId::proportional(10.0);
    for i in 0..=4 {
        let f = i as f32 / 4.0;
        let y = plot.max.y - f * plot.height();
        let x = plot.min.x + f * plot.width();
        painter.line_segment(
            [Pos2::new(plot.min.x, y), Pos2::new(plot.max.x, y)],
            Stroke::new(0.5, axis.gamma_multiply(0.4)),
        );
        painter.text(
            Pos2::new(plot.min.x - 3.0, y),
            egui::Align2::RIGHT_CENTER,
            format!("{}", i * 25),
            small.clone(),
            axis,
        );
        painter.text(
            Pos2::new(x, plot.max.y + 2.0),
            egui::Align2::CENTER_TOP,
            format!("{}%", i * 25),
            small.clone(),
            axis,
        );
    }
    let mut any = false;
    let mut legend = Vec::new();
    for (i, seat) in session.seats().iter().enumerate() {
        let Some(b) = feed.seat_breakdown(i) else {
            continue;
        };
        any = true;
        let color = SEAT_COLORS[i % SEAT_COLORS.len()];
        let mut points = Vec::new();
        let mut x = 0.0;
        for (share, equity) in b.distribution() {
            let y = plot.max.y - equity as f32 * plot.height();
            points.push(Pos2::new(plot.min.x + x as f32 * plot.width(), y));
            x += share;
            points.push(Pos2::new(plot.min.x + x as f32 * plot.width(), y));
        }
        painter.add(egui::Shape::line(points, Stroke::new(2.0, color)));
        let equity = feed.seat_equity(i).map_or(0.0, |s| s.equity);
        legend.push((color, format!("{} {:.1}%", seat.name, 100.0 * equity)));
    }
    if !any {
        painter.text(
            plot.center(),
            egui::Align2::CENTER_CENTER,
            if feed.pending() {
                "computing…"
            } else {
                "no result"
            },
            egui::FontId::proportional(12.0),
            axis,
        );
    }
    response.on_hover_text(
        "Each seat's combos sorted by their equity against the other seats, strongest \
         first: x is the share of the seat's range (weighted as hands are dealt), y the \
         equity. A flat line is a range of equal hands; a steep one is polarised.",
    );
    ui.horizontal_wrapped(|ui| {
        for (color, text) in legend {
            ui.colored_label(color, format!("■ {text}"));
        }
    });
}

/// Made-hand and draw rows of the selected seat's range on the board.
fn board_breakdown_ui(ui: &mut egui::Ui, state: &mut AnalysisState, session: &mut Session) {
    if session.board().len() < 3 {
        ui.weak("Deal a flop to see how the range hits the board.");
        return;
    }
    // The rows shown: (key, weighted combos), made hands then draws.
    fn shown<T: Copy>(rows: &[Row<T>], key: fn(T) -> RowKey) -> Vec<(RowKey, f64)> {
        rows.iter()
            .filter(|r| r.weight > 0.0)
            .map(|r| (key(r.what), r.weight))
            .collect()
    }
    let Some((live, made, draws)) = state.board_breakdown(session).map(|b| {
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
    ui.label(format!("{live:.1} combos live"));
    if let Some(key) = state.row {
        ui.horizontal(|ui| {
            ui.label(key.name());
            if ui
                .button("Keep only")
                .on_hover_text("Remove every other combo from the range")
                .clicked()
            {
                state.filter_by_row(session, key, true);
            }
            if ui
                .button("Remove")
                .on_hover_text("Remove these combos from the range")
                .clicked()
            {
                state.filter_by_row(session, key, false);
            }
            if ui
                .button("Unselect")
                .on_hover_text("Stop highlighting these combos")
                .clicked()
            {
                state.row = None;
            }
        });
    }
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
