//! The hits drill's questions on one flop: how much of a range makes a
//! made hand or draw (over every flop: `every_flop`).

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::every_flop::{EVERY_FLOP_TESTS, share_over_every_flop};
use super::pick::{Picked, pick_range, random_board};
use super::question::{Answer, Question};
use crate::analysis::{BoardBreakdown, Draw, MadeHand};
use crate::card::{Card, CardSet};
use crate::combo::Combo;
use crate::range::Range;

/// A hits question's words, the continue rule (§3.8) keeping the same
/// combos, and its test.
type HitTest = (
    &'static str,
    &'static str,
    fn(&BoardBreakdown, Combo) -> bool,
);

pub(super) fn made_at_least(b: &BoardBreakdown, combo: Combo, weakest: MadeHand) -> bool {
    b.made
        .iter()
        .any(|r| r.what <= weakest && r.combos.contains(&combo))
}

pub(super) fn has_draw(b: &BoardBreakdown, combo: Combo, draws: &[Draw]) -> bool {
    b.draws
        .iter()
        .any(|r| draws.contains(&r.what) && r.combos.contains(&combo))
}

pub(super) const HIT_TESTS: [&[HitTest]; 3] = [
    &[("two pair or better", "two-pair+", |b, c| {
        made_at_least(b, c, MadeHand::TwoPair)
    })],
    &[
        ("a flush draw", "flush-draw", |b, c| {
            has_draw(b, c, &[Draw::FlushDraw])
        }),
        ("top pair (any kicker)", "top-pair", |b, c| {
            b.made.iter().any(|r| {
                matches!(
                    r.what,
                    MadeHand::TopPairTopKicker
                        | MadeHand::TopPairGoodKicker
                        | MadeHand::TopPairWeakKicker
                ) && r.combos.contains(&c)
            })
        }),
        ("an open-ended straight draw", "oesd", |b, c| {
            has_draw(b, c, &[Draw::OpenEnded])
        }),
        ("an overpair or better", "overpair+", |b, c| {
            made_at_least(b, c, MadeHand::Overpair)
        }),
    ],
    &[(
        "a pair or better, or a flush or straight draw",
        "pair+,flush-draw,oesd,gutshot",
        |b, c| {
            made_at_least(b, c, MadeHand::Underpair)
                || has_draw(b, c, &[Draw::FlushDraw, Draw::OpenEnded, Draw::Gutshot])
        },
    )],
];

pub(super) fn hits_question(
    rng: &mut ChaCha8Rng,
    level: u8,
    named: &[(String, Range)],
) -> Option<Question> {
    let Picked { name, text, range } = pick_range(rng, named);
    // From level 2, a question in four is over every flop (no board).
    if level >= 2 && rng.random_range(0..4) == 0 {
        let (words, test) = EVERY_FLOP_TESTS[rng.random_range(0..EVERY_FLOP_TESTS.len())];
        return Some(Question {
            prompt: format!("How often does {name} flop {words} (over every flop)?"),
            rule: None,
            ranges: vec![text],
            board: Vec::new(),
            answer: Answer::Share(share_over_every_flop(&range, test)?),
        });
    }
    let board = random_board(rng, CardSet::EMPTY, 3);
    let tests = HIT_TESTS[usize::from(level - 1)];
    let (words, rule, test) = tests[rng.random_range(0..tests.len())];
    let breakdown = BoardBreakdown::new(&range, &board, CardSet::EMPTY).ok()?;
    if breakdown.total <= 0.0 {
        return None;
    }
    let known = board.iter().fold(CardSet::EMPTY, |s, &c| s.with(c));
    // Folded from +0.0: `f64`'s `Sum` of nothing (no combo hits) is -0.0.
    let hit = (range.combos())
        .filter(|(c, _)| c.mask().is_disjoint(known) && test(&breakdown, *c))
        .fold(0.0, |sum, (_, w)| sum + f64::from(w) / 10_000.0);
    let flop: String = board.iter().map(Card::to_string).collect();
    Some(Question {
        prompt: format!("How often does {name} have {words} on {flop}?"),
        rule: Some(rule.to_owned()),
        ranges: vec![text],
        board,
        answer: Answer::Share(hit / breakdown.total),
    })
}
