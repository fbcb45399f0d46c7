//! The File menu: the spot as a scenario file ([`spot_file`]) and as
//! text ([`spot_text`]), and the menu's actions carried out on the session
//! ([`actions`]).

pub mod actions;
pub mod spot_file;
pub mod spot_text;
