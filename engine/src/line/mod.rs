//! Lines: ranges that narrow street by street (docs/design.md §3.8). A
//! seat's **continue rule** on a street keeps part of its range there
//! (made hands and draws of the board breakdown, equity against the other
//! seats, explicit hands; weighted, or removed); a **line** is the rules
//! of a spot's seats on its streets. [`narrow`](fn@narrow) applies them in street
//! order and says how much of each range continues and how often every
//! seat gets this far (the reach frequency); [`follow`] does the same for
//! the reports over many boards, where a rule may keep nothing on some.
//!
//! Above `analysis` and `equity` in the ladder: a rule reads the board
//! breakdown's classification and, for equity terms, `calculate`'s
//! per-combo figures.

mod error;
mod narrow;
mod reach;
mod rule;
mod rule_text;
mod standings;
mod street;

pub use error::LineError;
pub use narrow::{Followed, Narrowed, Stopped, follow, follow_known, narrow};
pub use rule::{Category, ContinueRule, Standing, Term, TermKind};
pub use rule_text::{ParseRuleError, ParseRuleErrorKind};
pub use standings::{Standings, standings_of};
pub use street::{Street, StreetRule};
