//! Regenerates the shipped heads-up preflop matchup table,
//! `assets/preflop_hu.bin`:
//!
//! ```text
//! cargo run --release -p engine --features generator --example build_preflop_table [OUTPUT]
//! ```
//!
//! For each of the 47,008 unordered classes of disjoint combo pairs (up to
//! suit permutation, `engine::equity::internal::preflop_table::canonical_pairs`), the exact
//! number of the 1,712,304 boards the first combo wins and ties, counted by
//! `engine::equity::internal::preflop_table::count_matchups` on every core: each of the
//! 2,598,960 five-card boards ranks every combo once, then every pair
//! compatible with the board compares two ranks. The output is fully
//! determined by the evaluator, so reruns give identical bytes on any
//! machine. The file is checked (parsed back, a sample re-enumerated with
//! the engine's exact walk) before it is written. `OUTPUT` defaults to the
//! repository's `assets/preflop_hu.bin`.

use std::error::Error;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use engine::equity::internal::preflop_table;

/// Pairs re-enumerated live before writing.
const CHECKED: usize = 200;

fn main() -> Result<(), Box<dyn Error>> {
    let output = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/preflop_hu.bin").to_owned()
    });
    let start = Instant::now();
    let pairs = preflop_table::canonical_pairs();
    println!(
        "{} unordered canonical pairs ({} ordered) on {} threads",
        pairs.len(),
        preflop_table::ORDERED_CLASSES,
        rayon::current_num_threads()
    );
    let last_percent = AtomicU64::new(0);
    let counts = preflop_table::count_matchups(&pairs, &|done, total| {
        let percent = done * 100 / total;
        if percent >= last_percent.load(Ordering::Relaxed) + 5 {
            last_percent.store(percent, Ordering::Relaxed);
            print!(
                "\r{percent:3}% of {total} boards, {:.0} s",
                start.elapsed().as_secs_f64()
            );
            // Progress only; a failed flush loses nothing.
            let _ = std::io::stdout().flush();
        }
    });
    println!();
    let counted_s = start.elapsed().as_secs_f64();
    let bytes = preflop_table::encode(&counts)?;
    let parsed = preflop_table::parse(&bytes)?;
    parsed.check_entries()?;
    // A spread-out sample against the engine's exact walk.
    let step = pairs.len() / CHECKED;
    for &(a, b) in pairs.iter().step_by(step.max(1)) {
        let live =
            preflop_table::enumerate_matchup(a, b).ok_or("a canonical pair shares a card")?;
        if parsed.matchup(a, b) != Some(live) {
            return Err(format!("{a} vs {b}: table and enumeration disagree").into());
        }
    }
    std::fs::write(&output, &bytes)?;
    println!(
        "counted in {counted_s:.1} s, checked and wrote {} bytes to {output} in {:.1} s (checksum {:016x})",
        bytes.len(),
        start.elapsed().as_secs_f64(),
        preflop_table::checksum(&bytes[..bytes.len() - 8]),
    );
    Ok(())
}
