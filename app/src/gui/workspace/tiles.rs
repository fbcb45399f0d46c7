//! Each panel drawn in its tile: the tiles' behaviour (titles, tab bars,
//! what a tile shows) over the app's state. Every tile scrolls, both ways
//! when narrower than its panel's least width, so a small window cuts
//! nothing.

use egui_tiles::{Behavior, SimplificationOptions, TileId, Tiles, UiResponse};

use super::pane::Pane;
use crate::gui::app::RangestoveApp;
use crate::gui::editor::grid::Overlay;
use crate::gui::{analysis, board, boards, editor, hands, presets, seats, state, train};

/// The tiles' behaviour: draws the app's panels.
pub struct Panes<'a> {
    /// The app whose panels the tiles show.
    pub app: &'a mut RangestoveApp,
}

impl Behavior<Pane> for Panes<'_> {
    fn pane_ui(&mut self, ui: &mut egui::Ui, _tile: TileId, pane: &mut Pane) -> UiResponse {
        let pane = *pane;
        egui::Frame::new()
            .inner_margin(egui::Margin::symmetric(6, 4))
            .show(ui, |ui| {
                egui::ScrollArea::both()
                    .id_salt(pane.title())
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        ui.set_min_width(min_width(pane));
                        // The viewport's height, less room for a
                        // scroll bar: the grid and suit editor fit it.
                        let height = ui.available_height() - 12.0;
                        self.app.pane_ui(ui, pane, height);
                    });
            });
        UiResponse::None
    }

    fn tab_title_for_pane(&mut self, pane: &Pane) -> egui::WidgetText {
        pane.title().into()
    }

    fn tab_title_for_tile(&mut self, tiles: &Tiles<Pane>, tile_id: TileId) -> egui::WidgetText {
        match tiles.get_pane(&tile_id) {
            Some(pane) => pane.title().into(),
            // A group of tiles as a tab (the Train layout's other panels).
            None => "Workspace".into(),
        }
    }

    fn simplification_options(&self) -> SimplificationOptions {
        SimplificationOptions {
            // Every panel has its tab: a handle to drag it by, and its
            // name.
            all_panes_must_have_tabs: true,
            ..SimplificationOptions::default()
        }
    }

    fn gap_width(&self, _style: &egui::Style) -> f32 {
        3.0
    }

    fn min_size(&self) -> f32 {
        60.0
    }
}

/// The least width `pane` is laid out at: narrower tiles scroll sideways.
fn min_width(pane: Pane) -> f32 {
    match pane {
        Pane::Seats => 270.0,
        // The deck's cards and the board's slots narrow to fit a narrower
        // tile (`cards::deck_card_size`), down to 15 points a card.
        Pane::Board | Pane::NextCard => 240.0,
        Pane::Editor => 380.0,
        Pane::Boards | Pane::Classes | Pane::Train | Pane::Hands => 420.0,
        _ => 260.0,
    }
}

impl RangestoveApp {
    /// Draws `pane` in its tile, `height` points high.
    fn pane_ui(&mut self, ui: &mut egui::Ui, pane: Pane, height: f32) {
        match pane {
            Pane::Seats => {
                for action in seats::seat_list::seats_ui(ui, &self.session, &self.feed) {
                    self.session.apply(action);
                    // Show the change at once.
                    ui.ctx().request_repaint();
                }
            }
            Pane::Editor => self.editor_ui(ui, height),
            Pane::Board => {
                board::card_picker::board_ui(ui, &mut self.session, &mut self.prefs.card_mode);
            }
            Pane::NextCard => {
                board::next_card::next_card_ui(ui, &mut self.next, &mut self.session);
            }
            Pane::Presets => {
                let dialect = self.prefs.dialect;
                presets::view::presets_ui(ui, &mut self.presets, &mut self.session, dialect);
            }
            Pane::Boards => {
                let dark = self.prefs.dark;
                boards::view::boards_ui(ui, &mut self.flops, &mut self.session, dark);
            }
            Pane::Hands => {
                let dark = self.prefs.dark;
                hands::view::hands_ui(ui, &mut self.hands, &mut self.session, dark);
            }
            Pane::Train => {
                // The user's presets, listed off the UI thread, for rounds
                // with "My presets too".
                if self.train.settings.mine {
                    self.presets.update(ui.ctx());
                    self.train.set_user_presets(self.presets.user_ranges());
                }
                train::view::train_ui(ui, &mut self.train);
            }
            _ => self.analysis_pane_ui(ui, pane),
        }
    }

    /// Draws one of the analysis panes.
    fn analysis_pane_ui(&mut self, ui: &mut egui::Ui, pane: Pane) {
        let (state, session, feed) = (&mut self.analysis, &mut self.session, &self.feed);
        match pane {
            Pane::Distribution => {
                let price = &mut self.prefs.price;
                analysis::panel::distribution_tile_ui(ui, state, session, feed, price);
            }
            Pane::Breakdown => analysis::panel::breakdown_tile_ui(ui, state, session, feed),
            Pane::Groups => {
                if let Some(group) = analysis::panel::groups_tile_ui(ui, state, session, feed) {
                    self.editor.copy(ui.ctx(), &group, self.prefs.dialect);
                }
            }
            Pane::Classes => analysis::panel::classes_tile_ui(ui, state, session),
            Pane::Hand => analysis::panel::hand_tile_ui(ui, state, session),
            _ => {}
        }
    }

    /// The editor's controls, the grid (with the heat map or the selected
    /// board row over it) and the suit editor, in `height` points of tile.
    fn editor_ui(&mut self, ui: &mut egui::Ui, height: f32) {
        let top = ui.cursor().top();
        let blockers = self
            .prefs
            .show_analysis
            .then(|| self.analysis.blockers())
            .flatten();
        self.editor.set_blockers(blockers);
        let breakdown = self.feed.seat_breakdown(self.session.selected());
        editor::controls::editor_ui(
            ui,
            &mut self.editor,
            &mut self.session,
            &mut self.prefs,
            breakdown,
            self.feed.pending(),
        );
        let room = height - (ui.cursor().top() - top);
        // After the controls, which may have changed the range or the
        // switches.
        let selected = self.session.selected();
        let overlay = Overlay {
            heat: self
                .prefs
                .heat_map
                .then(|| self.feed.heat_map(selected))
                .flatten(),
            highlight: if self.prefs.show_analysis {
                self.analysis.row_highlight(&self.session, &self.feed)
            } else {
                None
            },
            line: self
                .feed
                .seat_line(selected)
                .map(|(entering, continuing, _)| {
                    state::line::line_cells(entering, continuing, self.session.view_out())
                }),
            marks: None,
            groups: editor::group_brush::overlay_cells(
                &self.editor,
                &self.session,
                self.prefs.heat_map,
            ),
        };
        editor::range_view::range_ui(
            ui,
            &mut self.editor,
            &mut self.session,
            &self.prefs,
            &overlay,
            breakdown,
            room,
        );
    }
}
