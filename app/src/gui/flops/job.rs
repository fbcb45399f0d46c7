//! The Boards view's computation: the flop report of the spot without its
//! board ([`engine::study::flop_report_with_progress`]), run on the view's
//! own named thread (`rangestove-boards`, newest job wins) and streamed:
//! the rows in so far, with progress, then the whole report.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use engine::equity::EquityRequest;
use engine::study::{FlopReport, FlopRow, flop_report_with_progress};
use engine::worker::Job;

use crate::gui::state::background::Answers;
use crate::gui::state::session::Session;

/// Partial figures go to the UI at most this often (the first row at once).
const SEND_EVERY: Duration = Duration::from_millis(120);

/// What the view is computed for: the spot without its board.
#[derive(Clone, Debug, PartialEq)]
pub struct FlopsJob {
    request: EquityRequest,
}

impl FlopsJob {
    /// The job for `session`: its seats and dead cards, no board.
    pub fn new(session: &Session) -> FlopsJob {
        let (mut request, _) = session.request_with_seats(false);
        request.board.clear();
        request.preview = false;
        // Auto: exact when the whole report is affordable, else sampled to
        // the report's default standard error.
        request.target_std_error = None;
        FlopsJob { request }
    }

    /// Runs the report, sending the rows so far as they come and the whole
    /// report at the end, unless a newer job came first.
    pub fn run(self, job: &Job<'_, FlopsFigures>) {
        let sent = Mutex::new(Sent::default());
        let send = |sent: &mut Sent, force: bool| {
            if force || sent.at.is_none_or(|t| t.elapsed() >= SEND_EVERY) {
                sent.at = Some(Instant::now());
                job.send(FlopsFigures {
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
            Ok(report) => FlopsFigures {
                job: self.clone(),
                rows: report.flops.clone(),
                done: report.flops.len(),
                total: report.flops.len(),
                progress: 1.0,
                report: Some(Ok(report)),
            },
            Err(e) => FlopsFigures {
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
pub struct FlopsFigures {
    job: FlopsJob,
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

impl Answers<FlopsJob> for FlopsFigures {
    fn job(&self) -> &FlopsJob {
        &self.job
    }
}
