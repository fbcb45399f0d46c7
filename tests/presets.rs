//! Presets: the shipped library and the user store in a temporary directory.

use std::fs;
use std::io;

use engine::Range;
use rangestove::presets::{self, PRESET_VERSION, Preset, PresetError, PresetStore};

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
    // The unfinished temporary file is not listed, and the next save works.
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
