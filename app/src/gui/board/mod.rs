//! The top of the right-hand panel: the board and dead-card picker
//! ([`card_picker`]) and, under it, every card that can come next
//! ([`next_card`]).

pub mod card_picker;
pub mod next_card;
