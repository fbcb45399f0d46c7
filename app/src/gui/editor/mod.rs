//! The range editor of the selected seat, in the middle of the window:
//! the controls ([`controls`], [`heat_map`]), the 13×13 grid ([`grid`],
//! its cells painted by [`grid_paint`]) and the suit editor ([`suits`])
//! under them ([`range_view`]), what the editor keeps between frames
//! ([`state`]), and the grid as a picture for copying and saving
//! ([`grid_image`]). The group brush ([`group_brush`]) paints a seat's
//! groups (`gui::groups`), drawn in their colours ([`group_cells`]).

pub mod controls;
pub mod grid;
pub mod grid_image;
pub mod grid_paint;
pub mod group_brush;
pub mod group_cells;
pub mod heat_map;
pub mod range_view;
pub mod state;
pub mod suits;
