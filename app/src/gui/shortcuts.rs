//! The window's keyboard shortcuts, read once a frame, and the command
//! key's name as hover texts write it. One place, so a hint never names a
//! key the app does not read.

use egui::{Key, KeyboardShortcut, Modifiers};

/// Undo: Ctrl+Z (Cmd+Z on macOS).
const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
/// Redo: Ctrl+Shift+Z.
const REDO: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
/// Redo, the Windows way: Ctrl+Y.
const REDO_Y: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
/// Copy the selected seat's range: Ctrl+Shift+C (or Ctrl+C outside a text
/// box).
const COPY_RANGE: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::C);
/// A random flop: Ctrl+R (Cmd+R on macOS).
const RANDOM_FLOP: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::R);

/// The command key as players know it: Cmd on macOS, Ctrl elsewhere (the
/// shortcuts use egui's `Modifiers::COMMAND`, which is either).
pub fn command_key(ctx: &egui::Context) -> &'static str {
    if ctx.os() == egui::os::OperatingSystem::Mac {
        "Cmd"
    } else {
        "Ctrl"
    }
}

/// What the keyboard asks of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shortcut {
    /// Redo the last undone edit.
    Redo,
    /// Undo the last edit.
    Undo,
    /// Copy the selected seat's range as text.
    CopyRange,
    /// Deal a random flop.
    RandomFlop,
    /// Pasted text: a spot, or range text for the selected seat.
    Paste(String),
}

/// This frame's shortcuts, in the order the app carries them out; none
/// while a text box has the keyboard (its own undo and copy win there).
pub fn pressed(ui: &mut egui::Ui) -> Vec<Shortcut> {
    let mut pressed = Vec::new();
    if ui.ctx().egui_wants_keyboard_input() {
        return pressed;
    }
    // The Shift variants first: consuming Ctrl+Z would also match
    // Ctrl+Shift+Z otherwise.
    if ui.input_mut(|i| i.consume_shortcut(&REDO) || i.consume_shortcut(&REDO_Y)) {
        pressed.push(Shortcut::Redo);
    }
    if ui.input_mut(|i| i.consume_shortcut(&UNDO)) {
        pressed.push(Shortcut::Undo);
    }
    // Ctrl+C outside a text box arrives as a copy event.
    let copy = ui.input(|i| i.events.iter().any(|e| matches!(e, egui::Event::Copy)));
    if copy || ui.input_mut(|i| i.consume_shortcut(&COPY_RANGE)) {
        pressed.push(Shortcut::CopyRange);
    }
    if ui.input_mut(|i| i.consume_shortcut(&RANDOM_FLOP)) {
        pressed.push(Shortcut::RandomFlop);
    }
    let paste = ui.input(|i| {
        i.events.iter().find_map(|e| match e {
            egui::Event::Paste(text) => Some(text.clone()),
            _ => None,
        })
    });
    pressed.extend(paste.map(Shortcut::Paste));
    pressed
}
