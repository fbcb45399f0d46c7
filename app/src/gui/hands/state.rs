//! What the Hands view keeps between frames: the hands read so far and
//! the reading under way, the hero, the filters and the sort (and the
//! rows and sums they give, kept until one of them changes), the table's
//! scroll place, and the hand opened as the spot with its equity strip.

use std::collections::BTreeMap;
use std::path::PathBuf;

use engine::hands::{HandReport, PlayerSums, Summary};

use super::read::{Message, Reading};
use super::rows::{Filter, SortBy, count_known, likely_hero, shown};
use super::spot::{HandSpot, range_text, scenario, spot_of};
use super::strip::{StripFigures, StripJob};
use crate::gui::files::dialog::{self, Ask, Dialogs, PathPrompt};
use crate::gui::state::background::Background;
use crate::gui::state::history::EditKey;
use crate::gui::state::session::Session;

/// The extensions the open dialog offers.
const EXTENSIONS: &[&str] = &["phh", "phhs", "txt"];

/// The view kept between frames.
pub struct HandsState {
    /// The files read (or being read).
    pub files: Vec<PathBuf>,
    reading: Option<Reading>,
    reports: Vec<HandReport>,
    /// Per player, the hands read whose hole cards are known (for the
    /// hero to start with).
    known: BTreeMap<String, usize>,
    /// The most players at a table among the hands read.
    most_players: usize,
    /// Hands met in the files: read well or skipped.
    pub met: u64,
    /// Hands skipped.
    pub skipped: u64,
    /// Why the first skipped hand was skipped.
    pub first_skip: Option<String>,
    /// A file that could not be opened or read to its end.
    pub failure: Option<String>,
    /// The player whose figures the table and the sums show.
    pub hero: String,
    /// Whether the player typed the hero (else it follows the hands).
    pub hero_typed: bool,
    /// What the table shows.
    pub filter: Filter,
    /// The column sorted by, and whether descending.
    pub sort: (SortBy, bool),
    /// Bumped when hands come in.
    generation: u64,
    /// The rows shown and the hero's sums over them, with what they were
    /// computed for.
    cache: Cached,
    /// The table's scroll place, and whether to restore it next frame.
    pub scroll: (f32, bool),
    /// The hand chosen in the table (an index into the hands read).
    pub chosen: Option<usize>,
    /// The hand opened as the spot, and its spot.
    pub opened: Option<(usize, HandSpot)>,
    strip: Background<StripJob, StripFigures>,
    /// Whether there are file dialogs.
    pub dialogs: Dialogs,
    prompt: Option<PathPrompt<()>>,
}

/// The rows shown and the hero's sums over them, with what they were
/// computed for (`None`: nothing yet).
#[derive(Debug, Default)]
struct Cached {
    key: Option<CacheKey>,
    rows: Vec<usize>,
    sums: PlayerSums,
}

/// What the cached rows were computed for.
#[derive(Clone, Debug, PartialEq)]
struct CacheKey {
    generation: u64,
    hero: String,
    filter: Filter,
    sort: (SortBy, bool),
}

impl Default for HandsState {
    fn default() -> HandsState {
        HandsState {
            files: Vec::new(),
            reading: None,
            reports: Vec::new(),
            known: BTreeMap::new(),
            most_players: 0,
            met: 0,
            skipped: 0,
            first_skip: None,
            failure: None,
            hero: String::new(),
            hero_typed: false,
            filter: Filter::default(),
            sort: (SortBy::Hand, false),
            generation: 0,
            cache: Cached::default(),
            scroll: (0.0, false),
            chosen: None,
            opened: None,
            strip: Background::new("rangestove-hands-strip", StripJob::run),
            dialogs: Dialogs::default(),
            prompt: None,
        }
    }
}

impl HandsState {
    /// Reads `files` in place of the hands shown (on the view's thread).
    pub fn open(&mut self, files: Vec<PathBuf>, ctx: &egui::Context) {
        let repaint = ctx.clone();
        *self = HandsState {
            hero: if self.hero_typed {
                self.hero.clone()
            } else {
                String::new()
            },
            hero_typed: self.hero_typed,
            filter: self.filter.clone(),
            sort: self.sort,
            dialogs: self.dialogs.clone(),
            files: files.clone(),
            reading: None,
            ..HandsState::default()
        };
        self.reading = Reading::start(files, move || repaint.request_repaint());
        if self.reading.is_none() {
            self.failure = Some("No thread could be started to read the files".to_owned());
        }
    }

    /// The positions the position filter offers: those of the largest
    /// table among the hands read, in seat order (a smaller table's are
    /// among them).
    pub fn positions(&self) -> Vec<&'static str> {
        engine::hands::position_names(self.most_players)
    }

    /// Asks for files to read with the system's dialog (or a typed path
    /// where there is none).
    pub fn ask_open(&mut self, ctx: &egui::Context) {
        let ask = Ask {
            kind: "Hand history",
            extensions: EXTENSIONS,
            save: false,
            file_name: None,
        };
        match dialog::ask_files(&self.dialogs, &ask) {
            Err(why) => self.prompt = Some(PathPrompt::new((), ask, why)),
            Ok(files) if files.is_empty() => {}
            Ok(files) => self.open(files, ctx),
        }
    }

    /// The typed-path window, while one is asked for.
    pub fn prompt_ui(&mut self, ctx: &egui::Context) {
        if let Some(((), path)) = dialog::prompt_in(&mut self.prompt, ctx) {
            self.open(vec![path], ctx);
        }
    }

    /// Takes in the hands read since the last frame, and the strip's
    /// figures for the spot as `session` holds it.
    pub fn update(&mut self, session: &Session, ctx: &egui::Context) {
        let messages = self.reading.as_ref().map(Reading::take).unwrap_or_default();
        for message in messages {
            match message {
                Message::Batch { reports, skipped } => {
                    self.met += (reports.len() + skipped.len()) as u64;
                    self.skipped += skipped.len() as u64;
                    if self.first_skip.is_none() {
                        self.first_skip = skipped.into_iter().next();
                    }
                    count_known(&mut self.known, &reports);
                    let players = reports.iter().map(|r| r.hand.players.len());
                    self.most_players = self.most_players.max(players.max().unwrap_or(0));
                    self.reports.extend(reports);
                    self.generation += 1;
                    if !self.hero_typed {
                        self.hero = likely_hero(&self.known);
                    }
                }
                Message::Failed(why) => {
                    self.failure.get_or_insert(why);
                }
                Message::Done => self.reading = None,
            }
        }
        let job = self
            .opened
            .as_ref()
            .and_then(|(_, spot)| StripJob::new(spot, session));
        self.strip.update(job, ctx);
    }

    /// Whether files are being read.
    pub fn reading(&self) -> bool {
        self.reading.is_some()
    }

    /// Every hand read well, in the files' order.
    pub fn reports(&self) -> &[HandReport] {
        &self.reports
    }

    /// The hands the table shows (indices into [`reports`](Self::reports)),
    /// filtered and sorted.
    pub fn shown(&mut self) -> &[usize] {
        self.refresh();
        &self.cache.rows
    }

    /// The hero's sums over the hands shown: the engine's [`Summary`]
    /// with the hero, as `rangestove hands --summary --hero` counts them.
    pub fn sums(&mut self) -> &PlayerSums {
        self.refresh();
        &self.cache.sums
    }

    /// Computes the rows shown and the hero's sums when what they depend
    /// on changed.
    fn refresh(&mut self) {
        let key = CacheKey {
            generation: self.generation,
            hero: self.hero.clone(),
            filter: self.filter.clone(),
            sort: self.sort,
        };
        if self.cache.key.as_ref() == Some(&key) {
            return;
        }
        let rows = shown(&self.reports, &self.hero, &self.filter, self.sort);
        let mut summary = Summary::default();
        for &i in &rows {
            let report = &self.reports[i];
            if report.hand.player_named(&self.hero).is_some() {
                summary.add(report, Some(&self.hero));
            }
        }
        let sums = summary.players.remove(&self.hero).unwrap_or_default();
        self.cache = Cached {
            key: Some(key),
            rows,
            sums,
        };
    }

    /// Opens hand `index` as the spot in `session` (one undo step): its
    /// seats, ranges and board.
    pub fn open_hand(&mut self, index: usize, session: &mut Session) {
        let Some(report) = self.reports.get(index) else {
            return;
        };
        let spot = spot_of(report, &self.hero);
        session.replace_scenario(&scenario(&spot));
        self.chosen = Some(index);
        self.opened = Some((index, spot));
    }

    /// Sets seat `seat`'s choice (cards, a preset's name or range text)
    /// and its range in `session` (one undo step).
    pub fn set_choice(&mut self, seat: usize, text: &str, session: &mut Session) {
        let Some((_, spot)) = &mut self.opened else {
            return;
        };
        let Some(spot_seat) = spot.seats.get_mut(seat) else {
            return;
        };
        spot_seat.choice = text.to_owned();
        if seat < session.seats().len() {
            session.set_seat_text(seat, &range_text(text), EditKey::Discrete);
        }
    }

    /// Back to the list, where it was.
    pub fn back(&mut self) {
        self.opened = None;
        self.scroll.1 = true;
    }

    /// The strip's figures for the hand opened, once counted.
    pub fn strip(&self) -> Option<&StripFigures> {
        self.strip.figures()
    }
}
