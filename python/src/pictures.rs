//! Pictures of states: the games' SVG drawings (`game_core::svg`), and those drawings as pixels
//! for learning code and video recorders, rasterised here with resvg.
//!
//! Rasterising never looks at the machine: the one font is built in (DejaVu Sans, regular and
//! bold, the first family the drawings name) and stands in for every family, generic or named,
//! so the same state gives the same pixels on every machine, with or without fonts installed.
//! DejaVu Sans covers every character the drawings write as text (Latin letters, digits, `·`,
//! `…`); card suits are drawn as shapes. It has no CJK glyphs, which only the duel's `<title>`
//! holds, and a title is not drawn.

use std::sync::{Arc, OnceLock};

use game_core::svg::View;
use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray3};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use resvg::tiny_skia::{Color, Pixmap, Transform};
use resvg::usvg::{self, fontdb};

use crate::erased::AnyState;

/// The largest picture side, in pixels: 8192 × 8192 RGB is 192 MiB, already more than any use
/// for a game state needs.
pub const MAX_SIDE: u32 = 8192;

/// The family name of the built-in font, as its files declare it.
const FAMILY: &str = "DejaVu Sans";

/// What `player` sees (`Seat`), or everything when `None`; a player who is not at the table is
/// a `ValueError`, as everywhere else.
pub fn view(state: &dyn AnyState, player: Option<i64>) -> PyResult<View> {
    Ok(match player {
        Some(player) => View::Seat(crate::seat(player, state.seats())?),
        None => View::Everything,
    })
}

/// A width in pixels from Python, checked: 1 to [`MAX_SIDE`].
fn pixel_width(width: Option<i64>) -> PyResult<Option<u32>> {
    width
        .map(|w| {
            u32::try_from(w)
                .ok()
                .filter(|w| (1..=MAX_SIDE).contains(w))
                .ok_or_else(|| {
                    crate::value_error(format!(
                        "width is a number of pixels from 1 to {MAX_SIDE}, not {w}"
                    ))
                })
        })
        .transpose()
}

/// `State.to_rgb_array`: the state as `player` sees it (everything when `None`), `width` pixels
/// wide (by default the drawing's own size), as a `(height, width, 3)` uint8 array.
pub fn rgb_array<'py>(
    py: Python<'py>,
    state: &dyn AnyState,
    player: Option<i64>,
    width: Option<i64>,
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    let svg = state.svg(view(state, player)?)?;
    let width = pixel_width(width)?;
    let raster = py
        .detach(|| rasterize(&svg, width))
        .map_err(PyRuntimeError::new_err)?;
    let shape = (raster.height as usize, raster.width as usize, 3);
    let array = Array3::from_shape_vec(shape, raster.rgb)
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(array.into_pyarray(py))
}

/// An opaque picture: `height` rows of `width` pixels of red, green and blue bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Raster {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
}

/// The options every drawing is read with: the built-in font for every family, and no access
/// to files or the machine's fonts (an `<image>` would load nothing; the drawings have none).
fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut fonts = fontdb::Database::new();
        for face in [dejavu::sans::regular(), dejavu::sans::bold()] {
            fonts.load_font_source(fontdb::Source::Binary(Arc::new(face)));
        }
        fonts.set_sans_serif_family(FAMILY);
        fonts.set_serif_family(FAMILY);
        fonts.set_monospace_family(FAMILY);
        fonts.set_cursive_family(FAMILY);
        fonts.set_fantasy_family(FAMILY);
        usvg::Options {
            font_family: FAMILY.to_string(),
            fontdb: Arc::new(fonts),
            image_href_resolver: usvg::ImageHrefResolver {
                resolve_data: Box::new(|_, _, _| None),
                resolve_string: Box::new(|_, _| None),
            },
            ..usvg::Options::default()
        }
    })
}

/// `svg` as pixels, `width` wide (by default its natural size: one pixel per `viewBox` unit,
/// rounded up), the height in proportion (rounded, at least 1 and at most [`MAX_SIDE`]), on a
/// white ground so that every pixel is opaque. An error means a drawing resvg cannot read.
pub fn rasterize(svg: &str, width: Option<u32>) -> Result<Raster, String> {
    let tree = usvg::Tree::from_str(svg, options())
        .map_err(|e| format!("the drawing does not read as SVG: {e}"))?;
    let size = tree.size();
    let width = width.unwrap_or_else(|| size.width().ceil().clamp(1.0, MAX_SIDE as f32) as u32);
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).round().clamp(1.0, MAX_SIDE as f32) as u32;
    let mut pixmap = Pixmap::new(width, height)
        .ok_or_else(|| format!("no room for a picture of {width} × {height} pixels"))?;
    pixmap.fill(Color::WHITE);
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    // Drawn over an opaque ground, every pixel has alpha 255, so the premultiplied colour is the
    // colour itself.
    let rgb = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|pixel| [pixel[0], pixel[1], pixel[2]])
        .collect();
    Ok(Raster { width, height, rgb })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SQUARE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20"><rect x="20" y="0" width="20" height="20" fill="#0072b2"/></svg>"##;

    fn pixel(raster: &Raster, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * raster.width + x) * 3) as usize;
        [raster.rgb[i], raster.rgb[i + 1], raster.rgb[i + 2]]
    }

    #[test]
    fn the_natural_size_is_the_view_box_and_a_width_scales_it() {
        let natural = rasterize(SQUARE, None).unwrap();
        assert_eq!((natural.width, natural.height), (40, 20));
        assert_eq!(natural.rgb.len(), 40 * 20 * 3);
        assert_eq!(pixel(&natural, 5, 10), [255, 255, 255]);
        assert_eq!(pixel(&natural, 30, 10), [0x00, 0x72, 0xb2]);
        let wide = rasterize(SQUARE, Some(101)).unwrap();
        assert_eq!((wide.width, wide.height), (101, 51));
    }

    #[test]
    fn text_is_drawn_with_the_built_in_font_whatever_family_is_asked() {
        let text = |family: &str| {
            let svg = format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 20" width="60" height="20"><text x="2" y="15" font-family="{family}" font-size="14">Ag · …</text></svg>"#
            );
            rasterize(&svg, None).unwrap()
        };
        let dejavu = text("DejaVu Sans, Verdana, Arial, sans-serif");
        assert!(
            dejavu.rgb.iter().any(|&b| b < 128),
            "no ink: the text is not drawn"
        );
        assert_eq!(text("Nowhere Sans, serif"), dejavu);
        assert_eq!(text("monospace"), dejavu);
    }

    /// Every character inside a `<text>` element of `svg` (entities left escaped: they are
    /// ASCII).
    #[cfg(feature = "built-in-games")]
    fn text_characters(svg: &str, into: &mut std::collections::BTreeSet<char>) {
        for piece in svg.split("<text").skip(1) {
            let Some((_, rest)) = piece.split_once('>') else {
                continue;
            };
            let content = rest.split("</text>").next().unwrap_or("");
            into.extend(content.chars());
        }
    }

    /// Every character the drawings write as text over a few random games of every game, each
    /// state drawn for every view.
    #[cfg(feature = "built-in-games")]
    fn characters_drawn() -> std::collections::BTreeSet<char> {
        use crate::state::{SIMULTANEOUS, TERMINAL};

        let mut chars = std::collections::BTreeSet::new();
        let mut draw = 0x2545_f491_4f6c_dd1d_u64;
        let mut pick = |ids: &[i64]| {
            draw ^= draw << 13;
            draw ^= draw >> 7;
            draw ^= draw << 17;
            ids[(draw % ids.len() as u64) as usize]
        };
        crate::games::install(crate::games::built_in());
        for name in crate::games::names() {
            let game = crate::games::load(name, "{}").unwrap();
            for seed in 0..4 {
                let mut state = game.new_initial_state(seed).unwrap();
                loop {
                    text_characters(&state.svg(View::Everything).unwrap(), &mut chars);
                    for seat in 0..state.seats() {
                        text_characters(&state.svg(View::Seat(seat)).unwrap(), &mut chars);
                    }
                    match state.current_player() {
                        TERMINAL => break,
                        SIMULTANEOUS => {
                            let joint: Vec<i64> = (0..state.seats())
                                .map(|seat| pick(&state.legal_actions(seat as i64).unwrap()))
                                .collect();
                            state.apply_actions(&joint).unwrap();
                        }
                        seat => {
                            let id = pick(&state.legal_actions(seat).unwrap());
                            state.apply_action(id).unwrap();
                        }
                    }
                }
            }
        }
        chars
    }

    #[cfg(feature = "built-in-games")]
    #[test]
    fn the_font_has_every_character_the_drawings_write() {
        use skrifa::{FontRef, MetadataProvider};

        let chars = characters_drawn();
        assert!(
            chars.contains(&'·'),
            "the sample misses the drawings' separator"
        );
        for face in [dejavu::sans::regular(), dejavu::sans::bold()] {
            let charmap = FontRef::new(face).unwrap().charmap();
            let missing: String = chars
                .iter()
                .filter(|&&c| charmap.map(c).is_none())
                .collect();
            assert!(missing.is_empty(), "DejaVu Sans lacks {missing:?}");
            // What it lacks, as said above: a duel's `<title>` is not drawn.
            assert_eq!(charmap.map('零'), None);
        }
    }
}
