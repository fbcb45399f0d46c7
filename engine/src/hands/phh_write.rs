//! A [`Hand`] written as PHH text: what [`super::phh`] reads back into the
//! same hand (docs/design.md §3.11).

use std::fmt::Write;

use super::chips::Chips;
use super::model::{Action, Hand, Hole};

/// The hand as PHH text: `key = value` lines, no section header.
pub fn to_phh(hand: &Hand) -> String {
    let mut out = String::new();
    let n = hand.players.len();
    let _ = writeln!(out, "variant = '{}'", hand.game.code());
    let list = |values: Vec<String>| format!("[{}]", values.join(", "));
    let amounts = |f: &dyn Fn(usize) -> Chips| list((0..n).map(|i| f(i).to_string()).collect());
    let _ = writeln!(out, "antes = {}", amounts(&|i| hand.players[i].ante));
    // Heads-up, PHH lists the small blind (the button's, p2) first.
    let blind_of = |i: usize| {
        if n == 2 {
            hand.players[1 - i].blind
        } else {
            hand.players[i].blind
        }
    };
    let _ = writeln!(out, "blinds_or_straddles = {}", amounts(&blind_of));
    let _ = writeln!(out, "min_bet = {}", hand.min_bet);
    let _ = writeln!(
        out,
        "starting_stacks = {}",
        amounts(&|i| hand.players[i].stack)
    );
    let actions = hand.actions.iter().map(|a| quote(&action(a))).collect();
    let _ = writeln!(out, "actions = {}", list(actions));
    let players = hand.players.iter().map(|p| quote(&p.name)).collect();
    let _ = writeln!(out, "players = {}", list(players));
    if let Some(seats) = hand
        .players
        .iter()
        .map(|p| p.seat.map(|s| s.to_string()))
        .collect::<Option<Vec<_>>>()
    {
        let _ = writeln!(out, "seats = {}", list(seats));
    }
    if let Some(collected) = &hand.collected {
        let values = collected.iter().map(Chips::to_string).collect();
        let _ = writeln!(out, "winnings = {}", list(values));
    }
    if let Some(rake) = hand.rake {
        let _ = writeln!(out, "rake = {rake}");
    }
    let texts = [
        ("venue", &hand.site),
        ("hand", &hand.id),
        ("table", &hand.table),
        ("time", &hand.time.clock),
        ("time_zone_abbreviation", &hand.time.zone),
        ("currency_symbol", &hand.currency),
    ];
    for (key, value) in texts {
        if let Some(value) = value {
            let _ = writeln!(out, "{key} = {}", quote(value));
        }
    }
    let numbers = [
        ("year", hand.time.year),
        ("month", hand.time.month),
        ("day", hand.time.day),
    ];
    for (key, value) in numbers {
        if let Some(value) = value {
            let _ = writeln!(out, "{key} = {value}");
        }
    }
    out
}

/// One action in PHH's words.
fn action(action: &Action) -> String {
    match action {
        Action::DealHole { player, cards } => format!("d dh p{} {}", player + 1, hole(*cards)),
        Action::DealBoard(cards) => {
            let text: String = cards.iter().map(ToString::to_string).collect();
            format!("d db {text}")
        }
        Action::Fold(p) => format!("p{} f", p + 1),
        Action::CheckCall(p) => format!("p{} cc", p + 1),
        Action::BetRaise { player, to } => format!("p{} cbr {to}", player + 1),
        Action::Show { player, cards } => format!("p{} sm {}", player + 1, hole(*cards)),
    }
}

fn hole(cards: Hole) -> String {
    match cards {
        Some([a, b]) => format!("{a}{b}"),
        None => "????".to_owned(),
    }
}

/// A TOML string: single quotes when the text allows, else double quotes
/// with escapes.
fn quote(text: &str) -> String {
    if !text.contains(['\'', '\n', '\r']) && !text.chars().any(char::is_control) {
        return format!("'{text}'");
    }
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
