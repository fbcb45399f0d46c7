//! `rangestove hands`: hand histories read hand by hand (PHH or
//! PokerStars text), each replayed and its all-in counted exactly; one
//! line per hand, or per-player sums that merge across shards
//! (docs/design.md §3.11, §6). Hands are read in batches, analysed on the
//! pool's threads and written in file order, so memory stays bounded.

use std::fs::File;
use std::io::{Read, Write};
use std::path::PathBuf;

use anyhow::Context;
use engine::hands::{Chunk, HandError, HandReader, HandReport, Summary};
use rayon::prelude::*;

use super::failure::Failure;
use super::hands_output::{self, Style};
use super::hands_summary;
use super::progress::Progress;
use super::spot::parse_threads;
use crate::io::hand_lines::BlockLines;

/// Hands read and analysed together before their lines are written.
const BATCH: usize = 1024;

/// The options of `rangestove hands`.
#[derive(Debug, clap::Args)]
pub struct HandsArgs {
    /// Hand-history files: PHH (.phh, .phhs) or PokerStars text; with
    /// --merge, summaries written by --summary --json.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Only this player's hands, and only this player in the summary.
    #[arg(long)]
    pub hero: Option<String>,
    /// One JSON object per hand (with --summary: one for the summary).
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// A header and one row per player and hand.
    #[arg(long, conflicts_with = "summary")]
    pub csv: bool,
    /// Per-player sums instead of the hands: hands, net, all-in hands,
    /// all-in expected net, luck and its standard error.
    #[arg(long)]
    pub summary: bool,
    /// K/N: only every N-th hand from the K-th (1 ≤ K ≤ N), counting the
    /// hands of all FILEs in order, skipped ones too.
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<Shard>,
    /// Merge the summaries FILE… (written by --summary --json) into one.
    #[arg(long, conflicts_with_all = ["csv", "shard", "hero"])]
    pub merge: bool,
    /// Worker threads, 1 to 1024 (default: one per core).
    #[arg(long, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
}

/// `--shard K/N`: the hands whose index (from 0) is `K - 1` modulo `N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K, from 1.
    pub k: u64,
    /// N.
    pub n: u64,
}

/// Parses `K/N` with `1 ≤ K ≤ N` (clap's value parser for `--shard`).
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    let bad = || format!("{text:?} is not K/N with 1 <= K <= N, e.g. 3/8");
    let (k, n) = text.trim().split_once('/').ok_or_else(bad)?;
    let k: u64 = k.trim().parse().map_err(|_| bad())?;
    let n: u64 = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok(Shard { k, n })
}

/// `rangestove hands`.
pub fn hands_command(args: &HandsArgs, out: &mut impl Write) -> Result<(), Failure> {
    if args.merge {
        return hands_summary::merge_command(&args.files, args.json, out);
    }
    engine::equity::prepare();
    let _ = engine::threads::start_global(args.threads, "rangestove-hands");
    let style = match (args.json, args.csv) {
        (true, _) => Style::Json,
        (_, true) => Style::Csv,
        _ => Style::Text,
    };
    if style == Style::Csv && !args.summary {
        hands_output::csv_header(out)?;
    }
    let total_bytes: u64 = args
        .files
        .iter()
        .map(|f| std::fs::metadata(f).map_or(0, |m| m.len()))
        .sum();
    let progress = Progress::new("hands");
    let mut run = Run {
        args,
        style,
        summary: Summary::default(),
        index: 0,
        bytes: 0,
        total_bytes,
        progress: &progress,
    };
    for path in &args.files {
        let file = File::open(path)
            .with_context(|| format!("cannot open {}", path.display()))
            .map_err(Failure::Input)?;
        run.file(file, out).map_err(|f| with_path(f, path))?;
    }
    if args.summary {
        hands_summary::write(&run.summary, args.json, out)
    } else {
        note_skipped(&run.summary);
        Ok(())
    }
}

fn with_path(failure: Failure, path: &std::path::Path) -> Failure {
    match failure {
        Failure::Input(e) => Failure::Input(e.context(path.display().to_string())),
        Failure::Other(e) => Failure::Other(e.context(path.display().to_string())),
        output => output,
    }
}

/// One stderr line when hands were skipped (never fails).
fn note_skipped(summary: &Summary) {
    if let Some(first) = &summary.first_skip {
        let _ = writeln!(
            std::io::stderr(),
            "note: {} of {} hands skipped ({} of another variant); the first: {first}",
            summary.skipped,
            summary.hands,
            summary.other_variants
        );
    }
}

/// The state of one run over the files.
struct Run<'a> {
    args: &'a HandsArgs,
    style: Style,
    summary: Summary,
    /// Hands met so far over all files (for --shard).
    index: u64,
    bytes: u64,
    total_bytes: u64,
    progress: &'a Progress,
}

impl Run<'_> {
    /// Reads one file's hands in batches: while the pool analyses one
    /// batch, this thread writes the batch before and cuts the next.
    fn file(&mut self, reader: impl Read + Send, out: &mut impl Write) -> Result<(), Failure> {
        let mut hands = HandReader::new(BlockLines::new(reader));
        let shard = self.args.shard;
        let mut batch = cut(&mut hands, &mut self.index, shard);
        let mut done = Vec::new();
        while !batch.is_empty() {
            let mut reports = Vec::new();
            let slot = &mut reports;
            let this = std::mem::take(&mut batch);
            let written = rayon::in_place_scope(|scope| {
                scope.spawn(move |_| *slot = this.into_par_iter().map(Chunk::analyse).collect());
                let written = self.write(std::mem::take(&mut done), out);
                batch = cut(&mut hands, &mut self.index, shard);
                written
            });
            written?;
            done = reports;
            let hands_so_far = self.summary.hands;
            self.progress.update(
                (self.bytes + hands.lines().bytes) as f64 / self.total_bytes.max(1) as f64,
                || format!("{hands_so_far} hands"),
            );
        }
        self.write(done, out)?;
        let lines = hands.into_lines();
        self.bytes += lines.bytes;
        if lines.not_utf8 > 0 {
            eprintln!(
                "rangestove: {} {} not UTF-8: their bad bytes were read as U+FFFD (names may \
                 differ from the file's)",
                lines.not_utf8,
                if lines.not_utf8 == 1 { "line" } else { "lines" }
            );
        }
        match lines.error {
            Some(e) => Err(Failure::Input(anyhow::Error::new(e).context("cannot read"))),
            None => Ok(()),
        }
    }

    /// Adds a batch's reports to the summary and writes them, in order.
    fn write(
        &mut self,
        reports: Vec<Result<HandReport, HandError>>,
        out: &mut impl Write,
    ) -> Result<(), Failure> {
        let hero = self.args.hero.as_deref();
        for report in reports {
            match report {
                Err(error) => self.summary.skip(&error),
                Ok(report) => {
                    if hero.is_some_and(|h| report.hand.player_named(h).is_none()) {
                        continue;
                    }
                    self.summary.add(&report, hero);
                    if !self.args.summary {
                        hands_output::write_hand(&report, self.style, out)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// The next batch of hands (those of the shard), counting every hand met
/// in `index`; empty at the end of the input.
fn cut<R: Read>(
    hands: &mut HandReader<BlockLines<R>>,
    index: &mut u64,
    shard: Option<Shard>,
) -> Vec<Chunk> {
    let mut batch: Vec<Chunk> = Vec::with_capacity(BATCH);
    while let Some(chunk) = hands.next_chunk() {
        let at = *index;
        *index += 1;
        if shard.is_none_or(|s| at % s.n == s.k - 1) {
            batch.push(chunk);
            if batch.len() == BATCH {
                break;
            }
        }
    }
    batch
}
