//! The panels of the window, each drawn in a tile of its own.

/// A panel of the window: what one tile shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Pane {
    /// The seats, their ranges, lines and equities.
    Seats,
    /// The range editor: its controls, the grid and the suit editor.
    Editor,
    /// The board and dead-card picker.
    Board,
    /// The next card's strip.
    NextCard,
    /// Every seat's equity distribution and the price box.
    Distribution,
    /// The selected seat on the board (its made hands and draws).
    Breakdown,
    /// The selected seat's groups.
    Groups,
    /// The selected seat's hand-class table.
    Classes,
    /// The selected seat's hand: an exact hand's strength and potential.
    Hand,
    /// The presets library.
    Presets,
    /// The Boards view: every flop for the seats' ranges.
    Boards,
    /// The Train view: drills against the exact engine.
    Train,
    /// The Hands view: hand histories read, listed and opened as spots.
    Hands,
}

impl Pane {
    /// Every panel, once.
    pub const ALL: [Pane; 13] = [
        Pane::Seats,
        Pane::Editor,
        Pane::Board,
        Pane::NextCard,
        Pane::Distribution,
        Pane::Breakdown,
        Pane::Groups,
        Pane::Classes,
        Pane::Hand,
        Pane::Presets,
        Pane::Boards,
        Pane::Train,
        Pane::Hands,
    ];

    /// The tile's tab title.
    pub fn title(self) -> &'static str {
        match self {
            Pane::Seats => "Seats",
            Pane::Editor => "Range editor",
            Pane::Board => "Board",
            Pane::NextCard => "Next card",
            Pane::Distribution => "Distribution",
            Pane::Breakdown => "On the board",
            Pane::Groups => "Groups",
            Pane::Classes => "Hand classes",
            Pane::Hand => "Hand",
            Pane::Presets => "Presets",
            Pane::Boards => "Boards",
            Pane::Train => "Train",
            Pane::Hands => "Hands",
        }
    }

    /// Whether the panel shows the selected seat's per-combo figures (the
    /// equity breakdown the feed counts only while one is on screen).
    pub fn is_analysis(self) -> bool {
        matches!(
            self,
            Pane::Distribution | Pane::Breakdown | Pane::Groups | Pane::Classes | Pane::Hand
        )
    }
}
