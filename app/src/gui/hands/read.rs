//! Hand-history files read on a named thread (`rangestove-hands-read`):
//! streamed line by line through the engine's [`HandReader`], the hands
//! analysed in batches on the pool and sent to the view as they come, so
//! a big file shows its count while it is read and the UI never waits.

use std::fs::File;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

use engine::hands::{Chunk, HandError, HandReader, HandReport};
use rayon::prelude::*;

use crate::io::hand_lines::BlockLines;

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
    let mut hands = HandReader::new(BlockLines::new(file));
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
        let analysed: Vec<Result<HandReport, HandError>> =
            batch.into_par_iter().map(Chunk::analyse).collect();
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
    let lines = hands.into_lines();
    if let Some(e) = lines.error {
        return Err(format!("Cannot read {} to its end: {e}", path.display()));
    }
    if lines.not_utf8 > 0 {
        return Err(format!(
            "{}: {} {} not UTF-8, read with U+FFFD in place of their bad bytes (every hand \
             read; names may differ from the file's)",
            path.display(),
            lines.not_utf8,
            if lines.not_utf8 == 1 {
                "line is"
            } else {
                "lines are"
            }
        ));
    }
    Ok(())
}
