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
use crate::gui::state::price::Price;
use crate::gui::state::session::Session;

/// The price box and what calls it.
pub fn price_ui(
    ui: &mut egui::Ui,
    price: &mut Price,
    classes: &ClassesState,
    session: &mut Session,
) {
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
            ui.add(
                egui::DragValue::new(&mut price.call)
                    .range(0.0..=1e9)
                    .speed(1.0),
            );
            ui.label("into");
            ui.add(
                egui::DragValue::new(&mut price.pot)
                    .range(0.0..=1e9)
                    .speed(1.0),
            )
            .on_hover_text("The pot before the call, the bet included");
        }
        ui.selectable_value(&mut price.by_pot, false, "need");
        if !price.by_pot {
            ui.add(
                egui::DragValue::new(&mut price.percent)
                    .range(0.0..=100.0)
                    .speed(0.2)
                    .suffix("%"),
            );
        }
    });
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
