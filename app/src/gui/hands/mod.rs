//! The Hands view: hand histories (PHH or PokerStars text) opened from the
//! File menu or dropped on the window, read on a thread of their own
//! ([`read`]: streamed, with the count so far and the hands skipped), in a
//! sortable, filterable table ([`rows`], [`table`]) under a summary row of
//! the hero's all-in luck (the engine's [`engine::hands::Summary`], the
//! figures of `rangestove hands --summary`). Opening a hand turns it into
//! the spot ([`spot`]: a seat per player still in after the preflop
//! action, ranges from the presets by position and action) and counts the
//! hero's equity on each street reached ([`strip`], on its own thread).
//! What the view keeps between frames is in [`state`]; it is drawn by
//! [`view`].

pub mod read;
pub mod rows;
pub mod spot;
pub mod state;
pub mod strip;
pub mod table;
pub mod view;
