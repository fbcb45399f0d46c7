//! The ranges drill's questions: a named range to paint from memory.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::pick::PERCENTS;
use super::question::{Answer, Question};
use crate::range::Range;

pub(super) fn ranges_question(
    rng: &mut ChaCha8Rng,
    level: u8,
    named: &[(String, Range)],
) -> Option<Question> {
    let pool: Vec<(String, Range)> = match level {
        1 => PERCENTS
            .iter()
            .filter_map(|p| {
                let text = format!("{p}%");
                Range::parse(&text).ok().map(|r| (format!("top {p}%"), r))
            })
            .collect(),
        2 => named.to_vec(),
        _ => {
            let weighted: Vec<_> = named
                .iter()
                .filter(|(_, r)| !r.is_unweighted())
                .cloned()
                .collect();
            if weighted.is_empty() {
                named.to_vec()
            } else {
                weighted
            }
        }
    };
    if pool.is_empty() {
        return None;
    }
    let (name, range) = pool[rng.random_range(0..pool.len())].clone();
    Some(Question {
        ranges: Vec::new(),
        board: Vec::new(),
        prompt: format!("Paint {name}"),
        rule: None,
        answer: Answer::Range {
            name,
            range: Box::new(range),
        },
    })
}
