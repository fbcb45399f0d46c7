//! The trainer's statistics, per drill and level: questions answered, the
//! mean absolute error, the share within two points, the current and the
//! best streak. Kept in `train.ron` in the app's data directory, saved
//! atomically after every answer on a thread of their own
//! (`rangestove-train-save`); a file that cannot be read is moved aside and
//! reported once, exactly as the settings file is
//! (`state::settings::kept_aside`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use engine::train::Drill;
use engine::worker::Job;

use crate::gui::state::background::Answers;
use crate::gui::state::settings::{data_file, kept_aside};
use crate::io::atomic::write_atomic;

/// An answer this close (in percentage points) counts as right: it joins
/// the within-two-points rate and keeps the streak going.
pub const WITHIN: f64 = 2.0;

/// The statistics of one drill at one level.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Record {
    /// Questions answered.
    pub questions: u64,
    /// The sum of the answers' errors, in percentage points.
    pub total_error: f64,
    /// Answers within [`WITHIN`] points.
    pub within: u64,
    /// Answers within [`WITHIN`] points in a row, up to the last.
    pub streak: u64,
    /// The longest such run.
    pub best: u64,
}

impl Record {
    /// Counts an answer `points` off.
    pub fn add(&mut self, points: f64) {
        let points = if points.is_finite() {
            points.abs()
        } else {
            100.0
        };
        self.questions += 1;
        self.total_error += points;
        if points <= WITHIN {
            self.within += 1;
            self.streak += 1;
            self.best = self.best.max(self.streak);
        } else {
            self.streak = 0;
        }
    }

    /// The mean absolute error in points (none before the first answer).
    pub fn mean_error(&self) -> Option<f64> {
        (self.questions > 0).then(|| self.total_error / self.questions as f64)
    }

    /// The share of answers within [`WITHIN`] points, 0 to 1.
    pub fn within_rate(&self) -> Option<f64> {
        (self.questions > 0).then(|| self.within as f64 / self.questions as f64)
    }

    /// This record with impossible figures (a hand-edited file) brought
    /// back in line.
    fn sanitized(mut self) -> Record {
        if !self.total_error.is_finite() || self.total_error < 0.0 {
            self.total_error = 0.0;
        }
        self.within = self.within.min(self.questions);
        self.streak = self.streak.min(self.within);
        self.best = self.best.max(self.streak).min(self.questions);
        self
    }
}

/// Every drill and level's statistics, as saved.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Stats {
    /// By `"<drill> <level>"` (`"equity 2"`); names the app does not know
    /// are kept as they are.
    records: BTreeMap<String, Record>,
}

/// The key of a drill and level.
fn key(drill: Drill, level: u8) -> String {
    format!("{} {level}", drill.name())
}

impl Stats {
    /// The statistics of `drill` at `level` (zeros before any answer).
    pub fn record(&self, drill: Drill, level: u8) -> Record {
        self.records
            .get(&key(drill, level))
            .copied()
            .unwrap_or_default()
    }

    /// Counts an answer to a `drill` question at `level`, `points` off.
    pub fn add(&mut self, drill: Drill, level: u8, points: f64) {
        self.records
            .entry(key(drill, level))
            .or_default()
            .add(points);
    }

    /// Whether nothing has been answered.
    pub fn is_empty(&self) -> bool {
        self.records.values().all(|r| r.questions == 0)
    }

    /// Reads saved statistics (RON).
    pub fn from_ron(text: &str) -> Result<Stats, ron::error::SpannedError> {
        let mut stats: Stats = ron::from_str(text)?;
        for record in stats.records.values_mut() {
            *record = record.sanitized();
        }
        Ok(stats)
    }

    /// The statistics as saved (RON).
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::default();
        // Plain data: serialising cannot fail.
        ron::ser::to_string_pretty(self, config).unwrap_or_default()
    }
}

/// Where the app keeps the statistics: `train.ron` beside the settings.
pub fn stats_file(app_id: &str) -> Option<PathBuf> {
    data_file(app_id, "train.ron")
}

/// The statistics read at start, and what to tell the user if the file
/// could not be read.
#[derive(Debug, Default)]
pub struct LoadedStats {
    /// What was read (none: empty statistics).
    pub stats: Stats,
    /// What to tell the user once, if anything.
    pub notice: Option<String>,
}

/// Reads the statistics in `file`. No file is a first start; a file that
/// cannot be read is moved aside and reported (once: the next start finds
/// no file), and the statistics start afresh.
pub fn load(file: &Path) -> LoadedStats {
    let error = match std::fs::read_to_string(file) {
        Ok(text) => match Stats::from_ron(&text) {
            Ok(stats) => {
                return LoadedStats {
                    stats,
                    notice: None,
                };
            }
            Err(e) => e.to_string(),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return LoadedStats::default(),
        Err(e) => e.to_string(),
    };
    LoadedStats {
        stats: Stats::default(),
        notice: kept_aside(
            Some(file),
            "training statistics",
            &error,
            "They start afresh.",
        ),
    }
}

/// A save of the statistics: where, what, and which save it is (two saves
/// of equal statistics are two saves).
#[derive(Clone, Debug, PartialEq)]
pub struct SaveJob {
    /// The file.
    pub file: PathBuf,
    /// What to write.
    pub stats: Stats,
    /// The save's number.
    pub number: u64,
}

impl SaveJob {
    /// Writes the statistics atomically (making the directory if need
    /// be) and reports how it went.
    pub fn run(self, job: &Job<'_, Saved>) {
        let written = self
            .file
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .map_err(|e| e.to_string())
            .and_then(|()| {
                write_atomic(&self.file, self.stats.to_ron().as_bytes(), || Ok(()))
                    .map_err(|e| e.to_string())
            });
        job.send(Saved { job: self, written });
    }
}

/// How a save went.
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    job: SaveJob,
    /// `Err`: why the file could not be written.
    pub written: Result<(), String>,
}

impl Answers<SaveJob> for Saved {
    fn job(&self) -> &SaveJob {
        &self.job
    }
}
