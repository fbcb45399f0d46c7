//! What the user edits: the seats, the selected seat, the board, the dead
//! cards and their undo history, and the equity request they make.
//!
//! Every edit goes through a [`Session`] method, which records it as an
//! undo step (consecutive edits of one [`EditKey`] merge) and remembers
//! when the scenario first changed since it was last taken
//! ([`Session::take_edited`]), so the equity feed resubmits it. Panels
//! call these methods, or return [`SeatAction`]s that the app applies
//! after drawing.

use std::time::Instant;

use engine::card::{ParseCardError, ParseCardErrorKind, parse_cards};
use engine::line::Street;
use engine::{Card, CardSet, Combo, Range};
use rand::seq::IndexedRandom;

use super::history::{EditKey, History};
use super::line::StreetView;
use super::scenario::{SavedSeat, Scenario, SeatMode, SeatState};

/// Most seats the app offers.
pub const MAX_SEATS: usize = 10;

/// A change to the seats asked for by the seats panel.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatAction {
    /// Add a seat holding any hand (and select it).
    Add,
    /// Remove a seat (at least two stay).
    Remove(usize),
    /// Swap two seats (the selection follows its seat).
    Swap(usize, usize),
    /// Edit this seat's range on the grid.
    Select(usize),
    /// Set how a seat takes part.
    Mode(usize, SeatMode),
    /// The seat's range text as typed.
    Text(usize, String),
    /// The seat holds this one hand (picked on the deck): one undo step.
    Hand(usize, Combo),
    /// The seat's continue rule on a street as typed.
    Rule(usize, Street, String),
    /// Show this street (the street bar).
    View(StreetView),
}

/// The scenario being edited, with its undo history.
#[derive(Debug)]
pub struct Session {
    seats: Vec<SeatState>,
    selected: usize,
    board_text: String,
    board: Vec<Card>,
    board_error: Option<String>,
    dead_text: String,
    dead: CardSet,
    dead_error: Option<String>,
    history: History,
    /// When the scenario first changed since [`Session::take_edited`].
    edited: Option<Instant>,
    /// How many times the scenario has changed (edits, undo, redo, a
    /// replaced spot): what a message about the spot was said at.
    revision: u64,
    /// The street the panels show, as chosen in the street bar (`None`,
    /// or a street the board no longer reaches: the board's own).
    view: Option<StreetView>,
}

impl Default for Session {
    /// Two seats (`QQ+,AKs` against `random`), no board.
    fn default() -> Session {
        Session::restore(&Scenario::default(), 0)
    }
}

impl Session {
    /// A session showing `scenario` with seat `selected` chosen (bad texts
    /// come back with their errors); its history starts here.
    pub fn restore(scenario: &Scenario, selected: usize) -> Session {
        let mut session = Session {
            seats: Vec::new(),
            selected: 0,
            board_text: String::new(),
            board: Vec::new(),
            board_error: None,
            dead_text: String::new(),
            dead: CardSet::EMPTY,
            dead_error: None,
            history: History::new(Scenario::default()),
            edited: None,
            revision: 0,
            view: None,
        };
        session.load(scenario);
        session.selected = selected.min(session.seats.len() - 1);
        session.history = History::new(session.scenario());
        session
    }

    /// The scenario as saved (texts as typed).
    pub fn scenario(&self) -> Scenario {
        Scenario {
            seats: self.seats.iter().map(SeatState::saved).collect(),
            board: self.board_text.clone(),
            dead: self.dead_text.clone(),
        }
    }

    /// Shows `scenario` (at least two seats, at most [`MAX_SEATS`]).
    fn load(&mut self, scenario: &Scenario) {
        self.seats = scenario
            .seats
            .iter()
            .take(MAX_SEATS)
            .map(SeatState::from_saved)
            .collect();
        while self.seats.len() < 2 {
            let seat = SavedSeat::numbered(self.seats.len() + 1);
            self.seats.push(SeatState::from_saved(&seat));
        }
        self.selected = self.selected.min(self.seats.len() - 1);
        self.parse_board(&scenario.board);
        self.parse_dead(&scenario.dead);
        self.mark_changed();
    }

    /// When the scenario first changed since the last call, if it did.
    pub fn take_edited(&mut self) -> Option<Instant> {
        self.edited.take()
    }

    /// How many times the scenario has changed so far.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    fn mark_changed(&mut self) {
        self.revision += 1;
        self.edited.get_or_insert_with(Instant::now);
    }

    /// After an edit of kind `key`: the scenario changed and the edit
    /// becomes an undo step.
    fn edited(&mut self, key: EditKey) {
        self.mark_changed();
        let now = self.scenario();
        self.history.record(now, key);
    }

    /// Undoes the last edit; returns whether there was one.
    pub fn undo(&mut self) -> bool {
        match self.history.undo(self.scenario()) {
            Some(previous) => {
                self.load(&previous);
                true
            }
            None => false,
        }
    }

    /// Redoes the last undone edit; returns whether there was one.
    pub fn redo(&mut self) -> bool {
        match self.history.redo(self.scenario()) {
            Some(next) => {
                self.load(&next);
                true
            }
            None => false,
        }
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether there is an edit to redo.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// The seats.
    pub fn seats(&self) -> &[SeatState] {
        &self.seats
    }

    /// The index of the seat whose range the grid edits.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The seat whose range the grid edits.
    pub fn selected_seat(&self) -> &SeatState {
        &self.seats[self.selected]
    }

    /// Chooses the seat whose range the grid edits.
    pub fn select(&mut self, index: usize) {
        if index < self.seats.len() {
            self.selected = index;
        }
    }

    /// Applies a change asked for by the seats panel (one undo step, except
    /// typing, which merges, and selecting, which is no edit).
    pub fn apply(&mut self, action: SeatAction) {
        match action {
            SeatAction::Add => self.add_seat(),
            SeatAction::Remove(index) => self.remove_seat(index),
            SeatAction::Swap(a, b) => self.swap_seats(a, b),
            SeatAction::Select(index) => self.select(index),
            SeatAction::Mode(index, mode) => self.set_seat_mode(index, mode),
            SeatAction::Text(index, text) => {
                self.set_seat_text(index, &text, EditKey::SeatText(index));
            }
            SeatAction::Hand(index, combo) => {
                self.set_seat_text(index, &combo.to_string(), EditKey::Discrete);
            }
            SeatAction::Rule(index, street, text) => {
                self.set_rule_text(index, street, &text, EditKey::RuleText(index));
            }
            SeatAction::View(view) => self.set_view(view),
        }
    }

    /// The street the panels show: the one chosen in the street bar while
    /// the board reaches it, else the board's.
    pub fn view(&self) -> StreetView {
        let board = StreetView::of_board(self.board.len());
        self.view.filter(|&v| v <= board).unwrap_or(board)
    }

    /// Shows `view` (no edit: undo does not step through streets). A
    /// street the board does not reach is ignored.
    pub fn set_view(&mut self, view: StreetView) {
        if view <= StreetView::of_board(self.board.len()) && view != self.view() {
            self.view = Some(view);
            self.mark_changed();
        }
    }

    /// The board cards of the street shown.
    pub fn view_board(&self) -> &[Card] {
        &self.board[..self.view().cards().min(self.board.len())]
    }

    /// The cards out of play on the street shown: its board cards and the
    /// dead cards.
    pub fn view_out(&self) -> CardSet {
        CardSet::from_bits(
            self.view_board()
                .iter()
                .fold(self.dead.bits(), |m, c| m | c.bit()),
        )
    }

    /// Sets seat `index`'s continue rule on `street` as typed (parsed at
    /// once; consecutive edits of one `key` merge into one undo step).
    pub fn set_rule_text(&mut self, index: usize, street: Street, text: &str, key: EditKey) {
        if let Some(seat) = self.seats.get_mut(index)
            && seat.line.text(street) != text
        {
            seat.line.set_text(street, text);
            self.edited(key);
        }
    }

    /// Adds a term to seat `index`'s rule on `street` (a breakdown row's
    /// "Continue with" or "Drop"): one undo step.
    pub fn add_rule_term(&mut self, index: usize, street: Street, token: &str) {
        if let Some(seat) = self.seats.get_mut(index) {
            seat.line.add_term(street, token);
            self.edited(EditKey::Discrete);
        }
    }

    /// Adds a seat holding any hand and selects it (up to [`MAX_SEATS`]).
    pub fn add_seat(&mut self) {
        if self.seats.len() >= MAX_SEATS {
            return;
        }
        let seat = SavedSeat::numbered(self.seats.len() + 1);
        self.seats.push(SeatState::from_saved(&seat));
        self.selected = self.seats.len() - 1;
        self.edited(EditKey::Discrete);
    }

    /// Removes seat `index`, keeping at least two.
    pub fn remove_seat(&mut self, index: usize) {
        if self.seats.len() <= 2 || index >= self.seats.len() {
            return;
        }
        self.seats.remove(index);
        if self.selected > index || self.selected == self.seats.len() {
            self.selected = self.selected.saturating_sub(1);
        }
        self.edited(EditKey::Discrete);
    }

    /// Swaps seats `a` and `b`; the selection follows its seat.
    pub fn swap_seats(&mut self, a: usize, b: usize) {
        if a.max(b) >= self.seats.len() {
            return;
        }
        self.seats.swap(a, b);
        if self.selected == a {
            self.selected = b;
        } else if self.selected == b {
            self.selected = a;
        }
        self.edited(EditKey::Discrete);
    }

    /// Sets how seat `index` takes part (one undo step).
    pub fn set_seat_mode(&mut self, index: usize, mode: SeatMode) {
        if let Some(seat) = self.seats.get_mut(index) {
            seat.mode = mode;
            self.edited(EditKey::Discrete);
        }
    }

    /// Renames seat `index` (typing merges into one undo step).
    pub fn set_seat_name(&mut self, index: usize, name: String) {
        if let Some(seat) = self.seats.get_mut(index) {
            seat.name = name;
            self.edited(EditKey::SeatName(index));
        }
    }

    /// Sets seat `index`'s range text as typed or pasted (any dialect): the
    /// range follows when it parses, else the error is kept.
    pub fn set_seat_text(&mut self, index: usize, text: &str, key: EditKey) {
        if let Some(seat) = self.seats.get_mut(index) {
            seat.set_text(text);
            self.edited(key);
        }
    }

    /// Replaces seat `index`'s range; its text becomes canonical.
    pub fn set_range(&mut self, index: usize, range: Range, key: EditKey) {
        if let Some(seat) = self.seats.get_mut(index) {
            seat.set_range(range);
            self.edited(key);
        }
    }

    /// Lets `edit` change seat `index`'s range in place; it returns the
    /// kind of edit it made, or `None` if the range did not change. After
    /// an edit the text becomes canonical and the edit is recorded.
    pub fn edit_range(&mut self, index: usize, edit: impl FnOnce(&mut Range) -> Option<EditKey>) {
        let Some(seat) = self.seats.get_mut(index) else {
            return;
        };
        if let Some(key) = edit(&mut seat.range) {
            seat.range_edited();
            self.edited(key);
        }
    }

    /// The board as parsed.
    pub fn board(&self) -> &[Card] {
        &self.board
    }

    /// The board text as typed.
    pub fn board_text(&self) -> &str {
        &self.board_text
    }

    /// The dead cards as parsed.
    pub fn dead(&self) -> CardSet {
        self.dead
    }

    /// The dead-cards text as typed.
    pub fn dead_text(&self) -> &str {
        &self.dead_text
    }

    /// Why the board text does not parse, if so.
    pub fn board_error(&self) -> Option<&str> {
        self.board_error.as_deref()
    }

    /// Why the dead-cards text does not parse, if so.
    pub fn dead_error(&self) -> Option<&str> {
        self.dead_error.as_deref()
    }

    fn parse_board(&mut self, text: &str) {
        self.board_text = text.to_owned();
        // The board's cards are distinct too: `AhAh` is "Ah twice".
        match CardSet::parse(text).and_then(|_| parse_cards(text)) {
            Ok(cards) => {
                self.follow_board(cards.len());
                self.board = cards;
                self.board_error = None;
            }
            Err(error) => self.board_error = Some(card_error_text(&error)),
        }
    }

    fn parse_dead(&mut self, text: &str) {
        self.dead_text = text.to_owned();
        match CardSet::parse(text) {
            Ok(dead) => {
                self.dead = dead;
                self.dead_error = None;
            }
            Err(error) => self.dead_error = Some(card_error_text(&error)),
        }
    }

    /// The board text as typed (the board follows when it parses).
    pub fn set_board_text(&mut self, text: &str) {
        self.parse_board(text);
        self.edited(EditKey::BoardText);
    }

    /// The dead-cards text as typed (the cards follow when it parses).
    pub fn set_dead_text(&mut self, text: &str) {
        self.parse_dead(text);
        self.edited(EditKey::DeadText);
    }

    /// Sets the board to `cards`; the text follows.
    pub fn set_board(&mut self, cards: Vec<Card>) {
        self.follow_board(cards.len());
        self.board_text = cards.iter().map(Card::to_string).collect();
        self.board = cards;
        self.board_error = None;
        self.edited(EditKey::Discrete);
    }

    /// A board of `len` cards in place of the current one: when a street
    /// is dealt or taken back, the panels show the board's street.
    fn follow_board(&mut self, len: usize) {
        if len != self.board.len() {
            self.view = None;
        }
    }

    /// Sets the dead cards; the text follows.
    pub fn set_dead(&mut self, dead: CardSet) {
        self.dead = dead;
        self.dead_text = dead.to_string();
        self.dead_error = None;
        self.edited(EditKey::Discrete);
    }

    /// Takes `card` off the board, or deals it as the next board card if
    /// there is room and it is not dead.
    pub fn toggle_board_card(&mut self, card: Card) {
        let mut cards = self.board.clone();
        if let Some(at) = cards.iter().position(|&c| c == card) {
            cards.remove(at);
        } else if cards.len() < 5 && !self.dead.contains(card) {
            cards.push(card);
        } else {
            return;
        }
        self.set_board(cards);
    }

    /// Marks `card` dead, or live again (board cards cannot be dead).
    pub fn toggle_dead_card(&mut self, card: Card) {
        if self.board.contains(&card) {
            return;
        }
        let mut dead = self.dead;
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
            (len - 1).min(self.board.len())
        };
        let mut board: Vec<Card> = self.board[..keep.min(self.board.len())].to_vec();
        let used = CardSet::from_bits(
            board.iter().fold(self.dead.bits(), |m, c| m | c.bit())
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
        match self.board.len() {
            n @ 1..3 => 3 - n,
            _ => 0,
        }
    }

    /// Cards on the board or dead.
    pub fn known_cards(&self) -> CardSet {
        CardSet::from_bits(self.board.iter().fold(self.dead.bits(), |m, c| m | c.bit()))
    }

    /// Cards of seats holding one exact hand, except `seat`.
    pub fn exact_hands_except(&self, seat: Option<usize>) -> CardSet {
        let bits = self
            .seats
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

    /// Shows `scenario` in place of the current spot (an opened file, a
    /// pasted spot, New): one undo step.
    pub fn replace_scenario(&mut self, scenario: &Scenario) {
        self.load(scenario);
        self.selected = 0;
        self.edited(EditKey::Discrete);
    }

    /// Lets `edit` change seat `index` in place (its groups, or its range
    /// and groups at once); when it returns that it changed something, the
    /// change is recorded as an edit of kind `key`. An edit that leaves
    /// the range and mode as they were (a group's) changes no equity: the
    /// feed is not asked to count again.
    pub fn edit_seat(
        &mut self,
        index: usize,
        key: EditKey,
        edit: impl FnOnce(&mut SeatState) -> bool,
    ) {
        let Some(seat) = self.seats.get_mut(index) else {
            return;
        };
        let before = (seat.range.clone(), seat.mode);
        if !edit(seat) {
            return;
        }
        if (&seat.range, seat.mode) == (&before.0, before.1) {
            self.revision += 1;
            let now = self.scenario();
            self.history.record(now, key);
        } else {
            self.edited(key);
        }
    }
}

/// Card-text errors in a player's words: `Ah twice`, `"Xs": not a card…`.
fn card_error_text(error: &ParseCardError) -> String {
    match error.kind {
        ParseCardErrorKind::Duplicate(card) => format!("{card} twice"),
        ref kind => format!("{:?}: {kind}", error.token),
    }
}
