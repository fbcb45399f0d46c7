//! The analysis panel: every active seat's equity distribution, the
//! selected seat's range on the board (Flopzilla-style rows that highlight
//! and filter the grid), and the hero's hand strength and potential. The
//! heat map itself is drawn by the grid (`grid::Overlay`).
//!
//! Hand strength and potential run on a named background thread
//! ([`HeroRunner`], newest job wins), like equity on the worker: the UI
//! thread never runs an equity calculation.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2};
use engine::analysis::hero::{Potential, chen_points, chen_score, potential};
use engine::analysis::{BoardBreakdown, Draw, MadeHand, Row};
use engine::equity::SeatBreakdown;
use engine::{Card, CardSet, Combo, HandClass, Range};

use super::history::EditKey;
use super::{RangestoveApp, SeatMode};
use crate::grid::heat_color;

/// Colours of the seats' lines in the distribution graph.
pub const SEAT_COLORS: [Color32; 10] = [
    Color32::from_rgb(230, 140, 50),
    Color32::from_rgb(80, 170, 240),
    Color32::from_rgb(120, 200, 90),
    Color32::from_rgb(220, 90, 160),
    Color32::from_rgb(240, 220, 80),
    Color32::from_rgb(160, 120, 240),
    Color32::from_rgb(90, 210, 200),
    Color32::from_rgb(240, 100, 90),
    Color32::from_rgb(180, 180, 180),
    Color32::from_rgb(150, 110, 70),
];

/// A board-breakdown row, by what it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKey {
    /// A made-hand row.
    Made(MadeHand),
    /// A draw row.
    Draw(Draw),
}

impl RowKey {
    /// The row's label.
    pub fn name(self) -> &'static str {
        match self {
            RowKey::Made(m) => m.name(),
            RowKey::Draw(d) => d.name(),
        }
    }
}

/// What the hero analysis is computed for.
#[derive(Clone, Debug, PartialEq)]
pub struct HeroJob {
    /// The hero's hand.
    pub hero: Combo,
    /// The board (3 to 5 cards).
    pub board: Vec<Card>,
    /// Dead cards.
    pub dead: CardSet,
    /// Each villain's name and range.
    pub villains: Vec<(String, Range)>,
}

/// The hero analysis of one job: against one random hand, then each
/// villain's range.
#[derive(Clone, Debug, PartialEq)]
pub struct HeroFigures {
    /// What was computed.
    pub job: HeroJob,
    /// Against one random hand.
    pub random: Result<Potential, String>,
    /// Against each villain's range, by name.
    pub villains: Vec<(String, Result<Potential, String>)>,
}

/// A named thread computing hand strength and potential, newest job first.
pub struct HeroRunner {
    jobs: Sender<Option<(u64, HeroJob)>>,
    results: Receiver<(u64, HeroFigures)>,
    generation: Arc<AtomicU64>,
    thread: Option<JoinHandle<()>>,
}

impl HeroRunner {
    /// Starts the thread (`rangestove-analysis`); `repaint` is called
    /// after each result.
    pub fn spawn(repaint: impl Fn() + Send + 'static) -> std::io::Result<HeroRunner> {
        let (jobs, job_rx) = mpsc::channel::<Option<(u64, HeroJob)>>();
        let (result_tx, results) = mpsc::channel();
        let generation = Arc::new(AtomicU64::new(0));
        let counter = Arc::clone(&generation);
        let thread = std::thread::Builder::new()
            .name("rangestove-analysis".to_owned())
            .spawn(move || {
                while let Ok(mut next) = job_rx.recv() {
                    // Only the newest job matters.
                    while let Ok(newer) = job_rx.try_recv() {
                        next = newer;
                    }
                    let Some((generation, job)) = next else {
                        return;
                    };
                    let stale = || counter.load(Ordering::SeqCst) != generation;
                    if stale() {
                        continue;
                    }
                    let run = |range: Option<&Range>| {
                        potential(job.hero, &job.board, job.dead, range, &stale)
                            .map_err(|e| e.to_string())
                    };
                    let random = run(None);
                    let villains = job
                        .villains
                        .iter()
                        .map(|(name, range)| (name.clone(), run(Some(range))))
                        .collect();
                    if stale() {
                        continue;
                    }
                    let figures = HeroFigures {
                        job: job.clone(),
                        random,
                        villains,
                    };
                    if result_tx.send((generation, figures)).is_ok() {
                        repaint();
                    }
                }
            })?;
        Ok(HeroRunner {
            jobs,
            results,
            generation,
            thread: Some(thread),
        })
    }

    /// Submits `job`, cancelling any older one.
    pub fn submit(&self, job: HeroJob) {
        let generation = self.generation.fetch_add(1, Ordering::SeqCst) + 1;
        let _ = self.jobs.send(Some((generation, job)));
    }

    /// The newest result of the latest job, if it has arrived.
    pub fn try_recv(&self) -> Option<HeroFigures> {
        let current = self.generation.load(Ordering::SeqCst);
        let mut found = None;
        while let Ok((generation, figures)) = self.results.try_recv() {
            if generation == current {
                found = Some(figures);
            }
        }
        found
    }
}

impl Drop for HeroRunner {
    fn drop(&mut self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        let _ = self.jobs.send(None);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The analysis state kept between frames.
#[derive(Default)]
pub struct AnalysisState {
    /// The selected board-breakdown row.
    pub row: Option<RowKey>,
    /// The board breakdown and what it was computed for (seat's range,
    /// board, blocked cards).
    cached: Option<(Range, Vec<Card>, CardSet, BoardBreakdown)>,
    /// The hero thread, started on first use.
    runner: Option<HeroRunner>,
    /// The last job submitted and its figures once in.
    job: Option<HeroJob>,
    figures: Option<HeroFigures>,
}

impl AnalysisState {
    /// The board breakdown of `range` on `board`, from the cache when
    /// nothing changed.
    fn board_breakdown(
        &mut self,
        range: &Range,
        board: &[Card],
        blocked: CardSet,
    ) -> Option<&BoardBreakdown> {
        let fresh =
            matches!(&self.cached, Some((r, b, k, _)) if r == range && b == board && *k == blocked);
        if !fresh {
            let breakdown = BoardBreakdown::new(range, board, blocked).ok()?;
            self.cached = Some((range.clone(), board.to_vec(), blocked, breakdown));
        }
        self.cached.as_ref().map(|(.., b)| b)
    }

    /// The hero figures once computed for exactly `job`.
    pub fn hero_figures(&self) -> Option<&HeroFigures> {
        self.figures.as_ref()
    }
}

impl RangestoveApp {
    /// The selected seat's breakdown in the latest result, if any.
    pub fn seat_breakdown(&self, index: usize) -> Option<&SeatBreakdown> {
        let result = self.result.as_ref()?;
        result
            .breakdown
            .iter()
            .find(|b| self.submitted_seats.get(b.seat) == Some(&index))
    }

    /// The heat map of the selected seat: its equity per class index.
    pub fn heat_map(&self) -> Option<Vec<Option<f32>>> {
        let breakdown = self.seat_breakdown(self.selected)?;
        let mut heat = vec![None; engine::combo::CLASSES];
        for c in &breakdown.classes {
            if c.frequency > 0.0 {
                heat[c.class.index()] = Some(c.equity as f32);
            }
        }
        Some(heat)
    }

    /// Per class index, the share of its combos in the selected
    /// board-breakdown row.
    pub fn row_highlight(&mut self) -> Option<Vec<f32>> {
        let key = self.analysis.row?;
        let combos = self.row_combos(key)?;
        let mut share = vec![0.0f32; engine::combo::CLASSES];
        for c in combos {
            share[c.class().index()] += 1.0 / c.class().combo_count() as f32;
        }
        Some(share)
    }

    /// The selected seat's range on the board (cached), if there is a
    /// flop.
    fn selected_board_breakdown(&mut self) -> Option<&BoardBreakdown> {
        if self.board.len() < 3 {
            return None;
        }
        let blocked = self.off_board_blocked();
        self.analysis
            .board_breakdown(&self.seats[self.selected].range, &self.board, blocked)
    }

    /// The selected seat's combos in the board-breakdown row `key`.
    pub fn row_combos(&mut self, key: RowKey) -> Option<Vec<Combo>> {
        let b = self.selected_board_breakdown()?;
        match key {
            RowKey::Made(m) => b
                .made
                .iter()
                .find(|r| r.what == m)
                .map(|r| r.combos.clone()),
            RowKey::Draw(d) => b
                .draws
                .iter()
                .find(|r| r.what == d)
                .map(|r| r.combos.clone()),
        }
    }

    /// Cards the selected seat cannot hold, other than the board's: dead
    /// cards and other seats' exact hands.
    fn off_board_blocked(&self) -> CardSet {
        let board = self.board.iter().fold(0u64, |m, c| m | c.bit());
        CardSet::from_bits(self.blocked_for(self.selected).bits() & !board)
    }

    /// Keeps only (`keep`) or removes the selected seat's combos of the
    /// board-breakdown row `key`.
    pub fn filter_by_row(&mut self, key: RowKey, keep: bool) {
        let Some(combos) = self.row_combos(key) else {
            return;
        };
        let index = self.selected;
        let mut range = self.seats[index].range.clone();
        let chosen: std::collections::HashSet<Combo> = combos.into_iter().collect();
        for combo in Combo::all() {
            if chosen.contains(&combo) != keep {
                range.set_weight_bp(combo, 0);
            }
        }
        self.seats[index].set_range(range);
        self.analysis.row = None;
        self.edited(EditKey::Discrete);
    }

    /// Starts or refreshes the hero analysis for the selected seat.
    fn hero_job(&self) -> Option<HeroJob> {
        let hero = self.seats[self.selected].exact_hand()?;
        if self.board.len() < 3 {
            return None;
        }
        let villains = self
            .seats
            .iter()
            .enumerate()
            .filter(|&(i, s)| i != self.selected && s.mode == SeatMode::Active)
            .map(|(_, s)| (s.name.clone(), s.range.clone()))
            .collect();
        Some(HeroJob {
            hero,
            board: self.board.clone(),
            dead: self.dead,
            villains,
        })
    }

    /// Submits the hero job when it changed and takes in its result.
    pub(super) fn update_hero(&mut self, ctx: &egui::Context) {
        let job = self.hero_job();
        if job != self.analysis.job {
            self.analysis.job = job.clone();
            self.analysis.figures = None;
            if let Some(job) = job {
                if self.analysis.runner.is_none() {
                    let ctx = ctx.clone();
                    self.analysis.runner = HeroRunner::spawn(move || ctx.request_repaint()).ok();
                }
                if let Some(runner) = &self.analysis.runner {
                    runner.submit(job);
                }
            }
        }
        if let Some(figures) = self.analysis.runner.as_ref().and_then(HeroRunner::try_recv)
            && Some(&figures.job) == self.analysis.job.as_ref()
        {
            self.analysis.figures = Some(figures);
        }
    }

    /// The panel.
    pub(super) fn analysis_ui(&mut self, ui: &mut egui::Ui) {
        self.update_hero(ui.ctx());
        ui.heading("Equity distribution");
        self.distribution_ui(ui);
        ui.separator();
        let name = self.seats[self.selected].name.clone();
        // An exact hand's strength first (its board rows are one combo).
        let exact = self.seats[self.selected].exact_hand().is_some();
        if exact {
            ui.heading(format!("{name}'s hand"));
            self.hero_ui(ui);
            ui.separator();
        }
        ui.heading(format!("{name} on the board"));
        self.board_breakdown_ui(ui);
        if !exact {
            ui.separator();
            ui.heading(format!("{name}'s hand"));
            self.hero_ui(ui);
        }
    }

    /// Every active seat's combos sorted by equity: x the share of its
    /// range (deal-weighted), y the equity.
    fn distribution_ui(&mut self, ui: &mut egui::Ui) {
        let width = ui.available_width().min(420.0);
        let (rect, response) = ui.allocate_exact_size(Vec2::new(width, 170.0), Sense::hover());
        let painter = ui.painter_at(rect.expand(2.0));
        let visuals = ui.visuals();
        let axis = visuals.weak_text_color();
        let plot = Rect::from_min_max(
            rect.min + Vec2::new(30.0, 4.0),
            rect.max - Vec2::new(18.0, 16.0),
        );
        painter.rect_filled(plot, 0.0, visuals.extreme_bg_color);
        let small = egui::FontId::proportional(10.0);
        for i in 0..=4 {
            let f = i as f32 / 4.0;
            let y = plot.max.y - f * plot.height();
            let x = plot.min.x + f * plot.width();
            painter.line_segment(
                [Pos2::new(plot.min.x, y), Pos2::new(plot.max.x, y)],
                Stroke::new(0.5, axis.gamma_multiply(0.4)),
            );
            painter.text(
                Pos2::new(plot.min.x - 3.0, y),
                egui::Align2::RIGHT_CENTER,
                format!("{}", i * 25),
                small.clone(),
                axis,
            );
            painter.text(
                Pos2::new(x, plot.max.y + 2.0),
                egui::Align2::CENTER_TOP,
                format!("{}%", i * 25),
                small.clone(),
                axis,
            );
        }
        let mut any = false;
        let mut legend = Vec::new();
        for (i, seat) in self.seats.iter().enumerate() {
            let Some(b) = self.seat_breakdown(i) else {
                continue;
            };
            any = true;
            let color = SEAT_COLORS[i % SEAT_COLORS.len()];
            let mut points = Vec::new();
            let mut x = 0.0;
            for (share, equity) in b.distribution() {
                let y = plot.max.y - equity as f32 * plot.height();
                points.push(Pos2::new(plot.min.x + x as f32 * plot.width(), y));
                x += share;
                points.push(Pos2::new(plot.min.x + x as f32 * plot.width(), y));
            }
            painter.add(egui::Shape::line(points, Stroke::new(2.0, color)));
            let equity = self.seat_equity(i).map_or(0.0, |s| s.equity);
            legend.push((color, format!("{} {:.1}%", seat.name, 100.0 * equity)));
        }
        if !any {
            painter.text(
                plot.center(),
                egui::Align2::CENTER_CENTER,
                if self.failure.is_some() {
                    "no result"
                } else {
                    "computing…"
                },
                egui::FontId::proportional(12.0),
                axis,
            );
        }
        response.on_hover_text(
            "Each seat's combos sorted by their equity against the other seats, strongest \
             first: x is the share of the seat's range (weighted as hands are dealt), y the \
             equity. A flat line is a range of equal hands; a steep one is polarised.",
        );
        ui.horizontal_wrapped(|ui| {
            for (color, text) in legend {
                ui.colored_label(color, format!("■ {text}"));
            }
        });
    }

    /// Made-hand and draw rows of the selected seat's range on the board.
    fn board_breakdown_ui(&mut self, ui: &mut egui::Ui) {
        if self.board.len() < 3 {
            ui.weak("Deal a flop to see how the range hits the board.");
            return;
        }
        // The rows shown: (key, weighted combos), made hands then draws.
        fn shown<T: Copy>(rows: &[Row<T>], key: fn(T) -> RowKey) -> Vec<(RowKey, f64)> {
            rows.iter()
                .filter(|r| r.weight > 0.0)
                .map(|r| (key(r.what), r.weight))
                .collect()
        }
        let Some((live, made, draws)) = self.selected_board_breakdown().map(|b| {
            (
                b.total,
                shown(&b.made, RowKey::Made),
                shown(&b.draws, RowKey::Draw),
            )
        }) else {
            return;
        };
        let total = live.max(f64::MIN_POSITIVE);
        let mut clicked = None;
        let mut row_ui = |ui: &mut egui::Ui, key: RowKey, weight: f64, selected: bool| {
            let text = format!(
                "{:<26} {:>7.1} {:>6.1}%",
                key.name(),
                weight,
                100.0 * weight / total
            );
            let response = ui
                .selectable_label(selected, egui::RichText::new(text).monospace())
                .on_hover_text("Click to highlight these combos on the grid");
            if response.clicked() {
                clicked = Some(key);
            }
        };
        ui.label(format!("{live:.1} combos live"));
        if let Some(key) = self.analysis.row {
            ui.horizontal(|ui| {
                ui.label(key.name());
                if ui
                    .button("Keep only")
                    .on_hover_text("Remove every other combo from the range")
                    .clicked()
                {
                    self.filter_by_row(key, true);
                }
                if ui
                    .button("Remove")
                    .on_hover_text("Remove these combos from the range")
                    .clicked()
                {
                    self.filter_by_row(key, false);
                }
                if ui
                    .button("Unselect")
                    .on_hover_text("Stop highlighting these combos")
                    .clicked()
                {
                    self.analysis.row = None;
                }
            });
        }
        egui::Grid::new("board breakdown")
            .num_columns(1)
            .show(ui, |ui| {
                for &(key, weight) in &made {
                    row_ui(ui, key, weight, self.analysis.row == Some(key));
                    ui.end_row();
                }
            });
        if !draws.is_empty() {
            ui.label("Draws");
            egui::Grid::new("draw breakdown")
                .num_columns(1)
                .show(ui, |ui| {
                    for &(key, weight) in &draws {
                        row_ui(ui, key, weight, self.analysis.row == Some(key));
                        ui.end_row();
                    }
                });
        }
        if let Some(key) = clicked {
            self.analysis.row = if self.analysis.row == Some(key) {
                None
            } else {
                Some(key)
            };
        }
    }

    /// HS, PPot, NPot, EHS of an exact hand; Chen score preflop.
    fn hero_ui(&mut self, ui: &mut egui::Ui) {
        let Some(hero) = self.seats[self.selected].exact_hand() else {
            ui.weak("Give this seat one exact hand (e.g. AdQc) to see its strength and potential.");
            return;
        };
        let class: HandClass = hero.class();
        ui.horizontal(|ui| {
            ui.label(format!("{hero}: Chen score {}", chen_score(class)))
                .on_hover_text(format!(
                    "Bill Chen's preflop formula: high card points (A 10, K 8, Q 7, J 6, \
                     others half their value), pairs doubled (at least 5), +2 suited, minus \
                     0/1/2/4/5 for gaps of 0/1/2/3/4+ ranks, +1 for a 0–1 gap below a queen; \
                     half points round up. {class}: {} points.",
                    chen_points(class)
                ));
        });
        if self.board.len() < 3 {
            ui.weak("Strength and potential need a flop.");
            return;
        }
        let Some(figures) = self.analysis.figures.clone() else {
            ui.weak("computing…");
            return;
        };
        egui::Grid::new("hero figures")
            .num_columns(5)
            .striped(true)
            .show(ui, |ui| {
                ui.strong("against");
                ui.strong("HS").on_hover_text(
                    "Hand strength: the chance you are ahead right now of one opponent's \
                     hand (ties count half)",
                );
                ui.strong("PPot").on_hover_text(
                    "Positive potential: when behind (or tied) now, the chance to end ahead \
                     by the river",
                );
                ui.strong("NPot").on_hover_text(
                    "Negative potential: when ahead (or tied) now, the chance to end behind \
                     by the river",
                );
                ui.strong("EHS").on_hover_text(
                    "Effective hand strength: HS + (1 − HS) × PPot, the chance to be ahead now \
                     or to get ahead",
                );
                ui.end_row();
                let row = |ui: &mut egui::Ui, name: &str, p: &Result<Potential, String>| {
                    ui.label(name);
                    match p {
                        Ok(p) => {
                            for x in [p.hs, p.ppot, p.npot, p.ehs] {
                                ui.colored_label(
                                    heat_color(x as f32),
                                    format!("{:.1}%", 100.0 * x),
                                );
                            }
                        }
                        Err(e) => {
                            ui.colored_label(ui.visuals().error_fg_color, e);
                        }
                    }
                    ui.end_row();
                };
                row(ui, "one random hand", &figures.random);
                for (name, p) in &figures.villains {
                    row(ui, name, p);
                }
            });
    }
}
