//! Rangestove: a native range and equity tool for Texas Hold'em.
//!
//! This crate is the application around the `engine` crate: the egui desktop
//! app ([`gui`]) and the command line ([`cli`]), the files both write
//! ([`io`]) and the range presets ([`presets`]). Architecture invariant:
//! all UI code and all file I/O live here, never in `engine`.

#![forbid(unsafe_code)]

pub mod cli;
pub mod gui;
pub mod io;
pub mod presets;
