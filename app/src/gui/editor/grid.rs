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

use egui::{Event, PointerButton, Pos2, Rect, Sense, Vec2};
use engine::range::FULL;
use engine::{CardSet, HandClass, Range};

pub use super::grid_paint::{FILL, Overlay, heat_color};
use super::grid_paint::{Marked, paint};

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
    let marked = Marked {
        hovered: state.hovered,
        pinned: state.pinned,
    };
    paint(ui, rect, range, marked, blocked, overlay);
    changed
}
