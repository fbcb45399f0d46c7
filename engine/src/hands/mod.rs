//! Hand histories: PHH and PokerStars text read one hand at a time from
//! lines the caller hands in, each hand replayed (pots, side pots,
//! results) and its all-in moment counted exactly with
//! [`crate::equity::calculate`]; per-player sums that merge across shards
//! (docs/design.md §3.11).

mod all_in;
mod chips;
mod error;
mod model;
mod outcome;
mod phh;
mod phh_values;
mod phh_write;
mod reader;
mod replay;
mod report;
mod stars;
mod stars_header;
mod summary;

pub use all_in::{AllIn, AllInPlayer, PotEquity, single};
pub use chips::{Chips, MAX_CHIPS};
pub use error::{Expected, HandError, HandErrorKind};
pub use model::{Action, Game, Hand, HandTime, Hole, Player, Street, position_names};
pub use outcome::Outcome;
pub use phh_write::to_phh;
pub use reader::{Chunk, Format, HandReader, MAX_HAND_BYTES, MAX_HAND_LINES};
pub use replay::Pot;
pub use report::{HandReport, analyse};
pub use summary::{PlayerSums, Summary};
