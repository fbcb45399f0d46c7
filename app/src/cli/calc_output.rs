//! What `calc` prints: one JSON object (the golden corpus in
//! `tests/golden` holds it byte for byte) or a table for people, with the
//! first seat's classes when asked.

use std::io::Write;

use engine::equity;

/// The result as one JSON object: the method, the planner's strategy,
/// samples, time and seed, each seat's figures (`ranges`: as typed),
/// whether a target standard error was reached (`None`: none was set),
/// `time_limit_reached` when a default run stopped at its time limit,
/// and the first seat's classes when broken down.
pub fn json(
    result: &equity::EquityResult,
    ranges: &[String],
    target_reached: Option<bool>,
    time_limited: Option<bool>,
) -> serde_json::Value {
    let players: Vec<serde_json::Value> = result
        .seats
        .iter()
        .map(|s| {
            serde_json::json!({
                "range": ranges[s.seat],
                "equity": s.equity,
                "win": s.win,
                "tie": s.tie,
                "std_error": s.std_error,
                "win_std_error": s.win_std_error,
                "tie_std_error": s.tie_std_error,
            })
        })
        .collect();
    let mut object = serde_json::json!({
        "method": result.method.name(),
        "path": result.method.path(),
        "strategy": result.strategy.to_string(),
        "samples": result.samples,
        "elapsed_ms": result.elapsed_ms,
        "seed": result.seed,
        "players": players,
    });
    if time_limited == Some(true) {
        object["time_limit_reached"] = serde_json::Value::Bool(true);
    }
    if let Some(reached) = target_reached {
        object["target_reached"] = serde_json::Value::Bool(reached);
    }
    if let Some(first) = result.breakdown.first() {
        // NaN standard errors (too few samples) become null.
        let classes: Vec<serde_json::Value> = first
            .classes
            .iter()
            .map(|c| {
                if !c.dealt {
                    // No deal gives the seat this class: no figures.
                    return serde_json::json!({
                        "class": c.class.to_string(),
                        "combos": 0.0,
                        "dealt": false,
                        "equity": null,
                        "win": null,
                        "tie": null,
                        "std_error": null,
                    });
                }
                serde_json::json!({
                    "class": c.class.to_string(),
                    "combos": c.combos,
                    "equity": c.equity,
                    "win": c.win,
                    "tie": c.tie,
                    "std_error": c.std_error,
                })
            })
            .collect();
        object["breakdown"] = serde_json::Value::Array(classes);
    }
    object
}

/// The human-readable table of `calc`.
pub fn write_text(
    result: &equity::EquityResult,
    ranges: &[String],
    out: &mut impl Write,
) -> std::io::Result<()> {
    let method = match result.method {
        equity::MethodUsed::Exact => "exact (enumeration)".to_owned(),
        equity::MethodUsed::PreflopTable => "exact (preflop table)".to_owned(),
        equity::MethodUsed::MonteCarlo => {
            format!("Monte Carlo, seed {}", result.seed.unwrap_or(0))
        }
    };
    // Table answers take microseconds: keep two significant digits.
    let decimals = if result.elapsed_ms < 1.0 { 3 } else { 1 };
    writeln!(
        out,
        "{method}: {} deals in {:.decimals$} ms",
        result.samples, result.elapsed_ms
    )?;
    let width = ranges
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(5)
        .clamp(5, 40);
    writeln!(
        out,
        "{:<width$}  {:>8}  {:>8}  {:>8}",
        "range", "equity", "win", "tie"
    )?;
    for s in &result.seats {
        let mut range = ranges[s.seat].clone();
        if range.len() > width {
            range.truncate(range.floor_char_boundary(width - 1));
            range.push('…');
        }
        write!(
            out,
            "{range:<width$}  {:>7.3}%  {:>7.3}%  {:>7.3}%",
            100.0 * s.equity,
            100.0 * s.win,
            100.0 * s.tie
        )?;
        if s.std_error > 0.0 {
            write!(
                out,
                "  ± {} (win ± {}, tie ± {})",
                error_percent(s.std_error),
                error_percent(s.win_std_error),
                error_percent(s.tie_std_error)
            )?;
        }
        writeln!(out)?;
    }
    if let Some(first) = result.breakdown.first() {
        write_breakdown_text(first, &ranges[first.seat], out)?;
    }
    Ok(())
}

/// A standard error as a percentage: three decimals, or two significant
/// digits when that would show a sampled error as 0.
fn error_percent(error: f64) -> String {
    let percent = 100.0 * error;
    if percent >= 0.0005 || percent == 0.0 {
        format!("{percent:.3}%")
    } else {
        format!("{percent:.1e}%")
    }
}

/// The first seat's classes, strongest first.
fn write_breakdown_text(
    breakdown: &equity::SeatBreakdown,
    range: &str,
    out: &mut impl Write,
) -> std::io::Result<()> {
    writeln!(out)?;
    writeln!(out, "{range} by hand class (strongest first):")?;
    writeln!(out, "{:<6} {:>8} {:>9}", "class", "combos", "equity")?;
    let mut classes = breakdown.classes.clone();
    // Strongest first; classes no deal gives the seat last.
    classes.sort_by(|a, b| b.dealt.cmp(&a.dealt).then(b.equity.total_cmp(&a.equity)));
    for c in &classes {
        if !c.dealt {
            writeln!(
                out,
                "{:<6} cannot be dealt: every combo clashes with another seat's cards",
                c.class.to_string()
            )?;
            continue;
        }
        write!(
            out,
            "{:<6} {:>8.2} {:>8.2}%",
            c.class.to_string(),
            c.combos,
            100.0 * c.equity
        )?;
        if c.std_error > 0.0 {
            write!(out, "  ± {:.2}%", 100.0 * c.std_error)?;
        } else if c.std_error.is_nan() {
            write!(out, "  (too few samples)")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Adds the line's figures to `calc --json`'s object: the top-level
/// `reach` (1 with no rule) and per player `continue`, its continue share
/// on each street where it has a rule, in street order (`[]` with none).
pub fn add_line(json: &mut serde_json::Value, narrowed: &engine::line::Narrowed) {
    json["reach"] = serde_json::json!(narrowed.reach);
    if let Some(players) = json["players"].as_array_mut() {
        for (player, shares) in players.iter_mut().zip(&narrowed.shares) {
            let shares: Vec<f64> = shares.iter().map(|&(_, share)| share).collect();
            player["continue"] = serde_json::json!(shares);
        }
    }
}

/// With a line: what each rule keeps and how often every seat gets this
/// far; nothing without one.
pub fn write_line(
    narrowed: &engine::line::Narrowed,
    ranges: &[String],
    rules: &[engine::line::StreetRule],
    out: &mut impl Write,
) -> std::io::Result<()> {
    if rules.is_empty() {
        return Ok(());
    }
    for (seat, shares) in narrowed.shares.iter().enumerate() {
        for &(street, share) in shares {
            let rule = rules
                .iter()
                .find(|r| r.seat == seat && r.street == street)
                .map_or_else(String::new, |r| r.rule.to_string());
            writeln!(
                out,
                "{} continues on the {street} with {:.1}% of its range ({rule})",
                ranges.get(seat).map_or("", String::as_str),
                100.0 * share
            )?;
        }
    }
    writeln!(
        out,
        "reach: every seat gets here in {:.2}% of deals",
        100.0 * narrowed.reach
    )
}

/// The hand-class table's (or the groups') rows as `calc --json` gives
/// them; a row no deal gives the first seat has `"dealt":false` and a null
/// equity.
pub fn class_rows(rows: &[engine::study::ClassRow]) -> serde_json::Value {
    rows.iter()
        .map(|r| {
            let mut row = serde_json::json!({
                "category": r.category.label(),
                "hands": r.hands.canonical(),
                "combos": r.combos,
                "share": r.share,
                "equity": r.equity,
            });
            if r.equity.is_none() {
                row["dealt"] = serde_json::Value::Bool(false);
            }
            row
        })
        .collect()
}

/// Adds the first seat's hand-class table to `calc --json`'s object:
/// `classes` (one row per made hand) and `draws` (one per draw).
pub fn add_classes(json: &mut serde_json::Value, table: &engine::study::ClassTable) {
    json["classes"] = class_rows(&table.made);
    json["draws"] = class_rows(&table.draws);
}

/// The first seat's hand-class table as text.
pub fn write_classes(
    table: &engine::study::ClassTable,
    out: &mut impl Write,
) -> std::io::Result<()> {
    write_rows("made hand", &table.made, out)?;
    write_rows("draw", &table.draws, out)
}

/// Rows of the class table or the groups as text, under `title`; rows no
/// deal gives the first seat say so, below the others.
pub fn write_rows(
    title: &str,
    rows: &[engine::study::ClassRow],
    out: &mut impl Write,
) -> std::io::Result<()> {
    writeln!(
        out,
        "{title:<28} {:>8} {:>7} {:>8}",
        "combos", "share", "equity"
    )?;
    for r in rows {
        if let Some(equity) = r.equity {
            writeln!(
                out,
                "{:<28} {:>8.1} {:>6.1}% {:>7.2}%",
                r.category,
                r.combos,
                100.0 * r.share,
                100.0 * equity
            )?;
        }
    }
    for r in rows.iter().filter(|r| r.equity.is_none()) {
        writeln!(
            out,
            "{:<28} cannot be dealt: {}",
            r.category,
            why_undealt(&r.hands)
        )?;
    }
    Ok(())
}

/// Why no deal gives the first seat a combo of a row whose live combos
/// are `hands`.
fn why_undealt(hands: &engine::Range) -> String {
    if hands.is_empty() {
        "the board and dead cards hold a card of each of its combos".to_owned()
    } else {
        format!(
            "every combo ({}) clashes with another seat's cards",
            hands.canonical()
        )
    }
}

/// With `--classes`: `calls` (with `--price`: the first seat's combos at or
/// above it, as range text, and their share of its deal distribution) and
/// `blockers` (each of the first seat's live combos against the second
/// active seat: the shares of its strong and weak parts removed).
pub fn add_calls_and_blockers(
    json: &mut serde_json::Value,
    breakdowns: &[equity::SeatBreakdown],
    request: &equity::EquityRequest,
    price: Option<f64>,
) {
    let Some(first) = breakdowns.first() else {
        return;
    };
    if let Some(price) = price {
        let (hands, share) = calls(first, request, price);
        json["calls"] = serde_json::json!({"price": price, "hands": hands, "share": share});
    }
    if let Some(other) = breakdowns.get(1) {
        let rows: Vec<serde_json::Value> = first
            .combos
            .iter()
            .filter(|c| c.dealt)
            .map(|c| {
                let b = engine::study::blockers(c.combo, other);
                serde_json::json!({
                    "hand": c.combo.to_string(),
                    "strong": b.strong,
                    "weak": b.weak,
                    "difference": b.difference,
                })
            })
            .collect();
        json["blockers"] = serde_json::Value::Array(rows);
    }
}

/// The first seat's combos at or above `price`, as canonical range text,
/// and their share of its deal distribution.
fn calls(
    first: &equity::SeatBreakdown,
    request: &equity::EquityRequest,
    price: f64,
) -> (String, f64) {
    let range = engine::study::calls(first, &request.seats[first.seat].range, price);
    let share = first
        .combos
        .iter()
        .filter(|c| c.dealt && c.equity >= price)
        .map(|c| c.frequency)
        .sum();
    (range.canonical(), share)
}

/// With `--price`: what the first seat calls with.
pub fn write_calls(
    breakdowns: &[equity::SeatBreakdown],
    request: &equity::EquityRequest,
    price: Option<f64>,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let (Some(first), Some(price)) = (breakdowns.first(), price) else {
        return Ok(());
    };
    let (hands, share) = calls(first, request, price);
    writeln!(
        out,
        "calls at {:.1}% equity with {:.1}% of its range: {hands}",
        100.0 * price,
        100.0 * share
    )
}
