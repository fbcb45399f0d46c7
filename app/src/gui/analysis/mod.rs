//! The analysis panel ([`panel`]): the equity distribution
//! ([`distribution`]), the selected seat's range on the board
//! ([`breakdown`]) and an exact hand's strength and potential ([`hero`]);
//! the price box ([`price`]), the seat's groups ([`groups`]) and its
//! hand-class table ([`classes`], drawn by [`class_table`], its rows
//! [`class_rows`] computed by [`class_job`] off the UI thread).

pub mod breakdown;
pub mod class_job;
pub mod class_rows;
pub mod class_table;
pub mod classes;
pub mod distribution;
pub mod groups;
pub mod hero;
pub mod panel;
pub mod price;
