//! The desktop app (eframe/egui): seats with ranges, the range grid and suit
//! editor of the selected seat, a board and dead-card picker, presets, and
//! live equity bars fed by the background worker.
//!
//! Architecture invariant: the UI thread never computes equity. Every edit
//! marks the scenario dirty; the end of the frame submits it to the
//! [`Worker`], which cancels the previous job, and only updates of the newest
//! generation are shown.
//!
//! The window: seats on the left, the range editor in the middle, the board
//! picker and presets on the right, a toolbar on top and a status line below
//! (responsiveness figures included).

mod analysis;
mod board;
mod editor;
mod history;
mod presets_panel;
mod seats;

use std::collections::VecDeque;
use std::time::Instant;

use egui::{Key, KeyboardShortcut, Modifiers, Pos2};
use engine::equity::{EquityError, EquityRequest, EquityResult, Seat};
use engine::range::{Dialect, FULL};
use engine::worker::{Event, Worker};
use engine::{Card, CardSet, HandClass, Range, card::parse_cards};

use crate::grid::GridState;
use crate::presets::PresetStore;
use history::{EditKey, History};

pub use analysis::{HeroFigures, RowKey};
pub use board::CardMode;

/// The window title.
pub const TITLE: &str = "Rangestove";

/// Most seats the app offers.
pub const MAX_SEATS: usize = 10;

/// Monte Carlo in the app runs until every seat's standard error is this.
const TARGET_STD_ERROR: f64 = 0.0002;
/// The exact-enumeration budget when per-combo figures are shown.
const BREAKDOWN_BUDGET_MS: f64 = 1000.0;

/// Frames whose timings the status line summarises.
const FRAME_WINDOW: usize = 240;

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
/// A random flop: Ctrl+R.
const RANDOM_FLOP: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::R);

/// How a seat takes part.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum SeatMode {
    /// Competes for the pot.
    #[default]
    Active,
    /// Does not compete; its range only removes cards.
    Folded,
    /// Not in the hand at all.
    Absent,
}

impl SeatMode {
    /// Every mode, in menu order.
    pub const ALL: [SeatMode; 3] = [SeatMode::Active, SeatMode::Folded, SeatMode::Absent];

    /// The menu label.
    pub fn label(self) -> &'static str {
        match self {
            SeatMode::Active => "active",
            SeatMode::Folded => "folded",
            SeatMode::Absent => "absent",
        }
    }

    /// What the mode means, for tooltips.
    pub fn help(self) -> &'static str {
        match self {
            SeatMode::Active => "In the hand: competes for the pot",
            SeatMode::Folded => "Folded: does not compete, but its range removes cards",
            SeatMode::Absent => "Not at the table: ignored entirely",
        }
    }
}

/// One seat as saved: its name, range text (as typed) and mode.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SavedSeat {
    /// The seat's name.
    pub name: String,
    /// The range text as typed.
    pub range: String,
    /// How it takes part.
    pub mode: SeatMode,
}

impl Default for SavedSeat {
    fn default() -> SavedSeat {
        SavedSeat {
            name: "Seat".to_owned(),
            range: "random".to_owned(),
            mode: SeatMode::Active,
        }
    }
}

/// Everything undo and redo restore: the seats, the board, the dead cards.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Scenario {
    /// The seats, in order.
    pub seats: Vec<SavedSeat>,
    /// The board text.
    pub board: String,
    /// The dead-cards text.
    pub dead: String,
}

impl Default for Scenario {
    fn default() -> Scenario {
        let seat = |name: &str, range: &str| SavedSeat {
            name: name.to_owned(),
            range: range.to_owned(),
            mode: SeatMode::Active,
        };
        Scenario {
            seats: vec![seat("Seat 1", "QQ+,AKs"), seat("Seat 2", "random")],
            board: String::new(),
            dead: String::new(),
        }
    }
}

/// What survives a restart (eframe persistence): the scenario and the
/// editing preferences, not runtime handles. Missing fields take their
/// defaults, so older saves still load. (Panel widths are kept by egui's
/// own memory, which eframe saves too.)
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Persisted {
    /// Seats, board and dead cards.
    pub scenario: Scenario,
    /// The brush weight in basis points.
    pub brush_bp: u16,
    /// The selected seat.
    pub selected: usize,
    /// Dark theme (else light).
    pub dark: bool,
    /// What clicking the deck does.
    pub card_mode: CardMode,
    /// The dialect "Copy range" writes, by name.
    pub dialect: String,
    /// The top-X% slider.
    pub top_percent: f64,
    /// The band slider's ends, in percent.
    pub band: (f64, f64),
    /// Whether the presets panel is open.
    pub show_presets: bool,
    /// Whether the analysis panel is open (in the presets' place).
    pub show_analysis: bool,
    /// Whether the grid shows the selected seat's equity per class.
    pub heat_map: bool,
}

impl Default for Persisted {
    fn default() -> Persisted {
        Persisted {
            scenario: Scenario::default(),
            brush_bp: FULL,
            selected: 0,
            dark: true,
            card_mode: CardMode::Board,
            dialect: Dialect::Canonical.name().to_owned(),
            top_percent: 15.0,
            band: (5.0, 15.0),
            show_presets: true,
            show_analysis: false,
            heat_map: false,
        }
    }
}

/// One seat: its range as typed and as parsed.
#[derive(Clone, Debug)]
pub struct SeatState {
    /// The seat's name.
    pub name: String,
    /// The range text as typed (may hold a parse error).
    pub text: String,
    /// The last range that parsed.
    pub range: Range,
    /// The parse error of `text`, if any.
    pub error: Option<engine::ParseRangeError>,
    /// How the seat takes part.
    pub mode: SeatMode,
}

impl SeatState {
    /// Replaces the range; the text becomes its canonical form.
    fn set_range(&mut self, range: Range) {
        self.range = range;
        self.range_edited();
    }

    /// After the range changed in place: the text becomes its canonical
    /// form.
    fn range_edited(&mut self) {
        self.text = self.range.canonical();
        self.error = None;
    }

    /// Parses `text` as typed: the range follows when it parses, else the
    /// error is kept and the range stays the last good one.
    fn set_text(&mut self, text: &str) {
        self.text = text.to_owned();
        match Range::parse(text) {
            Ok(range) => {
                self.range = range;
                self.error = None;
            }
            Err(error) => self.error = Some(error),
        }
    }

    fn from_saved(saved: &SavedSeat) -> SeatState {
        let mut seat = SeatState {
            name: saved.name.clone(),
            text: String::new(),
            range: Range::empty(),
            error: None,
            mode: saved.mode,
        };
        seat.set_text(&saved.range);
        seat
    }

    fn saved(&self) -> SavedSeat {
        SavedSeat {
            name: self.name.clone(),
            range: self.text.clone(),
            mode: self.mode,
        }
    }

    /// The seat's hand if its range is one combo: its cards are then known.
    fn exact_hand(&self) -> Option<engine::Combo> {
        let mut combos = self.range.combos().filter(|&(_, w)| w > 0);
        match (combos.next(), combos.next()) {
            (Some((combo, _)), None) if self.mode != SeatMode::Absent => Some(combo),
            _ => None,
        }
    }
}

/// Responsiveness figures, shown in the status line.
#[derive(Clone, Debug, Default)]
pub struct Timing {
    /// When the scenario was first edited since the last submit.
    edited_at: Option<Instant>,
    /// When the current request was submitted, and when its edit happened.
    submitted: Option<(Instant, Instant)>,
    /// Milliseconds from the last edit to its first numbers on screen.
    pub first_numbers_ms: Option<f64>,
    /// Recent times spent building the UI (this app's code), in ms.
    ui_ms: VecDeque<f64>,
    /// Recent whole-frame CPU times as eframe reports them (layout,
    /// tessellation and painting included), in ms.
    frames_ms: VecDeque<f64>,
}

/// The median and the maximum of `times`.
fn median_max(times: &VecDeque<f64>) -> Option<(f64, f64)> {
    let mut times: Vec<f64> = times.iter().copied().collect();
    if times.is_empty() {
        return None;
    }
    times.sort_by(f64::total_cmp);
    Some((times[times.len() / 2], times[times.len() - 1]))
}

/// Appends `ms`, keeping the last [`FRAME_WINDOW`] entries.
fn push_window(times: &mut VecDeque<f64>, ms: f64) {
    if times.len() == FRAME_WINDOW {
        times.pop_front();
    }
    times.push_back(ms);
}

impl Timing {
    /// The median and maximum time of building the UI, recent frames.
    pub fn ui_ms(&self) -> Option<(f64, f64)> {
        median_max(&self.ui_ms)
    }

    /// The median and maximum whole-frame CPU time, recent frames (only
    /// in the real window: eframe measures it).
    pub fn frame_ms(&self) -> Option<(f64, f64)> {
        median_max(&self.frames_ms)
    }
}

/// The application state shown in the window.
pub struct RangestoveApp {
    seats: Vec<SeatState>,
    selected: usize,
    board_text: String,
    board: Vec<Card>,
    board_error: Option<String>,
    dead_text: String,
    dead: CardSet,
    dead_error: Option<String>,
    top_percent: f64,
    band: (f64, f64),
    grid: GridState,
    card_mode: CardMode,
    dialect: Dialect,
    dark: bool,
    show_presets: bool,
    show_analysis: bool,
    heat_map: bool,
    analysis: analysis::AnalysisState,
    history: History,
    worker: Option<Worker>,
    dirty: bool,
    /// The app seat of each request seat of the job in flight.
    submitted_seats: Vec<usize>,
    result: Option<EquityResult>,
    failure: Option<EquityError>,
    timing: Timing,
    presets: presets_panel::PresetsPanel,
    deck_rects: [egui::Rect; 52],
    slot_rects: [egui::Rect; 5],
    trace: bool,
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
        let ctx = cc.egui_ctx.clone();
        let worker = Worker::spawn(None, move || ctx.request_repaint()).ok();
        let persisted = cc
            .storage
            .and_then(|s| eframe::get_value::<Persisted>(s, eframe::APP_KEY))
            .unwrap_or_default();
        let mut app = RangestoveApp::restore(&persisted, worker);
        app.presets.set_store(PresetStore::open_default());
        app.trace = std::env::var_os("RANGESTOVE_TRACE").is_some();
        cc.egui_ctx.set_theme(app.theme());
        app
    }

    /// The default app computing with `worker` (`None`: no equity).
    pub fn with_worker(worker: Option<Worker>) -> RangestoveApp {
        RangestoveApp::restore(&Persisted::default(), worker)
    }

    /// This app with user presets in `store` (`None`: shipped ones only).
    pub fn with_store(mut self, store: Option<PresetStore>) -> RangestoveApp {
        self.presets.set_store(store);
        self
    }

    /// An app showing `persisted` (bad texts come back with their errors).
    pub fn restore(persisted: &Persisted, worker: Option<Worker>) -> RangestoveApp {
        let mut app = RangestoveApp {
            seats: Vec::new(),
            selected: 0,
            board_text: String::new(),
            board: Vec::new(),
            board_error: None,
            dead_text: String::new(),
            dead: CardSet::EMPTY,
            dead_error: None,
            top_percent: percent_or(persisted.top_percent, 15.0),
            band: (
                percent_or(persisted.band.0, 5.0),
                percent_or(persisted.band.1, 15.0),
            ),
            grid: GridState::default(),
            card_mode: persisted.card_mode,
            dialect: Dialect::from_name(&persisted.dialect).unwrap_or(Dialect::Canonical),
            dark: persisted.dark,
            show_presets: persisted.show_presets,
            show_analysis: persisted.show_analysis,
            heat_map: persisted.heat_map,
            analysis: analysis::AnalysisState::default(),
            history: History::new(Scenario::default()),
            worker,
            dirty: true,
            submitted_seats: Vec::new(),
            result: None,
            failure: None,
            timing: Timing::default(),
            presets: presets_panel::PresetsPanel::default(),
            deck_rects: [egui::Rect::NOTHING; 52],
            slot_rects: [egui::Rect::NOTHING; 5],
            trace: false,
        };
        app.load_scenario(&persisted.scenario);
        app.selected = persisted.selected.min(app.seats.len() - 1);
        app.grid.brush_bp = persisted.brush_bp.min(FULL);
        app.history = History::new(app.scenario());
        app
    }

    /// What to save for the next session.
    pub fn persisted(&self) -> Persisted {
        Persisted {
            scenario: self.scenario(),
            brush_bp: self.grid.brush_bp,
            selected: self.selected,
            dark: self.dark,
            card_mode: self.card_mode,
            dialect: self.dialect.name().to_owned(),
            top_percent: self.top_percent,
            band: self.band,
            show_presets: self.show_presets,
            show_analysis: self.show_analysis,
            heat_map: self.heat_map,
        }
    }

    /// The scenario as undo sees it.
    pub fn scenario(&self) -> Scenario {
        Scenario {
            seats: self.seats.iter().map(SeatState::saved).collect(),
            board: self.board_text.clone(),
            dead: self.dead_text.clone(),
        }
    }

    /// Shows `scenario` (at least two seats, at most [`MAX_SEATS`]).
    fn load_scenario(&mut self, scenario: &Scenario) {
        self.seats = scenario
            .seats
            .iter()
            .take(MAX_SEATS)
            .map(SeatState::from_saved)
            .collect();
        while self.seats.len() < 2 {
            let name = format!("Seat {}", self.seats.len() + 1);
            self.seats.push(SeatState::from_saved(&SavedSeat {
                name,
                ..SavedSeat::default()
            }));
        }
        self.selected = self.selected.min(self.seats.len() - 1);
        self.set_board_text(&scenario.board);
        self.set_dead_text(&scenario.dead);
        self.mark_dirty();
    }

    /// Marks the scenario changed by an edit of kind `key`: it is
    /// resubmitted at the end of the frame and becomes an undo step.
    fn edited(&mut self, key: EditKey) {
        self.mark_dirty();
        let now = self.scenario();
        self.history.record(now, key);
    }

    fn mark_dirty(&mut self) {
        self.dirty = true;
        self.timing.edited_at.get_or_insert_with(Instant::now);
    }

    /// Undoes the last edit; returns whether there was one.
    pub fn undo(&mut self) -> bool {
        match self.history.undo(self.scenario()) {
            Some(previous) => {
                self.load_scenario(&previous);
                true
            }
            None => false,
        }
    }

    /// Redoes the last undone edit; returns whether there was one.
    pub fn redo(&mut self) -> bool {
        match self.history.redo(self.scenario()) {
            Some(next) => {
                self.load_scenario(&next);
                true
            }
            None => false,
        }
    }

    fn set_board_text(&mut self, text: &str) {
        self.board_text = text.to_owned();
        match parse_cards(text) {
            Ok(cards) => {
                self.board = cards;
                self.board_error = None;
            }
            Err(error) => self.board_error = Some(error.to_string()),
        }
    }

    fn set_dead_text(&mut self, text: &str) {
        self.dead_text = text.to_owned();
        match CardSet::parse(text) {
            Ok(dead) => {
                self.dead = dead;
                self.dead_error = None;
            }
            Err(error) => self.dead_error = Some(error.to_string()),
        }
    }

    /// Sets the board to `cards`; the text follows.
    fn set_board(&mut self, cards: Vec<Card>) {
        self.board_text = cards_text(&cards);
        self.board = cards;
        self.board_error = None;
        self.edited(EditKey::Discrete);
    }

    /// Sets the dead cards; the text follows.
    fn set_dead(&mut self, dead: CardSet) {
        self.dead = dead;
        self.dead_text = dead.to_string();
        self.dead_error = None;
        self.edited(EditKey::Discrete);
    }

    /// Cards on the board or dead.
    fn known_cards(&self) -> CardSet {
        CardSet::from_bits(self.board.iter().fold(self.dead.bits(), |m, c| m | c.bit()))
    }

    /// Cards of seats holding one exact hand, except `seat`.
    fn exact_hands_except(&self, seat: Option<usize>) -> CardSet {
        let bits = self
            .seats
            .iter()
            .enumerate()
            .filter(|&(i, _)| Some(i) != seat)
            .filter_map(|(_, s)| s.exact_hand())
            .fold(0, |m, combo| m | combo.mask().bits());
        CardSet::from_bits(bits)
    }

    /// Cards `seat`'s hands cannot hold: the board, the dead cards and the
    /// other seats' exact hands.
    fn blocked_for(&self, seat: usize) -> CardSet {
        CardSet::from_bits(self.known_cards().bits() | self.exact_hands_except(Some(seat)).bits())
    }

    /// The seats.
    pub fn seats(&self) -> &[SeatState] {
        &self.seats
    }

    /// Sets how seat `index` takes part (one undo step).
    pub fn set_seat_mode(&mut self, index: usize, mode: SeatMode) {
        if let Some(seat) = self.seats.get_mut(index) {
            seat.mode = mode;
            self.edited(EditKey::Discrete);
        }
    }

    /// The index of the seat whose range the grid edits.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The grid's state (where it was drawn, the brush).
    pub fn grid_state(&self) -> &GridState {
        &self.grid
    }

    /// The latest result of the current scenario.
    pub fn result(&self) -> Option<&EquityResult> {
        self.result.as_ref()
    }

    /// The latest figures for app seat `index`, if it is active and numbers
    /// have arrived.
    pub fn seat_equity(&self, index: usize) -> Option<&engine::equity::SeatEquity> {
        let result = self.result.as_ref()?;
        result
            .seats
            .iter()
            .find(|s| self.submitted_seats.get(s.seat) == Some(&index))
    }

    /// Why the current scenario cannot be computed, if so.
    pub fn failure(&self) -> Option<&EquityError> {
        self.failure.as_ref()
    }

    /// The board as parsed.
    pub fn board(&self) -> &[Card] {
        &self.board
    }

    /// The dead cards as parsed.
    pub fn dead(&self) -> CardSet {
        self.dead
    }

    /// Responsiveness figures.
    pub fn timing(&self) -> &Timing {
        &self.timing
    }

    /// Where `card` was drawn in the deck last frame (its centre).
    pub fn deck_card_center(&self, card: Card) -> Pos2 {
        self.deck_rects[usize::from(card.index())].center()
    }

    /// Where board slot `slot` (0–4) was drawn last frame (its centre).
    pub fn board_slot_center(&self, slot: usize) -> Pos2 {
        self.slot_rects[slot.min(4)].center()
    }

    /// The last message of the presets panel (`Err` for a failure).
    pub fn presets_message(&self) -> Option<&Result<String, String>> {
        self.presets.message()
    }

    /// The class the suit editor shows.
    pub fn suit_editor_class(&self) -> HandClass {
        self.grid
            .hovered()
            .or(self.grid.pressed())
            .unwrap_or(HandClass::ACES)
    }

    /// The request for the current scenario (absent seats left out), and
    /// the app seat of each request seat.
    pub fn request_with_seats(&self) -> (EquityRequest, Vec<usize>) {
        let (indices, seats): (Vec<usize>, Vec<Seat>) = self
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.mode != SeatMode::Absent)
            .map(|(i, s)| {
                let seat = Seat {
                    range: s.range.clone(),
                    folded: s.mode == SeatMode::Folded,
                };
                (i, seat)
            })
            .unzip();
        let mut request = EquityRequest::new(seats);
        request.board = self.board.clone();
        request.dead = self.dead;
        request.target_std_error = Some(TARGET_STD_ERROR);
        request.preview = true;
        // The heat map and the distribution graph need per-combo figures;
        // an exact answer is worth a longer wait then (a preview comes
        // first).
        request.breakdown = self.wants_breakdown();
        if request.breakdown {
            request.time_budget_ms = BREAKDOWN_BUDGET_MS;
        }
        (request, indices)
    }

    /// Whether per-combo figures are on screen (heat map or analysis).
    pub fn wants_breakdown(&self) -> bool {
        self.heat_map || self.show_analysis
    }

    /// Shows or hides the heat map.
    pub fn set_heat_map(&mut self, on: bool) {
        if on != self.heat_map {
            self.heat_map = on;
            self.mark_dirty();
        }
    }

    /// Shows or hides the analysis panel (it takes the presets' place).
    pub fn set_show_analysis(&mut self, on: bool) {
        if on != self.show_analysis {
            self.show_analysis = on;
            self.mark_dirty();
        }
    }

    /// The selected board-breakdown row.
    pub fn selected_row(&self) -> Option<RowKey> {
        self.analysis.row
    }

    /// Selects a board-breakdown row (highlighting its combos).
    pub fn select_row(&mut self, row: Option<RowKey>) {
        self.analysis.row = row;
    }

    /// The hero analysis of the selected seat, once computed.
    pub fn hero_figures(&self) -> Option<&HeroFigures> {
        self.analysis.hero_figures()
    }

    /// The request for the current scenario (absent seats left out).
    pub fn request(&self) -> EquityRequest {
        self.request_with_seats().0
    }

    /// Takes in the worker's updates of the current job.
    fn receive(&mut self) {
        let Some(worker) = &self.worker else {
            return;
        };
        while let Some(update) = worker.try_recv() {
            match update.event {
                Event::Progress(result) | Event::Done(result) => self.result = Some(result),
                Event::Failed(error) => self.failure = Some(error),
            }
            if let Some((submitted, edited)) = self.timing.submitted.take() {
                let ms = edited.elapsed().as_secs_f64() * 1e3;
                self.timing.first_numbers_ms = Some(ms);
                if self.trace {
                    let queued = (submitted - edited).as_secs_f64() * 1e3;
                    let engine_ms = self.result.as_ref().map_or(0.0, |r| r.elapsed_ms);
                    eprintln!(
                        "rangestove: first numbers {ms:.1} ms after the edit (submitted after \
                         {queued:.1} ms; the engine's snapshot at {engine_ms:.1} ms)"
                    );
                }
            }
        }
    }

    /// Sends the scenario to the worker if it changed.
    fn submit(&mut self) {
        if !self.dirty {
            return;
        }
        self.dirty = false;
        let edited = self.timing.edited_at.take().unwrap_or_else(Instant::now);
        let Some(worker) = &self.worker else {
            return;
        };
        let (request, seats) = self.request_with_seats();
        worker.submit(request);
        self.submitted_seats = seats;
        self.result = None;
        self.failure = None;
        self.timing.submitted = Some((Instant::now(), edited));
    }

    fn theme(&self) -> egui::Theme {
        if self.dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        }
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
            self.redo();
        }
        if ui.input_mut(|i| i.consume_shortcut(&UNDO)) {
            self.undo();
        }
        // Ctrl+C outside a text box arrives as a copy event.
        let copy = ui.input(|i| i.events.iter().any(|e| matches!(e, egui::Event::Copy)));
        if copy || ui.input_mut(|i| i.consume_shortcut(&COPY_RANGE)) {
            self.copy_range(ui.ctx());
        }
        if ui.input_mut(|i| i.consume_shortcut(&RANDOM_FLOP)) {
            self.random_board(3);
        }
        let paste = ui.input(|i| {
            i.events.iter().find_map(|e| match e {
                egui::Event::Paste(text) => Some(text.clone()),
                _ => None,
            })
        });
        if let Some(text) = paste {
            self.paste_range(&text);
        }
    }

    /// Copies the selected seat's range in the chosen dialect.
    fn copy_range(&mut self, ctx: &egui::Context) {
        let seat = &self.seats[self.selected];
        match seat.range.to_text(self.dialect) {
            Ok(text) => ctx.copy_text(text),
            Err(error) => {
                self.presets.set_message(Err(format!(
                    "Cannot copy as {}: {error}",
                    self.dialect.name()
                )));
            }
        }
    }

    /// Replaces the selected seat's range with pasted text (any dialect).
    fn paste_range(&mut self, text: &str) {
        let index = self.selected;
        self.seats[index].set_text(text.trim());
        self.edited(EditKey::Discrete);
    }

    /// Draws the whole window.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let started = Instant::now();
        self.receive();
        self.shortcuts(ui);
        egui::Panel::top("toolbar").show(ui, |ui| self.toolbar_ui(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_ui(ui));
        egui::Panel::left("seats")
            .default_size(400.0)
            .size_range(340.0..=640.0)
            .show(ui, |ui| self.seats_ui(ui));
        egui::Panel::right("board")
            .default_size(352.0)
            .size_range(352.0..=520.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("right")
                    .show(ui, |ui| {
                        self.board_ui(ui);
                        ui.separator();
                        if self.show_analysis {
                            self.analysis_ui(ui);
                        } else {
                            self.presets_ui(ui);
                        }
                    });
            });
        egui::CentralPanel::default().show(ui, |ui| self.editor_ui(ui));
        self.submit();
        push_window(
            &mut self.timing.ui_ms,
            started.elapsed().as_secs_f64() * 1e3,
        );
    }

    /// Undo, redo, theme, presets toggle, title.
    fn toolbar_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.heading(TITLE);
            ui.separator();
            if ui
                .add_enabled(self.history.can_undo(), egui::Button::new("⟲ Undo"))
                .on_hover_text("Undo the last edit (Ctrl+Z)")
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(self.history.can_redo(), egui::Button::new("⟳ Redo"))
                .on_hover_text("Redo (Ctrl+Shift+Z or Ctrl+Y)")
                .clicked()
            {
                self.redo();
            }
            ui.separator();
            let theme = if self.dark { "☀ Light" } else { "🌙 Dark" };
            if ui
                .button(theme)
                .on_hover_text("Switch between the dark and light themes")
                .clicked()
            {
                self.dark = !self.dark;
                ui.ctx().set_theme(self.theme());
            }
            let mut presets = self.show_presets && !self.show_analysis;
            if ui
                .toggle_value(&mut presets, "Presets")
                .on_hover_text("Show or hide the presets library")
                .clicked()
            {
                self.show_presets = presets;
                if presets {
                    self.set_show_analysis(false);
                }
            }
            let mut analysis = self.show_analysis;
            if ui
                .toggle_value(&mut analysis, "Analysis")
                .on_hover_text(
                    "Equity distribution of every seat, the selected seat's range on the board, and an exact hand's strength and potential (in the presets' place)",
                )
                .clicked()
            {
                self.set_show_analysis(analysis);
            }
        });
    }

    /// Method, samples, speed, progress, responsiveness.
    fn status_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            if let Some(failure) = &self.failure {
                ui.colored_label(ui.visuals().error_fg_color, failure.to_string());
            } else if let Some(result) = &self.result {
                let method = match result.method {
                    engine::equity::MethodUsed::PreflopTable => "exact (preflop table)",
                    m if m.is_exact() => "exact",
                    _ => "estimated",
                };
                ui.label(format!("{method} · {}", progress_text(result)));
            } else if self.worker.is_some() {
                ui.label("computing…");
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let mut parts = Vec::new();
                if let Some(ms) = self.timing.first_numbers_ms {
                    parts.push(format!("edit to numbers {ms:.0} ms"));
                }
                if let Some((median, max)) = self.timing.ui_ms() {
                    parts.push(format!("UI {median:.1} ms (max {max:.1})"));
                }
                if let Some((median, max)) = self.timing.frame_ms() {
                    parts.push(format!("frame {median:.1} ms (max {max:.1})"));
                }
                ui.weak(parts.join(" · ")).on_hover_text(
                    "Time from your last edit to its first equity numbers on screen; the \
                     median and worst time this app's code took to build a frame, and the \
                     whole frame's CPU time (layout, tessellation, painting), over the last \
                     frames",
                );
            });
        });
    }
}

/// `x` clamped to 0–100, or `default` if it is not a number (a hand-edited
/// settings file may hold `NaN`).
fn percent_or(x: f64, default: f64) -> f64 {
    if x.is_finite() {
        x.clamp(0.0, 100.0)
    } else {
        default
    }
}

/// Cards as compact text (`Ah7d2c`).
fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect()
}

/// A count with an SI suffix and three significant digits: 165M, 65.3M.
fn si(x: f64) -> String {
    let (value, suffix) = match x {
        x if x >= 1e9 => (x / 1e9, "G"),
        x if x >= 1e6 => (x / 1e6, "M"),
        x if x >= 1e3 => (x / 1e3, "k"),
        x => return format!("{x:.0}"),
    };
    let decimals = match value {
        v if v >= 100.0 => 0,
        v if v >= 10.0 => 1,
        _ => 2,
    };
    format!("{value:.decimals$}{suffix}")
}

/// A weighted combo count: whole numbers without decimals.
fn combos_text(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    }
}

/// Deals, deals per second and progress: `25.1M deals · 35.0M/s · done`.
fn progress_text(result: &EquityResult) -> String {
    let progress = if result.finished {
        "done".to_owned()
    } else {
        format!("{:.0}%", 100.0 * result.progress)
    };
    if result.method == engine::equity::MethodUsed::PreflopTable {
        // Looked up, not dealt: a rate would mean nothing.
        return format!(
            "{} deals in {:.2} ms · {progress}",
            si(result.samples as f64),
            result.elapsed_ms
        );
    }
    format!(
        "{} deals · {}/s · {progress}",
        si(result.samples as f64),
        si(result.samples_per_s)
    )
}

impl eframe::App for RangestoveApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        let cpu = frame.info().cpu_usage;
        RangestoveApp::ui(self, ui);
        // eframe's figure for the previous frame covers layout, tessellation
        // and painting too.
        if let Some(cpu) = cpu {
            push_window(&mut self.timing.frames_ms, f64::from(cpu) * 1e3);
        }
        if self.trace && self.timing.frames_ms.len() % 10 == 9 {
            let busy = self.result.as_ref().is_some_and(|r| !r.finished);
            if let (Some((ui_median, ui_max)), Some((median, max))) =
                (self.timing.ui_ms(), self.timing.frame_ms())
            {
                eprintln!(
                    "rangestove: last frames: UI {ui_median:.1} ms (max {ui_max:.1}), whole frame \
                     {median:.1} ms (max {max:.1}); engine {}",
                    if busy { "running" } else { "idle" }
                );
            }
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.persisted());
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
        .with_min_inner_size([1280.0, 760.0]);
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
