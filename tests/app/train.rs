//! The Train view played as a player would: a round of each drill from a
//! typed round code, an answer scored with the engine's exact figure, the
//! next question; statistics that survive a restart, and an unreadable
//! statistics file kept aside and reported.

use egui_kittest::kittest::Queryable;
use engine::HandClass;
use engine::train::{Answer, Drill, Question, overlap, points_off, round};
use rangestove::gui::{RangestoveApp, Verdict};
use rangestove::presets::shipped_ranges;

use crate::app::grid::drag;
use crate::app::{App, app_harness, click, retype, unfocus, wait};

/// The round code the tests type, and its seed.
const CODE: &str = "7F3A";
const SEED: u64 = 0x7F3A;

/// `app` with the Train view open on round [`CODE`] of `drill` (its
/// button) at `level`, once its first question is on screen.
fn playing(app: RangestoveApp, drill: &str, level: u8) -> App {
    let mut h = app_harness(app);
    open_round(&mut h, drill, level);
    h
}

/// Opens the Train view on round [`CODE`] of `drill` at `level` and waits
/// for its first question.
fn open_round(h: &mut App, drill: &str, level: u8) {
    click(h, "Train");
    click(h, drill);
    click(h, &format!("Level {level}"));
    retype(h, "Round code", CODE);
    unfocus(h);
    click(h, "Play");
    wait(h, &|app| {
        app.train().seed() == SEED && app.train().question().is_some()
    });
}

/// The engine's round of ten for `drill` at `level` from [`SEED`], on one
/// thread: the round the view must show.
fn engine_round(drill: Drill, level: u8) -> Vec<Question> {
    round(drill, level, SEED, 10, &shipped_ranges(), Some(1))
        .unwrap()
        .questions
}

/// The exact figure of a question asking for one.
fn figure(question: &Question) -> f64 {
    match question.answer {
        Answer::Equity(x) | Answer::Share(x) => x,
        Answer::Range { .. } => panic!("{}", question.prompt),
    }
}

/// Answers the question on screen with `typed` percent, checks the score
/// shows the engine's exact figure and the error, then moves on and checks
/// the next question is the engine's second.
fn answer_and_move_on(h: &mut App, drill: Drill, level: u8, typed: &str) {
    let expected = engine_round(drill, level);
    assert_eq!(h.state().train().question(), Some(&expected[0]));
    h.get_by_label(expected[0].prompt.as_str());
    retype(h, "Your answer", typed);
    click(h, "Answer");
    let exact = figure(&expected[0]);
    let scored = h.state().train().scored().expect("scored").clone();
    let guess: f64 = typed.parse::<f64>().unwrap() / 100.0;
    assert_eq!(scored.verdict, Verdict::Figure { exact, guess });
    assert_eq!(scored.points, points_off(exact, guess));
    h.get_by_label(&format!("Exact: {:.2}%", 100.0 * exact));
    h.get_by_label(&format!(
        "You said {:.1}%: {:.2} points off",
        100.0 * guess,
        scored.points
    ));
    let record = h.state().train().stats().record(drill, level);
    assert_eq!(record.questions, 1);
    click(h, "Next question");
    assert_eq!(h.state().train().index(), 1);
    assert!(h.state().train().scored().is_none());
    assert_eq!(h.state().train().question(), Some(&expected[1]));
    h.get_by_label(expected[1].prompt.as_str());
    // The next question was drawn in the frame after the click (timed).
    assert!(h.state().train().next_ms().is_some());
}

#[test]
fn an_equity_round_is_scored_exactly_and_moves_on() {
    for level in 1..=3 {
        let mut h = playing(RangestoveApp::default(), "Equity", level);
        answer_and_move_on(&mut h, Drill::Equity, level, "55.5");
    }
}

#[test]
fn a_hits_round_is_scored_exactly_and_moves_on() {
    let mut h = playing(RangestoveApp::default(), "Hits", 2);
    answer_and_move_on(&mut h, Drill::Hits, 2, "12");
    // A hits answer on a flop shows what hits on the grid: the combos its
    // share counts.
    let mut h = playing(RangestoveApp::default(), "Hits", 1);
    let question = h.state().train().question().unwrap().clone();
    retype(&mut h, "Your answer", "10");
    click(&mut h, "Answer");
    let kept = h.state().train().kept().expect("what hits").clone();
    h.get_by_label(&format!("What hits: {:.1} combos", kept.combo_count()));
    let range = engine::Range::parse(&question.ranges[0]).unwrap();
    let known = question
        .board
        .iter()
        .fold(engine::CardSet::EMPTY, |s, &c| s.with(c));
    let Answer::Share(share) = question.answer else {
        panic!("{question:?}");
    };
    let share_of_kept = kept.combos_given(known) / range.combos_given(known);
    assert!(
        (share_of_kept - share).abs() < 1e-9,
        "{share_of_kept} vs {share}"
    );
}

#[test]
fn a_lines_round_is_scored_exactly_and_moves_on() {
    let mut h = playing(RangestoveApp::default(), "Lines", 1);
    answer_and_move_on(&mut h, Drill::Lines, 1, "40");
    // A lines answer shows what continues on the grid.
    let mut h = playing(RangestoveApp::default(), "Lines", 2);
    retype(&mut h, "Your answer", "30");
    click(&mut h, "Answer");
    let kept = h.state().train().kept().expect("what continues").clone();
    h.get_by_label(&format!("What continues: {:.1} combos", kept.combo_count()));
}

#[test]
fn a_painted_range_is_scored_by_overlap_with_misses_and_extras() {
    let mut h = playing(RangestoveApp::default(), "Paint ranges", 2);
    let expected = engine_round(Drill::Ranges, 2);
    assert_eq!(h.state().train().question(), Some(&expected[0]));
    let Answer::Range { range: target, .. } = &expected[0].answer else {
        panic!("{}", expected[0].prompt);
    };
    // Paint one class the preset holds and one it does not.
    let held = HandClass::all()
        .find(|c| target.class_summary(*c).average_weight() == 1.0)
        .unwrap();
    let extra = HandClass::all()
        .find(|c| target.class_summary(*c).average_weight() == 0.0)
        .unwrap();
    for class in [held, extra] {
        let at = h.state().train().progress.grid.cell_center(class);
        drag(&mut h, at, at);
    }
    let painted = h.state().train().progress.painted.clone();
    assert_eq!(
        painted.combo_count(),
        (held.combos().count() + extra.combos().count()) as f64
    );
    click(&mut h, "Answer");
    let scored = h.state().train().scored().expect("scored").clone();
    let want = overlap(target, &painted);
    assert_eq!(scored.points, 100.0 * (1.0 - want.score));
    let Verdict::Range { overlap: got, .. } = &scored.verdict else {
        panic!("{scored:?}");
    };
    assert_eq!(**got, want);
    assert_eq!(got.extras.combo_count(), extra.combos().count() as f64);
    h.get_by_label(&format!("Overlap: {:.1}%", 100.0 * want.score));
    h.get_by_label("missed");
    h.get_by_label("extra");
    click(&mut h, "Next question");
    assert_eq!(h.state().train().question(), Some(&expected[1]));
    assert_eq!(
        h.state().train().progress.painted.combo_count(),
        0.0,
        "an empty grid"
    );
}

#[test]
fn a_bad_answer_or_round_code_is_refused_in_words() {
    let mut h = playing(RangestoveApp::default(), "Equity", 1);
    // Numbers are range text's: no exponent, no decimal comma.
    for typed in ["120", "5e1", "47,5"] {
        retype(&mut h, "Your answer", typed);
        h.step();
        assert!(
            h.query_all_by_label_contains("A percentage from 0 to 100")
                .next()
                .is_some(),
            "{typed}"
        );
    }
    retype(&mut h, "Your answer", "120");
    h.step();
    assert!(
        h.query_all_by_label_contains("A percentage from 0 to 100")
            .next()
            .is_some()
    );
    click(&mut h, "Answer");
    assert!(h.state().train().scored().is_none());
    retype(&mut h, "Round code", "zz top");
    unfocus(&mut h);
    click(&mut h, "Play");
    assert_eq!(h.state().train().seed(), SEED);
    assert!(h.state().train().settings.seed_error.is_some());
}

#[test]
fn a_whole_round_ends_with_its_summary() {
    let mut h = playing(RangestoveApp::default(), "Paint ranges", 1);
    // Level 1 has nine top-X% ranges: a round of ten gives nine.
    let questions = h.state().train().round().unwrap().questions.len();
    assert_eq!(questions, 9);
    // The view says why the round is short, beside the question count.
    h.get_by_label("Question 1 of 9 · Paint ranges level 1");
    h.get_by_label("9 questions, not 10: this level has only 9 different ones");
    for _ in 0..questions {
        click(&mut h, "Answer");
        let next = if h.state().train().index() + 1 == questions {
            "See the round"
        } else {
            "Next question"
        };
        click(&mut h, next);
    }
    assert!(h.state().train().round_over());
    h.get_by_label(&format!("Round {CODE} done"));
    let record = h.state().train().stats().record(Drill::Ranges, 1);
    assert_eq!(record.questions, 9);
    // Nothing painted: every answer 100 points off.
    assert_eq!(record.mean_error(), Some(100.0));
    assert_eq!((record.streak, record.best), (0, 0));
}

#[test]
fn statistics_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("train.ron");
    let app = RangestoveApp::default().with_train_file(Some(file.clone()));
    let mut h = playing(app, "Equity", 1);
    let exact = figure(&engine_round(Drill::Equity, 1)[0]);
    // Within two points: a streak of one.
    retype(&mut h, "Your answer", &format!("{:.1}", 100.0 * exact));
    click(&mut h, "Answer");
    wait(&mut h, &|app| app.train().saved().is_some());
    assert_eq!(h.state().train().saved(), Some(&Ok(())));
    let before = h.state().train().stats().clone();
    let record = before.record(Drill::Equity, 1);
    assert_eq!(
        (record.questions, record.within, record.streak, record.best),
        (1, 1, 1, 1)
    );
    drop(h);
    // A restart reads them back.
    let app = RangestoveApp::default().with_train_file(Some(file.clone()));
    assert!(app.notice().is_none());
    assert_eq!(app.train().stats(), &before);
    // Reset forgets them, in the file too (asked first).
    let mut h = app_harness(app);
    click(&mut h, "Train");
    // The round is dealt in the background; its question, once in, moves
    // the statistics down. Click once it is there.
    wait(&mut h, &|app| app.train().round().is_some());
    // The statistics' table ends below the Train tile's fold.
    crate::app::click_in_view(&mut h, "Reset");
    crate::app::click_in_view(&mut h, "Reset them");
    assert!(h.state().train().stats().is_empty());
    wait(&mut h, &|app| app.train().saved().is_some());
    drop(h);
    let app = RangestoveApp::default().with_train_file(Some(file));
    assert!(app.train().stats().is_empty());
}

#[test]
fn an_unreadable_statistics_file_is_kept_aside_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("train.ron");
    let text = "{{{ not statistics";
    std::fs::write(&file, text).unwrap();
    let app = RangestoveApp::default().with_train_file(Some(file.clone()));
    let notice = app.notice().expect("a notice").to_owned();
    assert!(app.train().stats().is_empty());
    let aside: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), text);
    assert!(notice.contains(&aside[0].display().to_string()), "{notice}");
    assert!(notice.contains("training statistics"), "{notice}");
    // Moved, not copied: the next start finds no file and says nothing.
    assert!(!file.exists(), "the unreadable file is still in place");
    let next = RangestoveApp::default().with_train_file(Some(file.clone()));
    assert!(next.notice().is_none(), "{:?}", next.notice());
    // Told once, in a window until OK.
    let mut h = app_harness(app);
    h.get_by_label(notice.as_str());
    click(&mut h, "OK");
    assert!(h.state().notice().is_none());
    // The next save writes fresh statistics; the file aside stays.
    open_round(&mut h, "Hits", 1);
    retype(&mut h, "Your answer", "10");
    click(&mut h, "Answer");
    wait(&mut h, &|app| app.train().saved().is_some());
    assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), text);
    let again = RangestoveApp::default().with_train_file(Some(file));
    assert!(again.notice().is_none());
    assert_eq!(again.train().stats().record(Drill::Hits, 1).questions, 1);
}

#[test]
fn an_older_save_with_the_boards_switch_opens_boards() {
    use rangestove::gui::{Centre, Persisted};
    let old = "(prefs: (show_boards: true))";
    let app = RangestoveApp::restore(&Persisted::from_ron(old).unwrap(), None);
    assert_eq!(app.prefs().centre, Centre::Boards);
    let text = ron::to_string(&app.persisted()).unwrap();
    assert!(!text.contains("show_boards"), "{text}");
    let again = RangestoveApp::restore(&Persisted::from_ron(&text).unwrap(), None);
    assert_eq!(again.prefs().centre, Centre::Boards);
}

/// With *My presets too*, a round draws from the user's presets as well,
/// and `rangestove train --mine` with the same preset folder makes the
/// same round.
#[test]
fn my_presets_join_the_round_as_on_the_command_line() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data");
    let store = rangestove::presets::PresetStore::new(data.join("rangestove").join("presets"));
    let mine = engine::Range::parse("22+,A2s+,KTs+,QTs+,JTs").unwrap();
    let preset = rangestove::presets::Preset::new("My limp range", None, &mine);
    store.save(&preset, false).unwrap();
    let mut named = shipped_ranges();
    named.push(("My limp range".to_owned(), mine));
    // A round of the ranges drill that asks for the user's preset.
    let seed = (0..500u64)
        .find(|&s| {
            round(Drill::Ranges, 2, s, 10, &named, Some(1)).is_ok_and(|r| {
                r.questions
                    .iter()
                    .any(|q| q.prompt.contains("My limp range"))
            })
        })
        .expect("a round with the user's preset");
    let expected = round(Drill::Ranges, 2, seed, 10, &named, Some(1))
        .unwrap()
        .questions;
    let app = RangestoveApp::default().with_store(Some(store));
    let mut h = app_harness(app);
    click(&mut h, "Train");
    click(&mut h, "Paint ranges");
    click(&mut h, "Level 2");
    click(&mut h, "My presets too");
    retype(&mut h, "Round code", &format!("{seed:X}"));
    unfocus(&mut h);
    click(&mut h, "Play");
    wait(&mut h, &|app| {
        app.train().seed() == seed
            && app
                .train()
                .round()
                .is_some_and(|r| r.questions.iter().any(|q| q.prompt.contains("My limp")))
    });
    assert_eq!(h.state().train().round().unwrap().questions, expected);
    // The command line, with the same folder as its preset folder (moved
    // by XDG_DATA_HOME, which only Linux reads).
    if cfg!(target_os = "linux") {
        cli_round_matches(home.path(), &data, seed, &expected);
    }
}

/// `rangestove train --mine` with its preset folder under `data` gives
/// the questions of `expected`.
fn cli_round_matches(
    home: &std::path::Path,
    data: &std::path::Path,
    seed: u64,
    expected: &[Question],
) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rangestove"))
        .args([
            "train", "--drill", "ranges", "--level", "2", "--mine", "--json",
        ])
        .args(["--seed", &seed.to_string()])
        .env("HOME", home)
        .env("XDG_DATA_HOME", data)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let prompts: Vec<&str> = json["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["prompt"].as_str().unwrap())
        .collect();
    let wanted: Vec<&str> = expected.iter().map(|q| q.prompt.as_str()).collect();
    assert_eq!(prompts, wanted);
}
