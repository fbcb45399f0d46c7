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
//!   [`PresetsPanel`]).
//!
//! Each panel is a `*_ui` function taking only what it needs: the toolbar,
//! the status line, the seats (which return [`SeatAction`]s for the app to
//! apply), the board, the editor and grid, analysis and presets. Edits go
//! through [`Session`] methods, which record undo steps; the end of the
//! frame hands the session to the feed, which submits it when it changed.
//!
//! Architecture invariant: the UI thread never computes equity: the
//! [`Feed`] hands every request to the background worker, and the hero
//! analysis runs on a thread of its own.
//!
//! The window: seats on the left, the range editor in the middle, the board
//! picker and presets (or analysis) on the right, a toolbar on top and a
//! status line below (responsiveness figures included).

mod analysis;
mod background;
mod board;
mod boards;
mod boards_table;
mod boards_ui;
mod editor;
mod feed;
mod file_actions;
mod files;
pub mod grid;
mod grid_image;
mod hand_picker;
mod hero;
mod history;
mod next_card;
mod prefs;
mod presets_panel;
mod scenario;
mod seats;
mod session;
mod settings;
mod suits;
mod toolbar;

use std::path::Path;
use std::time::Instant;

use egui::{Key, KeyboardShortcut, Modifiers};
use engine::equity::{EquityError, EquityRequest, EquityResult, SeatEquity};
use engine::worker::Worker;
use engine::{Card, CardSet, HandClass};

use crate::presets::PresetStore;

pub use analysis::{AnalysisState, RowKey};
pub use board::CardMode;
pub use editor::EditorState;
pub use feed::{Feed, Timing};
pub use hero::{HeroFigures, HeroJob};
pub use history::EditKey;
pub use prefs::{Persisted, Prefs};
pub use presets_panel::PresetsPanel;
pub use scenario::{SavedSeat, Scenario, SeatMode, SeatState};
pub use session::{MAX_SEATS, SeatAction, Session};
pub use settings::{Loaded, load as load_settings, settings_file};

use grid::{GridState, Overlay};

/// The window title.
pub const TITLE: &str = "Rangestove";

/// Undo: Ctrl+Z (Cmd+Z on macOS).
const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
/// Redo: Ctrl+Shift+Z.
const REDO: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
/// Redo, the Windows way: Ctrl+Y.
const REDO_Y: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
/// Copy the selected seat's range: Ctrl+Shift+C (or Ctrl+C outside a text
/// box).
const COPY_RANGE: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::C);
/// The seats panel's narrowest width, in points.
const LEFT_MIN: f32 = 280.0;
/// The board panel's narrowest width: the deck's 13 cards and margins.
const RIGHT_MIN: f32 = 345.0;
/// What the side panels leave the editor and grid at least.
const CENTER_MIN: f32 = 390.0;
/// How often eframe saves the state while the app runs.
const SAVE_INTERVAL: std::time::Duration = std::time::Duration::from_secs(1);
/// The command key as players know it: Cmd on macOS, Ctrl elsewhere (the
/// shortcuts use egui's `Modifiers::COMMAND`, which is either).
pub(crate) fn command_key(ctx: &egui::Context) -> &'static str {
    if ctx.os() == egui::os::OperatingSystem::Mac {
        "Cmd"
    } else {
        "Ctrl"
    }
}

/// A random flop: Ctrl+R (Cmd+R on macOS).
const RANDOM_FLOP: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::R);

/// The application: the session, the preferences, the equity feed and the
/// panels' state.
pub struct RangestoveApp {
    session: Session,
    prefs: Prefs,
    feed: Feed,
    editor: EditorState,
    analysis: AnalysisState,
    next: next_card::NextState,
    boards: boards::BoardsState,
    presets: PresetsPanel,
    /// A message to show once (a settings file that could not be read).
    notice: Option<String>,
    /// The last file action's outcome, shown in the toolbar (`Err`: what
    /// went wrong).
    file_message: Option<Result<String, String>>,
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
        // The evaluator table ships compressed: expand it now, off the UI
        // thread, so no exact count waits for it. A damaged table is
        // reported by the count that needs it.
        let _ = std::thread::Builder::new()
            .name("rangestove-table".to_owned())
            .spawn(|| engine::eval::table().is_ok());
        let ctx = cc.egui_ctx.clone();
        let worker = Worker::spawn(None, move || ctx.request_repaint()).ok();
        let text = cc.storage.and_then(|s| s.get_string(eframe::APP_KEY));
        let loaded = settings::load(text.as_deref(), settings_file(TITLE).as_deref());
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
        app.feed
            .set_trace(std::env::var_os("RANGESTOVE_TRACE").is_some());
        cc.egui_ctx.set_theme(app.prefs.theme());
        app
    }

    /// The default app computing with `worker` (`None`: no equity).
    pub fn with_worker(worker: Option<Worker>) -> RangestoveApp {
        RangestoveApp::restore(&Persisted::default(), worker)
    }

    /// This app showing `notice` once (until dismissed).
    pub fn with_notice(mut self, notice: Option<String>) -> RangestoveApp {
        self.notice = notice;
        self
    }

    /// The notice waiting to be dismissed, if any.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
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
            next: next_card::NextState::default(),
            boards: boards::BoardsState::default(),
            presets: PresetsPanel::default(),
            notice: None,
            file_message: None,
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

    /// What is edited.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// What is preferred.
    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    /// What is computed.
    pub fn feed(&self) -> &Feed {
        &self.feed
    }

    /// The seats.
    pub fn seats(&self) -> &[SeatState] {
        self.session.seats()
    }

    /// The index of the seat whose range the grid edits.
    pub fn selected(&self) -> usize {
        self.session.selected()
    }

    /// Sets how seat `index` takes part (one undo step).
    pub fn set_seat_mode(&mut self, index: usize, mode: SeatMode) {
        self.session.set_seat_mode(index, mode);
    }

    /// The board as parsed.
    pub fn board(&self) -> &[Card] {
        self.session.board()
    }

    /// The dead cards as parsed.
    pub fn dead(&self) -> CardSet {
        self.session.dead()
    }

    /// Undoes the last edit; returns whether there was one.
    pub fn undo(&mut self) -> bool {
        self.session.undo()
    }

    /// Redoes the last undone edit; returns whether there was one.
    pub fn redo(&mut self) -> bool {
        self.session.redo()
    }

    /// The request for the current scenario (absent seats left out).
    pub fn request(&self) -> EquityRequest {
        let breakdown = self.prefs.wants_breakdown();
        self.session.request_with_seats(breakdown).0
    }

    /// The next-card report of the current flop or turn, once computed
    /// (`Err`: why the spot cannot be counted).
    pub fn next_cards(&self) -> Option<&Result<engine::study::NextCardReport, String>> {
        self.next.figures().map(|f| &f.report)
    }

    /// The Boards view's report of the current spot (without its board),
    /// once complete.
    pub fn flop_report(&self) -> Option<&engine::study::FlopReport> {
        self.boards.report()
    }

    /// The Boards view's rows in so far (frequencies relative to one
    /// another until the report is complete).
    pub fn flop_rows(&self) -> &[engine::study::FlopRow] {
        self.boards.figures().map_or(&[], |f| f.rows.as_slice())
    }

    /// The latest result of the current scenario.
    pub fn result(&self) -> Option<&EquityResult> {
        self.feed.result()
    }

    /// The latest figures for seat `index`, if it is active and numbers
    /// have arrived.
    pub fn seat_equity(&self, index: usize) -> Option<&SeatEquity> {
        self.feed.seat_equity(index)
    }

    /// Why the current scenario cannot be computed, if so.
    pub fn failure(&self) -> Option<&EquityError> {
        self.feed.failure()
    }

    /// Responsiveness figures.
    pub fn timing(&self) -> &Timing {
        self.feed.timing()
    }

    /// The heat map of the selected seat: its equity per class index.
    pub fn heat_map(&self) -> Option<Vec<Option<f32>>> {
        self.feed.heat_map(self.session.selected())
    }

    /// The grid's state (where it was drawn, the brush).
    pub fn grid_state(&self) -> &GridState {
        self.editor.grid()
    }

    /// The class the suit editor shows.
    pub fn suit_editor_class(&self) -> HandClass {
        self.editor.suit_editor_class()
    }

    /// What the last copy said (`Err`: why it could not), while shown.
    pub fn copy_message(&self) -> Option<&Result<String, String>> {
        self.editor.copy_message()
    }

    /// The selected board-breakdown row.
    pub fn selected_row(&self) -> Option<RowKey> {
        self.analysis.row()
    }

    /// The hero analysis of the selected seat, once computed.
    pub fn hero_figures(&self) -> Option<&HeroFigures> {
        self.analysis.hero_figures()
    }

    /// The last message of the presets panel (`Err` for a failure).
    pub fn presets_message(&self) -> Option<&Result<String, String>> {
        self.presets.message()
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

    /// Global keyboard shortcuts (not while a text box has the keyboard:
    /// its own undo and copy win there).
    fn shortcuts(&mut self, ui: &mut egui::Ui) {
        if ui.ctx().egui_wants_keyboard_input() {
            return;
        }
        // The Shift variants first: consuming Ctrl+Z would also match
        // Ctrl+Shift+Z otherwise.
        if ui.input_mut(|i| i.consume_shortcut(&REDO) || i.consume_shortcut(&REDO_Y)) {
            self.session.redo();
        }
        if ui.input_mut(|i| i.consume_shortcut(&UNDO)) {
            self.session.undo();
        }
        // Ctrl+C outside a text box arrives as a copy event.
        let copy = ui.input(|i| i.events.iter().any(|e| matches!(e, egui::Event::Copy)));
        if copy || ui.input_mut(|i| i.consume_shortcut(&COPY_RANGE)) {
            let range = &self.session.selected_seat().range;
            self.editor.copy(ui.ctx(), range, self.prefs.dialect);
        }
        if ui.input_mut(|i| i.consume_shortcut(&RANDOM_FLOP)) {
            self.session.random_board(3);
        }
        let paste = ui.input(|i| {
            i.events.iter().find_map(|e| match e {
                egui::Event::Paste(text) => Some(text.clone()),
                _ => None,
            })
        });
        if let Some(text) = paste {
            self.paste(&text);
        }
    }

    /// Draws the whole window.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let started = Instant::now();
        self.feed.receive();
        self.shortcuts(ui);
        let action = egui::Panel::top("toolbar")
            .show(ui, |ui| {
                let message = self.file_message.as_ref();
                toolbar::toolbar_ui(ui, &mut self.session, &mut self.prefs, message)
            })
            .inner;
        if let Some(action) = action {
            self.file_action(ui.ctx(), action);
        }
        egui::Panel::bottom("status").show(ui, |ui| feed::status_ui(ui, &self.feed, &self.session));
        // Side panels share the window with the grid: from 1024 points
        // wide up, each keeps to its share so the grid always has room
        // (a width remembered from a larger window is brought back in).
        let width = ui.available_width();
        let left_max = (width - RIGHT_MIN - CENTER_MIN).max(LEFT_MIN);
        let right_max = (width - LEFT_MIN - CENTER_MIN).max(RIGHT_MIN);
        egui::Panel::left("seats")
            .default_size((width * 0.28).clamp(LEFT_MIN, 400.0))
            .size_range(LEFT_MIN..=left_max)
            .show(ui, |ui| {
                for action in seats::seats_ui(ui, &self.session, &self.feed) {
                    self.session.apply(action);
                    // Show the change at once.
                    ui.ctx().request_repaint();
                }
            });
        egui::Panel::right("board")
            .default_size(RIGHT_MIN)
            .size_range(RIGHT_MIN..=right_max.max(RIGHT_MIN))
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("right")
                    .show(ui, |ui| self.right_panel_ui(ui));
            });
        egui::CentralPanel::default().show(ui, |ui| self.central_panel_ui(ui));
        self.notice_ui(ui);
        // eframe saves at most every `auto_save_interval`, and only on a
        // frame: one more frame after any input saves an edit within a
        // second or so even when nothing else happens.
        if ui.input(|i| !i.events.is_empty()) {
            ui.ctx().request_repaint_after(SAVE_INTERVAL);
        }
        self.feed
            .sync(&mut self.session, self.prefs.wants_breakdown());
        self.feed.record_ui(started);
    }

    /// The notice, if any, in a window until dismissed.
    fn notice_ui(&mut self, ui: &egui::Ui) {
        let Some(notice) = &self.notice else {
            return;
        };
        let mut dismissed = false;
        egui::Window::new("Settings not read")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ui.ctx(), |ui| {
                ui.set_max_width(420.0);
                ui.label(notice);
                dismissed = ui.button("OK").clicked();
            });
        if dismissed {
            self.notice = None;
        }
    }

    /// The board picker, then analysis or presets.
    fn right_panel_ui(&mut self, ui: &mut egui::Ui) {
        board::board_ui(ui, &mut self.session, &mut self.prefs.card_mode);
        next_card::next_card_ui(ui, &mut self.next, &mut self.session);
        ui.separator();
        if self.prefs.show_analysis {
            analysis::analysis_ui(ui, &mut self.analysis, &mut self.session, &self.feed);
        } else if self.prefs.show_presets {
            let dialect = self.prefs.dialect;
            presets_panel::presets_ui(ui, &mut self.presets, &mut self.session, dialect);
        }
    }

    /// The editor's controls, then the grid (with the heat map or the
    /// selected board row over it) and the suit editor.
    fn central_panel_ui(&mut self, ui: &mut egui::Ui) {
        if self.prefs.show_boards {
            let dark = self.prefs.dark;
            boards_ui::boards_ui(ui, &mut self.boards, &mut self.session, dark);
            return;
        }
        let breakdown = self.feed.seat_breakdown(self.session.selected());
        editor::editor_ui(
            ui,
            &mut self.editor,
            &mut self.session,
            &mut self.prefs,
            breakdown,
            self.feed.pending(),
        );
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
                self.analysis.row_highlight(&self.session)
            } else {
                None
            },
        };
        editor::range_ui(
            ui,
            &mut self.editor,
            &mut self.session,
            &self.prefs,
            &overlay,
            breakdown,
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
        SAVE_INTERVAL
    }
}

/// The window icon, from `assets/icon.png`.
fn icon() -> Option<egui::IconData> {
    eframe::icon_data::from_png_bytes(include_bytes!("../../../assets/icon.png")).ok()
}

/// Opens the main window and runs until it is closed.
pub fn run() -> eframe::Result {
    let mut viewport = egui::ViewportBuilder::default()
        .with_title(TITLE)
        .with_inner_size([1440.0, 900.0])
        .with_min_inner_size([1024.0, 700.0]);
    if let Some(icon) = icon() {
        viewport = viewport.with_icon(std::sync::Arc::new(icon));
    }
    let options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    eframe::run_native(
        TITLE,
        options,
        Box::new(|cc| Ok(Box::new(RangestoveApp::new(cc)))),
    )
}
