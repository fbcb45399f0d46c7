//! The cost model the planner prices work with.

/// The cost model: seconds per unit of work on one thread, measured on the
/// development machine (2 cores). Only their ratios matter much: they
/// decide between kernels and designs, and against the caller's time
/// budget.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Costs {
    /// Per live combo ranked on a board (a random evaluator access), the
    /// whole board to come.
    pub(crate) eval_random_s: f64,
    /// Per live combo ranked on a board with a flop or turn known: the
    /// boards differ in their last cards, so the evaluator's accesses stay
    /// in cache (1.5–2.5 ns with the comparison, measured on flops with a
    /// hand against `15%` and against `random`).
    pub(crate) eval_known_s: f64,
    /// Per seat and board in the deal-major walk with the whole board to
    /// come (prefixes shared, nearly sequential).
    pub(crate) eval_walk_s: f64,
    /// Per seat and board in the deal-major walk with a board known (one
    /// or two cards to come: little to share).
    pub(crate) eval_walk_postflop_s: f64,
    /// Per deal walked, with a board known (setting up the walk).
    pub(crate) walk_setup_s: f64,
    /// Per class of deals counted by rank pattern where there are too many
    /// deals to list (preflop: its share of
    /// its rank group's 6,175 multisets, and its suits' flushes, each suit
    /// holding counted once a group), and per active seat of it: 0.15–0.3
    /// ms a class on one thread, measured on `AA`/`KK`/`QQ`, three ranges
    /// (`QQ+,AK` / `JJ,TT,99,AQs,KQs` / `22+,AJs+`), three of `10%` and
    /// `AA` vs `random` with `2c` dead.
    pub(crate) pattern_walk_s: f64,
    pub(crate) pattern_seat_s: f64,
    /// Where the deals are listed, by how the run splits them (one
    /// thread, 2026-11-29: within 1.3 times on `AA`, `KQs` and `76s` vs
    /// `random` with dead cards, 91 groups of 1,065–2,500 deals, and on
    /// `AA`/`KK`/`QQ`/`JJ`; small spots of suited hands up to twice
    /// under): per deal alone in its rank group (counted whole) and per
    /// active seat of it; per group of several deals (their unsuited
    /// outcomes) and per active seat; per deal of such a group (its
    /// flushes).
    pub(crate) pattern_alone_s: f64,
    pub(crate) pattern_alone_seat_s: f64,
    pub(crate) pattern_group_s: f64,
    pub(crate) pattern_group_seat_s: f64,
    pub(crate) pattern_flushes_s: f64,
    /// Per active seat, deal and board, added to `compare_s` when a
    /// multiway breakdown counts per combo.
    pub(crate) breakdown_seat_s: f64,
    /// Per live combo and board to sort and sweep two ranges.
    pub(crate) sweep_s: f64,
    /// Per swept combo and board to sort it and fill its prefix-table row
    /// (the swept-seat kernel).
    pub(crate) swept_row_s: f64,
    /// Per listed deal and board in the swept-seat kernel, plus per card of
    /// the deal.
    pub(crate) swept_deal_s: f64,
    pub(crate) swept_card_s: f64,
    /// Per listed deal and board, per swept combo made of two of its cards.
    pub(crate) swept_pair_s: f64,
    /// Per listed deal and board, added with a breakdown (the mirror
    /// sweep's sort and running sums): measured on `KK,QQ` / `22` /
    /// `QQ+` / `random` flops, where it more than doubles the count.
    pub(crate) swept_breakdown_s: f64,
    /// Per live combo and board in the three-range kernel (two insertions
    /// of 52-entry rows and a few queries), and per board (clearing its
    /// sums).
    pub(crate) three_combo_s: f64,
    pub(crate) three_board_s: f64,
    /// Per deal compared on a board (board-major), or walked on a board
    /// with a breakdown (deal-major, a board known).
    pub(crate) compare_s: f64,
    /// Per restricted seat in a rejection draw (3.2 ns measured with five
    /// seats of `QQ+,AK`).
    pub(crate) rejection_step_s: f64,
    /// Per combo scanned in a crowded draw (1.8 ns measured with five
    /// seats of `QQ+,AK`, 2.4 ns with three of `20%`).
    pub(crate) crowded_step_s: f64,
    /// Per deal sampled for a report's board (drawing the seats and the
    /// board's completion, ranking each active seat): measured on sampled
    /// flop reports, two seats and a folded one (19,600 classes to 0.002
    /// in 145 thread-seconds).
    pub(crate) report_deal_s: f64,
    /// The flop report's one pass, per board and live combo, ranking and
    /// sweeping two ranges (or one against single hands): measured on
    /// `25%` vs `15%` (4.0 thread-seconds over 57 M combo-boards).
    pub(crate) pass_two_s: f64,
    /// The same with three ranged seats (the three-range sweep per board):
    /// measured on `25%` / `15%` / `10%` (24.8 thread-seconds over 72 M).
    pub(crate) pass_three_s: f64,
    /// The one pass with each flop's own ranges (a report on a line), per
    /// board and live combo, each of the board's flops swept on its own:
    /// measured on `25%` vs `15%` with BB `pair+` (13 thread-seconds over
    /// the same 57 M).
    pub(crate) pass_line_s: f64,
    /// Monte Carlo's prefix design: per accepted prefix (its bookkeeping),
    /// plus per dealt seat and try; per board scored on it, per card dealt
    /// and per active seat ranked. Measured on `9h8h2c` with three seats
    /// (8M deals, one thread, 1 and 21 boards a prefix): a board 17 ns, a
    /// prefix 35–45 ns.
    pub(crate) prefix_s: f64,
    pub(crate) prefix_seat_s: f64,
    pub(crate) board_card_s: f64,
    pub(crate) board_seat_s: f64,
}

/// The cost model in force.
pub(crate) const COSTS: Costs = Costs {
    eval_random_s: 20e-9,
    eval_known_s: 1.5e-9,
    eval_walk_s: 2.0e-9,
    eval_walk_postflop_s: 12e-9,
    walk_setup_s: 0.7e-6,
    pattern_walk_s: 170e-6,
    pattern_seat_s: 20e-6,
    pattern_alone_s: 150e-6,
    pattern_alone_seat_s: 100e-6,
    pattern_group_s: 400e-6,
    pattern_group_seat_s: 200e-6,
    pattern_flushes_s: 60e-6,
    breakdown_seat_s: 1.5e-9,
    sweep_s: 20e-9,
    swept_row_s: 30e-9,
    swept_deal_s: 3e-9,
    swept_card_s: 1e-9,
    swept_pair_s: 1e-9,
    swept_breakdown_s: 70e-9,
    three_combo_s: 150e-9,
    three_board_s: 10e-6,
    compare_s: 3e-9,
    rejection_step_s: 3.5e-9,
    crowded_step_s: 2.5e-9,
    report_deal_s: 200e-9,
    pass_two_s: 70e-9,
    pass_three_s: 350e-9,
    pass_line_s: 230e-9,
    prefix_s: 15e-9,
    prefix_seat_s: 10e-9,
    board_card_s: 2e-9,
    board_seat_s: 4.5e-9,
};

/// The thread count the time budget and the exact limit are judged on: a
/// spot's single-thread cost divided by this. A constant, not this
/// machine's thread count, so that the same request is computed the same
/// way (and gives the same figures) on any machine and any `threads`.
pub const REFERENCE_THREADS: f64 = 2.0;
