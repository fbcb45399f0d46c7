//! The group brush: a row of chips above the grid choosing what painting
//! does — weights (the usual brush) or one of the selected seat's groups.
//! With a group chosen, a stroke gives the cells it crosses to that group
//! at the brush weight as a share of each combo's weight in the range
//! (100%: all of it; a combo the range lacks joins it at full weight);
//! pressing a cell the group already holds at that share, or the
//! secondary button, takes the cells out of the group (the range keeps
//! them). The grid's own painting logic runs on the group's shares.

use egui::RichText;
use engine::Combo;
use engine::study::MAX_GROUPS;

use super::grid::{GridState, Overlay, grid_overlay_ui};
use super::group_cells::{GroupCell, group_cells};
use super::state::EditorState;
use crate::gui::groups::colors::group_color;
use crate::gui::groups::edits::paint_group;
use crate::gui::state::session::Session;

/// What painting does, as a compact list (it shares the quick actions'
/// row, so the grid keeps its room): weights, or one of the groups.
pub fn group_brush_ui(ui: &mut egui::Ui, state: &mut EditorState, session: &Session) {
    let seat = session.selected_seat();
    let standing = seat.groups.stand_in.is_some();
    if standing {
        // A group stands in for the seat: its groups wait until Back.
        state.group_brush = None;
    }
    let shown = match state.group_brush {
        Some(g) => RichText::new(format!("■ {}", seat.groups.name(g))).color(group_color(g)),
        None => RichText::new("weights"),
    };
    let mut chosen = state.group_brush;
    let response = egui::ComboBox::from_id_salt("group brush")
        .width(84.0)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            let weights = ui
                .selectable_label(chosen.is_none(), "weights")
                .on_hover_text("The grid paints the range's weights at the brush weight");
            if weights.clicked() {
                chosen = None;
            }
            for g in 0..MAX_GROUPS {
                let name = seat.groups.name(g).to_owned();
                let text = RichText::new(format!("■ {name}")).color(group_color(g));
                let response = ui
                    .add_enabled(!standing, egui::Button::selectable(chosen == Some(g), text))
                    .on_hover_text(format!(
                        "Paint the group “{name}”: the cells crossed join it at the brush \
                         weight (a share of each combo's weight in the range); press a cell \
                         it holds, or right-drag, to take cells out of it"
                    ));
                response.widget_info(|| {
                    egui::WidgetInfo::selected(
                        egui::Role::Button,
                        !standing,
                        chosen == Some(g),
                        format!("paint {name}"),
                    )
                });
                if response.clicked() {
                    chosen = Some(g);
                }
            }
        })
        .response;
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "paint with"));
    response.on_hover_text(if standing {
        "A group stands in for the seat: its groups wait until Back"
    } else {
        "What the grid paints: the range's weights, or one of the seat's groups (value, \
         bluff, call, fold; rename them in the analysis panel)"
    });
    state.group_brush = chosen;
}

/// What the grid shows of the selected seat's groups: when the group
/// brush is on, or the seat has groups and no heat map is drawn.
pub fn overlay_cells(
    state: &EditorState,
    session: &Session,
    heat_shown: bool,
) -> Option<Vec<GroupCell>> {
    let seat = session.selected_seat();
    let shown = state.group_brush.is_some() || (!heat_shown && !seat.groups.is_empty());
    shown.then(|| group_cells(&seat.range, &seat.groups))
}

/// The grid painting group `g` of seat `index` (see the module's doc);
/// returns whether a stroke changed anything.
pub fn group_grid_ui(
    ui: &mut egui::Ui,
    grid: &mut GridState,
    session: &mut Session,
    index: usize,
    g: usize,
    blocked: engine::CardSet,
    overlay: &Overlay,
) -> bool {
    let Some(seat) = session.seats().get(index) else {
        return false;
    };
    let before = seat.groups.shares(g, &seat.range);
    let mut shares = before.clone();
    if !grid_overlay_ui(ui, &mut shares, grid, blocked, overlay) {
        return false;
    }
    let changed: Vec<(Combo, u16)> = Combo::all()
        .filter(|&c| shares.weight_bp(c) != before.weight_bp(c))
        .map(|c| (c, shares.weight_bp(c)))
        .collect();
    paint_group(session, index, g, changed, grid.strokes());
    true
}
