//! The hand-class table (docs/design.md §3.9): a seat's range on a board
//! split by made hand (every live combo in exactly one row) and, apart, by
//! draw (a combo in as many rows as it has draws), each row with its
//! combos, its share of the range and its equity against the other seats
//! ([`table`]); the same figures for a seat's groups ([`groups`]); what
//! calls a price ([`price`]); a combo's blocker effect ([`blockers`](fn@blockers)). A
//! row is keyed by what it counts ([`key`]).

mod blockers;
mod groups;
mod key;
mod price;
mod table;

pub use blockers::{Blockers, blockers, blockers_of_part};
pub use groups::{GroupError, MAX_GROUPS, group_rows};
pub use key::ClassKey;
pub use price::{calls, required_equity};
pub use table::{ClassRow, ClassTable, class_table};
