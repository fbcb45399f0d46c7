//! The desktop app (eframe/egui): seats with ranges, a board, the range grid
//! of the selected seat, and live equity bars fed by the background worker.
//!
//! Architecture invariant: the UI thread never computes equity. Every edit
//! marks the scenario dirty; the next frame submits it to the
//! [`Worker`], which cancels the previous job, and
//! only updates of the newest generation are shown.

use engine::equity::{EquityError, EquityRequest, EquityResult, MethodUsed, Seat};
use engine::range::FULL;
use engine::worker::{Event, Worker};
use engine::{Card, CardSet, Range, card::parse_cards};

use crate::grid::{GridState, grid_ui};

/// The window title.
pub const TITLE: &str = "Rangestove";

/// Most seats the app offers.
pub const MAX_SEATS: usize = 10;

/// Monte Carlo in the app runs until every seat's standard error is this.
const TARGET_STD_ERROR: f64 = 0.0002;

/// What survives a restart (eframe persistence): texts, not runtime
/// handles. Missing fields take their defaults, so older saves still load.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Persisted {
    /// Each seat's name, range text and whether it is folded.
    pub seats: Vec<(String, String, bool)>,
    /// The board text.
    pub board: String,
    /// The dead-cards text.
    pub dead: String,
    /// The brush weight in basis points.
    pub brush_bp: u16,
    /// The selected seat.
    pub selected: usize,
}

impl Default for Persisted {
    fn default() -> Persisted {
        Persisted {
            seats: vec![
                ("Seat 1".to_owned(), "QQ+,AKs".to_owned(), false),
                ("Seat 2".to_owned(), "random".to_owned(), false),
            ],
            board: String::new(),
            dead: String::new(),
            brush_bp: FULL,
            selected: 0,
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
    /// A folded seat does not compete; its range only removes cards.
    pub folded: bool,
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

    fn new(name: String, text: &str) -> SeatState {
        let (range, error) = match Range::parse(text) {
            Ok(range) => (range, None),
            Err(error) => (Range::empty(), Some(error)),
        };
        SeatState {
            name,
            text: text.to_owned(),
            range,
            error,
            folded: false,
        }
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
    grid: GridState,
    worker: Option<Worker>,
    dirty: bool,
    result: Option<EquityResult>,
    failure: Option<EquityError>,
}

impl Default for RangestoveApp {
    /// Two seats (`QQ+,AKs` against `random`), no board, no worker.
    fn default() -> RangestoveApp {
        RangestoveApp::restore(&Persisted::default(), None)
    }
}

impl RangestoveApp {
    /// Creates the app for a fresh eframe context, with its worker and the
    /// last session's state.
    pub fn new(cc: &eframe::CreationContext<'_>) -> RangestoveApp {
        let ctx = cc.egui_ctx.clone();
        let worker = Worker::spawn(None, move || ctx.request_repaint()).ok();
        let persisted = cc
            .storage
            .and_then(|s| eframe::get_value::<Persisted>(s, eframe::APP_KEY))
            .unwrap_or_default();
        RangestoveApp::restore(&persisted, worker)
    }

    /// The default app computing with `worker` (`None`: no equity).
    pub fn with_worker(worker: Option<Worker>) -> RangestoveApp {
        RangestoveApp::restore(&Persisted::default(), worker)
    }

    /// An app showing `persisted` (bad texts come back with their errors).
    pub fn restore(persisted: &Persisted, worker: Option<Worker>) -> RangestoveApp {
        let mut seats: Vec<SeatState> = persisted
            .seats
            .iter()
            .take(MAX_SEATS)
            .map(|(name, text, folded)| SeatState {
                folded: *folded,
                ..SeatState::new(name.clone(), text)
            })
            .collect();
        while seats.len() < 2 {
            seats.push(SeatState::new(
                format!("Seat {}", seats.len() + 1),
                "random",
            ));
        }
        let mut app = RangestoveApp {
            selected: persisted.selected.min(seats.len() - 1),
            seats,
            board_text: persisted.board.clone(),
            board: Vec::new(),
            board_error: None,
            dead_text: persisted.dead.clone(),
            dead: CardSet::EMPTY,
            dead_error: None,
            top_percent: 15.0,
            grid: GridState::default(),
            worker,
            dirty: true,
            result: None,
            failure: None,
        };
        app.grid.brush_bp = persisted.brush_bp.min(FULL);
        app.set_board(&persisted.board.clone());
        app.set_dead(&persisted.dead.clone());
        app
    }

    /// What to save for the next session.
    pub fn persisted(&self) -> Persisted {
        Persisted {
            seats: self
                .seats
                .iter()
                .map(|s| (s.name.clone(), s.text.clone(), s.folded))
                .collect(),
            board: self.board_text.clone(),
            dead: self.dead_text.clone(),
            brush_bp: self.grid.brush_bp,
            selected: self.selected,
        }
    }

    fn set_board(&mut self, text: &str) {
        self.board_text = text.to_owned();
        match parse_cards(text) {
            Ok(cards) => {
                self.board = cards;
                self.board_error = None;
                self.dirty = true;
            }
            Err(error) => self.board_error = Some(error.to_string()),
        }
    }

    fn set_dead(&mut self, text: &str) {
        self.dead_text = text.to_owned();
        match CardSet::parse(text) {
            Ok(dead) => {
                self.dead = dead;
                self.dead_error = None;
                self.dirty = true;
            }
            Err(error) => self.dead_error = Some(error.to_string()),
        }
    }

    /// Cards no hand can hold: the board and the dead cards.
    fn blocked(&self) -> CardSet {
        CardSet::from_bits(self.board.iter().fold(self.dead.bits(), |m, c| m | c.bit()))
    }

    /// The seats.
    pub fn seats(&self) -> &[SeatState] {
        &self.seats
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

    /// Why the current scenario cannot be computed, if so.
    pub fn failure(&self) -> Option<&EquityError> {
        self.failure.as_ref()
    }

    /// The board as parsed.
    pub fn board(&self) -> &[Card] {
        &self.board
    }

    /// The request for the current scenario.
    pub fn request(&self) -> EquityRequest {
        let seats = self
            .seats
            .iter()
            .map(|s| Seat {
                range: s.range.clone(),
                folded: s.folded,
            })
            .collect();
        let mut request = EquityRequest::new(seats);
        request.board = self.board.clone();
        request.dead = self.dead;
        request.target_std_error = Some(TARGET_STD_ERROR);
        request
    }

    /// Sends the scenario to the worker if it changed, and takes in the
    /// worker's updates.
    fn sync_worker(&mut self) {
        let Some(worker) = &self.worker else {
            return;
        };
        if self.dirty {
            self.dirty = false;
            worker.submit(self.request());
            self.result = None;
            self.failure = None;
        }
        while let Some(update) = worker.try_recv() {
            match update.event {
                Event::Progress(result) | Event::Done(result) => self.result = Some(result),
                Event::Failed(error) => self.failure = Some(error),
            }
        }
    }

    /// Draws the whole window.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        self.sync_worker();
        ui.horizontal(|ui| {
            ui.heading(TITLE);
            let board = cards_entry_ui(
                ui,
                "Board:",
                &self.board_text,
                "Ah7d2c",
                "Flop, turn and river: 0, 3, 4 or 5 cards, e.g. Ah7d2c",
            );
            if let Some(text) = board {
                self.set_board(&text);
            }
            let dead = cards_entry_ui(
                ui,
                "Dead:",
                &self.dead_text,
                "Kc 3s",
                "Cards out of play: no hand or board can hold them",
            );
            if let Some(text) = dead {
                self.set_dead(&text);
            }
            for error in [&self.board_error, &self.dead_error].into_iter().flatten() {
                ui.colored_label(ui.visuals().error_fg_color, error);
            }
        });
        ui.separator();
        self.seats_ui(ui);
        ui.separator();
        self.editor_ui(ui);
    }

    /// One row per seat: name, range text, combos, equity bar.
    fn seats_ui(&mut self, ui: &mut egui::Ui) {
        let blocked = self.blocked();
        let mut remove = None;
        for index in 0..self.seats.len() {
            ui.horizontal(|ui| {
                let seat = &mut self.seats[index];
                if ui
                    .selectable_label(self.selected == index, &seat.name)
                    .on_hover_text("Edit this seat's range on the grid")
                    .clicked()
                {
                    self.selected = index;
                }
                let response = ui.add(
                    egui::TextEdit::singleline(&mut seat.text)
                        .hint_text("QQ+, AKs, [50]AJs[/50], 15%")
                        .desired_width(260.0),
                );
                if response.changed() {
                    match Range::parse(&seat.text) {
                        Ok(range) => {
                            seat.range = range;
                            seat.error = None;
                            self.dirty = true;
                        }
                        Err(error) => seat.error = Some(error),
                    }
                }
                if response.gained_focus() {
                    self.selected = index;
                }
                if ui
                    .checkbox(&mut seat.folded, "folded")
                    .on_hover_text("A folded seat's range only removes cards")
                    .changed()
                {
                    self.dirty = true;
                }
                ui.label(format!(
                    "{:>6.1} combos {:>5.1}%",
                    seat.range.combos_given(blocked),
                    seat.range.percent_given(blocked)
                ));
                let figures = self
                    .result
                    .as_ref()
                    .and_then(|r| r.seats.iter().find(|s| s.seat == index));
                equity_bar_ui(ui, figures, self.result.as_ref());
                if self.seats.len() > 2
                    && ui
                        .small_button("Remove")
                        .on_hover_text("Remove this seat")
                        .clicked()
                {
                    remove = Some(index);
                }
            });
            if let Some(error) = &self.seats[index].error {
                ui.colored_label(ui.visuals().error_fg_color, error.to_string());
            }
        }
        if let Some(index) = remove {
            self.seats.remove(index);
            self.selected = self.selected.min(self.seats.len() - 1);
            self.dirty = true;
        }
        ui.horizontal(|ui| {
            if self.seats.len() < MAX_SEATS && ui.button("Add seat").clicked() {
                let name = format!("Seat {}", self.seats.len() + 1);
                self.seats.push(SeatState::new(name, "random"));
                self.dirty = true;
            }
            if let Some(failure) = &self.failure {
                ui.colored_label(ui.visuals().error_fg_color, failure.to_string());
            } else if let Some(result) = &self.result {
                ui.label(format!(
                    "{} · {} deals · {:.0} deals/s · {:.0}%",
                    match result.method {
                        MethodUsed::Exact => "exact",
                        MethodUsed::MonteCarlo => "estimated",
                    },
                    result.samples,
                    result.samples_per_s,
                    100.0 * result.progress
                ));
            }
        });
    }

    /// The selected seat's grid with the brush.
    fn editor_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.label(format!(
                "Editing {}. Brush:",
                self.seats[self.selected].name
            ));
            for percent in [25u16, 50, 75, 100] {
                let bp = percent * (FULL / 100);
                if ui
                    .selectable_label(self.grid.brush_bp == bp, format!("{percent}%"))
                    .on_hover_text("Weight that painting applies (right-drag erases)")
                    .clicked()
                {
                    self.grid.brush_bp = bp;
                }
            }
            if ui.button("Clear").clicked() {
                self.seats[self.selected].set_range(Range::empty());
                self.dirty = true;
            }
        });
        let ranking = engine::Ranking::shipped();
        ui.horizontal(|ui| {
            let slider = ui
                .add(egui::Slider::new(&mut self.top_percent, 0.0..=100.0).suffix("%"))
                .on_hover_text(format!("Top hands by {}", ranking.name()));
            ui.label(format!("top hands by {}", ranking.name()));
            if slider.changed() {
                self.seats[self.selected].set_range(ranking.top_range(self.top_percent));
                self.dirty = true;
            }
        });
        let blocked = self.blocked();
        let seat = &mut self.seats[self.selected];
        if grid_ui(ui, &mut seat.range, &mut self.grid, blocked) {
            seat.range_edited();
            self.dirty = true;
        }
    }
}

/// A labelled text box for cards; returns the new text when edited.
fn cards_entry_ui(
    ui: &mut egui::Ui,
    label: &str,
    text: &str,
    hint: &str,
    tooltip: &str,
) -> Option<String> {
    ui.label(label);
    let mut edited = text.to_owned();
    ui.add(
        egui::TextEdit::singleline(&mut edited)
            .hint_text(hint)
            .desired_width(130.0),
    )
    .on_hover_text(tooltip)
    .changed()
    .then_some(edited)
}

/// A horizontal equity bar: win share, then tie share, with the number.
fn equity_bar_ui(
    ui: &mut egui::Ui,
    figures: Option<&engine::equity::SeatEquity>,
    result: Option<&EquityResult>,
) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(220.0, 18.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, ui.visuals().extreme_bg_color);
    let Some(f) = figures else {
        return;
    };
    let win = rect.width() * f.win as f32;
    let tie = rect.width() * (f.equity - f.win).max(0.0) as f32;
    let win_rect = egui::Rect::from_min_size(rect.min, egui::vec2(win, rect.height()));
    let tie_rect = egui::Rect::from_min_size(
        rect.min + egui::vec2(win, 0.0),
        egui::vec2(tie, rect.height()),
    );
    painter.rect_filled(win_rect, 3.0, egui::Color32::from_rgb(46, 139, 87));
    painter.rect_filled(tie_rect, 0.0, egui::Color32::from_rgb(70, 110, 160));
    let exact = result.is_some_and(|r| r.method == MethodUsed::Exact);
    let text = if exact || f.std_error == 0.0 {
        format!("{:.2}%", 100.0 * f.equity)
    } else {
        format!("{:.2}% ± {:.2}", 100.0 * f.equity, 100.0 * f.std_error)
    };
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional(12.0),
        egui::Color32::WHITE,
    );
    ui.label(if exact { "exact" } else { "estimated" });
}

impl eframe::App for RangestoveApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| self.ui(ui));
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.persisted());
    }
}

/// Opens the main window and runs until it is closed.
pub fn run() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(TITLE)
            .with_inner_size([1280.0, 900.0])
            .with_min_inner_size([800.0, 500.0]),
        ..Default::default()
    };
    eframe::run_native(
        TITLE,
        options,
        Box::new(|cc| Ok(Box::new(RangestoveApp::new(cc)))),
    )
}
