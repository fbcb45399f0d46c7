//! Per-player sums over many hands, kept as integers (results in
//! hundredths, expected results and luck in millionths of the unit) so
//! summaries of shards merge exactly, in any order, into the summary of
//! the whole (docs/design.md §3.11).

use std::collections::BTreeMap;

use super::report::HandReport;

/// Millionths of a unit per hundredth.
const MICRO_PER_CHIP: i128 = 10_000;

/// One player's sums.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerSums {
    /// Hands dealt in.
    pub hands: u64,
    /// Hands whose result is known (the others are not in `net`).
    pub results: u64,
    /// Sum of results, in hundredths.
    pub net: i64,
    /// Hands with an all-in counted (the player in it, the result known).
    pub all_in_hands: u64,
    /// Sum of those hands' expected results, in millionths.
    pub expected: i128,
    /// Sum of those hands' actual results, in hundredths.
    pub actual: i64,
    /// Sum of those hands' luck (actual less expected), in millionths.
    pub luck: i128,
    /// Sum of the squares of luck, in millionths squared.
    pub luck_squares: i128,
}

impl PlayerSums {
    /// Adds `other`'s sums.
    pub fn merge(&mut self, other: &PlayerSums) {
        self.hands += other.hands;
        self.results += other.results;
        self.net = self.net.saturating_add(other.net);
        self.all_in_hands += other.all_in_hands;
        self.expected = self.expected.saturating_add(other.expected);
        self.actual = self.actual.saturating_add(other.actual);
        self.luck = self.luck.saturating_add(other.luck);
        self.luck_squares = self.luck_squares.saturating_add(other.luck_squares);
    }

    /// The standard error of the total luck, in units: `√(n · s²)` with
    /// `s²` the sample variance of luck over the all-in hands (0 with
    /// fewer than two).
    pub fn luck_std_error(&self) -> f64 {
        let n = self.all_in_hands as f64;
        if self.all_in_hands < 2 {
            return 0.0;
        }
        let sum = self.luck as f64 / 1e6;
        let squares = self.luck_squares as f64 / 1e12;
        let variance = ((squares - sum * sum / n) / (n - 1.0)).max(0.0);
        (n * variance).sqrt()
    }
}

/// Sums over many hands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Hands read (good or skipped).
    pub hands: u64,
    /// Hands skipped: unreadable, or another variant.
    pub skipped: u64,
    /// Of those, hands of other variants.
    pub other_variants: u64,
    /// The first reason a hand was skipped.
    pub first_skip: Option<String>,
    /// Per player, by name.
    pub players: BTreeMap<String, PlayerSums>,
}

impl Summary {
    /// Adds one analysed hand; with `hero`, only that player's sums.
    pub fn add(&mut self, report: &HandReport, hero: Option<&str>) {
        self.hands += 1;
        let results = report.results();
        let expected = report.expected_results();
        for (p, player) in report.hand.players.iter().enumerate() {
            if hero.is_some_and(|h| h != player.name) {
                continue;
            }
            if !self.players.contains_key(&player.name) {
                self.players
                    .insert(player.name.clone(), PlayerSums::default());
            }
            let Some(sums) = self.players.get_mut(&player.name) else {
                continue;
            };
            sums.hands += 1;
            let Some(result) = results.as_ref().map(|r| r[p]) else {
                continue;
            };
            sums.results += 1;
            sums.net = sums.net.saturating_add(result.0);
            let in_all_in = report
                .all_in
                .as_ref()
                .is_some_and(|a| a.players.iter().any(|x| x.player == p));
            if let (true, Some(expected)) = (in_all_in, expected.as_ref()) {
                let expected = (expected[p] * 1e6).round() as i128;
                let actual = i128::from(result.0) * MICRO_PER_CHIP;
                let luck = actual - expected;
                sums.all_in_hands += 1;
                sums.expected = sums.expected.saturating_add(expected);
                sums.actual = sums.actual.saturating_add(result.0);
                sums.luck = sums.luck.saturating_add(luck);
                sums.luck_squares = sums.luck_squares.saturating_add(luck.saturating_mul(luck));
            }
        }
    }

    /// Counts a skipped hand and keeps the first reason.
    pub fn skip(&mut self, reason: &super::error::HandError) {
        self.hands += 1;
        self.skipped += 1;
        if matches!(reason.kind, super::error::HandErrorKind::Variant(_)) {
            self.other_variants += 1;
        }
        if self.first_skip.is_none() {
            self.first_skip = Some(reason.to_string());
        }
    }

    /// Adds `other`'s sums (the first skip reason kept is this one's, if
    /// any).
    pub fn merge(&mut self, other: &Summary) {
        self.hands += other.hands;
        self.skipped += other.skipped;
        self.other_variants += other.other_variants;
        if self.first_skip.is_none() {
            self.first_skip.clone_from(&other.first_skip);
        }
        for (name, sums) in &other.players {
            self.players.entry(name.clone()).or_default().merge(sums);
        }
    }
}
