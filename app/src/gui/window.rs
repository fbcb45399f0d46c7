//! The window itself: its title and icon, its size, and how often the
//! state is saved. The app's layout (`RangestoveApp::ui`) reads these;
//! nothing here knows the panels.

use std::time::Duration;

/// The window title.
pub const TITLE: &str = "Rangestove";

/// How often eframe saves the state while the app runs.
pub const SAVE_INTERVAL: Duration = Duration::from_secs(1);

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
        // No dithering: the flat colours drawn here do not band, and where
        // the window is drawn in software it costs about a sixth of each
        // frame's rasterising, taken from the count
        // (docs/performance.md, 2026-11-28).
        dithering: false,
        ..Default::default()
    }
}
