//! The seats panel: one compact row per seat (name, mode, range text,
//! combos after card removal, a 13×13 thumbnail, the equity bar), and
//! buttons to add, remove and reorder seats. The panel only reads the
//! session: what the user asks for comes back as [`SeatAction`]s.

use egui::{Color32, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};
use engine::equity::{EquityResult, SeatEquity};
use engine::{HandClass, Range};

use super::feed::{Feed, method_text};
use super::hand_picker;
use super::scenario::{SeatMode, SeatState};
use super::session::{MAX_SEATS, SeatAction, Session};

/// Thumbnail side in points.
const THUMB: f32 = 58.0;
/// Equity bar height in points.
const BAR_HEIGHT: f32 = 12.0;

/// The seats panel: the seats of `session` with their figures from `feed`.
/// Returns what the user asked for, for the app to apply after drawing.
pub fn seats_ui(ui: &mut egui::Ui, session: &Session, feed: &Feed) -> Vec<SeatAction> {
    let mut actions = Vec::new();
    ui.horizontal(|ui| {
        ui.heading("Seats");
        if ui
            .add_enabled(
                session.seats().len() < MAX_SEATS,
                egui::Button::new("Add seat"),
            )
            .on_hover_text(format!("Add a seat holding any hand (up to {MAX_SEATS})"))
            .clicked()
        {
            actions.push(SeatAction::Add);
        }
    });
    egui::ScrollArea::vertical()
        .id_salt("seats")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for index in 0..session.seats().len() {
                seat_row_ui(ui, session, feed, index, &mut actions);
            }
        });
    hand_picker::picker_window_ui(ui, session, &mut actions);
    actions
}

/// One seat's row: thumbnail on the left; name, mode and buttons, the
/// range text, and the equity bar on the right.
fn seat_row_ui(
    ui: &mut egui::Ui,
    session: &Session,
    feed: &Feed,
    index: usize,
    actions: &mut Vec<SeatAction>,
) {
    let stroke = if session.selected() == index {
        ui.visuals().selection.stroke
    } else {
        ui.visuals().widgets.noninteractive.bg_stroke
    };
    egui::Frame::group(ui.style())
        .stroke(stroke)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    let seat = &session.seats()[index];
                    // A seat holding one hand shows its two cards.
                    let thumb = match seat.exact_hand() {
                        Some(hand) => hand_picker::hand_face_ui(ui, hand, THUMB),
                        None => thumbnail_ui(ui, &seat.range),
                    };
                    if thumb
                        .on_hover_text("Edit this seat's range on the grid")
                        .clicked()
                    {
                        actions.push(SeatAction::Select(index));
                    }
                    hand_picker::pick_button_ui(ui, index);
                });
                ui.vertical(|ui| {
                    let name_id = seat_header_ui(ui, session, index, actions);
                    seat_text_ui(ui, &session.seats()[index], index, name_id, actions);
                    seat_bar_ui(ui, session, feed, index);
                });
            });
        });
}

/// Name, mode, reorder and remove; returns the name label's id.
fn seat_header_ui(
    ui: &mut egui::Ui,
    session: &Session,
    index: usize,
    actions: &mut Vec<SeatAction>,
) -> egui::Id {
    let count = session.seats().len();
    let seat = &session.seats()[index];
    ui.horizontal_wrapped(|ui| {
        let name = ui
            .selectable_label(session.selected() == index, &seat.name)
            .on_hover_text("Edit this seat's range on the grid");
        if name.clicked() {
            actions.push(SeatAction::Select(index));
        }
        let mut mode = seat.mode;
        egui::ComboBox::from_id_salt(("mode", index))
            .width(64.0)
            .selected_text(mode.label())
            .show_ui(ui, |ui| {
                for m in SeatMode::ALL {
                    ui.selectable_value(&mut mode, m, m.label())
                        .on_hover_text(m.help());
                }
            })
            .response
            .on_hover_text(mode.help());
        if mode != seat.mode {
            actions.push(SeatAction::Mode(index, mode));
        }
        // Inline after the mode (wrapping to a second line in a narrow
        // panel rather than overlapping it).
        if ui
            .add_enabled(index > 0, egui::Button::new("⏶").small())
            .on_hover_text("Move this seat up")
            .clicked()
        {
            actions.push(SeatAction::Swap(index, index - 1));
        }
        if ui
            .add_enabled(index + 1 < count, egui::Button::new("⏷").small())
            .on_hover_text("Move this seat down")
            .clicked()
        {
            actions.push(SeatAction::Swap(index, index + 1));
        }
        if count > 2
            && ui
                .small_button("🗑")
                .on_hover_text("Remove this seat")
                .clicked()
        {
            actions.push(SeatAction::Remove(index));
        }
        name.id
    })
    .inner
}

/// The range text box (wrapping, so a long range shows whole), and its
/// parse error under it.
fn seat_text_ui(
    ui: &mut egui::Ui,
    seat: &SeatState,
    index: usize,
    label: egui::Id,
    actions: &mut Vec<SeatAction>,
) {
    let mut text = seat.text.clone();
    let mut layouter = |ui: &egui::Ui, buffer: &dyn egui::TextBuffer, wrap_width: f32| {
        let mut job = error_job(ui, buffer.as_str());
        job.wrap.max_width = wrap_width;
        ui.fonts_mut(|f| f.layout_job(job))
    };
    let response = ui
        .add(
            egui::TextEdit::multiline(&mut text)
                .id_salt(("range", index))
                .hint_text(egui::RichText::new("e.g. QQ+, AKs, [50]AJs[/50], 15%").italics())
                .desired_rows(1)
                .desired_width(f32::INFINITY)
                .layouter(&mut layouter),
        )
        .labelled_by(label);
    if response.gained_focus() {
        actions.push(SeatAction::Select(index));
    }
    // The error shown is the text's as typed, this frame's edit included.
    let error = if response.changed() {
        let error = Range::parse(&text).err();
        actions.push(SeatAction::Text(index, text));
        error
    } else {
        seat.error.clone()
    };
    if let Some(error) = error {
        ui.colored_label(ui.visuals().error_fg_color, error.to_string());
    }
}

/// The seat's equity: a large number, the bar, win and tie, and how the
/// number was found (exact only once finished); or what stops it, at
/// this seat; with the combo count after card removal.
fn seat_bar_ui(ui: &mut egui::Ui, session: &Session, feed: &Feed, index: usize) {
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
    if let Some((_, why)) = feed.seat_failure().filter(|&(seat, _)| seat == index) {
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
    let text = if status.is_empty() {
        combos
    } else {
        format!("{combos} · {status}")
    };
    // One line whatever the state (truncated, the whole text on hover), so
    // rows below never move when the numbers arrive.
    ui.add(
        egui::Label::new(egui::RichText::new(&text).weak()).wrap_mode(egui::TextWrapMode::Truncate),
    )
    .on_hover_text(format!("{text}\n\n{combos_help}"));
}

/// A weighted combo count with its noun: "22 combos", "1 combo",
/// "12.50 combos" (whole numbers without decimals).
pub(super) fn combos_label(x: f64) -> String {
    if (x - 1.0).abs() < 1e-9 {
        "1 combo".to_owned()
    } else if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0} combos")
    } else {
        format!("{x:.2} combos")
    }
}

/// Range text laid out with its bad token, if any, in the error colour and
/// underlined: the parse error shows at the token itself.
fn error_job(ui: &egui::Ui, text: &str) -> egui::text::LayoutJob {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let normal = egui::TextFormat::simple(font.clone(), ui.visuals().text_color());
    let mut job = egui::text::LayoutJob::default();
    let bad = Range::parse(text).err().map(|e| {
        let start = floor_boundary(text, e.offset.min(text.len()));
        let end = floor_boundary(text, (e.offset + e.token.len().max(1)).min(text.len()));
        (start, end.max(start))
    });
    match bad {
        Some((start, end)) if end > start => {
            let error = ui.visuals().error_fg_color;
            let marked = egui::TextFormat {
                color: error,
                underline: Stroke::new(1.5, error),
                ..egui::TextFormat::simple(font, error)
            };
            job.append(&text[..start], 0.0, normal.clone());
            job.append(&text[start..end], 0.0, marked);
            job.append(&text[end..], 0.0, normal);
        }
        _ => job.append(text, 0.0, normal),
    }
    job
}

/// The largest char boundary of `text` at or before `at`.
fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A 13×13 picture of `range` (each cell shaded by its average weight);
/// clicking it selects the seat.
fn thumbnail_ui(ui: &mut egui::Ui, range: &Range) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(THUMB), Sense::click());
    let painter = ui.painter_at(rect);
    let cell = THUMB / 13.0;
    let empty = if ui.visuals().dark_mode {
        Color32::from_gray(52)
    } else {
        Color32::from_gray(215)
    };
    for class in HandClass::all() {
        let (row, column) = class.grid();
        let min = rect.min + Vec2::new(column as f32 * cell, row as f32 * cell);
        let r = Rect::from_min_size(min, Vec2::splat(cell)).shrink(0.25);
        let weight = range.class_summary(class).average_weight() as f32;
        let color = if weight > 0.0 {
            empty.lerp_to_gamma(super::grid::FILL, 0.35 + 0.65 * weight)
        } else {
            empty
        };
        painter.rect_filled(r, 0.0, color);
    }
    let stroke = if response.hovered() {
        ui.visuals().widgets.hovered.fg_stroke
    } else {
        Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color)
    };
    painter.rect_stroke(rect, 0.0, stroke, StrokeKind::Inside);
    response
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
