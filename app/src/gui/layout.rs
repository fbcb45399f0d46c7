//! The window laid out, frame by frame: this frame's shortcuts, the
//! toolbar and status bar, the workspace's tiles (each panel drawn in
//! `workspace::tiles`) and the notices.

use std::time::Instant;

use super::app::RangestoveApp;
use super::shortcuts::{self, Shortcut};
use super::toolbar::FileAction;
use super::workspace::Pane;
use super::workspace::tiles::Panes;
use super::{analysis, status, toolbar, window};

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
        let mut pick = None;
        let action = egui::Panel::top("toolbar")
            .show(ui, |ui| {
                let now = ui.input(|i| i.time);
                let message = self.files.toolbar_message(&self.session, now);
                if let Some((_, left)) = &message
                    && left.is_finite()
                {
                    ui.ctx().request_repaint_after_secs(*left as f32);
                }
                let message = message.as_ref().map(|(message, _)| message);
                let (session, prefs) = (&mut self.session, &mut self.prefs);
                toolbar::toolbar_ui(ui, session, prefs, &mut pick, message)
            })
            .inner;
        if let Some(ready) = pick {
            self.workspace.pick(ready, None);
        }
        if action == Some(FileAction::OpenHands) {
            self.hands.ask_open(ui.ctx());
            self.workspace.bring_to_front(Pane::Hands);
        } else if let Some(action) = action {
            let dark = self.prefs.dark;
            (self.files).carry_out(ui.ctx(), action, &mut self.session, &self.feed, dark);
        }
        let dropped: Vec<std::path::PathBuf> = ui.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        });
        if !dropped.is_empty() {
            // Files dropped on the window are hand histories.
            self.open_hand_files(ui.ctx(), dropped);
        }
        egui::Panel::bottom("status")
            .show(ui, |ui| status::status_ui(ui, &self.feed, &self.session));
        self.update_analysis(ui.ctx());
        egui::CentralPanel::default()
            .frame(egui::Frame::central_panel(ui.style()).inner_margin(2))
            .show(ui, |ui| {
                let mut tree = self.workspace.take(ui.available_width());
                tree.ui(&mut Panes { app: self }, ui);
                self.workspace.put(tree);
            });
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

    /// The analysis tiles' figures, for the tiles on screen last frame;
    /// whether one of them needs the feed's per-combo figures.
    fn update_analysis(&mut self, ctx: &egui::Context) {
        let shown = self.workspace.shown();
        self.prefs.show_analysis = shown.iter().any(|p| p.is_analysis() && *p != Pane::Hand);
        let hand = self.workspace.is_shown(Pane::Hand);
        let classes = self.prefs.show_analysis;
        let (session, feed, price) = (&self.session, &self.feed, &self.prefs.price);
        analysis::panel::update(
            &mut self.analysis,
            session,
            feed,
            price,
            ctx,
            (hand, classes),
        );
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
}
