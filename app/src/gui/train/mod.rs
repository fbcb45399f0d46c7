//! The Train view: drills against the exact engine (docs/design.md
//! §3.10). `state` keeps the choices, the round and the answer; `job`
//! makes a round on its own thread; `stats` keeps the statistics and their
//! file; `view` draws the question and the answer, `picture` the spot and
//! why the answer is what it is, `table` the statistics.

pub mod job;
pub mod picture;
pub mod state;
pub mod stats;
pub mod table;
pub mod view;
