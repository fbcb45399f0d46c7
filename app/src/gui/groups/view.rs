//! The selected seat's groups in the analysis panel: each one's name
//! (renameable), its combos, share of the range, equity against the other
//! seats, equity buckets and how it hits the board (from the class job,
//! off the UI thread), and what can be done with it: fill it from the
//! selected board-breakdown row, make it the seat for a moment ("Make
//! seat", then "Back"), copy it as range text, clear it.

use egui::RichText;
use engine::Range;
use engine::study::{ClassKey, MAX_GROUPS};

use super::colors::group_color;
use super::edits::{
    add_to_group, rename_group, set_group, stand_back, stand_in, telling_what_was_taken,
};
use super::figures::GroupFigures;
use crate::gui::classes::rows::BUCKET_LABELS;
use crate::gui::classes::state::ClassesState;
use crate::gui::state::session::Session;

/// A button whose accessible label is `label` (its text may repeat from
/// group to group); returns whether it was clicked.
fn button(ui: &mut egui::Ui, enabled: bool, text: &str, label: String, help: &str) -> bool {
    let response = ui
        .add_enabled(enabled, egui::Button::new(text))
        .on_hover_text(help);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &label));
    response.clicked()
}

/// What a group's actions can fill it from.
struct Sources<'a> {
    /// The class table (the selected board-breakdown row's combos).
    classes: &'a ClassesState,
    /// The selected board-breakdown row.
    row: Option<&'a ClassKey>,
    /// On a line, the street shown and what the seat's rule keeps there.
    kept: Option<(&'a str, Range)>,
}

/// The groups of the selected seat; returns a group's range when its Copy
/// was clicked (the app copies it in the chosen dialect). `kept`: on a
/// line, the street shown and what the seat's rule keeps there (a group
/// can be filled from it).
pub fn groups_ui(
    ui: &mut egui::Ui,
    classes: &ClassesState,
    row: Option<&ClassKey>,
    kept: Option<(&str, Range)>,
    session: &mut Session,
) -> Option<Range> {
    if stand_in_ui(ui, session) {
        return None;
    }
    let figures = classes.figures().map(|f| &f.groups);
    if let Some(Err(error)) = figures {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
    let figures = figures.and_then(|f| f.as_ref().ok());
    let sources = Sources { classes, row, kept };
    let mut copied = None;
    for g in 0..MAX_GROUPS {
        let seat = session.selected_seat();
        let name = seat.groups.name(g).to_owned();
        let empty = seat
            .groups
            .fitted(&seat.range)
            .get(g)
            .is_none_or(|(_, r)| r.is_empty());
        let group_figures = figures.and_then(|f| f.get(g)).filter(|_| !empty);
        group_line_ui(ui, session, (g, &name), group_figures, empty);
        if let Some(f) = group_figures {
            hits_ui(ui, f);
        }
        if let Some(range) = actions_ui(ui, session, (g, &name), empty, &sources) {
            copied = Some(range);
        }
        taken_ui(ui, session, g);
    }
    copied
}

/// Where group `g`'s last "what it took" message is kept (with the
/// revision it was said at).
fn taken_id(g: usize) -> egui::Id {
    egui::Id::unique(("group taken", g))
}

/// Keeps `taken` (what a fill of group `g` took from the others) to show
/// under the group until the spot changes again.
fn remember_taken(ui: &egui::Ui, session: &Session, g: usize, taken: Option<String>) {
    let revision = session.revision();
    ui.data_mut(|d| match taken {
        Some(text) => {
            d.insert_temp(taken_id(g), (revision, text));
        }
        None => d.remove::<(u64, String)>(taken_id(g)),
    });
}

/// What the last fill of group `g` took from the other groups, while the
/// spot is as that fill left it.
fn taken_ui(ui: &mut egui::Ui, session: &Session, g: usize) {
    let said = ui.data(|d| d.get_temp::<(u64, String)>(taken_id(g)));
    if let Some((revision, text)) = said
        && revision == session.revision()
    {
        ui.add(egui::Label::new(
            RichText::new(text).color(ui.visuals().warn_fg_color),
        ));
    }
}

/// While a group stands in for the seat: what stands in, and Back;
/// returns whether one does (the groups wait until Back).
fn stand_in_ui(ui: &mut egui::Ui, session: &mut Session) -> bool {
    let index = session.selected();
    let seat = session.selected_seat();
    let Some(stand) = seat.groups.stand_in.clone() else {
        return false;
    };
    let group = seat.groups.name(stand.group).to_owned();
    ui.label(format!(
        "The group “{group}” stands in for {}'s range: its figures are the seat's.",
        stand.name
    ));
    if button(
        ui,
        true,
        "Back",
        "back to the whole range".to_owned(),
        "Give the seat back its own name and range",
    ) {
        stand_back(session, index);
    }
    true
}

/// Group `g` (named `name`)'s line: its colour, its name (renameable) and
/// its figures (`empty`: it holds no combo; no `figures` yet: computing).
fn group_line_ui(
    ui: &mut egui::Ui,
    session: &mut Session,
    (g, name): (usize, &str),
    figures: Option<&GroupFigures>,
    empty: bool,
) {
    let index = session.selected();
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("■").color(group_color(g)).size(16.0));
        let mut text = name.to_owned();
        let edit = ui.add(
            egui::TextEdit::singleline(&mut text)
                .id_salt(("group name", g))
                .desired_width(64.0)
                .char_limit(16),
        );
        edit.widget_info(|| {
            let mut info = egui::WidgetInfo::text_edit(true, &text, &text, "");
            info.label = Some(format!("group {} name", g + 1));
            info
        });
        if edit.changed() {
            rename_group(session, index, g, text);
        }
        match figures {
            _ if empty => {
                ui.weak("empty");
            }
            Some(f) => figures_ui(ui, f),
            None => {
                ui.weak("computing…");
            }
        }
    });
}

/// How a group hits the board: its three largest made-hand rows.
fn hits_ui(ui: &mut egui::Ui, f: &GroupFigures) {
    if f.hits.is_empty() {
        return;
    }
    let hits: Vec<String> = f
        .hits
        .iter()
        .take(3)
        .map(|(what, share)| format!("{what} {:.0}%", 100.0 * share))
        .collect();
    ui.weak(format!("hits: {}", hits.join(" · ")));
}

/// Group `g` (named `name`)'s actions: add the selected board-breakdown
/// row, fill it from the rule, make it the seat, copy it, clear it;
/// returns its range when Copy was clicked.
fn actions_ui(
    ui: &mut egui::Ui,
    session: &mut Session,
    (g, name): (usize, &str),
    empty: bool,
    sources: &Sources<'_>,
) -> Option<Range> {
    let index = session.selected();
    let mut copied = None;
    ui.horizontal_wrapped(|ui| {
        if let Some(key) = sources.row {
            let hands = sources.classes.category_hands(key);
            if button(
                ui,
                hands.is_some(),
                &format!("+ {key}"),
                format!("add {key} to {name}"),
                "Add the selected board-breakdown row's combos to this group",
            ) && let Some(hands) = hands
            {
                let taken = telling_what_was_taken(session, index, g, |session| {
                    add_to_group(session, index, g, hands);
                });
                remember_taken(ui, session, g, taken);
            }
        }
        if let Some((street, kept)) = &sources.kept
            && button(
                ui,
                true,
                "From rule",
                format!("fill {name} from the {street} rule"),
                "The group becomes what the seat's continue rule keeps on this street",
            )
        {
            let taken = telling_what_was_taken(session, index, g, |session| {
                set_group(session, index, g, kept);
            });
            remember_taken(ui, session, g, taken);
        }
        if button(
            ui,
            !empty,
            "Make seat",
            format!("make {name} the seat"),
            "The group becomes the seat's range for a moment (Back, or Undo, gives the \
             range back): its equity against the other seats, its heat map",
        ) {
            stand_in(session, index, g);
        }
        if button(
            ui,
            !empty,
            "Copy",
            format!("copy {name}"),
            "Copy the group as range text in the editor's dialect",
        ) {
            let seat = session.selected_seat();
            copied = seat
                .groups
                .fitted(&seat.range)
                .get(g)
                .map(|(_, r)| r.clone());
        }
        if button(
            ui,
            !empty,
            "Clear",
            format!("clear {name}"),
            "Empty the group (the range keeps its combos)",
        ) {
            set_group(session, index, g, &Range::empty());
        }
    });
    copied
}

/// A group's combos, share, equity and buckets on one line.
fn figures_ui(ui: &mut egui::Ui, f: &GroupFigures) {
    let text = match f.row.equity {
        Some(equity) => format!(
            "{:.1} combos · {:.1}% · eq {:.1}%",
            f.row.combos,
            100.0 * f.row.share,
            100.0 * equity
        ),
        None => "cannot be dealt (its combos clash with other cards)".to_owned(),
    };
    ui.label(text).on_hover_text(
        BUCKET_LABELS
            .iter()
            .zip(f.buckets)
            .map(|(label, share)| format!("equity {label}: {:.1}% of the group", 100.0 * share))
            .collect::<Vec<_>>()
            .join("\n"),
    );
}
