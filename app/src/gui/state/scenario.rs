//! What a session edits, as saved and as shown: the seats (name, range
//! text, mode, continue rules), the board and the dead cards.

use engine::{Combo, ParseRangeError, Range};

use super::line::{SavedLine, SeatLine};
use super::reads::{before_term, field_message, longest_reading};
use crate::gui::groups::state::{Groups, SavedGroups};

/// How a seat takes part.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum SeatMode {
    /// Competes for the pot.
    #[default]
    Active,
    /// Does not compete; its range only removes cards.
    Folded,
    /// Not in the hand at all.
    Absent,
}

impl SeatMode {
    /// Every mode, in menu order.
    pub const ALL: [SeatMode; 3] = [SeatMode::Active, SeatMode::Folded, SeatMode::Absent];

    /// The menu label.
    pub fn label(self) -> &'static str {
        match self {
            SeatMode::Active => "active",
            SeatMode::Folded => "folded",
            SeatMode::Absent => "absent",
        }
    }

    /// What the mode means, for tooltips.
    pub fn help(self) -> &'static str {
        match self {
            SeatMode::Active => "In the hand: competes for the pot",
            SeatMode::Folded => "Folded: does not compete, but its range removes cards",
            SeatMode::Absent => "Not at the table: ignored entirely",
        }
    }
}

/// One seat as saved: its name, range text (as typed) and mode.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SavedSeat {
    /// The seat's name.
    pub name: String,
    /// The range text as typed.
    pub range: String,
    /// How it takes part.
    pub mode: SeatMode,
    /// Its continue rules per street (none in files from before lines).
    pub line: SavedLine,
    /// Its groups (none in older files; not written when there are none).
    #[serde(skip_serializing_if = "SavedGroups::is_empty")]
    pub groups: SavedGroups,
}

impl Default for SavedSeat {
    fn default() -> SavedSeat {
        SavedSeat {
            name: "Seat".to_owned(),
            range: "random".to_owned(),
            mode: SeatMode::Active,
            line: SavedLine::default(),
            groups: SavedGroups::default(),
        }
    }
}

impl SavedSeat {
    /// A new seat holding any hand, named after its place (`Seat 3`).
    pub fn numbered(place: usize) -> SavedSeat {
        SavedSeat {
            name: format!("Seat {place}"),
            ..SavedSeat::default()
        }
    }
}

/// Everything undo and redo restore: the seats, the board, the dead cards.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Scenario {
    /// The seats, in order.
    pub seats: Vec<SavedSeat>,
    /// The board text.
    pub board: String,
    /// The dead-cards text.
    pub dead: String,
}

impl Default for Scenario {
    fn default() -> Scenario {
        let seat = |name: &str, range: &str| SavedSeat {
            name: name.to_owned(),
            range: range.to_owned(),
            ..SavedSeat::default()
        };
        Scenario {
            seats: vec![seat("Seat 1", "QQ+,AKs"), seat("Seat 2", "random")],
            board: String::new(),
            dead: String::new(),
        }
    }
}

/// One seat: its range as typed and as parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatState {
    /// The seat's name.
    pub name: String,
    /// The range text as typed (may hold a parse error).
    pub text: String,
    /// The range counted: the text's, or while the text does not parse
    /// the range of its part before the error (see [`super::reads`]).
    pub range: Range,
    /// The parse error of `text`, if any.
    pub error: Option<ParseRangeError>,
    /// While the text does not parse: the part of it counted.
    pub counted: String,
    /// How the seat takes part.
    pub mode: SeatMode,
    /// Its continue rules per street.
    pub line: SeatLine,
    /// Its groups.
    pub groups: Groups,
}

impl SeatState {
    /// Replaces the range; the text becomes its canonical form (in a
    /// Session edit: `Session::edit_seat`, as the group edits do).
    pub(crate) fn set_range(&mut self, range: Range) {
        self.range = range;
        self.range_edited();
    }

    /// After the range changed in place: the text becomes its canonical
    /// form.
    pub(super) fn range_edited(&mut self) {
        self.text = self.range.canonical();
        self.error = None;
        self.counted.clear();
    }

    /// Parses `text` as typed: the range follows when it parses, else the
    /// error is kept and the range is that of the text before the error
    /// (in a Session edit).
    pub(crate) fn set_text(&mut self, text: &str) {
        self.text = text.to_owned();
        self.error = Range::parse(text).err();
        let (counted, range) =
            longest_reading(text, Range::parse, |part, e| before_term(part, e.offset))
                .unwrap_or_default();
        self.range = range;
        self.counted = if self.error.is_some() {
            counted
        } else {
            String::new()
        };
    }

    /// While the text does not parse: the error and what is counted, in
    /// full.
    pub fn error_message(&self) -> Option<String> {
        let error = self.error.as_ref()?;
        Some(field_message(&error.to_string(), &self.counted, "no hand"))
    }
}

/// What a range box holding `text` says: while the text does not parse,
/// the error and what is counted, in full.
pub fn range_message(text: &str) -> Option<String> {
    let mut seat = SeatState::from_saved(&SavedSeat::default());
    seat.set_text(text);
    seat.error_message()
}

impl SeatState {
    /// The seat as saved (bad text comes back with its error).
    pub(super) fn from_saved(saved: &SavedSeat) -> SeatState {
        let mut seat = SeatState {
            name: saved.name.clone(),
            text: String::new(),
            range: Range::empty(),
            error: None,
            counted: String::new(),
            mode: saved.mode,
            line: SeatLine::from_saved(&saved.line),
            groups: Groups::from_saved(&saved.groups),
        };
        seat.set_text(&saved.range);
        seat
    }

    /// The seat to save.
    pub(super) fn saved(&self) -> SavedSeat {
        SavedSeat {
            name: self.name.clone(),
            range: self.text.clone(),
            mode: self.mode,
            line: self.line.saved().clone(),
            groups: self.groups.saved(),
        }
    }

    /// The seat's hand if its range is one combo: its cards are then known.
    pub fn exact_hand(&self) -> Option<Combo> {
        let mut combos = self.range.combos().filter(|&(_, w)| w > 0);
        match (combos.next(), combos.next()) {
            (Some((combo, _)), None) if self.mode != SeatMode::Absent => Some(combo),
            _ => None,
        }
    }
}
