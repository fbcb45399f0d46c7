//! The part of TOML that PHH files use: `key = value` lines whose values
//! are strings (single or double quotes), numbers, booleans, times and
//! arrays of these (an array may span lines), with `#` comments. Values
//! borrow the hand's text where they can.

use std::borrow::Cow;

use super::error::{Expected, HandErrorKind, LineError};

/// A value as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Value<'a> {
    /// A quoted string, unescaped.
    Text(Cow<'a, str>),
    /// A bare word: a number, boolean, time or date, as written.
    Bare(Cow<'a, str>),
    /// An array.
    Array(Vec<Value<'a>>),
}

impl Value<'_> {
    /// The value owning its text (for one read from joined lines).
    fn into_owned(self) -> Value<'static> {
        match self {
            Value::Text(t) => Value::Text(Cow::Owned(t.into_owned())),
            Value::Bare(t) => Value::Bare(Cow::Owned(t.into_owned())),
            Value::Array(items) => Value::Array(items.into_iter().map(Value::into_owned).collect()),
        }
    }
}

/// One `key = value` entry with the line it starts on.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry<'a> {
    /// The key.
    pub key: &'a str,
    /// The value.
    pub value: Value<'a>,
    /// The line, counting from 1 in the whole input.
    pub line: usize,
}

/// Most nesting of arrays read (PHH uses one level).
const MAX_DEPTH: usize = 8;

/// Reads the entries of one hand from its lines (`(number, text)`).
pub fn entries<'a>(
    lines: impl IntoIterator<Item = (usize, &'a str)>,
) -> Result<Vec<Entry<'a>>, LineError> {
    let mut out = Vec::with_capacity(24);
    let mut pending: Option<(usize, &'a str, String)> = None;
    for (number, line) in lines {
        if let Some((start, key, mut text)) = pending.take() {
            text.push('\n');
            text.push_str(line);
            if needs_more(&text) {
                pending = Some((start, key, text));
            } else {
                let value = finish(start, &text)?.into_owned();
                out.push(Entry {
                    key,
                    value,
                    line: start,
                });
            }
            continue;
        }
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let Some((key, value)) = trimmed.split_once('=') else {
            return Err(LineError::new(
                number,
                trimmed,
                HandErrorKind::Syntax(Expected::KeyValue),
            ));
        };
        let key = key.trim();
        if key.is_empty()
            || !key
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
        {
            return Err(LineError::new(
                number,
                key,
                HandErrorKind::Syntax(Expected::KeyValue),
            ));
        }
        let value = value.trim();
        if value.starts_with('[') && needs_more(value) {
            pending = Some((number, key, value.to_owned()));
        } else {
            out.push(Entry {
                key,
                value: finish(number, value)?,
                line: number,
            });
        }
    }
    if let Some((start, key, _)) = pending {
        return Err(LineError::new(
            start,
            key,
            HandErrorKind::Syntax(Expected::Closing),
        ));
    }
    Ok(out)
}

/// Whether `text` opens more brackets than it closes (outside strings and
/// comments): an array continued on the next line. Byte by byte: every
/// character it looks for is ASCII, which no byte of a longer character
/// matches; an escape before one (`\é`) skips the whole character all
/// the same, as its bytes that follow match nothing.
fn needs_more(text: &str) -> bool {
    let mut depth = 0i64;
    let mut quote = None;
    let mut escaped = false;
    let mut comment = false;
    for &c in text.as_bytes() {
        if comment {
            comment = c != b'\n';
            continue;
        }
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if c == b'\\' && q == b'"' {
                    escaped = true;
                } else if c == q || c == b'\n' {
                    quote = None;
                }
            }
            None => match c {
                b'\'' | b'"' => quote = Some(c),
                b'[' => depth += 1,
                b']' => depth -= 1,
                b'#' => comment = true,
                _ => {}
            },
        }
    }
    depth > 0
}

/// The value of `text` (the entry on `line`), nothing but a comment after.
fn finish(line: usize, text: &str) -> Result<Value<'_>, LineError> {
    let mut parser = Parser { text, at: 0 };
    let value = parser
        .value(0)
        .map_err(|kind| LineError::new(line, text, kind))?;
    parser.skip_space();
    if parser.peek().is_some_and(|c| c != b'#') {
        return Err(LineError::new(
            line,
            text,
            HandErrorKind::Syntax(Expected::Nothing),
        ));
    }
    Ok(value)
}

/// A cursor over the value's text; `at` is a byte offset, moved one
/// character at a time. Peeks give bytes: every character the grammar
/// names is ASCII, and a byte of a longer character matches none.
struct Parser<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// The character at the cursor (for the few places that need more
    /// than its first byte).
    fn peek_char(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    /// Moves past the character at the cursor.
    fn bump(&mut self) {
        match self.peek() {
            None => {}
            Some(b) if b.is_ascii() => self.at += 1,
            Some(_) => self.at += self.peek_char().map_or(0, char::len_utf8),
        }
    }

    /// Skips spaces, line breaks and comments.
    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c == b'#' {
                match self.text[self.at..].find('\n') {
                    Some(end) => self.at += end,
                    None => self.at = self.text.len(),
                }
            } else if c.is_ascii() {
                if !c.is_ascii_whitespace() && c != 0x0b {
                    break;
                }
                self.at += 1;
            } else if self.peek_char().is_some_and(char::is_whitespace) {
                self.bump();
            } else {
                break;
            }
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value<'a>, HandErrorKind> {
        self.skip_space();
        match self.peek() {
            Some(b'[') if depth < MAX_DEPTH => {
                self.bump();
                // Room for every item of a flat array (PHH's actions).
                let commas = if depth == 0 {
                    self.text.bytes().filter(|&b| b == b',').count() + 1
                } else {
                    0
                };
                let mut items = Vec::with_capacity(commas);
                loop {
                    self.skip_space();
                    if self.peek() == Some(b']') {
                        self.bump();
                        return Ok(Value::Array(items));
                    }
                    items.push(self.value(depth + 1)?);
                    self.skip_space();
                    match self.peek() {
                        Some(b',') => self.bump(),
                        Some(b']') => {}
                        _ => return Err(HandErrorKind::Syntax(Expected::Closing)),
                    }
                }
            }
            Some(q @ (b'\'' | b'"')) => self.text(q),
            Some(c) if c.is_ascii_alphanumeric() || b"+-.".contains(&c) => {
                let start = self.at;
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || b"+-.:_".contains(&c))
                {
                    self.at += 1;
                }
                Ok(Value::Bare(Cow::Borrowed(&self.text[start..self.at])))
            }
            _ => Err(HandErrorKind::Syntax(Expected::Nothing)),
        }
    }

    fn text(&mut self, quote: u8) -> Result<Value<'a>, HandErrorKind> {
        self.bump();
        let start = self.at;
        let quote_char = char::from(quote);
        // The common case: no escapes, one slice.
        let stop = self.text.as_bytes()[start..]
            .iter()
            .position(|&b| b == quote || b == b'\n' || (b == b'\\' && quote == b'"'));
        if let Some(end) = stop
            && self.text.as_bytes()[start + end] == quote
        {
            self.at = start + end + 1;
            return Ok(Value::Text(Cow::Borrowed(&self.text[start..start + end])));
        }
        let mut out = String::new();
        while let Some(c) = self.peek_char() {
            self.bump();
            if c == quote_char {
                return Ok(Value::Text(Cow::Owned(out)));
            }
            if c == '\n' {
                break;
            }
            if c == '\\' && quote == b'"' {
                let escaped = self
                    .peek_char()
                    .ok_or(HandErrorKind::Syntax(Expected::Closing))?;
                self.bump();
                out.push(match escaped {
                    'n' => '\n',
                    't' => '\t',
                    other => other,
                });
            } else {
                out.push(c);
            }
        }
        Err(HandErrorKind::Syntax(Expected::Closing))
    }
}
