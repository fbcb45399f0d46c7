//! Continue rules as text: parsing, with a typed error naming the term,
//! and the canonical text (`Display`), which parses back to the same rule
//! (docs/design.md §3.8). Weights and percentages are read by the one
//! number grammar ([`number`]).

use std::fmt;
use std::str::FromStr;

use super::rule::{Category, ContinueRule, NAMES, Term, TermKind};
use crate::range::Range;
use crate::range::number::{self, NumberError};

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
