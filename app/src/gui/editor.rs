//! The range editor for the selected seat: name, brush, quick actions,
//! copy and paste, top-X% and band sliders, the heat-map switch
//! ([`editor_ui`]), then the 13×13 grid and the suit editor of one class
//! ([`range_ui`]).

use egui::{Rect, Sense, Vec2};
use engine::equity::SeatBreakdown;
use engine::range::{Dialect, FULL};
use engine::{HandClass, HandKind, Range, Rank, Ranking};

use super::grid::{GridState, Overlay, grid_overlay_ui, heat_color};
use super::history::EditKey;
use super::prefs::Prefs;
use super::session::Session;
use super::suits::suit_editor_ui;

/// Height kept under the grid for the suit editor.
const SUIT_EDITOR_HEIGHT: f32 = 136.0;

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

/// The editor's state kept between frames: the grid's interaction and the
/// last failed copy.
#[derive(Debug, Default)]
pub struct EditorState {
    grid: GridState,
    /// Why the last copy failed (the dialect cannot write the range).
    copy_error: Option<String>,
}

impl EditorState {
    /// The grid's state (where it was drawn, the brush).
    pub fn grid(&self) -> &GridState {
        &self.grid
    }

    /// The class the suit editor shows: the hovered one, else the one
    /// pressed last, else aces.
    pub fn suit_editor_class(&self) -> HandClass {
        self.grid
            .hovered()
            .or(self.grid.pressed())
            .unwrap_or(HandClass::ACES)
    }

    /// Copies `range` as text in `dialect`; a range the dialect cannot
    /// write is reported next to the Copy button.
    pub fn copy(&mut self, ctx: &egui::Context, range: &Range, dialect: Dialect) {
        match range.to_text(dialect) {
            Ok(text) => {
                ctx.copy_text(text);
                self.copy_error = None;
            }
            Err(error) => {
                self.copy_error = Some(format!("Cannot copy as {}: {error}", dialect.name()));
            }
        }
    }
}

/// The controls above the grid: which seat and its name, the brush, quick
/// actions, sliders, the clipboard and the heat-map switch.
/// `breakdown` is the selected seat's per-combo figures, if any;
/// `pending` whether they may still come (else no "computing…").
pub fn editor_ui(
    ui: &mut egui::Ui,
    state: &mut EditorState,
    session: &mut Session,
    prefs: &mut Prefs,
    breakdown: Option<&SeatBreakdown>,
    pending: bool,
) {
    header_ui(ui, session, prefs);
    quick_actions_ui(ui, session, prefs.brush_bp);
    top_percent_ui(ui, session, prefs);
    ui.horizontal(|ui| {
        let ranking = Ranking::shipped();
        ui.weak(format!("ranking: {}", ranking.name()))
            .on_hover_text(ranking_help(ranking));
        ui.separator();
        clipboard_ui(ui, state, session, &mut prefs.dialect);
    });
    if let Some(error) = &state.copy_error {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
    heat_map_ui(ui, state, prefs, breakdown, pending);
    ui.add_space(4.0);
}

/// The grid of the selected seat's range (with `overlay` drawn over it)
/// and the suit editor under it.
pub fn range_ui(
    ui: &mut egui::Ui,
    state: &mut EditorState,
    session: &mut Session,
    prefs: &Prefs,
    overlay: &Overlay,
    breakdown: Option<&SeatBreakdown>,
) {
    let index = session.selected();
    let blocked = session.blocked_for(index);
    let side = ui
        .available_width()
        .min(ui.available_height() - SUIT_EDITOR_HEIGHT)
        .max(13.0 * 22.0);
    let grid = &mut state.grid;
    grid.brush_bp = prefs.brush_bp;
    ui.allocate_ui(Vec2::splat(side), |ui| {
        // One undo step per stroke (press on a cell).
        session.edit_range(index, |range| {
            grid_overlay_ui(ui, range, grid, blocked, overlay)
                .then(|| EditKey::Stroke(grid.strokes()))
        });
    });
    ui.add_space(4.0);
    let class = state.suit_editor_class();
    let breakdown = breakdown.filter(|_| prefs.wants_breakdown());
    suit_editor_ui(
        ui,
        &mut state.grid,
        session,
        class,
        blocked,
        prefs.brush_bp,
        breakdown,
    );
}

/// Which seat, its name, and the brush.
fn header_ui(ui: &mut egui::Ui, session: &mut Session, prefs: &mut Prefs) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().slider_width = 70.0;
        ui.label("Editing");
        let index = session.selected();
        let mut name = session.selected_seat().name.clone();
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut name)
                    .id_salt("seat name")
                    .desired_width(80.0)
                    .char_limit(24),
            )
            .on_hover_text("The selected seat's name");
        if response.changed() {
            session.set_seat_name(index, name);
        }
        ui.separator();
        ui.label("Brush");
        let mut percent = f64::from(prefs.brush_bp) / 100.0;
        if ui
            .add(
                egui::Slider::new(&mut percent, 0.0..=100.0)
                    .suffix("%")
                    .max_decimals(0),
            )
            .on_hover_text("The weight painting applies; right-drag always erases")
            .changed()
        {
            prefs.brush_bp = (percent * 100.0).round() as u16;
        }
        for p in [25u16, 50, 75, 100] {
            let bp = p * (FULL / 100);
            if ui
                .selectable_label(prefs.brush_bp == bp, format!("{p}"))
                .on_hover_text(format!("Brush weight {p}%"))
                .clicked()
            {
                prefs.brush_bp = bp;
            }
        }
    });
}

/// Clear, all, pairs, suited, broadway.
fn quick_actions_ui(ui: &mut egui::Ui, session: &mut Session, brush: u16) {
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Clear")
            .on_hover_text("Empty the selected seat's range")
            .clicked()
        {
            session.set_range(session.selected(), Range::empty(), EditKey::Discrete);
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
                let range = toggled_group(&session.selected_seat().range, group, brush);
                session.set_range(session.selected(), range, EditKey::Discrete);
            }
        }
    });
}

/// `range` with `group` added at the `brush` weight, or removed when the
/// range already holds all of it at that weight.
fn toggled_group(range: &Range, group: Group, brush: u16) -> Range {
    let mut range = range.clone();
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
    range
}

/// The dialect for Copy, Copy and Paste.
fn clipboard_ui(
    ui: &mut egui::Ui,
    state: &mut EditorState,
    session: &Session,
    dialect: &mut Dialect,
) {
    egui::ComboBox::from_id_salt("dialect")
        .width(88.0)
        .selected_text(dialect.name())
        .show_ui(ui, |ui| {
            for d in Dialect::ALL {
                ui.selectable_value(dialect, d, d.name());
            }
        })
        .response
        .on_hover_text(
            "Text dialect for Copy: canonical (Rangestove), pio (PioSOLVER, GTO \
             Wizard), brackets (Flopzilla, GTO+), equilab (Equilab, PokerStove)",
        );
    if ui
        .button("Copy")
        .on_hover_text(
            "Copy the range as text in this dialect (Ctrl+C outside a text box, or Ctrl+Shift+C)",
        )
        .clicked()
    {
        state.copy(ui.ctx(), &session.selected_seat().range, *dialect);
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

/// How the sliders rank hands.
fn ranking_help(ranking: &Ranking) -> String {
    format!(
        "Hands ranked by {}; whole classes, the nearest to the share asked",
        ranking.name()
    )
}

/// The top-X% slider and the band.
fn top_percent_ui(ui: &mut egui::Ui, session: &mut Session, prefs: &mut Prefs) {
    let ranking = Ranking::shipped();
    let help = ranking_help(ranking);
    let index = session.selected();
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().slider_width = 110.0;
        ui.label("Top");
        let slider = ui
            .add(
                egui::Slider::new(&mut prefs.top_percent, 0.0..=100.0)
                    .suffix("%")
                    .max_decimals(1),
            )
            .on_hover_text(&help);
        if slider.changed() {
            let range = ranking.top_range(prefs.top_percent);
            session.set_range(index, range, EditKey::Slider(0));
        }
        ui.separator();
        ui.label("Band");
        let (mut from, mut to) = prefs.band;
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
        prefs.band = (from, to);
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
            session.set_range(index, range, EditKey::Slider(1));
        }
    });
}

/// The heat-map switch, its legend, and the hovered class's figures.
fn heat_map_ui(
    ui: &mut egui::Ui,
    state: &EditorState,
    prefs: &mut Prefs,
    breakdown: Option<&SeatBreakdown>,
    pending: bool,
) {
    ui.horizontal(|ui| {
        ui.checkbox(&mut prefs.heat_map, "Heat map").on_hover_text(
            "Colour each class of the selected seat by its equity against the other seats (exact when affordable, else estimated), red 0% to green 100%",
        );
        if !prefs.heat_map {
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
        let class = state.suit_editor_class();
        match breakdown.map(|b| b.class(class).copied()) {
            Some(Some(c)) => {
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
            None if pending => {
                ui.weak("computing…");
            }
            None => {
                ui.weak("no figures for this spot");
            }
            Some(None) => {
                ui.weak(format!("{class}: not in the range"));
            }
        }
    });
}
