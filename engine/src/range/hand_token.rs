//! One hand token of range text (`AKs`, `A8s+`, `99-55`, `AhKh`, `Ah`,
//! `15%`, `random`) as the combos it means.

use super::number;
use super::parse_error::ParseRangeErrorKind;
use super::ranking::Ranking;
use crate::card::{Card, Rank, Suit};
use crate::combo::{Combo, HandClass, HandKind};

/// Which combos of a two-rank class a spec means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SpecKind {
    Pair,
    Suited,
    Offsuit,
    /// Suited and offsuit (`AK`).
    Both,
}

/// A class spec: two ranks (high first) and a kind.
#[derive(Clone, Copy, Debug)]
struct Spec {
    high: Rank,
    low: Rank,
    kind: SpecKind,
}

impl Spec {
    /// Parses `AK`, `AKs`, `AKo`, `QQ` (ranks in either order, any case).
    fn parse(text: &str) -> Option<Spec> {
        let mut chars = text.chars();
        let a = Rank::from_char(chars.next()?)?;
        let b = Rank::from_char(chars.next()?)?;
        let suffix = chars.next().map(|c| c.to_ascii_lowercase());
        if chars.next().is_some() {
            return None;
        }
        let (high, low) = if a >= b { (a, b) } else { (b, a) };
        let kind = match (suffix, high == low) {
            (None, true) => SpecKind::Pair,
            (None, false) => SpecKind::Both,
            (Some('s'), false) => SpecKind::Suited,
            (Some('o'), false) => SpecKind::Offsuit,
            _ => return None,
        };
        Some(Spec { high, low, kind })
    }

    /// The spec with other ranks (high first) and the same kind.
    fn with_ranks(self, high: u8, low: u8) -> Option<Spec> {
        Some(Spec {
            high: Rank::from_index(high)?,
            low: Rank::from_index(low)?,
            kind: self.kind,
        })
    }

    /// The classes this spec means.
    fn classes(self) -> Vec<HandClass> {
        let kinds: &[HandKind] = match self.kind {
            SpecKind::Pair => &[HandKind::Pair],
            SpecKind::Suited => &[HandKind::Suited],
            SpecKind::Offsuit => &[HandKind::Offsuit],
            SpecKind::Both => &[HandKind::Suited, HandKind::Offsuit],
        };
        kinds
            .iter()
            .filter_map(|&k| HandClass::new(self.high, self.low, k))
            .collect()
    }

    /// `QQ+`, `A8s+`, `98s+`: the specs a `+` means.
    fn plus(self) -> Vec<Spec> {
        let (high, low) = (self.high.index(), self.low.index());
        if self.kind == SpecKind::Pair {
            (low..=12).filter_map(|r| self.with_ranks(r, r)).collect()
        } else if high - low == 1 {
            // Connectors climb both ranks up to AK.
            (0..=12 - high)
                .filter_map(|step| self.with_ranks(high + step, low + step))
                .collect()
        } else {
            (low..high)
                .filter_map(|kicker| self.with_ranks(high, kicker))
                .collect()
        }
    }

    /// `99-55`, `KTs-K7s`, `98s-54s`: the specs from `self` to `other`
    /// inclusive.
    fn span(self, other: Spec) -> Result<Vec<Spec>, ParseRangeErrorKind> {
        if self.kind != other.kind {
            return Err(ParseRangeErrorKind::MixedSpan);
        }
        let (a_high, a_low) = (self.high.index(), self.low.index());
        let (b_high, b_low) = (other.high.index(), other.low.index());
        if self.kind == SpecKind::Pair {
            let (from, to) = (a_low.min(b_low), a_low.max(b_low));
            return Ok((from..=to).filter_map(|r| self.with_ranks(r, r)).collect());
        }
        if a_high == b_high {
            let (from, to) = (a_low.min(b_low), a_low.max(b_low));
            Ok((from..=to)
                .filter_map(|k| self.with_ranks(a_high, k))
                .collect())
        } else if a_high - a_low == b_high - b_low {
            let gap = a_high - a_low;
            let (from, to) = (a_low.min(b_low), a_low.max(b_low));
            Ok((from..=to)
                .filter_map(|low| self.with_ranks(low + gap, low))
                .collect())
        } else {
            Err(ParseRangeErrorKind::UnalignedSpan)
        }
    }
}

/// The combos a hand token (without weight) means.
pub(super) fn parse_hand(token: &str) -> Result<Vec<Combo>, ParseRangeErrorKind> {
    let lower = token.to_ascii_lowercase();
    if matches!(lower.as_str(), "random" | "any" | "*") {
        return Ok(Combo::all().collect());
    }
    if token.contains('%') {
        return parse_percent(token);
    }
    // `10` is a ten wherever a rank is written (`10h10d`, `A10s`, `1010`).
    let tens;
    let token = if token.contains("10") {
        tens = token.replace("10", "T");
        tens.as_str()
    } else {
        token
    };
    if let Some((a, b)) = token.split_once('-') {
        let a = Spec::parse(a).ok_or(ParseRangeErrorKind::UnknownHand)?;
        let b = Spec::parse(b).ok_or(ParseRangeErrorKind::UnknownHand)?;
        return Ok(combos_of(a.span(b)?));
    }
    let chars: Vec<char> = token.chars().collect();
    let suit = |c: char| Suit::from_char(c.to_ascii_lowercase());
    let rank = |c: char| Rank::from_char(c);
    // A single card: every combo holding it.
    if let [r, s] = chars[..]
        && let (Some(r), Some(s)) = (rank(r), suit(s))
    {
        let card = Card::new(r, s);
        return Ok(Combo::all().filter(|c| c.mask().contains(card)).collect());
    }
    // An exact combo.
    if let [r1, s1, r2, s2] = chars[..]
        && let (Some(r1), Some(s1), Some(r2), Some(s2)) = (rank(r1), suit(s1), rank(r2), suit(s2))
    {
        let combo = Combo::new(Card::new(r1, s1), Card::new(r2, s2))
            .ok_or(ParseRangeErrorKind::SameCard)?;
        return Ok(vec![combo]);
    }
    let (spec_text, plus) = match token.strip_suffix('+') {
        Some(s) => (s, true),
        None => (token, false),
    };
    let spec = Spec::parse(spec_text).ok_or(ParseRangeErrorKind::UnknownHand)?;
    Ok(combos_of(if plus { spec.plus() } else { vec![spec] }))
}

/// The combos of a list of specs.
fn combos_of(specs: Vec<Spec>) -> Vec<Combo> {
    specs
        .into_iter()
        .flat_map(Spec::classes)
        .flat_map(HandClass::combos)
        .collect()
}

/// `15%` or `5%-15%` (also `5-15%`): the classes of that share of the
/// shipped ranking.
pub(super) fn parse_percent(token: &str) -> Result<Vec<Combo>, ParseRangeErrorKind> {
    let number = |t: &str| number::percent(t).map_err(|_| ParseRangeErrorKind::BadPercent);
    if !token.ends_with('%') {
        return Err(ParseRangeErrorKind::BadPercent);
    }
    let ranking = Ranking::shipped();
    let classes = match token.split_once('-') {
        Some((a, b)) => ranking.band(number(a)?, number(b)?),
        None => ranking.top(number(token)?),
    };
    Ok(classes.into_iter().flat_map(HandClass::combos).collect())
}
