//! A line on a spot: each street's rules applied in turn, the ranges they
//! leave, each seat's continue share and the reach frequency
//! (docs/design.md §3.8).

use super::error::LineError;
use super::reach::reach;
use super::rule::{ContinueRule, Standing};
use super::standings::{Standings, standings};
use super::street::{Street, StreetRule};
use crate::analysis::classify;
use crate::card::{Card, CardSet};
use crate::equity::EquityRequest;
use crate::range::Range;

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

/// A line that stops: on some street, the rule of one seat or more keeps
/// none of its live combos, so no deal gets past that street (reach 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Stopped {
    /// The street where the line stops.
    pub street: Street,
    /// The seats whose rule keeps nothing there (request indexes, in
    /// order).
    pub seats: Vec<usize>,
    /// The spot with every seat's range as it enters that street.
    pub entering: EquityRequest,
    /// Per seat of the request, its continue share on each street where it
    /// has a rule, up to and including the street where the line stops (0
    /// for the seats that keep nothing): every ruled seat's share there is
    /// its own rule's, whatever the other seats' rules keep.
    pub shares: Vec<Vec<(Street, f64)>>,
}

/// How far a line gets on a spot ([`follow`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Followed {
    /// Every rule keeps part of its seat's range.
    Reached(Narrowed),
    /// A rule keeps nothing on some street.
    Stopped(Stopped),
}

impl Followed {
    /// Each seat's continue share on `street` (`None` for a seat without a
    /// rule there, or a street after the one where the line stopped).
    pub fn share(&self, seat: usize, street: Street) -> Option<f64> {
        let shares = match self {
            Followed::Reached(narrowed) => &narrowed.shares,
            Followed::Stopped(stopped) => &stopped.shares,
        };
        shares
            .get(seat)?
            .iter()
            .find(|&&(s, _)| s == street)
            .map(|&(_, share)| share)
    }

    /// The reach frequency (0 for a line that stops).
    pub fn reach(&self) -> f64 {
        match self {
            Followed::Reached(narrowed) => narrowed.reach,
            Followed::Stopped(_) => 0.0,
        }
    }
}

impl Stopped {
    /// The error [`narrow`] gives for this line: the first seat that keeps
    /// nothing.
    pub fn error(&self) -> LineError {
        LineError::NothingContinues {
            seat: self.seats.first().copied().unwrap_or_default(),
            street: self.street,
        }
    }
}

/// Applies `rules` to `request`: street by street up to the board's, each
/// seat's rule on its range as it enters that street (equity terms
/// against the other seats' ranges as they enter it, counted as
/// `calculate` counts the request on that street's board). Every rule's
/// street must be dealt; a rule that keeps nothing is an error
/// ([`LineError::NothingContinues`], the first such seat).
pub fn narrow(request: &EquityRequest, rules: &[StreetRule]) -> Result<Narrowed, LineError> {
    match follow(request, rules)? {
        Followed::Reached(narrowed) => Ok(narrowed),
        Followed::Stopped(stopped) => Err(stopped.error()),
    }
}

/// [`narrow`], except that a rule keeping nothing is an outcome, not an
/// error: the line stops on that street ([`Stopped`]), with every ruled
/// seat's share there. What the reports over many boards read, where a
/// rule may keep nothing on some of them.
pub fn follow(request: &EquityRequest, rules: &[StreetRule]) -> Result<Followed, LineError> {
    follow_known(request, rules, None)
}

/// [`follow`], with `known`: a street and standings of `request` itself on
/// that street's board ([`standings_of`](super::standings_of) of
/// `calculate`'s result). Where the first street with rules is that one and
/// `known` holds the standings of every seat whose rule there has an equity
/// term, they are read from it instead of counted again: what a report over
/// every flop gives, having counted them all at once.
pub fn follow_known(
    request: &EquityRequest,
    rules: &[StreetRule],
    known: Option<(Street, &Standings)>,
) -> Result<Followed, LineError> {
    check(request, rules)?;
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
        // Before any rule has narrowed a range, `current` is `request`.
        let untouched = shares.iter().all(Vec::is_empty);
        let read = || on.iter().filter(|r| r.rule.needs_equity());
        let counted;
        let standings = match known {
            _ if read().next().is_none() => None,
            Some((at, known))
                if at == street
                    && untouched
                    && read().all(|r| known.get(r.seat).is_some_and(Option::is_some)) =>
            {
                Some(known)
            }
            _ => {
                counted = standings(&current, board, street)?;
                Some(&counted)
            }
        };
        let mut next = current.clone();
        let mut empty = Vec::new();
        for r in on {
            let range = &current.seats[r.seat].range;
            let standing = standings
                .and_then(|s| s.get(r.seat))
                .and_then(Option::as_ref);
            let (narrowed, share) = apply(&r.rule, range, board, out, standing);
            if share <= 0.0 {
                empty.push(r.seat);
            }
            shares[r.seat].push((street, share));
            next.seats[r.seat].range = narrowed;
        }
        if !empty.is_empty() {
            empty.sort_unstable();
            return Ok(Followed::Stopped(Stopped {
                street,
                seats: empty,
                entering: current,
                shares,
            }));
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
    Ok(Followed::Reached(Narrowed {
        request: current,
        entering,
        shares,
        reach,
    }))
}

/// The errors a line is checked for before any rule applies: a rule on a
/// street not dealt, for a seat that is not active, or a second rule for
/// one seat and street.
fn check(request: &EquityRequest, rules: &[StreetRule]) -> Result<(), LineError> {
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
    Ok(())
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
