//! A line on the spot (docs/design.md §3.8): each seat's continue rule on
//! the flop, turn and river, as typed and as parsed, and the street the
//! panels show.

use engine::combo::CLASSES;
use engine::line::{ContinueRule, ParseRuleError, Street};
use engine::{CardSet, Combo, HandClass, Range};

use super::reads::{before_term, field_message, longest_reading};

/// The street the seats, bars, grid and analysis show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StreetView {
    /// No board card: the ranges as given.
    Preflop,
    /// A postflop street: its board cards, the rules up to it applied.
    Street(Street),
}

impl StreetView {
    /// Every street, in order.
    pub const ALL: [StreetView; 4] = [
        StreetView::Preflop,
        StreetView::Street(Street::Flop),
        StreetView::Street(Street::Turn),
        StreetView::Street(Street::River),
    ];

    /// The board cards the street shows.
    pub fn cards(self) -> usize {
        match self {
            StreetView::Preflop => 0,
            StreetView::Street(s) => s.cards(),
        }
    }

    /// The street a board of `len` cards reaches (a flop being clicked in
    /// shows preflop).
    pub fn of_board(len: usize) -> StreetView {
        match len {
            0..3 => StreetView::Preflop,
            3 => StreetView::Street(Street::Flop),
            4 => StreetView::Street(Street::Turn),
            _ => StreetView::Street(Street::River),
        }
    }

    /// Its name in the street bar: `Preflop`, `Flop`, `Turn`, `River`.
    pub fn label(self) -> &'static str {
        match self {
            StreetView::Preflop => "Preflop",
            StreetView::Street(Street::Flop) => "Flop",
            StreetView::Street(Street::Turn) => "Turn",
            StreetView::Street(Street::River) => "River",
        }
    }

    /// The postflop street, if it is one.
    pub fn street(self) -> Option<Street> {
        match self {
            StreetView::Preflop => None,
            StreetView::Street(s) => Some(s),
        }
    }
}

/// A seat's rules as saved: the text of each street's rule (empty: all
/// of the range continues).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SavedLine {
    /// The flop rule.
    pub flop: String,
    /// The turn rule.
    pub turn: String,
    /// The river rule.
    pub river: String,
}

impl SavedLine {
    /// The rule text of `street`.
    pub fn get(&self, street: Street) -> &str {
        match street {
            Street::Flop => &self.flop,
            Street::Turn => &self.turn,
            Street::River => &self.river,
        }
    }

    /// Sets the rule text of `street`.
    pub fn set(&mut self, street: Street, text: &str) {
        let slot = match street {
            Street::Flop => &mut self.flop,
            Street::Turn => &mut self.turn,
            Street::River => &mut self.river,
        };
        text.clone_into(slot);
    }

    /// Whether no street has a rule.
    pub fn is_empty(&self) -> bool {
        Street::ALL.iter().all(|&s| self.get(s).trim().is_empty())
    }
}

/// A seat's rules as typed and as parsed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatLine {
    texts: SavedLine,
    /// Per street (flop, turn, river): the rule counted.
    parsed: [Parsed; 3],
}

/// One street's rule as read: the rule counted (`None`: no rule; while
/// the text does not parse, the rule of its part before the error), and
/// the error with that part.
#[derive(Clone, Debug, Default, PartialEq)]
struct Parsed {
    rule: Option<ContinueRule>,
    error: Option<(ParseRuleError, String)>,
}

/// What a rule box holding `text` says: while the text does not parse,
/// the error and what is counted, in full.
pub fn rule_message(text: &str) -> Option<String> {
    let mut line = SeatLine::default();
    line.set_text(Street::Flop, text);
    line.error_message(Street::Flop)
}

/// A rule text read: empty is no rule.
fn read_rule(text: &str) -> Result<Option<ContinueRule>, ParseRuleError> {
    if text.trim().is_empty() {
        Ok(None)
    } else {
        ContinueRule::parse(text).map(Some)
    }
}

impl SeatLine {
    /// The rules of `saved`, parsed.
    pub fn from_saved(saved: &SavedLine) -> SeatLine {
        let mut line = SeatLine::default();
        for street in Street::ALL {
            line.set_text(street, saved.get(street));
        }
        line
    }

    /// The texts, to save.
    pub fn saved(&self) -> &SavedLine {
        &self.texts
    }

    /// The rule text of `street` as typed.
    pub fn text(&self, street: Street) -> &str {
        self.texts.get(street)
    }

    /// Sets the rule text of `street` (parsed at once; a text in error
    /// counts its part before the error).
    pub fn set_text(&mut self, street: Street, text: &str) {
        self.texts.set(street, text);
        let error = read_rule(text).err();
        let (counted, rule) =
            longest_reading(text, read_rule, |part, e| before_term(part, e.offset))
                .unwrap_or_default();
        self.parsed[slot(street)] = Parsed {
            rule,
            error: error.map(|e| (e, counted)),
        };
    }

    /// The rule counted on `street`, if any (while its text does not
    /// parse, that of the part before the error).
    pub fn rule(&self, street: Street) -> Option<&ContinueRule> {
        self.parsed[slot(street)].rule.as_ref()
    }

    /// Why the rule text of `street` does not parse, if so.
    pub fn error(&self, street: Street) -> Option<&ParseRuleError> {
        self.parsed[slot(street)].error.as_ref().map(|(e, _)| e)
    }

    /// While the rule text of `street` does not parse: the error and
    /// what is counted, in full.
    pub fn error_message(&self, street: Street) -> Option<String> {
        let (error, counted) = self.parsed[slot(street)].error.as_ref()?;
        Some(field_message(
            &error.to_string(),
            counted,
            "no rule: the whole range continues",
        ))
    }

    /// While the rule text of `street` does not parse: the part counted
    /// (empty: none).
    pub fn counted(&self, street: Street) -> Option<&str> {
        self.parsed[slot(street)]
            .error
            .as_ref()
            .map(|(_, c)| c.as_str())
    }

    /// Adds `token` (a term, `-` before it for a removal) to the rule of
    /// `street`, unless the rule already has it; a term naming the same
    /// thing the other way (keep for drop, drop for keep) is taken out. A
    /// removal added to no rule keeps the rest of the range (`random,-…`:
    /// removals alone keep nothing).
    pub fn add_term(&mut self, street: Street, token: &str) {
        let opposite = token
            .strip_prefix('-')
            .map_or_else(|| format!("-{token}"), str::to_owned);
        let mut terms: Vec<&str> = self
            .text(street)
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty() && !t.eq_ignore_ascii_case(&opposite))
            .collect();
        if terms.is_empty() && token.starts_with('-') {
            terms.push("random");
        }
        if !terms.iter().any(|t| t.eq_ignore_ascii_case(token)) {
            terms.push(token);
        }
        let text = terms.join(",");
        self.set_text(street, &text);
    }
}

/// The index of `street`'s rule.
fn slot(street: Street) -> usize {
    match street {
        Street::Flop => 0,
        Street::Turn => 1,
        Street::River => 2,
    }
}

/// Per class index, the average weight `entering` holds and the average
/// weight `continuing` keeps, counting only combos without a card of
/// `out` (the street's board and the dead cards): what the grid shows of
/// a seat on a line.
pub fn line_cells(entering: &Range, continuing: &Range, out: CardSet) -> Vec<(f32, f32)> {
    let mut sums = vec![(0u32, 0u32); CLASSES];
    for combo in Combo::all().filter(|c| c.mask().is_disjoint(out)) {
        let sum = &mut sums[combo.class().index()];
        sum.0 += u32::from(entering.weight_bp(combo));
        sum.1 += u32::from(continuing.weight_bp(combo));
    }
    HandClass::all()
        .map(|class| {
            let (e, c) = sums[class.index()];
            let full = 10_000.0 * class.combo_count() as f32;
            (e as f32 / full, c as f32 / full)
        })
        .collect()
}
