//! Ranks and suits: their indices, characters and glyphs.

use std::fmt;

/// A card rank. The discriminant, 0 (deuce) to 12 (ace), is the rank's index
/// everywhere in the engine, and ranks compare by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// Deuce (index 0).
    Two,
    /// Three (index 1).
    Three,
    /// Four (index 2).
    Four,
    /// Five (index 3).
    Five,
    /// Six (index 4).
    Six,
    /// Seven (index 5).
    Seven,
    /// Eight (index 6).
    Eight,
    /// Nine (index 7).
    Nine,
    /// Ten (index 8).
    Ten,
    /// Jack (index 9).
    Jack,
    /// Queen (index 10).
    Queen,
    /// King (index 11).
    King,
    /// Ace (index 12).
    Ace,
}

const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";

impl Rank {
    /// All thirteen ranks, deuce first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank with the given index (0 = deuce … 12 = ace).
    pub const fn from_index(index: u8) -> Option<Rank> {
        if index < 13 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// The rank's index, 0 (deuce) to 12 (ace).
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The rank's character: `2`–`9`, `T`, `J`, `Q`, `K` or `A`.
    pub const fn to_char(self) -> char {
        RANK_CHARS[self as usize] as char
    }

    /// Parses a rank character, case-insensitively. `1` is not a rank: ten is
    /// `T` (the two-character `10` is handled by the card parsers).
    pub const fn from_char(c: char) -> Option<Rank> {
        let upper = c.to_ascii_uppercase();
        let mut index = 0;
        while index < 13 {
            if RANK_CHARS[index] as char == upper {
                return Some(Rank::ALL[index]);
            }
            index += 1;
        }
        None
    }

    /// The rank's English name: "deuce", "three", …, "ace".
    pub const fn name(self) -> &'static str {
        [
            "deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king", "ace",
        ][self as usize]
    }

    /// The rank's English plural: "deuces", "threes", …, "sixes", …, "aces".
    pub const fn plural(self) -> &'static str {
        [
            "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces",
        ][self as usize]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A card suit. The discriminant, 0 (clubs) to 3 (spades), is the suit's
/// index everywhere in the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// Clubs (index 0).
    Clubs,
    /// Diamonds (index 1).
    Diamonds,
    /// Hearts (index 2).
    Hearts,
    /// Spades (index 3).
    Spades,
}

impl Suit {
    /// All four suits, clubs first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit with the given index (0 = clubs … 3 = spades).
    pub const fn from_index(index: u8) -> Option<Suit> {
        if index < 4 {
            Some(Suit::ALL[index as usize])
        } else {
            None
        }
    }

    /// The suit's index, 0 (clubs) to 3 (spades).
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The suit's letter: `c`, `d`, `h` or `s`.
    pub const fn to_char(self) -> char {
        [b'c', b'd', b'h', b's'][self as usize] as char
    }

    /// The suit's glyph: `♣`, `♦`, `♥` or `♠`.
    pub const fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    /// Parses a suit letter (case-insensitive) or glyph (filled or outlined).
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'c' | 'C' | '♣' | '♧' => Some(Suit::Clubs),
            'd' | 'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'h' | 'H' | '♥' | '♡' => Some(Suit::Hearts),
            's' | 'S' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The suit's English name: "clubs", "diamonds", "hearts" or "spades".
    pub const fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self as usize]
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}
