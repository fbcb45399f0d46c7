//! The trainer's rounds (docs/design.md §3.10): questions on equity, hit
//! frequencies and ranges, each with its exact answer from the engine, and
//! the scoring of answers.
//!
//! A round is a function of its drill, level, seed and size alone (the
//! questions are drawn from a ChaCha8 generator; every answer is counted
//! exactly), so the same seed gives the same round on any machine and
//! thread count, and a round never repeats a question.

mod equity;
mod error;
mod every_flop;
mod hits;
mod lines;
mod pick;
mod question;
mod ranges;
mod round;
mod score;

pub use error::TrainError;
pub use question::{Answer, Drill, Question, Round};
pub use round::round;
pub use score::{Overlap, overlap, points_off};
