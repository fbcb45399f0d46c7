//! The Two-Plus-Two table behind one handle: shipped compressed, expanded
//! once and checked whole before any unchecked lookup relies on it.

use std::fmt;
use std::sync::OnceLock;

/// How the table ships and expands (shared with `build.rs`).
#[allow(dead_code)] // build.rs encodes; the engine only decodes.
#[path = "../../build/table_codec.rs"]
mod table_codec;

/// Number of entries in the table.
pub const TABLE_LEN: usize = 32_487_834;

/// The table as `build.rs` wrote it: compressed (see
/// `build/table_codec.rs`), about a fifteenth of its 124 MiB.
static COMPRESSED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/two_plus_two.zst"));

/// The expanded table, once something has walked it.
static TABLE: OnceLock<Result<Table, TableError>> = OnceLock::new();

pub use table_codec::CodecError;

/// Why the evaluator table cannot be used: the program's embedded copy is
/// damaged (it never is in a sound build; reinstall).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The compressed copy does not expand to the table that was built.
    #[error("the evaluator table is damaged: {0}")]
    Codec(#[from] CodecError),
    /// It expands to a number of entries other than [`TABLE_LEN`].
    #[error("the evaluator table is damaged: wrong length")]
    WrongLength,
}

/// The Two-Plus-Two state machine, expanded and checked: 32,487,834
/// entries in rows of 53 (see the module docs of `eval`).
///
/// Invariant, established by [`Table::expand`] (the only constructor) and
/// relied on by every unchecked lookup: the table has exactly
/// [`TABLE_LEN`] entries and every entry is at most `TABLE_LEN - 53`, so
/// `entry + 1 + card_index` is in bounds for any entry and any card.
pub struct Table {
    entries: Box<[u32; TABLE_LEN]>,
}

impl Table {
    /// Expands a compressed table (the format `build.rs` writes), refusing
    /// it with the reason unless it is whole: the right length, every entry
    /// in bounds, and the hash of the table that was built.
    pub fn expand(compressed: &[u8]) -> Result<Table, TableError> {
        let entries = table_codec::decode(compressed, TABLE_LEN)?
            .into_boxed_slice()
            .try_into()
            .map_err(|_| TableError::WrongLength)?;
        Ok(Table { entries })
    }

    /// The entries.
    pub fn entries(&self) -> &[u32; TABLE_LEN] {
        &self.entries
    }
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Table({TABLE_LEN} entries)")
    }
}

/// The program's table, expanded (about 0.2 s, 124 MiB) and checked on
/// first use; later calls return at once. Only the incremental walk
/// (`HandState`) needs it: `evaluate` and the compact evaluator do
/// not, so a program that never walks it never holds it.
pub fn table() -> Result<&'static Table, TableError> {
    TABLE
        .get_or_init(|| Table::expand(COMPRESSED))
        .as_ref()
        .map_err(Clone::clone)
}

/// The table's bytes as shipped (for tests of [`Table::expand`]).
pub fn compressed_table() -> &'static [u8] {
    COMPRESSED
}
