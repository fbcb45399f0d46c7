//! The Train view: drills against the exact engine (docs/design.md
//! §3.10). `state` holds the view between frames: the round's `settings`,
//! the `answer` being given and the round's progress, the statistics'
//! `store` (kept by `stats` in their file) and the `timing` of the waits;
//! `job` makes a round on its own thread; `view` draws the question and
//! the answer under the `picker`'s choices, `verdict` its score, `picture` the spot and why the answer is what it is,
//! `table` the statistics.

pub mod answer;
pub mod job;
pub mod picker;
pub mod picture;
pub mod settings;
pub mod state;
pub mod stats;
pub mod store;
pub mod table;
pub mod timing;
pub mod verdict;
pub mod view;
