//! How the window words counts and methods: "1 card" and "2 cards", a
//! weighted combo count, and how a result was found in a player's words.
//! One place, so the seats, the status line and the copied spot say the
//! same thing.

use engine::equity::{EquityResult, MethodUsed};

/// `word` with an `s` unless `n` is 1: "1 card", "2 cards".
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        word.to_owned()
    } else {
        format!("{word}s")
    }
}

/// A weighted combo count with its noun: "22 combos", "1 combo",
/// "12.50 combos" (whole numbers without decimals).
pub fn combos_label(x: f64) -> String {
    if (x - 1.0).abs() < 1e-9 {
        "1 combo".to_owned()
    } else if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0} combos")
    } else {
        format!("{x:.2} combos")
    }
}

/// How `result` was found, in a player's words: "exact, table lookup",
/// "exact: every board (1.2M deals)", "counting exactly… 32%",
/// "estimated from 25.1M deals".
pub fn method_text(result: &EquityResult) -> String {
    if result.method == MethodUsed::PreflopTable {
        return "exact, table lookup".to_owned();
    }
    let deals = si(result.samples as f64);
    match (result.method.is_exact(), result.finished) {
        (true, true) => format!("exact: every deal counted ({deals})"),
        (true, false) => format!("counting exactly… {:.0}%", 100.0 * result.progress),
        (false, true) => format!("estimated from {deals} random deals"),
        (false, false) => format!("estimating… {deals} random deals so far"),
    }
}

/// A count with an SI suffix and three significant digits: 165M, 65.3M.
fn si(x: f64) -> String {
    let (value, suffix) = match x {
        x if x >= 1e12 => (x / 1e12, "T"),
        x if x >= 1e9 => (x / 1e9, "G"),
        x if x >= 1e6 => (x / 1e6, "M"),
        x if x >= 1e3 => (x / 1e3, "k"),
        x => return format!("{x:.0}"),
    };
    let decimals = match value {
        v if v >= 100.0 => 0,
        v if v >= 10.0 => 1,
        _ => 2,
    };
    format!("{value:.decimals$}{suffix}")
}

/// Names joined as a person lists them: "Seat 1", "Seat 1 and Seat 2",
/// "Seat 1, Seat 2 and Seat 3".
pub fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A path as the window shows it: under the home folder written from `~`
/// (`~/.local/share/rangestove/train.ron`), so a path shown says where a
/// file is without the name of the account or the machine.
pub fn shown_path(path: &std::path::Path) -> String {
    let home = directories::BaseDirs::new().map(|dirs| dirs.home_dir().to_path_buf());
    match home
        .as_deref()
        .and_then(|home| path.strip_prefix(home).ok())
    {
        Some(rest) if !rest.as_os_str().is_empty() => {
            format!("~{}{}", std::path::MAIN_SEPARATOR, rest.display())
        }
        _ => path.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_under_home_is_shown_from_the_tilde() {
        let Some(home) = directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf()) else {
            return;
        };
        let file = home.join("data").join("train.ron");
        let sep = std::path::MAIN_SEPARATOR;
        assert_eq!(shown_path(&file), format!("~{sep}data{sep}train.ron"));
        let elsewhere = std::path::Path::new("/elsewhere/train.ron");
        if !elsewhere.starts_with(&home) {
            assert_eq!(shown_path(elsewhere), elsewhere.display().to_string());
        }
    }
}
