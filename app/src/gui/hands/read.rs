//! Hand-history files read on a named thread (`rangestove-hands-read`):
//! streamed line by line through the engine's [`HandReader`], the hands
//! analysed in batches on the pool and sent to the view as they come, so
//! a big file shows its count while it is read and the UI never waits.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

use engine::hands::{HandError, HandReader, HandReport, analyse};
use rayon::prelude::*;

/// Hands read and analysed together before they are sent.
const BATCH: usize = 512;

/// What the reading thread sends.
#[derive(Debug)]
pub enum Message {
    /// Hands read: the good ones analysed, and the reasons of those
    /// skipped.
    Batch {
        /// The hands read well.
        reports: Vec<HandReport>,
        /// Why each skipped hand was skipped.
        skipped: Vec<String>,
    },
    /// A file could not be opened or read to its end.
    Failed(String),
    /// Every file read.
    Done,
}

/// A reading under way: its messages and its stop flag.
pub struct Reading {
    messages: Receiver<Message>,
    stop: Arc<AtomicBool>,
}

impl Reading {
    /// Starts reading `files` on a named thread; `repaint` is called after
    /// each message. `None` when no thread could be started.
    pub fn start(files: Vec<PathBuf>, repaint: impl Fn() + Send + 'static) -> Option<Reading> {
        let (send, messages) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        std::thread::Builder::new()
            .name("rangestove-hands-read".to_owned())
            .spawn(move || {
                for path in &files {
                    if let Err(message) = read_file(path, &send, &flag, &repaint) {
                        let _ = send.send(Message::Failed(message));
                    }
                    if flag.load(Ordering::Relaxed) {
                        return;
                    }
                }
                let _ = send.send(Message::Done);
                repaint();
            })
            .ok()?;
        Some(Reading { messages, stop })
    }

    /// The messages in since the last call.
    pub fn take(&self) -> Vec<Message> {
        self.messages.try_iter().collect()
    }
}

impl Drop for Reading {
    /// A reading replaced or dropped stops at its next batch.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Reads one file's hands in batches, sending each; the error says which
/// file could not be opened or read.
fn read_file(
    path: &std::path::Path,
    send: &Sender<Message>,
    stop: &AtomicBool,
    repaint: &impl Fn(),
) -> Result<(), String> {
    let file = File::open(path).map_err(|e| format!("Cannot open {}: {e}", path.display()))?;
    let io_error = std::cell::RefCell::new(None);
    let lines = BufReader::new(file).lines().map_while(|line| match line {
        Ok(line) => Some(line),
        Err(e) => {
            *io_error.borrow_mut() = Some(e);
            None
        }
    });
    let mut hands = HandReader::new(lines);
    loop {
        let mut batch = Vec::with_capacity(BATCH);
        while batch.len() < BATCH {
            match hands.next_chunk() {
                Some(chunk) => batch.push(chunk),
                None => break,
            }
        }
        if batch.is_empty() || stop.load(Ordering::Relaxed) {
            break;
        }
        let analysed: Vec<Result<HandReport, HandError>> = batch
            .into_par_iter()
            .map(|chunk| analyse(chunk.parse()?))
            .collect();
        let mut reports = Vec::with_capacity(analysed.len());
        let mut skipped = Vec::new();
        for result in analysed {
            match result {
                Ok(report) => reports.push(report),
                Err(error) => skipped.push(error.to_string()),
            }
        }
        if send.send(Message::Batch { reports, skipped }).is_err() {
            return Ok(());
        }
        repaint();
    }
    drop(hands);
    match io_error.into_inner() {
        Some(e) => Err(format!("Cannot read {} to its end: {e}", path.display())),
        None => Ok(()),
    }
}
