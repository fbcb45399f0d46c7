//! The rows a combo can fall in on a board: its made hand ([`MadeHand`],
//! exactly one) and its draws ([`Draw`], any number), together a
//! [`Hit`]. The rows' definitions are in the parent module's
//! documentation.

/// A made-hand row: exactly one per combo, strongest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MadeHand {
    /// Straight flush.
    StraightFlush,
    /// Four of a kind.
    Quads,
    /// Full house.
    FullHouse,
    /// Flush.
    Flush,
    /// Straight.
    Straight,
    /// A pocket pair matching a board card.
    Set,
    /// Any other three of a kind.
    Trips,
    /// Two pair.
    TwoPair,
    /// A pocket pair above every board card.
    Overpair,
    /// Top pair with the best kicker not on the board.
    TopPairTopKicker,
    /// Top pair with one of the next two kickers.
    TopPairGoodKicker,
    /// Top pair with a lower kicker.
    TopPairWeakKicker,
    /// A pocket pair between the highest and the lowest board card.
    PocketPairBelowTop,
    /// A hole card pairing a board rank neither highest nor lowest.
    MiddlePair,
    /// A hole card pairing the lowest board rank.
    BottomPair,
    /// A pocket pair below every board card.
    Underpair,
    /// The only pair is on the board.
    PairedBoard,
    /// No pair, an ace in hand.
    AceHigh,
    /// Nothing.
    NoMadeHand,
}

impl MadeHand {
    /// Every row, strongest first.
    pub const ALL: [MadeHand; 19] = [
        MadeHand::StraightFlush,
        MadeHand::Quads,
        MadeHand::FullHouse,
        MadeHand::Flush,
        MadeHand::Straight,
        MadeHand::Set,
        MadeHand::Trips,
        MadeHand::TwoPair,
        MadeHand::Overpair,
        MadeHand::TopPairTopKicker,
        MadeHand::TopPairGoodKicker,
        MadeHand::TopPairWeakKicker,
        MadeHand::PocketPairBelowTop,
        MadeHand::MiddlePair,
        MadeHand::BottomPair,
        MadeHand::Underpair,
        MadeHand::PairedBoard,
        MadeHand::AceHigh,
        MadeHand::NoMadeHand,
    ];

    /// The row's label.
    pub const fn name(self) -> &'static str {
        match self {
            MadeHand::StraightFlush => "straight flush",
            MadeHand::Quads => "four of a kind",
            MadeHand::FullHouse => "full house",
            MadeHand::Flush => "flush",
            MadeHand::Straight => "straight",
            MadeHand::Set => "set",
            MadeHand::Trips => "trips",
            MadeHand::TwoPair => "two pair",
            MadeHand::Overpair => "overpair",
            MadeHand::TopPairTopKicker => "top pair, top kicker",
            MadeHand::TopPairGoodKicker => "top pair, good kicker",
            MadeHand::TopPairWeakKicker => "top pair, weak kicker",
            MadeHand::PocketPairBelowTop => "pocket pair below top card",
            MadeHand::MiddlePair => "middle pair",
            MadeHand::BottomPair => "bottom pair",
            MadeHand::Underpair => "underpair",
            MadeHand::PairedBoard => "paired board only",
            MadeHand::AceHigh => "ace high",
            MadeHand::NoMadeHand => "no made hand",
        }
    }
}

/// A draw row (a combo can have several).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Draw {
    /// A flush draw with a flush draw's best card in hand.
    NutFlushDraw,
    /// Four to a flush with at least one hole card.
    FlushDraw,
    /// Two or more ranks complete a straight (eight outs).
    OpenEnded,
    /// One rank completes a straight.
    Gutshot,
    /// A flush draw and a straight draw.
    ComboDraw,
    /// Flop: three to a flush with a hole card.
    BackdoorFlushDraw,
    /// Flop: two more ranks complete a straight.
    BackdoorStraightDraw,
    /// Both hole cards above the board, no pair.
    Overcards,
}

impl Draw {
    /// Every draw row.
    pub const ALL: [Draw; 8] = [
        Draw::ComboDraw,
        Draw::NutFlushDraw,
        Draw::FlushDraw,
        Draw::OpenEnded,
        Draw::Gutshot,
        Draw::BackdoorFlushDraw,
        Draw::BackdoorStraightDraw,
        Draw::Overcards,
    ];

    /// The row's label.
    pub const fn name(self) -> &'static str {
        match self {
            Draw::NutFlushDraw => "nut flush draw",
            Draw::FlushDraw => "flush draw",
            Draw::OpenEnded => "open-ended straight draw",
            Draw::Gutshot => "gutshot",
            Draw::ComboDraw => "combo draw",
            Draw::BackdoorFlushDraw => "backdoor flush draw",
            Draw::BackdoorStraightDraw => "backdoor straight draw",
            Draw::Overcards => "two overcards",
        }
    }

    /// The draw's bit in [`Hit`]'s set of draws.
    pub(super) const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// What a combo makes on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Its made-hand row.
    pub made: MadeHand,
    /// Its draws, by [`Draw::bit`].
    pub(super) draws: u16,
}

impl Hit {
    /// Whether it has `draw`.
    pub const fn has(self, draw: Draw) -> bool {
        self.draws & draw.bit() != 0
    }

    /// Its draws.
    pub fn draws(self) -> impl Iterator<Item = Draw> {
        Draw::ALL.into_iter().filter(move |&d| self.has(d))
    }
}
