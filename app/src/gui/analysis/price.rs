//! The price box (docs/design.md §3.9, what to call with): a call of X
//! into a pot of Y, or a required equity; the break-even equity it gives,
//! the combos of the selected seat at or above it (from the class job:
//! `study::calls`) and their share of its range on the street shown, and
//! one click to make them a group. The line itself is
//! drawn by the distribution graph and the heat map's legend.

use egui::RichText;
use engine::equity::SeatBreakdown;
use engine::study::MAX_GROUPS;

use crate::gui::classes::state::ClassesState;
use crate::gui::groups::colors::group_color;
use crate::gui::groups::edits::set_group;
use crate::gui::seats::marked_text::error_note_ui;
use crate::gui::state::price::Price;
use crate::gui::state::reads::{counting, field_message, longest_reading};
use crate::gui::state::session::Session;

/// The price box and what calls it.
pub fn price_ui(
    ui: &mut egui::Ui,
    price: &mut Price,
    classes: &ClassesState,
    session: &mut Session,
) {
    let mut notes = Vec::new();
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut price.on, "Price").on_hover_text(
            "What to call with: the equity a call needs, drawn on the distribution graph and \
             the heat map's legend; the combos at or above it are selected",
        );
        if !price.on {
            return;
        }
        ui.selectable_value(&mut price.by_pot, true, "call");
        if price.by_pot {
            notes.extend(number_ui(ui, "call amount", &mut price.call, 1e9, ""));
            ui.label("into");
            notes.extend(number_ui(ui, "pot", &mut price.pot, 1e9, ""));
        }
        ui.selectable_value(&mut price.by_pot, false, "need");
        if !price.by_pot {
            notes.extend(number_ui(
                ui,
                "required equity",
                &mut price.percent,
                100.0,
                "%",
            ));
        }
    });
    for (message, _) in &notes {
        error_note_ui(ui, message.clone());
    }
    price_figures_ui(ui, price, classes, session, &notes);
}

/// A number box of the price (`what`: its name; at most `max`): while its
/// text does not read, the number counted is that of its longest leading
/// part that does (docs/design.md §8.1). Returns the message and the part
/// counted, while in error.
fn number_ui(
    ui: &mut egui::Ui,
    what: &str,
    value: &mut f64,
    max: f64,
    suffix: &str,
) -> Option<(String, String)> {
    let id = ui.make_persistent_id(("price", what));
    let mut text = ui
        .data(|d| d.get_temp::<String>(id))
        .unwrap_or_else(|| format!("{value}{suffix}"));
    let response = ui.add(
        egui::TextEdit::singleline(&mut text)
            .id(id.with("box"))
            .desired_width(56.0),
    );
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::text_edit(true, &text, &text, "");
        info.label = Some(what.to_owned());
        info
    });
    // A number from 0 to `max` (a `%` after it allowed); else the
    // longest leading part that is one, at worst nothing: 0.
    let number = |t: &str| {
        let t = t.trim().trim_end_matches('%').trim();
        t.parse::<f64>()
            .ok()
            .filter(|n| n.is_finite() && (0.0..=max).contains(n))
            .ok_or(())
    };
    let (counted, read) =
        longest_reading(&text, number, |part, ()| part.len() - 1).unwrap_or_default();
    if response.changed() {
        *value = read;
    }
    if response.has_focus() {
        ui.data_mut(|d| d.insert_temp(id, text.clone()));
    } else {
        ui.data_mut(|d| d.remove::<String>(id));
    }
    number(&text).err()?;
    Some((
        field_message(
            &format!("{what}: “{}” is not a number from 0 to {max}", text.trim()),
            &counted,
            "0",
        ),
        counted,
    ))
}

/// The break-even equity and the combos that call, saying what a price
/// box in error counts (`notes`).
fn price_figures_ui(
    ui: &mut egui::Ui,
    price: &Price,
    classes: &ClassesState,
    session: &mut Session,
    notes: &[(String, String)],
) {
    let Some(required) = price.required() else {
        return;
    };
    let index = session.selected();
    let calls = classes
        .figures()
        .filter(|f| f.job.price == Some(required))
        .and_then(|f| Some((f.calls.clone()?, call_share(&f.job.breakdown, required))));
    let street = match session.view().street() {
        Some(_) => format!(" on the {}", session.view().label().to_lowercase()),
        None => String::new(),
    };
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("break-even {:.1}%", 100.0 * required));
        for (_, counted) in notes {
            ui.colored_label(ui.visuals().warn_fg_color, counting(counted, "0"));
        }
        let Some((calls, share)) = calls else {
            ui.weak("computing…");
            return;
        };
        ui.label(format!(
            "{:.1} combos call ({:.1}% of the range{street})",
            calls.combo_count(),
            100.0 * share
        ))
        .on_hover_text(
            "The callers' share of the seat's range on the street shown (what continues \
             there, on a line), each combo as often as it is dealt: the class table's \
             share, and `rangestove calc --classes --price`'s",
        );
        for g in 0..MAX_GROUPS {
            let name = session.selected_seat().groups.name(g).to_owned();
            let response = ui
                .add_enabled(
                    !calls.is_empty(),
                    egui::Button::new(RichText::new(format!("» {name}")).color(group_color(g))),
                )
                .on_hover_text(format!("Make the combos that call the group “{name}”"));
            response.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::Button,
                    !calls.is_empty(),
                    format!("callers to {name}"),
                )
            });
            if response.clicked() {
                set_group(session, index, g, &calls);
            }
        }
    });
}

/// The share of the seat's deals (its range on the street shown, each
/// combo as often as it is dealt there) at or above `price`: what
/// `rangestove calc --classes --price` reports.
pub fn call_share(breakdown: &SeatBreakdown, price: f64) -> f64 {
    breakdown
        .combos
        .iter()
        .filter(|c| c.dealt && c.equity >= price)
        .map(|c| c.frequency)
        .sum()
}
