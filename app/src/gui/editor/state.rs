//! What the editor keeps between frames: the grid's interaction (which
//! also picks the suit editor's class) and the last copy's message.

use engine::range::Dialect;
use engine::{HandClass, Range};

use super::grid::GridState;
use crate::gui::outcome::Outcome;
use crate::gui::state::blockers::ComboBlockers;

/// The editor's state kept between frames: the grid's interaction and the
/// last failed copy.
#[derive(Debug, Default)]
pub struct EditorState {
    pub(super) grid: GridState,
    /// What the last copy did (failed: why it could not, e.g. a dialect
    /// that cannot write weights), and when (egui time, seconds): shown
    /// under the Copy button for a few seconds.
    pub(super) copy_message: Option<(Outcome, f64)>,
    /// Where the Copy button was drawn last: its message floats under it.
    pub(super) copy_anchor: Option<egui::Rect>,
    /// The group the grid paints into (`None`: it paints weights).
    pub(super) group_brush: Option<usize>,
    /// The selected seat's blocker effects, for the suit editor's hover.
    pub(super) blockers: Option<ComboBlockers>,
}

impl EditorState {
    /// The grid's state (where it was drawn, the brush).
    pub fn grid(&self) -> &GridState {
        &self.grid
    }

    /// The class the suit editor shows: the pinned one, else the one
    /// hovered last (so moving the pointer down to the suit tiles keeps
    /// it; Shift holds it), else the one pressed last, else aces.
    pub fn suit_editor_class(&self) -> HandClass {
        self.grid.suit_editor_class()
    }

    /// Copies `range` as text in `dialect`, and says so (or why not)
    /// beside the Copy button, whichever panel is open.
    pub fn copy(&mut self, ctx: &egui::Context, range: &Range, dialect: Dialect) {
        let message = match range.to_text(dialect) {
            Ok(text) => {
                let shown = if text.chars().count() > 40 {
                    let cut: String = text.chars().take(37).collect();
                    format!("{cut}…")
                } else {
                    text.clone()
                };
                ctx.copy_text(text);
                Outcome::Done(format!("Copied '{shown}' as {}", dialect.name()))
            }
            Err(error) => Outcome::Failed(format!(
                "Not copied: {} cannot write this range: {error}",
                dialect.name()
            )),
        };
        self.copy_message = Some((message, ctx.input(|i| i.time)));
    }

    /// The last copy's message while it is shown (failed: why).
    pub fn copy_message(&self) -> Option<&Outcome> {
        self.copy_message.as_ref().map(|(m, _)| m)
    }

    /// The group the grid paints into, if the group brush is on.
    pub fn group_brush(&self) -> Option<usize> {
        self.group_brush
    }

    /// Paints group `g` with the grid (`None`: weights again).
    pub fn set_group_brush(&mut self, g: Option<usize>) {
        self.group_brush = g;
    }

    /// The blocker effects the suit editor shows on hover.
    pub fn set_blockers(&mut self, blockers: Option<ComboBlockers>) {
        self.blockers = blockers;
    }
}
