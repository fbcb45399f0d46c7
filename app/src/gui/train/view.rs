//! The Train view (in the centre, the side panels set aside): the drill,
//! level, round size and round code on top; the question, its spot and
//! the answer (a percentage typed or dragged, or a range painted on an
//! empty grid); once answered, the exact figure, the error and a picture
//! of why; the statistics beside it.

use egui::{Key, RichText, Vec2};
use engine::CardSet;
use engine::range::FULL;
use engine::train::{Answer, Drill};

use super::answer::parse_percent;
use super::picker::{command_line, picker_ui};
use super::picture::spot_ui;
use super::settings::{drill_label, round_code};
use super::state::TrainState;
use super::table::stats_ui;
use super::verdict::{summary_ui, verdict_ui};
use crate::gui::editor::grid::grid_ui;

/// The statistics column's width.
const STATS_WIDTH: f32 = 380.0;
/// The painting grid's largest side.
const GRID_MAX: f32 = 420.0;
/// The view.
pub fn train_ui(ui: &mut egui::Ui, state: &mut TrainState) {
    state.update(ui.ctx());
    picker_ui(ui, state);
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("train")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let width = ui.available_width();
            if width >= 2.0 * STATS_WIDTH + 60.0 {
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        ui.set_width(width - STATS_WIDTH - 30.0);
                        question_area_ui(ui, state);
                    });
                    ui.separator();
                    ui.vertical(|ui| {
                        ui.set_max_width(STATS_WIDTH);
                        stats_ui(ui, state);
                    });
                });
            } else {
                question_area_ui(ui, state);
                ui.separator();
                stats_ui(ui, state);
            }
        });
}

/// The question on screen, or the round's summary, or why there is none.
fn question_area_ui(ui: &mut egui::Ui, state: &mut TrainState) {
    let code = round_code(state.seed());
    if let Some(error) = state.round_error() {
        let error = format!("Round {code} cannot be made: {error}");
        ui.colored_label(ui.visuals().error_fg_color, error);
        return;
    }
    let Some(round) = state.round() else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(format!("Dealing round {code}…"));
        });
        return;
    };
    let total = round.questions.len();
    let short = (total < round.asked).then(|| {
        format!(
            "{total} questions, not {}: this level has only {total} different ones",
            round.asked
        )
    });
    if state.round_over() {
        summary_ui(ui, state, &code);
        return;
    }
    let Some(question) = state.question().cloned() else {
        return;
    };
    // A question put up by "Next question" last frame: timed to the end of
    // this frame, which draws it.
    let put_up = state.next_pending();
    // Enter moves on once the answer is scored (a frame after the Enter
    // that answered it).
    let was_scored = state.scored().is_some();
    if was_scored && ui.memory(|m| m.focused().is_none()) && ui.input(|i| i.key_pressed(Key::Enter))
    {
        state.next();
        ui.ctx().request_repaint();
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.weak(format!(
            "Question {} of {total} · {} level {}",
            state.index() + 1,
            drill_label(state.settings.drill),
            state.settings.level
        ));
        ui.label(RichText::new(format!("round {code}")).strong())
            .on_hover_text(command_line(state));
        if let Some(short) = short {
            ui.weak(short);
        }
    });
    ui.add(egui::Label::new(RichText::new(&question.prompt).size(20.0).strong()).wrap());
    ui.add_space(4.0);
    let lines = state.round().is_some_and(|r| r.drill == Drill::Lines);
    spot_ui(ui, &question, lines);
    ui.add_space(8.0);
    match state.scored().cloned() {
        Some(scored) => verdict_ui(ui, state, &question, &scored, total),
        None if matches!(question.answer, Answer::Range { .. }) => paint_answer_ui(ui, state),
        None => figure_answer_ui(ui, state),
    }
    if put_up {
        state.drawn();
    }
}

/// The answer as a percentage: a box and a slider that follow each other.
fn figure_answer_ui(ui: &mut egui::Ui, state: &mut TrainState) {
    let reads = |text: &str| text.trim().is_empty() || parse_percent(text).is_some();
    let read = ui.horizontal(|ui| {
        let label = ui.label("Your answer");
        let text = ui
            .add(
                egui::TextEdit::singleline(&mut state.progress.guess_text)
                    .desired_width(64.0)
                    .hint_text(format!("{:.1}", state.progress.guess)),
            )
            .labelled_by(label.id);
        ui.label("%");
        if text.changed() {
            state.read_guess_text();
        }
        let slider = ui
            .add(
                egui::Slider::new(&mut state.progress.guess, 0.0..=100.0)
                    .step_by(0.5)
                    .suffix("%")
                    .show_value(false),
            )
            .labelled_by(label.id);
        if slider.changed() {
            state.progress.guess_text = format!("{:.1}", state.progress.guess);
        }
        // Read after the box took this frame's typing.
        let read = reads(&state.progress.guess_text);
        let entered = text.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        let answer = ui
            .add_enabled(read, egui::Button::new("Answer"))
            .on_hover_text("Score it (or press Enter in the box)");
        if read && (answer.clicked() || entered) {
            state.answer();
            ui.ctx().request_repaint();
        }
        read
    });
    if !read.inner {
        ui.colored_label(
            ui.visuals().error_fg_color,
            "A percentage from 0 to 100, like 47.5",
        );
    }
}

/// The answer as a range painted on an empty grid, with a brush weight on
/// the weighted level.
fn paint_answer_ui(ui: &mut egui::Ui, state: &mut TrainState) {
    ui.horizontal_wrapped(|ui| {
        if state.settings.level == 3 {
            ui.label("Brush");
            for (bp, label) in [
                (2_500, "25%"),
                (5_000, "50%"),
                (7_500, "75%"),
                (FULL, "100%"),
            ] {
                ui.selectable_value(&mut state.progress.grid.brush_bp, bp, label);
            }
        } else {
            state.progress.grid.brush_bp = FULL;
        }
        if ui.button("Clear").clicked() {
            state.progress.painted = engine::Range::empty();
        }
        ui.weak(format!(
            "{:.1} combos",
            state.progress.painted.combo_count()
        ));
        if ui
            .button("Answer")
            .on_hover_text("Score the range painted")
            .clicked()
        {
            state.answer();
            ui.ctx().request_repaint();
        }
    });
    let side = ui.available_width().clamp(13.0 * 20.0, GRID_MAX);
    ui.allocate_ui(Vec2::splat(side), |ui| {
        grid_ui(
            ui,
            &mut state.progress.painted,
            &mut state.progress.grid,
            CardSet::EMPTY,
        );
    });
}
