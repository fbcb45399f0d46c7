//! Where the engine's work runs: rayon pools with named threads. Every pool
//! the engine or its callers start is built here, so thread names and the
//! meaning of a thread count are the same everywhere.
//!
//! A count of `None` means the current pool (rayon's global one: a thread
//! per core unless `RAYON_NUM_THREADS` says otherwise). Results never
//! depend on the count: every count in the engine tallies in integers or
//! seeds its streams by position, not by thread.

use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// The pool could not start its threads.
#[derive(Debug, thiserror::Error)]
#[error("could not start {name} worker threads: {source}")]
pub struct PoolError {
    /// The threads' name prefix.
    pub name: &'static str,
    /// Why.
    #[source]
    pub source: rayon::ThreadPoolBuildError,
}

/// A pool builder with threads named `name-<i>` and `threads` of them
/// (`None`: rayon's default).
fn builder(threads: Option<usize>, name: &'static str) -> rayon::ThreadPoolBuilder {
    let builder = rayon::ThreadPoolBuilder::new().thread_name(move |i| format!("{name}-{i}"));
    match threads {
        Some(n) => builder.num_threads(n.max(1)),
        None => builder,
    }
}

/// Runs `work` on `threads` threads named `name-<i>` when that is a count
/// other than the current pool's, else on the current pool.
pub fn run_on<T: Send>(
    threads: Option<usize>,
    name: &'static str,
    work: impl FnOnce() -> T + Send,
) -> Result<T, PoolError> {
    match threads {
        Some(n) if n.max(1) != rayon::current_num_threads() => Ok(builder(threads, name)
            .build()
            .map_err(|source| PoolError { name, source })?
            .install(work)),
        _ => Ok(work()),
    }
}

/// Starts rayon's global pool now with `threads` threads named `name-<i>`
/// (a process that times its work starts them before the clock). Fails if
/// the global pool has already started.
pub fn start_global(threads: Option<usize>, name: &'static str) -> Result<(), PoolError> {
    builder(threads, name)
        .build_global()
        .map_err(|source| PoolError { name, source })
}

/// Starts rayon's global pool now with `threads` threads of which the
/// calling thread is the first (the others named `name-<i>`): a command
/// line process that counts on its main thread starts the count there at
/// once, instead of handing it to a sleeping worker and sleeping until a
/// worker wakes it with the result (two wake-ups, each longer than a small
/// count's items on a virtual machine). For a process's main thread only:
/// the pool counts on the calling thread for as long as the process
/// lives, and that thread runs pool work only inside a parallel call of
/// its own, so it must not block waiting for jobs it spawned into the
/// pool. Fails if the global pool has already started or the calling
/// thread is in a pool.
pub fn start_global_here(threads: Option<usize>, name: &'static str) -> Result<(), PoolError> {
    builder(threads, name)
        .use_current_thread()
        .build_global()
        .map_err(|source| PoolError { name, source })
}

/// A long-lived pool whose threads are joined when it is dropped (dropping
/// a rayon pool only asks its threads to exit): a background worker that
/// is dropped leaves no thread behind.
pub struct JoinedPool {
    pool: Option<rayon::ThreadPool>,
    handles: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl JoinedPool {
    /// Starts `threads` threads (`None`: one per core) named `name-<i>`.
    pub fn new(threads: Option<usize>, name: &'static str) -> Result<JoinedPool, PoolError> {
        let handles = Arc::new(Mutex::new(Vec::new()));
        let spawned = Arc::clone(&handles);
        let pool = builder(threads, name)
            .spawn_handler(move |thread| {
                let handle = std::thread::Builder::new()
                    .name(format!("{name}-{}", thread.index()))
                    .spawn(|| thread.run())?;
                if let Ok(mut handles) = spawned.lock() {
                    handles.push(handle);
                }
                Ok(())
            })
            .build()
            .map_err(|source| PoolError { name, source })?;
        Ok(JoinedPool {
            pool: Some(pool),
            handles,
        })
    }

    /// Runs `work` on the pool.
    pub fn install<T: Send>(&self, work: impl FnOnce() -> T + Send) -> Option<T> {
        self.pool.as_ref().map(|pool| pool.install(work))
    }
}

impl Drop for JoinedPool {
    fn drop(&mut self) {
        drop(self.pool.take());
        let handles = self
            .handles
            .lock()
            .map(|mut handles| std::mem::take(&mut *handles))
            .unwrap_or_default();
        for handle in handles {
            let _ = handle.join();
        }
    }
}
