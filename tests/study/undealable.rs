//! Combos of the first seat's range that no deal gives it (docs/design.md
//! §6): those another seat's single hand shares a card with are reported,
//! not dropped. The breakdown lists them (`clashing`) with a class not
//! dealt for each class made only of them, however counted; the class
//! table's and the groups' hands hold them, a row made only of them has no
//! equity, and `calc` says `"dealt":false`, null and "cannot be dealt".

use engine::Range;
use engine::equity::{EquityRequest, Method};
use engine::study::{class_table, group_rows};

use crate::engine::equity::run;

/// `ranges` on `board` counted exactly, with the per-combo breakdown.
fn request(ranges: &[&str], board: &str) -> EquityRequest {
    let mut request = crate::study::lines::request(ranges, board);
    request.breakdown = true;
    request
}

/// `rangestove ARGS` as JSON.
fn calc_json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&calc_text(args)).unwrap()
}

/// `rangestove ARGS`' standard output, which must succeed.
fn calc_text(args: &[&str]) -> String {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// The row of `rows` (a JSON array) whose `key` is `name`.
fn row<'a>(rows: &'a serde_json::Value, key: &str, name: &str) -> &'a serde_json::Value {
    let rows = rows.as_array().unwrap();
    let found = rows.iter().find(|r| r[key] == name);
    found.unwrap_or_else(|| panic!("no {key} {name} in {rows:?}"))
}

/// A row no deal gives the seat: `dealt:false`, no equity, 0 combos.
fn assert_undealt(row: &serde_json::Value) {
    assert_eq!(row["dealt"], false, "{row}");
    assert!(row["equity"].is_null(), "{row}");
    assert_eq!(row["combos"], 0.0, "{row}");
}

const SPOT: [&str; 5] = ["--exact", "--board", "2c5d9h", "AhKh,QsQd,JJ", "AhAd"];

#[test]
fn calc_reports_the_combos_a_single_hand_blocks() {
    let with = |extra: &[&'static str]| [&["calc"], extra, &SPOT[..]].concat();
    // The class table: its made rows' hands are the whole live range.
    let json = calc_json(&with(&["--classes", "--json"]));
    let mut hands = Range::empty();
    for r in json["classes"].as_array().unwrap() {
        for (combo, weight) in Range::parse(r["hands"].as_str().unwrap()).unwrap().combos() {
            assert_eq!(hands.weight_bp(combo), 0, "{combo} in two rows");
            hands.set_weight_bp(combo, weight);
        }
    }
    assert_eq!(hands, Range::parse("AhKh,QsQd,JJ").unwrap());
    let ace_high = row(&json["classes"], "category", "ace high");
    assert_eq!(ace_high["hands"], "AhKh");
    assert_undealt(ace_high);
    let overpair = row(&json["classes"], "category", "overpair");
    assert!(overpair.get("dealt").is_none() && overpair["equity"].is_number());
    assert_undealt(row(&json["draws"], "category", "two overcards"));
    let text = calc_text(&with(&["--classes"]));
    assert!(
        text.lines()
            .any(|l| l.starts_with("ace high") && l.contains("cannot be dealt")),
        "{text}"
    );
    // The breakdown: AKs is a class, not dealt.
    let json = calc_json(&with(&["--breakdown", "--json"]));
    assert_undealt(row(&json["breakdown"], "class", "AKs"));
    assert_eq!(json["breakdown"].as_array().unwrap().len(), 3);
    let text = calc_text(&with(&["--breakdown"]));
    assert!(text.contains("AKs    cannot be dealt"), "{text}");
    // A group of it has no equity, not 0.
    let json = calc_json(&with(&["--group", "v:AhKh", "--json"]));
    let group = row(&json["groups"], "category", "v");
    assert_eq!(group["hands"], "AhKh");
    assert_undealt(group);
    let text = calc_text(&with(&["--group", "v:AhKh"]));
    assert!(
        text.lines()
            .any(|l| l.starts_with("v ") && l.contains("cannot be dealt")),
        "{text}"
    );
}

#[test]
fn the_breakdown_lists_clashing_combos_however_counted() {
    // Seat 3 loses AdKd to seat 2's AhAd and is left with QcQh, which
    // blocks QhQd of the first seat; AhKh clashes with AhAd itself.
    let mut spot = request(&["AhKh,AsKs,QhQd,JJ", "AhAd", "AdKd,QcQh"], "2c5d9h");
    for (method, trials) in [(Method::Exact, None), (Method::MonteCarlo, Some(20_000))] {
        spot.method = method;
        spot.trials = trials;
        let result = run(&spot).unwrap();
        let first = &result.breakdown[0];
        let clashing: Vec<String> = first.clashing.iter().map(|c| c.to_string()).collect();
        assert_eq!(clashing, ["QhQd", "AhKh"], "{method:?}");
        assert!(first.combo(first.clashing[0]).is_none());
        let class = |name: &str| first.class(name.parse().unwrap()).unwrap();
        // QQ has no other combo: not dealt. AKs keeps AsKs: dealt.
        assert!(
            !class("QQ").dealt && class("QQ").combos == 0.0,
            "{method:?}"
        );
        assert!(
            class("AKs").dealt && class("AKs").combos > 0.0,
            "{method:?}"
        );
        let undealt: Vec<String> = first.undealt().map(|c| c.to_string()).collect();
        assert_eq!(undealt, clashing);
    }
}

#[test]
fn class_rows_and_groups_hold_undealt_combos_without_figures() {
    let spot = request(&["AhKh,AsKs,QsQd,JJ", "AhAd"], "2c5d9h");
    let result = run(&spot).unwrap();
    let first = &result.breakdown[0];
    let range = &spot.seats[0].range;
    let table = class_table(first, range, &spot.board).unwrap();
    // A row with a dealt combo keeps the undealt one in its hands, and its
    // equity is still `calculate`'s with those hands as the range.
    let ace_high = table
        .made
        .iter()
        .find(|r| r.category.label() == "ace high")
        .unwrap();
    assert_eq!(ace_high.hands, Range::parse("AhKh,AsKs").unwrap());
    let mut alone = spot.clone();
    alone.breakdown = false;
    alone.seats[0].range = ace_high.hands.clone();
    let equity = run(&alone).unwrap().seats[0].equity;
    assert!((ace_high.equity.unwrap() - equity).abs() < 1e-12);
    let in_rows: usize = table.made.iter().map(|r| r.hands.combos().count()).sum();
    assert_eq!(in_rows, range.combos().count());
    // Groups: only undealt combos, or none live, have no equity.
    let groups = [
        ("blocked".to_owned(), Range::parse("AhKh").unwrap()),
        ("ak".to_owned(), Range::parse("AhKh,AsKs").unwrap()),
    ];
    let rows = group_rows(first, range, &groups[..1]).unwrap();
    assert_eq!(
        (rows[0].equity, rows[0].combos, rows[0].share),
        (None, 0.0, 0.0)
    );
    assert_eq!(rows[0].hands, groups[0].1);
    let rows = group_rows(first, range, &groups[1..]).unwrap();
    assert_eq!(rows[0].hands, groups[1].1);
    assert!((rows[0].equity.unwrap() - equity).abs() < 1e-12);
    let on_ace = request(&["AhKh,JJ", "QQ"], "Ah5d9h");
    let result = run(&on_ace).unwrap();
    let rows = group_rows(&result.breakdown[0], &on_ace.seats[0].range, &groups[..1]).unwrap();
    assert_eq!((rows[0].equity, rows[0].hands.is_empty()), (None, true));
}
