//! The lines of a hand-history file (`rangestove hands`, the Hands view), read in
//! blocks of a megabyte: each line a range of its block, shared, so a line
//! costs no allocation of its own. They are the lines `BufRead::lines`
//! gives (no line break, a `\r` before it dropped). A line that is not
//! UTF-8 (a name in Windows-1252, say) is read with its bad bytes as
//! U+FFFD and counted, so every hand of the file is read and the caller
//! can say so (cards, amounts and actions are ASCII: only names differ).

use std::io::{ErrorKind, Read};
use std::sync::Arc;

/// Bytes read at a time.
const BLOCK: usize = 1 << 20;

/// One line: a range of a block.
pub struct BlockLine {
    block: Arc<String>,
    start: usize,
    end: usize,
}

impl AsRef<str> for BlockLine {
    fn as_ref(&self) -> &str {
        &self.block[self.start..self.end]
    }
}

/// The lines of a reader, block by block.
pub struct BlockLines<R> {
    reader: R,
    /// Whole lines read and not yet given.
    block: Arc<String>,
    /// Where the next line starts in `block`.
    at: usize,
    /// The start of a line not yet ended, read after the block.
    rest: Vec<u8>,
    /// No more to read (the end, or an error).
    done: bool,
    /// The error that ended the reading, if one did.
    pub error: Option<std::io::Error>,
    /// Bytes of the lines given so far, line breaks counted.
    pub bytes: u64,
    /// Lines read that were not UTF-8 (their bad bytes read as U+FFFD).
    pub not_utf8: u64,
}

impl<R: Read> BlockLines<R> {
    /// The lines of `reader`.
    pub fn new(reader: R) -> BlockLines<R> {
        BlockLines {
            reader,
            block: Arc::new(String::new()),
            at: 0,
            rest: Vec::new(),
            done: false,
            error: None,
            bytes: 0,
            not_utf8: 0,
        }
    }

    /// Reads the next block of whole lines (the last line of the input
    /// need not end); false at the end.
    fn refill(&mut self) -> bool {
        if self.done {
            return false;
        }
        let mut buf = std::mem::take(&mut self.rest);
        let mut end = false;
        loop {
            let old = buf.len();
            buf.resize(old + BLOCK, 0);
            let read = self.reader.read(&mut buf[old..]);
            buf.truncate(old + *read.as_ref().unwrap_or(&0));
            match read {
                Ok(0) => end = true,
                Ok(_) if !buf[old..].contains(&b'\n') => continue,
                Ok(_) => {}
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.error = Some(e);
                    self.done = true;
                }
            }
            break;
        }
        let cut = if end {
            self.done = true;
            buf.len()
        } else {
            buf.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
        };
        self.rest = buf.split_off(cut);
        let text = match String::from_utf8(buf) {
            Ok(text) => text,
            Err(e) => {
                let bytes = e.into_bytes();
                self.not_utf8 += bytes
                    .split(|&b| b == b'\n')
                    .filter(|line| std::str::from_utf8(line).is_err())
                    .count() as u64;
                String::from_utf8_lossy(&bytes).into_owned()
            }
        };
        self.block = Arc::new(text);
        self.at = 0;
        true
    }
}

impl<R: Read> Iterator for BlockLines<R> {
    type Item = BlockLine;

    fn next(&mut self) -> Option<BlockLine> {
        while self.at >= self.block.len() {
            if !self.refill() {
                return None;
            }
        }
        let start = self.at;
        let rest = &self.block[start..];
        let (mut end, next) = match rest.find('\n') {
            Some(i) => (start + i, start + i + 1),
            None => (self.block.len(), self.block.len()),
        };
        if next > end && self.block[..end].ends_with('\r') {
            end -= 1;
        }
        self.at = next;
        self.bytes += (next - start) as u64;
        Some(BlockLine {
            block: Arc::clone(&self.block),
            start,
            end,
        })
    }
}
