//! The file format of the heads-up preflop table (version 1; see the
//! [module docs](super)): encoding, checking and reading entries.

use std::sync::OnceLock;

use super::canonical::{NO_SLOT, SLOTS, canonical, canonical_pairs, relative};
use super::{BOARDS, FORMAT_VERSION, MAGIC, UNORDERED_CLASSES};
use crate::combo::{COMBOS, Combo};

/// Bits per count in an entry.
const COUNT_BITS: usize = 21;
/// Bits per entry: wins then ties.
pub(super) const ENTRY_BITS: usize = 2 * COUNT_BITS;
/// Magic, version, entry count, boards.
pub(super) const HEADER_BYTES: usize = 8 + 4 + 4 + 4;
/// The trailing checksum.
pub(super) const CHECKSUM_BYTES: usize = 8;

/// One combo's results against another over every board that avoids both:
/// counts from the first combo's point of view, summing to [`BOARDS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Matchup {
    /// Boards on which the first combo wins.
    pub wins: u32,
    /// Boards on which the two hands tie.
    pub ties: u32,
    /// Boards on which the first combo loses.
    pub losses: u32,
}

impl Matchup {
    /// The same matchup from the other combo's point of view.
    #[must_use]
    pub fn swapped(self) -> Matchup {
        Matchup {
            wins: self.losses,
            ties: self.ties,
            losses: self.wins,
        }
    }

    /// The first combo's equity: (wins + ties / 2) / boards.
    pub fn equity(self) -> f64 {
        let total = self.wins + self.ties + self.losses;
        if total == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + f64::from(self.ties) / 2.0) / f64::from(total)
    }
}

/// Why table bytes were rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// Fewer bytes than a header and a checksum.
    #[error("the preflop table has {0} bytes, too few for a header")]
    TooShort(usize),
    /// The first bytes are not [`MAGIC`].
    #[error("not a preflop table (bad magic bytes)")]
    BadMagic,
    /// A format version this code does not read.
    #[error("preflop table format version {0} is not supported (expected {FORMAT_VERSION})")]
    UnsupportedVersion(u32),
    /// The header's entry count is not [`UNORDERED_CLASSES`].
    #[error("the preflop table has {0} entries; expected {UNORDERED_CLASSES}")]
    WrongCount(u32),
    /// The header's board count is not [`BOARDS`].
    #[error("the preflop table counts {0} boards per matchup; expected {BOARDS}")]
    WrongBoards(u32),
    /// The file is not as long as its header says.
    #[error("the preflop table has {found} bytes; its header implies {expected}")]
    WrongLength {
        /// Bytes the header implies.
        expected: usize,
        /// Bytes present.
        found: usize,
    },
    /// The checksum does not match the contents.
    #[error("the preflop table is corrupt: checksum {found:016x}, expected {expected:016x}")]
    Checksum {
        /// The checksum stored in the file.
        expected: u64,
        /// The checksum of the contents.
        found: u64,
    },
    /// An entry whose wins and ties exceed the board count.
    #[error("preflop table entry {0} counts more than {BOARDS} boards")]
    BadEntry(usize),
}

/// The table's checksum: a 64-bit hash of `bytes` in four interleaved
/// lanes of 64-bit words (so it runs at memory speed, about 20 µs for the
/// table), each step `lane = (lane ^ word) * K; lane ^= lane >> 32`, the
/// lanes and the length mixed at the end. Every step is invertible, so any
/// change confined to one word always changes the hash; it detects
/// corruption, not tampering.
pub fn checksum(bytes: &[u8]) -> u64 {
    const K: [u64; 4] = [
        0x9e37_79b9_7f4a_7c15,
        0xc2b2_ae3d_27d4_eb4f,
        0x1656_67b1_9e37_79f9,
        0xd6e8_feb8_6659_fd93,
    ];
    #[inline(always)]
    fn step(lane: u64, word: u64, k: u64) -> u64 {
        let x = (lane ^ word).wrapping_mul(k);
        x ^ x >> 32
    }
    let word = |chunk: &[u8]| {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        u64::from_le_bytes(w)
    };
    let mut lanes = K.map(|k| k.rotate_left(17));
    let mut blocks = bytes.chunks_exact(32);
    for block in &mut blocks {
        for (i, lane) in lanes.iter_mut().enumerate() {
            *lane = step(*lane, word(&block[8 * i..8 * i + 8]), K[i]);
        }
    }
    for (i, chunk) in blocks.remainder().chunks(8).enumerate() {
        lanes[i] = step(lanes[i], word(chunk), K[i]);
    }
    let mixed = lanes
        .iter()
        .zip(K)
        .fold(bytes.len() as u64, |h, (&lane, k)| {
            step(h, step(lane, 0, k), K[0])
        });
    step(mixed, 0, K[1])
}

// --- Canonical form -------------------------------------------------------

/// Reads the 42-bit entry starting at bit `bit` of `payload` (bits past the
/// end read as zero).
#[inline]
fn read_entry(payload: &[u8], bit: usize) -> u64 {
    let byte = bit / 8;
    let mut window = [0u8; 8];
    match payload.get(byte..byte + 8) {
        Some(src) => window.copy_from_slice(src),
        None => {
            let rest = payload.get(byte..).unwrap_or_default();
            window[..rest.len()].copy_from_slice(rest);
        }
    }
    (u64::from_le_bytes(window) >> (bit % 8)) & ((1 << ENTRY_BITS) - 1)
}

/// Writes `value` (at most 42 bits) at bit `bit` of `payload`, which is
/// zero there.
pub(super) fn write_entry(payload: &mut [u8], bit: usize, value: u64) {
    let shifted = value << (bit % 8);
    for (k, byte) in payload.iter_mut().skip(bit / 8).take(8).enumerate() {
        *byte |= (shifted >> (8 * k)) as u8;
    }
}

/// Serialises the counts of the [`canonical_pairs`], in that order, to the
/// file format. Fails with [`TableError::WrongCount`] for a list of another
/// length and [`TableError::BadEntry`] for counts that do not add up to
/// [`BOARDS`], or differ between wins and losses for a pair that a suit
/// permutation swaps (`AsAh` vs `AdAc`).
pub fn encode(matchups: &[Matchup]) -> Result<Vec<u8>, TableError> {
    if matchups.len() != UNORDERED_CLASSES {
        return Err(TableError::WrongCount(matchups.len() as u32));
    }
    let mut out = Vec::with_capacity(file_len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(UNORDERED_CLASSES as u32).to_le_bytes());
    out.extend_from_slice(&BOARDS.to_le_bytes());
    let mut payload = vec![0u8; payload_len()];
    for (i, (m, (a, b))) in matchups.iter().zip(canonical_pairs()).enumerate() {
        let boards = u64::from(m.wins) + u64::from(m.ties) + u64::from(m.losses);
        let symmetric = canonical(b, a) == Some((a, b));
        if boards != u64::from(BOARDS) || symmetric && m.wins != m.losses {
            return Err(TableError::BadEntry(i));
        }
        let value = u64::from(m.wins) | u64::from(m.ties) << COUNT_BITS;
        write_entry(&mut payload, i * ENTRY_BITS, value);
    }
    out.extend_from_slice(&payload);
    let checksum = checksum(&out);
    out.extend_from_slice(&checksum.to_le_bytes());
    Ok(out)
}

/// Bytes of the entries.
const fn payload_len() -> usize {
    (UNORDERED_CLASSES * ENTRY_BITS).div_ceil(8)
}

/// Bytes of the whole file.
pub(super) const fn file_len() -> usize {
    HEADER_BYTES + payload_len() + CHECKSUM_BYTES
}

/// A little-endian `u32` at `at` (zero past the end).
fn read_u32(bytes: &[u8], at: usize) -> u32 {
    let mut word = [0u8; 4];
    if let Some(src) = bytes.get(at..at + 4) {
        word.copy_from_slice(src);
    }
    u32::from_le_bytes(word)
}

/// A checked table: the counts of every ordered pair of disjoint combos,
/// read from the file's bytes (borrowed, not copied).
pub struct Table<'a> {
    /// The packed entries.
    payload: &'a [u8],
    /// `rows[class * 1326 + b]`: `[wins, ties]` of the class's
    /// representative against combo `b`, `[0, 0]` where they meet;
    /// expanded at the first large spot.
    pub(super) rows: OnceLock<Vec<[u32; 2]>>,
}

impl std::fmt::Debug for Table<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("payload_bytes", &self.payload.len())
            .field("rows_expanded", &self.rows.get().is_some())
            .finish()
    }
}

/// Checks table bytes in the format the module docs describe: magic,
/// version, entry and board counts, length and checksum. The entries
/// themselves are trusted as the checksum covers them and [`encode`]
/// refuses bad ones ([`Table::check_entries`] checks them all again, for
/// the generator and the tests); reading a bad entry anyway gives wrong
/// counts, never a panic.
pub fn parse(bytes: &[u8]) -> Result<Table<'_>, TableError> {
    if bytes.len() < HEADER_BYTES + CHECKSUM_BYTES {
        return Err(TableError::TooShort(bytes.len()));
    }
    if bytes[..8] != MAGIC {
        return Err(TableError::BadMagic);
    }
    let version = read_u32(bytes, 8);
    if version != FORMAT_VERSION {
        return Err(TableError::UnsupportedVersion(version));
    }
    let count = read_u32(bytes, 12);
    if count as usize != UNORDERED_CLASSES {
        return Err(TableError::WrongCount(count));
    }
    let boards = read_u32(bytes, 16);
    if boards != BOARDS {
        return Err(TableError::WrongBoards(boards));
    }
    if bytes.len() != file_len() {
        return Err(TableError::WrongLength {
            expected: file_len(),
            found: bytes.len(),
        });
    }
    let (body, stored) = bytes.split_at(bytes.len() - CHECKSUM_BYTES);
    let mut word = [0u8; 8];
    word.copy_from_slice(stored);
    let expected = u64::from_le_bytes(word);
    let found = checksum(body);
    if found != expected {
        return Err(TableError::Checksum { expected, found });
    }
    Ok(Table {
        payload: &body[HEADER_BYTES..],
        rows: OnceLock::new(),
    })
}

impl Table<'_> {
    /// Checks that no entry counts more than [`BOARDS`] boards (about
    /// 0.1 ms; [`parse`] leaves it out).
    pub fn check_entries(&self) -> Result<(), TableError> {
        match (0..UNORDERED_CLASSES).find(|&e| {
            let [wins, ties] = self.entry(e);
            wins + ties > BOARDS
        }) {
            Some(bad) => Err(TableError::BadEntry(bad)),
            None => Ok(()),
        }
    }

    /// Entry `e`'s `[wins, ties]`, in its stored orientation.
    #[inline]
    pub(super) fn entry(&self, e: usize) -> [u32; 2] {
        let value = read_entry(self.payload, e * ENTRY_BITS);
        [
            (value & ((1 << COUNT_BITS) - 1)) as u32,
            (value >> COUNT_BITS) as u32,
        ]
    }

    /// The `[wins, ties]` a `SLOTS` entry stands for, from the
    /// representative's side; `[0, 0]` for [`NO_SLOT`].
    #[inline]
    pub(super) fn slot_counts(&self, slot: u32) -> [u32; 2] {
        if slot == NO_SLOT {
            return [0, 0];
        }
        let [wins, ties] = self.entry((slot >> 1) as usize);
        if slot & 1 == 0 {
            [wins, ties]
        } else {
            [BOARDS.saturating_sub(wins + ties), ties]
        }
    }

    /// The counts of `a` against `b`, from `a`'s point of view; `None` if
    /// they share a card.
    pub fn matchup(&self, a: Combo, b: Combo) -> Option<Matchup> {
        if !a.mask().is_disjoint(b.mask()) {
            return None;
        }
        let (class, b, _) = relative(a.index(), b.index());
        let [wins, ties] = self.slot_counts(SLOTS[class * COMBOS + b]);
        Some(Matchup {
            wins,
            ties,
            losses: BOARDS.saturating_sub(wins + ties),
        })
    }

    /// The expanded rows (see the module docs), built at the first call.
    pub(super) fn rows(&self) -> &[[u32; 2]] {
        self.rows
            .get_or_init(|| SLOTS.iter().map(|&slot| self.slot_counts(slot)).collect())
    }
}
