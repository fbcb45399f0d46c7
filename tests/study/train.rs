//! The trainer's rounds (docs/design.md §3.10): every answer against the
//! engine on its spot (equity against `calculate`, hit shares against the
//! continue rules' narrowing), the same round from the same seed on any
//! thread count, no repeated question, scoring against hand-worked cases,
//! and `rangestove train --json`.

use engine::equity::{EquityRequest, Method, Seat};
use engine::line::{ContinueRule, Street, StreetRule, narrow};
use engine::train::{Answer, Drill, overlap, points_off, round};
use engine::{Range, card::parse_cards};

use crate::engine::equity::run;

fn named() -> Vec<(String, Range)> {
    [
        ("Tight", "TT+,AQs+,AKo"),
        ("Loose", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+"),
        ("Weighted", "QQ+,AK,JJ:0.5,AQs:0.5"),
    ]
    .iter()
    .map(|(n, r)| (n.to_string(), Range::parse(r).unwrap()))
    .collect()
}

fn spot(ranges: &[String], board: &[engine::Card]) -> EquityRequest {
    let seats = ranges
        .iter()
        .map(|r| Seat::active(Range::parse(r).unwrap()))
        .collect();
    let mut request = EquityRequest::new(seats);
    request.board = board.to_vec();
    request.method = Method::Exact;
    request
}

/// The share of the one seat's range that `rule` keeps on the flop
/// `board` (0 when it keeps nothing).
fn kept_share(ranges: &[String], board: &[engine::Card], rule: ContinueRule) -> f64 {
    let line = [StreetRule {
        seat: 0,
        street: Street::Flop,
        rule,
    }];
    match narrow(&spot(ranges, board), &line) {
        Ok(narrowed) => narrowed.shares[0][0].1,
        Err(_) => 0.0,
    }
}

#[test]
fn equity_answers_are_calculate_on_their_spots() {
    for level in 1..=3 {
        let r = round(Drill::Equity, level, 11, 6, &named(), Some(2)).unwrap();
        assert_eq!(r.questions.len(), 6);
        for q in &r.questions {
            let Answer::Equity(answer) = q.answer else {
                panic!("{q:?}");
            };
            let result = run(&spot(&q.ranges, &q.board)).unwrap();
            assert_eq!(result.seats[0].equity, answer, "{}", q.prompt);
            let seats = if level == 3 { 2..=3 } else { 2..=2 };
            assert!(seats.contains(&q.ranges.len()), "{}", q.prompt);
            assert_eq!(q.board.is_empty(), level == 1, "{}", q.prompt);
        }
    }
}

#[test]
fn hit_answers_are_the_continue_rules_shares() {
    let rule_of = |prompt: &str| {
        [
            ("two pair or better", "two-pair+"),
            ("a flush draw", "flush-draw"),
            ("top pair (any kicker)", "top-pair"),
            ("an open-ended straight draw", "oesd"),
            ("an overpair or better", "overpair+"),
            (
                "a pair or better, or a flush or straight draw",
                "pair+,flush-draw,oesd,gutshot",
            ),
        ]
        .iter()
        .find(|(words, _)| prompt.contains(words))
        .map(|(_, rule)| ContinueRule::parse(rule).unwrap())
        .unwrap_or_else(|| panic!("{prompt}"))
    };
    let mut every_flop = 0;
    for (level, seed) in [(1, 5), (2, 5), (3, 5), (2, 6), (3, 7)] {
        let r = round(Drill::Hits, level, seed, 8, &named(), None).unwrap();
        for q in &r.questions {
            let Answer::Share(answer) = q.answer else {
                panic!("{q:?}");
            };
            if q.board.is_empty() {
                every_flop += 1;
                let share = over_every_flop(&q.ranges[0], &q.prompt);
                assert!(
                    (share - answer).abs() < 1e-12,
                    "{}: {share} vs {answer}",
                    q.prompt
                );
                continue;
            }
            // The question's rule keeps the combos its words count.
            let rule = rule_of(&q.prompt);
            assert_eq!(
                q.rule.as_deref().map(ContinueRule::parse),
                Some(Ok(rule.clone()))
            );
            let share = kept_share(&q.ranges, &q.board, rule);
            assert!(
                (share - answer).abs() < 1e-12,
                "{}: {share} vs {answer}",
                q.prompt
            );
        }
    }
    assert!(every_flop > 0, "no question over every flop");
}

/// How often `range` flops what `prompt` asks for, counted apart from the
/// engine's way: each class by its *last* combo (the engine takes its
/// first) on every flop of the other fifty cards, weighted by the
/// range's weights.
fn over_every_flop(range: &str, prompt: &str) -> f64 {
    use engine::analysis::{Draw, Hit, MadeHand, classify};
    let test: fn(Hit) -> bool = if prompt.contains("three of a kind or better") {
        |h| h.made <= MadeHand::Trips
    } else if prompt.contains("two pair or better") {
        |h| h.made <= MadeHand::TwoPair
    } else if prompt.contains("a pair or better") {
        |h| h.made <= MadeHand::Underpair
    } else if prompt.contains("a flush draw") {
        |h| h.has(Draw::FlushDraw)
    } else {
        panic!("{prompt}")
    };
    let range = Range::parse(range).unwrap();
    let (mut hit, mut total) = (0.0, 0.0);
    for class in engine::HandClass::all() {
        let weight: f64 = class.combos().map(|c| range.weight(c)).sum();
        if weight == 0.0 {
            continue;
        }
        let combo = class.combos().last().unwrap();
        let rest: Vec<engine::Card> = engine::Card::all()
            .filter(|c| !combo.mask().contains(*c))
            .collect();
        let (mut yes, mut all) = (0u32, 0u32);
        for a in 0..rest.len() {
            for b in a + 1..rest.len() {
                for c in b + 1..rest.len() {
                    all += 1;
                    yes += u32::from(classify(combo, &[rest[a], rest[b], rest[c]]).is_ok_and(test));
                }
            }
        }
        hit += weight * f64::from(yes) / f64::from(all);
        total += weight;
    }
    hit / total
}

#[test]
fn a_seed_makes_one_round_on_any_thread_count_without_repeats() {
    for drill in [Drill::Equity, Drill::Hits, Drill::Ranges, Drill::Lines] {
        let one = round(drill, 2, 99, 3, &named(), Some(1)).unwrap();
        assert_eq!(one, round(drill, 2, 99, 3, &named(), Some(4)).unwrap());
        let other = round(drill, 2, 100, 3, &named(), Some(1)).unwrap();
        assert_ne!(one.questions, other.questions, "{drill:?}");
        for (i, q) in one.questions.iter().enumerate() {
            assert!(one.questions[..i].iter().all(|p| p.prompt != q.prompt));
        }
    }
    // Three named ranges make three ranges questions at level 2, not four:
    // a round of four asked holds the three it has, the same three as a
    // round of three.
    let short = round(Drill::Ranges, 2, 1, 4, &named(), None).unwrap();
    assert_eq!((short.asked, short.questions.len()), (4, 3));
    let three = round(Drill::Ranges, 2, 1, 3, &named(), None).unwrap();
    assert_eq!(short.questions, three.questions);
    // No named range: no question at level 2 at all.
    assert_eq!(
        round(Drill::Ranges, 2, 1, 1, &[], None),
        Err(engine::train::TrainError::NoQuestion)
    );
    for q in &three.questions {
        let Answer::Range { name, range } = &q.answer else {
            panic!("{q:?}");
        };
        let (_, want) = named().into_iter().find(|(n, _)| n == name).unwrap();
        assert_eq!(**range, want);
    }
    // Level 3 asks for the weighted ranges.
    let weighted = round(Drill::Ranges, 3, 1, 1, &named(), None).unwrap();
    assert!(
        matches!(&weighted.questions[0].answer, Answer::Range { name, .. } if name == "Weighted")
    );
    assert!(round(Drill::Equity, 4, 1, 1, &named(), None).is_err());
}

#[test]
fn scoring_against_hand_worked_cases() {
    let parse = |t: &str| Range::parse(t).unwrap();
    // AA and KK asked, AA and QQ painted: 6 combos in common of 12.
    let o = overlap(&parse("AA,KK"), &parse("AA,QQ"));
    assert_eq!(o.common, 6.0);
    assert_eq!(o.misses, parse("KK"));
    assert_eq!(o.extras, parse("QQ"));
    assert_eq!(o.score, 0.5);
    // Half of AA asked, all of it painted: 3 in common, half AA extra.
    let o = overlap(&parse("AA:0.5"), &parse("AA"));
    assert_eq!((o.common, o.score), (3.0, 0.5));
    assert_eq!(o.extras, parse("AA:0.5"));
    assert!(o.misses.is_empty());
    // The very range scores 1; nothing against nothing too.
    assert_eq!(overlap(&parse("QQ+,AKs"), &parse("QQ+,AKs")).score, 1.0);
    assert_eq!(overlap(&Range::empty(), &Range::empty()).score, 1.0);
    assert!((points_off(0.5, 0.53) - 3.0).abs() < 1e-12);
    assert!((points_off(0.42, 0.40) - 2.0).abs() < 1e-12);
}

#[test]
fn train_prints_a_round_as_json() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args([
            "train", "--drill", "equity", "--level", "2", "--seed", "7", "--count", "4", "--json",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["drill"], "equity");
    assert_eq!(json["level"], 2);
    assert_eq!(json["seed"], 7);
    let questions = json["questions"].as_array().unwrap();
    assert_eq!(questions.len(), 4);
    for q in questions {
        let ranges: Vec<String> = q["ranges"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_owned())
            .collect();
        let board = parse_cards(q["board"].as_str().unwrap()).unwrap();
        let result = run(&spot(&ranges, &board)).unwrap();
        assert!((result.seats[0].equity - q["answer"].as_f64().unwrap()).abs() < 1e-15);
    }
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(["train", "--drill", "ranges", "--level", "4"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    // Level 1 of the ranges drill has nine questions: ten asked give the
    // nine, with a note saying why.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args([
            "train", "--drill", "ranges", "--level", "1", "--seed", "1", "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let round: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(round["questions"].as_array().unwrap().len(), 9);
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "note: 9 questions, not 10: this level has only 9 different ones\n"
    );
}

/// A hits question where no combo hits answers 0, never -0.0 (an empty
/// `f64` sum is -0.0): in the round and in `train --json`.
#[test]
fn no_answer_is_negative_zero() {
    let args = [
        "train", "--drill", "hits", "--level", "2", "--seed", "5", "--count", "4", "--json",
    ];
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(!text.contains("-0.0"), "{text}");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let answers: Vec<f64> = (json["questions"].as_array().unwrap().iter())
        .map(|q| q["answer"].as_f64().unwrap())
        .collect();
    assert!(answers.contains(&0.0), "{answers:?}");
    for seed in 0..4 {
        for level in 1..=3 {
            let r = round(Drill::Hits, level, seed, 6, &named(), Some(1)).unwrap();
            for q in &r.questions {
                if let Answer::Share(x) | Answer::Equity(x) = q.answer {
                    assert!(x.is_sign_positive(), "{}: {x}", q.prompt);
                }
            }
        }
    }
}

/// The lines drill: each answer is the continue share `narrow` gives the
/// question's range on its flop with its rule.
#[test]
fn line_answers_are_the_rules_continue_shares() {
    for level in 1..=3 {
        let r = round(Drill::Lines, level, 21, 6, &named(), None).unwrap();
        for q in &r.questions {
            let Answer::Share(answer) = q.answer else {
                panic!("{q:?}");
            };
            let rule = ContinueRule::parse(q.rule.as_deref().unwrap()).unwrap();
            assert!(q.prompt.contains(&rule.to_string()), "{}", q.prompt);
            let share = kept_share(&q.ranges, &q.board, rule);
            assert_eq!(share, answer, "{}", q.prompt);
        }
    }
}
