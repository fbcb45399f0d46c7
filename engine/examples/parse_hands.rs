//! Reads a hand-history file (PHH or PokerStars text) and parses every
//! hand on one thread, counting nothing: the parse-only figure of
//! docs/performance.md, set beside pokerkit's parser on the same file.
//!
//! ```text
//! cargo run --release -p engine --example parse_hands FILE
//! ```
//!
//! Parsing here is what `rangestove hands` does before it analyses a
//! hand: the text cut into hands, each read into a `Hand` and replayed
//! once (a hand that does not replay is refused). The file is read whole
//! first; the time printed is the parsing alone.

use std::error::Error;
use std::time::Instant;

use engine::hands::HandReader;

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args().nth(1).ok_or("usage: parse_hands FILE")?;
    let text = std::fs::read_to_string(&path)?;
    let start = Instant::now();
    let (mut read, mut refused) = (0u64, 0u64);
    for hand in HandReader::new(text.lines()) {
        match hand {
            Ok(_) => read += 1,
            Err(_) => refused += 1,
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!("{path}: {read} hands read, {refused} refused, parsed in {seconds:.3} s");
    Ok(())
}
