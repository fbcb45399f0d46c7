//! The seats panel on the left of the window: one row per seat with its
//! range, thumbnail and equity ([`seat_list`], [`equity`]), the street bar
//! and each seat's continue rule ([`line_rows`]; errors marked at the
//! token, [`marked_text`]), and the hand picker that gives a seat one
//! exact hand ([`hand_picker`]); status texts keep two lines
//! ([`status_text`]). The panel
//! only reads the session: what the user asks for comes back as
//! [`SeatAction`](crate::gui::state::session::SeatAction)s.

pub mod equity;
pub mod hand_picker;
pub mod line_rows;
pub mod marked_text;
pub mod seat_list;
pub mod status_text;
