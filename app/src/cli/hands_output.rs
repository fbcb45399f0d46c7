//! What `rangestove hands` writes for one hand: a line of text, a JSON
//! object (docs/design.md §6) or CSV rows, one per player.

use std::io::Write;

use engine::hands::{Action, Chips, HandReport, Hole, Street};
use serde_json::{Value, json};

use super::failure::Failure;

/// The output style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// One line of text per hand.
    Text,
    /// One JSON object per line.
    Json,
    /// CSV rows.
    Csv,
}

/// Writes one hand.
pub fn write_hand(report: &HandReport, style: Style, out: &mut impl Write) -> Result<(), Failure> {
    match style {
        Style::Json => writeln!(out, "{}", hand_json(report)),
        Style::Csv => csv_rows(report, out),
        Style::Text => writeln!(out, "{}", hand_text(report)),
    }
    .map_err(Failure::Output)
}

fn cards(hole: Hole) -> Value {
    hole.map_or(Value::Null, |[a, b]| Value::String(format!("{a}{b}")))
}

fn money(chips: Chips) -> Value {
    json!(chips.to_f64())
}

fn time_text(report: &HandReport) -> Option<String> {
    let t = &report.hand.time;
    let date = match (t.year, t.month, t.day) {
        (Some(y), Some(m), Some(d)) => format!("{y:04}-{m:02}-{d:02}"),
        _ => return t.clock.clone(),
    };
    let mut text = date;
    for part in [&t.clock, &t.zone].into_iter().flatten() {
        text.push(' ');
        text.push_str(part);
    }
    Some(text)
}

/// The player's share of all the pots at the all-in: the pot-weighted
/// sum of its equities.
fn overall_equity(all_in: &engine::hands::AllIn, player: usize) -> f64 {
    let total: f64 = all_in.pots.iter().map(|p| p.amount.to_f64()).sum();
    let share: f64 = all_in
        .pots
        .iter()
        .flat_map(|p| p.equities.iter().map(move |(q, e)| (p.amount, *q, *e)))
        .filter(|(_, q, _)| *q == player)
        .map(|(amount, _, e)| amount.to_f64() * e)
        .sum();
    if total > 0.0 { share / total } else { 0.0 }
}

fn all_in_json(report: &HandReport) -> Value {
    let Some(all_in) = &report.all_in else {
        return Value::Null;
    };
    let hand = &report.hand;
    let who = |p: usize| json!({"seat": hand.players[p].seat, "name": hand.players[p].name, "hand": cards(hand.hole(p))});
    let pots: Vec<Value> = all_in
        .pots
        .iter()
        .map(|pot| {
            let players: Vec<Value> = pot
                .equities
                .iter()
                .map(|&(p, e)| {
                    let mut v = who(p);
                    v["equity"] = json!(e);
                    v
                })
                .collect();
            json!({"amount": money(pot.amount), "players": players})
        })
        .collect();
    let players: Vec<Value> = all_in
        .players
        .iter()
        .map(|x| {
            let mut v = who(x.player);
            v["equity"] = json!(overall_equity(all_in, x.player));
            v["expected"] = json!(x.expected);
            v["actual"] = x.actual.map_or(Value::Null, money);
            v
        })
        .collect();
    let board: String = all_in.board.iter().map(ToString::to_string).collect();
    json!({"street": all_in.street.name(), "board": board, "pots": pots, "players": players})
}

/// The JSON object of one hand (docs/design.md §6).
pub fn hand_json(report: &HandReport) -> Value {
    let hand = &report.hand;
    let positions = hand.positions();
    let results = report.results();
    let collected = report.outcome.as_ref().map(|o| &o.collected);
    let players: Vec<Value> = hand
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({
                "seat": p.seat, "name": p.name, "position": positions.get(i),
                "stack": money(p.stack), "ante": money(p.ante), "blind": money(p.blind),
                "hand": cards(hand.hole(i)), "put_in": money(report.contributed[i]),
                "collected": collected.map_or(Value::Null, |c| money(c[i])),
                "result": results.as_ref().map_or(Value::Null, |r| money(r[i])),
            })
        })
        .collect();
    let mut street = Street::Preflop;
    let mut board_len = 0;
    let mut actions = Vec::new();
    for (action, &amount) in hand.actions.iter().zip(&report.amounts) {
        let mut shown = Value::Null;
        let (player, kind, to) = match action {
            Action::DealBoard(cards) => {
                board_len += cards.len();
                street = Street::of_board(board_len);
                continue;
            }
            Action::DealHole { .. } => continue,
            Action::Fold(p) => (*p, "fold", None),
            Action::CheckCall(p) if amount == Chips::ZERO => (*p, "check", None),
            Action::CheckCall(p) => (*p, "call", None),
            Action::BetRaise { player, to } => (*player, "bet_raise", Some(*to)),
            Action::Show { player, cards: c } => {
                shown = cards(*c);
                (*player, "show", None)
            }
        };
        let mut entry = json!({
            "street": street.name(), "name": hand.players[player].name, "action": kind,
            "amount": money(amount), "to": to.map_or(Value::Null, money),
        });
        if kind == "show" {
            entry["hand"] = shown;
        }
        actions.push(entry);
    }
    let board = hand.board();
    let board_text = |range: std::ops::Range<usize>| -> Value {
        board.get(range).map_or(Value::Null, |c| {
            Value::String(c.iter().map(ToString::to_string).collect())
        })
    };
    let street_pots: Vec<Value> = report
        .street_pots
        .iter()
        .map(|(s, pot)| json!({"street": s.name(), "pot": money(*pot)}))
        .collect();
    let pots: Vec<Value> = report
        .pots
        .iter()
        .map(|p| {
            let names: Vec<&str> = p
                .eligible
                .iter()
                .map(|&i| hand.players[i].name.as_str())
                .collect();
            json!({"amount": money(p.amount), "players": names})
        })
        .collect();
    json!({
        "site": hand.site, "id": hand.id, "table": hand.table, "time": time_text(report),
        "game": hand.game.code(), "currency": hand.currency, "min_bet": money(hand.min_bet),
        "players": players, "actions": actions,
        "board": {"flop": board_text(0..3), "turn": board_text(3..4), "river": board_text(4..5)},
        "street_pots": street_pots, "pots": pots,
        "rake": report.outcome.as_ref().map_or(Value::Null, |o| money(o.rake)),
        "all_in": all_in_json(report),
    })
}

/// One line of text for a hand.
fn hand_text(report: &HandReport) -> String {
    let hand = &report.hand;
    let pot: Chips = report.contributed.iter().copied().sum();
    let mut line = format!(
        "{} {} {}: {} players, pot {pot}",
        hand.site.as_deref().unwrap_or("?"),
        hand.id.as_deref().unwrap_or("?"),
        time_text(report).unwrap_or_default(),
        hand.players.len(),
    );
    if let Some(all_in) = &report.all_in {
        line.push_str(&format!("; all-in on the {}:", all_in.street.name()));
        for x in &all_in.players {
            let [a, b] = x.hole;
            let actual = x
                .actual
                .map_or("?".to_owned(), |c| format!("{:+.2}", c.to_f64()));
            line.push_str(&format!(
                " {} {a}{b} {:.1}% expected {:+.2} actual {actual};",
                hand.players[x.player].name,
                100.0 * overall_equity(all_in, x.player),
                x.expected,
            ));
        }
        line.pop();
    }
    line
}

/// The CSV header.
pub fn csv_header(out: &mut impl Write) -> Result<(), Failure> {
    writeln!(
        out,
        "site,id,time,seat,name,position,stack,hand,put_in,collected,result,all_in_street,equity,expected,actual"
    )
    .map_err(Failure::Output)
}

/// A CSV field, quoted when it holds a comma, quote or line break.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

fn csv_rows(report: &HandReport, out: &mut impl Write) -> std::io::Result<()> {
    let hand = &report.hand;
    let positions = hand.positions();
    let results = report.results();
    let time = time_text(report).unwrap_or_default();
    for (i, p) in hand.players.iter().enumerate() {
        let opt = |c: Option<Chips>| c.map_or(String::new(), |c| c.to_string());
        let in_all_in = report
            .all_in
            .as_ref()
            .and_then(|a| a.players.iter().find(|x| x.player == i).map(|x| (a, x)));
        let (street, equity, expected, actual) = match in_all_in {
            Some((a, x)) => (
                a.street.name().to_owned(),
                overall_equity(a, i).to_string(),
                x.expected.to_string(),
                opt(x.actual),
            ),
            None => Default::default(),
        };
        writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{},{street},{equity},{expected},{actual}",
            field(hand.site.as_deref().unwrap_or("")),
            field(hand.id.as_deref().unwrap_or("")),
            field(&time),
            p.seat.map_or(String::new(), |s| s.to_string()),
            field(&p.name),
            positions.get(i).copied().unwrap_or(""),
            p.stack,
            hand.hole(i)
                .map_or(String::new(), |[a, b]| format!("{a}{b}")),
            report.contributed[i],
            opt(report.outcome.as_ref().map(|o| o.collected[i])),
            opt(results.as_ref().map(|r| r[i])),
        )?;
    }
    Ok(())
}
