//! Rangestove's poker engine: cards, the Two-Plus-Two hand evaluator, ranges
//! and equity.
//!
//! Architecture invariant: this crate does no file or network I/O, knows
//! nothing of any UI, and never prints. It reports through return values,
//! typed errors and callbacks.

#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod analysis;
pub mod card;
pub mod combo;
pub mod compact;
pub mod equity;
pub mod eval;
pub mod hands;
pub mod line;
pub mod range;
pub mod study;
mod symmetry;
pub mod threads;
pub mod train;
pub mod worker;

pub use card::{Card, CardSet, ParseCardError, ParseCardErrorKind, Rank, Suit};
pub use combo::{Combo, HandClass, HandKind};
pub use compact::CompactHand;
pub use eval::{EvalError, HandCategory, HandRank, HandState};
pub use range::{Dialect, ParseRangeError, Range, Ranking};
