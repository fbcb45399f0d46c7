//! Whether any deal exists: every seat gets one of its combos with no card
//! used twice. Decided exactly (never sampled) before any computation, so
//! an impossible spot is an error rather than a hang.

use std::collections::HashSet;

use crate::symmetry::SuitPerm;

/// Search steps after which [`deal_exists`] gives up: well under a second
/// (about 0.6 µs a step). Random spots of 8–23 seats over just enough
/// cards, ranges made of hand classes (the hardest kind found), took at
/// most 160,000.
pub(crate) const MAX_FEASIBILITY_STEPS: u64 = 1_000_000;

/// Whether every seat can get one of its combos (`masks[seat]`, card
/// masks) with no card used twice, or `None` if that was not decided
/// within `max_steps` search steps. At most 32 seats.
///
/// Obvious spots are decided first, without searching ([`presolve`]):
/// forced cards and pigeonholes on one or two cards. The problem is a
/// matching in a hypergraph (hard in general), so the rest is
/// a depth-first search, made fast on the inputs that are hard for a plain
/// one (many seats over few cards) by:
/// - branching on the seat with the fewest combos still possible, or on
///   the card with the fewest ways to be covered (plus leaving it out when
///   there are cards to spare) when that is fewer, as in exact cover;
/// - Hall's condition as a bound: every seat must be able to get two
///   cards of its own at once (a bipartite matching, [`hall_holds`]);
/// - remembering the (seats left, cards used) states that failed, up to
///   the suit permutations that keep every seat's combos, which also folds
///   together the orders of seats with the same range.
pub(crate) fn deal_exists(masks: &[&[u64]], max_steps: u64) -> Option<bool> {
    assert!(masks.len() <= 32, "at most 32 seats");
    let Some(reduced) = presolve(masks) else {
        return Some(false);
    };
    let masks: Vec<&[u64]> = reduced.iter().map(Vec::as_slice).collect();
    let masks = masks.as_slice();
    let mut search = Search::new(masks, max_steps);
    let all = if masks.is_empty() {
        0
    } else {
        u32::MAX >> (32 - masks.len())
    };
    let found = search.run(all, 0);
    (search.steps <= max_steps).then_some(found)
}

/// Decides the obvious infeasible spots at once (`None`), else returns the
/// seats' combos with the cards other seats are forced to hold removed:
///
/// - **forced cards**: a card in every combo of a seat (both cards of a
///   seat's only combo) is that seat's in every deal, so no other seat's
///   combo may hold it; two seats forced to one card, or a seat left with
///   no combo, is infeasible. Repeated until nothing changes, since
///   removing cards can leave a seat with fewer combos and more forced
///   cards.
/// - **pigeonholes on one or two cards**: a seat each of whose combos
///   meets a card set `S` needs a card of `S` to itself, so more than
///   `|S|` such seats for one `S` of one or two cards is infeasible.
///
/// The pigeonhole on larger sets the other way round (`k` seats whose
/// combos all lie within fewer than `2k` cards) is Hall's condition, which
/// the search checks at its first step ([`hall_holds`]).
fn presolve(masks: &[&[u64]]) -> Option<Vec<Vec<u64>>> {
    let mut seats: Vec<Vec<u64>> = masks.iter().map(|m| m.to_vec()).collect();
    loop {
        // Per seat, the cards every combo holds; no two seats share one.
        let mut forced_all = 0u64;
        let mut forced = vec![0u64; seats.len()];
        for (s, combos) in seats.iter().enumerate() {
            if combos.is_empty() {
                return None;
            }
            forced[s] = combos.iter().fold(u64::MAX, |f, &m| f & m);
            if forced[s] & forced_all != 0 {
                return None;
            }
            forced_all |= forced[s];
        }
        let mut changed = false;
        for (s, combos) in seats.iter_mut().enumerate() {
            let others = forced_all & !forced[s];
            let before = combos.len();
            combos.retain(|&m| m & others == 0);
            if combos.is_empty() {
                return None;
            }
            changed |= combos.len() != before;
        }
        if !changed {
            break;
        }
    }
    // Pairs of cards met by every combo of more than two seats. A seat's
    // such pairs {a, b}: for each card `a` it holds, `b` is in every combo
    // without `a` (single forced cards are ruled out above).
    let mut pair_seats = vec![0u8; 64 * 64];
    for combos in &seats {
        let cards = combos.iter().fold(0u64, |u, &m| u | m);
        let mut rest = cards;
        while rest != 0 {
            let a = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let others = combos
                .iter()
                .filter(|&&m| m >> a & 1 == 0)
                .fold(u64::MAX, |f, &m| f & m);
            // Count each pair once, from its lower card.
            let mut partners = others & cards & !((2u64 << a) - 1);
            while partners != 0 {
                let b = partners.trailing_zeros() as usize;
                partners &= partners - 1;
                let slot = &mut pair_seats[a * 64 + b];
                *slot += 1;
                if *slot > 2 {
                    return None;
                }
            }
        }
    }
    Some(seats)
}

/// The state of [`deal_exists`].
struct Search<'a> {
    masks: &'a [&'a [u64]],
    /// The suit permutations other than the identity that map every
    /// seat's combos onto themselves: states that one maps onto another
    /// are both feasible or both not, so failures are remembered in the
    /// least form. Found only once a search takes [`SYMMETRIES_AFTER`]
    /// steps (most end sooner); states remembered before stay valid.
    symmetries: Vec<SuitPerm>,
    failed: HashSet<(u32, u64)>,
    /// States expanded so far, and the most allowed.
    steps: u64,
    max_steps: u64,
}

/// Search steps before [`Search`] looks for suit symmetries.
const SYMMETRIES_AFTER: u64 = 256;

impl<'a> Search<'a> {
    fn new(masks: &'a [&'a [u64]], max_steps: u64) -> Search<'a> {
        Search {
            masks,
            symmetries: Vec::new(),
            failed: HashSet::new(),
            steps: 0,
            max_steps,
        }
    }

    /// Whether the seats in `left` can be dealt from the cards not in
    /// `used`.
    fn run(&mut self, left: u32, used: u64) -> bool {
        if left == 0 {
            return true;
        }
        let key = (left, self.least(used));
        if self.failed.contains(&key) {
            return false;
        }
        self.steps += 1;
        if self.steps > self.max_steps {
            return false;
        }
        if self.steps == SYMMETRIES_AFTER {
            self.symmetries = suit_symmetries(self.masks);
        }
        // Each seat's cards still possible and its combos still possible,
        // and per card the combos still possible that hold it.
        let mut cards = [0u64; 32];
        let mut narrowest = (u32::MAX, 0);
        let mut cover = [0u32; 64];
        let mut rest = left;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut count = 0;
            for &m in self.masks[s] {
                if m & used == 0 {
                    cards[s] |= m;
                    count += 1;
                    cover[m.trailing_zeros() as usize] += 1;
                    cover[63 - m.leading_zeros() as usize] += 1;
                }
            }
            if count < narrowest.0 {
                narrowest = (count, s);
            }
        }
        let feasible = narrowest.0 > 0 && hall_holds(left, &cards) && {
            // Branch on the seat with the fewest combos, or on the card
            // with the fewest ways to be covered (one more, leaving it out,
            // when there are more cards than the seats need).
            let union = (0..32).fold(0, |u, s| u | cards[s]);
            let spare = union.count_ones() > 2 * left.count_ones();
            let mut rarest = (u32::MAX, 0);
            let mut bits = union;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let ways = cover[c] + u32::from(spare);
                if ways < rarest.0 {
                    rarest = (ways, c);
                }
            }
            if rarest.0 < narrowest.0 {
                let card = 1u64 << rarest.1;
                self.cover_card(left, used, card) || (spare && self.run(left, used | card))
            } else {
                let seat = narrowest.1;
                self.masks[seat]
                    .iter()
                    .any(|&m| m & used == 0 && self.run(left & !(1 << seat), used | m))
            }
        };
        if !feasible {
            self.failed.insert(key);
        }
        feasible
    }

    /// The least image of `cards` under the symmetries.
    fn least(&self, cards: u64) -> u64 {
        self.symmetries
            .iter()
            .fold(cards, |least, perm| least.min(perm.mask(cards)))
    }

    /// Whether the seats in `left` can be dealt from the cards not in
    /// `used` with one of them holding `card`.
    fn cover_card(&mut self, left: u32, used: u64, card: u64) -> bool {
        let mut rest = left;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for &m in self.masks[s] {
                if m & card != 0 && m & used == 0 && self.run(left & !(1 << s), used | m) {
                    return true;
                }
            }
        }
        false
    }
}

/// The suit permutations other than the identity under which every seat's
/// set of combos is unchanged.
fn suit_symmetries(masks: &[&[u64]]) -> Vec<SuitPerm> {
    // Per seat, its combos as an adjacency: bit `b` of `pairs[a]` when `a`
    // and `b` form one.
    let pairs: Vec<[u64; 64]> = masks
        .iter()
        .map(|seat| {
            let mut pairs = [0u64; 64];
            for &m in *seat {
                let (a, b) = (m.trailing_zeros(), 63 - m.leading_zeros());
                pairs[a as usize] |= 1 << b;
            }
            pairs
        })
        .collect();
    SuitPerm::all()
        .into_iter()
        .filter(|&perm| perm != SuitPerm::IDENTITY)
        .filter(|perm| {
            masks.iter().zip(&pairs).all(|(seat, pairs)| {
                seat.iter().all(|&m| {
                    let image = perm.mask(m);
                    let (a, b) = (image.trailing_zeros(), 63 - image.leading_zeros());
                    pairs[a as usize] >> b & 1 == 1
                })
            })
        })
        .collect()
}

/// Hall's condition for the seats in `left` with possible cards `cards`:
/// whether every seat can get two distinct cards of its own, none shared
/// (a relaxation: the two need not form one of its combos). Checked as a
/// bipartite matching of seat places to cards, by augmenting paths over
/// card bitmasks; by Hall's theorem it fails exactly when some group of
/// seats has fewer than twice their number of cards among them.
fn hall_holds(left: u32, cards: &[u64; 32]) -> bool {
    let mut owner = [u8::MAX; 64];
    let mut taken = 0u64;
    let mut rest = left;
    while rest != 0 {
        let s = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        for _ in 0..2 {
            let mut seen = 0u64;
            if !augment(s, cards, &mut owner, &mut taken, &mut seen) {
                return false;
            }
        }
    }
    true
}

/// Kuhn's augmenting path from seat `s`: gives it one more card, moving
/// other seats to other cards if need be, never through cards in `seen`.
fn augment(
    s: usize,
    cards: &[u64; 32],
    owner: &mut [u8; 64],
    taken: &mut u64,
    seen: &mut u64,
) -> bool {
    let open = cards[s] & !*seen;
    let free = open & !*taken;
    if free != 0 {
        let c = free.trailing_zeros() as usize;
        *taken |= 1 << c;
        owner[c] = s as u8;
        return true;
    }
    let mut held = open;
    while held != 0 {
        let c = held.trailing_zeros() as usize;
        held &= held - 1;
        if *seen >> c & 1 == 1 {
            continue;
        }
        *seen |= 1 << c;
        let t = usize::from(owner[c]);
        if t != s && augment(t, cards, owner, taken, seen) {
            owner[c] = s as u8;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Plain depth-first search, seats in order: slow and obviously right.
    fn plain(masks: &[&[u64]], used: u64) -> bool {
        match masks.split_first() {
            None => true,
            Some((seat, rest)) => seat.iter().any(|&m| m & used == 0 && plain(rest, used | m)),
        }
    }

    /// Seats over the first `cards` cards: per seat, each pair of them
    /// with probability `density`.
    fn pairs(rng: &mut ChaCha8Rng, seats: usize, cards: u32, density: f64) -> Vec<Vec<u64>> {
        (0..seats)
            .map(|_| {
                let mut combos = Vec::new();
                for a in 0..cards {
                    for b in a + 1..cards {
                        if rng.random_bool(density) {
                            combos.push(1 << a | 1 << b);
                        }
                    }
                }
                combos
            })
            .collect()
    }

    /// Poker-like seats over the lowest `ranks` ranks: per seat, each hand
    /// class (pair, suited, offsuit) with probability `density`, and
    /// sometimes one combo more or less (which breaks suit symmetry).
    fn classes(rng: &mut ChaCha8Rng, seats: usize, ranks: u32, density: f64) -> Vec<Vec<u64>> {
        let card = |r: u32, s: u32| 1u64 << (4 * r + s);
        (0..seats)
            .map(|_| {
                let mut combos = Vec::new();
                for a in 0..ranks {
                    for b in a..ranks {
                        for kind in 0..3 {
                            if (a == b) != (kind == 0) || !rng.random_bool(density) {
                                continue;
                            }
                            for s in 0..4 {
                                for t in 0..4 {
                                    let member = match kind {
                                        0 => s < t,
                                        1 => s == t,
                                        _ => s != t,
                                    };
                                    if member {
                                        combos.push(card(a, s) | card(b, t));
                                    }
                                }
                            }
                        }
                    }
                }
                match rng.random_range(0..8) {
                    0 if combos.len() > 1 => {
                        combos.swap_remove(rng.random_range(0..combos.len()));
                    }
                    1 => {
                        let r = rng.random_range(0..ranks);
                        let extra = card(r, 0) | card(r, 3);
                        if !combos.contains(&extra) {
                            combos.push(extra);
                        }
                    }
                    _ => {}
                }
                if combos.is_empty() {
                    combos.push(card(0, 0) | card(0, 1));
                }
                combos
            })
            .collect()
    }

    fn as_slices(seats: &[Vec<u64>]) -> Vec<&[u64]> {
        seats.iter().map(Vec::as_slice).collect()
    }

    #[test]
    fn deal_exists_agrees_with_a_plain_search() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut yes, mut no) = (0, 0);
        for i in 0..2000 {
            let seats = rng.random_range(1..=6);
            let cards = rng.random_range(2 * seats as u32 - 1..=2 * seats as u32 + 3);
            let density = rng.random_range(0.05..0.6);
            let owned = if i % 2 == 0 {
                pairs(&mut rng, seats, cards, density)
            } else {
                classes(&mut rng, seats, cards.div_ceil(4), density)
            };
            let masks = as_slices(&owned);
            let expected = plain(&masks, 0);
            assert_eq!(deal_exists(&masks, u64::MAX), Some(expected), "{owned:?}");
            // With the suit symmetries from the first step.
            let mut search = Search::new(&masks, u64::MAX);
            search.symmetries = suit_symmetries(&masks);
            let all = u32::MAX >> (32 - seats);
            assert_eq!(search.run(all, 0), expected, "{owned:?}");
            if expected { yes += 1 } else { no += 1 }
        }
        assert!(yes > 400 && no > 400, "{yes} feasible, {no} not");
    }

    #[test]
    fn suit_symmetries_are_those_of_every_seat() {
        let card = |r: u64, s: u64| 1u64 << (4 * r + s);
        // Aces (every suit pair) and AK suited: all 24 permutations.
        let mut aces: Vec<u64> = Vec::new();
        for s in 0..4 {
            for t in s + 1..4 {
                aces.push(card(12, s) | card(12, t));
            }
            aces.push(card(12, s) | card(11, s));
        }
        assert_eq!(suit_symmetries(&[&aces, &aces]).len(), 23);
        // A seat holding only AcAd (suits 0 and 1) keeps the swap of 0
        // and 1, the swap of 2 and 3, and both together.
        let one = [card(12, 0) | card(12, 1)];
        let symmetries = suit_symmetries(&[&aces, &one]);
        assert_eq!(symmetries.len(), 3, "{symmetries:?}");
        for perm in &symmetries {
            assert_eq!(perm.mask(one[0]), one[0]);
        }
        assert_eq!(
            SuitPerm::new([1, 0, 3, 2])
                .unwrap()
                .mask(card(3, 2) | card(7, 0)),
            card(3, 3) | card(7, 1)
        );
    }

    /// Many seats over just enough cards, ranges made of hand classes: the
    /// hardest spots found for the search stay far below its step limit
    /// (up to about 160,000 steps in 50,000 tries; the limit is
    /// `MAX_FEASIBILITY_STEPS`).
    #[test]
    fn crowded_spots_are_decided_well_within_the_step_limit() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut most = 0;
        for _ in 0..1500 {
            let seats = rng.random_range(8..=23);
            let ranks = rng
                .random_range(seats as u32 / 2..=(seats as u32 + 2) / 2)
                .min(13);
            let density = rng.random_range(0.02..0.3);
            let owned = classes(&mut rng, seats, ranks, density);
            let masks = as_slices(&owned);
            let mut search = Search::new(&masks, MAX_FEASIBILITY_STEPS);
            search.run(u32::MAX >> (32 - seats), 0);
            most = most.max(search.steps);
        }
        assert!(most < MAX_FEASIBILITY_STEPS / 4, "{most} steps");
    }

    /// Every combo holding any card of `cards`.
    fn holding(cards: u64) -> Vec<u64> {
        (0..52u32)
            .flat_map(|a| (a + 1..52).map(move |b| 1u64 << a | 1 << b))
            .filter(|&m| m & cards != 0)
            .collect()
    }

    #[test]
    fn obvious_spots_are_decided_before_any_search_step() {
        // `50% ×5, Ah, 50%, Ah`: both `Ah` seats need the Ah. With no
        // search step allowed, only the presolve can decide.
        let half: Vec<u64> = crate::range::Range::parse("50%")
            .unwrap()
            .combos()
            .map(|(c, _)| c.mask().bits())
            .collect();
        let ace: crate::card::Card = "Ah".parse().unwrap();
        let ah = holding(ace.bit());
        let masks: Vec<&[u64]> = vec![&half, &half, &half, &half, &half, &ah, &half, &ah];
        assert_eq!(deal_exists(&masks, 0), Some(false));
        // A forced card removed from another seat forces its partner: the
        // second seat is left with 0c1c only, the third cannot be dealt.
        let pair = |a: u32, b: u32| 1u64 << a | 1 << b;
        let first = [pair(0, 2), pair(0, 3)];
        let second = [pair(0, 1), pair(1, 4)];
        let third = [pair(4, 5), pair(4, 6)];
        assert_eq!(deal_exists(&[&first, &second, &third], 0), Some(false));
        // Three seats each needing a card of {0, 1}.
        let a = [pair(0, 5), pair(1, 6)];
        let b = [pair(0, 7), pair(1, 8)];
        let c = [pair(0, 9), pair(1, 10)];
        assert_eq!(deal_exists(&[&a, &b, &c], 0), Some(false));
        // Two of them fit: the presolve refuses nothing feasible.
        assert_eq!(deal_exists(&[&a, &b], u64::MAX), Some(true));
    }

    #[test]
    fn the_search_gives_up_at_its_step_limit() {
        // 13 seats over 24 cards, each holding any two of them except a
        // pair of the same rank: infeasible (26 cards needed), decided at
        // once by Hall's condition.
        let seat: Vec<u64> = (0..24u32)
            .flat_map(|a| (a + 1..24).map(move |b| (a, b)))
            .filter(|(a, b)| a / 4 != b / 4)
            .map(|(a, b)| 1u64 << a | 1 << b)
            .collect();
        let masks = vec![seat.as_slice(); 13];
        assert_eq!(deal_exists(&masks, 1), Some(false));
        // Twelve of them fit (24 cards); with one step allowed the search
        // cannot get there.
        assert_eq!(deal_exists(&masks[..12], u64::MAX), Some(true));
        assert_eq!(deal_exists(&masks[..12], 1), None);
    }
}
