//! The selected seat's range under the editor's controls: the 13×13 grid
//! with its overlay (heat map or a board-breakdown row), then the suit
//! editor of one class.

use egui::Vec2;
use engine::equity::SeatBreakdown;

use super::grid::{Overlay, grid_overlay_ui};
use super::state::EditorState;
use super::suits::suit_editor_ui;
use crate::gui::state::history::EditKey;
use crate::gui::state::prefs::Prefs;
use crate::gui::state::session::Session;

/// Height kept under the grid for the suit editor.
const SUIT_EDITOR_HEIGHT: f32 = 136.0;

/// The grid of the selected seat's range (with `overlay` drawn over it)
/// and the suit editor under it.
pub fn range_ui(
    ui: &mut egui::Ui,
    state: &mut EditorState,
    session: &mut Session,
    prefs: &Prefs,
    overlay: &Overlay,
    breakdown: Option<&SeatBreakdown>,
) {
    let index = session.selected();
    let blocked = session.blocked_for(index);
    let side = ui
        .available_width()
        .min(ui.available_height() - SUIT_EDITOR_HEIGHT)
        .max(13.0 * 22.0);
    let grid = &mut state.grid;
    grid.brush_bp = prefs.brush_bp;
    ui.allocate_ui(Vec2::splat(side), |ui| {
        // One undo step per stroke (press on a cell).
        session.edit_range(index, |range| {
            grid_overlay_ui(ui, range, grid, blocked, overlay)
                .then(|| EditKey::Stroke(grid.strokes()))
        });
    });
    ui.add_space(4.0);
    let class = state.suit_editor_class();
    let breakdown = breakdown.filter(|_| prefs.wants_breakdown());
    suit_editor_ui(
        ui,
        &mut state.grid,
        session,
        class,
        blocked,
        prefs.brush_bp,
        breakdown,
    );
}
