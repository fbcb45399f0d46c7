//! The Boards view: every flop the spot can tell apart, in a sortable,
//! filterable table with a row per flop class (frequency, each seat's
//! equity, the chosen seat's equity buckets, nut share and hits, texture),
//! rows grouped by texture with their aggregates, a chart of the chosen
//! seat's equity across the flops, and CSV export. Clicking a flop puts it
//! on the board.
//!
//! The report runs on the view's own thread ([`job`]) and streams: rows
//! show as flop classes finish, with progress, and the UI thread only
//! sorts ([`lines`]) and draws ([`view`], [`table`], [`chart`]) what came
//! in. What the view keeps between frames is in [`state`].

pub mod chart;
pub mod job;
pub mod lines;
pub mod state;
pub mod swing;
pub mod table;
pub mod view;
