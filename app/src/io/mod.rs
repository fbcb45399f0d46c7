//! Files both the command line and the app write: atomic saves, and the
//! flop report as comma-separated values. They live here so that neither
//! front end borrows from the other.

pub mod atomic;
pub mod flop_csv;
