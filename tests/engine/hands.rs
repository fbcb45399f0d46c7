//! Hand histories: PHH and PokerStars text read, replayed and their
//! all-ins counted (docs/design.md §3.11): every all-in equity against
//! `calculate` and `calc --exact`, side pots against a hand-worked hand,
//! results summing to minus the rake, PHH round trips, seeded byte-edit
//! fuzzing, and `rangestove hands` (shards, merged summaries, errors).

use std::process::Command;

use engine::equity::{self, EquityRequest, Method, Seat};
use engine::hands::{Chips, HandReader, HandReport, Street, analyse, to_phh};
use engine::{CardSet, Range};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const FILES: [&str; 3] = ["allin.phhs", "sample80.phhs", "pokerstars.txt"];

fn path(name: &str) -> String {
    format!("{}/tests/data/hands/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn data(name: &str) -> String {
    std::fs::read_to_string(path(name)).unwrap()
}

/// Every hand of a text, analysed (every one must read).
fn reports_of(text: &str) -> Vec<HandReport> {
    HandReader::new(text.lines())
        .map(|hand| analyse(hand.unwrap()).unwrap())
        .collect()
}

fn all_reports() -> Vec<HandReport> {
    FILES.iter().flat_map(|f| reports_of(&data(f))).collect()
}

fn cards_text(cards: &[engine::Card]) -> String {
    cards.iter().map(ToString::to_string).collect()
}

#[test]
fn every_hand_of_the_real_files_reads() {
    assert_eq!(reports_of(&data("allin.phhs")).len(), 30);
    assert_eq!(reports_of(&data("sample80.phhs")).len(), 80);
    assert_eq!(reports_of(&data("pokerstars.txt")).len(), 35);
}

#[test]
fn the_all_ins_are_those_of_allin_tsv() {
    let reports = reports_of(&data("allin.phhs"));
    let tsv = data("allin.tsv");
    for (report, row) in reports.iter().zip(tsv.lines()) {
        let fields: Vec<&str> = row.split('\t').collect();
        let all_in = report.all_in.as_ref().expect("an all-in");
        assert_eq!(all_in.street.name(), fields[1], "{row}");
        assert_eq!(cards_text(&all_in.board), fields[2], "{row}");
        let mut hands: Vec<String> = all_in
            .players
            .iter()
            .map(|p| format!("{}{}", p.hole[0], p.hole[1]))
            .collect();
        let mut expected: Vec<String> = fields[3].split(' ').map(str::to_owned).collect();
        hands.sort();
        expected.sort();
        assert_eq!(hands, expected, "{row}");
    }
}

/// Every pot's equities are `calculate`'s exact figures on that spot,
/// built here from the hands' text: the pot's players active, the other
/// players still in folded.
#[test]
fn every_all_in_equity_is_calculate_on_that_spot() {
    let mut pots = 0;
    for report in all_reports() {
        let Some(all_in) = &report.all_in else {
            continue;
        };
        for pot in &all_in.pots {
            if pot.equities.len() < 2 {
                continue;
            }
            let text = |p: usize| {
                let [a, b] = report.hand.hole(p).unwrap();
                Range::parse(&format!("{a}{b}")).unwrap()
            };
            let in_pot: Vec<usize> = pot.equities.iter().map(|(p, _)| *p).collect();
            let mut seats: Vec<Seat> = in_pot.iter().map(|&p| Seat::active(text(p))).collect();
            for x in &all_in.players {
                if !in_pot.contains(&x.player) {
                    seats.push(Seat::folded(text(x.player)));
                }
            }
            let mut request = EquityRequest::new(seats);
            request.board = engine::card::parse_cards(&cards_text(&all_in.board)).unwrap();
            request.method = Method::Exact;
            let result = equity::calculate(&request, &|| false, &mut |_| {}).unwrap();
            let figures: Vec<f64> = result.seats.iter().map(|s| s.equity).collect();
            let ours: Vec<f64> = pot.equities.iter().map(|(_, e)| *e).collect();
            assert_eq!(figures, ours, "hand {:?}", report.hand.id);
            pots += 1;
        }
    }
    // 30 PHH all-ins, 18 PokerStars ones (three with a side pot).
    assert!(pots >= 48, "{pots} pots");
}

#[test]
fn an_all_in_equity_is_calc_exact_on_that_spot() {
    // PokerStars #149652059422: three players all-in preflop.
    let reports = reports_of(&data("pokerstars.txt"));
    let report = reports
        .iter()
        .find(|r| r.hand.id.as_deref() == Some("149652059422"))
        .unwrap();
    let main = &report.all_in.as_ref().unwrap().pots[0];
    let hands: Vec<String> = main
        .equities
        .iter()
        .map(|(p, _)| {
            let [a, b] = report.hand.hole(*p).unwrap();
            format!("{a}{b}")
        })
        .collect();
    let mut args = vec!["calc", "--exact", "--json"];
    args.extend(hands.iter().map(String::as_str));
    let output = Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(&args)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    for (i, (_, equity)) in main.equities.iter().enumerate() {
        assert_eq!(json["players"][i]["equity"].as_f64().unwrap(), *equity);
    }
}

/// A hand worked by hand: three stacks of 100, 300 and 500 all in on the
/// turn 2c7s9d3c with AhAd, KhKd and QhQd. 42 rivers: a king (2) gives
/// the kings the hand, a queen (2) the queens, any other (38) the aces.
/// The main pot (300) is theirs 38:2:2, the side pot (400, kings and
/// queens) 40:2.
const SIDE_POTS: &str = "variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 300, 500]
actions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'd dh p3 QhQd', 'p3 cc', 'p1 cc', 'p2 cc',
  'd db 2c7s9d', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 3c',
  'p1 cbr 98', 'p2 cbr 298', 'p3 cc', 'd db 5h']
players = ['Aces', 'Kings', 'Queens']
";

#[test]
fn side_pots_are_a_hand_worked_example() {
    let reports = reports_of(SIDE_POTS);
    let report = &reports[0];
    let all_in = report.all_in.as_ref().unwrap();
    assert_eq!(all_in.street, Street::Turn);
    let amounts: Vec<Chips> = all_in.pots.iter().map(|p| p.amount).collect();
    assert_eq!(amounts, [Chips(30_000), Chips(40_000)]);
    let close = |a: f64, b: f64| assert!((a - b).abs() < 1e-12, "{a} vs {b}");
    let main: Vec<(usize, f64)> = all_in.pots[0].equities.clone();
    let side: Vec<(usize, f64)> = all_in.pots[1].equities.clone();
    assert_eq!(main.iter().map(|x| x.0).collect::<Vec<_>>(), [0, 1, 2]);
    assert_eq!(side.iter().map(|x| x.0).collect::<Vec<_>>(), [1, 2]);
    close(main[0].1, 38.0 / 42.0);
    close(main[1].1, 2.0 / 42.0);
    close(main[2].1, 2.0 / 42.0);
    close(side[0].1, 40.0 / 42.0);
    close(side[1].1, 2.0 / 42.0);
    let expected: Vec<f64> = all_in.players.iter().map(|p| p.expected).collect();
    close(expected[0], 300.0 * 38.0 / 42.0 - 100.0);
    close(
        expected[1],
        300.0 * 2.0 / 42.0 + 400.0 * 40.0 / 42.0 - 300.0,
    );
    close(expected[2], 300.0 * 2.0 / 42.0 + 400.0 * 2.0 / 42.0 - 300.0);
    // The river 5h: the aces take the main pot, the kings the side pot.
    let actual: Vec<Option<Chips>> = all_in.players.iter().map(|p| p.actual).collect();
    assert_eq!(
        actual,
        [
            Some(Chips(20_000)),
            Some(Chips(10_000)),
            Some(Chips(-30_000))
        ]
    );
}

#[test]
fn expected_and_actual_results_sum_to_minus_the_rake() {
    let mut with_all_in = 0;
    for report in all_reports() {
        let Some(outcome) = &report.outcome else {
            continue;
        };
        let actual: Chips = report.results().unwrap().into_iter().sum();
        assert_eq!(actual, Chips(-outcome.rake.0), "hand {:?}", report.hand.id);
        if let Some(expected) = report.expected_results() {
            let sum: f64 = expected.iter().sum();
            assert!(
                (sum + outcome.rake.to_f64()).abs() < 1e-6,
                "hand {:?}: {sum}",
                report.hand.id
            );
            with_all_in += 1;
        }
    }
    assert!(with_all_in >= 48, "{with_all_in}");
}

#[test]
fn a_hand_written_as_phh_reads_back_equal() {
    for name in FILES {
        let text = data(name);
        for hand in HandReader::new(text.lines()) {
            let hand = hand.unwrap();
            let written = to_phh(&hand);
            let again: Vec<_> = HandReader::new(written.lines()).collect();
            assert_eq!(again.len(), 1);
            assert_eq!(again[0].as_ref().unwrap(), &hand, "{written}");
        }
    }
}

#[test]
fn a_broken_hand_is_skipped_with_its_line_and_the_others_read() {
    let text = data("allin.phhs").replacen("'p4 cbr 50'", "'p4 cbr fifty'", 1);
    let hands: Vec<_> = HandReader::new(text.lines()).collect();
    assert_eq!(hands.len(), 30);
    let error = hands[0].as_ref().unwrap_err();
    assert_eq!(error.hand, "3017338230");
    assert_eq!(error.line, 8);
    assert!(error.to_string().contains("fifty"), "{error}");
    assert!(hands[1..].iter().all(Result::is_ok));
    let other = data("allin.phhs").replacen("variant = 'NT'", "variant = 'PO'", 1);
    let first = HandReader::new(other.lines()).next().unwrap().unwrap_err();
    assert!(first.to_string().contains("not Hold'em"), "{first}");
}

/// Seeded random byte edits of the real files: every hand reads or is an
/// error, and every hand read is analysed, without a panic.
#[test]
fn byte_edits_of_real_hands_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    let files: Vec<Vec<u8>> = FILES.iter().map(|f| data(f).into_bytes()).collect();
    for _ in 0..120 {
        let mut bytes = files[rng.random_range(0..files.len())].clone();
        // A window of a few hands, to keep each round short.
        let start = rng.random_range(0..bytes.len());
        let end = (start + rng.random_range(1..20_000)).min(bytes.len());
        bytes = bytes[start..end].to_vec();
        for _ in 0..rng.random_range(1..30) {
            if bytes.is_empty() {
                break;
            }
            let at = rng.random_range(0..bytes.len());
            match rng.random_range(0..4) {
                0 => bytes[at] = rng.random(),
                1 => {
                    bytes.remove(at);
                }
                2 => {
                    const PICKS: &[u8] = b"[]'\"#=\n 0123456789.$pPdhbcfsm?";
                    bytes.insert(at, PICKS[rng.random_range(0..PICKS.len())]);
                }
                _ => {
                    let len = rng.random_range(0..200).min(bytes.len() - at);
                    let piece: Vec<u8> = bytes[at..at + len].to_vec();
                    let to = rng.random_range(0..bytes.len());
                    bytes.splice(to..to, piece);
                }
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        for hand in HandReader::new(text.lines()).flatten() {
            let _ = analyse(hand);
        }
    }
}

fn rangestove(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn hands_json_writes_one_object_per_hand() {
    let output = rangestove(&["hands", "--json", &path("pokerstars.txt")]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let hands: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(hands.len(), 35);
    let with_all_in = hands.iter().filter(|h| !h["all_in"].is_null()).count();
    assert_eq!(with_all_in, 18);
    let hand = &hands[1];
    assert_eq!(hand["id"], "105034215446");
    assert_eq!(hand["all_in"]["street"], "preflop");
    assert_eq!(hand["all_in"]["pots"].as_array().unwrap().len(), 2);
}

#[test]
fn shards_partition_the_hands_and_their_summaries_merge_exactly() {
    let files = [
        path("allin.phhs"),
        path("sample80.phhs"),
        path("pokerstars.txt"),
    ];
    let run = |extra: &[&str]| {
        let mut args = vec!["hands", "--summary", "--json"];
        args.extend_from_slice(extra);
        args.extend(files.iter().map(String::as_str));
        let output = rangestove(&args);
        assert!(output.status.success(), "{:?}", output);
        String::from_utf8(output.stdout).unwrap()
    };
    let whole = run(&[]);
    let dir = std::env::temp_dir().join(format!("rangestove-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut parts = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let part = dir.join(format!("{k}.json"));
        std::fs::write(&part, run(&["--shard", &shard])).unwrap();
        parts.push(part.display().to_string());
    }
    let mut args = vec!["hands", "--merge", "--json"];
    args.extend(parts.iter().map(String::as_str));
    let merged = rangestove(&args);
    std::fs::remove_dir_all(&dir).unwrap();
    let merged: serde_json::Value = serde_json::from_slice(&merged.stdout).unwrap();
    let whole: serde_json::Value = serde_json::from_str(&whole).unwrap();
    assert_eq!(whole["hands"], 145);
    assert_eq!(merged, whole);
}

#[test]
fn a_bad_shard_is_refused_by_clap() {
    for shard in ["0/3", "4/3", "1", "a/b"] {
        let output = rangestove(&["hands", "--shard", shard, &path("allin.phhs")]);
        assert_eq!(output.status.code(), Some(2), "{shard}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

#[test]
fn card_sets_of_all_in_hands_are_disjoint() {
    for report in all_reports() {
        let Some(all_in) = &report.all_in else {
            continue;
        };
        let mut seen: CardSet = all_in.board.iter().copied().collect();
        for p in &all_in.players {
            for c in p.hole {
                assert!(seen.insert(c));
            }
        }
    }
}

/// A name in Windows-1252 (a byte that is not UTF-8) costs no hand: every
/// hand of the file is read, the bad byte as U+FFFD in the name, and
/// stderr says how many lines were not UTF-8.
#[test]
fn a_line_that_is_not_utf8_costs_no_hand() {
    let text = std::fs::read_to_string(path("pokerstars.txt")).unwrap();
    let player = "pokerHero1";
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("latin1.txt");
    // "pokerHéro1" in Windows-1252 (é = 0xE9) in every hand's text.
    let bytes = text
        .replace(player, "pokerH\u{1}ro1")
        .into_bytes()
        .into_iter()
        .map(|b| if b == 1 { 0xE9 } else { b })
        .collect::<Vec<u8>>();
    std::fs::write(&file, bytes).unwrap();
    let output = rangestove(&["hands", "--json", file.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("not UTF-8"), "{stderr}");
    let read = String::from_utf8(output.stdout).unwrap().lines().count();
    assert_eq!(read, 35, "every hand read");
    let original = rangestove(&["hands", "--json", &path("pokerstars.txt")]);
    let original = String::from_utf8(original.stdout).unwrap();
    let renamed =
        String::from_utf8(rangestove(&["hands", "--json", file.to_str().unwrap()]).stdout).unwrap();
    assert_eq!(renamed, original.replace(player, "pokerH\u{FFFD}ro1"));
}
