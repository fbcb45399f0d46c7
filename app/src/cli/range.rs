//! `rangestove range`: a range (or a preset's) in another dialect, with
//! its combo count and share of all hands.

use std::io::Write;

use engine::Dialect;

use super::failure::Failure;
use super::spot::parse_range_arg;

/// The options of `rangestove range`.
#[derive(Debug, clap::Args)]
pub struct RangeArgs {
    /// The range in any dialect, e.g. `[50]AKs,AQs[/50],QQ+` (several
    /// arguments are joined with commas). Omit it with --preset.
    #[arg(num_args = 0.., required_unless_present = "preset")]
    pub range: Vec<String>,
    /// Output dialect: canonical, pio, brackets (Flopzilla/GTO+) or
    /// equilab (PokerStove; unweighted ranges only).
    #[arg(long, default_value = "canonical")]
    pub to: String,
    /// Start from the preset with this name instead: a shipped one
    /// (e.g. "6-max UTG open"), else one of the user's saved presets.
    #[arg(long, conflicts_with = "range")]
    pub preset: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `rangestove range`: prints a range in a dialect with its combo count and
/// share of all hands.
pub fn range_command(args: &RangeArgs, out: &mut impl Write) -> Result<(), Failure> {
    let RangeArgs {
        range,
        to,
        preset,
        json,
    } = args;
    let dialect = Dialect::from_name(to).ok_or_else(|| {
        Failure::Input(anyhow::anyhow!(
            "unknown dialect {to:?} (expected canonical, pio, brackets or equilab)"
        ))
    })?;
    let range = match preset.as_deref() {
        Some(name) => parse_range_arg(&format!("preset:{name}"))?,
        None => parse_range_arg(&range.join(","))?,
    };
    let text = range
        .to_text(dialect)
        .map_err(|e| Failure::Input(e.into()))?;
    let (combos, percent) = (range.combo_count(), range.percent());
    let written = if *json {
        let object = serde_json::json!({"text": text, "combos": combos, "percent": percent});
        writeln!(out, "{object}")
    } else {
        writeln!(out, "{text}")
            .and_then(|()| writeln!(out, "{combos} combos, {percent:.2}% of all hands"))
    };
    Ok(written?)
}
