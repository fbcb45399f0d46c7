//! A range grid as an image: the selected seat's 13×13 grid with its title
//! and combo count, for "Copy grid as image" and "Save grid as PNG".
//!
//! The picture is built from egui shapes (rectangles and laid-out text,
//! so any seat name renders as in the app), tessellated by egui into
//! triangle meshes, and filled here by a small software rasteriser that
//! samples egui's font atlas. egui has no offscreen renderer of its own,
//! and a GPU readback would need a window; this needs neither, so the
//! tests check the very pixels a user saves.

use egui::epaint::{ClippedShape, Primitive, Vertex};
use egui::{Color32, ColorImage, FontId, Pos2, Rect, Shape, Vec2};
use engine::{CardSet, HandClass, Range};

use super::grid_paint::{FILL, cell_base};

/// A cell's side in points.
const CELL: f32 = 40.0;
/// The margin around everything, in points.
const MARGIN: f32 = 16.0;

/// What the image shows.
pub struct GridPicture<'a> {
    /// The first line: the seat's name and range text.
    pub title: &'a str,
    /// The second line: the combo count.
    pub subtitle: &'a str,
    /// The range drawn.
    pub range: &'a Range,
    /// Cards its hands cannot hold (their classes are darkened).
    pub blocked: CardSet,
    /// Dark colours (else light).
    pub dark: bool,
}

/// Renders `picture` at the context's pixels per point.
pub fn render(ctx: &egui::Context, picture: &GridPicture<'_>) -> ColorImage {
    let width = 13.0 * CELL + 2.0 * MARGIN;
    let (background, text, weak) = if picture.dark {
        (
            Color32::from_gray(27),
            Color32::from_gray(230),
            Color32::from_gray(150),
        )
    } else {
        (
            Color32::from_gray(248),
            Color32::from_gray(20),
            Color32::from_gray(100),
        )
    };
    let mut shapes = Vec::new();
    let mut y = MARGIN;
    let line = |shapes: &mut Vec<Shape>, y: &mut f32, text_: &str, size: f32, color| {
        let galley = ctx.fonts_mut(|f| {
            f.layout(
                text_.to_owned(),
                FontId::proportional(size),
                color,
                width - 2.0 * MARGIN,
            )
        });
        let height = galley.size().y;
        shapes.push(Shape::galley(Pos2::new(MARGIN, *y), galley, color));
        *y += height + 4.0;
    };
    line(&mut shapes, &mut y, picture.title, 18.0, text);
    line(&mut shapes, &mut y, picture.subtitle, 14.0, weak);
    y += 6.0;
    let grid_top = y;
    for class in HandClass::all() {
        cell_shapes(ctx, &mut shapes, picture, class, grid_top);
    }
    y = grid_top + 13.0 * CELL + 8.0;
    line(&mut shapes, &mut y, "Rangestove", 11.0, weak);
    let height = y + MARGIN - 4.0;
    let clip = Rect::from_min_size(Pos2::ZERO, Vec2::new(width, height));
    let ppp = ctx.pixels_per_point();
    let clipped = shapes
        .into_iter()
        .map(|shape| ClippedShape {
            clip_rect: clip,
            shape,
            transform_after_tessellation: egui::emath::TSTransform::IDENTITY,
        })
        .collect();
    let primitives = ctx.tessellate(clipped, ppp);
    let atlas = ctx.fonts(|f| f.image());
    let size = [
        (width * ppp).round() as usize,
        (height * ppp).round() as usize,
    ];
    let mut image = ColorImage::filled(size, background);
    for primitive in primitives {
        if let Primitive::Mesh(mesh) = primitive.primitive {
            for triangle in mesh.indices.chunks_exact(3) {
                let [a, b, c] = [0, 1, 2].map(|i| mesh.vertices[triangle[i] as usize]);
                fill_triangle(&mut image, &atlas, [a, b, c], ppp);
            }
        }
    }
    image
}

/// One cell: its base colour, the weight's fill from the bottom, a dark
/// veil when every combo is blocked, and the class label.
fn cell_shapes(
    ctx: &egui::Context,
    shapes: &mut Vec<Shape>,
    picture: &GridPicture<'_>,
    class: HandClass,
    top: f32,
) {
    let (row, column) = class.grid();
    let min = Pos2::new(MARGIN + column as f32 * CELL, top + row as f32 * CELL);
    let r = Rect::from_min_size(min, Vec2::splat(CELL)).shrink(1.0);
    let base = cell_base(class.kind(), picture.dark);
    shapes.push(Shape::rect_filled(r, 2.0, base));
    let fill = picture.range.class_summary(class).average_weight() as f32;
    if fill > 0.0 {
        let filled = Rect::from_min_max(Pos2::new(r.min.x, r.max.y - r.height() * fill), r.max);
        shapes.push(Shape::rect_filled(filled, 2.0, FILL));
    }
    if class
        .combos()
        .all(|c| !c.mask().is_disjoint(picture.blocked))
    {
        shapes.push(Shape::rect_filled(r, 2.0, Color32::from_black_alpha(150)));
    }
    let color = if fill > 0.5 || picture.dark {
        Color32::WHITE
    } else {
        Color32::BLACK
    };
    let galley =
        ctx.fonts_mut(|f| f.layout_no_wrap(class.to_string(), FontId::proportional(14.0), color));
    let pos = r.center() - galley.size() / 2.0;
    shapes.push(Shape::galley(pos, galley, color));
}

/// Fills one triangle of a mesh: colours and texture coordinates
/// interpolated per pixel centre, the texture (egui's white pixel or a
/// glyph) sampled from the font atlas, blended over the image
/// (premultiplied alpha, as egui paints).
fn fill_triangle(image: &mut ColorImage, atlas: &ColorImage, v: [Vertex; 3], ppp: f32) {
    let p = v.map(|v| v.pos.to_vec2() * ppp);
    let area = (p[1] - p[0]).x * (p[2] - p[0]).y - (p[1] - p[0]).y * (p[2] - p[0]).x;
    if area.abs() < 1e-6 {
        return;
    }
    let [w, h] = image.size;
    // The pixel span the triangle covers along one axis, within `0..len`.
    let span = |coord: fn(&Vec2) -> f32, len: usize| {
        let low = p.iter().map(coord).fold(f32::INFINITY, f32::min);
        let high = p.iter().map(coord).fold(0.0, f32::max);
        (low.floor().max(0.0) as usize)..(high.ceil().min(len as f32) as usize)
    };
    let (xs, ys) = (span(|q| q.x, w), span(|q| q.y, h));
    let [aw, ah] = atlas.size;
    for y in ys {
        for x in xs.clone() {
            let c = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
            let edge = |a: Vec2, b: Vec2| (b - a).x * (c - a).y - (b - a).y * (c - a).x;
            let w0 = edge(p[1], p[2]) / area;
            let w1 = edge(p[2], p[0]) / area;
            let w2 = 1.0 - w0 - w1;
            if w0 < -1e-4 || w1 < -1e-4 || w2 < -1e-4 {
                continue;
            }
            let channel = |i: usize| {
                f32::from(v[0].color[i]) * w0
                    + f32::from(v[1].color[i]) * w1
                    + f32::from(v[2].color[i]) * w2
            };
            let u = v[0].uv.x * w0 + v[1].uv.x * w1 + v[2].uv.x * w2;
            let t = v[0].uv.y * w0 + v[1].uv.y * w1 + v[2].uv.y * w2;
            let tx = ((u * aw as f32) as usize).min(aw - 1);
            let ty = ((t * ah as f32) as usize).min(ah - 1);
            let texel = atlas.pixels[ty * aw + tx];
            let src: [f32; 4] = [0, 1, 2, 3].map(|i| channel(i) * f32::from(texel[i]) / 255.0);
            let dst = &mut image.pixels[y * w + x];
            let keep = 1.0 - src[3] / 255.0;
            *dst = Color32::from_rgba_premultiplied(
                (src[0] + f32::from(dst[0]) * keep).round().min(255.0) as u8,
                (src[1] + f32::from(dst[1]) * keep).round().min(255.0) as u8,
                (src[2] + f32::from(dst[2]) * keep).round().min(255.0) as u8,
                (src[3] + f32::from(dst[3]) * keep).round().min(255.0) as u8,
            );
        }
    }
}

/// `image` as PNG bytes (8-bit RGBA).
pub fn encode_png(image: &ColorImage) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let [w, h] = image.size;
    let mut encoder = png::Encoder::new(&mut bytes, u32::try_from(w)?, u32::try_from(h)?);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    let rgba: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|p| p.to_srgba_unmultiplied())
        .collect();
    writer.write_image_data(&rgba)?;
    writer.finish()?;
    Ok(bytes)
}
