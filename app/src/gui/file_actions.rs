//! The File menu's actions and pasting, on the app: New, scenario files,
//! the spot as text, and the selected seat's grid as an image. What a file
//! holds is in [`files`](super::files) and [`grid_image`](super::grid_image);
//! this carries out the user's choice and reports it in the toolbar.

use std::path::Path;

use super::history::EditKey;
use super::scenario::Scenario;
use super::session::MAX_SEATS;
use super::toolbar::FileAction;
use super::{RangestoveApp, feed, files, grid_image, seats};

impl RangestoveApp {
    /// Pasted text: a spot copied as text replaces the spot (one undo
    /// step); anything else is range text, in any dialect, for the
    /// selected seat.
    pub fn paste(&mut self, text: &str) {
        if let Some(scenario) = files::parse_spot_text(text) {
            self.session.replace_scenario(&scenario);
            let dropped = dropped_seats(&scenario);
            self.file_message = Some(Ok(format!("Pasted a spot{dropped}")));
        } else {
            let index = self.session.selected();
            self.session
                .set_seat_text(index, text.trim(), EditKey::Discrete);
        }
    }

    /// The last file action's outcome (`Err`: what went wrong).
    pub fn file_message(&self) -> Option<&Result<String, String>> {
        self.file_message.as_ref()
    }

    /// Replaces the spot with a fresh one (one undo step).
    pub fn new_spot(&mut self) {
        self.session.replace_scenario(&Scenario::default());
        self.file_message = Some(Ok("New spot (Undo brings the last one back)".to_owned()));
    }

    /// Saves the spot as a scenario file at `path` (atomically).
    pub fn save_scenario(&mut self, path: &Path) {
        self.file_message = Some(
            files::save_scenario(path, &self.session.scenario())
                .map(|()| format!("Saved {}", path.display()))
                .map_err(|e| format!("Not saved: {e:#}")),
        );
    }

    /// Opens the scenario file at `path` (one undo step); a bad file is
    /// reported and left as it is.
    pub fn open_scenario(&mut self, path: &Path) {
        self.file_message = Some(match files::open_scenario(path) {
            Ok(scenario) => {
                self.session.replace_scenario(&scenario);
                let dropped = dropped_seats(&scenario);
                Ok(format!("Opened {}{dropped}", path.display()))
            }
            Err(e) => Err(format!("Not opened: {e:#}")),
        });
    }

    /// The spot as text, with the equities when the numbers are current.
    pub fn spot_text(&self) -> String {
        let equities = self.feed.result().map(|result| {
            let figures: Vec<String> = self
                .session
                .seats()
                .iter()
                .enumerate()
                .filter_map(|(i, seat)| {
                    let f = self.feed.seat_equity(i)?;
                    Some(format!("{} {:.2}%", seat.name, 100.0 * f.equity))
                })
                .collect();
            format!("{} ({})", figures.join(", "), feed::method_text(result))
        });
        files::spot_text(&self.session.scenario(), equities.as_deref())
    }

    /// The selected seat's grid as an image: its name and range text, its
    /// combo count, the 13×13 grid.
    pub fn grid_image(&self, ctx: &egui::Context) -> egui::ColorImage {
        let index = self.session.selected();
        let seat = self.session.selected_seat();
        let blocked = self.session.blocked_for(index);
        let live = seat.range.combos_given(blocked);
        let title = format!("{}: {}", seat.name, seat.text.trim());
        let subtitle = format!(
            "{} ({:.1}% of all hands)",
            seats::combos_label(live),
            seat.range.percent_given(blocked)
        );
        grid_image::render(
            ctx,
            &grid_image::GridPicture {
                title: &title,
                subtitle: &subtitle,
                range: &seat.range,
                blocked,
                dark: self.prefs.dark,
            },
        )
    }

    /// Saves the selected seat's grid as a PNG file at `path` (atomically).
    pub fn save_grid_png(&mut self, ctx: &egui::Context, path: &Path) {
        let image = self.grid_image(ctx);
        let saved = grid_image::encode_png(&image).and_then(|bytes| {
            crate::io::atomic::write_atomic(path, &bytes, || Ok(()))?;
            Ok(())
        });
        self.file_message = Some(
            saved
                .map(|()| format!("Saved the grid as {}", path.display()))
                .map_err(|e| format!("Grid not saved: {e:#}")),
        );
    }

    /// Carries out a File-menu choice (the dialogs pick the paths).
    pub(super) fn file_action(&mut self, ctx: &egui::Context, action: FileAction) {
        let scenario_dialog = || {
            rfd::FileDialog::new().add_filter("Rangestove scenario", &[files::SCENARIO_EXTENSION])
        };
        match action {
            FileAction::New => self.new_spot(),
            FileAction::Open => {
                if let Some(path) = scenario_dialog().pick_file() {
                    self.open_scenario(&path);
                }
            }
            FileAction::Save => {
                if let Some(path) = scenario_dialog().set_file_name("spot.ron").save_file() {
                    self.save_scenario(&path);
                }
            }
            FileAction::CopySpot => {
                ctx.copy_text(self.spot_text());
                self.file_message = Some(Ok("Copied the spot as text".to_owned()));
            }
            FileAction::CopyGrid => {
                ctx.copy_image(self.grid_image(ctx));
                let name = &self.session.selected_seat().name;
                self.file_message = Some(Ok(format!("Copied {name}'s grid as an image")));
            }
            FileAction::SaveGridPng => {
                let name = format!(
                    "{}.png",
                    crate::presets::slug(&self.session.selected_seat().name)
                );
                if let Some(path) = rfd::FileDialog::new()
                    .add_filter("PNG image", &["png"])
                    .set_file_name(name)
                    .save_file()
                {
                    self.save_grid_png(ctx, &path);
                }
            }
        }
    }
}

/// What to add to a message when `scenario` has more seats than the app
/// shows (the first [`MAX_SEATS`] are kept): nothing, or why some are gone.
fn dropped_seats(scenario: &Scenario) -> String {
    let seats = scenario.seats.len();
    if seats > MAX_SEATS {
        format!(" (its first {MAX_SEATS} of {seats} seats: the app holds at most {MAX_SEATS})")
    } else {
        String::new()
    }
}
