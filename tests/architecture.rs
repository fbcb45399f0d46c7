//! The code's shape, checked from its text: the engine's modules import
//! one way (no module imports one that imports it back, however
//! indirectly), and no source file grows past a size a reader can hold.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Longest source file, in lines, before it must be split.
const MAX_LINES: usize = 650;

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

/// The paths named by the `use` declarations of `text` outside its unit
/// tests, with `{…}` groups expanded.
fn used_paths(text: &str) -> Vec<String> {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
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

/// The module paths written in the code of `text` outside comments and its
/// unit tests (`super::tally::gcd(…)`, `exact::run(…)`): every run of
/// `::`-joined identifiers of two or more segments.
fn qualified_paths(text: &str) -> Vec<String> {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
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

#[test]
fn engine_modules_import_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/src");
    let files = sources(&src);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in &files {
        let from = module_of(&src, file);
        let text = std::fs::read_to_string(file).unwrap();
        let targets = edges.entry(from.clone()).or_default();
        let paths = used_paths(&text)
            .into_iter()
            .chain(qualified_paths(&text))
            .map(|path| {
                // A path starting with a child module is relative to this one.
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
            if let Some(to) = resolve(&modules, &from, &path)
                && to != from
            {
                targets.insert(to);
            }
        }
    }
    // Modules that reach each other through imports form a cycle.
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
        modules.iter().map(|m| (m, reach(m))).collect();
    let mut cycles = BTreeSet::new();
    for (&a, from_a) in &reaches {
        let mut group: Vec<String> = from_a
            .iter()
            .filter(|&b| b != a && reaches[b].contains(a))
            .chain([a])
            .map(|m| format!("engine::{}", m.join("::")))
            .collect();
        group.sort();
        if group.len() > 1 {
            cycles.insert(group.join(", "));
        }
    }
    assert!(
        cycles.is_empty(),
        "modules importing each other:\n{}",
        cycles.into_iter().collect::<Vec<_>>().join("\n")
    );
    // The check sees real imports.
    let equity = vec!["equity".to_owned()];
    let plan = vec!["equity".to_owned(), "plan".to_owned()];
    let setup = vec!["equity".to_owned(), "setup".to_owned()];
    assert!(edges[&plan].contains(&setup), "{:?}", edges[&plan]);
    assert!(edges[&equity].contains(&plan), "{:?}", edges[&equity]);
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
    for dir in ["engine/src", "engine/build", "app/src", "benches"] {
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
