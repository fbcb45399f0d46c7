//! Drawing the Boards view: status and controls, the summary of the
//! shown flops, the chart ([`super::chart`]) and the table
//! ([`super::table`]).

use crate::gui::files::dialog;
use engine::study::FlopRow;

use super::chart::chart_ui;
use super::lines::{PAIRINGS, SUITS, lines, means, ruled_seats, shown_rows};
use super::state::{FlopsState, GroupBy, export_csv, method_text};
use super::table::{Table, min_width, table_ui};
use crate::gui::outcome::Outcome;
use crate::gui::state::scenario::SeatMode;
use crate::gui::state::session::Session;

/// The Boards view in `ui`; clicking a flop puts it on `session`'s board.
pub fn boards_ui(ui: &mut egui::Ui, state: &mut FlopsState, session: &mut Session, dark: bool) {
    state.update(session, ui.ctx());
    let (_, indices) = session.request_with_seats(false);
    let active: Vec<usize> = indices
        .iter()
        .copied()
        .filter(|&i| {
            session
                .seats()
                .get(i)
                .is_some_and(|s| s.mode == SeatMode::Active)
        })
        .collect();
    let name = |k: usize| {
        active
            .get(k)
            .and_then(|&i| session.seats().get(i))
            .map_or_else(|| format!("Seat {}", k + 1), |s| s.name.clone())
    };
    // The chosen seat, as a position among the active seats.
    let wanted = state.seat.unwrap_or(session.selected());
    let chosen = active.iter().position(|&i| i == wanted).unwrap_or(0);
    status_ui(ui, state);
    controls_ui(ui, state, &active, &name, chosen);
    let ruled = state
        .figures()
        .map(|f| ruled_seats(f.rows()))
        .unwrap_or_default();
    if !ruled.is_empty() {
        line_controls_ui(ui, state, &ruled, &name);
    }
    let Some(figures) = state.figures() else {
        return;
    };
    let rows = figures.rows();
    if rows.is_empty() {
        return;
    }
    let shown = shown_rows(state, rows);
    let (lines, groups) = lines(state, rows, &shown, chosen);
    let complete = state.report().is_some();
    summary_ui(ui, rows, &shown, chosen, &name, complete);
    let picked = chart_ui(ui, rows, &shown, chosen, session.board());
    let table = Table {
        rows,
        lines: &lines,
        groups: &groups,
        chosen,
        name: &name,
        board: session.board(),
        dark,
        means: means(rows),
        ruled: &ruled,
    };
    // The figures are borrowed from the state: the sort is changed after.
    let sort = state.sort;
    let across = if ui.available_width() < min_width(ui, &table) {
        egui::scroll_area::ScrollBarVisibility::AlwaysVisible
    } else {
        egui::scroll_area::ScrollBarVisibility::AlwaysHidden
    };
    let (clicked, sort) = egui::ScrollArea::horizontal()
        .id_salt("boards across")
        .scroll_bar_visibility(across)
        .show(ui, |ui| table_ui(ui, sort, &table))
        .inner;
    state.sort = sort;
    if let Some(flop) = clicked.or(picked) {
        session.set_board(flop.to_vec());
    }
}

/// Progress, the method and time, stop / run again, CSV export.
fn status_ui(ui: &mut egui::Ui, state: &mut FlopsState) {
    ui.horizontal_wrapped(|ui| {
        ui.heading("Boards");
        if state.running() {
            // Not animated: the view repaints when figures come, so the
            // UI takes no core from the count.
            let fraction = state.figures().map_or(0.0, |f| f.progress);
            ui.add(
                egui::ProgressBar::new(fraction)
                    .desired_width(220.0)
                    .text(progress_text(state.figures())),
            );
            if ui
                .button("Stop")
                .on_hover_text("Stop counting; the rows in stay")
                .clicked()
            {
                state.stop();
            }
        } else if let Some(Err(e)) = state.figures().and_then(|f| f.report.as_ref()) {
            ui.colored_label(ui.visuals().warn_fg_color, e.clone());
        } else if let Some(report) = state.report() {
            ui.label(method_text(report));
            if let Some(ms) = state.first_rows_ms() {
                ui.weak(format!("(first rows in {ms:.0} ms)"));
            }
        } else {
            let (done, total) = state
                .figures()
                .map_or((0, 0), |f| (f.rows().len(), f.total));
            ui.label(format!("stopped: {done} of {total} flop classes in"));
            if ui.button("Run again").clicked() {
                state.restart();
            }
        }
        let picked = dialog::export_csv_path(
            ui,
            state.report().is_some(),
            "Save every flop class as comma-separated values",
            "flops.csv",
            &state.dialogs,
            &mut state.prompt,
        );
        if let Some(path) = picked
            && let Some(report) = state.report()
        {
            state.export = Some(Outcome::of(
                export_csv(report, &path),
                |()| format!("Saved {}", path.display()),
                |e| format!("Not saved: {e:#}"),
            ));
        }
        dialog::outcome_ui(ui, state.export.as_ref());
    });
}

/// What the progress bar says: the share of the work done, the bar's own
/// figure (`progress`, rounded down as the bar reports it), of the flop
/// classes the finished report will hold.
pub fn progress_text(figures: Option<&super::job::FlopsFigures>) -> String {
    let (progress, total) = figures.map_or((0.0, 0), |f| (f.progress, f.total));
    let percent = (f64::from(progress) * 100.0).floor();
    if total == 0 {
        format!("{percent:.0}%")
    } else {
        format!("{percent:.0}% of {total} flop classes")
    }
}

/// The chosen seat, grouping, texture filters and the text filter.
fn controls_ui(
    ui: &mut egui::Ui,
    state: &mut FlopsState,
    active: &[usize],
    name: &dyn Fn(usize) -> String,
    chosen: usize,
) {
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::from_id_salt("boards seat")
            .selected_text(format!("Buckets of {}", name(chosen)))
            .show_ui(ui, |ui| {
                for (k, &i) in active.iter().enumerate() {
                    if ui.selectable_label(k == chosen, name(k)).clicked() {
                        state.seat = Some(i);
                    }
                }
            })
            .response
            .on_hover_text("The seat whose buckets, nut share, hits and chart show");
        egui::ComboBox::from_id_salt("boards group")
            .selected_text(format!("Group: {}", state.group.name()))
            .show_ui(ui, |ui| {
                for g in GroupBy::ALL {
                    ui.selectable_value(&mut state.group, g, g.name());
                }
            });
        ui.separator();
        for (filter, names) in [(&mut state.suits, SUITS), (&mut state.pairing, PAIRINGS)] {
            for (on, label) in filter.iter_mut().zip(names) {
                ui.checkbox(on, label);
            }
            ui.separator();
        }
        let label = ui.label("Filter");
        ui.add(
            egui::TextEdit::singleline(&mut state.text)
                .hint_text("A-high, connected, Kh…")
                .desired_width(150.0),
        )
        .labelled_by(label.id)
        .on_hover_text("Flops whose cards or tags contain every word");
    });
}

/// On a line: the line over every flop (each ruled seat's continue share,
/// the reach, and the continuing ranges' equity where the line gets), and
/// the reach filter.
fn line_controls_ui(
    ui: &mut egui::Ui,
    state: &mut FlopsState,
    ruled: &[usize],
    name: &dyn Fn(usize) -> String,
) {
    ui.horizontal_wrapped(|ui| {
        if let Some(report) = state.report() {
            let shares: Vec<String> = ruled
                .iter()
                .filter_map(|&k| {
                    let share = report.continues.get(k).copied().flatten()?;
                    Some(format!("{} continues {:.1}%", name(k), 100.0 * share))
                })
                .collect();
            let equities = match report.where_line_gets() {
                Some(seats) => seats
                    .iter()
                    .enumerate()
                    .map(|(k, s)| format!("{} {:.1}%", name(k), 100.0 * s.0))
                    .collect::<Vec<_>>()
                    .join(", "),
                None => "none (the line gets past no flop)".to_owned(),
            };
            ui.label(format!(
                "On this line over every flop: {}; reach {:.1}%; equity where it gets: {}",
                shares.join(", "),
                100.0 * report.reach,
                equities
            ))
            .on_hover_text(
                "Continue shares and the reach weighted by how often each flop comes; the \
                 continuing ranges' equities weighted by how often each flop comes and the line \
                 gets there",
            );
        }
        ui.separator();
        let mut percent = 100.0 * state.min_reach;
        let label = ui.label("Reach at least");
        ui.add(
            egui::DragValue::new(&mut percent)
                .range(0.0..=100.0)
                .speed(0.5)
                .suffix("%"),
        )
        .labelled_by(label.id)
        .on_hover_text("Show only the flops the line reaches this often");
        state.min_reach = percent / 100.0;
    });
}

/// The shown flops' share of all flops and the chosen seat's equity over
/// them, against its equity over every flop.
fn summary_ui(
    ui: &mut egui::Ui,
    rows: &[FlopRow],
    shown: &[usize],
    chosen: usize,
    name: &dyn Fn(usize) -> String,
    complete: bool,
) {
    if !complete {
        ui.label(format!(
            "{} classes counted so far (frequencies among them until every flop is in)",
            rows.len()
        ));
        return;
    }
    let all: f64 = rows.iter().map(|r| r.frequency).sum();
    let part: f64 = shown.iter().map(|&i| rows[i].frequency).sum();
    // Weighted by how often each flop comes and (on a line) the line gets
    // there.
    let mean = |members: &mut dyn Iterator<Item = &FlopRow>| {
        let (sum, weight) = members.fold((0.0, 0.0), |(sum, weight), r| {
            let w = r.frequency * r.reach;
            let e = r.seats.get(chosen).map_or(0.0, |s| s.figures.equity);
            (sum + w * e, weight + w)
        });
        sum / f64::max(weight, f64::MIN_POSITIVE)
    };
    let shown_equity = mean(&mut shown.iter().map(|&i| &rows[i]));
    let all_equity = mean(&mut rows.iter());
    ui.label(format!(
        "{} of {} classes shown ({:.1}% of flops): {} {:.2}% on them, {:.2}% over every flop",
        shown.len(),
        rows.len(),
        100.0 * part / all.max(f64::MIN_POSITIVE),
        name(chosen),
        100.0 * shown_equity,
        100.0 * all_equity
    ));
}
