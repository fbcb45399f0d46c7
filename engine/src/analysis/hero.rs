//! The hero's hand strength and potential (Billings, Papp, Schaeffer and
//! Szafron, "Opponent modeling in poker", 1998, as presented by Teófilo et
//! al.), and the Chen formula for starting hands.
//!
//! Against one opponent holding a combo from a distribution (every combo
//! equally likely — "one random hand" — or a villain's weighted range,
//! card removal applied):
//!
//! * **HS** (hand strength): the probability of being ahead now, ties
//!   counting half: `(ahead + tied/2) / total` on the current board.
//! * **PPot** (positive potential): of the deals where the hero is behind
//!   now (ties half), the share where it ends ahead on the river (ties
//!   half): `(BA + BT/2 + TA/2) / (B + T/2)`, counting every opponent combo
//!   and every completion of the board.
//! * **NPot** (negative potential): `(AB + AT/2 + TB/2) / (A + T/2)`.
//! * **EHS** (effective hand strength): `HS + (1 − HS) · PPot`.
//!
//! Counts are weighted by the opponent's combo weight and taken over every
//! (opponent combo, completion) pair, so `B` and `T` in the denominators
//! are counted per completion too (the paper's pseudo-code adds them once
//! per opponent combo, which only rescales when every combo sees the same
//! number of completions; here it always does). On the river PPot and NPot
//! are 0, and so is a potential whose condition never happens (PPot of a
//! hand never behind nor tied).

use super::classify::check_board;
use super::error::AnalysisError;
use crate::card::{Card, CardSet};
use crate::combo::{Combo, HandClass, HandKind};
use crate::compact::CompactHand;
use crate::eval;
use crate::range::Range;

/// The hero's strength and potential against one opponent distribution.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Potential {
    /// Hand strength now (ties half).
    pub hs: f64,
    /// Positive potential: behind now, ahead by the river.
    pub ppot: f64,
    /// Negative potential: ahead now, behind by the river.
    pub npot: f64,
    /// Effective hand strength, `HS + (1 − HS) · PPot`.
    pub ehs: f64,
}

/// Where the hero stands: 0 ahead, 1 tied, 2 behind.
#[inline]
fn standing(hero: u32, villain: u32) -> usize {
    match hero.cmp(&villain) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Less => 2,
    }
}

/// HS, PPot, NPot and EHS of `hero` on `board` (3 to 5 cards) against one
/// opponent holding a combo of `villain` (`None`: any combo, equally
/// likely), leaving out `dead` cards. `cancel` is polled per opponent
/// combo.
pub fn potential(
    hero: Combo,
    board: &[Card],
    dead: CardSet,
    villain: Option<&Range>,
    cancel: &dyn Fn() -> bool,
) -> Result<Potential, AnalysisError> {
    let known = check_board(board, dead)?;
    if !hero.mask().is_disjoint(known) {
        return Err(AnalysisError::HandConflict(hero));
    }
    let used = known.bits() | hero.mask().bits();
    let opponents: Vec<(Combo, f64)> = Combo::all()
        .filter(|c| c.mask().bits() & used == 0)
        .map(|c| {
            let w = villain.map_or(1.0, |r| f64::from(r.weight_bp(c)) / 10_000.0);
            (c, w)
        })
        .filter(|&(_, w)| w > 0.0)
        .collect();
    if opponents.is_empty() {
        return Err(AnalysisError::EmptyRange);
    }
    let rank_now = |cards: [Card; 2]| {
        let mut all = board.to_vec();
        all.extend(cards);
        eval::evaluate(&all).map_or(0, |r| r.value())
    };
    let hero_now = rank_now(hero.cards());
    let base = board.iter().fold(CompactHand::EMPTY, |h, &c| h.add_card(c));
    let hero_hand = {
        let [a, b] = hero.cards();
        CompactHand::single(a).add_card(b)
    };
    // Every completion of the board from the cards the hero does not see.
    let missing = 5 - board.len();
    let deck: Vec<Card> = CardSet::from_bits(used).complement().iter().collect();
    let mut completions: Vec<(u64, CompactHand)> = Vec::new();
    match missing {
        0 => completions.push((0, base)),
        1 => completions.extend(deck.iter().map(|&c| (c.bit(), base.add_card(c)))),
        _ => {
            for (i, &c) in deck.iter().enumerate() {
                for &d in &deck[i + 1..] {
                    completions.push((c.bit() | d.bit(), base.add_card(c).add_card(d)));
                }
            }
        }
    }
    let hero_river: Vec<u32> = completions
        .iter()
        .map(|&(_, b)| hero_hand.combine(b).rank7().value())
        .collect();
    // hp[now][river], weighted; ahead / tied / behind.
    let mut hp = [[0.0f64; 3]; 3];
    let mut now_total = [0.0f64; 3];
    for &(opp, w) in &opponents {
        if cancel() {
            return Err(AnalysisError::Cancelled);
        }
        let now = standing(hero_now, rank_now(opp.cards()));
        now_total[now] += w;
        let [a, b] = opp.cards();
        let opp_hand = CompactHand::single(a).add_card(b);
        let mask = opp.mask().bits();
        let mut row = [0u64; 3];
        for (&(cards, board), &h) in completions.iter().zip(&hero_river) {
            if cards & mask != 0 {
                continue;
            }
            row[standing(h, opp_hand.combine(board).rank7().value())] += 1;
        }
        for (cell, &n) in hp[now].iter_mut().zip(&row) {
            *cell += w * n as f64;
        }
    }
    let total: f64 = now_total.iter().sum();
    let hs = (now_total[0] + now_total[1] / 2.0) / total;
    let (ppot, npot) = if missing == 0 {
        (0.0, 0.0)
    } else {
        let sum = |row: &[f64; 3]| row.iter().sum::<f64>();
        let (ahead, tied, behind) = (sum(&hp[0]), sum(&hp[1]), sum(&hp[2]));
        let ratio = |num: f64, den: f64| if den > 0.0 { num / den } else { 0.0 };
        (
            ratio(
                hp[2][0] + hp[2][1] / 2.0 + hp[1][0] / 2.0,
                behind + tied / 2.0,
            ),
            ratio(
                hp[0][2] + hp[0][1] / 2.0 + hp[1][2] / 2.0,
                ahead + tied / 2.0,
            ),
        )
    };
    Ok(Potential {
        hs,
        ppot,
        npot,
        ehs: hs + (1.0 - hs) * ppot,
    })
}

/// The Chen formula's points for a starting hand, before rounding:
/// the high card (A 10, K 8, Q 7, J 6, T to 2 half their face value),
/// doubled for a pair (at least 5), +2 suited, minus the gap (0, 1, 2, 4,
/// or 5 for four or more ranks between the cards), +1 for a gap of at most
/// one when both cards are below a queen.
pub fn chen_points(class: HandClass) -> f64 {
    let points = |rank: crate::card::Rank| match rank.index() {
        12 => 10.0,
        11 => 8.0,
        10 => 7.0,
        9 => 6.0,
        r => f64::from(r + 2) / 2.0,
    };
    let (high, low) = (class.high(), class.low());
    if class.kind() == HandKind::Pair {
        return (2.0 * points(high)).max(5.0);
    }
    let mut score = points(high);
    if class.kind() == HandKind::Suited {
        score += 2.0;
    }
    let gap = high.index() - low.index() - 1;
    score -= match gap {
        0 => 0.0,
        1 => 1.0,
        2 => 2.0,
        3 => 4.0,
        _ => 5.0,
    };
    if gap <= 1 && high.index() < crate::card::Rank::Queen.index() {
        score += 1.0;
    }
    score
}

/// The Chen score: [`chen_points`] rounded half up (toward positive
/// infinity: 6.5 → 7, −1.5 → −1), as Chen's rule "round half points up"
/// reads. AA 20, AKs 12, 72o −1.
pub fn chen_score(class: HandClass) -> i32 {
    chen_points(class).ceil() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chen_scores_of_the_issue() {
        let score = |c: &str| chen_score(c.parse().unwrap());
        assert_eq!(score("AA"), 20);
        assert_eq!(score("AKs"), 12);
        assert_eq!(score("72o"), -1);
        assert_eq!(score("22"), 5);
        assert_eq!(score("JTs"), 9); // 6 + 2 + 1
        assert_eq!(score("T8o"), 5); // 5 - 1 + 1
        assert_eq!(score("K9s"), 6); // 8 + 2, gap of three ranks −4
        assert_eq!(score("55"), 5); // 2.5 doubled is below the minimum
    }
}
