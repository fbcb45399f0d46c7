//! The board classifier: what a combo makes on a board ([`classify`]),
//! its made hand by the category of its best five cards and how its hole
//! cards take part, and its flush and straight draws.

use super::error::AnalysisError;
use super::hit::{Draw, Hit, MadeHand};
use crate::card::{Card, CardSet, Rank};
use crate::combo::Combo;
use crate::eval::{CardCounts, HandCategory};

/// Bit mask of ranks (bit `r` for rank index `r`).
fn rank_bits(cards: impl IntoIterator<Item = Card>) -> u16 {
    cards.into_iter().fold(0, |m, c| m | 1 << c.rank().index())
}

/// The five-rank windows of straights, as rank masks (the wheel first).
const STRAIGHTS: [u16; 10] = {
    let mut out = [0u16; 10];
    out[0] = 1 << 12 | 0b1111;
    let mut top = 4;
    while top <= 12 {
        out[top - 3] = 0b11111 << (top - 4);
        top += 1;
    }
    out
};

/// By rank mask, the straights it holds (bit `i` for `STRAIGHTS[i]`): a
/// range's straight draws ask hundreds of times a flop (each pair of hole
/// ranks with every one or two cards to come), so the windows are looked
/// up, not tried (a third of the instructions of `flops AhKh 15%`'s hits).
static WINDOWS: [u16; 1 << 13] = {
    let mut out = [0u16; 1 << 13];
    let mut mask = 0;
    while mask < 1 << 13 {
        let mut i = 0;
        while i < STRAIGHTS.len() {
            if STRAIGHTS[i] & mask as u16 == STRAIGHTS[i] {
                out[mask] |= 1 << i;
            }
            i += 1;
        }
        mask += 1;
    }
    out
};

/// Whether some straight lies within `board | hole` using a hole rank not
/// on the board: one the ranks hold that the board's alone do not.
fn straight_with_hole(board: u16, hole: u16) -> bool {
    let windows = |ranks: u16| WINDOWS[usize::from(ranks & 0x1fff)];
    windows(board | hole) & !windows(board) != 0
}

/// Checks a board of 3 to 5 distinct cards, disjoint from `dead`.
pub(super) fn check_board(board: &[Card], dead: CardSet) -> Result<CardSet, AnalysisError> {
    if !(3..=5).contains(&board.len()) {
        return Err(AnalysisError::BoardSize(board.len()));
    }
    let mut known = dead;
    for &c in board {
        if !known.insert(c) {
            return Err(AnalysisError::DuplicateCard(c));
        }
    }
    Ok(known)
}

/// What `combo` makes on `board` (3 to 5 cards, none in the combo).
pub fn classify(combo: Combo, board: &[Card]) -> Result<Hit, AnalysisError> {
    check_board(board, CardSet::EMPTY)?;
    if !combo
        .mask()
        .is_disjoint(board.iter().fold(CardSet::EMPTY, |s, &c| s.with(c)))
    {
        return Err(AnalysisError::HandConflict(combo));
    }
    let board = BoardCounts::of(board);
    Ok(classify_unchecked(combo, &board, &mut StraightDraws::new()))
}

/// A board's straight draws by the hole cards' ranks, found once per pair
/// of ranks: a range classified on one board asks for the same few dozen
/// pairs over and over, and the backdoor test tries 78 pairs of cards.
pub(super) struct StraightDraws {
    /// By `13 * high rank + low rank`: [`StraightDraws::UNKNOWN`], else the
    /// outs (0, 1 or 2 for two or more) plus 4 for a backdoor draw.
    cells: [u8; 169],
}

impl StraightDraws {
    const UNKNOWN: u8 = u8::MAX;

    /// No pair of ranks looked at yet.
    pub(super) fn new() -> StraightDraws {
        StraightDraws {
            cells: [Self::UNKNOWN; 169],
        }
    }

    /// The cell of hole ranks `ra`, `rb` on a board of `board_ranks`
    /// with `cards` board cards.
    fn of(&mut self, ra: u8, rb: u8, board_ranks: u16, cards: usize) -> u8 {
        let (hi, lo) = (ra.max(rb), ra.min(rb));
        let cell = &mut self.cells[13 * usize::from(hi) + usize::from(lo)];
        if *cell == Self::UNKNOWN {
            let hole_ranks = 1u16 << ra | 1 << rb;
            let outs = (0..13u16)
                .filter(|&r| straight_with_hole(board_ranks | 1 << r, hole_ranks))
                .count()
                .min(2) as u8;
            let backdoor = outs == 0
                && cards == 3
                && (0..13u16).any(|r| {
                    (r + 1..13)
                        .any(|s| straight_with_hole(board_ranks | 1 << r | 1 << s, hole_ranks))
                });
            *cell = outs + if backdoor { 4 } else { 0 };
        }
        *cell
    }
}

/// A board as the classifier reads it for each combo: its cards counted
/// once.
pub(super) struct BoardCounts {
    counts: CardCounts,
    /// Its ranks, a bit each.
    ranks: u16,
    /// How many cards it has.
    cards: usize,
}

impl BoardCounts {
    /// The counts of `board`, distinct cards.
    pub(super) fn of(board: &[Card]) -> BoardCounts {
        BoardCounts {
            counts: CardCounts::of(board),
            ranks: rank_bits(board.iter().copied()),
            cards: board.len(),
        }
    }
}

/// [`classify`] of a combo and board (`board`, counted) known to be valid,
/// with the board's straight draws found so far (`straights`).
pub(super) fn classify_unchecked(
    combo: Combo,
    board: &BoardCounts,
    straights: &mut StraightDraws,
) -> Hit {
    let [a, b] = combo.cards();
    let mut cards = board.counts;
    cards.add(a);
    cards.add(b);
    let category = cards.category();
    let board_ranks = board.ranks;
    let top = 15 - board_ranks.leading_zeros() as u8;
    let (ra, rb) = (a.rank().index(), b.rank().index());
    let made = made_hand(category, [a, b], &cards, board_ranks);
    let mut draws = 0u16;
    if board.cards < 5 {
        let flush = flush_draws(category, [a, b], board);
        draws |= flush;
        if category < HandCategory::Straight {
            let flush_draw = flush & Draw::FlushDraw.bit() != 0;
            let cell = straights.of(ra, rb, board_ranks, board.cards);
            draws |= straight_draws(cell, flush_draw);
        }
    }
    if category == HandCategory::HighCard && ra > top && rb > top {
        draws |= Draw::Overcards.bit();
    }
    Hit { made, draws }
}

/// The made-hand row of hole cards `[a, b]` whose best hand among `cards`
/// (the board's and theirs) is of `category`, on a board of ranks
/// `board_ranks`.
fn made_hand(
    category: HandCategory,
    [a, b]: [Card; 2],
    cards: &CardCounts,
    board_ranks: u16,
) -> MadeHand {
    let (ra, rb) = (a.rank().index(), b.rank().index());
    let pocket = ra == rb;
    let count = |rank: u8| cards.of_rank(rank);
    match category {
        HandCategory::StraightFlush => MadeHand::StraightFlush,
        HandCategory::FourOfAKind => MadeHand::Quads,
        HandCategory::FullHouse => MadeHand::FullHouse,
        HandCategory::Flush => MadeHand::Flush,
        HandCategory::Straight => MadeHand::Straight,
        HandCategory::ThreeOfAKind => {
            if pocket && count(ra) == 3 {
                MadeHand::Set
            } else {
                MadeHand::Trips
            }
        }
        HandCategory::TwoPair => MadeHand::TwoPair,
        HandCategory::OnePair => one_pair(ra, rb, board_ranks),
        HandCategory::HighCard => {
            if ra == Rank::Ace.index() || rb == Rank::Ace.index() {
                MadeHand::AceHigh
            } else {
                MadeHand::NoMadeHand
            }
        }
    }
}

/// The one-pair row of hole ranks `ra`, `rb` on a board of ranks
/// `board_ranks`: by the pocket pair's place among the board's ranks, or
/// by the board rank a hole card pairs (top pair by kicker).
fn one_pair(ra: u8, rb: u8, board_ranks: u16) -> MadeHand {
    let top = 15 - board_ranks.leading_zeros() as u8;
    let bottom = board_ranks.trailing_zeros() as u8;
    if ra == rb {
        return if ra > top {
            MadeHand::Overpair
        } else if ra < bottom {
            MadeHand::Underpair
        } else {
            MadeHand::PocketPairBelowTop
        };
    }
    // The paired hole card, if any, and the other one.
    let paired = [(ra, rb), (rb, ra)]
        .into_iter()
        .find(|&(r, _)| board_ranks >> r & 1 == 1);
    match paired {
        Some((r, kicker)) if r == top => {
            // Kickers by rank, best first, not on the board.
            let better = (kicker + 1..13)
                .filter(|&k| board_ranks >> k & 1 == 0)
                .count();
            match better {
                0 => MadeHand::TopPairTopKicker,
                1 | 2 => MadeHand::TopPairGoodKicker,
                _ => MadeHand::TopPairWeakKicker,
            }
        }
        Some((r, _)) if r == bottom => MadeHand::BottomPair,
        Some(_) => MadeHand::MiddlePair,
        None => MadeHand::PairedBoard,
    }
}

/// The flush draws (by [`Draw::bit`]) of hole cards `[a, b]` whose best
/// hand is of `category` on a flop or turn `board`: none with a flush
/// made.
fn flush_draws(category: HandCategory, [a, b]: [Card; 2], board: &BoardCounts) -> u16 {
    let flush_made = category >= HandCategory::Flush;
    let mut draws = 0u16;
    let mut flush_draw = false;
    let mut backdoor_flush = false;
    for suit in 0..4u8 {
        let in_suit = |c: &Card| c.suit().index() == suit;
        let held = [a, b].iter().filter(|c| in_suit(c)).count();
        let on_board = board.counts.suit_ranks(suit);
        let total = on_board.count_ones() as usize + held;
        if held == 0 || flush_made {
            continue;
        }
        if total == 4 {
            flush_draw = true;
            // The best card of the suit not on the board.
            let free = !on_board & 0x1fff;
            let best = (free != 0).then(|| 15 - free.leading_zeros() as u8);
            if [a, b]
                .iter()
                .any(|c| in_suit(c) && Some(c.rank().index()) == best)
            {
                draws |= Draw::NutFlushDraw.bit();
            }
        } else if total == 3 && board.cards == 3 {
            backdoor_flush = true;
        }
    }
    if flush_draw {
        draws |= Draw::FlushDraw.bit();
    } else if backdoor_flush {
        draws |= Draw::BackdoorFlushDraw.bit();
    }
    draws
}

/// The straight draws (by [`Draw::bit`]) of a hand with no straight made,
/// from its [`StraightDraws`] cell; with `flush_draw`, a combo draw too.
fn straight_draws(cell: u8, flush_draw: bool) -> u16 {
    let (outs, backdoor) = (cell & 3, cell & 4 != 0);
    let mut draws = 0u16;
    if outs >= 2 {
        draws |= Draw::OpenEnded.bit();
    } else if outs == 1 {
        draws |= Draw::Gutshot.bit();
    } else if backdoor {
        draws |= Draw::BackdoorStraightDraw.bit();
    }
    if flush_draw && outs >= 1 {
        draws |= Draw::ComboDraw.bit();
    }
    draws
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::eval::{self, HandRank};

    fn hit(combo: &str, board: &str) -> Hit {
        classify(combo.parse().unwrap(), &parse_cards(board).unwrap()).unwrap()
    }

    #[test]
    fn straight_windows() {
        assert_eq!(STRAIGHTS[0], 0b1_0000_0000_1111);
        assert_eq!(STRAIGHTS[9], 0b1_1111_0000_0000);
    }

    /// The looked-up test is the windows tried one by one, on every set of
    /// board ranks with every one or two hole ranks.
    #[test]
    fn straights_looked_up_are_the_windows_tried() {
        let tried = |board: u16, hole: u16| {
            let all = board | hole;
            STRAIGHTS.iter().any(|&w| w & all == w && w & !board != 0)
        };
        for board in 0..1u16 << 13 {
            for a in 0..13 {
                for b in a..13 {
                    let hole = 1 << a | 1 << b;
                    assert_eq!(straight_with_hole(board, hole), tried(board, hole));
                }
            }
        }
    }

    #[test]
    fn rows_of_hand_made_examples() {
        assert_eq!(hit("AsKd", "Kh9s4c").made, MadeHand::TopPairTopKicker);
        assert_eq!(hit("KsQd", "Kh9s4c").made, MadeHand::TopPairGoodKicker);
        assert_eq!(hit("KsTd", "Kh9s4c").made, MadeHand::TopPairWeakKicker);
        assert_eq!(hit("AsAd", "Kh9s4c").made, MadeHand::Overpair);
        assert_eq!(hit("TsTd", "Kh9s4c").made, MadeHand::PocketPairBelowTop);
        assert_eq!(hit("3s3d", "Kh9s4c").made, MadeHand::Underpair);
        assert_eq!(hit("9d8d", "Kh9s4c").made, MadeHand::MiddlePair);
        assert_eq!(hit("Ad4d", "Kh9s4c").made, MadeHand::BottomPair);
        assert_eq!(hit("9d9h", "Kh9s4c").made, MadeHand::Set);
        assert_eq!(hit("Kd9h", "Kh9s4c").made, MadeHand::TwoPair);
        assert_eq!(hit("Ad2d", "Kh9s4c").made, MadeHand::AceHigh);
        assert_eq!(hit("Qd2d", "Kh9s4c").made, MadeHand::NoMadeHand);
        assert_eq!(hit("Qd2d", "Kh9s9c").made, MadeHand::PairedBoard);
        assert_eq!(hit("Qd9d", "Kh9s9c").made, MadeHand::Trips);
    }

    #[test]
    fn draws_of_hand_made_examples() {
        // The example: open-ended and a flush draw make a combo draw.
        let h = hit("9h8h", "Th7c2h");
        assert!(h.has(Draw::OpenEnded) && h.has(Draw::FlushDraw) && h.has(Draw::ComboDraw));
        assert!(!h.has(Draw::NutFlushDraw) && !h.has(Draw::Gutshot));
        let h = hit("AhKh", "Th7c2h");
        assert!(h.has(Draw::NutFlushDraw) && h.has(Draw::FlushDraw) && h.has(Draw::Overcards));
        assert!(!h.has(Draw::ComboDraw));
        // With the ace on the board, the king is the nut card.
        assert!(hit("Kh5h", "Ah7c2h").has(Draw::NutFlushDraw));
        let h = hit("9c6d", "Th7c2h");
        assert!(h.has(Draw::Gutshot) && !h.has(Draw::OpenEnded));
        // Double gutshot: eight outs count as open-ended.
        assert!(hit("Jd8d", "9h7c5s").has(Draw::OpenEnded));
        assert!(hit("Jd7d", "Th8c4s").has(Draw::Gutshot));
        // Backdoors on the flop only.
        let h = hit("Ah5h", "Kh9s2c");
        assert!(h.has(Draw::BackdoorFlushDraw) && !h.has(Draw::FlushDraw));
        assert!(hit("QdJc", "9s2c3h").has(Draw::BackdoorStraightDraw));
        assert!(!hit("QdJc", "9s2c3h4d").has(Draw::BackdoorStraightDraw));
        // A straight on the board is no draw for anyone.
        assert!(!hit("Ad2c", "9s8c7h6d").has(Draw::Gutshot));
        // No draws on the river; a made flush has no flush draw.
        assert_eq!(hit("9h8h", "Th7c2h3s4d").draws().count(), 0);
        assert!(!hit("9h8h", "Th7h2h").has(Draw::FlushDraw));
    }

    /// The category alone (what a hit is classified by) is the ranked
    /// hand's: on every five-card hand,
    /// and on a million six- and seven-card hands drawn by a fixed LCG.
    #[test]
    fn a_category_alone_is_the_ranks() {
        let deck: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
        let same = |hand: &[Card]| {
            let ranked = eval::evaluate(hand).map(HandRank::category);
            assert_eq!(ranked, Ok(CardCounts::of(hand).category()), "{hand:?}");
        };
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut hand = Vec::with_capacity(7);
        for a in 0..48 {
            for b in a + 1..49 {
                for c in b + 1..50 {
                    for d in c + 1..51 {
                        for e in d + 1..52 {
                            same(&[deck[a], deck[b], deck[c], deck[d], deck[e]]);
                        }
                    }
                }
            }
        }
        for n in [6, 7].repeat(500_000) {
            hand.clear();
            while hand.len() < n {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                let card = deck[(state >> 33) as usize % 52];
                if !hand.contains(&card) {
                    hand.push(card);
                }
            }
            same(&hand);
        }
    }
}
