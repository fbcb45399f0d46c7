//! The hand-class table's state and controls (docs/design.md §3.9): the
//! background job that computes it ([`super::class_job`]), the view (hand
//! categories or the 169 classes), the sort, the selected row (its combos
//! highlighted on the grid, and put in a group with a click), the seat
//! blockers are counted against, and the CSV export. The table itself is
//! drawn by [`super::class_table`].

use std::time::Instant;

use engine::Range;
use engine::equity::EquityRequest;
use engine::study::MAX_GROUPS;

use super::class_job::{ClassFigures, ClassJob, highlight_of};
use super::class_rows::{TableRow, csv_text};
use super::class_table::{SortBy, table_ui};
use crate::gui::editor::group_brush::group_color;
use crate::gui::files::dialog::{self, Dialogs, PathPrompt};
use crate::gui::state::background::Background;
use crate::gui::state::feed::Feed;
use crate::gui::state::group_edits::add_to_group;
use crate::gui::state::session::Session;

/// The class table kept between frames.
pub struct ClassesState {
    work: Background<ClassJob, ClassFigures>,
    /// One row per of the 169 classes (else per hand category).
    by_class: bool,
    /// The column sorted by, and whether descending.
    sort: (SortBy, bool),
    /// The selected row's category (or class).
    selected: Option<String>,
    /// The session seat blockers are counted against (the first other
    /// seat with figures when unset or gone).
    other: Option<usize>,
    /// The group of that seat taken as its strong part (`None`: its top
    /// equity bucket).
    strong_group: Option<usize>,
    /// The last export's outcome.
    export: Option<Result<String, String>>,
    prompt: Option<PathPrompt<()>>,
    dialogs: Dialogs,
    /// Since when the figures of the current job are awaited.
    waiting: Option<Instant>,
    /// How long the last figures took to come after their job was
    /// submitted (the frame the equity was shown), in milliseconds.
    latency_ms: Option<f64>,
    /// The newest figures in: the current job's, or while they are
    /// computed (a group edited) the last job's of the same equity.
    shown: Option<ClassFigures>,
}

impl Default for ClassesState {
    fn default() -> ClassesState {
        ClassesState {
            work: Background::new("rangestove-classes", ClassJob::run),
            by_class: false,
            sort: (SortBy::Order, false),
            selected: None,
            other: None,
            strong_group: None,
            export: None,
            prompt: None,
            dialogs: Dialogs::default(),
            waiting: None,
            latency_ms: None,
            shown: None,
        }
    }
}

impl ClassesState {
    /// Uses `dialogs` for the CSV export (a typed path where there are
    /// none).
    pub fn set_dialogs(&mut self, dialogs: Dialogs) {
        self.dialogs = dialogs;
    }

    /// Submits the job for the selected seat of `session` when it changed
    /// (once `feed` has its per-combo figures) and takes in the figures;
    /// `price` is the break-even equity, if set.
    pub fn update(
        &mut self,
        session: &Session,
        feed: &Feed,
        price: Option<f64>,
        ctx: &egui::Context,
    ) {
        let index = session.selected();
        let seat = session.selected_seat();
        let other_seat = self.other_seat(session, feed);
        let other = other_seat.and_then(|o| {
            let name = session.seats().get(o)?.name.clone();
            Some((name, feed.seat_breakdown(o)?.clone()))
        });
        let strong_group = other_seat
            .zip(self.strong_group)
            .and_then(|(o, g)| group_shares(session, o, g));
        // On a line: the range that continues on the street shown.
        let range = feed
            .seat_line(index)
            .map_or(&seat.range, |(_, continuing, _)| continuing);
        let versus = versus_spots(session, feed);
        let job = feed.seat_breakdown(index).map(|b| ClassJob {
            versus,
            strong_group,
            range: range.clone(),
            groups: seat.groups.fitted(range),
            board: session.view_board().to_vec(),
            breakdown: b.clone(),
            other,
            price,
        });
        let has_job = job.is_some();
        self.work.update(job, ctx);
        match self.work.figures() {
            None if has_job => {
                self.waiting.get_or_insert_with(Instant::now);
            }
            Some(_) => {
                if let Some(since) = self.waiting.take() {
                    self.latency_ms = Some(since.elapsed().as_secs_f64() * 1000.0);
                }
            }
            None => self.waiting = None,
        }
        match self.work.figures() {
            _ if !has_job => self.shown = None,
            Some(f) if self.shown.as_ref().is_none_or(|s| s.job != f.job) => {
                self.shown = Some(f.clone());
            }
            _ => {}
        }
    }

    /// The seat blockers are counted against: the chosen one while it has
    /// figures, else the first other seat that has.
    fn other_seat(&self, session: &Session, feed: &Feed) -> Option<usize> {
        let index = session.selected();
        let candidates: Vec<usize> = (0..session.seats().len())
            .filter(|&i| i != index && feed.seat_breakdown(i).is_some())
            .collect();
        self.other
            .filter(|o| candidates.contains(o))
            .or_else(|| candidates.first().copied())
    }

    /// The newest figures: the current job's once computed, the last
    /// job's meanwhile (see `ClassFigures::job`).
    pub fn figures(&self) -> Option<&ClassFigures> {
        self.shown.as_ref()
    }

    /// How long the last figures took after their job was submitted, in
    /// milliseconds.
    pub fn latency_ms(&self) -> Option<f64> {
        self.latency_ms
    }

    /// The selected row's category (or class).
    pub fn selected(&self) -> Option<&str> {
        self.selected.as_deref()
    }

    /// Whether the rows are the 169 classes.
    pub fn by_class(&self) -> bool {
        self.by_class
    }

    /// The rows shown: made hands and draws, or the 169 classes.
    fn rows(&self) -> Option<(&[TableRow], &[TableRow])> {
        let f = self.figures()?;
        Some(if self.by_class {
            (&f.classes, &[])
        } else {
            (&f.made, &f.draws)
        })
    }

    /// The selected row's combos, with their weights.
    pub fn selected_hands(&self) -> Option<&Range> {
        let name = self.selected.as_deref()?;
        let (first, second) = self.rows()?;
        first
            .iter()
            .chain(second)
            .find(|r| r.row.category == name)
            .map(|r| &r.row.hands)
    }

    /// The combos of the made-hand or draw row `category`, with their
    /// weights (a board-breakdown row's, by its name).
    pub fn category_hands(&self, category: &str) -> Option<&Range> {
        let f = self.figures()?;
        f.made
            .iter()
            .chain(&f.draws)
            .find(|r| r.row.category == category)
            .map(|r| &r.row.hands)
    }

    /// Per class index, the share of its combos in the selected row.
    pub fn highlight(&self) -> Option<Vec<f32>> {
        self.selected_hands().map(highlight_of)
    }

    /// Per class index, the share of its combos that call the price.
    pub fn price_highlight(&self) -> Option<Vec<f32>> {
        self.figures()?.calls.as_ref().map(highlight_of)
    }

    /// Selects the row `category` (again: unselects it).
    pub fn toggle_row(&mut self, category: &str) {
        self.selected = if self.selected.as_deref() == Some(category) {
            None
        } else {
            Some(category.to_owned())
        };
    }
}

/// The class table of the selected seat: its controls, the table, and the
/// selected row's actions.
pub fn classes_ui(ui: &mut egui::Ui, state: &mut ClassesState, session: &mut Session) {
    let index = session.selected();
    ui.horizontal_wrapped(|ui| {
        let mut by_class = state.by_class;
        ui.selectable_value(&mut by_class, false, "Categories")
            .on_hover_text("One row per made hand (every combo in one) and per draw");
        ui.selectable_value(&mut by_class, true, "169 classes")
            .on_hover_text("One row per hand class (AKs, 77, …)");
        if by_class != state.by_class {
            state.by_class = by_class;
            state.selected = None;
        }
        other_seat_ui(ui, state, session);
        export_ui(ui, state, session);
    });
    let names: Vec<String> = (0..MAX_GROUPS)
        .map(|g| session.selected_seat().groups.name(g).to_owned())
        .collect();
    let mut unselect = false;
    let (clicked, sort) = {
        let Some(figures) = state.figures() else {
            ui.weak(if session.view_board().len() < 3 && !state.by_class {
                "Deal a flop for hand categories (or show the 169 classes)."
            } else {
                "computing… (the table follows the equity)"
            });
            return;
        };
        let (made, draws): (&[TableRow], &[TableRow]) = if state.by_class {
            (&figures.classes, &[])
        } else {
            (&figures.made, &figures.draws)
        };
        if made.is_empty() {
            ui.weak("Deal a flop for hand categories (or show the 169 classes).");
            return;
        }
        if let Some(name) = state.selected.as_deref() {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("{name}: put in"));
                for (g, group) in names.iter().enumerate() {
                    let text = egui::RichText::new(format!("» {group}")).color(group_color(g));
                    if ui
                        .button(text)
                        .on_hover_text(format!("Add the row's combos to the group “{group}”"))
                        .clicked()
                        && let Some(hands) = state.selected_hands()
                    {
                        add_to_group(session, index, g, hands);
                    }
                }
                unselect = ui.button("Unselect").clicked();
            });
        }
        let against = figures.blockers.as_ref().map(|b| b.against.as_str());
        let versus: Vec<String> = state
            .figures()
            .map(|f| f.job.versus.iter().map(|(name, _)| name.clone()).collect())
            .unwrap_or_default();
        let table = super::class_table::Table {
            made,
            draws,
            names: &names,
            against,
            selected: state.selected.as_deref(),
            versus: &versus,
        };
        table_ui(ui, state.sort, &table)
    };
    state.sort = sort;
    if unselect {
        state.selected = None;
    }
    if let Some(category) = clicked {
        state.toggle_row(&category);
    }
}

/// Seat `seat`'s group `g` as a strong part: its name and, per combo
/// index, the share of the combo's weight in it; `None` when empty.
fn group_shares(session: &Session, seat: usize, g: usize) -> Option<(String, Vec<f32>)> {
    let s = session.seats().get(seat)?;
    let fitted = s.groups.fitted(&s.range);
    let (name, group) = fitted.get(g).filter(|(_, r)| !r.is_empty())?;
    let shares = engine::Combo::all()
        .map(|c| match s.range.weight_bp(c) {
            0 => 0.0,
            held => f32::from(group.weight_bp(c)) / f32::from(held),
        })
        .collect();
    Some((name.clone(), shares))
}

/// The seat blockers are counted against, and its strong part.
fn other_seat_ui(ui: &mut egui::Ui, state: &mut ClassesState, session: &Session) {
    let Some(current) = state
        .figures()
        .and_then(|f| f.blockers.as_ref())
        .map(|b| b.against.clone())
    else {
        return;
    };
    let mut chosen = None;
    egui::ComboBox::from_id_salt("blockers against")
        .selected_text(format!("blockers vs {current}"))
        .show_ui(ui, |ui| {
            for (i, seat) in session.seats().iter().enumerate() {
                if i != session.selected()
                    && ui
                        .selectable_label(seat.name == current, &seat.name)
                        .clicked()
                {
                    chosen = Some(i);
                }
            }
        })
        .response
        .on_hover_text(
            "Blockers: the share of that seat's strong hands (equity ≥ 75%) and of its weak \
             ones (< 25%) that hold one of a row's cards, and the difference (positive: the \
             row blocks more strong hands than weak ones, the mark of a bluff)",
        );
    if chosen.is_some() {
        state.other = chosen;
        state.strong_group = None;
    }
    // Its strong part: the top bucket, or one of its (non-empty) groups.
    let Some(seat) = session.seats().iter().find(|s| s.name == current) else {
        return;
    };
    let fitted = seat.groups.fitted(&seat.range);
    let part = |g: Option<usize>| match g.and_then(|g| fitted.get(g)) {
        Some((name, _)) => format!("strong: {name}"),
        None => "strong: top bucket".to_owned(),
    };
    egui::ComboBox::from_id_salt("blockers strong part")
        .selected_text(part(state.strong_group))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut state.strong_group, None, part(None));
            for (g, (_, group)) in fitted.iter().enumerate() {
                if !group.is_empty() {
                    ui.selectable_value(&mut state.strong_group, Some(g), part(Some(g)));
                }
            }
        })
        .response
        .on_hover_text(
            "The other seat's strong part: its combos at 75% equity or more, or one of its \
             groups (its value range, say)",
        );
}

/// With two other active seats or more: each one's name and the heads-up
/// spot of the selected seat against it alone, on the street shown (the
/// ranges as the line leaves them), with per-combo figures.
fn versus_spots(session: &Session, feed: &Feed) -> Vec<(String, EquityRequest)> {
    let (job, indices) = session.equity_job(false);
    let spot = match feed.line() {
        Some(line) if line.request.seats.len() == indices.len() => line.request.clone(),
        _ => job.request,
    };
    let Some(me) = indices.iter().position(|&i| i == session.selected()) else {
        return Vec::new();
    };
    let others: Vec<usize> = (0..spot.seats.len())
        .filter(|&k| k != me && !spot.seats[k].folded)
        .collect();
    if others.len() < 2 || spot.seats[me].folded {
        return Vec::new();
    }
    others
        .into_iter()
        .map(|k| {
            let name = session.seats()[indices[k]].name.clone();
            let request = EquityRequest {
                seats: vec![spot.seats[me].clone(), spot.seats[k].clone()],
                breakdown: true,
                preview: false,
                ..spot.clone()
            };
            (name, request)
        })
        .collect()
}

/// "Export CSV…": the rows shown, to a file picked in a dialog (or typed).
fn export_ui(ui: &mut egui::Ui, state: &mut ClassesState, session: &Session) {
    let picked = dialog::export_csv_path(
        ui,
        state.figures().is_some(),
        "Save the rows shown as comma-separated values",
        "classes.csv",
        &state.dialogs,
        &mut state.prompt,
    );
    if let Some(path) = picked {
        state.export = Some(export_csv(state, session, &path));
    }
    dialog::outcome_ui(ui, state.export.as_ref());
}

/// Writes the rows shown to `path` as CSV, atomically.
pub fn export_csv(
    state: &ClassesState,
    session: &Session,
    path: &std::path::Path,
) -> Result<String, String> {
    let Some((first, second)) = state.rows() else {
        return Err("Not saved: no figures yet".to_owned());
    };
    let rows: Vec<TableRow> = first.iter().chain(second).cloned().collect();
    let names: Vec<String> = (0..MAX_GROUPS)
        .map(|g| session.selected_seat().groups.name(g).to_owned())
        .collect();
    let against = state
        .figures()
        .and_then(|f| f.blockers.as_ref())
        .map(|b| b.against.as_str());
    let versus: Vec<String> = state
        .figures()
        .map(|f| f.job.versus.iter().map(|(name, _)| name.clone()).collect())
        .unwrap_or_default();
    let text = csv_text(&rows, &names, against, &versus);
    crate::io::atomic::write_atomic(path, text.as_bytes(), || Ok(()))
        .map(|_| format!("Saved {}", path.display()))
        .map_err(|e| format!("Not saved: {e:#}"))
}
