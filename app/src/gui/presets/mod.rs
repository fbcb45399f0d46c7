//! The presets panel on the right of the window: the panel's state and
//! what it does with the preset store ([`panel`]), and its drawing
//! ([`view`]).

pub mod panel;
pub mod view;
