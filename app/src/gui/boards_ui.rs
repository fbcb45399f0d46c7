//! Drawing the Boards view ([`super::boards`]): status and controls, the
//! chosen seat's equity across the shown flops, and the table (egui_extras'
//! `TableBuilder`, virtualised rows) with group rows when grouped.

use egui::{Color32, Sense, Stroke};
use engine::study::FlopRow;
use engine::study::flop_classes::{Pairing, Suits, Texture};

use super::boards::{BoardsState, GroupBy, SortBy, export_csv, method_text};
use super::boards_table::{Table, table_ui};
use super::grid::heat_color;
use super::scenario::SeatMode;
use super::session::Session;

/// Column headers of the buckets, strongest first.
pub(super) const BUCKETS: [&str; 4] = ["75+", "50-75", "25-50", "<25"];
/// Points of equity above or below the seat's mean for the full green or
/// red.
const SWING: f64 = 0.05;

/// The colour of `equity` against the seat's `mean` over every flop.
pub(super) fn swing_color(equity: f64, mean: f64) -> Color32 {
    heat_color((0.5 + 0.5 * (equity - mean) / SWING) as f32)
}

/// [`swing_color`] for text: darker on the light theme, to read on white.
pub(super) fn swing_text(equity: f64, mean: f64, dark: bool) -> Color32 {
    let c = swing_color(equity, mean);
    if dark {
        c
    } else {
        let shade = |v: u8| (f32::from(v) * 0.62) as u8;
        Color32::from_rgb(shade(c.r()), shade(c.g()), shade(c.b()))
    }
}

/// A line of the table: a group's aggregate, or one flop class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Line {
    Group(usize),
    Flop(usize),
}

/// A group of shown rows and its frequency-weighted aggregate.
pub(super) struct Group {
    pub(super) name: String,
    pub(super) frequency: f64,
    pub(super) equity: Vec<f64>,
    pub(super) buckets: [f64; 4],
    pub(super) nuts: f64,
}

/// The Boards view in `ui`; clicking a flop puts it on `session`'s board.
pub fn boards_ui(ui: &mut egui::Ui, state: &mut BoardsState, session: &mut Session, dark: bool) {
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
    let Some(figures) = state.figures() else {
        return;
    };
    let rows = &figures.rows;
    if rows.is_empty() {
        return;
    }
    let shown = shown_rows(state, rows);
    let (lines, groups) = lines(state, rows, &shown, chosen);
    let complete = state.report().is_some();
    summary_ui(ui, rows, &shown, chosen, &name, complete);
    chart_ui(ui, rows, &shown, chosen);
    let table = Table {
        rows,
        lines: &lines,
        groups: &groups,
        chosen,
        name: &name,
        board: session.board(),
        dark,
        means: means(rows),
    };
    // The figures are borrowed from the state: the sort is changed after.
    let sort = state.sort;
    let (clicked, sort) = egui::ScrollArea::horizontal()
        .id_salt("boards across")
        .show(ui, |ui| table_ui(ui, sort, &table))
        .inner;
    state.sort = sort;
    if let Some(flop) = clicked {
        session.set_board(flop.to_vec());
    }
}

/// Progress, the method and time, stop / run again, CSV export.
fn status_ui(ui: &mut egui::Ui, state: &mut BoardsState) {
    ui.horizontal_wrapped(|ui| {
        ui.heading("Boards");
        let (done, total) = state.figures().map_or((0, 0), |f| (f.done, f.total));
        if state.running() {
            let fraction = state.figures().map_or(0.0, |f| f.progress);
            ui.add(
                // The bar follows the work; the count of flops stands still
                // while the one pass over every board runs.
                egui::ProgressBar::new(fraction)
                    .desired_width(180.0)
                    .animate(true)
                    .text(format!("flop {done} of {total}")),
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
            ui.label(format!("stopped at flop {done} of {total}"));
            if ui.button("Run again").clicked() {
                state.restart();
            }
        }
        let csv = ui
            .add_enabled(state.report().is_some(), egui::Button::new("Export CSV…"))
            .on_hover_text("Save every flop class as comma-separated values");
        if csv.clicked()
            && let Some(report) = state.report()
            && let Some(path) = rfd::FileDialog::new()
                .add_filter("CSV", &["csv"])
                .set_file_name("flops.csv")
                .save_file()
        {
            state.export = Some(
                export_csv(report, &path)
                    .map(|()| format!("Saved {}", path.display()))
                    .map_err(|e| format!("Not saved: {e:#}")),
            );
        }
        match &state.export {
            Some(Ok(text)) => {
                ui.label(text);
            }
            Some(Err(text)) => {
                ui.colored_label(ui.visuals().error_fg_color, text);
            }
            None => {}
        }
    });
}

/// The chosen seat, grouping, texture filters and the text filter.
fn controls_ui(
    ui: &mut egui::Ui,
    state: &mut BoardsState,
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

/// The suit textures, as the filters and groups name them.
const SUITS: [&str; 3] = ["rainbow", "two-tone", "monotone"];
/// The pairings, likewise.
const PAIRINGS: [&str; 3] = ["unpaired", "paired", "trips"];

/// A texture's place in [`SUITS`].
fn suits_of(t: &Texture) -> usize {
    match t.suits {
        Suits::Rainbow => 0,
        Suits::TwoTone => 1,
        Suits::Monotone => 2,
    }
}

/// A texture's place in [`PAIRINGS`].
fn pairing_of(t: &Texture) -> usize {
    match t.pairing {
        Pairing::Unpaired => 0,
        Pairing::Paired => 1,
        Pairing::Trips => 2,
    }
}

/// Indices of the rows the filters let through.
fn shown_rows(state: &BoardsState, rows: &[FlopRow]) -> Vec<usize> {
    let words: Vec<String> = state
        .text
        .split_whitespace()
        .map(str::to_lowercase)
        .collect();
    (0..rows.len())
        .filter(|&i| {
            let t = &rows[i].texture;
            if !state.suits[suits_of(t)] || !state.pairing[pairing_of(t)] {
                return false;
            }
            if words.is_empty() {
                return true;
            }
            let flop = flop_text(&rows[i]).to_lowercase();
            let tags = t.tags();
            words.iter().all(|w| {
                flop.contains(w.as_str())
                    || tags
                        .iter()
                        .any(|tag| tag.to_lowercase().contains(w.as_str()))
            })
        })
        .collect()
}

pub(super) fn flop_text(row: &FlopRow) -> String {
    row.flop.iter().map(ToString::to_string).collect()
}

/// The key a row sorts by.
fn sort_key(row: &FlopRow, by: SortBy, chosen: usize) -> f64 {
    let seat = row.seats.get(chosen);
    match by {
        SortBy::Flop => row.flop.iter().fold(0.0, |k, c| {
            k * 64.0 + f64::from(c.rank().index()) * 4.0 + f64::from(c.suit().index())
        }),
        SortBy::Frequency => row.frequency,
        SortBy::Equity(k) => row.seats.get(k).map_or(0.0, |s| s.figures.equity),
        SortBy::Bucket(b) => seat.map_or(0.0, |s| s.buckets[b]),
        SortBy::Nuts => seat.map_or(0.0, |s| s.nut_share),
    }
}

/// The table's lines: the shown rows sorted, under their groups' lines
/// when grouped.
fn lines(
    state: &BoardsState,
    rows: &[FlopRow],
    shown: &[usize],
    chosen: usize,
) -> (Vec<Line>, Vec<Group>) {
    let (by, descending) = state.sort;
    let mut sorted = shown.to_vec();
    sorted.sort_by(|&a, &b| {
        let order = sort_key(&rows[a], by, chosen).total_cmp(&sort_key(&rows[b], by, chosen));
        if descending { order.reverse() } else { order }
    });
    let key = |row: &FlopRow| -> Option<(u8, String)> {
        let t = &row.texture;
        match state.group {
            GroupBy::Nothing => None,
            GroupBy::Suits => Some((suits_of(t) as u8, SUITS[suits_of(t)].to_owned())),
            GroupBy::Pairing => Some((pairing_of(t) as u8, PAIRINGS[pairing_of(t)].to_owned())),
            GroupBy::HighCard => Some((12 - t.high.index(), format!("{}-high", t.high.to_char()))),
        }
    };
    if state.group == GroupBy::Nothing {
        return (sorted.into_iter().map(Line::Flop).collect(), Vec::new());
    }
    let mut keyed: Vec<((u8, String), usize)> = sorted
        .into_iter()
        .filter_map(|i| key(&rows[i]).map(|k| (k, i)))
        .collect();
    // Stable: rows keep their sorted order within a group.
    keyed.sort_by_key(|k| k.0.0);
    let mut lines = Vec::new();
    let mut groups: Vec<Group> = Vec::new();
    let mut members: Vec<usize> = Vec::new();
    let flush =
        |name: String, members: &mut Vec<usize>, lines: &mut Vec<Line>, groups: &mut Vec<Group>| {
            if members.is_empty() {
                return;
            }
            lines.push(Line::Group(groups.len()));
            groups.push(aggregate(name, rows, members, chosen));
            lines.extend(members.drain(..).map(Line::Flop));
        };
    let mut current: Option<(u8, String)> = None;
    for (k, i) in keyed {
        if current.as_ref().map(|c| c.0) != Some(k.0) {
            if let Some((_, name)) = current.take() {
                flush(name, &mut members, &mut lines, &mut groups);
            }
            current = Some(k);
        }
        members.push(i);
    }
    if let Some((_, name)) = current {
        flush(name, &mut members, &mut lines, &mut groups);
    }
    (lines, groups)
}

/// A group's frequency-weighted figures.
fn aggregate(name: String, rows: &[FlopRow], members: &[usize], chosen: usize) -> Group {
    let frequency: f64 = members.iter().map(|&i| rows[i].frequency).sum();
    let seats = rows.first().map_or(0, |r| r.seats.len());
    let mean = |f: &dyn Fn(&FlopRow) -> f64| {
        members
            .iter()
            .map(|&i| rows[i].frequency * f(&rows[i]))
            .sum::<f64>()
            / frequency.max(f64::MIN_POSITIVE)
    };
    let equity = (0..seats)
        .map(|k| mean(&|r| r.seats[k].figures.equity))
        .collect();
    let buckets =
        std::array::from_fn(|b| mean(&|r| r.seats.get(chosen).map_or(0.0, |s| s.buckets[b])));
    let nuts = mean(&|r| r.seats.get(chosen).map_or(0.0, |s| s.nut_share));
    Group {
        name,
        frequency,
        equity,
        buckets,
        nuts,
    }
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
    let mean = |members: &mut dyn Iterator<Item = &FlopRow>, total: f64| {
        members
            .map(|r| r.frequency * r.seats.get(chosen).map_or(0.0, |s| s.figures.equity))
            .sum::<f64>()
            / total.max(f64::MIN_POSITIVE)
    };
    let shown_equity = mean(&mut shown.iter().map(|&i| &rows[i]), part);
    let all_equity = mean(&mut rows.iter(), all);
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

/// The chosen seat's equity on the shown flops, lowest to highest, each
/// flop as wide as its frequency: how often the seat stands where.
fn chart_ui(ui: &mut egui::Ui, rows: &[FlopRow], shown: &[usize], chosen: usize) {
    let mut points: Vec<(f64, f64, usize)> = shown
        .iter()
        .filter_map(|&i| {
            let e = rows[i].seats.get(chosen)?.figures.equity;
            Some((e, rows[i].frequency, i))
        })
        .collect();
    points.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total: f64 = points.iter().map(|p| p.1).sum();
    let mean = means(rows).get(chosen).copied().unwrap_or(0.5);
    // The equity axis: the shown flops' span, a little wider, in 0..=1.
    let low = (points.first().map_or(0.0, |p| p.0) - 0.02).max(0.0);
    let high = (points.last().map_or(1.0, |p| p.0) + 0.02)
        .min(1.0)
        .max(low + 0.01);
    let width = ui.available_width().max(100.0);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, 90.0), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, ui.visuals().extreme_bg_color);
    if total <= 0.0 {
        return;
    }
    let y = |e: f64| rect.bottom() - (e as f32) * rect.height();
    for level in [0.25, 0.5, 0.75] {
        painter.hline(
            rect.x_range(),
            y(level),
            Stroke::new(1.0, ui.visuals().faint_bg_color),
        );
    }
    let mut x = rect.left();
    let mut hovered = None;
    let pointer = response.hover_pos();
    for &(e, f, i) in &points {
        let w = (f / total) as f32 * rect.width();
        let bar = egui::Rect::from_min_max(egui::pos2(x, y(e)), egui::pos2(x + w, rect.bottom()));
        painter.rect_filled(bar, 0.0, swing_color(e, mean));
        if pointer.is_some_and(|p| p.x >= x && p.x < x + w.max(1.0)) {
            hovered = Some((e, i));
        }
        x += w;
    }
    let weak = ui.visuals().weak_text_color();
    let font = egui::FontId::proportional(11.0);
    painter.hline(rect.x_range(), y(mean), Stroke::new(1.0, weak));
    painter.text(
        egui::pos2(rect.left() + 4.0, y(mean) - 1.0),
        egui::Align2::LEFT_BOTTOM,
        format!("{:.1}% over every flop", 100.0 * mean),
        font.clone(),
        weak,
    );
    painter.text(
        rect.left_top() + egui::vec2(4.0, 2.0),
        egui::Align2::LEFT_TOP,
        "equity by flop, lowest to highest (width: how often it comes)",
        font.clone(),
        weak,
    );
    painter.text(
        rect.right_top() + egui::vec2(-4.0, 2.0),
        egui::Align2::RIGHT_TOP,
        format!("{:.0}%", 100.0 * high),
        font.clone(),
        weak,
    );
    painter.text(
        rect.right_bottom() + egui::vec2(-4.0, -2.0),
        egui::Align2::RIGHT_BOTTOM,
        format!("{:.0}%", 100.0 * low),
        font,
        weak,
    );
    if let Some((e, i)) = hovered {
        response.on_hover_text(format!("{}: {:.2}%", flop_text(&rows[i]), 100.0 * e));
    }
}

/// Each seat's frequency-weighted equity over `rows`.
pub(super) fn means(rows: &[FlopRow]) -> Vec<f64> {
    let total: f64 = rows.iter().map(|r| r.frequency).sum();
    let seats = rows.first().map_or(0, |r| r.seats.len());
    (0..seats)
        .map(|k| {
            rows.iter()
                .map(|r| r.frequency * r.seats[k].figures.equity)
                .sum::<f64>()
                / total.max(f64::MIN_POSITIVE)
        })
        .collect()
}
