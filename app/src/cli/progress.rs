//! Progress on stderr for a command that runs more than a few seconds:
//! one line rewritten in place, on a terminal only (a pipe or a file gets
//! nothing), cleared when the command ends. Written with `write!`, whose
//! errors are ignored: a closed stderr never stops a command.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// After how long progress starts to show.
const QUIET_FOR: Duration = Duration::from_secs(2);
/// How often the line is rewritten.
const EVERY: Duration = Duration::from_millis(250);

/// A progress line for one command.
pub struct Progress {
    /// What is being done, e.g. "flops".
    what: &'static str,
    start: Instant,
    /// When the line was last written (`None`: never); `None` as a whole
    /// when stderr is not a terminal.
    shown: Option<Mutex<Option<Instant>>>,
}

impl Progress {
    /// A progress line for `what`, shown only if stderr is a terminal.
    pub fn new(what: &'static str) -> Progress {
        Progress {
            what,
            start: Instant::now(),
            shown: std::io::stderr().is_terminal().then(|| Mutex::new(None)),
        }
    }

    /// Reports `fraction` (0..=1) of the work done, with `detail()` after
    /// it (formed only when the line is written: thousands of updates a
    /// second are not). Callable from any thread.
    pub fn update(&self, fraction: f64, detail: impl FnOnce() -> String) {
        let Some(shown) = &self.shown else { return };
        let elapsed = self.start.elapsed();
        if elapsed < QUIET_FOR {
            return;
        }
        let Ok(mut last) = shown.try_lock() else {
            return;
        };
        if last.is_some_and(|t| t.elapsed() < EVERY) {
            return;
        }
        *last = Some(Instant::now());
        let _ = write!(
            std::io::stderr(),
            "\r\x1b[K{}: {:.0}% {detail} ({:.0} s)",
            self.what,
            100.0 * fraction.clamp(0.0, 1.0),
            elapsed.as_secs_f64(),
            detail = detail(),
        );
    }
}

impl Drop for Progress {
    /// Clears the line, if one was written.
    fn drop(&mut self) {
        if let Some(shown) = &self.shown
            && shown.lock().is_ok_and(|last| last.is_some())
        {
            let _ = write!(std::io::stderr(), "\r\x1b[K");
        }
    }
}
