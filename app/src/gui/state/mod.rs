//! What the panels share, and nothing that draws: the spot being edited
//! ([`session`], with its undo [`history`] and saved form [`scenario`];
//! its edits of the seats [`seat_edits`] and of the cards [`board_cards`],
//! the board and the dead cards each a [`cards_field`]),
//! the line on it ([`line`]), the preferences and how they survive a restart ([`prefs`],
//! [`settings`]), the equity [`feed`], and the runner that keeps a
//! panel's computation off the UI thread ([`background`]). A seat's
//! groups are kept with its state but are their own room (`gui::groups`);
//! the price box's settings [`price`]; blocker effects for the suit editor
//! [`blockers`]; what a field in error counts ([`reads`]).

pub mod background;
pub mod blockers;
pub mod board_cards;
pub mod cards_field;
pub mod feed;
pub mod history;
pub mod line;
pub mod prefs;
pub mod price;
pub mod reads;
pub mod request;
pub mod scenario;
pub mod seat_edits;
pub mod session;
pub mod settings;
