//! What the panels share, and nothing that draws: the spot being edited
//! ([`session`], with its undo [`history`] and saved form [`scenario`]),
//! the line on it ([`line`]), the preferences and how they survive a restart ([`prefs`],
//! [`settings`]), the equity [`feed`], and the runner that keeps a
//! panel's computation off the UI thread ([`background`]). A seat's
//! groups are kept with its state but are their own room (`gui::groups`);
//! the price box's settings [`price`]; blocker effects for the suit editor
//! [`blockers`].

pub mod background;
pub mod blockers;
pub mod feed;
pub mod history;
pub mod line;
pub mod prefs;
pub mod price;
pub mod request;
pub mod scenario;
pub mod session;
pub mod settings;
