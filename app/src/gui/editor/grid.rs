//! The 13×13 range grid: pairs on the diagonal, suited above, offsuit below,
//! `AA` top-left. Each cell shows its label, fills in proportion to its
//! average weight, and marks mixed classes with a dot in its corner.
//!
//! Painting: pressing on a cell decides the action for the whole drag —
//! erase if that cell already holds every combo at the brush weight, else
//! paint at the brush weight — and every cell the pointer crosses takes it;
//! the secondary button always erases. A click alone therefore toggles. The
//! widget reads the frame's raw pointer events in order, so a press and a
//! release within one frame still count, and a fast drag that jumps over
//! cells between two frames paints every cell on the way. A press counts
//! only where no menu, list or window lies over the grid.
//!
//! The suit editor under the grid shows the class hovered last; Shift
//! holds it while the pointer crosses other cells, and Ctrl/Cmd+click pins
//! a class (painting nothing) until it is clicked so again or unpinned.

use egui::{Color32, Event, PointerButton, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};
use engine::range::FULL;
use engine::{CardSet, HandClass, HandKind, Range};

use super::group_cells::{GroupCell, paint_group_cell};

/// The colour of a range's weight, in the grid and the thumbnails.
pub const FILL: Color32 = Color32::from_rgb(214, 120, 40);

/// What the grid shows on top of the range's weights.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    /// Heat map: per class index, the seat's equity with that class (cells
    /// of classes not in the range stay plain).
    pub heat: Option<Vec<Option<f32>>>,
    /// Per class index, the share of its combos a board-breakdown row
    /// selects: those cells are outlined, the others dimmed.
    pub highlight: Option<Vec<f32>>,
    /// A line on the street shown: per class index, the average weight
    /// the seat enters the street with and the average weight that
    /// continues; the dropped part is drawn faded.
    pub line: Option<Vec<(f32, f32)>>,
    /// Per class index, a colour to outline its cell in (the trainer's
    /// missed and extra cells).
    pub marks: Option<Vec<Option<Color32>>>,
    /// Per class index, the seat's groups in the cell: drawn in their
    /// colours in place of the range's weight (unless the heat map is on).
    pub groups: Option<Vec<GroupCell>>,
}

/// The heat map's colour for an equity in 0..=1: red (0) through amber
/// (0.5) to green (1).
pub fn heat_color(equity: f32) -> Color32 {
    let e = equity.clamp(0.0, 1.0);
    let lerp = |a: u8, b: u8, t: f32| (f32::from(a) + (f32::from(b) - f32::from(a)) * t) as u8;
    let (from, to, t) = if e < 0.5 {
        ((200, 50, 45), (225, 170, 40), e * 2.0)
    } else {
        ((225, 170, 40), (45, 160, 75), (e - 0.5) * 2.0)
    };
    Color32::from_rgb(
        lerp(from.0, to.0, t),
        lerp(from.1, to.1, t),
        lerp(from.2, to.2, t),
    )
}

/// What a drag does to the cells it crosses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Set every combo of the cell to this weight (basis points).
    Paint(u16),
    /// Remove the cell's combos.
    Erase,
}

/// The grid's interaction state (not persisted: the brush is).
#[derive(Clone, Debug)]
pub struct GridState {
    /// The weight painting applies, in basis points.
    pub brush_bp: u16,
    /// The running drag: its action and the last pointer position.
    drag: Option<(Action, Pos2)>,
    /// Where the grid was drawn last frame.
    rect: Rect,
    /// The class under the pointer last frame.
    hovered: Option<HandClass>,
    /// The class pressed last (the suit editor shows it when the pointer
    /// is off the grid).
    pressed: Option<HandClass>,
    /// The class pinned to the suit editor (a Ctrl/Cmd+click on its cell,
    /// or the editor's Pin button): it stays whatever the pointer crosses,
    /// until unpinned.
    pinned: Option<HandClass>,
    /// The class the suit editor shows while nothing is pinned: the one
    /// hovered last (kept while the pointer moves off the grid to the
    /// tiles), frozen while Shift is held.
    shown: Option<HandClass>,
    /// Presses so far: one undo step per stroke.
    strokes: u64,
}

impl Default for GridState {
    fn default() -> GridState {
        GridState {
            brush_bp: FULL,
            drag: None,
            rect: Rect::NOTHING,
            hovered: None,
            pressed: None,
            pinned: None,
            shown: None,
            strokes: 0,
        }
    }
}

impl GridState {
    /// Where the grid was drawn last frame.
    pub fn rect(&self) -> Rect {
        self.rect
    }

    /// The centre of `class`'s cell as drawn last frame.
    pub fn cell_center(&self, class: HandClass) -> Pos2 {
        let (row, column) = class.grid();
        let cell = self.rect.width() / 13.0;
        self.rect.min + Vec2::new((column as f32 + 0.5) * cell, (row as f32 + 0.5) * cell)
    }

    /// The class under the pointer last frame.
    pub fn hovered(&self) -> Option<HandClass> {
        self.hovered
    }

    /// The class pressed last.
    pub fn pressed(&self) -> Option<HandClass> {
        self.pressed
    }

    /// Pins the class the suit editor shows.
    pub fn set_pressed(&mut self, class: HandClass) {
        self.pressed = Some(class);
    }

    /// The class pinned to the suit editor, if any.
    pub fn pinned(&self) -> Option<HandClass> {
        self.pinned
    }

    /// Pins `class` to the suit editor (`None`: unpins).
    pub fn set_pinned(&mut self, class: Option<HandClass>) {
        self.pinned = class;
    }

    /// The class the suit editor shows: the pinned one, else the one
    /// hovered (held while Shift is down, and while the pointer moves off
    /// the grid to the tiles), else the one pressed last, else aces.
    pub fn suit_editor_class(&self) -> HandClass {
        self.pinned
            .or(self.shown)
            .or(self.pressed)
            .unwrap_or(HandClass::ACES)
    }

    /// How many strokes (presses on a cell) the grid has seen.
    pub fn strokes(&self) -> u64 {
        self.strokes
    }

    /// The running drag's action, if a drag is in progress.
    pub fn dragging(&self) -> Option<Action> {
        self.drag.map(|(action, _)| action)
    }
}

/// The class whose cell contains `pos` in a grid drawn in `rect`.
fn cell_at(rect: Rect, pos: Pos2) -> Option<HandClass> {
    if !rect.contains(pos) {
        return None;
    }
    let cell = rect.width() / 13.0;
    let column = (((pos.x - rect.min.x) / cell) as usize).min(12);
    let row = (((pos.y - rect.min.y) / cell) as usize).min(12);
    HandClass::from_grid(row, column)
}

/// Applies `action` to every combo of `class`; returns whether the range
/// changed.
fn apply(range: &mut Range, class: HandClass, action: Action) -> bool {
    let weight = match action {
        Action::Paint(w) => w,
        Action::Erase => 0,
    };
    let mut changed = false;
    for combo in class.combos() {
        changed |= range.weight_bp(combo) != weight;
        range.set_weight_bp(combo, weight);
    }
    changed
}

/// The action a press on `class` starts.
fn action_for(range: &Range, class: HandClass, button: PointerButton, brush_bp: u16) -> Action {
    let full = class.combos().all(|c| range.weight_bp(c) == brush_bp);
    if button == PointerButton::Secondary || full || brush_bp == 0 {
        Action::Erase
    } else {
        Action::Paint(brush_bp)
    }
}

/// Draws the grid for `range` and applies the pointer's painting; cells all
/// of whose combos hold a card of `blocked` are drawn dimmed. Returns
/// whether the range changed.
pub fn grid_ui(
    ui: &mut egui::Ui,
    range: &mut Range,
    state: &mut GridState,
    blocked: CardSet,
) -> bool {
    grid_overlay_ui(ui, range, state, blocked, &Overlay::default())
}

/// [`grid_ui`] with a heat map or a highlight drawn over the cells.
pub fn grid_overlay_ui(
    ui: &mut egui::Ui,
    range: &mut Range,
    state: &mut GridState,
    blocked: CardSet,
    overlay: &Overlay,
) -> bool {
    let side = ui
        .available_width()
        .min(ui.available_height())
        .max(13.0 * 18.0);
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(side), Sense::click_and_drag());
    state.rect = rect;
    let mut changed = false;
    let events = ui.input(|i| i.events.clone());
    // A press counts only where the grid is on top: a menu, a list or a
    // window drawn over it takes its own clicks.
    let on_top = |pos: Pos2| {
        ui.ctx()
            .layer_id_at(pos)
            .is_none_or(|layer| layer == ui.layer_id())
    };
    for event in events {
        match event {
            Event::PointerButton {
                pos,
                button: PointerButton::Primary,
                pressed: true,
                modifiers,
            } if modifiers.command && on_top(pos) => {
                // Ctrl/Cmd+click pins the class to the suit editor (again:
                // unpins); it paints nothing.
                if let Some(class) = cell_at(rect, pos) {
                    state.pinned = (state.pinned != Some(class)).then_some(class);
                }
            }
            Event::PointerButton {
                pos,
                button: button @ (PointerButton::Primary | PointerButton::Secondary),
                pressed: true,
                ..
            } if on_top(pos) => {
                if let Some(class) = cell_at(rect, pos) {
                    let action = action_for(range, class, button, state.brush_bp);
                    changed |= apply(range, class, action);
                    state.drag = Some((action, pos));
                    state.pressed = Some(class);
                    state.strokes += 1;
                }
            }
            Event::PointerMoved(pos) => {
                if let Some((action, last)) = state.drag {
                    // Every cell on the segment, sampled finer than a cell.
                    let cell = side / 13.0;
                    let steps = ((pos - last).length() / (cell / 4.0)).ceil().max(1.0) as usize;
                    for step in 1..=steps {
                        let p = last + (pos - last) * (step as f32 / steps as f32);
                        if let Some(class) = cell_at(rect, p) {
                            changed |= apply(range, class, action);
                        }
                    }
                    state.drag = Some((action, pos));
                }
            }
            Event::PointerButton { pressed: false, .. } | Event::PointerGone => {
                state.drag = None;
            }
            _ => {}
        }
    }
    state.hovered = response.hover_pos().and_then(|p| cell_at(rect, p));
    if state.hovered.is_some() {
        // Shift holds the suit editor's class while the pointer crosses
        // other cells on its way to the tiles.
        if !ui.input(|i| i.modifiers.shift) || state.shown.is_none() {
            state.shown = state.hovered;
        }
    }
    if changed {
        ui.ctx().request_repaint();
    }
    paint(ui, rect, range, state, blocked, overlay);
    changed
}

/// Draws the cells.
fn paint(
    ui: &egui::Ui,
    rect: Rect,
    range: &Range,
    state: &GridState,
    blocked: CardSet,
    overlay: &Overlay,
) {
    let painter = ui.painter_at(rect);
    let cell = rect.width() / 13.0;
    let dark = ui.visuals().dark_mode;
    let font = egui::FontId::proportional((cell * 0.40).clamp(9.0, 18.0));
    for class in HandClass::all() {
        let (row, column) = class.grid();
        let min = rect.min + Vec2::new(column as f32 * cell, row as f32 * cell);
        let r = Rect::from_min_size(min, Vec2::splat(cell)).shrink(1.0);
        let base = cell_base(class.kind(), dark);
        painter.rect_filled(r, 2.0, base);
        let summary = range.class_summary(class);
        let (entering, mut fill) = match overlay.line.as_ref().and_then(|l| l.get(class.index())) {
            Some(&(entering, kept)) => (entering, kept),
            None => {
                let weight = summary.average_weight() as f32;
                (weight, weight)
            }
        };
        if entering > fill {
            // What the line drops on this street: faded.
            let top = r.max.y - r.height() * entering;
            let dropped = Rect::from_min_max(Pos2::new(r.min.x, top), r.max);
            painter.rect_filled(dropped, 2.0, FILL.gamma_multiply(0.3));
        }
        let heat = overlay
            .heat
            .as_ref()
            .and_then(|h| h.get(class.index()).copied().flatten());
        if let Some(equity) = heat {
            // The heat colour fills the cell; the weight still sets how
            // much of it.
            let top = r.max.y - r.height() * fill.max(0.25);
            let filled = Rect::from_min_max(Pos2::new(r.min.x, top), r.max);
            painter.rect_filled(filled, 2.0, heat_color(equity));
            fill = 1.0;
        } else if let Some(cell) = overlay.groups.as_ref().and_then(|g| g.get(class.index())) {
            fill = cell.weight;
            paint_group_cell(&painter, r, cell, FILL);
        } else if fill > 0.0 {
            let top = r.max.y - r.height() * fill;
            let filled = Rect::from_min_max(Pos2::new(r.min.x, top), r.max);
            painter.rect_filled(filled, 2.0, FILL);
        }
        if let Some(highlight) = &overlay.highlight {
            let share = highlight.get(class.index()).copied().unwrap_or(0.0);
            if share > 0.0 {
                let stroke = Stroke::new(2.5, Color32::from_rgb(80, 200, 255));
                painter.rect_stroke(r, 2.0, stroke, StrokeKind::Inside);
            } else {
                // Fade the rest: darker on the dark theme, paler on the
                // light one (a grey veil there makes the grid heavy).
                painter.rect_filled(r, 2.0, veil(dark, 120));
            }
        }
        let mark = overlay
            .marks
            .as_ref()
            .and_then(|m| m.get(class.index()).copied().flatten());
        if let Some(color) = mark {
            painter.rect_stroke(r, 2.0, Stroke::new(3.0, color), StrokeKind::Inside);
        }
        let all_blocked = class.combos().all(|c| !c.mask().is_disjoint(blocked));
        if all_blocked {
            painter.rect_filled(r, 2.0, veil(dark, 150));
        }
        if summary.mixed {
            let dot = if dark {
                Color32::WHITE
            } else {
                Color32::from_gray(30)
            };
            painter.circle_filled(r.right_top() + Vec2::new(-4.0, 4.0), 2.5, dot);
        }
        if state.hovered == Some(class) {
            painter.rect_stroke(r, 2.0, Stroke::new(1.5, Color32::WHITE), StrokeKind::Inside);
        }
        if state.pinned == Some(class) {
            let pin = ui.visuals().selection.stroke.color;
            painter.rect_stroke(r, 2.0, Stroke::new(2.5, pin), StrokeKind::Inside);
        }
        let text_color = if fill > 0.5 || dark {
            Color32::WHITE
        } else {
            Color32::BLACK
        };
        let label_at = if heat.is_some() {
            r.center() - Vec2::new(0.0, cell * 0.14)
        } else {
            r.center()
        };
        painter.text(
            label_at,
            egui::Align2::CENTER_CENTER,
            class.to_string(),
            font.clone(),
            text_color,
        );
        if let Some(equity) = heat {
            painter.text(
                r.center() + Vec2::new(0.0, cell * 0.22),
                egui::Align2::CENTER_CENTER,
                format!("{:.0}", 100.0 * equity),
                egui::FontId::proportional((cell * 0.28).clamp(7.0, 14.0)),
                Color32::WHITE,
            );
        }
    }
}

/// A veil fading a cell: black on the dark theme, white on the light one.
fn veil(dark: bool, alpha: u8) -> Color32 {
    if dark {
        Color32::from_black_alpha(alpha)
    } else {
        Color32::from_white_alpha(alpha)
    }
}

/// A cell's colour before any weight: pairs, suited and offsuit classes
/// apart, per theme.
pub(super) fn cell_base(kind: HandKind, dark: bool) -> Color32 {
    match (kind, dark) {
        (HandKind::Pair, true) => Color32::from_gray(58),
        (HandKind::Suited, true) => Color32::from_rgb(40, 46, 58),
        (HandKind::Offsuit, true) => Color32::from_gray(36),
        (HandKind::Pair, false) => Color32::from_gray(205),
        (HandKind::Suited, false) => Color32::from_rgb(214, 222, 236),
        (HandKind::Offsuit, false) => Color32::from_gray(230),
    }
}
