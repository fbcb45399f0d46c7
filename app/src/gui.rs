//! The desktop app (eframe/egui).

/// The window title.
pub const TITLE: &str = "Rangestove";

/// The application state shown in the window.
#[derive(Debug, Default)]
pub struct RangestoveApp {}

impl RangestoveApp {
    /// Creates the app for a fresh eframe context.
    pub fn new(_cc: &eframe::CreationContext<'_>) -> RangestoveApp {
        RangestoveApp::default()
    }

    /// Draws the whole window.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() * 0.35);
            ui.heading(TITLE);
            ui.label("Range and equity calculator for Texas Hold'em.");
            ui.label("The range editor arrives with the next releases; try `rangestove eval`.");
        });
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
