//! A PHH hand (pokerkit's TOML-based format) read into a [`Hand`]: the
//! fields Hold'em uses, the actions `d dh`, `d db`, `f`, `cc`, `cbr`,
//! `sm`; other variants are refused by name (docs/design.md §3.11).

use super::chips::Chips;
use super::error::{HandErrorKind, LineError};
use super::model::{Action, Game, Hand, HandTime, Hole, Player};
use super::phh_values::{Entry, Value};
use crate::card::{Card, parse_cards};
use crate::equity::MAX_SEATS;

/// The fields of one hand, by key.
struct Fields<'a> {
    entries: &'a [Entry<'a>],
    /// The line of the section header, for errors about missing fields.
    header_line: usize,
}

impl<'a> Fields<'a> {
    fn get(&self, key: &str) -> Option<&'a Entry<'a>> {
        self.entries.iter().rev().find(|e| e.key == key)
    }

    fn required(&self, key: &'static str) -> Result<&'a Entry<'a>, LineError> {
        self.get(key)
            .ok_or_else(|| LineError::new(self.header_line, "", HandErrorKind::Missing(key)))
    }

    /// A string or bare word as text.
    fn text(&self, key: &'static str) -> Result<Option<String>, LineError> {
        match self.get(key) {
            None => Ok(None),
            Some(Entry {
                value: Value::Text(t) | Value::Bare(t),
                ..
            }) => Ok(Some(t.to_string())),
            Some(e) => Err(bad(e, key, "text")),
        }
    }

    fn number(&self, key: &'static str) -> Result<Option<u32>, LineError> {
        match self.get(key) {
            None => Ok(None),
            Some(e) => match &e.value {
                Value::Bare(t) => t.parse().map(Some).map_err(|_| bad(e, key, "a number")),
                _ => Err(bad(e, key, "a number")),
            },
        }
    }

    fn array(&self, key: &'static str) -> Result<Option<(&'a [Value<'a>], usize)>, LineError> {
        match self.get(key) {
            None => Ok(None),
            Some(e) => match &e.value {
                Value::Array(items) => Ok(Some((items, e.line))),
                _ => Err(bad(e, key, "an array")),
            },
        }
    }

    fn amount(&self, key: &'static str) -> Result<Option<Chips>, LineError> {
        match self.get(key) {
            None => Ok(None),
            Some(e) => match &e.value {
                Value::Bare(t) => Chips::parse(t)
                    .map(Some)
                    .ok_or_else(|| bad(e, key, "an amount")),
                _ => Err(bad(e, key, "an amount")),
            },
        }
    }

    fn amounts(&self, key: &'static str) -> Result<Option<Vec<Chips>>, LineError> {
        let Some((items, line)) = self.array(key)? else {
            return Ok(None);
        };
        items
            .iter()
            .map(|v| match v {
                Value::Bare(t) => {
                    Chips::parse(t).ok_or_else(|| LineError::new(line, t, HandErrorKind::Amount))
                }
                _ => Err(LineError::new(line, key, HandErrorKind::Amount)),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }
}

fn bad(entry: &Entry, key: &'static str, what: &'static str) -> LineError {
    LineError::new(entry.line, entry.key, HandErrorKind::BadValue(key, what))
}

/// Reads one hand from its entries (`header_line`: where the hand starts).
pub fn hand_from_entries(entries: &[Entry], header_line: usize) -> Result<Hand, LineError> {
    let fields = Fields {
        entries,
        header_line,
    };
    let variant = fields.required("variant")?;
    let game = match &variant.value {
        Value::Text(v) if v == "NT" => Game::NoLimit,
        Value::Text(v) if v == "FT" => Game::FixedLimit,
        Value::Text(v) | Value::Bare(v) => {
            return Err(LineError::new(
                variant.line,
                v,
                HandErrorKind::Variant(v.chars().take(20).collect()),
            ));
        }
        Value::Array(_) => return Err(bad(variant, "variant", "text")),
    };
    let stacks_entry = fields.required("starting_stacks")?;
    let stacks = fields.amounts("starting_stacks")?.unwrap_or_default();
    let n = stacks.len();
    if !(2..=MAX_SEATS).contains(&n) {
        return Err(LineError::new(
            stacks_entry.line,
            "starting_stacks",
            HandErrorKind::Players(n),
        ));
    }
    let per_player = |key: &'static str| -> Result<Option<Vec<Chips>>, LineError> {
        let values = fields.amounts(key)?;
        if let Some(v) = &values
            && v.len() != n
        {
            let line = fields.get(key).map_or(header_line, |e| e.line);
            return Err(LineError::new(line, key, HandErrorKind::Players(v.len())));
        }
        Ok(values)
    };
    let antes = per_player("antes")?.unwrap_or_else(|| vec![Chips::ZERO; n]);
    let mut blinds = per_player("blinds_or_straddles")?.unwrap_or_else(|| vec![Chips::ZERO; n]);
    if n == 2 {
        // Heads-up, PHH lists the blinds as for more players (small
        // first) while p1 is the big blind and p2 the button.
        blinds.swap(0, 1);
    }
    let collected = per_player("winnings")?.filter(|w| w.iter().any(|c| *c > Chips::ZERO));
    let names = names(&fields, n)?;
    let seats = seat_numbers(&fields, n)?;
    let players = (0..n)
        .map(|i| Player {
            name: names[i].clone(),
            seat: seats.as_ref().map(|s| s[i]),
            stack: stacks[i],
            ante: antes[i],
            blind: blinds[i],
        })
        .collect();
    let min_bet = match fields.amount("min_bet")? {
        Some(min_bet) => min_bet,
        None => blinds.iter().copied().max().unwrap_or_default(),
    };
    let actions = match fields.array("actions")? {
        None => Vec::new(),
        Some((items, line)) => items
            .iter()
            .map(|v| match v {
                Value::Text(t) => action(t, n, line),
                _ => Err(LineError::new(line, "actions", HandErrorKind::Action)),
            })
            .collect::<Result<_, _>>()?,
    };
    let rake = fields.amount("rake")?;
    Ok(Hand {
        site: fields.text("venue")?,
        id: fields.text("hand")?,
        table: fields.text("table")?,
        time: HandTime {
            year: fields.number("year")?,
            month: fields.number("month")?,
            day: fields.number("day")?,
            clock: fields.text("time")?,
            zone: fields.text("time_zone_abbreviation")?,
        },
        currency: fields.text("currency_symbol")?,
        game,
        min_bet,
        players,
        actions,
        rake,
        collected,
    })
}

fn names(fields: &Fields, n: usize) -> Result<Vec<String>, LineError> {
    let Some((items, line)) = fields.array("players")? else {
        return Ok((1..=n).map(|i| format!("p{i}")).collect());
    };
    if items.len() != n {
        return Err(LineError::new(
            line,
            "players",
            HandErrorKind::Players(items.len()),
        ));
    }
    items
        .iter()
        .map(|v| match v {
            Value::Text(t) | Value::Bare(t) => Ok(t.to_string()),
            Value::Array(_) => Err(LineError::new(
                line,
                "players",
                HandErrorKind::BadValue("players", "a list of names"),
            )),
        })
        .collect()
}

fn seat_numbers(fields: &Fields, n: usize) -> Result<Option<Vec<u32>>, LineError> {
    let Some((items, line)) = fields.array("seats")? else {
        return Ok(None);
    };
    if items.len() != n {
        return Err(LineError::new(
            line,
            "seats",
            HandErrorKind::Players(items.len()),
        ));
    }
    items
        .iter()
        .map(|v| match v {
            Value::Bare(t) => t.parse::<u32>().ok(),
            _ => None,
        })
        .collect::<Option<Vec<u32>>>()
        .map(Some)
        .ok_or_else(|| {
            LineError::new(
                line,
                "seats",
                HandErrorKind::BadValue("seats", "seat numbers"),
            )
        })
}

/// Reads one action string, e.g. `p3 cbr 30` or `d db AcKd2s`.
fn action(text: &str, n: usize, line: usize) -> Result<Action, LineError> {
    let err = |kind| LineError::new(line, text, kind);
    let body = text.split('#').next().unwrap_or("");
    // Five words at most: five or more are refused alike.
    let mut words = [""; 5];
    let mut count = 0;
    for word in body.split_whitespace().take(5) {
        words[count] = word;
        count += 1;
    }
    match &words[..count] {
        ["d", "dh", who, cards] => Ok(Action::DealHole {
            player: player(who, n).ok_or_else(|| err(HandErrorKind::Player))?,
            cards: hole(cards).map_err(err)?,
        }),
        ["d", "db", cards] => {
            let cards = parse_cards(cards).map_err(|_| err(HandErrorKind::Card))?;
            Ok(Action::DealBoard(cards))
        }
        [who, verb, rest @ ..] => {
            let p = player(who, n).ok_or_else(|| err(HandErrorKind::Player))?;
            match (*verb, rest) {
                ("f", []) => Ok(Action::Fold(p)),
                ("cc", []) => Ok(Action::CheckCall(p)),
                ("cbr", [amount]) => Ok(Action::BetRaise {
                    player: p,
                    to: Chips::parse(amount).ok_or_else(|| err(HandErrorKind::Amount))?,
                }),
                ("sm", []) | ("sm", ["-"]) => Ok(Action::Show {
                    player: p,
                    cards: None,
                }),
                ("sm", [cards]) => Ok(Action::Show {
                    player: p,
                    cards: hole(cards).map_err(err)?,
                }),
                _ => Err(err(HandErrorKind::Action)),
            }
        }
        _ => Err(err(HandErrorKind::Action)),
    }
}

/// `p3` as a player index (2), if within `n`.
fn player(word: &str, n: usize) -> Option<usize> {
    let index: usize = word.strip_prefix('p')?.parse().ok()?;
    (1..=n).contains(&index).then(|| index - 1)
}

/// Two hole cards, `????` (or any `?`) for unknown.
fn hole(text: &str) -> Result<Hole, HandErrorKind> {
    if text.contains('?') {
        return if text.len() == 4 {
            Ok(None)
        } else {
            Err(HandErrorKind::Card)
        };
    }
    let cards: Vec<Card> = parse_cards(text).map_err(|_| HandErrorKind::Card)?;
    match cards.as_slice() {
        [a, b] if a != b => Ok(Some([*a, *b])),
        [_, _] => Err(HandErrorKind::DuplicateCard),
        _ => Err(HandErrorKind::Card),
    }
}
