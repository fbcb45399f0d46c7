//! `rangestove train`: a round of trainer questions with their exact
//! answers, for other tools to drill with (docs/design.md §3.10, §6).

use std::io::Write;

use engine::Card;
use engine::train::{self, Answer, Drill, Round};

use super::failure::Failure;
use super::spot::parse_threads;

/// Which drill (`--drill`).
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum DrillArg {
    /// A seat's equity.
    Equity,
    /// How often a range holds a made hand or draw on a flop.
    Hits,
    /// Paint a named range from memory.
    Ranges,
    /// How much of a range a continue rule keeps on a flop.
    Lines,
}

/// The options of `rangestove train`.
#[derive(Debug, clap::Args)]
pub struct TrainArgs {
    /// The drill.
    #[arg(long, value_enum)]
    pub drill: DrillArg,
    /// The level, 1 (easiest) to 3.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub level: u8,
    /// The round's seed: the same seed gives the same round (default: from
    /// the clock, reported).
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Questions in the round, 1 to 100.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..=100))]
    pub count: u16,
    /// Worker threads, 1 to 1024 (default: one per core).
    #[arg(long, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Draw from your presets too (the app's preset folder), after the
    /// shipped ones: the same round as the app's Train view with *My
    /// presets too* on this computer.
    #[arg(long)]
    pub mine: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `rangestove train`.
pub fn train_command(args: &TrainArgs, out: &mut impl Write) -> Result<(), Failure> {
    let drill = match args.drill {
        DrillArg::Equity => Drill::Equity,
        DrillArg::Hits => Drill::Hits,
        DrillArg::Ranges => Drill::Ranges,
        DrillArg::Lines => Drill::Lines,
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    // The shipped presets are the named ranges the drills draw from (and
    // the user's, with --mine).
    let mine = match args.mine.then(crate::presets::PresetStore::open_default) {
        Some(Some(store)) => {
            crate::presets::named_ranges(store.list().presets.iter().map(|s| &s.preset))
        }
        _ => Vec::new(),
    };
    let named = crate::presets::round_ranges(&mine);
    let round = train::round(
        drill,
        args.level,
        seed,
        usize::from(args.count),
        &named,
        args.threads,
    )
    .map_err(|e| match e {
        train::TrainError::Count(e) => Failure::engine(e),
        other => Failure::Input(other.into()),
    })?;
    if round.questions.len() < round.asked {
        eprintln!(
            "note: {} questions, not {}: this level has only {} different ones",
            round.questions.len(),
            round.asked,
            round.questions.len()
        );
    }
    let written = if args.json {
        writeln!(out, "{}", json(&round))
    } else {
        write_text(&round, out)
    };
    Ok(written?)
}

/// Cards written together: `Kh9s4c`.
fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect()
}

/// The round as one JSON object.
fn json(round: &Round) -> serde_json::Value {
    let questions: Vec<serde_json::Value> = round
        .questions
        .iter()
        .map(|q| {
            let mut question = serde_json::json!({
                "ranges": q.ranges,
                "board": cards_text(&q.board),
                "dead": "",
                "prompt": q.prompt,
            });
            if let Some(rule) = &q.rule {
                question["rule"] = serde_json::json!(rule);
            }
            match &q.answer {
                Answer::Equity(x) | Answer::Share(x) => question["answer"] = serde_json::json!(x),
                Answer::Range { name, range } => {
                    question["answer"] = serde_json::json!(range.canonical());
                    question["name"] = serde_json::json!(name);
                }
            }
            question
        })
        .collect();
    serde_json::json!({
        "drill": round.drill.name(),
        "level": round.level,
        "seed": round.seed,
        "questions": questions,
    })
}

/// The round as text: each prompt, then its answer.
fn write_text(round: &Round, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(
        out,
        "round {:X}: {} drill, level {}",
        round.seed,
        round.drill.name(),
        round.level
    )?;
    for (i, q) in round.questions.iter().enumerate() {
        let answer = match &q.answer {
            Answer::Equity(x) | Answer::Share(x) => format!("{:.2}%", 100.0 * x),
            Answer::Range { range, .. } => range.canonical(),
        };
        writeln!(out, "{:>3}. {}  → {answer}", i + 1, q.prompt)?;
    }
    Ok(())
}
