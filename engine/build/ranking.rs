//! Reads the shipped preflop hand ranking (`assets/hand_ranking.txt`) and
//! turns it into Rust constants, so a malformed file fails the build instead
//! of the program.
//!
//! File format: lines starting with `#` are comments; one line
//! `name: <text>` names the ranking; then 169 lines `<class> <equity>`, best
//! class first (`AA 0.6398`, `AKs 0.5011`, `72o 0.1204`).

/// A parsed ranking: its name and the 169 classes, best first, as grid
/// indices (`row * 13 + column`) with their figure of merit.
pub struct RankingFile {
    pub name: String,
    pub order: Vec<(u8, f32)>,
}

/// The grid index of a class written `AA`, `AKs` or `AKo`.
pub fn class_index(text: &str) -> Option<u8> {
    const RANKS: &str = "23456789TJQKA";
    let mut chars = text.chars();
    let a = RANKS.find(chars.next()?)? as u8;
    let b = RANKS.find(chars.next()?)? as u8;
    let suffix = chars.next();
    if chars.next().is_some() {
        return None;
    }
    let (hi, lo) = (12 - a.max(b), 12 - a.min(b));
    match suffix {
        None if a == b => Some(hi * 13 + hi),
        Some('s') if a != b => Some(hi * 13 + lo),
        Some('o') if a != b => Some(lo * 13 + hi),
        _ => None,
    }
}

/// Parses the ranking file; the error names the offending line.
pub fn parse(text: &str) -> Result<RankingFile, String> {
    let mut name = None;
    let mut order = Vec::new();
    let mut seen = [false; 169];
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("name:") {
            name = Some(rest.trim().to_owned());
            continue;
        }
        let bad = || format!("line {}: {line:?}", number + 1);
        let mut fields = line.split_whitespace();
        let class = fields.next().and_then(class_index).ok_or_else(bad)?;
        let value: f32 = fields.next().and_then(|v| v.parse().ok()).ok_or_else(bad)?;
        if fields.next().is_some() || std::mem::replace(&mut seen[class as usize], true) {
            return Err(bad());
        }
        order.push((class, value));
    }
    let name = name.ok_or("no `name:` line")?;
    if order.len() != 169 {
        return Err(format!("{} classes instead of 169", order.len()));
    }
    Ok(RankingFile { name, order })
}
