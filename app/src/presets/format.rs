//! The preset file format's limits: the version this build writes and
//! reads, and the largest file it reads (docs/design.md §7).

/// The preset format version this build writes and reads.
pub const PRESET_VERSION: u32 = 1;

/// The largest preset file read (1 MiB; the biggest possible range in
/// canonical text is a few kilobytes). Bigger files are reported as
/// [`PresetError::TooBig`](super::PresetError::TooBig) without reading them.
pub const MAX_PRESET_BYTES: u64 = 1 << 20;
