//! The desktop app (eframe/egui): seats with ranges, the range grid and suit
//! editor of the selected seat, a board and dead-card picker, presets, and
//! live equity bars fed by the background worker.
//!
//! The app is state plus panels. [`RangestoveApp`] holds:
//!
//! - what is edited, a [`Session`]: the seats, the selected seat, the board,
//!   the dead cards, their undo history, and the equity request they make;
//! - what is preferred, [`Prefs`]: theme, brush, dialect, sliders and panel
//!   choices, saved as one struct inside [`Persisted`];
//! - what is computed, a [`Feed`]: the equity worker, its latest result and
//!   the responsiveness figures;
//! - each panel's own state ([`EditorState`], [`AnalysisState`],
//!   [`NextState`], [`FlopsState`], [`PresetsPanel`], [`FileMenu`],
//!   [`TrainState`]).
//!
//! The folders follow the window: `toolbar` on top and `status` below;
//! `seats` on the left; the `editor` (or the Boards view, `flops`, or the
//! Train view, `train`, which sets the side panels aside) in the middle;
//! the `board` picker and `presets` (or `analysis`) on the right;
//! the `files` of the File menu. What the panels share is in `state`; how
//! cards are drawn, words chosen and keys read in `cards`, `wording` and
//! `shortcuts`; the window's size and title in `window`.
//!
//! Each panel is a `*_ui` function taking only what it needs; the seats
//! return [`SeatAction`]s for the app to apply. Edits go through [`Session`]
//! methods, which record undo steps; the end of the frame hands the session
//! to the feed, which submits it when it changed.
//!
//! Architecture invariant: the UI thread never computes equity: the
//! [`Feed`] hands every request to the background worker, and the panels
//! that count (hero, next card, Boards, the presets listing) run on threads
//! of their own (`state::background`).

mod analysis;
mod board;
mod cards;
mod classes;
mod editor;
mod files;
mod flops;
mod groups;
mod presets;
mod seats;
mod shortcuts;
mod sort_header;
mod state;
mod status;
mod toolbar;
mod train;
mod window;
mod wording;

use std::path::Path;
use std::time::Instant;

use engine::equity::EquityRequest;
use engine::worker::Worker;

use crate::presets::PresetStore;
use editor::grid::Overlay;
use shortcuts::Shortcut;
use window::{PanelWidths, Side};

pub use analysis::breakdown::RowKey;
pub use analysis::hero::{HeroFigures, HeroJob};
pub use analysis::panel::AnalysisState;
pub use board::next_card::{NextFigures, NextState};
pub use editor::grid;
pub use editor::state::EditorState;
pub use files::actions::{FileMenu, grid_as_image, grid_caption, spot_as_text};
pub use files::dialog::Dialogs;
pub use flops::job::FlopsFigures;
pub use flops::state::FlopsState;
pub use presets::panel::PresetsPanel;
pub use state::feed::{Feed, Timing};
pub use state::history::EditKey;
pub use state::prefs::{CardMode, Centre, Persisted, Prefs};
pub use state::scenario::{SavedSeat, Scenario, SeatMode, SeatState};
pub use state::session::{MAX_SEATS, SeatAction, Session};
pub use state::settings::{Loaded, load as load_settings, settings_file};
pub use train::answer::{Scored, Verdict};
pub use train::state::TrainState;
pub use train::stats::{Record, Stats, WITHIN, stats_file};
pub use window::TITLE;

/// The application: the session, the preferences, the equity feed and the
/// panels' state.
pub struct RangestoveApp {
    session: Session,
    prefs: Prefs,
    feed: Feed,
    editor: EditorState,
    analysis: AnalysisState,
    next: NextState,
    flops: FlopsState,
    presets: PresetsPanel,
    files: FileMenu,
    train: TrainState,
    /// Messages to show once each, as (title, text): a settings or
    /// statistics file that could not be read.
    notices: Vec<(&'static str, String)>,
    /// The side panels' widths as the player left them.
    widths: PanelWidths,
}

impl Default for RangestoveApp {
    /// Two seats (`QQ+,AKs` against `random`), no board, no worker, no
    /// user presets.
    fn default() -> RangestoveApp {
        RangestoveApp::restore(&Persisted::default(), None)
    }
}

impl RangestoveApp {
    /// Creates the app for a fresh eframe context, with its worker, the
    /// user's preset directory and the last session's state.
    pub fn new(cc: &eframe::CreationContext<'_>) -> RangestoveApp {
        // The evaluator table (124 MiB expanded) is not expanded here: the
        // first count that walks it does so, on its own thread (the UI
        // thread counts nothing); most spots never need it. The pool that
        // the panels' reports run on (a thread per core, as the command
        // line's) starts with named threads; it fails only if started.
        let _ = engine::threads::start_global(None, "rangestove-pool");
        let ctx = cc.egui_ctx.clone();
        let worker = Worker::spawn(None, move || ctx.request_repaint()).ok();
        let text = cc.storage.and_then(|s| s.get_string(eframe::APP_KEY));
        let loaded = load_settings(text.as_deref(), settings_file(TITLE).as_deref());
        let mut app = RangestoveApp::restore(&loaded.persisted, worker).with_notice(loaded.notice);
        // SIGTERM, Ctrl+C and a closed console close the window the normal
        // way, which saves the state. (Only one handler per process: a
        // second app in the same process keeps the first one's.)
        let ctx = cc.egui_ctx.clone();
        let _ = ctrlc::set_handler(move || {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            ctx.request_repaint();
        });
        app.presets.set_store(PresetStore::open_default());
        let mut app = app.with_train_file(stats_file(TITLE));
        app.feed
            .set_trace(std::env::var_os("RANGESTOVE_TRACE").is_some());
        cc.egui_ctx.set_theme(app.prefs.theme());
        app
    }

    /// The default app computing with `worker` (`None`: no equity).
    pub fn with_worker(worker: Option<Worker>) -> RangestoveApp {
        RangestoveApp::restore(&Persisted::default(), worker)
    }

    /// This app showing `notice` about its settings once (until
    /// dismissed).
    pub fn with_notice(mut self, notice: Option<String>) -> RangestoveApp {
        self.notices
            .extend(notice.map(|text| ("Settings not read", text)));
        self
    }

    /// This app keeping the trainer's statistics in `file` (`None`: for
    /// this run only), read now; an unreadable file is kept aside and
    /// reported once.
    pub fn with_train_file(mut self, file: Option<std::path::PathBuf>) -> RangestoveApp {
        let notice = self.train.set_file(file);
        self.notices
            .extend(notice.map(|text| ("Statistics not read", text)));
        self
    }

    /// This app using `dialogs` for its files (tests: none, to see the
    /// typed-path window).
    pub fn with_dialogs(mut self, dialogs: Dialogs) -> RangestoveApp {
        self.files.set_dialogs(dialogs.clone());
        self.analysis.set_dialogs(dialogs.clone());
        self.flops.dialogs = dialogs.clone();
        self.presets.set_dialogs(dialogs);
        self
    }

    /// This app with user presets in `store` (`None`: shipped ones only).
    pub fn with_store(mut self, store: Option<PresetStore>) -> RangestoveApp {
        self.presets.set_store(store);
        self
    }

    /// An app showing `persisted` (bad texts come back with their errors,
    /// out-of-range numbers are brought back in range).
    pub fn restore(persisted: &Persisted, worker: Option<Worker>) -> RangestoveApp {
        RangestoveApp {
            session: Session::restore(&persisted.scenario, persisted.selected),
            prefs: persisted.prefs.clone().sanitized(),
            feed: Feed::new(worker),
            editor: EditorState::default(),
            analysis: AnalysisState::default(),
            next: NextState::default(),
            flops: FlopsState::default(),
            presets: PresetsPanel::default(),
            files: FileMenu::default(),
            train: TrainState::default(),
            notices: Vec::new(),
            widths: PanelWidths::default(),
        }
    }

    /// What to save for the next session.
    pub fn persisted(&self) -> Persisted {
        Persisted {
            scenario: self.session.scenario(),
            selected: self.session.selected(),
            prefs: self.prefs.clone(),
        }
    }

    // What the app holds, as tests and tools read it.

    /// What is edited.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// What is edited, to edit it as the panels do (each edit one undo
    /// step).
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// What is preferred.
    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    /// What is computed.
    pub fn feed(&self) -> &Feed {
        &self.feed
    }

    /// The range editor's state (the grid, the suit editor's class, the
    /// last copy).
    pub fn editor(&self) -> &EditorState {
        &self.editor
    }

    /// The analysis panel's state (the selected board row, the hero).
    pub fn analysis(&self) -> &AnalysisState {
        &self.analysis
    }

    /// The next-card strip's state.
    pub fn next_card(&self) -> &NextState {
        &self.next
    }

    /// The Boards view's state.
    pub fn flops(&self) -> &FlopsState {
        &self.flops
    }

    /// The presets panel's state.
    pub fn presets(&self) -> &PresetsPanel {
        &self.presets
    }

    /// The File menu's state (the last action's outcome).
    pub fn file_menu(&self) -> &FileMenu {
        &self.files
    }

    /// The seats and board panels' widths last frame.
    pub fn side_widths(&self) -> [Option<f32>; 2] {
        self.widths.widths()
    }

    /// The Train view's state.
    pub fn train(&self) -> &TrainState {
        &self.train
    }

    /// The notice waiting to be dismissed, if any (the first of several).
    pub fn notice(&self) -> Option<&str> {
        self.notices.first().map(|(_, text)| text.as_str())
    }

    /// The request for the current scenario (absent seats left out, the
    /// board of the street shown), as the feed submits it before its line
    /// is applied.
    pub fn request(&self) -> EquityRequest {
        let breakdown = self.prefs.wants_breakdown();
        self.session.equity_job(breakdown).0.request
    }

    // What the user does through the File menu, the presets panel and the
    // clipboard, without their dialogs (the caller picks the path).

    /// Pasted text: a spot copied as text replaces the spot (one undo
    /// step); anything else is range text, in any dialect, for the
    /// selected seat.
    pub fn paste(&mut self, text: &str) {
        self.files.paste(&mut self.session, text);
    }

    /// Replaces the spot with a fresh one (one undo step).
    pub fn new_spot(&mut self) {
        self.files.new_spot(&mut self.session);
    }

    /// Saves the spot as a scenario file at `path` (atomically).
    pub fn save_scenario(&mut self, path: &Path) {
        self.files.save_scenario(&self.session, path);
    }

    /// Opens the scenario file at `path` (one undo step); a bad file is
    /// reported and left as it is.
    pub fn open_scenario(&mut self, path: &Path) {
        self.files.open_scenario(&mut self.session, path);
    }

    /// Saves the selected seat's grid as a PNG file at `path` (atomically).
    pub fn save_grid_png(&mut self, ctx: &egui::Context, path: &Path) {
        let dark = self.prefs.dark;
        self.files.save_grid_png(ctx, &self.session, dark, path);
    }

    /// Imports `path`: a `.ron` preset joins the user's presets; any other
    /// file is read as range text into the selected seat.
    pub fn import_file(&mut self, path: &Path) {
        self.presets.import_file(path, &mut self.session);
    }

    /// Writes the chosen preset to `path` (atomically).
    pub fn export_chosen_preset(&mut self, path: &Path) {
        self.presets.export_chosen(path);
    }

    /// Writes the selected seat's range as text in the Copy dialect.
    pub fn export_range_text(&mut self, path: &Path) {
        let range = &self.session.selected_seat().range;
        self.presets
            .export_range_text(path, range, self.prefs.dialect);
    }

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
                flops::view::flops_ui(ui, &mut self.flops, &mut self.session, dark);
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

impl eframe::App for RangestoveApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        let cpu = frame.info().cpu_usage;
        RangestoveApp::ui(self, ui);
        // eframe's figure for the previous frame covers layout, tessellation
        // and painting too.
        if let Some(cpu) = cpu {
            self.feed.record_frame(cpu);
        }
        self.feed.trace_frames();
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.persisted());
    }

    fn auto_save_interval(&self) -> std::time::Duration {
        window::SAVE_INTERVAL
    }
}

/// Opens the main window and runs until it is closed.
pub fn run() -> eframe::Result {
    eframe::run_native(
        TITLE,
        window::native_options(),
        Box::new(|cc| Ok(Box::new(RangestoveApp::new(cc)))),
    )
}
