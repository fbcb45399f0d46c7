//! What the reports on a line ([`flops_line`](super::flops_line),
//! [`next_line`](super::next_line)) share: a board of the report with the
//! line followed on it as the report counts its boards, and the spot the
//! line leaves there counted the same way, each seat with its continue
//! share.

use super::flop_counting::passed_on;
use super::hits::BoardSeat;
use super::on_board::{counted_as, exact_on_board, sampled_on_board};
use crate::card::Card;
use crate::equity::exact::flop_pass::ClassSums;
use crate::equity::strategy::Strategy;
use crate::equity::{EquityRequest, EquityResult, ReportStrategy};
use crate::line::{Followed, LineError, Standings, Street, StreetRule, follow_known};
use crate::range::Range;

/// A board's spot on a line, counted ([`LineOnBoard::count`]).
pub(super) struct Counted {
    /// The weight of its deals when counted exactly (`None` when sampled).
    pub(super) weight: Option<f64>,
    /// Each seat's figures, hits and buckets, with its continue share.
    pub(super) seats: Vec<BoardSeat>,
}

/// A report's board on a line ([`LineOnBoard::follow`]).
pub(super) struct LineOnBoard {
    /// How far the line gets with the board dealt.
    pub(super) followed: Followed,
    /// The spot to count there: where the line gets (reach above 0), the
    /// ranges it leaves; where it gets nowhere, the ranges as given; with
    /// the request's own trials and seed either way.
    counted: EquityRequest,
}

impl LineOnBoard {
    /// The line of `rules` followed on `with` (the report's request with
    /// the board dealt), an equity term's standings counted as a report
    /// counted by `strategy` counts its boards, or read from `known`
    /// (`with` counted so on a street's board, as [`follow_known`] reads
    /// it).
    pub(super) fn follow(
        with: &EquityRequest,
        rules: &[StreetRule],
        strategy: ReportStrategy,
        known: Option<(Street, &Standings)>,
    ) -> Result<LineOnBoard, LineError> {
        let followed = follow_known(&counted_as(with.clone(), strategy), rules, known)?;
        let counted = match &followed {
            Followed::Reached(narrowed) if narrowed.reach > 0.0 => EquityRequest {
                seats: narrowed.request.seats.clone(),
                ..with.clone()
            },
            _ => with.clone(),
        };
        Ok(LineOnBoard { followed, counted })
    }

    /// The reach frequency with the board dealt (0 where the line gets
    /// nowhere).
    pub(super) fn reach(&self) -> f64 {
        self.followed.reach()
    }

    /// Each seat's range in the spot to count on the board (request
    /// order).
    pub(super) fn ranges(&self) -> Vec<&Range> {
        self.counted.seats.iter().map(|s| &s.range).collect()
    }

    /// The spot counted on the board as `strategy` counts the report's
    /// boards, with the per-combo breakdown, each seat with its continue
    /// share on `street`; `None` when no deal is possible with the board.
    pub(super) fn count(
        &self,
        strategy: ReportStrategy,
        street: Option<Street>,
        cancel: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<Counted>, LineError> {
        let request = &self.counted;
        let board = request.board.clone();
        let found = match strategy {
            ReportStrategy::EachSampled { std_error } => {
                sampled_on_board(request, board, std_error, true, cancel)?
                    .map(|result| (None, result))
            }
            _ => exact_on_board(request, board, true, cancel)?
                .map(|(weight, result)| (Some(weight), result)),
        };
        Ok(found.map(|(weight, result)| self.counted(weight, &result, street)))
    }

    /// [`LineOnBoard::count`] on `flop` (the board it was followed on),
    /// finished from the one pass's `sums` for its class, counted with
    /// this board's ranges (`pass`, the pass's strategy to report).
    pub(super) fn passed(
        &self,
        flop: [Card; 3],
        sums: &ClassSums,
        pass: Strategy,
        street: Option<Street>,
    ) -> Result<Option<Counted>, LineError> {
        let found = passed_on((&self.counted, None), flop, sums, pass)?;
        Ok(found.map(|(weight, result)| self.counted(Some(weight), &result, street)))
    }

    /// The counted spot's `result` (of deals weighing `weight` when
    /// counted exactly), each seat with its continue share on `street`.
    fn counted(
        &self,
        weight: Option<f64>,
        result: &EquityResult,
        street: Option<Street>,
    ) -> Counted {
        let board = &self.counted.board;
        let seats = (result.seats.iter().zip(&result.breakdown))
            .map(|(&figures, breakdown)| {
                let range = &self.counted.seats[figures.seat].range;
                let mut seat = BoardSeat::new(figures, breakdown, range, board, self.counted.dead);
                seat.continue_share =
                    street.and_then(|street| self.followed.share(figures.seat, street));
                seat
            })
            .collect();
        Counted { weight, seats }
    }
}
