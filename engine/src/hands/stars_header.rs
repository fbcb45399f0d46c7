//! The first lines of a PokerStars hand: the hand line (id, game, stakes,
//! time), the table line (name, button) and the seat lines.

use super::chips::Chips;
use super::error::{Expected, HandErrorKind, LineError};
use super::model::{Game, HandTime};

/// What the hand line says.
pub struct HandLine {
    /// The hand number.
    pub id: String,
    /// No-limit or fixed-limit.
    pub game: Game,
    /// The big blind (fixed-limit: the small bet).
    pub big_blind: Chips,
    /// `$` (or `€`, `£`) for a cash game with a currency, else none.
    pub currency: Option<String>,
    /// When.
    pub time: HandTime,
}

/// A seat line: `Seat 3: name (1500 in chips)`.
pub struct SeatLine {
    /// The seat number.
    pub seat: u32,
    /// The player's name.
    pub name: String,
    /// The stack.
    pub stack: Chips,
    /// Marked `is sitting out` or `out of hand`.
    pub sitting_out: bool,
}

/// Reads the hand line.
pub fn hand_line(number: usize, text: &str) -> Result<HandLine, LineError> {
    let err = |kind| LineError::new(number, text, kind);
    let at = text
        .find("Hand #")
        .or_else(|| text.find("Game #"))
        .ok_or_else(|| err(HandErrorKind::Syntax(Expected::StarsLine)))?;
    let id: String = text[at + 6..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    if id.is_empty() {
        return Err(err(HandErrorKind::Syntax(Expected::StarsLine)));
    }
    let game = if text.contains("Hold'em No Limit") {
        Game::NoLimit
    } else if text.contains("Hold'em Limit") {
        Game::FixedLimit
    } else {
        let name = text.split(" - ").next().unwrap_or(text);
        let name = name.rsplit(", ").next().unwrap_or(name);
        return Err(err(HandErrorKind::Variant(name.chars().take(40).collect())));
    };
    let stakes = text
        .split('(')
        .skip(1)
        .filter_map(|s| s.split(')').next())
        .find(|s| s.contains('/'))
        .ok_or_else(|| err(HandErrorKind::Missing("stakes")))?;
    let big = stakes
        .split('/')
        .nth(1)
        .and_then(|b| b.split_whitespace().next())
        .unwrap_or("");
    let big_blind =
        Chips::parse(big).ok_or_else(|| LineError::new(number, big, HandErrorKind::Amount))?;
    let currency = big
        .chars()
        .next()
        .filter(|c| "$€£".contains(*c))
        .map(String::from);
    Ok(HandLine {
        id,
        game,
        big_blind,
        currency,
        time: time(text),
    })
}

/// The time: the one in brackets (ET) when given, else the first.
fn time(text: &str) -> HandTime {
    let part = match (text.rfind('['), text.rfind(']')) {
        (Some(a), Some(b)) if a < b => &text[a + 1..b],
        _ => text.rsplit(" - ").next().unwrap_or(""),
    };
    let words: Vec<&str> = part.split_whitespace().collect();
    let mut out = HandTime::default();
    if let [date, clock, rest @ ..] = words.as_slice() {
        let mut fields = date.split('/').map(|f| f.parse::<u32>().ok());
        out.year = fields.next().flatten();
        out.month = fields.next().flatten();
        out.day = fields.next().flatten();
        if clock.contains(':') {
            out.clock = Some((*clock).to_owned());
        }
        out.zone = rest.first().map(|z| (*z).to_owned());
    }
    out
}

/// Reads `Table 'name' 9-max Seat #1 is the button`: the name and the
/// button's seat.
pub fn table_line(number: usize, text: &str) -> Result<(String, u32), LineError> {
    let err = || LineError::new(number, text, HandErrorKind::Syntax(Expected::StarsLine));
    let rest = text.strip_prefix("Table '").ok_or_else(err)?;
    let end = rest.rfind('\'').ok_or_else(err)?;
    let name = rest[..end].to_owned();
    let button = rest[end..]
        .split("Seat #")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .and_then(|s| s.parse().ok())
        .ok_or_else(err)?;
    Ok((name, button))
}

/// Reads a seat line before the hole cards.
pub fn seat_line(number: usize, text: &str) -> Result<SeatLine, LineError> {
    let err = |kind| LineError::new(number, text, kind);
    let rest = text
        .strip_prefix("Seat ")
        .ok_or_else(|| err(HandErrorKind::Syntax(Expected::StarsLine)))?;
    let (seat, rest) = rest
        .split_once(": ")
        .ok_or_else(|| err(HandErrorKind::Syntax(Expected::StarsLine)))?;
    let seat = seat
        .parse()
        .map_err(|_| err(HandErrorKind::Syntax(Expected::StarsLine)))?;
    let open = rest
        .rfind(" in chips")
        .and_then(|end| rest[..end].rfind(" (").map(|start| (start, end)))
        .ok_or_else(|| err(HandErrorKind::Syntax(Expected::StarsLine)))?;
    let name = rest[..open.0].to_owned();
    let stack_text = &rest[open.0 + 2..open.1];
    let stack = Chips::parse(stack_text)
        .ok_or_else(|| LineError::new(number, stack_text, HandErrorKind::Amount))?;
    let tail = &rest[open.1..];
    Ok(SeatLine {
        seat,
        name,
        stack,
        sitting_out: tail.contains("is sitting out") || tail.contains("out of hand"),
    })
}

/// The amount in the word after `prefix` in `text` (`Total pot 150 |`).
pub fn amount_after(text: &str, prefix: &str) -> Option<Chips> {
    let at = text.find(prefix)? + prefix.len();
    let word = text[at..].split_whitespace().next()?;
    Chips::parse(word.trim_end_matches(['.', ',', ')']))
}

/// The cards in the last `[…]` of `text`.
pub fn last_cards(text: &str) -> Option<&str> {
    let start = text.rfind('[')?;
    let end = start + text[start..].find(']')?;
    Some(&text[start + 1..end])
}
