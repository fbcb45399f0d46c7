//! `rangestove flops`: every flop a scenario can tell apart, its frequency,
//! each seat's exact equity, hits and nut share, and its texture
//! (docs/design.md §3.7, §6).

use std::io::Write;

use engine::Card;
use engine::equity::{self, FlopReport};

use super::Failure;
use super::next::{SpotArgs, failure};

/// Runs `rangestove flops`.
pub(super) fn flops_command(args: &SpotArgs, out: &mut impl Write) -> Result<(), Failure> {
    let request = args.request()?;
    let report = equity::flop_report(&request, &|| false, &|_, _| {}).map_err(failure)?;
    let written = if args.json {
        writeln!(out, "{}", json(&report, &args.ranges))
    } else if args.csv {
        write_csv(&report, out)
    } else {
        write_text(&report, &args.ranges, out)
    };
    Ok(written?)
}

fn flop_text(flop: &[Card; 3]) -> String {
    flop.iter().map(Card::to_string).collect()
}

/// The report as one JSON object.
fn json(report: &FlopReport, ranges: &[String]) -> serde_json::Value {
    let players: Vec<serde_json::Value> = (report.seats.iter().enumerate())
        .map(|(i, &(equity, win, tie))| {
            serde_json::json!({
                "range": ranges.get(i).cloned().unwrap_or_default(),
                "equity": equity,
                "win": win,
                "tie": tie,
            })
        })
        .collect();
    let flops: Vec<serde_json::Value> = report
        .flops
        .iter()
        .map(|row| {
            let players: Vec<serde_json::Value> = row
                .seats
                .iter()
                .map(|s| {
                    let hits: serde_json::Map<String, serde_json::Value> = (s.hits.iter())
                        .map(|&(name, share)| (name.to_owned(), serde_json::json!(share)))
                        .collect();
                    serde_json::json!({
                        "equity": s.figures.equity,
                        "win": s.figures.win,
                        "tie": s.figures.tie,
                        "std_error": s.figures.std_error,
                        "nut_share": s.nut_share,
                        "hits": hits,
                    })
                })
                .collect();
            serde_json::json!({
                "flop": flop_text(&row.flop),
                "count": row.count,
                "frequency": row.frequency,
                "tags": row.texture.tags(),
                "players": players,
            })
        })
        .collect();
    serde_json::json!({
        "elapsed_ms": report.elapsed_ms,
        "players": players,
        "flops": flops,
    })
}

/// A header, then a row per flop class: flop, count, frequency, tags
/// (joined by `;`), then per active seat its equity, win, tie and nut share.
/// No field holds a comma or a quote, so none is quoted.
fn write_csv(report: &FlopReport, out: &mut impl Write) -> std::io::Result<()> {
    let mut header = String::from("flop,count,frequency,tags");
    for s in 1..=report.seats.len() {
        header.push_str(&format!(
            ",seat{s}_equity,seat{s}_win,seat{s}_tie,seat{s}_nut_share"
        ));
    }
    writeln!(out, "{header}")?;
    for row in &report.flops {
        let mut line = format!(
            "{},{},{},{}",
            flop_text(&row.flop),
            row.count,
            row.frequency,
            row.texture.tags().join(";")
        );
        for s in &row.seats {
            line.push_str(&format!(
                ",{},{},{},{}",
                s.figures.equity, s.figures.win, s.figures.tie, s.nut_share
            ));
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The human-readable table: the aggregate, then a row per flop class.
fn write_text(report: &FlopReport, ranges: &[String], out: &mut impl Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{} flop classes ({} flops), exact, {:.0} ms",
        report.flops.len(),
        report.flops.iter().map(|f| f.count).sum::<u32>(),
        report.elapsed_ms
    )?;
    for (i, &(equity, _, _)) in report.seats.iter().enumerate() {
        let range = ranges.get(i).map_or("", String::as_str);
        writeln!(out, "{range}: {:.2}% over all flops", 100.0 * equity)?;
    }
    writeln!(out, "flop    count  chance  equity per seat  tags")?;
    for row in &report.flops {
        write!(
            out,
            "{:<7} {:>5}  {:>5.3}%",
            flop_text(&row.flop),
            row.count,
            100.0 * row.frequency
        )?;
        for s in &row.seats {
            write!(out, " {:>7.2}%", 100.0 * s.figures.equity)?;
        }
        writeln!(out, "  {}", row.texture.tags().join(", "))?;
    }
    Ok(())
}
