//! The obvious spots, decided before any search: forced cards and
//! pigeonholes on one or two cards.

/// Decides the obvious infeasible spots at once (`None`), else returns the
/// seats' combos with the cards other seats are forced to hold removed:
///
/// - **forced cards**: a card in every combo of a seat (both cards of a
///   seat's only combo) is that seat's in every deal, so no other seat's
///   combo may hold it; two seats forced to one card, or a seat left with
///   no combo, is infeasible. Repeated until nothing changes, since
///   removing cards can leave a seat with fewer combos and more forced
///   cards.
/// - **pigeonholes on one or two cards**: a seat each of whose combos
///   meets a card set `S` needs a card of `S` to itself, so more than
///   `|S|` such seats for one `S` of one or two cards is infeasible.
///
/// The pigeonhole on larger sets the other way round (`k` seats whose
/// combos all lie within fewer than `2k` cards) is Hall's condition, which
/// the search checks at its first step ([`hall_holds`](super::hall::hall_holds)).
pub(super) fn presolve(masks: &[&[u64]]) -> Option<Vec<Vec<u64>>> {
    let mut seats: Vec<Vec<u64>> = masks.iter().map(|m| m.to_vec()).collect();
    loop {
        // Per seat, the cards every combo holds; no two seats share one.
        let mut forced_all = 0u64;
        let mut forced = vec![0u64; seats.len()];
        for (s, combos) in seats.iter().enumerate() {
            if combos.is_empty() {
                return None;
            }
            forced[s] = combos.iter().fold(u64::MAX, |f, &m| f & m);
            if forced[s] & forced_all != 0 {
                return None;
            }
            forced_all |= forced[s];
        }
        let mut changed = false;
        for (s, combos) in seats.iter_mut().enumerate() {
            let others = forced_all & !forced[s];
            let before = combos.len();
            combos.retain(|&m| m & others == 0);
            if combos.is_empty() {
                return None;
            }
            changed |= combos.len() != before;
        }
        if !changed {
            break;
        }
    }
    // Pairs of cards met by every combo of more than two seats. A seat's
    // such pairs {a, b}: for each card `a` it holds, `b` is in every combo
    // without `a` (single forced cards are ruled out above).
    let mut pair_seats = vec![0u8; 64 * 64];
    for combos in &seats {
        let cards = combos.iter().fold(0u64, |u, &m| u | m);
        let mut rest = cards;
        while rest != 0 {
            let a = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let others = combos
                .iter()
                .filter(|&&m| m >> a & 1 == 0)
                .fold(u64::MAX, |f, &m| f & m);
            // Count each pair once, from its lower card.
            let mut partners = others & cards & !((2u64 << a) - 1);
            while partners != 0 {
                let b = partners.trailing_zeros() as usize;
                partners &= partners - 1;
                let slot = &mut pair_seats[a * 64 + b];
                *slot += 1;
                if *slot > 2 {
                    return None;
                }
            }
        }
    }
    Some(seats)
}
