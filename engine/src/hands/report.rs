//! A hand analysed: the replay's pots, the outcome and the all-in
//! figures, beside the hand as read (docs/design.md §3.11).

use super::all_in::{AllIn, all_in};
use super::chips::Chips;
use super::model::{Hand, Street};
use super::outcome::{Outcome, outcome};
use super::replay::{Pot, ReplayError, replay};

/// A hand with everything derived from it.
#[derive(Clone, Debug, PartialEq)]
pub struct HandReport {
    /// The hand as read.
    pub hand: Hand,
    /// What each player put in, uncalled bets returned.
    pub contributed: Vec<Chips>,
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
pub fn analyse(hand: Hand) -> Result<HandReport, ReplayError> {
    let replay = replay(&hand)?;
    let outcome = outcome(&hand, &replay)?;
    let all_in = all_in(&hand, &replay, outcome.as_ref())?;
    Ok(HandReport {
        contributed: replay.contributed,
        street_pots: replay.street_pots,
        pots: replay.pots,
        outcome,
        all_in,
        hand,
    })
}
