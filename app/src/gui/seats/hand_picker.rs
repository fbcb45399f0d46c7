//! The hand picker: a small deck for choosing one seat's exact hand with
//! two clicks, and the two-card face a seat holding one hand shows in place
//! of its 13×13 thumbnail.
//!
//! Which seat the picker is open for, and the first card picked, live in
//! egui's temporary memory: they are view state, never saved.

use egui::{Color32, Rect, Sense, Stroke, StrokeKind, Vec2};
use engine::{Card, CardSet, Combo};

use crate::gui::cards::{deck_rows_ui, paint_card, small_card_ui};
use crate::gui::state::session::{SeatAction, Session};

/// What the picker shows: the seat it is open for and the first card.
#[derive(Clone, Copy, Debug, Default)]
struct Picking {
    seat: Option<usize>,
    first: Option<Card>,
    /// Where the window opens: beside the seat's button.
    anchor: egui::Pos2,
}

/// The key of the picker's state in egui's memory.
fn picking_id() -> egui::Id {
    egui::Id::unique("hand picker")
}

/// The seat the picker is open for, if any.
pub fn picker_seat(ctx: &egui::Context) -> Option<usize> {
    ctx.data(|d| d.get_temp::<Picking>(picking_id()))
        .and_then(|p| p.seat)
}

/// Opens the picker for seat `index` beside `anchor` (or closes it if it
/// was open for that seat).
fn toggle(ctx: &egui::Context, index: usize, anchor: egui::Pos2) {
    ctx.data_mut(|d| {
        let picking = d.get_temp_mut_or_default::<Picking>(picking_id());
        *picking = if picking.seat == Some(index) {
            Picking::default()
        } else {
            Picking {
                seat: Some(index),
                first: None,
                anchor,
            }
        };
    });
}

/// The small button on a seat row that opens the picker.
pub fn pick_button_ui(ui: &mut egui::Ui, index: usize) {
    let open = picker_seat(ui.ctx()) == Some(index);
    let button = ui
        .selectable_label(open, "Pick hand")
        .on_hover_text("Pick this seat's exact hand: click two cards");
    if button.clicked() {
        toggle(
            ui.ctx(),
            index,
            button.rect.right_top() + Vec2::new(8.0, 0.0),
        );
    }
}

/// The picker window, when open: a 52-card deck where the cards the seat
/// cannot hold (board, dead cards, other seats' exact hands) are blocked.
/// The second click sets the seat's hand.
pub fn picker_window_ui(ui: &egui::Ui, session: &Session, actions: &mut Vec<SeatAction>) {
    let ctx = ui.ctx().clone();
    let mut picking = ctx
        .data(|d| d.get_temp::<Picking>(picking_id()))
        .unwrap_or_default();
    let Some(index) = picking.seat.filter(|&i| i < session.seats().len()) else {
        return;
    };
    let seat = &session.seats()[index];
    // The whole board, whatever street is shown: a hand holding a later
    // street's card could not be dealt there.
    let blocked =
        CardSet::from_bits(session.blocked_for(index).bits() | session.known_cards().bits());
    let mut open = true;
    egui::Window::new(format!("Hand for {}", seat.name))
        .id(egui::Id::unique("hand picker window"))
        .collapsible(false)
        .resizable(false)
        .current_pos(picking.anchor)
        .constrain(true)
        .open(&mut open)
        .show(&ctx, |ui| {
            ui.label(match picking.first {
                None => "Click two cards.".to_owned(),
                Some(card) => format!("{card} and…"),
            });
            if let Some(card) = deck_ui(ui, blocked, picking.first) {
                match picking.first {
                    None => picking.first = Some(card),
                    Some(first) if first == card => picking.first = None,
                    Some(first) => {
                        if let Some(combo) = Combo::new(first, card) {
                            actions.push(SeatAction::Hand(index, combo));
                        }
                        picking = Picking::default();
                    }
                }
            }
            ui.horizontal(|ui| {
                if ui.button("Cancel").clicked() {
                    picking = Picking::default();
                }
                if let Some(hand) = seat.exact_hand() {
                    ui.weak(format!("now: {hand}"));
                }
            });
        });
    if !open {
        picking = Picking::default();
    }
    ctx.data_mut(|d| d.insert_temp(picking_id(), picking));
}

/// The deck: four suit rows, aces first; returns the card clicked.
fn deck_ui(ui: &mut egui::Ui, blocked: CardSet, first: Option<Card>) -> Option<Card> {
    deck_rows_ui(ui, |ui, card, size| {
        let usable = !blocked.contains(card);
        let (rect, response, painter) =
            small_card_ui(ui, card, size, usable, &format!("hand {card}"));
        if !usable {
            painter.rect_filled(rect, 4.0, Color32::from_black_alpha(170));
            response.on_disabled_hover_text(format!(
                "{card}: on the board, dead, or in another seat's hand"
            ));
            return false;
        }
        if first == Some(card) {
            let stroke = Stroke::new(2.5, ui.visuals().selection.stroke.color);
            painter.rect_stroke(rect, 4.0, stroke, StrokeKind::Inside);
        }
        response.clicked()
    })
}

/// The two cards of `hand`, side by side in a `side`-point square; clicking
/// them selects the seat.
pub fn hand_face_ui(ui: &mut egui::Ui, hand: Combo, side: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(side), Sense::click());
    let gap = 2.0;
    let width = (side - gap) / 2.0;
    let height = (width * 1.4).min(side);
    let top = rect.min.y + (side - height) / 2.0;
    let painter = ui.painter_at(rect);
    for (i, card) in [hand.hi(), hand.lo()].into_iter().enumerate() {
        let min = egui::pos2(rect.min.x + i as f32 * (width + gap), top);
        let card_rect = Rect::from_min_size(min, Vec2::new(width, height));
        paint_card(ui, &painter, card_rect, card, 17.0);
    }
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Button, true, format!("seat hand {hand}"))
    });
    response
}
