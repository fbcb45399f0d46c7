//! The range editor for the selected seat: name, brush, quick actions,
//! copy and paste, top-X% and band sliders, the 13×13 grid and the suit
//! editor of one class.

use egui::{Color32, Rect, Sense, Stroke, StrokeKind, Vec2};
use engine::range::{Dialect, FULL};
use engine::{CardSet, Combo, HandClass, HandKind, Range, Rank, Ranking};

use super::RangestoveApp;
use super::board::card_job;
use super::history::EditKey;
use crate::grid::{FILL, Overlay, grid_overlay_ui, heat_color};

/// Height kept under the grid for the suit editor.
const SUIT_EDITOR_HEIGHT: f32 = 136.0;
/// A combo tile of the suit editor.
const TILE: Vec2 = Vec2::new(62.0, 44.0);

/// A group of classes a quick action adds or removes.
#[derive(Clone, Copy, Debug)]
enum Group {
    All,
    Pairs,
    Suited,
    Broadway,
}

impl Group {
    fn contains(self, class: HandClass) -> bool {
        match self {
            Group::All => true,
            Group::Pairs => class.kind() == HandKind::Pair,
            Group::Suited => class.kind() == HandKind::Suited,
            Group::Broadway => class.low() >= Rank::Ten,
        }
    }
}

impl RangestoveApp {
    /// The central panel.
    pub(super) fn editor_ui(&mut self, ui: &mut egui::Ui) {
        self.editor_header_ui(ui);
        self.quick_actions_ui(ui);
        self.top_percent_ui(ui);
        self.heat_map_ui(ui);
        ui.add_space(4.0);
        let blocked = self.blocked_for(self.selected);
        let overlay = Overlay {
            heat: if self.heat_map { self.heat_map() } else { None },
            highlight: if self.show_analysis {
                self.row_highlight()
            } else {
                None
            },
        };
        let side = ui
            .available_width()
            .min(ui.available_height() - SUIT_EDITOR_HEIGHT)
            .max(13.0 * 22.0);
        let index = self.selected;
        let changed = ui
            .allocate_ui(Vec2::splat(side), |ui| {
                grid_overlay_ui(
                    ui,
                    &mut self.seats[index].range,
                    &mut self.grid,
                    blocked,
                    &overlay,
                )
            })
            .inner;
        if changed {
            self.seats[index].range_edited();
            self.edited(EditKey::Stroke(self.grid.strokes()));
        }
        ui.add_space(4.0);
        self.suit_editor_ui(ui, blocked);
    }

    /// Which seat, its name, and the brush.
    fn editor_header_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().slider_width = 70.0;
            ui.label("Editing");
            let index = self.selected;
            let mut name = self.seats[index].name.clone();
            let response = ui
                .add(
                    egui::TextEdit::singleline(&mut name)
                        .id_salt("seat name")
                        .desired_width(80.0)
                        .char_limit(24),
                )
                .on_hover_text("The selected seat's name");
            if response.changed() {
                self.seats[index].name = name;
                self.edited(EditKey::SeatName(index));
            }
            ui.separator();
            ui.label("Brush");
            let mut percent = f64::from(self.grid.brush_bp) / 100.0;
            if ui
                .add(
                    egui::Slider::new(&mut percent, 0.0..=100.0)
                        .suffix("%")
                        .max_decimals(0),
                )
                .on_hover_text("The weight painting applies; right-drag always erases")
                .changed()
            {
                self.grid.brush_bp = (percent * 100.0).round() as u16;
            }
            for p in [25u16, 50, 75, 100] {
                let bp = p * (FULL / 100);
                if ui
                    .selectable_label(self.grid.brush_bp == bp, format!("{p}"))
                    .on_hover_text(format!("Brush weight {p}%"))
                    .clicked()
                {
                    self.grid.brush_bp = bp;
                }
            }
        });
    }

    /// Clear, all, pairs, suited, broadway; copy and paste.
    fn quick_actions_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Clear")
                .on_hover_text("Empty the selected seat's range")
                .clicked()
            {
                self.set_selected_range(Range::empty());
            }
            let groups = [
                (Group::All, "All", "Every hand at the brush weight"),
                (
                    Group::Pairs,
                    "Pairs",
                    "Add every pair at the brush weight (again: remove them)",
                ),
                (
                    Group::Suited,
                    "Suited",
                    "Add every suited hand at the brush weight (again: remove them)",
                ),
                (
                    Group::Broadway,
                    "Broadway",
                    "Add every hand of two cards ten or higher at the brush weight \
                     (again: remove them)",
                ),
            ];
            for (group, label, help) in groups {
                if ui.button(label).on_hover_text(help).clicked() {
                    self.toggle_group(group);
                }
            }
        });
    }

    /// The dialect for Copy, Copy and Paste.
    fn clipboard_ui(&mut self, ui: &mut egui::Ui) {
        egui::ComboBox::from_id_salt("dialect")
            .width(88.0)
            .selected_text(self.dialect.name())
            .show_ui(ui, |ui| {
                for d in Dialect::ALL {
                    ui.selectable_value(&mut self.dialect, d, d.name());
                }
            })
            .response
            .on_hover_text(
                "Text dialect for Copy: canonical (Rangestove), pio (PioSOLVER, GTO \
                 Wizard), brackets (Flopzilla, GTO+), equilab (Equilab, PokerStove)",
            );
        if ui
            .button("Copy")
            .on_hover_text("Copy the range as text in this dialect (Ctrl+C outside a text box, or Ctrl+Shift+C)")
            .clicked()
        {
            self.copy_range(ui.ctx());
        }
        if ui
            .button("Paste")
            .on_hover_text(
                "Replace the range with range text from the clipboard, in any dialect (Ctrl+V)",
            )
            .clicked()
        {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::RequestPaste);
        }
    }

    /// Adds `group` at the brush weight, or removes it when the range
    /// already holds all of it at that weight.
    fn toggle_group(&mut self, group: Group) {
        let brush = self.grid.brush_bp;
        let mut range = self.seats[self.selected].range.clone();
        let combos = || {
            HandClass::all()
                .filter(|&c| group.contains(c))
                .flat_map(HandClass::combos)
        };
        let full = combos().all(|c| range.weight_bp(c) == brush);
        let weight = if full { 0 } else { brush };
        for combo in combos() {
            range.set_weight_bp(combo, weight);
        }
        self.set_selected_range(range);
    }

    /// Replaces the selected seat's range (one undo step).
    fn set_selected_range(&mut self, range: Range) {
        self.seats[self.selected].set_range(range);
        self.edited(EditKey::Discrete);
    }

    /// The top-X% slider and the band.
    fn top_percent_ui(&mut self, ui: &mut egui::Ui) {
        let ranking = Ranking::shipped();
        let help = format!(
            "Hands ranked by {}; whole classes, the nearest to the share asked",
            ranking.name()
        );
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().slider_width = 110.0;
            ui.label("Top");
            let slider = ui
                .add(
                    egui::Slider::new(&mut self.top_percent, 0.0..=100.0)
                        .suffix("%")
                        .max_decimals(1),
                )
                .on_hover_text(&help);
            if slider.changed() {
                let range = ranking.top_range(self.top_percent);
                self.seats[self.selected].set_range(range);
                self.edited(EditKey::Slider(0));
            }
            ui.separator();
            ui.label("Band");
            let (mut from, mut to) = self.band;
            let a = ui
                .add(
                    egui::DragValue::new(&mut from)
                        .range(0.0..=100.0)
                        .speed(0.2)
                        .suffix("%"),
                )
                .on_hover_text("Band start: skip the best hands up to this share");
            ui.label("–");
            let b = ui
                .add(
                    egui::DragValue::new(&mut to)
                        .range(0.0..=100.0)
                        .speed(0.2)
                        .suffix("%"),
                )
                .on_hover_text("Band end");
            self.band = (from, to);
            let apply = ui
                .button("Set band")
                .on_hover_text(format!(
                    "The hands between the two shares (e.g. 5%–15%), by {}",
                    ranking.name()
                ))
                .clicked();
            if apply || a.changed() || b.changed() {
                let mut range = Range::empty();
                for class in ranking.band(from.min(to), from.max(to)) {
                    range.set_class_bp(class, FULL);
                }
                self.seats[self.selected].set_range(range);
                self.edited(EditKey::Slider(1));
            }
        });
        ui.horizontal(|ui| {
            ui.weak(format!("ranking: {}", ranking.name()))
                .on_hover_text(help);
            ui.separator();
            self.clipboard_ui(ui);
        });
    }

    /// The heat-map switch, its legend, and the hovered class's figures.
    fn heat_map_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let mut on = self.heat_map;
            if ui
                .checkbox(&mut on, "Heat map")
                .on_hover_text(
                    "Colour each class of the selected seat by its equity against the other seats (exact when affordable, else estimated), red 0% to green 100%",
                )
                .changed()
            {
                self.set_heat_map(on);
            }
            if !self.heat_map {
                return;
            }
            // The legend: a gradient from 0% to 100%.
            let (rect, _) = ui.allocate_exact_size(Vec2::new(120.0, 12.0), Sense::hover());
            let steps = 24;
            for i in 0..steps {
                let f = i as f32 / steps as f32;
                let x0 = rect.min.x + f * rect.width();
                let x1 = rect.min.x + (i + 1) as f32 / steps as f32 * rect.width();
                ui.painter().rect_filled(
                    Rect::from_min_max(egui::pos2(x0, rect.min.y), egui::pos2(x1, rect.max.y)),
                    0.0,
                    heat_color(f + 0.5 / steps as f32),
                );
            }
            ui.weak("0% … 100%");
            let class = self.suit_editor_class();
            let figures = self
                .seat_breakdown(self.selected)
                .and_then(|b| b.class(class).copied());
            match figures {
                Some(c) => {
                    let mut text = format!(
                        "{class}: {:.1}% over {:.1} combos",
                        100.0 * c.equity,
                        c.combos
                    );
                    if c.std_error > 0.0 {
                        text.push_str(&format!(" ± {:.1}%", 100.0 * c.std_error));
                    }
                    ui.label(text);
                }
                None if self.seat_breakdown(self.selected).is_none() => {
                    ui.weak("computing…");
                }
                None => {
                    ui.weak(format!("{class}: not in the range"));
                }
            }
        });
    }

    /// The combos of one class as cards, each toggled on its own.
    fn suit_editor_ui(&mut self, ui: &mut egui::Ui, blocked: CardSet) {
        let class = self.suit_editor_class();
        let index = self.selected;
        let summary = self.seats[index].range.class_summary(class);
        ui.horizontal(|ui| {
            ui.strong(format!("Suits of {class}"));
            ui.weak(format!(
                "{:.2} of {} combos",
                summary.weighted_combos(),
                class.combo_count()
            ));
            ui.weak("(?)").on_hover_text(
                "Hover a cell of the grid to see its combos here; press a cell to keep it \
                 here. Click a combo to give it the brush weight, again to remove it. \
                 Combos holding a board, dead or exact-hand card are blocked.",
            );
        });
        let combos: Vec<Combo> = class.combos().collect();
        let per_row = ((ui.available_width() / (TILE.x + 4.0)) as usize).clamp(4, 6);
        let brush = self.grid.brush_bp;
        let mut toggled = None;
        // Each combo's equity, when the breakdown is on screen.
        let equities: Vec<Option<f64>> = combos
            .iter()
            .map(|&c| {
                self.seat_breakdown(index)
                    .filter(|_| self.wants_breakdown())
                    .and_then(|b| b.combo(c))
                    .map(|e| e.equity)
            })
            .collect();
        for (row, row_equities) in combos.chunks(per_row).zip(equities.chunks(per_row)) {
            ui.horizontal(|ui| {
                for (&combo, &equity) in row.iter().zip(row_equities) {
                    let weight = self.seats[index].range.weight_bp(combo);
                    let is_blocked = !combo.mask().is_disjoint(blocked);
                    if combo_tile_ui(ui, combo, weight, is_blocked, equity).clicked() {
                        toggled = Some(combo);
                    }
                }
            });
        }
        if let Some(combo) = toggled {
            self.grid.set_pressed(class);
            let seat = &mut self.seats[index];
            let new = if seat.range.weight_bp(combo) == brush {
                0
            } else {
                brush
            };
            seat.range.set_weight_bp(combo, new);
            seat.range_edited();
            self.edited(EditKey::Discrete);
        }
    }
}

/// One combo of the suit editor: its two cards, filled by its weight.
fn combo_tile_ui(
    ui: &mut egui::Ui,
    combo: Combo,
    weight_bp: u16,
    blocked: bool,
    equity: Option<f64>,
) -> egui::Response {
    let (rect, response) = ui
        .add_enabled_ui(!blocked, |ui| ui.allocate_exact_size(TILE, Sense::click()))
        .inner;
    let label = combo.to_string();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, !blocked, label.clone()));
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 4.0, visuals.extreme_bg_color);
    let fill = f32::from(weight_bp) / f32::from(FULL);
    if fill > 0.0 {
        let top = rect.max.y - rect.height() * fill;
        painter.rect_filled(
            Rect::from_min_max(egui::pos2(rect.min.x, top), rect.max),
            4.0,
            FILL.gamma_multiply(0.85),
        );
    }
    let dark = visuals.dark_mode;
    let job = card_job(combo.cards().iter().copied(), 15.0, dark);
    let galley = ui.fonts_mut(|f| f.layout_job(job));
    let pos = rect.center_top() + Vec2::new(-galley.size().x / 2.0, 4.0);
    // A plate in the background colour keeps the suit colours readable on
    // the range fill.
    painter.rect_filled(
        Rect::from_min_size(pos, galley.size()).expand(2.0),
        3.0,
        visuals.extreme_bg_color.gamma_multiply(0.85),
    );
    painter.galley(pos, galley, Color32::WHITE);
    let caption = match (blocked, equity) {
        (true, _) => "blocked".to_owned(),
        (false, Some(e)) if weight_bp > 0 => format!("eq {:.1}%", 100.0 * e),
        (false, _) => format!("{}%", weight_bp / 100),
    };
    let caption = painter.layout_no_wrap(
        caption,
        egui::FontId::proportional(11.0),
        visuals.strong_text_color(),
    );
    let at = rect.center_bottom() - Vec2::new(caption.size().x / 2.0, caption.size().y + 3.0);
    painter.rect_filled(
        Rect::from_min_size(at, caption.size()).expand(1.5),
        3.0,
        visuals.extreme_bg_color.gamma_multiply(0.85),
    );
    painter.galley(at, caption, visuals.strong_text_color());
    if blocked {
        painter.rect_filled(rect, 4.0, visuals.faint_bg_color.gamma_multiply(0.8));
        painter.line_segment(
            [rect.left_bottom(), rect.right_top()],
            Stroke::new(1.0, Color32::from_gray(150)),
        );
    }
    let stroke = if response.hovered() && !blocked {
        visuals.widgets.hovered.fg_stroke
    } else {
        visuals.widgets.noninteractive.bg_stroke
    };
    painter.rect_stroke(rect, 4.0, stroke, StrokeKind::Inside);
    response.on_hover_text(match (blocked, equity) {
        (true, _) => format!("{combo} holds a known card"),
        (false, Some(e)) => format!(
            "{combo}: weight {}%, equity {:.2}% against the other seats",
            f64::from(weight_bp) / 100.0,
            100.0 * e
        ),
        (false, None) => format!("{combo}: weight {}%", f64::from(weight_bp) / 100.0),
    })
}
