//! Analysis: the hand-versus-range breakdown against the brute-force
//! enumerator, its recombination into seat equities, and Monte Carlo
//! breakdowns against exact ones.

use engine::equity::{EquityResult, Method, SeatBreakdown};
use engine::{Combo, Range};

use crate::engine::equity::{SMALL_DECK, Spot, TINY_DECK, brute_force, enumerate, run, spot};

/// `spot` with `seat`'s range replaced by the single `combo`.
fn with_combo(base: &Spot, seat: usize, combo: Combo) -> Spot {
    let seats: Vec<(&'static str, bool)> = base
        .seats
        .iter()
        .enumerate()
        .map(|(s, &(r, folded))| {
            if s == seat {
                (&*Box::leak(combo.to_string().into_boxed_str()), folded)
            } else {
                (r, folded)
            }
        })
        .collect();
    spot(Box::leak(seats.into_boxed_slice()), base.board, base.dead)
}

fn breakdown_of(spot: &Spot, method: Method) -> EquityResult {
    let mut request = spot.request(method);
    request.breakdown = true;
    request.trials = Some(400_000);
    request.seed = 7;
    let result = run(&request).unwrap();
    assert_eq!(result.breakdown.len(), result.seats.len());
    result
}

/// Every seat's combos (and classes) recombine to its equity.
fn assert_recombines(result: &EquityResult, tolerance: f64) {
    for (seat, b) in result.seats.iter().zip(&result.breakdown) {
        assert_eq!(seat.seat, b.seat);
        let by_combo: f64 = b.combos.iter().map(|c| c.frequency * c.equity).sum();
        let by_class: f64 = b.classes.iter().map(|c| c.frequency * c.equity).sum();
        let freq: f64 = b.combos.iter().map(|c| c.frequency).sum();
        assert!((freq - 1.0).abs() < 1e-12, "frequencies sum to {freq}");
        assert!(
            (by_combo - seat.equity).abs() <= tolerance,
            "seat {}: combos give {by_combo}, seat {}",
            seat.seat,
            seat.equity
        );
        assert!((by_class - seat.equity).abs() <= tolerance);
        let weighted: f64 = b.classes.iter().map(|c| c.combos).sum();
        let mean: f64 = b.classes.iter().map(|c| c.combos * c.equity).sum::<f64>() / weighted;
        assert!((mean - seat.equity).abs() <= tolerance);
    }
}

fn check_against_brute_force(base: &Spot, seat: usize) {
    let result = breakdown_of(base, Method::Exact);
    assert_recombines(&result, 1e-12);
    let index = result
        .seats
        .iter()
        .position(|s| s.seat == seat)
        .expect("active seat");
    let b: &SeatBreakdown = &result.breakdown[index];
    for c in &b.combos {
        let figures = brute_force(&with_combo(base, seat, c.combo));
        let (equity, win, tie) = figures[index];
        assert!(
            (c.equity - equity).abs() < 1e-12
                && (c.win - win).abs() < 1e-12
                && (c.tie - tie).abs() < 1e-12,
            "{}: engine {} {} {}, brute force {equity} {win} {tie}",
            c.combo,
            c.equity,
            c.win,
            c.tie
        );
        assert_eq!(c.std_error, 0.0);
    }
}

#[test]
fn per_combo_equities_match_brute_force_preflop() {
    // Deal-major with suit isomorphism: members of one walk get its
    // outcome.
    check_against_brute_force(
        &spot(&[("AA,KK:0.5", false), ("AK,QQ", false)], "", SMALL_DECK),
        0,
    );
    check_against_brute_force(
        &spot(
            &[("AA,KK", false), ("AK", true), ("AA,AK,QQ", false)],
            "",
            TINY_DECK,
        ),
        2,
    );
}

#[test]
fn per_combo_equities_match_brute_force_postflop() {
    check_against_brute_force(
        &spot(
            &[("AA,KQs", false), ("KQs,JTs:0.25,77", false)],
            "Kd7c2s",
            "",
        ),
        1,
    );
    check_against_brute_force(
        &spot(
            &[("QQ+,AKs", false), ("JJ-88", true), ("AJs+,KQs", false)],
            "Qd9h4c8s",
            "",
        ),
        0,
    );
    check_against_brute_force(
        &spot(
            &[
                ("T9s,98s", false),
                ("AhAd", false),
                ("[75]KK,QQ[/75]", false),
            ],
            "Tc8c3d",
            "2s",
        ),
        2,
    );
}

#[test]
fn class_figures_pool_their_combos() {
    let result = breakdown_of(
        &spot(&[("TT+,AK", false), ("random", false)], "Ts7h2c", ""),
        Method::Exact,
    );
    assert_recombines(&result, 1e-12);
    let hero = &result.breakdown[0];
    let tt = hero.class("TT".parse().unwrap()).unwrap();
    // One ten is on the board: three TT combos remain, all sets.
    assert!((tt.combos - 3.0).abs() < 0.2, "{tt:?}");
    assert!(tt.equity > 0.9);
    let combos: Vec<_> = hero
        .combos
        .iter()
        .filter(|c| c.combo.class() == tt.class)
        .collect();
    assert_eq!(combos.len(), 3);
    let freq: f64 = combos.iter().map(|c| c.frequency).sum();
    let mean: f64 = combos.iter().map(|c| c.frequency * c.equity).sum::<f64>() / freq;
    assert!((mean - tt.equity).abs() < 1e-12);
    assert!((freq - tt.frequency).abs() < 1e-12);
    // Combos-weighted class counts sum to the weighted live combo count.
    let total: f64 = hero.classes.iter().map(|c| c.combos).sum();
    let live = Range::parse("TT+,AK")
        .unwrap()
        .combos_given(engine::CardSet::parse("Ts7h2c").unwrap());
    assert!((total - live).abs() < 1e-9, "{total} vs {live}");
    // The distribution covers the range once, strongest first.
    let dist = hero.distribution();
    let share: f64 = dist.iter().map(|p| p.0).sum();
    assert!((share - 1.0).abs() < 1e-12);
    assert!(dist.windows(2).all(|w| w[0].1 >= w[1].1));
}

#[test]
fn monte_carlo_breakdown_agrees_with_exact_within_its_error() {
    let base = spot(
        &[("JJ+,AQs+", false), ("22+,ATs+,KJo+", false)],
        "9h8h2c",
        "",
    );
    let exact = breakdown_of(&base, Method::Exact);
    let mc = breakdown_of(&base, Method::MonteCarlo);
    assert_recombines(&mc, 1e-9);
    for (e, m) in exact.breakdown.iter().zip(&mc.breakdown) {
        for (ce, cm) in e.classes.iter().zip(&m.classes) {
            assert_eq!(ce.class, cm.class);
            assert!(cm.std_error > 0.0, "{cm:?}");
            let z = (cm.equity - ce.equity) / cm.std_error;
            assert!(z.abs() < 5.0, "{}: z = {z}", ce.class);
            assert!((cm.frequency - ce.frequency).abs() < 0.02);
        }
    }
}

#[test]
fn monte_carlo_breakdown_with_random_seats() {
    // Uniform seats are dealt from the deck; their combos are still
    // attributed.
    let base = spot(
        &[("AA", false), ("random", false), ("random", false)],
        "",
        "",
    );
    let mc = breakdown_of(&base, Method::MonteCarlo);
    assert_recombines(&mc, 1e-9);
    let villain = &mc.breakdown[1];
    assert_eq!(villain.combos.len(), 1326);
    // Card removal: the hero's aces make a villain's ace combos rarer.
    let freq = |c: &str| villain.combo(c.parse().unwrap()).unwrap().frequency;
    assert!(
        freq("KsKh") > 1.5 * freq("AhKh"),
        "{} {}",
        freq("KsKh"),
        freq("AhKh")
    );
    assert!(freq("AhAs") > 0.0);
}

#[test]
fn both_exact_orders_give_the_same_breakdown() {
    use engine::equity::internal::{Order, Setup};
    let spots = [
        spot(&[("TT+,AK", false), ("random", false)], "Ts7h2c", ""),
        spot(
            &[("QQ+,AK:0.37", false), ("JJ-99,AQs", false)],
            "Kh9s4c",
            "2d",
        ),
        spot(
            &[("AA,KK", false), ("AK,QQ", false), ("JJ,AQs", false)],
            "Kh9s4c7d",
            "",
        ),
        spot(&[("AA:0.5,KK", false), ("AK", false)], "", SMALL_DECK),
        // Weights whose products overflow the u64 counters: u128 tallies.
        spot(
            &[
                ("AA:0.9999,KK", false),
                ("AK:0.9998,QQ", false),
                ("JJ:0.9997,AQs", false),
                ("TT:0.9993,99", false),
            ],
            "Kh8s4c7d",
            "",
        ),
    ];
    for base in &spots {
        let mut request = base.request(Method::Exact);
        request.breakdown = true;
        let setup = Setup::new(&request).unwrap();
        let mut results = Vec::new();
        for order in [Order::BoardMajor, Order::DealMajor] {
            let result = enumerate(&setup, Some(order));
            assert_recombines(&result, 1e-12);
            results.push(result);
        }
        assert_eq!(results[0].seats, results[1].seats, "{:?}", base.seats);
        assert_eq!(
            results[0].breakdown, results[1].breakdown,
            "{:?}",
            base.seats
        );
    }
}

/// HS, PPot, NPot by brute force: every opponent combo and every
/// completion, ranked by the naive evaluator, counted as the module docs
/// define.
fn potential_brute_force(hero: &str, board: &str, villain: Option<&str>) -> (f64, f64, f64) {
    use crate::engine::evaluator::Naive;
    use engine::Card;
    let hero: Combo = hero.parse().unwrap();
    let board = engine::card::parse_cards(board).unwrap();
    let range = villain.map(|v| Range::parse(v).unwrap());
    let value = |cards: &[Card]| {
        cards
            .iter()
            .fold(Naive::default(), |h, &c| h.add_card(c))
            .value()
    };
    let used: Vec<Card> = board.iter().copied().chain(hero.cards()).collect();
    let deck: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
    let mut now_total = [0.0; 3];
    let mut hp = [[0.0; 3]; 3];
    let stand = |h: u32, v: u32| {
        if h > v {
            0
        } else if h == v {
            1
        } else {
            2
        }
    };
    for (i, &a) in deck.iter().enumerate() {
        for &b in &deck[i + 1..] {
            let combo = Combo::new(a, b).unwrap();
            let w = range
                .as_ref()
                .map_or(1.0, |r| f64::from(r.weight_bp(combo)) / 10_000.0);
            if w == 0.0 {
                continue;
            }
            let mine: Vec<Card> = board.iter().copied().chain(hero.cards()).collect();
            let theirs: Vec<Card> = board.iter().copied().chain([a, b]).collect();
            let now = stand(value(&mine), value(&theirs));
            now_total[now] += w;
            let rest: Vec<Card> = deck.iter().copied().filter(|&c| c != a && c != b).collect();
            let mut river = |extra: &[Card]| {
                let m: Vec<Card> = mine.iter().chain(extra).copied().collect();
                let t: Vec<Card> = theirs.iter().chain(extra).copied().collect();
                hp[now][stand(value(&m), value(&t))] += w;
            };
            match 5 - board.len() {
                0 => river(&[]),
                1 => rest.iter().for_each(|&c| river(&[c])),
                _ => {
                    for (j, &c) in rest.iter().enumerate() {
                        for &d in &rest[j + 1..] {
                            river(&[c, d]);
                        }
                    }
                }
            }
        }
    }
    let total: f64 = now_total.iter().sum();
    let hs = (now_total[0] + now_total[1] / 2.0) / total;
    let s = |r: &[f64; 3]| r.iter().sum::<f64>();
    if board.len() == 5 {
        return (hs, 0.0, 0.0);
    }
    // Never behind (or never ahead): no potential to count, 0.
    let ratio = |n: f64, d: f64| if d > 0.0 { n / d } else { 0.0 };
    let ppot = ratio(
        hp[2][0] + hp[2][1] / 2.0 + hp[1][0] / 2.0,
        s(&hp[2]) + s(&hp[1]) / 2.0,
    );
    let npot = ratio(
        hp[0][2] + hp[0][1] / 2.0 + hp[1][2] / 2.0,
        s(&hp[0]) + s(&hp[1]) / 2.0,
    );
    (hs, ppot, npot)
}

#[test]
fn hand_strength_and_potential_match_brute_force() {
    use engine::analysis::hero::potential;
    let cases: [(&str, &str, Option<&str>); 5] = [
        // The paper's example hand: AdQc on 3h4cJh.
        ("AdQc", "3h4cJh", Some("JJ+,AJs+,KQs,AJo+,33,44")),
        ("9h8h", "Th7c2h5s", None),
        ("AdQc", "3h4cJh2s", Some("22+,A2s+,KJo+")),
        ("KsKd", "Ah7c2d9s4h", None),
        ("5c5d", "Ah5h2dTc", Some("AK,AQ,A5s,22")),
    ];
    for (hero, board, villain) in cases {
        let range = villain.map(|v| Range::parse(v).unwrap());
        let p = potential(
            hero.parse().unwrap(),
            &engine::card::parse_cards(board).unwrap(),
            engine::CardSet::EMPTY,
            range.as_ref(),
            &|| false,
        )
        .unwrap();
        let (hs, ppot, npot) = potential_brute_force(hero, board, villain);
        assert!(
            (p.hs - hs).abs() < 1e-12,
            "{hero} {board}: HS {} vs {hs}",
            p.hs
        );
        assert!(
            (p.ppot - ppot).abs() < 1e-12,
            "{hero} {board}: PPot {} vs {ppot}",
            p.ppot
        );
        assert!(
            (p.npot - npot).abs() < 1e-12,
            "{hero} {board}: NPot {} vs {npot}",
            p.npot
        );
        assert!((p.ehs - (hs + (1.0 - hs) * ppot)).abs() < 1e-12);
    }
}

#[test]
fn hand_strength_of_the_papers_example() {
    // Billings et al.: AdQc on 3h4cJh against one random hand: HS 0.585,
    // PPot 0.208, NPot 0.274 (their figures, to three places).
    let p = engine::analysis::hero::potential(
        "AdQc".parse().unwrap(),
        &engine::card::parse_cards("3h4cJh").unwrap(),
        engine::CardSet::EMPTY,
        None,
        &|| false,
    )
    .unwrap();
    assert!((p.hs - 0.585).abs() < 0.0005, "{p:?}");
    assert!((p.ppot - 0.208).abs() < 0.0005, "{p:?}");
    assert!((p.npot - 0.274).abs() < 0.0005, "{p:?}");
}

#[test]
fn board_breakdown_counts_sum_on_every_board_kind() {
    use engine::analysis::BoardBreakdown;
    let range = Range::parse("22+,A2s+,K9s+,QTs+,JTs,T9s,98s,ATo+,KJo+,QJo:0.5").unwrap();
    for (board, dead) in [
        ("Th7c2h", ""),
        ("AhKd5c", "Qs"),
        ("9s9d4c4h", ""),
        ("6h7h8h9hTh", ""),
        ("2c3d4h", "5s5c"),
    ] {
        let b = BoardBreakdown::new(
            &range,
            &engine::card::parse_cards(board).unwrap(),
            engine::CardSet::parse(dead).unwrap(),
        )
        .unwrap();
        let known = engine::CardSet::parse(&format!("{board}{dead}")).unwrap();
        let live = range.combos_given(known);
        assert!((b.total - live).abs() < 1e-9);
        let made: f64 = b.made.iter().map(|r| r.weight).sum();
        assert!((made - live).abs() < 1e-9, "{board}: {made} vs {live}");
        // A combo is in exactly one made row.
        let mut seen = std::collections::HashSet::new();
        for row in &b.made {
            for c in &row.combos {
                assert!(seen.insert(*c), "{c} twice");
            }
        }
        for row in &b.draws {
            assert!(row.combos.iter().all(|c| seen.contains(c)));
        }
    }
}

#[test]
fn preflop_table_breakdown_equals_enumeration() {
    use engine::equity::MethodUsed;
    use engine::equity::internal::Setup;
    for (hero, villain) in [
        ("AA,AKs", "AK,KK"),
        ("AA:0.5,KQs,72o", "QQ+,AJs+:0.25"),
        ("AhAs", "JJ,T9s"),
    ] {
        let base = spot(
            Box::leak(vec![(hero, false), (villain, false)].into_boxed_slice()),
            "",
            "",
        );
        let table = breakdown_of(&base, Method::Exact);
        assert_eq!(table.method, MethodUsed::PreflopTable);
        assert_recombines(&table, 1e-12);
        let mut request = base.request(Method::Exact);
        request.breakdown = true;
        let setup = Setup::new(&request).unwrap();
        let enumerated = enumerate(&setup, None);
        assert_eq!(table.seats, enumerated.seats, "{hero} vs {villain}");
        assert_eq!(table.breakdown, enumerated.breakdown, "{hero} vs {villain}");
    }
}
