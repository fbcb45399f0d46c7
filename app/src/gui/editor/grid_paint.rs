//! The range grid's cells painted: each cell's base colour by kind, its
//! weight (or the heat map, or its groups) filling it from the bottom,
//! what a line drops faded, the overlay's outlines and veils, blocked
//! cells dimmed, mixed classes dotted, the hovered and pinned cells
//! outlined, and the label.

use egui::{Color32, Painter, Pos2, Rect, Stroke, StrokeKind, Vec2};
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

/// The cells the pointer marks: the one under it and the one pinned to
/// the suit editor.
#[derive(Clone, Copy, Debug)]
pub(super) struct Marked {
    /// The class under the pointer.
    pub hovered: Option<HandClass>,
    /// The class pinned to the suit editor.
    pub pinned: Option<HandClass>,
}

/// What every cell of one grid is painted with.
struct Brush {
    /// The grid's painter, clipped to it.
    painter: Painter,
    /// A cell's side, in points.
    cell: f32,
    /// Whether the theme is dark.
    dark: bool,
    /// The labels' font.
    font: egui::FontId,
    /// The pinned cell's outline colour.
    pin: Color32,
}

/// Draws the cells of the grid in `rect`.
pub(super) fn paint(
    ui: &egui::Ui,
    rect: Rect,
    range: &Range,
    marked: Marked,
    blocked: CardSet,
    overlay: &Overlay,
) {
    let cell = rect.width() / 13.0;
    let brush = Brush {
        painter: ui.painter_at(rect),
        cell,
        dark: ui.visuals().dark_mode,
        font: egui::FontId::proportional((cell * 0.40).clamp(9.0, 18.0)),
        pin: ui.visuals().selection.stroke.color,
    };
    for class in HandClass::all() {
        let (row, column) = class.grid();
        let min = rect.min + Vec2::new(column as f32 * cell, row as f32 * cell);
        let r = Rect::from_min_size(min, Vec2::splat(cell)).shrink(1.0);
        brush
            .painter
            .rect_filled(r, 2.0, cell_base(class.kind(), brush.dark));
        let summary = range.class_summary(class);
        let heat = overlay
            .heat
            .as_ref()
            .and_then(|h| h.get(class.index()).copied().flatten());
        let weight = summary.average_weight() as f32;
        let covered = paint_fill(&brush.painter, r, class.index(), weight, heat, overlay);
        paint_overlay_marks(&brush, r, class.index(), overlay);
        paint_cover(&brush, r, class, blocked, summary.mixed, marked);
        paint_label(&brush, r, class, covered, heat);
    }
}

/// Fills cell `r` of class `index` from the bottom: what a line drops on
/// this street faded, then the heat colour (`heat`: the class's equity),
/// the groups, or the `weight`. Returns how much of the cell's height,
/// from the bottom, the strong colour covers (what the label sits on).
fn paint_fill(
    painter: &Painter,
    r: Rect,
    index: usize,
    weight: f32,
    heat: Option<f32>,
    overlay: &Overlay,
) -> f32 {
    let (entering, mut fill) = match overlay.line.as_ref().and_then(|l| l.get(index)) {
        Some(&(entering, kept)) => (entering, kept),
        None => (weight, weight),
    };
    if entering > fill {
        // What the line drops on this street: faded.
        let top = r.max.y - r.height() * entering;
        let dropped = Rect::from_min_max(Pos2::new(r.min.x, top), r.max);
        painter.rect_filled(dropped, 2.0, FILL.gamma_multiply(0.3));
    }
    if let Some(equity) = heat {
        // The heat colour fills the cell; the weight still sets how
        // much of it.
        // At least as high as the figure drawn on it.
        fill = fill.max(HEAT_LEAST);
        let top = r.max.y - r.height() * fill;
        let filled = Rect::from_min_max(Pos2::new(r.min.x, top), r.max);
        painter.rect_filled(filled, 2.0, heat_color(equity));
    } else if let Some(cell) = overlay.groups.as_ref().and_then(|g| g.get(index)) {
        fill = cell.weight;
        paint_group_cell(painter, r, cell, FILL);
    } else if fill > 0.0 {
        let top = r.max.y - r.height() * fill;
        let filled = Rect::from_min_max(Pos2::new(r.min.x, top), r.max);
        painter.rect_filled(filled, 2.0, FILL);
    }
    fill
}

/// The overlay's outlines on cell `r` of class `index`: a board row's
/// cells outlined and the rest veiled, and the marks' colours.
fn paint_overlay_marks(brush: &Brush, r: Rect, index: usize, overlay: &Overlay) {
    let painter = &brush.painter;
    if let Some(highlight) = &overlay.highlight {
        let share = highlight.get(index).copied().unwrap_or(0.0);
        if share > 0.0 {
            let stroke = Stroke::new(2.5, Color32::from_rgb(80, 200, 255));
            painter.rect_stroke(r, 2.0, stroke, StrokeKind::Inside);
        } else {
            // Fade the rest: darker on the dark theme, paler on the
            // light one (a grey veil there makes the grid heavy).
            painter.rect_filled(r, 2.0, veil(brush.dark, 120));
        }
    }
    let mark = overlay
        .marks
        .as_ref()
        .and_then(|m| m.get(index).copied().flatten());
    if let Some(color) = mark {
        painter.rect_stroke(r, 2.0, Stroke::new(3.0, color), StrokeKind::Inside);
    }
}

/// Over cell `r` of `class`: a veil when every combo holds a card of
/// `blocked`, a dot when the class is `mixed`, and the outlines of the
/// `marked` cells.
fn paint_cover(
    brush: &Brush,
    r: Rect,
    class: HandClass,
    blocked: CardSet,
    mixed: bool,
    marked: Marked,
) {
    let painter = &brush.painter;
    let all_blocked = class.combos().all(|c| !c.mask().is_disjoint(blocked));
    if all_blocked {
        painter.rect_filled(r, 2.0, veil(brush.dark, 150));
    }
    if mixed {
        let dot = if brush.dark {
            Color32::WHITE
        } else {
            Color32::from_gray(30)
        };
        painter.circle_filled(r.right_top() + Vec2::new(-4.0, 4.0), 2.5, dot);
    }
    if marked.hovered == Some(class) {
        painter.rect_stroke(r, 2.0, Stroke::new(1.5, Color32::WHITE), StrokeKind::Inside);
    }
    if marked.pinned == Some(class) {
        painter.rect_stroke(r, 2.0, Stroke::new(2.5, brush.pin), StrokeKind::Inside);
    }
}

/// Cell `r`'s label, in a colour that reads on what is under it (the
/// strong colour covers the cell's height up to `covered` from the
/// bottom; above it the base or a line's faded part), with the class's
/// equity under it when the heat map is on.
fn paint_label(brush: &Brush, r: Rect, class: HandClass, covered: f32, heat: Option<f32>) {
    let (painter, cell) = (&brush.painter, brush.cell);
    // The label's centre, as a height from the cell's bottom.
    let (label_at, height) = if heat.is_some() {
        (r.center() - Vec2::new(0.0, cell * 0.14), 0.64)
    } else {
        (r.center(), 0.5)
    };
    let text_color = label_color(brush.dark, covered > height);
    painter.text(
        label_at,
        egui::Align2::CENTER_CENTER,
        class.to_string(),
        brush.font.clone(),
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

/// The least height the heat colour fills: the equity figure drawn at
/// 0.28 of the cell from its bottom sits on it.
const HEAT_LEAST: f32 = 0.4;

/// A grid label's colour: white on the dark theme and on the strong
/// colours (`on_fill`), else black (the light theme's pale cells and a
/// line's faded part).
fn label_color(dark: bool, on_fill: bool) -> Color32 {
    if dark || on_fill {
        Color32::WHITE
    } else {
        Color32::BLACK
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
