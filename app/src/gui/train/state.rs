//! What the Train view keeps between frames: the drill, level, seed and
//! size of the round; the round (made on its own thread, see `job`); the
//! question on screen, the answer being given and its score; the
//! statistics and their file.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use engine::Range;
use engine::train::{Answer, Drill, Overlap, Question, Round, overlap, points_off};
use rand::RngExt;

use super::job::{RoundFigures, RoundJob};
use super::stats::{LoadedStats, SaveJob, Saved, Stats, load};
use crate::gui::editor::grid::GridState;
use crate::gui::state::background::Background;

/// The drills, in the picker's order.
pub const DRILLS: [Drill; 4] = [Drill::Equity, Drill::Hits, Drill::Ranges, Drill::Lines];

/// The round sizes offered.
pub const COUNTS: [usize; 3] = [5, 10, 20];

/// A drill's name in the picker.
pub fn drill_label(drill: Drill) -> &'static str {
    match drill {
        Drill::Equity => "Equity",
        Drill::Hits => "Hits",
        Drill::Ranges => "Paint ranges",
        Drill::Lines => "Lines",
    }
}

/// A round's code as the view shows it and takes it back: its seed in
/// hexadecimal (`7F3A`).
pub fn round_code(seed: u64) -> String {
    format!("{seed:X}")
}

/// The seed of a typed round code (hexadecimal, any case, `#` or `0x`
/// before it allowed).
pub fn parse_code(text: &str) -> Option<u64> {
    let text = text.trim().trim_start_matches('#');
    let text = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .unwrap_or(text);
    u64::from_str_radix(text, 16).ok()
}

/// A typed percentage (`47`, `47.5`, `47,5 %`), 0 to 100.
pub fn parse_percent(text: &str) -> Option<f64> {
    let text = text.trim().trim_end_matches('%').trim().replace(',', ".");
    let x: f64 = text.parse().ok()?;
    (x.is_finite() && (0.0..=100.0).contains(&x)).then_some(x)
}

/// How an answer was scored.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// An equity or a share: the exact figure and the guess, 0 to 1.
    Figure {
        /// The engine's figure.
        exact: f64,
        /// The answer given.
        guess: f64,
    },
    /// A painted range against the one asked for.
    Range {
        /// The weight in common, what was missed and what is extra.
        overlap: Box<Overlap>,
        /// The range painted.
        painted: Box<Range>,
    },
}

/// A scored answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    /// The error in percentage points (a painted range: 100 less its
    /// overlap score in percent).
    pub points: f64,
    /// The figures behind it.
    pub verdict: Verdict,
}

/// The view kept between frames.
pub struct TrainState {
    /// The drill.
    pub drill: Drill,
    /// The level, 1 to 3.
    pub level: u8,
    /// Questions per round.
    pub count: usize,
    /// Whether rounds draw from the user's presets too.
    pub mine: bool,
    /// The user's presets as named ranges (the app keeps them current).
    mine_ranges: Arc<[(String, Range)]>,
    seed: u64,
    /// The round code box.
    pub seed_text: String,
    /// Why the round code typed is not one.
    pub seed_error: Option<String>,
    work: Background<RoundJob, RoundFigures>,
    /// The round on screen (its job).
    shown: Option<RoundJob>,
    /// When the current round was asked for, and how long it took to come.
    asked: Option<Instant>,
    round_ms: Option<f64>,
    /// The question on screen.
    index: usize,
    /// The answer box's text.
    pub guess_text: String,
    /// The answer in percent (the slider; the box when it reads).
    pub guess: f64,
    /// The range painted (the ranges drill).
    pub painted: Range,
    /// The painting grid.
    pub grid: GridState,
    scored: Option<Scored>,
    /// This round's errors so far, in points.
    points: Vec<f64>,
    stats: Stats,
    file: Option<PathBuf>,
    saver: Background<SaveJob, Saved>,
    save: Option<SaveJob>,
    /// When "Next question" was pressed, until the next question is drawn;
    /// then how long that took.
    next_at: Option<Instant>,
    next_ms: Option<f64>,
    /// Whether Reset asks for confirmation.
    pub confirm_reset: bool,
}

impl Default for TrainState {
    fn default() -> TrainState {
        let seed = random_seed();
        TrainState {
            drill: Drill::Equity,
            level: 1,
            count: 10,
            mine: false,
            mine_ranges: Arc::from([]),
            seed,
            seed_text: round_code(seed),
            seed_error: None,
            work: Background::new("rangestove-train", RoundJob::run),
            shown: None,
            asked: None,
            round_ms: None,
            index: 0,
            guess_text: String::new(),
            guess: 50.0,
            painted: Range::empty(),
            grid: GridState::default(),
            scored: None,
            points: Vec::new(),
            stats: Stats::default(),
            file: None,
            saver: Background::new("rangestove-train-save", SaveJob::run),
            save: None,
            next_at: None,
            next_ms: None,
            confirm_reset: false,
        }
    }
}

/// A new round's seed: four hexadecimal digits, easy to read out.
fn random_seed() -> u64 {
    rand::rng().random_range(0..0x1_0000u64)
}

impl TrainState {
    /// Keeps the statistics in `file` (`None`: in memory only), reading
    /// what it holds; returns what to tell the user if it could not be
    /// read (it is kept aside).
    pub fn set_file(&mut self, file: Option<PathBuf>) -> Option<String> {
        let loaded = file.as_deref().map(load).unwrap_or_default();
        let LoadedStats { stats, notice } = loaded;
        self.stats = stats;
        self.file = file;
        self.save = None;
        notice
    }

    /// The user's presets (name, range), for rounds with *My presets too*.
    pub fn set_user_presets(&mut self, ranges: &Arc<[(String, Range)]>) {
        self.mine_ranges = Arc::clone(ranges);
    }

    /// The round asked for now.
    fn job(&self) -> RoundJob {
        RoundJob {
            drill: self.drill,
            level: self.level,
            seed: self.seed,
            count: self.count,
            mine: if self.mine {
                Arc::clone(&self.mine_ranges)
            } else {
                Arc::from([])
            },
        }
    }

    /// Asks for the round of the current choices when they changed (the
    /// answers so far forgotten), and takes in the round and the last
    /// save's outcome; `ctx` is repainted when they arrive.
    pub fn update(&mut self, ctx: &egui::Context) {
        let job = self.job();
        if self.shown.as_ref() != Some(&job) {
            self.shown = Some(job.clone());
            self.asked = Some(Instant::now());
            self.round_ms = None;
            self.restart_round();
        }
        self.work.update(Some(job), ctx);
        if let (Some(asked), true) = (self.asked, self.work.figures().is_some()) {
            self.round_ms = Some(asked.elapsed().as_secs_f64() * 1e3);
            self.asked = None;
        }
        self.saver.update(self.save.clone(), ctx);
    }

    /// Back to the round's first question.
    fn restart_round(&mut self) {
        self.index = 0;
        self.points.clear();
        self.clear_answer();
    }

    /// An empty answer for the next question.
    fn clear_answer(&mut self) {
        self.scored = None;
        self.guess_text.clear();
        self.guess = 50.0;
        self.painted = Range::empty();
    }

    /// The round once made.
    pub fn round(&self) -> Option<&Round> {
        self.figures().and_then(|f| f.round.as_ref().ok())
    }

    /// Why the round could not be made.
    pub fn round_error(&self) -> Option<&str> {
        self.figures()
            .and_then(|f| f.round.as_ref().err())
            .map(String::as_str)
    }

    fn figures(&self) -> Option<&RoundFigures> {
        self.work.figures()
    }

    /// Whether the round is being made.
    pub fn dealing(&self) -> bool {
        self.figures().is_none() && self.work.has_thread()
    }

    /// The seed of the round.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The question on screen (its number from 0).
    pub fn index(&self) -> usize {
        self.index
    }

    /// The question on screen, none once the round is over.
    pub fn question(&self) -> Option<&Question> {
        self.round()?.questions.get(self.index)
    }

    /// The part of the question's range its answer counts, where known (a
    /// lines question: what continues).
    pub fn kept(&self) -> Option<&Range> {
        self.figures()?.kept.get(self.index)?.as_ref()
    }

    /// The answer on screen, once scored.
    pub fn scored(&self) -> Option<&Scored> {
        self.scored.as_ref()
    }

    /// Whether every question of the round has been answered.
    pub fn round_over(&self) -> bool {
        self.round()
            .is_some_and(|r| self.index >= r.questions.len())
    }

    /// This round's errors so far, in points.
    pub fn round_points(&self) -> &[f64] {
        &self.points
    }

    /// The statistics.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The statistics' file, if kept in one.
    pub fn file(&self) -> Option<&std::path::Path> {
        self.file.as_deref()
    }

    /// The last save's outcome, once written (`Err`: why not).
    pub fn saved(&self) -> Option<&Result<(), String>> {
        self.saver.figures().map(|s| &s.written)
    }

    /// How long the round took to come, in milliseconds.
    pub fn round_ms(&self) -> Option<f64> {
        self.round_ms
    }

    /// How long the last "Next question" took to put the question on
    /// screen (to the end of the frame drawing it), in milliseconds.
    pub fn next_ms(&self) -> Option<f64> {
        self.next_ms
    }

    /// The answer box's text read into the answer (the slider follows);
    /// whether it reads.
    pub fn read_guess_text(&mut self) -> bool {
        match parse_percent(&self.guess_text) {
            Some(x) => {
                self.guess = x;
                true
            }
            None => false,
        }
    }

    /// Scores the answer on screen (the answer box, or the grid painted)
    /// and counts it in the statistics, which are saved.
    pub fn answer(&mut self) {
        if self.scored.is_some() {
            return;
        }
        let Some(question) = self.question() else {
            return;
        };
        let scored = match &question.answer {
            Answer::Equity(exact) | Answer::Share(exact) => {
                let guess = self.guess / 100.0;
                Scored {
                    points: points_off(*exact, guess),
                    verdict: Verdict::Figure {
                        exact: *exact,
                        guess,
                    },
                }
            }
            Answer::Range { range, .. } => {
                let overlap = overlap(range, &self.painted);
                Scored {
                    points: 100.0 * (1.0 - overlap.score),
                    verdict: Verdict::Range {
                        overlap: Box::new(overlap),
                        painted: Box::new(self.painted.clone()),
                    },
                }
            }
        };
        self.stats.add(self.drill, self.level, scored.points);
        self.points.push(scored.points);
        self.scored = Some(scored);
        self.save_stats();
    }

    /// The next question (after an answer).
    pub fn next(&mut self) {
        if self.scored.is_none() {
            return;
        }
        self.index += 1;
        self.clear_answer();
        self.next_at = Some(Instant::now());
    }

    /// Whether "Next question" was pressed and the question it put up not
    /// yet drawn whole.
    pub fn next_pending(&self) -> bool {
        self.next_at.is_some()
    }

    /// Records that the question on screen has been drawn.
    pub fn drawn(&mut self) {
        if let Some(at) = self.next_at.take() {
            self.next_ms = Some(at.elapsed().as_secs_f64() * 1e3);
        }
    }

    /// A new round with a random seed.
    pub fn new_round(&mut self) {
        self.seed = random_seed();
        self.seed_text = round_code(self.seed);
        self.seed_error = None;
        // The same seed again (a random draw can repeat) still restarts.
        self.shown = None;
    }

    /// The round whose code is typed in the box, from its first question.
    pub fn replay(&mut self) {
        match parse_code(&self.seed_text) {
            Some(seed) => {
                self.seed = seed;
                self.seed_text = round_code(seed);
                self.seed_error = None;
                self.shown = None;
            }
            None => {
                self.seed_error = Some(format!(
                    "“{}” is not a round code: hexadecimal digits, like {}",
                    self.seed_text.trim(),
                    round_code(self.seed)
                ));
            }
        }
    }

    /// The round on screen again, from its first question.
    pub fn replay_current(&mut self) {
        self.seed_text = round_code(self.seed);
        self.seed_error = None;
        self.shown = None;
    }

    /// Forgets every statistic (saved at once).
    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
        self.save_stats();
    }

    /// Saves the statistics, when they have a file.
    fn save_stats(&mut self) {
        let Some(file) = &self.file else {
            return;
        };
        let number = self.save.as_ref().map_or(0, |s| s.number + 1);
        self.save = Some(SaveJob {
            file: file.clone(),
            stats: self.stats.clone(),
            number,
        });
    }
}
