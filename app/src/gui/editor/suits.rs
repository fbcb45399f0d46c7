//! The suit editor: the combos of one hand class as cards, each with its
//! weight (and its equity when per-combo figures are on screen), toggled
//! one at a time at the brush weight.

use egui::{Color32, Rect, Sense, Stroke, StrokeKind, Vec2};
use engine::equity::SeatBreakdown;
use engine::range::FULL;
use engine::{CardSet, Combo, HandClass};

use super::grid::{FILL, GridState};
use crate::gui::cards::card_job;
use crate::gui::state::blockers::ComboBlockers;
use crate::gui::state::history::EditKey;
use crate::gui::state::session::Session;
use crate::gui::wording::plural;

/// A combo tile of the suit editor.
const TILE: Vec2 = Vec2::new(48.0, 44.0);

/// The cards' text size in a tile, in points.
const CARD_SIZE: f32 = 15.0;

/// Space between tiles, in points.
const GAP: f32 = 4.0;

/// The header line above the tiles, in points.
const HEADER: f32 = 24.0;

/// Tiles per row in a suit editor `width` points wide.
fn per_row(width: f32) -> usize {
    ((width / (TILE.x + GAP)) as usize).clamp(4, 6)
}

/// The height of the suit editor of the largest class (12 offsuit combos)
/// in `width` points.
pub fn suit_editor_height(width: f32) -> f32 {
    let rows = 12_usize.div_ceil(per_row(width));
    HEADER + rows as f32 * (TILE.y + GAP)
}

/// The combos of `class` in the selected seat's range, each toggled on its
/// own at the `brush` weight; combos holding a `blocked` card cannot be
/// clicked. A click makes `class` the grid's pressed class. A tile's
/// hover adds its `blockers` effect, when known.
#[allow(clippy::too_many_arguments)]
pub fn suit_editor_ui(
    ui: &mut egui::Ui,
    grid: &mut GridState,
    session: &mut Session,
    class: HandClass,
    blocked: CardSet,
    brush: u16,
    breakdown: Option<&SeatBreakdown>,
    blockers: Option<&ComboBlockers>,
) {
    let index = session.selected();
    let range = &session.selected_seat().range;
    ui.horizontal(|ui| {
        ui.strong(format!("Suits of {class}"));
        // Live combos only: a combo holding a known card is blocked, not
        // counted as in the range.
        let live: Vec<Combo> = class
            .combos()
            .filter(|c| c.mask().is_disjoint(blocked))
            .collect();
        let weighted: f64 = live
            .iter()
            .map(|&c| f64::from(range.weight_bp(c)) / f64::from(FULL))
            .sum();
        let total = class.combo_count();
        let mut text = format!(
            "{weighted:.2} of {} live {}",
            live.len(),
            plural(live.len(), "combo")
        );
        if live.len() < total {
            text.push_str(&format!(" ({} blocked)", total - live.len()));
        }
        ui.weak(text);
        let pinned = grid.pinned() == Some(class);
        let pin = if pinned { "Unpin" } else { "Pin" };
        let hint = if pinned {
            format!("{class} stays here whatever the pointer crosses; click to let hovering choose again")
        } else {
            format!("Keep {class} here while the pointer crosses other cells (or Ctrl/Cmd+click a cell)")
        };
        if ui.selectable_label(pinned, pin).on_hover_text(hint).clicked() {
            grid.set_pinned((!pinned).then_some(class));
        }
        ui.weak("(?)").on_hover_text(
            "Hover a cell of the grid to see its combos here; the last cell hovered stays \
             while you move to the tiles. Hold Shift to keep it while crossing other cells, \
             or Ctrl/Cmd+click a cell to pin it (again to unpin). Click a combo to give it \
             the brush weight, again to remove it. Combos holding a board, dead or \
             exact-hand card are blocked.",
        );
    });
    let combos: Vec<Combo> = class.combos().collect();
    let per_row = per_row(ui.available_width());
    let mut toggled = None;
    ui.spacing_mut().item_spacing = Vec2::splat(GAP);
    for row in combos.chunks(per_row) {
        ui.horizontal(|ui| {
            for &combo in row {
                let weight = range.weight_bp(combo);
                let is_blocked = !combo.mask().is_disjoint(blocked);
                // The combo's equity, when the breakdown is on screen and
                // some deal gives the seat the combo.
                let equity = breakdown
                    .and_then(|b| b.combo(combo))
                    .filter(|e| e.dealt)
                    .map(|e| e.equity);
                let tile = combo_tile_ui(ui, combo, weight, is_blocked, equity);
                let tile = match blockers.and_then(|b| b.describe(combo)) {
                    Some(text) if !is_blocked => tile.on_hover_text(text),
                    _ => tile,
                };
                if tile.clicked() {
                    toggled = Some(combo);
                }
            }
        });
    }
    if let Some(combo) = toggled {
        grid.set_pressed(class);
        session.edit_range(index, |range| {
            let weight = if range.weight_bp(combo) == brush {
                0
            } else {
                brush
            };
            range.set_weight_bp(combo, weight);
            Some(EditKey::Discrete)
        });
    }
}

/// One combo of the suit editor: its two cards, filled by its weight.
fn combo_tile_ui(
    ui: &mut egui::Ui,
    combo: Combo,
    weight_bp: u16,
    blocked: bool,
    equity: Option<f64>,
) -> egui::Response {
    let (rect, response) = ui
        .add_enabled_ui(!blocked, |ui| ui.allocate_exact_size(TILE, Sense::click()))
        .inner;
    let label = combo.to_string();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, !blocked, label.clone()));
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 4.0, visuals.extreme_bg_color);
    let fill = f32::from(weight_bp) / f32::from(FULL);
    if fill > 0.0 {
        let top = rect.max.y - rect.height() * fill;
        painter.rect_filled(
            Rect::from_min_max(egui::pos2(rect.min.x, top), rect.max),
            4.0,
            FILL.gamma_multiply(0.85),
        );
    }
    let dark = visuals.dark_mode;
    // The two cards whole inside the tile: a wide pair (K♣Q♣) in a
    // smaller size.
    let cards = |size: f32| {
        let job = card_job(combo.cards().iter().copied(), size, dark);
        ui.fonts_mut(|f| f.layout_job(job))
    };
    let mut galley = cards(CARD_SIZE);
    let room = TILE.x - 8.0;
    if galley.size().x > room {
        galley = cards(CARD_SIZE * room / galley.size().x);
    }
    let pos = rect.center_top() + Vec2::new(-galley.size().x / 2.0, 4.0);
    // A plate in the background colour keeps the suit colours readable on
    // the range fill.
    painter.rect_filled(
        Rect::from_min_size(pos, galley.size()).expand(2.0),
        3.0,
        visuals.extreme_bg_color.gamma_multiply(0.85),
    );
    painter.galley(pos, galley, Color32::WHITE);
    let caption = match (blocked, equity) {
        (true, _) => "blocked".to_owned(),
        (false, Some(e)) if weight_bp > 0 => format!("eq {:.1}%", 100.0 * e),
        (false, _) => format!("{}%", weight_bp / 100),
    };
    let caption = painter.layout_no_wrap(
        caption,
        egui::FontId::proportional(11.0),
        visuals.strong_text_color(),
    );
    let at = rect.center_bottom() - Vec2::new(caption.size().x / 2.0, caption.size().y + 3.0);
    painter.rect_filled(
        Rect::from_min_size(at, caption.size()).expand(1.5),
        3.0,
        visuals.extreme_bg_color.gamma_multiply(0.85),
    );
    painter.galley(at, caption, visuals.strong_text_color());
    if blocked {
        painter.rect_filled(rect, 4.0, visuals.faint_bg_color.gamma_multiply(0.8));
        painter.line_segment(
            [rect.left_bottom(), rect.right_top()],
            Stroke::new(1.0, Color32::from_gray(150)),
        );
    }
    let stroke = if response.hovered() && !blocked {
        visuals.widgets.hovered.fg_stroke
    } else {
        visuals.widgets.noninteractive.bg_stroke
    };
    painter.rect_stroke(rect, 4.0, stroke, StrokeKind::Inside);
    response.on_hover_text(match (blocked, equity) {
        (true, _) => format!("{combo} holds a known card"),
        (false, Some(e)) => format!(
            "{combo}: weight {}%, equity {:.2}% against the other seats",
            f64::from(weight_bp) / 100.0,
            100.0 * e
        ),
        (false, None) => format!("{combo}: weight {}%", f64::from(weight_bp) / 100.0),
    })
}
