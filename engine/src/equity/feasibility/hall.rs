//! Hall's condition, the search's bound: every seat can get two cards of
//! its own at once (a bipartite matching).

/// Hall's condition for the seats in `left` with possible cards `cards`:
/// whether every seat can get two distinct cards of its own, none shared
/// (a relaxation: the two need not form one of its combos). Checked as a
/// bipartite matching of seat places to cards, by augmenting paths over
/// card bitmasks; by Hall's theorem it fails exactly when some group of
/// seats has fewer than twice their number of cards among them.
pub(super) fn hall_holds(left: u32, cards: &[u64; 32]) -> bool {
    let mut owner = [u8::MAX; 64];
    let mut taken = 0u64;
    let mut rest = left;
    while rest != 0 {
        let s = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        for _ in 0..2 {
            let mut seen = 0u64;
            if !augment(s, cards, &mut owner, &mut taken, &mut seen) {
                return false;
            }
        }
    }
    true
}

/// Kuhn's augmenting path from seat `s`: gives it one more card, moving
/// other seats to other cards if need be, never through cards in `seen`.
fn augment(
    s: usize,
    cards: &[u64; 32],
    owner: &mut [u8; 64],
    taken: &mut u64,
    seen: &mut u64,
) -> bool {
    let open = cards[s] & !*seen;
    let free = open & !*taken;
    if free != 0 {
        let c = free.trailing_zeros() as usize;
        *taken |= 1 << c;
        owner[c] = s as u8;
        return true;
    }
    let mut held = open;
    while held != 0 {
        let c = held.trailing_zeros() as usize;
        held &= held - 1;
        if *seen >> c & 1 == 1 {
            continue;
        }
        *seen |= 1 << c;
        let t = usize::from(owner[c]);
        if t != s && augment(t, cards, owner, taken, seen) {
            owner[c] = s as u8;
            return true;
        }
    }
    false
}
