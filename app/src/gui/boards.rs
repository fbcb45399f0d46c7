//! The Boards view: every flop the spot can tell apart, in a sortable,
//! filterable table with a row per flop class (frequency, each seat's
//! equity, the chosen seat's equity buckets, nut share and hits, texture),
//! rows grouped by texture with their aggregates, a chart of the chosen
//! seat's equity across the flops, and CSV export. Clicking a flop puts it
//! on the board.
//!
//! The report ([`engine::equity::flop_report`]) runs on its own named
//! thread (`rangestove-boards`, newest job wins) and streams: rows show as
//! flop classes finish, with progress, and the UI thread only sorts and
//! draws what came in.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use engine::equity::{EquityRequest, FlopReport, FlopRow, MethodUsed, flop_report_with_progress};
use engine::worker::Job;

use super::background::{Answers, Background};
use super::session::Session;

/// Partial figures go to the UI at most this often (the first row at once).
const SEND_EVERY: Duration = Duration::from_millis(120);

/// What the view is computed for: the spot without its board.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardsJob {
    request: EquityRequest,
}

impl BoardsJob {
    /// The job for `session`: its seats and dead cards, no board.
    fn new(session: &Session) -> BoardsJob {
        let (mut request, _) = session.request_with_seats(false);
        request.board.clear();
        request.preview = false;
        // Auto: exact when the whole report is affordable, else sampled to
        // the report's default standard error.
        request.target_std_error = None;
        BoardsJob { request }
    }

    /// Runs the report, sending the rows so far as they come and the whole
    /// report at the end, unless a newer job came first.
    fn run(self, job: &Job<'_, BoardsFigures>) {
        let sent = Mutex::new(Sent::default());
        let send = |sent: &mut Sent, force: bool| {
            if force || sent.at.is_none_or(|t| t.elapsed() >= SEND_EVERY) {
                sent.at = Some(Instant::now());
                job.send(BoardsFigures {
                    job: self.clone(),
                    rows: provisional(&sent.rows),
                    done: sent.done,
                    total: sent.total,
                    progress: sent.progress,
                    report: None,
                });
            }
        };
        let lock = || {
            sent.lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
        };
        let on_row = |row: &FlopRow, done: usize, total: usize| {
            let mut sent = lock();
            sent.rows.push(row.clone());
            (sent.done, sent.total) = (done, total);
            // The first row at once.
            let first = sent.rows.len() == 1;
            send(&mut sent, first);
        };
        let on_progress = |fraction: f64| {
            let mut sent = lock();
            sent.progress = fraction as f32;
            send(&mut sent, false);
        };
        let report =
            flop_report_with_progress(&self.request, &|| job.is_stale(), &on_row, &on_progress);
        let figures = match report {
            Ok(report) => BoardsFigures {
                job: self.clone(),
                rows: report.flops.clone(),
                done: report.flops.len(),
                total: report.flops.len(),
                progress: 1.0,
                report: Some(Ok(report)),
            },
            Err(e) => BoardsFigures {
                job: self.clone(),
                rows: Vec::new(),
                done: 0,
                total: 0,
                progress: 1.0,
                report: Some(Err(e.to_string())),
            },
        };
        job.send(figures);
    }
}

/// What the job has sent: the rows in, the classes done and in all, the
/// share of the work done, when it last sent.
#[derive(Default)]
struct Sent {
    rows: Vec<FlopRow>,
    done: usize,
    total: usize,
    progress: f32,
    at: Option<Instant>,
}

/// Rows in so far, their frequencies relative to one another (the final
/// report's are over every flop).
fn provisional(rows: &[FlopRow]) -> Vec<FlopRow> {
    let total: f64 = rows.iter().map(|r| r.weight).sum();
    rows.iter()
        .map(|r| FlopRow {
            frequency: r.weight / total,
            ..r.clone()
        })
        .collect()
}

/// The view's figures for one job: the rows so far and, once done, the
/// report (or why the spot cannot be reported).
#[derive(Clone, Debug, PartialEq)]
pub struct BoardsFigures {
    job: BoardsJob,
    /// Flop classes in so far (all of them once done).
    pub rows: Vec<FlopRow>,
    /// Classes done and in all.
    pub done: usize,
    /// Classes in all (0 until the first row).
    pub total: usize,
    /// Share of the work done, 0..=1 (the one pass over every board does
    /// most of it before its rows come).
    pub progress: f32,
    /// The whole report once done (`Err`: why it could not run).
    pub report: Option<Result<FlopReport, String>>,
}

impl Answers<BoardsJob> for BoardsFigures {
    fn job(&self) -> &BoardsJob {
        &self.job
    }
}

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
pub struct BoardsState {
    work: Background<BoardsJob, BoardsFigures>,
    /// The column sorted by, and whether descending.
    pub sort: (SortBy, bool),
    /// Which suit textures show: rainbow, two-tone, monotone.
    pub suits: [bool; 3],
    /// Which pairings show: unpaired, paired, trips.
    pub pairing: [bool; 3],
    /// Words every shown flop matches (its cards or tags).
    pub text: String,
    /// How rows are grouped.
    pub group: GroupBy,
    /// The chosen seat (session index) for buckets, nuts, hits and the
    /// chart; the selected seat when unset or not active.
    pub seat: Option<usize>,
    /// Whether the user stopped the report.
    stopped: bool,
    /// When the current job was submitted, and how long its first rows
    /// took to reach the view.
    started: Option<(Instant, Option<f64>)>,
    /// The last job submitted.
    last: Option<BoardsJob>,
    /// The last export's outcome (`Err`: what went wrong).
    pub export: Option<Result<String, String>>,
}

impl Default for BoardsState {
    fn default() -> BoardsState {
        BoardsState {
            work: Background::new("rangestove-boards", BoardsJob::run),
            sort: (SortBy::Flop, true),
            suits: [true; 3],
            pairing: [true; 3],
            text: String::new(),
            group: GroupBy::Nothing,
            seat: None,
            stopped: false,
            started: None,
            last: None,
            export: None,
        }
    }
}

impl BoardsState {
    /// Submits the job for `session` when it changed (the board does not
    /// count) and takes in the newest figures; `ctx` is repainted when
    /// they arrive.
    pub fn update(&mut self, session: &Session, ctx: &egui::Context) {
        let job = BoardsJob::new(session);
        if self.stopped && self.work.figures().is_some_and(|f| f.job == job) {
            return;
        }
        self.stopped = false;
        if self.last.as_ref() != Some(&job) {
            self.last = Some(job.clone());
            self.started = Some((Instant::now(), None));
        }
        self.work.update(Some(job), ctx);
        if let Some((at, first @ None)) = &mut self.started
            && self.work.figures().is_some()
        {
            *first = Some(at.elapsed().as_secs_f64() * 1000.0);
        }
    }

    /// Milliseconds from the spot's change to its first rows in the view.
    pub fn first_rows_ms(&self) -> Option<f64> {
        self.started.and_then(|(_, ms)| ms)
    }

    /// The figures for the current spot, partial while it runs.
    pub fn figures(&self) -> Option<&BoardsFigures> {
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
