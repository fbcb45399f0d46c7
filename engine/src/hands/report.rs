//! A hand analysed: the replay's pots, the outcome and the all-in
//! figures, beside the hand as read (docs/design.md §3.11).

use super::all_in::{AllIn, all_in};
use super::chips::Chips;
use super::error::HandError;
use super::model::{Hand, Street};
use super::outcome::{Outcome, outcome};
use super::replay::{Pot, Replay, ReplayError, replay};

/// A hand with everything derived from it.
#[derive(Clone, Debug, PartialEq)]
pub struct HandReport {
    /// The hand as read.
    pub hand: Hand,
    /// What each player put in, uncalled bets returned.
    pub contributed: Vec<Chips>,
    /// The chips each action put in, one per action of the hand.
    pub amounts: Vec<Chips>,
    /// The pot at the end of each street played.
    pub street_pots: Vec<(Street, Chips)>,
    /// The pots, main pot first.
    pub pots: Vec<Pot>,
    /// Who collected what and the rake, when known.
    pub outcome: Option<Outcome>,
    /// The all-in moment's figures, when there was one with every player
    /// still in showing cards.
    pub all_in: Option<AllIn>,
}

impl HandReport {
    /// Each player's result: collected less put in (`None`: not known).
    pub fn results(&self) -> Option<Vec<Chips>> {
        let outcome = self.outcome.as_ref()?;
        Some(
            outcome
                .collected
                .iter()
                .zip(&self.contributed)
                .map(|(&c, &p)| c - p)
                .collect(),
        )
    }

    /// Each player's expected result when there was an all-in: the pot
    /// shares for those in it, what they put in lost for the others.
    pub fn expected_results(&self) -> Option<Vec<f64>> {
        let all_in = self.all_in.as_ref()?;
        let mut out: Vec<f64> = self.contributed.iter().map(|c| -c.to_f64()).collect();
        for p in &all_in.players {
            out[p.player] = p.expected;
        }
        Some(out)
    }
}

/// Analyses `hand`: replays it, settles the pots and counts the all-in.
/// A hand from [`super::HandReader`] has replayed once already, so the
/// errors left are a stated collection the pots do not hold and an
/// all-in the engine refuses; they name the hand, on line 0.
pub fn analyse(hand: Hand) -> Result<HandReport, HandError> {
    match replay(&hand) {
        Ok(replay) => report(hand, replay),
        Err(e) => Err(error(&hand, e)),
    }
}

/// The report of `hand` from its `replay`: the outcome and the all-in.
pub(super) fn report(hand: Hand, replay: Replay) -> Result<HandReport, HandError> {
    let outcome = outcome(&hand, &replay).map_err(|e| error(&hand, e))?;
    let all_in = all_in(&hand, &replay, outcome.as_ref()).map_err(|e| error(&hand, e))?;
    Ok(HandReport {
        contributed: replay.contributed,
        amounts: replay.amounts,
        street_pots: replay.street_pots,
        pots: replay.pots,
        outcome,
        all_in,
        hand,
    })
}

/// An analysis error, naming the hand on line 0.
fn error(hand: &Hand, (kind, token): ReplayError) -> HandError {
    HandError {
        hand: hand.id.clone().unwrap_or_default(),
        line: 0,
        token,
        kind,
    }
}
