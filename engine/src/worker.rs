//! The background equity worker (DESIGN.md §5).
//!
//! One named thread owns a rayon pool and runs [`equity::calculate`] for
//! the latest submitted request. [`Worker::submit`] bumps a generation
//! counter and sends the job; the thread drains its channel before starting
//! and runs only the newest job (edits faster than results coalesce instead
//! of queueing), and the running job's cancellation check compares its
//! generation with the counter, so a newer submit stops it between batches.
//! Updates carry their generation; [`Worker::try_recv`] drops every update
//! of an older one, so a stale result never reaches the caller. After each
//! update the worker calls the repaint callback (`ctx.request_repaint()` in
//! the app). Dropping the worker stops and joins the thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;

use crate::equity::{self, EquityError, EquityRequest, EquityResult};

/// What the worker reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A partial result of a running job.
    Progress(EquityResult),
    /// The job's final result.
    Done(EquityResult),
    /// The job's request cannot be computed.
    Failed(EquityError),
}

/// An event of one job.
#[derive(Clone, Debug, PartialEq)]
pub struct Update {
    /// The generation of the job (as returned by [`Worker::submit`]).
    pub generation: u64,
    /// What happened.
    pub event: Event,
}

enum Command {
    Run(u64, Box<EquityRequest>),
    Stop,
}

/// A handle on the background thread.
pub struct Worker {
    commands: Sender<Command>,
    updates: Receiver<Update>,
    generation: Arc<AtomicU64>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the worker thread (named `rangestove-worker`) with a pool of
    /// `threads` compute threads (`None`: one per core). `repaint` is called
    /// after every update is sent.
    pub fn spawn(
        threads: Option<usize>,
        repaint: impl Fn() + Send + Sync + 'static,
    ) -> std::io::Result<Worker> {
        let (commands, command_rx) = mpsc::channel();
        let (update_tx, updates) = mpsc::channel();
        let generation = Arc::new(AtomicU64::new(0));
        // The pool's threads are spawned here so that the worker can join
        // them: dropping a rayon pool only asks its threads to exit.
        let pool_threads = Arc::new(std::sync::Mutex::new(Vec::new()));
        let spawned = Arc::clone(&pool_threads);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.unwrap_or(0))
            .spawn_handler(move |thread| {
                let handle = std::thread::Builder::new()
                    .name(format!("rangestove-equity-{}", thread.index()))
                    .spawn(|| thread.run())?;
                if let Ok(mut handles) = spawned.lock() {
                    handles.push(handle);
                }
                Ok(())
            })
            .build()
            .map_err(std::io::Error::other)?;
        let counter = Arc::clone(&generation);
        let thread = std::thread::Builder::new()
            .name("rangestove-worker".to_owned())
            .spawn(move || {
                serve(&command_rx, &update_tx, &counter, &pool, &repaint);
                drop(pool);
                let handles = pool_threads
                    .lock()
                    .map(|mut handles| std::mem::take(&mut *handles))
                    .unwrap_or_default();
                for handle in handles {
                    let _ = handle.join();
                }
            })?;
        Ok(Worker {
            commands,
            updates,
            generation,
            thread: Some(thread),
        })
    }

    /// Submits a request, cancelling any older one; returns its generation.
    pub fn submit(&self, request: EquityRequest) -> u64 {
        let generation = self.generation.fetch_add(1, Ordering::SeqCst) + 1;
        // A send fails only if the thread is gone; there is nothing to do then.
        let _ = self
            .commands
            .send(Command::Run(generation, Box::new(request)));
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
    pub fn try_recv(&self) -> Option<Update> {
        loop {
            match self.updates.try_recv() {
                Ok(update) if update.generation == self.generation() => return Some(update),
                Ok(_) => continue,
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return None,
            }
        }
    }

    /// Waits up to `timeout` for the next update of the current generation.
    pub fn recv_timeout(&self, timeout: std::time::Duration) -> Option<Update> {
        let deadline = std::time::Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.updates.recv_timeout(left) {
                Ok(update) if update.generation == self.generation() => return Some(update),
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel();
        let _ = self.commands.send(Command::Stop);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The worker thread's loop.
fn serve(
    commands: &Receiver<Command>,
    updates: &Sender<Update>,
    counter: &AtomicU64,
    pool: &rayon::ThreadPool,
    repaint: &(dyn Fn() + Send + Sync),
) {
    while let Ok(mut command) = commands.recv() {
        // Coalesce: only the newest command matters.
        while let Ok(newer) = commands.try_recv() {
            if matches!(command, Command::Stop) {
                break;
            }
            command = newer;
        }
        let (generation, request) = match command {
            Command::Stop => return,
            Command::Run(generation, request) => (generation, request),
        };
        if counter.load(Ordering::SeqCst) != generation {
            continue;
        }
        let stale = || counter.load(Ordering::SeqCst) != generation;
        let send = |event| {
            if updates.send(Update { generation, event }).is_ok() {
                repaint();
            }
        };
        let mut on_snapshot = |snapshot: &EquityResult| {
            if !stale() {
                send(Event::Progress(snapshot.clone()));
            }
        };
        let outcome = pool.install(|| equity::calculate(&request, &stale, &mut on_snapshot));
        match outcome {
            Err(EquityError::Cancelled) => {}
            _ if stale() => {}
            Ok(result) => send(Event::Done(result)),
            Err(error) => send(Event::Failed(error)),
        }
    }
}
