//! The statistics and their file: read once when the file is set, saved on
//! their own thread after every change (newest save wins).

use std::path::{Path, PathBuf};

use engine::train::Drill;

use super::stats::{LoadedStats, SaveJob, Saved, Stats, load};
use crate::gui::state::background::Background;

/// The statistics, their file and its saver.
pub struct StatsStore {
    stats: Stats,
    file: Option<PathBuf>,
    saver: Background<SaveJob, Saved>,
    save: Option<SaveJob>,
}

impl Default for StatsStore {
    fn default() -> StatsStore {
        StatsStore {
            stats: Stats::default(),
            file: None,
            saver: Background::new("rangestove-train-save", SaveJob::run),
            save: None,
        }
    }
}

impl StatsStore {
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

    /// Takes in the last save's outcome; `ctx` is repainted when it comes.
    pub fn update(&mut self, ctx: &egui::Context) {
        self.saver.update(self.save.clone(), ctx);
    }

    /// The statistics.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The statistics' file, if kept in one.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// The last save's outcome, once written (`Err`: why not).
    pub fn saved(&self) -> Option<&Result<(), String>> {
        self.saver.figures().map(|s| &s.written)
    }

    /// Counts an answer's error (points) for `drill` at `level`, and saves.
    pub fn add(&mut self, drill: Drill, level: u8, points: f64) {
        self.stats.add(drill, level, points);
        self.save();
    }

    /// Forgets every statistic (saved at once).
    pub fn reset(&mut self) {
        self.stats = Stats::default();
        self.save();
    }

    /// Saves the statistics, when they have a file.
    fn save(&mut self) {
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
