//! [`RangestoveApp`]: what the window holds (the session, the preferences,
//! the equity feed and each panel's state), how it starts and restores,
//! what tests and tools read of it, what the File menu, the presets panel
//! and the clipboard do without their dialogs, and eframe's hooks. The
//! window's layout, frame by frame, is in `layout`.

use std::path::Path;

use engine::equity::EquityRequest;
use engine::worker::Worker;

use super::analysis::panel::AnalysisState;
use super::board::next_card::NextState;
use super::boards::state::FlopsState;
use super::editor::state::EditorState;
use super::files::actions::FileMenu;
use super::files::dialog::Dialogs;
use super::hands::state::HandsState;
use super::presets::panel::PresetsPanel;
use super::state::feed::Feed;
use super::state::prefs::{Persisted, Prefs};
use super::state::session::Session;
use super::state::settings::{load as load_settings, settings_file};
use super::train::settings::RoundSettings;
use super::train::state::TrainState;
use super::train::stats::stats_file;
use super::window::{self, TITLE};
use super::workspace::{Pane, Ready, Workspace};
use crate::presets::PresetStore;

/// The application: the session, the preferences, the equity feed and the
/// panels' state.
pub struct RangestoveApp {
    pub(super) session: Session,
    pub(super) prefs: Prefs,
    pub(super) feed: Feed,
    pub(super) editor: EditorState,
    pub(super) analysis: AnalysisState,
    pub(super) next: NextState,
    pub(super) flops: FlopsState,
    pub(super) presets: PresetsPanel,
    pub(super) files: FileMenu,
    pub(super) train: TrainState,
    pub(super) hands: HandsState,
    /// Messages to show once each, as (title, text): a settings or
    /// statistics file that could not be read.
    pub(super) notices: Vec<(&'static str, String)>,
    /// The window's tiles, as the player arranged them.
    pub(super) workspace: Workspace,
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
        // A steady text cursor: a blinking one draws two frames a second
        // for as long as a range box has the focus, each taken from the
        // count running meanwhile.
        cc.egui_ctx
            .all_styles_mut(|s| s.visuals.text_cursor.blink = false);
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
        self.hands.dialogs = dialogs.clone();
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
        let prefs = persisted.prefs.clone().sanitized();
        let (ready, front) = prefs.first_layout();
        let (workspace, notice) = Workspace::restore(&prefs.layout, ready, front);
        let train = TrainState::with_settings(RoundSettings::from_choice(&prefs.train));
        let app = RangestoveApp {
            session: Session::restore(&persisted.scenario, persisted.selected),
            prefs,
            feed: Feed::new(worker),
            editor: EditorState::default(),
            analysis: AnalysisState::default(),
            next: NextState::default(),
            flops: FlopsState::default(),
            presets: PresetsPanel::default(),
            files: FileMenu::default(),
            train,
            hands: HandsState::default(),
            notices: Vec::new(),
            workspace,
        };
        app.with_notice(notice)
    }

    /// What to save for the next session.
    pub fn persisted(&self) -> Persisted {
        Persisted {
            scenario: self.session.scenario(),
            selected: self.session.selected(),
            prefs: (self.prefs.clone())
                .with_layout(self.workspace.text())
                .with_train(self.train.settings.choice()),
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

    /// The Hands view's state.
    pub fn hands(&self) -> &HandsState {
        &self.hands
    }

    /// The Hands view's state, to filter and sort as its controls do.
    pub fn hands_mut(&mut self) -> &mut HandsState {
        &mut self.hands
    }

    /// Reads the hand-history `files` into the Hands view (as dropping
    /// them on the window does) and brings the view to the front.
    pub fn open_hand_files(&mut self, ctx: &egui::Context, files: Vec<std::path::PathBuf>) {
        self.hands.open(files, ctx);
        self.workspace.bring_to_front(Pane::Hands);
    }

    /// The window's tiles.
    pub fn workspace(&self) -> &Workspace {
        &self.workspace
    }

    /// Shows the ready layout `ready` from the next frame, as the Layout
    /// menu does, with `front` brought to the front.
    pub fn pick_layout(&mut self, ready: Ready, front: Option<Pane>) {
        self.workspace.pick(ready, front);
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
