//! The File menu and pasting, carried out: New, scenario files, the spot
//! as text, and the selected seat's grid as an image. What a file holds
//! is in [`spot_file`], [`spot_text`] and
//! [`grid_image`]; this works on the
//! session it is given and keeps the outcome for the toolbar.

use std::path::Path;

use engine::CardSet;

use super::dialog::{self, Ask, Dialogs, PathPrompt, Picked};
use super::{spot_file, spot_text};
use crate::gui::editor::grid_image;
use crate::gui::outcome::Outcome;
use crate::gui::state::feed::Feed;
use crate::gui::state::history::EditKey;
use crate::gui::state::scenario::Scenario;
use crate::gui::state::session::{MAX_SEATS, Session};
use crate::gui::toolbar::FileAction;
use crate::gui::wording::{and_list, combos_label, method_text};

/// How long the toolbar shows a file action that went well, in seconds
/// (one that failed stays until the spot changes).
pub const DONE_SHOWN_FOR: f64 = 6.0;

/// What the File menu keeps between frames: the last action's outcome,
/// shown in the toolbar until the spot changes again (a success for
/// [`DONE_SHOWN_FOR`] seconds at most).
#[derive(Debug, Default)]
pub struct FileMenu {
    /// The outcome, and the session's revision once it was carried out.
    message: Option<(Outcome, u64)>,
    /// When the toolbar first showed it (the UI's clock).
    shown_at: Option<f64>,
    /// Whether there are file dialogs.
    dialogs: Dialogs,
    /// A typed path asked for in place of a dialog.
    prompt: Option<PathPrompt<FileAction>>,
}

impl FileMenu {
    /// The last file action's outcome, while it
    /// still speaks of the spot in `session` (an edit, an undo or a redo
    /// since ends it).
    pub fn message(&self, session: &Session) -> Option<&Outcome> {
        self.message
            .as_ref()
            .filter(|(_, revision)| *revision == session.revision())
            .map(|(message, _)| message)
    }

    /// What the toolbar shows at `now` (the UI's clock, in seconds): the
    /// outcome while it speaks of the spot, a success for
    /// [`DONE_SHOWN_FOR`] seconds from when it was first shown; and in
    /// how many seconds that ends.
    pub fn toolbar_message(&mut self, session: &Session, now: f64) -> Option<(Outcome, f64)> {
        let message = self.message(session)?.clone();
        let shown_at = *self.shown_at.get_or_insert(now);
        match message {
            Outcome::Done(_) => {
                let left = DONE_SHOWN_FOR - (now - shown_at);
                (left > 0.0).then_some((message, left))
            }
            Outcome::Failed(_) => Some((message, f64::INFINITY)),
        }
    }

    /// Uses `dialogs` for Open, Save and Save grid (a typed path where
    /// there are none).
    pub fn set_dialogs(&mut self, dialogs: Dialogs) {
        self.dialogs = dialogs;
    }

    /// Whether a typed path is being asked for (no file dialog).
    pub fn prompting(&self) -> bool {
        self.prompt.is_some()
    }

    /// Says `message` about the spot as `session` now is.
    fn say(&mut self, session: &Session, message: Outcome) {
        self.message = Some((message, session.revision()));
        self.shown_at = None;
    }

    /// Pasted text: a spot copied as text replaces the spot in `session`
    /// (one undo step); anything else is range text, in any dialect, for
    /// the selected seat.
    pub fn paste(&mut self, session: &mut Session, text: &str) {
        if let Some(scenario) = spot_text::parse_spot_text(text) {
            session.replace_scenario(&scenario);
            let dropped = dropped_seats(&scenario);
            self.say(session, Outcome::Done(format!("Pasted a spot{dropped}")));
        } else {
            let index = session.selected();
            session.set_seat_text(index, text.trim(), EditKey::Discrete);
        }
    }

    /// Replaces the spot with a fresh one (one undo step).
    pub fn new_spot(&mut self, session: &mut Session) {
        session.replace_scenario(&Scenario::default());
        self.say(
            session,
            Outcome::Done("New spot (Undo brings the last one back)".to_owned()),
        );
    }

    /// Saves the spot as a scenario file at `path` (atomically).
    pub fn save_scenario(&mut self, session: &Session, path: &Path) {
        let saved = Outcome::of(
            spot_file::save_scenario(path, &session.scenario()),
            |()| format!("Saved {}", path.display()),
            |e| format!("Not saved: {e:#}"),
        );
        self.say(session, saved);
    }

    /// Opens the scenario file at `path` into `session` (one undo step); a
    /// bad file is reported and left as it is.
    pub fn open_scenario(&mut self, session: &mut Session, path: &Path) {
        let opened = match spot_file::open_scenario(path) {
            Ok(scenario) => {
                session.replace_scenario(&scenario);
                let dropped = dropped_seats(&scenario);
                Outcome::Done(format!("Opened {}{dropped}", path.display()))
            }
            Err(e) => Outcome::Failed(format!("Not opened: {e:#}")),
        };
        self.say(session, opened);
    }

    /// Saves the selected seat's grid as a PNG file at `path`
    /// (atomically), drawn for the `dark` theme or the light one.
    pub fn save_grid_png(
        &mut self,
        ctx: &egui::Context,
        session: &Session,
        dark: bool,
        path: &Path,
    ) {
        let image = grid_as_image(ctx, session, dark);
        let saved = grid_image::encode_png(&image).and_then(|bytes| {
            crate::io::atomic::write_atomic(path, &bytes, || Ok(()))?;
            Ok(())
        });
        let saved = Outcome::of(
            saved,
            |()| format!("Saved the grid as {}", path.display()),
            |e| format!("Grid not saved: {e:#}"),
        );
        self.say(session, saved);
    }

    /// Carries out a File-menu choice on `session` (the dialogs pick the
    /// paths; `feed` gives the copied spot its equities, `dark` the
    /// grid's theme).
    pub fn carry_out(
        &mut self,
        ctx: &egui::Context,
        action: FileAction,
        session: &mut Session,
        feed: &Feed,
        dark: bool,
    ) {
        let scenario = |save: bool, file_name: Option<String>| Ask {
            kind: "Rangestove scenario",
            extensions: &[spot_file::SCENARIO_EXTENSION],
            save,
            file_name,
        };
        let ask = match action {
            FileAction::New => return self.new_spot(session),
            // The Hands view reads these (the app hands it the action).
            FileAction::OpenHands => return,
            FileAction::CopySpot => {
                ctx.copy_text(spot_as_text(session, feed));
                return self.say(session, Outcome::Done("Copied the spot as text".to_owned()));
            }
            FileAction::CopyGrid => {
                ctx.copy_image(grid_as_image(ctx, session, dark));
                let name = &session.selected_seat().name;
                let message = Outcome::Done(format!("Copied {name}'s grid as an image"));
                return self.say(session, message);
            }
            FileAction::Open => scenario(false, None),
            FileAction::Save => scenario(true, Some("spot.ron".to_owned())),
            FileAction::SaveGridPng => Ask {
                kind: "PNG image",
                extensions: &["png"],
                save: true,
                file_name: Some(format!(
                    "{}.png",
                    crate::presets::slug(&session.selected_seat().name)
                )),
            },
        };
        match dialog::ask(&self.dialogs, &ask) {
            Picked::Path(path) => self.carry_out_at(ctx, action, session, dark, &path),
            Picked::Cancelled => {}
            Picked::Type(why) => self.prompt = Some(PathPrompt::new(action, ask, why)),
        }
    }

    /// The typed-path window, while one is asked for: carries out its
    /// action once a path is confirmed.
    pub fn prompt_ui(&mut self, ctx: &egui::Context, session: &mut Session, dark: bool) {
        if let Some((action, path)) = dialog::prompt_in(&mut self.prompt, ctx) {
            self.carry_out_at(ctx, action, session, dark, &path);
        }
    }

    /// Carries out a File-menu choice that works on the file at `path`.
    fn carry_out_at(
        &mut self,
        ctx: &egui::Context,
        action: FileAction,
        session: &mut Session,
        dark: bool,
        path: &Path,
    ) {
        match action {
            FileAction::Open => self.open_scenario(session, path),
            FileAction::Save => self.save_scenario(session, path),
            FileAction::SaveGridPng => self.save_grid_png(ctx, session, dark, path),
            FileAction::New
            | FileAction::CopySpot
            | FileAction::CopyGrid
            | FileAction::OpenHands => {}
        }
    }
}

/// The spot as text, with the equities from `feed` when the numbers are
/// current.
pub fn spot_as_text(session: &Session, feed: &Feed) -> String {
    let equities = feed.result().map(|result| {
        let figures: Vec<String> = session
            .seats()
            .iter()
            .enumerate()
            .filter_map(|(i, seat)| {
                let f = feed.seat_equity(i)?;
                Some(format!("{} {:.2}%", seat.name, 100.0 * f.equity))
            })
            .collect();
        format!("{} ({})", figures.join(", "), method_text(result))
    });
    spot_text::spot_text(&session.scenario(), equities.as_deref())
}

/// The selected seat's grid as an image for the `dark` theme or the
/// light one: its name and range text, its combo count (and what the
/// cards on the table leave of it), the 13×13 grid.
pub fn grid_as_image(ctx: &egui::Context, session: &Session, dark: bool) -> egui::ColorImage {
    let index = session.selected();
    let seat = session.selected_seat();
    let blocked = session.blocked_for(index);
    let (title, subtitle) = grid_caption(session);
    grid_image::render(
        ctx,
        &grid_image::GridPicture {
            title: &title,
            subtitle: &subtitle,
            range: &seat.range,
            blocked,
            dark,
        },
    )
}

/// The grid image's two lines for the selected seat: its name and range
/// text; its combos and share of all hands, then, when cards on the table
/// block some, what is left and which cards those are (the picture has no
/// board of its own, so the count says what it was taken with).
pub fn grid_caption(session: &Session) -> (String, String) {
    let index = session.selected();
    let seat = session.selected_seat();
    let title = format!("{}: {}", seat.name, seat.text.trim());
    let all = format!(
        "{} ({:.1}% of all hands)",
        combos_label(seat.range.combos_given(CardSet::EMPTY)),
        seat.range.percent_given(CardSet::EMPTY)
    );
    let blocked = session.blocked_for(index);
    if blocked.is_empty() {
        return (title, all);
    }
    let board: String = session.board().iter().map(ToString::to_string).collect();
    let mut cards = Vec::new();
    if !board.is_empty() {
        cards.push(format!("board {board}"));
    }
    if !session.dead().is_empty() {
        cards.push(format!("dead {}", session.dead()));
    }
    let hands = session.exact_hands_except(Some(index));
    if !hands.is_empty() {
        cards.push(format!("other seats' hands {hands}"));
    }
    let cards: Vec<&str> = cards.iter().map(String::as_str).collect();
    let subtitle = format!(
        "{all}; {} left with {}",
        combos_label(seat.range.combos_given(blocked)),
        and_list(&cards)
    );
    (title, subtitle)
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
