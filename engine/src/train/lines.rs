//! The lines drill's questions: how much of a range a continue rule keeps
//! on a flop.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::pick::{Picked, pick_range, random_board};
use super::question::{Answer, Question};
use crate::card::{Card, CardSet};
use crate::equity::{EquityRequest, Seat};
use crate::range::Range;

/// The rules the lines drill asks about, by level.
pub(super) const LINE_RULES: [&[&str]; 3] = [
    &["two-pair+", "top-pair+", "pair+", "overpair+"],
    &[
        "pair+,flush-draw,oesd",
        "top-pair+,flush-draw",
        "two-pair+,flush-draw,oesd,gutshot",
        "pair+,oesd,gutshot",
    ],
    &[
        "two-pair+,flush-draw,oesd,gutshot:0.5",
        "pair+,-underpair,flush-draw:0.5",
        "top-pair+,nut-flush-draw,oesd:0.5,backdoor-flush:0.25",
        "overpair+,set,flush-draw,-paired-board",
    ],
];

pub(super) fn lines_question(
    rng: &mut ChaCha8Rng,
    level: u8,
    named: &[(String, Range)],
) -> Option<Question> {
    let Picked { name, text, range } = pick_range(rng, named);
    let board = random_board(rng, CardSet::EMPTY, 3);
    let rules = LINE_RULES[usize::from(level - 1)];
    let rule_text = rules[rng.random_range(0..rules.len())];
    let rule = crate::line::ContinueRule::parse(rule_text).ok()?;
    let mut request = EquityRequest::new(vec![Seat::active(range)]);
    request.board = board.clone();
    let line = [crate::line::StreetRule {
        seat: 0,
        street: crate::line::Street::Flop,
        rule,
    }];
    let share = match crate::line::narrow(&request, &line) {
        Ok(narrowed) => narrowed.shares[0][0].1,
        Err(crate::line::LineError::NothingContinues { .. }) => 0.0,
        Err(_) => return None,
    };
    let flop: String = board.iter().map(Card::to_string).collect();
    Some(Question {
        prompt: format!(
            "{name} continues on {flop} with {rule_text}: how much of its range continues?"
        ),
        rule: Some(rule_text.to_owned()),
        ranges: vec![text],
        board,
        answer: Answer::Share(share),
    })
}
