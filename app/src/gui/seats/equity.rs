//! A seat's equity under its range: the number in large type, the win
//! and tie bar with its progress line, how the number was found, or why
//! there is none, with the combos left after card removal. Rows keep
//! their height whatever the state, so nothing under the pointer moves
//! when numbers arrive.

use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2};
use engine::equity::{EquityResult, SeatEquity};

use super::status_text::status_text_ui;
use crate::gui::state::feed::Feed;
use crate::gui::state::reads::counting;
use crate::gui::state::scenario::SeatMode;
use crate::gui::state::session::Session;
use crate::gui::wording::{combos_label, method_text};

/// Equity bar height in points.
const BAR_HEIGHT: f32 = 12.0;

/// The seat's equity: a large number, the bar, win and tie, and how the
/// number was found (exact only once finished); or what stops it, at
/// this seat; with the combo count after card removal.
pub fn seat_bar_ui(ui: &mut egui::Ui, session: &Session, feed: &Feed, index: usize) {
    let seat = &session.seats()[index];
    let blocked = session.blocked_for(index);
    let live = seat.range.combos_given(blocked);
    let combos = format!(
        "{} ({:.1}%)",
        combos_label(live),
        seat.range.percent_given(blocked)
    );
    let combos_help = "Weighted combos left after removing the board, the dead cards and \
                       other seats' exact hands, and their share of all 1326 hands";
    match seat.mode {
        SeatMode::Active => {}
        SeatMode::Folded => {
            ui.weak(format!("{combos} · folded: removes cards, no equity"))
                .on_hover_text(combos_help);
            return;
        }
        SeatMode::Absent => {
            ui.weak("absent: not in the hand");
            return;
        }
    }
    if let Some(why) = feed.seat_failure(index) {
        ui.colored_label(ui.visuals().error_fg_color, format!("{}: {why}", seat.name));
        ui.weak(combos).on_hover_text(combos_help);
        return;
    }
    let shown = feed
        .shown_result()
        .zip(feed.shown_seat_equity(index))
        .map(|((result, stale), figures)| (result, stale, figures));
    equity_row_ui(ui, shown);
    let status = match shown {
        Some((_, true, _)) => String::new(),
        Some((result, false, _)) => method_text(result),
        None if feed.pending() => "computing…".to_owned(),
        None => String::new(),
    };
    let mut text = if status.is_empty() {
        combos
    } else {
        format!("{combos} · {status}")
    };
    // While the range text is in error, the figures say what they count.
    if seat.error.is_some() {
        text = format!("{} · {text}", counting(&seat.counted, "no hand"));
    }
    // Two lines whatever the state, so rows below never move when the
    // numbers arrive.
    let hover = format!("{text}\n\n{combos_help}");
    status_text_ui(ui, egui::RichText::new(text).weak(), hover);
}

/// The equity in large type, the bar (win share, then tie share) with a
/// progress line while running, and win, tie and the badge under it:
/// "exact" only for a finished exact count, else the progress or the
/// standard error in percentage points. An earlier spot's numbers
/// (`stale`) and unfinished exact counts are dimmed.
fn equity_row_ui(ui: &mut egui::Ui, shown: Option<(&EquityResult, bool, &SeatEquity)>) {
    let text_color = ui.visuals().text_color();
    let weak = ui.visuals().weak_text_color();
    let Some((result, stale, f)) = shown else {
        // The same two lines as with numbers, so the row keeps its height
        // when they arrive (nothing under the pointer moves).
        ui.horizontal(|ui| {
            ui.add_sized(
                Vec2::new(EQUITY_WIDTH, EQUITY_SIZE + 4.0),
                egui::Label::new(egui::RichText::new("—").size(EQUITY_SIZE).color(weak)),
            );
            bar_ui(ui, None, None);
        });
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 10.0;
            ui.weak("win —");
            ui.weak("tie —");
        });
        return;
    };
    let exact = result.method.is_exact() && result.finished && !stale;
    let provisional = stale || !result.finished;
    let color = if provisional { weak } else { text_color };
    ui.horizontal(|ui| {
        let number = ui
            .add_sized(
                Vec2::new(EQUITY_WIDTH, EQUITY_SIZE + 4.0),
                egui::Label::new(
                    egui::RichText::new(format!("{:.2}%", 100.0 * f.equity))
                        .size(EQUITY_SIZE)
                        .strong()
                        .color(color),
                ),
            )
            .on_hover_text(figures_help(f, exact));
        number.widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::Role::Label,
                true,
                format!("equity {:.2}%", 100.0 * f.equity),
            )
        });
        let progress = (!stale && !result.finished).then_some(result.progress);
        bar_ui(ui, Some(f), progress);
    });
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 10.0;
        // Each figure whole on a line: a narrow panel moves it down rather
        // than splitting "± 0.02 pp".
        let figure = |text: String, color: Color32| {
            egui::Label::new(egui::RichText::new(text).color(color))
                .wrap_mode(egui::TextWrapMode::Extend)
        };
        ui.add(figure(format!("win {:.2}%", 100.0 * f.win), color));
        ui.add(figure(format!("tie {:.2}%", 100.0 * f.tie), color));
        let (badge, badge_color) = if stale {
            ("last spot".to_owned(), weak)
        } else if exact {
            ("exact".to_owned(), WIN)
        } else if result.method.is_exact() {
            (format!("exact in {:.0}%", 100.0 * result.progress), AMBER)
        } else {
            (format!("± {:.2} pp", 100.0 * f.std_error), AMBER)
        };
        ui.add(
            egui::Label::new(egui::RichText::new(badge).color(badge_color).strong())
                .wrap_mode(egui::TextWrapMode::Extend),
        )
        .on_hover_text(if exact {
            "Every deal counted: the figures are exact"
        } else if stale {
            "The numbers of the spot before your last edit"
        } else if result.method.is_exact() {
            "Counting every deal; the figures so far are partial"
        } else {
            "Estimated from random deals: ± one standard error, in percentage points"
        });
    });
}

/// The equity bar: win share then tie share, and a progress line along
/// its bottom edge while `progress` is given.
fn bar_ui(ui: &mut egui::Ui, figures: Option<&SeatEquity>, progress: Option<f64>) {
    let width = ui.available_width().max(60.0);
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, BAR_HEIGHT), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, ui.visuals().extreme_bg_color);
    let Some(f) = figures else {
        return;
    };
    let win = rect.width() * f.win as f32;
    let tie = rect.width() * (f.equity - f.win).max(0.0) as f32;
    let win_rect = Rect::from_min_size(rect.min, Vec2::new(win, rect.height()));
    let tie_rect = Rect::from_min_size(
        rect.min + Vec2::new(win, 0.0),
        Vec2::new(tie, rect.height()),
    );
    painter.rect_filled(win_rect, 3.0, WIN);
    painter.rect_filled(tie_rect, 0.0, TIE);
    if let Some(progress) = progress {
        let y = rect.max.y - 1.5;
        let x = rect.min.x + rect.width() * progress.clamp(0.0, 1.0) as f32;
        painter.line_segment(
            [Pos2::new(rect.min.x, y), Pos2::new(x, y)],
            Stroke::new(2.0, AMBER),
        );
    }
}

/// The tooltip of the equity number: every figure to four decimals.
fn figures_help(f: &SeatEquity, exact: bool) -> String {
    if exact {
        format!(
            "equity {:.4}% (green: won alone {:.4}%; blue: share of tied pots, tying {:.4}% of \
             deals); exact",
            100.0 * f.equity,
            100.0 * f.win,
            100.0 * f.tie,
        )
    } else {
        format!(
            "equity {:.4}% ± {:.4} (green: won alone {:.4}% ± {:.4}; blue: share of tied pots, \
             tying {:.4}% ± {:.4} of deals); ± one standard error, in percentage points",
            100.0 * f.equity,
            100.0 * f.std_error,
            100.0 * f.win,
            100.0 * f.win_std_error,
            100.0 * f.tie,
            100.0 * f.tie_std_error,
        )
    }
}

/// The equity number's type size.
const EQUITY_SIZE: f32 = 20.0;
/// The width kept for the equity number.
const EQUITY_WIDTH: f32 = 80.0;
/// Progress and estimates.
const AMBER: Color32 = Color32::from_rgb(200, 140, 40);

/// The win part of a bar.
const WIN: Color32 = Color32::from_rgb(46, 139, 87);
/// The tie part of a bar.
const TIE: Color32 = Color32::from_rgb(70, 110, 170);
