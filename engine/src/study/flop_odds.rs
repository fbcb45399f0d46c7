//! Sampled flop and card frequencies, for reports exact counting cannot
//! afford.
//!
//! A flop's frequency is proportional to the probability that a deal of
//! the seats (no board) leaves its three cards in the deck. By
//! inclusion–exclusion over the flop's cards that is
//! `1 − Σ P(c dealt) + Σ P(c, d dealt) − P(c, d, e dealt)`, so the
//! probabilities that a deal holds each card, each pair and each triple of
//! cards give every flop's frequency at once. They are estimated from
//! deals drawn by rejection: each seat's combo drawn by its weight on its
//! own, the deal kept only when no two seats share a card — which draws
//! deals with probability proportional to the product of their weights,
//! the deal distribution itself. Its own generator (ChaCha8), seeded from
//! the request, so a report is reproducible.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::card::Card;
use crate::equity::error::EquityError;
use crate::equity::setup::Setup;

/// Deals drawn for the estimate: its standard error on a flop's
/// probability of being left in the deck is below `0.5 / sqrt(DEALS)`.
pub(super) const DEALS: u64 = 1 << 20;

/// Tries per kept deal before giving up on a spot whose seats almost never
/// fit together (the estimate then uses the deals kept so far).
const MAX_TRIES_PER_DEAL: u64 = 1_000;

/// How often deals hold each card, pair and triple of cards.
pub(super) struct FlopOdds {
    deals: u64,
    single: Vec<u64>,
    pair: Vec<u64>,
    triple: Vec<u64>,
}

impl FlopOdds {
    /// Draws `deals` deals of `setup`'s seats (active and folded) with
    /// `seed`.
    pub(super) fn sample(setup: &Setup, deals: u64, seed: u64) -> Result<FlopOdds, EquityError> {
        let seats: Vec<(Vec<u64>, &[u64])> = setup
            .seats
            .iter()
            .map(|s| {
                let cumulative = s
                    .weights
                    .iter()
                    .scan(0u64, |sum, &w| {
                        *sum += w;
                        Some(*sum)
                    })
                    .collect();
                (cumulative, s.masks.as_slice())
            })
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut odds = FlopOdds {
            deals: 0,
            single: vec![0; 52],
            pair: vec![0; 52 * 52],
            triple: vec![0; 52 * 52 * 52],
        };
        let mut cards = Vec::with_capacity(2 * seats.len());
        let mut tries = 0u64;
        while odds.deals < deals && tries < deals.saturating_mul(MAX_TRIES_PER_DEAL) {
            tries += 1;
            let mut used = 0u64;
            let fits = seats.iter().all(|(cumulative, masks)| {
                let total = cumulative.last().copied().unwrap_or(0);
                if total == 0 {
                    return false;
                }
                let pick = rng.random_range(0..total);
                let i = cumulative.partition_point(|&c| c <= pick);
                let mask = masks[i];
                let free = mask & used == 0;
                used |= mask;
                free
            });
            if fits {
                cards.clear();
                cards.extend((0..52u8).filter(|&c| used >> c & 1 == 1).map(usize::from));
                odds.record(&cards);
            }
        }
        if odds.deals == 0 {
            return Err(EquityError::NoFeasibleDeal);
        }
        Ok(odds)
    }

    /// Counts one deal's cards (ascending indices).
    fn record(&mut self, cards: &[usize]) {
        self.deals += 1;
        for (i, &a) in cards.iter().enumerate() {
            self.single[a] += 1;
            for (j, &b) in cards.iter().enumerate().skip(i + 1) {
                self.pair[a * 52 + b] += 1;
                for &c in &cards[j + 1..] {
                    self.triple[(a * 52 + b) * 52 + c] += 1;
                }
            }
        }
    }

    /// The estimated probability that a deal leaves `card` in the deck.
    pub(super) fn left_card(&self, card: Card) -> f64 {
        let held = self.single[usize::from(card.index())];
        (self.deals - held) as f64 / self.deals as f64
    }

    /// The estimated probability that a deal leaves `flop`'s cards in the
    /// deck.
    pub(super) fn left(&self, flop: &[Card; 3]) -> f64 {
        let mut c = flop.map(|c| usize::from(c.index()));
        c.sort_unstable();
        let [a, b, d] = c;
        let held = self.single[a] + self.single[b] + self.single[d];
        let pairs = self.pair[a * 52 + b] + self.pair[a * 52 + d] + self.pair[b * 52 + d];
        let all = self.triple[(a * 52 + b) * 52 + d];
        // Inclusion–exclusion in integers: never negative.
        (self.deals + pairs - held - all) as f64 / self.deals as f64
    }
}
