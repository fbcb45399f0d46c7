//! The board classifier: each combo's made hand and draws on a board
//! ([`classify`]), and a range's rows of them ([`BoardBreakdown`]). The
//! rows' definitions are in the parent module's documentation.

use crate::card::{Card, CardSet, Rank};
use crate::combo::Combo;
use crate::eval::{self, HandCategory};
use crate::range::Range;

/// A made-hand row: exactly one per combo, strongest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MadeHand {
    /// Straight flush.
    StraightFlush,
    /// Four of a kind.
    Quads,
    /// Full house.
    FullHouse,
    /// Flush.
    Flush,
    /// Straight.
    Straight,
    /// A pocket pair matching a board card.
    Set,
    /// Any other three of a kind.
    Trips,
    /// Two pair.
    TwoPair,
    /// A pocket pair above every board card.
    Overpair,
    /// Top pair with the best kicker not on the board.
    TopPairTopKicker,
    /// Top pair with one of the next two kickers.
    TopPairGoodKicker,
    /// Top pair with a lower kicker.
    TopPairWeakKicker,
    /// A pocket pair between the highest and the lowest board card.
    PocketPairBelowTop,
    /// A hole card pairing a board rank neither highest nor lowest.
    MiddlePair,
    /// A hole card pairing the lowest board rank.
    BottomPair,
    /// A pocket pair below every board card.
    Underpair,
    /// The only pair is on the board.
    PairedBoard,
    /// No pair, an ace in hand.
    AceHigh,
    /// Nothing.
    NoMadeHand,
}

impl MadeHand {
    /// Every row, strongest first.
    pub const ALL: [MadeHand; 19] = [
        MadeHand::StraightFlush,
        MadeHand::Quads,
        MadeHand::FullHouse,
        MadeHand::Flush,
        MadeHand::Straight,
        MadeHand::Set,
        MadeHand::Trips,
        MadeHand::TwoPair,
        MadeHand::Overpair,
        MadeHand::TopPairTopKicker,
        MadeHand::TopPairGoodKicker,
        MadeHand::TopPairWeakKicker,
        MadeHand::PocketPairBelowTop,
        MadeHand::MiddlePair,
        MadeHand::BottomPair,
        MadeHand::Underpair,
        MadeHand::PairedBoard,
        MadeHand::AceHigh,
        MadeHand::NoMadeHand,
    ];

    /// The row's label.
    pub const fn name(self) -> &'static str {
        match self {
            MadeHand::StraightFlush => "straight flush",
            MadeHand::Quads => "four of a kind",
            MadeHand::FullHouse => "full house",
            MadeHand::Flush => "flush",
            MadeHand::Straight => "straight",
            MadeHand::Set => "set",
            MadeHand::Trips => "trips",
            MadeHand::TwoPair => "two pair",
            MadeHand::Overpair => "overpair",
            MadeHand::TopPairTopKicker => "top pair, top kicker",
            MadeHand::TopPairGoodKicker => "top pair, good kicker",
            MadeHand::TopPairWeakKicker => "top pair, weak kicker",
            MadeHand::PocketPairBelowTop => "pocket pair below top card",
            MadeHand::MiddlePair => "middle pair",
            MadeHand::BottomPair => "bottom pair",
            MadeHand::Underpair => "underpair",
            MadeHand::PairedBoard => "paired board only",
            MadeHand::AceHigh => "ace high",
            MadeHand::NoMadeHand => "no made hand",
        }
    }
}

/// A draw row (a combo can have several).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Draw {
    /// A flush draw with a flush draw's best card in hand.
    NutFlushDraw,
    /// Four to a flush with at least one hole card.
    FlushDraw,
    /// Two or more ranks complete a straight (eight outs).
    OpenEnded,
    /// One rank completes a straight.
    Gutshot,
    /// A flush draw and a straight draw.
    ComboDraw,
    /// Flop: three to a flush with a hole card.
    BackdoorFlushDraw,
    /// Flop: two more ranks complete a straight.
    BackdoorStraightDraw,
    /// Both hole cards above the board, no pair.
    Overcards,
}

impl Draw {
    /// Every draw row.
    pub const ALL: [Draw; 8] = [
        Draw::ComboDraw,
        Draw::NutFlushDraw,
        Draw::FlushDraw,
        Draw::OpenEnded,
        Draw::Gutshot,
        Draw::BackdoorFlushDraw,
        Draw::BackdoorStraightDraw,
        Draw::Overcards,
    ];

    /// The row's label.
    pub const fn name(self) -> &'static str {
        match self {
            Draw::NutFlushDraw => "nut flush draw",
            Draw::FlushDraw => "flush draw",
            Draw::OpenEnded => "open-ended straight draw",
            Draw::Gutshot => "gutshot",
            Draw::ComboDraw => "combo draw",
            Draw::BackdoorFlushDraw => "backdoor flush draw",
            Draw::BackdoorStraightDraw => "backdoor straight draw",
            Draw::Overcards => "two overcards",
        }
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// What a combo makes on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Its made-hand row.
    pub made: MadeHand,
    draws: u16,
}

impl Hit {
    /// Whether it has `draw`.
    pub const fn has(self, draw: Draw) -> bool {
        self.draws & draw.bit() != 0
    }

    /// Its draws.
    pub fn draws(self) -> impl Iterator<Item = Draw> {
        Draw::ALL.into_iter().filter(move |&d| self.has(d))
    }
}

/// A bad analysis input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// The board must have 3 to 5 cards.
    #[error("the board has {0} cards; the breakdown needs a flop, turn or river (3 to 5)")]
    BoardSize(usize),
    /// A card appears twice.
    #[error("{0} is given twice")]
    DuplicateCard(Card),
    /// The hero's hand shares a card with the board or dead cards.
    #[error("the hand {0} uses a card of the board or the dead cards")]
    HandConflict(Combo),
    /// A villain's range has no combo left.
    #[error("a villain's range has no hand left once the known cards are removed")]
    EmptyRange,
    /// The cancellation check fired.
    #[error("cancelled")]
    Cancelled,
}

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

/// Whether some straight lies within `board | hole` using a hole rank not
/// on the board.
fn straight_with_hole(board: u16, hole: u16) -> bool {
    let all = board | hole;
    STRAIGHTS.iter().any(|&w| w & all == w && w & !board != 0)
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
    Ok(classify_unchecked(combo, board, &mut StraightDraws::new()))
}

/// A board's straight draws by the hole cards' ranks, found once per pair
/// of ranks: a range classified on one board asks for the same few dozen
/// pairs over and over, and the backdoor test tries 78 pairs of cards.
struct StraightDraws {
    /// By `13 * high rank + low rank`: [`StraightDraws::UNKNOWN`], else the
    /// outs (0, 1 or 2 for two or more) plus 4 for a backdoor draw.
    cells: [u8; 169],
}

impl StraightDraws {
    const UNKNOWN: u8 = u8::MAX;

    fn new() -> StraightDraws {
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

fn classify_unchecked(combo: Combo, board: &[Card], straights: &mut StraightDraws) -> Hit {
    let [a, b] = combo.cards();
    let mut seven = [a; 7];
    seven[..board.len()].copy_from_slice(board);
    seven[board.len() + 1] = b;
    let cards = &seven[..board.len() + 2];
    let category = eval::evaluate(cards).map_or(HandCategory::HighCard, |r| r.category());
    let board_ranks = rank_bits(board.iter().copied());
    let top = 15 - board_ranks.leading_zeros() as u8;
    let bottom = board_ranks.trailing_zeros() as u8;
    let (ra, rb) = (a.rank().index(), b.rank().index());
    let pocket = ra == rb;
    let count = |rank: u8| cards.iter().filter(|c| c.rank().index() == rank).count();
    let made = match category {
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
        HandCategory::OnePair => {
            if pocket {
                if ra > top {
                    MadeHand::Overpair
                } else if ra < bottom {
                    MadeHand::Underpair
                } else {
                    MadeHand::PocketPairBelowTop
                }
            } else {
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
        }
        HandCategory::HighCard => {
            if ra == Rank::Ace.index() || rb == Rank::Ace.index() {
                MadeHand::AceHigh
            } else {
                MadeHand::NoMadeHand
            }
        }
    };
    let mut draws = 0u16;
    if board.len() < 5 {
        let flush_made = category >= HandCategory::Flush;
        let straight_made = category >= HandCategory::Straight;
        let mut flush_draw = false;
        let mut backdoor_flush = false;
        for suit in 0..4u8 {
            let in_suit = |c: &Card| c.suit().index() == suit;
            let held = [a, b].iter().filter(|c| in_suit(c)).count();
            let total = board.iter().filter(|c| in_suit(c)).count() + held;
            if held == 0 || flush_made {
                continue;
            }
            if total == 4 {
                flush_draw = true;
                // The best card of the suit not on the board.
                let best = (0..13u8)
                    .rev()
                    .find(|&r| !board.iter().any(|c| in_suit(c) && c.rank().index() == r));
                if [a, b]
                    .iter()
                    .any(|c| in_suit(c) && Some(c.rank().index()) == best)
                {
                    draws |= Draw::NutFlushDraw.bit();
                }
            } else if total == 3 && board.len() == 3 {
                backdoor_flush = true;
            }
        }
        if flush_draw {
            draws |= Draw::FlushDraw.bit();
        } else if backdoor_flush {
            draws |= Draw::BackdoorFlushDraw.bit();
        }
        if !straight_made {
            let cell = straights.of(ra, rb, board_ranks, board.len());
            let (outs, backdoor) = (cell & 3, cell & 4 != 0);
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
        }
    }
    if category == HandCategory::HighCard && ra > top && rb > top {
        draws |= Draw::Overcards.bit();
    }
    Hit { made, draws }
}

/// One row of a [`BoardBreakdown`].
#[derive(Clone, Debug, PartialEq)]
pub struct Row<T> {
    /// What the row counts.
    pub what: T,
    /// Its combos in the range (live, weight above zero).
    pub combos: Vec<Combo>,
    /// Their weighted count.
    pub weight: f64,
}

impl<T> Row<T> {
    /// A row counting `what` with no combo yet.
    fn empty(what: T) -> Row<T> {
        Row {
            what,
            combos: Vec::new(),
            weight: 0.0,
        }
    }
}

/// How a range hits a board.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardBreakdown {
    /// The range's weighted live combo count (the made rows sum to it).
    pub total: f64,
    /// One row per made hand, strongest first, empty rows included.
    pub made: Vec<Row<MadeHand>>,
    /// One row per draw, empty rows included.
    pub draws: Vec<Row<Draw>>,
}

impl BoardBreakdown {
    /// Breaks down `range` on `board` (3 to 5 cards), leaving out combos
    /// that hold a board or dead card.
    pub fn new(
        range: &Range,
        board: &[Card],
        dead: CardSet,
    ) -> Result<BoardBreakdown, AnalysisError> {
        let known = check_board(board, dead)?;
        let mut made: Vec<Row<MadeHand>> = MadeHand::ALL.into_iter().map(Row::empty).collect();
        let mut draws: Vec<Row<Draw>> = Draw::ALL.into_iter().map(Row::empty).collect();
        let mut total = 0.0;
        let mut straights = StraightDraws::new();
        for (combo, bp) in range.combos() {
            if !combo.mask().is_disjoint(known) {
                continue;
            }
            let w = f64::from(bp) / 10_000.0;
            total += w;
            let hit = classify_unchecked(combo, board, &mut straights);
            if let Some(row) = made.iter_mut().find(|r| r.what == hit.made) {
                row.combos.push(combo);
                row.weight += w;
            }
            for row in draws.iter_mut().filter(|r| hit.has(r.what)) {
                row.combos.push(combo);
                row.weight += w;
            }
        }
        Ok(BoardBreakdown { total, made, draws })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn hit(combo: &str, board: &str) -> Hit {
        classify(combo.parse().unwrap(), &parse_cards(board).unwrap()).unwrap()
    }

    #[test]
    fn straight_windows() {
        assert_eq!(STRAIGHTS[0], 0b1_0000_0000_1111);
        assert_eq!(STRAIGHTS[9], 0b1_1111_0000_0000);
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

    #[test]
    fn made_rows_sum_to_the_range() {
        let range = Range::parse("random").unwrap();
        for board in [
            "Kh9s4c",
            "Th7c2h",
            "AhAsKd",
            "9s8c7h6d",
            "2h3h4h5h6h",
            "QcQdQhQs2c",
        ] {
            let board = parse_cards(board).unwrap();
            let b = BoardBreakdown::new(&range, &board, CardSet::EMPTY).unwrap();
            let n = 52 - board.len();
            let combos = (n * (n - 1) / 2) as f64;
            assert_eq!(b.total, combos);
            let made: f64 = b.made.iter().map(|r| r.weight).sum();
            assert!((made - combos).abs() < 1e-9);
            let listed: usize = b.made.iter().map(|r| r.combos.len()).sum();
            assert_eq!(listed as f64, combos);
        }
    }
}
