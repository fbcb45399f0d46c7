//! A validated scenario: each seat's live combos with integer weights, the
//! known board, the cards left. Validation is typed and fast, and an
//! impossible spot is rejected here ([`deal_exists`]).

use std::sync::OnceLock;

use super::error::EquityError;
use super::exact::walk::PreflopDeals;
use super::feasibility::{MAX_FEASIBILITY_STEPS, deal_exists};
use super::request::{EquityRequest, MAX_SEATS, Seat};
use super::tally::gcd;
use crate::card::{Card, CardSet};
use crate::combo::Combo;

/// One seat's combos that survive the board and dead cards.
#[derive(Clone, Debug)]
pub(crate) struct SeatCombos {
    /// The combos.
    pub(crate) combos: Vec<Combo>,
    /// Their card masks.
    pub(crate) masks: Vec<u64>,
    /// Their weights in basis points divided by the gcd of the seat's
    /// weights: unweighted ranges have weight 1 everywhere, so products of
    /// weights stay small integers.
    pub(crate) weights: Vec<u64>,
    /// What the weights were divided by: basis points are
    /// `weight * divisor`.
    pub(crate) divisor: u64,
    /// The combos of the range, clear of the board and dead cards, that
    /// another seat's single combo shares a card with: no deal gives them
    /// to the seat, so they are not in `combos` (in index order).
    pub(crate) clashing: Vec<Combo>,
}

/// A validated request, ready to compute.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Every seat (active and folded) in request order.
    pub(crate) seats: Vec<SeatCombos>,
    /// Indices of the active seats, in order.
    pub(crate) active: Vec<usize>,
    /// The known board cards.
    pub(crate) board: Vec<Card>,
    /// Board and dead cards.
    pub(crate) known: CardSet,
    /// Cards of seats whose range is down to one combo: those seats always
    /// hold them, so no board or other seat can.
    pub(crate) fixed: CardSet,
    /// Board cards still to come.
    pub(crate) missing: usize,
    /// Whether per-combo tallies are asked for (`EquityRequest::breakdown`).
    pub(crate) breakdown: bool,
    /// The preflop deals, listed once they are asked for
    /// ([`preflop_deals`](crate::equity::exact::deal_major::preflop_deals)); a setup
    /// made from another with other seats or another breakdown starts
    /// with none.
    pub(crate) preflop_deals: OnceLock<Option<PreflopDeals>>,
}

/// Why seat `index` of `request` has no hand: its range is empty, or the
/// board and dead cards remove every combo of it.
fn no_hand_error(request: &EquityRequest, index: usize) -> EquityError {
    if request.seats[index].range.is_empty() {
        return EquityError::EmptyRange { seat: index };
    }
    let removed = match (request.board.is_empty(), request.dead.is_empty()) {
        (false, true) => "the board cards",
        (true, false) => "the dead cards",
        _ => "the board and dead cards",
    };
    EquityError::RangeRemoved {
        seat: index,
        removed,
    }
}

/// Every seat of `request` (active or folded) left without a hand, each
/// with its error ([`EquityError::EmptyRange`] or
/// [`EquityError::RangeRemoved`]), in seat order. Validation stops at the
/// first; a player fixing a spot wants to see them all at once.
pub fn seats_without_hands(request: &EquityRequest) -> Vec<EquityError> {
    let known = request.board.iter().fold(request.dead, |mut known, &card| {
        known.insert(card);
        known
    });
    (0..request.seats.len())
        .filter(|&index| {
            request.seats[index]
                .range
                .combos()
                .all(|(c, _)| !c.mask().is_disjoint(known))
        })
        .map(|index| no_hand_error(request, index))
        .collect()
}

impl Setup {
    /// Validates `request` (typed errors, within milliseconds) and prepares
    /// it.
    pub fn new(request: &EquityRequest) -> Result<Setup, EquityError> {
        let (known, active) = Setup::checked(&request.board, request.dead, &request.seats)?;
        let mut seats = Vec::with_capacity(request.seats.len());
        for (index, seat) in request.seats.iter().enumerate() {
            let live: Vec<(Combo, u16)> = seat
                .range
                .combos()
                .filter(|(c, _)| c.mask().is_disjoint(known))
                .collect();
            if live.is_empty() {
                return Err(no_hand_error(request, index));
            }
            let divisor = live
                .iter()
                .fold(0, |g, &(_, w)| gcd(g, u128::from(w)))
                .max(1) as u64;
            seats.push(SeatCombos {
                combos: live.iter().map(|&(c, _)| c).collect(),
                masks: live.iter().map(|&(c, _)| c.mask().bits()).collect(),
                weights: live.iter().map(|&(_, w)| u64::from(w) / divisor).collect(),
                divisor,
                clashing: Vec::new(),
            });
        }
        let fixed = Setup::fix_single_combos(&mut seats)?;
        Setup {
            seats,
            fixed,
            active,
            board: request.board.clone(),
            known,
            missing: 5 - request.board.len(),
            breakdown: request.breakdown,
            preflop_deals: OnceLock::new(),
        }
        .if_feasible()
    }

    /// `self` where some deal is possible, else why not.
    pub(crate) fn if_feasible(self) -> Result<Setup, EquityError> {
        match self.feasible() {
            Some(true) => Ok(self),
            Some(false) => Err(EquityError::NoFeasibleDeal),
            None => Err(EquityError::FeasibilityUndecided {
                steps: MAX_FEASIBILITY_STEPS,
            }),
        }
    }

    /// The cards a request knows (its `board` and `dead` cards) and its
    /// active `seats`, once its cards and seats are checked: what
    /// [`Setup::new`] checks before it looks at the ranges.
    pub(crate) fn checked(
        board: &[Card],
        dead: CardSet,
        seats: &[Seat],
    ) -> Result<(CardSet, Vec<usize>), EquityError> {
        // A card given twice first: `AhAh` is "Ah twice", not "2 cards".
        let mut known = CardSet::EMPTY;
        for &card in board {
            if !known.insert(card) {
                return Err(EquityError::DuplicateCard(card));
            }
        }
        let n = board.len();
        if !matches!(n, 0 | 3 | 4 | 5) {
            return Err(EquityError::BoardSize(n));
        }
        for card in dead.iter() {
            if !known.insert(card) {
                return Err(EquityError::DuplicateCard(card));
            }
        }
        if seats.len() > MAX_SEATS {
            return Err(EquityError::TooManySeats(seats.len()));
        }
        let active: Vec<usize> = (0..seats.len()).filter(|&i| !seats[i].folded).collect();
        if active.len() < 2 {
            return Err(EquityError::TooFewSeats(active.len()));
        }
        let needed = seats.len() * 2 + 5 - n;
        let left = 52 - known.len();
        if needed > left {
            return Err(EquityError::NotEnoughCards {
                seats: seats.len(),
                to_come: 5 - n,
                needed,
                left,
            });
        }
        Ok((known, active))
    }

    /// Seats down to one combo hold its cards in every deal: removes those
    /// cards from the other seats (repeating while that leaves another seat
    /// with one combo), keeping what each seat loses in its `clashing`,
    /// and returns them.
    fn fix_single_combos(seats: &mut [SeatCombos]) -> Result<CardSet, EquityError> {
        let mut fixed = 0u64;
        loop {
            let mut single = 0u64;
            for seat in seats.iter().filter(|s| s.masks.len() == 1) {
                if single & seat.masks[0] != 0 {
                    return Err(EquityError::NoFeasibleDeal);
                }
                single |= seat.masks[0];
            }
            if single == fixed {
                return Ok(CardSet::from_bits(fixed));
            }
            fixed = single;
            for seat in seats.iter_mut().filter(|s| s.masks.len() > 1) {
                let (kept, lost): (Vec<usize>, Vec<usize>) =
                    (0..seat.masks.len()).partition(|&i| seat.masks[i] & fixed == 0);
                seat.clashing.extend(lost.iter().map(|&i| seat.combos[i]));
                seat.clashing.sort_unstable_by_key(|c| c.index());
                seat.combos = kept.iter().map(|&i| seat.combos[i]).collect();
                seat.weights = kept.iter().map(|&i| seat.weights[i]).collect();
                seat.masks = kept.iter().map(|&i| seat.masks[i]).collect();
                if seat.masks.is_empty() {
                    return Err(EquityError::NoFeasibleDeal);
                }
            }
        }
    }

    /// Whether some deal gives every seat a live combo with all cards
    /// distinct (`None`: undecided). Exact, not sampled: see
    /// [`deal_exists`].
    fn feasible(&self) -> Option<bool> {
        let masks: Vec<&[u64]> = self.seats.iter().map(|s| s.masks.as_slice()).collect();
        deal_exists(&masks, MAX_FEASIBILITY_STEPS)
    }

    /// The number of seat deals, or `None` when above `limit` (counted by
    /// enumeration, stopping early), or when counting would visit more
    /// than [`COUNT_STEPS_PER_DEAL`] times `limit` combos: partial deals
    /// that complete to none (seats that clash with earlier ones) cost
    /// visits without adding deals, and such spots could take minutes to
    /// count. The seats are walked fewest combos first (the count does not
    /// depend on the order), which cuts those dead ends early.
    pub(crate) fn count_deals(&self, limit: u64) -> Option<u64> {
        self.count_deals_without(usize::MAX, limit)
    }

    /// [`Setup::count_deals`] of every seat but `skip`.
    pub(crate) fn count_deals_without(&self, skip: usize, limit: u64) -> Option<u64> {
        let mut order: Vec<&SeatCombos> = (self.seats.iter().enumerate())
            .filter(|&(s, _)| s != skip)
            .map(|(_, seat)| seat)
            .collect();
        order.sort_by_key(|s| s.masks.len());
        let mut counter = DealCounter {
            count: 0,
            steps: 0,
            limit,
            max_steps: limit.saturating_mul(COUNT_STEPS_PER_DEAL),
        };
        counter.count_from(&order, 0).then_some(counter.count)
    }

    /// Calls `f(positions, mask, weight)` for every seat deal (one live
    /// combo per seat, cards distinct), with each seat's position in its
    /// combo list, the deal's card mask and its weight product; `f` returns
    /// false to stop.
    pub(crate) fn for_each_deal(&self, f: &mut dyn FnMut(&[u16], u64, u128) -> bool) {
        self.for_each_deal_without(usize::MAX, f);
    }

    /// [`Setup::for_each_deal`] over every seat but `skip` (its position
    /// left 0).
    pub(crate) fn for_each_deal_without(
        &self,
        skip: usize,
        f: &mut dyn FnMut(&[u16], u64, u128) -> bool,
    ) {
        let mut positions = vec![0u16; self.seats.len()];
        self.deal_from(0, skip, 0, 1, &mut positions, f);
    }

    fn deal_from(
        &self,
        seat: usize,
        skip: usize,
        used: u64,
        weight: u128,
        positions: &mut [u16],
        f: &mut dyn FnMut(&[u16], u64, u128) -> bool,
    ) -> bool {
        if seat == self.seats.len() {
            return f(positions, used, weight);
        }
        if seat == skip {
            return self.deal_from(seat + 1, skip, used, weight, positions, f);
        }
        let combos = &self.seats[seat];
        for (i, &mask) in combos.masks.iter().enumerate() {
            if mask & used != 0 {
                continue;
            }
            positions[seat] = i as u16;
            // Saturates only where the planner refuses exact counting
            // (`plan::tallies_fit`); counting deals ignores it.
            let w = weight.saturating_mul(u128::from(combos.weights[i]));
            if !self.deal_from(seat + 1, skip, used | mask, w, positions, f) {
                return false;
            }
        }
        true
    }

    /// The largest weight product of any deal (a bound for overflow checks).
    pub(crate) fn max_weight(&self) -> f64 {
        self.seats
            .iter()
            .map(|s| s.weights.iter().copied().max().unwrap_or(1) as f64)
            .product()
    }

    /// A bound on the total weight of `deals` deals (for overflow checks):
    /// the largest deal weight times the deals, or the product of the
    /// seats' total weights (each deal's weight is one term of that
    /// product's expansion), whichever is smaller.
    pub(crate) fn deal_weight_bound(&self, deals: f64) -> f64 {
        let totals: f64 = self
            .seats
            .iter()
            .map(|s| s.weights.iter().map(|&w| w as f64).sum::<f64>())
            .product();
        (self.max_weight() * deals).min(totals)
    }

    /// The cards that may still come on the board: not on it, not dead, not
    /// in a seat's only combo.
    pub(crate) fn deck(&self) -> Vec<Card> {
        CardSet::from_bits(self.known.bits() | self.fixed.bits())
            .complement()
            .iter()
            .collect()
    }

    /// The active seats' indices.
    pub fn active(&self) -> &[usize] {
        &self.active
    }

    /// Where each active seat's live combos start in flat per-combo arrays
    /// (the active seats' live combos side by side, in order), and their
    /// total: the layout of rank arrays and breakdown counters.
    pub(crate) fn combo_offsets(&self) -> (Vec<usize>, usize) {
        let mut offsets = Vec::with_capacity(self.active.len());
        let mut next = 0;
        for &s in &self.active {
            offsets.push(next);
            next += self.seats[s].combos.len();
        }
        (offsets, next)
    }

    /// The active seats' live combos in all.
    pub(crate) fn live_combos(&self) -> usize {
        self.active
            .iter()
            .map(|&s| self.seats[s].combos.len())
            .sum()
    }
}

/// Combos [`Setup::count_deals`] may visit per deal of its limit.
const COUNT_STEPS_PER_DEAL: u64 = 32;

/// The state of [`Setup::count_deals`].
struct DealCounter {
    count: u64,
    steps: u64,
    limit: u64,
    max_steps: u64,
}

impl DealCounter {
    /// Counts the deals of `seats` from `used`; false once over a limit.
    fn count_from(&mut self, seats: &[&SeatCombos], used: u64) -> bool {
        let Some((seat, later)) = seats.split_first() else {
            self.count += 1;
            return self.count <= self.limit;
        };
        self.steps += seat.masks.len() as u64;
        if self.steps > self.max_steps {
            return false;
        }
        if later.is_empty() {
            self.count += seat.masks.iter().filter(|&&m| m & used == 0).count() as u64;
            return self.count <= self.limit;
        }
        for &mask in &seat.masks {
            if mask & used == 0 && !self.count_from(later, used | mask) {
                return false;
            }
        }
        true
    }
}
