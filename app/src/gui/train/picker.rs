//! The Train view's top row: the drill, the level, the round's size and
//! its code, and the command line that makes the same round.

use egui::Key;
use engine::train::Drill;

use super::settings::{COUNTS, DRILLS, drill_label};
use super::state::TrainState;

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
pub(super) fn picker_ui(ui: &mut egui::Ui, state: &mut TrainState) {
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
pub(super) fn command_line(state: &TrainState) -> String {
    format!(
        "The same round from the command line:\nrangestove train --drill {} --level {} --seed {} \
         --count {}",
        state.settings.drill.name(),
        state.settings.level,
        state.seed(),
        state.settings.count
    )
}
