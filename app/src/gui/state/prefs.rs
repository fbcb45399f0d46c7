//! What the user prefers ([`Prefs`]: theme, brush, dialect, panel choices)
//! and what survives a restart ([`Persisted`]: the scenario, the selected
//! seat and the preferences, saved by eframe as RON).

use engine::range::{Dialect, FULL, Ranking};

use super::price::Price;
use super::scenario::Scenario;
use crate::gui::workspace::{Pane, Ready};

/// What clicking a card of the deck does.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum CardMode {
    /// Put the card on the board (or take it off).
    #[default]
    Board,
    /// Mark the card dead (or live again).
    Dead,
}

/// What the central panel shows.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Centre {
    /// The range editor and grid.
    #[default]
    Ranges,
    /// The Boards view: every flop for the seats' ranges.
    Boards,
    /// The Train view: drills against the exact engine.
    Train,
}

/// The user's preferences: kept as they are edited, saved as one struct.
/// Missing fields take their defaults, so older saves still load. (Panel
/// widths are kept by egui's own memory, which eframe saves too.)
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// The brush weight in basis points.
    pub brush_bp: u16,
    /// Dark theme (else light).
    pub dark: bool,
    /// What clicking the deck does. Not saved: every start is in board
    /// mode, so a first click never marks a dead card unexpectedly (older
    /// saves that hold it are read and the value ignored).
    #[serde(skip)]
    pub card_mode: CardMode,
    /// The dialect "Copy range" writes (saved by name; an unknown name
    /// reads as canonical).
    #[serde(with = "dialect_name")]
    pub dialect: Dialect,
    /// The top-X% slider.
    pub top_percent: f64,
    /// The band slider's ends, in percent.
    pub band: (f64, f64),
    /// Whether the presets panel was open: read from saves before the
    /// tiles (with no layout saved, the Ranges layout then shows the
    /// presets' tab, else the distribution's).
    pub show_presets: bool,
    /// Whether an analysis tile that needs the per-combo figures is on
    /// screen (kept by the window each frame); read from saves before
    /// the tiles as the analysis panel's switch.
    pub show_analysis: bool,
    /// Whether the grid shows the selected seat's equity per class.
    pub heat_map: bool,
    /// What the central panel showed before the tiles: with no layout
    /// saved, Boards opens the Study layout and Train the Train layout.
    pub centre: Centre,
    /// Saves from before the Train view kept the Boards view as a switch
    /// of this name: read (`true` opens Boards, see
    /// [`sanitized`](Prefs::sanitized)), never written.
    #[serde(rename = "show_boards", skip_serializing)]
    boards_switch: bool,
    /// The name of the ranking the top-X% slider and the band use (an
    /// unknown name reads as the default ranking).
    pub ranking: String,
    /// The price box (what to call with).
    pub price: Price,
    /// The Train view's round settings (drill, level, size, the user's
    /// presets too), kept across restarts.
    pub train: TrainChoice,
    /// The window's tiles as the player arranged them, as RON text
    /// (empty: none saved yet; a layout that cannot be used gives the
    /// Ranges layout and a notice, see `workspace::saved`).
    pub layout: String,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            brush_bp: FULL,
            dark: true,
            card_mode: CardMode::Board,
            dialect: Dialect::Canonical,
            top_percent: 15.0,
            band: (5.0, 15.0),
            show_presets: true,
            show_analysis: false,
            heat_map: false,
            centre: Centre::Ranges,
            boards_switch: false,
            ranking: Ranking::shipped().name().to_owned(),
            price: Price::default(),
            layout: String::new(),
            train: TrainChoice::default(),
        }
    }
}

/// The Train view's round settings as saved: the drill by its name
/// (`equity`, `hits`, `ranges`, `lines`); an unknown name or an
/// out-of-range number reads as the default.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TrainChoice {
    /// The drill's name.
    pub drill: String,
    /// The level, 1 to 3.
    pub level: u8,
    /// Questions per round.
    pub count: usize,
    /// Whether rounds draw from the user's presets too.
    pub mine: bool,
}

impl Default for TrainChoice {
    fn default() -> TrainChoice {
        TrainChoice {
            drill: "equity".to_owned(),
            level: 1,
            count: 10,
            mine: false,
        }
    }
}

impl Prefs {
    /// These preferences with out-of-range numbers (a hand-edited settings
    /// file may hold `NaN`) brought back in range, and an older save's
    /// Boards switch read as the central view.
    pub fn sanitized(mut self) -> Prefs {
        self.brush_bp = self.brush_bp.min(FULL);
        self.top_percent = percent_or(self.top_percent, 15.0);
        self.band = (percent_or(self.band.0, 5.0), percent_or(self.band.1, 15.0));
        self.ranking = self.ranking().name().to_owned();
        if std::mem::take(&mut self.boards_switch) && self.centre == Centre::Ranges {
            self.centre = Centre::Boards;
        }
        self
    }

    /// The ranking the top-X% slider and the band use.
    pub fn ranking(&self) -> &'static Ranking {
        Ranking::named(&self.ranking).unwrap_or(Ranking::shipped())
    }

    /// The ready layout to start with when no layout is saved (a save
    /// from before the tiles), and the tile to bring to the front.
    pub fn first_layout(&self) -> (Ready, Option<Pane>) {
        match self.centre {
            Centre::Boards => (Ready::Study, Some(Pane::Boards)),
            Centre::Train => (Ready::Train, Some(Pane::Train)),
            Centre::Ranges if self.show_analysis => (Ready::Ranges, Some(Pane::Distribution)),
            Centre::Ranges => (Ready::Ranges, None),
        }
    }

    /// These preferences keeping the Train view's round settings as
    /// `train`.
    pub fn with_train(mut self, train: TrainChoice) -> Prefs {
        self.train = train;
        self
    }

    /// These preferences keeping the window's tiles as `layout`.
    pub fn with_layout(mut self, layout: String) -> Prefs {
        self.layout = layout;
        self
    }

    /// The egui theme.
    pub fn theme(&self) -> egui::Theme {
        if self.dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        }
    }

    /// Whether per-combo figures are on screen (heat map or analysis).
    pub fn wants_breakdown(&self) -> bool {
        self.heat_map || self.show_analysis
    }
}

/// `x` clamped to 0–100, or `default` if it is not a number.
fn percent_or(x: f64, default: f64) -> f64 {
    if x.is_finite() {
        x.clamp(0.0, 100.0)
    } else {
        default
    }
}

/// A dialect saved by its name.
mod dialect_name {
    use engine::range::Dialect;

    pub fn serialize<S: serde::Serializer>(dialect: &Dialect, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(dialect.name())
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Dialect, D::Error> {
        let name: String = serde::Deserialize::deserialize(d)?;
        Ok(Dialect::from_name(&name).unwrap_or(Dialect::Canonical))
    }
}

/// What survives a restart (eframe persistence): the scenario, the
/// selected seat and the preferences, not runtime handles. Read saves with
/// [`Persisted::from_ron`], which also reads the flat shape of older
/// versions.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Persisted {
    /// Seats, board and dead cards.
    pub scenario: Scenario,
    /// The selected seat.
    pub selected: usize,
    /// The preferences.
    pub prefs: Prefs,
}

impl Persisted {
    /// Reads a save (RON, as eframe stores it). Missing fields take their
    /// defaults. Saves before the preferences had a struct of their own
    /// kept them next to the scenario, under the same names: those are
    /// read too.
    pub fn from_ron(text: &str) -> Result<Persisted, ron::error::SpannedError> {
        /// A save; `prefs` is missing from the older, flat shape.
        #[derive(Default, serde::Deserialize)]
        #[serde(default)]
        struct Saved {
            scenario: Scenario,
            selected: usize,
            #[serde(deserialize_with = "present")]
            prefs: Option<Prefs>,
        }
        /// A field that is there (RON would otherwise ask for `Some(..)`).
        fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Prefs>, D::Error> {
            serde::Deserialize::deserialize(d).map(Some)
        }
        let saved: Saved = ron::from_str(text)?;
        let prefs = match saved.prefs {
            Some(prefs) => prefs,
            // The flat shape: the preferences are the top-level fields
            // (the scenario and the selection are ignored as unknown).
            None => ron::from_str(text)?,
        };
        Ok(Persisted {
            scenario: saved.scenario,
            selected: saved.selected,
            prefs,
        })
    }
}
