//! Lines (docs/design.md §3.8): continue rules as text, the ranges they
//! narrow to against the board breakdown's rows, equity terms against
//! `calculate`'s per-combo figures, the equity of a narrowed spot against
//! `calculate` with the narrowed ranges as text, the reach frequency
//! against a brute-force count of deals, and `calc --continue`.

use engine::analysis::{BoardBreakdown, Draw, MadeHand};
use engine::equity::{EquityRequest, Method, Seat};
use engine::line::{ContinueRule, LineError, Street, StreetRule, narrow};
use engine::{CardSet, Combo, Range, card::parse_cards};

use crate::engine::equity::run;

/// A spot of active seats with these ranges on `board`, counted exactly.
pub(crate) fn request(ranges: &[&str], board: &str) -> EquityRequest {
    let seats = ranges
        .iter()
        .map(|r| Seat::active(Range::parse(r).unwrap()))
        .collect();
    let mut request = EquityRequest::new(seats);
    request.board = parse_cards(board).unwrap();
    request.method = Method::Exact;
    request
}

fn rule(seat: usize, street: Street, text: &str) -> StreetRule {
    StreetRule {
        seat,
        street,
        rule: ContinueRule::parse(text).unwrap(),
    }
}

#[test]
fn rule_text_parses_prints_back_and_names_the_bad_token() {
    for text in [
        "two-pair+,flush-draw,oesd,gutshot:0.5",
        "top-pair+,-underpair",
        "equity>=55%,top 40%:0.5,bottom 12.5%",
        "AK,QQ+,AhKh:0.25,A5s-A2s",
        "set,nut-flush-draw,combo-draw,backdoor-flush:0.3,overcards:0.0001",
        "",
    ] {
        let parsed = ContinueRule::parse(text).unwrap();
        assert_eq!(parsed.to_string(), text, "{text}");
        assert_eq!(ContinueRule::parse(&parsed.to_string()).unwrap(), parsed);
    }
    // Any case and spaces; `tptk` is top pair, top kicker.
    assert_eq!(
        ContinueRule::parse(" Two-Pair+ , TPTK ")
            .unwrap()
            .to_string(),
        "two-pair+,top-pair-top-kicker"
    );
    use engine::line::ParseRuleErrorKind as Kind;
    for (text, token, offset, kind) in [
        ("two-pair+,flush-drawz", "flush-drawz", 10, Kind::Unknown),
        (
            "set, gutshot+",
            "gutshot+",
            5,
            Kind::DrawOrBetter(engine::line::Category::Draw(Draw::Gutshot)),
        ),
        ("set,,flush", "", 4, Kind::EmptyTerm),
        ("overpair:1.5", "overpair:1.5", 0, Kind::WeightOutOfRange),
        ("overpair:5e-1", "overpair:5e-1", 0, Kind::BadWeight),
        (
            "overpair:0.00001",
            "overpair:0.00001",
            0,
            Kind::WeightTooSmall,
        ),
        ("top 140%", "top 140%", 0, Kind::PercentOutOfRange),
        ("equity>=x%", "equity>=x%", 0, Kind::BadPercent),
        ("equity>=5e-1", "equity>=5e-1", 0, Kind::BadPercent),
        ("set,AK QQ", "AK QQ", 4, Kind::SeveralHands),
        ("set,:0.5", ":0.5", 4, Kind::NothingNamed),
    ] {
        let error = ContinueRule::parse(text).unwrap_err();
        assert_eq!(
            (error.token.as_str(), error.offset, &error.kind),
            (token, offset, &kind),
            "{text}"
        );
    }
}

/// The narrowed range, against the board breakdown's rows filtered by
/// hand: a combo keeps its weight times the largest weight of the rows
/// the rule keeps it by, none if a removal names it.
#[test]
fn a_rule_narrows_a_range_as_its_breakdown_rows_say() {
    let range_text = "22+,A2s+,KTs+,QTs+,JTs,T9s,98s,AJo+,KQo";
    let board = "Kh9h4c";
    let spot = request(&[range_text, "random"], board);
    let line = [rule(
        0,
        Street::Flop,
        "two-pair+,flush-draw,gutshot:0.5,-underpair",
    )];
    let narrowed = narrow(&spot, &line).unwrap();
    let range = Range::parse(range_text).unwrap();
    let cards = parse_cards(board).unwrap();
    let rows = BoardBreakdown::new(&range, &cards, CardSet::EMPTY).unwrap();
    let in_made = |combo: Combo, keep: &dyn Fn(MadeHand) -> bool| {
        rows.made
            .iter()
            .any(|r| keep(r.what) && r.combos.contains(&combo))
    };
    let in_draw = |combo: Combo, draw: Draw| {
        rows.draws
            .iter()
            .any(|r| r.what == draw && r.combos.contains(&combo))
    };
    let mut kept = 0.0;
    let mut live = 0.0;
    for (combo, bp) in range.combos() {
        if !combo
            .mask()
            .is_disjoint(cards.iter().fold(CardSet::EMPTY, |s, &c| s.with(c)))
        {
            continue;
        }
        live += f64::from(bp);
        let expected = if in_made(combo, &|m| m == MadeHand::Underpair) {
            0
        } else if in_made(combo, &|m| m <= MadeHand::TwoPair) || in_draw(combo, Draw::FlushDraw) {
            bp
        } else if in_draw(combo, Draw::Gutshot) {
            bp / 2
        } else {
            0
        };
        kept += f64::from(expected);
        assert_eq!(
            narrowed.request.seats[0].range.weight_bp(combo),
            expected,
            "{combo}"
        );
    }
    let share = narrowed.shares[0][0];
    assert_eq!(share.0, Street::Flop);
    assert!((share.1 - kept / live).abs() < 1e-12 && (0.0..=1.0).contains(&share.1));
    // The other seat has no rule: unchanged, no share.
    assert!(narrowed.shares[1].is_empty());
    assert_eq!(narrowed.request.seats[1].range, spot.seats[1].range);
}

/// Equity terms: `equity>=50%` keeps exactly the combos whose equity
/// against the other seats (calculate's per-combo breakdown on the
/// street's board) is at least 50%; `top 30%` the combos with less than
/// 30% of the range's live weight above them.
#[test]
fn equity_terms_read_calculates_per_combo_equities() {
    let spot = request(&["QQ+,AK,JTs,98s,A5s", "TT+,AQ+,KQs"], "Kh9s4c");
    let mut with = spot.clone();
    with.breakdown = true;
    let figures = run(&with).unwrap();
    let combos = &figures.breakdown[0].combos;
    let narrowed = narrow(&spot, &[rule(0, Street::Flop, "equity>=50%")]).unwrap();
    for c in combos {
        let kept = narrowed.request.seats[0].range.weight_bp(c.combo) > 0;
        assert_eq!(kept, c.equity >= 0.5, "{} at {}", c.combo, c.equity);
    }
    let narrowed = narrow(&spot, &[rule(0, Street::Flop, "top 30%")]).unwrap();
    let total = combos.len() as f64;
    for c in combos {
        let above = combos.iter().filter(|o| o.equity > c.equity).count() as f64;
        let kept = narrowed.request.seats[0].range.weight_bp(c.combo) > 0;
        assert_eq!(kept, above / total < 0.3, "{}", c.combo);
    }
}

/// The equities on a street are `calculate`'s with the narrowed ranges
/// given as text (each combo with its weight), on flop, turn and river
/// rules.
#[test]
fn a_narrowed_spot_is_calculate_on_the_narrowed_ranges() {
    let spot = request(&["25%", "15%", "AhKh,QQ,JTs"], "Kh9s4c7d2c");
    let line = [
        rule(1, Street::Flop, "pair+,flush-draw,oesd,gutshot:0.5"),
        rule(0, Street::Turn, "top-pair+,oesd"),
        rule(1, Street::River, "equity>=40%"),
    ];
    let narrowed = narrow(&spot, &line).unwrap();
    assert_eq!(narrowed.shares[1].len(), 2);
    let mut pasted = spot.clone();
    for (seat, narrowed) in pasted.seats.iter_mut().zip(&narrowed.request.seats) {
        seat.range = Range::parse(&narrowed.range.canonical()).unwrap();
        assert_eq!(seat.range, narrowed.range);
    }
    assert_eq!(
        run(&narrowed.request).unwrap().seats,
        run(&pasted).unwrap().seats
    );
}

/// The reach frequency against a brute-force count: every deal of one
/// combo per seat the board allows, weighted by the ranges' weights, and
/// the share of that weight whose every combo each rule keeps (at its
/// weight), on a river and a turn, with a weighted rule term.
#[test]
fn reach_is_the_share_of_deals_every_rule_keeps() {
    for (ranges, board, dead) in [
        (["QQ+,AK", "JJ-88,AQs,KQs", "A5s,76s,KJs"], "Kh9s4c7d", "2h"),
        (
            ["AA,KK:0.5,AK", "TT+,AJs+", "98s,87s,JTs"],
            "Qh7d2c9s3s",
            "",
        ),
    ] {
        let mut spot = request(&ranges, board);
        spot.dead = CardSet::parse(dead).unwrap();
        let line = [
            rule(0, Street::Flop, "top-pair+,overpair"),
            rule(1, Street::Flop, "pair+,gutshot:0.5,oesd"),
            rule(2, Street::Turn, "pair+,flush-draw,oesd,gutshot"),
        ];
        let narrowed = narrow(&spot, &line).unwrap();
        let out = spot.board.iter().fold(spot.dead, |s, &c| s.with(c));
        let live = |range: &Range| -> Vec<(Combo, f64)> {
            range
                .combos()
                .filter(|(c, _)| c.mask().is_disjoint(out))
                .map(|(c, w)| (c, f64::from(w)))
                .collect()
        };
        let before: Vec<_> = spot.seats.iter().map(|s| live(&s.range)).collect();
        let after: Vec<_> = narrowed
            .request
            .seats
            .iter()
            .map(|s| s.range.clone())
            .collect();
        let (mut all, mut kept) = (0.0, 0.0);
        for &(a, wa) in &before[0] {
            for &(b, wb) in &before[1] {
                for &(c, wc) in &before[2] {
                    let masks = [a.mask(), b.mask(), c.mask()];
                    if !masks[0].is_disjoint(masks[1])
                        || !masks[0].is_disjoint(masks[2])
                        || !masks[1].is_disjoint(masks[2])
                    {
                        continue;
                    }
                    all += wa * wb * wc;
                    kept += [(0, a), (1, b), (2, c)]
                        .iter()
                        .map(|&(s, combo)| f64::from(after[s].weight_bp(combo)))
                        .product::<f64>();
                }
            }
        }
        let expected = kept / all;
        assert!(
            (narrowed.reach - expected).abs() < 1e-12,
            "{ranges:?}: {} vs {expected}",
            narrowed.reach
        );
        assert!((0.0..=1.0).contains(&narrowed.reach) && narrowed.reach > 0.0);
    }
    // Four `random` seats are too many deals to count: the reach is
    // sampled (a fixed generator). By symmetry each seat's hand is uniform
    // over its live combos, so the reach of one seat's rule is its share.
    let spot = request(&["random"; 4], "Kh9s4c");
    let narrowed = narrow(&spot, &[rule(0, Street::Flop, "pair+")]).unwrap();
    let share = narrowed.shares[0][0].1;
    assert!(
        (narrowed.reach - share).abs() < 0.003,
        "{} vs {share}",
        narrowed.reach
    );
    assert_eq!(
        narrow(&spot, &[rule(0, Street::Flop, "pair+")]).unwrap(),
        narrowed
    );
    // No rule: reach 1.
    let spot = request(&["QQ+", "AK"], "Kh9s4c");
    assert_eq!(narrow(&spot, &[]).unwrap().reach, 1.0);
}

#[test]
fn a_line_that_cannot_apply_says_why() {
    let spot = request(&["QQ+", "AK"], "Kh9s4c");
    assert_eq!(
        narrow(&spot, &[rule(0, Street::Turn, "set")]).unwrap_err(),
        LineError::StreetNotDealt {
            street: Street::Turn,
            board: 3
        }
    );
    assert!(matches!(
        narrow(&spot, &[rule(1, Street::Flop, "flush")]).unwrap_err(),
        LineError::NothingContinues { seat: 1, .. }
    ));
    assert!(matches!(
        narrow(&spot, &[rule(5, Street::Flop, "set")]).unwrap_err(),
        LineError::NoSuchSeat { seat: 5 }
    ));
}

fn calc(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .arg("calc")
        .args(args)
        .output()
        .unwrap()
}

/// `calc --continue`: the narrowed spot's equities, `reach` and each
/// player's `continue` shares in the JSON; a bad rule or street exits 2
/// naming it.
#[test]
fn calc_takes_continue_rules() {
    let output = calc(&[
        "--json",
        "--board",
        "Kh9s4c7d",
        "QQ+,AK",
        "JJ-99,AQs,KQs",
        "--continue",
        "2:flop:pair+,flush-draw,oesd,gutshot:0.5",
        "--continue",
        "1:turn:top-pair+,overpair",
    ]);
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let spot = request(&["QQ+,AK", "JJ-99,AQs,KQs"], "Kh9s4c7d");
    let line = [
        rule(1, Street::Flop, "pair+,flush-draw,oesd,gutshot:0.5"),
        rule(0, Street::Turn, "top-pair+,overpair"),
    ];
    let narrowed = narrow(&spot, &line).unwrap();
    let result = run(&narrowed.request).unwrap();
    let close = |v: &serde_json::Value, x: f64| (v.as_f64().unwrap() - x).abs() < 1e-15;
    assert!(close(&json["reach"], narrowed.reach));
    for (k, player) in json["players"].as_array().unwrap().iter().enumerate() {
        assert!(close(&player["equity"], result.seats[k].equity));
        let shares = player["continue"].as_array().unwrap();
        assert_eq!(shares.len(), 1);
        assert!(close(&shares[0], narrowed.shares[k][0].1));
    }
    // Without rules: reach 1 and no shares.
    let output = calc(&["--json", "--board", "Kh9s4c", "QQ+", "AK"]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["reach"], 1.0);
    assert_eq!(json["players"][0]["continue"], serde_json::json!([]));
    for (args, says) in [
        (&["2:flop:two-pair++"][..], "two-pair++"),
        (&["2:flopp:set"], "flopp"),
        (&["3:flop:set"], "seat 3"),
        (&["1:river:set"], "river"),
    ] {
        let mut all = vec!["--board", "Kh9s4c", "QQ+", "AK"];
        for a in args {
            all.extend(["--continue", a]);
        }
        let output = calc(&all);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

/// The next card on a line: each card's figures are `calculate`'s with the
/// line applied on the board with that card (the turn's rule included),
/// its reach that line's, each ruled seat's continue share its turn share;
/// the frequencies are those of the ranges entering the turn. At the
/// command line, `next --continue` gives them in the JSON.
#[test]
fn the_next_card_on_a_line_is_calculate_with_each_card() {
    use engine::study::{next_cards, next_cards_on_line};
    let spot = request(&["QQ+,AK,AQs", "JJ-99,AQs,KQs,T9s"], "Kh9s4c");
    let line = [
        rule(1, Street::Flop, "pair+,flush-draw,oesd,gutshot"),
        rule(0, Street::Turn, "top-pair+,overpair,set"),
    ];
    let report = next_cards_on_line(&spot, &line, &|| false).unwrap();
    let entering = narrow(&spot, &line[..1]).unwrap();
    let plain = next_cards(&entering.request, &|| false).unwrap();
    assert_eq!(report.cards.len(), plain.cards.len());
    for (row, plain) in report.cards.iter().zip(&plain.cards).step_by(4) {
        assert_eq!(row.frequency, plain.frequency);
        let mut with = spot.clone();
        with.board.push(row.card);
        let narrowed = narrow(&with, &line).unwrap();
        assert!((row.reach - narrowed.reach).abs() < 1e-15, "{}", row.card);
        let figures: Vec<_> = row.seats.iter().map(|s| s.figures).collect();
        assert_eq!(
            figures,
            run(&narrowed.request).unwrap().seats,
            "{}",
            row.card
        );
        let turn = narrowed.shares[0]
            .iter()
            .find(|s| s.0 == Street::Turn)
            .unwrap()
            .1;
        assert_eq!(row.seats[0].continue_share, Some(turn));
        assert_eq!(row.seats[1].continue_share, None);
    }
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args([
            "next",
            "--json",
            "--board",
            "Kh9s4c",
            "QQ+,AK,AQs",
            "JJ-99,AQs,KQs,T9s",
        ])
        .args(["--continue", "2:flop:pair+,flush-draw,oesd,gutshot"])
        .args(["--continue", "1:turn:top-pair+,overpair,set"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let cards = json["cards"].as_array().unwrap();
    assert_eq!(cards.len(), report.cards.len());
    for (card, row) in cards.iter().zip(&report.cards) {
        assert!((card["reach"].as_f64().unwrap() - row.reach).abs() < 1e-15);
        let share = card["players"][0]["continue"].as_f64();
        assert!((share.unwrap() - row.seats[0].continue_share.unwrap()).abs() < 1e-15);
        assert!(card["players"][1]["continue"].is_null());
    }
    // A rule two streets ahead: no board reaches it.
    let error = next_cards_on_line(&spot, &[rule(0, Street::River, "set")], &|| false);
    assert!(matches!(error, Err(LineError::StreetNotInReport { .. })));
}

/// All flops on a line: every row is `calculate` on that flop with the
/// flop rules applied (figures, reach, continue shares), its frequency the
/// flop's frequency in the report without rules, and the totals the
/// frequency-weighted means (the equities by frequency times reach). At
/// the command line, `flops --continue` gives them in the JSON.
#[test]
fn all_flops_on_a_line_are_calculate_on_each_flop() {
    use engine::study::{flop_report, flop_report_on_line};
    let spot = request(&["QQ+,AK,AQs,JTs", "TT+,AJs+,KQs,T9s"], "");
    let line = [
        rule(0, Street::Flop, "top-pair+,overpair,flush-draw"),
        rule(1, Street::Flop, "pair+,oesd,gutshot:0.5"),
    ];
    let report = flop_report_on_line(&spot, &line, &|| false, &|_, _, _| {}).unwrap();
    let plain = flop_report(&spot, &|| false, &|_, _, _| {}).unwrap();
    assert_eq!(report.flops.len(), plain.flops.len());
    for (row, plain) in report.flops.iter().zip(&plain.flops).step_by(97) {
        assert_eq!(row.flop, plain.flop);
        assert!(
            (row.frequency - plain.frequency).abs() < 1e-12,
            "{:?}",
            row.flop
        );
        let mut with = spot.clone();
        with.board = row.flop.to_vec();
        assert_row_is_narrowed_calculate(row, &narrow(&with, &line).unwrap());
    }
    let reach: f64 = report.flops.iter().map(|r| r.frequency * r.reach).sum();
    assert!((report.reach - reach).abs() < 1e-12 && reach > 0.0 && reach < 1.0);
    for k in 0..2 {
        let share: f64 = (report.flops.iter())
            .map(|r| r.frequency * r.seats[k].continue_share.unwrap())
            .sum();
        assert!((report.continues[k].unwrap() - share).abs() < 1e-12);
        let weight: f64 = report.flops.iter().map(|r| r.frequency * r.reach).sum();
        let equity: f64 = (report.flops.iter())
            .map(|r| r.frequency * r.reach * r.seats[k].figures.equity)
            .sum::<f64>()
            / weight;
        assert!((report.seats[k].0 - equity).abs() < 1e-12);
    }
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(["flops", "--json", "QQ+,AK,AQs,JTs", "TT+,AJs+,KQs,T9s"])
        .args(["--continue", "1:flop:top-pair+,overpair,flush-draw"])
        .args(["--continue", "2:flop:pair+,oesd,gutshot:0.5"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!((json["reach"].as_f64().unwrap() - report.reach).abs() < 1e-15);
    let flops = json["flops"].as_array().unwrap();
    assert_eq!(flops.len(), report.flops.len());
    assert!((flops[5]["reach"].as_f64().unwrap() - report.flops[5].reach).abs() < 1e-15);
    // CSV: the reach and the ruled seats' shares after the seats' columns.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(["flops", "--csv", "QQ+,AK,AQs,JTs", "TT+,AJs+,KQs,T9s"])
        .args(["--continue", "2:flop:pair+,oesd,gutshot:0.5"])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let header = text.lines().next().unwrap();
    assert!(
        header.ends_with(",seat2_nut_share,reach,seat2_continue"),
        "{header}"
    );
    assert_eq!(text.lines().count(), report.flops.len() + 1);
    // A turn rule in a flop report: no board reaches it.
    let error = flop_report_on_line(
        &spot,
        &[rule(0, Street::Turn, "set")],
        &|| false,
        &|_, _, _| {},
    );
    assert!(matches!(error, Err(LineError::StreetNotInReport { .. })));
}

/// A flop report's row on a line against the line narrowed on its flop:
/// the same reach, `calculate`'s figures on the narrowed ranges, each
/// seat's continue share.
fn assert_row_is_narrowed_calculate(
    row: &engine::study::FlopRow,
    narrowed: &engine::line::Narrowed,
) {
    assert!((row.reach - narrowed.reach).abs() < 1e-15, "{:?}", row.flop);
    let figures: Vec<_> = row.seats.iter().map(|s| s.figures).collect();
    assert_eq!(
        figures,
        run(&narrowed.request).unwrap().seats,
        "{:?}",
        row.flop
    );
    for (k, seat) in row.seats.iter().enumerate() {
        // A seat without a rule has no share.
        let share = narrowed.shares[k].first().map(|s| s.1);
        assert_eq!(seat.continue_share, share);
    }
}

/// A flop rule with equity terms over every flop: the standings come from
/// one pass over the boards with the ranges as given, not a count of each
/// flop; each row is still `narrow` (which counts the flop's standings
/// with `calculate`) and `calculate` on the narrowed spot, with weights
/// and a dead card that leave some flops a larger gcd of weights than the
/// pass divided by.
#[test]
fn equity_terms_on_every_flop_are_calculate_on_each_flop() {
    use engine::equity::ReportStrategy;
    use engine::study::flop_report_on_line;
    let mut spot = request(&["QQ+:0.5,AK,AQs,JTs:0.25", "TT+,AJs+,KQs:0.7,T9s"], "");
    spot.dead = CardSet::default().with(parse_cards("2c").unwrap()[0]);
    let line = [
        rule(0, Street::Flop, "equity>=50%"),
        rule(1, Street::Flop, "top 40%,flush-draw:0.5"),
    ];
    let report = flop_report_on_line(&spot, &line, &|| false, &|_, _, _| {}).unwrap();
    assert!(matches!(report.strategy, ReportStrategy::EachExact { .. }));
    let mut checked = 0;
    for row in report.flops.iter().step_by(41) {
        let mut with = spot.clone();
        with.board = row.flop.to_vec();
        let narrowed = match engine::line::follow(&with, &line).unwrap() {
            engine::line::Followed::Reached(n) if n.reach > 0.0 => n,
            _ => {
                assert_eq!(row.reach, 0.0, "{:?}", row.flop);
                continue;
            }
        };
        assert_row_is_narrowed_calculate(row, &narrowed);
        checked += 1;
    }
    assert!(checked > 20, "{checked} flops checked");
}

/// An equity term on one seat of two ranges: the standings' pass counts
/// that seat's combos alone (not the other seat's, nor the spot's totals),
/// and each row is still `narrow` (the standings counted by `calculate` on
/// the flop) and `calculate` on the narrowed spot: the rule on the first
/// range, on the second (weights and a dead card), and on a range beside
/// a hand.
#[test]
fn one_seats_equity_term_on_every_flop_is_calculate_on_each_flop() {
    use engine::line::{Followed, follow};
    use engine::study::flop_report_on_line;
    let spots: [(&[&str], &str, usize, &str); 4] = [
        (
            &["QQ+:0.5,AK,AQs,JTs:0.25", "TT+,AJs+,KQs:0.7,T9s"],
            "2c",
            0,
            "equity>=50%",
        ),
        (
            &["QQ+:0.5,AK,AQs,JTs:0.25", "TT+,AJs+,KQs:0.7,T9s"],
            "2c",
            1,
            "top 35%,flush-draw",
        ),
        (&["AK,QQ,T9s", "JJ+,AQs+,76s:0.5"], "", 1, "equity>=45%"),
        (&["AhKh", "QQ+,AJs+", "TT+,KQs,98s"], "", 2, "equity>=40%"),
    ];
    for (ranges, dead, seat, text) in spots {
        let mut spot = request(ranges, "");
        spot.dead = CardSet::parse(dead).unwrap();
        let line = [rule(seat, Street::Flop, text)];
        let report = flop_report_on_line(&spot, &line, &|| false, &|_, _, _| {}).unwrap();
        let mut checked = 0;
        for row in report.flops.iter().step_by(23) {
            let mut with = spot.clone();
            with.board = row.flop.to_vec();
            match follow(&with, &line).unwrap() {
                Followed::Reached(n) if n.reach > 0.0 => {
                    assert_row_is_narrowed_calculate(row, &n);
                    checked += 1;
                }
                _ => assert_eq!(row.reach, 0.0, "{ranges:?} {text}: {:?}", row.flop),
            }
        }
        assert!(checked > 20, "{ranges:?} {text}: {checked} flops checked");
    }
}

/// Rule text from a seeded generator (names, signs, weights, percentages,
/// stray characters and bytes of other scripts): parsing never panics; what
/// parses prints back to text that parses to the same rule, and an error
/// names a token that is in the text at its offset.
#[test]
fn any_rule_text_parses_or_names_its_bad_term() {
    use rand::{RngExt, SeedableRng};
    let pieces = [
        "two-pair",
        "+",
        "flush-draw",
        "oesd",
        "gutshot",
        ":0.5",
        ":1",
        ":0",
        ":1.5",
        ":x",
        "-",
        ",",
        " ",
        "equity>=",
        "55%",
        "top ",
        "bottom ",
        "40%",
        "140",
        "AK",
        "QQ+",
        "AhKh",
        "set",
        "pair",
        "top-pair",
        "é",
        "≥",
        "%",
        ":",
        "JJ-99",
        "tptk",
        "",
        "0.0001",
        "::",
    ];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(32);
    let (mut ok, mut bad) = (0, 0);
    for _ in 0..20_000 {
        let text: String = (0..rng.random_range(0..8))
            .map(|_| pieces[rng.random_range(0..pieces.len())])
            .collect();
        match ContinueRule::parse(&text) {
            Ok(rule) => {
                ok += 1;
                assert_eq!(
                    ContinueRule::parse(&rule.to_string()).unwrap(),
                    rule,
                    "{text:?}"
                );
            }
            Err(error) => {
                bad += 1;
                assert!(
                    text.get(error.offset..)
                        .is_some_and(|rest| rest.starts_with(error.token.as_str())),
                    "{text:?}: {error}"
                );
            }
        }
    }
    assert!(ok > 100 && bad > 100, "{ok} {bad}");
}

/// The totals of a flop report on a line with an equity term, against
/// every flop followed on its own (`follow` counts the standings with
/// `calculate` on the flop, not the one pass) and `calculate` on what the
/// line leaves: the reach, each ruled seat's continue share and the equity
/// where the line gets, by frequency. Seat 1's `equity>=65%` keeps nothing
/// on some flops (the line stops there, reach 0); alone, its standings
/// come from a pass counting its combos only.
#[test]
fn equity_term_totals_are_every_flop_followed_on_its_own() {
    let spot = request(&["AK,QQ", "TT+,AJs"], "");
    let both = [
        rule(0, Street::Flop, "equity>=65%"),
        rule(1, Street::Flop, "top 50%"),
    ];
    assert_totals_are_every_flop_followed(&spot, &both);
    assert_totals_are_every_flop_followed(&spot, &both[..1]);
}

/// The report of `spot` on `line` against every flop followed on its own
/// (see [`equity_term_totals_are_every_flop_followed_on_its_own`]); the
/// line stops on some flops and gets past others.
fn assert_totals_are_every_flop_followed(spot: &EquityRequest, line: &[StreetRule]) {
    use engine::line::{Followed, follow};
    use engine::study::flop_report_on_line;
    let report = flop_report_on_line(spot, line, &|| false, &|_, _, _| {}).unwrap();
    let (mut reach, mut shares, mut weight) = (0.0, [0.0; 2], 0.0);
    let mut equity = [0.0; 2];
    let mut stopped = 0;
    for row in &report.flops {
        let mut with = spot.clone();
        with.board = row.flop.to_vec();
        let f = row.frequency;
        match follow(&with, line).unwrap() {
            Followed::Reached(n) => {
                reach += f * n.reach;
                for (share, seat) in shares.iter_mut().zip(&n.shares) {
                    *share += f * seat.first().map_or(0.0, |x| x.1);
                }
                if n.reach > 0.0 {
                    let seats = run(&n.request).unwrap().seats;
                    weight += f * n.reach;
                    for (sum, seat) in equity.iter_mut().zip(&seats) {
                        *sum += f * n.reach * seat.equity;
                    }
                }
            }
            Followed::Stopped(s) => {
                stopped += 1;
                for (k, share) in s.shares.iter().enumerate() {
                    shares[k] += f * share.first().map_or(0.0, |x| x.1);
                }
            }
        }
    }
    assert!(stopped > 0, "no flop where a seat keeps nothing");
    assert!(stopped < report.flops.len(), "no flop the line gets past");
    let total: f64 = report.flops.iter().map(|r| r.frequency).sum();
    assert!((report.reach - reach / total).abs() < 1e-12);
    for k in 0..2 {
        let ruled = line.iter().any(|r| r.seat == k);
        assert_eq!(report.continues[k].is_some(), ruled, "seat {k}");
        let share = report.continues[k].unwrap_or(0.0);
        assert!((share - shares[k] / total).abs() < 1e-12, "seat {k}");
        assert!(
            (report.seats[k].0 - equity[k] / weight).abs() < 1e-12,
            "seat {k}"
        );
    }
}
