//! Range text: every syntax form and dialect, errors, the canonical form and
//! round trips.

use engine::range::{Dialect, FULL, ParseRangeErrorKind, Range, Ranking};
use engine::{CardSet, Combo, HandClass};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The weighted combo count of `text`.
fn count(text: &str) -> f64 {
    Range::parse(text)
        .unwrap_or_else(|e| panic!("{text:?}: {e}"))
        .combo_count()
}

/// Asserts two texts mean the same range.
fn same(a: &str, b: &str) {
    let ra = Range::parse(a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
    let rb = Range::parse(b).unwrap_or_else(|e| panic!("{b:?}: {e}"));
    assert_eq!(ra, rb, "{a:?} vs {b:?}");
}

/// The weight of one combo in a parsed range.
fn weight(text: &str, combo: &str) -> u16 {
    let range = Range::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    range.weight_bp(combo.parse::<Combo>().unwrap())
}

#[test]
fn every_form_counts_its_combos() {
    let cases: &[(&str, f64)] = &[
        ("", 0.0),
        ("AhKh", 1.0),
        ("KhAh", 1.0),
        ("Ah", 51.0),
        ("QQ", 6.0),
        ("AKs", 4.0),
        ("AKo", 12.0),
        ("AK", 16.0),
        ("KA", 16.0),
        ("22+", 78.0),
        ("QQ+", 18.0),
        ("A8s+", 24.0),
        ("A8o+", 72.0),
        ("A8+", 96.0),
        ("A2s+", 48.0),
        ("K9s+", 16.0),
        ("98s+", 24.0),
        ("98+", 96.0),
        ("T8s+", 8.0),
        ("99-55", 30.0),
        ("55-99", 30.0),
        ("KTs-K7s", 16.0),
        ("K7s-KTs", 16.0),
        ("98s-54s", 20.0),
        ("AQo-86o", 84.0),
        ("random", 1326.0),
        ("any", 1326.0),
        ("*", 1326.0),
        ("RANDOM", 1326.0),
        ("QQ+,AKs,AhKh:0.5", 18.0 + 3.5),
        ("AK,AKo:0.5", 4.0 + 6.0),
        ("AKo:0.5,AK", 16.0),
    ];
    for &(text, expected) in cases {
        assert_eq!(count(text), expected, "{text:?}");
    }
}

#[test]
fn equivalent_spellings() {
    let cases: &[(&str, &str)] = &[
        ("A2s+", "A2s-AKs"),
        ("A2s+", "AKs-A2s"),
        ("98s+", "98s,T9s,JTs,QJs,KQs,AKs"),
        ("KTs-K7s", "K7s-KTs"),
        ("KTs-K7s", "KTs,K9s,K8s,K7s"),
        ("98s-54s", "98s,87s,76s,65s,54s"),
        ("AQo-86o", "AQo,KJo,QTo,J9o,T8o,97o,86o"),
        ("22+", "AA,KK,QQ,JJ,TT,99,88,77,66,55,44,33,22"),
        ("A8+", "A8s+,A8o+"),
        ("AK", "AKs,AKo"),
        ("ahkh", "AhKh"),
        ("AHKH", "AhKh"),
        ("aks", "AKs"),
        ("AKS", "AKs"),
        (" QQ+ , AKs ,", "QQ+,AKs"),
        ("QQ+ AKs", "QQ+,AKs"),
        ("QQ+,\nAKs", "QQ+,AKs"),
        // Two single cards with only spaces between are one hand, as
        // players type a hero hand; a comma keeps them two card tokens.
        ("Ad Qc", "AdQc"),
        ("ad   qc", "AdQc"),
        ("Ad Qc, KK", "AdQc,KK"),
        ("KK Ad Qc", "KK,AdQc"),
        ("Ad Qc:0.5", "AdQc:0.5"),
        ("[50]Ad Qc[/50]", "AdQc:0.5"),
        ("[50] Ad Qc [/50]", "AdQc:0.5"),
        ("50: Ad Qc", "AdQc:0.5"),
        ("Ad Qc\nKh Js", "AdQc,KhJs"),
        ("Ad, Qc", "Ad,Qc"),
        ("Ad\nQc", "Ad,Qc"),
        (
            "As",
            "AsKs,AsKh,AsKd,AsKc,AsQs,AsQh,AsQd,AsQc,AsJs,AsJh,AsJd,AsJc,AsTs,AsTh,AsTd,AsTc,As9s,As9h,As9d,As9c,As8s,As8h,As8d,As8c,As7s,As7h,As7d,As7c,As6s,As6h,As6d,As6c,As5s,As5h,As5d,As5c,As4s,As4h,As4d,As4c,As3s,As3h,As3d,As3c,As2s,As2h,As2d,As2c,AsAh,AsAd,AsAc",
        ),
        // Weight dialects all mean the same thing.
        ("AQs:0.75,AJs:0.75", "[75]AQs,AJs[/75]"),
        ("AQs:0.75,AJs:0.75", "[75.00]AQs,AJs[/75.00]"),
        ("AQs:0.75,AJs:0.75", "[75] AQs, AJs [/75]"),
        ("AQs:0.75,AJs:0.75", "AQs=0.75,AJs=0.75"),
        ("AQs:0.75,AJs:0.75", "AQs@75,AJs@75"),
        ("AQs:0.75,AJs:0.75", "75: AQs, AJs"),
        ("AQs:0.75,AJs:0.75", "75:AQs,AJs"),
        ("AhKh:0.5", "AhKh=0.5"),
        ("AK:0.5", "AK@50"),
        ("KK+,AQs:0.75,AJs:0.25", "KK+\n75: AQs\n25: AJs"),
        ("KK+,AQs:0.75,AJs:0.75", "KK+,[75]AQs\nAJs[/75]"),
        // The innermost weight wins; a later token overrides an earlier one.
        ("AQs:0.5,AJs:0.75", "[75]AQs:0.5,AJs[/75]"),
        ("AK:0", ""),
        ("QQ+,KK:0", "AA,QQ"),
        // Percentages, and both orders of a band.
        ("5%-15%", "15%-5%"),
        ("5%-15%", "5-15%"),
        ("100%", "random"),
        ("0%", ""),
    ];
    for &(a, b) in cases {
        same(a, b);
    }
}

#[test]
fn weights_round_to_basis_points() {
    assert_eq!(weight("AhKh:0.75", "AhKh"), 7500);
    assert_eq!(weight("AhKh:0.33333", "AhKh"), 3333);
    assert_eq!(weight("[33.33]AhKh[/33.33]", "AhKh"), 3333);
    assert_eq!(weight("AhKh:1", "AhKh"), FULL);
    assert_eq!(weight("AhKh:1.0", "AhKh"), FULL);
    assert_eq!(weight("AhKh:.5", "AhKh"), 5000);
    assert_eq!(weight("AK@12.5", "AhKh"), 1250);
    assert_eq!(weight("AhKh:0", "AhKh"), 0);
    // The smallest weight, and what rounds to it.
    assert_eq!(weight("AhKh:0.0001", "AhKh"), 1);
    assert_eq!(weight("AhKh:0.00005", "AhKh"), 1);
    assert_eq!(weight("AK@0.01", "AhKh"), 1);
}

#[test]
fn errors_name_the_token_and_its_offset() {
    use ParseRangeErrorKind as K;
    let cases: &[(&str, &str, usize, ParseRangeErrorKind)] = &[
        ("QQ+,AXs", "AXs", 4, K::UnknownHand),
        ("QQ+, AK, ZZ", "ZZ", 9, K::UnknownHand),
        ("AhAh", "AhAh", 0, K::SameCard),
        ("Ah Ah", "AhAh", 0, K::SameCard),
        ("Ad Qc Js", "Js", 6, K::LooseCards),
        ("KK, Ah Kh Qh Jh", "Qh", 10, K::LooseCards),
        ("AKs:1.5", "AKs:1.5", 0, K::WeightOutOfRange { max: 1 }),
        ("AKs@150", "AKs@150", 0, K::WeightOutOfRange { max: 100 }),
        // Positive weights that would round to 0 are not silent removals.
        (
            "QQ,AK:0.00004",
            "AK:0.00004",
            3,
            K::WeightTooSmall { max: 1 },
        ),
        (
            "AhKh=0.00001",
            "AhKh=0.00001",
            0,
            K::WeightTooSmall { max: 1 },
        ),
        ("AK@0.004", "AK@0.004", 0, K::WeightTooSmall { max: 100 }),
        (
            "[0.004]AK[/0.004]",
            "[0.004]",
            0,
            K::WeightTooSmall { max: 100 },
        ),
        ("0.001: AK", "0.001:", 0, K::WeightTooSmall { max: 100 }),
        ("AKs:abc", "AKs:abc", 0, K::BadWeight),
        ("AKs:-1", "AKs:-1", 0, K::WeightOutOfRange { max: 1 }),
        ("AK@-5", "AK@-5", 0, K::WeightOutOfRange { max: 100 }),
        ("AKs:1e-300", "AKs:1e-300", 0, K::BadWeight),
        ("AKs:5e-1", "AKs:5e-1", 0, K::BadWeight),
        ("AKs:+0.5", "AKs:+0.5", 0, K::BadWeight),
        ("AKs:inf", "AKs:inf", 0, K::BadWeight),
        ("AKs:", "AKs:", 0, K::BadWeight),
        ("AKs:nan", "AKs:nan", 0, K::BadWeight),
        ("AKs-QJo", "AKs-QJo", 0, K::MixedSpan),
        ("99-A9s", "99-A9s", 0, K::MixedSpan),
        ("AKs-QTs", "AKs-QTs", 0, K::UnalignedSpan),
        ("150%", "150%", 0, K::BadPercent),
        ("x%", "x%", 0, K::BadPercent),
        ("AA,,KK", ",", 3, K::EmptyToken),
        (",AA", ",", 0, K::EmptyToken),
        ("[75]AQs", "[75]", 0, K::UnclosedGroup),
        ("AQs[/75]", "[/75]", 3, K::UnmatchedClose),
        ("[75]AQs[/50]", "[/50]", 7, K::MismatchedClose),
        ("[75][50]AQs", "[50]", 4, K::NestedGroup),
        ("[x]AQs[/x]", "[x]", 0, K::BadWeight),
        ("AKss", "AKss", 0, K::UnknownHand),
        ("QQs", "QQs", 0, K::UnknownHand),
        ("AK+s", "AK+s", 0, K::UnknownHand),
        ("é", "é", 0, K::UnknownHand),
    ];
    for (text, token, offset, kind) in cases {
        let error = Range::parse(text).expect_err(text);
        assert_eq!(
            (error.token.as_str(), error.offset, &error.kind),
            (*token, *offset, kind),
            "{text:?}"
        );
        assert!(error.to_string().contains(token), "{error}");
    }
}

#[test]
fn canonical_form_is_compact() {
    let cases: &[(&str, &str)] = &[
        ("", ""),
        ("AA,KK,QQ", "QQ+"),
        ("99,88,77,66,55", "99-55"),
        ("JJ", "JJ"),
        ("AKs,AQs,AJs,ATs", "ATs+"),
        ("A8s+,A8o+", "A8+"),
        ("KTs-K7s", "KTs-K7s"),
        ("KQs", "KQs"),
        ("98s+", "AKs,KQs,QJs,JTs,T9s,98s"),
        ("QQ+,AKs,AhKh:0.5", "QQ+,AcKc,AdKd,AsKs,AhKh:0.5"),
        ("QQ+,AQs,AhKh:0.5", "QQ+,AQs,AhKh:0.5"),
        ("AKo:0.5,QQ+,AKs", "QQ+,AKs,AKo:0.5"),
        ("[50]AQs,AJs[/50],KK+", "KK+,AQs-AJs:0.5"),
        ("22+,A2s+,KTo+", "22+,A2s+,KTo+"),
        (
            "random",
            "22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32",
        ),
    ];
    for &(input, expected) in cases {
        let range = Range::parse(input).unwrap();
        assert_eq!(range.canonical(), expected, "{input:?}");
        assert_eq!(Range::parse(expected).unwrap(), range, "{expected:?}");
    }
}

#[test]
fn dialects_export_and_read_back() {
    let range = Range::parse("QQ+,AKs,AQs:0.75,AJs:0.75,AhKh:0.5,KK:0").unwrap();
    let text = |d| range.to_text(d).unwrap();
    assert_eq!(
        text(Dialect::Canonical),
        "AA,QQ,AQs-AJs:0.75,AcKc,AdKd,AsKs,AhKh:0.5"
    );
    assert_eq!(
        text(Dialect::Pio),
        "AA,QQ,AQs:0.75,AJs:0.75,AcKc,AdKd,AsKs,AhKh:0.5"
    );
    assert_eq!(
        text(Dialect::Brackets),
        "AA,QQ,[75]AQs-AJs[/75],AcKc,AdKd,AsKs,[50]AhKh[/50]"
    );
    assert!(range.to_text(Dialect::Equilab).is_err());
    for dialect in [Dialect::Canonical, Dialect::Pio, Dialect::Brackets] {
        assert_eq!(Range::parse(&text(dialect)).unwrap(), range, "{dialect:?}");
    }
    let plain = Range::parse("QQ+,AK,A5s-A2s").unwrap();
    assert_eq!(plain.to_text(Dialect::Equilab).unwrap(), "QQ+, AK, A5s-A2s");
}

#[test]
fn class_view_and_card_removal() {
    let range = Range::parse("AKs,AhKh:0.5,QQ").unwrap();
    let aks = range.class_summary("AKs".parse::<HandClass>().unwrap());
    assert!(aks.mixed);
    assert_eq!((aks.combos_in, aks.combos_total), (4, 4));
    assert!((aks.average_weight() - 0.875).abs() < 1e-12);
    let qq = range.class_summary("QQ".parse::<HandClass>().unwrap());
    assert!(!qq.mixed);
    assert_eq!(qq.uniform_weight_bp(), Some(FULL));
    let board = CardSet::parse("Qs Kd").unwrap();
    // QQ loses the 3 combos with Qs; AKs loses AdKd.
    assert_eq!(range.combos_given(board), 3.0 + 2.5);
    assert!((range.percent_given(board) - 100.0 * 5.5 / 1225.0).abs() < 1e-12);
}

#[test]
fn top_percent_uses_the_named_ranking() {
    let ranking = Ranking::shipped();
    assert_eq!(ranking.name(), "equity vs 3 random hands");
    let first: Vec<String> = ranking.classes().take(3).map(|c| c.to_string()).collect();
    assert_eq!(first, ["AA", "KK", "QQ"]);
    let top = Range::parse("15%").unwrap();
    assert!((top.percent() - 15.0).abs() < 0.5, "{}", top.percent());
    assert_eq!(top, ranking.top_range(15.0));
    let band = Range::parse("5%-15%").unwrap();
    let mut union = Range::parse("5%").unwrap();
    union.union_with(&band);
    assert_eq!(union, top);
    assert_eq!(
        Range::parse("15%:0.5").unwrap().combo_count(),
        top.combo_count() / 2.0
    );
}

/// A random string from pieces that look like range text, plus noise.
fn random_text(rng: &mut ChaCha8Rng) -> String {
    const PIECES: &[&str] = &[
        "A", "K", "Q", "J", "T", "9", "2", "s", "o", "h", "d", "c", "+", "-", ",", " ", ":", "=",
        "@", "[", "]", "/", "%", ".", "0", "5", "75", "1", "random", "*", "\n", "é", "€", "\0",
        "AKs", "QQ+", "[75]", "[/75]", "99-55", "AhKh", "15%",
    ];
    let len = rng.random_range(0..12);
    (0..len)
        .map(|_| PIECES[rng.random_range(0..PIECES.len())])
        .collect()
}

#[test]
fn arbitrary_text_never_panics() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut parsed = 0;
    for _ in 0..100_000 {
        let text = random_text(&mut rng);
        match Range::parse(&text) {
            Ok(range) => {
                parsed += 1;
                assert_eq!(Range::parse(&range.canonical()).unwrap(), range, "{text:?}");
            }
            Err(error) => {
                assert!(text.get(error.offset..).is_some(), "{text:?}: {error}");
                assert!(
                    text[error.offset..].starts_with(&error.token),
                    "{text:?}: {error}"
                );
            }
        }
    }
    // The generator must reach both outcomes often.
    assert!(parsed > 5_000 && parsed < 95_000, "{parsed}");
}

/// A range's combos are those with a weight, each once with it, in index
/// order, however sparse or dense the range.
#[test]
fn combos_are_the_weighted_ones_in_order() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for round in 0..500 {
        let mut range = Range::empty();
        let held = [1, 2, 9, 40, 700, 1326][round % 6];
        for _ in 0..held {
            let combo = Combo::from_index(rng.random_range(0..1326)).unwrap();
            range.set_weight_bp(combo, rng.random_range(1..=FULL));
        }
        let listed: Vec<(Combo, u16)> = range.combos().collect();
        let expected: Vec<(Combo, u16)> = (Combo::all())
            .map(|combo| (combo, range.weight_bp(combo)))
            .filter(|&(_, w)| w > 0)
            .collect();
        assert_eq!(listed, expected, "round {round}");
    }
    let last = Combo::from_index(1325).unwrap();
    let mut range = Range::empty();
    range.set_weight_bp(last, 1);
    assert_eq!(range.combos().collect::<Vec<_>>(), [(last, 1)]);
}

#[test]
fn random_ranges_round_trip_in_every_dialect() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let weights = [FULL, FULL, FULL, 5000, 7500, 2500, 3333, 1, 9999];
    for round in 0..2_000 {
        let mut range = Range::empty();
        // Whole classes at a few weights, then scattered combos.
        let class_share = rng.random_range(0..100);
        for class in HandClass::all() {
            if rng.random_range(0..100) < class_share {
                let w = weights[rng.random_range(0..weights.len())];
                range.set_class_bp(class, w);
            }
        }
        for _ in 0..rng.random_range(0..40) {
            let combo = Combo::from_index(rng.random_range(0..1326)).unwrap();
            let w = if round % 3 == 0 {
                rng.random_range(0..=FULL)
            } else {
                weights[rng.random_range(0..weights.len())]
            };
            range.set_weight_bp(combo, w);
        }
        for dialect in [Dialect::Canonical, Dialect::Pio, Dialect::Brackets] {
            let text = range.to_text(dialect).unwrap();
            assert_eq!(Range::parse(&text).unwrap(), range, "{dialect:?}: {text}");
        }
        if range.is_unweighted() {
            let text = range.to_text(Dialect::Equilab).unwrap();
            assert_eq!(Range::parse(&text).unwrap(), range, "{text}");
        }
    }
}

#[test]
fn ten_is_written_10_as_well() {
    // docs/design.md §4.1: `10` for ten wherever a rank is written.
    for (text, same) in [
        ("10h10d", "ThTd"),
        ("10h", "Th"),
        ("1010", "TT"),
        ("A10s", "ATs"),
        ("A10s+", "ATs+"),
        ("10h 10d", "ThTd"),
        ("KQ,10h 10d:0.5", "KQ,ThTd:0.5"),
        ("10%", "10%"),
        ("5-10%", "5-10%"),
    ] {
        assert_eq!(
            Range::parse(text).unwrap_or_else(|e| panic!("{text}: {e}")),
            Range::parse(same).unwrap(),
            "{text}"
        );
    }
}

#[test]
fn weights_and_percentages_share_one_number_grammar_with_rules() {
    use engine::line::{ContinueRule, ParseRuleErrorKind};
    // Plain decimals everywhere; an exponent nowhere.
    assert_eq!(
        Range::parse("AA:.5").unwrap(),
        Range::parse("AA:0.5").unwrap()
    );
    assert!(ContinueRule::parse("set:.5,equity>=.5%").is_ok());
    for weight in ["5e-1", "+0.5", "inf", "0x1"] {
        let range = Range::parse(&format!("AA:{weight}")).unwrap_err();
        assert_eq!(range.kind, ParseRangeErrorKind::BadWeight, "{weight}");
        let rule = ContinueRule::parse(&format!("set:{weight}")).unwrap_err();
        assert_eq!(rule.kind, ParseRuleErrorKind::BadWeight, "{weight}");
        let percent = Range::parse(&format!("{weight}%")).unwrap_err();
        assert_eq!(percent.kind, ParseRangeErrorKind::BadPercent, "{weight}");
        let rule = ContinueRule::parse(&format!("top {weight}%")).unwrap_err();
        assert_eq!(rule.kind, ParseRuleErrorKind::BadPercent, "{weight}");
    }
}
