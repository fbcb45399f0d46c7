//! The spot as a file and as text: scenario files (the whole spot as
//! versioned RON, saved atomically, a bad file reported and left alone)
//! and "Copy spot as text", a few lines a player pastes into a forum post
//! or back into the app.

use std::path::Path;

use crate::io::atomic::write_atomic;

use super::scenario::{SavedSeat, Scenario, SeatMode};

/// The scenario-file format this version writes and reads.
pub const SCENARIO_VERSION: u32 = 1;

/// The extension of scenario files.
pub const SCENARIO_EXTENSION: &str = "ron";

/// The first line of a spot as text.
const SPOT_HEADER: &str = "Rangestove spot";

/// A scenario file: its format version and the spot.
#[derive(serde::Serialize, serde::Deserialize)]
struct ScenarioFile {
    version: u32,
    scenario: Scenario,
}

/// Only the version, read first so a newer file is named as such.
#[derive(serde::Deserialize)]
struct VersionOnly {
    version: u32,
}

/// Writes `scenario` to `path` atomically (the old file stays whole if
/// anything fails).
pub fn save_scenario(path: &Path, scenario: &Scenario) -> anyhow::Result<()> {
    let file = ScenarioFile {
        version: SCENARIO_VERSION,
        scenario: scenario.clone(),
    };
    let text = ron::ser::to_string_pretty(&file, ron::ser::PrettyConfig::default())?;
    write_atomic(path, text.as_bytes(), || Ok(()))?;
    Ok(())
}

/// Reads the scenario file at `path`; the error names the file and what
/// is wrong. The file is only read, never changed.
pub fn open_scenario(path: &Path) -> anyhow::Result<Scenario> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    let version = ron::from_str::<VersionOnly>(&text)
        .map_err(|e| anyhow::anyhow!("{name}: not a Rangestove scenario ({e})"))?
        .version;
    if version > SCENARIO_VERSION {
        anyhow::bail!(
            "{name}: scenario format version {version} is newer than this Rangestove reads \
             ({SCENARIO_VERSION})"
        );
    }
    let file: ScenarioFile = ron::from_str(&text)
        .map_err(|e| anyhow::anyhow!("{name}: not a Rangestove scenario ({e})"))?;
    Ok(file.scenario)
}

/// The spot as text: a header line, a line per seat (`Name: range`, with
/// `[folded]` or `[absent]` after the name), the board and dead cards,
/// and the equities when known (`equities`: one line, ignored when read
/// back).
pub fn spot_text(scenario: &Scenario, equities: Option<&str>) -> String {
    let mut lines = vec![SPOT_HEADER.to_owned()];
    for seat in &scenario.seats {
        let mode = match seat.mode {
            SeatMode::Active => "",
            SeatMode::Folded => " [folded]",
            SeatMode::Absent => " [absent]",
        };
        lines.push(format!("{}{mode}: {}", seat.name, seat.range.trim()));
    }
    if !scenario.board.trim().is_empty() {
        lines.push(format!("Board: {}", scenario.board.trim()));
    }
    if !scenario.dead.trim().is_empty() {
        lines.push(format!("Dead: {}", scenario.dead.trim()));
    }
    if let Some(equities) = equities {
        lines.push(format!("Equity: {equities}"));
    }
    lines.join("\n") + "\n"
}

/// Reads a spot written by [`spot_text`]; `None` if `text` is not one (it
/// does not start with the header line), so the caller treats it as
/// range text.
pub fn parse_spot_text(text: &str) -> Option<Scenario> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    if !lines.next()?.eq_ignore_ascii_case(SPOT_HEADER) {
        return None;
    }
    let mut scenario = Scenario {
        seats: Vec::new(),
        board: String::new(),
        dead: String::new(),
    };
    for line in lines {
        // The first ": " ends the name (ranges may hold `75: AQs`).
        let (name, rest) = line
            .split_once(": ")
            .unwrap_or((line.trim_end_matches(':'), ""));
        match name.to_ascii_lowercase().as_str() {
            "board" => scenario.board = rest.to_owned(),
            "dead" => scenario.dead = rest.to_owned(),
            "equity" => {}
            _ => {
                let (name, mode) = if let Some(n) = name.strip_suffix(" [folded]") {
                    (n, SeatMode::Folded)
                } else if let Some(n) = name.strip_suffix(" [absent]") {
                    (n, SeatMode::Absent)
                } else {
                    (name, SeatMode::Active)
                };
                scenario.seats.push(SavedSeat {
                    name: name.to_owned(),
                    range: rest.to_owned(),
                    mode,
                });
            }
        }
    }
    Some(scenario)
}
