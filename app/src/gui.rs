//! The desktop app (eframe/egui).

/// The window title.
pub const TITLE: &str = "Rangestove";

use engine::range::FULL;
use engine::{CardSet, Range};

use crate::grid::{GridState, grid_ui};

/// The application state shown in the window.
#[derive(Debug, Default)]
pub struct RangestoveApp {
    /// The range being edited.
    range: Range,
    /// The range text box's content (may hold a parse error while typed).
    text: String,
    /// The parse error of `text`, if any.
    error: Option<engine::ParseRangeError>,
    /// The grid's interaction state and brush.
    grid: GridState,
}

impl RangestoveApp {
    /// Creates the app for a fresh eframe context.
    pub fn new(_cc: &eframe::CreationContext<'_>) -> RangestoveApp {
        RangestoveApp::default()
    }

    /// The range being edited.
    pub fn range(&self) -> &Range {
        &self.range
    }

    /// The range text box's content.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The grid's state (where it was drawn, the brush).
    pub fn grid_state(&self) -> &GridState {
        &self.grid
    }

    /// The current parse error of the text box, if any.
    pub fn error(&self) -> Option<&engine::ParseRangeError> {
        self.error.as_ref()
    }

    /// Draws the whole window: the range editor (grid, brush, text in
    /// two-way sync). Seats, board and equity bars come with the app issue.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.heading(TITLE);
            ui.label(format!(
                "{} combos, {:.2}% of hands",
                self.range.combo_count(),
                self.range.percent()
            ));
        });
        ui.horizontal(|ui| {
            ui.label("Brush:");
            for percent in [25u16, 50, 75, 100] {
                let bp = percent * (FULL / 100);
                if ui
                    .selectable_label(self.grid.brush_bp == bp, format!("{percent}%"))
                    .on_hover_text("Weight that painting applies")
                    .clicked()
                {
                    self.grid.brush_bp = bp;
                }
            }
            if ui.button("Clear").clicked() {
                self.range = Range::empty();
                self.text.clear();
                self.error = None;
            }
        });
        let edited = ui
            .add(
                egui::TextEdit::singleline(&mut self.text)
                    .hint_text("QQ+, AKs, [50]AJs[/50], 15%")
                    .desired_width(f32::INFINITY),
            )
            .changed();
        if edited {
            match Range::parse(&self.text) {
                Ok(range) => {
                    self.range = range;
                    self.error = None;
                }
                Err(error) => self.error = Some(error),
            }
        }
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error.to_string());
        }
        if grid_ui(ui, &mut self.range, &mut self.grid, CardSet::EMPTY) {
            self.text = self.range.canonical();
            self.error = None;
        }
    }
}

impl eframe::App for RangestoveApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| self.ui(ui));
    }
}

/// Opens the main window and runs until it is closed.
pub fn run() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(TITLE)
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([800.0, 500.0]),
        ..Default::default()
    };
    eframe::run_native(
        TITLE,
        options,
        Box::new(|cc| Ok(Box::new(RangestoveApp::new(cc)))),
    )
}
