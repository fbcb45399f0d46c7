//! A round's computation: every question of a round and its exact answer
//! ([`engine::train::round`]), made at once on the view's own named thread
//! (`rangestove-train`, newest job wins), so the next question is on
//! screen the frame after an answer and the UI thread never counts.

use std::sync::Arc;

use engine::Range;
use engine::equity::{EquityRequest, Seat};
use engine::line::{ContinueRule, Street, StreetRule, narrow};
use engine::train::{Drill, Question, Round, round};
use engine::worker::Job;

use crate::gui::state::background::Answers;

/// What a round is made from: as `rangestove train` takes it.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundJob {
    /// The drill.
    pub drill: Drill,
    /// The level, 1 to 3.
    pub level: u8,
    /// The seed.
    pub seed: u64,
    /// How many questions.
    pub count: usize,
    /// The user's presets the round may draw from too (after the shipped
    /// ones; empty: the shipped ones only, as `rangestove train` without
    /// `--mine`).
    pub mine: Arc<[(String, Range)]>,
}

impl RoundJob {
    /// Makes the round from the shipped presets (and the user's, if
    /// asked) and top-X% ranges, as the command line does, so a seed is
    /// the same round there; on the current pool. A level with fewer
    /// different questions than asked gives as many as it has.
    pub fn run(self, job: &Job<'_, RoundFigures>) {
        let named = crate::presets::round_ranges(&self.mine);
        let made = round(self.drill, self.level, self.seed, self.count, &named, None);
        let figures = match made {
            Ok(round) => {
                let kept = round.questions.iter().map(kept_range).collect();
                RoundFigures {
                    job: self,
                    round: Ok(round),
                    kept,
                }
            }
            Err(e) => RoundFigures {
                job: self,
                round: Err(e.to_string()),
                kept: Vec::new(),
            },
        };
        job.send(figures);
    }
}

/// A lines question's range as its rule narrows it on the flop: what
/// continues, to show on the grid once answered.
fn kept_range(question: &Question) -> Option<Range> {
    let rule = ContinueRule::parse(question.rule.as_deref()?).ok()?;
    let range = Range::parse(question.ranges.first()?).ok()?;
    let mut request = EquityRequest::new(vec![Seat::active(range)]);
    request.board = question.board.clone();
    let line = [StreetRule {
        seat: 0,
        street: Street::Flop,
        rule,
    }];
    let narrowed = narrow(&request, &line).ok()?;
    Some(narrowed.request.seats.first()?.range.clone())
}

/// A round, or why it could not be made.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundFigures {
    job: RoundJob,
    /// The round.
    pub round: Result<Round, String>,
    /// Per question, the part of its range that its answer counts, where
    /// the view shows it (a lines question's continuing range).
    pub kept: Vec<Option<Range>>,
}

impl Answers<RoundJob> for RoundFigures {
    fn job(&self) -> &RoundJob {
        &self.job
    }
}
