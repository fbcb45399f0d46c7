//! The window laid out, frame by frame: this frame's shortcuts, the
//! toolbar and status bar, the seats and the board with presets or
//! analysis at the sides, the editor (or the Boards or Train view) in the
//! middle, and the notices.

use std::time::Instant;

use super::app::RangestoveApp;
use super::editor::grid::Overlay;
use super::shortcuts::{self, Shortcut};
use super::state::prefs::Centre;
use super::window::{self, Side};
use super::{analysis, board, boards, editor, presets, seats, state, status, toolbar, train};

impl RangestoveApp {
    /// Carries out this frame's keyboard shortcuts.
    fn shortcuts(&mut self, ui: &mut egui::Ui) {
        for shortcut in shortcuts::pressed(ui) {
            match shortcut {
                Shortcut::Redo => {
                    self.session.redo();
                }
                Shortcut::Undo => {
                    self.session.undo();
                }
                Shortcut::CopyRange => {
                    let range = &self.session.selected_seat().range;
                    self.editor.copy(ui.ctx(), range, self.prefs.dialect);
                }
                Shortcut::RandomFlop => self.session.random_board(3),
                Shortcut::Paste(text) => self.paste(&text),
            }
        }
    }

    /// Draws the whole window.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let started = Instant::now();
        self.feed.receive();
        self.shortcuts(ui);
        let action = egui::Panel::top("toolbar")
            .show(ui, |ui| {
                let message = self.files.message(&self.session).cloned();
                let message = message.as_ref();
                toolbar::toolbar_ui(ui, &mut self.session, &mut self.prefs, message)
            })
            .inner;
        if let Some(action) = action {
            let dark = self.prefs.dark;
            (self.files).carry_out(ui.ctx(), action, &mut self.session, &self.feed, dark);
        }
        egui::Panel::bottom("status")
            .show(ui, |ui| status::status_ui(ui, &self.feed, &self.session));
        // The Train view takes the whole width: the seats and the board
        // are not its questions.
        if self.prefs.centre != Centre::Train {
            self.side_panels_ui(ui);
        }
        egui::CentralPanel::default().show(ui, |ui| self.central_panel_ui(ui));
        self.notice_ui(ui);
        let dark = self.prefs.dark;
        (self.files).prompt_ui(ui.ctx(), &mut self.session, dark);
        // eframe saves at most every `auto_save_interval`, and only on a
        // frame: one more frame after any input saves an edit within a
        // second or so even when nothing else happens.
        if ui.input(|i| !i.events.is_empty()) {
            ui.ctx().request_repaint_after(window::SAVE_INTERVAL);
        }
        self.feed
            .sync(&mut self.session, self.prefs.wants_breakdown());
        self.feed.record_ui(started);
    }

    /// The seats (left) and the board with presets or analysis (right),
    /// at the widths the player left them.
    fn side_panels_ui(&mut self, ui: &mut egui::Ui) {
        let width = ui.available_width();
        let sides = window::side_panels(width);
        let left = egui::Panel::left("seats").default_size(sides.left_default);
        let shown = (self.widths)
            .sized(left, Side::Left, width, &sides.left)
            .show(ui, |ui| {
                for action in seats::seat_list::seats_ui(ui, &self.session, &self.feed) {
                    self.session.apply(action);
                    // Show the change at once.
                    ui.ctx().request_repaint();
                }
            });
        (self.widths).shown(Side::Left, width, shown.response.rect.width());
        let right = egui::Panel::right("board").default_size(sides.right_default);
        let shown = (self.widths)
            .sized(right, Side::Right, width, &sides.right)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("right")
                    .show(ui, |ui| self.right_panel_ui(ui));
            });
        (self.widths).shown(Side::Right, width, shown.response.rect.width());
        self.widths.end_frame(width);
    }

    /// The first notice, if any, in a window until dismissed.
    fn notice_ui(&mut self, ui: &egui::Ui) {
        let Some((title, notice)) = self.notices.first() else {
            return;
        };
        let mut dismissed = false;
        egui::Window::new(*title)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ui.ctx(), |ui| {
                ui.set_max_width(420.0);
                ui.label(notice);
                dismissed = ui.button("OK").clicked();
            });
        if dismissed {
            self.notices.remove(0);
        }
    }

    /// The board picker, then analysis or presets.
    fn right_panel_ui(&mut self, ui: &mut egui::Ui) {
        board::card_picker::board_ui(ui, &mut self.session, &mut self.prefs.card_mode);
        board::next_card::next_card_ui(ui, &mut self.next, &mut self.session);
        ui.separator();
        if self.prefs.show_analysis {
            let (session, feed) = (&mut self.session, &self.feed);
            let price = &mut self.prefs.price;
            if let Some(group) =
                analysis::panel::analysis_ui(ui, &mut self.analysis, session, feed, price)
            {
                self.editor.copy(ui.ctx(), &group, self.prefs.dialect);
            }
        } else if self.prefs.show_presets {
            let dialect = self.prefs.dialect;
            presets::view::presets_ui(ui, &mut self.presets, &mut self.session, dialect);
        }
    }

    /// The editor's controls, then the grid (with the heat map or the
    /// selected board row over it) and the suit editor; or the Boards
    /// view; or the Train view.
    fn central_panel_ui(&mut self, ui: &mut egui::Ui) {
        match self.prefs.centre {
            Centre::Ranges => {}
            Centre::Boards => {
                let dark = self.prefs.dark;
                boards::view::boards_ui(ui, &mut self.flops, &mut self.session, dark);
                return;
            }
            Centre::Train => {
                // The user's presets, listed off the UI thread, for rounds
                // with "My presets too".
                if self.train.settings.mine {
                    self.presets.update(ui.ctx());
                    self.train.set_user_presets(self.presets.user_ranges());
                }
                train::view::train_ui(ui, &mut self.train);
                return;
            }
        }
        // The panel scrolls when a small window leaves the grid less than
        // its smallest size; the grid's size comes from the panel's
        // height, never from the scroll position.
        let height = ui.available_height();
        egui::ScrollArea::vertical()
            .id_salt("centre")
            .auto_shrink([false, false])
            .show(ui, |ui| self.editor_ui(ui, height));
    }

    /// The editor's controls, the grid and the suit editor, in `height`
    /// points of panel.
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
