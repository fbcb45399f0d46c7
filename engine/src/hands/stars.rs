//! A PokerStars text hand read into a [`Hand`]: seats, posts, streets,
//! actions, shows and collections, checked against the replay (what each
//! put in, the total pot) so a hand is never silently misread
//! (docs/design.md §3.11).

use super::chips::Chips;
use super::error::{Expected, HandErrorKind, LineError};
use super::model::{Action, Hand, Hole, Player};
use super::replay::{Replay, replay};
use super::stars_header::{SeatLine, amount_after, hand_line, last_cards, seat_line, table_line};
use crate::card::parse_cards;

/// Lines that say nothing about the play.
const NOISE: [&str; 14] = [
    " said, \"",
    " leaves the table",
    " joins the table",
    " has returned",
    " is disconnected",
    " is connected",
    " has timed out",
    " finished the tournament",
    " wins the tournament",
    " cashed out the hand",
    " is sitting out",
    " sits out",
    " will be allowed to play",
    " was removed from the table",
];

/// The state of the hand while its lines are read.
struct Reading {
    players: Vec<Player>,
    actions: Vec<Action>,
    /// Each player's bet on the street, as the text states it.
    bet: Vec<Chips>,
    /// What each player put in, as the text states it.
    stated: Vec<Chips>,
    collected: Vec<Chips>,
    total_pot: Option<(usize, Chips)>,
    rake: Option<Chips>,
    summary: bool,
}

/// Reads one hand from its lines.
pub fn hand_from_lines(lines: &[(usize, &str)]) -> Result<(Hand, Replay), LineError> {
    let mut rest = lines.iter().filter(|(_, t)| !t.trim().is_empty());
    let (n0, first) = rest
        .next()
        .ok_or_else(|| LineError::new(0, "", HandErrorKind::Truncated))?;
    let head = hand_line(*n0, first.trim())?;
    let (n1, second) = rest
        .next()
        .ok_or_else(|| LineError::new(*n0, "", HandErrorKind::Truncated))?;
    let (table, button) = table_line(*n1, second.trim())?;
    let body: Vec<&(usize, &str)> = rest.collect();
    let seats: Vec<SeatLine> = body
        .iter()
        .take_while(|(_, t)| t.starts_with("Seat ") && t.contains(" in chips"))
        .map(|(n, t)| seat_line(*n, t))
        .collect::<Result<_, _>>()?;
    let body = &body[seats.len()..];
    let players = dealt_in(seats, button, body);
    if !(2..=crate::equity::MAX_SEATS).contains(&players.len()) {
        return Err(LineError::new(
            *n1,
            "",
            HandErrorKind::Players(players.len()),
        ));
    }
    let n = players.len();
    let mut reading = Reading {
        players,
        actions: Vec::new(),
        bet: vec![Chips::ZERO; n],
        stated: vec![Chips::ZERO; n],
        collected: vec![Chips::ZERO; n],
        total_pot: None,
        rake: None,
        summary: false,
    };
    for (number, text) in body {
        reading.line(*number, text.trim_end())?;
    }
    if !reading.summary {
        let last = lines.last().map_or(*n0, |l| l.0);
        return Err(LineError::new(last, "", HandErrorKind::Truncated));
    }
    let collected = reading.collected.clone();
    let hand = Hand {
        site: Some("PokerStars".to_owned()),
        id: Some(head.id),
        table: Some(table),
        time: head.time,
        currency: head.currency,
        game: head.game,
        min_bet: head.big_blind,
        players: reading.players,
        actions: reading.actions,
        rake: reading.rake,
        collected: collected
            .iter()
            .any(|c| *c > Chips::ZERO)
            .then_some(collected),
    };
    let replay = check(&hand, &reading.stated, reading.total_pot, *n0)?;
    Ok((hand, replay))
}

/// The replay must put in what the text says each player put in, and
/// the pot must be the total the text states; gives the replay.
fn check(
    hand: &Hand,
    stated: &[Chips],
    total_pot: Option<(usize, Chips)>,
    line: usize,
) -> Result<Replay, LineError> {
    let played = replay(hand).map_err(|(kind, token)| LineError::new(line, &token, kind))?;
    for (p, (&a, &b)) in played.contributed.iter().zip(stated).enumerate() {
        if a != b {
            let name = &hand.players[p].name;
            let why = format!("{name} put in {b} by the text, {a} by the replay");
            return Err(LineError::new(line, name, HandErrorKind::Mismatch(why)));
        }
    }
    let pot: Chips = played.contributed.iter().copied().sum();
    match total_pot {
        Some((_, total)) if total == pot => Ok(played),
        Some((number, total)) => Err(LineError::new(
            number,
            &total.to_string(),
            HandErrorKind::Mismatch(format!("the pots add up to {pot}")),
        )),
        None => Err(LineError::new(
            line,
            "",
            HandErrorKind::Missing("Total pot"),
        )),
    }
}

/// The players dealt in, from the seat after the button round to the
/// button: every seat not sitting out, and those sitting out who post or
/// act all the same.
fn dealt_in(seats: Vec<SeatLine>, button: u32, body: &[&(usize, &str)]) -> Vec<Player> {
    let acts = |name: &str| {
        body.iter().any(|(_, t)| {
            t.strip_prefix(name).is_some_and(|r| r.starts_with(": "))
                || t.strip_prefix("Dealt to ")
                    .and_then(|r| r.strip_prefix(name))
                    .is_some_and(|r| r.starts_with(" ["))
        })
    };
    let mut players: Vec<(u32, Player)> = seats
        .into_iter()
        .filter(|s| !s.sitting_out || acts(&s.name))
        .map(|s| {
            let order = if s.seat > button {
                s.seat - button
            } else {
                s.seat + 1000
            };
            (
                order,
                Player {
                    name: s.name,
                    seat: Some(s.seat),
                    stack: s.stack,
                    ante: Chips::ZERO,
                    blind: Chips::ZERO,
                },
            )
        })
        .collect();
    players.sort_by_key(|(order, _)| *order);
    players.into_iter().map(|(_, p)| p).collect()
}

impl Reading {
    /// The player whose name, followed by `after`, starts `text` (the
    /// longest such name), and the rest of the line.
    fn who<'t>(&self, text: &'t str, after: &str) -> Option<(usize, &'t str)> {
        self.players
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let rest = text.strip_prefix(p.name.as_str())?.strip_prefix(after)?;
                Some((i, p.name.len(), rest))
            })
            .max_by_key(|(_, len, _)| *len)
            .map(|(i, _, rest)| (i, rest))
    }

    fn line(&mut self, number: usize, text: &str) -> Result<(), LineError> {
        let err = |kind| LineError::new(number, text, kind);
        if let Some(street) = text.strip_prefix("*** ") {
            return self.street(number, street);
        }
        if self.summary {
            return self.summary_line(number, text);
        }
        if let Some(rest) = text.strip_prefix("Dealt to ") {
            return self.dealt(number, rest);
        }
        if let Some(rest) = text.strip_prefix("Uncalled bet (") {
            let (amount, name) = rest
                .split_once(") returned to ")
                .ok_or_else(|| err(HandErrorKind::Syntax(Expected::StarsLine)))?;
            let amount = Chips::parse(amount).ok_or_else(|| err(HandErrorKind::Amount))?;
            let (p, _) = self
                .who(name, "")
                .ok_or_else(|| err(HandErrorKind::Player))?;
            self.stated[p] -= amount;
            self.bet[p] -= amount;
            return Ok(());
        }
        if let Some((p, rest)) = self.who(text, " collected ") {
            let amount = rest.split_whitespace().next().unwrap_or("");
            let amount = Chips::parse(amount).ok_or_else(|| err(HandErrorKind::Amount))?;
            self.collected[p] += amount;
            return Ok(());
        }
        if let Some((p, rest)) = self.who(text, ": ") {
            return self.act(number, p, rest);
        }
        if NOISE.iter().any(|n| text.contains(n)) {
            return Ok(());
        }
        Err(err(HandErrorKind::Syntax(Expected::StarsLine)))
    }

    fn street(&mut self, number: usize, text: &str) -> Result<(), LineError> {
        let err = |kind| LineError::new(number, text, kind);
        if text.starts_with("FIRST") || text.starts_with("SECOND") {
            return Err(err(HandErrorKind::Unsupported("run it twice")));
        }
        if text.starts_with("HOLE CARDS") {
            for player in 0..self.players.len() {
                self.actions.push(Action::DealHole {
                    player,
                    cards: None,
                });
            }
        } else if text.starts_with("FLOP") || text.starts_with("TURN") || text.starts_with("RIVER")
        {
            let cards = last_cards(text).ok_or_else(|| err(HandErrorKind::Card))?;
            let cards = parse_cards(cards).map_err(|_| err(HandErrorKind::Card))?;
            self.actions.push(Action::DealBoard(cards));
            self.bet.iter_mut().for_each(|b| *b = Chips::ZERO);
        } else if text.starts_with("SUMMARY") {
            self.summary = true;
        } else if !text.starts_with("SHOW DOWN") {
            return Err(err(HandErrorKind::Syntax(Expected::StarsLine)));
        }
        Ok(())
    }

    fn dealt(&mut self, number: usize, rest: &str) -> Result<(), LineError> {
        let Some((p, cards)) = self.who(rest, " [") else {
            return Ok(());
        };
        let cards =
            hole(cards.trim_end_matches(']')).map_err(|kind| LineError::new(number, rest, kind))?;
        for action in self.actions.iter_mut().rev() {
            if let Action::DealHole { player, cards: c } = action
                && *player == p
            {
                *c = cards;
                return Ok(());
            }
        }
        Err(LineError::new(number, rest, HandErrorKind::Player))
    }

    /// `name: verb …` before the summary.
    fn act(&mut self, number: usize, p: usize, rest: &str) -> Result<(), LineError> {
        let err = |kind| LineError::new(number, rest, kind);
        let rest = rest.trim_end_matches(" and is all-in");
        let words: Vec<&str> = rest.split_whitespace().collect();
        let amount = |w: &str| {
            Chips::parse(w).ok_or_else(|| LineError::new(number, w, HandErrorKind::Amount))
        };
        match words.as_slice() {
            ["posts", "the", "ante", a] => {
                let a = amount(a)?;
                self.players[p].ante += a;
                self.stated[p] += a;
            }
            ["posts", "small", "&", "big", "blinds", a] => {
                let a = amount(a)?;
                let live = a.min(self.players.iter().map(|p| p.blind).max().unwrap_or(a));
                self.players[p].blind = live;
                self.players[p].ante += a - live;
                self.stated[p] += a;
                self.bet[p] += live;
            }
            ["posts", "small" | "big", "blind", a] | ["posts", "straddle", a] => {
                let a = amount(a)?;
                self.players[p].blind += a;
                self.stated[p] += a;
                self.bet[p] += a;
            }
            ["folds", ..] => self.actions.push(Action::Fold(p)),
            ["checks"] => self.actions.push(Action::CheckCall(p)),
            ["calls", a] | ["bets", a] => {
                let a = amount(a)?;
                self.stated[p] += a;
                self.bet[p] += a;
                self.actions.push(if words[0] == "calls" {
                    Action::CheckCall(p)
                } else {
                    Action::BetRaise {
                        player: p,
                        to: self.bet[p],
                    }
                });
            }
            ["raises", _, "to", to] => {
                let to = amount(to)?;
                self.stated[p] += to - self.bet[p];
                self.bet[p] = to;
                self.actions.push(Action::BetRaise { player: p, to });
            }
            ["shows", ..] => {
                let cards = last_cards(rest).ok_or_else(|| err(HandErrorKind::Card))?;
                let cards = hole(cards).map_err(err)?;
                self.actions.push(Action::Show { player: p, cards });
            }
            ["mucks", "hand"] => self.actions.push(Action::Show {
                player: p,
                cards: None,
            }),
            ["doesn't", "show", "hand"] | ["sits", "out"] | ["is", "sitting", "out"] => {}
            _ if NOISE.iter().any(|n| rest.contains(n.trim_start())) => {}
            _ => return Err(err(HandErrorKind::Syntax(Expected::StarsLine))),
        }
        Ok(())
    }

    fn summary_line(&mut self, number: usize, text: &str) -> Result<(), LineError> {
        if text.starts_with("Total pot ") {
            let total = amount_after(text, "Total pot ")
                .ok_or_else(|| LineError::new(number, text, HandErrorKind::Amount))?;
            self.total_pot = Some((number, total));
            self.rake = amount_after(text, "| Rake ");
            return Ok(());
        }
        let Some(rest) = text.strip_prefix("Seat ") else {
            return Ok(());
        };
        let Some((_, rest)) = rest.split_once(": ") else {
            return Ok(());
        };
        let Some((p, tail)) = self.who(rest, " ") else {
            return Ok(());
        };
        if tail.contains("mucked [") || tail.contains("showed [") {
            let cards = tail
                .split('[')
                .nth(1)
                .and_then(|c| c.split(']').next())
                .unwrap_or("");
            let cards = hole(cards).map_err(|kind| LineError::new(number, text, kind))?;
            if self.known(p).is_none() {
                self.actions.push(Action::Show { player: p, cards });
            }
        }
        if tail.contains("(pot not awarded as player cashed out)") {
            let won = amount_after(tail, "won (")
                .ok_or_else(|| LineError::new(number, text, HandErrorKind::Amount))?;
            self.collected[p] += won;
        }
        Ok(())
    }

    fn known(&self, player: usize) -> Hole {
        self.actions.iter().rev().find_map(|a| match a {
            Action::DealHole { player: p, cards } | Action::Show { player: p, cards }
                if *p == player =>
            {
                *cards
            }
            _ => None,
        })
    }
}

/// Two cards written `Ac Jh`.
fn hole(text: &str) -> Result<Hole, HandErrorKind> {
    let cards = parse_cards(text).map_err(|_| HandErrorKind::Card)?;
    match cards.as_slice() {
        [a, b] if a != b => Ok(Some([*a, *b])),
        [_, _] => Err(HandErrorKind::DuplicateCard),
        _ => Err(HandErrorKind::Card),
    }
}
