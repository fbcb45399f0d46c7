//! Counting one board's deals per set of winners: every listed deal
//! compatible with the board compared once, its weight added to the
//! counter of the seats that hold the best hand (`u64` lanes, few seats).

/// Board-major counts outcomes per set of winners (`2^seats` counters) up
/// to this many active seats.
pub(crate) const WINNER_SET_SEATS: usize = 10;

/// Copies of the winner-set counters, used in turn by consecutive deals.
pub(super) const LANES: usize = 4;

/// The best rank among the active seats with a single combo (`fixed`:
/// active index, rank slot), 0 if none, and those holding it (bits by
/// active index).
pub(super) fn fixed_outcome(fixed: &[(usize, u32)], ranks: &[u32]) -> (u32, usize) {
    let best = fixed
        .iter()
        .map(|&(_, i)| ranks[i as usize])
        .fold(0, u32::max);
    let winners = fixed
        .iter()
        .filter(|&&(_, i)| ranks[i as usize] == best)
        .fold(0, |w, &(a, _)| w | 1 << a);
    (best, winners)
}

/// One board's pass over the deals in board-major order, counting the
/// weight of each set of winners.
pub(super) struct WinnerScan<'a> {
    /// Rank of every live combo on this board.
    pub(super) ranks: &'a [u32],
    /// Per deal: card mask, weight, and the rank slots of the seats with
    /// more than one combo.
    pub(super) masks: &'a [u64],
    pub(super) weights: &'a [u64],
    pub(super) slots: &'a [u16],
    /// The board's cards.
    pub(super) board_mask: u64,
    /// Best rank among the active seats with a single combo (0 if none),
    /// and those seats holding it (bits by active index).
    pub(super) fixed_best: u32,
    pub(super) fixed_winners: usize,
    /// Winner sets per lane: `2^n`.
    pub(super) sets: usize,
}

impl WinnerScan<'_> {
    /// Adds each deal compatible with the board to `winner_sets[winners]`
    /// and returns how many there were. `variable` holds the active
    /// indices of the `V` seats with more than one combo (`V` is exact up
    /// to 9; beyond, `variable.len() <= V` and the slots are read by
    /// `variable.len()`).
    #[inline(always)]
    pub(super) fn run<const V: usize>(&self, variable: &[usize], winner_sets: &mut [u64]) -> u64 {
        let v = if V < WINNER_SET_SEATS {
            V
        } else {
            variable.len()
        };
        let mut bits = [0usize; V];
        for (b, &a) in bits.iter_mut().zip(variable) {
            *b = a;
        }
        let mut deals = 0;
        if v == 0 {
            // Every active seat holds a single combo.
            for (&mask, &weight) in self.masks.iter().zip(self.weights) {
                if mask & self.board_mask == 0 {
                    winner_sets[(deals as usize % LANES) * self.sets + self.fixed_winners] +=
                        weight;
                    deals += 1;
                }
            }
            return deals;
        }
        for ((&mask, slot), &weight) in self
            .masks
            .iter()
            .zip(self.slots.chunks_exact(v))
            .zip(self.weights)
        {
            if mask & self.board_mask != 0 {
                continue;
            }
            let mut r = [0u32; V];
            for (r, &i) in r.iter_mut().zip(slot) {
                *r = self.ranks[i as usize];
            }
            let best = r.iter().copied().fold(self.fixed_best, u32::max);
            let mut winners = if self.fixed_best == best {
                self.fixed_winners
            } else {
                0
            };
            for (&r, &b) in r.iter().zip(&bits).take(v) {
                winners |= usize::from(r == best) << b;
            }
            winner_sets[(deals as usize % LANES) * self.sets + winners] += weight;
            deals += 1;
        }
        deals
    }
}
