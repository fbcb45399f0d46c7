//! Text with its bad token marked: a range or a rule that does not parse
//! shows its error at the token itself, in the box where it is typed, and
//! the message under a box in error, whole.

use egui::Stroke;

/// Text laid out with its bad token (`bad`: byte offset and length), if
/// any, in the error colour and underlined: a parse error shows at the
/// token itself.
pub fn marked_job(ui: &egui::Ui, text: &str, bad: Option<(usize, usize)>) -> egui::text::LayoutJob {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let normal = egui::TextFormat::simple(font.clone(), ui.visuals().text_color());
    let mut job = egui::text::LayoutJob::default();
    let bad = bad.map(|(offset, len)| {
        let start = floor_boundary(text, offset.min(text.len()));
        let end = floor_boundary(text, (offset + len.max(1)).min(text.len()));
        (start, end.max(start))
    });
    match bad {
        Some((start, end)) if end > start => {
            let error = ui.visuals().error_fg_color;
            let marked = egui::TextFormat {
                color: error,
                underline: Stroke::new(1.5, error),
                ..egui::TextFormat::simple(font, error)
            };
            job.append(&text[..start], 0.0, normal.clone());
            job.append(&text[start..end], 0.0, marked);
            job.append(&text[end..], 0.0, normal);
        }
        _ => job.append(text, 0.0, normal),
    }
    job
}

/// The largest char boundary of `text` at or before `at`.
fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A text box's layouter that marks the bad token `bad` finds in its text
/// (byte offset and length) and wraps at the box's width.
pub fn marked_layouter(
    bad: impl Fn(&str) -> Option<(usize, usize)>,
) -> impl FnMut(&egui::Ui, &dyn egui::TextBuffer, f32) -> std::sync::Arc<egui::Galley> {
    move |ui, buffer, wrap_width| {
        let text = buffer.as_str();
        let mut job = marked_job(ui, text, bad(text));
        job.wrap.max_width = wrap_width;
        ui.fonts_mut(|f| f.layout_job(job))
    }
}

/// A field's error and what is counted, whole (wrapped, never cut).
pub fn error_note_ui(ui: &mut egui::Ui, message: String) {
    ui.add(
        egui::Label::new(egui::RichText::new(message).color(ui.visuals().error_fg_color))
            .wrap_mode(egui::TextWrapMode::Wrap),
    );
}
