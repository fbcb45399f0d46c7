//! The hand-class table (docs/design.md §3.9): the selected seat's range
//! on the board, one row per made hand and per draw (or per class of the
//! 169), each with its combos, share, equity, equity buckets, groups and
//! blockers against another seat; a row selected highlights its combos on
//! the grid and puts them in a group with a click; the rows as CSV.
//!
//! The figures are computed on the table's own thread ([`job`], newest job
//! wins), which also computes the groups' figures and the combos that call
//! the price; the job is submitted when the session, the equity or the
//! table's own choices change ([`state`], which keeps the table between
//! frames). The rows are [`rows`], drawn by [`table`] under the controls
//! of [`view`]; [`export`] writes them as CSV.

pub mod export;
pub mod job;
pub mod rows;
pub mod state;
pub mod table;
pub mod view;
