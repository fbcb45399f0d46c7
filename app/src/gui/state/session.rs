//! What the user edits: the seats, the selected seat, the board, the dead
//! cards and their undo history, and the equity request they make.
//!
//! Every edit goes through a [`Session`] method, which records it as an
//! undo step (consecutive edits of one [`EditKey`] merge) and remembers
//! when the scenario first changed since it was last taken
//! ([`Session::take_edited`]), so the equity feed resubmits it. Panels
//! call these methods, or return [`SeatAction`]s that the app applies
//! after drawing.
//!
//! Here: the session made and restored, its changes and undo history, the
//! seat selected, the street shown. The seats' edits are in
//! [`seat_edits`](super::seat_edits), the board's and the dead cards' in
//! [`board_cards`](super::board_cards) (each a [`CardsField`]).

use std::time::Instant;

use engine::line::Street;
use engine::{Card, CardSet, Combo};

use super::cards_field::CardsField;
use super::history::{EditKey, History, Snapshot, Step};
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
    /// Undo the seat removal just made (its notice's button).
    UndoRemove,
}

/// The scenario being edited, with its undo history. (The fields the
/// edits change are the `state` module's: its seat and card edits are
/// methods of the session too.)
#[derive(Debug)]
pub struct Session {
    /// The seats, at least two, at most [`MAX_SEATS`].
    pub(super) seats: Vec<SeatState>,
    /// The seat whose range the grid edits.
    pub(super) selected: usize,
    /// The board: its text, its cards, its error.
    pub(super) board: CardsField<Vec<Card>>,
    /// The dead cards: their text, the cards, the error.
    pub(super) dead: CardsField<CardSet>,
    history: History,
    /// When the scenario first changed since [`Session::take_edited`].
    edited: Option<Instant>,
    /// How many times the scenario has changed (edits, undo, redo, a
    /// replaced spot): what a message about the spot was said at.
    revision: u64,
    /// The street the panels show, as chosen in the street bar (`None`,
    /// or a street the board no longer reaches: the board's own).
    view: Option<StreetView>,
    /// The seat removed last, for its notice while nothing else changed.
    pub(super) removed: Option<Removed>,
}

/// A seat just removed: what its notice says in its place.
#[derive(Clone, Debug)]
pub struct Removed {
    /// Where it was.
    pub index: usize,
    /// Its name.
    pub name: String,
    /// Its range text.
    pub text: String,
    /// The revision its removal made.
    pub(super) revision: u64,
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
            board: CardsField::default(),
            dead: CardsField::default(),
            history: History::new(Step {
                snapshot: Snapshot {
                    seats: Vec::new(),
                    board: CardsField::default(),
                    dead: CardsField::default(),
                },
                selected: 0,
            }),
            edited: None,
            revision: 0,
            view: None,
            removed: None,
        };
        session.load(scenario);
        session.selected = selected.min(session.seats.len() - 1);
        session.history = History::new(session.step());
        session
    }

    /// What undo and redo restore, as it is now: the seats as shown (texts,
    /// the ranges counted, errors, rules, groups), the board, the dead cards.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            seats: self.seats.clone(),
            board: self.board.clone(),
            dead: self.dead.clone(),
        }
    }

    /// The snapshot and the seat selected.
    fn step(&self) -> Step {
        Step {
            snapshot: self.snapshot(),
            selected: self.selected,
        }
    }

    /// Shows a state of the history exactly as it was.
    fn restore_step(&mut self, step: Step) {
        let before = self.board().len();
        self.seats = step.snapshot.seats;
        self.board = step.snapshot.board;
        self.dead = step.snapshot.dead;
        self.selected = step.selected.min(self.seats.len().saturating_sub(1));
        self.follow_board(before);
        self.mark_changed();
    }

    /// The scenario as saved (texts as typed).
    pub fn scenario(&self) -> Scenario {
        Scenario {
            seats: self.seats.iter().map(SeatState::saved).collect(),
            board: self.board.text().to_owned(),
            dead: self.dead.text().to_owned(),
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
        self.read_board(&scenario.board);
        self.dead.set_text(&scenario.dead);
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

    /// The scenario changed: a new revision, and the time of the first
    /// change since [`Session::take_edited`].
    fn mark_changed(&mut self) {
        self.revision += 1;
        self.edited.get_or_insert_with(Instant::now);
    }

    /// After an edit of kind `key`: the scenario changed and the edit
    /// becomes an undo step.
    pub(super) fn edited(&mut self, key: EditKey) {
        self.mark_changed();
        self.record_step(key);
    }

    /// After an edit of kind `key` that changes no equity (a group's): a
    /// new revision and an undo step, but nothing for the feed to count
    /// again.
    pub(super) fn edited_quietly(&mut self, key: EditKey) {
        self.revision += 1;
        self.record_step(key);
    }

    /// The scenario as it is now becomes an undo step of kind `key`.
    fn record_step(&mut self, key: EditKey) {
        let now = self.step();
        self.history.record(now, key);
    }

    /// Undoes the last edit; returns whether there was one.
    pub fn undo(&mut self) -> bool {
        match self.history.undo(self.step()) {
            Some(previous) => {
                self.restore_step(previous);
                true
            }
            None => false,
        }
    }

    /// Redoes the last undone edit; returns whether there was one.
    pub fn redo(&mut self) -> bool {
        match self.history.redo(self.step()) {
            Some(next) => {
                self.restore_step(next);
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

    /// The seat just removed, while nothing else has changed since (its
    /// notice offers the undo in place).
    pub fn removed(&self) -> Option<&Removed> {
        self.removed
            .as_ref()
            .filter(|r| r.revision == self.revision)
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
            SeatAction::UndoRemove => {
                self.undo();
            }
        }
    }

    /// The street the panels show: the one chosen in the street bar while
    /// the board reaches it, else the board's.
    pub fn view(&self) -> StreetView {
        let board = StreetView::of_board(self.board().len());
        self.view.filter(|&v| v <= board).unwrap_or(board)
    }

    /// Shows `view` (no edit: undo does not step through streets). A
    /// street the board does not reach is ignored.
    pub fn set_view(&mut self, view: StreetView) {
        if view <= StreetView::of_board(self.board().len()) && view != self.view() {
            self.view = Some(view);
            self.mark_changed();
        }
    }

    /// The board cards of the street shown.
    pub fn view_board(&self) -> &[Card] {
        let board = self.board();
        &board[..self.view().cards().min(board.len())]
    }

    /// The cards out of play on the street shown: its board cards and the
    /// dead cards.
    pub fn view_out(&self) -> CardSet {
        CardSet::from_bits(
            self.view_board()
                .iter()
                .fold(self.dead().bits(), |m, c| m | c.bit()),
        )
    }

    /// After the board had `before` cards: when a street is dealt or
    /// taken back, the panels show the board's street.
    pub(super) fn follow_board(&mut self, before: usize) {
        if before != self.board().len() {
            self.view = None;
        }
    }

    /// Shows `scenario` in place of the current spot (an opened file, a
    /// pasted spot, New): one undo step.
    pub fn replace_scenario(&mut self, scenario: &Scenario) {
        self.load(scenario);
        self.selected = 0;
        self.edited(EditKey::Discrete);
    }
}
