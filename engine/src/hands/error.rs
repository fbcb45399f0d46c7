//! Why a hand could not be read: the hand, the line and the token, and a
//! kind whose message says what was wrong (docs/design.md §3.11).

use std::fmt;

/// A hand that could not be read, or read but not replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("hand {hand}, line {line}: {kind}{}", token_note(.token))]
pub struct HandError {
    /// The hand: its id when read, else `#N`, its place in the input
    /// counting from 1.
    pub hand: String,
    /// The line (counting from 1 in the whole input) where the problem is.
    pub line: usize,
    /// The text found there (at most 60 characters).
    pub token: String,
    /// What is wrong.
    pub kind: HandErrorKind,
}

fn token_note(token: &str) -> String {
    if token.is_empty() {
        String::new()
    } else {
        format!(" (at {token:?})")
    }
}

/// What is wrong with a hand.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HandErrorKind {
    /// A line that is not `key = value` (PHH) or not a line the format has.
    #[error("cannot read this line{0}")]
    Syntax(Expected),
    /// A value of the wrong type or form for its key.
    #[error("the value of {0} is not {1}")]
    BadValue(&'static str, &'static str),
    /// A required field is missing.
    #[error("the field {0} is missing")]
    Missing(&'static str),
    /// A variant other than no-limit or fixed-limit Hold'em.
    #[error("the variant {0:?} is not Hold'em (NT or FT): skipped")]
    Variant(String),
    /// The per-player lists disagree in length, or there are too few or
    /// too many players.
    #[error("{0} players, or lists of different lengths (2 to 23 players)")]
    Players(usize),
    /// A card that is not a card.
    #[error("not a card")]
    Card,
    /// A card dealt twice.
    #[error("a card is dealt twice")]
    DuplicateCard,
    /// An amount that is not a number of at most two decimals.
    #[error("not an amount (digits, at most two decimals)")]
    Amount,
    /// An action naming a player who is not dealt in, or who folded.
    #[error("an action by a player who is not in the hand")]
    Player,
    /// An action the format has but that this reader does not take.
    #[error("not a Hold'em action")]
    Action,
    /// A board dealt out of turn (not three, one, one).
    #[error("board cards out of turn (the flop is three cards, the turn and river one)")]
    Board,
    /// A bet or raise not above the bet to call.
    #[error("a raise that is not above the bet")]
    Raise,
    /// A stated amount that the replay does not reproduce.
    #[error("the stated amount differs from the replay ({0})")]
    Mismatch(String),
    /// A feature this reader does not take (run it twice, …).
    #[error("{0} is not supported")]
    Unsupported(&'static str),
    /// The engine refused to count the all-in (never for a sound hand).
    #[error("the all-in equity could not be counted: {0}")]
    Equity(String),
    /// A hand longer than any real one (lines or bytes).
    #[error("the hand is longer than any real hand")]
    TooLong,
    /// A hand that never ends: its text is cut off.
    #[error("the hand is cut off (no summary)")]
    Truncated,
}

/// What a syntax error expected, for its message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Nothing in particular.
    Nothing,
    /// `key = value`.
    KeyValue,
    /// A closing quote or bracket.
    Closing,
    /// A PokerStars line.
    StarsLine,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Nothing => "",
            Expected::KeyValue => ": expected key = value",
            Expected::Closing => ": a quote or bracket is not closed",
            Expected::StarsLine => ": not a PokerStars hand-history line",
        })
    }
}

/// A problem found on a line, before the hand it belongs to is named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The line, counting from 1 in the whole input.
    pub line: usize,
    /// The text found there.
    pub token: String,
    /// What is wrong.
    pub kind: HandErrorKind,
}

impl LineError {
    /// An error at `line` on `token` (cut to 60 characters).
    pub fn new(line: usize, token: &str, kind: HandErrorKind) -> LineError {
        LineError {
            line,
            token: token.chars().take(60).collect(),
            kind,
        }
    }

    /// The error, naming its hand.
    pub fn in_hand(self, hand: String) -> HandError {
        HandError {
            hand,
            line: self.line,
            token: self.token,
            kind: self.kind,
        }
    }
}
