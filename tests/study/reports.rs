//! Study across boards: the next-card report against `calculate` with each
//! card on the board (to the last bit), its frequencies against an
//! independent count of the deals that leave each card in the deck, its
//! tags, and `rangestove next` at the command line.

use engine::equity::{EquityError, Method};
use engine::study::{CardTag, card_tags, next_cards};
use engine::{Card, Range, card::parse_cards};

use engine::analysis::MadeHand;

use crate::engine::equity::{Spot, run, spot};

/// `card` with its suit moved by a permutation that keeps spot `spot`'s
/// ranges and dead cards: spades and hearts swapped for class-only ranges
/// (spot 0), diamonds and spades for the spot holding `AhKh` and dead `2c`.
fn swap_suits(card: Card, spot: usize) -> Card {
    let (a, b) = if spot == 0 { ('s', 'h') } else { ('d', 's') };
    let text = card.to_string();
    let (rank, suit) = text.split_at(1);
    let suit = match suit.chars().next() {
        Some(c) if c == a => b,
        Some(c) if c == b => a,
        Some(c) => c,
        None => unreachable!("a card has a suit"),
    };
    format!("{rank}{suit}").parse().unwrap()
}

/// Each row is `calculate` with that card on the board, to the last bit,
/// and the frequencies sum to one.
#[test]
fn each_next_card_row_is_calculate_with_that_card() {
    let spots = [
        spot(&[("25%", false), ("15%", false)], "Kh9s4c", ""),
        spot(
            &[
                ("AhKh", false),
                ("QQ,JJ:0.5", false),
                ("JTs,T9s", false),
                ("22+", true),
            ],
            "9h8h2c7d",
            "As",
        ),
        spot(
            &[
                ("QQ+,AK", false),
                ("JJ-99,AQs,KQs", false),
                ("22+,AJs+", false),
            ],
            "Kh9s4c",
            "",
        ),
    ];
    for (i, spot) in spots.iter().enumerate() {
        let request = spot.request(Method::Exact);
        let report = next_cards(&request, &|| false).unwrap();
        let known = request.board.len() + request.dead.len();
        assert!(report.cards.len() <= 52 - known, "spot {i}");
        assert!(report.cards.len() >= 40, "spot {i}: {}", report.cards.len());
        let total: f64 = report.cards.iter().map(|c| c.frequency).sum();
        assert!((total - 1.0).abs() < 1e-12, "spot {i}: {total}");
        for row in &report.cards {
            let mut with = request.clone();
            with.board.push(row.card);
            let result = run(&with).unwrap();
            assert!(result.method.is_exact());
            let figures: Vec<_> = row.seats.iter().map(|s| s.figures).collect();
            assert_eq!(result.seats, figures, "spot {i} card {}", row.card);
            assert!(row.frequency > 0.0);
        }
        // The frequency-weighted mean over the next cards is the board's
        // equity.
        let board = run(&request).unwrap();
        for (k, seat) in board.seats.iter().enumerate() {
            let mean: f64 = (report.cards.iter())
                .map(|c| c.frequency * c.seats[k].figures.equity)
                .sum();
            assert!(
                (mean - seat.equity).abs() < 1e-12,
                "spot {i}: {mean} vs {seat:?}"
            );
        }
    }
}

/// The chance of each next card, counted independently: every deal of one
/// combo per seat (folded seats too) that leaves the card in the deck,
/// weighted by its weight product.
#[test]
fn next_card_frequencies_match_an_independent_count() {
    let spot = spot(
        &[
            ("AhKh", false),
            ("QQ,JJ:0.5", false),
            ("JTs,T9s:0.25", false),
            ("88", true),
        ],
        "9h8s2c",
        "Qs",
    );
    let request = spot.request(Method::Exact);
    let report = next_cards(&request, &|| false).unwrap();
    let board = parse_cards(spot.board).unwrap();
    let known: Vec<Card> = board.iter().copied().chain(request.dead.iter()).collect();
    let seats: Vec<Vec<([Card; 2], f64)>> = spot
        .seats
        .iter()
        .map(|&(text, _)| {
            let range = Range::parse(text).unwrap();
            let cards: Vec<Card> = Card::all().collect();
            let mut combos = Vec::new();
            for a in 0..52 {
                for b in a + 1..52 {
                    let (x, y) = (cards[a], cards[b]);
                    let w = range.weight_bp(engine::Combo::new(x, y).unwrap());
                    if w > 0 && !known.contains(&x) && !known.contains(&y) {
                        combos.push(([x, y], f64::from(w)));
                    }
                }
            }
            combos
        })
        .collect();
    let mut weight = [0f64; 52];
    fn deal(
        seats: &[Vec<([Card; 2], f64)>],
        used: &mut Vec<Card>,
        w: f64,
        known: &[Card],
        weight: &mut [f64; 52],
    ) {
        let Some((first, rest)) = seats.split_first() else {
            for c in Card::all().filter(|c| !used.contains(c) && !known.contains(c)) {
                weight[usize::from(c.index())] += w;
            }
            return;
        };
        for &(hand, hw) in first {
            if hand.iter().any(|c| used.contains(c)) {
                continue;
            }
            used.extend(hand);
            deal(rest, used, w * hw, known, weight);
            used.truncate(used.len() - 2);
        }
    }
    deal(&seats, &mut Vec::new(), 1.0, &known, &mut weight);
    let total: f64 = weight.iter().sum();
    let listed: Vec<Card> = report.cards.iter().map(|c| c.card).collect();
    for card in Card::all() {
        let expected = weight[usize::from(card.index())] / total;
        match report.cards.iter().find(|c| c.card == card) {
            Some(row) => assert!(
                (row.frequency - expected).abs() < 1e-12,
                "{card}: {} vs {expected}",
                row.frequency
            ),
            None => assert_eq!(expected, 0.0, "{card} missing from {listed:?}"),
        }
    }
}

#[test]
fn next_card_tags_name_what_the_card_does() {
    let tags = |board: &str, card: &str| {
        let board = parse_cards(board).unwrap();
        card_tags(&board, card.parse().unwrap())
    };
    use CardTag::*;
    assert_eq!(tags("Kh9s4c", "Kd"), [Pairing]);
    assert_eq!(tags("Kh9s4c", "Ah"), [Overcard]);
    assert_eq!(tags("Kh9s4c", "Qd"), [Straight]);
    assert_eq!(tags("Kh9s4c", "2d"), [Blank]);
    assert_eq!(tags("Kh9h4c", "2h"), [Flush]);
    assert_eq!(tags("Kh9h4c", "Th"), [Flush, Straight]);
    assert_eq!(tags("2c3d9h", "Ah"), [Overcard, Straight]);
    assert_eq!(tags("2c3d9h7s", "4c"), [Straight]);
    assert_eq!(tags("2c3d9h7s", "9c"), [Pairing]);
    // The report tags every card so.
    let request = spot(&[("AA", false), ("KK", false)], "Kh9h4c", "").request(Method::Exact);
    let report = next_cards(&request, &|| false).unwrap();
    let two = report
        .cards
        .iter()
        .find(|c| c.card.to_string() == "2h")
        .unwrap();
    assert_eq!(two.tags, [Flush]);
}

#[test]
fn next_card_needs_a_flop_or_a_turn() {
    for board in ["", "Kh9s4c7d2c"] {
        let request = spot(&[("AA", false), ("KK", false)], board, "").request(Method::Exact);
        let error = next_cards(&request, &|| false).unwrap_err();
        assert_eq!(error, EquityError::NextCardBoard(request.board.len()));
    }
    // Cancelled between cards.
    let request = spot(&[("AA", false), ("KK", false)], "Kh9s4c", "").request(Method::Exact);
    assert_eq!(
        next_cards(&request, &|| true).unwrap_err(),
        EquityError::Cancelled
    );
}

fn next_cli(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .arg("next")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn next_at_the_command_line() {
    let output = next_cli(&[
        "--board",
        "Kh9s4c",
        "--json",
        "--threads",
        "2",
        "25%",
        "15%",
    ]);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["board"], "Kh9s4c");
    assert!(json["elapsed_ms"].as_f64().unwrap() > 0.0);
    let cards = json["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 49);
    let request = spot(&[("25%", false), ("15%", false)], "Kh9s4c", "").request(Method::Exact);
    let report = next_cards(&request, &|| false).unwrap();
    for (row, card) in report.cards.iter().zip(cards) {
        assert_eq!(card["card"], row.card.to_string());
        // (JSON numbers parse back to within an ulp.)
        let close = |a: &serde_json::Value, b: f64| (a.as_f64().unwrap() - b).abs() < 1e-15;
        assert!(close(&card["frequency"], row.frequency));
        let players = card["players"].as_array().unwrap();
        assert_eq!(players[1]["range"], "15%");
        assert!(close(&players[0]["equity"], row.seats[0].figures.equity));
        assert!(close(&players[1]["nut_share"], row.seats[1].nut_share));
        for (b, &share) in row.seats[0].buckets.iter().enumerate() {
            assert!(close(&players[0]["buckets"][b], share));
        }
        for &(name, share) in &row.seats[1].hits {
            assert!(close(&players[1]["hits"][name], share), "{name}");
        }
        let tags: Vec<String> = row.tags.iter().map(ToString::to_string).collect();
        assert_eq!(card["tags"], serde_json::json!(tags));
    }
    // CSV: a header and a row per card.
    let output = next_cli(&["--board", "Kh9s4c", "--csv", "25%", "15%"]);
    let text = String::from_utf8(output.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "card,frequency,tags,seat1_equity,seat1_win,seat1_tie,\
             seat1_b75,seat1_b50,seat1_b25,seat1_b0,seat1_nut_share,\
             seat2_equity,seat2_win,seat2_tie,\
             seat2_b75,seat2_b50,seat2_b25,seat2_b0,seat2_nut_share"
        )
    );
    assert_eq!(lines.count(), 49);
    // Text, and a bad board: exit status 2 and the reason.
    let output = next_cli(&["--board", "Kh9s4c", "AA", "KK"]);
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("next card on Kh9s4c"));
    let output = next_cli(&["--board", "Kh9s4c7d2c", "AA", "KK"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("flop or a turn"));
}

/// The next-card strip under the board: the engine's report for the spot,
/// computed off the UI thread; a click deals the card; none on the river.
#[test]
fn the_app_shows_the_next_card_and_deals_it() {
    use egui_kittest::kittest::{NodeT, Queryable};
    use rangestove::gui::RangestoveApp;

    use crate::app::{app_harness, click, retype, unfocus, wait};
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Seat 1", "25%");
    retype(&mut h, "Seat 2", "15%");
    retype(&mut h, "Board", "Kh9s4c");
    unfocus(&mut h);
    // The next card's tile in front.
    click(&mut h, "Next card");
    wait(&mut h, &|app| app.next_card().figures().is_some());
    h.step();
    let shown = h
        .state()
        .next_card()
        .figures()
        .unwrap()
        .report
        .clone()
        .unwrap();
    let request = h.state().request();
    let expected = next_cards(&request, &|| false).unwrap();
    assert_eq!(shown.cards, expected.cards);
    h.get_by_label("next Qd");
    // Board cards are not offered.
    assert!(h.get_by_label("next Kh").accesskit_node().is_disabled());
    click(&mut h, "next Qd");
    h.step();
    assert_eq!(h.state().session().board().len(), 4);
    assert_eq!(h.state().session().board()[3].to_string(), "Qd");
    wait(&mut h, &|app| {
        app.next_card()
            .figures()
            .is_some_and(|f| f.report.as_ref().is_ok_and(|r| r.board.len() == 4))
    });
    // On the river there is no next card.
    click(&mut h, "next 2c");
    h.step();
    h.step();
    assert_eq!(h.state().session().board().len(), 5);
    assert!(h.query_by_label("next 3c").is_none());
}

/// The next card's hits and buckets: each seat's hits are the board
/// breakdown of its range on the flop with that card (dead cards and the
/// other seats' single hands out of play as the breakdown leaves them), its
/// nut share the breakdown's two pair or better, and its buckets the
/// per-combo equities of `calculate` with the card on the board, bucketed
/// and weighted by each combo's deal weight.
#[test]
fn next_card_hits_and_buckets_are_the_breakdown_and_per_combo_equities() {
    use engine::analysis::BoardBreakdown;
    use engine::study::BUCKET_EDGES;
    let spots = [
        spot(
            &[("AhKh", false), ("QQ+,AK,JTs,98s:0.5", false)],
            "Jh9h2c",
            "",
        ),
        spot(
            &[
                ("QQ+,AK", false),
                ("JJ-99,AQs,KQs", false),
                ("22+,AJs+", false),
            ],
            "Kh9s4c",
            "2d",
        ),
    ];
    let bucket = |equity: f64| BUCKET_EDGES.iter().position(|&e| equity >= e).unwrap();
    for (i, spot) in spots.iter().enumerate() {
        let request = spot.request(Method::Exact);
        let report = next_cards(&request, &|| false).unwrap();
        for row in report.cards.iter().step_by(7) {
            let mut with = request.clone();
            with.board.push(row.card);
            with.breakdown = true;
            let result = run(&with).unwrap();
            for (seat, breakdown) in row.seats.iter().zip(&result.breakdown) {
                let range = &request.seats[seat.figures.seat].range;
                let b = BoardBreakdown::new(range, &with.board, request.dead).unwrap();
                let share = |w: f64| w / b.total;
                for &(name, got) in &seat.hits {
                    let made = b.made.iter().find(|r| r.what.name() == name);
                    let draw = b.draws.iter().find(|r| r.what.name() == name);
                    let weight = made.map(|r| r.weight).or(draw.map(|r| r.weight));
                    assert_eq!(Some(got), weight.map(share), "spot {i} {} {name}", row.card);
                }
                let listed = b.made.iter().filter(|r| r.weight > 0.0).count()
                    + b.draws.iter().filter(|r| r.weight > 0.0).count();
                assert_eq!(seat.hits.len(), listed, "spot {i} {}", row.card);
                let nuts: f64 = (b.made.iter())
                    .filter(|r| r.what <= MadeHand::TwoPair)
                    .map(|r| r.weight)
                    .sum();
                assert!((seat.nut_share - share(nuts)).abs() < 1e-12);
                let mut expected = [0.0; 4];
                for combo in &breakdown.combos {
                    expected[bucket(combo.equity)] += combo.frequency;
                }
                let total: f64 = expected.iter().sum();
                for (got, want) in seat.buckets.iter().zip(expected) {
                    assert!(
                        (got - want / total).abs() < 1e-12,
                        "spot {i} {}: {:?}",
                        row.card,
                        seat.buckets
                    );
                }
                let sum: f64 = seat.buckets.iter().sum();
                assert!((sum - 1.0).abs() < 1e-12);
            }
        }
    }
}

/// Flops up to what a scenario can tell apart: 1,755 classes for ranges of
/// whole classes, more for a suit-specific hand or a dead card; the counts
/// cover every flop once; members of a class are suit images of each other
/// with equal equities.
#[test]
fn flop_classes_cover_every_flop_once() {
    use engine::CardSet;
    use engine::study::flop_classes::{Texture, classes};
    let range = |t: &str| Range::parse(t).unwrap();
    let (a, b) = (range("25%"), range("15%"));
    let all = classes(&[&a, &b], CardSet::EMPTY);
    assert_eq!(all.len(), 1755);
    assert_eq!(all.iter().map(|c| c.count).sum::<u32>(), 22_100);
    let hero = range("AhKh");
    let specific = classes(&[&hero, &b], CardSet::EMPTY);
    assert!(specific.len() > 1755, "{}", specific.len());
    assert_eq!(specific.iter().map(|c| c.count).sum::<u32>(), 22_100);
    let dead = CardSet::parse("2c").unwrap();
    let with_dead = classes(&[&a, &b], dead);
    assert_eq!(with_dead.iter().map(|c| c.count).sum::<u32>(), 20_825);
    assert!(
        with_dead
            .iter()
            .all(|c| !c.flop.iter().any(|x| dead.contains(*x)))
    );
    // Two members of one class: equal figures (a rainbow flop and a suit
    // image of it).
    let class = all
        .iter()
        .find(|c| c.flop.map(|x| x.to_string()).join("") == "Kh9s4c");
    let (first, image) = match class {
        Some(_) => ("Kh9s4c", "Kd9c4s"),
        None => ("Ks9h4d", "Kd9c4s"),
    };
    let figures = |board: &'static str| {
        run(&spot(&[("25%", false), ("15%", false)], board, "").request(Method::Exact))
            .unwrap()
            .seats
    };
    assert_eq!(figures(first), figures(image));
    // Textures.
    let flop = |t: &str| -> [Card; 3] { parse_cards(t).unwrap().try_into().unwrap() };
    let tags = |t: &str| Texture::of(&flop(t)).tags();
    assert_eq!(tags("Kh9s4c"), ["rainbow", "unpaired", "K-high"]);
    assert_eq!(
        tags("9h8h7h"),
        [
            "monotone",
            "unpaired",
            "9-high",
            "straight-possible",
            "connected"
        ]
    );
    assert_eq!(tags("As2d2c"), ["rainbow", "paired", "A-high", "connected"]);
    assert_eq!(
        tags("5s4s5c"),
        ["two-tone", "paired", "5-high", "connected"]
    );
    assert_eq!(
        tags("Ah3d5c"),
        [
            "rainbow",
            "unpaired",
            "A-high",
            "straight-possible",
            "one-gap"
        ]
    );
    assert_eq!(tags("Qh9d2c"), ["rainbow", "unpaired", "Q-high", "two-gap"]);
    assert_eq!(tags("KhTd3c"), ["rainbow", "unpaired", "K-high", "two-gap"]);
}

/// The flop report: each row is `calculate` with that flop (to the last
/// bit), the frequencies sum to one and weigh the rows into the equity
/// with no board, and the classes cover every flop once.
#[test]
fn flop_report_rows_are_calculate_and_average_to_preflop() {
    use engine::study::flop_report;
    let spots = [
        spot(&[("JJ+,AK", false), ("TT+,AQ+:0.5", false)], "", ""),
        spot(
            &[
                ("QQ+", false),
                ("JJ-99,AKs", false),
                ("88-66", false),
                ("AhKh", true),
            ],
            "",
            "2c",
        ),
    ];
    for (i, spot) in spots.iter().enumerate() {
        let request = spot.request(Method::Exact);
        let report = flop_report(&request, &|| false, &|_, _, _| {}).unwrap();
        let flops: u32 = report.flops.iter().map(|f| f.count).sum();
        let live = 52 - request.dead.len() as u32 - if i == 1 { 2 } else { 0 };
        assert_eq!(flops, live * (live - 1) * (live - 2) / 6, "spot {i}");
        let total: f64 = report.flops.iter().map(|f| f.frequency).sum();
        assert!((total - 1.0).abs() < 1e-12, "spot {i}: {total}");
        // Rows against calculate: every 80th class (22 flops), and the
        // first and last.
        let picks = (0..report.flops.len())
            .step_by(80)
            .chain([report.flops.len() - 1]);
        for k in picks {
            let row = &report.flops[k];
            let mut with = request.clone();
            with.board = row.flop.to_vec();
            let result = run(&with).unwrap();
            let figures: Vec<_> = row.seats.iter().map(|s| s.figures).collect();
            assert_eq!(result.seats, figures, "spot {i} flop {:?}", row.flop);
            // A flop of the same class (suits swapped by a permutation that
            // keeps every range and the dead cards): the very same figures.
            with.board = row.flop.map(|c| swap_suits(c, i)).to_vec();
            if with.board != row.flop {
                let result = run(&with).unwrap();
                assert_eq!(result.seats, figures, "spot {i} flop {:?}", with.board);
            }
            // Hit shares: the made hands cover the range once; buckets too.
            for seat in &row.seats {
                let made: f64 = (seat.hits.iter())
                    .filter(|(name, _)| MadeHand::ALL.iter().any(|m| m.name() == *name))
                    .map(|(_, share)| share)
                    .sum();
                assert!((made - 1.0).abs() < 1e-12, "{:?}: {made}", row.flop);
                let buckets: f64 = seat.buckets.iter().sum();
                assert!((buckets - 1.0).abs() < 1e-12, "{:?}: {buckets}", row.flop);
            }
        }
        // The frequency-weighted mean is the equity with no board.
        let preflop = run(&request).unwrap();
        for (s, &(equity, win, tie)) in preflop.seats.iter().zip(&report.seats) {
            assert!(
                (s.equity - equity).abs() < 1e-12,
                "spot {i}: {s:?} vs {equity}"
            );
            assert!((s.win - win).abs() < 1e-12 && (s.tie - tie).abs() < 1e-12);
        }
    }
}

/// Flop frequencies against an independent count: the weight of the deals
/// leaving the flop's cards in the deck.
#[test]
fn flop_frequencies_match_an_independent_count() {
    use engine::study::flop_report;
    let spot = spot(&[("AA", false), ("KK,AKs:0.5", false)], "", "");
    let request = spot.request(Method::Exact);
    let report = flop_report(&request, &|| false, &|_, _, _| {}).unwrap();
    let combos = |t: &str| -> Vec<([Card; 2], f64)> {
        let range = Range::parse(t).unwrap();
        let cards: Vec<Card> = Card::all().collect();
        let mut out = Vec::new();
        for a in 0..52 {
            for b in a + 1..52 {
                let w = range.weight_bp(engine::Combo::new(cards[a], cards[b]).unwrap());
                if w > 0 {
                    out.push(([cards[a], cards[b]], f64::from(w)));
                }
            }
        }
        out
    };
    let (first, second) = (combos("AA"), combos("KK,AKs:0.5"));
    let weight = |flop: &[Card; 3]| -> f64 {
        let mut w = 0.0;
        for (a, wa) in &first {
            for (b, wb) in &second {
                let cards = [a[0], a[1], b[0], b[1]];
                let distinct = (0..4).all(|i| (i + 1..4).all(|j| cards[i] != cards[j]));
                if distinct && !cards.iter().any(|c| flop.contains(c)) {
                    w += wa * wb;
                }
            }
        }
        w
    };
    let total: f64 = report
        .flops
        .iter()
        .map(|f| weight(&f.flop) * f64::from(f.count))
        .sum();
    for row in &report.flops {
        let expected = weight(&row.flop) * f64::from(row.count) / total;
        assert!(
            (row.frequency - expected).abs() < 1e-12,
            "{:?}: {} vs {expected}",
            row.flop,
            row.frequency
        );
    }
    // No board allowed.
    let with_board = crate::engine::equity::spot(&[("AA", false), ("KK", false)], "Kh9s4c", "")
        .request(Method::Exact);
    assert_eq!(
        flop_report(&with_board, &|| false, &|_, _, _| {}).unwrap_err(),
        EquityError::FlopReportBoard(3)
    );
}

#[test]
fn flops_at_the_command_line() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(["flops", "--json", "--threads", "2", "AA", "KK"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    // One object on one line, its keys in alphabetical order at every
    // level (docs/design.md): the parsed value's maps sort their keys, so
    // written again it lists the same keys in the same order.
    let text = std::str::from_utf8(&output.stdout).unwrap();
    assert_eq!(text.lines().count(), 1);
    let again = serde_json::to_string(&json).unwrap();
    assert_eq!(json_keys(text), json_keys(&again));
    let flops = json["flops"].as_array().unwrap();
    // Three aces or three kings cannot come with AA against KK: those two
    // classes (four flops each) are left out.
    assert_eq!(flops.len(), 1753);
    let counts: u64 = flops.iter().map(|f| f["count"].as_u64().unwrap()).sum();
    assert_eq!(counts, 22_092);
    let first = &flops[0];
    assert!(first["flop"].as_str().unwrap().len() == 6);
    assert!(first["tags"].as_array().unwrap().len() >= 3);
    let player = &first["players"][0];
    for key in ["equity", "win", "tie", "std_error", "nut_share"] {
        assert!(player[key].is_number(), "{key}: {player}");
    }
    assert!(player["hits"].is_object());
    assert_eq!(json["players"][1]["range"], "KK");
    let csv = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(["flops", "--csv", "AA", "KK"])
        .output()
        .unwrap();
    let text = String::from_utf8(csv.stdout).unwrap();
    assert!(text.starts_with("flop,count,frequency,tags,seat1_equity,"));
    assert_eq!(text.lines().count(), 1754);
}

/// The keys of a JSON text with no escaped quotes, in the order written:
/// each quoted string followed by a colon.
fn json_keys(text: &str) -> Vec<&str> {
    let parts: Vec<&str> = text.split('"').collect();
    (1..parts.len())
        .step_by(2)
        .filter(|&i| parts.get(i + 1).is_some_and(|next| next.starts_with(':')))
        .map(|i| parts[i])
        .collect()
}

/// The frequency-weighted mean of each seat's flop equities is its exact
/// equity with no board (to 1e-12).
fn assert_means_are_preflop(
    report: &engine::study::FlopReport,
    request: &engine::equity::EquityRequest,
) {
    let mut exact = request.clone();
    exact.method = Method::Exact;
    let preflop = run(&exact).unwrap();
    for (s, &(equity, win, tie)) in preflop.seats.iter().zip(&report.seats) {
        assert!((s.equity - equity).abs() < 1e-12, "{s:?} vs {equity}");
        assert!((s.win - win).abs() < 1e-12 && (s.tie - tie).abs() < 1e-12);
    }
}

/// Equity buckets against per-combo runs of `calculate`: a single-combo
/// hero's weight sits in the bucket of its equity; the caller's shares are
/// its combos' own equities against the hero, bucketed (every live combo
/// is dealt on as many boards, so each weighs the same).
#[test]
fn flop_buckets_match_per_combo_equities() {
    use engine::study::{BUCKET_EDGES, flop_report};
    let hero = "AhKh";
    let caller = "QQ+,AK,JTs";
    let heads_up = |a: &str, b: &str| {
        let seats = [a, b].map(|r| engine::equity::Seat::active(Range::parse(r).unwrap()));
        let mut request = engine::equity::EquityRequest::new(seats.to_vec());
        request.method = Method::Exact;
        request
    };
    let request = heads_up(hero, caller);
    let report = flop_report(&request, &|| false, &|_, _, _| {}).unwrap();
    assert_means_are_preflop(&report, &request);
    let bucket = |equity: f64| BUCKET_EDGES.iter().position(|&e| equity >= e).unwrap();
    let hero_combo: engine::Combo = hero.parse().unwrap();
    for row in report.flops.iter().step_by(450) {
        let mut with = request.clone();
        with.board = row.flop.to_vec();
        let figures = run(&with).unwrap();
        let mut expected = [0.0; 4];
        expected[bucket(figures.seats[0].equity)] = 1.0;
        assert_eq!(row.seats[0].buckets, expected, "{:?}", row.flop);
        let mut counts = [0.0; 4];
        let mut live = 0.0;
        for (combo, _) in Range::parse(caller).unwrap().combos() {
            let cards = combo.cards();
            if cards
                .iter()
                .any(|c| row.flop.contains(c) || hero_combo.cards().contains(c))
            {
                continue;
            }
            let mut one = heads_up(hero, &combo.to_string());
            one.board = row.flop.to_vec();
            counts[bucket(run(&one).unwrap().seats[1].equity)] += 1.0;
            live += 1.0;
        }
        for (got, count) in row.seats[1].buckets.iter().zip(counts) {
            assert!(
                (got - count / live).abs() < 1e-12,
                "{:?}: {:?} vs {counts:?}",
                row.flop,
                row.seats[1].buckets
            );
        }
    }
}

/// A sampled report: on 22 flops every seat's equity within four standard
/// errors of the exact report's, frequencies within 1% of the exact ones,
/// and the aggregate near the exact preflop equity.
#[test]
fn sampled_flop_report_is_within_its_errors() {
    use engine::equity::MethodUsed;
    use engine::study::{FlopReport, flop_report};
    let spot = spot(
        &[
            ("AA,KK", false),
            ("QQ,JJ,AKs", false),
            ("T9s,98s,AQ", false),
        ],
        "",
        "",
    );
    let exact = flop_report(&spot.request(Method::Exact), &|| false, &|_, _, _| {}).unwrap();
    assert_means_are_preflop(&exact, &spot.request(Method::Exact));
    let mut request = spot.request(Method::MonteCarlo);
    request.target_std_error = Some(0.01);
    request.seed = 7;
    let sampled: FlopReport = flop_report(&request, &|| false, &|_, _, _| {}).unwrap();
    assert_eq!(exact.method, MethodUsed::Exact);
    assert_eq!(sampled.method, MethodUsed::MonteCarlo);
    assert_eq!(exact.flops.len(), sampled.flops.len());
    let total: f64 = sampled.flops.iter().map(|f| f.frequency).sum();
    assert!((total - 1.0).abs() < 1e-12);
    for (e, s) in exact.flops.iter().zip(&sampled.flops).step_by(80) {
        assert_eq!(e.flop, s.flop);
        assert!(
            (s.frequency / e.frequency - 1.0).abs() < 0.01,
            "{:?}",
            e.flop
        );
        for (a, b) in e.seats.iter().zip(&s.seats) {
            let se = b.figures.std_error;
            assert!(se > 0.0 && se <= 0.01 + 1e-12, "{:?}: {se}", e.flop);
            let gap = (a.figures.equity - b.figures.equity).abs();
            assert!(gap <= 4.0 * se, "{:?}: {gap} vs {se}", e.flop);
        }
    }
    let preflop = run(&spot.request(Method::Exact)).unwrap();
    for (seat, &(equity, _, _)) in preflop.seats.iter().zip(&sampled.seats) {
        assert!((seat.equity - equity).abs() < 0.005, "{seat:?} vs {equity}");
    }
}

/// `flops --csv` parses back to the very figures of the report.
#[test]
fn flops_csv_parses_back_to_the_report() {
    use engine::study::flop_report;
    let request = spot(&[("AA,KK", false), ("AK,QQ", false)], "", "2c").request(Method::Auto);
    let report = flop_report(&request, &|| false, &|_, _, _| {}).unwrap();
    assert_means_are_preflop(&report, &request);
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(["flops", "--csv", "--dead", "2c", "AA,KK", "AK,QQ"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header.len(), 4 + 2 * 9);
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), report.flops.len());
    let number = |t: &str| -> f64 { t.parse().unwrap() };
    for (fields, row) in rows.iter().zip(&report.flops) {
        let flop: String = row.flop.iter().map(Card::to_string).collect();
        assert_eq!(fields[0], flop);
        assert_eq!(fields[1].parse::<u32>().unwrap(), row.count);
        assert_eq!(number(fields[2]), row.frequency);
        assert_eq!(fields[3], row.texture.tags().join(";"));
        for (k, seat) in row.seats.iter().enumerate() {
            let f = &fields[4 + 9 * k..4 + 9 * (k + 1)];
            let figures = [seat.figures.equity, seat.figures.win, seat.figures.tie];
            assert_eq!(
                f[..3].iter().map(|t| number(t)).collect::<Vec<_>>(),
                figures
            );
            assert_eq!(number(f[3]), seat.figures.std_error);
            assert_eq!(
                f[4..8].iter().map(|t| number(t)).collect::<Vec<_>>(),
                seat.buckets
            );
            assert_eq!(number(f[8]), seat.nut_share);
        }
    }
}

/// The Boards view: opened from the toolbar, it fills with the engine's
/// flop report (off the UI thread); a header click sorts, unticking
/// textures filters, the text filter narrows, a flop click puts it on the
/// board.
#[test]
fn the_boards_view_sorts_filters_and_sets_the_board() {
    use egui_kittest::kittest::{NodeT, Queryable};
    use engine::study::flop_classes::Suits;
    use rangestove::gui::RangestoveApp;

    use crate::app::{app_harness, click, retype, unfocus, wait};
    let mut h = app_harness(RangestoveApp::default());
    retype(&mut h, "Seat 1", "AA,KK");
    retype(&mut h, "Seat 2", "QQ,AKs");
    unfocus(&mut h);
    click(&mut h, "Boards");
    wait(&mut h, &|app| app.flops().report().is_some());
    h.step();
    let report = h.state().flops().report().unwrap().clone();
    let engine_report =
        engine::study::flop_report(&h.state().request(), &|| false, &|_, _, _| {}).unwrap();
    assert_eq!(report.flops, engine_report.flops);
    // The flops on screen, top to bottom.
    let on_screen = |h: &crate::app::App| -> Vec<String> {
        h.query_all_by_label_contains("flop ")
            .filter_map(|n| n.accesskit_node().label())
            .filter_map(|l| l.strip_prefix("flop ").map(str::to_owned))
            .collect()
    };
    let row = |flop: &str| {
        report
            .flops
            .iter()
            .find(|r| r.flop.iter().map(ToString::to_string).collect::<String>() == flop)
            .unwrap_or_else(|| panic!("{flop} is not a row"))
    };
    assert!(on_screen(&h).len() >= 10, "{:?}", on_screen(&h));
    // Sort by the first seat's equity: highest first.
    click(&mut h, "sort by Seat 1");
    let shown = on_screen(&h);
    let equities: Vec<f64> = shown
        .iter()
        .map(|f| row(f).seats[0].figures.equity)
        .collect();
    assert!(equities.windows(2).all(|w| w[0] >= w[1]), "{equities:?}");
    let best = report
        .flops
        .iter()
        .map(|r| r.seats[0].figures.equity)
        .fold(0.0, f64::max);
    assert_eq!(equities[0], best);
    // Grouped by suits: the first group is the rainbow flops, with their
    // total frequency.
    h.get_by_value("Group: no grouping").click();
    h.step();
    h.step();
    click(&mut h, "suits");
    let rainbow: f64 = (report.flops.iter())
        .filter(|r| r.texture.suits == Suits::Rainbow)
        .map(|r| r.frequency)
        .sum();
    assert!(
        h.query_by_label(&format!("{:.2}%", 100.0 * rainbow))
            .is_some()
    );
    assert!(h.query_all_by_label("group (frequency-weighted)").count() >= 1);
    h.get_by_value("Group: suits").click();
    h.step();
    h.step();
    click(&mut h, "no grouping");
    // Only monotone flops.
    click(&mut h, "rainbow");
    click(&mut h, "two-tone");
    let shown = on_screen(&h);
    assert!(!shown.is_empty());
    assert!(
        shown
            .iter()
            .all(|f| row(f).texture.suits == Suits::Monotone),
        "{shown:?}"
    );
    // And only ace-high ones among them.
    retype(&mut h, "Filter", "A-high");
    let shown = on_screen(&h);
    assert!(!shown.is_empty());
    assert!(
        shown
            .iter()
            .all(|f| f.starts_with('A') && row(f).texture.suits == Suits::Monotone)
    );
    // A click puts the flop on the board.
    let first = shown[0].clone();
    h.get_by_label(&format!("flop {first}")).click();
    h.step();
    h.step();
    let board: String = h
        .state()
        .session()
        .board()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(board, first);
}

/// Two ranges: the report sweeps every five-card board once (up to suit
/// symmetry) and hands each board's counts to its ten flops. Its rows are
/// those of counting each flop on its own, bit for bit (figures, buckets,
/// hits, weights), and `calculate`'s on 20 flops; its progress comes
/// during the pass and ends at 1.
#[test]
fn one_pass_over_the_boards_equals_counting_each_flop() {
    let spots = [spot(
        &[("QQ+,AK,T9s", false), ("JJ-88,AQs,KQ", false)],
        "",
        "",
    )];
    let request = spots[0].request(Method::Exact);
    let passed = passes_as_each_flop(&spots);
    let seen = std::sync::Mutex::new(Vec::new());
    let report =
        engine::study::flop_report_with_progress(&request, &|| false, &|_, _, _| {}, &|f| {
            seen.lock().unwrap().push(f)
        })
        .unwrap();
    assert_eq!(report.flops, passed.flops);
    let seen = seen.into_inner().unwrap();
    assert!(seen.iter().all(|f| (0.0..=1.0).contains(f)), "{seen:?}");
    assert!(seen.iter().any(|&f| f > 0.0 && f < 0.8), "{seen:?}");
    assert!(seen.contains(&1.0), "{seen:?}");
    for row in passed.flops.iter().step_by(90) {
        let mut with = request.clone();
        with.board = row.flop.to_vec();
        let figures: Vec<_> = row.seats.iter().map(|s| s.figures).collect();
        assert_eq!(run(&with).unwrap().seats, figures, "{:?}", row.flop);
    }
}

/// Two ranges with dead cards: the one pass's rows are counting each
/// flop's, bit for bit.
#[test]
fn one_pass_with_dead_cards_equals_counting_each_flop() {
    passes_as_each_flop(&[spot(
        &[("AA,KK,AKs,72o", false), ("QQ,JJ,AQs", false)],
        "",
        "2c3d",
    )]);
}

/// A range holding one combo of a suit beside whole classes (fewer suit
/// symmetries): the one pass's rows are counting each flop's, bit for bit.
#[test]
fn one_pass_with_a_suited_combo_in_a_range_equals_counting_each_flop() {
    passes_as_each_flop(&[spot(&[("AhKh,QQ", false), ("55+,A9s+", false)], "", "")]);
}

/// A hand against a range, and against a weighted range with dead cards:
/// the one pass's rows are counting each flop's, bit for bit.
#[test]
fn one_pass_of_a_hand_against_a_range_equals_counting_each_flop() {
    passes_as_each_flop(&[
        spot(&[("AhKh", false), ("55+,A9s+,KQo", false)], "", "9c"),
        spot(&[("QQ+,AK", false), ("7s6s", false)], "", ""),
        spot(
            &[("AhKh", false), ("55+:0.3333,A9s+,KQo:0.25", false)],
            "",
            "2c",
        ),
    ]);
}

/// Weighted ranges: the one pass's rows are counting each flop's, bit for
/// bit, where a flop takes a weight away (`AhAd` gone, the gcd of what is
/// left doubles, so the flop's own weights differ from the pass's) and
/// where the weights' sums pass 32 bits (a gcd of one basis point).
#[test]
fn one_pass_with_weights_equals_counting_each_flop() {
    passes_as_each_flop(&[
        spot(
            &[("AA,KK:0.5,AKs", false), ("QQ-99,AQs:0.7", false)],
            "",
            "",
        ),
        spot(
            &[("AhAd:0.3,KK:0.6,QJs:0.6", false), ("TT+:0.45,AK", false)],
            "",
            "",
        ),
        spot(&[("AA:0.3333,KK", false), ("QQ:0.7001,JJ", false)], "", ""),
    ]);
}

/// Checks that the one pass's flop report of each of `spots` (exact)
/// equals counting each flop on its own, rows and totals; the first's
/// report.
fn passes_as_each_flop(spots: &[Spot]) -> engine::study::FlopReport {
    use engine::study::{flop_report, internal::flop_report_each};
    let mut first = None;
    for (i, spot) in spots.iter().enumerate() {
        let request = spot.request(Method::Exact);
        let passed = flop_report(&request, &|| false, &|_, _, _| {}).unwrap();
        let each = flop_report_each(&request).unwrap();
        assert_eq!(passed.flops.len(), each.flops.len(), "spot {i}");
        for (a, b) in passed.flops.iter().zip(&each.flops) {
            assert_eq!(a, b, "spot {i}");
        }
        assert_eq!(passed.seats, each.seats, "spot {i}");
        first.get_or_insert(passed);
    }
    first.expect("a spot")
}

/// One to three ranges with or without single hands (three and four
/// seats, a folded hand, dead cards): the one pass's rows equal counting their flops
/// on their own, bit for bit, on every 40th flop class (counting all of
/// them takes minutes).
#[test]
fn one_pass_with_single_hands_equals_counting_each_flop() {
    use engine::study::{flop_report, internal::flop_report_each_nth};
    let spots = [
        spot(
            &[("AdQc", false), ("JJ+,AK", false), ("TT-88,AQs:0.5", false)],
            "",
            "",
        ),
        spot(
            &[("AhKh", false), ("7s7c", false), ("22+,A2s+", false)],
            "",
            "2d",
        ),
        spot(
            &[
                ("KK+", false),
                ("9c8c", true),
                ("QsJs", false),
                ("AQ", false),
            ],
            "",
            "",
        ),
        // Three ranges, and three ranges beside a hand.
        spot(
            &[
                ("QQ+,AK", false),
                ("JJ-99,AQs,KQs", false),
                ("22+,AJs+", false),
            ],
            "",
            "",
        ),
        spot(
            &[
                ("AhAs", false),
                ("KK-QQ", false),
                ("JJ-99,AQs:0.5", false),
                ("TT+,AJs", false),
            ],
            "",
            // Two dead cards of the suits `AhAs` leaves free keep their
            // swap (one of them alone would halve the symmetries and
            // double the pass, 15 s of this test).
            "2c2d",
        ),
    ];
    for (i, spot) in spots.iter().enumerate() {
        let request = spot.request(Method::Exact);
        let passed = flop_report(&request, &|| false, &|_, _, _| {}).unwrap();
        assert_eq!(passed.strategy.to_string(), "exact/flop_pass", "spot {i}");
        let each = flop_report_each_nth(&request, 40).unwrap();
        let by_flop: std::collections::HashMap<_, _> =
            passed.flops.iter().map(|row| (row.flop, row)).collect();
        assert!(each.flops.len() > 20, "spot {i}: {}", each.flops.len());
        for row in &each.flops {
            let mut mine = (*by_flop[&row.flop]).clone();
            mine.frequency = row.frequency;
            assert_eq!(&mine, row, "spot {i}");
        }
    }
}

#[test]
fn flop_count_counts_only_flops_that_can_come() {
    use engine::study::flop_report;
    // AA against KK: a flop of two aces and two kings leaves no deal.
    let request = spot(&[("AA", false), ("KK", false)], "", "").request(Method::Exact);
    let report = flop_report(&request, &|| false, &|_, _, _| {}).unwrap();
    let rows: u32 = report.flops.iter().map(|row| row.count).sum();
    assert_eq!(report.flop_count, rows);
    // Counted directly: a flop can come when it leaves two aces and two
    // kings in the deck (it holds at most two of either).
    let cards: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
    let mut can_come = 0;
    for (i, a) in cards.iter().enumerate() {
        for (j, b) in cards.iter().enumerate().skip(i + 1) {
            for c in &cards[j + 1..] {
                let flop = [a, b, c];
                let aces = flop
                    .iter()
                    .filter(|c| c.rank() == engine::Rank::Ace)
                    .count();
                let kings = flop
                    .iter()
                    .filter(|c| c.rank() == engine::Rank::King)
                    .count();
                if aces <= 2 && kings <= 2 {
                    can_come += 1;
                }
            }
        }
    }
    assert_eq!(report.flop_count, can_come);
    assert!(report.flop_count < 22_100);
}

/// `next` never runs away: where counting every card exactly is estimated
/// past its budget, each card is sampled, and the sampled rows agree with
/// the exact ones within their errors; `--exact` and `--mc` force either.
#[test]
fn next_samples_when_exact_does_not_fit() {
    use engine::equity::ReportStrategy;
    // Four ranged seats on a flop: exact is estimated at a minute or more.
    let wide = spot(&[("15%", false); 4], "Kh9s4c", "").request(Method::Auto);
    let planned = next_cards(&wide, &|| false).unwrap();
    assert!(
        matches!(planned.strategy, ReportStrategy::EachSampled { .. }),
        "{:?}",
        planned.strategy
    );
    let total: f64 = planned.cards.iter().map(|c| c.frequency).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // A spot exact counts at once: sampled rows within four standard errors
    // of the exact ones, frequencies within 0.003.
    let small = spot(&[("25%", false), ("15%", false)], "Kh9s4c", "");
    let exact = next_cards(&small.request(Method::Auto), &|| false).unwrap();
    assert_eq!(exact.strategy.to_string(), "exact/each_board");
    let mut sampled_request = small.request(Method::MonteCarlo);
    sampled_request.target_std_error = Some(0.005);
    let sampled = next_cards(&sampled_request, &|| false).unwrap();
    assert_eq!(sampled.strategy.to_string(), "monte_carlo/each_board");
    assert_eq!(sampled.cards.len(), exact.cards.len());
    let mut far = 0;
    for (s, e) in sampled.cards.iter().zip(&exact.cards) {
        assert_eq!(s.card, e.card);
        assert!((s.frequency - e.frequency).abs() < 0.003, "{}", s.card);
        for (a, b) in s.seats.iter().zip(&e.seats) {
            let (a, b) = (&a.figures, &b.figures);
            assert!(a.std_error > 0.0 && a.std_error <= 0.005);
            if (a.equity - b.equity).abs() > 3.0 * a.std_error {
                far += 1;
            }
            assert!(
                (a.equity - b.equity).abs() < 5.0 * a.std_error,
                "{}",
                s.card
            );
        }
    }
    // 98 figures: a handful beyond three standard errors at most.
    assert!(far <= 3, "{far}");
    // The same seed gives the same report on any number of threads.
    sampled_request.threads = Some(1);
    let again = next_cards(&sampled_request, &|| false).unwrap();
    assert_eq!(again.cards, sampled.cards);
    // At the command line: the method is named, --exact refuses with a way
    // that works.
    let output = next_cli(&["--board", "Kh9s4c", "--json", "15%", "15%", "15%", "15%"]);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["method"], "monte_carlo");
    let output = next_cli(&[
        "--board", "Kh9s4c", "--exact", "random", "random", "random", "random",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("Monte Carlo"));
    let output = next_cli(&[
        "--board", "Kh9s4c", "--mc", "random", "random", "random", "random",
    ]);
    assert!(output.status.success());
}
