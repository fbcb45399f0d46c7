//! A sortable table's header button, as the Boards table and the
//! hand-class table draw it: the column's name with an arrow when sorted
//! by it; a click sorts by it, again reverses.

use egui::RichText;

/// The header of the column sorted by `by`, in `sort` (the column and
/// whether descending). A first click on a column sorts it descending
/// (highest figures on top), except the `ascending` column (the natural
/// order); a click on the sorted column reverses it. `accessible`: what
/// the button is called to assistive technology (and the tests).
pub fn sort_header_ui<S: Copy + PartialEq>(
    ui: &mut egui::Ui,
    sort: &mut (S, bool),
    by: S,
    ascending: S,
    label: &str,
    accessible: String,
    help: &str,
) {
    let arrow = match *sort {
        (s, true) if s == by => " ⏷",
        (s, false) if s == by => " ⏶",
        _ => "",
    };
    let response = ui
        .add(egui::Button::selectable(
            sort.0 == by,
            RichText::new(format!("{label}{arrow}")).strong(),
        ))
        .on_hover_text(help);
    response.widget_info(|| {
        egui::WidgetInfo::selected(egui::Role::Button, true, sort.0 == by, &accessible)
    });
    if response.clicked() {
        *sort = if sort.0 == by {
            (by, !sort.1)
        } else {
            (by, by != ascending)
        };
    }
}
