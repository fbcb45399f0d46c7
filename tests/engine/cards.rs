//! Cards, card sets, combos and hand classes: parsing, display, indexing and
//! the 13×13 grid layout.

use engine::{
    Card, CardSet, Combo, HandClass, HandKind, ParseCardErrorKind, Rank, Suit,
    card::parse_cards,
    combo::{CLASSES, COMBOS},
};

/// Parses `input` as a card list and compares the cards' text with `expected`.
fn check_cards(input: &str, expected: &[&str]) {
    let cards = parse_cards(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    let text: Vec<String> = cards.iter().map(Card::to_string).collect();
    assert_eq!(text, expected, "{input:?}");
}

#[test]
fn card_lists_parse_in_every_spelling() {
    let cases: &[(&str, &[&str])] = &[
        ("As", &["As"]),
        ("ahkd", &["Ah", "Kd"]),
        ("Ah Kd", &["Ah", "Kd"]),
        ("AhKd", &["Ah", "Kd"]),
        ("Ah,Kd", &["Ah", "Kd"]),
        ("  Ah ,  Kd  ", &["Ah", "Kd"]),
        ("AHKD", &["Ah", "Kd"]),
        ("10h Td", &["Th", "Td"]),
        ("4dAc5d", &["4d", "Ac", "5d"]),
        ("A♠ K♥ Q♦ J♣", &["As", "Kh", "Qd", "Jc"]),
        ("", &[]),
        ("   ", &[]),
    ];
    for (input, expected) in cases {
        check_cards(input, expected);
    }
}

/// Parses `input`, expecting an error at `offset` naming `token`.
fn check_error(input: &str, token: &str, offset: usize, kind: ParseCardErrorKind) {
    let error = CardSet::parse(input).expect_err(input);
    assert_eq!(
        (error.token.as_str(), error.offset, &error.kind),
        (token, offset, &kind),
        "{input:?}"
    );
    assert!(error.to_string().contains(&format!("{token:?}")), "{error}");
}

#[test]
fn card_errors_name_the_token_and_offset() {
    use ParseCardErrorKind::*;
    check_error("Xs", "Xs", 0, UnknownRank('X'));
    check_error("AhXd", "Xd", 2, UnknownRank('X'));
    check_error("Ah Kx", "Kx", 3, UnknownSuit('x'));
    check_error("AhK", "K", 2, MissingSuit);
    check_error("Ah K d", "K", 3, MissingSuit);
    check_error("Ah 1h", "1h", 3, UnknownRank('1'));
    check_error("Ah Kd ah", "ah", 6, Duplicate("Ah".parse().unwrap()));
    check_error("AhAhKd", "Ah", 2, Duplicate("Ah".parse().unwrap()));
    check_error("Ah é", "é", 3, UnknownRank('é'));
    assert_eq!(
        "As Kd".parse::<Card>().unwrap_err().kind,
        Count {
            expected: 1,
            found: 2
        }
    );
}

#[test]
fn every_card_displays_and_parses_back() {
    let all: Vec<Card> = Card::all().collect();
    assert_eq!(all.len(), 52);
    for (index, card) in all.iter().enumerate() {
        assert_eq!(card.index() as usize, index);
        assert_eq!(card.to_string().parse::<Card>().unwrap(), *card);
        assert_eq!(Card::new(card.rank(), card.suit()), *card);
    }
    assert_eq!(
        "As".parse::<Card>().unwrap(),
        Card::new(Rank::Ace, Suit::Spades)
    );
    assert_eq!("2c".parse::<Card>().unwrap().index(), 0);
    assert_eq!("As".parse::<Card>().unwrap().index(), 51);
}

#[test]
fn card_sets() {
    let set: CardSet = "Kd As 7c".parse().unwrap();
    assert_eq!(set.len(), 3);
    assert_eq!(set.to_string(), "As Kd 7c");
    assert_eq!(set.to_string().parse::<CardSet>().unwrap(), set);
    assert!(set.contains("As".parse().unwrap()));
    assert!(!set.contains("Ah".parse().unwrap()));
    assert_eq!(CardSet::DECK.len(), 52);
    assert_eq!(set.complement().len(), 49);
    assert!(set.is_disjoint(set.complement()));
    assert_eq!(set | set.complement(), CardSet::DECK);
    assert_eq!(CardSet::from_bits(u64::MAX), CardSet::DECK);
    let mut other = CardSet::EMPTY;
    assert!(other.insert("As".parse().unwrap()));
    assert!(!other.insert("As".parse().unwrap()));
    assert!(other.is_subset(set));
    assert_eq!((set - other).len(), 2);
    assert_eq!(set.iter().len(), 3);
    assert_eq!(set.iter().collect::<CardSet>(), set);
    assert_eq!(format!("{:?}", CardSet::EMPTY), "CardSet()");
}

#[test]
fn combos_index_and_display() {
    let all: Vec<Combo> = Combo::all().collect();
    assert_eq!(all.len(), COMBOS);
    for (index, combo) in all.iter().enumerate() {
        assert_eq!(combo.index(), index);
        assert_eq!(Combo::from_index(index), Some(*combo));
        assert_eq!(combo.to_string().parse::<Combo>().unwrap(), *combo);
        assert!(combo.hi() > combo.lo());
    }
    let combo: Combo = "Kd Ah".parse().unwrap();
    assert_eq!(combo.to_string(), "AhKd");
    assert_eq!(combo, "AhKd".parse().unwrap());
    assert!("AhAh".parse::<Combo>().is_err());
    assert!("AhKdQc".parse::<Combo>().is_err());
    let (a, b) = ("Ah".parse().unwrap(), "Kd".parse().unwrap());
    assert_eq!(Combo::new(a, b), Combo::new(b, a));
    assert_eq!(Combo::new(a, a), None);
}

#[test]
fn classes_sit_on_the_grid_like_players_expect() {
    let cases = [
        ("AA", (0, 0), HandKind::Pair),
        ("AKs", (0, 1), HandKind::Suited),
        ("AKo", (1, 0), HandKind::Offsuit),
        ("A2s", (0, 12), HandKind::Suited),
        ("A2o", (12, 0), HandKind::Offsuit),
        ("KK", (1, 1), HandKind::Pair),
        ("32s", (11, 12), HandKind::Suited),
        ("32o", (12, 11), HandKind::Offsuit),
        ("22", (12, 12), HandKind::Pair),
    ];
    for (text, grid, kind) in cases {
        let class: HandClass = text.parse().unwrap();
        assert_eq!(class.grid(), grid, "{text}");
        assert_eq!(class.kind(), kind, "{text}");
        assert_eq!(class.to_string(), text);
        assert_eq!(HandClass::from_grid(grid.0, grid.1), Some(class));
    }
    assert_eq!("kas".parse::<HandClass>().unwrap().to_string(), "AKs");
    for bad in ["AK", "AAs", "AKx", "A", "AKsx", "ZZ"] {
        assert!(bad.parse::<HandClass>().is_err(), "{bad}");
    }
}

#[test]
fn classes_partition_the_combos() {
    let mut seen = vec![0usize; CLASSES];
    for combo in Combo::all() {
        seen[combo.class().index()] += 1;
    }
    for class in HandClass::all() {
        assert_eq!(seen[class.index()], class.combo_count(), "{class}");
        let combos: Vec<Combo> = class.combos().collect();
        assert_eq!(combos.len(), class.combo_count());
        assert!(combos.iter().all(|c| c.class() == class), "{class}");
    }
    assert_eq!(
        HandClass::all().map(HandClass::combo_count).sum::<usize>(),
        COMBOS
    );
    assert_eq!(
        HandClass::all()
            .filter(|c| c.kind() == HandKind::Suited)
            .count(),
        78
    );
}
