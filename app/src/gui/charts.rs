//! What the app's plots (egui_plot) share: percent axes with their names,
//! bounds the program sets (no pan, zoom or scroll to drift them by
//! accident), and a name for the plot area so a screen reader (and a test)
//! finds it.

use egui::{Response, WidgetInfo};
use egui_plot::{GridInput, GridMark, Plot, PlotBounds, PlotUi, uniform_grid_spacer};

/// A plot of fractions (0..=1 both ways) shown as percents: `x_name` and
/// `y_name` under and beside the axes, ticks every 25% across, `height`
/// points high (axes included), nothing the mouse can pan or zoom.
pub fn percent_plot<'a>(id: &str, x_name: &str, y_name: &str, height: f32) -> Plot<'a> {
    Plot::new(id)
        .height(height)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_axis_zoom_drag(false)
        .allow_double_click_reset(false)
        .show_crosshair(false)
        .x_axis_label(x_name.to_owned())
        .y_axis_label(y_name.to_owned())
        .x_axis_formatter(percent_tick)
        .y_axis_formatter(percent_tick)
        .x_grid_spacer(quarters())
        .y_axis_min_width(28.0)
}

/// Grid lines every 5%, labels every 25% (in fractions).
pub fn quarters() -> impl Fn(GridInput) -> Vec<GridMark> {
    uniform_grid_spacer(|_| [0.05, 0.25, 1.0])
}

/// A tick's text: the mark as a whole percent, on the marks that fall on
/// a whole percent (the finer grid lines go unlabelled).
pub fn percent_tick(mark: GridMark, _range: &std::ops::RangeInclusive<f64>) -> String {
    let percent = 100.0 * mark.value;
    if (percent - percent.round()).abs() < 1e-6 {
        format!("{percent:.0}%")
    } else {
        String::new()
    }
}

/// Fixes the plot's view at `x` by `y` (in data units): every frame, so
/// nothing the plot remembers moves it.
pub fn fix_bounds(plot_ui: &mut PlotUi<'_>, x: (f64, f64), y: (f64, f64)) {
    plot_ui.set_plot_bounds(PlotBounds::from_min_max([x.0, y.0], [x.1, y.1]));
}

/// Names the plot area `name` for accessibility (an image, with its
/// place): the hover label is the plot's own tooltip.
pub fn name_plot(response: &Response, name: &str) {
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, name));
}
