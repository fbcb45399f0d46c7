//! How long the Train view kept the player waiting: for a round to come,
//! and for the next question to be drawn after "Next question".

use std::time::Instant;

/// The two waits, each from when it began until it ended.
#[derive(Default)]
pub struct Timing {
    round_asked: Option<Instant>,
    round_ms: Option<f64>,
    next_at: Option<Instant>,
    next_ms: Option<f64>,
}

/// Milliseconds since `at`.
fn ms_since(at: Instant) -> f64 {
    at.elapsed().as_secs_f64() * 1e3
}

impl Timing {
    /// A round was asked for now.
    pub fn round_asked(&mut self) {
        self.round_asked = Some(Instant::now());
        self.round_ms = None;
    }

    /// The round asked for has come (once; later calls change nothing).
    pub fn round_came(&mut self) {
        if let Some(at) = self.round_asked.take() {
            self.round_ms = Some(ms_since(at));
        }
    }

    /// "Next question" was pressed now.
    pub fn next_asked(&mut self) {
        self.next_at = Some(Instant::now());
    }

    /// Whether a next question is waiting to be drawn whole.
    pub fn next_pending(&self) -> bool {
        self.next_at.is_some()
    }

    /// The next question has been drawn.
    pub fn next_drawn(&mut self) {
        if let Some(at) = self.next_at.take() {
            self.next_ms = Some(ms_since(at));
        }
    }

    /// How long the round took to come, in milliseconds.
    pub fn round_ms(&self) -> Option<f64> {
        self.round_ms
    }

    /// How long the last "Next question" took to put the question on
    /// screen (to the end of the frame drawing it), in milliseconds.
    pub fn next_ms(&self) -> Option<f64> {
        self.next_ms
    }
}
