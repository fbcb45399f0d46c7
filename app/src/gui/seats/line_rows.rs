//! The line in the seats panel: the street bar (Preflop · Flop · Turn ·
//! River) with the reach frequency, and under each seat's range its
//! continue rule on the street shown, with the share that continues.

use egui::RichText;
use engine::line::Street;

use super::marked_text::{error_note_ui, marked_layouter};
use super::status_text::status_text_ui;
use crate::gui::state::feed::Feed;
use crate::gui::state::line::{StreetView, rule_message};
use crate::gui::state::reads::counting;
use crate::gui::state::scenario::SeatMode;
use crate::gui::state::session::{SeatAction, Session};

/// The street bar: which street the seats, bars, grid and analysis show
/// (a street the board has not reached is greyed), and how often every
/// seat gets there when the line has rules.
pub fn street_bar_ui(
    ui: &mut egui::Ui,
    session: &Session,
    feed: &Feed,
    actions: &mut Vec<SeatAction>,
) {
    let shown = session.view();
    let reached = StreetView::of_board(session.board().len());
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        for view in StreetView::ALL {
            let help = if view <= reached {
                match view.street() {
                    None => "The ranges as given, before any board card".to_owned(),
                    Some(street) => format!(
                        "The {street}: its board cards, each seat's {street} rule and the earlier ones applied"
                    ),
                }
            } else {
                format!("Deal the {} first", view.label().to_lowercase())
            };
            let response = ui
                .add_enabled(
                    view <= reached,
                    egui::Button::selectable(view == shown, view.label()),
                )
                .on_hover_text(help)
                .on_disabled_hover_text(format!("Deal the {} first", view.label().to_lowercase()));
            if response.clicked() {
                actions.push(SeatAction::View(view));
            }
        }
    });
    // One line, always (truncated; whole on hover), so the seats under
    // it never move when a line's figures come or go.
    let street = shown.label().to_lowercase();
    let (status, help) = if let Some(error) = feed.line_failure() {
        let color = ui.visuals().error_fg_color;
        (
            RichText::new(error.to_string()).color(color),
            error.to_string(),
        )
    } else if let Some(line) = feed.line() {
        let note = if rules_in_error(session) {
            " · counting the rules in error as far as they read"
        } else {
            ""
        };
        (
            RichText::new(format!("Reach {:.1}%{note}", 100.0 * line.reach)),
            format!(
                "How often every seat gets to the {street} with these rules: the share of the deals the board allows in which every rule so far keeps every seat's hand"
            ),
        )
    } else if shown == StreetView::Preflop {
        (RichText::new("the ranges as given").weak(), String::new())
    } else {
        (
            RichText::new("no rules: every deal gets here").weak(),
            "Type a seat's continue rule under its range, or use a board row's Continue with / Drop".to_owned(),
        )
    };
    let response = ui.add(egui::Label::new(status).truncate());
    if !help.is_empty() {
        response.on_hover_text(help);
    }
    cards_counted_ui(ui, session);
}

/// While the board or the dead-cards text is in error: what every figure
/// counts meanwhile, whole (the message at the box says why).
fn cards_counted_ui(ui: &mut egui::Ui, session: &Session) {
    let fields = [
        ("board", session.board_counted(), "no board card"),
        ("dead cards", session.dead_counted(), "no dead card"),
    ];
    for (what, counted, nothing) in fields {
        if let Some(counted) = counted {
            ui.add(
                egui::Label::new(
                    RichText::new(format!(
                        "The {what} text has an error: the figures are {}",
                        counting(counted, nothing)
                    ))
                    .color(ui.visuals().warn_fg_color),
                )
                .wrap_mode(egui::TextWrapMode::Wrap),
            );
        }
    }
}

/// Whether an active seat's rule on the street shown, or an earlier
/// one, is in error (the reach then counts its part before the error).
fn rules_in_error(session: &Session) -> bool {
    let Some(shown) = session.view().street() else {
        return false;
    };
    session.seats().iter().any(|seat| {
        seat.mode == SeatMode::Active
            && Street::ALL
                .iter()
                .any(|&street| street <= shown && seat.line.error(street).is_some())
    })
}

/// Seat `index`'s continue rule on the street shown (none preflop, nor
/// for a seat out of the pot), edited in place with any error marked at
/// its term, and how much of the range continues.
pub fn rule_ui(
    ui: &mut egui::Ui,
    session: &Session,
    feed: &Feed,
    index: usize,
    actions: &mut Vec<SeatAction>,
) {
    let Some(street) = session.view().street() else {
        return;
    };
    let seat = &session.seats()[index];
    if seat.mode != SeatMode::Active {
        return;
    }
    let label = ui
        .weak(format!("{} on the {street}:", seat.name))
        .on_hover_text(rule_help(street));
    let mut text = seat.line.text(street).to_owned();
    let mut layouter = marked_layouter(|text| {
        (!text.trim().is_empty())
            .then(|| engine::line::ContinueRule::parse(text).err())
            .flatten()
            .map(|e| (e.offset, e.token.len()))
    });
    let response = ui
        .add(
            egui::TextEdit::singleline(&mut text)
                .id_salt(("rule", index, street))
                .hint_text(RichText::new("all continue, e.g. pair+, flush-draw").italics())
                .desired_width(f32::INFINITY)
                .layouter(&mut layouter),
        )
        .labelled_by(label.id)
        .on_hover_text(rule_help(street));
    if response.gained_focus() {
        actions.push(SeatAction::Select(index));
    }
    // The message shown is the text's as typed, this frame's edit included.
    let message = if response.changed() {
        let message = rule_message(&text);
        actions.push(SeatAction::Rule(index, street, text));
        message
    } else {
        seat.line.error_message(street)
    };
    if let Some(message) = message {
        error_note_ui(ui, message);
    }
    // The figures on two lines, always: nothing under them moves when
    // they come. While the text is in error, they say what
    // they count.
    let mut status = if let Some(failure) = feed.seat_line_failure(index) {
        RichText::new(failure).color(ui.visuals().error_fg_color)
    } else if let Some((entering, continuing, Some(share))) = feed.seat_line(index) {
        let out = session.view_out();
        RichText::new(format!(
            "continues with {:.1}% ({:.1} of {:.1} combos)",
            100.0 * share,
            continuing.combos_given(out),
            entering.combos_given(out)
        ))
    } else if seat.line.rule(street).is_some() {
        RichText::new("counting what continues…").weak()
    } else {
        RichText::new(format!("the whole range continues on the {street}")).weak()
    };
    if let Some(counted) = seat.line.counted(street) {
        status = RichText::new(format!(
            "{} · {}",
            counting(counted, "no rule"),
            status.text()
        ))
        .color(ui.visuals().warn_fg_color);
    }
    let full = status.text().to_owned();
    status_text_ui(ui, status, full);
}

/// What a rule is, for tooltips.
fn rule_help(street: Street) -> String {
    format!(
        "What this seat continues with on the {street} (empty: its whole range). Terms, comma separated: \
         made hands (two-pair, top-pair, overpair, pair; + for \"or better\"), draws (flush-draw, \
         nut-flush-draw, oesd, gutshot, backdoor-flush, overcards), equity>=55%, top 40%, hands (AK, AhKh); \
         :0.5 weights a term, -underpair drops it. The rule applies on any {street} card."
    )
}
