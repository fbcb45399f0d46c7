//! A session's board and dead cards: read as typed, picked on the deck,
//! dealt at random, and the cards they take out of play.

use engine::{Card, CardSet};
use rand::seq::IndexedRandom;

use super::history::EditKey;
use super::reads::field_message;
use super::session::Session;

impl Session {
    /// The board as parsed.
    pub fn board(&self) -> &[Card] {
        self.board.cards()
    }

    /// The board text as typed.
    pub fn board_text(&self) -> &str {
        self.board.text()
    }

    /// The dead cards as parsed.
    pub fn dead(&self) -> CardSet {
        *self.dead.cards()
    }

    /// The dead-cards text as typed.
    pub fn dead_text(&self) -> &str {
        self.dead.text()
    }

    /// Why the board text does not parse, if so.
    pub fn board_error(&self) -> Option<&str> {
        self.board.error()
    }

    /// Why the dead-cards text does not parse, if so.
    pub fn dead_error(&self) -> Option<&str> {
        self.dead.error()
    }

    /// While the board text does not read: the error and the cards
    /// counted, in full.
    pub fn board_message(&self) -> Option<String> {
        Some(field_message(
            self.board.error()?,
            self.board.counted()?,
            "no board card",
        ))
    }

    /// While the dead-cards text does not read: the error and the cards
    /// counted, in full.
    pub fn dead_message(&self) -> Option<String> {
        Some(field_message(
            self.dead.error()?,
            self.dead.counted()?,
            "no dead card",
        ))
    }

    /// While the board text does not read: the part of it counted.
    pub fn board_counted(&self) -> Option<&str> {
        self.board.counted()
    }

    /// While the dead-cards text does not read: the part of it counted.
    pub fn dead_counted(&self) -> Option<&str> {
        self.dead.counted()
    }

    /// Reads the board text (no edit recorded): the board follows when it
    /// parses, and the panels show its street when it gains or loses one.
    pub(super) fn read_board(&mut self, text: &str) {
        let before = self.board().len();
        self.board.set_text(text);
        self.follow_board(before);
    }

    /// The board text as typed (the board follows when it parses).
    pub fn set_board_text(&mut self, text: &str) {
        self.read_board(text);
        self.edited(EditKey::BoardText);
    }

    /// The dead-cards text as typed (the cards follow when it parses).
    pub fn set_dead_text(&mut self, text: &str) {
        self.dead.set_text(text);
        self.edited(EditKey::DeadText);
    }

    /// Sets the board to `cards`; the text follows.
    pub fn set_board(&mut self, cards: Vec<Card>) {
        let before = self.board().len();
        self.board.set_cards(cards);
        self.follow_board(before);
        self.edited(EditKey::Discrete);
    }

    /// Sets the dead cards; the text follows.
    pub fn set_dead(&mut self, dead: CardSet) {
        self.dead.set_cards(dead);
        self.edited(EditKey::Discrete);
    }

    /// Takes `card` off the board, or deals it as the next board card if
    /// there is room and it is not dead.
    pub fn toggle_board_card(&mut self, card: Card) {
        let mut cards = self.board().to_vec();
        if let Some(at) = cards.iter().position(|&c| c == card) {
            cards.remove(at);
        } else if cards.len() < 5 && !self.dead().contains(card) {
            cards.push(card);
        } else {
            return;
        }
        self.set_board(cards);
    }

    /// Marks `card` dead, or live again (board cards cannot be dead).
    pub fn toggle_dead_card(&mut self, card: Card) {
        if self.board().contains(&card) {
            return;
        }
        let mut dead = self.dead();
        if !dead.remove(card) {
            dead.insert(card);
        }
        self.set_dead(dead);
    }

    /// Deals random board cards from the live ones so the board has `len`
    /// cards: a new flop for 3; for 4 and 5 the earlier streets are kept
    /// (and dealt first when missing).
    pub fn random_board(&mut self, len: usize) {
        let keep = if len == 3 {
            0
        } else {
            (len - 1).min(self.board().len())
        };
        let mut board: Vec<Card> = self.board()[..keep.min(self.board().len())].to_vec();
        let used = CardSet::from_bits(
            board.iter().fold(self.dead().bits(), |m, c| m | c.bit())
                | self.exact_hands_except(None).bits(),
        );
        let mut live: Vec<Card> = used.complement().iter().collect();
        let mut rng = rand::rng();
        while board.len() < len {
            let Some(&card) = live.choose(&mut rng) else {
                return;
            };
            live.retain(|&c| c != card);
            board.push(card);
        }
        self.set_board(board);
    }

    /// Board cards still to pick before the flop is whole: 1 or 2 while a
    /// flop is being clicked in, else 0 (no board, or a flop or more).
    pub fn flop_missing(&self) -> usize {
        match self.board().len() {
            n @ 1..3 => 3 - n,
            _ => 0,
        }
    }

    /// Cards on the board or dead.
    pub fn known_cards(&self) -> CardSet {
        CardSet::from_bits(
            self.board()
                .iter()
                .fold(self.dead().bits(), |m, c| m | c.bit()),
        )
    }

    /// Cards of seats holding one exact hand, except `seat`.
    pub fn exact_hands_except(&self, seat: Option<usize>) -> CardSet {
        let bits = self
            .seats()
            .iter()
            .enumerate()
            .filter(|&(i, _)| Some(i) != seat)
            .filter_map(|(_, s)| s.exact_hand())
            .fold(0, |m, combo| m | combo.mask().bits());
        CardSet::from_bits(bits)
    }

    /// Cards `seat`'s hands cannot hold on the street shown: its board
    /// cards, the dead cards and the other seats' exact hands.
    pub fn blocked_for(&self, seat: usize) -> CardSet {
        CardSet::from_bits(self.view_out().bits() | self.exact_hands_except(Some(seat)).bits())
    }
}
