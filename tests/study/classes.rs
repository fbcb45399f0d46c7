//! The hand-class table (docs/design.md §3.9): its made rows partition the
//! first seat's live range, their combos × equity sum to the seat's
//! equity, each row's equity is `calculate`'s with the row's hands as the
//! seat's range, draws overlap; `calc --classes` prints it and adds
//! `classes` and `draws` to the JSON.

use engine::analysis::classify;
use engine::equity::EquityRequest;
use engine::study::{ClassKey, class_table};
use engine::{Range, card::parse_cards};

use crate::engine::equity::run;

/// The spot counted exactly, with the per-combo breakdown.
fn request(ranges: &[&str], board: &str) -> EquityRequest {
    let mut request = crate::study::lines::request(ranges, board);
    request.breakdown = true;
    request
}

#[test]
fn the_class_table_partitions_the_range_and_each_row_is_calculate() {
    for (ranges, board) in [
        (vec!["QQ+,AK,AQs,JTs,98s:0.5,A5s", "TT+,AJs+,KQs"], "Kh9s4c"),
        (
            vec!["22+,A2s+,KTs+,QJs,AJo+", "QQ+,AK", "JJ-99,AQs"],
            "Qh7h2c5d",
        ),
    ] {
        let spot = request(&ranges, board);
        let result = run(&spot).unwrap();
        let first = &result.breakdown[0];
        let range = &spot.seats[0].range;
        let table = class_table(first, range, &spot.board).unwrap();
        // Every live combo in exactly one made row, with its weight.
        let mut seen = 0;
        for c in first.combos.iter().filter(|c| c.dealt) {
            let rows: Vec<_> = table
                .made
                .iter()
                .filter(|r| r.hands.weight_bp(c.combo) > 0)
                .collect();
            assert_eq!(rows.len(), 1, "{}", c.combo);
            assert_eq!(rows[0].hands.weight_bp(c.combo), range.weight_bp(c.combo));
            let hit = classify(c.combo, &spot.board).unwrap();
            assert_eq!(rows[0].category, ClassKey::Made(hit.made));
            seen += 1;
        }
        let in_rows: usize = table.made.iter().map(|r| r.hands.combos().count()).sum();
        assert_eq!(in_rows, seen);
        // Combos and shares add up; combos × equity is the seat's equity.
        let combos: f64 = table.made.iter().map(|r| r.combos).sum();
        let all: f64 = first.classes.iter().map(|c| c.combos).sum();
        assert!((combos - all).abs() < 1e-9);
        let share: f64 = table.made.iter().map(|r| r.share).sum();
        assert!((share - 1.0).abs() < 1e-12);
        let equity: f64 = table
            .made
            .iter()
            .map(|r| r.combos * r.equity.unwrap())
            .sum::<f64>()
            / combos;
        assert!((equity - result.seats[0].equity).abs() < 1e-12);
        // Each row (made and draw) is `calculate` with its hands as the
        // seat's range.
        for row in table.made.iter().chain(&table.draws) {
            let mut alone = spot.clone();
            alone.breakdown = false;
            alone.seats[0].range = Range::parse(&row.hands.canonical()).unwrap();
            let figures = run(&alone).unwrap();
            assert!(
                (figures.seats[0].equity - row.equity.unwrap()).abs() < 1e-12,
                "{}: {} vs {:?}",
                row.category,
                figures.seats[0].equity,
                row.equity
            );
        }
    }
}

#[test]
fn calc_prints_the_class_table() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args([
            "calc",
            "--json",
            "--classes",
            "--board",
            "Kh9s4c",
            "QQ+,AK,JTs",
            "TT+,AQ+",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let spot = request(&["QQ+,AK,JTs", "TT+,AQ+"], "Kh9s4c");
    let result = run(&spot).unwrap();
    let table = class_table(&result.breakdown[0], &spot.seats[0].range, &spot.board).unwrap();
    let rows = json["classes"].as_array().unwrap();
    assert_eq!(rows.len(), table.made.len());
    for (row, want) in rows.iter().zip(&table.made) {
        assert_eq!(row["category"], want.category.to_string());
        assert_eq!(row["hands"], want.hands.canonical());
        for (key, value) in [
            ("combos", want.combos),
            ("share", want.share),
            ("equity", want.equity.unwrap()),
        ] {
            assert!((row[key].as_f64().unwrap() - value).abs() < 1e-12, "{key}");
        }
    }
    assert_eq!(json["draws"].as_array().unwrap().len(), table.draws.len());
    // Only the table: no per-class breakdown unless asked for.
    assert!(json.get("breakdown").is_none());
    // No board: an input error saying so.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(["calc", "--classes", "QQ+", "AK"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--classes needs a flop"));
}

/// What to call with: at a price, exactly the combos whose breakdown
/// equity is at least it, with their weights.
#[test]
fn the_break_even_selection_is_every_combo_at_or_above_the_price() {
    use engine::study::{calls, required_equity};
    assert!((required_equity(1.0, 2.0) - 1.0 / 3.0).abs() < 1e-15);
    assert_eq!(required_equity(0.0, 5.0), 0.0);
    let spot = request(&["QQ+,AK,AQs,JTs:0.5,98s,A5s", "TT+,AJs+,KQs"], "Kh9s4c");
    let result = run(&spot).unwrap();
    let first = &result.breakdown[0];
    for price in [0.0, 0.25, 1.0 / 3.0, 0.5, 0.8, 1.0] {
        let range = calls(first, &spot.seats[0].range, price);
        for c in &first.combos {
            let want = if c.equity >= price {
                spot.seats[0].range.weight_bp(c.combo)
            } else {
                0
            };
            assert_eq!(range.weight_bp(c.combo), want, "{} at {price}", c.combo);
        }
    }
}

/// Blockers against an independent count on a river: the other seat's
/// combos, each with its equity from `calculate` with that combo alone and
/// its weight in the deal distribution counted from the first seat's
/// compatible combos; a combo's removed shares of the other seat's strong
/// (≥ 75%) and weak (< 25%) parts.
#[test]
fn blockers_match_an_independent_count() {
    use engine::study::blockers;
    let (first, second, board) = ("AK,AQs,QJs,T9s,55", "KQ,AJs,JTs,99,44", "Kd9h5c2s7h");
    let spot = request(&[first, second], board);
    let result = run(&spot).unwrap();
    let cards = parse_cards(board).unwrap();
    let out = cards.iter().fold(engine::CardSet::EMPTY, |s, &c| s.with(c));
    let live = |text: &str| -> Vec<(engine::Combo, f64)> {
        Range::parse(text)
            .unwrap()
            .combos()
            .filter(|(c, _)| c.mask().is_disjoint(out))
            .map(|(c, w)| (c, f64::from(w)))
            .collect()
    };
    let (mine, theirs) = (live(first), live(second));
    // The other seat's combos: deal weight and equity.
    let parts: Vec<(engine::Combo, f64, f64)> = theirs
        .iter()
        .map(|&(b, wb)| {
            let weight: f64 = mine
                .iter()
                .filter(|(a, _)| a.mask().is_disjoint(b.mask()))
                .map(|(_, wa)| wa * wb)
                .sum();
            let mut alone = request(&[first, &b.to_string()], board);
            alone.breakdown = false;
            let equity = run(&alone).unwrap().seats[1].equity;
            (b, weight, equity)
        })
        .collect();
    let share = |a: engine::Combo, keep: &dyn Fn(f64) -> bool| {
        let all: f64 = parts.iter().filter(|p| keep(p.2)).map(|p| p.1).sum();
        let hit: f64 = (parts.iter())
            .filter(|p| keep(p.2) && !p.0.mask().is_disjoint(a.mask()))
            .map(|p| p.1)
            .sum();
        if all > 0.0 { hit / all } else { 0.0 }
    };
    let mut some = 0;
    for &(a, _) in &mine {
        let got = blockers(a, &result.breakdown[1]);
        let strong = share(a, &|e| e >= 0.75);
        let weak = share(a, &|e| e < 0.25);
        assert!(
            (got.strong - strong).abs() < 1e-12,
            "{a}: {got:?} vs {strong}"
        );
        assert!((got.weak - weak).abs() < 1e-12, "{a}: {got:?} vs {weak}");
        assert!((got.difference - (strong - weak)).abs() < 1e-12);
        some += usize::from(strong > 0.0 || weak > 0.0);
        // A group as the strong part (the other seat's pairs at half
        // weight): its weighted share blocked; the weak part is the bottom
        // bucket less what the group holds of it.
        let group = |b: engine::Combo| if b.is_pair() { 0.5 } else { 0.0 };
        let got = engine::study::blockers_of_part(a, &result.breakdown[1], &|c| group(c.combo));
        let part = |a: engine::Combo, w: &dyn Fn(&(engine::Combo, f64, f64)) -> f64| {
            let all: f64 = parts.iter().map(|p| w(p) * p.1).sum();
            let hit: f64 = (parts.iter())
                .filter(|p| !p.0.mask().is_disjoint(a.mask()))
                .map(|p| w(p) * p.1)
                .sum();
            if all > 0.0 { hit / all } else { 0.0 }
        };
        let strong = part(a, &|p| group(p.0));
        let weak = part(a, &|p| if p.2 < 0.25 { 1.0 - group(p.0) } else { 0.0 });
        assert!(
            (got.strong - strong).abs() < 1e-12,
            "{a}: {got:?} vs {strong}"
        );
        assert!((got.weak - weak).abs() < 1e-12, "{a}: {got:?} vs {weak}");
    }
    assert!(some > 0);
}

/// `calc --classes --price X`: `calls` is the first seat's combos at or
/// above the price (as `study::calls` gives them) and `blockers` each live
/// combo's effect against the second seat (as `study::blockers`).
#[test]
fn calc_says_what_to_call_with_and_what_blocks() {
    use engine::study::{blockers, calls};
    let (first, second, board) = ("QQ+,AK,JTs,98s,A5s", "TT+,AQ+,KQs", "Kh9s4c");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args([
            "calc",
            "--json",
            "--classes",
            "--price",
            "0.4",
            "--board",
            board,
            first,
            second,
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let spot = request(&[first, second], board);
    let result = run(&spot).unwrap();
    let want = calls(&result.breakdown[0], &spot.seats[0].range, 0.4);
    assert_eq!(json["calls"]["hands"], want.canonical());
    assert_eq!(json["calls"]["price"], 0.4);
    let rows = json["blockers"].as_array().unwrap();
    let live: Vec<_> = result.breakdown[0]
        .combos
        .iter()
        .filter(|c| c.dealt)
        .collect();
    assert_eq!(rows.len(), live.len());
    for (row, c) in rows.iter().zip(live) {
        assert_eq!(row["hand"], c.combo.to_string());
        let b = blockers(c.combo, &result.breakdown[1]);
        assert!((row["difference"].as_f64().unwrap() - b.difference).abs() < 1e-15);
    }
    // --price needs --classes, and an equity from 0 to 1.
    for args in [&["--price", "0.4"][..], &["--classes", "--price", "1.5"]] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
            .args(["calc", "--board", board, first, second])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

/// Groups: each group's equity is `calculate`'s with the group as the
/// seat's range (a shared combo split by weight), the groups' combos sum to
/// what they hold of the seat's; groups that give a combo more than the
/// range holds, or more than four, are refused. `calc --group` prints them.
#[test]
fn groups_are_calculate_on_each_group() {
    use engine::study::{GroupError, group_rows};
    let (first, second, board) = ("QQ+,AK,A5s,A4s,JTs,98s:0.5", "TT+,AQ+,KQs", "Kh9s4c");
    let spot = request(&[first, second], board);
    let result = run(&spot).unwrap();
    let parse = |t: &str| Range::parse(t).unwrap();
    let groups = vec![
        ("value".to_owned(), parse("QQ+,AK:0.75")),
        ("bluff".to_owned(), parse("A5s,A4s,JTs:0.5,98s:0.25")),
        ("call".to_owned(), parse("AK:0.25,JTs:0.5")),
    ];
    let rows = group_rows(&result.breakdown[0], &spot.seats[0].range, &groups).unwrap();
    assert_eq!(rows.len(), 3);
    for (row, (name, group)) in rows.iter().zip(&groups) {
        assert_eq!(row.category.label(), name.as_str());
        let mut alone = spot.clone();
        alone.breakdown = false;
        alone.seats[0].range = group.clone();
        let figures = run(&alone).unwrap();
        assert!(
            (figures.seats[0].equity - row.equity.unwrap()).abs() < 1e-12,
            "{name}: {} vs {:?}",
            figures.seats[0].equity,
            row.equity
        );
    }
    // They hold everything but 98s:0.25: their combos and the rest sum to
    // the seat's.
    let all: f64 = result.breakdown[0].classes.iter().map(|c| c.combos).sum();
    let rest = group_rows(
        &result.breakdown[0],
        &spot.seats[0].range,
        &[("rest".to_owned(), parse("98s:0.25"))],
    )
    .unwrap();
    let total: f64 = rows.iter().chain(&rest).map(|r| r.combos).sum();
    assert!((total - all).abs() < 1e-9, "{total} vs {all}");
    // Too much of a combo, a combo the range lacks, five groups.
    let over = [
        ("a".to_owned(), parse("AK")),
        ("b".to_owned(), parse("AKs")),
    ];
    assert!(matches!(
        group_rows(&result.breakdown[0], &spot.seats[0].range, &over),
        Err(GroupError::Overfull { .. })
    ));
    let lacking = [("a".to_owned(), parse("22"))];
    assert!(group_rows(&result.breakdown[0], &spot.seats[0].range, &lacking).is_err());
    let five: Vec<_> = (0..5).map(|i| (i.to_string(), parse("AA"))).collect();
    assert!(matches!(
        group_rows(&result.breakdown[0], &spot.seats[0].range, &five),
        Err(GroupError::TooMany(5))
    ));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(["calc", "--json", "--board", board, first, second])
        .args([
            "--group",
            "value:QQ+,AK:0.75",
            "--group",
            "bluff:A5s,A4s,JTs:0.5,98s:0.25",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let got = json["groups"].as_array().unwrap();
    assert_eq!(got.len(), 2);
    assert_eq!(got[1]["category"], "bluff");
    assert!((got[0]["equity"].as_f64().unwrap() - rows[0].equity.unwrap()).abs() < 1e-12);
}
