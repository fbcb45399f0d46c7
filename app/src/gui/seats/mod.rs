//! The seats panel on the left of the window: one row per seat with its
//! range, thumbnail and equity ([`seat_list`], [`equity`]), and the hand
//! picker that gives a seat one exact hand ([`hand_picker`]). The panel
//! only reads the session: what the user asks for comes back as
//! [`SeatAction`](crate::gui::state::session::SeatAction)s.

pub mod equity;
pub mod hand_picker;
pub mod seat_list;
