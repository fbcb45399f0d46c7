//! The analysis tiles: every seat's equity distribution with the price
//! box, the selected seat on the board, its groups, its hand-class table
//! and its hand (an exact hand's strength). The heat map itself is drawn by the
//! grid (`editor::grid::Overlay`).

use engine::Range;
use engine::study::ClassKey;

use super::breakdown::{BreakdownState, board_breakdown_ui};
use super::distribution::distribution_ui;
use super::hero::{HeroFigures, HeroState, hero_ui};
use super::price::price_ui;
use crate::gui::classes::state::ClassesState;
use crate::gui::classes::view::classes_ui;
use crate::gui::files::dialog::Dialogs;
use crate::gui::groups::view::groups_ui;
use crate::gui::state::blockers::ComboBlockers;
use crate::gui::state::feed::Feed;
use crate::gui::state::price::Price;
use crate::gui::state::session::Session;

/// The analysis state kept between frames.
#[derive(Default)]
pub struct AnalysisState {
    /// The board breakdown's selected row and cached figures.
    breakdown: BreakdownState,
    /// The hero analysis.
    hero: HeroState,
    /// The hand-class table, the groups' figures and the price's callers.
    classes: ClassesState,
}

impl AnalysisState {
    /// The selected board-breakdown row.
    pub fn row(&self) -> Option<&ClassKey> {
        self.breakdown.row()
    }

    /// The hero figures of the selected seat, once computed.
    pub fn hero_figures(&self) -> Option<&HeroFigures> {
        self.hero.figures()
    }

    /// Per class index, the share of its combos in the selected
    /// class-table row, else the selected board-breakdown row, else the
    /// combos that call the price.
    pub fn row_highlight(&mut self, session: &Session, feed: &Feed) -> Option<Vec<f32>> {
        self.classes
            .highlight()
            .or_else(|| self.breakdown.row_highlight(session, feed))
            .or_else(|| self.classes.price_highlight())
    }

    /// The hand-class table's state and figures.
    pub fn classes(&self) -> &ClassesState {
        &self.classes
    }

    /// Selects the class-table row `key` (again: unselects it).
    pub fn toggle_class_row(&mut self, key: ClassKey) {
        self.classes.toggle_row(key);
    }

    /// Uses `dialogs` for the class table's CSV export.
    pub fn set_dialogs(&mut self, dialogs: Dialogs) {
        self.classes.set_dialogs(dialogs);
    }

    /// The selected seat's blocker effects, once computed.
    pub fn blockers(&self) -> Option<ComboBlockers> {
        self.classes.figures().and_then(|f| f.blockers.clone())
    }
}

/// Brings the analysis tiles' figures up to date: the hero's when
/// `hand` (its tile is on screen), the class table's, groups' and price's
/// when `classes` (one of their tiles is).
pub fn update(
    state: &mut AnalysisState,
    session: &Session,
    feed: &Feed,
    price: &Price,
    ctx: &egui::Context,
    (hand, classes): (bool, bool),
) {
    if hand {
        state.hero.update(session, ctx);
    }
    if classes {
        state.classes.update(session, feed, price.required(), ctx);
    }
}

/// The distribution tile: every seat's equity distribution, then the
/// price box.
pub fn distribution_tile_ui(
    ui: &mut egui::Ui,
    state: &AnalysisState,
    session: &mut Session,
    feed: &Feed,
    price: &mut Price,
) {
    ui.heading("Equity distribution");
    distribution_ui(ui, session, feed, price.required());
    price_ui(ui, price, &state.classes, session);
}

/// The selected seat's hand: an exact hand's strength and potential.
pub fn hand_tile_ui(ui: &mut egui::Ui, state: &AnalysisState, session: &Session) {
    let name = &session.selected_seat().name;
    ui.heading(format!("{name}'s hand"));
    hero_ui(ui, &state.hero, session);
}

/// The selected seat on the board: its made hands and draws.
pub fn breakdown_tile_ui(
    ui: &mut egui::Ui,
    state: &mut AnalysisState,
    session: &mut Session,
    feed: &Feed,
) {
    let name = session.selected_seat().name.clone();
    ui.heading(format!("{name} on the board"));
    board_breakdown_ui(ui, &mut state.breakdown, session, feed);
}

/// The selected seat's groups. Returns a group's range when its Copy was
/// clicked.
pub fn groups_tile_ui(
    ui: &mut egui::Ui,
    state: &AnalysisState,
    session: &mut Session,
    feed: &Feed,
) -> Option<Range> {
    let name = session.selected_seat().name.clone();
    ui.heading(format!("{name}'s groups"));
    // On a line, what the seat's rule keeps on the street shown.
    let street = session.view().label().to_lowercase();
    let kept = feed
        .seat_line(session.selected())
        .and_then(|(_, continuing, share)| share.map(|_| (street.as_str(), continuing.clone())));
    groups_ui(ui, &state.classes, state.breakdown.row(), kept, session)
}

/// The selected seat's hand-class table.
pub fn classes_tile_ui(ui: &mut egui::Ui, state: &mut AnalysisState, session: &mut Session) {
    let name = session.selected_seat().name.clone();
    ui.heading(format!("{name}'s hand classes"));
    classes_ui(ui, &mut state.classes, session);
}
