//! What the Boards view keeps between frames: the report's background
//! work and figures, the sort, filters and grouping, the chosen seat and
//! the last export; with the method line and the CSV export.

use crate::gui::files::dialog::{Dialogs, PathPrompt};
use std::time::Instant;

use engine::equity::MethodUsed;
use engine::study::FlopReport;

use super::job::{FlopsFigures, FlopsJob};
use crate::gui::outcome::Outcome;
use crate::gui::state::background::{Answers, Background};
use crate::gui::state::session::Session;

/// Which column the table is sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortBy {
    /// The flop, highest cards first.
    Flop,
    /// How likely it comes.
    Frequency,
    /// An active seat's equity (its position among the active seats).
    Equity(usize),
    /// The chosen seat's share in an equity bucket (0: ≥ 75% … 3: < 25%).
    Bucket(usize),
    /// The chosen seat's nut share.
    Nuts,
    /// On a line, the reach on the flop.
    Reach,
    /// On a line, an active seat's continue share (its position among the
    /// active seats).
    Continue(usize),
}

/// How rows are grouped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupBy {
    /// One flat list.
    Nothing,
    /// Rainbow, two-tone, monotone.
    Suits,
    /// Unpaired, paired, trips.
    Pairing,
    /// The highest card.
    HighCard,
}

impl GroupBy {
    /// Every choice, in menu order.
    pub const ALL: [GroupBy; 4] = [
        GroupBy::Nothing,
        GroupBy::Suits,
        GroupBy::Pairing,
        GroupBy::HighCard,
    ];

    /// Its name in the menu.
    pub fn name(self) -> &'static str {
        match self {
            GroupBy::Nothing => "no grouping",
            GroupBy::Suits => "suits",
            GroupBy::Pairing => "pairing",
            GroupBy::HighCard => "high card",
        }
    }
}

/// The view kept between frames: the report's thread and figures, the
/// sort, filters and grouping, the chosen seat, the last export's outcome.
pub struct FlopsState {
    work: Background<FlopsJob, FlopsFigures>,
    /// The column sorted by, and whether descending.
    pub sort: (SortBy, bool),
    /// Which suit textures show: rainbow, two-tone, monotone.
    pub suits: [bool; 3],
    /// Which pairings show: unpaired, paired, trips.
    pub pairing: [bool; 3],
    /// Words every shown flop matches (its cards or tags).
    pub text: String,
    /// On a line, the smallest reach a shown flop has (0: every flop).
    pub min_reach: f64,
    /// How rows are grouped.
    pub group: GroupBy,
    /// The chosen seat (session index) for buckets, nuts, hits and the
    /// chart; the selected seat when unset or not active.
    pub seat: Option<usize>,
    /// Whether the user stopped the report.
    stopped: bool,
    /// When the current job was submitted, and how long its first rows
    /// and its whole report took to reach the view.
    started: Option<Started>,
    /// Whether to print the report's times (`RANGESTOVE_TRACE`).
    trace: bool,
    /// The last job submitted.
    last: Option<FlopsJob>,
    /// The last export's outcome.
    pub export: Option<Outcome>,
    /// Whether there are file dialogs.
    pub dialogs: Dialogs,
    /// A typed path for the CSV asked for in place of a dialog.
    pub prompt: Option<PathPrompt<()>>,
}

impl Default for FlopsState {
    fn default() -> FlopsState {
        FlopsState {
            work: Background::new("rangestove-boards", FlopsJob::run),
            sort: (SortBy::Flop, true),
            suits: [true; 3],
            pairing: [true; 3],
            text: String::new(),
            min_reach: 0.0,
            group: GroupBy::Nothing,
            seat: None,
            stopped: false,
            started: None,
            trace: std::env::var_os("RANGESTOVE_TRACE").is_some(),
            last: None,
            export: None,
            dialogs: Dialogs::default(),
            prompt: None,
        }
    }
}

/// When a job was submitted and, in milliseconds since, when its first
/// rows and its whole report reached the view.
#[derive(Clone, Copy, Debug)]
struct Started {
    at: Instant,
    first_rows_ms: Option<f64>,
    report_ms: Option<f64>,
    /// Frames drawn until the report came.
    frames: u32,
}

impl FlopsState {
    /// Submits the job for `session` when it changed (the board does not
    /// count) and takes in the newest figures; `ctx` is repainted when
    /// they arrive.
    pub fn update(&mut self, session: &Session, ctx: &egui::Context) {
        let job = FlopsJob::new(session);
        if self.stopped && self.work.figures().is_some_and(|f| f.job() == &job) {
            return;
        }
        self.stopped = false;
        if self.last.as_ref() != Some(&job) {
            self.last = Some(job.clone());
            self.started = Some(Started {
                at: Instant::now(),
                first_rows_ms: None,
                report_ms: None,
                frames: 0,
            });
        }
        self.work.update(Some(job), ctx);
        let has_figures = self.work.figures().is_some();
        let engine_ms = self.report().map(|r| r.elapsed_ms);
        let trace_on = self.trace;
        let Some(started) = &mut self.started else {
            return;
        };
        let ms = || started.at.elapsed().as_secs_f64() * 1000.0;
        if started.first_rows_ms.is_none() && has_figures {
            started.first_rows_ms = Some(ms());
        }
        if started.report_ms.is_none() {
            started.frames += 1;
        }
        if let (None, Some(engine_ms)) = (started.report_ms, engine_ms) {
            started.report_ms = Some(ms());
            if trace_on {
                trace(format_args!(
                    "rangestove: Boards report in the view {:.0} ms after its job (first rows \
                     {:.0} ms; the engine's count {:.0} ms; {} frames drawn)",
                    started.report_ms.unwrap_or_default(),
                    started.first_rows_ms.unwrap_or_default(),
                    engine_ms,
                    started.frames,
                ));
            }
        }
    }

    /// Milliseconds from the spot's change to its first rows in the view.
    pub fn first_rows_ms(&self) -> Option<f64> {
        self.started.and_then(|s| s.first_rows_ms)
    }

    /// Milliseconds from the spot's change to its whole report in the
    /// view.
    pub fn report_ms(&self) -> Option<f64> {
        self.started.and_then(|s| s.report_ms)
    }

    /// The figures for the current spot, partial while it runs.
    pub fn figures(&self) -> Option<&FlopsFigures> {
        self.work.figures()
    }

    /// Whether the report is still running.
    pub fn running(&self) -> bool {
        !self.stopped && self.figures().is_none_or(|f| f.report.is_none())
    }

    /// Stops the report, keeping the rows in so far.
    pub fn stop(&mut self) {
        self.work.stop();
        self.stopped = true;
    }

    /// Runs the report again from the start.
    pub fn restart(&mut self) {
        self.work.restart();
        self.stopped = false;
        self.last = None;
    }

    /// The whole report, once done.
    pub fn report(&self) -> Option<&FlopReport> {
        self.figures()
            .and_then(|f| f.report.as_ref())
            .and_then(|r| r.as_ref().ok())
    }
}

/// The method line under the title: exact or sampled, classes, time.
pub fn method_text(report: &FlopReport) -> String {
    let how = match report.method {
        MethodUsed::MonteCarlo => "Monte Carlo (each flop to its standard error)",
        _ => "exact",
    };
    format!(
        "{} flop classes ({} flops), {how}, {:.1} s",
        report.flops.len(),
        report.flop_count,
        report.elapsed_ms / 1000.0
    )
}

/// Writes the report as CSV (the columns of `rangestove flops --csv`) to
/// `path`, atomically.
pub fn export_csv(report: &FlopReport, path: &std::path::Path) -> anyhow::Result<()> {
    let mut bytes = Vec::new();
    crate::io::flop_csv::write_csv(report, &mut bytes)?;
    crate::io::atomic::write_atomic(path, &bytes, || Ok(()))?;
    Ok(())
}

/// Writes one `RANGESTOVE_TRACE` line to stderr; a closed stderr is
/// ignored (`eprintln!` would panic).
fn trace(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}
