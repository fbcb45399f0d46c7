//! The code's shape, checked from its text: the modules of the engine and
//! of the app import one way (no module imports one that imports it back,
//! however indirectly, unit tests included), no app module borrows an item
//! from its parent (a parent declares and re-exports; helpers live in
//! modules of their own), and no source file grows past a size a reader
//! can hold.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Longest source file, in lines, before it must be split.
const MAX_LINES: usize = 450;

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The module path of a file under `src` (`equity::exact::sweep`; the
/// crate root is the empty path).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The paths named by the `use` declarations of `text`, with `{…}` groups
/// expanded.
fn used_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("use ") {
        let before = &rest[..at];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let prefix = before[line_start..].trim();
        rest = &rest[at + 4..];
        // Only declarations: `use`, `pub use`, `pub(crate) use` at the
        // start of a line.
        if !(prefix.is_empty() || prefix.starts_with("pub")) {
            continue;
        }
        let Some(end) = rest.find(';') else { break };
        let declaration: String = rest[..end].split_whitespace().collect();
        expand("", &declaration, &mut out);
    }
    out
}

/// The module paths written in the code of `text` outside comments
/// (`super::tally::gcd(…)`, `exact::run(…)`): every run of `::`-joined
/// identifiers of two or more segments.
fn qualified_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut current = String::new();
        let mut chars = code.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_alphanumeric() || c == '_' {
                current.push(c);
            } else if c == ':' && chars.peek() == Some(&':') {
                chars.next();
                current.push_str("::");
            } else {
                if current.contains("::") {
                    out.push(current.trim_end_matches(':').to_owned());
                }
                current.clear();
            }
        }
        if current.contains("::") {
            out.push(current.trim_end_matches(':').to_owned());
        }
    }
    out
}

/// Expands `a::{b, c::{d, e}}` into `a::b`, `a::c::d`, `a::c::e`.
fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    match tree.find('{') {
        None => out.push(format!("{prefix}{tree}")),
        Some(open) => {
            let head = &tree[..open];
            let inner = &tree[open + 1..tree.len() - 1];
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&format!("{prefix}{head}"), &inner[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            if start < inner.len() {
                expand(&format!("{prefix}{head}"), &inner[start..], out);
            }
        }
    }
}

/// The module a path used from `from` lives in: the longest prefix of the
/// resolved path that is a module of the crate.
fn resolve(modules: &BTreeSet<Vec<String>>, from: &[String], path: &str) -> Option<Vec<String>> {
    let mut segments: Vec<&str> = path.split("::").collect();
    let mut base: Vec<String> = match segments.first().copied() {
        Some("crate") => {
            segments.remove(0);
            Vec::new()
        }
        Some("super") => {
            let mut base = from.to_vec();
            while segments.first() == Some(&"super") {
                segments.remove(0);
                base.pop();
            }
            base
        }
        Some("self") => {
            segments.remove(0);
            from.to_vec()
        }
        _ => return None,
    };
    base.extend(segments.iter().map(|s| s.to_string()));
    (1..=base.len())
        .rev()
        .map(|k| base[..k].to_vec())
        .find(|m| modules.contains(m))
}

/// A file's text split into its code and its unit tests (`#[cfg(test)] mod
/// tests { … }`, by convention last in the file), the tests' module path
/// one below the file's.
fn code_and_tests(text: &str) -> (&str, Option<&str>) {
    match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => (&text[..at], Some(&text[at..])),
        None => (text, None),
    }
}

/// The modules of the crate whose sources are under `src`, and the modules
/// each one imports (its unit tests' imports count as its own).
fn import_graph(src: &Path) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let files = sources(src);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(src, f)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in &files {
        let module = module_of(src, file);
        let text = std::fs::read_to_string(file).unwrap();
        let (code, tests) = code_and_tests(&text);
        let mut tests_module = module.clone();
        tests_module.push("tests".to_owned());
        let mut targets = BTreeSet::new();
        for (from, text) in [(&module, Some(code)), (&tests_module, tests)] {
            let Some(text) = text else { continue };
            let paths = used_paths(text)
                .into_iter()
                .chain(qualified_paths(text))
                .map(|path| {
                    // A path starting with a child module is relative to
                    // this one.
                    let first = path.split("::").next().unwrap_or("");
                    let mut child = from.clone();
                    child.push(first.to_owned());
                    if modules.contains(&child) {
                        format!("self::{path}")
                    } else {
                        path
                    }
                });
            for path in paths {
                if let Some(to) = resolve(&modules, from, &path)
                    && to != module
                {
                    targets.insert(to);
                }
            }
        }
        edges.entry(module).or_default().extend(targets);
    }
    edges
}

/// The groups of modules of `edges` that reach each other, as text.
fn cycles(crate_name: &str, edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<String> {
    let reach = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(m) = stack.pop() {
            for next in edges.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&Vec<String>, BTreeSet<Vec<String>>> =
        edges.keys().map(|m| (m, reach(m))).collect();
    let mut cycles = BTreeSet::new();
    for (&a, from_a) in &reaches {
        let mut group: Vec<String> = from_a
            .iter()
            .filter(|&b| b != a && reaches.get(b).is_some_and(|r| r.contains(a)))
            .chain([a])
            .map(|m| format!("{crate_name}::{}", m.join("::")))
            .collect();
        group.sort();
        if group.len() > 1 {
            cycles.insert(group.join(", "));
        }
    }
    cycles.into_iter().collect()
}

fn module(path: &str) -> Vec<String> {
    path.split("::").map(str::to_owned).collect()
}

#[test]
fn engine_modules_import_one_way() {
    let edges = import_graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/src"));
    let cycles = cycles("engine", &edges);
    assert!(
        cycles.is_empty(),
        "modules importing each other:\n{}",
        cycles.join("\n")
    );
    // The check sees real imports, unit tests' too.
    let plan = module("equity::plan");
    assert!(
        edges[&plan].contains(&module("equity::setup")),
        "{:?}",
        edges[&plan]
    );
    assert!(edges[&module("equity")].contains(&plan));
    assert!(edges[&module("study::flops")].contains(&plan));
    // The study layer sits above equity: nothing in equity imports it.
    for (from, to) in &edges {
        if from.first().is_some_and(|m| m == "equity") {
            assert!(
                to.iter().all(|m| m.first().is_none_or(|m| m != "study")),
                "{from:?} imports the study layer: {to:?}"
            );
        }
    }
}

#[test]
fn app_modules_import_one_way() {
    let edges = import_graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("app/src"));
    let cycles = cycles("rangestove", &edges);
    assert!(
        cycles.is_empty(),
        "modules importing each other:\n{}",
        cycles.join("\n")
    );
    // The check sees real imports.
    assert!(edges[&module("gui")].iter().any(|m| m.len() > 1));
}

#[test]
fn a_unit_test_import_counts() {
    let dir = std::env::temp_dir().join(format!("rangestove-arch-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::write(dir.join("lib.rs"), "mod a;\n").unwrap();
    std::fs::write(dir.join("a/mod.rs"), "mod b;\nmod c;\nuse b::X;\n").unwrap();
    std::fs::write(dir.join("a/b.rs"), "pub struct X;\n").unwrap();
    std::fs::write(
        dir.join("a/c.rs"),
        "fn f() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::super::b::X;\n}\n",
    )
    .unwrap();
    let edges = import_graph(&dir);
    assert_eq!(edges[&module("a::c")], BTreeSet::from([module("a::b")]));
    std::fs::write(dir.join("a/b.rs"), "use crate::a::c::f;\npub struct X;\n").unwrap();
    let found = cycles("t", &import_graph(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, ["t::a::b, t::a::c"]);
}

/// `use super::…` declarations of the app's code (unit tests aside) that
/// name an item of a parent module rather than a module.
#[test]
fn no_app_module_borrows_from_its_parent() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("app/src");
    let files = sources(&src);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut borrowed = Vec::new();
    for file in &files {
        let from = module_of(&src, file);
        let text = std::fs::read_to_string(file).unwrap();
        let code = code_and_tests(&text).0;
        for path in used_paths(code).into_iter().chain(qualified_paths(code)) {
            let mut segments: Vec<&str> = path.split("::").collect();
            if segments.first() != Some(&"super") {
                continue;
            }
            let mut base = from.clone();
            while segments.first() == Some(&"super") {
                segments.remove(0);
                base.pop();
            }
            let Some(first) = segments.first() else {
                continue;
            };
            base.push(first.to_string());
            if !modules.contains(&base) {
                borrowed.push(format!("{}: {path}", file.display()));
            }
        }
    }
    assert!(
        borrowed.is_empty(),
        "items borrowed from a parent module:\n{}",
        borrowed.join("\n")
    );
}

#[test]
fn qualified_paths_are_found_in_code_only() {
    let text = "let x = exact::run(a, super::tally::gcd(1, 2)); // not::this\n";
    assert_eq!(qualified_paths(text), ["exact::run", "super::tally::gcd"]);
}

#[test]
fn the_import_parser_reads_groups() {
    let text = "use super::{a, b::{c, d}};\npub(crate) use crate::x::Y;\n// use not::this;\n";
    assert_eq!(
        used_paths(text),
        ["super::a", "super::b::c", "super::b::d", "crate::x::Y"]
    );
}

#[test]
fn no_source_file_is_too_long() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    // Test modules are lists of cases and may run longer (ARCHITECTURE.md).
    for dir in [
        "engine/src",
        "engine/build",
        "engine/examples",
        "app/src",
        "benches",
        "examples",
    ] {
        for file in sources(&root.join(dir)) {
            let lines = std::fs::read_to_string(&file).unwrap().lines().count();
            if lines > MAX_LINES {
                long.push(format!("{} ({lines} lines)", file.display()));
            }
        }
    }
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines: {}",
        long.join(", ")
    );
}

/// The documents stay short enough to read: ARCHITECTURE.md a map, not a
/// manual; README.md for users, with the full manual in docs/guide.md,
/// which the README links to.
#[test]
fn the_documents_stay_short() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lines = |name: &str| {
        std::fs::read_to_string(root.join(name))
            .unwrap()
            .lines()
            .count()
    };
    let architecture = lines("ARCHITECTURE.md");
    assert!(architecture <= 160, "ARCHITECTURE.md: {architecture} lines");
    let readme = lines("README.md");
    assert!(readme <= 250, "README.md: {readme} lines");
    assert!(root.join("docs/guide.md").is_file(), "no docs/guide.md");
    let text = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(
        text.contains("](docs/guide.md"),
        "README.md does not link docs/guide.md"
    );
}
