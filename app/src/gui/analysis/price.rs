//! The price box (docs/design.md §3.9, what to call with): a call of X
//! into a pot of Y, or a required equity; the break-even equity it gives,
//! the combos of the selected seat at or above it (from the class job:
//! `study::calls`), and one click to make them a group. The line itself is
//! drawn by the distribution graph and the heat map's legend.

use egui::RichText;
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
    let calls = classes.figures().and_then(|f| f.calls.clone());
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("break-even {:.1}%", 100.0 * required));
        let Some(calls) = calls else {
            ui.weak("computing…");
            return;
        };
        let range = &session.selected_seat().range;
        let all = range.combo_count().max(f64::MIN_POSITIVE);
        ui.label(format!(
            "{:.1} combos call ({:.0}% of the range)",
            calls.combo_count(),
            100.0 * calls.combo_count() / all
        ));
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
