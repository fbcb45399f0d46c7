//! Hands one at a time from lines handed in by the caller (the engine
//! reads no files): PHH (`.phh`, or `.phhs` with `[N]` sections) or
//! PokerStars text, told apart by the first line that is not blank. Only
//! the hand being read is held; a broken hand is an error item and the
//! next hand is read as usual (docs/design.md §3.11).

use super::error::{HandError, HandErrorKind, LineError};
use super::model::Hand;
use super::phh::hand_from_entries;
use super::phh_values::entries;
use super::replay::{Replay, replay};
use super::report::{HandReport, report};
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
    /// The first line of the next hand, already read: its number and the
    /// start of that hand's text.
    next_start: Option<(usize, String)>,
    /// Hands started so far.
    ordinal: usize,
}

/// Room reserved for a hand's text (most PHH hands fit).
const HAND_CAPACITY: usize = 1024;

/// A hand's text starting with `line`.
fn hand_text(line: &str) -> String {
    let mut text = String::with_capacity(HAND_CAPACITY.max(line.len()));
    text.push_str(line);
    text
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

    /// The lines not yet read (to see their state between hands).
    pub fn lines(&self) -> &I {
        &self.lines
    }

    /// The lines not yet read, the reader done with.
    pub fn into_lines(self) -> I {
        self.lines
    }

    /// The format, once the first line that is not blank is read.
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// The next line's number and text.
    fn next_line(&mut self) -> Option<(usize, S)> {
        let text = self.lines.next()?;
        self.line += 1;
        Some((self.line, text))
    }

    /// `text` without a byte-order mark when it is the first line.
    fn without_mark(number: usize, text: &str) -> &str {
        if number == 1 {
            text.trim_start_matches('\u{feff}')
        } else {
            text
        }
    }

    /// Whether `text` starts a hand in `format`.
    fn starts_hand(format: Format, text: &str) -> bool {
        // Trimmed at the start first: most lines fail on their first
        // character.
        let t = text.trim_start();
        match format {
            Format::Phh => {
                t.starts_with('[') && {
                    let t = t.trim_end();
                    t.ends_with(']') && !t.contains('=')
                }
            }
            Format::PokerStars => text.trim().starts_with("PokerStars "),
        }
    }

    /// The next hand's first line number and text (its lines joined by
    /// `\n`), or an error for a hand too long to hold.
    fn chunk(&mut self) -> Option<Result<(usize, String), LineError>> {
        let (start_line, mut text) = match self.next_start.take() {
            Some(first) => first,
            None => loop {
                let (number, line) = self.next_line()?;
                let line = Self::without_mark(number, line.as_ref());
                if !line.trim().is_empty() {
                    break (number, hand_text(line));
                }
            },
        };
        let format = *self.format.get_or_insert_with(|| {
            if text.trim_start().starts_with("PokerStars") {
                Format::PokerStars
            } else {
                Format::Phh
            }
        });
        let mut bytes = text.len();
        let mut lines = 1;
        let mut too_long = false;
        while let Some((number, line)) = self.next_line() {
            let line = Self::without_mark(number, line.as_ref());
            if Self::starts_hand(format, line) {
                self.next_start = Some((number, hand_text(line)));
                break;
            }
            bytes += line.len();
            if lines >= MAX_HAND_LINES || bytes > MAX_HAND_BYTES {
                too_long = true;
                text = String::new();
                lines = 0;
                continue;
            }
            if !too_long {
                text.push('\n');
                text.push_str(line);
                lines += 1;
            }
        }
        if too_long {
            return Some(Err(LineError::new(start_line, "", HandErrorKind::TooLong)));
        }
        Some(Ok((start_line, text)))
    }
}

/// One hand's text, cut from the input but not yet read: parse it with
/// [`Chunk::parse`] or [`Chunk::analyse`], on any thread.
pub struct Chunk {
    format: Format,
    ordinal: usize,
    /// The number of the hand's first line and its lines joined by `\n`.
    text: Result<(usize, String), LineError>,
}

impl Chunk {
    /// Reads the hand.
    pub fn parse(self) -> Result<Hand, HandError> {
        self.read().map(|(hand, _)| hand)
    }

    /// Reads the hand and analyses it: the same as [`analyse`](super::analyse) of
    /// [`Chunk::parse`], replaying the hand once.
    pub fn analyse(self) -> Result<HandReport, HandError> {
        let (hand, replay) = self.read()?;
        report(hand, replay)
    }

    /// The hand and its replay (a hand that does not replay is refused).
    fn read(self) -> Result<(Hand, Replay), HandError> {
        let ordinal = self.ordinal;
        let fallback = || format!("#{ordinal}");
        let (first, text) = match self.text {
            Ok(text) => text,
            Err(error) => return Err(error.in_hand(fallback())),
        };
        let parsed = match self.format {
            Format::PokerStars => {
                let lines: Vec<(usize, &str)> = (first..).zip(text.split('\n')).collect();
                hand_from_lines(&lines)
            }
            Format::Phh => read_phh(first, &text),
        };
        parsed.map_err(|e| e.in_hand(label(&text).unwrap_or_else(fallback)))
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
        let text = self.chunk()?;
        self.ordinal += 1;
        Some(Chunk {
            format: self.format.unwrap_or(Format::Phh),
            ordinal: self.ordinal,
            text,
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

/// A PHH hand from its text (`header`: its first line's number), and its
/// replay.
fn read_phh(header: usize, text: &str) -> Result<(Hand, Replay), LineError> {
    let body = (header..)
        .zip(text.split('\n'))
        .filter(|(_, text)| !HandReader::<std::iter::Empty<&str>>::starts_hand(Format::Phh, text));
    let entries = entries(body)?;
    let hand = hand_from_entries(&entries, header)?;
    // A hand that does not replay (a raise below the bet, a board out of
    // turn, a card twice) is refused here, with its line.
    let replay = replay(&hand).map_err(|(kind, token)| LineError::new(header, &token, kind))?;
    Ok((hand, replay))
}

/// The hand's id, found for error messages: PHH `hand = …`, or
/// PokerStars `Hand #…:`.
fn label(text: &str) -> Option<String> {
    let first = text.split('\n').next().unwrap_or("");
    if let Some(at) = first.find("Hand #").or_else(|| first.find("Game #")) {
        let rest = &first[at + 6..];
        let id: String = rest.chars().take_while(char::is_ascii_digit).collect();
        return (!id.is_empty()).then_some(id);
    }
    text.split('\n').find_map(|text| {
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
