//! Study reports built on equity: the next card and the flop report,
//! continue rules and lines, the class table, the trainer.

mod classes; // the hand-class table: rows partition the range, each row is calculate on its hands, calc --classes
mod line_reports; // reports on a line vs an independent narrowing over every flop and next card: rows, totals, rules keeping nothing
pub(crate) mod lines; // continue rules: text, narrowed ranges vs the breakdown's rows, equity terms, reach vs brute force, calc --continue
mod reports; // study across boards: the next card and the flop report vs calculate and independent counts, `next` and `flops`, the Boards view
mod train; // the trainer: answers against calculate and the continue rules, seeds, scoring, train --json
mod undealable; // combos no deal gives the first seat: the breakdown's clashing combos and classes, class rows and groups without equity, calc's dealt:false and "cannot be dealt"
