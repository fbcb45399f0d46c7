//! Rangestove's integration tests: one test binary (each binary that links
//! the engine carries the evaluator table, 8 MB compressed), made of these
//! modules.

// Helpers in these modules unwrap freely: a failed unwrap is a failed test;
// a test may be a long list of cases.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::too_many_lines)]

mod app; // the desktop app under egui_kittest
mod cli; // the binary: subcommands, fuzzed arguments, the golden corpus
mod engine; // the engine: evaluator, ranges, equity, worker, breakdowns, hand histories
mod repo; // the repository: the code's shape, the documents' length, the package
mod study; // reports across boards, lines, the class table, the trainer

/// Tests that start background workers hold this lock, so the worker tests
/// can count worker threads.
pub(crate) static WORKERS: std::sync::Mutex<()> = std::sync::Mutex::new(());
