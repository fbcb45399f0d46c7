//! The desktop app driven headlessly with egui_kittest, as a player would.
//! `harness` holds the helpers every module here uses (re-exported).

mod aim; // clicks land where aimed: nothing paints through menus and notices, the suit editor holds a class, the deck stays put, messages move nothing
mod boards; // the Boards view: the chart's title clear of its labels, progress text that says what the bar shows
mod editor; // the editor: sticky suit editor, copy feedback, rankings, slider undo steps, blocked combos
mod files; // scenario files, New, the spot as text, the grid as PNG, board mode and unreadable settings after a restart
pub(crate) mod grid; // the 13×13 range grid widget under simulated pointer input
mod groups; // groups painted, their figures, made a seat and back, copied, saved; the class table's rows and highlight; the price's callers in a group
mod hands; // hero hands: `Ad Qc` typed, the per-seat card picker, the two-card seat face
mod hands_view; // the Hands view: hand histories read and listed, filtered, summed as the CLI sums them, a hand opened as the spot with the hero's equity strip, back to the list as it was, a corrupt file's skipped hands, an older layout without the view
mod harness; // the harness: an app under kittest, typing, clicking, waiting, calc --json
mod inputs; // one rule for bad input: a range, rule, board or dead text in error counts its part before the error and says so whole; the same keystrokes count the same; Enter types no newline
mod lines; // lines: a rule from a board row follows the flop, the street bar, typed rules, undo, files and the spot as text
mod plots; // the plots: hovering the equity distribution and the Boards chart shows their values, a click on a bar picks the flop
mod presets; // the shipped library and the user store: atomic saves, bad files
mod session; // the whole app driven like a user: editing, deck, seats, presets, undo, equity
mod states; // honest states: exact once finished, one budget, seat errors at the seat, stale numbers while a flop is picked
mod tiles; // the workspace of tiles: the ready layouts, the layout kept across a restart, a bad saved layout
mod train; // the Train view: a round of each drill, answers scored with the engine's figures, the next question, statistics kept across restarts, an unreadable statistics file kept aside
mod undo; // undo and redo restore exactly what was there: random edit sequences on the Session, a seat delete undone in the window
mod walk; // a new user's walk, the smaller defects: labels that read, wide suit pairs whole, the Paint drill's grids and drill kept, a success message that goes, dialog titles, CSV quoting, a long seat name

pub(crate) use harness::*;
