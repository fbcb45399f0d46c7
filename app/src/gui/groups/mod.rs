//! A seat's groups (docs/design.md §3.9): four named parts of its range —
//! by default *value*, *bluff*, *call* and *fold*.
//!
//! What a seat keeps of them, and how a group fits the range it belongs
//! to, is [`state`] (saved with the scenario); every change to them is a
//! Session edit ([`edits`]: one undo step). Their figures — combos,
//! share, equity, buckets, how each hits the board — are computed off the
//! UI thread by the class table's job (`classes::job`, from the same
//! per-combo figures) as [`figures`], and shown in the analysis panel by
//! [`view`]. Each group has its colour ([`colors`]) wherever it is drawn.
//! The group brush, which paints groups on the grid, is the editor's
//! (`editor::group_brush`).

pub mod colors;
pub mod edits;
pub mod figures;
pub mod state;
pub mod view;
