//! Presets: the shipped library and the user store in a temporary directory.

use std::fs;
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use engine::Range;
use rangestove::gui::{Outcome, RangestoveApp};
use rangestove::io::atomic::{WriteError, write_atomic};
use rangestove::presets::{
    self, MAX_PRESET_BYTES, PRESET_VERSION, Preset, PresetError, PresetStore,
};

fn preset(name: &str, range: &str) -> Preset {
    Preset::new(
        name,
        Some("notes".to_owned()),
        &Range::parse(range).unwrap(),
    )
}

#[test]
fn every_shipped_preset_reads_and_is_canonical() {
    let problems = presets::shipped_problems();
    assert!(problems.is_empty(), "{problems:?}");
    let shipped = presets::shipped();
    assert!(shipped.len() >= 30, "{} presets", shipped.len());
    let mut names: Vec<_> = shipped.iter().map(|p| p.name.to_lowercase()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), shipped.len(), "names must be unique");
    for p in &shipped {
        let range = p.range().unwrap();
        assert!(!range.is_empty(), "{}", p.name);
        assert_eq!(
            p.range,
            range.canonical(),
            "{} is not in canonical form",
            p.name
        );
        assert_eq!(p.version, PRESET_VERSION);
    }
    for name in ["Top 5%", "Top 10%", "Top 20%", "Top 50%"] {
        let p = presets::shipped_by_name(name).unwrap_or_else(|| panic!("{name}"));
        let percent: f64 = name[4..name.len() - 1].parse().unwrap();
        assert_eq!(
            p.range().unwrap(),
            Range::parse(&format!("{percent}%")).unwrap()
        );
    }
    let utg = presets::shipped_by_name("6-max utg open").unwrap();
    assert!(utg.range().unwrap().combo_count() > 100.0);
}

#[test]
fn save_load_rename_delete() {
    let dir = tempfile::tempdir().unwrap();
    let store = PresetStore::new(dir.path().join("presets"));
    assert!(store.list().presets.is_empty());
    let p = preset("My BTN open", "22+,A2s+,K9o+,[50]T9s,98s[/50]");
    let path = store.save(&p, false).unwrap();
    assert_eq!(path.file_name().unwrap(), "my-btn-open.ron");
    assert_eq!(store.load("my btn open").unwrap(), p);
    assert_eq!(
        Range::parse(&store.load("My BTN open").unwrap().range).unwrap(),
        Range::parse("22+,A2s+,K9o+,[50]T9s,98s[/50]").unwrap()
    );
    // Saving the same name again needs `replace`.
    assert!(matches!(store.save(&p, false), Err(PresetError::Exists(_))));
    let changed = preset("My BTN open", "33+");
    store.save(&changed, true).unwrap();
    assert_eq!(store.load("My BTN open").unwrap().range, "33+");
    // A different name with the same slug gets its own file.
    let twin = preset("my-btn open", "44+");
    assert_eq!(
        store.save(&twin, false).unwrap().file_name().unwrap(),
        "my-btn-open-2.ron"
    );
    store.rename("my-btn open", "Wide BTN").unwrap();
    assert!(matches!(
        store.load("my-btn open"),
        Err(PresetError::NotFound(_))
    ));
    assert_eq!(store.load("wide btn").unwrap().range, "44+");
    assert!(matches!(
        store.rename("Wide BTN", "My BTN open"),
        Err(PresetError::Exists(_))
    ));
    store.delete("Wide BTN").unwrap();
    let names: Vec<_> = store
        .list()
        .presets
        .into_iter()
        .map(|s| s.preset.name)
        .collect();
    assert_eq!(names, ["My BTN open"]);
    assert!(matches!(
        store.save(&preset(" -- ", "AA"), false),
        Err(PresetError::BadName)
    ));
}

#[test]
fn a_crash_between_write_and_rename_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = PresetStore::new(dir.path());
    let original = preset("Keep me", "QQ+");
    let path = store.save(&original, false).unwrap();
    let before = fs::read(&path).unwrap();
    let crash = store.save_with(&preset("Keep me", "22+"), true, || {
        Err(io::Error::other("simulated crash"))
    });
    assert!(crash.is_err());
    assert_eq!(fs::read(&path).unwrap(), before, "the old file is intact");
    // The unfinished temporary file is removed, and the next save works.
    assert_eq!(file_names(dir.path()), ["keep-me.ron"]);
    let listing = store.list();
    assert_eq!(listing.presets.len(), 1);
    assert!(listing.problems.is_empty(), "{:?}", listing.problems);
    store.save(&preset("Keep me", "22+"), true).unwrap();
    assert_eq!(store.load("Keep me").unwrap().range, "22+");
}

#[test]
fn bad_files_are_reported_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let store = PresetStore::new(dir.path());
    store.save(&preset("Good", "AA"), false).unwrap();
    let good_text = preset("Future", "KK").to_ron();
    let future = good_text.replace("version: 1", "version: 99");
    let bad_range = good_text.replace("KK", "KX");
    let bad: &[(&str, &[u8])] = &[
        (
            "truncated.ron",
            &good_text.as_bytes()[..good_text.len() / 2],
        ),
        ("foreign.ron", b"(window: (width: 800, height: 600))"),
        ("binary.ron", &[0xff, 0xfe, 0x00, 0x01]),
        ("future.ron", future.as_bytes()),
        ("badrange.ron", bad_range.as_bytes()),
        ("empty.ron", b""),
    ];
    for (name, bytes) in bad {
        fs::write(dir.path().join(name), bytes).unwrap();
    }
    let listing = store.list();
    let names: Vec<_> = listing
        .presets
        .iter()
        .map(|s| s.preset.name.as_str())
        .collect();
    assert_eq!(names, ["Good"]);
    assert_eq!(listing.problems.len(), bad.len(), "{:?}", listing.problems);
    for problem in &listing.problems {
        let text = problem.to_string();
        assert!(bad.iter().any(|(name, _)| text.contains(name)), "{text}");
    }
    assert!(
        listing
            .problems
            .iter()
            .any(|p| matches!(p, PresetError::FutureVersion { version: 99, .. }))
    );
    assert!(
        listing
            .problems
            .iter()
            .any(|p| matches!(p, PresetError::BadRange { .. }))
    );
    // Saving a preset whose slug matches a corrupt file's name picks another file.
    let path = store.save(&preset("Truncated", "22"), false).unwrap();
    assert_eq!(path.file_name().unwrap(), "truncated-2.ron");
    for (name, bytes) in bad {
        assert_eq!(
            &fs::read(dir.path().join(name)).unwrap(),
            bytes,
            "{name} was touched"
        );
    }
}

#[test]
fn ron_text_is_readable() {
    let p = preset("Readable", "QQ+,AKs");
    let text = p.to_ron();
    assert!(text.contains("name: \"Readable\""), "{text}");
    assert!(text.contains("range: \"QQ+,AKs\""), "{text}");
    assert_eq!(Preset::from_ron(&text, "x.ron".as_ref()).unwrap(), p);
}

/// The names of the files in `dir`, sorted.
fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn two_writers_racing_on_one_file_leave_one_complete_file_and_no_temporaries() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("raced.ron");
    let a = preset("A", "AA").to_ron().repeat(200).into_bytes();
    let b = preset("B", "22+,A2s+").to_ron().repeat(300).into_bytes();
    let done = std::sync::atomic::AtomicBool::new(false);
    /// Stops the reader even when a writer fails.
    struct Done<'a>(&'a std::sync::atomic::AtomicBool);
    impl Drop for Done<'_> {
        fn drop(&mut self) {
            self.0.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }
    std::thread::scope(|scope| {
        let stop_reader = Done(&done);
        let writers: Vec<_> = [&a, &b]
            .into_iter()
            .enumerate()
            .map(|(n, bytes)| {
                let target = &target;
                std::thread::Builder::new()
                    .name(format!("test-writer-{n}"))
                    .spawn_scoped(scope, move || {
                        for _ in 0..150 {
                            write_atomic(target, bytes, || Ok(())).unwrap();
                        }
                    })
                    .unwrap()
            })
            .collect();
        // A reader sees the old file or the new one, never a torn one.
        std::thread::Builder::new()
            .name("test-reader".to_owned())
            .spawn_scoped(scope, || {
                while !done.load(std::sync::atomic::Ordering::Relaxed) {
                    if let Ok(bytes) = fs::read(&target) {
                        assert!(bytes == a || bytes == b, "a torn file of {}", bytes.len());
                    }
                }
            })
            .unwrap();
        let finished: Vec<_> = writers.into_iter().map(|w| w.join()).collect();
        drop(stop_reader);
        for writer in finished {
            writer.unwrap();
        }
    });
    let last = fs::read(&target).unwrap();
    assert!(last == a || last == b);
    assert_eq!(
        file_names(dir.path()),
        ["raced.ron"],
        "no temporary file is left"
    );
}

#[test]
fn a_failed_write_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("export.txt");
    let failed = write_atomic(&target, b"AA\n", || Err(io::Error::other("disk full")));
    assert!(matches!(failed, Err(WriteError { .. })));
    assert!(file_names(dir.path()).is_empty());
    // Into a directory that does not exist: an error naming it, nothing left.
    let missing = dir.path().join("no such dir").join("x.ron");
    let error = write_atomic(&missing, b"AA\n", || Ok(())).unwrap_err();
    assert!(error.to_string().contains("no such dir"), "{error}");
    write_atomic(&target, b"AA\n", || Ok(())).unwrap();
    assert_eq!(fs::read(&target).unwrap(), b"AA\n");
    assert_eq!(file_names(dir.path()), ["export.txt"]);
}

#[test]
fn oversized_files_are_reported_without_being_read() {
    let dir = tempfile::tempdir().unwrap();
    let store = PresetStore::new(dir.path());
    store.save(&preset("Small", "AA"), false).unwrap();
    // Just over the cap (a sparse file: nothing is written).
    let big = dir.path().join("big.ron");
    fs::File::create(&big)
        .unwrap()
        .set_len(MAX_PRESET_BYTES + 1)
        .unwrap();
    // Exactly at the cap, and a real preset: it reads.
    let text = preset("Padded", "KK").to_ron();
    let padded = format!(
        "{text}{}",
        " ".repeat(MAX_PRESET_BYTES as usize - text.len())
    );
    assert_eq!(padded.len() as u64, MAX_PRESET_BYTES);
    fs::write(dir.path().join("padded.ron"), &padded).unwrap();
    let listing = store.list();
    let names: Vec<_> = listing
        .presets
        .iter()
        .map(|s| s.preset.name.as_str())
        .collect();
    assert_eq!(names, ["Padded", "Small"]);
    assert_eq!(listing.problems.len(), 1, "{:?}", listing.problems);
    let problem = &listing.problems[0];
    assert!(
        matches!(problem, PresetError::TooBig { size, .. } if *size == MAX_PRESET_BYTES + 1),
        "{problem:?}"
    );
    let text = problem.to_string();
    assert!(
        text.contains("big.ron") && text.contains("too big"),
        "{text}"
    );
    assert!(matches!(
        presets::read_preset(&big),
        Err(PresetError::TooBig { .. })
    ));
    // Left alone.
    assert_eq!(fs::metadata(&big).unwrap().len(), MAX_PRESET_BYTES + 1);
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let p = preset("Marked", "QQ+");
    let text = format!("\u{feff}{}", p.to_ron());
    assert_eq!(Preset::from_ron(&text, "x.ron".as_ref()).unwrap(), p);
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("marked.ron"), &text).unwrap();
    let store = PresetStore::new(dir.path());
    assert_eq!(store.load("Marked").unwrap(), p);
}

/// Words that would mean an error message shows the program's insides.
const INTERNAL_WORDS: [&str; 10] = [
    "VersionOnly",
    "Preset",
    "struct",
    "u32",
    "String",
    "Option",
    "ron::",
    "RawValue",
    "serde",
    "recursion_limit",
];

fn assert_user_facing(text: &str, input: &str) {
    let message = match Preset::from_ron(input, "x.ron".as_ref()) {
        Ok(p) => panic!("{input:?} read as {p:?}"),
        Err(e) => e.to_string(),
    };
    for word in INTERNAL_WORDS {
        assert!(
            !message.contains(word),
            "{text}: {input:?} gives {message:?}"
        );
    }
    assert!(!message.contains('\n'), "{input:?} gives {message:?}");
    assert!(message.starts_with("x.ron: "), "{message}");
}

#[test]
fn parse_errors_name_no_rust_types() {
    let nested = format!("(version: 1, name: \"x\", notes: {}", "Some(".repeat(300));
    let cases = [
        "",
        "(",
        "(name: \"x\", range: \"AA\")",
        "\u{feff}(name: \"x\", range: \"AA\")",
        "(version: 1)",
        "(version: \"1\", name: \"x\", range: \"AA\")",
        "(version: 1, name: 5, range: \"AA\")",
        "(version: 1, name: \"x\", notes: 5, range: \"AA\")",
        "(version: 1, name: \"x\", notes: Other(\"y\"), range: \"AA\")",
        "(version: 1, name: \"x\", range: \"AA\", extra: 1)",
        "(version: 1, version: 1, name: \"x\", range: \"AA\")",
        "Foo(version: 1, name: \"x\", range: \"AA\")",
        "[1, 2]",
        "(version: -1, name: \"x\", range: \"AA\")",
        "(version: 99999999999999, name: \"x\", range: \"AA\")",
        "(version: 1, name: \"x\", range: \"AA\") trailing",
        "// only a comment",
        "/* unclosed",
        "#![enable(implicit_some)] (version: 1, name: \"x\", notes: \"y\", range: 5)",
        "(version: 1, name: \"x\", range: r#\"AA)",
        "(version: 1, name: \"\\q\", range: \"AA\")",
        "(version: 1, name: \"--\", range: \"AA\")",
        nested.as_str(),
    ];
    for input in cases {
        assert_user_facing("case", input);
    }
    // Every truncation and many one-byte changes of a real preset.
    let good = preset("Fuzzed", "QQ+,AKs").to_ron();
    let complete = good.trim_end().len();
    for end in 0..complete {
        if good.is_char_boundary(end) {
            assert_user_facing("truncated", &good[..end]);
        }
    }
    let replacements = ['(', ')', ':', ',', '"', '1', 'x', ' ', '[', '#', '/'];
    for (at, c) in good.char_indices() {
        for r in replacements {
            let mut mutated = good.clone();
            mutated.replace_range(at..at + c.len_utf8(), &r.to_string());
            if let Err(e) = Preset::from_ron(&mutated, "x.ron".as_ref()) {
                let message = e.to_string();
                for word in INTERNAL_WORDS {
                    assert!(!message.contains(word), "{mutated:?} gives {message:?}");
                }
            }
        }
    }
}

#[test]
fn upper_case_and_non_utf8_file_names_are_listed() {
    let dir = tempfile::tempdir().unwrap();
    let store = PresetStore::new(dir.path());
    fs::write(dir.path().join("UPPER.RON"), preset("Upper", "AA").to_ron()).unwrap();
    fs::write(dir.path().join("Mixed.Ron"), preset("Mixed", "KK").to_ron()).unwrap();
    // Not presets: hidden files, other extensions.
    fs::write(
        dir.path().join(".hidden.ron"),
        preset("Hidden", "QQ").to_ron(),
    )
    .unwrap();
    fs::write(dir.path().join("notes.txt"), "AA").unwrap();
    let mut expected = vec!["Mixed", "Upper"];
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(b"caf\xe9.ron");
        fs::write(dir.path().join(name), preset("Latin-1", "JJ").to_ron()).unwrap();
        expected.insert(0, "Latin-1");
    }
    let listing = store.list();
    let names: Vec<_> = listing
        .presets
        .iter()
        .map(|s| s.preset.name.as_str())
        .collect();
    assert_eq!(names, expected);
    assert!(listing.problems.is_empty(), "{:?}", listing.problems);
    assert_eq!(store.load("upper").unwrap().range, "AA");
    // A stopped listing stops before reading anything.
    assert!(store.list_while(|| false).presets.is_empty());
}

#[test]
fn presets_of_the_same_name_are_addressed_by_file() {
    let dir = tempfile::tempdir().unwrap();
    let store = PresetStore::new(dir.path());
    fs::write(dir.path().join("a.ron"), preset("Twin", "AA").to_ron()).unwrap();
    fs::write(dir.path().join("b.ron"), preset("twin", "KK").to_ron()).unwrap();
    let listing = store.list();
    let files: Vec<_> = listing
        .presets
        .iter()
        .map(|s| s.path.file_name().unwrap().to_str().unwrap())
        .collect();
    assert_eq!(files, ["a.ron", "b.ron"], "both are listed, in file order");
    // By name: ambiguous, naming both files.
    let error = store.load("TWIN").unwrap_err();
    assert!(
        matches!(&error, PresetError::Ambiguous { paths, .. } if paths.len() == 2),
        "{error:?}"
    );
    let text = error.to_string();
    assert!(text.contains("a.ron") && text.contains("b.ron"), "{text}");
    assert!(matches!(
        store.delete("Twin"),
        Err(PresetError::Ambiguous { .. })
    ));
    assert!(matches!(
        store.rename("Twin", "Other"),
        Err(PresetError::Ambiguous { .. })
    ));
    assert!(matches!(
        store.save(&preset("Twin", "22"), true),
        Err(PresetError::Ambiguous { .. })
    ));
    assert!(matches!(
        store.save(&preset("Twin", "22"), false),
        Err(PresetError::Exists(_))
    ));
    // By file stem: each one.
    assert_eq!(store.load("a").unwrap().range, "AA");
    assert_eq!(store.load("b").unwrap().range, "KK");
    // By path: rename one; the name is then unique again.
    let renamed = store
        .rename_file(&dir.path().join("a.ron"), "Twin A")
        .unwrap();
    assert_eq!(renamed.path.file_name().unwrap(), "twin-a.ron");
    assert_eq!(renamed.preset.range, "AA");
    assert_eq!(store.load("twin").unwrap().range, "KK");
    assert!(matches!(
        store.rename_file(&dir.path().join("b.ron"), "twin a"),
        Err(PresetError::Exists(_))
    ));
    store.delete_file(&dir.path().join("b.ron")).unwrap();
    assert_eq!(file_names(dir.path()), ["twin-a.ron"]);
    // Paths outside the store are not touched.
    let outside = tempfile::tempdir().unwrap();
    let stranger = outside.path().join("x.ron");
    fs::write(&stranger, preset("X", "AA").to_ron()).unwrap();
    assert!(store.delete_file(&stranger).is_err());
    assert!(stranger.exists());
}

#[test]
fn the_panel_lists_in_the_background_and_shows_twins_by_file() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.ron"), preset("Twin", "AA").to_ron()).unwrap();
    fs::write(dir.path().join("b.ron"), preset("Twin", "KK").to_ron()).unwrap();
    let store = PresetStore::new(dir.path());
    let app = RangestoveApp::default().with_store(Some(store));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut RangestoveApp| app.ui(ui), app);
    // The listing comes from a background thread; a hang guard, not a
    // timing test.
    let started = Instant::now();
    while h.query_by_label("Twin (a.ron)").is_none() {
        assert!(started.elapsed() < Duration::from_secs(60), "no listing");
        std::thread::sleep(Duration::from_millis(2));
        h.step();
    }
    assert!(h.query_by_label("Twin (b.ron)").is_some());
    h.get_by_label("Twin (b.ron)").click();
    h.step();
    h.step();
    h.get_by_label("Delete").click();
    h.step();
    h.step();
    h.get_by_label("Really delete?").click();
    h.step();
    h.step();
    assert_eq!(file_names(dir.path()), ["a.ron"]);
    let Some(Outcome::Done(message)) = h.state().presets().message().cloned() else {
        panic!("{:?}", h.state().presets().message());
    };
    assert!(message.contains("Twin"), "{message}");
}
