//! The workspace: every panel of the window is a tile (egui_tiles) the
//! player drags, splits, tabs and resizes. `pane` names the panels,
//! `ready` builds the three ready layouts (Ranges, Study, Train), `saved`
//! keeps a layout with the settings and checks one read back, `tiles`
//! draws each panel in its tile.

pub mod pane;
pub mod ready;
pub mod saved;
pub mod tiles;

pub use pane::Pane;
pub use ready::Ready;
pub use saved::Workspace;
