//! `rangestove hands --summary`: per-player sums as a table or one JSON
//! object whose `sums` are exact integers (as strings), so shards merge
//! exactly with `--merge` (docs/design.md §3.11).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, anyhow};
use engine::hands::{PlayerSums, Summary};
use serde_json::{Value, json};

use super::failure::Failure;

/// Writes the summary as text or JSON.
pub fn write(summary: &Summary, as_json: bool, out: &mut impl Write) -> Result<(), Failure> {
    let result = if as_json {
        writeln!(out, "{}", summary_json(summary))
    } else {
        write_text(summary, out)
    };
    result.map_err(Failure::Output)
}

fn write_text(summary: &Summary, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{} hands, {} skipped ({} of another variant)",
        summary.hands, summary.skipped, summary.other_variants
    )?;
    if let Some(first) = &summary.first_skip {
        writeln!(out, "first skipped: {first}")?;
    }
    writeln!(
        out,
        "{:<24} {:>7} {:>12} {:>7} {:>12} {:>12} {:>10}",
        "player", "hands", "net", "all-in", "expected", "luck", "± s.e."
    )?;
    let mut players: Vec<(&String, &PlayerSums)> = summary.players.iter().collect();
    players.sort_by(|a, b| b.1.hands.cmp(&a.1.hands).then(a.0.cmp(b.0)));
    for (name, s) in players {
        writeln!(
            out,
            "{:<24} {:>7} {:>12.2} {:>7} {:>12.2} {:>12.2} {:>10.2}",
            name,
            s.hands,
            s.net as f64 / 100.0,
            s.all_in_hands,
            s.expected as f64 / 1e6,
            s.luck as f64 / 1e6,
            s.luck_std_error()
        )?;
    }
    Ok(())
}

/// The summary's JSON object (docs/design.md §6).
pub fn summary_json(summary: &Summary) -> Value {
    let players: Vec<Value> = summary
        .players
        .iter()
        .map(|(name, s)| {
            json!({
                "name": name, "hands": s.hands, "results": s.results,
                "net": s.net as f64 / 100.0, "all_in_hands": s.all_in_hands,
                "all_in_expected": s.expected as f64 / 1e6,
                "all_in_actual": s.actual as f64 / 100.0,
                "luck": s.luck as f64 / 1e6, "luck_std_error": s.luck_std_error(),
                "sums": {
                    "net_cents": s.net.to_string(), "expected_micros": s.expected.to_string(),
                    "actual_cents": s.actual.to_string(), "luck_micros": s.luck.to_string(),
                    "luck_squares_micros2": s.luck_squares.to_string(),
                },
            })
        })
        .collect();
    json!({
        "hands": summary.hands, "skipped": summary.skipped,
        "other_variants": summary.other_variants, "first_skip": summary.first_skip,
        "players": players,
    })
}

/// Reads a summary back from its JSON object.
fn summary_from_json(value: &Value) -> anyhow::Result<Summary> {
    let count = |v: &Value, key: &str| {
        v[key]
            .as_u64()
            .ok_or_else(|| anyhow!("{key} is not a count"))
    };
    let exact = |v: &Value, key: &str| -> anyhow::Result<i128> {
        v["sums"][key]
            .as_str()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| anyhow!("sums.{key} is not an integer in a string"))
    };
    let mut summary = Summary {
        hands: count(value, "hands")?,
        skipped: count(value, "skipped")?,
        other_variants: count(value, "other_variants")?,
        first_skip: value["first_skip"].as_str().map(str::to_owned),
        players: Default::default(),
    };
    let players = value["players"]
        .as_array()
        .ok_or_else(|| anyhow!("players is not a list"))?;
    for p in players {
        let name = p["name"]
            .as_str()
            .ok_or_else(|| anyhow!("a player has no name"))?;
        let small = |key: &str| -> anyhow::Result<i64> {
            i64::try_from(exact(p, key)?).map_err(|_| anyhow!("sums.{key} is out of range"))
        };
        let sums = PlayerSums {
            hands: count(p, "hands")?,
            results: count(p, "results")?,
            net: small("net_cents")?,
            all_in_hands: count(p, "all_in_hands")?,
            expected: exact(p, "expected_micros")?,
            actual: small("actual_cents")?,
            luck: exact(p, "luck_micros")?,
            luck_squares: exact(p, "luck_squares_micros2")?,
        };
        summary
            .players
            .entry(name.to_owned())
            .or_default()
            .merge(&sums);
    }
    Ok(summary)
}

/// `rangestove hands --merge FILE…`: the summaries added up.
pub fn merge_command(
    files: &[PathBuf],
    as_json: bool,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut total = Summary::default();
    for path in files {
        let read = || -> anyhow::Result<Summary> {
            let text = std::fs::read_to_string(path).context("cannot read it")?;
            let value: Value = serde_json::from_str(text.trim()).context("not a summary's JSON")?;
            summary_from_json(&value)
        };
        let summary = read()
            .with_context(|| format!("{}", path.display()))
            .map_err(Failure::Input)?;
        total.merge(&summary);
    }
    write(&total, as_json, out)
}
