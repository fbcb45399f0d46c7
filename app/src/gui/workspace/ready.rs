//! The three ready layouts the player picks from the toolbar: Ranges (the
//! grid large), Study (the class table and Boards wide) and Train (the
//! trainer across the window). Each holds every panel once; the columns'
//! widths are set for the window's width when the layout is picked, so
//! the seats and the deck have their room from 1024 points up.

use egui_tiles::{Container, Linear, LinearDir, TileId, Tiles, Tree};

use super::pane::Pane;

/// A ready layout.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Ready {
    /// The seats, the range editor large, the board and the panels of
    /// figures in tabs at the right.
    #[default]
    Ranges,
    /// The hand-class table and the Boards view wide in the middle, the
    /// seats and the board at the left, the figures at the right.
    Study,
    /// The trainer across the window, everything else a tab away.
    Train,
}

impl Ready {
    /// Every ready layout, in the menu's order.
    pub const ALL: [Ready; 3] = [Ready::Ranges, Ready::Study, Ready::Train];

    /// The menu's label.
    pub fn label(self) -> &'static str {
        match self {
            Ready::Ranges => "Ranges layout",
            Ready::Study => "Study layout",
            Ready::Train => "Train layout",
        }
    }

    /// The menu's explanation.
    pub fn help(self) -> &'static str {
        match self {
            Ready::Ranges => "The seats, the range grid large, the board and the figures in tabs",
            Ready::Study => {
                "The hand-class table and the Boards view wide, the seats and the board at the left, the figures at the right"
            }
            Ready::Train => "The trainer across the window; the ranges and figures a tab away",
        }
    }

    /// This layout for a window `width` points wide.
    pub fn tree(self, width: f32) -> Tree<Pane> {
        let mut b = Builder::default();
        let root = match self {
            Ready::Ranges => b.ranges(width, true),
            Ready::Study => b.study(width),
            Ready::Train => {
                let train = b.tabs(&[Pane::Train]);
                let rest = b.ranges(width, false);
                b.tiles.insert_tab_tile(vec![train, rest])
            }
        };
        Tree::new(egui::Id::unique("rangestove workspace"), root, b.tiles)
    }
}

/// Builds a layout's tiles.
#[derive(Default)]
struct Builder {
    tiles: Tiles<Pane>,
}

impl Builder {
    /// A tab group of `panes`, the first one shown.
    fn tabs(&mut self, panes: &[Pane]) -> TileId {
        let children = panes.iter().map(|&p| self.tiles.insert_pane(p)).collect();
        self.tiles.insert_tab_tile(children)
    }

    /// `parts` side by side (`dir`), each with its share (in points or
    /// any unit: only the ratios count).
    fn linear(&mut self, dir: LinearDir, parts: &[(TileId, f32)]) -> TileId {
        let mut linear = Linear::new(dir, parts.iter().map(|p| p.0).collect());
        for &(id, share) in parts {
            linear.shares.set_share(id, share);
        }
        self.tiles.insert_container(Container::Linear(linear))
    }

    /// The Ranges layout: seats | editor (with Boards, Hands and, if
    /// `train`, Train as tabs) | the board over the presets, the next card and
    /// the figures, in tabs.
    fn ranges(&mut self, width: f32, train: bool) -> TileId {
        let left = (width * 0.28).clamp(280.0, 400.0);
        let right = (width * 0.27).max(345.0);
        let centre = (width - left - right).max(300.0);
        let seats = self.tabs(&[Pane::Seats]);
        let middle: &[Pane] = if train {
            &[Pane::Editor, Pane::Boards, Pane::Hands, Pane::Train]
        } else {
            &[Pane::Editor, Pane::Boards, Pane::Hands]
        };
        let editor = self.tabs(middle);
        let board = self.tabs(&[Pane::Board]);
        let near = self.tabs(&[
            Pane::Presets,
            Pane::NextCard,
            Pane::Distribution,
            Pane::Hand,
            Pane::Breakdown,
            Pane::Groups,
            Pane::Classes,
        ]);
        let column = self.linear(LinearDir::Vertical, &[(board, 0.58), (near, 0.42)]);
        self.linear(
            LinearDir::Horizontal,
            &[(seats, left), (editor, centre), (column, right)],
        )
    }

    /// The Study layout: seats over the board | the class table over
    /// Boards (Hands, the editor and Train its tabs) | the figures.
    fn study(&mut self, width: f32) -> TileId {
        // The board's deck whole from 1024 points up.
        let left = (width * 0.22).clamp(345.0, 380.0);
        let right = (width * 0.24).max(320.0);
        let centre = (width - left - right).max(300.0);
        let seats = self.tabs(&[Pane::Seats]);
        let board = self.tabs(&[Pane::Board, Pane::NextCard]);
        let left_column = self.linear(LinearDir::Vertical, &[(seats, 0.5), (board, 0.5)]);
        let classes = self.tabs(&[Pane::Classes]);
        let boards = self.tabs(&[Pane::Boards, Pane::Hands, Pane::Editor, Pane::Train]);
        let middle = self.linear(LinearDir::Vertical, &[(classes, 0.5), (boards, 0.5)]);
        let spread = self.tabs(&[Pane::Distribution, Pane::Hand]);
        let rows = self.tabs(&[Pane::Breakdown, Pane::Presets]);
        let groups = self.tabs(&[Pane::Groups]);
        let right_column = self.linear(
            LinearDir::Vertical,
            &[(spread, 0.34), (rows, 0.36), (groups, 0.30)],
        );
        self.linear(
            LinearDir::Horizontal,
            &[(left_column, left), (middle, centre), (right_column, right)],
        )
    }
}
