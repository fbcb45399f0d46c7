//! Monte Carlo: an unbiased estimator of the exact figures.
//!
//! Deals come in groups, and each group's per-seat mean pot share, win
//! and tie are independent observations (the standard errors of equity,
//! win and tie come from the spread of these means; where none varied,
//! the rule-of-three bound of docs/design.md §3.1). There are three designs.
//!
//! **Prefixes** (the general one). A prefix is one sampled seat deal; it
//! is scored on several disjoint board completions drawn together with it.
//!
//! 1. Seats whose range is **restricted** (anything but equal weights on
//!    every pair of the cards still free) draw their combos independently
//!    from their weighted live combos (an alias table: O(1) per draw), and
//!    **the whole draw is rejected** if two of them share a card. Accepted
//!    draws follow the joint distribution of docs/design.md §3 restricted to
//!    these seats: the number of ways to deal the other seats and the board
//!    from what is left does not depend on which cards they took (it only
//!    depends on how many are left), so it cancels. Where rejection would
//!    keep few draws (many seats on a few premium cards), the seats are
//!    drawn one after another from exact conditional totals instead
//!    ([`crowded`]): the same distribution, no draw wasted. Where that
//!    table would not fit, the seats that clash most come from a smaller
//!    table and the widest ranges are drawn independently after them, the
//!    whole draw rejected on a shared card: still exact, and rejection
//!    keeps most draws once the clashing seats are dealt together.
//! 2. **Uniform** seats (such as `random`) then get two cards each, drawn
//!    uniformly without replacement from the cards left (a partial
//!    Fisher–Yates shuffle of the free cards that skips those the
//!    restricted seats hold). Given step 1, every dealing of them is equally
//!    likely, which is exactly the joint distribution. Dealing *restricted*
//!    seats one after another from what is left would be biased instead:
//!    the first seat would never feel the others' cards. The tests show
//!    both.
//! 3. The boards: with one card to come, every card left (exact on the
//!    river given the prefix); with more, several disjoint completions
//!    drawn together, each uniform over the cards left given the prefix:
//!    as many as the planner chose from a short pilot ([`shape`]), up to
//!    as many as the deck allows.
//!
//! **Clusters**, when every active seat is uniform (restricted seats may
//! be folded) and no breakdown is asked for. A cluster draws the
//! restricted seats' combos as above and then a board, uniform over the
//! cards left (the uniform seats' dealings do not depend on which cards
//! those took either); and scores up to 2,048 deals of the uniform
//! seats. The deals are the cyclic windows of a shuffle of the
//! cards left: a window of a uniformly shuffled deck is a uniform dealing,
//! so every deal is exactly distributed (the cluster's mean is unbiased),
//! and one shuffle of `m` cards gives `m` deals whose seats hold its `m`
//! pairs of adjacent cards. A cluster of many shuffles ranks every pair of
//! the cards left on its board once (a 64 × 64 table); a cluster of few
//! ranks each shuffle's adjacent pairs instead (whichever is fewer
//! evaluations), so a deal costs little more than its lookups. The seats take turns at the
//! window's places from shuffle to shuffle. Why only then: with every
//! active seat holding the same uniform range the seats are exchangeable,
//! so each one's expected share given the board is `1/n` and the board
//! explains none of the equity's variance: a big cluster loses nothing
//! there. With a restricted active seat (hero against randoms) the board
//! explains much of it: clusters of 256 measured 30–100 times worse than
//! prefixes in time × variance (`AhAd` against two `random`, `AKs` against
//! five). Win and tie do depend on the board (a flop's runouts that pair
//! both low cards tie seven times as often as the average), so their
//! per-cluster means are skewed, and with few boards an estimate that
//! missed the rare ones would come with an error that missed them too: a
//! budget is split into at least [`MIN_CLUSTERS`](sampler::MIN_CLUSTERS)
//! clusters, and a run to a target error draws that many before it stops.
//!
//! **Strata**, where the seats' deals are few (a hand against narrow
//! ranges on a flop, none `random`): a group deals every seat
//! deal once, each on the boards of a uniform shuffle's cards a few places
//! apart ([`strata`]), so the spread between seat deals, which a prefix
//! carries whole, is gone from the estimate.
//!
//! Under the prefix design, without a breakdown, two refinements keep the
//! estimates unbiased and cut their errors: seats with the same range are
//! reported together ([`pools`]), and a hand against `random` seats
//! preflop subtracts a control variate, what its hand does on a deal with
//! an exactly known expectation ([`controls`]).
//!
//! Hands are ranked with the cache-resident [`CompactHand`](crate::compact::CompactHand) evaluator.
//!
//! A trial is one deal (hole cards for every seat and a whole board); the
//! budget is rounded up to whole prefixes, strata groups or clusters, and the result's
//! `samples` counts the deals evaluated.
//!
//! Determinism: groups come in blocks ([`BLOCK`](sampler::BLOCK) prefixes,
//! fewer for prefixes scored on eight boards or more, down to a quarter;
//! whole strata groups of about 65,536 boards; or 32,768 deals of
//! clusters); block `b`
//! draws from a xoshiro256++ generator seeded from ChaCha8 seeded with the
//! request's seed on stream `b`. The design and the cluster size depend
//! only on the request (and its budget), tallies are integers, so merging
//! blocks in any order, on any number of threads, gives bit-identical
//! results. Blocks run in rounds whose size depends only on the round
//! number and the tally so far (near a target error, the blocks it still
//! asks for), and the target-error stop is checked between rounds, so
//! where the run stops does not depend on threads either.

mod accumulator;
pub(crate) mod categories;
mod clusters;
pub(crate) mod controls;
pub(crate) mod crowded;
pub(crate) mod dealing;
pub(crate) mod pools;
mod prefixes;
mod rng;
mod rounds;
pub(crate) mod sampler;
pub(crate) mod score_products;
pub(crate) mod seat_deals;
pub(crate) mod shape;
mod strata;

pub(crate) use rounds::{run, trial_budget};

#[cfg(test)]
mod tests {
    use super::crowded::Crowded;
    use super::{dealing, run};
    use crate::Range;
    use crate::equity::request::{EquityRequest, Method, Seat};
    use crate::equity::setup::Setup;
    use crate::equity::strategy::{Design, Draws, Kernel, Strategy};

    #[test]
    fn sampling_with_the_fallback_matches_enumeration() {
        // Three seats that all but insist on the same two aces (their other
        // hands at the smallest weight: rejection keeps about one draw in
        // a million) and two wider ones, on the river; a budget that keeps
        // the widest seat out of the table, drawn by rejection after it.
        let ranges = [
            "AsAh,KK:0.0001",
            "AsAh,QQ:0.0001",
            "AsAh,JJ:0.0001",
            "AK,AQ,A5s",
            "KQ,K8s,Q8s",
        ];
        let mut request = EquityRequest::new(
            ranges
                .iter()
                .map(|r| Seat::active(Range::parse(r).expect("test range")))
                .collect(),
        );
        request.board = crate::card::parse_cards("2c7d9h4s3c").expect("board");
        request.method = Method::MonteCarlo;
        request.trials = Some(100_000);
        request.seed = 7;
        request.threads = Some(1);
        let setup = Setup::new(&request).expect("a feasible spot");
        let dealing = dealing::dealings(&setup);
        let pilot = dealing::pilot(&setup, &dealing, 4096).expect("restricted seats");
        assert_eq!(pilot, 0, "rejection starves");
        // The smallest budget that fits the three clashing seats' table:
        // the two wider seats are drawn by rejection after it.
        let table = (1..1000)
            .find_map(|states| {
                Crowded::fallback_within(&setup, &[0, 1, 2, 3, 4], states, 1 << 20)
                    .filter(|t| t.rest().len() == 2)
            })
            .expect("a table");
        let mut rest = table.rest().to_vec();
        rest.sort_unstable();
        assert_eq!(rest, [3, 4]);
        let design = Design::Prefixes {
            draws: Draws::Crowded,
            control: false,
        };
        let sampling = dealing::Sampling {
            design,
            dealing,
            crowded: Some(table),
            pilot: Some(pilot),
            least_blocks: dealing::LEAST_BLOCKS,
            boards: dealing::most_boards(&setup),
            controls: None,
            pools: Vec::new(),
            strata: None,
        };
        let start = std::time::Instant::now();
        let mc = run(&setup, &request, sampling, start, &|| false, &mut |_| {}).expect("sampled");
        assert_eq!(mc.strategy, Strategy::MonteCarlo { design });
        let strategy = Strategy::Exact {
            kernel: Kernel::DealMajor,
            estimate_s: 0.0,
        };
        let exact = crate::equity::exact::run(&setup, strategy, start, &|| false, &mut |_| {})
            .expect("enumerated");
        for (m, e) in mc.seats.iter().zip(&exact.seats) {
            for (name, got, se, want) in [
                ("equity", m.equity, m.std_error, e.equity),
                ("win", m.win, m.win_std_error, e.win),
                ("tie", m.tie, m.tie_std_error, e.tie),
            ] {
                assert!(se > 0.0, "seat {} {name}", m.seat);
                assert!(
                    (got - want).abs() <= 4.0 * se,
                    "seat {} {name}: {got} ± {se} vs exact {want}",
                    m.seat
                );
            }
        }
    }
}
