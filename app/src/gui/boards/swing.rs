//! The Boards view's colours: a flop's equity against the seat's equity
//! over every flop, red below, amber level, green above. The table's
//! figures and the chart's bars share the scale.

use egui::Color32;

use crate::gui::editor::grid::heat_color;

/// Points of equity above or below the seat's mean for the full green or
/// red.
const SWING: f64 = 0.05;

/// The colour of `equity` against the seat's `mean` over every flop.
pub fn swing_color(equity: f64, mean: f64) -> Color32 {
    heat_color((0.5 + 0.5 * (equity - mean) / SWING) as f32)
}

/// [`swing_color`] for text: darker on the light theme, to read on white.
pub fn swing_text(equity: f64, mean: f64, dark: bool) -> Color32 {
    let c = swing_color(equity, mean);
    if dark {
        c
    } else {
        let shade = |v: u8| (f32::from(v) * 0.62) as u8;
        Color32::from_rgb(shade(c.r()), shade(c.g()), shade(c.b()))
    }
}
