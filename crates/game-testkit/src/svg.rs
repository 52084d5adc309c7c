//! Checks of drawings (features `testing` and `svg`): well-formed, deterministic documents, seat
//! views that show nothing hidden, and golden files.

use std::path::Path;

use crate::simulation::simulate;
use crate::{Options, Report, Violation};
use game_core::Sampler;
use game_core::svg::{ToSvg, View};
use game_core::{Game, SampleWorld};

/// The environment variable that makes [`check_golden`] write the drawings instead of
/// comparing them: `UPDATE_GOLDEN=1 cargo test`.
pub const UPDATE_GOLDEN: &str = "UPDATE_GOLDEN";

/// Whether `doc` is a well-formed SVG document as [`ToSvg`] promises: XML that parses, an `svg`
/// root in the SVG namespace with a `viewBox` of four finite numbers and a positive size, and
/// a non-empty `title`. Returns the `viewBox`'s width and height.
///
/// ```
/// use game_core::svg::Svg;
/// use game_testkit::check_svg_document;
///
/// let doc = Svg::new(30.0, 20.0, "a box").finish();
/// assert_eq!(check_svg_document(&doc), Ok((30.0, 20.0)));
/// assert!(check_svg_document("<svg><g></svg>").is_err());
/// ```
pub fn check_svg_document(doc: &str) -> Result<(f64, f64), String> {
    let parsed = roxmltree::Document::parse(doc).map_err(|e| format!("not well-formed: {e}"))?;
    let root = parsed.root_element();
    if root.tag_name().name() != "svg"
        || root.tag_name().namespace() != Some("http://www.w3.org/2000/svg")
    {
        return Err(format!("the root is {:?}, not an SVG svg", root.tag_name()));
    }
    let view_box: Vec<f64> = root
        .attribute("viewBox")
        .ok_or("no viewBox")?
        .split_whitespace()
        .map(|n| n.parse::<f64>().map_err(|e| format!("viewBox: {e}")))
        .collect::<Result<_, _>>()?;
    let [_, _, width, height] = view_box[..] else {
        return Err(format!("the viewBox has {} numbers, not 4", view_box.len()));
    };
    if !(width > 0.0 && height > 0.0 && width.is_finite() && height.is_finite()) {
        return Err(format!("the viewBox is {width} × {height}"));
    }
    let titled = root
        .children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|t| t.text())
        .is_some_and(|t| !t.trim().is_empty());
    if !titled {
        return Err("no title".to_string());
    }
    Ok((width, height))
}

/// The views to check at a state: everything, every seat, and a seat not at the table.
fn views<G: Game>(state: &G) -> Vec<View> {
    let mut views = vec![View::Everything];
    views.extend((0..=state.num_players()).map(View::Seat));
    views
}

/// Checks [`ToSvg`] along random games: at every deep-checked step (see
/// [`Options::deep_check_every`]), for every view (everything, each seat, and a seat that is
/// not at the table), the drawing is a well-formed SVG document ([`check_svg_document`]) and
/// drawing the state again, or a clone of it, gives the same bytes.
pub fn check_svg<G: Game + ToSvg>(
    config: &G::Config,
    options: &Options,
) -> Result<Report, Violation> {
    simulate::<G>(config, options, u64::MAX - 9, |node, _| {
        let (at, state) = (&node.at, node.state);
        for view in views(state).into_iter().filter(|_| node.deep) {
            let doc = state.to_svg(view);
            check_svg_document(&doc).map_err(|e| at.fail(format!("{view:?}: {e}\n{doc}")))?;
            at.ensure(doc == state.to_svg(view), || {
                format!("{view:?}: two drawings of one state differ")
            })?;
            at.ensure(doc == state.clone().to_svg(view), || {
                format!("{view:?}: a clone draws differently")
            })?;
        }
        Ok(())
    })
}

/// Checks that a seat's picture shows only what the seat sees, along random games: at every
/// deep-checked step, for every seat, worlds sampled from the seat's observation
/// ([`SampleWorld`]) draw exactly the same picture for that seat, and the same picture for a
/// seat not at the table (a spectator sees only what everyone sees). Anything hidden that
/// leaked into a seat's drawing, a card's name in an attribute included, would differ between
/// worlds.
pub fn check_svg_hidden<G: SampleWorld + ToSvg>(
    config: &G::Config,
    options: &Options,
) -> Result<Report, Violation> {
    svg_hidden::<G>(config, options, G::sample_world)
}

/// [`check_svg_hidden`] with worlds drawn by `sample`.
pub(super) fn svg_hidden<G: Game + ToSvg>(
    config: &G::Config,
    options: &Options,
    sample: Sampler<G>,
) -> Result<Report, Violation> {
    simulate::<G>(config, options, u64::MAX - 10, |node, rng| {
        let (at, state) = (&node.at, node.state);
        if !node.deep {
            return Ok(());
        }
        let spectator = View::Seat(state.num_players());
        let public = state.to_svg(spectator);
        for player in 0..state.num_players() {
            let own = state.to_svg(View::Seat(player));
            let observation = state.observation(player);
            for _ in 0..2 {
                let world = sample(&observation, player, rng);
                at.ensure(world.to_svg(View::Seat(player)) == own, || {
                    format!(
                        "seat {player}'s picture differs in a world it cannot tell apart: it \
                         shows something hidden"
                    )
                })?;
                at.ensure(world.to_svg(spectator) == public, || {
                    "a spectator's picture differs in a world sampled from a seat's view: it \
                     shows something hidden"
                        .to_string()
                })?;
            }
        }
        Ok(())
    })
}

/// Compares `actual` with the golden file at `path`; with the environment variable
/// [`UPDATE_GOLDEN`] set to `1`, writes `actual` there instead (creating its folder). A
/// missing or different file is an error that says where the two first differ and how to
/// accept the new output.
pub fn check_golden(path: impl AsRef<Path>, actual: &str) -> Result<(), String> {
    let path = path.as_ref();
    if std::env::var_os(UPDATE_GOLDEN).is_some_and(|v| v == "1") {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        return std::fs::write(path, actual).map_err(|e| format!("{}: {e}", path.display()));
    }
    let expected = std::fs::read_to_string(path).map_err(|e| {
        format!(
            "{}: {e} (run the test with {UPDATE_GOLDEN}=1 to write it)",
            path.display()
        )
    })?;
    if expected == actual {
        return Ok(());
    }
    let line = expected
        .lines()
        .zip(actual.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
    Err(format!(
        "{} differs from the new output at line {}:\n  golden: {}\n  new:    {}\n(if the \
         change is meant, run the test with {UPDATE_GOLDEN}=1 and look at the new files)",
        path.display(),
        line + 1,
        expected.lines().nth(line).unwrap_or("(end of file)"),
        actual.lines().nth(line).unwrap_or("(end of file)"),
    ))
}
