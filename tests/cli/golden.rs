//! The golden corpus: `rangestove calc --json` on spots that take every
//! computation path of the engine (`tests/golden/corpus.txt`), compared
//! byte for byte with the output recorded in `tests/golden/expected.jsonl`
//! (stdout, stderr and exit status), wall-clock fields aside. A change meant
//! to keep behaviour (a refactor, a speed-up) must leave every spot as it
//! was.
//!
//! Regenerate the expectations only when a behaviour change is intended:
//! `scripts/golden.sh [BINARY]` runs these tests with `GOLDEN_BLESS=1`
//! (record instead of compare) and `GOLDEN_BIN=BINARY` (the binary to run
//! instead of this build's `rangestove`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

/// JSON fields that measure wall-clock time, dropped before comparing.
const TIMING_FIELDS: [&str; 2] = ["elapsed_ms", "samples_per_s"];

/// JSON fields added to `calc --json` after the record was made, dropped
/// before comparing: `strategy` (the planner's decision) is checked against
/// each spot's tag instead, so the engine itself confirms the path; the
/// players' `win_std_error` and `tie_std_error` are checked to be 0 when
/// exact and positive when sampled ([`check_added_errors`]); the line's
/// `reach` (1) and the players' `continue` (`[]`: no spot has a rule).
const ADDED_FIELDS: [&str; 5] = [
    "strategy",
    "win_std_error",
    "tie_std_error",
    "reach",
    "continue",
];

/// The players' win and tie standard errors are present (unless another
/// binary is run, which may predate them), 0 for an exact result and
/// positive for a sampled one.
fn check_added_errors(spot: &Spot, value: &Value) {
    let other_binary = std::env::var_os("GOLDEN_BIN").is_some_and(|b| !b.is_empty());
    let exact = value["method"] == "exact";
    for player in value["players"].as_array().into_iter().flatten() {
        for field in ["win_std_error", "tie_std_error"] {
            if other_binary && player.get(field).is_none() {
                continue;
            }
            let error = player[field]
                .as_f64()
                .unwrap_or_else(|| panic!("corpus.txt:{}: no {field} in {player}", spot.line));
            assert!(
                if exact { error == 0.0 } else { error > 0.0 },
                "corpus.txt:{}: {field} {error} ({})",
                spot.line,
                value["method"]
            );
        }
    }
}

/// Whether the planner's `strategy` is the path a corpus tag names.
fn strategy_matches(tag: &str, strategy: &str) -> bool {
    match tag {
        "table" => strategy == "exact/preflop_table",
        "rank-patterns" => strategy == "exact/rank_patterns",
        "board-major" => {
            strategy.starts_with("exact/board_major/")
                && !["sweep", "swept_seat", "three_ranges"]
                    .iter()
                    .any(|k| strategy == format!("exact/board_major/{k}"))
        }
        "sweep" => strategy == "exact/board_major/sweep",
        "swept-seat" => strategy == "exact/board_major/swept_seat",
        "three-ranges" => strategy == "exact/board_major/three_ranges",
        "prefixes" => strategy == "monte_carlo/prefixes",
        "control" => strategy == "monte_carlo/prefixes/control",
        "crowded" => strategy.starts_with("monte_carlo/") && strategy.ends_with("/crowded"),
        "clusters" => strategy.starts_with("monte_carlo/clusters/"),
        "strata" => strategy.starts_with("monte_carlo/strata/"),
        _ => false,
    }
}

/// The corpus's path tags and the JSON `path` each one implies (`None`: the
/// spot fails, exit status 2).
const TAGS: [(&str, Option<&str>); 12] = [
    ("table", Some("preflop_table")),
    ("rank-patterns", Some("enumeration")),
    ("board-major", Some("enumeration")),
    ("sweep", Some("enumeration")),
    ("swept-seat", Some("enumeration")),
    ("three-ranges", Some("enumeration")),
    ("prefixes", Some("sampling")),
    ("control", Some("sampling")),
    ("clusters", Some("sampling")),
    ("strata", Some("sampling")),
    ("crowded", Some("sampling")),
    ("error", None),
];

/// Fewest spots the corpus may hold.
const MIN_SPOTS: usize = 55;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// One line of the corpus.
struct Spot {
    /// Line number in `corpus.txt`.
    line: usize,
    /// The arguments as written.
    text: String,
    args: Vec<String>,
    /// The path tag (first word of the comment).
    tag: String,
}

impl Spot {
    fn has(&self, flag: &str) -> bool {
        self.args.iter().any(|a| a == flag)
    }
}

/// Splits on whitespace; `"double quotes"` group words into one argument.
fn split_args(text: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    args.push(std::mem::take(&mut current));
                    started = false;
                }
            }
            c => {
                current.push(c);
                started = true;
            }
        }
    }
    assert!(!quoted, "unbalanced quotes in {text:?}");
    if started {
        args.push(current);
    }
    args
}

fn corpus() -> Vec<Spot> {
    let text = std::fs::read_to_string(golden_dir().join("corpus.txt")).unwrap();
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            let (command, comment) = l
                .split_once(" # ")
                .unwrap_or_else(|| panic!("corpus.txt:{}: no `# tag: note`", i + 1));
            let tag = comment.trim().split(':').next().unwrap().trim().to_owned();
            Spot {
                line: i + 1,
                text: command.trim().to_owned(),
                args: split_args(command),
                tag,
            }
        })
        .collect()
}

/// The recorded outcomes, one JSON object per line.
fn expected() -> Vec<Value> {
    let path = golden_dir().join("expected.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Removes the wall-clock fields (key, value and one comma beside them)
/// from a JSON text, leaving every other byte as it was.
fn normalise(stdout: &str) -> String {
    let mut text = stdout.to_owned();
    for field in TIMING_FIELDS.into_iter().chain(ADDED_FIELDS) {
        let key = format!("\"{field}\":");
        while let Some(at) = text.find(&key) {
            let value = at + key.len();
            // A value is a number or string, or a flat array.
            let end = if text[value..].starts_with('[') {
                text[value..]
                    .find(']')
                    .map_or(text.len(), |i| value + i + 1)
            } else {
                text[value..]
                    .find([',', '}', ']'])
                    .map_or(text.len(), |i| value + i)
            };
            let (from, to) = if text[end..].starts_with(',') {
                (at, end + 1)
            } else if text[..at].ends_with(',') {
                (at - 1, end)
            } else {
                (at, end)
            };
            text.replace_range(from..to, "");
        }
    }
    text
}

/// Runs `spot` with `binary`; the outcome as recorded in `expected.jsonl`.
fn outcome(binary: &Path, spot: &Spot) -> Value {
    let output = Command::new(binary).args(&spot.args).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let exit = output.status.code();
    let (path, strategy) = if exit == Some(0) {
        let value: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
            panic!(
                "corpus.txt:{}: stdout is not JSON ({e}): {stdout}",
                spot.line
            )
        });
        check_added_errors(spot, &value);
        (value["path"].clone(), value["strategy"].clone())
    } else {
        (Value::Null, Value::Null)
    };
    json!({
        "spot": spot.text,
        "tag": spot.tag,
        "path": path,
        "strategy": strategy,
        "exit": exit,
        "stdout": normalise(&stdout),
        "stderr": stderr,
    })
}

/// The first byte where `a` and `b` differ, with some context of each.
fn first_difference(a: &str, b: &str) -> String {
    let at = a
        .bytes()
        .zip(b.bytes())
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let around = |s: &str| {
        let from = s.floor_char_boundary(at.saturating_sub(60));
        let to = s.ceil_char_boundary((at + 60).min(s.len()));
        s[from..to].to_owned()
    };
    format!(
        "first difference at byte {at}:\n  expected …{}…\n  actual   …{}…",
        around(a),
        around(b)
    )
}

#[test]
fn golden_outputs_are_unchanged() {
    let binary = std::env::var_os("GOLDEN_BIN")
        .filter(|b| !b.is_empty())
        .map_or_else(
            || PathBuf::from(env!("CARGO_BIN_EXE_rangestove")),
            PathBuf::from,
        );
    let spots = corpus();
    let actual: Vec<Value> = spots.iter().map(|s| outcome(&binary, s)).collect();
    if std::env::var_os("GOLDEN_BLESS").is_some_and(|v| v == "1") {
        let mut text = String::new();
        for record in &actual {
            text.push_str(&serde_json::to_string(record).unwrap());
            text.push('\n');
        }
        let path = golden_dir().join("expected.jsonl");
        std::fs::write(&path, text).unwrap();
        eprintln!(
            "recorded {} spots from {} in {}",
            actual.len(),
            binary.display(),
            path.display()
        );
        return;
    }
    let expected = expected();
    assert_eq!(
        expected.len(),
        spots.len(),
        "expected.jsonl has {} records for {} spots: regenerate it (scripts/golden.sh) after editing the corpus",
        expected.len(),
        spots.len()
    );
    let mut differing = Vec::new();
    let mut wrong_path = Vec::new();
    for ((spot, want), got) in spots.iter().zip(&expected).zip(&actual) {
        if let Some(strategy) = got["strategy"].as_str()
            && !strategy_matches(&spot.tag, strategy)
        {
            wrong_path.push(format!(
                "corpus.txt:{}: tagged {} but computed by {strategy}",
                spot.line, spot.tag
            ));
        }
        assert_eq!(
            want["spot"], got["spot"],
            "corpus.txt:{}: expected.jsonl is out of date: regenerate it (scripts/golden.sh) after editing the corpus",
            spot.line
        );
        let fields = ["tag", "path", "exit", "stdout", "stderr"];
        let bad: Vec<&str> = fields.into_iter().filter(|&f| want[f] != got[f]).collect();
        if !bad.is_empty() {
            differing.push((spot, want, got, bad));
        }
    }
    assert!(wrong_path.is_empty(), "{}", wrong_path.join("\n"));
    if let Some((spot, want, got, bad)) = differing.first() {
        let mut report = format!(
            "{} of {} golden spots differ; the first, corpus.txt:{}:\n  rangestove {}\ndiffering: {}\n",
            differing.len(),
            spots.len(),
            spot.line,
            spot.text,
            bad.join(", ")
        );
        for &field in bad {
            let (w, g) = (&want[field], &got[field]);
            report.push_str(&format!("{field}:\n  expected {w}\n  actual   {g}\n"));
            if let (Some(w), Some(g)) = (w.as_str(), g.as_str()) {
                report.push_str(&first_difference(w, g));
                report.push('\n');
            }
        }
        let others: Vec<String> = differing[1..]
            .iter()
            .map(|(s, ..)| format!("corpus.txt:{}", s.line))
            .collect();
        if !others.is_empty() {
            report.push_str(&format!("also differing: {}\n", others.join(", ")));
        }
        panic!("{report}");
    }
}

/// The corpus reaches every path, with breakdowns, target errors and the
/// automatic choice, and every spot is machine-independent: this checks
/// the corpus and the recorded outcomes without running anything.
#[test]
fn the_corpus_covers_every_path() {
    let spots = corpus();
    let expected = expected();
    assert!(spots.len() >= MIN_SPOTS, "{} spots", spots.len());
    assert_eq!(expected.len(), spots.len(), "one record per spot");
    let implied: BTreeMap<&str, Option<&str>> = TAGS.into_iter().collect();
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    let mut breakdowns: BTreeMap<&str, usize> = BTreeMap::new();
    let mut targets: BTreeMap<&str, usize> = BTreeMap::new();
    let mut auto: BTreeMap<&str, usize> = BTreeMap::new();
    for (spot, record) in spots.iter().zip(&expected) {
        let at = format!("corpus.txt:{}", spot.line);
        assert_eq!(record["spot"], spot.text.as_str(), "{at}: out of date");
        let (&tag, &path) = implied
            .get_key_value(spot.tag.as_str())
            .unwrap_or_else(|| panic!("{at}: unknown tag {:?}", spot.tag));
        *count.entry(tag).or_default() += 1;
        // Auto divides its estimate by the thread count; seeds come from
        // the clock unless given.
        assert!(spot.has("--threads"), "{at}: no --threads");
        match path {
            None => assert_eq!(record["exit"], 2, "{at}: an error spot fails"),
            Some(path) => {
                assert_eq!(record["exit"], 0, "{at}");
                assert_eq!(record["path"], path, "{at}: tag {tag}");
                let stdout: Value =
                    serde_json::from_str(record["stdout"].as_str().unwrap()).unwrap();
                assert_eq!(stdout["path"], path, "{at}");
                for field in TIMING_FIELDS {
                    assert!(stdout.get(field).is_none(), "{at}: {field} kept");
                }
                if path == "sampling" {
                    assert!(spot.has("--seed"), "{at}: Monte Carlo without --seed");
                    assert!(
                        spot.has("--trials") || spot.has("--stderr"),
                        "{at}: the default 10M trials"
                    );
                }
                if spot.has("--breakdown") {
                    assert!(stdout["breakdown"].is_array(), "{at}: no breakdown");
                    *breakdowns.entry(tag).or_default() += 1;
                }
                if spot.has("--stderr") {
                    *targets.entry(tag).or_default() += 1;
                }
                if !spot.has("--exact") && !spot.has("--mc") {
                    *auto.entry(path).or_default() += 1;
                }
            }
        }
    }
    for (tag, _) in TAGS {
        assert!(count.contains_key(tag), "no {tag} spot");
    }
    for tag in [
        "table",
        "rank-patterns",
        "board-major",
        "sweep",
        "prefixes",
        "crowded",
    ] {
        assert!(
            breakdowns.contains_key(tag),
            "no {tag} spot with --breakdown"
        );
    }
    for tag in ["prefixes", "clusters", "crowded"] {
        assert!(targets.contains_key(tag), "no {tag} spot with --stderr");
    }
    for path in ["preflop_table", "enumeration", "sampling"] {
        assert!(auto.contains_key(path), "Auto never chose {path}");
    }
}

#[test]
fn normalising_drops_only_the_timing_fields() {
    assert_eq!(
        normalise(r#"{"elapsed_ms":2.2,"method":"exact","seed":null}"#),
        r#"{"method":"exact","seed":null}"#
    );
    assert_eq!(normalise(r#"{"a":1,"samples_per_s":1e9}"#), r#"{"a":1}"#);
    assert_eq!(normalise("no json"), "no json");
    assert_eq!(
        split_args(r#"calc  "preset:6-max UTG open" AA"#),
        ["calc", "preset:6-max UTG open", "AA"]
    );
}
