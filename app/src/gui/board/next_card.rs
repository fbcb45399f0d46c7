//! The next-card strip under the board: on a flop or a turn (the street
//! shown), every card that can come next, framed in the colour of the
//! selected seat's equity once it has come (exact, or sampled where exact
//! would not fit `next`'s budget, which the label says), each card's
//! chance and every seat's figures on hover (equity, its share of two pair
//! or better and of combos at 75% equity or more; on a line, the reach
//! with the card and each seat's continue share on it); a click deals it.
//! Computed on a named background thread (`rangestove-next`, an
//! [`engine::worker::Runner`]: newest job wins), so the UI thread never
//! counts. While a spot is counted the strip keeps its height (the deck
//! drawn greyed), so nothing under it moves when the figures arrive.

use egui::{Color32, Stroke, StrokeKind};
use engine::line::{Street, StreetRule};
use engine::study::{NextCard, NextCardReport, next_cards, next_cards_on_line};
use engine::worker::Job;
use engine::{Card, equity::EquityRequest};

use crate::gui::cards::{deck_rows_ui, small_card_ui};
use crate::gui::editor::grid::heat_color;
use crate::gui::state::background::{Answers, Background};
use crate::gui::state::session::Session;

/// Points of equity a card must move the seat by for the full red or green.
const SWING_PP: f64 = 5.0;

/// What the strip is computed for: the spot's request on the street shown
/// (a flop or turn) and the line's rules through the next street.
#[derive(Clone, Debug, PartialEq)]
pub struct NextJob {
    request: EquityRequest,
    rules: Vec<StreetRule>,
}

impl NextJob {
    /// The job for `session`, when the street shown is a flop or a turn.
    fn new(session: &Session) -> Option<NextJob> {
        let board = session.view_board();
        if !matches!(board.len(), 3 | 4) {
            return None;
        }
        let (mut request, indices) = session.request_with_seats(false);
        request.board = board.to_vec();
        request.preview = false;
        let next = Street::ALL
            .into_iter()
            .find(|s| s.cards() == board.len() + 1);
        let rules = session.line_rules_through(&indices, next);
        Some(NextJob { request, rules })
    }

    /// Computes the report and sends it, unless a newer job came first.
    fn run(self, job: &Job<'_, NextFigures>) {
        let stale = || job.is_stale();
        let report = if self.rules.is_empty() {
            next_cards(&self.request, &stale).map_err(|e| e.to_string())
        } else {
            next_cards_on_line(&self.request, &self.rules, &stale).map_err(|e| e.to_string())
        };
        job.send(NextFigures { job: self, report });
    }
}

/// The report of one job.
#[derive(Clone, Debug, PartialEq)]
pub struct NextFigures {
    job: NextJob,
    /// Every card that can come, or why the spot cannot be counted.
    pub report: Result<NextCardReport, String>,
}

/// The strip kept between frames.
pub struct NextState(Background<NextJob, NextFigures>);

impl Default for NextState {
    fn default() -> NextState {
        NextState(Background::new("rangestove-next", NextJob::run))
    }
}

impl Answers<NextJob> for NextFigures {
    fn job(&self) -> &NextJob {
        &self.job
    }
}

impl NextState {
    /// Submits the job for `session` when it changed and takes in its
    /// figures; `ctx` is repainted when they arrive.
    pub fn update(&mut self, session: &Session, ctx: &egui::Context) {
        self.0.update(NextJob::new(session), ctx);
    }

    /// The figures once computed for the current spot.
    pub fn figures(&self) -> Option<&NextFigures> {
        self.0.figures()
    }
}

/// The strip, on a flop or a turn; a click deals the card.
pub fn next_card_ui(ui: &mut egui::Ui, state: &mut NextState, session: &mut Session) {
    state.update(session, ui.ctx());
    if !matches!(session.view_board().len(), 3 | 4) {
        return;
    }
    let street = if session.view_board().len() == 3 {
        "turn"
    } else {
        "river"
    };
    let Some(report) = report_ui(ui, state, street) else {
        return;
    };
    let lined = !state.figures().is_some_and(|f| f.job.rules.is_empty());
    let (_, indices) = session.request_with_seats(false);
    let names = |request_seat: usize| seat_name(session, &indices, request_seat);
    let colouring = Colouring::new(report, &indices, session.selected());
    let how = if report.strategy.is_exact() {
        "exact"
    } else {
        "sampled"
    };
    let colour_name = colouring.name_seat.map_or_else(String::new, names);
    heading_ui(ui, &colour_name, street, how);
    let clicked = deck_rows_ui(ui, |ui, card, size| {
        let row = report.cards.iter().find(|c| c.card == card);
        let (rect, response, painter) =
            small_card_ui(ui, card, size, row.is_some(), &format!("next {card}"));
        let Some(row) = row else {
            painter.rect_filled(rect, 4.0, Color32::from_black_alpha(170));
            return false;
        };
        if let Some(colour) = colouring.frame(row) {
            painter.rect_stroke(rect, 4.0, Stroke::new(3.0, colour), StrokeKind::Inside);
        }
        let text = hover_text(row, &colouring.now, lined, &names);
        response.on_hover_text(text).clicked()
    });
    if let Some(card) = clicked {
        deal(session, card);
    }
}

/// The report once computed; until then, or when the spot cannot be
/// counted, a one-line label and the greyed deck (nothing under the strip
/// moves).
fn report_ui<'a>(
    ui: &mut egui::Ui,
    state: &'a NextState,
    street: &str,
) -> Option<&'a NextCardReport> {
    match state.figures().map(|f| &f.report) {
        None => {
            // One line, as the strip's label: nothing under it moves.
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("Next card: counting every {street}…")).weak(),
                )
                .truncate(),
            );
            greyed_deck_ui(ui);
            None
        }
        Some(Err(e)) => {
            let warn = ui.visuals().warn_fg_color;
            ui.add(
                egui::Label::new(egui::RichText::new(format!("Next card: {e}")).color(warn))
                    .truncate(),
            )
            .on_hover_text(e.as_str());
            greyed_deck_ui(ui);
            None
        }
        Some(Ok(report)) => Some(report),
    }
}

/// The name of the seat behind request seat `request_seat` (`indices`:
/// each request seat's seat), or nothing.
fn seat_name(session: &Session, indices: &[usize], request_seat: usize) -> String {
    indices
        .get(request_seat)
        .and_then(|&i| session.seats().get(i))
        .map_or_else(String::new, |s| s.name.clone())
}

/// Which seat frames the cards, and each seat's equity now.
struct Colouring {
    /// The report's seat whose equity colours the frames: the selected
    /// seat when it is active, else the first.
    seat: usize,
    /// That seat's request seat, for its name (none without cards).
    name_seat: Option<usize>,
    /// Each report seat's equity now: the frequency-weighted mean over
    /// the cards.
    now: Vec<f64>,
}

impl Colouring {
    /// The colouring of `report` (`indices`: each request seat's seat)
    /// for the `selected` seat.
    fn new(report: &NextCardReport, indices: &[usize], selected: usize) -> Colouring {
        // Coloured by the selected seat when it is active, else the first.
        let seat = report
            .cards
            .first()
            .and_then(|c| {
                c.seats
                    .iter()
                    .position(|s| indices.get(s.figures.seat) == Some(&selected))
            })
            .unwrap_or(0);
        let name_seat = report
            .cards
            .first()
            .and_then(|c| c.seats.get(seat))
            .map(|s| s.figures.seat);
        // The seat's equity now: the frequency-weighted mean over the cards.
        let now: Vec<f64> = (0..report.cards.first().map_or(0, |c| c.seats.len()))
            .map(|i| {
                (report.cards.iter())
                    .map(|c| c.frequency * c.seats.get(i).map_or(0.0, |s| s.figures.equity))
                    .sum()
            })
            .collect();
        Colouring {
            seat,
            name_seat,
            now,
        }
    }

    /// The frame of `row`'s card: red to green as it moves the seat's
    /// equity down or up.
    fn frame(&self, row: &NextCard) -> Option<Color32> {
        let s = &row.seats.get(self.seat)?.figures;
        let change = s.equity - self.now.get(self.seat).copied().unwrap_or(s.equity);
        Some(heat_color((0.5 + 0.5 * change * 100.0 / SWING_PP) as f32))
    }
}

/// The strip's label: whose equity the frames show, on which street, and
/// how it was counted.
fn heading_ui(ui: &mut egui::Ui, colour_name: &str, street: &str, how: &str) {
    ui.add(
        egui::Label::new(format!(
            "Next card: {colour_name}'s equity by {street}, {how} (green up, red down)"
        ))
        .truncate(),
    )
    .on_hover_text(format!(
        "Every card that can come next, framed by how the selected seat's {how} \
         equity moves with it: red {SWING_PP:.0} points or more below its equity \
         now, amber unchanged, green {SWING_PP:.0} points or more above. Hover a card \
         for its chance and every seat's figures; click it to deal it."
    ));
}

/// A card's hover: its chance and tags, the reach with it on a line
/// (`lined`), and every seat's figures against its equity `now`.
fn hover_text(
    row: &NextCard,
    now: &[f64],
    lined: bool,
    names: &impl Fn(usize) -> String,
) -> String {
    let card = row.card;
    let tags: Vec<String> = row.tags.iter().map(ToString::to_string).collect();
    let mut text = format!(
        "{card}: {:.2}% to come ({})",
        100.0 * row.frequency,
        tags.join(", ")
    );
    if lined {
        text.push_str(&format!("\nreach with it {:.1}%", 100.0 * row.reach));
    }
    for (i, seat) in row.seats.iter().enumerate() {
        let s = &seat.figures;
        let change = 100.0 * (s.equity - now.get(i).copied().unwrap_or(s.equity));
        text.push_str(&format!(
            "\n{}: {:.2}% ({change:+.2}); two pair+ {:.0}%, at 75%+ {:.0}%",
            names(s.seat),
            100.0 * s.equity,
            100.0 * seat.nut_share,
            100.0 * seat.buckets[0],
        ));
        if let Some(share) = seat.continue_share {
            text.push_str(&format!("; continues {:.0}%", 100.0 * share));
        }
    }
    text.push_str("\nclick: deal it");
    text
}

/// The deck greyed, in the strip's place while it is counted (or cannot
/// be), so the panel keeps its height.
fn greyed_deck_ui(ui: &mut egui::Ui) {
    deck_rows_ui(ui, |ui, card, size| {
        let (rect, _, painter) = small_card_ui(ui, card, size, false, &format!("next {card}"));
        painter.rect_filled(rect, 4.0, Color32::from_black_alpha(170));
        false
    });
}

/// Puts `card` on the board after the street shown.
fn deal(session: &mut Session, card: Card) {
    let mut board = session.view_board().to_vec();
    board.push(card);
    session.set_board(board);
}
