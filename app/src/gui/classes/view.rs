//! The hand-class table in the analysis panel: its controls (hand
//! categories or the 169 classes, the seat blockers are counted against
//! and its strong part, the CSV export), the selected row's actions, and
//! the table itself (drawn by [`super::table`]).

use super::export::export_csv;
use super::state::ClassesState;
use super::table::{Table, table_ui};
use crate::gui::files::dialog;
use crate::gui::groups::colors::group_color;
use crate::gui::groups::edits::add_to_group;
use crate::gui::state::session::Session;

/// The class table of the selected seat: its controls, the table, and the
/// selected row's actions.
pub fn classes_ui(ui: &mut egui::Ui, state: &mut ClassesState, session: &mut Session) {
    ui.horizontal_wrapped(|ui| {
        rows_choice_ui(ui, state);
        other_seat_ui(ui, state, session);
        export_ui(ui, state, session);
    });
    let no_flop = "Deal a flop for hand categories (or show the 169 classes).";
    let Some((made, draws)) = state.rows() else {
        ui.weak(if session.view_board().len() < 3 && !state.by_class() {
            no_flop
        } else {
            "computing… (the table follows the equity)"
        });
        return;
    };
    if made.is_empty() {
        ui.weak(no_flop);
        return;
    }
    let unselect = selected_row_ui(ui, state, session);
    let names = session.selected_seat().groups.names();
    let versus = state.versus_names();
    let table = Table {
        made,
        draws,
        names: &names,
        against: state.against(),
        selected: state.selected(),
        versus: &versus,
    };
    let (clicked, sort) = table_ui(ui, state.sort, &table);
    state.sort = sort;
    if unselect {
        state.unselect();
    }
    if let Some(key) = clicked {
        state.toggle_row(key);
    }
}

/// Hand categories or the 169 classes.
fn rows_choice_ui(ui: &mut egui::Ui, state: &mut ClassesState) {
    let mut by_class = state.by_class();
    ui.selectable_value(&mut by_class, false, "Categories")
        .on_hover_text("One row per made hand (every combo in one) and per draw");
    ui.selectable_value(&mut by_class, true, "169 classes")
        .on_hover_text("One row per hand class (AKs, 77, …)");
    state.set_by_class(by_class);
}

/// The selected row's actions: a button per group putting its combos in
/// it, and Unselect; one line always, greyed until a row is picked, so
/// the table under it never moves when one is. Returns whether Unselect
/// was clicked.
fn selected_row_ui(ui: &mut egui::Ui, state: &ClassesState, session: &mut Session) -> bool {
    let key = state.selected();
    let picked = key.is_some();
    let index = session.selected();
    let names = session.selected_seat().groups.names();
    let mut unselect = false;
    ui.horizontal(|ui| {
        match key {
            Some(key) => ui.label(format!("{key}: put in")),
            None => ui.weak("Click a row, then put it in"),
        };
        for (g, group) in names.iter().enumerate() {
            let text = egui::RichText::new(format!("» {group}")).color(group_color(g));
            if ui
                .add_enabled(picked, egui::Button::new(text))
                .on_hover_text(format!("Add the row's combos to the group “{group}”"))
                .clicked()
                && let Some(hands) = state.selected_hands()
            {
                add_to_group(session, index, g, hands);
            }
        }
        unselect = ui
            .add_enabled(picked, egui::Button::new("Unselect"))
            .clicked();
    });
    unselect
}

/// The seat blockers are counted against, and its strong part.
fn other_seat_ui(ui: &mut egui::Ui, state: &mut ClassesState, session: &Session) {
    let Some(current) = state.against().map(str::to_owned) else {
        return;
    };
    let mut chosen = None;
    egui::ComboBox::from_id_salt("blockers against")
        .selected_text(format!("blockers vs {current}"))
        .show_ui(ui, |ui| {
            for (i, seat) in session.seats().iter().enumerate() {
                if i != session.selected()
                    && ui
                        .selectable_label(seat.name == current, &seat.name)
                        .clicked()
                {
                    chosen = Some(i);
                }
            }
        })
        .response
        .on_hover_text(
            "Blockers: the share of that seat's strong hands (equity ≥ 75%) and of its weak \
             ones (< 25%) that hold one of a row's cards, and the difference (positive: the \
             row blocks more strong hands than weak ones, the mark of a bluff)",
        );
    if chosen.is_some() {
        state.other = chosen;
        state.strong_group = None;
    }
    strong_part_ui(ui, state, session, &current);
}

/// The strong part of the seat named `current`: its top bucket, or one of
/// its (non-empty) groups.
fn strong_part_ui(ui: &mut egui::Ui, state: &mut ClassesState, session: &Session, current: &str) {
    let Some(seat) = session.seats().iter().find(|s| s.name == current) else {
        return;
    };
    let fitted = seat.groups.fitted(&seat.range);
    let part = |g: Option<usize>| match g.and_then(|g| fitted.get(g)) {
        Some((name, _)) => format!("strong: {name}"),
        None => "strong: top bucket".to_owned(),
    };
    egui::ComboBox::from_id_salt("blockers strong part")
        .selected_text(part(state.strong_group))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut state.strong_group, None, part(None));
            for (g, (_, group)) in fitted.iter().enumerate() {
                if !group.is_empty() {
                    ui.selectable_value(&mut state.strong_group, Some(g), part(Some(g)));
                }
            }
        })
        .response
        .on_hover_text(
            "The other seat's strong part: its combos at 75% equity or more, or one of its \
             groups (its value range, say)",
        );
}

/// "Export CSV…": the rows shown, to a file picked in a dialog (or typed).
fn export_ui(ui: &mut egui::Ui, state: &mut ClassesState, session: &Session) {
    let picked = dialog::export_csv_path(
        ui,
        state.figures().is_some(),
        "Save the rows shown as comma-separated values",
        "classes.csv",
        &state.dialogs,
        &mut state.prompt,
    );
    if let Some(path) = picked {
        state.export = Some(export_csv(state, session, &path));
    }
    dialog::outcome_ui(ui, state.export.as_ref());
}
