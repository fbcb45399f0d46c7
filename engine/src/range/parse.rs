//! Range text parser: every dialect players paste (docs/design.md §4).
//!
//! # Grammar
//!
//! Text is a list of tokens separated by commas, whitespace or line breaks.
//! A hand token is one of:
//!
//! | token | meaning |
//! |---|---|
//! | `AhKh` | one exact combo (either card order) |
//! | `Ah` | every combo holding that card (51) |
//! | `QQ` `AKs` `AKo` `AK` | a class (6 / 4 / 12 combos), or both `AKs` and `AKo` |
//! | `22+` | pairs upward to `AA` |
//! | `A8s+` `A8o+` `A8+` | the kicker climbs to one below the top card (`A8s`…`AKs`) |
//! | `98s+` `98+` | adjacent ranks (connectors) climb both ranks: `98s, T9s, …, AKs` |
//! | `99-55` `KTs-K7s` `98s-54s` `AQo-86o` | inclusive spans, either order: pairs, the same top card, or the same gap |
//! | `random` `any` `*` | all 1,326 combos |
//! | `15%` `5%-15%` | the top 15% (or the band between 5% and 15%) of combos by the shipped [`Ranking`](super::Ranking) |
//!
//! Weights (a weight of 0 removes combos; the default is full weight):
//!
//! | dialect | form | scale |
//! |---|---|---|
//! | Pio, GTO Wizard | `AQs:0.75` | fraction 0–1 |
//! | PokerStove library | `AhKh=0.5` | fraction 0–1 |
//! | ProPokerTools | `AK@50` | percent 0–100 |
//! | Flopzilla, GTO+ | `[75]AQs,AJs[/75]` (the group may span lines) | percent 0–100 |
//! | Power-Equilab | `75: AQs, AJs` (to the end of the line or the next prefix) | percent 0–100 |
//!
//! When several apply, the innermost wins: a token's own suffix, then its
//! bracket group, then its line's prefix. Weights are rounded to the nearest
//! basis point; a positive weight that would round to 0 (below 0.00005) is
//! an error naming its token rather than a silent removal.
//!
//! **Overlaps: the later token wins.** Each token sets the weight of each of
//! its combos, so `AK,AKo:0.5` leaves `AKs` at 1 and `AKo` at 0.5, and
//! `AKo:0.5,AK` leaves all of `AK` at 1.
//!
//! **Two single cards separated only by spaces are one hand**, as players
//! type a hero hand: `Ad Qc` is `AdQc` (a weight or closing bracket may
//! follow the second card: `Ad Qc:0.5`). `Ad, Qc` stays two single-card
//! tokens (every hand holding `Ad` or `Qc`). Three or more single cards in
//! a row with only spaces between them are an error, since no hand has
//! three cards.
//!
//! Forgiven: whitespace anywhere between tokens, the case of ranks, suits and
//! the `s`/`o` suffix, and a trailing comma. Everything else that is wrong is
//! a [`ParseRangeError`] naming the token and its byte offset.

use super::weights::{FULL, Range};
use crate::card::Card;

use super::hand_token::parse_hand;
use super::number::{self, NumberError, is_decimal};
pub use super::parse_error::{ParseRangeError, ParseRangeErrorKind};

/// One piece of the text: a word with its byte offset, or a separator.
#[derive(Debug)]
enum Piece<'a> {
    Word(usize, std::borrow::Cow<'a, str>),
    /// A third single card after two joined into a hand (an error).
    LooseCard(usize),
    Comma(usize),
    LineBreak,
}

/// Splits text into words and separators.
fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let separator = c == ',' || c.is_whitespace();
        if separator {
            if let Some(s) = start.take() {
                out.push(Piece::Word(s, text[s..i].into()));
            }
            if c == ',' {
                out.push(Piece::Comma(i));
            } else if c == '\n' {
                out.push(Piece::LineBreak);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(Piece::Word(s, text[s..].into()));
    }
    join_hands(out)
}

/// Whether `word` (after any bracket openings and an Equilab prefix) ends
/// in a bare single card: `Ad`, `[50]Ad`, `75:Ad`.
fn ends_in_card(word: &str) -> bool {
    let mut rest = word;
    while let Some(inner) = rest.strip_prefix('[') {
        match inner.find(']') {
            Some(end) => rest = &inner[end + 1..],
            None => return false,
        }
    }
    if let Some((number, after)) = rest.split_once(':')
        && is_decimal(number)
    {
        rest = after;
    }
    is_card(rest)
}

/// Whether `word` starts with a single card and nothing but a weight
/// suffix or a closing bracket follows it: `Qc`, `Qc:0.5`, `Qc[/50]`.
fn starts_with_card(word: &str) -> bool {
    let len = if word.starts_with("10") { 3 } else { 2 };
    let Some(card) = word.get(..len) else {
        return false;
    };
    let after = &word[len..];
    is_card(card) && (after.is_empty() || after.starts_with([':', '=', '@', '[']))
}

/// Whether `text` is exactly one card, such as `Ad`, `qc` or `10h`.
fn is_card(text: &str) -> bool {
    (text.len() == 2 || text.len() == 3 && text.starts_with("10")) && text.parse::<Card>().is_ok()
}

/// Joins two single-card words with only spaces between them into one
/// hand word (`Ad Qc` → `AdQc`); a third card in the run becomes a
/// [`Piece::LooseCard`], which the parser reports.
fn join_hands(pieces: Vec<Piece<'_>>) -> Vec<Piece<'_>> {
    let mut out: Vec<Piece<'_>> = Vec::with_capacity(pieces.len());
    // Whether the last word out is a joined hand (so a card after it is a
    // third loose card).
    let mut joined = false;
    for piece in pieces {
        if let (Piece::Word(offset, word), Some(Piece::Word(_, last))) = (&piece, out.last_mut()) {
            if joined && starts_with_card(word) {
                out.push(Piece::LooseCard(*offset));
                joined = false;
                continue;
            }
            if !joined && ends_in_card(last) && starts_with_card(word) {
                *last = format!("{last}{word}").into();
                joined = true;
                continue;
            }
        }
        joined = false;
        out.push(piece);
    }
    out
}

/// An open bracket group: its weight and where it opened.
struct Group {
    weight_bp: u16,
    percent_text: String,
    offset: usize,
    token: String,
}

/// Parses range text; see the [module documentation](self) for the grammar.
pub fn parse(text: &str) -> Result<Range, ParseRangeError> {
    let mut range = Range::empty();
    let mut group: Option<Group> = None;
    let mut line_weight: Option<u16> = None;
    // Offset of a comma not yet followed by a word, to catch `,,`.
    let mut pending_comma: Option<usize> = None;
    let mut seen_word = false;
    for piece in pieces(text) {
        match piece {
            Piece::LineBreak => {
                line_weight = None;
                pending_comma = None;
            }
            Piece::Comma(offset) => {
                if pending_comma.is_some() || !seen_word {
                    return Err(ParseRangeError {
                        token: ",".to_owned(),
                        offset,
                        kind: ParseRangeErrorKind::EmptyToken,
                    });
                }
                pending_comma = Some(offset);
            }
            Piece::LooseCard(offset) => {
                return Err(ParseRangeError {
                    token: loose_card_at(text, offset),
                    offset,
                    kind: ParseRangeErrorKind::LooseCards,
                });
            }
            Piece::Word(offset, word) => {
                pending_comma = None;
                seen_word = true;
                word_into(&mut range, &mut group, &mut line_weight, offset, &word)?;
            }
        }
    }
    if let Some(open) = group {
        return Err(ParseRangeError {
            token: open.token,
            offset: open.offset,
            kind: ParseRangeErrorKind::UnclosedGroup,
        });
    }
    Ok(range)
}

/// The word of `text` starting at `offset` (up to a separator).
fn loose_card_at(text: &str, offset: usize) -> String {
    text[offset..]
        .split(|c: char| c == ',' || c.is_whitespace())
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// Applies one comma-free word (two single cards joined into one hand
/// included).
fn word_into(
    range: &mut Range,
    group: &mut Option<Group>,
    line_weight: &mut Option<u16>,
    offset: usize,
    word: &str,
) -> Result<(), ParseRangeError> {
    let error = |kind| ParseRangeError {
        token: word.to_owned(),
        offset,
        kind,
    };
    let mut rest = word;
    let mut rest_offset = offset;
    // Openings `[75]` (possibly several words into a group).
    while let Some(inner) = rest.strip_prefix('[') {
        let Some(end) = inner.find(']') else {
            return Err(error(ParseRangeErrorKind::UnknownHand));
        };
        let body = &inner[..end];
        let consumed = end + 2;
        if let Some(close) = body.strip_prefix('/') {
            // A standalone closing `[/75]`.
            close_group(group, close, rest_offset, &rest[..consumed])?;
        } else {
            if group.is_some() {
                return Err(ParseRangeError {
                    token: rest[..consumed].to_owned(),
                    offset: rest_offset,
                    kind: ParseRangeErrorKind::NestedGroup,
                });
            }
            let weight_bp = parse_weight(body, 100).map_err(|kind| ParseRangeError {
                token: rest[..consumed].to_owned(),
                offset: rest_offset,
                kind,
            })?;
            *group = Some(Group {
                weight_bp,
                percent_text: body.to_owned(),
                offset: rest_offset,
                token: rest[..consumed].to_owned(),
            });
        }
        rest = &rest[consumed..];
        rest_offset += consumed;
    }
    // A closing `[/75]` at the end of the word applies after its token.
    let mut closing = None;
    if let Some(open) = rest.rfind("[/")
        && rest.ends_with(']')
    {
        closing = Some((
            &rest[open + 2..rest.len() - 1],
            rest_offset + open,
            &rest[open..],
        ));
        rest = &rest[..open];
    }
    if !rest.is_empty() {
        let token_error = |kind| ParseRangeError {
            token: rest.to_owned(),
            offset: rest_offset,
            kind,
        };
        // Power-Equilab prefix `75:` (alone, or glued to the first hand).
        let mut hand = rest;
        let mut hand_offset = rest_offset;
        if let Some((number, after)) = rest.split_once(':')
            && is_decimal(number)
            && !after.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        {
            *line_weight = Some(parse_weight(number, 100).map_err(token_error)?);
            hand = after;
            hand_offset += number.len() + 1;
        }
        if !hand.is_empty() {
            let hand_error = |kind| ParseRangeError {
                token: hand.to_owned(),
                offset: hand_offset,
                kind,
            };
            let (spec, suffix) = split_weight(hand);
            let weight_bp = match suffix {
                Some((text, max)) => parse_weight(text, max).map_err(hand_error)?,
                None => group
                    .as_ref()
                    .map(|g| g.weight_bp)
                    .or(*line_weight)
                    .unwrap_or(FULL),
            };
            let combos = parse_hand(spec).map_err(hand_error)?;
            for combo in combos {
                range.set_weight_bp(combo, weight_bp);
            }
        }
    }
    if let Some((close, close_offset, close_token)) = closing {
        close_group(group, close, close_offset, close_token)?;
    }
    Ok(())
}

/// Closes the open bracket group with the closing text `close` (the part
/// after `[/`).
fn close_group(
    group: &mut Option<Group>,
    close: &str,
    offset: usize,
    token: &str,
) -> Result<(), ParseRangeError> {
    let error = |kind| ParseRangeError {
        token: token.to_owned(),
        offset,
        kind,
    };
    let Some(open) = group.take() else {
        return Err(error(ParseRangeErrorKind::UnmatchedClose));
    };
    if close != open.percent_text && parse_weight(close, 100) != Ok(open.weight_bp) {
        return Err(error(ParseRangeErrorKind::MismatchedClose));
    }
    Ok(())
}

/// Splits a weight suffix off a hand: `AQs:0.75` (fraction), `AhKh=0.5`
/// (fraction), `AK@50` (percent). Returns the hand and, if any, the weight
/// text with the top of its scale.
fn split_weight(hand: &str) -> (&str, Option<(&str, u8)>) {
    match hand.rfind([':', '=', '@']) {
        Some(at) => {
            let max = if hand[at..].starts_with('@') { 100 } else { 1 };
            (&hand[..at], Some((&hand[at + 1..], max)))
        }
        None => (hand, None),
    }
}

/// Parses a weight on a scale of `0..=max` into basis points (the one
/// weight grammar, [`number`]).
fn parse_weight(text: &str, max: u8) -> Result<u16, ParseRangeErrorKind> {
    number::weight_bp(text, max).map_err(|error| match error {
        NumberError::NotANumber => ParseRangeErrorKind::BadWeight,
        NumberError::Negative => ParseRangeErrorKind::WeightOutOfRange { max },
        NumberError::OutOfRange { max } => ParseRangeErrorKind::WeightOutOfRange { max },
        NumberError::TooSmall { max } => ParseRangeErrorKind::WeightTooSmall { max },
    })
}
