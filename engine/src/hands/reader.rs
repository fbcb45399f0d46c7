//! Hands one at a time from lines handed in by the caller (the engine
//! reads no files): PHH (`.phh`, or `.phhs` with `[N]` sections) or
//! PokerStars text, told apart by the first line that is not blank. Only
//! the hand being read is held; a broken hand is an error item and the
//! next hand is read as usual (docs/design.md §3.11).

use super::error::{HandError, HandErrorKind, LineError};
use super::model::Hand;
use super::phh::hand_from_entries;
use super::phh_values::entries;
use super::replay::replay;
use super::stars::hand_from_lines;

/// Most lines a hand may have (real hands have fewer than 100).
pub const MAX_HAND_LINES: usize = 5_000;
/// Most bytes a hand may have.
pub const MAX_HAND_BYTES: usize = 1 << 20;

/// The format of a hand history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// pokerkit's PHH.
    Phh,
    /// PokerStars text.
    PokerStars,
}

/// The hands of one input, read one at a time.
pub struct HandReader<I> {
    lines: I,
    /// Lines read so far.
    line: usize,
    format: Option<Format>,
    /// The first line of the next hand, already read.
    next_start: Option<(usize, String)>,
    /// Hands started so far.
    ordinal: usize,
}

impl<I, S> HandReader<I>
where
    I: Iterator<Item = S>,
    S: AsRef<str>,
{
    /// A reader over `lines` (without their line breaks).
    pub fn new(lines: I) -> HandReader<I> {
        HandReader {
            lines,
            line: 0,
            format: None,
            next_start: None,
            ordinal: 0,
        }
    }

    /// The format, once the first line that is not blank is read.
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    fn next_line(&mut self) -> Option<(usize, String)> {
        let text = self.lines.next()?;
        self.line += 1;
        let text = text.as_ref();
        let text = if self.line == 1 {
            text.trim_start_matches('\u{feff}')
        } else {
            text
        };
        Some((self.line, text.to_owned()))
    }

    /// Whether `text` starts a hand in `format`.
    fn starts_hand(format: Format, text: &str) -> bool {
        let t = text.trim();
        match format {
            Format::Phh => t.starts_with('[') && t.ends_with(']') && !t.contains('='),
            Format::PokerStars => t.starts_with("PokerStars "),
        }
    }

    /// The next hand's lines, or an error for a hand too long to hold.
    fn chunk(&mut self) -> Option<Result<Vec<(usize, String)>, LineError>> {
        let first = match self.next_start.take() {
            Some(first) => first,
            None => loop {
                let (number, text) = self.next_line()?;
                if !text.trim().is_empty() {
                    break (number, text);
                }
            },
        };
        let format = *self.format.get_or_insert_with(|| {
            if first.1.trim_start().starts_with("PokerStars") {
                Format::PokerStars
            } else {
                Format::Phh
            }
        });
        let start_line = first.0;
        let mut bytes = first.1.len();
        let mut lines = vec![first];
        let mut too_long = false;
        while let Some((number, text)) = self.next_line() {
            if Self::starts_hand(format, &text) {
                self.next_start = Some((number, text));
                break;
            }
            bytes += text.len();
            if lines.len() >= MAX_HAND_LINES || bytes > MAX_HAND_BYTES {
                too_long = true;
                lines.clear();
                continue;
            }
            if !too_long {
                lines.push((number, text));
            }
        }
        if too_long {
            return Some(Err(LineError::new(start_line, "", HandErrorKind::TooLong)));
        }
        Some(Ok(lines))
    }
}

/// One hand's text, cut from the input but not yet read: parse it with
/// [`Chunk::parse`], on any thread.
pub struct Chunk {
    format: Format,
    ordinal: usize,
    lines: Result<Vec<(usize, String)>, LineError>,
}

impl Chunk {
    /// Reads the hand.
    pub fn parse(self) -> Result<Hand, HandError> {
        let fallback = format!("#{}", self.ordinal);
        let lines = match self.lines {
            Ok(lines) => lines,
            Err(error) => return Err(error.in_hand(fallback)),
        };
        let label = label(&lines).unwrap_or(fallback);
        let parsed = match self.format {
            Format::PokerStars => hand_from_lines(&lines),
            Format::Phh => read_phh(&lines),
        };
        parsed.map_err(|e| e.in_hand(label))
    }
}

impl<I, S> HandReader<I>
where
    I: Iterator<Item = S>,
    S: AsRef<str>,
{
    /// The next hand's text, cut but not read (so a caller can read many
    /// on several threads); `None` at the end of the input.
    pub fn next_chunk(&mut self) -> Option<Chunk> {
        let lines = self.chunk()?;
        self.ordinal += 1;
        Some(Chunk {
            format: self.format.unwrap_or(Format::Phh),
            ordinal: self.ordinal,
            lines,
        })
    }
}

impl<I, S> Iterator for HandReader<I>
where
    I: Iterator<Item = S>,
    S: AsRef<str>,
{
    type Item = Result<Hand, HandError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_chunk().map(Chunk::parse)
    }
}

fn read_phh(lines: &[(usize, String)]) -> Result<Hand, LineError> {
    let header = lines.first().map_or(0, |l| l.0);
    let body = lines
        .iter()
        .filter(|(_, text)| !HandReader::<std::iter::Empty<&str>>::starts_hand(Format::Phh, text))
        .map(|(n, t)| (*n, t.as_str()));
    let entries = entries(body)?;
    let hand = hand_from_entries(&entries, header)?;
    // A hand that does not replay (a raise below the bet, a board out of
    // turn, a card twice) is refused here, with its line.
    replay(&hand).map_err(|(kind, token)| LineError::new(header, &token, kind))?;
    Ok(hand)
}

/// The hand's id, found cheaply for error messages: PHH `hand = …`, or
/// PokerStars `Hand #…:`.
fn label(lines: &[(usize, String)]) -> Option<String> {
    if let Some((_, first)) = lines.first()
        && let Some(at) = first.find("Hand #").or_else(|| first.find("Game #"))
    {
        let rest = &first[at + 6..];
        let id: String = rest.chars().take_while(char::is_ascii_digit).collect();
        return (!id.is_empty()).then_some(id);
    }
    lines.iter().find_map(|(_, text)| {
        let (key, value) = text.split_once('=')?;
        (key.trim() == "hand").then(|| {
            value
                .trim()
                .trim_matches(['\'', '"'])
                .chars()
                .take(40)
                .collect()
        })
    })
}
