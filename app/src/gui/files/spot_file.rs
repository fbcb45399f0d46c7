//! The spot as a file: a scenario file holds the whole spot as versioned
//! RON, saved atomically; a bad or newer file is reported and left alone.

use std::path::Path;

use crate::io::atomic::write_atomic;

use crate::gui::state::scenario::Scenario;

/// The scenario-file format this version writes and reads.
pub const SCENARIO_VERSION: u32 = 1;

/// The extension of scenario files.
pub const SCENARIO_EXTENSION: &str = "ron";

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
