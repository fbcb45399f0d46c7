//! Errors in range text: which token, where, and what was wrong.

/// An error in range text: the token, where it starts, and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad range token {token:?} at byte {offset}: {kind}")]
pub struct ParseRangeError {
    /// The offending token as written.
    pub token: String,
    /// Byte offset of `token` in the parsed text.
    pub offset: usize,
    /// What was wrong.
    pub kind: ParseRangeErrorKind,
}

/// What was wrong in range text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseRangeErrorKind {
    /// Text that is no hand, class, card, span or percentage.
    #[error("not a hand (expected e.g. AKs, QQ+, A5s-A2s, AhKh, Ah, 15%, random)")]
    UnknownHand,
    /// An exact combo naming the same card twice.
    #[error("a combo needs two different cards")]
    SameCard,
    /// A weight that is not a plain decimal number.
    #[error("the weight is not a number")]
    BadWeight,
    /// A weight outside its scale.
    #[error("the weight must be between 0 and {max}")]
    WeightOutOfRange {
        /// The top of the scale: 1 for fractions, 100 for percentages.
        max: u8,
    },
    /// A positive weight below half a basis point, which would round to 0
    /// and silently remove the hands.
    #[error(
        "the weight is positive but below the smallest weight, one basis point ({}); write 0 to remove hands",
        if *max == 1 { "0.0001" } else { "0.01%" }
    )]
    WeightTooSmall {
        /// The top of the scale: 1 for fractions, 100 for percentages.
        max: u8,
    },
    /// A span whose ends are of different kinds (`AKs-QJo`, `99-A9s`).
    #[error("both ends of a span must be the same kind (pairs, suited, offsuit or both)")]
    MixedSpan,
    /// A span whose ends share neither the top card nor the gap.
    #[error("the ends of a span must share the top card (KTs-K7s) or the gap (98s-54s)")]
    UnalignedSpan,
    /// A percentage that is not a number from 0 to 100.
    #[error("expected a percentage from 0% to 100% (15% or 5%-15%)")]
    BadPercent,
    /// Nothing between two commas.
    #[error("empty token (two commas in a row?)")]
    EmptyToken,
    /// Three or more single cards separated only by spaces.
    #[error(
        "a hand is two cards: write one hand as `AdQc` or `Ad Qc`, and separate single cards with commas"
    )]
    LooseCards,
    /// A bracket group opened inside another.
    #[error("bracket groups cannot nest")]
    NestedGroup,
    /// A bracket group never closed.
    #[error("this bracket group is never closed")]
    UnclosedGroup,
    /// A closing bracket with no open group.
    #[error("this closes no open bracket group")]
    UnmatchedClose,
    /// A closing bracket whose weight differs from its opening one.
    #[error("the closing weight differs from the opening one")]
    MismatchedClose,
}
