//! The desktop app (eframe/egui): seats with ranges, the range grid and suit
//! editor of the selected seat, a board and dead-card picker, presets, and
//! live equity bars fed by the background worker.
//!
//! The app is state plus panels. [`RangestoveApp`] holds:
//!
//! - what is edited, a [`Session`]: the seats, the selected seat, the board,
//!   the dead cards, their undo history, and the equity request they make;
//! - what is preferred, [`Prefs`]: theme, brush, dialect, sliders and panel
//!   choices, saved as one struct inside [`Persisted`];
//! - what is computed, a [`Feed`]: the equity worker, its latest result and
//!   the responsiveness figures;
//! - each panel's own state ([`EditorState`], [`AnalysisState`],
//!   [`NextState`], [`FlopsState`], [`PresetsPanel`], [`FileMenu`],
//!   [`TrainState`], [`HandsState`]).
//!
//! `app` holds [`RangestoveApp`] and `layout` lays its window out each
//! frame. The folders follow the window: `toolbar` on top and `status` below;
//! `seats` on the left; the `editor` (or the Boards view, `boards`, or the
//! Train view, `train`, which sets the side panels aside) in the middle,
//! the Hands view of hand histories, `hands`, a tab beside them;
//! the `board` picker and `presets` (or `analysis`) on the right;
//! the `files` of the File menu. What the panels share is in `state`; how
//! cards are drawn, words chosen and keys read in `cards`, `wording` and
//! `shortcuts`; the window's size and title in `window`.
//!
//! Each panel is a `*_ui` function taking only what it needs; the seats
//! return [`SeatAction`]s for the app to apply. Edits go through [`Session`]
//! methods, which record undo steps; the end of the frame hands the session
//! to the feed, which submits it when it changed.
//!
//! Architecture invariant: the UI thread never computes equity: the
//! [`Feed`] hands every request to the background worker, and the panels
//! that count (hero, next card, Boards, the presets listing) run on threads
//! of their own (`state::background`).

mod analysis;
mod app;
mod board;
mod boards;
mod cards;
mod charts;
mod classes;
mod editor;
mod files;
mod groups;
mod hands;
mod layout;
mod outcome;
mod presets;
mod seats;
mod shortcuts;
mod sort_header;
mod state;
mod status;
mod toolbar;
mod train;
mod window;
mod wording;
mod workspace;

pub use analysis::breakdown::RowKey;
pub use analysis::hero::{HeroFigures, HeroJob};
pub use analysis::panel::AnalysisState;
pub use app::{RangestoveApp, run};
pub use board::next_card::{NextFigures, NextState};
pub use boards::job::FlopsFigures;
pub use boards::state::FlopsState;
pub use editor::grid;
pub use editor::state::EditorState;
pub use files::actions::{FileMenu, grid_as_image, grid_caption, spot_as_text};
pub use files::dialog::Dialogs;
pub use hands::state::HandsState;
pub use outcome::Outcome;
pub use presets::panel::PresetsPanel;
pub use state::feed::{Feed, Timing};
pub use state::history::{EditKey, Snapshot};
pub use state::prefs::{CardMode, Centre, Persisted, Prefs};
pub use state::scenario::{SavedSeat, Scenario, SeatMode, SeatState};
pub use state::session::{MAX_SEATS, SeatAction, Session};
pub use state::settings::{Loaded, load as load_settings, settings_file};
pub use train::answer::{Scored, Verdict};
pub use train::state::TrainState;
pub use train::stats::{Record, Stats, WITHIN, stats_file};
pub use window::TITLE;
pub use workspace::{Pane, Ready, Workspace};
