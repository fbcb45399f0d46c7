//! Who wins a deal and what a share of the pot is worth: the layout of
//! the tie counters, the unit of summed pot shares, and the one function
//! that decides a deal's winners.

/// Where `ties` tallies seat `seat`'s deals shared by `k` winners, of `n`
/// active seats: `seat * (n + 1) + k` (slots `k = 0, 1` are unused, so a
/// seat's row is indexed by `k` directly).
#[inline(always)]
pub(crate) const fn tie_slot(seat: usize, k: usize, n: usize) -> usize {
    seat * (n + 1) + k
}

/// `lcm(1..=n)`: the unit of summed pot shares with `n` active seats (a
/// share of `1/k` is a whole number of units for every `k <= n`).
pub(crate) fn share_unit(n: usize) -> u128 {
    (1..=n as u128).fold(1, |l, k| l / gcd(l, k) * k)
}

/// Adds `weight` to the outcome of one deal whose active seats hold `ranks`:
/// to `wins[s]` for a sole winner, else to `ties[tie_slot(s, k, n)]` for each
/// of the k tied winners (`n` = number of seats). With [`winners`], the one
/// place that decides who wins a deal, for every tally and counter.
#[inline(always)]
pub(crate) fn add_outcome<T: Copy + std::ops::AddAssign>(
    ranks: &[u32],
    wins: &mut [T],
    ties: &mut [T],
    weight: T,
) {
    add_to_winners(winners(ranks), ranks.len(), wins, ties, weight);
}

/// The winners of a deal whose active seats hold `ranks`, as bits by seat
/// (at most `MAX_SEATS`, well under 64): those holding the best.
#[inline(always)]
pub(crate) fn winners(ranks: &[u32]) -> u64 {
    let best = ranks.iter().copied().max().unwrap_or(0);
    (ranks.iter().enumerate()).fold(0u64, |held, (s, &r)| held | u64::from(r == best) << s)
}

/// Adds `weight` to the outcome of deals won by the seats `held` ([`winners`])
/// of `n`: to `wins[s]` for a sole winner, else to `ties[tie_slot(s, k, n)]`
/// for each of the k tied winners.
#[inline(always)]
pub(crate) fn add_to_winners<T: Copy + std::ops::AddAssign>(
    held: u64,
    n: usize,
    wins: &mut [T],
    ties: &mut [T],
    weight: T,
) {
    // A sole winner, the common case, is added without a second pass.
    let winners = held.count_ones() as usize;
    if winners == 1 {
        wins[held.trailing_zeros() as usize] += weight;
        return;
    }
    let mut rest = held;
    while rest != 0 {
        let s = rest.trailing_zeros() as usize;
        ties[tie_slot(s, winners, n)] += weight;
        rest &= rest - 1;
    }
}

/// Greatest common divisor.
pub(crate) fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}
