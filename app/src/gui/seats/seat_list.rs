//! The seats panel: one compact row per seat (name, mode, range text,
//! a 13×13 thumbnail or the exact hand, and the equity under it from
//! [`super::equity`]), and buttons to add, remove and reorder seats. The
//! panel only reads the session: what the user asks for comes back as
//! [`SeatAction`]s.

use egui::{Color32, Rect, Sense, Stroke, StrokeKind, Vec2};
use engine::{HandClass, Range};

use super::equity::seat_bar_ui;
use super::hand_picker;
use super::line_rows::{rule_ui, street_bar_ui};
use super::marked_text::{error_note_ui, marked_layouter};
use crate::gui::editor::grid::FILL;
use crate::gui::state::feed::Feed;
use crate::gui::state::scenario::{SeatMode, SeatState, range_message};
use crate::gui::state::session::{MAX_SEATS, SeatAction, Session};

/// Thumbnail side in points.
const THUMB: f32 = 58.0;
/// The seats panel: the seats of `session` with their figures from `feed`.
/// Returns what the user asked for, for the app to apply after drawing.
pub fn seats_ui(ui: &mut egui::Ui, session: &Session, feed: &Feed) -> Vec<SeatAction> {
    let mut actions = Vec::new();
    ui.horizontal(|ui| {
        ui.heading("Seats");
        if ui
            .add_enabled(
                session.seats().len() < MAX_SEATS,
                egui::Button::new("Add seat"),
            )
            .on_hover_text(format!("Add a seat holding any hand (up to {MAX_SEATS})"))
            .clicked()
        {
            actions.push(SeatAction::Add);
        }
    });
    street_bar_ui(ui, session, feed, &mut actions);
    egui::ScrollArea::vertical()
        .id_salt("seats")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let removed = session.removed();
            for index in 0..session.seats().len() {
                if removed.is_some_and(|r| r.index == index) {
                    removed_ui(ui, session, &mut actions);
                }
                seat_row_ui(ui, session, feed, index, &mut actions);
            }
            if removed.is_some_and(|r| r.index >= session.seats().len()) {
                removed_ui(ui, session, &mut actions);
            }
        });
    hand_picker::picker_window_ui(ui, session, &mut actions);
    actions
}

/// One seat's row: thumbnail on the left; name, mode and buttons, the
/// range text, and the equity bar on the right.
fn seat_row_ui(
    ui: &mut egui::Ui,
    session: &Session,
    feed: &Feed,
    index: usize,
    actions: &mut Vec<SeatAction>,
) {
    let stroke = if session.selected() == index {
        ui.visuals().selection.stroke
    } else {
        ui.visuals().widgets.noninteractive.bg_stroke
    };
    egui::Frame::group(ui.style())
        .stroke(stroke)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    let seat = &session.seats()[index];
                    // A seat holding one hand shows its two cards.
                    let thumb = match seat.exact_hand() {
                        Some(hand) => hand_picker::hand_face_ui(ui, hand, THUMB),
                        None => thumbnail_ui(ui, &seat.range),
                    };
                    if thumb
                        .on_hover_text("Edit this seat's range on the grid")
                        .clicked()
                    {
                        actions.push(SeatAction::Select(index));
                    }
                    hand_picker::pick_button_ui(ui, index);
                    order_buttons_ui(ui, session, index, actions);
                });
                ui.vertical(|ui| {
                    let name_id = seat_header_ui(ui, session, index, actions);
                    seat_text_ui(ui, &session.seats()[index], index, name_id, actions);
                    rule_ui(ui, session, feed, index, actions);
                    seat_bar_ui(ui, session, feed, index);
                });
            });
        });
}

/// Where a seat was just removed: what went, and its undo in place.
fn removed_ui(ui: &mut egui::Ui, session: &Session, actions: &mut Vec<SeatAction>) {
    let Some(removed) = session.removed() else {
        return;
    };
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            let text = if removed.text.trim().is_empty() {
                format!("Removed {}", removed.name)
            } else {
                format!("Removed {} ({})", removed.name, removed.text)
            };
            ui.label(text);
            let undo = ui
                .button("⟲ Undo")
                .on_hover_text("Bring the seat back as it was");
            let label = format!("Undo removing {}", removed.name);
            undo.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
            if undo.clicked() {
                actions.push(SeatAction::UndoRemove);
            }
        });
    });
}

/// Move the seat up or down, and remove it, under its picture: away from
/// the range box, so no click meant for the box lands on the remove
/// button when a line above appears or goes.
fn order_buttons_ui(
    ui: &mut egui::Ui,
    session: &Session,
    index: usize,
    actions: &mut Vec<SeatAction>,
) {
    let count = session.seats().len();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(index > 0, egui::Button::new("⏶").small())
            .on_hover_text("Move this seat up")
            .clicked()
        {
            actions.push(SeatAction::Swap(index, index - 1));
        }
        if ui
            .add_enabled(index + 1 < count, egui::Button::new("⏷").small())
            .on_hover_text("Move this seat down")
            .clicked()
        {
            actions.push(SeatAction::Swap(index, index + 1));
        }
    });
    if count > 2 {
        let name = &session.seats()[index].name;
        let remove = ui
            .small_button("🗑")
            .on_hover_text("Remove this seat (the notice in its place undoes it)");
        let label = format!("Remove {name}");
        remove.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        if remove.clicked() {
            actions.push(SeatAction::Remove(index));
        }
    }
}

/// Name and mode; returns the name label's id.
fn seat_header_ui(
    ui: &mut egui::Ui,
    session: &Session,
    index: usize,
    actions: &mut Vec<SeatAction>,
) -> egui::Id {
    let seat = &session.seats()[index];
    ui.horizontal_wrapped(|ui| {
        // Tight, so the name, the mode and both arrows share one line in
        // the narrowest panel.
        ui.spacing_mut().item_spacing.x = 3.0;
        let name = ui
            .selectable_label(session.selected() == index, &seat.name)
            .on_hover_text("Edit this seat's range on the grid");
        if name.clicked() {
            actions.push(SeatAction::Select(index));
        }
        let mut mode = seat.mode;
        egui::ComboBox::from_id_salt(("mode", index))
            .width(50.0)
            .selected_text(mode.label())
            .show_ui(ui, |ui| {
                for m in SeatMode::ALL {
                    ui.selectable_value(&mut mode, m, m.label())
                        .on_hover_text(m.help());
                }
            })
            .response
            .on_hover_text(mode.help());
        if mode != seat.mode {
            actions.push(SeatAction::Mode(index, mode));
        }
        name.id
    })
    .inner
}

/// The range text box (wrapping, so a long range shows whole; Enter
/// leaves it, no newline is typed), and while its text does not parse the
/// error and what is counted, whole, under it (docs/design.md §8.1).
fn seat_text_ui(
    ui: &mut egui::Ui,
    seat: &SeatState,
    index: usize,
    label: egui::Id,
    actions: &mut Vec<SeatAction>,
) {
    let mut text = seat.text.clone();
    let mut layouter =
        marked_layouter(|text| Range::parse(text).err().map(|e| (e.offset, e.token.len())));
    let response = ui
        .add(
            egui::TextEdit::multiline(&mut text)
                .id_salt(("range", index))
                .hint_text(egui::RichText::new("e.g. QQ+, AKs, [50]AJs[/50], 15%").italics())
                .desired_rows(1)
                .desired_width(f32::INFINITY)
                .return_key(None)
                .layouter(&mut layouter),
        )
        .labelled_by(label);
    if response.gained_focus() {
        actions.push(SeatAction::Select(index));
    }
    if response.has_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
        response.surrender_focus();
    }
    // The message shown is the text's as typed, this frame's edit included.
    let message = if response.changed() {
        let message = range_message(&text);
        actions.push(SeatAction::Text(index, text));
        message
    } else {
        seat.error_message()
    };
    if let Some(message) = message {
        error_note_ui(ui, message);
    }
}

/// A 13×13 picture of `range` (each cell shaded by its average weight);
/// clicking it selects the seat (the trainer shows its spots' ranges so).
pub fn thumbnail_ui(ui: &mut egui::Ui, range: &Range) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(THUMB), Sense::click());
    let painter = ui.painter_at(rect);
    let cell = THUMB / 13.0;
    let empty = if ui.visuals().dark_mode {
        Color32::from_gray(52)
    } else {
        Color32::from_gray(215)
    };
    for class in HandClass::all() {
        let (row, column) = class.grid();
        let min = rect.min + Vec2::new(column as f32 * cell, row as f32 * cell);
        let r = Rect::from_min_size(min, Vec2::splat(cell)).shrink(0.25);
        let weight = range.class_summary(class).average_weight() as f32;
        let color = if weight > 0.0 {
            empty.lerp_to_gamma(FILL, 0.35 + 0.65 * weight)
        } else {
            empty
        };
        painter.rect_filled(r, 0.0, color);
    }
    let stroke = if response.hovered() {
        ui.visuals().widgets.hovered.fg_stroke
    } else {
        Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color)
    };
    painter.rect_stroke(rect, 0.0, stroke, StrokeKind::Inside);
    response
}
