//! Study across boards: reports built on `calculate`'s counts, one row per
//! board that can come (docs/design.md §3.6, §3.7).
//!
//! * [`flops`]: every flop a scenario can tell apart ([`flop_classes`]),
//!   with its frequency, each seat's equity, hits and equity buckets
//!   (`hits`);
//! * [`next_card`]: every turn or river card with its frequency and each
//!   seat's equity.
//!
//! Above `equity` in the ladder: each report asks the planner
//! (`equity::plan`) for a
//! [`ReportStrategy`](crate::equity::ReportStrategy), counts each board
//! with `calculate`'s setup and kernels (`on_board`), or hands the whole
//! report to the one pass, and samples with its Monte Carlo. Every row is
//! therefore `calculate`'s figures for that board, to the last bit when
//! exact. Nothing in `equity` knows this module.

mod classes;
pub mod flop_classes;
mod flop_counting;
mod flop_odds;
mod flop_rows;
pub mod flops;
mod flops_line;
mod hits;
pub mod next_card;
mod next_line;
mod on_board;
mod on_line;

pub use classes::{
    Blockers, ClassKey, ClassRow, ClassTable, GroupError, MAX_GROUPS, blockers, blockers_of_part,
    calls, class_table, group_rows, required_equity,
};
pub use flops::{
    FlopReport, FlopRow, flop_means, flop_report, flop_report_strategy, flop_report_with_progress,
};
pub use flops_line::{flop_report_on_line, flop_report_on_line_strategy};
pub use hits::{BUCKET_EDGES, BoardSeat};
pub use next_card::{
    CardTag, NextCard, NextCardReport, card_tags, next_cards, next_cards_strategy,
};
pub use next_line::{next_cards_on_line, next_cards_on_line_strategy};

/// Study internals for the tests and benches of this repository. Not a
/// stable API.
#[doc(hidden)]
pub mod internal {
    use super::flops::{self, FlopReport};
    use crate::equity::{EquityError, EquityRequest, ReportStrategy};

    /// The flop report with every flop class counted on its own (no one
    /// pass over every board), to compare with [`super::flop_report`]. A
    /// forced strategy: its estimate is not computed (0).
    pub fn flop_report_each(request: &EquityRequest) -> Result<FlopReport, EquityError> {
        flops::with_strategy(request, ReportStrategy::EachExact { estimate_s: 0.0 })
    }

    /// The rows of every `nth` flop class (the first, the `nth + 1`-th, …),
    /// each counted on its own; frequencies among these rows only.
    pub fn flop_report_each_nth(
        request: &EquityRequest,
        nth: usize,
    ) -> Result<FlopReport, EquityError> {
        flops::each_nth(request, nth)
    }
}
