//! The Hands view: a real hand-history file read on the view's thread and
//! listed; a filter narrows the table; the summary row holds the figures
//! of `rangestove hands --summary --json --hero`; a hand opened becomes the
//! spot (seats, ranges, board) and the hero's equity strip equals
//! `calc --exact` on that spot; back to the list keeps the filters; a
//! corrupt file reports its skipped hands without a panic; a saved layout
//! from before the view gets it as a tab.

use std::path::PathBuf;

use egui_kittest::kittest::Queryable;
use rangestove::gui::{Pane, Persisted, RangestoveApp};

use super::{App, app_harness, calc_json, click, hands_output, open_hands, retype, unfocus, wait};

/// The PokerStars excerpt (35 hands, 16 dealt to pokerHero1).
fn stars_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/hands/pokerstars.txt")
}

/// The hero's figures in `rangestove hands --summary --json --hero HERO FILE`.
fn cli_sums(hero: &str, file: &std::path::Path) -> serde_json::Value {
    let text = hands_output(&[
        "--summary",
        "--json",
        "--hero",
        hero,
        file.to_str().unwrap(),
    ]);
    let json: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    let players = json["players"].as_array().unwrap();
    assert_eq!(players.len(), 1, "{json}");
    players[0].clone()
}

/// The hand whose number is `id`, as an index into the hands read.
fn hand_index(h: &App, id: &str) -> usize {
    (h.state().hands().reports().iter())
        .position(|r| r.hand.id.as_deref() == Some(id))
        .unwrap()
}

/// The hands the table shows.
fn shown(h: &mut App) -> Vec<usize> {
    h.state_mut().hands_mut().shown().to_vec()
}

#[test]
fn a_hand_file_is_listed_filtered_summed_and_opened_as_the_spot() {
    let mut h = app_harness(RangestoveApp::default());
    let file = stars_file();
    open_hands(&mut h, std::slice::from_ref(&file));
    assert!(h.state().workspace().is_shown(Pane::Hands));
    // Every hand read, none skipped; the hero the one dealt cards.
    assert_eq!(h.state().hands().reports().len(), 35);
    assert_eq!(h.state().hands().skipped, 0);
    assert_eq!(h.state().hands().hero, "pokerHero1");
    assert_eq!(shown(&mut h).len(), 35);
    assert!(h.query_by_label_contains("35 hands from 1 file").is_some());
    // The position filter offers the positions held in the hands read,
    // in seat order, no other (it offered a "UTG+" no hand has).
    let held: std::collections::BTreeSet<&str> = (h.state().hands().reports().iter())
        .flat_map(|r| r.hand.positions())
        .collect();
    let offered = h.state().hands().positions();
    assert_eq!(
        offered
            .iter()
            .copied()
            .collect::<std::collections::BTreeSet<_>>(),
        held
    );
    assert_eq!(offered.first(), Some(&"SB"));
    assert_eq!(offered.last(), Some(&"BTN"));

    // The summary row: the CLI's figures for the hero, to the unit.
    let cli = cli_sums("pokerHero1", &file);
    let sums = h.state_mut().hands_mut().sums().clone();
    assert_eq!(sums.hands, cli["hands"].as_u64().unwrap());
    assert_eq!(sums.all_in_hands, cli["all_in_hands"].as_u64().unwrap());
    assert_eq!(
        sums.net.to_string(),
        cli["sums"]["net_cents"].as_str().unwrap()
    );
    assert_eq!(
        sums.expected.to_string(),
        cli["sums"]["expected_micros"].as_str().unwrap()
    );
    assert_eq!(
        sums.luck.to_string(),
        cli["sums"]["luck_micros"].as_str().unwrap()
    );
    let se = cli["luck_std_error"].as_f64().unwrap();
    assert!((sums.luck_std_error() - se).abs() < 1e-12);
    assert!(
        h.query_by_label_contains(&format!("{} hands, net", sums.hands))
            .is_some()
    );

    // A player filter narrows the table to the hero's 16 hands, the
    // all-in switch to those with an all-in counted.
    retype(&mut h, "Player", "pokerHero1");
    unfocus(&mut h);
    assert_eq!(shown(&mut h).len(), 16);
    click(&mut h, "All-in only");
    let with_all_in = (h.state().hands().reports().iter())
        .filter(|r| r.hand.player_named("pokerHero1").is_some() && r.all_in.is_some())
        .count();
    assert_eq!(shown(&mut h).len(), with_all_in);
    assert!(with_all_in < 16);
    click(&mut h, "All-in only");
    assert_eq!(shown(&mut h).len(), 16);

    // A hand the hero raised from the small blind and one limper called:
    // the hero's cards, the caller's range from the presets (no preset for
    // a call from LJ: Top 20%), the flop.
    let index = hand_index(&h, "212113305516");
    assert!(shown(&mut h).contains(&index));
    click(&mut h, "open PokerStars #212113305516");
    let seats = h.state().session().seats().to_vec();
    assert_eq!(seats.len(), 2, "{seats:?}");
    assert_eq!(seats[0].name, "pokerHero1 (SB)");
    assert_eq!(seats[0].text, "AdTs");
    assert_eq!(seats[1].name, "Jerry194208 (LJ)");
    let top20 = rangestove::presets::shipped_by_name("Top 20%")
        .unwrap()
        .range;
    assert_eq!(seats[1].text, top20);
    assert!(h.query_by_label_contains("LJ call vs SB").is_some());
    assert_eq!(h.state().session().board_text(), "9c 8d 4d");
    // The strip: preflop and flop; the flop's figure is calc --exact's.
    wait(&mut h, &|app| app.hands().strip().is_some());
    let strip = h.state().hands().strip().unwrap().streets.clone();
    assert_eq!(strip.len(), 2, "{strip:?}");
    let flop = strip[1].1.clone().unwrap();
    let cli = calc_json(&["AdTs", &top20, "--board", "9c8d4d", "--exact"]);
    let expected = cli["players"][0]["equity"].as_f64().unwrap();
    assert!(
        (flop.equity - expected).abs() < 1e-9,
        "{} vs {expected}",
        flop.equity
    );
    assert_eq!(flop.std_error, 0.0);

    // The caller's range edited by its preset's name: the seat follows,
    // one undo step.
    retype(&mut h, "LJ Jerry194208", "Top 10%");
    unfocus(&mut h);
    let top10 = rangestove::presets::shipped_by_name("Top 10%")
        .unwrap()
        .range;
    assert_eq!(h.state().session().seats()[1].text, top10);

    // Back to the list: the filter is kept.
    click(&mut h, "⏴ Back to the list");
    assert!(h.state().hands().opened.is_none());
    assert_eq!(h.state().hands().filter.player, "pokerHero1");
    assert_eq!(shown(&mut h).len(), 16);
    assert!(h.query_by_label("open PokerStars #212113305516").is_some());
}

#[test]
fn an_all_in_hand_opened_shows_the_hero_s_equity_on_every_street() {
    let mut h = app_harness(RangestoveApp::default());
    open_hands(&mut h, &[stars_file()]);
    retype(&mut h, "Player", "Stevereno420");
    unfocus(&mut h);
    let index = hand_index(&h, "212452813561");
    assert!(shown(&mut h).contains(&index), "{:?}", shown(&mut h));
    click(&mut h, "open PokerStars #212452813561");
    assert!(h.state().hands().opened.is_some());
    let seats = h.state().session().seats().to_vec();
    assert_eq!(seats.len(), 2, "{seats:?}");
    // The hero's cards and the villain's shown ones.
    assert_eq!(seats[0].text, "AdKc");
    assert_eq!(seats[1].text, "AsAh");
    assert_eq!(h.state().session().board_text(), "8h Jc Kh Qs 7c");
    wait(&mut h, &|app| app.hands().strip().is_some());
    let strip = h.state().hands().strip().unwrap().streets.clone();
    assert_eq!(strip.len(), 4, "{strip:?}");
    for (k, board) in [(1, "8hJcKh"), (2, "8hJcKhQs"), (3, "8hJcKhQs7c")] {
        let cli = calc_json(&["AdKc", "AsAh", "--board", board, "--exact"]);
        let expected = cli["players"][0]["equity"].as_f64().unwrap();
        let got = strip[k].1.clone().unwrap().equity;
        assert!(
            (got - expected).abs() < 1e-9,
            "{board}: {got} vs {expected}"
        );
    }
    // The flop's figure is the all-in's, as the engine counted it.
    let all_in = h.state().hands().reports()[index].all_in.clone().unwrap();
    let flop = strip[1].1.clone().unwrap().equity;
    assert!((flop - all_in.pots[0].equities[0].1).abs() < 1e-9);
}

#[test]
fn a_corrupt_hand_file_reports_its_skipped_hands_and_never_panics() {
    let text = std::fs::read_to_string(stars_file()).unwrap();
    let dir = std::env::temp_dir().join(format!("rangestove-hands-view-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Broken hands: a seat line and two actions garbled; and random edits.
    let broken = text
        .replacen(
            "Seat 3: partizan_vlg ($0.96 in chips)",
            "Seat 3: partizan_vlg ($0.96 in",
            1,
        )
        .replacen(
            "pokerHero1: raises $0.10 to $0.12",
            "pokerHero1: raises $x to $0.12",
            1,
        )
        .replacen("*** FLOP *** [8h Jc Kh]", "*** FLOP *** [8h Jc]", 1);
    let mut files = vec![dir.join("broken.txt")];
    std::fs::write(&files[0], &broken).unwrap();
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for k in 0..3 {
        let mut bytes = text.clone().into_bytes();
        for _ in 0..40 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let at = (seed % bytes.len() as u64) as usize;
            bytes[at] = b"0$[] :x\n"[(seed >> 32) as usize % 8];
        }
        let path = dir.join(format!("edited{k}.txt"));
        std::fs::write(&path, &bytes).unwrap();
        files.push(path);
    }
    let mut h = app_harness(RangestoveApp::default());
    open_hands(&mut h, &files[..1]);
    let hands = h.state().hands();
    assert!(hands.skipped >= 2, "{}", hands.skipped);
    assert!(hands.first_skip.is_some());
    assert_eq!(hands.met, hands.skipped + hands.reports().len() as u64);
    assert!(hands.reports().len() >= 30);
    assert!(
        h.query_by_label_contains("hands skipped; the first:")
            .is_some()
    );
    // The randomly edited files: read, listed and drawn without a panic.
    open_hands(&mut h, &files[1..]);
    assert_eq!(h.state().hands().files.len(), 3);
    for _ in 0..3 {
        h.step();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_layout_from_before_the_hands_view_gets_it_as_a_tab() {
    let mut h = app_harness(RangestoveApp::default());
    h.step();
    let mut persisted = h.state().persisted();
    let mut tree: egui_tiles::Tree<Pane> = ron::from_str(&persisted.prefs.layout).unwrap();
    let id = tree.tiles.find_pane(&Pane::Hands).unwrap();
    tree.remove_recursively(id);
    assert!(tree.tiles.find_pane(&Pane::Hands).is_none());
    persisted.prefs.layout = ron::to_string(&tree).unwrap();
    let text = ron::to_string(&persisted).unwrap();
    let restored = RangestoveApp::restore(&Persisted::from_ron(&text).unwrap(), None);
    assert!(restored.notice().is_none(), "{:?}", restored.notice());
    let mut again = app_harness(restored);
    again.step();
    let tiles = again.state().workspace().tiles().unwrap();
    let hands = tiles.tiles.find_pane(&Pane::Hands).expect("the Hands tab");
    // Beside the Boards view, in its tab group.
    let boards = tiles.tiles.find_pane(&Pane::Boards).unwrap();
    assert_eq!(tiles.tiles.parent_of(hands), tiles.tiles.parent_of(boards));
    click(&mut again, "Hands");
    assert!(again.state().workspace().is_shown(Pane::Hands));
}

/// Back to the list puts the table where it was scrolled to (the list is
/// not drawn while a hand is open).
#[test]
fn back_to_the_list_keeps_its_scroll_place() {
    let mut h = app_harness(RangestoveApp::default());
    open_hands(&mut h, &[stars_file()]);
    let labels: Vec<String> = (h.state().hands().reports().iter())
        .map(|r| {
            let (site, id) = (r.hand.site.as_deref(), r.hand.id.as_deref());
            format!("open {} #{}", site.unwrap(), id.unwrap())
        })
        .collect();
    // Scrolled down with the wheel over the table's first row.
    let first = h.get_by_label(labels[0].as_str()).rect().center();
    h.hover_at(first);
    for _ in 0..4 {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -120.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: egui::Modifiers::NONE,
        });
        h.run_steps(3);
    }
    h.run_steps(20);
    let place = h.state().hands().scroll.0;
    assert!(place > 100.0, "scrolled to {place}");
    assert!(
        h.query_by_label(labels[0].as_str()).is_none(),
        "first row still drawn"
    );
    // A row in the middle of those drawn (the first may be half under
    // the header).
    let drawn: Vec<&String> = (labels.iter())
        .filter(|l| h.query_by_label(l.as_str()).is_some())
        .collect();
    let seen = drawn[drawn.len() / 2].clone();
    click(&mut h, &seen);
    assert!(h.state().hands().opened.is_some());
    click(&mut h, "⏴ Back to the list");
    h.run_steps(4);
    assert!((h.state().hands().scroll.0 - place).abs() < 0.5);
    assert!(
        h.query_by_label(seen.as_str()).is_some(),
        "{seen} not in view"
    );
}
