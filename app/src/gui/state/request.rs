//! What the session asks the equity worker: the spot on the street shown
//! (absent seats left out), with the line's rules up to that street.

use engine::equity::{EquityRequest, Seat};
use engine::line::{Street, StreetRule};
use engine::worker::EquityJob;

use super::scenario::SeatMode;
use super::session::Session;

/// Monte Carlo in the app runs until every seat's standard error is this.
const TARGET_STD_ERROR: f64 = 0.0002;
/// The exact-enumeration budget, whatever panel is open: the engine
/// compares it with the estimate of the equity alone, so the heat map or
/// the analysis panel never turns an exact spot into an estimated one. A
/// Monte Carlo preview shows numbers first.
const EXACT_BUDGET_MS: f64 = 1000.0;

impl Session {
    /// The equity request for the scenario on its whole board (absent
    /// seats left out), with per-combo figures if `breakdown`, and the
    /// seat of each request seat.
    pub fn request_with_seats(&self, breakdown: bool) -> (EquityRequest, Vec<usize>) {
        let (indices, seats): (Vec<usize>, Vec<Seat>) = self
            .seats()
            .iter()
            .enumerate()
            .filter(|(_, s)| s.mode != SeatMode::Absent)
            .map(|(i, s)| {
                let seat = Seat {
                    range: s.range.clone(),
                    folded: s.mode == SeatMode::Folded,
                };
                (i, seat)
            })
            .unzip();
        let mut request = EquityRequest::new(seats);
        request.board = self.board().to_vec();
        request.dead = self.dead();
        request.target_std_error = Some(TARGET_STD_ERROR);
        request.preview = true;
        // The heat map and the distribution graph need per-combo figures;
        // they never change whether the spot is counted exactly.
        request.breakdown = breakdown;
        request.time_budget_ms = EXACT_BUDGET_MS;
        (request, indices)
    }

    /// What the equity worker counts: the spot on the street shown (its
    /// board cards only) with every active seat's rules of that street and
    /// the earlier ones (rules whose text does not parse are left out:
    /// the seat shows the error), and the seat of each request seat.
    pub fn equity_job(&self, breakdown: bool) -> (EquityJob, Vec<usize>) {
        let (mut request, indices) = self.request_with_seats(breakdown);
        request.board = self.view_board().to_vec();
        let line = self.line_rules(&indices);
        (EquityJob { request, line }, indices)
    }

    /// The rules of the street shown and the earlier ones, for the request
    /// whose seats are the session seats `indices` (active seats only).
    pub fn line_rules(&self, indices: &[usize]) -> Vec<StreetRule> {
        self.line_rules_through(indices, self.view().street())
    }

    /// The rules of the streets up to `last` (none: no rule), for the
    /// request whose seats are the session seats `indices` (active seats
    /// only).
    pub fn line_rules_through(&self, indices: &[usize], last: Option<Street>) -> Vec<StreetRule> {
        let mut rules = Vec::new();
        for (seat, &index) in indices.iter().enumerate() {
            let state = &self.seats()[index];
            if state.mode != SeatMode::Active {
                continue;
            }
            for street in Street::ALL.into_iter().filter(|&s| Some(s) <= last) {
                if let Some(rule) = state.line.rule(street) {
                    rules.push(StreetRule {
                        seat,
                        street,
                        rule: rule.clone(),
                    });
                }
            }
        }
        rules
    }
}
