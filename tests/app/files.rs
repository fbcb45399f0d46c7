//! The spot as files and text, and state that survives: scenario files
//! (round trip, bad files untouched), New (undoable), the spot as text
//! pasted back, the grid as a PNG, board mode after a restart, and an
//! unreadable settings file kept aside and reported once.

use egui::{Color32, Event};
use egui_kittest::kittest::Queryable;
use engine::worker::Worker;
use rangestove::gui::{CardMode, Outcome, Persisted, RangestoveApp, SeatMode, load_settings};

use crate::app::{app_harness, card, click, retype, unfocus, wait};

/// A spot with three seats (one folded), a board and a dead card, in an
/// app computing with `worker` (`None`: no equity).
fn edited_app(worker: Option<Worker>) -> crate::app::App {
    let mut h = app_harness(RangestoveApp::with_worker(worker));
    retype(&mut h, "Seat 1", "QQ+, [50]AJs[/50]");
    click(&mut h, "Add seat");
    retype(&mut h, "Seat 3", "75: 22+");
    h.state_mut()
        .session_mut()
        .set_seat_mode(2, SeatMode::Folded);
    retype(&mut h, "Board", "Ah7d2c");
    retype(&mut h, "Dead", "9c");
    unfocus(&mut h);
    h
}

#[test]
fn scenario_files_round_trip_and_bad_files_are_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("spot.ron");
    let mut h = edited_app(None);
    let saved = h.state().session().scenario();
    h.state_mut().save_scenario(&path);
    assert!(matches!(
        h.state().file_menu().message(h.state().session()),
        Some(Outcome::Done(_))
    ));
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("version: 1")
    );
    h.state_mut().new_spot();
    assert_ne!(h.state().session().scenario(), saved);
    h.state_mut().open_scenario(&path);
    assert_eq!(h.state().session().scenario(), saved);
    assert_eq!(h.state().session().board().len(), 3);
    // Opening is one undo step (back to the new spot).
    assert!(h.state_mut().session_mut().undo());
    assert_eq!(h.state().session().seats()[0].text, "QQ+,AKs");
    // A corrupt file and a newer one: reported with the file's name, the
    // spot and the file unchanged.
    let before = h.state().session().scenario();
    for (name, text, says) in [
        (
            "corrupt.ron",
            "(version: 1, scenario: (seats: [",
            "not a Rangestove scenario",
        ),
        (
            "newer.ron",
            "(version: 99, scenario: ())",
            "version 99 is newer",
        ),
    ] {
        let bad = dir.path().join(name);
        std::fs::write(&bad, text).unwrap();
        h.state_mut().open_scenario(&bad);
        h.step();
        let Some(Outcome::Failed(message)) = h.state().file_menu().message(h.state().session())
        else {
            panic!("{name}: no error");
        };
        assert!(
            message.contains(says) && message.contains(name),
            "{message}"
        );
        h.get_by_label(message.as_str());
        assert_eq!(std::fs::read_to_string(&bad).unwrap(), text);
        assert_eq!(h.state().session().scenario(), before);
    }
}

#[test]
fn new_is_one_undo_step() {
    let mut h = edited_app(None);
    let saved = h.state().session().scenario();
    click(&mut h, "File");
    h.run();
    click(&mut h, "New spot");
    assert_eq!(h.state().session().seats().len(), 2);
    assert!(h.state().session().board().is_empty());
    h.get_by_label("New spot (Undo brings the last one back)");
    // The undo brings it back, and the message, which no longer holds,
    // goes; so does any message once the spot is edited.
    click(&mut h, "⟲ Undo");
    assert_eq!(h.state().session().scenario(), saved);
    assert!(h.state().file_menu().message(h.state().session()).is_none());
    assert!(
        h.query_by_label("New spot (Undo brings the last one back)")
            .is_none()
    );
    click(&mut h, "File");
    h.run();
    click(&mut h, "New spot");
    h.get_by_label("New spot (Undo brings the last one back)");
    click(&mut h, "Random flop");
    assert!(
        h.query_by_label("New spot (Undo brings the last one back)")
            .is_none()
    );
}

#[test]
fn the_spot_as_text_pastes_back() {
    let _workers = crate::WORKERS.lock().unwrap_or_else(|e| e.into_inner());
    let worker = Worker::spawn(Some(2), || {}).unwrap();
    let mut h = edited_app(Some(worker));
    wait(&mut h, &|app| {
        app.feed().result().is_some_and(|r| r.finished)
    });
    let saved = h.state().session().scenario();
    let text = rangestove::gui::spot_as_text(h.state().session(), h.state().feed());
    assert!(
        text.starts_with("Rangestove spot\nSeat 1: QQ+, [50]AJs[/50]\n"),
        "{text}"
    );
    assert!(text.contains("Seat 3 [folded]: 75: 22+"), "{text}");
    assert!(text.contains("Board: Ah7d2c"), "{text}");
    assert!(text.contains("Equity: Seat 1 "), "{text}");
    h.state_mut().new_spot();
    h.step();
    // Ctrl+V outside a text box.
    h.event(Event::Paste(text));
    h.step();
    assert_eq!(h.state().session().scenario(), saved);
    // A spot with more seats than the app holds keeps the first ten and
    // says so.
    let many: String = std::iter::once("Rangestove spot".to_owned())
        .chain((1..=12).map(|i| format!("P{i}: 22+")))
        .collect::<Vec<_>>()
        .join("\n");
    h.event(Event::Paste(many));
    h.step();
    assert_eq!(h.state().session().seats().len(), 10);
    let Some(Outcome::Done(message)) = h.state().file_menu().message(h.state().session()) else {
        panic!("{:?}", h.state().file_menu().message(h.state().session()));
    };
    assert!(message.contains("first 10 of 12 seats"), "{message}");
    assert!(h.state_mut().session_mut().undo());
    assert_eq!(h.state().session().scenario(), saved);
    // Plain range text still goes to the selected seat.
    h.event(Event::Paste("KK+".to_owned()));
    h.step();
    assert_eq!(h.state().session().seats()[0].text, "KK+");
}

#[test]
fn the_grid_saves_as_a_png_of_the_range() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("grid.png");
    let mut h = app_harness(RangestoveApp::default());
    let ctx = h.ctx.clone();
    h.state_mut().save_grid_png(&ctx, &path);
    assert!(
        matches!(
            h.state().file_menu().message(h.state().session()),
            Some(Outcome::Done(_))
        ),
        "{:?}",
        h.state().file_menu().message(h.state().session())
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    let app = h.state();
    let image = rangestove::gui::grid_as_image(&ctx, app.session(), app.prefs().dark);
    assert_eq!([info.width as usize, info.height as usize], image.size);
    // The pixels saved are the rendering's; AA's cell (in QQ+,AKs) is the
    // range colour, 72o's (not in it) is not; the labels put more than a
    // few colours in the picture.
    let at = |x: usize, y: usize| {
        let i = 4 * (y * info.width as usize + x);
        Color32::from_rgba_unmultiplied(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    };
    assert_eq!(image.pixels[40 * image.size[0] + 40], at(40, 40));
    let grid_top = image.size[1] - 13 * 40 - 16 - 19;
    let aa = at(16 + 4, grid_top + 36);
    let seven_two = at(16 + 12 * 40 + 4, grid_top + 5 * 40 + 36);
    let fill = rangestove::gui::grid::FILL;
    let near = |a: Color32, b: Color32| (0..3).all(|i| a[i].abs_diff(b[i]) < 8);
    assert!(near(aa, fill), "{aa:?}");
    assert!(!near(seven_two, fill), "{seven_two:?}");
    let distinct: std::collections::HashSet<[u8; 4]> = pixels
        .chunks_exact(4)
        .map(|p| [p[0], p[1], p[2], p[3]])
        .collect();
    assert!(distinct.len() > 20, "{}", distinct.len());
}

#[test]
fn the_deck_starts_in_board_mode_after_a_restart() {
    let mut h = app_harness(RangestoveApp::default());
    click(&mut h, "Dead cards");
    assert_eq!(h.state().prefs().card_mode, CardMode::Dead);
    let text = ron::to_string(&h.state().persisted()).unwrap();
    let restored = RangestoveApp::restore(&Persisted::from_ron(&text).unwrap(), None);
    let mut h = app_harness(restored);
    assert_eq!(h.state().prefs().card_mode, CardMode::Board);
    click(&mut h, "deck Ah");
    assert_eq!(h.state().session().board(), &[card("Ah")]);
    assert!(h.state().session().dead().is_empty());
}

#[test]
fn an_unreadable_settings_file_is_kept_aside_and_reported_once() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("app.ron");
    let good = ron::to_string(&Persisted::default()).unwrap();
    // Readable: no notice, nothing copied.
    std::fs::write(&file, "(app: \"...\")").unwrap();
    let loaded = load_settings(Some(&good), Some(&file));
    assert!(loaded.notice.is_none());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    // A first start: no file, no notice.
    assert!(
        load_settings(None, Some(&dir.path().join("none.ron")))
            .notice
            .is_none()
    );
    // eframe could not read the file at all, or our part of it is bad.
    for (text, ours) in [
        ("{{{ not ron", None),
        ("(app: \"(scenario: 7)\")", Some("(scenario: 7)")),
    ] {
        std::fs::write(&file, text).unwrap();
        let loaded = load_settings(ours, Some(&file));
        let notice = loaded.notice.expect("a notice");
        assert_eq!(loaded.persisted, Persisted::default());
        // Kept aside, byte for byte.
        let aside: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains(".corrupt-"))
            .collect();
        let newest = aside
            .iter()
            .max_by_key(|p| p.to_string_lossy().len())
            .unwrap();
        assert!(
            aside
                .iter()
                .any(|p| std::fs::read_to_string(p).unwrap() == text)
        );
        assert!(
            notice.contains(&newest.display().to_string()) || aside.len() > 1,
            "{notice}"
        );
        // Moved aside, not copied: the next start (eframe finds no file)
        // reports nothing.
        assert!(!file.exists(), "the unreadable file is still in place");
        assert!(load_settings(None, Some(&file)).notice.is_none());
        // Shown once: a window until OK.
        let mut h = app_harness(RangestoveApp::default().with_notice(Some(notice.clone())));
        h.get_by_label(notice.as_str());
        click(&mut h, "OK");
        assert!(h.state().notice().is_none());
        assert!(h.query_by_label(notice.as_str()).is_none());
    }
}

#[test]
fn at_1024_by_700_nothing_is_cut_off() {
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1024.0, 700.0))
        .build_ui_state(
            |ui, app: &mut RangestoveApp| app.ui(ui),
            RangestoveApp::default(),
        );
    h.run();
    // The board panel starts where the board heading does (less its margin).
    let board_left = h
        .get_by_label("Board cards")
        .rect()
        .left()
        .min(h.get_all_by_label("Board").next().unwrap().rect().left())
        - 10.0;
    let central = [
        "Copy", "Paste", "Set band", "Broadway", "Heat map", "25", "100", "Clear",
    ];
    for label in central {
        let rect = h.get_by_label(label).rect();
        assert!(
            rect.right() <= board_left,
            "{label} at {rect:?}, board from {board_left}"
        );
        assert!(rect.bottom() <= 700.0, "{label} at {rect:?}");
    }
    // The grid's last column is whole, left of the board panel.
    let grid = h.state().editor().grid().rect();
    assert!(
        grid.right() <= board_left && grid.width() > 13.0 * 20.0,
        "{grid:?}"
    );
    // The board tile's heading, slots and whole deck, and the presets'
    // buttons, fit in it.
    let board_tile = [
        "Dead cards",
        "empty river",
        "deck Ac",
        "deck 2s",
        "deck 2c",
        "Rename",
    ];
    for label in ["File", "Layout", "Presets", "Random flop", "Add seat"]
        .into_iter()
        .chain(board_tile)
    {
        let rect = h.get_all_by_label(label).next().unwrap().rect();
        assert!(
            rect.right() <= 1024.0 && rect.bottom() <= 700.0,
            "{label} at {rect:?}"
        );
    }
    // Each seat row's controls stay inside the seats panel.
    let seats_right = h.get_by_label("Add seat").rect().left() + 260.0;
    for label in ["Pick hand", "⏷"] {
        for node in h.get_all_by_label(label) {
            assert!(
                node.rect().right() <= seats_right + 20.0,
                "{label} at {:?}",
                node.rect()
            );
        }
    }
}

#[test]
fn without_file_dialogs_the_app_says_so_and_takes_a_typed_path() {
    let dir = tempfile::tempdir().unwrap();
    let why = "No file dialog: neither the portal nor zenity".to_owned();
    let app = RangestoveApp::default().with_dialogs(rangestove::gui::Dialogs::Missing(why.clone()));
    let mut h = app_harness(app);
    // Save: the window says what is missing; a folder is refused, a file
    // path saves.
    click(&mut h, "File");
    h.run();
    click(&mut h, "Save scenario…");
    assert!(h.state().file_menu().prompting());
    h.get_by_label(why.as_str());
    retype(&mut h, "Path", &dir.path().display().to_string());
    click(&mut h, "Save file");
    h.get_by_label_contains("is a folder: add a file name");
    let path = dir.path().join("spot.ron");
    retype(&mut h, "Path", &path.display().to_string());
    click(&mut h, "Save file");
    assert!(!h.state().file_menu().prompting());
    assert!(path.is_file());
    h.get_by_label(format!("Saved {}", path.display()).as_str());
    // Open: a missing file is named; Cancel closes the window.
    click(&mut h, "File");
    h.run();
    click(&mut h, "Open scenario…");
    retype(
        &mut h,
        "Path",
        &dir.path().join("nope.ron").display().to_string(),
    );
    click(&mut h, "Open file");
    h.get_by_label_contains("No file at");
    click(&mut h, "Cancel");
    assert!(!h.state().file_menu().prompting());
    // The presets panel's files too.
    click(&mut h, "Export range…");
    h.get_by_label(why.as_str());
    let text = dir.path().join("range.txt");
    retype(&mut h, "Path", &text.display().to_string());
    click(&mut h, "Save file");
    assert_eq!(std::fs::read_to_string(&text).unwrap().trim(), "QQ+,AKs");
}
