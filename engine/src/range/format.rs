//! Range text out: the canonical compact form and the other dialects.
//!
//! The canonical form groups the classes that are wholly in the range at one
//! weight into `+` runs and spans (`QQ+`, `A8s+`, `KTs-K7s`, `99-55`),
//! merges a suited and an offsuit run that match into one token (`A8+`),
//! writes one weight per group (`A8s+:0.5`), full weight first and then by
//! falling weight, and lists the combos of partly filled classes last
//! (`AhKh:0.5`). Every combo appears in exactly one token, so
//! `parse(canonical(r)) == r` whatever the order of reading.

use std::fmt::Write;

use super::weights::{FULL, Range};
use crate::card::Rank;
use crate::combo::{HandClass, HandKind};

/// A range text dialect to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dialect {
    /// Rangestove's canonical compact form: `QQ+,A8s+,KQo:0.5,AhKh:0.25`.
    Canonical,
    /// PioSOLVER / GTO Wizard: every class listed, `:weight` as a fraction:
    /// `AA,KK,AKs:0.5,AhKh:0.25`.
    Pio,
    /// Flopzilla / GTO+ brackets: full-weight tokens plain, weighted groups
    /// as `[50]AKs,AQs[/50]`.
    Brackets,
    /// Equilab / PokerStove: `QQ+, AKs, AKo` (unweighted ranges only).
    Equilab,
}

impl Dialect {
    /// Every dialect, in the order a UI lists them.
    pub const ALL: [Dialect; 4] = [
        Dialect::Canonical,
        Dialect::Pio,
        Dialect::Brackets,
        Dialect::Equilab,
    ];

    /// The dialect's short name, as the command line takes it.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Canonical => "canonical",
            Dialect::Pio => "pio",
            Dialect::Brackets => "brackets",
            Dialect::Equilab => "equilab",
        }
    }

    /// The dialect of a short name (`pokerstove` and `flopzilla`, `gtoplus`
    /// and `gtowizard` are accepted as aliases).
    pub fn from_name(name: &str) -> Option<Dialect> {
        match name.to_ascii_lowercase().as_str() {
            "canonical" => Some(Dialect::Canonical),
            "pio" | "gtowizard" => Some(Dialect::Pio),
            "brackets" | "flopzilla" | "gtoplus" | "gto+" => Some(Dialect::Brackets),
            "equilab" | "pokerstove" => Some(Dialect::Equilab),
            _ => None,
        }
    }
}

/// A range that a dialect cannot express.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FormatError {
    /// The dialect has no weights and the range has a weight other than 0 or 1.
    #[error("{dialect} text has no weights; this range has weighted combos (use pio or brackets)")]
    Weighted {
        /// The dialect's name.
        dialect: &'static str,
    },
}

/// Writes `range` in `dialect`.
pub fn format(range: &Range, dialect: Dialect) -> Result<String, FormatError> {
    let groups = groups(range, dialect == Dialect::Pio);
    Ok(match dialect {
        Dialect::Canonical | Dialect::Pio => suffixed(&groups),
        Dialect::Brackets => bracketed(&groups),
        Dialect::Equilab => {
            if !range.is_unweighted() {
                return Err(FormatError::Weighted {
                    dialect: dialect.name(),
                });
            }
            groups
                .iter()
                .flat_map(|g| g.tokens.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(", ")
        }
    })
}

/// The canonical compact form.
pub fn canonical(range: &Range) -> String {
    suffixed(&groups(range, false))
}

/// Tokens that share one weight.
struct Group {
    weight_bp: u16,
    tokens: Vec<String>,
}

/// A weight as a fraction with no trailing zeros: `0.75`, `0.3333`, `1`.
fn fraction(weight_bp: u16) -> String {
    let whole = weight_bp / FULL;
    let part = weight_bp % FULL;
    if part == 0 {
        return whole.to_string();
    }
    let digits = format!("{part:04}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

/// A weight as a percentage with no trailing zeros: `75`, `33.33`.
fn percent(weight_bp: u16) -> String {
    let whole = weight_bp / 100;
    let part = weight_bp % 100;
    if part == 0 {
        return whole.to_string();
    }
    let digits = format!("{part:02}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

/// Each group's tokens with a `:weight` suffix unless full.
fn suffixed(groups: &[Group]) -> String {
    let mut out = String::new();
    for group in groups {
        for token in &group.tokens {
            if !out.is_empty() {
                out.push(',');
            }
            out.push_str(token);
            if group.weight_bp != FULL {
                let _ = write!(out, ":{}", fraction(group.weight_bp));
            }
        }
    }
    out
}

/// Full-weight tokens plain, other groups in `[w]…[/w]` brackets.
fn bracketed(groups: &[Group]) -> String {
    let mut parts = Vec::new();
    for group in groups {
        let joined = group.tokens.join(",");
        if group.weight_bp == FULL {
            parts.push(joined);
        } else {
            let w = percent(group.weight_bp);
            parts.push(format!("[{w}]{joined}[/{w}]"));
        }
    }
    parts.join(",")
}

/// Runs of consecutive ranks (indices), highest first: `(top, bottom)`.
fn runs(ranks: &[u8]) -> Vec<(u8, u8)> {
    let mut sorted = ranks.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let mut out: Vec<(u8, u8)> = Vec::new();
    for r in sorted {
        match out.last_mut() {
            Some((_, bottom)) if *bottom == r + 1 => *bottom = r,
            _ => out.push((r, r)),
        }
    }
    out
}

/// The rank character of a rank index.
fn rank_char(index: u8) -> char {
    Rank::from_index(index).map_or('?', Rank::to_char)
}

/// Pair tokens for runs of pair ranks: `QQ+`, `99-55`, `JJ`.
fn pair_tokens(ranks: &[u8], explicit: bool) -> Vec<String> {
    let mut out = Vec::new();
    for (top, bottom) in runs(ranks) {
        let (t, b) = (rank_char(top), rank_char(bottom));
        if explicit || top == bottom {
            out.extend((bottom..=top).rev().map(|r| {
                let c = rank_char(r);
                format!("{c}{c}")
            }));
        } else if top == 12 {
            out.push(format!("{b}{b}+"));
        } else {
            out.push(format!("{t}{t}-{b}{b}"));
        }
    }
    out
}

/// Tokens for one top rank's kickers of one suffix (`s`, `o` or none):
/// `A8s+`, `KTs-K7s`, `K5s`.
fn kicker_tokens(high: u8, kickers: &[u8], suffix: &str, explicit: bool) -> Vec<String> {
    let h = rank_char(high);
    let mut out = Vec::new();
    for (top, bottom) in runs(kickers) {
        if explicit || top == bottom {
            out.extend(
                (bottom..=top)
                    .rev()
                    .map(|k| format!("{h}{}{suffix}", rank_char(k))),
            );
        } else if top + 1 == high {
            out.push(format!("{h}{}{suffix}+", rank_char(bottom)));
        } else {
            out.push(format!(
                "{h}{}{suffix}-{h}{}{suffix}",
                rank_char(top),
                rank_char(bottom)
            ));
        }
    }
    out
}

/// Groups the range by weight: whole classes as (compressed unless
/// `explicit`) class tokens, then exact combos of partly filled classes.
fn groups(range: &Range, explicit: bool) -> Vec<Group> {
    // Whole classes at one weight, and the combos of the rest.
    let mut class_weight = [0u16; 169];
    let mut loose: Vec<(u16, String)> = Vec::new();
    for class in HandClass::all() {
        let summary = range.class_summary(class);
        match summary.uniform_weight_bp() {
            Some(w) => class_weight[class.index()] = w,
            None => loose.extend(
                class
                    .combos()
                    .map(|c| (range.weight_bp(c), c.to_string()))
                    .filter(|&(w, _)| w > 0),
            ),
        }
    }
    let mut weights: Vec<u16> = class_weight.iter().copied().filter(|&w| w > 0).collect();
    weights.extend(loose.iter().map(|&(w, _)| w));
    weights.sort_unstable_by(|a, b| b.cmp(a));
    weights.dedup();

    let mut out = Vec::new();
    for &weight_bp in &weights {
        let has =
            |class: Option<HandClass>| class.is_some_and(|c| class_weight[c.index()] == weight_bp);
        let mut tokens = Vec::new();
        let pairs: Vec<u8> = (0..13)
            .filter(|&r| has(class_of(r, r, HandKind::Pair)))
            .collect();
        tokens.extend(pair_tokens(&pairs, explicit));
        let mut offsuit_tokens = Vec::new();
        for high in (1..13u8).rev() {
            let suited: Vec<u8> = (0..high)
                .filter(|&k| has(class_of(high, k, HandKind::Suited)))
                .collect();
            let offsuit: Vec<u8> = (0..high)
                .filter(|&k| has(class_of(high, k, HandKind::Offsuit)))
                .collect();
            let (suited_runs, offsuit_runs) = (runs(&suited), runs(&offsuit));
            let shared: Vec<(u8, u8)> = suited_runs
                .iter()
                .copied()
                .filter(|r| offsuit_runs.contains(r) && !explicit)
                .collect();
            let only = |rs: &[(u8, u8)]| -> Vec<u8> {
                rs.iter()
                    .filter(|r| !shared.contains(r))
                    .flat_map(|&(top, bottom)| bottom..=top)
                    .collect()
            };
            let both: Vec<u8> = shared.iter().flat_map(|&(t, b)| b..=t).collect();
            tokens.extend(kicker_tokens(high, &both, "", explicit));
            tokens.extend(kicker_tokens(high, &only(&suited_runs), "s", explicit));
            offsuit_tokens.extend(kicker_tokens(high, &only(&offsuit_runs), "o", explicit));
        }
        tokens.extend(offsuit_tokens);
        if !tokens.is_empty() {
            out.push(Group { weight_bp, tokens });
        }
    }
    // Exact combos last, again one group per weight.
    for weight_bp in weights {
        let tokens: Vec<String> = loose
            .iter()
            .filter(|&&(w, _)| w == weight_bp)
            .map(|(_, text)| text.clone())
            .collect();
        if !tokens.is_empty() {
            out.push(Group { weight_bp, tokens });
        }
    }
    out
}

/// The class of two rank indices and a kind.
fn class_of(high: u8, low: u8, kind: HandKind) -> Option<HandClass> {
    HandClass::new(Rank::from_index(high)?, Rank::from_index(low)?, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_print_without_trailing_zeros() {
        assert_eq!(fraction(FULL), "1");
        assert_eq!(fraction(7500), "0.75");
        assert_eq!(fraction(3333), "0.3333");
        assert_eq!(fraction(5), "0.0005");
        assert_eq!(percent(7500), "75");
        assert_eq!(percent(3333), "33.33");
        assert_eq!(percent(5), "0.05");
    }

    #[test]
    fn runs_split_at_gaps() {
        assert_eq!(runs(&[0, 1, 2, 5, 7, 8]), vec![(8, 7), (5, 5), (2, 0)]);
    }
}
