//! Undo and redo of scenario edits.
//!
//! The history stores whole [`Snapshot`]s of what the player edits, as
//! shown, not diffs and not the saved text: a seat whose text has an error
//! counts its last good range, which its text alone cannot give back, so
//! a step restores the texts, the ranges, the errors, the rules, the groups
//! and the board exactly as they were (and the seat selected). Consecutive
//! edits of one kind (typing in one text box, one paint stroke, one slider
//! drag) merge into one step.

use engine::{Card, CardSet};

use super::cards_field::CardsField;
use super::scenario::SeatState;

/// What a step restores: the seats as shown (texts, the ranges counted,
/// errors, rules, groups), the board and the dead cards.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// The seats, in order.
    pub seats: Vec<SeatState>,
    /// The board field.
    pub board: CardsField<Vec<Card>>,
    /// The dead-cards field.
    pub dead: CardsField<CardSet>,
}

/// One state of the history: the snapshot and the seat selected then.
#[derive(Clone, Debug)]
pub struct Step {
    /// What was there.
    pub snapshot: Snapshot,
    /// The seat selected.
    pub selected: usize,
}

/// Steps kept; older ones are dropped.
const LIMIT: usize = 200;

/// What kind of edit produced a change; equal consecutive keys merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditKey {
    /// Typing in a seat's range box.
    SeatText(usize),
    /// Typing in the seat's name box.
    SeatName(usize),
    /// Typing in a seat's continue-rule box.
    RuleText(usize),
    /// Typing in the board box.
    BoardText,
    /// Typing in the dead-cards box.
    DeadText,
    /// One stroke on the grid (the grid's stroke counter).
    Stroke(u64),
    /// One drag of the top-X% slider or the band (the drag counter: two
    /// drags are two steps).
    Slider(u64),
    /// Anything else: always its own step.
    Discrete,
    /// Typing in a group's name box (seat, group).
    GroupName(usize, usize),
}

/// The undo and redo stacks around the last committed scenario.
#[derive(Debug)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
    committed: Step,
    last: Option<EditKey>,
}

impl History {
    /// A history whose present is `now`.
    pub fn new(now: Step) -> History {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
            committed: now,
            last: None,
        }
    }

    /// Records that the scenario became `now` through an edit of kind `key`
    /// (nothing when only the selection differs: selecting is no edit).
    pub fn record(&mut self, now: Step, key: EditKey) {
        if now.snapshot == self.committed.snapshot {
            return;
        }
        if key == EditKey::Discrete || self.last != Some(key) {
            let before = std::mem::replace(&mut self.committed, now);
            self.undo.push(before);
            if self.undo.len() > LIMIT {
                self.undo.remove(0);
            }
        } else {
            self.committed = now;
        }
        self.redo.clear();
        self.last = Some(key);
    }

    /// The scenario before the last step, if any; `now` becomes redoable.
    pub fn undo(&mut self, now: Step) -> Option<Step> {
        let previous = self.undo.pop()?;
        self.redo.push(now);
        self.committed = previous.clone();
        self.last = None;
        Some(previous)
    }

    /// The scenario the last undo left, if any.
    pub fn redo(&mut self, now: Step) -> Option<Step> {
        let next = self.redo.pop()?;
        self.undo.push(now);
        self.committed = next.clone();
        self.last = None;
        Some(next)
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}
