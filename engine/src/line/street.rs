//! The streets a rule can name, and one seat's rule on one street.

use std::fmt;

use super::rule::ContinueRule;

/// A street a rule applies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Street {
    /// Three board cards.
    Flop,
    /// Four.
    Turn,
    /// Five.
    River,
}

impl Street {
    /// Every street a rule can name, in order.
    pub const ALL: [Street; 3] = [Street::Flop, Street::Turn, Street::River];

    /// The board cards dealt by this street.
    pub const fn cards(self) -> usize {
        match self {
            Street::Flop => 3,
            Street::Turn => 4,
            Street::River => 5,
        }
    }

    /// Its name: `flop`, `turn`, `river`.
    pub const fn name(self) -> &'static str {
        match self {
            Street::Flop => "flop",
            Street::Turn => "turn",
            Street::River => "river",
        }
    }

    /// The street named `text` (any case).
    pub fn parse(text: &str) -> Option<Street> {
        Street::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(text.trim()))
    }
}

impl fmt::Display for Street {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One seat's rule on one street.
#[derive(Clone, Debug, PartialEq)]
pub struct StreetRule {
    /// The seat, by its index in the request (active seats only).
    pub seat: usize,
    /// The street.
    pub street: Street,
    /// What continues.
    pub rule: ContinueRule,
}
