//! The hero analysis: an exact hand's strength and potential against one
//! random hand and each villain's range, computed on a named background
//! thread (`rangestove-analysis`, an [`engine::worker::Runner`]: newest job
//! wins), like equity on the worker: the UI thread never runs an equity
//! calculation.

use engine::analysis::hero::{Potential, chen_points, chen_score, potential};
use engine::worker::Job;
use engine::{Card, CardSet, Combo, HandClass, Range};

use crate::gui::editor::grid::heat_color;
use crate::gui::state::background::{Answers, Background};
use crate::gui::state::scenario::SeatMode;
use crate::gui::state::session::Session;

/// What the hero analysis is computed for.
#[derive(Clone, Debug, PartialEq)]
pub struct HeroJob {
    /// The hero's hand.
    pub hero: Combo,
    /// The board (3 to 5 cards).
    pub board: Vec<Card>,
    /// Dead cards.
    pub dead: CardSet,
    /// Each villain's name and range.
    pub villains: Vec<(String, Range)>,
}

impl HeroJob {
    /// The job for the session's selected seat, if it holds one exact hand
    /// and there is a flop: against every other active seat.
    fn new(session: &Session) -> Option<HeroJob> {
        let hero = session.selected_seat().exact_hand()?;
        if session.view_board().len() < 3 {
            return None;
        }
        let villains = session
            .seats()
            .iter()
            .enumerate()
            .filter(|&(i, s)| i != session.selected() && s.mode == SeatMode::Active)
            .map(|(_, s)| (s.name.clone(), s.range.clone()))
            .collect();
        Some(HeroJob {
            hero,
            board: session.view_board().to_vec(),
            dead: session.dead(),
            villains,
        })
    }

    /// Computes the figures and sends them, unless a newer job came first.
    fn run(self, job: &Job<'_, HeroFigures>) {
        let stale = || job.is_stale();
        let run = |range: Option<&Range>| {
            potential(self.hero, &self.board, self.dead, range, &stale).map_err(|e| e.to_string())
        };
        let random = run(None);
        let villains = self
            .villains
            .iter()
            .map(|(name, range)| (name.clone(), run(Some(range))))
            .collect();
        // A stale job's figures are not sent.
        job.send(HeroFigures {
            job: self,
            random,
            villains,
        });
    }
}

/// The hero analysis of one job: against one random hand, then each
/// villain's range.
#[derive(Clone, Debug, PartialEq)]
pub struct HeroFigures {
    /// What was computed.
    pub job: HeroJob,
    /// Against one random hand.
    pub random: Result<Potential, String>,
    /// Against each villain's range, by name.
    pub villains: Vec<(String, Result<Potential, String>)>,
}

/// The hero analysis kept between frames.
pub struct HeroState(Background<HeroJob, HeroFigures>);

impl Default for HeroState {
    fn default() -> HeroState {
        HeroState(Background::new("rangestove-analysis", HeroJob::run))
    }
}

impl Answers<HeroJob> for HeroFigures {
    fn job(&self) -> &HeroJob {
        &self.job
    }
}

impl HeroState {
    /// Submits the job for `session` when it changed and takes in its
    /// figures; `ctx` is repainted when they arrive.
    pub fn update(&mut self, session: &Session, ctx: &egui::Context) {
        self.0.update(HeroJob::new(session), ctx);
    }

    /// The figures once computed for the current job.
    pub fn figures(&self) -> Option<&HeroFigures> {
        self.0.figures()
    }
}

/// HS, PPot, NPot, EHS of the selected seat's exact hand; Chen score
/// preflop.
pub fn hero_ui(ui: &mut egui::Ui, state: &HeroState, session: &Session) {
    let Some(hero) = session.selected_seat().exact_hand() else {
        ui.weak("Give this seat one exact hand (e.g. AdQc) to see its strength and potential.");
        return;
    };
    let class: HandClass = hero.class();
    ui.horizontal(|ui| {
        ui.label(format!("{hero}: Chen score {}", chen_score(class)))
            .on_hover_text(format!(
                "Bill Chen's preflop formula: high card points (A 10, K 8, Q 7, J 6, \
                 others half their value), pairs doubled (at least 5), +2 suited, minus \
                 0/1/2/4/5 for gaps of 0/1/2/3/4+ ranks, +1 for a 0–1 gap below a queen; \
                 half points round up. {class}: {} points.",
                chen_points(class)
            ));
    });
    if session.view_board().len() < 3 {
        ui.weak("Strength and potential need a flop.");
        return;
    }
    let Some(figures) = state.figures() else {
        ui.weak("computing…");
        return;
    };
    egui::Grid::new("hero figures")
        .num_columns(5)
        .striped(true)
        .show(ui, |ui| {
            ui.strong("against");
            ui.strong("HS").on_hover_text(
                "Hand strength: the chance you are ahead right now of one opponent's \
                 hand (ties count half)",
            );
            ui.strong("PPot").on_hover_text(
                "Positive potential: when behind (or tied) now, the chance to end ahead \
                 by the river",
            );
            ui.strong("NPot").on_hover_text(
                "Negative potential: when ahead (or tied) now, the chance to end behind \
                 by the river",
            );
            ui.strong("EHS").on_hover_text(
                "Effective hand strength: HS + (1 − HS) × PPot, the chance to be ahead now \
                 or to get ahead",
            );
            ui.end_row();
            let row = |ui: &mut egui::Ui, name: &str, p: &Result<Potential, String>| {
                ui.label(name);
                match p {
                    Ok(p) => {
                        for x in [p.hs, p.ppot, p.npot, p.ehs] {
                            ui.colored_label(heat_color(x as f32), format!("{:.1}%", 100.0 * x));
                        }
                    }
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                }
                ui.end_row();
            };
            row(ui, "one random hand", &figures.random);
            for (name, p) in &figures.villains {
                row(ui, name, p);
            }
        });
}
