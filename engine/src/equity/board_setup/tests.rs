//! A setup made on a board from the spot's setup is the one `Setup::new`
//! makes, errors included.

use super::*;
use crate::card::{Card, CardSet};
use crate::equity::request::Seat;

/// `seats` (a leading `-` folds a seat) with `dead`.
fn request(seats: &[&str], dead: &str) -> EquityRequest {
    let seats = (seats.iter())
        .map(|text| match text.strip_prefix('-') {
            Some(text) => Seat::folded(Range::parse(text).unwrap()),
            None => Seat::active(Range::parse(text).unwrap()),
        })
        .collect();
    let mut request = EquityRequest::new(seats);
    request.dead = CardSet::parse(dead).unwrap();
    request
}

/// Every `nth` board of `cards` cards (the first included).
fn boards(cards: usize, nth: usize) -> Vec<Vec<Card>> {
    let deck: Vec<Card> = Card::all().collect();
    let mut out = Vec::new();
    let mut at = vec![0usize; cards];
    let mut i = 0usize;
    fn walk(
        deck: &[Card],
        from: usize,
        at: &mut Vec<usize>,
        depth: usize,
        f: &mut dyn FnMut(&[usize]),
    ) {
        if depth == at.len() {
            f(at);
            return;
        }
        for k in from..deck.len() {
            at[depth] = k;
            walk(deck, k + 1, at, depth + 1, f);
        }
    }
    walk(&deck, 0, &mut at, 0, &mut |at| {
        if i.is_multiple_of(nth) {
            out.push(at.iter().map(|&k| deck[k]).collect());
        }
        i += 1;
    });
    out
}

/// On every board asked, the setup from the spot's is `Setup::new`'s (or
/// its error), and the spots reach both the derived and the fresh ways.
#[test]
fn a_setup_on_a_board_is_the_one_made_afresh() {
    let spots: [(&[&str], &str); 7] = [
        (&["AhKh", "15%"], ""),
        (&["AA,KK:0.5,AKs:0.25,72o:0.3", "random"], "2c"),
        // AhKs clashes with AhKd: the second seat is QsQd alone, which
        // takes cards from the third.
        (&["AhKd", "AhKs,QsQd", "JJ+,AQs:0.6"], ""),
        // A board with a queen or a jack leaves one combo.
        (&["QsQd,JsJd", "random"], "9h"),
        (&["AhAd", "-KK", "22+,ATs+"], "3c"),
        // Three kings take every KK combo: the weights' gcd changes.
        (&["AhAd:0.5,KK:0.25", "random"], ""),
        (&["AsKs", "QQ+", "random"], "2h3h"),
    ];
    let (mut derived, mut fresh) = (0, 0);
    for (seats, dead) in spots {
        let asked = request(seats, dead);
        let base = Setup::new(&asked).unwrap();
        for (cards, nth) in [(3, 7), (4, 97), (5, 1999)] {
            for board in boards(cards, nth) {
                let with = EquityRequest {
                    board: board.clone(),
                    breakdown: true,
                    ..asked.clone()
                };
                let made = Setup::new(&with);
                let from = base.on_board(&asked, &board, true);
                assert_eq!(
                    format!("{from:?}"),
                    format!("{made:?}"),
                    "{seats:?} dead {dead:?} on {board:?}"
                );
                let board_bits = board.iter().fold(0u64, |m, c| m | c.bit());
                let seat_left = |s: &SeatCombos| {
                    let left = s.masks.iter().filter(|&&m| m & board_bits == 0).count();
                    left >= s.masks.len().min(2)
                };
                let same_singles = base.fixed.bits() & board_bits == 0;
                if same_singles && base.seats.iter().all(seat_left) {
                    derived += 1;
                } else {
                    fresh += 1;
                }
            }
        }
    }
    assert!(
        derived > 10_000 && fresh > 100,
        "{derived} derived, {fresh} fresh"
    );
}
