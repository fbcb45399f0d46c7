//! Where each combo of a seat's range stands on a street: its equity
//! against the other seats and the live weight above and below it, what
//! the equity terms of a rule read (docs/design.md §3.8).

use super::error::LineError;
use super::rule::Standing;
use super::street::Street;
use crate::card::Card;
use crate::combo::{COMBOS, Combo};
use crate::equity::{EquityRequest, EquityResult, calculate};

/// Each seat's standings on a street's board, where known: per canonical
/// combo, the combo's standing (`None` where the seat cannot hold it).
pub type Standings = Vec<Option<Vec<Option<Standing>>>>;

/// Per seat of `request` (each `Some`) and canonical combo, its standing on `board`
/// (`street`'s cards): its equity against the other seats from
/// `calculate`'s per-combo breakdown, and the live weight of the seat's
/// combos above and below it, as shares.
pub(super) fn standings(
    request: &EquityRequest,
    board: &[Card],
    street: Street,
) -> Result<Standings, LineError> {
    let with = EquityRequest {
        board: board.to_vec(),
        breakdown: true,
        preview: false,
        ..request.clone()
    };
    let result = calculate(&with, &|| false, &mut |_| {})
        .map_err(|source| LineError::Equity { street, source })?;
    let every: Vec<usize> = (0..request.seats.len()).collect();
    Ok(standings_of(request, &result, &every))
}

/// Per seat of `request` among `seats` and canonical combo, its standing
/// from `result`, `calculate`'s result (with the per-combo breakdown) of
/// `request` on the street's board; `None` for every other seat (`result`
/// need only hold the figures of the combos of `seats` right).
pub fn standings_of(request: &EquityRequest, result: &EquityResult, seats: &[usize]) -> Standings {
    let mut out = vec![None; request.seats.len()];
    for (seat, breakdown) in result.seats.iter().zip(&result.breakdown) {
        if !seats.contains(&seat.seat) {
            continue;
        }
        let standings = out[seat.seat].insert(vec![None; COMBOS]);
        let range = &request.seats[seat.seat].range;
        let combos: Vec<(Combo, f64, f64)> = breakdown
            .combos
            .iter()
            .map(|c| (c.combo, c.equity, f64::from(range.weight_bp(c.combo))))
            .collect();
        // By equity, weakest first: each run of equal equities has the
        // weight before it below and the weight after it above.
        let mut combos = combos;
        combos.sort_by(|a, b| a.1.total_cmp(&b.1));
        let total: f64 = combos.iter().map(|c| c.2).sum();
        let scale = total.max(f64::MIN_POSITIVE);
        let (mut at, mut below) = (0, 0.0);
        while at < combos.len() {
            let equity = combos[at].1;
            let end = at + combos[at..].iter().take_while(|c| c.1 == equity).count();
            let run: f64 = combos[at..end].iter().map(|c| c.2).sum();
            let above = total - below - run;
            for &(combo, equity, _) in &combos[at..end] {
                standings[combo.index()] = Some(Standing {
                    equity,
                    above: above / scale,
                    below: below / scale,
                });
            }
            below += run;
            at = end;
        }
    }
    out
}
