//! The Train view (in the centre, the side panels set aside): the drill,
//! level, round size and round code on top; the question, its spot and
//! the answer (a percentage typed or dragged, or a range painted on an
//! empty grid); once answered, the exact figure, the error and a picture
//! of why; the statistics beside it.

use egui::{Color32, Key, RichText, Vec2};
use engine::CardSet;
use engine::range::FULL;
use engine::train::{Answer, Drill, Question};

use super::answer::{Scored, Verdict, parse_percent};
use super::picture::{
    EXTRA, MISSED, figure_bar_ui, kept_highlight, overlap_marks, spot_ui, still_grid_ui,
};
use super::settings::{COUNTS, DRILLS, drill_label, round_code};
use super::state::TrainState;
use super::stats::WITHIN;
use super::table::stats_ui;
use crate::gui::editor::grid::{Overlay, grid_ui};

/// The statistics column's width.
const STATS_WIDTH: f32 = 380.0;
/// The painting grid's largest side.
const GRID_MAX: f32 = 420.0;
/// The pictures' grids' side.
const SMALL_GRID: f32 = 13.0 * 20.0;
/// Within two points.
const GOOD: Color32 = Color32::from_rgb(60, 170, 90);
/// Within ten.
const NEAR: Color32 = Color32::from_rgb(215, 150, 40);
/// Further.
const FAR: Color32 = Color32::from_rgb(220, 80, 70);

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

/// What a drill asks, for its button's tooltip.
fn drill_help(drill: Drill) -> &'static str {
    match drill {
        Drill::Equity => {
            "A seat's equity: hand vs hand preflop (level 1), a hand vs a range on a flop, turn \
             or river (2), range vs range or three-way (3)"
        }
        Drill::Hits => {
            "How often a range holds a hand or draw on a flop: two pair or better (level 1); a \
             flush draw, top pair, an open-ender, an overpair or better (2); any pair or draw (3)"
        }
        Drill::Ranges => {
            "Paint a range from memory on an empty grid: a top-X% range (level 1), a shipped \
             preset (2), a preset with weights (3); scored by the combos in common"
        }
        Drill::Lines => {
            "How much of a range a continue rule keeps on a flop: made hands (level 1), made \
             hands and draws (2), weighted terms and removals (3)"
        }
    }
}

/// The drill, level, round size and round code.
fn picker_ui(ui: &mut egui::Ui, state: &mut TrainState) {
    ui.horizontal_wrapped(|ui| {
        for drill in DRILLS {
            ui.selectable_value(&mut state.settings.drill, drill, drill_label(drill))
                .on_hover_text(drill_help(drill));
        }
        ui.separator();
        for level in 1..=3u8 {
            ui.selectable_value(&mut state.settings.level, level, format!("Level {level}"))
                .on_hover_text(match level {
                    1 => "Easiest: single hands, made hands, top-X% ranges",
                    2 => "Harder: hands against ranges, draws, named ranges",
                    _ => "Hardest: ranges against ranges, three-way, weights",
                });
        }
        ui.separator();
        egui::ComboBox::from_label("questions")
            .selected_text(state.settings.count.to_string())
            .width(48.0)
            .show_ui(ui, |ui| {
                for count in COUNTS {
                    ui.selectable_value(&mut state.settings.count, count, count.to_string());
                }
            });
        ui.checkbox(&mut state.settings.mine, "My presets too")
            .on_hover_text(
                "Draw ranges from your presets as well as the shipped ones (a round code then \
             means the same round only with your presets: `rangestove train --mine` on this \
             computer)",
            );
        ui.separator();
        let label = ui.label("Round code");
        let code = ui
            .add(
                egui::TextEdit::singleline(&mut state.settings.seed_text)
                    .desired_width(64.0)
                    .char_limit(18),
            )
            .labelled_by(label.id)
            .on_hover_text(
                "A round is its drill, level, size and code: type a code you were given \
                 (hexadecimal) and press Play to replay that round",
            );
        let entered = code.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        if ui.button("Play").clicked() || entered {
            state.replay();
        }
        if ui
            .button("New round")
            .on_hover_text("A round with a new random code")
            .clicked()
        {
            state.new_round();
        }
    });
    if let Some(error) = &state.settings.seed_error {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
}

/// The command that prints the same round.
fn command_line(state: &TrainState) -> String {
    format!(
        "The same round from the command line:\nrangestove train --drill {} --level {} --seed {} \
         --count {}",
        state.settings.drill.name(),
        state.settings.level,
        state.seed(),
        state.settings.count
    )
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
        let slider = ui.add(
            egui::Slider::new(&mut state.progress.guess, 0.0..=100.0)
                .step_by(0.5)
                .suffix("%")
                .show_value(false),
        );
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
fn verdict_ui(
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
                still_grid_ui(ui, &range, SMALL_GRID, &overlay);
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
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.horizontal(|ui| {
                        ui.weak("Yours:");
                        ui.colored_label(MISSED, "missed");
                        ui.colored_label(EXTRA, "extra");
                    });
                    still_grid_ui(ui, painted, SMALL_GRID, &overlap_marks(overlap));
                });
                ui.vertical(|ui| {
                    ui.weak(name.as_str());
                    still_grid_ui(ui, range, SMALL_GRID, &Overlay::default());
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
fn summary_ui(ui: &mut egui::Ui, state: &mut TrainState, code: &str) {
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
