//! A round's settings: drill, level, size, whether the user's presets
//! are drawn from, and the seed (the round code box).

use std::sync::Arc;

use engine::Range;
use engine::train::Drill;
use rand::RngExt;

use super::job::RoundJob;
use crate::gui::state::prefs::TrainChoice;

/// The drills, in the picker's order.
pub const DRILLS: [Drill; 4] = [Drill::Equity, Drill::Hits, Drill::Ranges, Drill::Lines];

/// The round sizes offered.
pub const COUNTS: [usize; 3] = [5, 10, 20];

/// A drill's name in the picker.
pub fn drill_label(drill: Drill) -> &'static str {
    match drill {
        Drill::Equity => "Equity",
        Drill::Hits => "Hits",
        Drill::Ranges => "Paint ranges",
        Drill::Lines => "Lines",
    }
}

/// A round's code as the view shows it and takes it back: its seed in
/// hexadecimal (`7F3A`).
pub fn round_code(seed: u64) -> String {
    format!("{seed:X}")
}

/// The seed of a typed round code (hexadecimal, any case, `#` or `0x`
/// before it allowed).
pub fn parse_code(text: &str) -> Option<u64> {
    let text = text.trim().trim_start_matches('#');
    let text = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .unwrap_or(text);
    u64::from_str_radix(text, 16).ok()
}

/// A new round's seed: four hexadecimal digits, easy to read out.
fn random_seed() -> u64 {
    rand::rng().random_range(0..0x1_0000u64)
}

/// The round asked for: as `rangestove train` takes it.
pub struct RoundSettings {
    /// The drill.
    pub drill: Drill,
    /// The level, 1 to 3.
    pub level: u8,
    /// Questions per round.
    pub count: usize,
    /// Whether rounds draw from the user's presets too.
    pub mine: bool,
    /// The user's presets as named ranges (the app keeps them current).
    mine_ranges: Arc<[(String, Range)]>,
    seed: u64,
    /// The round code box.
    pub seed_text: String,
    /// Why the round code typed is not one.
    pub seed_error: Option<String>,
}

impl Default for RoundSettings {
    fn default() -> RoundSettings {
        let seed = random_seed();
        RoundSettings {
            drill: Drill::Equity,
            level: 1,
            count: 10,
            mine: false,
            mine_ranges: Arc::from([]),
            seed,
            seed_text: round_code(seed),
            seed_error: None,
        }
    }
}

impl RoundSettings {
    /// The settings saved as `choice` (what does not read, the default),
    /// with a new seed.
    pub fn from_choice(choice: &TrainChoice) -> RoundSettings {
        let fallback = RoundSettings::default();
        RoundSettings {
            drill: DRILLS
                .into_iter()
                .find(|d| d.name() == choice.drill)
                .unwrap_or(fallback.drill),
            level: if (1..=3).contains(&choice.level) {
                choice.level
            } else {
                fallback.level
            },
            count: if COUNTS.contains(&choice.count) {
                choice.count
            } else {
                fallback.count
            },
            mine: choice.mine,
            ..fallback
        }
    }

    /// The settings to save.
    pub fn choice(&self) -> TrainChoice {
        TrainChoice {
            drill: self.drill.name().to_owned(),
            level: self.level,
            count: self.count,
            mine: self.mine,
        }
    }

    /// The user's presets (name, range), for rounds with *My presets too*.
    pub fn set_user_presets(&mut self, ranges: &Arc<[(String, Range)]>) {
        self.mine_ranges = Arc::clone(ranges);
    }

    /// The seed of the round.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The round asked for now.
    pub fn job(&self) -> RoundJob {
        RoundJob {
            drill: self.drill,
            level: self.level,
            seed: self.seed,
            count: self.count,
            mine: if self.mine {
                Arc::clone(&self.mine_ranges)
            } else {
                Arc::from([])
            },
        }
    }

    /// A random seed.
    pub fn new_seed(&mut self) {
        self.seed = random_seed();
        self.seed_text = round_code(self.seed);
        self.seed_error = None;
    }

    /// Takes the round code typed in the box; whether it is one (if not,
    /// `seed_error` says why).
    pub fn take_code(&mut self) -> bool {
        match parse_code(&self.seed_text) {
            Some(seed) => {
                self.seed = seed;
                self.seed_text = round_code(seed);
                self.seed_error = None;
                true
            }
            None => {
                self.seed_error = Some(format!(
                    "“{}” is not a round code: hexadecimal digits, like {}",
                    self.seed_text.trim(),
                    round_code(self.seed)
                ));
                false
            }
        }
    }

    /// The box shows the current round's code again.
    pub fn show_code(&mut self) {
        self.seed_text = round_code(self.seed);
        self.seed_error = None;
    }
}
