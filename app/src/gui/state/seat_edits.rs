//! A session's seats edited: their ranges, texts, names, modes and continue
//! rules, seats added, removed and swapped; each edit an undo step.

use engine::Range;
use engine::line::Street;

use super::history::EditKey;
use super::scenario::{SavedSeat, SeatMode, SeatState};
use super::session::{MAX_SEATS, Removed, Session};

impl Session {
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

    /// Removes seat `index`, keeping at least two; the seats panel then
    /// says what went, with its undo, until something else changes.
    pub fn remove_seat(&mut self, index: usize) {
        if self.seats.len() <= 2 || index >= self.seats.len() {
            return;
        }
        let seat = self.seats.remove(index);
        if self.selected > index || self.selected == self.seats.len() {
            self.selected = self.selected.saturating_sub(1);
        }
        self.edited(EditKey::Discrete);
        self.removed = Some(Removed {
            index,
            name: seat.name,
            text: seat.text,
            revision: self.revision(),
        });
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
            self.edited_quietly(key);
        } else {
            self.edited(key);
        }
    }
}
