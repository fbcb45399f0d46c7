//! The engine: the evaluator, cards and range text, equity (exact, Monte
//! Carlo, multiway, preflop), the worker, the breakdowns and hand
//! histories.

mod analysis; // per-combo breakdown vs brute force, board breakdown, hero analysis
mod cards; // card, combo and hand-class parsing, display and indexing
mod control_variate; // Monte Carlo's control variate and pooled seats: unbiased against exact, honest errors, sums to one, the same on any thread count
pub(crate) mod equity; // exact vs brute force, golden figures, Monte Carlo vs exact, determinism
pub(crate) mod evaluator; // every 5-, 6- and 7-card hand against a naive evaluator
mod hands; // hand histories: PHH and PokerStars text read and replayed, all-in equities against calculate, side pots, results summing to minus the rake, PHH round trips, seeded byte-edit fuzzing, `rangestove hands`
mod multiway; // three or more ranged seats: the multiway kernels vs brute force and vs the scan, integer for integer
mod preflop_table; // the heads-up preflop table: vs live enumeration and its generator, checksum, ranged spots
mod ranges; // range text: every form and dialect, errors, canonical form, round trips
mod rank_patterns; // preflop counted by board rank pattern: the deal-major walk's integers, brute force, the planner's choice
mod sampling; // Monte Carlo where rejection starves; win/tie errors; never ± 0 for an estimate
mod strata; // Monte Carlo's strata design (every seat deal in every group): when it is taken, unbiased and honest over seeds, the same on any thread count
mod worker; // the background worker: coalescing, stale updates, threads, drop
