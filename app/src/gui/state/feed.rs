//! What is computed: the equity [`Feed`] owns the background [`Worker`],
//! submits the session's request when it changed, takes in the newest
//! results, and keeps the responsiveness figures ([`Timing`]).
//!
//! Architecture invariant: the UI thread never computes equity. An edit
//! marks the session changed; the end of the frame submits it to the
//! worker, which cancels the previous job, and only updates of the newest
//! generation are shown.

use std::collections::VecDeque;
use std::time::Instant;

use engine::Range;
use engine::equity::{EquityError, EquityResult, SeatBreakdown, SeatEquity, seats_without_hands};
use engine::line::{LineError, Narrowed};
use engine::worker::{Event, Worker};

use super::session::Session;

/// Frames whose timings the status line summarises.
const FRAME_WINDOW: usize = 240;

/// Responsiveness figures, shown in the status line.
#[derive(Clone, Debug, Default)]
pub struct Timing {
    /// When the current request was submitted, and when its edit happened.
    submitted: Option<(Instant, Instant)>,
    /// Milliseconds from the last edit to its first numbers on screen.
    pub first_numbers_ms: Option<f64>,
    /// Recent times spent building the UI (this app's code), in ms.
    ui_ms: VecDeque<f64>,
    /// Recent whole-frame CPU times as eframe reports them (layout,
    /// tessellation and painting included), in ms.
    frames_ms: VecDeque<f64>,
}

/// The median and the maximum of `times`.
fn median_max(times: &VecDeque<f64>) -> Option<(f64, f64)> {
    let mut times: Vec<f64> = times.iter().copied().collect();
    if times.is_empty() {
        return None;
    }
    times.sort_by(f64::total_cmp);
    Some((times[times.len() / 2], times[times.len() - 1]))
}

/// Appends `ms`, keeping the last [`FRAME_WINDOW`] entries.
fn push_window(times: &mut VecDeque<f64>, ms: f64) {
    if times.len() == FRAME_WINDOW {
        times.pop_front();
    }
    times.push_back(ms);
}

impl Timing {
    /// The median and maximum time of building the UI, recent frames.
    pub fn ui_ms(&self) -> Option<(f64, f64)> {
        median_max(&self.ui_ms)
    }

    /// The median and maximum whole-frame CPU time, recent frames (only
    /// in the real window: eframe measures it).
    pub fn frame_ms(&self) -> Option<(f64, f64)> {
        median_max(&self.frames_ms)
    }
}

/// The equity of the session's scenario, as the worker computes it.
#[derive(Default)]
pub struct Feed {
    worker: Option<Worker>,
    /// The breakdown switch of the last submit (`None`: nothing yet).
    breakdown: Option<bool>,
    /// The session seat of each request seat of the job in flight.
    submitted_seats: Vec<usize>,
    result: Option<EquityResult>,
    /// The session seat of each request seat of `result`.
    result_seats: Vec<usize>,
    /// `result` belongs to an earlier scenario: it stays on screen,
    /// dimmed, until the current one has numbers (or for good while the
    /// current one cannot be computed).
    stale: bool,
    failure: Option<EquityError>,
    /// The line applied to the scenario (`None`: no line), with the
    /// session seat of each request seat; while a new line is applied,
    /// the last one stays (so the grid does not flicker as a rule is
    /// typed).
    line: Option<(Box<Narrowed>, Vec<usize>)>,
    /// Why the current scenario's line cannot be applied, if so.
    line_failure: Option<LineError>,
    /// Every session seat of the submitted request left without a hand,
    /// with why (validation reports only the first; the seats show all).
    seat_failures: Vec<(usize, String)>,
    /// Cards still to pick before the board can be computed (a flop being
    /// clicked in): nothing is submitted meanwhile.
    board_missing: usize,
    timing: Timing,
    /// Print responsiveness figures to stderr (`RANGESTOVE_TRACE`).
    trace: bool,
    /// How many times what the feed shows has changed (a submit, each
    /// update taken in).
    revision: u64,
}

impl Feed {
    /// A feed computing with `worker` (`None`: no equity).
    pub fn new(worker: Option<Worker>) -> Feed {
        Feed {
            worker,
            ..Feed::default()
        }
    }

    /// Prints responsiveness figures to stderr.
    pub fn set_trace(&mut self, trace: bool) {
        self.trace = trace;
    }

    /// Whether trace output is on.
    pub fn trace(&self) -> bool {
        self.trace
    }

    /// Whether there is a worker (else nothing is ever computed).
    pub fn has_worker(&self) -> bool {
        self.worker.is_some()
    }

    /// Takes in the worker's updates of the current job.
    pub fn receive(&mut self) {
        let Some(worker) = &self.worker else {
            return;
        };
        while let Some(update) = worker.try_recv() {
            self.revision += 1;
            match update.event {
                Event::Progress(result) | Event::Done(result) => {
                    self.result = Some(result);
                    self.result_seats.clone_from(&self.submitted_seats);
                    self.stale = false;
                }
                Event::Failed(error) => self.failure = Some(error),
                Event::Line(narrowed) => {
                    self.line = Some((narrowed, self.submitted_seats.clone()));
                }
                Event::LineFailed(error) => {
                    self.line = None;
                    self.line_failure = Some(error);
                }
            }
            if let Some((submitted, edited)) = self.timing.submitted.take() {
                let ms = edited.elapsed().as_secs_f64() * 1e3;
                self.timing.first_numbers_ms = Some(ms);
                if self.trace {
                    let queued = (submitted - edited).as_secs_f64() * 1e3;
                    let engine_ms = self.result.as_ref().map_or(0.0, |r| r.elapsed_ms);
                    trace(format_args!(
                        "rangestove: first numbers {ms:.1} ms after the edit (submitted after \
                         {queued:.1} ms; the engine's snapshot at {engine_ms:.1} ms)"
                    ));
                }
            }
        }
    }

    /// Submits the session's request if it changed since the last submit:
    /// an edit, or per-combo figures (`breakdown`) switched on or off.
    pub fn sync(&mut self, session: &mut Session, breakdown: bool) {
        let edited = session.take_edited();
        if edited.is_none() && self.breakdown == Some(breakdown) {
            return;
        }
        self.breakdown = Some(breakdown);
        self.revision += 1;
        let edited = edited.unwrap_or_else(Instant::now);
        let Some(worker) = &self.worker else {
            return;
        };
        // What was shown stays, dimmed, until the new numbers arrive.
        self.stale = self.result.is_some();
        self.failure = None;
        self.line_failure = None;
        self.seat_failures.clear();
        // A flop being clicked in (one or two cards): nothing to compute
        // yet; the board panel says how many cards are missing.
        self.board_missing = session.flop_missing();
        if self.board_missing > 0 {
            worker.cancel();
            self.timing.submitted = None;
            return;
        }
        let (job, seats) = session.equity_job(breakdown);
        if job.line.is_empty() {
            self.line = None;
        }
        self.seat_failures = seats_without_hands(&job.request)
            .iter()
            .filter_map(|error| {
                let (seat, text) = seat_failure_text(error)?;
                Some((*seats.get(seat)?, text))
            })
            .collect();
        worker.submit(job);
        self.submitted_seats = seats;
        self.timing.submitted = Some((Instant::now(), edited));
    }

    /// How many times what the feed shows has changed so far: a panel
    /// that follows the result or the line looks again when this moves.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The latest result of the current scenario (`None` while only an
    /// earlier scenario's result is shown).
    pub fn result(&self) -> Option<&EquityResult> {
        self.result.as_ref().filter(|_| !self.stale)
    }

    /// The result on screen: the current scenario's, or the last one's
    /// (`stale`) while the current one has none.
    pub fn shown_result(&self) -> Option<(&EquityResult, bool)> {
        self.result.as_ref().map(|r| (r, self.stale))
    }

    /// Why the current scenario cannot be computed, if so.
    pub fn failure(&self) -> Option<&EquityError> {
        self.failure.as_ref()
    }

    /// The session seats left without a hand, each with what is wrong in
    /// words that need no seat number ("no hand in the range"), while the
    /// current scenario fails for that reason.
    pub fn seat_failures(&self) -> &[(usize, String)] {
        match self.failure {
            Some(EquityError::EmptyRange { .. } | EquityError::RangeRemoved { .. }) => {
                &self.seat_failures
            }
            _ => &[],
        }
    }

    /// What is wrong with session seat `index`, if it has no hand.
    pub fn seat_failure(&self, index: usize) -> Option<&str> {
        self.seat_failures()
            .iter()
            .find(|(seat, _)| *seat == index)
            .map(|(_, text)| text.as_str())
    }

    /// The line applied to the current scenario, once the worker has
    /// applied it (`None` without rules).
    pub fn line(&self) -> Option<&Narrowed> {
        self.line.as_ref().map(|(line, _)| &**line)
    }

    /// Why the current scenario's line cannot be applied, if so.
    pub fn line_failure(&self) -> Option<&LineError> {
        self.line_failure.as_ref()
    }

    /// What is wrong with session seat `index`'s rules, if the current
    /// line fails because of them (a rule that keeps nothing).
    pub fn seat_line_failure(&self, index: usize) -> Option<String> {
        match self.line_failure.as_ref()? {
            LineError::NothingContinues { seat, street }
                if self.submitted_seats.get(*seat) == Some(&index) =>
            {
                Some(format!("the {street} rule keeps nothing of this range"))
            }
            _ => None,
        }
    }

    /// Session seat `index` on the line: the range it enters the street
    /// shown with, the range that continues, and its continue share there
    /// (`None`: no line applied, or the seat not in it).
    pub fn seat_line(&self, index: usize) -> Option<(&Range, &Range, Option<f64>)> {
        let (line, seats) = self.line.as_ref()?;
        let seat = seats.iter().position(|&s| s == index)?;
        let entering = line.entering.get(seat)?;
        let continuing = &line.request.seats.get(seat)?.range;
        let street = line.request.board.len();
        let share = line
            .shares
            .get(seat)?
            .iter()
            .find_map(|&(s, share)| (s.cards() == street).then_some(share));
        Some((entering, continuing, share))
    }

    /// Board cards still to pick before equity can be computed (1 or 2
    /// while a flop is being clicked in, else 0).
    pub fn board_missing(&self) -> usize {
        self.board_missing
    }

    /// Whether numbers for the current scenario are still to come (the
    /// worker runs, nothing failed, nothing is missing).
    pub fn pending(&self) -> bool {
        self.worker.is_some()
            && self.failure.is_none()
            && self.line_failure.is_none()
            && self.board_missing == 0
            && self.result().is_none_or(|r| !r.finished)
    }

    /// The latest figures for session seat `index`, if it is active and
    /// numbers for the current scenario have arrived.
    pub fn seat_equity(&self, index: usize) -> Option<&SeatEquity> {
        self.result()?;
        self.shown_seat_equity(index)
    }

    /// The figures on screen for session seat `index` (possibly an earlier
    /// scenario's: see [`Feed::shown_result`]).
    pub fn shown_seat_equity(&self, index: usize) -> Option<&SeatEquity> {
        let result = self.result.as_ref()?;
        result
            .seats
            .iter()
            .find(|s| self.result_seats.get(s.seat) == Some(&index))
    }

    /// Session seat `index`'s per-combo figures in the latest result, if
    /// any.
    pub fn seat_breakdown(&self, index: usize) -> Option<&SeatBreakdown> {
        let result = self.result()?;
        result
            .breakdown
            .iter()
            .find(|b| self.result_seats.get(b.seat) == Some(&index))
    }

    /// The heat map of session seat `index`: its equity per class index.
    pub fn heat_map(&self, index: usize) -> Option<Vec<Option<f32>>> {
        let breakdown = self.seat_breakdown(index)?;
        let mut heat = vec![None; engine::combo::CLASSES];
        for c in &breakdown.classes {
            // A class no deal gives the seat has no colour.
            if c.dealt && c.frequency > 0.0 {
                heat[c.class.index()] = Some(c.equity as f32);
            }
        }
        Some(heat)
    }

    /// Responsiveness figures.
    pub fn timing(&self) -> &Timing {
        &self.timing
    }

    /// Records the time this app's code took to build a frame.
    pub fn record_ui(&mut self, started: Instant) {
        push_window(
            &mut self.timing.ui_ms,
            started.elapsed().as_secs_f64() * 1e3,
        );
    }

    /// Records eframe's whole-frame CPU time (seconds).
    pub fn record_frame(&mut self, cpu_s: f32) {
        push_window(&mut self.timing.frames_ms, f64::from(cpu_s) * 1e3);
    }

    /// Prints the recent frame figures (every tenth frame, when tracing).
    pub fn trace_frames(&self) {
        if !self.trace || self.timing.frames_ms.len() % 10 != 9 {
            return;
        }
        let busy = self.result.as_ref().is_some_and(|r| !r.finished);
        if let (Some((ui_median, ui_max)), Some((median, max))) =
            (self.timing.ui_ms(), self.timing.frame_ms())
        {
            trace(format_args!(
                "rangestove: last frames: UI {ui_median:.1} ms (max {ui_max:.1}), whole frame \
                 {median:.1} ms (max {max:.1}); engine {}",
                if busy { "running" } else { "idle" }
            ));
        }
    }
}

/// Writes one `RANGESTOVE_TRACE` line to stderr; a closed stderr is
/// ignored (`eprintln!` would panic).
fn trace(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The request seat `error` is about and what is wrong with it, for the
/// errors of a seat without a hand.
fn seat_failure_text(error: &EquityError) -> Option<(usize, String)> {
    match error {
        EquityError::EmptyRange { seat } => {
            Some((*seat, "no hand in the range: equity needs one".to_owned()))
        }
        EquityError::RangeRemoved { seat, removed } => {
            Some((*seat, format!("no hand left once {removed} are removed")))
        }
        _ => None,
    }
}
