//! The range editor's controls for the selected seat: name, brush, quick
//! actions, copy and paste, the ranking, top-X% and band sliders, and the
//! heat-map switch ([`super::heat_map`]). The grid and the suit editor
//! under them are [`super::range_view`].

use engine::equity::SeatBreakdown;
use engine::range::{Dialect, FULL};
use engine::{HandClass, HandKind, Range, Rank, Ranking};

use super::group_brush::group_brush_ui;
use super::heat_map::heat_map_ui;
use super::state::EditorState;
use crate::gui::outcome::Outcome;
use crate::gui::shortcuts::command_key;
use crate::gui::state::history::EditKey;
use crate::gui::state::prefs::Prefs;
use crate::gui::state::session::Session;

/// A group of classes a quick action adds or removes.
#[derive(Clone, Copy, Debug)]
enum Group {
    All,
    Pairs,
    Suited,
    Broadway,
}

impl Group {
    fn contains(self, class: HandClass) -> bool {
        match self {
            Group::All => true,
            Group::Pairs => class.kind() == HandKind::Pair,
            Group::Suited => class.kind() == HandKind::Suited,
            Group::Broadway => class.low() >= Rank::Ten,
        }
    }
}

/// The controls above the grid: which seat and its name, the brush, quick
/// actions, sliders, the clipboard and the heat-map switch.
/// `breakdown` is the selected seat's per-combo figures, if any;
/// `pending` whether they may still come (else no "computing…").
pub fn editor_ui(
    ui: &mut egui::Ui,
    state: &mut EditorState,
    session: &mut Session,
    prefs: &mut Prefs,
    breakdown: Option<&SeatBreakdown>,
    pending: bool,
) {
    header_ui(ui, state, session, prefs);
    quick_actions_ui(ui, session, prefs.brush_bp);
    top_percent_ui(ui, session, prefs);
    ui.horizontal_wrapped(|ui| {
        ranking_ui(ui, prefs, session);
        group_break(ui);
        clipboard_ui(ui, state, session, &mut prefs.dialect);
    });
    copy_message_ui(ui, state);
    heat_map_ui(ui, state, prefs, breakdown, pending);
    ui.add_space(4.0);
}

/// Which seat, its name, what painting does, and the brush.
fn header_ui(ui: &mut egui::Ui, state: &mut EditorState, session: &mut Session, prefs: &mut Prefs) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().slider_width = 70.0;
        ui.label("Editing");
        let index = session.selected();
        let mut name = session.selected_seat().name.clone();
        // As wide as the name (24 characters at most), so none is cut.
        let font = egui::TextStyle::Body.resolve(ui.style());
        let text = ui.fonts_mut(|f| f.layout_no_wrap(name.clone(), font, egui::Color32::WHITE));
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut name)
                    .id_salt("seat name")
                    .desired_width((text.size().x + 12.0).clamp(80.0, 240.0))
                    .char_limit(24),
            )
            .on_hover_text("The selected seat's name");
        if response.changed() {
            session.set_seat_name(index, name);
        }
        group_brush_ui(ui, state, session);
        group_break(ui);
        ui.label("Brush");
        // The chips before the slider: the slider's number changes width
        // (25% vs 100%), which would move chips placed after it.
        for p in [25u16, 50, 75, 100] {
            let bp = p * (FULL / 100);
            if ui
                .selectable_label(prefs.brush_bp == bp, format!("{p}"))
                .on_hover_text(format!("Brush weight {p}%"))
                .clicked()
            {
                prefs.brush_bp = bp;
            }
        }
        let mut percent = f64::from(prefs.brush_bp) / 100.0;
        if ui
            .add(
                egui::Slider::new(&mut percent, 0.0..=100.0)
                    .suffix("%")
                    .max_decimals(0),
            )
            .on_hover_text("The weight painting applies; right-drag always erases")
            .changed()
        {
            prefs.brush_bp = (percent * 100.0).round() as u16;
        }
    });
}

/// Clear, all, pairs, suited, broadway.
fn quick_actions_ui(ui: &mut egui::Ui, session: &mut Session, brush: u16) {
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Clear")
            .on_hover_text("Empty the selected seat's range")
            .clicked()
        {
            session.set_range(session.selected(), Range::empty(), EditKey::Discrete);
        }
        let groups = [
            (Group::All, "All", "Every hand at the brush weight"),
            (
                Group::Pairs,
                "Pairs",
                "Add every pair at the brush weight (again: remove them)",
            ),
            (
                Group::Suited,
                "Suited",
                "Add every suited hand at the brush weight (again: remove them)",
            ),
            (
                Group::Broadway,
                "Broadway",
                "Add every hand of two cards ten or higher at the brush weight \
                 (again: remove them)",
            ),
        ];
        for (group, label, help) in groups {
            if ui.button(label).on_hover_text(help).clicked() {
                let range = toggled_group(&session.selected_seat().range, group, brush);
                session.set_range(session.selected(), range, EditKey::Discrete);
            }
        }
    });
}

/// `range` with `group` added at the `brush` weight, or removed when the
/// range already holds all of it at that weight.
fn toggled_group(range: &Range, group: Group, brush: u16) -> Range {
    let mut range = range.clone();
    let combos = || {
        HandClass::all()
            .filter(|&c| group.contains(c))
            .flat_map(HandClass::combos)
    };
    let full = combos().all(|c| range.weight_bp(c) == brush);
    let weight = if full { 0 } else { brush };
    for combo in combos() {
        range.set_weight_bp(combo, weight);
    }
    range
}

/// The dialect for Copy, Copy and Paste.
fn clipboard_ui(
    ui: &mut egui::Ui,
    state: &mut EditorState,
    session: &Session,
    dialect: &mut Dialect,
) {
    egui::ComboBox::from_id_salt("dialect")
        .width(88.0)
        .selected_text(dialect.name())
        .show_ui(ui, |ui| {
            for d in Dialect::ALL {
                ui.selectable_value(dialect, d, d.name());
            }
        })
        .response
        .on_hover_text(
            "Text dialect for Copy: canonical (Rangestove), pio (PioSOLVER, GTO \
             Wizard), brackets (Flopzilla, GTO+), equilab (Equilab, PokerStove)",
        );
    let copy = ui.button("Copy").on_hover_text(format!(
        "Copy the range as text in this dialect ({key}+C outside a text box, or {key}+Shift+C)",
        key = command_key(ui.ctx())
    ));
    state.copy_anchor = Some(copy.rect);
    if copy.clicked() {
        state.copy(ui.ctx(), &session.selected_seat().range, *dialect);
    }
    if ui
        .button("Paste")
        .on_hover_text(format!(
            "Replace the range with range text from the clipboard, in any dialect ({}+V)",
            command_key(ui.ctx())
        ))
        .clicked()
    {
        ui.ctx()
            .send_viewport_cmd(egui::ViewportCommand::RequestPaste);
    }
}

/// The last copy's message, floating under the Copy button (it moves
/// nothing and takes no clicks): a success for a few seconds, a refusal
/// until the next press anywhere.
fn copy_message_ui(ui: &mut egui::Ui, state: &mut EditorState) {
    const SHOWN_S: f64 = 5.0;
    let now = ui.input(|i| i.time);
    let (text, color) = match &state.copy_message {
        Some((Outcome::Done(text), at)) if now - at < SHOWN_S => {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(SHOWN_S - (now - at)));
            (text.clone(), ui.visuals().hyperlink_color)
        }
        Some((Outcome::Failed(text), at))
            if now - at < 0.2 || !ui.input(|i| i.pointer.any_pressed()) =>
        {
            (text.clone(), ui.visuals().error_fg_color)
        }
        Some(_) => {
            state.copy_message = None;
            return;
        }
        None => return,
    };
    let Some(anchor) = state.copy_anchor else {
        return;
    };
    egui::Area::new(egui::Id::unique("copy message"))
        .order(egui::Order::Foreground)
        .fixed_pos(anchor.left_bottom() + egui::vec2(0.0, 4.0))
        .interactable(false)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(340.0);
                ui.colored_label(color, text);
            });
        });
}

/// Between two groups of controls in a wrapped row: a separator when the
/// editor is wide, a new row when it is narrow (egui wraps text, but a
/// row of widgets only at explicit breaks).
fn group_break(ui: &mut egui::Ui) {
    if ui.max_rect().width() < NARROW {
        ui.end_row();
    } else {
        ui.separator();
    }
}

/// Below this width (points) the editor's rows break between groups.
const NARROW: f32 = 560.0;

/// The band's controls beside the top-X% slider, in points.
const BAND_WIDTH: f32 = 250.0;

/// The top-X% row's label, value box and spacing, in points.
const TOP_LABELS_WIDTH: f32 = 110.0;

/// The slider drag `response` belongs to: a counter that moves on at each
/// new drag (and at each change that is no drag: a click, a typed value),
/// so one drag is one undo step and two drags are two.
fn slider_stroke(ui: &egui::Ui, response: &egui::Response) -> u64 {
    let id = egui::Id::unique("slider strokes");
    ui.data_mut(|d| {
        let stroke = d.get_temp_mut_or_default::<u64>(id);
        if response.drag_started() || !response.dragged() {
            *stroke += 1;
        }
        *stroke
    })
}

/// How the sliders rank hands: a choice of the shipped rankings,
/// remembered. A range the top-X% slider or the band wrote by the old
/// ranking is rewritten by the new one (a range painted by hand stays).
fn ranking_ui(ui: &mut egui::Ui, prefs: &mut Prefs, session: &mut Session) {
    let current = prefs.ranking();
    let mut chosen = None;
    ui.label("Rank by");
    egui::ComboBox::from_id_salt("ranking")
        .selected_text(current.name())
        .show_ui(ui, |ui| {
            for ranking in Ranking::all() {
                if ui
                    .selectable_label(std::ptr::eq(ranking, current), ranking.name())
                    .on_hover_text(ranking_help(ranking))
                    .clicked()
                {
                    chosen = Some(ranking);
                }
            }
        })
        .response
        .on_hover_text(ranking_help(current));
    let Some(new) = chosen.filter(|&new| !std::ptr::eq(new, current)) else {
        return;
    };
    prefs.ranking = new.name().to_owned();
    let index = session.selected();
    let range = &session.selected_seat().range;
    let (from, to) = (
        prefs.band.0.min(prefs.band.1),
        prefs.band.0.max(prefs.band.1),
    );
    let rewritten = if *range == current.top_range(prefs.top_percent) {
        Some(new.top_range(prefs.top_percent))
    } else if *range == band_range(current, from, to) {
        Some(band_range(new, from, to))
    } else {
        None
    };
    if let Some(range) = rewritten {
        session.set_range(index, range, EditKey::Discrete);
    }
}

/// The hands of `ranking` between the shares `from` and `to` (percent).
fn band_range(ranking: &Ranking, from: f64, to: f64) -> Range {
    let mut range = Range::empty();
    for class in ranking.band(from, to) {
        range.set_class_bp(class, FULL);
    }
    range
}

/// How the sliders rank hands.
fn ranking_help(ranking: &Ranking) -> String {
    let text = if std::ptr::eq(ranking, Ranking::shipped()) {
        " (what `15%` in range text means)"
    } else {
        " (the slider writes the classes it picks, so the text means the same anywhere)"
    };
    format!(
        "Hands ranked by {}{text}; whole classes, the nearest to the share asked",
        ranking.name()
    )
}

/// The top-X% slider and the band.
fn top_percent_ui(ui: &mut egui::Ui, session: &mut Session, prefs: &mut Prefs) {
    let ranking = prefs.ranking();
    let help = ranking_help(ranking);
    let index = session.selected();
    // The slider shows the selected seat's share: its own value while the
    // seat holds the top X% it set, else the share of all hands the seat's
    // range holds (another seat's, a typed or painted range).
    let range = &session.selected_seat().range;
    // (Rounded as the slider rounds, so it does not take the value shown
    // for a move of its own.)
    if *range != ranking.top_range(prefs.top_percent) {
        prefs.top_percent = egui::emath::round_to_decimals(range.percent(), 1);
    }
    ui.horizontal_wrapped(|ui| {
        // As wide as the row allows beside the band (a short slider makes
        // a small drag a big jump): alone on its row when the editor is
        // narrow.
        let beside = if ui.max_rect().width() < NARROW {
            0.0
        } else {
            BAND_WIDTH
        };
        ui.spacing_mut().slider_width =
            (ui.available_width() - beside - TOP_LABELS_WIDTH).clamp(110.0, 480.0);
        ui.label("Top");
        let slider = ui
            .add(
                egui::Slider::new(&mut prefs.top_percent, 0.0..=100.0)
                    .suffix("%")
                    .max_decimals(1)
                    .drag_value_speed(0.05),
            )
            .on_hover_text(format!(
                "The selected seat's share of all hands; moved, its top X%. {help}. For fine \
                 steps drag the number (0.05% a point, Shift for slower) or type a value"
            ));
        // A value typed again (Enter) applies again: the way back to the
        // top X% after painting.
        let retyped = slider.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if slider.changed() || retyped {
            let range = ranking.top_range(prefs.top_percent);
            let stroke = slider_stroke(ui, &slider);
            session.set_range(index, range, EditKey::Slider(stroke));
        }
        group_break(ui);
        ui.label("Band");
        let (mut from, mut to) = prefs.band;
        let a = ui
            .add(
                egui::DragValue::new(&mut from)
                    .range(0.0..=100.0)
                    .speed(0.2)
                    .suffix("%"),
            )
            .on_hover_text("Band start: skip the best hands up to this share");
        ui.label("–");
        let b = ui
            .add(
                egui::DragValue::new(&mut to)
                    .range(0.0..=100.0)
                    .speed(0.2)
                    .suffix("%"),
            )
            .on_hover_text("Band end");
        prefs.band = (from, to);
        let apply_response = ui.button("Set band").on_hover_text(format!(
            "The hands between the two shares (e.g. 5%–15%), by {}",
            ranking.name()
        ));
        let apply = apply_response.clicked();
        if apply || a.changed() || b.changed() {
            let range = band_range(ranking, from.min(to), from.max(to));
            let stroke = if apply {
                slider_stroke(ui, &apply_response)
            } else {
                slider_stroke(ui, &a.union(b))
            };
            session.set_range(index, range, EditKey::Slider(stroke));
        }
    });
}
