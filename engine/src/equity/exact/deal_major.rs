//! Deal-major enumeration: for each seat deal, every board completion,
//! walking the Two-Plus-Two table with one evaluator state per active seat
//! and prefixes shared level by level. Work items are walks (split by their
//! first board card when two or more are to come), so even one deal spreads
//! over every thread.

use std::sync::OnceLock;
use std::time::Instant;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap as HashMap;

use super::common::{Counts, rounds};
use super::walk::{PreflopDeals, Walk};
use crate::card::Card;
use crate::combo::Combo;
use crate::equity::error::EquityError;
use crate::equity::request::MAX_SEATS;
use crate::equity::result::EquityResult;
use crate::equity::setup::Setup;
use crate::equity::strategy::Strategy;
use crate::equity::tally::{ComboCount, Tally, share_unit, tie_slot};
use crate::eval::HandState;
use crate::symmetry::SuitPerm;

/// Most seat deals the exact paths will list.
pub(crate) const DEAL_LIMIT: u64 = 4_000_000;

/// `setup`'s deals folded by [`Folding::KnownCards`] (at most
/// [`DEAL_LIMIT`] of them, else `None`), listed on the first call.
pub(crate) fn preflop_deals(setup: &Setup) -> Option<&PreflopDeals> {
    (setup.preflop_deals)
        .get_or_init(|| {
            walks(setup, DEAL_LIMIT, Folding::KnownCards).map(|walks| PreflopDeals {
                walks,
                rank_groups: OnceLock::new(),
            })
        })
        .as_ref()
}

/// Which suit permutations fold deals into one walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Folding {
    /// Every permutation with nothing known (no board, no dead cards),
    /// else none: the deal-major walk's rule, which its counts of deals
    /// (a walk's boards each) are recorded by.
    DealMajor,
    /// Every permutation that maps the board and dead cards onto
    /// themselves: such deals have the same outcomes board for board.
    KnownCards,
}

/// The suit permutations of `setup` that `folding` folds deals by (the
/// identity first).
pub(crate) fn symmetries(setup: &Setup, folding: Folding) -> Vec<SuitPerm> {
    let known = setup.known.bits();
    SuitPerm::all()
        .into_iter()
        .filter(|perm| match folding {
            Folding::DealMajor => known == 0 || *perm == SuitPerm::IDENTITY,
            Folding::KnownCards => perm.mask(known) == known,
        })
        .collect()
}

/// The deals to walk: all of them, or one per class of deals equal up to
/// the permutations `folding` names.
pub(crate) fn walks(setup: &Setup, limit: u64, folding: Folding) -> Option<Vec<Walk>> {
    let mut out: Vec<Walk> = Vec::new();
    let mut index: HashMap<[u16; MAX_SEATS], usize> = HashMap::default();
    let perms = symmetries(setup, folding);
    // Each seat's combos (by position) under each permutation, as combo
    // indices: `permuted[seat][position * perms.len() + perm]`.
    let permuted: Vec<Vec<u16>> = setup
        .seats
        .iter()
        .map(|seat| {
            seat.combos
                .iter()
                .flat_map(|&c| perms.iter().map(move |&p| c.permuted(p).index() as u16))
                .collect()
        })
        .collect();
    let mut over = false;
    let (offsets, _) = setup.combo_offsets();
    setup.for_each_deal(&mut |positions, mask, weight| {
        let member = || {
            let slots = setup
                .active
                .iter()
                .zip(&offsets)
                .map(|(&s, &o)| (o + usize::from(positions[s])) as u32)
                .collect();
            (weight, slots)
        };
        // The deal's class: the least of its images, seat by seat.
        let mut key = [u16::MAX; MAX_SEATS];
        for p in 0..perms.len() {
            let mut image = [u16::MAX; MAX_SEATS];
            for ((image, &position), seat) in image.iter_mut().zip(positions).zip(&permuted) {
                *image = seat[usize::from(position) * perms.len() + p];
            }
            key = key.min(image);
        }
        match index.get(&key) {
            Some(&i) => {
                out[i].weight += weight;
                out[i].deals += 1;
                if setup.breakdown {
                    out[i].members.push(member());
                }
            }
            None => {
                index.insert(key, out.len());
                out.push(Walk {
                    combos: positions
                        .iter()
                        .enumerate()
                        .map(|(s, &p)| setup.seats[s].combos[usize::from(p)])
                        .collect(),
                    mask,
                    weight,
                    deals: 1,
                    members: if setup.breakdown {
                        vec![member()]
                    } else {
                        Vec::new()
                    },
                });
                if out.len() as u64 > limit {
                    over = true;
                }
            }
        }
        !over
    });
    (!over).then_some(out)
}

/// Deal-major enumeration.
pub(super) fn run(
    setup: &Setup,
    strategy: Strategy,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<Tally, EquityError> {
    let mut list = walks(setup, DEAL_LIMIT, Folding::DealMajor)
        .ok_or(EquityError::TooManyDeals { limit: DEAL_LIMIT })?;
    list.shuffle(&mut ChaCha8Rng::seed_from_u64(0x5EED));
    let deck = setup.deck();
    // The table expands here on first use; a damaged one is an error, not
    // a panic.
    let table = crate::eval::table()?;
    let base = HandState::with_table(table).add_cards(setup.board.iter().copied());
    let n = setup.active.len();
    let missing = setup.missing;
    // Work items: a walk, split by its first board card when two or more
    // cards are missing, so even a single deal spreads over all threads.
    let items: Vec<(usize, usize)> = list
        .iter()
        .enumerate()
        .flat_map(|(w, walk)| {
            let free = deck.iter().filter(|c| walk.mask & c.bit() == 0).count();
            let firsts = if missing >= 2 { free + 1 - missing } else { 1 };
            (0..firsts).map(move |i| (w, i))
        })
        .collect();
    let process = |&(w, first): &(usize, usize)| {
        let walk = &list[w];
        let cards: Vec<Card> = deck
            .iter()
            .copied()
            .filter(|c| walk.mask & c.bit() == 0)
            .collect();
        let mut states: Vec<HandState> = setup
            .active
            .iter()
            .map(|&s| base.add_cards(walk.combos[s].cards()))
            .collect();
        let mut counts = Counts::new(n);
        let mut ranks = vec![0u32; n];
        match missing {
            0 => {
                for (r, st) in ranks.iter_mut().zip(&states) {
                    *r = st.rank().map_or(0, |h| h.value());
                }
                counts.record(&ranks);
            }
            1 => walk_boards(&cards, 0, 1, &states, &mut ranks, &mut counts),
            _ => {
                for st in &mut states {
                    *st = st.add_card(cards[first]);
                }
                walk_boards(
                    &cards,
                    first + 1,
                    missing - 1,
                    &states,
                    &mut ranks,
                    &mut counts,
                );
            }
        }
        walk_tally(setup, walk, &counts)
    };
    rounds(&items, setup, strategy, process, start, cancel, on_snapshot)
}

/// The tally of `walk` whose every deal has the board outcomes `counts`
/// (unweighted): its deals weighted, and with a breakdown each deal's
/// outcomes seat by seat (deals equal up to suits have the same).
pub(super) fn walk_tally(setup: &Setup, walk: &Walk, counts: &Counts) -> Tally {
    let n = setup.active.len();
    let unit = share_unit(n);
    let mut tally = Tally::new(n);
    tally.add_counts(&counts.wins, &counts.ties, counts.deals, walk.weight);
    if setup.breakdown {
        let outcome: Vec<ComboCount> = (0..n)
            .map(|a| {
                let ties = &counts.ties[tie_slot(a, 0, n)..tie_slot(a + 1, 0, n)];
                let win = u128::from(counts.wins[a]);
                ComboCount {
                    total: u128::from(counts.deals),
                    win,
                    tie: ties.iter().map(|&t| u128::from(t)).sum(),
                    share: win * unit
                        + (2..=n)
                            .map(|k| u128::from(ties[k]) * (unit / k as u128))
                            .sum::<u128>(),
                    ..ComboCount::default()
                }
            })
            .collect();
        for (weight, member) in &walk.members {
            for (o, &i) in outcome.iter().zip(member) {
                let c = ComboCount {
                    total: o.total * weight,
                    win: o.win * weight,
                    tie: o.tie * weight,
                    share: o.share * weight,
                    ..ComboCount::default()
                };
                tally.sparse.push((i, c));
            }
        }
    }
    tally
}

/// Adds the remaining `missing` board cards from `cards[from..]` to every
/// state, recording each complete board.
fn walk_boards(
    cards: &[Card],
    from: usize,
    missing: usize,
    states: &[HandState],
    ranks: &mut [u32],
    counts: &mut Counts,
) {
    if let [a, b] = *states {
        // Heads-up: the hottest loops of exact preflop.
        walk_two(cards, from, missing, a, b, counts);
        return;
    }
    if missing == 1 {
        for &card in &cards[from..] {
            for (r, st) in ranks.iter_mut().zip(states) {
                *r = st.rank_with(card).value();
            }
            counts.record(ranks);
        }
        return;
    }
    let Some(&first) = states.first() else {
        return;
    };
    let mut next = [first; MAX_SEATS];
    let next = &mut next[..states.len()];
    for i in from..cards.len() + 1 - missing {
        for (n, st) in next.iter_mut().zip(states) {
            *n = st.add_card(cards[i]);
        }
        walk_boards(cards, i + 1, missing - 1, next, ranks, counts);
    }
}

/// Boards `a` wins, ties and loses against `b` (disjoint combos) over all
/// 1,712,304 five-card boards of the other 48 cards, by the heads-up walk
/// of deal-major enumeration on the calling thread (about 3 ms).
pub(crate) fn two_combos(a: Combo, b: Combo) -> [u64; 3] {
    let used = a.mask().bits() | b.mask().bits();
    let cards: Vec<Card> = Card::all().filter(|c| used & c.bit() == 0).collect();
    let mut counts = Counts::new(2);
    walk_two(
        &cards,
        0,
        5,
        HandState::new().add_cards(a.cards()),
        HandState::new().add_cards(b.cards()),
        &mut counts,
    );
    [
        counts.wins[0],
        counts.ties[tie_slot(0, 2, 2)],
        counts.wins[1],
    ]
}

/// [`walk_boards`] for two seats with at least one card to come: states
/// passed by value, outcomes counted branch-free.
fn walk_two(
    cards: &[Card],
    from: usize,
    missing: usize,
    a: HandState,
    b: HandState,
    counts: &mut Counts,
) {
    if missing == 1 {
        let (mut first, mut second, mut tied) = (0u64, 0u64, 0u64);
        for &card in &cards[from..] {
            let (x, y) = (a.rank_with(card).value(), b.rank_with(card).value());
            first += u64::from(x > y);
            second += u64::from(x < y);
            tied += u64::from(x == y);
        }
        counts.wins[0] += first;
        counts.wins[1] += second;
        counts.tie_both(tied);
        counts.deals += (cards.len() - from) as u64;
        return;
    }
    for i in from..cards.len() + 1 - missing {
        let card = cards[i];
        walk_two(
            cards,
            i + 1,
            missing - 1,
            a.add_card(card),
            b.add_card(card),
            counts,
        );
    }
}
