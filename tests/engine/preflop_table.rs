//! The shipped heads-up preflop table: its counts against live enumeration
//! and against its own generator, its checksum, and `calculate` answering
//! from it with exactly the numbers enumeration gives.

use engine::equity::internal::Setup;
use engine::equity::internal::preflop_table::{self, Matchup, PreflopTableError};
use engine::equity::{self, EquityRequest, EquityResult, Method, MethodUsed, Seat};
use engine::{CardSet, Combo, Range, card::parse_cards};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// A random pair of disjoint combos.
fn random_pair(rng: &mut ChaCha8Rng) -> (Combo, Combo) {
    loop {
        let a = Combo::from_index(rng.random_range(0..1326)).unwrap();
        let b = Combo::from_index(rng.random_range(0..1326)).unwrap();
        if a.mask().is_disjoint(b.mask()) {
            return (a, b);
        }
    }
}

#[test]
fn three_hundred_random_matchups_agree_with_live_enumeration() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut pairs: Vec<(Combo, Combo)> = (0..300).map(|_| random_pair(&mut rng)).collect();
    // And a few that are easy to get wrong: same classes, shared suits.
    for (a, b) in [
        ("AsAh", "AdAc"),
        ("AsKs", "AhKh"),
        ("AcKd", "AhKs"),
        ("7h2c", "7c2h"),
        ("AsKs", "Ah2h"),
    ] {
        pairs.push((a.parse().unwrap(), b.parse().unwrap()));
    }
    let table = preflop_table::shipped().expect("the shipped table loads");
    let mismatches: Vec<String> = pairs
        .par_iter()
        .filter_map(|&(a, b)| {
            let live = preflop_table::enumerate_matchup(a, b).unwrap();
            let stored = table.matchup(a, b).unwrap();
            (live != stored).then(|| format!("{a} vs {b}: table {stored:?}, live {live:?}"))
        })
        .collect();
    assert!(mismatches.is_empty(), "{mismatches:#?}");
    for &(a, b) in &pairs {
        let m = preflop_table::matchup(a, b).unwrap();
        assert_eq!(m.wins + m.ties + m.losses, preflop_table::BOARDS);
        assert_eq!(preflop_table::matchup(b, a), Some(m.swapped()));
    }
    assert_eq!(
        preflop_table::matchup("AsKs".parse().unwrap(), "AsQd".parse().unwrap()),
        None
    );
}

#[test]
fn the_generator_reproduces_the_shipped_entries() {
    // Regenerating the whole table takes minutes; a spread of its entries
    // through the generator's own code path takes well under a second per
    // pair group.
    let pairs = preflop_table::canonical_pairs();
    assert_eq!(pairs.len(), preflop_table::UNORDERED_CLASSES);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let sample: Vec<(Combo, Combo)> = (0..12)
        .map(|_| pairs[rng.random_range(0..pairs.len())])
        .chain([pairs[0], pairs[pairs.len() - 1]])
        .collect();
    let generated = preflop_table::count_matchups(&sample, &|_, _| {});
    for (&(a, b), &m) in sample.iter().zip(&generated) {
        assert_eq!(preflop_table::matchup(a, b), Some(m), "{a} vs {b}");
    }
}

#[test]
fn the_checksum_is_verified_at_load() {
    let bytes = preflop_table::shipped_bytes();
    assert_eq!(preflop_table::parse(bytes).unwrap().check_entries(), Ok(()));
    assert!(bytes.len() < 300_000, "{} bytes", bytes.len());

    // One flipped bit anywhere in the entries.
    let mut corrupt = bytes.to_vec();
    corrupt[1000] ^= 0x10;
    assert!(matches!(
        preflop_table::parse(&corrupt),
        Err(PreflopTableError::Checksum { .. })
    ));
    // A flipped bit in the checksum itself.
    let mut corrupt = bytes.to_vec();
    let last = corrupt.len() - 1;
    corrupt[last] ^= 1;
    assert!(matches!(
        preflop_table::parse(&corrupt),
        Err(PreflopTableError::Checksum { .. })
    ));
    // Truncated, foreign, from the future, empty.
    assert!(matches!(
        preflop_table::parse(&bytes[..bytes.len() - 1]),
        Err(PreflopTableError::WrongLength { .. })
    ));
    let mut foreign = bytes.to_vec();
    foreign[0] = b'X';
    assert_eq!(
        preflop_table::parse(&foreign).unwrap_err(),
        PreflopTableError::BadMagic
    );
    let mut future = bytes.to_vec();
    future[8] = 2;
    assert_eq!(
        preflop_table::parse(&future).unwrap_err(),
        PreflopTableError::UnsupportedVersion(2)
    );
    assert_eq!(
        preflop_table::parse(&[]).unwrap_err(),
        PreflopTableError::TooShort(0)
    );
    // The errors read as sentences.
    let message = preflop_table::parse(&corrupt).unwrap_err().to_string();
    assert!(message.contains("corrupt"), "{message}");
}

fn request(ranges: &[&str], method: Method) -> EquityRequest {
    let seats = ranges
        .iter()
        .map(|r| Seat::active(Range::parse(r).unwrap()))
        .collect();
    let mut request = EquityRequest::new(seats);
    request.method = method;
    request
}

fn calculate(request: &EquityRequest) -> EquityResult {
    equity::calculate(request, &|| false, &mut |_| {}).unwrap()
}

/// Exact enumeration of `request`, bypassing the table.
fn enumerate(request: &EquityRequest) -> EquityResult {
    crate::engine::equity::enumerate(&Setup::new(request).unwrap(), None)
}

/// Heads-up preflop spots small enough to enumerate in well under a second:
/// ranges, weights, card conflicts and single combos.
const SPOTS: &[(&str, &str)] = &[
    ("AA,AKs", "AK,KK"),
    ("AA:0.5,AKs", "AK,KK:0.25"),
    ("QQ+,AK", "JJ,AQs"),
    ("AhAs", "KK,AKs"),
    ("AhKh", "AsAd"),
    ("AcKd", "AhKs"),
    ("AsKs", "22,33:0.7,A5s"),
    ("TT-88,ATs:0.35", "KQ:0.4,JTs"),
    ("7c2d", "72:0.6,Ah7h"),
    ("[25]AKo[/25],QQ", "AQs:0.15,KhKd,JJ"),
    ("AdKd,AdQd", "AK:0.5,AQ"),
    ("65s,54s", "AA,KK:0.5"),
];

#[test]
fn ranged_spots_from_the_table_equal_enumeration_bit_for_bit() {
    for &(a, b) in SPOTS {
        for method in [Method::Auto, Method::Exact] {
            let request = request(&[a, b], method);
            let from_table = calculate(&request);
            assert_eq!(from_table.method, MethodUsed::PreflopTable, "{a} vs {b}");
            assert_eq!(from_table.method.name(), "exact");
            assert_eq!(from_table.method.path(), "preflop_table");
            assert!(from_table.finished && from_table.progress == 1.0);
            let enumerated = enumerate(&request);
            assert_eq!(enumerated.method.path(), "enumeration");
            assert_eq!(
                from_table.seats, enumerated.seats,
                "{a} vs {b}: table {from_table:?}, enumeration {enumerated:?}"
            );
        }
    }
}

#[test]
fn per_combo_tallies_equal_each_combo_enumerated_alone() {
    let (a, b) = ("AA:0.5,AKs", "AK,KK:0.25,QhJh");
    let setup = Setup::new(&request(&[a, b], Method::Exact)).unwrap();
    let heads_up = preflop_table::heads_up(&setup).unwrap();
    let total: u128 = heads_up.combos[1].iter().map(|c| c.total).sum();
    assert_eq!(total, heads_up.total);
    let seat_wins: [u128; 2] =
        [0, 1].map(|s| heads_up.combos[s].iter().map(|c| c.win).sum::<u128>());
    assert_eq!(seat_wins, heads_up.wins);
    let ties: u128 = heads_up.combos[1].iter().map(|c| c.tie).sum();
    assert_eq!(ties, heads_up.ties);
    for (seat, own, other) in [(0, a, b), (1, b, a)] {
        let range = Range::parse(own).unwrap();
        let live: Vec<Combo> = range.combos().map(|(c, _)| c).collect();
        assert_eq!(live.len(), heads_up.combos[seat].len());
        for (combo, tally) in live.iter().zip(&heads_up.combos[seat]) {
            let alone = combo.to_string();
            let ranges = if seat == 0 {
                [alone.as_str(), other]
            } else {
                [other, alone.as_str()]
            };
            let expected = enumerate(&request(&ranges, Method::Exact));
            let figures = expected.seats[seat];
            let close = |x: f64, y: f64| (x - y).abs() < 1e-12;
            let total = tally.total as f64;
            assert!(close(tally.win as f64 / total, figures.win), "{combo}");
            assert!(close(tally.tie as f64 / total, figures.tie), "{combo}");
        }
    }
}

#[test]
fn only_heads_up_preflop_spots_take_the_table() {
    let path = |request: &EquityRequest| calculate(request).method.path();
    let mut hu = request(&["AA", "KK"], Method::Auto);
    assert_eq!(path(&hu), "preflop_table");
    // Monte Carlo keeps sampling.
    hu.method = Method::MonteCarlo;
    hu.trials = Some(10_000);
    assert_eq!(path(&hu), "sampling");
    // A board, a dead card, a folded seat or a third seat: enumeration.
    let mut board = request(&["AA", "KK"], Method::Exact);
    board.board = parse_cards("2c7d9h").unwrap();
    assert_eq!(path(&board), "enumeration");
    let mut dead = request(&["AhAs", "KhKs"], Method::Exact);
    dead.dead = CardSet::parse("2c").unwrap();
    assert_eq!(path(&dead), "enumeration");
    let mut folded = request(&["AhAs", "KhKs"], Method::Exact);
    folded
        .seats
        .push(Seat::folded(Range::parse("QcQd").unwrap()));
    assert_eq!(path(&folded), "enumeration");
    let three = request(&["AhAs", "KhKs", "QcQd"], Method::Exact);
    assert_eq!(path(&three), "enumeration");
    // A whole-range spot far too big to enumerate in a test, instantly.
    let big = calculate(&request(&["22+,A2s+,KTo+", "QQ+,AK"], Method::Auto));
    assert_eq!(big.method, MethodUsed::PreflopTable);
    let sum: f64 = big.seats.iter().map(|s| s.equity).sum();
    assert!((sum - 1.0).abs() < 1e-12);
    let random = calculate(&request(&["random", "random"], Method::Auto));
    assert!((random.seats[0].equity - 0.5).abs() < 1e-15, "{random:?}");
    assert_eq!(
        random.samples,
        1326 * 1225 * u64::from(preflop_table::BOARDS)
    );
}

#[test]
fn a_matchup_reads_as_expected() {
    let aces: Combo = "AhAs".parse().unwrap();
    let kings: Combo = "KhKs".parse().unwrap();
    let m: Matchup = preflop_table::matchup(aces, kings).unwrap();
    // The golden figures of exact enumeration: 82.6366% equity.
    assert!((m.equity() - 0.826366).abs() < 5e-7, "{m:?}");
    assert_eq!(
        preflop_table::canonical(aces, kings),
        preflop_table::canonical("AdAc".parse().unwrap(), "KdKc".parse().unwrap())
    );
}
