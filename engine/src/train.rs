//! The trainer's rounds (docs/design.md §3.10): questions on equity, hit
//! frequencies and ranges, each with its exact answer from the engine, and
//! the scoring of answers.
//!
//! A round is a function of its drill, level, seed and size alone (the
//! questions are drawn from a ChaCha8 generator; every answer is counted
//! exactly), so the same seed gives the same round on any machine and
//! thread count, and a round never repeats a question.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::analysis::{BoardBreakdown, Draw, MadeHand};
use crate::card::{Card, CardSet};
use crate::combo::{COMBOS, Combo};
use crate::equity::{EquityError, EquityRequest, Method, Seat, calculate};
use crate::range::Range;

mod every_flop;

use every_flop::{EVERY_FLOP_TESTS, share_over_every_flop};

/// What a round drills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Drill {
    /// A seat's equity: hand vs hand preflop (level 1), a hand against a
    /// range on a flop, turn or river (2), ranges against each other or
    /// three-way (3).
    Equity,
    /// How often a range holds a made hand or draw on a flop: two pair or
    /// better (1), a flush draw, top pair, an open-ender or an overpair or
    /// better (2), a pair or better or any straight or flush draw (3).
    Hits,
    /// Paint a named range from memory: top-X% ranges (1), the named
    /// ranges given (2), those with weights among them (3).
    Ranges,
    /// How much of a range continues on a flop by a continue rule
    /// (docs/design.md §3.8): made hands (1), made hands and draws (2),
    /// weighted terms and removals (3).
    Lines,
}

impl Drill {
    /// Its name: `equity`, `hits`, `ranges`.
    pub fn name(self) -> &'static str {
        match self {
            Drill::Equity => "equity",
            Drill::Hits => "hits",
            Drill::Ranges => "ranges",
            Drill::Lines => "lines",
        }
    }
}

/// A question's exact answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The first seat's equity.
    Equity(f64),
    /// The share of the range's live weight the question names (a hits
    /// question), or its continue share (a lines question).
    Share(f64),
    /// The range to paint: its name and canonical text.
    Range {
        /// The name asked for.
        name: String,
        /// The range (boxed: a range is 2.6 KB).
        range: Box<Range>,
    },
}

/// One question.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// The seats' ranges as range text (a hand is a range of one combo);
    /// none for a ranges question.
    pub ranges: Vec<String>,
    /// The board.
    pub board: Vec<Card>,
    /// What is asked, in a player's words.
    pub prompt: String,
    /// A lines question's continue rule, as rule text; for a hits question
    /// on a flop, the rule keeping the combos it counts.
    pub rule: Option<String>,
    /// The exact answer.
    pub answer: Answer,
}

/// A round.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    /// Its drill.
    pub drill: Drill,
    /// Its level, 1 to 3.
    pub level: u8,
    /// Its seed.
    pub seed: u64,
    /// Its questions, none repeated.
    pub questions: Vec<Question>,
}

/// Why a round cannot be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TrainError {
    /// A level outside 1 to 3.
    #[error("the level must be 1, 2 or 3 (got {0})")]
    Level(u8),
    /// Fewer distinct questions than asked for.
    #[error("only {found} different questions can be asked at this level, not {asked}")]
    TooFewQuestions {
        /// Questions asked for.
        asked: usize,
        /// Different questions found.
        found: usize,
    },
    /// A spot's answer could not be counted.
    #[error(transparent)]
    Count(#[from] EquityError),
}

/// The percentages of the top-X% ranges the drills use.
const PERCENTS: [u8; 9] = [5, 8, 10, 15, 20, 25, 30, 40, 50];

/// Makes a round: `count` questions of `drill` at `level` from `seed`,
/// ranges drawn from `named` (name, range) and top-X% ranges; answers
/// counted exactly on `threads` (`None`: the current pool).
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
    if questions.len() < count {
        return Err(TrainError::TooFewQuestions {
            asked: count,
            found: questions.len(),
        });
    }
    Ok(Round {
        drill,
        level,
        seed,
        questions,
    })
}

/// A range for a question: a top-X% range, or one of `named`; its text
/// as range text takes it (`15%`, or the canonical text), its name as the
/// prompt says it, and the range.
fn pick_range(rng: &mut ChaCha8Rng, named: &[(String, Range)]) -> Picked {
    if named.is_empty() || rng.random_bool(0.5) {
        let pct = PERCENTS[rng.random_range(0..PERCENTS.len())];
        let text = format!("{pct}%");
        let range = Range::parse(&text).unwrap_or_default();
        Picked {
            name: format!("top {pct}%"),
            text,
            range,
        }
    } else {
        let (name, range) = &named[rng.random_range(0..named.len())];
        Picked {
            name: name.clone(),
            text: range.canonical(),
            range: range.clone(),
        }
    }
}

/// A seat's range in a question.
struct Picked {
    /// As a prompt names it.
    name: String,
    /// As range text.
    text: String,
    range: Range,
}

impl Picked {
    fn hand(combo: Combo) -> Picked {
        Picked {
            name: combo.to_string(),
            text: combo.to_string(),
            range: one(combo),
        }
    }
}

/// The range of one combo.
fn one(combo: Combo) -> Range {
    let mut range = Range::empty();
    range.set_weight_bp(combo, 10_000);
    range
}

/// A combo holding none of `used`.
fn random_hand(rng: &mut ChaCha8Rng, used: CardSet) -> Combo {
    loop {
        if let Some(c) = Combo::from_index(rng.random_range(0..COMBOS))
            && c.mask().is_disjoint(used)
        {
            return c;
        }
    }
}

/// `n` random cards holding none of `used`, in the order dealt.
fn random_board(rng: &mut ChaCha8Rng, used: CardSet, n: usize) -> Vec<Card> {
    let mut board: Vec<Card> = Vec::new();
    while board.len() < n {
        if let Some(card) = Card::from_index(rng.random_range(0..52u8))
            && !used.contains(card)
            && !board.contains(&card)
        {
            board.push(card);
        }
    }
    board
}

fn equity_question(
    rng: &mut ChaCha8Rng,
    level: u8,
    named: &[(String, Range)],
    threads: Option<usize>,
) -> Result<Option<Question>, TrainError> {
    let (ranges, board): (Vec<Picked>, Vec<Card>) = match level {
        1 => {
            let a = random_hand(rng, CardSet::EMPTY);
            let b = random_hand(rng, a.mask());
            (vec![Picked::hand(a), Picked::hand(b)], Vec::new())
        }
        2 => {
            let street = rng.random_range(3..=5);
            let board = random_board(rng, CardSet::EMPTY, street);
            let known = board.iter().fold(CardSet::EMPTY, |s, &c| s.with(c));
            let hero = random_hand(rng, known);
            let villain = pick_range(rng, named);
            (vec![Picked::hand(hero), villain], board)
        }
        _ => {
            let street = rng.random_range(3..=5);
            let board = random_board(rng, CardSet::EMPTY, street);
            if rng.random_bool(0.5) {
                (vec![pick_range(rng, named), pick_range(rng, named)], board)
            } else {
                let known = board.iter().fold(CardSet::EMPTY, |s, &c| s.with(c));
                let hero = random_hand(rng, known);
                let board = board[..3.min(board.len())].to_vec();
                let seats = vec![
                    Picked::hand(hero),
                    pick_range(rng, named),
                    pick_range(rng, named),
                ];
                (seats, board)
            }
        }
    };
    let mut request = EquityRequest::new(
        ranges
            .iter()
            .map(|p| Seat::active(p.range.clone()))
            .collect(),
    );
    request.board = board.clone();
    request.method = Method::Exact;
    request.threads = threads;
    let equity = match calculate(&request, &|| false, &mut |_| {}) {
        Ok(result) => result.seats[0].equity,
        // A spot the board or the hands leave no deal (or too large to
        // count): another question instead.
        Err(EquityError::RangeRemoved { .. } | EquityError::NoFeasibleDeal) => return Ok(None),
        Err(EquityError::TooLarge { .. } | EquityError::TooManyDeals { .. }) => return Ok(None),
        Err(other) => return Err(other.into()),
    };
    let names: Vec<String> = ranges.iter().map(|p| p.name.clone()).collect();
    let texts: Vec<String> = ranges.into_iter().map(|p| p.text).collect();
    let prompt = format!(
        "Equity of {} against {}{}?",
        names[0],
        names[1..].join(" and "),
        if board.is_empty() {
            " preflop".to_owned()
        } else {
            format!(
                " on {}",
                board.iter().map(Card::to_string).collect::<String>()
            )
        }
    );
    Ok(Some(Question {
        ranges: texts,
        board,
        prompt,
        rule: None,
        answer: Answer::Equity(equity),
    }))
}

/// A hits question's words, the continue rule (§3.8) keeping the same
/// combos, and its test.
type HitTest = (
    &'static str,
    &'static str,
    fn(&BoardBreakdown, Combo) -> bool,
);

fn made_at_least(b: &BoardBreakdown, combo: Combo, weakest: MadeHand) -> bool {
    b.made
        .iter()
        .any(|r| r.what <= weakest && r.combos.contains(&combo))
}

fn has_draw(b: &BoardBreakdown, combo: Combo, draws: &[Draw]) -> bool {
    b.draws
        .iter()
        .any(|r| draws.contains(&r.what) && r.combos.contains(&combo))
}

const HIT_TESTS: [&[HitTest]; 3] = [
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

fn hits_question(rng: &mut ChaCha8Rng, level: u8, named: &[(String, Range)]) -> Option<Question> {
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

/// The rules the lines drill asks about, by level.
const LINE_RULES: [&[&str]; 3] = [
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

fn lines_question(rng: &mut ChaCha8Rng, level: u8, named: &[(String, Range)]) -> Option<Question> {
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

fn ranges_question(rng: &mut ChaCha8Rng, level: u8, named: &[(String, Range)]) -> Option<Question> {
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

/// How a painted range scores against the one asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Overlap {
    /// The weight in common, in combos (each combo's smaller weight).
    pub common: f64,
    /// What the target holds beyond the painted range, per combo.
    pub misses: Range,
    /// What the painted range holds beyond the target.
    pub extras: Range,
    /// The score, 0 to 1: the common weight over the larger of the two
    /// ranges' weights (1 for the very range).
    pub score: f64,
}

/// Scores `painted` against `target` (see [`Overlap`]).
pub fn overlap(target: &Range, painted: &Range) -> Overlap {
    let (mut common, mut t_all, mut p_all) = (0u64, 0u64, 0u64);
    let mut misses = Range::empty();
    let mut extras = Range::empty();
    for combo in Combo::all() {
        let (t, p) = (target.weight_bp(combo), painted.weight_bp(combo));
        common += u64::from(t.min(p));
        t_all += u64::from(t);
        p_all += u64::from(p);
        if t > p {
            misses.set_weight_bp(combo, t - p);
        } else if p > t {
            extras.set_weight_bp(combo, p - t);
        }
    }
    let larger = t_all.max(p_all);
    Overlap {
        common: common as f64 / 10_000.0,
        misses,
        extras,
        score: if larger == 0 {
            1.0
        } else {
            common as f64 / larger as f64
        },
    }
}

/// The error of a guessed share or equity (both 0 to 1): its distance
/// from the exact answer, in percentage points.
pub fn points_off(answer: f64, guess: f64) -> f64 {
    100.0 * (guess - answer).abs()
}
