//! The part of TOML that PHH files use: `key = value` lines whose values
//! are strings (single or double quotes), numbers, booleans, times and
//! arrays of these (an array may span lines), with `#` comments.

use super::error::{Expected, HandErrorKind, LineError};

/// A value as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A quoted string, unescaped.
    Text(String),
    /// A bare word: a number, boolean, time or date, as written.
    Bare(String),
    /// An array.
    Array(Vec<Value>),
}

/// One `key = value` entry with the line it starts on.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The key.
    pub key: String,
    /// The value.
    pub value: Value,
    /// The line, counting from 1 in the whole input.
    pub line: usize,
}

/// Most nesting of arrays read (PHH uses one level).
const MAX_DEPTH: usize = 8;

/// Reads the entries of one hand from its lines (`(number, text)`).
pub fn entries<'a>(
    lines: impl IntoIterator<Item = (usize, &'a str)>,
) -> Result<Vec<Entry>, LineError> {
    let mut out = Vec::new();
    let mut pending: Option<(usize, String, String)> = None;
    for (number, line) in lines {
        if let Some((start, key, mut text)) = pending.take() {
            text.push('\n');
            text.push_str(line);
            if needs_more(&text) {
                pending = Some((start, key, text));
            } else {
                out.push(finish(start, key, &text)?);
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
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err(LineError::new(
                number,
                key,
                HandErrorKind::Syntax(Expected::KeyValue),
            ));
        }
        let value = value.trim();
        if value.starts_with('[') && needs_more(value) {
            pending = Some((number, key.to_owned(), value.to_owned()));
        } else {
            out.push(finish(number, key.to_owned(), value)?);
        }
    }
    if let Some((start, key, _)) = pending {
        return Err(LineError::new(
            start,
            &key,
            HandErrorKind::Syntax(Expected::Closing),
        ));
    }
    Ok(out)
}

/// Whether `text` opens more brackets than it closes (outside strings and
/// comments): an array continued on the next line.
fn needs_more(text: &str) -> bool {
    let mut depth = 0i64;
    let mut quote = None;
    let mut escaped = false;
    let mut comment = false;
    for c in text.chars() {
        if comment {
            comment = c != '\n';
            continue;
        }
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if c == '\\' && q == '"' {
                    escaped = true;
                } else if c == q || c == '\n' {
                    quote = None;
                }
            }
            None => match c {
                '\'' | '"' => quote = Some(c),
                '[' => depth += 1,
                ']' => depth -= 1,
                '#' => comment = true,
                _ => {}
            },
        }
    }
    depth > 0
}

fn finish(line: usize, key: String, text: &str) -> Result<Entry, LineError> {
    let mut parser = Parser { text, at: 0 };
    let value = parser
        .value(0)
        .map_err(|kind| LineError::new(line, text, kind))?;
    parser.skip_space();
    if parser.peek().is_some_and(|c| c != '#') {
        return Err(LineError::new(
            line,
            text,
            HandErrorKind::Syntax(Expected::Nothing),
        ));
    }
    Ok(Entry { key, value, line })
}

/// A cursor over the value's text; `at` is a byte offset, moved one
/// character at a time.
struct Parser<'a> {
    text: &'a str,
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) {
        self.at += self.peek().map_or(0, char::len_utf8);
    }

    /// Skips spaces, line breaks and comments.
    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c == '#' {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else if c.is_whitespace() {
                self.bump();
            } else {
                break;
            }
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, HandErrorKind> {
        self.skip_space();
        match self.peek() {
            Some('[') if depth < MAX_DEPTH => {
                self.bump();
                let mut items = Vec::new();
                loop {
                    self.skip_space();
                    if self.peek() == Some(']') {
                        self.bump();
                        return Ok(Value::Array(items));
                    }
                    items.push(self.value(depth + 1)?);
                    self.skip_space();
                    match self.peek() {
                        Some(',') => self.bump(),
                        Some(']') => {}
                        _ => return Err(HandErrorKind::Syntax(Expected::Closing)),
                    }
                }
            }
            Some(q @ ('\'' | '"')) => self.text(q),
            Some(c) if c.is_ascii_alphanumeric() || "+-.".contains(c) => {
                let start = self.at;
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || "+-.:_".contains(c))
                {
                    self.bump();
                }
                Ok(Value::Bare(self.text[start..self.at].to_owned()))
            }
            _ => Err(HandErrorKind::Syntax(Expected::Nothing)),
        }
    }

    fn text(&mut self, quote: char) -> Result<Value, HandErrorKind> {
        self.bump();
        let start = self.at;
        // The common case: no escapes, one slice.
        if let Some(end) = self.text[start..].find(quote)
            && (quote == '\'' || !self.text[start..start + end].contains('\\'))
            && !self.text[start..start + end].contains('\n')
        {
            self.at = start + end + 1;
            return Ok(Value::Text(self.text[start..start + end].to_owned()));
        }
        let mut out = String::new();
        while let Some(c) = self.peek() {
            self.bump();
            if c == quote {
                return Ok(Value::Text(out));
            }
            if c == '\n' {
                break;
            }
            if c == '\\' && quote == '"' {
                let escaped = self
                    .peek()
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
