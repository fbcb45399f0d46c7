//! The Boards view's computation: the flop report of the spot without its
//! board ([`engine::study::flop_report_with_progress`]), run on the view's
//! own named thread (`rangestove-boards`, newest job wins) and streamed:
//! the rows in so far, with progress, then the whole report.
//!
//! The counting threads only hand each finished row and the progress over
//! ([`Inbox`]); a thread of the job's own (`rangestove-boards-send`) sends
//! what came in to the view at most every [`SEND_EVERY`], so building
//! what the view shows never holds up the count.

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use engine::equity::EquityRequest;
use engine::line::{Street, StreetRule};
use engine::study::{FlopReport, FlopRow, flop_report_on_line, flop_report_with_progress};
use engine::worker::Job;

use crate::gui::state::background::Answers;
use crate::gui::state::session::Session;

/// Partial figures go to the UI at most this often (the first row at once):
/// each makes the window repaint (twice, as egui does), and where the
/// window is drawn in software every frame takes a core from the count
/// (docs/performance.md, 2026-11-25).
const SEND_EVERY: Duration = Duration::from_secs(1);

/// What the view is computed for: the spot without its board, and the
/// line's flop rules.
#[derive(Clone, Debug, PartialEq)]
pub struct FlopsJob {
    request: EquityRequest,
    rules: Vec<StreetRule>,
}

impl FlopsJob {
    /// The job for `session`: its seats and dead cards, no board, and its
    /// seats' flop rules (each applied on every flop).
    pub fn new(session: &Session) -> FlopsJob {
        let (mut request, indices) = session.request_with_seats(false);
        request.board.clear();
        request.preview = false;
        // Auto: exact when the whole report is affordable, else sampled to
        // the report's default standard error.
        request.target_std_error = None;
        let rules = session.line_rules_through(&indices, Some(Street::Flop));
        FlopsJob { request, rules }
    }

    /// Runs the report, sending the rows so far as they come and the whole
    /// report at the end, unless a newer job came first.
    pub fn run(self, job: &Job<'_, FlopsFigures>) {
        let inbox = Inbox::default();
        let report = std::thread::scope(|scope| {
            // Without its sender the job still sends the whole report.
            let _sender = std::thread::Builder::new()
                .name("rangestove-boards-send".to_owned())
                .spawn_scoped(scope, || self.stream(&inbox, job));
            let stale = || job.is_stale();
            let report = if self.rules.is_empty() {
                flop_report_with_progress(
                    &self.request,
                    &stale,
                    &|row, _, total| inbox.row(row, total),
                    &|fraction| inbox.progress(fraction),
                )
                .map_err(|e| e.to_string())
            } else {
                // On a line each flop is counted on its own: its row is
                // its share of the work.
                flop_report_on_line(&self.request, &self.rules, &stale, &|row, done, total| {
                    inbox.row(row, total);
                    inbox.progress(done as f64 / total.max(1) as f64);
                })
                .map_err(|e| e.to_string())
            };
            inbox.finish();
            report
        });
        let figures = match report {
            Ok(report) => FlopsFigures {
                job: self,
                partial: Vec::new(),
                total: report.flops.len(),
                progress: 1.0,
                report: Some(Ok(report)),
            },
            Err(e) => FlopsFigures {
                job: self,
                partial: Vec::new(),
                total: 0,
                progress: 1.0,
                report: Some(Err(e)),
            },
        };
        job.send(figures);
    }

    /// Sends what came into `inbox` (the rows so far, the progress) at
    /// most every [`SEND_EVERY`], the first row at once, until the count
    /// finishes or the job is stale.
    fn stream(&self, inbox: &Inbox, job: &Job<'_, FlopsFigures>) {
        let mut rows: Vec<FlopRow> = Vec::new();
        let mut sent: Option<(usize, f32)> = None;
        loop {
            let first = sent.is_none_or(|(n, _)| n == 0);
            let (mut incoming, _) = inbox
                .wake
                // Woken early to finish, or by the first row.
                .wait_timeout_while(inbox.lock(), SEND_EVERY, |s| {
                    !s.finished && (!first || s.rows.is_empty())
                })
                .unwrap_or_else(PoisonError::into_inner);
            if incoming.finished || job.is_stale() {
                return;
            }
            rows.append(&mut incoming.rows);
            let (total, progress) = (incoming.total, incoming.progress);
            drop(incoming);
            if sent != Some((rows.len(), progress)) {
                sent = Some((rows.len(), progress));
                job.send(FlopsFigures {
                    job: self.clone(),
                    partial: provisional(&rows),
                    total,
                    progress,
                    report: None,
                });
            }
        }
    }
}

/// Where the counting threads leave what the sender takes: rows not yet
/// taken, the classes in all, the share of the work done, whether the
/// count is over.
#[derive(Default)]
struct Inbox {
    incoming: Mutex<Incoming>,
    wake: Condvar,
}

/// What [`Inbox`] holds.
#[derive(Default)]
struct Incoming {
    rows: Vec<FlopRow>,
    total: usize,
    progress: f32,
    finished: bool,
}

impl Inbox {
    fn lock(&self) -> MutexGuard<'_, Incoming> {
        self.incoming.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A finished row, of `total` classes (the first wakes the sender).
    fn row(&self, row: &FlopRow, total: usize) {
        let mut incoming = self.lock();
        let first = incoming.total == 0;
        incoming.rows.push(row.clone());
        incoming.total = total;
        drop(incoming);
        if first {
            self.wake.notify_one();
        }
    }

    /// The share of the work done (it never goes back: the counting
    /// threads report in no set order).
    fn progress(&self, fraction: f64) {
        let mut incoming = self.lock();
        incoming.progress = incoming.progress.max(fraction as f32);
    }

    /// The count is over: the sender stops.
    fn finish(&self) {
        self.lock().finished = true;
        self.wake.notify_one();
    }
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
    /// The rows in so far while the report runs (empty once it is done:
    /// the report holds them).
    partial: Vec<FlopRow>,
    /// Flop classes in all, those that can come: the report's rows once
    /// done (0 until the first row).
    pub total: usize,
    /// Share of the work done, 0..=1: the one source of the progress
    /// shown (the one pass over every board does most of the work before
    /// its rows come).
    pub progress: f32,
    /// The whole report once done (`Err`: why it could not run).
    pub report: Option<Result<FlopReport, String>>,
}

impl FlopsFigures {
    /// The flop classes in so far (all of them once done).
    pub fn rows(&self) -> &[FlopRow] {
        match &self.report {
            Some(Ok(report)) => &report.flops,
            _ => &self.partial,
        }
    }
}

impl Answers<FlopsJob> for FlopsFigures {
    fn job(&self) -> &FlopsJob {
        &self.job
    }
}
