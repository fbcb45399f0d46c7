//! The repository itself: the code's shape and the documents' length, the
//! Debian package.

mod architecture; // the engine's modules import one way; no source file too long; ARCHITECTURE.md and README.md short, docs/guide.md linked
mod package; // the Debian package: its files, control fields, the binary and desktop entry it installs
