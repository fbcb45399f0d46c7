//! The analysis panel ([`panel`]): the equity distribution
//! ([`distribution`]), the selected seat's range on the board
//! ([`breakdown`]) and an exact hand's strength and potential ([`hero`]);
//! the price box ([`price`]). The seat's groups (`gui::groups`) and its
//! hand-class table (`gui::classes`) are rooms of their own, shown here.

pub mod breakdown;
pub mod distribution;
pub mod hero;
pub mod panel;
pub mod price;
