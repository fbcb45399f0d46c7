//! The board and dead-card picker: five board slots, a 52-card deck in four
//! suit rows, random flop/turn/river, and keyboard entry.

use egui::{Color32, FontId, Sense, Stroke, StrokeKind, Vec2};
use engine::{Card, CardSet};

use crate::gui::cards::{deck_rows_ui, paint_card, small_card_ui};
use crate::gui::shortcuts::command_key;
use crate::gui::state::prefs::CardMode;
use crate::gui::state::session::Session;
use crate::gui::wording::plural;

/// A board slot, where there is room for it.
const SLOT: Vec2 = Vec2::new(44.0, 58.0);
/// The space before the turn and before the river.
const STREET_GAP: f32 = 8.0;
/// The least width that holds the heading and the deck picks on one line.
const ONE_LINE_HEADING: f32 = 330.0;

/// What a card of the deck is, for drawing and clicking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CardUse {
    Free,
    Board,
    Dead,
    /// Held by a seat's exact hand.
    Hand,
}

/// The board section of the right panel: the slots, the deck (clicking
/// it does what `mode` says), random streets and the card texts.
pub fn board_ui(ui: &mut egui::Ui, session: &mut Session, mode: &mut CardMode) {
    // In a narrow tile the picks go on a line of their own.
    if ui.available_width() >= ONE_LINE_HEADING {
        ui.horizontal(|ui| {
            ui.heading("Board");
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                picks_ui(ui, mode, true);
            });
        });
    } else {
        ui.heading("Board");
        ui.horizontal(|ui| picks_ui(ui, mode, false));
    }
    slots_ui(ui, session);
    deck_line_ui(ui, session, *mode);
    ui.add_space(4.0);
    deck_ui(ui, session, *mode);
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        let streets = [
            (
                "Random flop",
                format!(
                    "Deal a new random flop from the live cards ({}+R)",
                    command_key(ui.ctx())
                ),
                3,
            ),
            (
                "Random turn",
                "Deal a random turn (and a flop first if there is none)".to_owned(),
                4,
            ),
            (
                "Random river",
                "Deal a random river (and whatever comes before it)".to_owned(),
                5,
            ),
        ];
        for (label, hint, cards) in streets {
            if ui.button(label).on_hover_text(hint).clicked() {
                session.random_board(cards);
            }
        }
        if ui
            .add_enabled(
                !session.board().is_empty(),
                egui::Button::new("Clear board"),
            )
            .clicked()
        {
            session.set_board(Vec::new());
        }
        if ui
            .add_enabled(!session.dead().is_empty(), egui::Button::new("Clear dead"))
            .clicked()
        {
            session.set_dead(CardSet::EMPTY);
        }
    });
    egui::Grid::new("card texts")
        .num_columns(2)
        .spacing([6.0, 4.0])
        .show(ui, |ui| {
            let board = cards_entry_ui(
                ui,
                "Board",
                session.board_text(),
                session.board_message(),
                "e.g. Ah7d2c",
                "Flop, turn and river by keyboard: 0, 3, 4 or 5 cards, e.g. Ah7d2c",
            );
            if let Some(text) = board {
                session.set_board_text(&text);
            }
            let dead = cards_entry_ui(
                ui,
                "Dead",
                session.dead_text(),
                session.dead_message(),
                "e.g. Kc 3s",
                "Cards out of play: no hand or board can hold them",
            );
            if let Some(text) = dead {
                session.set_dead_text(&text);
            }
        });
}

/// What a click on the deck does: "Deck picks:", then board or dead cards
/// (laid out backwards when `right_to_left`).
fn picks_ui(ui: &mut egui::Ui, mode: &mut CardMode, right_to_left: bool) {
    let mut order = [CardMode::Board, CardMode::Dead];
    if right_to_left {
        order.reverse();
    } else {
        ui.label("Deck picks:");
    }
    for pick in order {
        let (label, hint) = match pick {
            CardMode::Board => (
                "Board cards",
                "Clicking the deck puts cards on the board or takes them off",
            ),
            CardMode::Dead => (
                "Dead cards",
                "Clicking the deck marks cards dead (out of play) or live",
            ),
        };
        ui.selectable_value(mode, pick, label).on_hover_text(hint);
    }
    if right_to_left {
        ui.label("Deck picks:");
    }
}

/// One line above the deck, always there and always one line (so the
/// deck never moves between clicks): the flop cards still to pick while a
/// flop is clicked in, else what a click on the deck does.
fn deck_line_ui(ui: &mut egui::Ui, session: &Session, mode: CardMode) {
    let missing = session.flop_missing();
    let text = if missing > 0 {
        egui::RichText::new(format!(
            "pick {missing} more {} for the flop · the numbers shown are the last spot's",
            plural(missing, "card")
        ))
        .color(ui.visuals().warn_fg_color)
    } else {
        egui::RichText::new(match mode {
            CardMode::Board => "click a card to put it on the board, again to take it off",
            CardMode::Dead => "click a card to mark it dead, again to make it live",
        })
        .weak()
    };
    ui.add(egui::Label::new(text).truncate());
}

/// Flop, turn and river slots; clicking a card takes it off.
fn slots_ui(ui: &mut egui::Ui, session: &mut Session) {
    let mut remove = None;
    // Narrower slots in a narrow panel (the turn and river set apart).
    let gaps = 4.0 * ui.spacing().item_spacing.x + 2.0 * STREET_GAP;
    let width = ((ui.available_width() - gaps) / 5.0)
        .floor()
        .clamp(30.0, SLOT.x);
    let size = Vec2::new(width, SLOT.y);
    ui.horizontal(|ui| {
        for slot in 0..5 {
            if slot == 3 || slot == 4 {
                ui.add_space(STREET_GAP);
            }
            let (rect, response) = ui.allocate_exact_size(size, Sense::click());
            let card = session.board().get(slot).copied();
            let name = ["flop", "flop", "flop", "turn", "river"][slot];
            response.widget_info(|| {
                let label = match card {
                    Some(c) => format!("board {c}"),
                    None => format!("empty {name}"),
                };
                egui::WidgetInfo::labeled(egui::Role::Button, true, label)
            });
            let painter = ui.painter_at(rect);
            let visuals = ui.visuals();
            match card {
                Some(card) => {
                    paint_card(ui, &painter, rect, card, 20.0 * width / SLOT.x);
                    if response.clicked() {
                        remove = Some(card);
                    }
                    // A card after the street shown (the street bar) is
                    // faded: the seats and bars are of the earlier street.
                    let hidden = slot >= session.view().cards();
                    if hidden {
                        painter.rect_filled(rect, 5.0, Color32::from_black_alpha(150));
                    }
                    let help = if hidden {
                        format!(
                            "{card}: not on the {} shown (the street bar above the seats); click to take it off the board",
                            session.view().label().to_lowercase()
                        )
                    } else {
                        format!("{card}: click to take it off the board")
                    };
                    response.on_hover_text(help);
                }
                None => {
                    painter.rect_stroke(
                        rect,
                        5.0,
                        Stroke::new(1.0, visuals.weak_text_color()),
                        StrokeKind::Inside,
                    );
                    painter.text(
                        rect.center(),
                        egui::Align2::CENTER_CENTER,
                        name,
                        FontId::proportional(11.0),
                        visuals.weak_text_color(),
                    );
                }
            }
        }
    });
    if let Some(card) = remove {
        session.toggle_board_card(card);
    }
}

/// What `card` is used for now (`hands`: the seats' exact hands).
fn card_use(session: &Session, card: Card, hands: CardSet) -> CardUse {
    if session.board().contains(&card) {
        CardUse::Board
    } else if session.dead().contains(card) {
        CardUse::Dead
    } else if hands.contains(card) {
        CardUse::Hand
    } else {
        CardUse::Free
    }
}

/// The deck of the board section (clicking does what `mode` says).
fn deck_ui(ui: &mut egui::Ui, session: &mut Session, mode: CardMode) {
    let hands = session.exact_hands_except(None);
    let clicked = deck_rows_ui(ui, |ui, card, size| {
        deck_card_ui(ui, card, size, card_use(session, card, hands), mode)
    });
    match (clicked, mode) {
        (Some(card), CardMode::Board) => session.toggle_board_card(card),
        (Some(card), CardMode::Dead) => session.toggle_dead_card(card),
        (None, _) => {}
    }
}

/// One card of the deck, marked by its use; returns whether it was
/// clicked.
fn deck_card_ui(ui: &mut egui::Ui, card: Card, size: Vec2, usage: CardUse, mode: CardMode) -> bool {
    let usable = matches!(
        (usage, mode),
        (CardUse::Free, _) | (CardUse::Board, CardMode::Board) | (CardUse::Dead, CardMode::Dead)
    );
    let (rect, response, painter) = small_card_ui(ui, card, size, usable, &format!("deck {card}"));
    let selection = ui.visuals().selection.stroke.color;
    match usage {
        CardUse::Free => {}
        CardUse::Board => {
            painter.rect_filled(rect, 4.0, Color32::from_black_alpha(150));
            painter.rect_stroke(rect, 4.0, Stroke::new(2.0, selection), StrokeKind::Inside);
        }
        CardUse::Dead | CardUse::Hand => {
            painter.rect_filled(rect, 4.0, Color32::from_black_alpha(170));
            if usage == CardUse::Dead {
                painter.line_segment(
                    [rect.left_top(), rect.right_bottom()],
                    Stroke::new(2.0, Color32::from_rgb(220, 60, 60)),
                );
            }
        }
    }
    let help = match usage {
        CardUse::Free if mode == CardMode::Board => "click: put on the board",
        CardUse::Free => "click: mark dead",
        CardUse::Board => "on the board",
        CardUse::Dead => "dead",
        CardUse::Hand => "held by a seat's exact hand",
    };
    let clicked = response.clicked();
    response.on_hover_text(format!("{card}: {help}"));
    clicked
}

/// A labelled row of a grid with a text box for cards, and while its text
/// does not read the error and the cards counted, whole, on the row below,
/// beside the box; returns the new text when it was edited.
fn cards_entry_ui(
    ui: &mut egui::Ui,
    label: &str,
    text: &str,
    message: Option<String>,
    hint: &str,
    tooltip: &str,
) -> Option<String> {
    let label = ui.label(label);
    let mut edited = text.to_owned();
    let changed = ui
        .add(
            egui::TextEdit::singleline(&mut edited)
                .hint_text(egui::RichText::new(hint).italics())
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id)
        .on_hover_text(tooltip)
        .changed();
    ui.end_row();
    if let Some(message) = message {
        ui.label("");
        ui.add(
            egui::Label::new(egui::RichText::new(message).color(ui.visuals().error_fg_color))
                .wrap_mode(egui::TextWrapMode::Wrap),
        );
        ui.end_row();
    }
    changed.then_some(edited)
}
