//! Files both the command line and the app read or write: atomic saves,
//! the flop report as comma-separated values, and hand-history files'
//! lines. They live here so that neither front end borrows from the
//! other.

pub mod atomic;
pub mod flop_csv;
pub mod hand_lines;
