//! How the Two-Plus-Two table ships: compressed by `build.rs`, expanded by
//! the engine (`eval::Table`) the first time an enumeration walks it.
//!
//! The table is 32,487,834 `u32`s in rows of 53 (see `two_plus_two.rs`).
//! General compressors do poorly on it as it stands (zstd -19 with long
//! matching: 13.4 MB in ~50 s), so it is first rewritten into two streams
//! that expose its structure (measured in docs/performance.md):
//!
//! * **Head**: the rows of states with up to five cards, whose card slots
//!   hold row offsets (multiples of 53). Each offset becomes its state's
//!   number (`offset / 53`), stored as the zigzag difference from the last
//!   non-zero number earlier in the row (children of one state are close
//!   together); slot 0 (a rank or zero) is kept as it is. The `u32`s are
//!   then split into their four byte planes, block by block, so the
//!   mostly-zero high bytes compress apart from the busy low ones.
//! * **Tail**: the rows of six-card states, whose slots hold the hand ranks
//!   of seven cards (below 2^16): stored as `u16`s.
//!
//! Each stream is one zstd frame (level 16, long-distance matching). A
//! header gives the table's length, where the tail starts and a 64-bit hash
//! of the whole table; expansion checks all three, and that every entry is
//! small enough for the engine's unchecked lookups, before the table is
//! used.
//!
//! This file is compiled twice: by `build.rs` (encoding) and by the engine
//! (decoding).

use std::io::Read;

/// Entries per row.
const ROW: usize = 53;
/// Entries per byte-plane block of the head.
const BLOCK: usize = 1 << 16;
/// The header's first bytes.
const MAGIC: [u8; 4] = *b"R2P2";
/// The format's version.
const VERSION: u32 = 1;
/// Header bytes: magic, version, length, tail row, hash, two frame lengths.
const HEADER: usize = 4 + 4 + 4 + 4 + 8 + 8 + 8;
/// Compression level. 16: 9.2 MB in 28 s of CPU, where 19 made 8.3 MB in
/// 68 s: 40 s of every clean build for 0.9 MB (13: 12.2 MB in 13 s).
pub const LEVEL: i32 = 16;
/// The window of long-distance matching (2^27 bytes, zstd's default limit
/// for decoders, so the decoder needs no special setting).
const WINDOW_LOG: u32 = 27;

/// Why a compressed table was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodecError {
    /// The header is missing, of another format or inconsistent.
    Header(&'static str),
    /// A stream would not decompress (zstd's message).
    Stream(String),
    /// A stream ended early or ran on.
    Length(&'static str),
    /// An entry points past the table.
    OutOfBounds {
        /// The entry's position.
        index: usize,
    },
    /// The expanded table is not the one `build.rs` wrote.
    Hash,
}

impl std::fmt::Display for CodecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CodecError::Header(what) => write!(f, "bad header: {what}"),
            CodecError::Stream(what) => write!(f, "a stream does not decompress: {what}"),
            CodecError::Length(what) => write!(f, "wrong length: {what}"),
            CodecError::OutOfBounds { index } => {
                write!(f, "entry {index} points past the table")
            }
            CodecError::Hash => write!(f, "the expanded table is not the one built"),
        }
    }
}

impl std::error::Error for CodecError {}

/// The table's hash: 64-bit FNV-1a over its entries (a corruption check,
/// not a defence against tampering).
pub fn hash(table: &[u32]) -> u64 {
    table.iter().fold(0xcbf2_9ce4_8422_2325, |h: u64, &entry| {
        (h ^ u64::from(entry)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The first row whose every entry fits a `u16`, with every row after it:
/// the six-card states.
fn tail_row(table: &[u32]) -> usize {
    let rows = table.len() / ROW;
    let mut row = rows;
    while row > 0
        && table[(row - 1) * ROW..row * ROW]
            .iter()
            .all(|&e| e < 1 << 16)
    {
        row -= 1;
    }
    row
}

fn zigzag(x: i64) -> u32 {
    ((x << 1) ^ (x >> 63)) as u32
}

fn unzigzag(x: u32) -> i64 {
    i64::from(x >> 1) ^ -i64::from(x & 1)
}

/// The head rows as `u32`s in plane blocks (see the module docs).
fn head_planes(head: &[u32]) -> Vec<u8> {
    let mut values = Vec::with_capacity(head.len());
    for row in head.chunks(ROW) {
        let mut last = 0i64;
        for (slot, &entry) in row.iter().enumerate() {
            if slot == 0 {
                values.push(entry);
                continue;
            }
            assert!(
                (entry as usize).is_multiple_of(ROW),
                "a head slot holds a row offset"
            );
            let id = i64::from(entry) / ROW as i64;
            values.push(zigzag(id - last));
            if id != 0 {
                last = id;
            }
        }
    }
    let mut bytes = Vec::with_capacity(values.len() * 4);
    for block in values.chunks(BLOCK) {
        for plane in 0..4 {
            bytes.extend(block.iter().map(|v| (v >> (8 * plane)) as u8));
        }
    }
    bytes
}

/// One zstd frame of `bytes` at [`LEVEL`] with long-distance matching.
fn compress(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    use zstd::zstd_safe::CParameter;
    let mut compressor = zstd::bulk::Compressor::new(LEVEL)?;
    compressor.set_parameter(CParameter::EnableLongDistanceMatching(true))?;
    compressor.set_parameter(CParameter::WindowLog(WINDOW_LOG))?;
    // A damaged frame then fails to decode rather than decoding wrong.
    compressor.set_parameter(CParameter::ChecksumFlag(true))?;
    compressor.compress(bytes)
}

/// The compressed form of `table` (head and tail compressed on two threads).
pub fn encode(table: &[u32]) -> std::io::Result<Vec<u8>> {
    let split = tail_row(table);
    let (head, tail) = table.split_at(split * ROW);
    let tail_bytes: Vec<u8> = tail
        .iter()
        .flat_map(|&e| (e as u16).to_le_bytes())
        .collect();
    let (head_frame, tail_frame) = std::thread::scope(|s| {
        let tail = s.spawn(|| compress(&tail_bytes));
        let head = compress(&head_planes(head));
        (
            head,
            tail.join().expect("the compressing thread does not panic"),
        )
    });
    let (head_frame, tail_frame) = (head_frame?, tail_frame?);
    let mut out = Vec::with_capacity(HEADER + head_frame.len() + tail_frame.len());
    out.extend(MAGIC);
    out.extend(VERSION.to_le_bytes());
    out.extend((table.len() as u32).to_le_bytes());
    out.extend((split as u32).to_le_bytes());
    out.extend(hash(table).to_le_bytes());
    out.extend((head_frame.len() as u64).to_le_bytes());
    out.extend((tail_frame.len() as u64).to_le_bytes());
    out.extend(head_frame);
    out.extend(tail_frame);
    Ok(out)
}

/// Little-endian integers at the front of a byte slice.
fn take<const N: usize>(bytes: &mut &[u8]) -> Result<[u8; N], CodecError> {
    let (first, rest) = bytes
        .split_first_chunk::<N>()
        .ok_or(CodecError::Header("too short"))?;
    *bytes = rest;
    Ok(*first)
}

/// Reads exactly `buf.len()` bytes of a stream.
fn fill(stream: &mut impl Read, buf: &mut [u8], what: &'static str) -> Result<(), CodecError> {
    stream.read_exact(buf).map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => CodecError::Length(what),
        _ => CodecError::Stream(e.to_string()),
    })
}

/// Expands `compressed` into a table of `expected_len` entries, checking it
/// whole (length, hash, every entry at most `len - 53`) before returning it.
pub fn decode(compressed: &[u8], expected_len: usize) -> Result<Vec<u32>, CodecError> {
    let mut bytes = compressed;
    if take::<4>(&mut bytes)? != MAGIC {
        return Err(CodecError::Header("not a Rangestove table"));
    }
    if u32::from_le_bytes(take(&mut bytes)?) != VERSION {
        return Err(CodecError::Header("another version"));
    }
    let len = u32::from_le_bytes(take(&mut bytes)?) as usize;
    let split = u32::from_le_bytes(take(&mut bytes)?) as usize;
    let expected_hash = u64::from_le_bytes(take(&mut bytes)?);
    let head_len = u64::from_le_bytes(take(&mut bytes)?);
    let tail_len = u64::from_le_bytes(take(&mut bytes)?);
    if len != expected_len || !len.is_multiple_of(ROW) || split * ROW > len {
        return Err(CodecError::Header("sizes"));
    }
    let frames = usize::try_from(head_len.saturating_add(tail_len)).unwrap_or(usize::MAX);
    if frames != bytes.len() {
        return Err(CodecError::Header("frame lengths"));
    }
    let (head_frame, tail_frame) = bytes.split_at(head_len as usize);
    let mut table = vec![0u32; len];
    let (head, tail) = table.split_at_mut(split * ROW);
    // The two frames on two threads.
    let (head, tail) = std::thread::scope(|s| {
        let tail = std::thread::Builder::new()
            .name("rangestove-table-tail".to_owned())
            .spawn_scoped(s, || decode_tail(tail_frame, tail));
        let head = decode_head(head_frame, head);
        (head, tail.map(|t| t.join()))
    });
    head?;
    match tail {
        Ok(Ok(tail)) => tail?,
        _ => return Err(CodecError::Stream("the expanding thread failed".to_owned())),
    }
    let limit = (len - ROW) as u32;
    if let Some(index) = table.iter().position(|&e| e > limit) {
        return Err(CodecError::OutOfBounds { index });
    }
    if hash(&table) != expected_hash {
        return Err(CodecError::Hash);
    }
    Ok(table)
}

/// A zstd stream over `frame` that must end where the data ends.
fn stream(frame: &[u8]) -> Result<zstd::stream::read::Decoder<'static, &[u8]>, CodecError> {
    zstd::stream::read::Decoder::with_buffer(frame).map_err(|e| CodecError::Stream(e.to_string()))
}

/// Nothing may follow the data in a stream.
fn at_end(stream: &mut impl Read, what: &'static str) -> Result<(), CodecError> {
    let mut extra = [0u8; 1];
    match stream.read(&mut extra) {
        Ok(0) => Ok(()),
        Ok(_) => Err(CodecError::Length(what)),
        Err(e) => Err(CodecError::Stream(e.to_string())),
    }
}

fn decode_head(frame: &[u8], head: &mut [u32]) -> Result<(), CodecError> {
    let mut stream = stream(frame)?;
    let mut planes = vec![0u8; 4 * BLOCK];
    let mut last = 0i64;
    for (b, block) in head.chunks_mut(BLOCK).enumerate() {
        let n = block.len();
        fill(&mut stream, &mut planes[..4 * n], "head")?;
        for (i, entry) in block.iter_mut().enumerate() {
            let value = u32::from_le_bytes([
                planes[i],
                planes[n + i],
                planes[2 * n + i],
                planes[3 * n + i],
            ]);
            if (b * BLOCK + i).is_multiple_of(ROW) {
                *entry = value;
                last = 0;
                continue;
            }
            let id = last + unzigzag(value);
            let offset = u32::try_from(id * ROW as i64).map_err(|_| CodecError::OutOfBounds {
                index: b * BLOCK + i,
            })?;
            *entry = offset;
            if id != 0 {
                last = id;
            }
        }
    }
    at_end(&mut stream, "head")
}

fn decode_tail(frame: &[u8], tail: &mut [u32]) -> Result<(), CodecError> {
    let mut stream = stream(frame)?;
    let mut buf = vec![0u8; 2 * BLOCK];
    for block in tail.chunks_mut(BLOCK) {
        let bytes = &mut buf[..2 * block.len()];
        fill(&mut stream, bytes, "tail")?;
        for (entry, pair) in block.iter_mut().zip(bytes.chunks_exact(2)) {
            *entry = u32::from(u16::from_le_bytes([pair[0], pair[1]]));
        }
    }
    at_end(&mut stream, "tail")
}
