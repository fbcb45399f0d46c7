//! The Boards view's table: egui_extras'
//! `TableBuilder` with virtualised rows, a sortable header, a line per flop
//! class (click: put it on the board) and a line per group with its
//! frequency-weighted aggregate.

use egui::{Align, Color32, Layout, RichText};
use egui_extras::{Column, TableBuilder};
use engine::study::FlopRow;

use super::lines::{Group, Line, flop_text};
use super::state::SortBy;
use super::swing::swing_text;
use crate::gui::cards::card_job;
use crate::gui::sort_header::sort_header_ui;

/// Column headers of the buckets, strongest first.
const BUCKETS: [&str; 4] = ["75+", "50-75", "25-50", "<25"];
/// Height of the table's header.
const HEADER_HEIGHT: f32 = 22.0;

/// Row height of the table.
const ROW_HEIGHT: f32 = 20.0;

/// What the table shows.
pub(super) struct Table<'a> {
    pub(super) rows: &'a [FlopRow],
    pub(super) lines: &'a [Line],
    pub(super) groups: &'a [Group],
    pub(super) chosen: usize,
    pub(super) name: &'a dyn Fn(usize) -> String,
    pub(super) board: &'a [engine::Card],
    pub(super) dark: bool,
    /// Each seat's equity over every flop.
    pub(super) means: Vec<f64>,
    /// On a line, the active seats (positions) with a flop rule: the
    /// table adds the reach and their continue shares.
    pub(super) ruled: &'a [usize],
}

/// The table; returns the flop clicked, if any, and the sort (changed by a
/// header click).
pub(super) fn table_ui(
    ui: &mut egui::Ui,
    mut sort: (SortBy, bool),
    t: &Table<'_>,
) -> (Option<[engine::Card; 3]>, (SortBy, bool)) {
    let seats = t.seats();
    let mut clicked = None;
    let body_height = body_height(ui);
    let mut builder = TableBuilder::new(ui)
        .id_salt("boards table")
        // Shown from the start: a bar that fades in as the rows come
        // would draw frames the count could use.
        .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
        // As high as what is left of the tile, however many rows are in:
        // a table that grows as they come would make the tile's own
        // scroll bar come and go.
        .auto_shrink([false, false])
        .min_scrolled_height(MIN_BODY_HEIGHT)
        .max_scroll_height(body_height)
        .striped(true)
        .cell_layout(Layout::left_to_right(Align::Center));
    for width in t.fixed_widths() {
        builder = builder.column(Column::exact(width));
    }
    builder = builder.column(Column::remainder().at_least(TEXTURE_MIN));
    // A new column sorts descending first (highest equity on top), the
    // flop column ascending.
    let mut header = |ui: &mut egui::Ui, label: &str, by: SortBy, help: &str| {
        let accessible = format!("sort by {label}");
        sort_header_ui(ui, &mut sort, by, SortBy::Flop, label, accessible, help);
    };
    builder
        .header(HEADER_HEIGHT, |mut row| {
            row.col(|ui| header(ui, "Flop", SortBy::Flop, "Sort by the flop's cards"));
            row.col(|ui| {
                header(
                    ui,
                    "Freq",
                    SortBy::Frequency,
                    "How likely the flop comes, given the ranges",
                )
            });
            for k in 0..seats {
                row.col(|ui| {
                    header(
                        ui,
                        &(t.name)(k),
                        SortBy::Equity(k),
                        "The seat's equity on this flop",
                    )
                });
            }
            for (b, label) in BUCKETS.iter().enumerate() {
                let help = "Share of the chosen seat's range with this equity on the flop";
                row.col(|ui| header(ui, label, SortBy::Bucket(b), help));
            }
            row.col(|ui| {
                header(
                    ui,
                    "Nuts",
                    SortBy::Nuts,
                    "Share of the chosen seat's range with two pair or better",
                )
            });
            if !t.ruled.is_empty() {
                row.col(|ui| {
                    header(
                        ui,
                        "Reach",
                        SortBy::Reach,
                        "How often every seat continues on this flop (each seat's flop rule)",
                    )
                });
                for &k in t.ruled {
                    row.col(|ui| {
                        header(
                            ui,
                            &format!("Cont. {}", (t.name)(k)),
                            SortBy::Continue(k),
                            "The share of the seat's range its flop rule keeps on this flop",
                        )
                    });
                }
            }
            row.col(|ui| {
                ui.strong("Texture");
            });
        })
        .body(|body| {
            body.rows(ROW_HEIGHT, t.lines.len(), |mut row| {
                match t.lines[row.index()] {
                    Line::Group(g) => group_row(&mut row, &t.groups[g], t),
                    Line::Flop(i) => {
                        let r = &t.rows[i];
                        row.set_selected(same_flop(&r.flop, t.board));
                        if flop_row(&mut row, r, t) {
                            clicked = Some(r.flop);
                        }
                    }
                }
            });
        });
    (clicked, sort)
}

/// The least height of the table's rows when the tile is short (the tile
/// scrolls then).
const MIN_BODY_HEIGHT: f32 = 120.0;

/// The height left in `ui` for the table's rows, under its header.
fn body_height(ui: &egui::Ui) -> f32 {
    let header = HEADER_HEIGHT + ui.spacing().item_spacing.y;
    (ui.available_height() - header).max(MIN_BODY_HEIGHT)
}

/// The narrowest the texture column (the last, taking what is left) gets.
const TEXTURE_MIN: f32 = 120.0;

impl Table<'_> {
    /// Seats with an equity column.
    fn seats(&self) -> usize {
        self.rows.first().map_or(0, |r| r.seats.len())
    }

    /// The widths of the columns before the texture: flop, frequency,
    /// each seat's equity, the four buckets and nuts, then on a line the
    /// reach and each ruled seat's continue share.
    fn fixed_widths(&self) -> Vec<f32> {
        let mut widths = vec![110.0, 62.0];
        widths.extend(std::iter::repeat_n(70.0, self.seats()));
        widths.extend(std::iter::repeat_n(50.0, 5));
        if !self.ruled.is_empty() {
            widths.push(60.0);
            widths.extend(std::iter::repeat_n(96.0, self.ruled.len()));
        }
        widths
    }
}

/// The narrowest `ui` can be for the table to fit without cutting a
/// column (its vertical scroll bar included). The view shows a horizontal
/// scroll bar exactly when it is narrower: decided from the layout, not
/// from what was drawn, so no bar fades in and out as rows come (each
/// fade is frames taken from the count).
pub(super) fn min_width(ui: &egui::Ui, t: &Table<'_>) -> f32 {
    let widths = t.fixed_widths();
    let spacing = ui.spacing();
    let gaps = spacing.item_spacing.x * widths.len() as f32;
    widths.iter().sum::<f32>() + TEXTURE_MIN + gaps + spacing.scroll.allocated_width()
}

/// Whether `board` is `flop` (in any order).
pub(super) fn same_flop(flop: &[engine::Card; 3], board: &[engine::Card]) -> bool {
    board.len() == 3 && flop.iter().all(|c| board.contains(c))
}

fn percent(ui: &mut egui::Ui, value: f64) {
    ui.label(format!("{:.1}", 100.0 * value));
}

/// One flop class; returns whether its flop was clicked.
fn flop_row(row: &mut egui_extras::TableRow<'_, '_>, r: &FlopRow, t: &Table<'_>) -> bool {
    let mut clicked = false;
    row.col(|ui| {
        let job = card_job(r.flop.iter().copied(), 14.0, t.dark);
        let response =
            ui.add(egui::Button::selectable(same_flop(&r.flop, t.board), job).frame(false));
        response.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, true, format!("flop {}", flop_text(r)))
        });
        let mut help = format!(
            "{}: put it on the board\n{} flop(s) like it",
            flop_text(r),
            r.count
        );
        if let Some(seat) = r.seats.get(t.chosen) {
            help.push_str(&format!("\n{}'s hits:", (t.name)(t.chosen)));
            for (what, share) in &seat.hits {
                help.push_str(&format!("\n  {what}: {:.1}%", 100.0 * share));
            }
        }
        clicked = response.on_hover_text(help).clicked();
    });
    row.col(|ui| {
        ui.label(format!("{:.3}%", 100.0 * r.frequency));
    });
    for (k, seat) in r.seats.iter().enumerate() {
        let mean = t.means.get(k).copied().unwrap_or(0.5);
        row.col(|ui| {
            let e = seat.figures.equity;
            let text = if seat.figures.std_error > 0.0 {
                format!("{:.1}±{:.1}", 100.0 * e, 100.0 * seat.figures.std_error)
            } else {
                format!("{:.2}%", 100.0 * e)
            };
            ui.label(RichText::new(text).color(swing_text(e, mean, t.dark)));
        });
    }
    let chosen = r.seats.get(t.chosen);
    for b in 0..4 {
        row.col(|ui| percent(ui, chosen.map_or(0.0, |s| s.buckets[b])));
    }
    row.col(|ui| percent(ui, chosen.map_or(0.0, |s| s.nut_share)));
    if !t.ruled.is_empty() {
        row.col(|ui| percent(ui, r.reach));
        for &k in t.ruled {
            let share = r.seats.get(k).and_then(|s| s.continue_share);
            row.col(|ui| percent(ui, share.unwrap_or(0.0)));
        }
    }
    row.col(|ui| {
        ui.weak(r.texture.tags().join(", "));
    });
    clicked
}

/// A group's aggregate line.
fn group_row(row: &mut egui_extras::TableRow<'_, '_>, g: &Group, t: &Table<'_>) {
    let (means, dark) = (&t.means, t.dark);
    row.set_overline(true);
    row.col(|ui| {
        ui.strong(&g.name);
    });
    row.col(|ui| {
        ui.strong(format!("{:.2}%", 100.0 * g.frequency));
    });
    for (k, &mean) in means.iter().enumerate() {
        row.col(|ui| {
            match g.equity.get(k).copied().flatten() {
                Some(e) => ui.label(
                    RichText::new(format!("{:.2}%", 100.0 * e))
                        .strong()
                        .color(swing_text(e, mean, dark)),
                ),
                None => ui
                    .label(RichText::new("—").strong())
                    .on_hover_text("The line gets to none of these flops: no equity there"),
            };
        });
    }
    for b in 0..4 {
        row.col(|ui| {
            ui.strong(format!("{:.1}", 100.0 * g.buckets[b]));
        });
    }
    row.col(|ui| {
        ui.strong(format!("{:.1}", 100.0 * g.nuts));
    });
    if !t.ruled.is_empty() {
        row.col(|ui| {
            ui.strong(format!("{:.1}", 100.0 * g.reach));
        });
        for &k in t.ruled {
            let share = g.continues.get(k).copied().flatten().unwrap_or(0.0);
            row.col(|ui| {
                ui.strong(format!("{:.1}", 100.0 * share));
            });
        }
    }
    row.col(|ui| {
        ui.colored_label(Color32::GRAY, "group (frequency-weighted)");
    });
}
