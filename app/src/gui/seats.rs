//! The seats panel: one compact row per seat (name, mode, range text,
//! combos after card removal, a 13×13 thumbnail, the equity bar), and
//! adding, removing and reordering seats.

use egui::{Color32, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};
use engine::equity::{EquityResult, SeatEquity};
use engine::{HandClass, Range};

use super::history::EditKey;
use super::{MAX_SEATS, RangestoveApp, SavedSeat, SeatMode, SeatState, combos_text, progress_text};

/// Thumbnail side in points.
const THUMB: f32 = 58.0;
/// Width kept for the exact/estimated badge.
const BADGE_WIDTH: f32 = 72.0;
/// Equity bar height in points.
const BAR_HEIGHT: f32 = 18.0;

/// A change to the seat list asked for by one row.
enum SeatOp {
    Remove(usize),
    Swap(usize, usize),
}

impl RangestoveApp {
    /// The seats panel.
    pub(super) fn seats_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.heading("Seats");
            if ui
                .add_enabled(self.seats.len() < MAX_SEATS, egui::Button::new("Add seat"))
                .on_hover_text(format!("Add a seat holding any hand (up to {MAX_SEATS})"))
                .clicked()
            {
                let name = format!("Seat {}", self.seats.len() + 1);
                self.seats.push(SeatState::from_saved(&SavedSeat {
                    name,
                    ..SavedSeat::default()
                }));
                self.selected = self.seats.len() - 1;
                self.edited(EditKey::Discrete);
            }
        });
        let mut op = None;
        egui::ScrollArea::vertical()
            .id_salt("seats")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for index in 0..self.seats.len() {
                    if let Some(o) = self.seat_row_ui(ui, index) {
                        op = Some(o);
                    }
                }
            });
        match op {
            Some(SeatOp::Remove(index)) => {
                self.seats.remove(index);
                if self.selected > index || self.selected == self.seats.len() {
                    self.selected = self.selected.saturating_sub(1);
                }
                self.edited(EditKey::Discrete);
            }
            Some(SeatOp::Swap(a, b)) => {
                self.seats.swap(a, b);
                if self.selected == a {
                    self.selected = b;
                } else if self.selected == b {
                    self.selected = a;
                }
                self.edited(EditKey::Discrete);
            }
            None => {}
        }
    }

    /// One seat's row: thumbnail on the left; name, mode and buttons,
    /// the range text, and the equity bar on the right.
    fn seat_row_ui(&mut self, ui: &mut egui::Ui, index: usize) -> Option<SeatOp> {
        let mut op = None;
        let selected = self.selected == index;
        let stroke = if selected {
            ui.visuals().selection.stroke
        } else {
            ui.visuals().widgets.noninteractive.bg_stroke
        };
        egui::Frame::group(ui.style())
            .stroke(stroke)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal_top(|ui| {
                    let thumb = thumbnail_ui(ui, &self.seats[index].range);
                    if thumb
                        .on_hover_text("Edit this seat's range on the grid")
                        .clicked()
                    {
                        self.selected = index;
                    }
                    ui.vertical(|ui| {
                        let name_id = self.seat_header_ui(ui, index, &mut op);
                        self.seat_text_ui(ui, index, name_id);
                        self.seat_bar_ui(ui, index);
                    });
                });
            });
        op
    }

    /// Name, mode, combos, reorder and remove; returns the name label's id.
    fn seat_header_ui(
        &mut self,
        ui: &mut egui::Ui,
        index: usize,
        op: &mut Option<SeatOp>,
    ) -> egui::Id {
        let count = self.seats.len();
        let selected = self.selected == index;
        ui.horizontal(|ui| {
            let name = ui
                .selectable_label(selected, &self.seats[index].name)
                .on_hover_text("Edit this seat's range on the grid");
            if name.clicked() {
                self.selected = index;
            }
            let mut mode = self.seats[index].mode;
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
            if mode != self.seats[index].mode {
                self.seats[index].mode = mode;
                self.edited(EditKey::Discrete);
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if count > 2
                    && ui
                        .small_button("🗑")
                        .on_hover_text("Remove this seat")
                        .clicked()
                {
                    *op = Some(SeatOp::Remove(index));
                }
                if ui
                    .add_enabled(index + 1 < count, egui::Button::new("⏷").small())
                    .on_hover_text("Move this seat down")
                    .clicked()
                {
                    *op = Some(SeatOp::Swap(index, index + 1));
                }
                if ui
                    .add_enabled(index > 0, egui::Button::new("⏶").small())
                    .on_hover_text("Move this seat up")
                    .clicked()
                {
                    *op = Some(SeatOp::Swap(index, index - 1));
                }
            });
            name.id
        })
        .inner
    }

    /// The range text box, and its parse error under it.
    fn seat_text_ui(&mut self, ui: &mut egui::Ui, index: usize, label: egui::Id) {
        let seat = &mut self.seats[index];
        let mut text = seat.text.clone();
        // One line, never wrapped (the box scrolls), like a plain singleline box.
        let mut layouter = |ui: &egui::Ui, buffer: &dyn egui::TextBuffer, _wrap_width: f32| {
            let job = error_job(ui, buffer.as_str());
            ui.fonts_mut(|f| f.layout_job(job))
        };
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut text)
                    .id_salt(("range", index))
                    .hint_text("QQ+, AKs, [50]AJs[/50], 15%")
                    .desired_width(f32::INFINITY)
                    .layouter(&mut layouter),
            )
            .labelled_by(label);
        if response.changed() {
            seat.set_text(&text);
            self.edited(EditKey::SeatText(index));
        }
        if response.gained_focus() {
            self.selected = index;
        }
        if let Some(error) = &self.seats[index].error {
            ui.colored_label(ui.visuals().error_fg_color, error.to_string());
        }
    }

    /// The equity bar with its figures, or why there are none, and the
    /// seat's combo count after card removal.
    fn seat_bar_ui(&self, ui: &mut egui::Ui, index: usize) {
        let seat = &self.seats[index];
        let blocked = self.blocked_for(index);
        let combos = format!(
            "{} combos ({:.1}%)",
            combos_text(seat.range.combos_given(blocked)),
            seat.range.percent_given(blocked)
        );
        let combos_help = "Weighted combos left after removing the board, the dead cards and \
                           other seats' exact hands, and their share of all 1326 hands";
        let figures = match seat.mode {
            SeatMode::Active => self.seat_equity(index),
            SeatMode::Folded => {
                ui.weak(format!("{combos} · folded: removes cards, no equity"))
                    .on_hover_text(combos_help);
                return;
            }
            SeatMode::Absent => {
                ui.weak("absent: not in the hand");
                return;
            }
        };
        ui.horizontal(|ui| {
            equity_bar_ui(ui, figures, self.result.as_ref());
        });
        let status = match (figures, &self.result) {
            (Some(_), Some(result)) => progress_text(result),
            _ if self.failure.is_none() && self.worker.is_some() => "computing…".to_owned(),
            _ => String::new(),
        };
        ui.weak(format!("{combos} · {status}"))
            .on_hover_text(combos_help);
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
            empty.lerp_to_gamma(crate::grid::FILL, 0.35 + 0.65 * weight)
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

/// A horizontal equity bar: win share, then tie share, with the number,
/// its standard error while estimated, and an exact/estimated badge.
fn equity_bar_ui(ui: &mut egui::Ui, figures: Option<&SeatEquity>, result: Option<&EquityResult>) {
    // The badge ("estimated") gets a fixed width on the right.
    let width = (ui.available_width() - BADGE_WIDTH - ui.spacing().item_spacing.x).max(100.0);
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, BAR_HEIGHT), Sense::hover());
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
    if let Some(result) = result.filter(|r| !r.finished) {
        // A thin progress line along the bottom edge.
        let y = rect.max.y - 1.5;
        let x = rect.min.x + rect.width() * result.progress.clamp(0.0, 1.0) as f32;
        painter.line_segment(
            [Pos2::new(rect.min.x, y), Pos2::new(x, y)],
            Stroke::new(2.0, Color32::from_rgb(230, 180, 60)),
        );
    }
    let exact = result.is_some_and(|r| r.method.is_exact());
    let text = if exact {
        format!("{:.2}%", 100.0 * f.equity)
    } else {
        format!("{:.2}% ± {:.2}", 100.0 * f.equity, 100.0 * f.std_error)
    };
    let galley = painter.layout_no_wrap(text, egui::FontId::proportional(13.0), Color32::WHITE);
    let pos = rect.center() - galley.size() / 2.0;
    // A dark plate behind the number keeps it readable on any fill.
    painter.rect_filled(
        Rect::from_min_size(pos, galley.size()).expand2(Vec2::new(4.0, 0.0)),
        3.0,
        Color32::from_black_alpha(110),
    );
    painter.galley(pos, galley, Color32::WHITE);
    response.on_hover_text(format!(
        "equity {:.4}% (green: won alone {:.4}%; blue: share of tied pots, tying {:.4}% of \
         deals); {} (standard error {:.4} points)",
        100.0 * f.equity,
        100.0 * f.win,
        100.0 * f.tie,
        if exact { "exact" } else { "estimated" },
        100.0 * f.std_error
    ));
    let (badge, color) = if exact {
        ("exact", WIN)
    } else {
        ("estimated", Color32::from_rgb(200, 140, 40))
    };
    ui.add_sized(
        Vec2::new(BADGE_WIDTH, BAR_HEIGHT),
        egui::Label::new(egui::RichText::new(badge).color(color).strong()),
    );
}

/// The win part of a bar.
const WIN: Color32 = Color32::from_rgb(46, 139, 87);
/// The tie part of a bar.
const TIE: Color32 = Color32::from_rgb(70, 110, 170);
