//! The selected seat's range under the editor's controls: the 13×13 grid
//! with its overlay (heat map or a board-breakdown row), then the suit
//! editor of one class.

use egui::Vec2;
use engine::equity::SeatBreakdown;

use super::grid::{Overlay, grid_overlay_ui};
use super::group_brush::group_grid_ui;
use super::state::EditorState;
use super::suits::{suit_editor_height, suit_editor_ui};
use crate::gui::state::history::EditKey;
use crate::gui::state::prefs::Prefs;
use crate::gui::state::session::Session;

/// The grid's smallest side: cells of 24 points keep their labels
/// readable (the centre panel scrolls below that).
const MIN_GRID_SIDE: f32 = 13.0 * 24.0;

/// The grid of the selected seat's range (with `overlay` drawn over it)
/// and the suit editor under it, in `room` points of height: the grid
/// leaves room for the suit editor of the largest class (offsuit, 12
/// combos) whichever class it shows, so the grid never changes size as
/// the pointer moves.
pub fn range_ui(
    ui: &mut egui::Ui,
    state: &mut EditorState,
    session: &mut Session,
    prefs: &Prefs,
    overlay: &Overlay,
    breakdown: Option<&SeatBreakdown>,
    room: f32,
) {
    let index = session.selected();
    let blocked = session.blocked_for(index);
    let width = ui.available_width();
    let side = width
        .min(room - suit_editor_height(width) - 4.0)
        .max(MIN_GRID_SIDE);
    let grid = &mut state.grid;
    grid.brush_bp = prefs.brush_bp;
    let group_brush = state.group_brush;
    ui.allocate_ui(Vec2::splat(side), |ui| {
        // One undo step per stroke (press on a cell).
        if let Some(g) = group_brush {
            group_grid_ui(ui, grid, session, index, g, blocked, overlay);
            return;
        }
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
        state.blockers.as_ref(),
    );
}
