//! The `rangestove` binary run as a user would: output, JSON, exit status
//! and one-line errors.

use std::process::{Command, Output};

fn rangestove(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn eval_names_the_best_hand() {
    let output = rangestove(&["eval", "As Ks Qs Js Ts 2c 3d"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("straight flush: royal flush\n"), "{text}");
    assert!(text.contains("best five: As Ks Qs Js Ts"), "{text}");
    assert!(text.contains("rank: 7462 of 7462"), "{text}");

    // Cards as separate arguments, lower case, no spaces.
    let output = rangestove(&["eval", "kh", "kd", "7c7s2d"]);
    assert!(stdout(&output).starts_with("two pair: two pair, kings and sevens, deuce kicker"));
}

#[test]
fn eval_json() {
    let output = rangestove(&["eval", "--json", "Ah2c3d4s5h9c"]);
    assert!(output.status.success());
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(value["category"], "straight");
    assert_eq!(value["description"], "straight, five high");
    assert_eq!(
        value["best_five"],
        serde_json::json!(["5h", "4s", "3d", "2c", "Ah"])
    );
    assert_eq!(value["of"], 7462);
}

/// Runs `args`, expecting exit status 2 and one stderr line containing `needle`.
fn check_bad_input(args: &[&str], needle: &str) {
    let output = rangestove(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    let message = stderr(&output);
    assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
    assert!(message.contains(needle), "{args:?}: {message}");
    assert!(!message.contains("panicked"), "{message}");
}

#[test]
fn bad_cards_exit_2_naming_the_token() {
    check_bad_input(&["eval", "As Ks Qs Js Xs"], "\"Xs\"");
    check_bad_input(&["eval", "As Ks Qs Js Tx"], "\"Tx\"");
    check_bad_input(&["eval", "As Ks Qs Js As"], "As is given twice");
    check_bad_input(&["eval", "As Ks Qs Js"], "expected 5 to 7 cards, got 4");
    check_bad_input(&["eval", "As Ks Qs Js Ts 9s 8s 7s"], "got 8");
    check_bad_input(&["eval", "As Ks Qs Js T"], "has no suit");
    check_bad_input(&["eval", "♠♠♠"], "is not a rank");
}

#[test]
fn range_converts_between_dialects() {
    let output = rangestove(&["range", "--to", "pio", "[50]AKs,AQs[/50],QQ+"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "AA,KK,QQ,AKs:0.5,AQs:0.5\n22 combos, 1.66% of all hands\n"
    );

    let output = rangestove(&["range", "--json", "QQ+,AKs:0.5"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(value["text"], "QQ+,AKs:0.5");
    assert_eq!(value["combos"], 20.0);
    assert!((value["percent"].as_f64().unwrap() - 2000.0 / 1326.0).abs() < 1e-9);

    let output = rangestove(&["range", "--to", "equilab", "AA", "KK", "AKs"]);
    assert_eq!(stdout(&output), "KK+, AKs\n16 combos, 1.21% of all hands\n");

    let output = rangestove(&["range", "--preset", "6-max UTG open", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
}

#[test]
fn range_errors_are_one_line_with_status_2() {
    for (args, needle) in [
        (&["range", "QQ+,AXs"][..], "\"AXs\" at byte 4"),
        (&["range", "--to", "equilab", "AKs:0.5"][..], "no weights"),
        (&["range", "--to", "nonsense", "AKs"][..], "nonsense"),
        (
            &["range", "--preset", "no such preset"][..],
            "no such preset",
        ),
    ] {
        let output = rangestove(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let text = stderr(&output);
        assert!(text.contains(needle), "{args:?}: {text}");
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(stdout(&output).is_empty());
    }
}

#[test]
fn calc_json_has_the_documented_shape() {
    let output = rangestove(&["calc", "--json", "AhAs", "KhKs", "--board", "Qd 7c 2s"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(value["method"], "exact");
    assert_eq!(value["path"], "enumeration");
    assert_eq!(value["samples"], 990);
    assert!(value["seed"].is_null());
    assert!(value["elapsed_ms"].as_f64().unwrap() >= 0.0);
    let players = value["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    assert_eq!(players[0]["range"], "AhAs");
    let sum: f64 = players.iter().map(|p| p["equity"].as_f64().unwrap()).sum();
    assert!((sum - 1.0).abs() < 1e-12);
    assert_eq!(players[0]["std_error"], 0.0);

    let seeded = [
        "calc",
        "--json",
        "--mc",
        "--trials",
        "20K",
        "--seed",
        "7",
        "QQ+",
        "preset:Top 10%",
        "--folded",
        "AK",
        "--dead",
        "2c",
    ];
    let output = rangestove(&seeded);
    assert!(output.status.success(), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(value["method"], "monte_carlo");
    assert_eq!(value["path"], "sampling");
    assert_eq!(value["seed"], 7);
    assert!(value["players"][1]["std_error"].as_f64().unwrap() > 0.0);
    // Same seed and trials: the same numbers.
    let again = rangestove(&[&seeded[..], &["--threads", "1"]].concat());
    let again: serde_json::Value = serde_json::from_str(&stdout(&again)).unwrap();
    assert_eq!(again["players"], value["players"]);
}

#[test]
fn calc_answers_heads_up_preflop_from_the_table() {
    let output = rangestove(&["calc", "--json", "AA", "random"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    // Still an exact method; the path says how.
    assert_eq!(value["method"], "exact");
    assert_eq!(value["path"], "preflop_table");
    assert_eq!(value["samples"], 6u64 * 1225 * 1_712_304);
    let equity = value["players"][0]["equity"].as_f64().unwrap();
    assert!((equity - 0.852037).abs() < 5e-7, "{equity}");
    let output = rangestove(&["calc", "AhAs", "KhKs"]);
    assert!(stdout(&output).starts_with("exact (preflop table): 1712304 deals in "));
    let output = rangestove(&["calc", "AhAs", "KhKs", "--board", "2c3d4h"]);
    assert!(stdout(&output).starts_with("exact (enumeration): 990 deals in "));
}

#[test]
fn calc_errors_are_one_line_with_status_2() {
    for (args, needle) in [
        (&["calc", "AA", "AA", "AA"][..], "no deal is possible"),
        (&["calc", "AA", "KX"][..], "\"KX\""),
        (
            &["calc", "AA", "KK", "--board", "2c3c"][..],
            "needs 0, 3, 4 or 5",
        ),
        (&["calc", "AA", "KK", "--board", "2c3c4x"][..], "4x"),
        (&["calc", "AA", "KK", "--trials", "lots"][..], "lots"),
        (&["calc", "AhKh", "QQ", "--board", "Ah2c3d"][..], "seat 1"),
        (&["calc", "AA", "KK", "--dead", "2c2c"][..], "2c"),
    ] {
        let output = rangestove(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let text = stderr(&output);
        assert!(text.contains(needle), "{args:?}: {text}");
        assert_eq!(text.lines().count(), 1, "{text}");
    }
}

#[test]
fn calc_breakdown_json_recombines_to_the_first_seat() {
    for method in ["--exact", "--mc"] {
        // --trials with --exact is refused.
        let args: Vec<&str> = [
            "calc",
            "--json",
            "--breakdown",
            method,
            "--seed",
            "3",
            "--board",
            "Th7c2h",
            "JJ+,AK,T9s:0.5",
            "22+,AT+,KQ",
        ]
        .into_iter()
        .chain(
            (method == "--mc")
                .then_some(["--trials", "200K"])
                .into_iter()
                .flatten(),
        )
        .collect::<Vec<_>>();
        let output = rangestove(&args);
        assert!(output.status.success(), "{}", stderr(&output));
        let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        let classes = json["breakdown"].as_array().unwrap();
        let names: Vec<&str> = classes
            .iter()
            .map(|c| c["class"].as_str().unwrap())
            .collect();
        // Grid order: row by row from AA.
        assert_eq!(names, ["AA", "AKs", "AKo", "KK", "QQ", "JJ", "T9s"]);
        let combos: f64 = classes.iter().map(|c| c["combos"].as_f64().unwrap()).sum();
        // 6+6+6+6 pairs, 4 AKs, 12 AKo, 2 T9s at 0.5 (T and 7 on the board leave
        // 3 T9s combos).
        assert!(
            (combos - (24.0 + 4.0 + 12.0 + 1.5)).abs() < 0.05,
            "{combos}"
        );
        let mean: f64 = classes
            .iter()
            .map(|c| c["combos"].as_f64().unwrap() * c["equity"].as_f64().unwrap())
            .sum::<f64>()
            / combos;
        let seat = json["players"][0]["equity"].as_f64().unwrap();
        assert!((mean - seat).abs() < 1e-9, "{method}: {mean} vs {seat}");
        if method == "--mc" {
            assert!(
                classes
                    .iter()
                    .all(|c| c["std_error"].as_f64().unwrap() > 0.0)
            );
        }
    }
    // Without the flag there is no breakdown.
    let output = rangestove(&["calc", "--json", "AA", "KK"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert!(json.get("breakdown").is_none());
    // The text form lists the classes, strongest first.
    let output = rangestove(&[
        "calc",
        "--breakdown",
        "--board",
        "Kh9s4c",
        "QQ+,AK",
        "JJ-99",
    ]);
    let text = stdout(&output);
    assert!(text.contains("QQ+,AK by hand class"), "{text}");
    let kk = text.find("\nKK ").unwrap();
    let aks = text.find("\nAKs ").unwrap();
    assert!(kk < aks, "{text}");
}

/// Runs `args` with stdout and stderr pipes whose read ends are closed
/// before the program starts writing, and returns its exit status.
fn run_with_closed_pipes(args: &[&str]) -> Option<i32> {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    drop(child.stderr.take());
    child.wait().unwrap().code()
}

#[test]
fn closed_stdout_and_stderr_end_quietly_never_a_panic() {
    // Before the fix, a write to the closed stdout failed and the failure
    // was reported with `eprintln!`, which panicked (status 101) on the
    // closed stderr.
    let cases: [(&[&str], i32); 6] = [
        (&["range", "QQ+"], 0),
        (&["eval", "As Ks Qs Js Ts"], 0),
        (
            &["calc", "--mc", "--trials", "1K", "--seed", "1", "AA", "KK"],
            0,
        ),
        (&["calc", "AA", "KX"], 2),
        (&["calc", "AA"], 2),
        (&["--help"], 0),
    ];
    for round in 0..15 {
        for (args, status) in cases {
            assert_eq!(
                run_with_closed_pipes(args),
                Some(status),
                "round {round}: {args:?}"
            );
        }
    }
}

#[test]
fn usage_errors_are_one_line_with_status_2() {
    for (args, needle) in [
        (&["calc", "AA"][..], "RANGES"),
        (&["calc", "--seed", "-1", "AA", "KK"][..], "--seed"),
        (&["calc", "--stderr", "-0.001", "AA", "KK"][..], "above 0"),
        (&["calc", "--stderr", "nan", "AA", "KK"][..], "above 0"),
        (&["calc", "--bogus", "AA", "KK"][..], "--bogus"),
        (&["calc", "--board"][..], "--board"),
        (&["frobnicate"][..], "frobnicate"),
        (&["range"][..], "RANGE"),
        (
            &["calc", "--exact", "--trials", "1K", "AA", "KK"][..],
            "--exact",
        ),
        (
            &["calc", "--exact", "--stderr", "0.01", "AA", "KK"][..],
            "--exact",
        ),
        (&["calc", "--exact", "--mc", "AA", "KK"][..], "--mc"),
    ] {
        let output = rangestove(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let text = stderr(&output);
        assert_eq!(text.lines().count(), 1, "{args:?}: {text}");
        assert!(text.starts_with("error: "), "{args:?}: {text}");
        assert!(text.contains(needle), "{args:?}: {text}");
        assert!(!text.contains("Usage"), "{args:?}: {text}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
    // A value with line breaks stays on one line.
    let output = rangestove(&["calc", "--seed", "1\n\n2", "AA", "KK"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));

    // Arguments that are not UTF-8.
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bad = std::ffi::OsStr::from_bytes(b"A\xffA");
        for args in [
            vec!["calc".as_ref(), bad, "KK".as_ref()],
            vec![
                "calc".as_ref(),
                "AA".as_ref(),
                "KK".as_ref(),
                "--board".as_ref(),
                bad,
            ],
        ] {
            let output = Command::new(env!("CARGO_BIN_EXE_rangestove"))
                .args(&args)
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            let text = String::from_utf8_lossy(&output.stderr);
            assert_eq!(text.lines().count(), 1, "{args:?}: {text}");
            assert!(text.contains("UTF-8"), "{args:?}: {text}");
        }
        // As a subcommand: an unknown one, still one line.
        let output = Command::new(env!("CARGO_BIN_EXE_rangestove"))
            .arg(bad)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(String::from_utf8_lossy(&output.stderr).lines().count(), 1);
    }

    // --help and --version still print in full, with status 0.
    for args in [&["--help"][..], &["calc", "--help"][..], &["--version"][..]] {
        let output = rangestove(args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(!stdout(&output).is_empty(), "{args:?}");
        assert!(stderr(&output).is_empty(), "{args:?}");
    }
    assert!(stdout(&rangestove(&["calc", "--help"])).contains("--max-trials"));
}

#[test]
fn thread_and_trial_counts_are_bounded() {
    for (args, needle) in [
        (&["calc", "--threads", "1025", "AA", "KK"][..], "1 to 1024"),
        (&["calc", "--threads", "10000", "AA", "KK"][..], "1 to 1024"),
        (&["calc", "--threads", "0", "AA", "KK"][..], "1 to 1024"),
        (&["calc", "--trials", "1e30", "AA", "KK"][..], "too large"),
        (
            &["calc", "--trials", "18446744073709551616", "AA", "KK"][..],
            "too large",
        ),
        (
            &["calc", "--trials", "18446744073709552K", "AA", "KK"][..],
            "too large",
        ),
        (&["calc", "--trials", "1e14M", "AA", "KK"][..], "too large"),
        (
            &["calc", "--trials", "18446744073709551615", "AA", "KK"][..],
            "at most 10000M",
        ),
        (
            &["calc", "--trials", "10001M", "AA", "KK"][..],
            "at most 10000M",
        ),
        (
            &[
                "calc",
                "--stderr",
                "0.01",
                "--max-trials",
                "1e11",
                "AA",
                "KK",
            ][..],
            "at most 10000M",
        ),
        (&["calc", "--trials", "0.5", "AA", "KK"][..], "at least 1"),
        (&["calc", "--trials", "0", "AA", "KK"][..], "at least 1"),
        (&["calc", "--trials", "-3", "AA", "KK"][..], "at least 1"),
        (
            &["calc", "--trials", "nan", "AA", "KK"][..],
            "not a trial count",
        ),
        (
            &["calc", "--trials", "M", "AA", "KK"][..],
            "not a trial count",
        ),
        (&["calc", "--max-trials", "1K", "AA", "KK"][..], "--stderr"),
        (
            &["calc", "--stderr", "0.01", "--max-trials", "0", "AA", "KK"][..],
            "at least 1",
        ),
    ] {
        check_bad_input(args, needle);
    }

    // The multiplier applies before the "at least 1" check.
    let output = rangestove(&[
        "calc", "--json", "--mc", "--seed", "1", "--trials", "0.5M", "AA", "KK",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let samples = value["samples"].as_u64().unwrap();
    assert!((500_000..501_000).contains(&samples), "{samples}");
    assert!(value.get("target_reached").is_none());

    // The most threads are accepted (checked in process: starting 1,024
    // threads is not something to do on every test run).
    assert_eq!(rangestove::cli::parse_threads("1024"), Ok(1024));
    assert!(rangestove::cli::parse_threads("1025").is_err());
}

#[test]
fn a_target_error_stops_at_the_trial_limit_and_says_so() {
    // Unreachable: stops at --max-trials (before the fix it ran forever).
    let args = [
        "calc",
        "--mc",
        "--seed",
        "1",
        "--stderr",
        "1e-300",
        "--max-trials",
        "20K",
        "AA",
        "KK",
    ];
    let output = rangestove(&[&args[..], &["--json"]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(value["target_reached"], false);
    let samples = value["samples"].as_u64().unwrap();
    assert!((20_000..21_000).contains(&samples), "{samples}");
    let output = rangestove(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("note: the target standard error 1e-300 was not reached within 20000 deals (--max-trials)"),
        "{text}"
    );
    // --trials with --stderr is the limit too.
    let output = rangestove(&[
        "calc", "--mc", "--seed", "1", "--stderr", "1e-9", "--trials", "5K", "AA", "KK",
    ]);
    assert!(
        stdout(&output).contains("not reached within 5000 deals (--trials)"),
        "{}",
        stdout(&output)
    );

    // Reachable: stops at the target, well before the default limit.
    let output = rangestove(&[
        "calc", "--json", "--mc", "--seed", "1", "--stderr", "0.01", "AA", "KK",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(value["target_reached"], true);
    assert!(value["samples"].as_u64().unwrap() < 10_000_000);
    for p in value["players"].as_array().unwrap() {
        assert!(p["std_error"].as_f64().unwrap() <= 0.01);
    }
}

// The preset folder is moved by XDG_DATA_HOME, which only Linux reads.
#[cfg(target_os = "linux")]
#[test]
fn preset_names_find_the_users_presets_after_the_shipped_ones() {
    use rangestove::presets::{Preset, PresetStore};
    let home = tempfile::tempdir().unwrap();
    // The default store on Linux: $XDG_DATA_HOME/rangestove/presets.
    let data = home.path().join("data");
    let store = PresetStore::new(data.join("rangestove").join("presets"));
    let mine = engine::Range::parse("77-55,A5s").unwrap();
    store
        .save(&Preset::new("My squeeze", None, &mine), false)
        .unwrap();
    // A user preset with a shipped name does not shadow the shipped one.
    let shipped = rangestove::presets::shipped_by_name("Top 10%").unwrap();
    store
        .save(&Preset::new("Top 10%", None, &mine), false)
        .unwrap();
    // A file that does not read does not stop the lookups.
    std::fs::write(store.dir().join("broken.ron"), "(((").unwrap();

    let run = |args: &[&str], data: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_rangestove"))
            .args(args)
            .env("HOME", home.path())
            .env("XDG_DATA_HOME", data)
            .output()
            .unwrap()
    };
    let output = run(&["range", "preset:my squeeze"], &data);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).starts_with("77-55,A5s\n"),
        "{}",
        stdout(&output)
    );
    let output = run(&["range", "--preset", "My squeeze"], &data);
    assert!(
        stdout(&output).starts_with("77-55,A5s\n"),
        "{}",
        stdout(&output)
    );
    let output = run(
        &[
            "calc",
            "--json",
            "--mc",
            "--trials",
            "1K",
            "--seed",
            "1",
            "preset:My squeeze",
            "AA",
        ],
        &data,
    );
    assert!(output.status.success(), "{}", stderr(&output));

    let shipped_text = shipped
        .range()
        .unwrap()
        .to_text(engine::Dialect::Canonical)
        .unwrap();
    let output = run(&["range", "preset:Top 10%"], &data);
    assert!(
        stdout(&output).starts_with(&format!("{shipped_text}\n")),
        "{}",
        stdout(&output)
    );
    // A store that cannot be read (its path is a file) finds nothing, and
    // shipped presets still work.
    let file = home.path().join("not-a-dir");
    std::fs::write(&file, "").unwrap();
    let output = run(&["range", "preset:Top 10%"], &file);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = run(&["range", "preset:My squeeze"], &file);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no shipped or saved preset named \"My squeeze\""));
}

/// A class whose every combo clashes with the other seats' cards is never
/// dealt: the breakdown says so instead of showing 0 combos with an equity.
#[test]
fn breakdown_rows_that_cannot_be_dealt_say_so() {
    use engine::equity::{self, EquityRequest, Method, Seat};
    let seats = ["JJ-99:0.3", "JJ"]
        .map(|r| Seat::active(engine::Range::parse(r).unwrap()))
        .to_vec();
    let mut request = EquityRequest::new(seats);
    request.board = engine::card::parse_cards("Ts4cJh3dAd").unwrap();
    request.method = Method::Exact;
    request.breakdown = true;
    let result = equity::calculate(&request, &|| false, &mut |_| {}).unwrap();
    let first = &result.breakdown[0];
    for class in &first.classes {
        assert_eq!(
            class.dealt,
            class.class.to_string() != "JJ",
            "{}",
            class.class
        );
    }
    for combo in &first.combos {
        assert_eq!(combo.dealt, combo.combo.class().to_string() != "JJ");
    }
    let args = [
        "calc",
        "--exact",
        "--breakdown",
        "JJ-99:0.3",
        "JJ",
        "--board",
        "Ts4cJh3dAd",
    ];
    let text = stdout(&rangestove(&args));
    assert!(text.contains("JJ     cannot be dealt"), "{text}");
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let json: serde_json::Value = serde_json::from_str(&stdout(&rangestove(&with_json))).unwrap();
    let jj = json["breakdown"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["class"] == "JJ")
        .unwrap();
    assert_eq!(jj["dealt"], false);
    assert!(jj["equity"].is_null());
    let tt = json["breakdown"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["class"] == "TT")
        .unwrap();
    assert!(tt.get("dealt").is_none() && tt["equity"].is_number());
}
