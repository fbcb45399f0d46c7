//! The Hands view's table: egui_extras' `TableBuilder` with virtualised
//! rows and sortable headers, a row per hand seen from the hero (its Open
//! button, or a double click on its name, opens it as the spot).

use egui::{Align, Layout, RichText};
use egui_extras::{Column, TableBuilder};
use engine::hands::HandReport;

use super::rows::{SortBy, hand_label, hero_figures, stakes_text, street_reached, time_text};
use crate::gui::sort_header::sort_header_ui;

/// Row height of the table.
const ROW_HEIGHT: f32 = 20.0;

/// What the table shows and what it keeps.
pub(super) struct Table<'a> {
    pub(super) reports: &'a [HandReport],
    pub(super) rows: &'a [usize],
    pub(super) hero: &'a str,
    /// The hand chosen (highlighted).
    pub(super) chosen: Option<usize>,
    /// The scroll place to restore, if any.
    pub(super) restore: Option<f32>,
}

/// What the player did in the table.
#[derive(Debug, Default)]
pub(super) struct Clicked {
    /// A hand chosen (a click).
    pub(super) chosen: Option<usize>,
    /// A hand to open (its button, or a double click).
    pub(super) open: Option<usize>,
    /// The scroll place now.
    pub(super) scroll: f32,
}

/// The table; the sort changes with a header click.
pub(super) fn table_ui(ui: &mut egui::Ui, sort: &mut (SortBy, bool), t: &Table<'_>) -> Clicked {
    let mut clicked = Clicked::default();
    let mut builder = TableBuilder::new(ui)
        .id_salt("hands table")
        .striped(true)
        .cell_layout(Layout::left_to_right(Align::Center))
        // Open, the hand, the hero's figures; then the time and stakes,
        // which a narrow tile scrolls to.
        .column(Column::exact(50.0))
        .column(Column::initial(165.0).at_least(90.0).clip(true))
        .column(Column::exact(44.0))
        .columns(Column::exact(52.0), 2)
        .columns(Column::exact(74.0), 2)
        .column(Column::initial(130.0).at_least(70.0).clip(true))
        .column(Column::initial(90.0).at_least(50.0).clip(true))
        .column(Column::remainder().at_least(20.0));
    if let Some(offset) = t.restore {
        builder = builder.vertical_scroll_offset(offset);
    }
    let mut header = |ui: &mut egui::Ui, label: &str, by: SortBy, help: &str| {
        let accessible = format!("sort hands by {label}");
        sort_header_ui(ui, sort, by, SortBy::Hand, label, accessible, help);
    };
    let output = builder
        .header(22.0, |mut row| {
            row.col(|ui| {
                ui.strong("");
            });
            row.col(|ui| header(ui, "Hand", SortBy::Hand, "The site and hand number, in the order read"));
            row.col(|ui| header(ui, "Pos", SortBy::Position, "The hero's position"));
            row.col(|ui| header(ui, "Street", SortBy::Street, "The last street dealt"));
            row.col(|ui| {
                header(ui, "All-in", SortBy::AllIn, "The street of the all-in counted, if any")
            });
            row.col(|ui| header(ui, "Result", SortBy::Result, "The hero's result"));
            row.col(|ui| {
                header(
                    ui,
                    "Expected",
                    SortBy::Expected,
                    "The hero's expected result at the all-in: each pot's share by exact equity, less what the hero put in",
                )
            });
            row.col(|ui| header(ui, "Time", SortBy::Time, "When it was played"));
            row.col(|ui| header(ui, "Stakes", SortBy::Stakes, "The blinds"));
            row.col(|_| {});
        })
        .body(|body| {
            body.rows(ROW_HEIGHT, t.rows.len(), |mut row| {
                let index = t.rows[row.index()];
                row.set_selected(t.chosen == Some(index));
                let chosen = t.chosen == Some(index);
                match hand_row(&mut row, &t.reports[index], t.hero, chosen) {
                    RowClick::Open => clicked.open = Some(index),
                    RowClick::Choose => clicked.chosen = Some(index),
                    RowClick::Nothing => {}
                }
            });
        });
    clicked.scroll = output.state.clamped_offset().y;
    clicked
}

/// Money to two places, signed.
pub(super) fn signed(value: f64) -> String {
    format!("{value:+.2}")
}

/// What a click on a row asked for.
enum RowClick {
    /// Nothing.
    Nothing,
    /// Choose the hand (a click on its name).
    Choose,
    /// Open it (its Open button, or a double click on its name).
    Open,
}

/// One hand's row (`chosen`: highlighted).
fn hand_row(
    row: &mut egui_extras::TableRow<'_, '_>,
    report: &HandReport,
    hero: &str,
    chosen: bool,
) -> RowClick {
    let label = hand_label(report);
    let figures = hero_figures(report, hero);
    let mut click = RowClick::Nothing;
    row.col(|ui| {
        let response = ui
            .small_button("Open")
            .on_hover_text("Open the hand as the spot");
        response.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, true, format!("open {label}"))
        });
        if response.clicked() {
            click = RowClick::Open;
        }
    });
    row.col(|ui| {
        let response = ui
            .add(egui::Button::selectable(chosen, &label).frame(false))
            .on_hover_text("Double-click: open the hand as the spot");
        if response.double_clicked() {
            click = RowClick::Open;
        } else if response.clicked() {
            click = RowClick::Choose;
        }
    });
    row.col(|ui| {
        ui.label(figures.position.unwrap_or("—"));
    });
    row.col(|ui| {
        ui.label(street_reached(report).name());
    });
    row.col(|ui| {
        ui.label(report.all_in.as_ref().map_or("—", |a| a.street.name()));
    });
    row.col(|ui| {
        let text = figures
            .result
            .map_or("—".to_owned(), |r| signed(r.to_f64()));
        ui.label(RichText::new(text).monospace());
    });
    row.col(|ui| {
        let text = figures.expected.map_or("—".to_owned(), signed);
        ui.label(RichText::new(text).monospace());
    });
    row.col(|ui| {
        ui.label(time_text(report));
    });
    row.col(|ui| {
        ui.label(stakes_text(report));
    });
    row.col(|_| {});
    click
}
