//! The window itself: its title and icon, its size, how wide the side
//! panels may grow, and how often the state is saved. The app's layout
//! (`RangestoveApp::ui`) reads these; nothing here knows the panels.

use std::ops::RangeInclusive;
use std::time::Duration;

/// The window title.
pub const TITLE: &str = "Rangestove";

/// How often eframe saves the state while the app runs.
pub const SAVE_INTERVAL: Duration = Duration::from_secs(1);

/// The seats panel's narrowest width, in points.
const LEFT_MIN: f32 = 280.0;
/// The board panel's narrowest width: the deck's 13 cards and margins.
const RIGHT_MIN: f32 = 345.0;
/// What the side panels leave the editor and grid at least.
const CENTER_MIN: f32 = 390.0;

/// How wide the side panels may be, in points.
#[derive(Clone, Debug, PartialEq)]
pub struct SidePanels {
    /// The seats panel's width on first show.
    pub left_default: f32,
    /// The seats panel's widths.
    pub left: RangeInclusive<f32>,
    /// The board panel's width on first show.
    pub right_default: f32,
    /// The board panel's widths.
    pub right: RangeInclusive<f32>,
}

/// The side panels of a window `width` points wide: from 1024 points up,
/// each keeps to its share so the grid always has room (a width
/// remembered from a larger window is brought back in).
pub fn side_panels(width: f32) -> SidePanels {
    let left_max = (width - RIGHT_MIN - CENTER_MIN).max(LEFT_MIN);
    let right_max = (width - LEFT_MIN - CENTER_MIN).max(RIGHT_MIN);
    SidePanels {
        left_default: (width * 0.28).clamp(LEFT_MIN, 400.0),
        left: LEFT_MIN..=left_max,
        right_default: RIGHT_MIN,
        right: RIGHT_MIN..=right_max.max(RIGHT_MIN),
    }
}

/// The window icon, from `assets/icon.png`.
fn icon() -> Option<egui::IconData> {
    eframe::icon_data::from_png_bytes(include_bytes!("../../../assets/icon.png")).ok()
}

/// The main window's options: title, icon, first and smallest size.
pub fn native_options() -> eframe::NativeOptions {
    let mut viewport = egui::ViewportBuilder::default()
        .with_title(TITLE)
        .with_inner_size([1440.0, 900.0])
        .with_min_inner_size([1024.0, 700.0]);
    if let Some(icon) = icon() {
        viewport = viewport.with_icon(std::sync::Arc::new(icon));
    }
    eframe::NativeOptions {
        viewport,
        ..Default::default()
    }
}

/// The side panels' widths as the player left them: egui narrows a panel
/// when the window shrinks but never widens it back, so the width the
/// player chose (or the first one) is kept here and given back when the
/// window grows again.
#[derive(Clone, Debug, Default)]
pub struct PanelWidths {
    /// The window's width last frame.
    window: Option<f32>,
    /// The seats and board panels' widths last frame.
    shown: [Option<f32>; 2],
    /// The widths the player chose (the first ones until a drag).
    wanted: [Option<f32>; 2],
}

/// The seats panel (left) or the board panel (right).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The seats.
    Left = 0,
    /// The board and what is under it.
    Right = 1,
}

impl PanelWidths {
    /// `panel` (the `side` one) kept to `range` in a window `window` points
    /// wide, and given its wanted width back this frame when the window
    /// has just grown to allow more than it has.
    pub fn sized(
        &self,
        panel: egui::Panel,
        side: Side,
        window: f32,
        range: &RangeInclusive<f32>,
    ) -> egui::Panel {
        let panel = panel.size_range(range.clone());
        match self.forced(side, window, range) {
            Some(size) => panel.exact_size(size),
            None => panel,
        }
    }

    /// The width to force on `side` this frame, in a window `window`
    /// points wide allowing `range`: the wanted one when the window has
    /// just grown back to allow more than the panel has.
    fn forced(&self, side: Side, window: f32, range: &RangeInclusive<f32>) -> Option<f32> {
        let grew = self.window.is_some_and(|last| window > last);
        let (shown, wanted) = (self.shown[side as usize]?, self.wanted[side as usize]?);
        (grew && shown < wanted).then(|| wanted.clamp(*range.start(), *range.end()))
    }

    /// Records `side`'s width this frame, in a window `window` points
    /// wide: a change while the window kept its size is the player's.
    pub fn shown(&mut self, side: Side, window: f32, width: f32) {
        let same_window = self.window.is_some_and(|last| (last - window).abs() < 0.5);
        let i = side as usize;
        let moved = self.shown[i].is_some_and(|last| (last - width).abs() >= 0.5);
        if self.wanted[i].is_none() || (same_window && moved) {
            self.wanted[i] = Some(width);
        }
        self.shown[i] = Some(width);
    }

    /// Ends the frame of a window `window` points wide.
    pub fn end_frame(&mut self, window: f32) {
        self.window = Some(window);
    }

    /// The seats and board panels' widths last frame.
    pub fn widths(&self) -> [Option<f32>; 2] {
        self.shown
    }
}
