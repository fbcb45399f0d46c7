//! The names of the ways a result can be computed: what the planner
//! ([`plan`](super::plan)) decides and every result reports. Pure data with
//! a `Display` (`exact/board_major/sweep`, `monte_carlo/clusters`, …) used by
//! the command line's JSON `strategy`, `PLAN=1` and the app's status line.

use std::fmt;

/// How a result was computed: the planner's decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Strategy {
    /// Heads-up preflop, summed from the precomputed matchup table: the
    /// same figures as enumeration, to the last bit.
    PreflopTable,
    /// Every deal enumerated.
    Exact {
        /// The counting kernel.
        kernel: Kernel,
        /// Estimated seconds on one thread (the planner's cost model).
        estimate_s: f64,
    },
    /// Deals sampled.
    MonteCarlo {
        /// How deals are grouped into independent observations.
        design: Design,
    },
}

/// An exact counting kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// For each seat deal, every board, walking the Two-Plus-Two table
    /// with shared prefixes (suit-isomorphic deals walked once preflop).
    DealMajor,
    /// With the whole board to come: for each seat deal (deals equal up
    /// to the suit permutations that keep the dead cards in place once),
    /// the boards counted by their multiset of ranks, each weighted by the
    /// ways to suit it, the suitings on which a flush changes an outcome
    /// counted apart.
    RankPatterns,
    /// For each board, every live combo ranked once, then:
    BoardMajor(BoardKernel),
    /// A report over every flop: each five-card board swept once (up to
    /// the spot's suit symmetries) with two ranges of uniform weight, its
    /// counts going to the ten flops it holds. It counts a whole report,
    /// never a single spot.
    FlopPass,
}

/// How a report over many boards (every flop, every next card) is
/// computed: the planner's decision for the report as a whole.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ReportStrategy {
    /// One pass over every five-card board ([`Kernel::FlopPass`]).
    OnePass {
        /// Estimated seconds on one thread.
        estimate_s: f64,
    },
    /// Each board counted exactly on its own, by the kernel the planner
    /// picks for that board (the figures `calculate` gives).
    EachExact {
        /// Estimated seconds on one thread for every board.
        estimate_s: f64,
    },
    /// Each board sampled to a target standard error.
    EachSampled {
        /// The standard error each seat's equity is sampled to.
        std_error: f64,
    },
}

/// How board-major enumeration counts the deals of one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKernel {
    /// Exactly two ranged seats: both sorted by rank and swept, card
    /// removal by inclusion–exclusion; the deals are never listed.
    /// Displayed `sweep`, the name results have always carried.
    TwoRanges,
    /// Three or more ranged seats (or a folded one): the deals of every
    /// seat but the widest active range listed, the widest counted
    /// against each in closed form from per-card prefix sums by rank.
    SweptSeat,
    /// Exactly three ranged seats, all active: every combo sorted by rank
    /// once; for each, the compatible pairs of the other two seats below
    /// it from running sums per card and per pair of cards; no deal is
    /// listed.
    ThreeRanges,
    /// Every deal compared; outcomes counted per set of winners in `u64`
    /// counters (few seats, small weights).
    WinnerSets,
    /// Every deal compared and recorded; `wide` tallies in `u128` (weights
    /// too large for `u64` sums).
    PerDeal {
        /// Whether per-chunk sums need `u128`.
        wide: bool,
    },
    /// With a breakdown, heads-up: per-combo counters in `u64`, branch-free.
    HeadsUpCombos,
    /// With a breakdown, three or more seats: per-combo counters in `u64`;
    /// seat totals by winner sets when `winner_sets`.
    MultiwayCombos {
        /// Whether seat totals are counted per set of winners.
        winner_sets: bool,
    },
    /// With a breakdown whose per-combo sums need `u128`; `wide` when the
    /// seat totals do too.
    WideCombos {
        /// Whether seat totals need `u128`.
        wide: bool,
    },
}

/// How Monte Carlo groups deals into independent observations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Design {
    /// A sampled seat deal (prefix) scored on several board completions.
    Prefixes {
        /// How the restricted seats are drawn.
        draws: Draws,
        /// Whether the hero's heads-up results are subtracted as a control
        /// variate (`montecarlo::controls`).
        control: bool,
    },
    /// Every seat deal once per group, at its weight (a small deal space,
    /// two board cards to come), each scored on the pairs `steps` or fewer
    /// places apart in a shuffle of the cards left (`montecarlo::strata`).
    Strata {
        /// Offsets paired in each shuffle (each gives one board per card).
        steps: u8,
    },
    /// Clusters of `deals` deals of uniform seats sharing one board.
    Clusters {
        /// Deals per cluster.
        deals: u64,
        /// How the restricted (folded) seats are drawn.
        draws: Draws,
    },
}

/// How Monte Carlo draws the seats whose ranges are restricted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Draws {
    /// Independent draws from alias tables, the whole draw rejected on a
    /// shared card.
    Rejection,
    /// One seat after another from exact conditional totals (rejection
    /// would keep few draws).
    Crowded,
}

impl BoardKernel {
    /// Whether the kernel is one of the sweeps, which count a board's deals
    /// through winner sets without the scan's list of every deal.
    pub fn is_sweep(self) -> bool {
        matches!(
            self,
            BoardKernel::TwoRanges | BoardKernel::SweptSeat | BoardKernel::ThreeRanges
        )
    }
}

impl ReportStrategy {
    /// Whether the figures are exact (standard errors 0).
    pub fn is_exact(self) -> bool {
        !matches!(self, ReportStrategy::EachSampled { .. })
    }

    /// The planner's estimate for an exact report, in seconds on one
    /// thread (`None` for a sampled one, whose error the planner sets so
    /// that every board's count fits the budget).
    pub fn estimate_s(self) -> Option<f64> {
        match self {
            ReportStrategy::OnePass { estimate_s } | ReportStrategy::EachExact { estimate_s } => {
                Some(estimate_s)
            }
            ReportStrategy::EachSampled { .. } => None,
        }
    }
}

impl Strategy {
    /// Whether the figures are exact (standard errors 0).
    pub fn is_exact(self) -> bool {
        !matches!(self, Strategy::MonteCarlo { .. })
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strategy::PreflopTable => f.write_str("exact/preflop_table"),
            Strategy::Exact { kernel, .. } => write!(f, "exact/{kernel}"),
            Strategy::MonteCarlo { design } => write!(f, "monte_carlo/{design}"),
        }
    }
}

impl fmt::Display for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kernel::DealMajor => f.write_str("deal_major"),
            Kernel::RankPatterns => f.write_str("rank_patterns"),
            Kernel::BoardMajor(kernel) => write!(f, "board_major/{kernel}"),
            Kernel::FlopPass => f.write_str("flop_pass"),
        }
    }
}

impl fmt::Display for BoardKernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BoardKernel::TwoRanges => "sweep",
            BoardKernel::SweptSeat => "swept_seat",
            BoardKernel::ThreeRanges => "three_ranges",
            BoardKernel::WinnerSets => "winner_sets",
            BoardKernel::PerDeal { wide: false } => "per_deal",
            BoardKernel::PerDeal { wide: true } => "per_deal_wide",
            BoardKernel::HeadsUpCombos => "heads_up_combos",
            BoardKernel::MultiwayCombos { winner_sets: true } => "multiway_combos",
            BoardKernel::MultiwayCombos { winner_sets: false } => "multiway_combos_per_deal",
            BoardKernel::WideCombos { wide: false } => "wide_combos",
            BoardKernel::WideCombos { wide: true } => "wide_combos_wide",
        })
    }
}

impl fmt::Display for ReportStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ReportStrategy::OnePass { .. } => "exact/flop_pass",
            ReportStrategy::EachExact { .. } => "exact/each_board",
            ReportStrategy::EachSampled { .. } => "monte_carlo/each_board",
        })
    }
}

impl fmt::Display for Design {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let draws = |draws: &Draws| match draws {
            Draws::Rejection => "",
            Draws::Crowded => "/crowded",
        };
        match self {
            Design::Prefixes { draws: d, control } => {
                let control = if *control { "/control" } else { "" };
                write!(f, "prefixes{}{control}", draws(d))
            }
            Design::Strata { steps } => write!(f, "strata/{steps}"),
            Design::Clusters { deals, draws: d } => write!(f, "clusters/{deals}{}", draws(d)),
        }
    }
}
