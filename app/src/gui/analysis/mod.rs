//! The analysis panel ([`panel`]): the equity distribution
//! ([`distribution`]), the selected seat's range on the board
//! ([`breakdown`]) and an exact hand's strength and potential ([`hero`]).

pub mod breakdown;
pub mod distribution;
pub mod hero;
pub mod panel;
