//! The Debian package: `scripts/package-deb.sh` run on the binary the tests
//! built, then its file list, control fields, and what it installs
//! (extracted, not installed: the binary answers `--version`, the desktop
//! entry launches it by name with the icon the package carries).
//! Skipped, saying so, where `dpkg-deb` is missing (not Debian or Ubuntu).

use std::path::Path;
use std::process::Command;

fn run(program: &str, args: &[&str]) -> String {
    let output = Command::new(program).args(args).output().unwrap();
    assert!(output.status.success(), "{program} {args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_deb_installs_the_binary_the_desktop_entry_and_the_icon() {
    if Command::new("dpkg-deb").arg("--version").output().is_err() {
        eprintln!("skipped: dpkg-deb is not installed here");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = tempfile::tempdir().unwrap();
    let script = root.join("scripts/package-deb.sh");
    let deb = run(
        "bash",
        &[
            script.to_str().unwrap(),
            "--binary",
            env!("CARGO_BIN_EXE_rangestove"),
            "--out",
            out.path().to_str().unwrap(),
            // The contents are checked, not xz's work on them.
            "--uncompressed",
        ],
    );
    let deb = deb.trim();
    assert!(deb.ends_with(".deb"), "{deb}");
    // Files, with their modes.
    let listing = run("dpkg-deb", &["--contents", deb]);
    for (mode, path) in [
        ("-rwxr-xr-x", "./usr/bin/rangestove"),
        ("-rw-r--r--", "./usr/share/applications/rangestove.desktop"),
        (
            "-rw-r--r--",
            "./usr/share/icons/hicolor/256x256/apps/rangestove.png",
        ),
        ("-rw-r--r--", "./usr/share/doc/rangestove/copyright"),
    ] {
        assert!(
            listing
                .lines()
                .any(|l| l.starts_with(mode) && l.contains("root/root") && l.ends_with(path)),
            "{path} ({mode}) in\n{listing}"
        );
    }
    // Control fields.
    let field = |name: &str| run("dpkg-deb", &["--field", deb, name]).trim().to_owned();
    assert_eq!(field("Package"), "rangestove");
    assert_eq!(field("Version"), env!("CARGO_PKG_VERSION"));
    assert!(field("Depends").contains("libc6"));
    // What it installs, extracted.
    let tree = tempfile::tempdir().unwrap();
    run(
        "dpkg-deb",
        &["--extract", deb, tree.path().to_str().unwrap()],
    );
    let version = run(
        tree.path().join("usr/bin/rangestove").to_str().unwrap(),
        &["--version"],
    );
    assert_eq!(
        version.trim(),
        format!("rangestove {}", env!("CARGO_PKG_VERSION"))
    );
    let entry = std::fs::read_to_string(
        tree.path()
            .join("usr/share/applications/rangestove.desktop"),
    )
    .unwrap();
    let value = |key: &str| {
        entry
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{key}=")))
            .unwrap_or_else(|| panic!("{key} in the desktop entry"))
            .to_owned()
    };
    assert_eq!(entry.lines().next(), Some("[Desktop Entry]"));
    assert_eq!(value("Type"), "Application");
    assert_eq!(value("Exec"), "rangestove");
    assert_eq!(value("Icon"), "rangestove");
    assert_eq!(value("Terminal"), "false");
    assert!(value("Categories").split(';').any(|c| c == "Game"));
    // The icon the entry names is a 256×256 PNG where the theme looks.
    let icon = std::fs::read(
        tree.path()
            .join("usr/share/icons/hicolor/256x256/apps/rangestove.png"),
    )
    .unwrap();
    assert_eq!(&icon[1..4], b"PNG");
    assert_eq!(u32::from_be_bytes(icon[16..20].try_into().unwrap()), 256);
}
