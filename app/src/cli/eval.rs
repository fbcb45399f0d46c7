//! `rangestove eval`: the best five cards of 5 to 7, their category and
//! rank.

use std::io::Write;

use engine::{Card, CardSet, eval};

use super::failure::Failure;

/// The options of `rangestove eval`.
#[derive(Debug, clap::Args)]
pub struct EvalArgs {
    /// The cards, e.g. "As Ks Qs Js Ts 2c 3d" or AsKsQsJsTs (one or more
    /// arguments).
    #[arg(required = true, num_args = 1..)]
    pub cards: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `rangestove eval`: describes the best five cards of 5 to 7 cards.
pub fn eval_command(args: &EvalArgs, out: &mut impl Write) -> Result<(), Failure> {
    let json = args.json;
    let cards = parse_hand(&args.cards.join(" ")).map_err(Failure::Input)?;
    let (five, rank) = eval::best_five(&cards).map_err(|e| Failure::Input(e.into()))?;
    let five_text: Vec<String> = five.iter().map(Card::to_string).collect();
    let written = if json {
        let object = serde_json::json!({
            "category": rank.category().name(),
            "description": rank.to_string(),
            "best_five": five_text,
            "rank": rank.strength(),
            "of": engine::HandRank::BEST.strength(),
        });
        writeln!(out, "{object}")
    } else {
        writeln!(out, "{}: {rank}", rank.category()).and_then(|()| {
            writeln!(out, "best five: {}", five_text.join(" "))?;
            writeln!(
                out,
                "rank: {} of {} (higher is better)",
                rank.strength(),
                engine::HandRank::BEST.strength()
            )
        })
    };
    Ok(written?)
}

/// Parses 5 to 7 distinct cards, keeping their order.
fn parse_hand(text: &str) -> anyhow::Result<Vec<Card>> {
    // CardSet::parse names a repeated card; parse_cards keeps the order.
    CardSet::parse(text)?;
    let cards = engine::card::parse_cards(text)?;
    if !(5..=7).contains(&cards.len()) {
        anyhow::bail!("expected 5 to 7 cards, got {} in {text:?}", cards.len());
    }
    Ok(cards)
}
