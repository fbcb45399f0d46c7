//! What a round is made of: its drill, its questions and their exact
//! answers.

use crate::card::Card;
use crate::range::Range;

/// What a round drills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Drill {
    /// A seat's equity: hand vs hand preflop (level 1), a hand against a
    /// range on a flop, turn or river (2), ranges against each other or
    /// three-way (3).
    Equity,
    /// How often a range holds a made hand or draw on a flop: two pair or
    /// better (1), a flush draw, top pair, an open-ender or an overpair or
    /// better (2), a pair or better or any straight or flush draw (3).
    Hits,
    /// Paint a named range from memory: top-X% ranges (1), the named
    /// ranges given (2), those with weights among them (3).
    Ranges,
    /// How much of a range continues on a flop by a continue rule
    /// (docs/design.md §3.8): made hands (1), made hands and draws (2),
    /// weighted terms and removals (3).
    Lines,
}

impl Drill {
    /// Its name: `equity`, `hits`, `ranges`.
    pub fn name(self) -> &'static str {
        match self {
            Drill::Equity => "equity",
            Drill::Hits => "hits",
            Drill::Ranges => "ranges",
            Drill::Lines => "lines",
        }
    }
}

/// A question's exact answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The first seat's equity.
    Equity(f64),
    /// The share of the range's live weight the question names (a hits
    /// question), or its continue share (a lines question).
    Share(f64),
    /// The range to paint: its name and canonical text.
    Range {
        /// The name asked for.
        name: String,
        /// The range (boxed: a range is 2.6 KB).
        range: Box<Range>,
    },
}

/// One question.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// The seats' ranges as range text (a hand is a range of one combo);
    /// none for a ranges question.
    pub ranges: Vec<String>,
    /// The board.
    pub board: Vec<Card>,
    /// What is asked, in a player's words.
    pub prompt: String,
    /// A lines question's continue rule, as rule text; for a hits question
    /// on a flop, the rule keeping the combos it counts.
    pub rule: Option<String>,
    /// The exact answer.
    pub answer: Answer,
}

/// A round.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    /// Its drill.
    pub drill: Drill,
    /// Its level, 1 to 3.
    pub level: u8,
    /// Its seed.
    pub seed: u64,
    /// How many questions were asked for: more than it holds when the
    /// level has fewer different ones.
    pub asked: usize,
    /// Its questions, none repeated.
    pub questions: Vec<Question>,
}
