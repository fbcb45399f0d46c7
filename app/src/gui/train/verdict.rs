//! An answer scored: the exact figure, the error in its colour and the
//! picture of why; and the round's summary once every question is
//! answered.

use egui::{Color32, RichText};
use engine::train::{Answer, Drill, Question};

use super::answer::{Scored, Verdict};
use super::picture::{EXTRA, MISSED, figure_bar_ui, kept_highlight, overlap_marks, still_grid_ui};
use super::state::TrainState;
use super::stats::WITHIN;
use crate::gui::editor::grid::Overlay;

/// The side of the pictures' grids, `per_row` side by side in the width
/// the tile gives: labels readable (cells 20 to 40 points).
fn grid_side(ui: &egui::Ui, per_row: f32) -> f32 {
    let gaps = 16.0 * (per_row - 1.0);
    ((ui.available_width() - gaps) / per_row).clamp(13.0 * 20.0, 13.0 * 40.0)
}
/// Within two points.
const GOOD: Color32 = Color32::from_rgb(60, 170, 90);
/// Within ten.
const NEAR: Color32 = Color32::from_rgb(215, 150, 40);
/// Further.
const FAR: Color32 = Color32::from_rgb(220, 80, 70);

/// The colour of an error in points.
fn error_color(points: f64) -> Color32 {
    if points <= WITHIN {
        GOOD
    } else if points <= 10.0 {
        NEAR
    } else {
        FAR
    }
}

/// The score: the exact figure, the error, the picture; then Next.
pub(super) fn verdict_ui(
    ui: &mut egui::Ui,
    state: &mut TrainState,
    question: &Question,
    scored: &Scored,
    total: usize,
) {
    let color = error_color(scored.points);
    match &scored.verdict {
        Verdict::Figure { exact, guess } => {
            ui.label(
                RichText::new(format!("Exact: {:.2}%", 100.0 * exact))
                    .size(22.0)
                    .strong(),
            );
            ui.colored_label(
                color,
                format!(
                    "You said {:.1}%: {:.2} points off",
                    100.0 * guess,
                    scored.points
                ),
            );
            figure_bar_ui(ui, *exact, *guess);
            // One range (hits, lines): the grid, with the combos the answer
            // counts on the flop highlighted.
            if let [text] = question.ranges.as_slice()
                && let Ok(range) = engine::Range::parse(text)
            {
                let lines = state.round().is_some_and(|r| r.drill == Drill::Lines);
                let counted = if lines { "What continues" } else { "What hits" };
                let (overlay, caption) = match state.kept() {
                    Some(kept) => (
                        kept_highlight(kept),
                        format!("{counted}: {:.1} combos", kept.combo_count()),
                    ),
                    None => (Overlay::default(), "The range".to_owned()),
                };
                ui.weak(caption);
                still_grid_ui(ui, &range, grid_side(ui, 2.0), &overlay);
            }
        }
        Verdict::Range { overlap, painted } => {
            let Answer::Range { name, range } = &question.answer else {
                return;
            };
            ui.label(
                RichText::new(format!("Overlap: {:.1}%", 100.0 * overlap.score))
                    .size(22.0)
                    .strong(),
            );
            ui.colored_label(
                color,
                format!(
                    "{:.1} combos in common; {:.1} missed, {:.1} extra ({:.1} points off)",
                    overlap.common,
                    overlap.misses.combo_count(),
                    overlap.extras.combo_count(),
                    scored.points
                ),
            );
            let side = grid_side(ui, 2.0);
            ui.horizontal_top(|ui| {
                ui.spacing_mut().item_spacing.x = 16.0;
                ui.vertical(|ui| {
                    ui.horizontal(|ui| {
                        ui.weak("Yours:");
                        ui.colored_label(MISSED, "missed");
                        ui.colored_label(EXTRA, "extra");
                    });
                    still_grid_ui(ui, painted, side, &overlap_marks(overlap));
                });
                ui.vertical(|ui| {
                    ui.weak(name.as_str());
                    still_grid_ui(ui, range, side, &Overlay::default());
                });
            });
            ui.add(egui::Label::new(format!("{name}: {}", range.canonical())).wrap());
        }
    }
    ui.add_space(6.0);
    let last = state.index() + 1 >= total;
    ui.horizontal(|ui| {
        let next = if last {
            "See the round"
        } else {
            "Next question"
        };
        if ui.button(next).clicked() {
            state.next();
            ui.ctx().request_repaint();
        }
        ui.weak("or press Enter");
    });
}

/// The round's end: each answer's error, the mean, and what next.
pub(super) fn summary_ui(ui: &mut egui::Ui, state: &mut TrainState, code: &str) {
    let points = state.round_points();
    let mean = points.iter().sum::<f64>() / points.len().max(1) as f64;
    let within = points.iter().filter(|&&p| p <= WITHIN).count();
    ui.label(
        RichText::new(format!("Round {code} done"))
            .size(20.0)
            .strong(),
    );
    ui.label(format!(
        "{} questions, mean error {mean:.1} points, {within} within {WITHIN:.0} points",
        points.len()
    ));
    if let Some(round) = state.round() {
        egui::Grid::new("train-summary")
            .striped(true)
            .show(ui, |ui| {
                for (question, p) in round.questions.iter().zip(points) {
                    ui.add(egui::Label::new(&question.prompt).truncate());
                    ui.colored_label(error_color(*p), format!("{p:.1} pts"));
                    ui.end_row();
                }
            });
    }
    ui.horizontal(|ui| {
        if ui.button("Play another round").clicked() {
            state.new_round();
        }
        if ui
            .button("Play it again")
            .on_hover_text("The same questions from the first")
            .clicked()
        {
            state.replay_current();
        }
    });
}
