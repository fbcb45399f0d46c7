//! What the hand-class table keeps between frames: the background job that
//! computes it ([`super::job`]), the view (hand categories or the 169
//! classes), the sort, the selected row (its combos highlighted on the
//! grid, and put in a group with a click), the seat blockers are counted
//! against, and the CSV export's outcome.
//!
//! A job is built and submitted only when what it is built from changed
//! ([`Stamp`]: the session's revision, the selected seat, the feed's
//! revision, the price, the blockers' seat and strong group), never every
//! frame.

use std::time::Instant;

use engine::study::ClassKey;
use engine::{Combo, Range};

use super::job::{ClassFigures, ClassJob};
use super::rows::TableRow;
use super::table::SortBy;
use crate::gui::files::dialog::{Dialogs, PathPrompt};
use crate::gui::outcome::Outcome;
use crate::gui::state::background::Background;
use crate::gui::state::feed::Feed;
use crate::gui::state::session::Session;

/// What a job is built from, cheap to compare each frame: a change to
/// any of it builds the job anew (and submits it when it differs from the
/// last).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    /// The session's revision: every edit (ranges, board, rules, groups,
    /// names), undo and redo, the street shown.
    session: u64,
    /// The selected seat (choosing one is no edit).
    seat: usize,
    /// The feed's revision: every result and line it took in.
    feed: u64,
    /// The price's break-even equity, bit for bit.
    price: Option<u64>,
    /// The seat blockers are counted against, as chosen.
    other: Option<usize>,
    /// Its group taken as its strong part.
    strong_group: Option<usize>,
}

/// The class table kept between frames.
pub struct ClassesState {
    work: Background<ClassJob, ClassFigures>,
    /// What the last job was built from.
    stamp: Option<Stamp>,
    /// One row per of the 169 classes (else per hand category).
    by_class: bool,
    /// The column sorted by, and whether descending.
    pub(super) sort: (SortBy, bool),
    /// The selected row.
    selected: Option<ClassKey>,
    /// The session seat blockers are counted against (the first other
    /// seat with figures when unset or gone).
    pub(super) other: Option<usize>,
    /// The group of that seat taken as its strong part (`None`: its top
    /// equity bucket).
    pub(super) strong_group: Option<usize>,
    /// The last export's outcome.
    pub(super) export: Option<Outcome>,
    /// A typed path for the CSV asked for in place of a dialog.
    pub(super) prompt: Option<PathPrompt<()>>,
    /// Whether there are file dialogs.
    pub(super) dialogs: Dialogs,
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
            stamp: None,
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

    /// Submits the job for the selected seat of `session` when what it is
    /// built from changed (once `feed` has its per-combo figures) and
    /// takes in the figures; `price` is the break-even equity, if set.
    pub fn update(
        &mut self,
        session: &Session,
        feed: &Feed,
        price: Option<f64>,
        ctx: &egui::Context,
    ) {
        let stamp = Stamp {
            session: session.revision(),
            seat: session.selected(),
            feed: feed.revision(),
            price: price.map(f64::to_bits),
            other: self.other,
            strong_group: self.strong_group,
        };
        if self.stamp != Some(stamp) {
            self.stamp = Some(stamp);
            let other = self.other_seat(session, feed);
            let job = ClassJob::new(session, feed, other, self.strong_group, price);
            self.work.submit(job, ctx);
        }
        self.work.receive();
        self.take_in();
    }

    /// Follows the current job's figures: how long they took, and the
    /// figures shown (the last job's until the current one's come).
    fn take_in(&mut self) {
        let has_job = self.work.job().is_some();
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

    /// The selected row.
    pub fn selected(&self) -> Option<&ClassKey> {
        self.selected.as_ref()
    }

    /// Whether the rows are the 169 classes.
    pub fn by_class(&self) -> bool {
        self.by_class
    }

    /// The rows shown: made hands and draws, or the 169 classes.
    pub fn rows(&self) -> Option<(&[TableRow], &[TableRow])> {
        let f = self.figures()?;
        Some(if self.by_class {
            (&f.classes, &[])
        } else {
            (&f.made, &f.draws)
        })
    }

    /// The seat blockers are counted against, once its figures are in.
    pub fn against(&self) -> Option<&str> {
        let blockers = self.figures()?.blockers.as_ref()?;
        Some(blockers.against.as_str())
    }

    /// With two other seats or more, their names: the columns of the
    /// equity against each alone.
    pub fn versus_names(&self) -> Vec<String> {
        self.figures()
            .map(|f| f.job.versus.iter().map(|(name, _)| name.clone()).collect())
            .unwrap_or_default()
    }

    /// The selected row's combos, with their weights.
    pub fn selected_hands(&self) -> Option<&Range> {
        let key = self.selected.as_ref()?;
        let (first, second) = self.rows()?;
        first
            .iter()
            .chain(second)
            .find(|r| r.row.category == *key)
            .map(|r| &r.row.hands)
    }

    /// The combos of the made-hand or draw row `key`, with their weights
    /// (a board-breakdown row's).
    pub fn category_hands(&self, key: &ClassKey) -> Option<&Range> {
        let f = self.figures()?;
        f.made
            .iter()
            .chain(&f.draws)
            .find(|r| r.row.category == *key)
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

    /// Selects the row `key` (again: unselects it).
    pub fn toggle_row(&mut self, key: ClassKey) {
        self.selected = if self.selected.as_ref() == Some(&key) {
            None
        } else {
            Some(key)
        };
    }

    /// Unselects the row.
    pub(super) fn unselect(&mut self) {
        self.selected = None;
    }

    /// Shows the 169 classes (or the hand categories); a change unselects
    /// the row.
    pub(super) fn set_by_class(&mut self, by_class: bool) {
        if by_class != self.by_class {
            self.by_class = by_class;
            self.selected = None;
        }
    }
}

/// Per class index, the share of its combos `range` holds (any weight):
/// the grid's highlight.
pub fn highlight_of(range: &Range) -> Vec<f32> {
    let mut share = vec![0.0f32; engine::combo::CLASSES];
    for (combo, _) in range.combos() {
        let class = Combo::class(combo);
        share[class.index()] += 1.0 / class.combo_count() as f32;
    }
    share
}
