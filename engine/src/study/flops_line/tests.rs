//! The one pass with each flop's own ranges against every flop counted on
//! its own: the whole report (every row's frequency, reach, shares,
//! figures, hits and buckets, and the totals) to the last bit; and the one
//! pass without a line with its sums by highest card left out, as spots
//! too wide for them are counted, or a hand against a range not packed.

use std::sync::atomic::{AtomicBool, Ordering};

use super::report;
use crate::card::CardSet;
use crate::equity::ReportStrategy;
use crate::equity::exact::flop_pass::{
    BASELINE_LANES, BY_HIGHEST_OFF, EACH_FLOP_OFF, ONE_HAND_OFF, PACKED_SWEEPS,
};
use crate::equity::request::{EquityRequest, Seat};
use crate::line::{ContinueRule, Street, StreetRule};
use crate::range::Range;

fn spot(ranges: &[&str], dead: &str) -> EquityRequest {
    let seats = ranges
        .iter()
        .map(|r| Seat::active(Range::parse(r).expect("test range")))
        .collect();
    let mut request = EquityRequest::new(seats);
    request.dead = CardSet::parse(dead).expect("test dead cards");
    request.method = crate::equity::request::Method::Exact;
    request
}

fn rule(seat: usize, text: &str) -> StreetRule {
    StreetRule {
        seat,
        street: Street::Flop,
        rule: ContinueRule::parse(text).expect("test rule"),
    }
}

/// Both ways of counting give the very same report, on a spot the pass
/// counts (most flops, not left out to be counted on their own), where
/// the line `stops` on some flops or not.
fn same_both_ways(request: &EquityRequest, rules: &[StreetRule], stops: bool) {
    let none = |_: &_, _, _| {};
    let (by_pass, passed) = report(request, rules, true, &|| false, &none).expect("report");
    let (each, none_passed) = report(request, rules, false, &|| false, &none).expect("report");
    let what = format!("{:?} on {rules:?}", request.seats);
    assert_eq!(none_passed, 0, "{what}");
    let rows = by_pass.flops.len();
    assert!(
        passed * 2 > rows,
        "{what}: {passed} of {rows} rows by the pass"
    );
    assert_eq!(by_pass.flops, each.flops, "{what}");
    assert_eq!(by_pass.seats, each.seats, "{what}");
    assert_eq!(by_pass.reach.to_bits(), each.reach.to_bits(), "{what}");
    assert_eq!(by_pass.continues, each.continues, "{what}");
    let stopped = by_pass.flops.iter().any(|r| r.reach == 0.0);
    assert_eq!(stopped, stops, "{what}: a flop where the line stops");
}

/// Two ranges, weighted, a dead card, both seats with rules (one keeping
/// a part of some combos, one keeping nothing on some flops, one keeping
/// a single combo on some).
#[test]
fn two_ranges_on_a_line_count_as_each_flop() {
    let request = spot(&["QQ+:0.5,AK,JTs:0.25", "TT+,AQs+,KQs:0.7"], "2c");
    let rules = [
        rule(0, "top-pair+,overpair:0.5"),
        rule(1, "set+,flush-draw"),
    ];
    same_both_ways(&request, &rules, true);
    let request = spot(&["AA,KK", "AK,QQ"], "");
    same_both_ways(&request, &[rule(1, "two-pair+,AsKs")], true);
}

/// One range ruled and the other not (a board's flops counted side by
/// side): the rule on the first seat or the second, weighted ranges, a
/// dead card, a part of some combos kept, an equity term, a flop where
/// the ruled seat keeps nothing.
#[test]
fn a_ruled_range_against_a_steady_one_counts_as_each_flop() {
    let request = spot(&["QQ+:0.5,AK,JTs:0.25,76s", "TT+,AQs+,KQs:0.7"], "2c");
    same_both_ways(&request, &[rule(0, "set+,top-pair:0.5")], true);
    let request = spot(&["JJ+,AQs+:0.6,KJs", "99+,ATs+,KQo"], "");
    same_both_ways(&request, &[rule(1, "equity>=50%")], false);
}

/// A ruled range against a steady one, weighted with a dead card (sums in
/// 32 bits) and with weights whose sums need 64: the lanes counted by the
/// code for the processor at hand (AVX2 where it has it) and by the
/// baseline code give the very same report.
#[test]
fn a_ruled_range_counts_the_same_by_the_baseline_lanes() {
    let none = |_: &_, _, _| {};
    let spots = [
        (
            spot(&["QQ+:0.5,AK,JTs:0.25,76s", "TT+,AQs+,KQs:0.7"], "2c"),
            0,
        ),
        (
            spot(&["AA:0.9999,KK,QQ:0.777,AKs", "TT+,AQs:0.4999,KQo"], ""),
            1,
        ),
    ];
    for (request, seat) in spots {
        let rules = [rule(seat, "top-pair+,equity>=60%")];
        let (at_hand, passed) = report(&request, &rules, true, &|| false, &none).expect("report");
        BASELINE_LANES.store(true, Ordering::Relaxed);
        let baseline = report(&request, &rules, true, &|| false, &none);
        BASELINE_LANES.store(false, Ordering::Relaxed);
        let (baseline, _) = baseline.expect("report");
        assert!(passed > 0, "{:?}", request.seats);
        assert_eq!(at_hand.flops, baseline.flops, "{:?}", request.seats);
        assert_eq!(at_hand.seats, baseline.seats, "{:?}", request.seats);
        assert_eq!(at_hand.continues, baseline.continues, "{:?}", request.seats);
    }
}

/// Two ranges and a hand (the single-combo seat's rank in the sweep),
/// the rule on the hand (kept with half its weight, or not at all) and
/// an equity term on a range (its standings from the pass with the ranges
/// as given).
#[test]
fn two_ranges_and_a_hand_on_a_line_count_as_each_flop() {
    let request = spot(&["AhKh", "QQ+,AJs+", "TT+,KQs"], "");
    let rules = [rule(0, "top-pair+:0.5"), rule(2, "equity>=30%")];
    same_both_ways(&request, &rules, true);
}

/// The report of each of `spots` (its ranges and dead cards), counted by
/// the one pass, the same to the last bit with the switch `off` set as
/// without it.
fn same_with_switch_off(spots: &[(&[&str], &str)], off: &AtomicBool) {
    for &(ranges, dead) in spots {
        let request = spot(ranges, dead);
        let report = || crate::study::flop_report(&request, &|| false, &|_, _, _| {});
        let with = report().expect("report");
        assert!(
            matches!(with.strategy, ReportStrategy::OnePass { .. }),
            "{ranges:?}: {:?}",
            with.strategy
        );
        off.store(true, Ordering::Relaxed);
        let without = report();
        off.store(false, Ordering::Relaxed);
        let without = without.expect("report");
        assert_eq!(with.flops, without.flops, "{ranges:?}");
        assert_eq!(with.seats, without.seats, "{ranges:?}");
        assert_eq!(with.flop_count, without.flop_count, "{ranges:?}");
    }
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
    same_with_switch_off(&spots, &BY_HIGHEST_OFF);
}

/// Hands against ranges: a suited hand against a weighted range with a
/// dead card, a range against an offsuit hand (the range first), a pair
/// against a wide weighted range.
const HAND_AGAINST_RANGE: [(&[&str], &str); 3] = [
    (&["AhKh", "QQ+,AK,JTs:0.5"], "2c"),
    (&["QQ+:0.5,AKs", "AsKd"], ""),
    (&["7c7d", "99+,A9s+:0.3,KTo+,54s"], "Ah"),
];

/// [`HAND_AGAINST_RANGE`] packed: every row and total the same as counted
/// as other spots are (and the packed sweep did run).
#[test]
fn a_hand_against_a_range_packed_changes_no_figure() {
    let packed = PACKED_SWEEPS.load(Ordering::Relaxed);
    same_with_switch_off(&HAND_AGAINST_RANGE, &ONE_HAND_OFF);
    assert!(PACKED_SWEEPS.load(Ordering::Relaxed) >= packed + HAND_AGAINST_RANGE.len());
}

/// [`HAND_AGAINST_RANGE`] summed by class (as where each flop's rows would
/// take too much memory) and by flop: every row and total the same.
#[test]
fn a_hand_against_a_range_by_class_changes_no_figure() {
    same_with_switch_off(&HAND_AGAINST_RANGE, &EACH_FLOP_OFF);
}
