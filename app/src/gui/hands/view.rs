//! Drawing the Hands view: the files and what was read of them, the hero,
//! the filters, the summary row and the table ([`super::table`]); or, with
//! a hand opened, the hand as the spot: its board, the hero's equity on
//! each street and each seat's range choice.

use engine::hands::{PlayerSums, Street};

use super::rows::ResultFilter;
use super::state::HandsState;
use super::strip::Equity;
use super::table::{Table, signed, table_ui};
use crate::gui::cards::card_job;
use crate::gui::state::session::Session;

/// The Hands view in `ui`; opening a hand replaces `session`'s spot.
pub fn hands_ui(ui: &mut egui::Ui, state: &mut HandsState, session: &mut Session, dark: bool) {
    state.update(session, ui.ctx());
    state.prompt_ui(ui.ctx());
    if state.opened.is_some() {
        opened_ui(ui, state, session, dark);
    } else {
        list_ui(ui, state, session);
    }
}

/// The files, the hero, the filters, the summary and the table.
fn list_ui(ui: &mut egui::Ui, state: &mut HandsState, session: &mut Session) {
    status_ui(ui, state);
    if state.reports().is_empty() {
        return;
    }
    filters_ui(ui, state);
    let sums = state.sums().clone();
    let shown = state.shown().len();
    summary_ui(ui, &state.hero, &sums, shown);
    let restore = state.scroll.1.then_some(state.scroll.0);
    state.scroll.1 = false;
    let rows = state.shown().to_vec();
    let mut sort = state.sort;
    let table = Table {
        reports: state.reports(),
        rows: &rows,
        hero: &state.hero,
        chosen: state.chosen,
        restore,
    };
    let clicked = egui::ScrollArea::horizontal()
        .id_salt("hands across")
        // The whole tile's height: the bar at its foot, clear of the rows.
        .auto_shrink([false, false])
        .show(ui, |ui| table_ui(ui, &mut sort, &table))
        .inner;
    state.sort = sort;
    state.scroll.0 = clicked.scroll;
    if let Some(index) = clicked.chosen {
        state.chosen = Some(index);
    }
    if let Some(index) = clicked.open {
        state.open_hand(index, session);
    }
}

/// The Open button, the reading's progress, the skipped hands, a file
/// that could not be read.
fn status_ui(ui: &mut egui::Ui, state: &mut HandsState) {
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Open hand histories…")
            .on_hover_text("PHH (.phh, .phhs) or PokerStars text; or drop the files on the window")
            .clicked()
        {
            state.ask_open(ui.ctx());
        }
        if state.files.is_empty() {
            ui.label("PHH or PokerStars hand histories: open them here or from the File menu, or drop them on the window.");
            return;
        }
        let read = state.reports().len();
        if state.reading() {
            ui.spinner();
            ui.label(format!("Reading… {read} hands so far"));
        } else {
            let files = state.files.len();
            let s = if files == 1 { "" } else { "s" };
            ui.label(format!("{read} hands from {files} file{s}"));
        }
    });
    if state.skipped > 0 {
        let first = state.first_skip.as_deref().unwrap_or("");
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!(
                "{} of {} hands skipped; the first: {first}",
                state.skipped, state.met
            ),
        );
    }
    if let Some(failure) = &state.failure {
        ui.colored_label(ui.visuals().error_fg_color, failure);
    }
}

/// The hero and the filters.
fn filters_ui(ui: &mut egui::Ui, state: &mut HandsState) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Hero");
        let response = ui
            .add(egui::TextEdit::singleline(&mut state.hero).desired_width(120.0))
            .labelled_by(label.id)
            .on_hover_text("The player whose position, results and sums the table shows (at first: the player whose cards are known most often)");
        if response.changed() {
            state.hero_typed = true;
        }
        ui.separator();
        let label = ui.label("Player");
        ui.add(egui::TextEdit::singleline(&mut state.filter.player).desired_width(110.0))
            .labelled_by(label.id)
            .on_hover_text("Only hands with a player whose name holds this");
        let positions = state.positions();
        let f = &mut state.filter;
        egui::ComboBox::from_id_salt("hands position")
            .selected_text(f.position.unwrap_or("any position"))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut f.position, None, "any position");
                for p in positions {
                    ui.selectable_value(&mut f.position, Some(p), p);
                }
            });
        let street_name = |s: Option<Street>| s.map_or("any street", |s| s.name());
        egui::ComboBox::from_id_salt("hands street")
            .selected_text(street_name(f.street))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut f.street, None, "any street");
                for s in [Street::Preflop, Street::Flop, Street::Turn, Street::River] {
                    ui.selectable_value(&mut f.street, Some(s), s.name());
                }
            })
            .response
            .on_hover_text("The last street dealt");
        egui::ComboBox::from_id_salt("hands result")
            .selected_text(f.result.name())
            .show_ui(ui, |ui| {
                for r in ResultFilter::ALL {
                    ui.selectable_value(&mut f.result, r, r.name());
                }
            });
        ui.checkbox(&mut f.all_in, "All-in only")
            .on_hover_text("Only hands with an all-in before the river whose cards are known");
    });
}

/// The hero's sums over the hands shown.
fn summary_ui(ui: &mut egui::Ui, hero: &str, sums: &PlayerSums, shown: usize) {
    let text = if hero.is_empty() {
        format!("{shown} hands shown; type a hero for the sums")
    } else {
        format!(
            "{shown} hands shown · {hero}: {} hands, net {}, all-in {} hands, expected {}, luck {} ± {:.2}",
            sums.hands,
            signed(sums.net as f64 / 100.0),
            sums.all_in_hands,
            signed(sums.expected as f64 / 1e6),
            signed(sums.luck as f64 / 1e6),
            sums.luck_std_error()
        )
    };
    ui.label(egui::RichText::new(text).strong()).on_hover_text(
        "The hero's hands, result, all-in hands, expected result at the all-ins and luck (actual less expected) with its standard error: the figures of rangestove hands --summary --hero",
    );
}

/// The hand opened: back, its board, the strip, the seats' choices.
fn opened_ui(ui: &mut egui::Ui, state: &mut HandsState, session: &mut Session, dark: bool) {
    let Some((index, spot)) = state.opened.clone() else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("⏴ Back to the list")
            .on_hover_text("The table as it was: its place, sort and filters")
            .clicked()
        {
            state.back();
        }
        if let Some(report) = state.reports().get(index) {
            ui.strong(super::rows::hand_label(report));
            ui.label(super::rows::time_text(report));
            ui.label(super::rows::stakes_text(report));
        }
    });
    if state.opened.is_none() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Board");
        if spot.board.is_empty() {
            ui.weak("none dealt");
        } else {
            ui.label(card_job(spot.board.iter().copied(), 16.0, dark));
        }
    });
    strip_ui(ui, state, spot.hero_first);
    ui.separator();
    ui.label("Seats: the players still in after the preflop action; each range is cards, a preset's name or range text (edit it: the seat follows)");
    egui::Grid::new("hands seats")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            for (k, seat) in spot.seats.iter().enumerate() {
                let folded = seat
                    .folded_on
                    .map(|s| format!(", folds on the {}", s.name()))
                    .unwrap_or_default();
                // Not the seat's name in the spot (`name (POS)`): the seats
                // panel labels its range box with that.
                let name = ui.label(format!("{} {}", seat.position, seat.name));
                ui.weak(format!("{}{folded}:", seat.reason));
                let mut text = seat.choice.clone();
                let response = ui
                    .add(egui::TextEdit::singleline(&mut text).desired_width(200.0))
                    .labelled_by(name.id)
                    .on_hover_text("Cards, a preset's name or range text");
                if response.changed()
                    && let Some((_, open)) = &mut state.opened
                    && let Some(s) = open.seats.get_mut(k)
                {
                    s.choice = text.clone();
                }
                if response.lost_focus() {
                    let applied = session.seats().get(k).map(|s| s.text.clone());
                    if applied.as_deref() != Some(super::spot::range_text(&text).as_str()) {
                        state.set_choice(k, &text, session);
                    }
                }
                ui.end_row();
            }
        });
}

/// The hero's equity on each street reached.
fn strip_ui(ui: &mut egui::Ui, state: &HandsState, hero: bool) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Hero's equity");
        if !hero {
            ui.weak("(the hero is not in the spot: folded before the flop, or not dealt in; the hero is set in the list)");
            return;
        }
        let Some(figures) = state.strip() else {
            ui.spinner();
            ui.weak("counting…");
            return;
        };
        for (street, equity) in &figures.streets {
            let text = match equity {
                Ok(Equity { equity, std_error }) if *std_error > 0.0 => {
                    format!(
                        "{} {:.1}% ± {:.1}",
                        street.name(),
                        100.0 * equity,
                        100.0 * std_error
                    )
                }
                Ok(Equity { equity, .. }) => format!("{} {:.2}%", street.name(), 100.0 * equity),
                Err(why) => format!("{}: {why}", street.name()),
            };
            ui.add(
                egui::Button::new(egui::RichText::new(text).strong())
                    .frame(true)
                    .sense(egui::Sense::hover()),
            );
        }
    });
}
