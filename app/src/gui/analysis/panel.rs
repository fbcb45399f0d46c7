//! The analysis panel, in the presets' place on the right: every seat's
//! equity distribution, then the selected seat on the board and its hand
//! (an exact hand's strength first). The heat map itself is drawn by the
//! grid (`editor::grid::Overlay`).

use super::breakdown::{BreakdownState, RowKey, board_breakdown_ui};
use super::distribution::distribution_ui;
use super::hero::{HeroFigures, HeroState, hero_ui};
use crate::gui::state::feed::Feed;
use crate::gui::state::session::Session;

/// The analysis state kept between frames.
#[derive(Default)]
pub struct AnalysisState {
    /// The board breakdown's selected row and cached figures.
    breakdown: BreakdownState,
    /// The hero analysis.
    hero: HeroState,
}

impl AnalysisState {
    /// The selected board-breakdown row.
    pub fn row(&self) -> Option<RowKey> {
        self.breakdown.row()
    }

    /// The hero figures of the selected seat, once computed.
    pub fn hero_figures(&self) -> Option<&HeroFigures> {
        self.hero.figures()
    }

    /// Per class index, the share of its combos in the selected
    /// board-breakdown row.
    pub fn row_highlight(&mut self, session: &Session, feed: &Feed) -> Option<Vec<f32>> {
        self.breakdown.row_highlight(session, feed)
    }
}

/// The panel: the distribution graph, then the selected seat on the board
/// and its hand (an exact hand's strength first).
pub fn analysis_ui(
    ui: &mut egui::Ui,
    state: &mut AnalysisState,
    session: &mut Session,
    feed: &Feed,
) {
    state.hero.update(session, ui.ctx());
    ui.heading("Equity distribution");
    distribution_ui(ui, session, feed);
    ui.separator();
    let name = session.selected_seat().name.clone();
    // An exact hand's strength first (its board rows are one combo).
    let exact = session.selected_seat().exact_hand().is_some();
    if exact {
        ui.heading(format!("{name}'s hand"));
        hero_ui(ui, &state.hero, session);
        ui.separator();
    }
    ui.heading(format!("{name} on the board"));
    board_breakdown_ui(ui, &mut state.breakdown, session, feed);
    if !exact {
        ui.separator();
        ui.heading(format!("{name}'s hand"));
        hero_ui(ui, &state.hero, session);
    }
}
