//! A line on a spot: each street's rules applied in turn, the ranges they
//! leave, each seat's continue share and the reach frequency
//! (docs/design.md §3.8).

use std::fmt;

use super::rule::{ContinueRule, Standing};
use crate::analysis::classify;
use crate::card::{Card, CardSet};
use crate::combo::{COMBOS, Combo};
use crate::equity::plan;
use crate::equity::{EquityError, EquityRequest, calculate};
use crate::range::Range;

/// A street a rule applies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Street {
    /// Three board cards.
    Flop,
    /// Four.
    Turn,
    /// Five.
    River,
}

impl Street {
    /// Every street a rule can name, in order.
    pub const ALL: [Street; 3] = [Street::Flop, Street::Turn, Street::River];

    /// The board cards dealt by this street.
    pub const fn cards(self) -> usize {
        match self {
            Street::Flop => 3,
            Street::Turn => 4,
            Street::River => 5,
        }
    }

    /// Its name: `flop`, `turn`, `river`.
    pub const fn name(self) -> &'static str {
        match self {
            Street::Flop => "flop",
            Street::Turn => "turn",
            Street::River => "river",
        }
    }

    /// The street named `text` (any case).
    pub fn parse(text: &str) -> Option<Street> {
        Street::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(text.trim()))
    }
}

impl fmt::Display for Street {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One seat's rule on one street.
#[derive(Clone, Debug, PartialEq)]
pub struct StreetRule {
    /// The seat, by its index in the request (active seats only).
    pub seat: usize,
    /// The street.
    pub street: Street,
    /// What continues.
    pub rule: ContinueRule,
}

/// Why a line cannot be applied to a spot.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum LineError {
    /// A rule on a street the board has not reached.
    #[error("a {street} rule needs a board of at least {} cards (the board has {board})", street.cards())]
    StreetNotDealt {
        /// The rule's street.
        street: Street,
        /// Board cards given.
        board: usize,
    },
    /// A rule for a seat that is not an active seat of the spot.
    #[error("a rule names seat {seat}, which is not an active seat")]
    NoSuchSeat {
        /// The seat as named (request index).
        seat: usize,
    },
    /// Two rules for one seat on one street.
    #[error("two {street} rules for one seat")]
    TwoRules {
        /// The street.
        street: Street,
    },
    /// A rule that keeps none of its seat's live combos.
    #[error("nothing in seat {seat}'s range continues on the {street}")]
    NothingContinues {
        /// The seat (request index).
        seat: usize,
        /// The street.
        street: Street,
    },
    /// The equities an equity term reads could not be computed.
    #[error("the equities of the {street} rules: {source}")]
    Equity {
        /// The street.
        street: Street,
        /// Why.
        source: EquityError,
    },
    /// The spot, narrowed, could not be counted (a report on a line).
    #[error(transparent)]
    Count(#[from] EquityError),
}

/// A spot with its line applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Narrowed {
    /// The spot with every seat's range as it stands on the board's
    /// street (the rules of every street dealt applied in turn).
    pub request: EquityRequest,
    /// Per seat of the request, its range as it enters the board's street:
    /// the rules of the streets before it applied, not that street's own
    /// (equal to the seat's range in `request` when it has no rule there).
    pub entering: Vec<Range>,
    /// Per seat of the request, its continue share on each street where
    /// it has a rule, in street order: the live weight its rule keeps
    /// over the live weight it enters the street with.
    pub shares: Vec<Vec<(Street, f64)>>,
    /// The probability, over the deals the board allows, that every rule
    /// so far keeps every seat's hand: the weight of the deals under the
    /// narrowed ranges over their weight under the ranges given (1 with no
    /// rule).
    pub reach: f64,
}

/// Applies `rules` to `request`: street by street up to the board's, each
/// seat's rule on its range as it enters that street (equity terms
/// against the other seats' ranges as they enter it, counted as
/// `calculate` counts the request on that street's board). Every rule's
/// street must be dealt.
pub fn narrow(request: &EquityRequest, rules: &[StreetRule]) -> Result<Narrowed, LineError> {
    for (i, r) in rules.iter().enumerate() {
        if r.street.cards() > request.board.len() {
            return Err(LineError::StreetNotDealt {
                street: r.street,
                board: request.board.len(),
            });
        }
        if request.seats.get(r.seat).is_none_or(|s| s.folded) {
            return Err(LineError::NoSuchSeat { seat: r.seat });
        }
        if rules[..i]
            .iter()
            .any(|o| o.seat == r.seat && o.street == r.street)
        {
            return Err(LineError::TwoRules { street: r.street });
        }
    }
    let mut current = request.clone();
    let mut entering = None;
    let mut shares = vec![Vec::new(); request.seats.len()];
    for street in Street::ALL {
        if street.cards() == request.board.len() {
            entering = Some(current.seats.iter().map(|s| s.range.clone()).collect());
        }
        let on: Vec<&StreetRule> = rules.iter().filter(|r| r.street == street).collect();
        if on.is_empty() {
            continue;
        }
        let board = &request.board[..street.cards()];
        let out = board.iter().fold(request.dead, |set, &c| set.with(c));
        let standings = if on.iter().any(|r| r.rule.needs_equity()) {
            Some(standings(&current, board, street)?)
        } else {
            None
        };
        let mut next = current.clone();
        for r in on {
            let range = &current.seats[r.seat].range;
            let standing = standings.as_ref().map(|s| &s[r.seat]);
            let (narrowed, share) = apply(&r.rule, range, board, out, standing);
            if share <= 0.0 {
                return Err(LineError::NothingContinues {
                    seat: r.seat,
                    street,
                });
            }
            shares[r.seat].push((street, share));
            next.seats[r.seat].range = narrowed;
        }
        current = next;
    }
    let reach = if rules.is_empty() {
        1.0
    } else {
        let out = request
            .board
            .iter()
            .fold(request.dead, |set, &c| set.with(c));
        reach(request, &current, out)
    };
    let entering =
        entering.unwrap_or_else(|| current.seats.iter().map(|s| s.range.clone()).collect());
    Ok(Narrowed {
        request: current,
        entering,
        shares,
        reach,
    })
}

/// `rule` on `range` with `board` dealt and the cards of `out` (board and
/// dead) out of play: the narrowed range (each weight times the combo's
/// continue weight, to the nearest basis point) and the share of the live
/// weight it keeps.
fn apply(
    rule: &ContinueRule,
    range: &Range,
    board: &[Card],
    out: CardSet,
    standings: Option<&Vec<Option<Standing>>>,
) -> (Range, f64) {
    let mut narrowed = Range::default();
    let (mut live, mut kept) = (0u64, 0u64);
    for (combo, bp) in range.combos() {
        if !combo.mask().is_disjoint(out) {
            continue;
        }
        let Ok(hit) = classify(combo, board) else {
            continue;
        };
        let standing = standings.and_then(|s| s[combo.index()]);
        let keep = u32::from(rule.continue_bp(combo, hit, standing));
        let weight = ((u32::from(bp) * keep + 5_000) / 10_000) as u16;
        live += u64::from(bp);
        kept += u64::from(weight);
        narrowed.set_weight_bp(combo, weight);
    }
    let share = if live > 0 {
        kept as f64 / live as f64
    } else {
        0.0
    };
    (narrowed, share)
}

/// Per seat of `request` and canonical combo, its standing on `board`
/// (`street`'s cards): its equity against the other seats from
/// `calculate`'s per-combo breakdown, and the live weight of the seat's
/// combos above and below it, as shares.
fn standings(
    request: &EquityRequest,
    board: &[Card],
    street: Street,
) -> Result<Vec<Vec<Option<Standing>>>, LineError> {
    let with = EquityRequest {
        board: board.to_vec(),
        breakdown: true,
        preview: false,
        ..request.clone()
    };
    let result = calculate(&with, &|| false, &mut |_| {})
        .map_err(|source| LineError::Equity { street, source })?;
    let mut out = vec![vec![None; COMBOS]; request.seats.len()];
    for (seat, breakdown) in result.seats.iter().zip(&result.breakdown) {
        let range = &request.seats[seat.seat].range;
        let combos: Vec<(Combo, f64, f64)> = breakdown
            .combos
            .iter()
            .map(|c| (c.combo, c.equity, f64::from(range.weight_bp(c.combo))))
            .collect();
        // By equity, weakest first: each run of equal equities has the
        // weight before it below and the weight after it above.
        let mut combos = combos;
        combos.sort_by(|a, b| a.1.total_cmp(&b.1));
        let total: f64 = combos.iter().map(|c| c.2).sum();
        let scale = total.max(f64::MIN_POSITIVE);
        let (mut at, mut below) = (0, 0.0);
        while at < combos.len() {
            let equity = combos[at].1;
            let end = at + combos[at..].iter().take_while(|c| c.1 == equity).count();
            let run: f64 = combos[at..end].iter().map(|c| c.2).sum();
            let above = total - below - run;
            for &(combo, equity, _) in &combos[at..end] {
                out[seat.seat][combo.index()] = Some(Standing {
                    equity,
                    above: above / scale,
                    below: below / scale,
                });
            }
            below += run;
            at = end;
        }
    }
    Ok(out)
}

/// Deals [`reach`] samples where enumerating would take too long.
const SAMPLED_DEALS: u32 = 1 << 20;

/// The reach frequency: the weight of the seat deals under `narrowed`'s
/// ranges over their weight under `given`'s, with the cards of `out` out
/// of play. Exact (see [`deal_weight`]) where the planner affords the
/// combos that visits (`plan::reach_exactly`); else estimated from
/// [`SAMPLED_DEALS`] deals drawn from the given ranges on a fixed
/// generator, each counting the product of its combos' narrowed over given
/// weights.
fn reach(given: &EquityRequest, narrowed: &EquityRequest, out: CardSet) -> f64 {
    let seats = |request: &EquityRequest| -> Vec<Vec<(u64, usize, f64)>> {
        request
            .seats
            .iter()
            .map(|seat| {
                seat.range
                    .combos()
                    .filter(|(combo, bp)| *bp > 0 && combo.mask().is_disjoint(out))
                    .map(|(combo, bp)| (combo.mask().bits(), combo.index(), f64::from(bp)))
                    .collect()
            })
            .collect()
    };
    let (before, after) = (seats(given), seats(narrowed));
    let mut sizes: Vec<f64> = before.iter().map(|s| s.len() as f64).collect();
    sizes.sort_by(f64::total_cmp);
    // Each partial deal of the narrower seats sums the widest two over.
    let last_two: f64 = sizes.iter().rev().take(2).sum();
    let work = sizes.iter().rev().skip(2).product::<f64>() * last_two;
    if plan::reach_exactly(work) {
        let total = deal_weight(before);
        return if total > 0.0 {
            deal_weight(after) / total
        } else {
            0.0
        };
    }
    sampled_reach(&before, narrowed)
}

/// The total weight (basis points multiplied) of the seat deals of
/// `seats` (each seat's live combos: mask, index, weight): every seat one
/// combo, no card twice. The last two seats are summed in closed form
/// (per-card sums, inclusion–exclusion), the others enumerated, narrowest
/// first.
fn deal_weight(mut seats: Vec<Vec<(u64, usize, f64)>>) -> f64 {
    seats.sort_by_key(|s| s.len());
    weight_from(&seats, 0)
}

/// [`reach`] estimated: deals drawn from `before`'s weights (each seat by
/// its cumulative weights, the whole deal redrawn on a shared card), each
/// counting the product over its seats of narrowed over given weight.
fn sampled_reach(before: &[Vec<(u64, usize, f64)>], narrowed: &EquityRequest) -> f64 {
    let cumulative: Vec<Vec<f64>> = before
        .iter()
        .map(|seat| {
            seat.iter()
                .scan(0.0, |sum, c| {
                    *sum += c.2;
                    Some(*sum)
                })
                .collect()
        })
        .collect();
    // SplitMix64 on a fixed seed: the estimate is a function of the spot.
    let mut state = 0x0123_4567_89ab_cdefu64;
    let mut unit = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    };
    let (mut sum, mut drawn, mut tries) = (0.0, 0u32, 0u64);
    while drawn < SAMPLED_DEALS && tries < 1000 * u64::from(SAMPLED_DEALS) {
        tries += 1;
        let mut used = 0u64;
        let mut ratio = 1.0;
        let mut clash = false;
        for (s, (seat, cum)) in before.iter().zip(&cumulative).enumerate() {
            let Some(&total) = cum.last() else {
                return 0.0;
            };
            let target = unit() * total;
            let at = cum.partition_point(|&c| c <= target).min(seat.len() - 1);
            let (mask, index, w) = seat[at];
            clash |= mask & used != 0;
            used |= mask;
            let combo =
                Combo::from_index(index).map_or(0, |c| narrowed.seats[s].range.weight_bp(c));
            ratio *= f64::from(combo) / w;
        }
        if !clash {
            sum += ratio;
            drawn += 1;
        }
    }
    if drawn == 0 {
        0.0
    } else {
        sum / f64::from(drawn)
    }
}

fn weight_from(seats: &[Vec<(u64, usize, f64)>], used: u64) -> f64 {
    match seats {
        [] => 1.0,
        [only] => only.iter().filter(|c| c.0 & used == 0).map(|c| c.2).sum(),
        [first, last] => {
            let mut total = 0.0;
            let mut per_card = [0.0f64; 52];
            let mut by_combo = vec![0.0f64; COMBOS];
            for &(mask, index, w) in last.iter().filter(|c| c.0 & used == 0) {
                total += w;
                let mut m = mask;
                while m != 0 {
                    per_card[m.trailing_zeros() as usize] += w;
                    m &= m - 1;
                }
                by_combo[index] = w;
            }
            first
                .iter()
                .filter(|c| c.0 & used == 0)
                .map(|&(mask, index, w)| {
                    let lo = mask.trailing_zeros() as usize;
                    let hi = 63 - mask.leading_zeros() as usize;
                    w * (total - per_card[lo] - per_card[hi] + by_combo[index])
                })
                .sum()
        }
        [first, rest @ ..] => first
            .iter()
            .filter(|c| c.0 & used == 0)
            .map(|&(mask, _, w)| w * weight_from(rest, used | mask))
            .sum(),
    }
}
