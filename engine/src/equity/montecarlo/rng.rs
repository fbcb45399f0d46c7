//! Random numbers for sampling: Walker's alias tables for weighted combo
//! draws, a fast per-block generator, and partial Fisher–Yates dealing.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Walker's alias table over a seat's live combos.
#[derive(Clone, Debug)]
pub(crate) struct Alias {
    /// Acceptance threshold of each slot, scaled to `u32`.
    threshold: Vec<u32>,
    /// The slot's alias.
    alias: Vec<u32>,
}

impl Alias {
    /// Builds the table for `weights` (not all zero), Vose's method.
    pub(crate) fn new(weights: &[u64]) -> Alias {
        let n = weights.len();
        let total: f64 = weights.iter().map(|&w| w as f64).sum();
        let mut scaled: Vec<f64> = weights
            .iter()
            .map(|&w| w as f64 * n as f64 / total)
            .collect();
        let mut alias: Vec<u32> = (0..n as u32).collect();
        let mut small: Vec<usize> = (0..n).filter(|&i| scaled[i] < 1.0).collect();
        let mut large: Vec<usize> = (0..n).filter(|&i| scaled[i] >= 1.0).collect();
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            alias[s] = l as u32;
            scaled[l] -= 1.0 - scaled[s];
            if scaled[l] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        // Leftovers are 1 up to rounding.
        for &i in large.iter().chain(&small) {
            scaled[i] = 1.0;
        }
        let threshold = scaled
            .iter()
            .map(|&p| {
                if p >= 1.0 {
                    u32::MAX
                } else {
                    (p * 4_294_967_296.0) as u32
                }
            })
            .collect();
        Alias { threshold, alias }
    }

    /// Draws a slot from one 64-bit random number.
    #[inline]
    pub(super) fn sample(&self, random: u64) -> usize {
        let n = self.threshold.len() as u64;
        let slot = (((random >> 32) * n) >> 32) as usize;
        if (random as u32) < self.threshold[slot] || self.threshold[slot] == u32::MAX {
            slot
        } else {
            self.alias[slot] as usize
        }
    }
}

/// The block's random numbers: xoshiro256++ (Blackman and Vigna), a small
/// fast generator of excellent statistical quality, seeded from the
/// block's ChaCha8 stream (so blocks stay independent and reproducible).
/// Sampling is cheap enough that ChaCha8 itself would cost a fifth of the
/// time.
pub(super) struct Randoms {
    state: [u64; 4],
    /// The unused half of the last 64-bit number, if any.
    spare: Option<u32>,
}

impl Randoms {
    /// The generator of block `block` for `seed`.
    pub(super) fn new(seed: u64, block: u64) -> Randoms {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(block);
        let mut state = [0u64; 4];
        while state == [0; 4] {
            state = std::array::from_fn(|_| rng.next_u64());
        }
        Randoms { state, spare: None }
    }

    /// The next 64-bit random number.
    #[inline(always)]
    pub(super) fn next_u64(&mut self) -> u64 {
        let [a, b, c, d] = &mut self.state;
        let result = a.wrapping_add(*d).rotate_left(23).wrapping_add(*a);
        let t = *b << 17;
        *c ^= *a;
        *d ^= *b;
        *b ^= *c;
        *a ^= *d;
        *c ^= t;
        *d = d.rotate_left(45);
        result
    }

    /// A number uniform in `[0, 1)` (53 random bits).
    #[inline(always)]
    pub(super) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// The next 32-bit random number.
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        match self.spare.take() {
            Some(half) => half,
            None => {
                let full = self.next_u64();
                self.spare = Some((full >> 32) as u32);
                full as u32
            }
        }
    }

    /// A uniform integer in `0..n` (`1 <= n`), without bias: Lemire's
    /// multiply-and-shift, rejecting the few products that would favour
    /// some results.
    #[inline(always)]
    fn below(&mut self, n: u32) -> u32 {
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }
}

/// Deals `count` cards uniformly at random, without replacement, from the
/// cards of `deck[from..]` not in `used`, into `deck[from..from + count]`:
/// a partial Fisher–Yates shuffle that skips used cards. `deck[from..]`
/// keeps the same cards in another order. Given `used` and `deck[..from]`,
/// every dealing is equally likely, whatever order `deck` was in.
#[inline(always)]
pub(super) fn deal(rng: &mut Randoms, deck: &mut [u8], from: usize, count: usize, used: u64) {
    let want = from + count;
    if used == 0 {
        // Nothing to skip: the plain shuffle (the same steps as below).
        for i in from..want {
            let j = i + rng.below((deck.len() - i) as u32) as usize;
            deck.swap(i, j);
        }
        return;
    }
    let mut got = from;
    let mut i = from;
    while got < want {
        // Invariant: `deck[from..got]` dealt, `deck[got..i]` skipped,
        // `deck[i..]` the cards not drawn yet.
        let j = i + rng.below((deck.len() - i) as u32) as usize;
        let card = deck[j];
        deck[j] = deck[i];
        if used >> card & 1 == 0 {
            deck[i] = deck[got];
            deck[got] = card;
            got += 1;
        } else {
            deck[i] = card;
        }
        i += 1;
    }
}

/// Deals `count` cards uniformly at random, without replacement, from
/// `cards[..len]` into `cards[..count]` (a partial Fisher–Yates shuffle;
/// `count <= len <= 52`), four 16-bit draws per 64-bit random number.
#[inline(always)]
pub(super) fn shuffle_front(rng: &mut Randoms, cards: &mut [u8; 128], len: usize, count: usize) {
    let mut bits = 0u64;
    for i in 0..count {
        if i % 4 == 0 {
            bits = rng.next_u64();
        }
        let n = (len - i) as u32;
        let mut m = (bits as u32 & 0xffff) * n;
        bits >>= 16;
        if m & 0xffff < n {
            // Lemire's rejection of the few biased products.
            let threshold = (1u32 << 16) % n;
            while m & 0xffff < threshold {
                m = (rng.next_u32() & 0xffff) * n;
            }
        }
        let j = i + (m >> 16) as usize;
        cards.swap(i & 127, j & 127);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alias_table_matches_weights() {
        let weights = [1u64, 3, 0, 6];
        let alias = Alias::new(&weights);
        let mut counts = [0u64; 4];
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..200_000 {
            counts[alias.sample(rng.next_u64())] += 1;
        }
        assert_eq!(counts[2], 0);
        for (c, w) in counts.iter().zip(weights) {
            let expected = 200_000.0 * w as f64 / 10.0;
            assert!(
                (*c as f64 - expected).abs() < 5.0 * expected.sqrt().max(1.0),
                "{counts:?}"
            );
        }
    }
}
