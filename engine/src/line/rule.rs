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

use std::fmt;
use std::str::FromStr;

use crate::analysis::{Draw, Hit, MadeHand};
use crate::combo::Combo;
use crate::range::Range;
use crate::range::number::{self, NumberError};

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
const NAMES: [(&str, Category); 30] = [
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
    fn orders(self) -> bool {
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

/// An error in rule text: the token, where it starts, and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad rule term {token:?} at byte {offset}: {kind}")]
pub struct ParseRuleError {
    /// The offending term as written.
    pub token: String,
    /// Byte offset of `token` in the parsed text.
    pub offset: usize,
    /// What was wrong.
    pub kind: ParseRuleErrorKind,
}

/// What was wrong in rule text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseRuleErrorKind {
    /// Nothing between two commas, or a comma at an end.
    #[error("an empty term (two commas, or one at an end)")]
    EmptyTerm,
    /// A term that is only a weight or a removal sign.
    #[error("a term needs a made hand, draw, equity term or hand")]
    NothingNamed,
    /// A weight that is not a plain decimal number.
    #[error("the weight is not a number")]
    BadWeight,
    /// A weight above 1.
    #[error("a weight must be between 0 and 1")]
    WeightOutOfRange,
    /// A positive weight that would round to 0.
    #[error("the weight is below one basis point (0.0001)")]
    WeightTooSmall,
    /// An equity or a part that is not a plain decimal number.
    #[error("not a percentage (a number from 0 to 100, e.g. 55%)")]
    BadPercent,
    /// An equity or a part above 100%.
    #[error("a percentage must be between 0 and 100")]
    PercentOutOfRange,
    /// `+` after a draw, which has no order.
    #[error("a draw has no \"or better\" ({}+)", .0.name())]
    DrawOrBetter(Category),
    /// More than one hand in a term (`AK QQ`).
    #[error("one hand per term")]
    SeveralHands,
    /// Text that names nothing a rule knows.
    #[error(
        "not a made hand, draw, equity term or hand (e.g. two-pair+, flush-draw, equity>=55%, \
         top 40%, AK)"
    )]
    Unknown,
}

impl ContinueRule {
    /// Parses rule text (see the module documentation).
    pub fn parse(text: &str) -> Result<ContinueRule, ParseRuleError> {
        let mut terms = Vec::new();
        let mut offset = 0;
        for piece in text.split(',') {
            let start = offset + (piece.len() - piece.trim_start().len());
            offset += piece.len() + 1;
            let token = piece.trim();
            if token.is_empty() {
                if text.trim().is_empty() {
                    break;
                }
                return Err(ParseRuleError {
                    token: String::new(),
                    offset: start,
                    kind: ParseRuleErrorKind::EmptyTerm,
                });
            }
            terms.push(parse_term(token).map_err(|kind| ParseRuleError {
                token: token.to_owned(),
                offset: start,
                kind,
            })?);
        }
        Ok(ContinueRule { terms })
    }

    /// Whether any term needs the combos' equities on the street.
    pub fn needs_equity(&self) -> bool {
        self.terms
            .iter()
            .any(|t| matches!(t.kind, TermKind::EquityAtLeast(_) | TermKind::Part { .. }))
    }
}

impl FromStr for ContinueRule {
    type Err = ParseRuleError;

    fn from_str(text: &str) -> Result<ContinueRule, ParseRuleError> {
        ContinueRule::parse(text)
    }
}

/// A weight's text: `0.5`, `0.0001` (basis points as a fraction).
fn weight_text(bp: u16) -> String {
    let text = format!("{:.4}", f64::from(bp) / 10_000.0);
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// Basis points as a percentage: `55%`, `12.5%`.
fn percent_text(bp: u16) -> String {
    let text = format!("{:.2}", f64::from(bp) / 100.0);
    format!("{}%", text.trim_end_matches('0').trim_end_matches('.'))
}

impl fmt::Display for Term {
    /// The term as rule text, which parses back to it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.remove {
            f.write_str("-")?;
        }
        match &self.kind {
            TermKind::Category {
                category,
                or_better,
            } => {
                f.write_str(category.name())?;
                if *or_better {
                    f.write_str("+")?;
                }
            }
            TermKind::EquityAtLeast(bp) => write!(f, "equity>={}", percent_text(*bp))?,
            TermKind::Part { top, share_bp } => write!(
                f,
                "{} {}",
                if *top { "top" } else { "bottom" },
                percent_text(*share_bp)
            )?,
            TermKind::Hands(_, text) => f.write_str(text)?,
        }
        if self.weight_bp != 10_000 {
            write!(f, ":{}", weight_text(self.weight_bp))?;
        }
        Ok(())
    }
}

impl fmt::Display for ContinueRule {
    /// The rule as text (terms joined by commas), which parses back to it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, term) in self.terms.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{term}")?;
        }
        Ok(())
    }
}

/// A percentage `55%` or `55` (0 to 100, the one percent grammar of
/// [`number`]) in basis points.
fn parse_percent(text: &str) -> Result<u16, ParseRuleErrorKind> {
    match number::percent(text) {
        Ok(value) => Ok((value * 100.0).round() as u16),
        Err(NumberError::OutOfRange { .. } | NumberError::Negative) => {
            Err(ParseRuleErrorKind::PercentOutOfRange)
        }
        Err(_) => Err(ParseRuleErrorKind::BadPercent),
    }
}

/// A term's weight `0.5` (0 to 1, the one weight grammar of [`number`]) in
/// basis points.
fn parse_weight(text: &str) -> Result<u16, ParseRuleErrorKind> {
    number::weight_bp(text.trim(), 1).map_err(|error| match error {
        NumberError::NotANumber => ParseRuleErrorKind::BadWeight,
        NumberError::OutOfRange { .. } | NumberError::Negative => {
            ParseRuleErrorKind::WeightOutOfRange
        }
        NumberError::TooSmall { .. } => ParseRuleErrorKind::WeightTooSmall,
    })
}

/// One term without surrounding spaces.
fn parse_term(token: &str) -> Result<Term, ParseRuleErrorKind> {
    let (remove, body) = match token.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, token),
    };
    let (body, weight_bp) = match body.rsplit_once(':') {
        Some((body, weight)) => (body.trim_end(), parse_weight(weight)?),
        None => (body, 10_000),
    };
    if body.trim().is_empty() {
        return Err(ParseRuleErrorKind::NothingNamed);
    }
    let lower = body.to_ascii_lowercase();
    let kind = if let Some(rest) = lower
        .strip_prefix("equity>=")
        .or_else(|| lower.strip_prefix("equity≥"))
    {
        TermKind::EquityAtLeast(parse_percent(rest)?)
    } else if let Some(rest) = lower.strip_prefix("top ") {
        TermKind::Part {
            top: true,
            share_bp: parse_percent(rest)?,
        }
    } else if let Some(rest) = lower.strip_prefix("bottom ") {
        TermKind::Part {
            top: false,
            share_bp: parse_percent(rest)?,
        }
    } else {
        let (name, or_better) = match lower.strip_suffix('+') {
            Some(name) => (name, true),
            None => (lower.as_str(), false),
        };
        match NAMES.iter().find(|(n, _)| *n == name) {
            Some(&(_, category)) => {
                if or_better && !category.orders() {
                    return Err(ParseRuleErrorKind::DrawOrBetter(category));
                }
                TermKind::Category {
                    category,
                    or_better,
                }
            }
            None => {
                if body.contains(',') || body.split_whitespace().count() > 1 {
                    return Err(ParseRuleErrorKind::SeveralHands);
                }
                let range = Range::parse(body).map_err(|_| ParseRuleErrorKind::Unknown)?;
                TermKind::Hands(Box::new(range), body.to_owned())
            }
        }
    };
    Ok(Term {
        kind,
        weight_bp,
        remove,
    })
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
