//! The File menu: the spot as a scenario file ([`spot_file`]) and as
//! text ([`spot_text`]), and the menu's actions carried out on the session
//! ([`actions`]), and the file dialogs or, where there are none, a typed
//! path ([`dialog`]).

pub mod actions;
pub mod dialog;
pub mod spot_file;
pub mod spot_text;
