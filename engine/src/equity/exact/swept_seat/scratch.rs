//! The swept-seat kernel's working storage, reused across boards: the
//! sorted swept items and their prefix table (`board`), and the running
//! sums of the mirror sweep (`mirror`).

/// Cards in a deck: the width of a table row.
pub(super) const CARDS: usize = 52;

/// Per-board working storage, reused across boards.
#[derive(Default)]
pub(crate) struct Scratch {
    /// The swept items live on the board: `rank << 32 | item`, sorted.
    pub(super) sorted: Vec<u64>,
    /// The sort's working storage.
    pub(super) spare: Vec<u64>,
    /// Per item, its position in `sorted` (`u32::MAX` if not live) and,
    /// above bit 32, its weight: what a deal holding it reads.
    pub(super) position: Vec<u64>,
    /// Per prefix length `t` of `sorted` (rows of [`CARDS`]), the prefix's
    /// weight on each card (at most 51 combos of weight at most 10,000:
    /// `u32` halves the table a deal reads), and its total weight.
    pub(super) table: Vec<u32>,
    pub(super) totals: Vec<u64>,
    /// The whole order's unweighted count per card and in all.
    pub(super) count_row: Vec<u64>,
    pub(super) count_total: u64,
    /// Per rank slot of a listed active seat, how many swept items rank
    /// below it and at most level with it.
    pub(super) below: Vec<u32>,
    pub(super) level: Vec<u32>,
    /// Breakdown: the live deals as `best << 32 | deal`, and per deal its
    /// number of winners besides the swept seat.
    pub(super) events: Vec<u64>,
    pub(super) winners: Vec<u8>,
    pub(super) sums: [DealSums; 4],
}

/// Running sums over a set of listed deals, for the mirror sweep: the
/// weight in all, per card, and per swept item of the deals holding both
/// its cards.
#[derive(Clone, Debug, Default)]
pub(super) struct DealSums {
    total: u64,
    per_card: Vec<u64>,
    per_item: Vec<u64>,
}

impl DealSums {
    pub(super) fn reset(&mut self, items: usize) {
        self.total = 0;
        self.per_card.clear();
        self.per_card.resize(CARDS, 0);
        self.per_item.clear();
        self.per_item.resize(items, 0);
    }

    #[inline]
    pub(super) fn add(&mut self, cards: &[u8], pairs: &[u16], weight: u64) {
        self.total += weight;
        for &c in cards {
            self.per_card[usize::from(c)] += weight;
        }
        for &p in pairs {
            self.per_item[usize::from(p)] += weight;
        }
    }

    /// The weight of the deals sharing no card with item `i` (`cards`).
    #[inline]
    pub(super) fn compatible(&self, i: usize, cards: [u8; 2]) -> u64 {
        self.total + self.per_item[i]
            - self.per_card[usize::from(cards[0])]
            - self.per_card[usize::from(cards[1])]
    }
}
