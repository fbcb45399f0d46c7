//! The workspace kept with the settings: its tiles as RON text in the
//! preferences, read back and checked at start. A layout that cannot be
//! read, holds a panel twice or points at a tile that is not there, is
//! set aside for the Ranges layout and reported once (as a settings file
//! that cannot be read is). A panel the layout lacks (one added since it
//! was saved, such as Hands) joins it as a tab beside the Boards view.

use std::collections::HashSet;

use egui_tiles::{Tile, TileId, Tree};

use super::pane::Pane;
use super::ready::Ready;

/// The window's tiles: built for the window's width on the first frame
/// (or when a ready layout is picked), then as the player arranges them.
#[derive(Debug, Default)]
pub struct Workspace {
    /// The tiles; `None` until the first frame builds them.
    tree: Option<Tree<Pane>>,
    /// The ready layout to build on the next frame, and a panel to bring
    /// to the front in it.
    pending: Option<(Ready, Option<Pane>)>,
    /// The panels on screen last frame.
    shown: Vec<Pane>,
    /// The tiles as read at start and their text: saved as read while
    /// unchanged (the tiles' order in RON is not stable).
    loaded: Option<(Tree<Pane>, String)>,
}

impl Workspace {
    /// The workspace a save holds (`text`, empty: none saved, then
    /// `ready` with `front` in front), and what to tell the player when
    /// the saved layout could not be used.
    pub fn restore(text: &str, ready: Ready, front: Option<Pane>) -> (Workspace, Option<String>) {
        let fresh = Workspace {
            pending: Some((ready, front)),
            ..Workspace::default()
        };
        if text.trim().is_empty() {
            return (fresh, None);
        }
        match read(text) {
            Ok(tree) => (
                Workspace {
                    tree: Some(tree.clone()),
                    loaded: Some((tree, text.to_owned())),
                    ..Workspace::default()
                },
                None,
            ),
            Err(error) => (
                Workspace {
                    pending: Some((Ready::Ranges, None)),
                    ..Workspace::default()
                },
                Some(format!(
                    "Your saved layout of the window could not be used ({error}). Rangestove shows the Ranges layout; the rest of your settings are kept."
                )),
            ),
        }
    }

    /// The tiles as RON text, to save (empty before the first frame, when
    /// nothing was arranged).
    pub fn text(&self) -> String {
        let Some(tree) = &self.tree else {
            return String::new();
        };
        match &self.loaded {
            Some((loaded, text)) if loaded == tree => text.clone(),
            _ => ron::to_string(tree).unwrap_or_default(),
        }
    }

    /// Asks for `ready` on the next frame, `front` brought to the front.
    pub fn pick(&mut self, ready: Ready, front: Option<Pane>) {
        self.pending = Some((ready, front));
    }

    /// Brings `pane`'s tab to the front (in the layout about to be built,
    /// if one is).
    pub fn bring_to_front(&mut self, pane: Pane) {
        if let Some((_, front)) = &mut self.pending {
            *front = Some(pane);
        } else if let Some(tree) = &mut self.tree
            && let Some(id) = tree.tiles.find_pane(&pane)
        {
            tree.make_active(|tile, _| tile == id);
        }
    }

    /// Takes the tiles out to draw them in a window `width` points wide
    /// (give them back with [`put`](Workspace::put)): a picked ready
    /// layout is built now.
    pub fn take(&mut self, width: f32) -> Tree<Pane> {
        if let Some((ready, front)) = self.pending.take() {
            let mut tree = ready.tree(width);
            if let Some(pane) = front
                && let Some(id) = tree.tiles.find_pane(&pane)
            {
                tree.make_active(|tile, _| tile == id);
            }
            return tree;
        }
        self.tree
            .take()
            .unwrap_or_else(|| Ready::Ranges.tree(width))
    }

    /// Gives the tiles back after drawing them, noting the panels on
    /// screen.
    pub fn put(&mut self, tree: Tree<Pane>) {
        self.shown = shown_panes(&tree);
        self.tree = Some(tree);
    }

    /// Where `pane`'s tile was last frame.
    pub fn rect(&self, pane: Pane) -> Option<egui::Rect> {
        let tree = self.tree.as_ref()?;
        tree.tiles.rect(tree.tiles.find_pane(&pane)?)
    }

    /// The tiles (`None` before the first frame).
    pub fn tiles(&self) -> Option<&Tree<Pane>> {
        self.tree.as_ref()
    }

    /// The panels on screen last frame (the active tab of each group).
    pub fn shown(&self) -> &[Pane] {
        &self.shown
    }

    /// Whether `pane` was on screen last frame.
    pub fn is_shown(&self, pane: Pane) -> bool {
        self.shown.contains(&pane)
    }
}

/// The panes on screen in `tree`.
pub fn shown_panes(tree: &Tree<Pane>) -> Vec<Pane> {
    tree.active_tiles()
        .into_iter()
        .filter_map(|id| tree.tiles.get_pane(&id).copied())
        .collect()
}

/// A saved layout, checked: every panel once, every tile there.
fn read(text: &str) -> Result<Tree<Pane>, String> {
    let mut tree: Tree<Pane> = ron::from_str(text).map_err(|e| e.to_string())?;
    let root = tree.root.ok_or("it has no tiles")?;
    let mut seen = HashSet::new();
    let mut panes = Vec::new();
    walk(&tree, root, &mut seen, &mut panes)?;
    for pane in Pane::ALL {
        match panes.iter().filter(|&&p| p == pane).count() {
            1 => {}
            0 => add_tab(&mut tree, root, pane),
            _ => return Err(format!("the {} panel is there twice", pane.title())),
        }
    }
    // Every tile visible: nothing in the window hides one for good.
    let ids: Vec<TileId> = tree.tiles.tile_ids().collect();
    for id in ids {
        tree.tiles.set_visible(id, true);
    }
    Ok(tree)
}

/// Adds `pane`, missing from a saved layout, as a tab: beside the Boards
/// view when its tile is in a tab group, else in the first tab group met
/// from `root`, else (no tab group at all) with the root in a new one.
fn add_tab(tree: &mut Tree<Pane>, root: TileId, pane: Pane) {
    let is_tabs = |tree: &Tree<Pane>, id: TileId| matches!(tree.tiles.get(id), Some(Tile::Container(c)) if c.kind() == egui_tiles::ContainerKind::Tabs);
    let beside_boards = tree
        .tiles
        .find_pane(&Pane::Boards)
        .and_then(|id| tree.tiles.parent_of(id))
        .filter(|&id| is_tabs(tree, id));
    let group = beside_boards.or_else(|| {
        let mut ids: Vec<TileId> = tree.tiles.tile_ids().collect();
        ids.sort_by_key(|id| *id != root);
        ids.into_iter().find(|&id| is_tabs(tree, id))
    });
    let child = tree.tiles.insert_pane(pane);
    match group.and_then(|id| tree.tiles.get_mut(id)) {
        Some(Tile::Container(container)) => container.add_child(child),
        _ => {
            let tabs = tree.tiles.insert_tab_tile(vec![root, child]);
            tree.root = Some(tabs);
        }
    }
}

/// Walks the tiles under `id`, collecting the panes; a tile reached twice
/// or missing is an error.
fn walk(
    tree: &Tree<Pane>,
    id: TileId,
    seen: &mut HashSet<TileId>,
    panes: &mut Vec<Pane>,
) -> Result<(), String> {
    if !seen.insert(id) {
        return Err("a tile is in two places".to_owned());
    }
    match tree.tiles.get(id) {
        None => Err("a tile is missing".to_owned()),
        Some(Tile::Pane(pane)) => {
            panes.push(*pane);
            Ok(())
        }
        Some(Tile::Container(container)) => container
            .children()
            .try_for_each(|&child| walk(tree, child, seen, panes)),
    }
}
