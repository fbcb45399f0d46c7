//! The flop report as comma-separated values: what `rangestove flops
//! --csv` prints and what the Boards view's "Export CSV…" saves. One
//! writer, so the two never disagree on a column.

use std::io::Write;

use engine::Card;
use engine::study::FlopReport;

/// A header, then a row per flop class: flop, count, frequency, tags
/// (joined by `;`), then per active seat its equity, win, tie, standard
/// error, the four bucket shares (≥ 75%, 50–75%, 25–50%, < 25%) and nut
/// share; on a line, then the flop's reach and each ruled seat's continue
/// share. No field holds a comma or a quote, so none is quoted.
pub fn write_csv(report: &FlopReport, out: &mut impl Write) -> std::io::Result<()> {
    let mut header = String::from("flop,count,frequency,tags");
    for s in 1..=report.seats.len() {
        header.push_str(&format!(
            ",seat{s}_equity,seat{s}_win,seat{s}_tie,seat{s}_std_error,\
             seat{s}_b75,seat{s}_b50,seat{s}_b25,seat{s}_b0,seat{s}_nut_share"
        ));
    }
    // On a line: the seats with a rule.
    let ruled: Vec<usize> = (0..report.continues.len())
        .filter(|&i| report.continues[i].is_some())
        .collect();
    if !ruled.is_empty() {
        header.push_str(",reach");
        for s in &ruled {
            header.push_str(&format!(",seat{}_continue", s + 1));
        }
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
            let [b75, b50, b25, b0] = s.buckets;
            line.push_str(&format!(
                ",{},{},{},{},{b75},{b50},{b25},{b0},{}",
                s.figures.equity, s.figures.win, s.figures.tie, s.figures.std_error, s.nut_share
            ));
        }
        if !ruled.is_empty() {
            line.push_str(&format!(",{}", row.reach));
            for &s in &ruled {
                let share = row.seats.get(s).and_then(|seat| seat.continue_share);
                line.push_str(&format!(",{}", share.unwrap_or(0.0)));
            }
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// A flop as the engine writes boards: `Kh9s4c`.
fn flop_text(flop: &[Card; 3]) -> String {
    flop.iter().map(Card::to_string).collect()
}
