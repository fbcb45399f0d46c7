//! What the Train view keeps between frames: the round's settings, the
//! round (made on its own thread, see `job`), the progress through it and
//! the answer on screen, the statistics and their file, and the waits.

use std::path::PathBuf;
use std::sync::Arc;

use engine::Range;
use engine::train::{Question, Round};

use super::answer::{Progress, Scored};
use super::job::{RoundFigures, RoundJob};
use super::settings::RoundSettings;
use super::stats::Stats;
use super::store::StatsStore;
use super::timing::Timing;
use crate::gui::state::background::Background;

/// The view kept between frames.
pub struct TrainState {
    /// The round asked for.
    pub settings: RoundSettings,
    work: Background<RoundJob, RoundFigures>,
    /// The round on screen (its job).
    shown: Option<RoundJob>,
    /// The question on screen, the answer being given, the errors so far.
    pub progress: Progress,
    store: StatsStore,
    timing: Timing,
    /// Whether Reset asks for confirmation.
    pub confirm_reset: bool,
}

impl Default for TrainState {
    fn default() -> TrainState {
        TrainState::with_settings(RoundSettings::default())
    }
}

impl TrainState {
    /// The view with the round `settings` (saved ones at start).
    pub fn with_settings(settings: RoundSettings) -> TrainState {
        TrainState {
            settings,
            work: Background::new("rangestove-train", RoundJob::run),
            shown: None,
            progress: Progress::default(),
            store: StatsStore::default(),
            timing: Timing::default(),
            confirm_reset: false,
        }
    }

    /// Keeps the statistics in `file` (`None`: in memory only), reading
    /// what it holds; returns what to tell the user if it could not be
    /// read (it is kept aside).
    pub fn set_file(&mut self, file: Option<PathBuf>) -> Option<String> {
        self.store.set_file(file)
    }

    /// The user's presets (name, range), for rounds with *My presets too*.
    pub fn set_user_presets(&mut self, ranges: &Arc<[(String, Range)]>) {
        self.settings.set_user_presets(ranges);
    }

    /// Asks for the round of the current settings when they changed (the
    /// answers so far forgotten), and takes in the round and the last
    /// save's outcome; `ctx` is repainted when they arrive.
    pub fn update(&mut self, ctx: &egui::Context) {
        let job = self.settings.job();
        if self.shown.as_ref() != Some(&job) {
            self.shown = Some(job.clone());
            self.timing.round_asked();
            self.progress.restart();
        }
        self.work.update(Some(job), ctx);
        if self.work.figures().is_some() {
            self.timing.round_came();
        }
        self.store.update(ctx);
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
        self.settings.seed()
    }

    /// The question on screen (its number from 0).
    pub fn index(&self) -> usize {
        self.progress.index
    }

    /// The question on screen, none once the round is over.
    pub fn question(&self) -> Option<&Question> {
        self.round()?.questions.get(self.progress.index)
    }

    /// The part of the question's range its answer counts, where known (a
    /// lines question: what continues).
    pub fn kept(&self) -> Option<&Range> {
        self.figures()?.kept.get(self.progress.index)?.as_ref()
    }

    /// The answer on screen, once scored.
    pub fn scored(&self) -> Option<&Scored> {
        self.progress.scored.as_ref()
    }

    /// Whether every question of the round has been answered.
    pub fn round_over(&self) -> bool {
        self.round()
            .is_some_and(|r| self.progress.index >= r.questions.len())
    }

    /// This round's errors so far, in points.
    pub fn round_points(&self) -> &[f64] {
        &self.progress.points
    }

    /// The statistics.
    pub fn stats(&self) -> &Stats {
        self.store.stats()
    }

    /// The statistics' file, if kept in one.
    pub fn file(&self) -> Option<&std::path::Path> {
        self.store.file()
    }

    /// The last save's outcome, once written (`Err`: why not).
    pub fn saved(&self) -> Option<&Result<(), String>> {
        self.store.saved()
    }

    /// How long the round took to come, in milliseconds.
    pub fn round_ms(&self) -> Option<f64> {
        self.timing.round_ms()
    }

    /// How long the last "Next question" took to put the question on
    /// screen (to the end of the frame drawing it), in milliseconds.
    pub fn next_ms(&self) -> Option<f64> {
        self.timing.next_ms()
    }

    /// The answer box's text read into the answer (the slider follows);
    /// whether it reads.
    pub fn read_guess_text(&mut self) -> bool {
        self.progress.read_guess_text()
    }

    /// Scores the answer on screen (the answer box, or the grid painted)
    /// and counts it in the statistics, which are saved.
    pub fn answer(&mut self) {
        if self.progress.scored.is_some() {
            return;
        }
        let Some(question) = self.question().cloned() else {
            return;
        };
        let points = self.progress.score(&question).points;
        let RoundSettings { drill, level, .. } = self.settings;
        self.store.add(drill, level, points);
    }

    /// The next question (after an answer).
    pub fn next(&mut self) {
        if self.progress.scored.is_none() {
            return;
        }
        self.progress.index += 1;
        self.progress.clear_answer();
        self.timing.next_asked();
    }

    /// Whether "Next question" was pressed and the question it put up not
    /// yet drawn whole.
    pub fn next_pending(&self) -> bool {
        self.timing.next_pending()
    }

    /// Records that the question on screen has been drawn.
    pub fn drawn(&mut self) {
        self.timing.next_drawn();
    }

    /// A new round with a random seed.
    pub fn new_round(&mut self) {
        self.settings.new_seed();
        // The same seed again (a random draw can repeat) still restarts.
        self.shown = None;
    }

    /// The round whose code is typed in the box, from its first question.
    pub fn replay(&mut self) {
        if self.settings.take_code() {
            self.shown = None;
        }
    }

    /// The round on screen again, from its first question.
    pub fn replay_current(&mut self) {
        self.settings.show_code();
        self.shown = None;
    }

    /// Forgets every statistic (saved at once).
    pub fn reset_stats(&mut self) {
        self.store.reset();
    }
}
