//! The hand-class table drawn (egui_extras `TableBuilder`): a sortable
//! header, then a line per row — its category (click: select, and see its
//! combos on the grid), combos, share of the range, equity, the split
//! across the equity buckets and across the groups (bars, in words on
//! hover), and its blockers against the other seat. Made hands first, then
//! the draws (each part sorted on its own).

use egui::{Align, Color32, Layout, Rect, Sense, Vec2};
use egui_extras::{Column, TableBuilder};

use engine::study::{Blockers, ClassKey};

use super::rows::{BUCKET_LABELS, TableRow};
use crate::gui::editor::grid::heat_color;
use crate::gui::groups::colors::group_color;
use crate::gui::sort_header::sort_header_ui;

/// A line's height, in points.
const ROW_HEIGHT: f32 = 20.0;

/// The colours of the equity buckets' bars, strongest first.
const BUCKET_COLORS: [Color32; 4] = [
    Color32::from_rgb(45, 160, 75),
    Color32::from_rgb(160, 190, 60),
    Color32::from_rgb(225, 150, 40),
    Color32::from_rgb(200, 50, 45),
];

/// What the table is sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortBy {
    /// The engine's order (strongest made hand first; grid order).
    Order,
    /// Combos.
    Combos,
    /// Equity.
    Equity,
    /// The share in the top bucket (≥ 75%).
    Strong,
    /// The share of the other seat's strong hands blocked.
    BlocksStrong,
    /// The share of its weak hands blocked.
    BlocksWeak,
    /// Their difference.
    BlocksDifference,
    /// The equity against one other seat alone (its place in the table's
    /// `versus`).
    Versus(usize),
}

impl SortBy {
    /// The key of `row` (ascending).
    fn key(self, row: &TableRow) -> f64 {
        let blockers = row.blockers.unwrap_or(Blockers {
            strong: 0.0,
            weak: 0.0,
            difference: 0.0,
        });
        match self {
            SortBy::Order => 0.0,
            SortBy::Combos => row.row.combos,
            SortBy::Equity => row.row.equity.unwrap_or(-1.0),
            SortBy::Strong => row.buckets[0],
            SortBy::BlocksStrong => blockers.strong,
            SortBy::BlocksWeak => blockers.weak,
            SortBy::BlocksDifference => blockers.difference,
            SortBy::Versus(k) => row.versus.get(k).copied().flatten().unwrap_or(-1.0),
        }
    }
}

/// What the table shows.
pub struct Table<'a> {
    /// The made-hand rows (or the 169 classes).
    pub made: &'a [TableRow],
    /// The draw rows (empty for the 169 classes).
    pub draws: &'a [TableRow],
    /// The groups' names.
    pub names: &'a [String],
    /// The seat blockers are counted against, if any.
    pub against: Option<&'a str>,
    /// The selected row.
    pub selected: Option<&'a ClassKey>,
    /// With two other seats or more: their names, for the equity against
    /// each alone.
    pub versus: &'a [String],
}

/// `rows` in the order of `sort` (a stable sort: ties keep the engine's
/// order).
fn sorted(rows: &[TableRow], sort: (SortBy, bool)) -> Vec<&TableRow> {
    let mut out: Vec<&TableRow> = rows.iter().collect();
    if sort.0 != SortBy::Order {
        out.sort_by(|a, b| {
            let order = sort.0.key(a).total_cmp(&sort.0.key(b));
            if sort.1 { order.reverse() } else { order }
        });
    } else if sort.1 {
        out.reverse();
    }
    out
}

/// The table; returns the row clicked, if any, and the sort (changed by a
/// header click).
pub fn table_ui(
    ui: &mut egui::Ui,
    mut sort: (SortBy, bool),
    t: &Table<'_>,
) -> (Option<ClassKey>, (SortBy, bool)) {
    let mut clicked = None;
    let blockers = t.against.is_some();
    let made = sorted(t.made, sort);
    let draws = sorted(t.draws, sort);
    let mut header = |ui: &mut egui::Ui, label: &str, by: SortBy, help: &str| {
        let accessible = format!("sort classes by {label}");
        sort_header_ui(ui, &mut sort, by, SortBy::Order, label, accessible, help);
    };
    // Wider than the panel: the bar stays in sight, so the columns past
    // its edge are found.
    egui::ScrollArea::horizontal()
        .id_salt("class table scroll")
        .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
        .show(ui, |ui| {
            columns(TableBuilder::new(ui), t.versus.len(), blockers)
                .header(22.0, |mut row| {
                    row.col(|ui| header(ui, "Hand", SortBy::Order, "The engine's order"));
                    row.col(|ui| header(ui, "Combos", SortBy::Combos, "Combos, as they are dealt"));
                    row.col(|ui| {
                        ui.strong("%").on_hover_text("Share of the seat's range");
                    });
                    row.col(|ui| {
                        header(ui, "Eq", SortBy::Equity, "Equity against the other seats")
                    });
                    for (k, name) in t.versus.iter().enumerate() {
                        let help = format!(
                            "Equity against {name} alone (heads-up, the other seats left out)"
                        );
                        let label = format!("vs {}", short(name));
                        row.col(|ui| header(ui, &label, SortBy::Versus(k), &help));
                    }
                    row.col(|ui| {
                        header(
                            ui,
                            "Buckets",
                            SortBy::Strong,
                            "Split across equity buckets (≥ 75%, 50–75%, 25–50%, < 25%); \
                             sorts by the top one",
                        )
                    });
                    row.col(|ui| {
                        ui.strong("Groups")
                            .on_hover_text("Share of the row in each of the seat's groups");
                    });
                    if blockers {
                        let against = t.against.unwrap_or("");
                        let strong = format!("Share of {against}'s strong part blocked (its hands at 75% or more, or the group chosen)");
                        let weak = format!("Share of {against}'s weak hands (< 25%) blocked");
                        row.col(|ui| header(ui, "Blk+", SortBy::BlocksStrong, &strong));
                        row.col(|ui| header(ui, "Blk−", SortBy::BlocksWeak, &weak));
                        row.col(|ui| {
                            header(
                                ui,
                                "Δ",
                                SortBy::BlocksDifference,
                                "Strong blocked less weak blocked: positive is a bluffing \
                                 candidate",
                            )
                        });
                    }
                })
                .body(|mut body| {
                    for r in &made {
                        body.row(ROW_HEIGHT, |mut row| {
                            if line(&mut row, r, t) {
                                clicked = Some(r.row.category.clone());
                            }
                        });
                    }
                    if !draws.is_empty() {
                        body.row(ROW_HEIGHT, |mut row| {
                            row.col(|ui| {
                                ui.strong("Draws");
                            });
                        });
                    }
                    for r in &draws {
                        body.row(ROW_HEIGHT, |mut row| {
                            if line(&mut row, r, t) {
                                clicked = Some(r.row.category.clone());
                            }
                        });
                    }
                });
        });
    (clicked, sort)
}

/// The table's columns: fixed widths that hold every header with its
/// sort arrow and the longest label ("pocket pair below top card"), so
/// selecting or sorting moves no column; `versus` seats' equities and the
/// blockers when `blockers`.
fn columns(builder: TableBuilder<'_>, versus: usize, blockers: bool) -> TableBuilder<'_> {
    let builder = builder
        .id_salt("class table")
        .striped(true)
        .vscroll(false)
        .cell_layout(Layout::left_to_right(Align::Center))
        .column(Column::exact(196.0))
        .column(Column::exact(78.0))
        .column(Column::exact(44.0))
        .column(Column::exact(52.0))
        .columns(Column::exact(84.0), versus)
        .column(Column::exact(98.0))
        .column(Column::exact(74.0));
    if blockers {
        builder
            .columns(Column::exact(58.0), 2)
            .column(Column::exact(48.0))
    } else {
        builder
    }
}

/// One row; returns whether its label was clicked.
fn line(row: &mut egui_extras::TableRow<'_, '_>, r: &TableRow, t: &Table<'_>) -> bool {
    let selected = t.selected == Some(&r.row.category);
    row.set_selected(selected);
    let mut clicked = false;
    row.col(|ui| {
        clicked = ui
            .selectable_label(selected, r.row.category.to_string())
            .on_hover_text("Click to highlight these combos on the grid")
            .clicked();
    });
    row.col(|ui| {
        ui.label(format!("{:.1}", r.row.combos));
    });
    row.col(|ui| {
        ui.label(format!("{:.1}", 100.0 * r.row.share));
    });
    row.col(|ui| match r.row.equity {
        Some(equity) => {
            ui.colored_label(heat_color(equity as f32), format!("{:.1}", 100.0 * equity));
        }
        None => {
            ui.weak("cannot be dealt")
                .on_hover_text("Every combo of the row clashes with another seat's cards");
        }
    });
    for k in 0..t.versus.len() {
        row.col(|ui| match r.versus.get(k).copied().flatten() {
            Some(equity) => {
                ui.colored_label(heat_color(equity as f32), format!("{:.1}", 100.0 * equity));
            }
            None => {
                ui.weak("–");
            }
        });
    }
    row.col(|ui| {
        let text = BUCKET_LABELS
            .iter()
            .zip(r.buckets)
            .map(|(label, share)| format!("{label}: {:.1}%", 100.0 * share))
            .collect::<Vec<_>>()
            .join("\n");
        let colors: Vec<(f64, Color32)> = r.buckets.into_iter().zip(BUCKET_COLORS).collect();
        bar(ui, &colors).on_hover_text(text);
    });
    row.col(|ui| {
        let text = t
            .names
            .iter()
            .zip(r.groups)
            .map(|(name, share)| format!("{name}: {:.1}%", 100.0 * share))
            .collect::<Vec<_>>()
            .join("\n");
        let colors: Vec<(f64, Color32)> = r
            .groups
            .iter()
            .enumerate()
            .map(|(g, &share)| (share, group_color(g)))
            .collect();
        bar(ui, &colors).on_hover_text(text);
    });
    if let Some(b) = r.blockers.filter(|_| t.against.is_some()) {
        for x in [b.strong, b.weak] {
            row.col(|ui| {
                ui.label(format!("{:.1}", 100.0 * x));
            });
        }
        row.col(|ui| {
            ui.label(format!("{:+.1}", 100.0 * b.difference));
        });
    }
    clicked
}

/// A seat's name cut to fit a narrow column's header (the whole name is
/// in its tooltip).
fn short(name: &str) -> String {
    let mut chars = name.chars();
    let cut: String = chars.by_ref().take(5).collect();
    if chars.next().is_some() {
        format!("{cut}…")
    } else {
        cut
    }
}

/// A horizontal bar split in `parts` (share, colour), on the faint
/// background where they leave room.
fn bar(ui: &mut egui::Ui, parts: &[(f64, Color32)]) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::new(48.0, 10.0), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, ui.visuals().faint_bg_color);
    let mut x = rect.min.x;
    for &(share, color) in parts {
        let width = share.clamp(0.0, 1.0) as f32 * rect.width();
        if width > 0.0 {
            painter.rect_filled(
                Rect::from_min_size(egui::pos2(x, rect.min.y), Vec2::new(width, rect.height())),
                0.0,
                color,
            );
            x += width;
        }
    }
    response
}
