//! Background jobs where the newest wins (docs/design.md §5): the generic
//! [`Runner`] and the equity [`Worker`] built on it.
//!
//! A runner owns one named thread that runs a job function on the latest
//! submitted job. [`Runner::submit`] bumps a generation counter and sends
//! the job; the thread drains its channel before starting and runs only the
//! newest job (edits faster than results coalesce instead of queueing), and
//! the running job's cancellation check ([`Job::is_stale`]) compares its
//! generation with the counter, so a newer submit stops it at its next
//! check. Updates carry their generation; [`Runner::try_recv`] drops every
//! update of an older one, so a stale result never reaches the caller.
//! After each update the runner calls the repaint callback
//! (`ctx.request_repaint()` in the app). Dropping the runner cancels the
//! running job, stops the thread and joins it; the job function (and
//! whatever it owns) is dropped on that thread before the join returns.
//!
//! The equity [`Worker`] is a runner of [`EquityJob`]s whose job function
//! applies the job's line ([`narrow`]) and calls [`equity::calculate`] on
//! a rayon pool of its own.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::equity::{self, EquityError, EquityRequest, EquityResult};
use crate::line::{LineError, Narrowed, StreetRule, narrow};
use crate::threads::JoinedPool;

/// What the equity worker reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A partial result of a running job.
    Progress(EquityResult),
    /// The job's final result.
    Done(EquityResult),
    /// The job's request cannot be computed.
    Failed(EquityError),
    /// The job's line applied (sent before any result of a job with a
    /// line): the narrowed spot whose equity follows, what each seat
    /// enters the street with, the continue shares and the reach.
    Line(Box<Narrowed>),
    /// The job's line cannot be applied (nothing more follows).
    LineFailed(LineError),
}

/// What the equity worker computes: a spot and, optionally, a line on it
/// (docs/design.md §3.8), whose narrowed ranges are then counted.
#[derive(Clone, Debug, PartialEq)]
pub struct EquityJob {
    /// The spot as given.
    pub request: EquityRequest,
    /// Its seats' continue rules (request seat indices); empty: no line.
    pub line: Vec<StreetRule>,
}

impl From<EquityRequest> for EquityJob {
    fn from(request: EquityRequest) -> EquityJob {
        EquityJob {
            request,
            line: Vec::new(),
        }
    }
}

/// An event of one job.
#[derive(Clone, Debug, PartialEq)]
pub struct Update<E = Event> {
    /// The generation of the job (as returned by [`Runner::submit`]).
    pub generation: u64,
    /// What happened.
    pub event: E,
}

/// What the runner's thread is told.
enum Command<J> {
    Run(u64, J),
    Stop,
}

/// The running job as its job function sees it: its cancellation check and
/// where its updates go.
pub struct Job<'a, E> {
    generation: u64,
    counter: &'a AtomicU64,
    updates: &'a Sender<Update<E>>,
    repaint: &'a (dyn Fn() + Send + Sync),
}

impl<E> Job<'_, E> {
    /// The job's generation.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Whether a newer job was submitted (or the runner cancelled or
    /// dropped): the job should stop.
    pub fn is_stale(&self) -> bool {
        self.counter.load(Ordering::SeqCst) != self.generation
    }

    /// Reports `event` and asks for a repaint, unless the job is stale.
    pub fn send(&self, event: E) {
        if !self.is_stale()
            && self
                .updates
                .send(Update {
                    generation: self.generation,
                    event,
                })
                .is_ok()
        {
            (self.repaint)();
        }
    }
}

/// A handle on a named thread running jobs of type `J` (newest wins) and
/// reporting events of type `E`.
pub struct Runner<J, E> {
    commands: Sender<Command<J>>,
    updates: Receiver<Update<E>>,
    generation: Arc<AtomicU64>,
    thread: Option<JoinHandle<()>>,
}

impl<J: Send + 'static, E: Send + 'static> Runner<J, E> {
    /// Starts the thread, named `name`, calling `run` for each job that is
    /// still the newest when the thread gets to it. `repaint` is called
    /// after every update is sent.
    pub fn start(
        name: &str,
        mut run: impl FnMut(J, &Job<'_, E>) + Send + 'static,
        repaint: impl Fn() + Send + Sync + 'static,
    ) -> std::io::Result<Runner<J, E>> {
        let (commands, command_rx) = mpsc::channel();
        let (update_tx, updates) = mpsc::channel();
        let generation = Arc::new(AtomicU64::new(0));
        let counter = Arc::clone(&generation);
        let thread = std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                while let Some((generation, job)) = next_job(&command_rx, &counter) {
                    let job_view = Job {
                        generation,
                        counter: &counter,
                        updates: &update_tx,
                        repaint: &repaint,
                    };
                    run(job, &job_view);
                }
            })?;
        Ok(Runner {
            commands,
            updates,
            generation,
            thread: Some(thread),
        })
    }
}

impl<J, E> Runner<J, E> {
    /// Submits `job`, cancelling any older one; returns its generation.
    pub fn submit(&self, job: J) -> u64 {
        let generation = self.generation.fetch_add(1, Ordering::SeqCst) + 1;
        // A send fails only if the thread is gone; there is nothing to do then.
        let _ = self.commands.send(Command::Run(generation, job));
        generation
    }

    /// Cancels the running job, if any, without submitting another.
    pub fn cancel(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
    }

    /// The generation of the latest submit.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// The next update of the current generation, if one is waiting; older
    /// updates are discarded.
    pub fn try_recv(&self) -> Option<Update<E>> {
        loop {
            match self.updates.try_recv() {
                Ok(update) if update.generation == self.generation() => return Some(update),
                Ok(_) => continue,
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return None,
            }
        }
    }

    /// Waits up to `timeout` for the next update of the current generation.
    pub fn recv_timeout(&self, timeout: Duration) -> Option<Update<E>> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.updates.recv_timeout(left) {
                Ok(update) if update.generation == self.generation() => return Some(update),
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
    }
}

impl<J, E> Drop for Runner<J, E> {
    fn drop(&mut self) {
        self.cancel();
        let _ = self.commands.send(Command::Stop);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Waits for the next job to run: the newest command wins, a stop ends the
/// thread (`None`), and a job cancelled before it started is skipped.
fn next_job<J>(commands: &Receiver<Command<J>>, counter: &AtomicU64) -> Option<(u64, J)> {
    while let Ok(mut command) = commands.recv() {
        // Coalesce: only the newest command matters, and a stop stays.
        while let Ok(newer) = commands.try_recv() {
            if matches!(command, Command::Stop) {
                break;
            }
            command = newer;
        }
        match command {
            Command::Stop => return None,
            Command::Run(generation, job) if counter.load(Ordering::SeqCst) == generation => {
                return Some((generation, job));
            }
            Command::Run(..) => {}
        }
    }
    None
}

/// The background equity worker: a [`Runner`] of [`EquityJob`]s (an
/// [`EquityRequest`] converts into one without a line) reporting
/// [`Event`]s.
pub type Worker = Runner<EquityJob, Event>;

impl Worker {
    /// Starts the worker thread (named `rangestove-worker`) with a pool of
    /// `threads` compute threads (`None`: one per core, named
    /// `rangestove-equity-N`). `repaint` is called after every update is
    /// sent.
    pub fn spawn(
        threads: Option<usize>,
        repaint: impl Fn() + Send + Sync + 'static,
    ) -> std::io::Result<Worker> {
        let pool = EquityPool::new(threads)?;
        Runner::start(
            "rangestove-worker",
            move |equity_job: EquityJob, job: &Job<'_, Event>| pool.run_line(equity_job, job),
            repaint,
        )
    }
}

/// The worker's rayon pool, whose threads it joins when dropped.
struct EquityPool {
    pool: JoinedPool,
}

impl EquityPool {
    /// Starts `threads` compute threads (`None`: one per core).
    fn new(threads: Option<usize>) -> std::io::Result<EquityPool> {
        let pool = JoinedPool::new(threads, "rangestove-equity").map_err(std::io::Error::other)?;
        Ok(EquityPool { pool })
    }

    /// Applies the job's line (if any) on the pool and reports it, then
    /// computes the narrowed spot as [`EquityPool::run`] does.
    fn run_line(&self, equity_job: EquityJob, job: &Job<'_, Event>) {
        if equity_job.line.is_empty() {
            return self.run(&equity_job.request, job);
        }
        match self
            .pool
            .install(|| narrow(&equity_job.request, &equity_job.line))
        {
            Some(Ok(narrowed)) => {
                let request = narrowed.request.clone();
                job.send(Event::Line(Box::new(narrowed)));
                self.run(&request, job);
            }
            Some(Err(error)) => job.send(Event::LineFailed(error)),
            None => {}
        }
    }

    /// Computes `request` on the pool, reporting snapshots, then the result
    /// or the error; a cancelled job reports nothing more.
    fn run(&self, request: &EquityRequest, job: &Job<'_, Event>) {
        let stale = || job.is_stale();
        let mut on_snapshot = |snapshot: &EquityResult| job.send(Event::Progress(snapshot.clone()));
        match self
            .pool
            .install(|| equity::calculate(request, &stale, &mut on_snapshot))
        {
            None | Some(Err(EquityError::Cancelled)) => {}
            Some(Ok(result)) => job.send(Event::Done(result)),
            Some(Err(error)) => job.send(Event::Failed(error)),
        }
    }
}
