//! The hand-class table (docs/design.md §3.9): its made rows partition the
//! first seat's live range, their combos × equity sum to the seat's
//! equity, each row's equity is `calculate`'s with the row's hands as the
//! seat's range, draws overlap; `calc --classes` prints it and adds
//! `classes` and `draws` to the JSON.

use engine::analysis::classify;
use engine::equity::{EquityRequest, Method, Seat};
use engine::study::class_table;
use engine::{Range, card::parse_cards};

use crate::equity::run;

fn request(ranges: &[&str], board: &str) -> EquityRequest {
    let seats = ranges
        .iter()
        .map(|r| Seat::active(Range::parse(r).unwrap()))
        .collect();
    let mut request = EquityRequest::new(seats);
    request.board = parse_cards(board).unwrap();
    request.method = Method::Exact;
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
            assert_eq!(rows[0].category, hit.made.name());
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
        let equity: f64 = table.made.iter().map(|r| r.combos * r.equity).sum::<f64>() / combos;
        assert!((equity - result.seats[0].equity).abs() < 1e-12);
        // Each row (made and draw) is `calculate` with its hands as the
        // seat's range.
        for row in table.made.iter().chain(&table.draws) {
            let mut alone = spot.clone();
            alone.breakdown = false;
            alone.seats[0].range = Range::parse(&row.hands.canonical()).unwrap();
            let figures = run(&alone).unwrap();
            assert!(
                (figures.seats[0].equity - row.equity).abs() < 1e-12,
                "{}: {} vs {}",
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
        assert_eq!(row["category"], want.category);
        assert_eq!(row["hands"], want.hands.canonical());
        for (key, value) in [
            ("combos", want.combos),
            ("share", want.share),
            ("equity", want.equity),
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
