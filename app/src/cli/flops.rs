//! `rangestove flops`: every flop a scenario can tell apart, its frequency,
//! each seat's exact equity, hits and nut share, and its texture
//! (docs/design.md §3.7, §6).

use std::collections::BTreeMap;
use std::io::Write;

use engine::Card;
use engine::equity::ReportStrategy;
use engine::study::{self, FlopReport};

use super::failure::Failure;
use super::progress::Progress;
use super::spot::{ReportArgs, line_failure};

/// The options of `rangestove flops`.
#[derive(Debug, clap::Args)]
pub struct FlopsArgs {
    /// The seats, dead cards, threads and output format; exact or
    /// sampled.
    #[command(flatten)]
    pub report: ReportArgs,
    /// A flop rule (repeatable): SEAT:flop:RULE as for `calc`
    /// (docs/design.md §3.8): every flop then has each ruled seat's
    /// continue share, the reach, and the continuing ranges' figures.
    #[arg(long = "continue", value_parser = super::spot::parse_continue)]
    pub rules: Vec<super::spot::ContinueArg>,
}

/// Runs `rangestove flops`.
pub fn flops_command(args: &FlopsArgs, out: &mut impl Write) -> Result<(), Failure> {
    let (request, rules) = args.report.request(None, &args.rules)?;
    let progress = Progress::new("flops");
    let on_row = |_: &study::FlopRow, done: usize, total: usize| {
        progress.update(done as f64 / total.max(1) as f64, || {
            format!("{done} of {total} flops")
        });
    };
    let on_share = |share: f64| progress.update(share, String::new);
    let report = if rules.is_empty() {
        study::flop_report_with_progress(&request, &|| false, &on_row, &on_share)
            .map_err(Failure::engine)?
    } else {
        study::flop_report_on_line(&request, &rules, &|| false, &on_row).map_err(line_failure)?
    };
    drop(progress);
    super::spot::print_plan(report.strategy);
    let args = &args.report.spot;
    let written = if args.json {
        write_json(&report, &args.ranges, out)
    } else if args.csv {
        crate::io::flop_csv::write_csv(&report, out)
    } else {
        write_text(&report, &args.ranges, out)
    };
    Ok(written?)
}

/// A flop as the engine writes boards: `Kh9s4c`.
fn flop_text(flop: &[Card; 3]) -> String {
    flop.iter().map(Card::to_string).collect()
}

/// The report as one JSON object on one line, its keys in order, written
/// a flop at a time: a report of twenty thousand flops is never held as
/// one JSON tree (docs/design.md §6: within 300 MB).
fn write_json(report: &FlopReport, ranges: &[String], out: &mut impl Write) -> std::io::Result<()> {
    // On a line that gets past no flop, no equity where it gets: null.
    let gets = report.where_line_gets();
    let players: Vec<serde_json::Value> = (0..report.seats.len())
        .map(|i| {
            let figures = gets.map(|seats| seats[i]);
            serde_json::json!({
                "range": ranges.get(i).cloned().unwrap_or_default(),
                "equity": figures.map(|f| f.0),
                "win": figures.map(|f| f.1),
                "tie": figures.map(|f| f.2),
                "continue": report.continues.get(i).copied().flatten(),
            })
        })
        .collect();
    write!(
        out,
        "{{\"elapsed_ms\":{},\"flop_count\":{},\"flops\":[",
        serde_json::json!(report.elapsed_ms),
        report.flop_count
    )?;
    for (i, row) in report.flops.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, &row_json(row))?;
    }
    writeln!(
        out,
        "],\"method\":{},\"players\":{},\"reach\":{}}}",
        serde_json::json!(report.method.name()),
        serde_json::Value::Array(players),
        serde_json::json!(report.reach)
    )
}

/// One flop's row as a JSON object: its keys in sorted order, as a
/// `serde_json` map writes them (derived, so that a row is written
/// without building a map of values first).
#[derive(serde::Serialize)]
struct RowJson<'a> {
    count: u32,
    flop: String,
    frequency: f64,
    players: Vec<SeatJson<'a>>,
    reach: f64,
    tags: Vec<String>,
}

/// One seat of a [`RowJson`], its keys sorted.
#[derive(serde::Serialize)]
struct SeatJson<'a> {
    buckets: [f64; 4],
    #[serde(rename = "continue")]
    continues: Option<f64>,
    equity: f64,
    hits: BTreeMap<&'a str, f64>,
    nut_share: f64,
    std_error: f64,
    tie: f64,
    win: f64,
}

/// See [`RowJson`].
fn row_json(row: &study::FlopRow) -> RowJson<'_> {
    let players = (row.seats.iter())
        .map(|s| SeatJson {
            buckets: s.buckets,
            continues: s.continue_share,
            equity: s.figures.equity,
            hits: s.hits.iter().copied().collect(),
            nut_share: s.nut_share,
            std_error: s.figures.std_error,
            tie: s.figures.tie,
            win: s.figures.win,
        })
        .collect();
    RowJson {
        count: row.count,
        flop: flop_text(&row.flop),
        frequency: row.frequency,
        players,
        reach: row.reach,
        tags: row.texture.tags(),
    }
}

/// The human-readable table: the aggregate, then a row per flop class.
fn write_text(report: &FlopReport, ranges: &[String], out: &mut impl Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{} flop classes ({} flops), {}, {:.0} ms",
        report.flops.len(),
        report.flop_count,
        match report.strategy {
            ReportStrategy::EachSampled { std_error } => {
                format!("Monte Carlo, each flop to ± {:.2}%", 100.0 * std_error)
            }
            _ => "exact".to_owned(),
        },
        report.elapsed_ms
    )?;
    let lined = report.continues.iter().any(Option::is_some);
    let gets = report.where_line_gets();
    for (i, &(equity, _, _)) in report.seats.iter().enumerate() {
        let range = ranges.get(i).map_or("", String::as_str);
        let share = report.continues.get(i).copied().flatten();
        let continues = share.map_or(String::new(), |share| {
            format!(
                "continues with {:.1}% of its range over all flops; ",
                100.0 * share
            )
        });
        match (lined, gets) {
            (false, _) => writeln!(out, "{range}: {:.2}% over all flops", 100.0 * equity)?,
            (true, Some(_)) => writeln!(
                out,
                "{range}: {continues}{:.2}% equity where the line gets",
                100.0 * equity
            )?,
            (true, None) => writeln!(
                out,
                "{range}: {continues}no equity: the line gets past no flop"
            )?,
        }
    }
    if lined {
        writeln!(
            out,
            "reach: every seat gets past the flop in {:.2}% of deals{}",
            100.0 * report.reach,
            if gets.is_none() {
                " (on every flop a rule keeps nothing, or no deal is left)"
            } else {
                ""
            }
        )?;
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
