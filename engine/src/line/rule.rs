//! Continue rules: which part of a seat's range goes on to the next street
//! (docs/design.md §3.8), as text and as data.
//!
//! A rule is a comma-separated list of terms, each optionally weighted
//! (`gutshot:0.5`) and optionally a removal (`-underpair`):
//!
//! * a made hand of the board breakdown, alone or "or better" (`set`,
//!   `two-pair+`, `top-pair`, `overpair+`), or a draw (`flush-draw`,
//!   `nut-flush-draw`, `oesd`, `gutshot`, `combo-draw`, `backdoor-flush`,
//!   `backdoor-straight`, `overcards`);
//! * an equity threshold against the other seats on this street
//!   (`equity>=55%`), or the top or bottom part of the range by that equity
//!   (`top 40%`, `bottom 20%`);
//! * one hand token of range text (`AK`, `QQ+`, `AhKh`, `A5s-A2s`).

use crate::analysis::{Draw, Hit, MadeHand};
use crate::combo::Combo;
use crate::range::Range;

/// A made hand or a draw a term names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    /// One made-hand row of the breakdown.
    Made(MadeHand),
    /// Top pair with any kicker.
    TopPair,
    /// Any one pair made with a hole card (pocket pairs included, a pair
    /// on the board only not).
    Pair,
    /// One draw row of the breakdown.
    Draw(Draw),
}

/// The names terms use, with what they name; the first of a category is
/// how it is written.
pub(super) const NAMES: [(&str, Category); 30] = [
    ("straight-flush", Category::Made(MadeHand::StraightFlush)),
    ("quads", Category::Made(MadeHand::Quads)),
    ("full-house", Category::Made(MadeHand::FullHouse)),
    ("flush", Category::Made(MadeHand::Flush)),
    ("straight", Category::Made(MadeHand::Straight)),
    ("set", Category::Made(MadeHand::Set)),
    ("trips", Category::Made(MadeHand::Trips)),
    ("two-pair", Category::Made(MadeHand::TwoPair)),
    ("overpair", Category::Made(MadeHand::Overpair)),
    (
        "top-pair-top-kicker",
        Category::Made(MadeHand::TopPairTopKicker),
    ),
    (
        "top-pair-good-kicker",
        Category::Made(MadeHand::TopPairGoodKicker),
    ),
    (
        "top-pair-weak-kicker",
        Category::Made(MadeHand::TopPairWeakKicker),
    ),
    (
        "pocket-pair-below-top",
        Category::Made(MadeHand::PocketPairBelowTop),
    ),
    ("middle-pair", Category::Made(MadeHand::MiddlePair)),
    ("bottom-pair", Category::Made(MadeHand::BottomPair)),
    ("underpair", Category::Made(MadeHand::Underpair)),
    ("paired-board", Category::Made(MadeHand::PairedBoard)),
    ("ace-high", Category::Made(MadeHand::AceHigh)),
    ("no-made-hand", Category::Made(MadeHand::NoMadeHand)),
    ("top-pair", Category::TopPair),
    ("pair", Category::Pair),
    ("nut-flush-draw", Category::Draw(Draw::NutFlushDraw)),
    ("flush-draw", Category::Draw(Draw::FlushDraw)),
    ("oesd", Category::Draw(Draw::OpenEnded)),
    ("gutshot", Category::Draw(Draw::Gutshot)),
    ("combo-draw", Category::Draw(Draw::ComboDraw)),
    ("backdoor-flush", Category::Draw(Draw::BackdoorFlushDraw)),
    (
        "backdoor-straight",
        Category::Draw(Draw::BackdoorStraightDraw),
    ),
    ("overcards", Category::Draw(Draw::Overcards)),
    ("tptk", Category::Made(MadeHand::TopPairTopKicker)),
];

impl Category {
    /// Its name in rule text.
    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(_, c)| *c == self)
            .map_or("", |(name, _)| name)
    }

    /// Whether "or better" applies (made hands, not draws).
    pub(super) fn orders(self) -> bool {
        !matches!(self, Category::Draw(_))
    }

    /// The weakest made hand of the category (its "or better" reaches up
    /// from there).
    fn weakest(self) -> Option<MadeHand> {
        match self {
            Category::Made(m) => Some(m),
            Category::TopPair => Some(MadeHand::TopPairWeakKicker),
            Category::Pair => Some(MadeHand::Underpair),
            Category::Draw(_) => None,
        }
    }

    /// Whether `hit` is of the category (`or_better`: or a stronger made
    /// hand).
    pub fn matches(self, hit: Hit, or_better: bool) -> bool {
        if or_better && let Some(weakest) = self.weakest() {
            return hit.made <= weakest;
        }
        match self {
            Category::Made(m) => hit.made == m,
            Category::TopPair => matches!(
                hit.made,
                MadeHand::TopPairTopKicker
                    | MadeHand::TopPairGoodKicker
                    | MadeHand::TopPairWeakKicker
            ),
            Category::Pair => (MadeHand::Overpair..=MadeHand::Underpair).contains(&hit.made),
            Category::Draw(d) => hit.has(d),
        }
    }
}

/// What a term keeps (or removes).
#[derive(Clone, Debug, PartialEq)]
pub enum TermKind {
    /// A made hand or draw on the street's board.
    Category {
        /// Which.
        category: Category,
        /// Made hands: this one or stronger.
        or_better: bool,
    },
    /// Equity against the other seats on this street of at least this
    /// many basis points.
    EquityAtLeast(u16),
    /// The best (`top`) or worst part of the range by that equity, this
    /// many basis points of its live weight.
    Part {
        /// Best (true) or worst.
        top: bool,
        /// The share, in basis points.
        share_bp: u16,
    },
    /// The combos of one range-text hand token (boxed: a range is 2.6 KB),
    /// and the token as written.
    Hands(Box<Range>, String),
}

/// One term of a rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// What it names.
    pub kind: TermKind,
    /// Its weight in basis points (10,000 when written without one).
    pub weight_bp: u16,
    /// A removal: a combo it names does not continue.
    pub remove: bool,
}

/// A continue rule: the terms, in the order written.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ContinueRule {
    /// Its terms.
    pub terms: Vec<Term>,
}

impl ContinueRule {
    /// Whether any term needs the combos' equities on the street.
    pub fn needs_equity(&self) -> bool {
        self.terms
            .iter()
            .any(|t| matches!(t.kind, TermKind::EquityAtLeast(_) | TermKind::Part { .. }))
    }
}

/// A combo's standing on the street that equity terms read: its equity
/// against the other seats, and the live weight of the seat's combos
/// with a higher and with a lower equity, as shares of the seat's live
/// weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    /// Its equity.
    pub equity: f64,
    /// The share of the range's live weight strictly above it.
    pub above: f64,
    /// The share strictly below it.
    pub below: f64,
}

impl Term {
    /// Whether the term names `combo`, which makes `hit` on the street's
    /// board and stands there as `standing` (`None` when no term of the
    /// rule needs it).
    pub fn names(&self, combo: Combo, hit: Hit, standing: Option<Standing>) -> bool {
        match &self.kind {
            TermKind::Category {
                category,
                or_better,
            } => category.matches(hit, *or_better),
            TermKind::EquityAtLeast(bp) => {
                standing.is_some_and(|s| s.equity * 10_000.0 >= f64::from(*bp) - 1e-9)
            }
            TermKind::Part { top, share_bp } => standing.is_some_and(|s| {
                let beyond = if *top { s.above } else { s.below };
                beyond * 10_000.0 < f64::from(*share_bp) - 1e-9
            }),
            TermKind::Hands(range, _) => range.weight_bp(combo) > 0,
        }
    }
}

impl ContinueRule {
    /// The weight (basis points) with which `combo` continues: 0 when a
    /// removal names it, else the largest weight of the terms that name it
    /// (0 when none does).
    pub fn continue_bp(&self, combo: Combo, hit: Hit, standing: Option<Standing>) -> u16 {
        let mut keep = 0;
        for term in &self.terms {
            if term.names(combo, hit, standing) {
                if term.remove {
                    return 0;
                }
                keep = keep.max(term.weight_bp);
            }
        }
        keep
    }
}
