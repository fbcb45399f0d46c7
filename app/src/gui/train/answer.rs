//! The answer being given to the question on screen, its score, and the
//! round's progress: which question, and the errors so far.

use engine::Range;
use engine::train::{Answer, Overlap, Question, overlap, points_off};

use crate::gui::editor::grid::GridState;

/// A typed percentage (`47`, `47.5`, `47.5 %`), 0 to 100: the percent
/// grammar of range and rule text (`engine::range::number`).
pub fn parse_percent(text: &str) -> Option<f64> {
    engine::range::number::percent(text).ok()
}

/// How an answer was scored.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// An equity or a share: the exact figure and the guess, 0 to 1.
    Figure {
        /// The engine's figure.
        exact: f64,
        /// The answer given.
        guess: f64,
    },
    /// A painted range against the one asked for.
    Range {
        /// The weight in common, what was missed and what is extra.
        overlap: Box<Overlap>,
        /// The range painted.
        painted: Box<Range>,
    },
}

/// A scored answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    /// The error in percentage points (a painted range: 100 less its
    /// overlap score in percent).
    pub points: f64,
    /// The figures behind it.
    pub verdict: Verdict,
}

/// How far the round has gone and the answer on screen.
pub struct Progress {
    /// The question on screen (its number from 0).
    pub(super) index: usize,
    /// The answer box's text.
    pub guess_text: String,
    /// The answer in percent (the slider; the box when it reads).
    pub guess: f64,
    /// The range painted (the ranges drill).
    pub painted: Range,
    /// The painting grid.
    pub grid: GridState,
    pub(super) scored: Option<Scored>,
    /// This round's errors so far, in points.
    pub(super) points: Vec<f64>,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress {
            index: 0,
            guess_text: String::new(),
            guess: 50.0,
            painted: Range::empty(),
            grid: GridState::default(),
            scored: None,
            points: Vec::new(),
        }
    }
}

impl Progress {
    /// Back to the round's first question.
    pub(super) fn restart(&mut self) {
        self.index = 0;
        self.points.clear();
        self.clear_answer();
    }

    /// An empty answer for the next question.
    pub(super) fn clear_answer(&mut self) {
        self.scored = None;
        self.guess_text.clear();
        self.guess = 50.0;
        self.painted = Range::empty();
    }

    /// The answer box's text read into the answer (the slider follows);
    /// whether it reads.
    pub(super) fn read_guess_text(&mut self) -> bool {
        match parse_percent(&self.guess_text) {
            Some(x) => {
                self.guess = x;
                true
            }
            None => false,
        }
    }

    /// Scores the answer given to `question` (the box, or the grid
    /// painted) and keeps it as this question's score.
    pub(super) fn score(&mut self, question: &Question) -> &Scored {
        let scored = match &question.answer {
            Answer::Equity(exact) | Answer::Share(exact) => {
                let guess = self.guess / 100.0;
                Scored {
                    points: points_off(*exact, guess),
                    verdict: Verdict::Figure {
                        exact: *exact,
                        guess,
                    },
                }
            }
            Answer::Range { range, .. } => {
                let overlap = overlap(range, &self.painted);
                Scored {
                    points: 100.0 * (1.0 - overlap.score),
                    verdict: Verdict::Range {
                        overlap: Box::new(overlap),
                        painted: Box::new(self.painted.clone()),
                    },
                }
            }
        };
        self.points.push(scored.points);
        self.scored.insert(scored)
    }
}
