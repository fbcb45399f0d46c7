//! The presets panel on the right of the window: the panel's state and
//! what it does with the preset store ([`panel`]), the listing of the
//! user's directory in the background ([`listing`]), and its drawing
//! ([`view`]).

pub mod listing;
pub mod panel;
pub mod view;
