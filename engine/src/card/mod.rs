//! Cards, ranks, suits and sets of cards, with parsing and display.
//!
//! Text forms: a card is a rank character (`2`–`9`, `T`, `J`, `Q`, `K`, `A`,
//! case-insensitive, `10` accepted for ten) followed by a suit character
//! (`s`, `h`, `d`, `c`, case-insensitive, or one of the glyphs `♠♥♦♣`).
//! A list of cards may be written with or without separators:
//! `"ahkd"`, `"Ah Kd"`, `"AhKd"` and `"Ah,Kd"` are the same two cards.

mod rank;
mod set;
mod single;
mod text;

pub use rank::{Rank, Suit};
pub use set::{CardSet, CardSetIter};
pub use single::Card;
pub use text::{ParseCardError, ParseCardErrorKind, parse_cards, parse_cards_at};

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn encoding_is_four_times_rank_plus_suit() {
        assert_eq!(card("2c").index(), 0);
        assert_eq!(card("2d").index(), 1);
        assert_eq!(card("3c").index(), 4);
        assert_eq!(card("Ah").index(), 50);
        assert_eq!(card("As").index(), 51);
        for index in 0..52 {
            let c = Card::from_index(index).unwrap();
            assert_eq!(Card::new(c.rank(), c.suit()), c);
        }
        assert_eq!(Card::from_index(52), None);
    }

    #[test]
    fn offsets_are_bytes_of_each_card() {
        let found = parse_cards_at("Ah 10d,K♣").unwrap();
        assert_eq!(
            found,
            vec![(0..2, card("Ah")), (3..6, card("Td")), (7..11, card("Kc"))]
        );
    }
}
