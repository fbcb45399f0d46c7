//! The one rule for bad input (docs/design.md §8.1): while a field's
//! text does not read, the app counts the longest part of it that does —
//! the text up to the term (or card) in error — and says so at the field
//! and on the figures that follow from it. What is counted depends on the
//! text alone: not on how fast it was typed, nor on what it held before.

/// The part of `text` that reads and what it reads as: `text` itself when
/// it reads, else the text cut before its error (`cut`: where, given the
/// part tried and its error), read again until it reads. `None` only when
/// not even the empty text reads.
pub fn longest_reading<T, E>(
    text: &str,
    parse: impl Fn(&str) -> Result<T, E>,
    cut: impl Fn(&str, &E) -> usize,
) -> Option<(String, T)> {
    let mut part = text;
    loop {
        match parse(part) {
            Ok(value) => return Some((shown_part(part), value)),
            Err(_) if part.is_empty() => return None,
            Err(error) => {
                // Always shorter: the loop ends at the empty text at worst.
                let at = cut(part, &error).min(part.len() - 1);
                part = &part[..floor_boundary(part, at)];
            }
        }
    }
}

/// Where to cut a comma-separated text (a range, a rule) whose error is at
/// byte `offset`: at the comma before the term in error (else at the start).
pub fn before_term(part: &str, offset: usize) -> usize {
    let offset = floor_boundary(part, offset.min(part.len()));
    part[..offset].rfind(',').unwrap_or(0)
}

/// The part counted as shown in a message: trimmed, without a trailing
/// comma.
fn shown_part(part: &str) -> String {
    part.trim()
        .trim_end_matches(|c: char| c == ',' || c.is_whitespace())
        .to_owned()
}

/// The largest char boundary of `text` at or before `at`.
fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// What a field in error counts, in words: `counting “AKs, QQ+”`, or
/// `counting {nothing}` when no part of it reads (`nothing`: "no hand",
/// "no rule", …).
pub fn counting(counted: &str, nothing: &str) -> String {
    if counted.is_empty() {
        format!("counting {nothing}")
    } else {
        format!("counting “{counted}”")
    }
}

/// The whole message of a field in error: the error, then what is
/// counted until it is fixed.
pub fn field_message(error: &str, counted: &str, nothing: &str) -> String {
    format!(
        "{error} — {} (the text before the error) until it is fixed",
        counting(counted, nothing)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(text: &str) -> Option<(String, engine::Range)> {
        longest_reading(text, engine::Range::parse, |part, e| {
            before_term(part, e.offset)
        })
    }

    #[test]
    fn a_bad_term_counts_the_terms_before_it() {
        let (part, counted) = range("AKs, QQ+, J7x").unwrap();
        assert_eq!(part, "AKs, QQ+");
        assert_eq!(counted, engine::Range::parse("AKs,QQ+").unwrap());
        let (part, counted) = range("Zx").unwrap();
        assert_eq!(part, "");
        assert!(counted.is_empty());
    }

    #[test]
    fn good_text_counts_whole() {
        assert_eq!(range("QQ+,AKs").unwrap().0, "QQ+,AKs");
    }
}
