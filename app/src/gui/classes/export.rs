//! The hand-class table's rows as comma-separated values, and the export
//! of the rows shown to a file.

use engine::study::Blockers;

use super::rows::TableRow;
use super::state::ClassesState;
use crate::gui::outcome::Outcome;
use crate::gui::state::session::Session;

/// The rows as comma-separated values: a header, then per row its
/// category, hands (canonical range text, quoted), combos, share, equity
/// (empty for a row that cannot be dealt),
/// its equity against each of the `versus` seats alone (empty where not
/// counted), the four bucket shares, each group's share (named in the header) and,
/// with an other seat, the blockers (strong, weak, difference).
pub fn csv_text(
    rows: &[TableRow],
    group_names: &[String],
    against: Option<&str>,
    versus: &[String],
) -> String {
    let mut out = csv_header(group_names, against, versus);
    for r in rows {
        csv_line(
            &mut out,
            r,
            group_names.len(),
            against.is_some(),
            versus.len(),
        );
    }
    out
}

/// A text as a CSV field (RFC 4180): quoted, with its quotes doubled,
/// when it holds a comma, a quote or a line break ("top pair, top
/// kicker" stays whole). Four lines, so no CSV crate for it.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// The header line: the fixed columns, one per `versus` seat, the
/// buckets, one per group, and the blockers with an other seat.
fn csv_header(group_names: &[String], against: Option<&str>, versus: &[String]) -> String {
    let mut out = String::from("category,hands,combos,share,equity");
    for name in versus {
        out.push_str(&format!(",{}", field(&format!("equity_vs_{name}"))));
    }
    out.push_str(",b75,b50,b25,b0");
    for name in group_names {
        out.push_str(&format!(",{}", field(&format!("group_{name}"))));
    }
    if against.is_some() {
        out.push_str(",blocks_strong,blocks_weak,blocks_difference");
    }
    out.push('\n');
    out
}

/// Row `r`'s line, appended to `out`, with `groups` group columns,
/// `versus` seats' equities and the blockers when `blockers`.
fn csv_line(out: &mut String, r: &TableRow, groups: usize, blockers: bool, versus: usize) {
    out.push_str(&format!(
        "{},\"{}\",{},{},{}",
        field(&r.row.category.label()),
        r.row.hands.canonical(),
        r.row.combos,
        r.row.share,
        r.row.equity.map_or_else(String::new, |e| e.to_string())
    ));
    for k in 0..versus {
        match r.versus.get(k).copied().flatten() {
            Some(equity) => out.push_str(&format!(",{equity}")),
            None => out.push(','),
        }
    }
    for b in r.buckets {
        out.push_str(&format!(",{b}"));
    }
    for g in r.groups.iter().take(groups) {
        out.push_str(&format!(",{g}"));
    }
    if blockers {
        let b = r.blockers.unwrap_or(Blockers {
            strong: 0.0,
            weak: 0.0,
            difference: 0.0,
        });
        out.push_str(&format!(",{},{},{}", b.strong, b.weak, b.difference));
    }
    out.push('\n');
}

/// Writes the rows shown to `path` as CSV, atomically: what it did.
pub fn export_csv(state: &ClassesState, session: &Session, path: &std::path::Path) -> Outcome {
    let Some((first, second)) = state.rows() else {
        return Outcome::Failed("Not saved: no figures yet".to_owned());
    };
    let rows: Vec<TableRow> = first.iter().chain(second).cloned().collect();
    let names = session.selected_seat().groups.names();
    let text = csv_text(&rows, &names, state.against(), &state.versus_names());
    Outcome::of(
        crate::io::atomic::write_atomic(path, text.as_bytes(), || Ok(())),
        |_| format!("Saved {}", path.display()),
        |e| format!("Not saved: {e:#}"),
    )
}
