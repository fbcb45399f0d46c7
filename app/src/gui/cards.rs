//! Cards as the window draws them: a face in the four-colour deck, a
//! deck-sized button, the 52 cards in suit rows, and cards as coloured
//! text. The board picker, the hand picker, the next-card strip, the suit
//! editor and the Boards table all draw cards this way.

use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, FontId, Rect, Sense, Stroke, StrokeKind, Vec2};
use engine::{Card, Rank, Suit};

/// A card of the deck, where there is room for it.
const DECK_CARD: Vec2 = Vec2::new(23.0, 32.0);
/// The narrowest a deck card gets in a narrow panel.
const MIN_DECK_WIDTH: f32 = 15.0;
/// The gap between deck cards.
const DECK_GAP: f32 = 2.0;

/// The four-colour deck: spades dark, hearts red, diamonds blue, clubs
/// green; brighter shades on dark backgrounds.
fn suit_color(suit: Suit, dark: bool) -> Color32 {
    match (suit, dark) {
        (Suit::Spades, true) => Color32::from_gray(235),
        (Suit::Spades, false) => Color32::from_gray(20),
        (Suit::Hearts, true) => Color32::from_rgb(255, 95, 95),
        (Suit::Hearts, false) => Color32::from_rgb(200, 20, 30),
        (Suit::Diamonds, true) => Color32::from_rgb(100, 160, 255),
        (Suit::Diamonds, false) => Color32::from_rgb(20, 80, 200),
        (Suit::Clubs, true) => Color32::from_rgb(90, 210, 110),
        (Suit::Clubs, false) => Color32::from_rgb(10, 130, 40),
    }
}

/// Cards as rank and suit glyph, each in its suit's colour.
pub fn card_job(cards: impl Iterator<Item = Card>, size: f32, dark: bool) -> LayoutJob {
    let mut job = LayoutJob::default();
    for card in cards {
        let color = suit_color(card.suit(), dark);
        let format = TextFormat {
            font_id: FontId::proportional(size),
            color,
            ..Default::default()
        };
        job.append(
            &format!("{}{}", card.rank().to_char(), card.suit().symbol()),
            0.0,
            format,
        );
    }
    job
}

/// Suits top to bottom in the deck.
const SUIT_ROWS: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

/// The 52 cards in four suit rows (spades, hearts, diamonds, clubs), aces
/// first, each drawn by `card_ui` at the size given, which says whether it
/// was clicked; returns the card clicked. The cards are `DECK_CARD`, or
/// narrower (down to `MIN_DECK_WIDTH`) so that a row fits a narrow panel.
pub fn deck_rows_ui(
    ui: &mut egui::Ui,
    mut card_ui: impl FnMut(&mut egui::Ui, Card, Vec2) -> bool,
) -> Option<Card> {
    let mut clicked = None;
    let size = deck_card_size(ui.available_width());
    ui.spacing_mut().item_spacing = Vec2::splat(DECK_GAP);
    for suit in SUIT_ROWS {
        ui.horizontal(|ui| {
            for rank in Rank::ALL.into_iter().rev() {
                let card = Card::new(rank, suit);
                if card_ui(ui, card, size) {
                    clicked = Some(card);
                }
            }
        });
    }
    clicked
}

/// The size of a deck card when a row of thirteen has `width` points.
fn deck_card_size(width: f32) -> Vec2 {
    let fits = ((width - 12.0 * DECK_GAP) / 13.0).floor();
    let card_width = fits.clamp(MIN_DECK_WIDTH, DECK_CARD.x);
    Vec2::new(card_width, (card_width * DECK_CARD.y / DECK_CARD.x).round())
}

/// A deck card button of `size` labelled `label` for accessibility,
/// painted (disabled unless `usable`); returns its rect, response and a
/// painter for marks over it.
pub fn small_card_ui(
    ui: &mut egui::Ui,
    card: Card,
    size: Vec2,
    usable: bool,
    label: &str,
) -> (Rect, egui::Response, egui::Painter) {
    let (rect, response) = ui
        .add_enabled_ui(usable, |ui| ui.allocate_exact_size(size, Sense::click()))
        .inner;
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, usable, label));
    let painter = ui.painter_at(rect);
    paint_card(ui, &painter, rect, card, 13.0 * size.x / DECK_CARD.x);
    (rect, response, painter)
}

/// A card face: rank and suit glyph in the suit's colour.
pub fn paint_card(ui: &egui::Ui, painter: &egui::Painter, rect: Rect, card: Card, size: f32) {
    let visuals = ui.visuals();
    let face = if visuals.dark_mode {
        Color32::from_gray(48)
    } else {
        Color32::from_gray(250)
    };
    painter.rect_filled(rect, 4.0, face);
    painter.rect_stroke(
        rect,
        4.0,
        Stroke::new(1.0, visuals.widgets.noninteractive.bg_stroke.color),
        StrokeKind::Inside,
    );
    let color = suit_color(card.suit(), visuals.dark_mode);
    let font = FontId::proportional(size);
    painter.text(
        rect.center() - Vec2::new(0.0, size * 0.35),
        egui::Align2::CENTER_CENTER,
        card.rank().to_char(),
        font.clone(),
        color,
    );
    painter.text(
        rect.center() + Vec2::new(0.0, size * 0.45),
        egui::Align2::CENTER_CENTER,
        card.suit().symbol(),
        font,
        color,
    );
}
