//! The hero's equity on each street the hand reached, against the other
//! seats' ranges in the spot: counted with the engine on the view's own
//! named thread (`rangestove-hands-strip`; exact where the engine's
//! automatic method affords it, else sampled). On each street the seats
//! are those still in when its cards came (a player who folded on the
//! flop is out of the turn and the river); the strip stops at the street
//! the hero folded on.

use engine::equity::{self, EquityRequest, Method, Seat};
use engine::hands::Street;
use engine::worker::Job;
use engine::{Card, Range};

use super::spot::HandSpot;
use crate::gui::state::background::Answers;
use crate::gui::state::session::Session;

/// The streets of the strip, with the board cards each shows.
const STREETS: [(Street, usize); 4] = [
    (Street::Preflop, 0),
    (Street::Flop, 3),
    (Street::Turn, 4),
    (Street::River, 5),
];

/// What the strip is counted for: per street, its board and the ranges
/// of the seats still in, the hero's first.
#[derive(Clone, Debug, PartialEq)]
pub struct StripJob {
    streets: Vec<(Street, Vec<Card>, Vec<Range>)>,
}

impl StripJob {
    /// The job for `spot` as `session` holds it (the seats' ranges as
    /// edited), or `None` when the session's seats are no longer the
    /// spot's or the spot has no hero.
    pub fn new(spot: &HandSpot, session: &Session) -> Option<StripJob> {
        if !spot.hero_first || session.seats().len() != spot.seats.len() {
            return None;
        }
        let hero_out = spot.seats[0].folded_on;
        let streets = STREETS
            .iter()
            .filter(|(street, cards)| {
                *cards <= spot.board.len() && hero_out.is_none_or(|s| s >= *street)
            })
            .map(|&(street, cards)| {
                let ranges = spot
                    .seats
                    .iter()
                    .zip(session.seats())
                    .filter(|(s, _)| s.folded_on.is_none_or(|f| f >= street))
                    .map(|(_, seat)| seat.range.clone())
                    .collect();
                (street, spot.board[..cards].to_vec(), ranges)
            })
            .collect();
        Some(StripJob { streets })
    }

    /// Counts every street, sending the strip once whole.
    pub fn run(self, job: &Job<'_, StripFigures>) {
        let mut streets = Vec::with_capacity(self.streets.len());
        for (street, board, ranges) in &self.streets {
            if job.is_stale() {
                return;
            }
            streets.push((*street, hero_equity(board, ranges, &|| job.is_stale())));
        }
        job.send(StripFigures { job: self, streets });
    }
}

/// The hero's equity (the first range's) on `board`, and whether exact.
fn hero_equity(
    board: &[Card],
    ranges: &[Range],
    stale: &(dyn Fn() -> bool + Sync),
) -> Result<Equity, String> {
    if ranges.len() < 2 {
        return Ok(Equity {
            equity: 1.0,
            std_error: 0.0,
        });
    }
    let mut request = EquityRequest::new(ranges.iter().cloned().map(Seat::active).collect());
    request.board = board.to_vec();
    request.method = Method::Auto;
    request.preview = false;
    let result = equity::calculate(&request, stale, &mut |_| {}).map_err(|e| e.to_string())?;
    let hero = result.seats.first().ok_or("no seat counted")?;
    Ok(Equity {
        equity: hero.equity,
        std_error: hero.std_error,
    })
}

/// The hero's equity on a street.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Equity {
    /// The share of the pot.
    pub equity: f64,
    /// Its standard error (0: exact).
    pub std_error: f64,
}

/// The strip: the hero's equity on each street, or why it could not be
/// counted.
#[derive(Clone, Debug, PartialEq)]
pub struct StripFigures {
    job: StripJob,
    /// Per street reached.
    pub streets: Vec<(Street, Result<Equity, String>)>,
}

impl Answers<StripJob> for StripFigures {
    fn job(&self) -> &StripJob {
        &self.job
    }
}
