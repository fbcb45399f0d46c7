//! What the panels share, and nothing that draws: the spot being edited
//! ([`session`], with its undo [`history`] and saved form [`scenario`]),
//! the line on it ([`line`]), the preferences and how they survive a restart ([`prefs`],
//! [`settings`]), the equity [`feed`], and the runner that keeps a
//! panel's computation off the UI thread ([`background`]).

pub mod background;
pub mod feed;
pub mod history;
pub mod line;
pub mod prefs;
pub mod request;
pub mod scenario;
pub mod session;
pub mod settings;
