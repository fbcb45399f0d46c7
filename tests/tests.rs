//! Rangestove's integration tests: one test binary (each binary that links
//! the engine carries the evaluator table, 8 MB compressed), made of these
//! modules.

// Helpers in these modules unwrap freely: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod analysis; // per-combo breakdown vs brute force, board breakdown, hero analysis
mod app; // the whole app driven like a user: editing, deck, seats, presets, undo, equity
mod app_aim; // clicks land where aimed: nothing paints through menus and notices, the suit editor holds a class, the deck stays put, messages move nothing
mod app_boards; // the Boards view: the chart's title clear of its labels, progress text that says what the bar shows
mod app_editor; // the editor: sticky suit editor, copy feedback, rankings, slider undo steps, blocked combos
mod app_files; // scenario files, New, the spot as text, the grid as PNG, board mode and unreadable settings after a restart
mod app_groups; // groups painted, their figures, made a seat and back, copied, saved; the class table's rows and highlight; the price's callers in a group
mod app_hands; // hero hands: `Ad Qc` typed, the per-seat card picker, the two-card seat face
mod app_lines; // lines: a rule from a board row follows the flop, the street bar, typed rules, undo, files and the spot as text
mod app_states; // honest states: exact once finished, one budget, seat errors at the seat, stale numbers while a flop is picked
mod app_train; // the Train view: a round of each drill, answers scored with the engine's figures, the next question, statistics kept across restarts, an unreadable statistics file kept aside
mod architecture; // the engine's modules import one way; no source file too long; ARCHITECTURE.md and README.md short, docs/guide.md linked
mod cards; // card, combo and hand-class parsing, display and indexing
mod classes; // the hand-class table: rows partition the range, each row is calculate on its hands, calc --classes
mod cli; // the `rangestove` binary: subcommands, output, exit status
mod control_variate; // Monte Carlo's control variate and pooled seats: unbiased against exact, honest errors, sums to one, the same on any thread count
mod equity; // exact vs brute force, golden figures, Monte Carlo vs exact, determinism
mod evaluator; // every 5-, 6- and 7-card hand against a naive evaluator
mod fuzz; // seeded fuzzing: generated range, card and request text at the parsers and validation, `calc` argument lists at the binary
mod golden; // `rangestove calc --json` on a corpus taking every engine path, byte for byte against recorded output
mod grid; // the 13×13 range grid widget under simulated pointer input
mod hands; // hand histories: PHH and PokerStars text read and replayed, all-in equities against calculate, side pots, results summing to minus the rake, PHH round trips, seeded byte-edit fuzzing, `rangestove hands`
mod line_reports; // reports on a line vs an independent narrowing over every flop and next card: rows, totals, rules keeping nothing
mod lines; // continue rules: text, narrowed ranges vs the breakdown's rows, equity terms, reach vs brute force, calc --continue
mod multiway; // three or more ranged seats: the multiway kernels vs brute force and vs the scan, integer for integer
mod package; // the Debian package: its files, control fields, the binary and desktop entry it installs
mod preflop_table; // the heads-up preflop table: vs live enumeration and its generator, checksum, ranged spots
mod presets; // the shipped library and the user store: atomic saves, bad files
mod ranges; // range text: every form and dialect, errors, canonical form, round trips
mod rank_patterns; // preflop counted by board rank pattern: the deal-major walk's integers, brute force, the planner's choice
mod sampling; // Monte Carlo where rejection starves; win/tie errors; never ± 0 for an estimate
mod study; // study across boards: the next card and the flop report vs calculate and independent counts, `next` and `flops`, the Boards view
mod train; // the trainer: answers against calculate and the continue rules, seeds, scoring, train --json
mod undealable; // combos no deal gives the first seat: the breakdown's clashing combos and classes, class rows and groups without equity, calc's dealt:false and "cannot be dealt"
mod worker; // the background worker: coalescing, stale updates, threads, drop

/// Tests that start background workers hold this lock, so the worker tests
/// can count worker threads.
pub(crate) static WORKERS: std::sync::Mutex<()> = std::sync::Mutex::new(());
