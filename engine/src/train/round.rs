//! Making a round: questions drawn from the seed until the round is full
//! or the level has no more different ones (docs/design.md §3.10).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::equity::equity_question;
use super::error::TrainError;
use super::hits::hits_question;
use super::lines::lines_question;
use super::question::{Answer, Drill, Question, Round};
use super::ranges::ranges_question;
use crate::range::Range;

/// Makes a round: `count` questions of `drill` at `level` from `seed`,
/// ranges drawn from `named` (name, range) and top-X% ranges; answers
/// counted exactly on `threads` (`None`: the current pool).
///
/// The round's policy: questions are drawn until the round is full or
/// `50 × count` draws have been made, and a repeat is drawn again. A level
/// with fewer different questions than asked gives the round as many as it
/// has (`Round::questions` shorter than `Round::asked`, which callers
/// show); only a round of none is an error.
pub fn round(
    drill: Drill,
    level: u8,
    seed: u64,
    count: usize,
    named: &[(String, Range)],
    threads: Option<usize>,
) -> Result<Round, TrainError> {
    if !(1..=3).contains(&level) {
        return Err(TrainError::Level(level));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut questions: Vec<Question> = Vec::new();
    let mut tries = 0;
    while questions.len() < count && tries < 50 * count.max(1) {
        tries += 1;
        let question = match drill {
            Drill::Equity => equity_question(&mut rng, level, named, threads)?,
            Drill::Hits => hits_question(&mut rng, level, named),
            Drill::Ranges => ranges_question(&mut rng, level, named),
            Drill::Lines => lines_question(&mut rng, level, named),
        };
        let Some(question) = question else {
            continue;
        };
        let same = |q: &Question| q.ranges == question.ranges && q.board == question.board;
        let repeated = match &question.answer {
            Answer::Range { name, .. } => questions
                .iter()
                .any(|q| matches!(&q.answer, Answer::Range { name: n, .. } if n == name)),
            _ => questions
                .iter()
                .any(|q| same(q) && q.prompt == question.prompt),
        };
        if !repeated {
            questions.push(question);
        }
    }
    if questions.is_empty() && count > 0 {
        return Err(TrainError::NoQuestion);
    }
    Ok(Round {
        drill,
        level,
        seed,
        asked: count,
        questions,
    })
}
