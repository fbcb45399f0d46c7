//! Preflop rankings of the 169 classes: behind `15%` in range text and the
//! top-X% slider.
//!
//! Two are shipped, turned into constants at build time:
//! [`Ranking::shipped`], equity against three random hands
//! (`assets/hand_ranking.txt`, produced by `cargo run --release -p engine
//! --example rank_hands`; its header states the trials and the seed), the
//! ranking of `15%` in range text; and [`Ranking::heads_up`], exact equity
//! against one random hand (`assets/hand_ranking_hu.txt`, from the
//! heads-up preflop table), which the app's slider can use instead (it
//! writes the classes it selects, so the text means the same anywhere).
//! A ranking's [`name`](Ranking::name) is part of the API so the UI can
//! say what "top 15%" means.
//!
//! Top X% selects **whole classes**: the shortest prefix of the ranking whose
//! combo count is nearest to X% of 1,326 (ties go to the smaller prefix).
//! Whole classes keep the grid readable (no class at 33% weight because it
//! straddles the line); the price is that the selection moves in steps of
//! 4, 6 or 12 combos (at most 0.45% of all hands).

use super::weights::{FULL, Range};
use crate::combo::{COMBOS, HandClass};

mod generated {
    include!(concat!(env!("OUT_DIR"), "/ranking.rs"));
}

/// An ordering of the 169 classes, best first.
#[derive(Clone, Debug)]
pub struct Ranking {
    name: &'static str,
    order: [u8; 169],
    values: [f32; 169],
}

static SHIPPED: Ranking = Ranking {
    name: generated::RANKING_NAME,
    order: generated::RANKING_ORDER,
    values: generated::RANKING_VALUES,
};

static HEADS_UP: Ranking = Ranking {
    name: generated::HEADS_UP_RANKING_NAME,
    order: generated::HEADS_UP_RANKING_ORDER,
    values: generated::HEADS_UP_RANKING_VALUES,
};

impl Ranking {
    /// The default ranking, equity against three random hands: what `15%`
    /// in range text means.
    pub fn shipped() -> &'static Ranking {
        &SHIPPED
    }

    /// Exact equity against one random hand (heads-up).
    pub fn heads_up() -> &'static Ranking {
        &HEADS_UP
    }

    /// Every shipped ranking, the default first.
    pub fn all() -> [&'static Ranking; 2] {
        [&SHIPPED, &HEADS_UP]
    }

    /// The shipped ranking called `name`, if any.
    pub fn named(name: &str) -> Option<&'static Ranking> {
        Ranking::all().into_iter().find(|r| r.name == name)
    }

    /// What the ranking orders by, e.g. "equity vs 3 random hands".
    pub fn name(&self) -> &str {
        self.name
    }

    /// The classes, best first.
    pub fn classes(&self) -> impl ExactSizeIterator<Item = HandClass> + '_ {
        self.order
            .iter()
            .map(|&i| HandClass::from_index_wrapping(i))
    }

    /// The figure the ranking sorts by for `class` (its equity by the
    /// ranking's criterion).
    pub fn value(&self, class: HandClass) -> f32 {
        self.position(class).map_or(0.0, |p| self.values[p])
    }

    /// The class's place in the ranking, 0 for the best.
    pub fn position(&self, class: HandClass) -> Option<usize> {
        self.order
            .iter()
            .position(|&i| usize::from(i) == class.index())
    }

    /// How many classes from the top make up `percent` of all combos
    /// (nearest count; ties to fewer).
    fn prefix_len(&self, percent: f64) -> usize {
        let target = percent.clamp(0.0, 100.0) / 100.0 * COMBOS as f64;
        let mut best = (0, target);
        let mut combos = 0.0;
        for (n, class) in self.classes().enumerate() {
            combos += class.combo_count() as f64;
            let distance = (combos - target).abs();
            if distance < best.1 {
                best = (n + 1, distance);
            }
        }
        best.0
    }

    /// The top `percent` of all combos, as whole classes, best first.
    pub fn top(&self, percent: f64) -> Vec<HandClass> {
        self.classes().take(self.prefix_len(percent)).collect()
    }

    /// The classes between the top `a`% and the top `b`% (either order):
    /// `top(max) - top(min)`.
    pub fn band(&self, a: f64, b: f64) -> Vec<HandClass> {
        let (low, high) = (a.min(b), a.max(b));
        let skip = self.prefix_len(low);
        self.classes()
            .take(self.prefix_len(high))
            .skip(skip)
            .collect()
    }

    /// The range of the top `percent`, at full weight.
    pub fn top_range(&self, percent: f64) -> Range {
        let mut range = Range::empty();
        for class in self.top(percent) {
            range.set_class_bp(class, FULL);
        }
        range
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_are_nearest_whole_classes() {
        let r = Ranking::shipped();
        assert_eq!(r.classes().len(), 169);
        assert!(r.top(0.0).is_empty());
        assert_eq!(r.top(100.0).len(), 169);
        for percent in [1.0, 5.0, 15.0, 33.3, 50.0, 99.0] {
            let combos: usize = r.top(percent).iter().map(|c| c.combo_count()).sum();
            let target = percent / 100.0 * 1326.0;
            assert!(
                (combos as f64 - target).abs() <= 6.0,
                "{percent}%: {combos}"
            );
        }
        let band: Vec<_> = r.band(15.0, 5.0);
        assert_eq!(band.len(), r.top(15.0).len() - r.top(5.0).len());
    }
}
