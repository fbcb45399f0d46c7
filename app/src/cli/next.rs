//! `rangestove next`: every card that can come next on a flop or a turn,
//! its probability given the ranges, and each seat's equity, equity
//! buckets, nut share and hits with it, exact
//! or sampled as the planner decides within the command's budget
//! (docs/design.md §3.6, §6).

use std::io::Write;

use engine::Card;
use engine::study::{self, NextCardReport};

use super::failure::Failure;
use super::spot::{ReportArgs, line_failure};

/// The options of `rangestove next`.
#[derive(Debug, clap::Args)]
pub struct NextArgs {
    /// The flop or turn, e.g. "Kh9s4c" (3 or 4 cards).
    #[arg(long)]
    pub board: String,
    /// The seats, dead cards, threads and output format; exact or
    /// sampled.
    #[command(flatten)]
    pub report: ReportArgs,
    /// A continue rule (repeatable): SEAT:STREET:RULE as for `calc`
    /// (docs/design.md §3.8), on the board's street or earlier, or on the
    /// next card's street: each card then has its reach and, on the next
    /// street, each seat's continue share and the continuing ranges'
    /// equities.
    #[arg(long = "continue", value_parser = super::spot::parse_continue)]
    pub rules: Vec<super::spot::ContinueArg>,
}

/// Runs `rangestove next`.
pub fn next_command(args: &NextArgs, out: &mut impl Write) -> Result<(), Failure> {
    let (request, rules) = args.report.request(Some(&args.board), &args.rules)?;
    let args = &args.report.spot;
    let report = if rules.is_empty() {
        study::next_cards(&request, &|| false).map_err(Failure::engine)?
    } else {
        study::next_cards_on_line(&request, &rules, &|| false).map_err(line_failure)?
    };
    super::spot::print_plan(report.strategy);
    let written = if args.json {
        writeln!(out, "{}", json(&report, &args.ranges))
    } else if args.csv {
        write_csv(&report, out)
    } else {
        write_text(&report, &args.ranges, out)
    };
    Ok(written?)
}

/// Cards written together, as the engine writes boards: `Kh9s4c`.
fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect()
}

/// How the report's figures were found, as the JSON names it.
fn method_name(report: &NextCardReport) -> &'static str {
    if report.strategy.is_exact() {
        "exact"
    } else {
        "monte_carlo"
    }
}

/// The report as one JSON object.
fn json(report: &NextCardReport, ranges: &[String]) -> serde_json::Value {
    let cards: Vec<serde_json::Value> = report
        .cards
        .iter()
        .map(|c| {
            let players: Vec<serde_json::Value> = c
                .seats
                .iter()
                .map(|s| {
                    let hits: serde_json::Map<String, serde_json::Value> = (s.hits.iter())
                        .map(|&(name, share)| (name.to_owned(), serde_json::json!(share)))
                        .collect();
                    let f = &s.figures;
                    serde_json::json!({
                        "range": ranges[f.seat],
                        "equity": f.equity,
                        "win": f.win,
                        "tie": f.tie,
                        "std_error": f.std_error,
                        "buckets": s.buckets,
                        "nut_share": s.nut_share,
                        "hits": hits,
                        "continue": s.continue_share,
                    })
                })
                .collect();
            serde_json::json!({
                "card": c.card.to_string(),
                "frequency": c.frequency,
                "tags": c.tags.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "reach": c.reach,
                "players": players,
            })
        })
        .collect();
    serde_json::json!({
        "elapsed_ms": report.elapsed_ms,
        "method": method_name(report),
        "board": cards_text(&report.board),
        "cards": cards,
    })
}

/// A header, then a row per card: card, frequency, tags (joined by `;`),
/// then per active seat its equity, win, tie, equity buckets and nut share.
/// No field holds a comma or a quote, so none is quoted.
fn write_csv(report: &NextCardReport, out: &mut impl Write) -> std::io::Result<()> {
    let seats = report.cards.first().map_or(0, |c| c.seats.len());
    let mut header = String::from("card,frequency,tags");
    for s in 1..=seats {
        header.push_str(&format!(
            ",seat{s}_equity,seat{s}_win,seat{s}_tie,\
             seat{s}_b75,seat{s}_b50,seat{s}_b25,seat{s}_b0,seat{s}_nut_share"
        ));
    }
    writeln!(out, "{header}")?;
    for c in &report.cards {
        let tags: Vec<String> = c.tags.iter().map(ToString::to_string).collect();
        let mut row = format!("{},{},{}", c.card, c.frequency, tags.join(";"));
        for s in &c.seats {
            let f = &s.figures;
            row.push_str(&format!(",{},{},{}", f.equity, f.win, f.tie));
            for share in s.buckets.iter().chain([&s.nut_share]) {
                row.push_str(&format!(",{share}"));
            }
        }
        writeln!(out, "{row}")?;
    }
    Ok(())
}

/// The human-readable table.
fn write_text(
    report: &NextCardReport,
    ranges: &[String],
    out: &mut impl Write,
) -> std::io::Result<()> {
    let method = if report.strategy.is_exact() {
        "exact".to_owned()
    } else {
        let most = (report.cards.iter().flat_map(|c| &c.seats))
            .map(|s| s.figures.std_error)
            .fold(0.0, f64::max);
        format!("monte carlo, equities ± {:.2}% at most", 100.0 * most)
    };
    writeln!(
        out,
        "next card on {}: {} cards can come ({method}, {:.1} ms)",
        cards_text(&report.board),
        report.cards.len(),
        report.elapsed_ms
    )?;
    let seats = report.cards.first().map_or(0, |c| c.seats.len());
    write!(out, "card  chance  tags                 ")?;
    for s in report
        .cards
        .first()
        .map(|c| c.seats.as_slice())
        .unwrap_or(&[])
    {
        write!(out, " {:>10}", short(&ranges[s.figures.seat]))?;
    }
    writeln!(out)?;
    for c in &report.cards {
        let tags: Vec<String> = c.tags.iter().map(ToString::to_string).collect();
        write!(
            out,
            "{:<4}  {:>5.2}%  {:<21}",
            c.card.to_string(),
            100.0 * c.frequency,
            tags.join(",")
        )?;
        for s in c.seats.iter().take(seats) {
            write!(out, " {:>9.2}%", 100.0 * s.figures.equity)?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// A range cut to fit a ten-character column.
fn short(range: &str) -> String {
    if range.chars().count() <= 10 {
        range.to_owned()
    } else {
        let head: String = range.chars().take(9).collect();
        format!("{head}…")
    }
}
