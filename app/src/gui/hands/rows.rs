//! A hand as a row of the table, seen from the hero: its site and number,
//! time, stakes, the hero's position, the street reached, the all-in and
//! the hero's result beside the expected one; the filters and the sort.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use engine::hands::{Chips, HandReport, Street};

/// Which column the table is sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SortBy {
    /// The order the hands were read in (site and number).
    Hand,
    /// When it was played.
    Time,
    /// The big blind.
    Stakes,
    /// The hero's position.
    Position,
    /// The last street dealt.
    Street,
    /// The all-in's street (hands without one last).
    AllIn,
    /// The hero's result.
    Result,
    /// The hero's expected result (all-in hands).
    Expected,
}

/// Which results show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ResultFilter {
    /// Every hand.
    #[default]
    Any,
    /// The hero won chips.
    Won,
    /// The hero lost chips.
    Lost,
}

impl ResultFilter {
    /// Every choice, in menu order.
    pub const ALL: [ResultFilter; 3] = [ResultFilter::Any, ResultFilter::Won, ResultFilter::Lost];

    /// Its name in the menu.
    pub fn name(self) -> &'static str {
        match self {
            ResultFilter::Any => "any result",
            ResultFilter::Won => "won",
            ResultFilter::Lost => "lost",
        }
    }
}

/// What the table shows: hands matching all of these.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Filter {
    /// A player dealt in whose name holds this (any case); empty: any.
    pub player: String,
    /// The hero's position (`None`: any).
    pub position: Option<&'static str>,
    /// Only hands with an all-in counted.
    pub all_in: bool,
    /// The last street dealt (`None`: any).
    pub street: Option<Street>,
    /// The hero's result.
    pub result: ResultFilter,
}

/// A hand's figures for the hero.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeroFigures {
    /// The hero's index among the hand's players, if dealt in.
    pub player: Option<usize>,
    /// Its position.
    pub position: Option<&'static str>,
    /// Its result, when known.
    pub result: Option<Chips>,
    /// Its expected result, when in an all-in counted.
    pub expected: Option<f64>,
}

/// `report`'s figures for the player named `hero`.
pub fn hero_figures(report: &HandReport, hero: &str) -> HeroFigures {
    let player = report.hand.player_named(hero);
    let Some(p) = player else {
        return HeroFigures {
            player: None,
            position: None,
            result: None,
            expected: None,
        };
    };
    let in_all_in = report
        .all_in
        .as_ref()
        .is_some_and(|a| a.players.iter().any(|x| x.player == p));
    HeroFigures {
        player,
        position: report.hand.positions().get(p).copied(),
        result: report.results().map(|r| r[p]),
        expected: in_all_in
            .then(|| report.expected_results().map(|e| e[p]))
            .flatten(),
    }
}

/// The last street dealt in `report`.
pub fn street_reached(report: &HandReport) -> Street {
    Street::of_board(report.hand.board().len())
}

/// The site and hand number, e.g. `PokerStars #1234`.
pub fn hand_label(report: &HandReport) -> String {
    let hand = &report.hand;
    match (&hand.site, &hand.id) {
        (Some(site), Some(id)) => format!("{site} #{id}"),
        (None, Some(id)) => format!("#{id}"),
        (Some(site), None) => site.clone(),
        (None, None) => "hand".to_owned(),
    }
}

/// When the hand was played, as the history says it.
pub fn time_text(report: &HandReport) -> String {
    let t = &report.hand.time;
    let mut parts = Vec::new();
    if let (Some(y), Some(m), Some(d)) = (t.year, t.month, t.day) {
        parts.push(format!("{y:04}-{m:02}-{d:02}"));
    }
    parts.extend(t.clock.iter().cloned());
    parts.join(" ")
}

/// The blinds, e.g. `$5/$10`.
pub fn stakes_text(report: &HandReport) -> String {
    let hand = &report.hand;
    let unit = hand.currency.as_deref().unwrap_or("");
    let small = hand
        .players
        .iter()
        .map(|p| p.blind)
        .filter(|&b| b > Chips::ZERO && b < hand.min_bet)
        .min();
    match small {
        Some(small) => format!("{unit}{small}/{unit}{}", hand.min_bet),
        None => format!("{unit}{}", hand.min_bet),
    }
}

/// Whether `report` (whose hero figures are `hero`) passes `filter`.
pub fn passes(report: &HandReport, hero: &HeroFigures, filter: &Filter) -> bool {
    let player = filter.player.trim().to_lowercase();
    if !player.is_empty()
        && !report
            .hand
            .players
            .iter()
            .any(|p| p.name.to_lowercase().contains(&player))
    {
        return false;
    }
    if filter.position.is_some() && hero.position != filter.position {
        return false;
    }
    if filter.all_in && report.all_in.is_none() {
        return false;
    }
    if filter.street.is_some_and(|s| s != street_reached(report)) {
        return false;
    }
    match filter.result {
        ResultFilter::Any => true,
        ResultFilter::Won => hero.result.is_some_and(|r| r > Chips::ZERO),
        ResultFilter::Lost => hero.result.is_some_and(|r| r < Chips::ZERO),
    }
}

/// The hands of `reports` that pass `filter` for `hero`, sorted by `sort`
/// (the column, and whether descending); ties keep the order read.
pub fn shown(
    reports: &[HandReport],
    hero: &str,
    filter: &Filter,
    sort: (SortBy, bool),
) -> Vec<usize> {
    let figures: Vec<HeroFigures> = reports.iter().map(|r| hero_figures(r, hero)).collect();
    let mut shown: Vec<usize> = (0..reports.len())
        .filter(|&i| passes(&reports[i], &figures[i], filter))
        .collect();
    let (by, descending) = sort;
    shown.sort_by(|&a, &b| {
        let order = compare(by, (&reports[a], &figures[a]), (&reports[b], &figures[b]));
        let order = if descending { order.reverse() } else { order };
        order.then(a.cmp(&b))
    });
    shown
}

/// Two hands in the order of column `by` (ascending).
fn compare(by: SortBy, a: (&HandReport, &HeroFigures), b: (&HandReport, &HeroFigures)) -> Ordering {
    let float = |x: Option<f64>, y: Option<f64>| {
        x.unwrap_or(f64::NEG_INFINITY)
            .total_cmp(&y.unwrap_or(f64::NEG_INFINITY))
    };
    match by {
        SortBy::Hand => Ordering::Equal,
        SortBy::Time => time_text(a.0).cmp(&time_text(b.0)),
        SortBy::Stakes => a.0.hand.min_bet.cmp(&b.0.hand.min_bet),
        SortBy::Position => a.1.player.cmp(&b.1.player),
        SortBy::Street => street_reached(a.0).cmp(&street_reached(b.0)),
        SortBy::AllIn => {
            let street = |r: &HandReport| r.all_in.as_ref().map(|x| x.street);
            street(a.0).cmp(&street(b.0))
        }
        SortBy::Result => a.1.result.cmp(&b.1.result),
        SortBy::Expected => float(a.1.expected, b.1.expected),
    }
}

/// Adds to `known` (per player, the hands whose hole cards are known)
/// those of `reports`: kept as hands come in, so each is counted once.
pub fn count_known(known: &mut BTreeMap<String, usize>, reports: &[HandReport]) {
    for report in reports {
        for (p, player) in report.hand.players.iter().enumerate() {
            if report.hand.hole(p).is_some() {
                *known.entry(player.name.clone()).or_default() += 1;
            }
        }
    }
}

/// The hero to start with: the player whose hole cards are known in the
/// most hands (`known`, see [`count_known`]; the `Dealt to` name of a
/// PokerStars history), the first by name on a tie; empty when no cards
/// are known.
pub fn likely_hero(known: &BTreeMap<String, usize>) -> String {
    let best = known.values().copied().max().unwrap_or(0);
    known
        .iter()
        .find(|&(_, &n)| n == best && n > 0)
        .map(|(name, _)| name.clone())
        .unwrap_or_default()
}
