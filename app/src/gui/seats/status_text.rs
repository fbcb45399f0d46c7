//! A seat's status text (its combos and how they are counted, what its
//! rule keeps): whole on up to two lines, always two lines high, so the
//! rows under it never move when the figures come or their text grows.

use egui::{Align, FontSelection, RichText, TextWrapMode, WidgetText};

/// The lines a status text may take (and always takes).
const LINES: usize = 2;

/// Shows `text` wrapped in the width there is, in a space [`LINES`] rows
/// high; a longer text ends with "…" and `hover` (its whole, or more)
/// shows on hover.
pub fn status_text_ui(ui: &mut egui::Ui, text: RichText, hover: String) {
    let row = ui.text_style_height(&egui::TextStyle::Body);
    let height = LINES as f32 * row;
    let width = ui.available_width();
    let mut job =
        WidgetText::from(text).into_layout_job(ui.style(), FontSelection::Default, Align::Min);
    let job_mut = std::sync::Arc::make_mut(&mut job);
    job_mut.wrap.max_rows = LINES;
    job_mut.wrap.overflow_character = Some('…');
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        egui::Layout::top_down(Align::Min),
        |ui| {
            ui.set_min_size(egui::vec2(width, height));
            ui.add(egui::Label::new(job).wrap_mode(TextWrapMode::Wrap))
                .on_hover_text(hover);
        },
    );
}
