//! Seeded fuzzing of everything a user types: generated range text, card
//! text and request settings thrown at the parsers and at request
//! validation in process, and generated `calc` argument lists at the
//! binary. Nothing may panic; every error is one line; the binary exits
//! with status 0 or 2 (never 101), and with 2 prints exactly one line on
//! stderr.
//!
//! The generators mostly mutate valid tokens (weights, `+`/`-` spans,
//! brackets, unicode, huge numbers, empty strings, repeated cards) and
//! sometimes produce random bytes. The default run is bounded (a few
//! seconds); the long run sets `FUZZ_CASES` (in-process inputs per parser,
//! e.g. 1000000) and optionally `FUZZ_SEED` and `FUZZ_BIN_CASES`:
//! `scripts/fuzz.sh` runs it.

use std::process::{Command, Output, Stdio};

use engine::equity::{self, EquityRequest, Method, Seat};
use engine::{CardSet, Dialect, Range};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A count from the environment, else `default`.
fn env_count(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// Range tokens of every form (docs/design.md §4.2).
const RANGE_TOKENS: &[&str] = &[
    "AA",
    "KK",
    "QQ+",
    "22+",
    "AKs",
    "AKo",
    "AK",
    "A8s+",
    "A8o+",
    "A8+",
    "98s+",
    "98+",
    "99-55",
    "KTs-K7s",
    "98s-54s",
    "AQo-86o",
    "random",
    "any",
    "*",
    "15%",
    "5%-15%",
    "5-15%",
    "AhKh",
    "Ah",
    "Kd",
    "T9s",
    "JJ-88",
    "A2s+",
    "K9o+",
    "10h10d",
    "tT",
    "ahkh",
    "7c7s",
    "2c2d",
    "72o",
    "32s",
    "AKS",
    "aKo",
    "100%",
    "0%",
    "50%",
    "0.5%",
    "preset:Top 10%",
];

/// Weight suffixes, valid and not.
const WEIGHTS: &[&str] = &[
    ":0.5",
    ":1",
    ":0",
    ":0.75",
    ":0.00004",
    ":0.00005",
    ":0.9999",
    "=0.5",
    "@50",
    "@0",
    "@100",
    "@101",
    ":1e308",
    ":-1",
    ":NaN",
    ":inf",
    ":99999999999999999999",
    ":0.333333333333",
    ":",
    "=",
    "@",
    ":1.",
    ":.5",
    "::0.5",
];

/// Fragments that break things.
const JUNK: &[&str] = &[
    "",
    "+",
    "-",
    "+-",
    "++",
    "--",
    ",",
    ",,",
    "[",
    "]",
    "[50]",
    "[/50]",
    "[50",
    "[/",
    "[]",
    "[999999999999]",
    "[-5]",
    "75:",
    ":",
    "%",
    "%-",
    "-%",
    "999999999999999999999%",
    "1e309%",
    "AAA",
    "AKs++",
    "22-",
    "-22",
    "Ax",
    "Xs",
    "10",
    "1",
    "0",
    "♠",
    "♥♦♣",
    "Ä",
    "😀",
    "\u{0}",
    "\u{feff}",
    "\u{301}",
    "\n",
    "\r\n",
    "\t",
    " ",
    "preset:",
    "preset:nope",
];

/// Characters inserted by mutation.
const ALPHABET: &[char] = &[
    'A', 'K', 'Q', 'J', 'T', '9', '8', '2', '1', '0', 's', 'o', 'h', 'd', 'c', 'x', '+', '-', ',',
    ' ', ':', '=', '@', '%', '.', '[', ']', '/', '*', '\n', '♠', '♥', 'é', '😀', '\u{0}', 'e', 'E',
];

/// Random text: random bytes made UTF-8 (invalid sequences become U+FFFD),
/// or random characters from the whole range.
fn random_text(rng: &mut ChaCha8Rng) -> String {
    let len = rng.random_range(0..40);
    if rng.random_bool(0.5) {
        let bytes: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        String::from_utf8_lossy(&bytes).into_owned()
    } else {
        (0..len)
            .map(|_| char::from_u32(rng.random_range(0..0x11_0000)).unwrap_or('?'))
            .collect()
    }
}

/// One to three mutations of `text`: insert, delete, repeat or swap
/// characters, a huge number, or a cut.
fn mutate(rng: &mut ChaCha8Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..rng.random_range(1..=3) {
        let at = rng.random_range(0..=chars.len());
        match rng.random_range(0..7) {
            0 => chars.insert(at, ALPHABET[rng.random_range(0..ALPHABET.len())]),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 if at < chars.len() => {
                let end = rng.random_range(at..=chars.len());
                let copy: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, copy);
            }
            3 if chars.len() >= 2 => {
                let other = rng.random_range(0..chars.len());
                let at = at.min(chars.len() - 1);
                chars.swap(at, other);
            }
            4 => {
                let huge = [
                    "99999999999999999999999",
                    "1e400",
                    "-0",
                    "0.0000001",
                    "65536",
                ][rng.random_range(0..5)];
                chars.splice(at..at, huge.chars());
            }
            5 => chars.truncate(at),
            _ => {
                let junk = JUNK[rng.random_range(0..JUNK.len())];
                chars.splice(at..at, junk.chars());
            }
        }
    }
    chars.into_iter().collect()
}

/// Range text: valid tokens with weights, bracket groups and line
/// prefixes, joined by assorted separators, often mutated; sometimes
/// random text.
fn range_text(rng: &mut ChaCha8Rng) -> String {
    if rng.random_bool(0.08) {
        return random_text(rng);
    }
    let separators = [",", ", ", " ", "\n", ",,", "", "\t", ",\n"];
    let mut text = String::new();
    for i in 0..rng.random_range(1..=6) {
        if i > 0 {
            text.push_str(separators[rng.random_range(0..separators.len())]);
        }
        let mut token = RANGE_TOKENS[rng.random_range(0..RANGE_TOKENS.len())].to_owned();
        if rng.random_bool(0.3) {
            token.push_str(WEIGHTS[rng.random_range(0..WEIGHTS.len())]);
        }
        match rng.random_range(0..12) {
            0 => {
                let w = ["50", "33.33", "0", "100", "150", "x"][rng.random_range(0..6)];
                let close = if rng.random_bool(0.8) { w } else { "25" };
                token = format!("[{w}]{token}[/{close}]");
            }
            1 => {
                let w = ["75", "0", "100", "12.5", "200"][rng.random_range(0..5)];
                token = format!("{w}: {token}");
            }
            2 => token = JUNK[rng.random_range(0..JUNK.len())].to_owned(),
            _ => {}
        }
        text.push_str(&token);
    }
    if rng.random_bool(0.35) {
        text = mutate(rng, &text);
    }
    text
}

/// Range text that mostly reads: one to three plain tokens, some weighted.
fn clean_range_text(rng: &mut ChaCha8Rng) -> String {
    let weights = [":0.5", "@25", "=0.75", ":0.0001"];
    // Tokens that read and leave combos.
    let plain: Vec<&str> = RANGE_TOKENS
        .iter()
        .copied()
        .filter(|t| !matches!(*t, "10h10d" | "0%"))
        .collect();
    let tokens: Vec<String> = (0..rng.random_range(1..=3))
        .map(|_| {
            let token = plain[rng.random_range(0..plain.len())];
            if rng.random_bool(0.3) {
                format!("{token}{}", weights[rng.random_range(0..weights.len())])
            } else {
                token.to_owned()
            }
        })
        .collect();
    tokens.join(",")
}

/// Card text: cards of every spelling with assorted separators, repeated
/// cards, often mutated; sometimes random text.
fn card_text(rng: &mut ChaCha8Rng) -> String {
    if rng.random_bool(0.08) {
        return random_text(rng);
    }
    let ranks = [
        "A", "K", "Q", "J", "T", "9", "5", "2", "10", "a", "t", "1", "X", "",
    ];
    let suits = [
        "s", "h", "d", "c", "S", "H", "♠", "♥", "♦", "♣", "x", "", "ss",
    ];
    let separators = ["", " ", ",", ", ", "  ", "\n", ";"];
    let mut cards: Vec<String> = Vec::new();
    for _ in 0..rng.random_range(0..=8) {
        if !cards.is_empty() && rng.random_bool(0.1) {
            // A repeated card.
            let again = cards[rng.random_range(0..cards.len())].clone();
            cards.push(again);
            continue;
        }
        // Mostly well-formed cards.
        let (r, s) = if rng.random_bool(0.85) {
            (
                ranks[rng.random_range(0..9)],
                suits[rng.random_range(0..10)],
            )
        } else {
            (
                ranks[rng.random_range(0..ranks.len())],
                suits[rng.random_range(0..suits.len())],
            )
        };
        cards.push(format!("{r}{s}"));
    }
    let sep = separators[rng.random_range(0..separators.len())];
    let text = cards.join(sep);
    if rng.random_bool(0.4) {
        mutate(rng, &text)
    } else {
        text
    }
}

/// An error's text: one line, not empty.
fn assert_one_line(what: &str, input: &str, message: &str) {
    assert!(
        !message.is_empty() && !message.contains('\n'),
        "{what} {input:?}: error not on one line: {message:?}"
    );
}

/// Parses range text; checks the error's text, or that every dialect's
/// text of the range reads back as the same range.
fn check_range(text: &str) -> Option<Range> {
    match Range::parse(text) {
        Ok(range) => {
            for dialect in [
                Dialect::Canonical,
                Dialect::Pio,
                Dialect::Brackets,
                Dialect::Equilab,
            ] {
                match range.to_text(dialect) {
                    Ok(written) => {
                        let again = Range::parse(&written).unwrap_or_else(|e| {
                            panic!("{text:?} as {dialect:?} is {written:?}, which fails: {e}")
                        });
                        assert!(
                            again == range,
                            "{text:?} as {dialect:?} is {written:?}, which reads differently"
                        );
                    }
                    Err(e) => assert_one_line("formatting", text, &e.to_string()),
                }
            }
            Some(range)
        }
        Err(e) => {
            assert_one_line("range", text, &e.to_string());
            None
        }
    }
}

/// Parses card text both ways; checks errors are one line and that the
/// two parsers agree on what is a card.
fn check_cards(text: &str) -> (Option<Vec<engine::Card>>, Option<CardSet>) {
    let list = engine::card::parse_cards(text);
    let set = CardSet::parse(text);
    if let Err(e) = &list {
        assert_one_line("cards", text, &e.to_string());
    }
    if let Err(e) = &set {
        assert_one_line("card set", text, &e.to_string());
    }
    if let (Ok(list), Ok(set)) = (&list, &set) {
        assert_eq!(list.len(), set.len(), "{text:?}");
    }
    (list.ok(), set.ok())
}

/// A request from generated text: 1 to 4 seats (sometimes a folded one),
/// board, dead cards and settings valid or not. Text that does not parse
/// is replaced by a valid token (or no cards), so most requests reach the
/// engine's own checks.
fn request(rng: &mut ChaCha8Rng) -> EquityRequest {
    let mut seats = Vec::new();
    for _ in 0..rng.random_range(1..=4) {
        let range = check_range(&range_text(rng)).unwrap_or_else(|| {
            loop {
                let token = RANGE_TOKENS[rng.random_range(0..RANGE_TOKENS.len())];
                if let Ok(range) = Range::parse(token) {
                    break range;
                }
            }
        });
        seats.push(if rng.random_bool(0.1) {
            Seat::folded(range)
        } else {
            Seat::active(range)
        });
    }
    let mut request = EquityRequest::new(seats);
    if rng.random_bool(0.7) {
        request.board = check_cards(&card_text(rng)).0.unwrap_or_default();
    }
    if rng.random_bool(0.3) {
        request.dead = check_cards(&card_text(rng)).1.unwrap_or_default();
    }
    request.method = [Method::Auto, Method::Exact, Method::MonteCarlo][rng.random_range(0..3)];
    request.trials = [None, Some(0), Some(1), Some(7), Some(100)][rng.random_range(0..5)];
    request.target_std_error = [
        None,
        Some(0.0),
        Some(-1.0),
        Some(f64::NAN),
        Some(0.1),
        Some(1e-300),
    ][rng.random_range(0..6)];
    request.seed = rng.random();
    request.breakdown = rng.random_bool(0.2);
    request
}

/// Checks a request's validation, and for some runs a tiny Monte Carlo
/// calculation: no panic, one-line errors. Returns whether it was valid.
fn check_request(request: &EquityRequest, calculate: bool) -> bool {
    let setup = equity::internal::Setup::new(request);
    let valid = setup.is_ok();
    match setup {
        Ok(_) if calculate => {
            let mut tiny = request.clone();
            tiny.method = Method::MonteCarlo;
            // A trial budget, so a target error cannot run on.
            tiny.trials = Some(tiny.trials.unwrap_or(64).clamp(1, 200));
            tiny.threads = Some(1);
            if let Err(e) = equity::calculate(&tiny, &|| false, &mut |_| {}) {
                assert_one_line("calculate", &format!("{tiny:?}"), &e.to_string());
            }
        }
        Ok(_) => {}
        Err(e) => assert_one_line("request", &format!("{request:?}"), &e.to_string()),
    }
    valid
}

/// What the in-process run counted.
#[derive(Debug, Default)]
struct Counts {
    ranges: u64,
    ranges_ok: u64,
    cards: u64,
    cards_ok: u64,
    requests: u64,
    requests_valid: u64,
    calculations: u64,
}

fn run_in_process(seed: u64, cases: u64) -> Counts {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut counts = Counts::default();
    for i in 0..cases {
        let text = range_text(&mut rng);
        counts.ranges += 1;
        counts.ranges_ok += u64::from(check_range(&text).is_some());
        let text = card_text(&mut rng);
        counts.cards += 1;
        counts.cards_ok += u64::from(check_cards(&text).0.is_some());
        // Requests are slower (feasibility, tallies): one in four cases,
        // and one in 32 also runs a tiny Monte Carlo calculation.
        if i % 4 == 0 {
            let request = request(&mut rng);
            counts.requests += 1;
            let calculate = i % 32 == 0;
            counts.calculations += u64::from(calculate);
            counts.requests_valid += u64::from(check_request(&request, calculate));
        }
    }
    counts
}

#[test]
fn parsers_and_validation_take_anything() {
    let seed = env_count("FUZZ_SEED", 17);
    let cases = env_count("FUZZ_CASES", 20_000);
    let counts = run_in_process(seed, cases);
    println!("fuzz seed {seed}: {counts:?}");
    // The generators reach both outcomes of each parser.
    assert!(counts.ranges_ok > 0 && counts.ranges_ok < counts.ranges);
    assert!(counts.cards_ok > 0 && counts.cards_ok < counts.cards);
    assert!(counts.requests_valid > 0);
}

/// Values for an option: with `valid`, values the option takes, else
/// values valid or not; none starts unbounded work.
fn option_value(rng: &mut ChaCha8Rng, option: &str, valid: bool) -> String {
    let pick = |rng: &mut ChaCha8Rng, values: &[&str]| {
        values[rng.random_range(0..values.len())].to_owned()
    };
    if valid {
        return match option {
            "--board" => pick(
                rng,
                &["", "2c7d9h", "Kh9s4c2d", "AsKsQsJsTs", "2c 3d 4h", "8dTs2h"],
            ),
            "--dead" => pick(rng, &["", "2c", "AhAd", "3s4s5s"]),
            "--folded" => clean_range_text(rng),
            "--seed" => pick(rng, &["1", "0", "18446744073709551615"]),
            "--threads" => pick(rng, &["1", "2", "3"]),
            "--trials" | "--max-trials" => pick(rng, &["1", "100", "0.5K", "0.001M", "2K", "1k"]),
            "--stderr" => pick(rng, &["0.05", "0.2", "1e-300"]),
            _ => String::new(),
        };
    }
    match option {
        "--board" | "--dead" if rng.random_bool(0.6) => option_value(rng, option, true),
        "--board" | "--dead" => card_text(rng),
        "--folded" => range_text(rng),
        "--seed" => pick(
            rng,
            &[
                "1",
                "0",
                "18446744073709551615",
                "-1",
                "18446744073709551616",
                "x",
                "",
                "1.5",
            ],
        ),
        "--threads" => pick(
            rng,
            &[
                "1",
                "2",
                "0",
                "1025",
                "-1",
                "x",
                "",
                "99999999999999999999",
                "1e3",
            ],
        ),
        "--trials" | "--max-trials" => pick(
            rng,
            &[
                "1",
                "100",
                "0.5K",
                "0.001M",
                "2K",
                "1k",
                "0",
                "0.5",
                "1e30",
                "-5",
                "K",
                "",
                "nan",
                "inf",
                "18446744073709551616",
                "99999999999999999999M",
                "1e3",
            ],
        ),
        "--stderr" => pick(
            rng,
            &[
                "0.05", "0.2", "1e-300", "0", "-0.001", "nan", "inf", "x", "", "1e999",
            ],
        ),
        "--to" => pick(
            rng,
            &["pio", "canonical", "equilab", "brackets", "klingon", ""],
        ),
        "--preset" => pick(rng, &["Top 10%", "6-max UTG open", "nope", ""]),
        _ => String::new(),
    }
}

/// A `calc` (sometimes `range` or `eval`, or junk) argument list. Every
/// `calc` list carries a small trial budget or a river board for `--exact`,
/// so no run takes long.
fn calc_args(rng: &mut ChaCha8Rng) -> Vec<String> {
    match rng.random_range(0..20) {
        0 => {
            let mut args = vec!["range".to_owned()];
            for _ in 0..rng.random_range(0..3) {
                args.push(range_text(rng));
            }
            if rng.random_bool(0.4) {
                args.push("--to".to_owned());
                args.push(option_value(rng, "--to", false));
            }
            if rng.random_bool(0.2) {
                args.push("--preset".to_owned());
                args.push(option_value(rng, "--preset", false));
            }
            if rng.random_bool(0.3) {
                args.push("--json".to_owned());
            }
            return args;
        }
        1 => {
            let mut args = vec!["eval".to_owned(), card_text(rng)];
            if rng.random_bool(0.3) {
                args.push("--json".to_owned());
            }
            return args;
        }
        2 => {
            let junk = [
                "calcx",
                "help",
                "--bogus",
                "-x",
                "--json",
                "--version",
                "--help",
            ];
            let mut args = vec![junk[rng.random_range(0..junk.len())].to_owned()];
            if rng.random_bool(0.5) {
                args.push(range_text(rng));
            }
            return args;
        }
        _ => {}
    }
    let mut args = vec!["calc".to_owned()];
    // Half the lists aim to run: plain ranges and values each option
    // takes, each option at most once.
    let valid = rng.random_bool(0.5);
    let exact = rng.random_bool(0.15);
    let seats = if valid {
        rng.random_range(2..=4)
    } else {
        rng.random_range(0..=4)
    };
    for _ in 0..seats {
        args.push(if exact {
            // Narrow ranges only, so a forced enumeration stays quick.
            let narrow = [
                "AA", "KK", "AKs", "QQ+", "AhKh", "72o", "JJ:0.5", "AX", "", "A",
            ];
            narrow[rng.random_range(0..if valid { 7 } else { narrow.len() })].to_owned()
        } else if valid || rng.random_bool(0.7) {
            clean_range_text(rng)
        } else {
            range_text(rng)
        });
    }
    if exact {
        args.extend(["--exact", "--board", "2c3d4h5s9c"].map(str::to_owned));
        if !valid && rng.random_bool(0.3) {
            // Refused: a trial option with --exact.
            args.push(["--trials", "--stderr"][rng.random_range(0..2)].to_owned());
            args.push("1".to_owned());
        }
    } else if rng.random_bool(0.7) {
        if rng.random_bool(0.8) {
            args.push("--mc".to_owned());
        }
        args.push("--trials".to_owned());
        args.push(option_value(rng, "--trials", valid));
    } else {
        args.push("--stderr".to_owned());
        args.push(option_value(rng, "--stderr", valid));
        args.push("--max-trials".to_owned());
        args.push(option_value(rng, "--max-trials", valid));
    }
    let options = [
        "--board",
        "--dead",
        "--folded",
        "--seed",
        "--threads",
        "--json",
        "--breakdown",
    ];
    for _ in 0..rng.random_range(0..4) {
        let option = options[rng.random_range(0..options.len())];
        if exact && matches!(option, "--board" | "--dead" | "--folded") {
            continue;
        }
        if valid && args.iter().any(|a| a == option) {
            continue;
        }
        args.push(option.to_owned());
        if !matches!(option, "--json" | "--breakdown") {
            args.push(option_value(rng, option, valid));
        }
    }
    // Mutate the list itself (never its first element).
    if !valid && rng.random_bool(0.3) && args.len() > 2 {
        let at = rng.random_range(1..args.len());
        match rng.random_range(0..4) {
            0 => {
                args.remove(at);
            }
            1 => {
                let other = rng.random_range(1..args.len());
                args.swap(at, other);
            }
            2 => {
                let copy = args[at].clone();
                args.insert(at, copy);
            }
            _ => {
                let junk = [
                    "--", "-", "--bogus", "--json=1", "-j", "--seed=3", "--mc", "",
                ];
                args.insert(at, junk[rng.random_range(0..junk.len())].to_owned());
            }
        }
    }
    bound_work(&mut args);
    args
}

/// Keeps a mutated list quick: every trial count that reads is small, a
/// thread count that reads is at most 4, and a list without any trial
/// option and without `--exact` gets a small one.
fn bound_work(args: &mut Vec<String>) {
    for i in 1..args.len() {
        let option = args[i - 1].clone();
        if matches!(option.as_str(), "--trials" | "--max-trials")
            && rangestove::cli::parse_trials(&args[i]).is_ok_and(|n| n > 20_000)
        {
            args[i] = "2K".to_owned();
        }
        if option == "--threads" && rangestove::cli::parse_threads(&args[i]).is_ok_and(|n| n > 4) {
            args[i] = "2".to_owned();
        }
    }
    let has = |flag: &str| args.iter().any(|a| a == flag);
    let (unbounded, stderr) = (
        args[0] == "calc" && !has("--exact") && !has("--trials") && !has("--max-trials"),
        has("--stderr"),
    );
    if unbounded {
        if stderr {
            args.extend(["--max-trials", "2K"].map(str::to_owned));
        } else {
            args.extend(["--trials", "2K"].map(str::to_owned));
        }
    }
}

/// Runs the binary on `args` (user presets from an empty directory).
/// [`run_binary`] with `PLAN=1`: the planner's decision on stderr.
fn run_planned(args: &[String], data: &std::path::Path) -> Output {
    run_with(args, data, true)
}

fn run_binary(args: &[String], data: &std::path::Path) -> Output {
    run_with(args, data, false)
}

fn run_with(args: &[String], data: &std::path::Path, plan: bool) -> Output {
    // An argument cannot hold a NUL byte (the OS takes C strings).
    let args = args.iter().map(|a| a.replace('\0', "0"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_rangestove"));
    command.args(args).env("XDG_DATA_HOME", data);
    if plan {
        command.env("PLAN", "1");
    } else {
        command.env_remove("PLAN");
    }
    command.stdin(Stdio::null()).output().unwrap()
}

#[test]
fn the_binary_takes_any_calc_arguments() {
    let seed = env_count("FUZZ_SEED", 17);
    let cases = env_count("FUZZ_BIN_CASES", 300);
    let verbose = std::env::var_os("FUZZ_VERBOSE").is_some();
    let data = tempfile::tempdir().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xB1);
    let lists: Vec<Vec<String>> = (0..cases).map(|_| calc_args(&mut rng)).collect();
    // Two runners: the lists are fixed by the seed, so the outcome does not
    // depend on the number of cores.
    let halves: Vec<&[Vec<String>]> = lists.chunks(lists.len().div_ceil(2).max(1)).collect();
    let statuses: Vec<(u64, u64)> = std::thread::scope(|scope| {
        let runners: Vec<_> = halves
            .iter()
            .enumerate()
            .map(|(i, half)| {
                let data = data.path();
                std::thread::Builder::new()
                    .name(format!("fuzz-binary-{i}"))
                    .spawn_scoped(scope, move || {
                        let mut counts = (0u64, 0u64);
                        for args in *half {
                            let output = run_binary(args, data);
                            let code = output.status.code();
                            let err = String::from_utf8_lossy(&output.stderr);
                            if verbose {
                                println!("{code:?} {args:?} {err}");
                            }
                            assert!(
                                matches!(code, Some(0 | 2)),
                                "{args:?}: status {code:?}, stderr {err:?}"
                            );
                            assert!(!err.contains("panicked"), "{args:?}: {err}");
                            if code == Some(2) {
                                assert_eq!(
                                    err.lines().count(),
                                    1,
                                    "{args:?}: not one line: {err:?}"
                                );
                                assert!(err.starts_with("error: "), "{args:?}: {err:?}");
                                counts.1 += 1;
                            } else {
                                assert!(err.is_empty(), "{args:?}: {err:?}");
                                counts.0 += 1;
                            }
                        }
                        counts
                    })
                    .unwrap()
            })
            .collect();
        runners
            .into_iter()
            .map(|r| r.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let ok: u64 = statuses.iter().map(|s| s.0).sum();
    let bad: u64 = statuses.iter().map(|s| s.1).sum();
    println!("fuzz seed {seed}: {cases} argument lists, {ok} ran, {bad} refused");
    // Both outcomes are exercised.
    assert!(ok > 0 && bad > 0, "{ok} ran, {bad} refused");
}

/// A `next` or `flops` argument list: narrow ranges (so a forced exact
/// report stays quick), the options each command takes with valid or
/// invalid values, sometimes mutated.
fn report_args(rng: &mut ChaCha8Rng) -> Vec<String> {
    let pick = |rng: &mut ChaCha8Rng, values: &[&str]| {
        values[rng.random_range(0..values.len())].to_owned()
    };
    let next = rng.random_bool(0.5);
    let valid = rng.random_bool(0.5);
    let mut args = vec![if next { "next" } else { "flops" }.to_owned()];
    let narrow = [
        "AA", "KK", "AKs", "QQ+", "AhKh", "JJ:0.5", "KQs,99", "AX", "", "A", "7s6s",
    ];
    // A flop report counts every flop: two seats, so that it stays quick
    // (a third seat or a folded one is counted flop by flop).
    let most = if next { 3 } else { 2 };
    let seats = if valid {
        rng.random_range(2..=most)
    } else {
        rng.random_range(0..=most)
    };
    for _ in 0..seats {
        let range = narrow[rng.random_range(0..if valid { 7 } else { narrow.len() })];
        args.push(if !valid && rng.random_bool(0.2) {
            range_text(rng)
        } else {
            range.to_owned()
        });
    }
    if next {
        args.push("--board".to_owned());
        args.push(if valid || rng.random_bool(0.5) {
            pick(rng, &["Kh9s4c", "2c7d9h", "Kh9s4c2d", "8dTs2h"])
        } else {
            pick(rng, &["", "Kh9s", "AsKsQsJsTs", "KhKh4c", "x"])
        });
    }
    let mut options = vec!["--dead", "--threads", "--seed", "--json", "--csv"];
    options.extend(["--exact", "--mc", "--stderr"]);
    if next {
        options.push("--folded");
    }
    if !valid {
        options.extend(["--board", "--trials"]);
    }
    for _ in 0..rng.random_range(0..4) {
        let option = options[rng.random_range(0..options.len())];
        if valid && args.iter().any(|a| a == option) {
            continue;
        }
        args.push(option.to_owned());
        match option {
            "--json" | "--csv" | "--exact" | "--mc" => {}
            "--folded" => args.push(pick(rng, &["22", "T9s", "Ac"])),
            "--stderr" if valid => args.push(pick(rng, &["0.05", "0.1"])),
            _ => args.push(option_value(rng, option, valid)),
        }
    }
    // Lines: rules of every kind, equity terms included, on the streets the
    // report deals (and now and then one it does not, or a bad term).
    for seat in 1..=rng.random_range(0..=seats.min(2)) {
        let street = match (next, valid) {
            (false, true) => "flop".to_owned(),
            (true, true) => pick(rng, &["flop", "turn"]),
            _ => pick(rng, &["flop", "turn", "river", "preflop"]),
        };
        let rule = pick(
            rng,
            &[
                "pair+",
                "top-pair+,flush-draw,oesd",
                "equity>=50%",
                "top 40%",
                "bottom 20%:0.5,set+",
                "flush",
                "AK,QQ+",
                "gutshot:0.5,-underpair",
                "draws",
            ],
        );
        args.extend(["--continue".to_owned(), format!("{seat}:{street}:{rule}")]);
    }
    if !valid && rng.random_bool(0.3) && args.len() > 2 {
        let at = rng.random_range(1..args.len());
        args.insert(at, pick(rng, &["--", "--bogus", "--json=1", "--exact", ""]));
    }
    // Half the lists sampled to a coarse error; the others as the planner
    // decides within the report's budget.
    let has = |flag: &str| args.iter().any(|a| a == flag);
    if !has("--stderr") && !has("--exact") && rng.random_bool(0.5) {
        args.extend(["--stderr", "0.05"].map(str::to_owned));
    }
    for i in 1..args.len() {
        if args[i - 1] == "--threads"
            && rangestove::cli::parse_threads(&args[i]).is_ok_and(|n| n > 4)
        {
            args[i] = "2".to_owned();
        }
    }
    args
}

/// `next` and `flops` take any argument list, continue rules included:
/// status 0 or 2, one line on stderr when refused, no panic, and every run
/// the planner chose (no `--exact`) within its report's budget on the
/// two-thread reference (`PLAN=1` prints the decision and its estimate).
#[test]
fn the_binary_takes_any_next_and_flops_arguments() {
    let seed = env_count("FUZZ_SEED", 17);
    let cases = env_count("FUZZ_REPORT_CASES", 40);
    let data = tempfile::tempdir().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xF1);
    let (mut ok, mut bad) = (0, 0);
    for _ in 0..cases {
        let args = report_args(&mut rng);
        let output = run_planned(&args, data.path());
        if std::env::var_os("FUZZ_VERBOSE").is_some() {
            println!("{code:?} {args:?}", code = output.status.code());
        }
        let code = output.status.code();
        let stderr = String::from_utf8_lossy(&output.stderr);
        // The plan's line, then what is left must be as without it.
        let (plan, err): (Vec<&str>, Vec<&str>) =
            stderr.lines().partition(|l| l.starts_with("strategy: "));
        let err = err.join("\n") + if err.is_empty() { "" } else { "\n" };
        if code == Some(0) && !args.iter().any(|a| a == "--exact") {
            let budget = if args[0] == "next" { 5.0 } else { 60.0 };
            let plan = plan.first().copied().unwrap_or_default();
            if let Some(estimate) = plan.split("estimate ").nth(1) {
                let s: f64 = estimate.split(' ').next().unwrap().parse().unwrap();
                assert!(s <= budget, "{args:?}: {plan}");
            } else {
                assert!(plan.contains("monte_carlo"), "{args:?}: {plan:?}");
            }
        }
        assert!(
            matches!(code, Some(0 | 2)),
            "{args:?}: status {code:?}, stderr {err:?}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        if code == Some(2) {
            assert_eq!(err.lines().count(), 1, "{args:?}: not one line: {err:?}");
            assert!(err.starts_with("error: "), "{args:?}: {err:?}");
            bad += 1;
        } else {
            assert!(err.is_empty(), "{args:?}: {err:?}");
            ok += 1;
        }
    }
    println!("fuzz seed {seed}: {cases} next/flops lists, {ok} ran, {bad} refused");
    assert!(ok > 0 && bad > 0, "{ok} ran, {bad} refused");
}
