//! The one pass with its sums by highest card left out, as spots too
//! wide for them are counted: the same report to the last bit.

use std::sync::atomic::Ordering;

use super::pending::BY_HIGHEST_OFF;
use crate::card::CardSet;
use crate::equity::ReportStrategy;
use crate::equity::request::{EquityRequest, Method, Seat};
use crate::range::Range;
use crate::study::flop_report;

fn spot(ranges: &[&str], dead: &str) -> EquityRequest {
    let seats = ranges
        .iter()
        .map(|r| Seat::active(Range::parse(r).expect("test range")))
        .collect();
    let mut request = EquityRequest::new(seats);
    request.dead = CardSet::parse(dead).expect("test dead cards");
    request.method = Method::Exact;
    request
}

/// A hand against a weighted range with a dead card, two weighted ranges,
/// and two ranges beside a hand: every row and total the same with the
/// three flops of the boards' highest card summed per highest card or
/// added to board by board.
#[test]
fn the_sums_by_highest_card_change_no_figure() {
    let spots: [(&[&str], &str); 3] = [
        (&["AhKh", "QQ+,AK,JTs:0.5"], "2c"),
        (&["QQ+:0.5,AK", "TT+,AQs+,KQs"], ""),
        (&["AhKh", "QQ+,AQs+", "JJ+,KQs"], ""),
    ];
    for (ranges, dead) in spots {
        let request = spot(ranges, dead);
        let report = || flop_report(&request, &|| false, &|_, _, _| {});
        let with = report().expect("report");
        assert!(
            matches!(with.strategy, ReportStrategy::OnePass { .. }),
            "{ranges:?}: {:?}",
            with.strategy
        );
        BY_HIGHEST_OFF.store(true, Ordering::Relaxed);
        let without = report();
        BY_HIGHEST_OFF.store(false, Ordering::Relaxed);
        let without = without.expect("report");
        assert_eq!(with.flops, without.flops, "{ranges:?}");
        assert_eq!(with.seats, without.seats, "{ranges:?}");
        assert_eq!(with.flop_count, without.flop_count, "{ranges:?}");
    }
}
