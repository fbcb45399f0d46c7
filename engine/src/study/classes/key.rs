//! What a row of the hand-class table counts: a made hand, a draw, one of
//! the 169 classes or one of a seat's groups. The row is found by this
//! key; its label (the board breakdown's name, the class, the group's
//! name) is only how it is shown.

use std::borrow::Cow;
use std::fmt;

use crate::analysis::{Draw, MadeHand};
use crate::combo::HandClass;
use crate::line::Category;

/// A row of the hand-class table (or of the board breakdown), by what it
/// counts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClassKey {
    /// A made-hand row: every combo with that made hand.
    Made(MadeHand),
    /// A draw row: every combo with that draw.
    Draw(Draw),
    /// One of the 169 starting-hand classes.
    Class(HandClass),
    /// One of a seat's groups.
    Group {
        /// Its place among the seat's groups.
        index: usize,
        /// Its name.
        name: String,
    },
}

impl ClassKey {
    /// The row's label: the board breakdown's name of the made hand or
    /// draw (`top pair, top kicker`), the class (`AKs`), the group's name.
    pub fn label(&self) -> Cow<'_, str> {
        match self {
            ClassKey::Made(m) => Cow::Borrowed(m.name()),
            ClassKey::Draw(d) => Cow::Borrowed(d.name()),
            ClassKey::Class(class) => Cow::Owned(class.to_string()),
            ClassKey::Group { name, .. } => Cow::Borrowed(name),
        }
    }

    /// The continue-rule term naming a made-hand or draw row (`two-pair`,
    /// `flush-draw`); `None` for a class or a group, which no term names.
    pub fn term(&self) -> Option<&'static str> {
        match *self {
            ClassKey::Made(m) => Some(Category::Made(m).name()),
            ClassKey::Draw(d) => Some(Category::Draw(d).name()),
            ClassKey::Class(_) | ClassKey::Group { .. } => None,
        }
    }
}

impl fmt::Display for ClassKey {
    /// The label ([`ClassKey::label`]), padded as asked.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.label())
    }
}
