//! Hole-card combos and the 169 starting-hand classes of the 13×13 grid.

use std::{fmt, str::FromStr};

use crate::card::{Card, CardSet, ParseCardError, ParseCardErrorKind, Rank, parse_cards_at};

/// Number of distinct two-card combos: 52 choose 2.
pub const COMBOS: usize = 1326;

/// Number of starting-hand classes: 13 pairs, 78 suited, 78 offsuit.
pub const CLASSES: usize = 169;

/// Two distinct cards: one player's hole cards.
///
/// Representation invariant: `hi.index() > lo.index()`, so a combo cannot
/// hold one card twice and `AhKd` and `KdAh` are the same value.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Combo {
    hi: Card,
    lo: Card,
}

/// The cards of each combo index: `(hi, lo)`.
static COMBO_CARDS: [(Card, Card); COMBOS] = {
    /// The card of index `i < 52` (checked when the static is built).
    const fn card(i: usize) -> Card {
        match Card::from_index(i as u8) {
            Some(card) => card,
            None => panic!("a card index is below 52"),
        }
    }
    let mut cards = [(card(0), card(0)); COMBOS];
    let mut hi = 1;
    while hi < 52 {
        let mut lo = 0;
        while lo < hi {
            cards[hi * (hi - 1) / 2 + lo] = (card(hi), card(lo));
            lo += 1;
        }
        hi += 1;
    }
    cards
};

impl Combo {
    /// The combo of two cards in either order, or `None` if they are the same.
    pub fn new(a: Card, b: Card) -> Option<Combo> {
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Combo { hi: a, lo: b }),
            std::cmp::Ordering::Less => Some(Combo { hi: b, lo: a }),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The combo with the given canonical index, if below 1,326.
    pub fn from_index(index: usize) -> Option<Combo> {
        let &(hi, lo) = COMBO_CARDS.get(index)?;
        Some(Combo { hi, lo })
    }

    /// The canonical index in `0..1326`: `hi * (hi - 1) / 2 + lo` over the
    /// two card indices, so combos are numbered by their higher card first.
    pub const fn index(self) -> usize {
        let (hi, lo) = (self.hi.index() as usize, self.lo.index() as usize);
        hi * (hi - 1) / 2 + lo
    }

    /// All 1,326 combos in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = Combo> + ExactSizeIterator {
        COMBO_CARDS.iter().map(|&(hi, lo)| Combo { hi, lo })
    }

    /// The card with the higher index (the higher rank, or the same rank in
    /// the higher suit).
    pub const fn hi(self) -> Card {
        self.hi
    }

    /// The card with the lower index.
    pub const fn lo(self) -> Card {
        self.lo
    }

    /// Both cards, higher first.
    pub const fn cards(self) -> [Card; 2] {
        [self.hi, self.lo]
    }

    /// Both cards as a set.
    pub const fn mask(self) -> CardSet {
        CardSet::from_bits(self.hi.bit() | self.lo.bit())
    }

    /// Whether the two cards have the same rank.
    pub const fn is_pair(self) -> bool {
        self.hi.index() >> 2 == self.lo.index() >> 2
    }

    /// Whether the two cards have the same suit.
    pub const fn is_suited(self) -> bool {
        self.hi.index() & 3 == self.lo.index() & 3
    }

    /// The starting-hand class of the combo (`AKs`, `QQ`, `72o`, …).
    pub fn class(self) -> HandClass {
        let kind = if self.is_pair() {
            HandKind::Pair
        } else if self.is_suited() {
            HandKind::Suited
        } else {
            HandKind::Offsuit
        };
        HandClass::new(self.hi.rank(), self.lo.rank(), kind)
            .unwrap_or_else(|| unreachable!("a combo's ranks fit its kind"))
    }

    /// This combo with its suits permuted by `perm`.
    pub(crate) fn permuted(self, perm: crate::symmetry::SuitPerm) -> Combo {
        let map = |card: Card| {
            let index = perm.card(usize::from(card.index()));
            Card::from_index(index as u8).unwrap_or(card)
        };
        Combo::new(map(self.hi), map(self.lo)).unwrap_or(self)
    }
}

impl fmt::Display for Combo {
    /// The higher card first: `AhKd`, `AsAh`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.hi, self.lo)
    }
}

impl fmt::Debug for Combo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Combo {
    type Err = ParseCardError;

    /// Parses two distinct cards in either order: `AhKd`, `kd ah`, `Ah,Kd`.
    fn from_str(text: &str) -> Result<Combo, ParseCardError> {
        let cards = parse_cards_at(text)?;
        match &cards[..] {
            [(_, a), (span, b)] => Combo::new(*a, *b).ok_or_else(|| ParseCardError {
                token: text[span.clone()].to_owned(),
                offset: span.start,
                kind: ParseCardErrorKind::Duplicate(*b),
            }),
            _ => Err(ParseCardError {
                token: text.trim().to_owned(),
                offset: text.len() - text.trim_start().len(),
                kind: ParseCardErrorKind::Count {
                    expected: 2,
                    found: cards.len(),
                },
            }),
        }
    }
}

/// The kind of a starting-hand class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HandKind {
    /// Two cards of one rank: 6 combos.
    Pair,
    /// Two ranks in one suit: 4 combos.
    Suited,
    /// Two ranks in different suits: 12 combos.
    Offsuit,
}

impl HandKind {
    /// The number of combos of a class of this kind.
    pub const fn combos(self) -> usize {
        match self {
            HandKind::Pair => 6,
            HandKind::Suited => 4,
            HandKind::Offsuit => 12,
        }
    }
}

/// One of the 169 starting-hand classes, such as `AA`, `AKs` or `72o`.
///
/// Representation invariant: the value is the class's cell in the 13×13
/// grid, `row * 13 + column`, where rows and columns run from ace (0) down to
/// deuce (12). Pairs lie on the diagonal, suited classes above it (row = the
/// higher rank) and offsuit classes below it (column = the higher rank), so
/// `AA` is the top-left cell, `AKs` is right of it and `AKo` below it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandClass(u8);

impl HandClass {
    /// Pocket aces, the top-left cell.
    pub const ACES: HandClass = HandClass(0);

    /// The class of two ranks (in either order) and a kind; `None` when the
    /// ranks do not fit the kind (a pair needs equal ranks, the others
    /// different ones).
    pub fn new(a: Rank, b: Rank, kind: HandKind) -> Option<HandClass> {
        let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
        let (hi_cell, lo_cell) = (12 - hi.index(), 12 - lo.index());
        let cell = match kind {
            HandKind::Pair if hi == lo => hi_cell * 13 + hi_cell,
            HandKind::Suited if hi != lo => hi_cell * 13 + lo_cell,
            HandKind::Offsuit if hi != lo => lo_cell * 13 + hi_cell,
            _ => return None,
        };
        Some(HandClass(cell))
    }

    /// The class in the grid cell at `row` and `column` (0..13 each, ace
    /// first).
    pub fn from_grid(row: usize, column: usize) -> Option<HandClass> {
        (row < 13 && column < 13).then(|| HandClass((row * 13 + column) as u8))
    }

    /// The class with the given index, `row * 13 + column`, if below 169.
    pub fn from_index(index: usize) -> Option<HandClass> {
        (index < CLASSES).then_some(HandClass(index as u8))
    }

    /// The class with index `index % 169`, for tables the build script
    /// checked (such as the shipped ranking).
    pub(crate) const fn from_index_wrapping(index: u8) -> HandClass {
        HandClass(index % CLASSES as u8)
    }

    /// The class's index in `0..169`: `row * 13 + column` of its grid cell.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The class's grid cell as `(row, column)`, each 0 (ace) to 12 (deuce).
    pub const fn grid(self) -> (usize, usize) {
        (self.0 as usize / 13, self.0 as usize % 13)
    }

    /// All 169 classes in grid order: row by row from `AA`, `AKs`, … `AKo`, `KK`, ….
    pub fn all() -> impl DoubleEndedIterator<Item = HandClass> + ExactSizeIterator {
        (0..CLASSES as u8).map(HandClass)
    }

    /// The class's kind.
    pub const fn kind(self) -> HandKind {
        let (row, column) = self.grid();
        if row == column {
            HandKind::Pair
        } else if row < column {
            HandKind::Suited
        } else {
            HandKind::Offsuit
        }
    }

    /// The higher rank (either rank, for a pair).
    pub const fn high(self) -> Rank {
        let (row, column) = self.grid();
        let cell = if row < column { row } else { column };
        Rank::ALL[12 - cell]
    }

    /// The lower rank (either rank, for a pair).
    pub const fn low(self) -> Rank {
        let (row, column) = self.grid();
        let cell = if row > column { row } else { column };
        Rank::ALL[12 - cell]
    }

    /// The number of combos in the class: 6, 4 or 12.
    pub const fn combo_count(self) -> usize {
        self.kind().combos()
    }

    /// The class's combos, in index order.
    pub fn combos(self) -> impl Iterator<Item = Combo> {
        let (high, low, kind) = (self.high(), self.low(), self.kind());
        crate::card::Suit::ALL.into_iter().flat_map(move |hs| {
            crate::card::Suit::ALL.into_iter().filter_map(move |ls| {
                let keep = match kind {
                    HandKind::Pair => hs > ls,
                    HandKind::Suited => hs == ls,
                    HandKind::Offsuit => hs != ls,
                };
                keep.then(|| Combo::new(Card::new(high, hs), Card::new(low, ls)))
                    .flatten()
            })
        })
    }
}

impl fmt::Display for HandClass {
    /// `AA`, `AKs`, `72o`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.high(), self.low())?;
        match self.kind() {
            HandKind::Pair => Ok(()),
            HandKind::Suited => f.write_str("s"),
            HandKind::Offsuit => f.write_str("o"),
        }
    }
}

impl fmt::Debug for HandClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// An error in the text of a hand class.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad hand class {text:?}: {reason}")]
pub struct ParseClassError {
    /// The text that was given.
    pub text: String,
    /// Why it is not a class.
    pub reason: &'static str,
}

impl FromStr for HandClass {
    type Err = ParseClassError;

    /// Parses `AA`, `AKs`, `AKo` (ranks in either order, case-insensitive).
    fn from_str(text: &str) -> Result<HandClass, ParseClassError> {
        let error = |reason| ParseClassError {
            text: text.to_owned(),
            reason,
        };
        let mut chars = text.trim().chars();
        let mut rank = || {
            chars
                .next()
                .and_then(Rank::from_char)
                .ok_or_else(|| error("expected two ranks"))
        };
        let (a, b) = (rank()?, rank()?);
        let kind = match (chars.next().map(|c| c.to_ascii_lowercase()), a == b) {
            (None, true) => HandKind::Pair,
            (Some('s'), false) => HandKind::Suited,
            (Some('o'), false) => HandKind::Offsuit,
            (None, false) => return Err(error("two different ranks need `s` or `o`")),
            (Some('s' | 'o'), true) => return Err(error("a pair is neither suited nor offsuit")),
            _ => return Err(error("expected `s` or `o` after the ranks")),
        };
        if chars.next().is_some() {
            return Err(error("unexpected text after the class"));
        }
        HandClass::new(a, b, kind).ok_or_else(|| error("the ranks do not fit the kind"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combo_index_round_trips() {
        for (index, combo) in Combo::all().enumerate() {
            assert_eq!(combo.index(), index);
            assert_eq!(Combo::from_index(index), Some(combo));
        }
        assert_eq!(Combo::from_index(COMBOS), None);
    }
}
