//! The spot as text ("Copy spot as text"): a few lines a player pastes
//! into a forum post, or back into the app, which reads them as a spot.

use crate::gui::state::scenario::{SavedSeat, Scenario, SeatMode};

/// The first line of a spot as text.
const SPOT_HEADER: &str = "Rangestove spot";

/// The spot as text: a header line, a line per seat (`Name: range`, with
/// `[folded]` or `[absent]` after the name), the board and dead cards,
/// and the equities when known (`equities`: one line, ignored when read
/// back).
pub fn spot_text(scenario: &Scenario, equities: Option<&str>) -> String {
    let mut lines = vec![SPOT_HEADER.to_owned()];
    for seat in &scenario.seats {
        let mode = match seat.mode {
            SeatMode::Active => "",
            SeatMode::Folded => " [folded]",
            SeatMode::Absent => " [absent]",
        };
        lines.push(format!("{}{mode}: {}", seat.name, seat.range.trim()));
    }
    if !scenario.board.trim().is_empty() {
        lines.push(format!("Board: {}", scenario.board.trim()));
    }
    if !scenario.dead.trim().is_empty() {
        lines.push(format!("Dead: {}", scenario.dead.trim()));
    }
    if let Some(equities) = equities {
        lines.push(format!("Equity: {equities}"));
    }
    lines.join("\n") + "\n"
}

/// Reads a spot written by [`spot_text`]; `None` if `text` is not one (it
/// does not start with the header line), so the caller treats it as
/// range text.
pub fn parse_spot_text(text: &str) -> Option<Scenario> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    if !lines.next()?.eq_ignore_ascii_case(SPOT_HEADER) {
        return None;
    }
    let mut scenario = Scenario {
        seats: Vec::new(),
        board: String::new(),
        dead: String::new(),
    };
    for line in lines {
        // The first ": " ends the name (ranges may hold `75: AQs`).
        let (name, rest) = line
            .split_once(": ")
            .unwrap_or((line.trim_end_matches(':'), ""));
        match name.to_ascii_lowercase().as_str() {
            "board" => scenario.board = rest.to_owned(),
            "dead" => scenario.dead = rest.to_owned(),
            "equity" => {}
            _ => {
                let (name, mode) = if let Some(n) = name.strip_suffix(" [folded]") {
                    (n, SeatMode::Folded)
                } else if let Some(n) = name.strip_suffix(" [absent]") {
                    (n, SeatMode::Absent)
                } else {
                    (name, SeatMode::Active)
                };
                scenario.seats.push(SavedSeat {
                    name: name.to_owned(),
                    range: rest.to_owned(),
                    mode,
                    ..SavedSeat::default()
                });
            }
        }
    }
    Some(scenario)
}
