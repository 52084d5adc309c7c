//! Pictures of games (feature `svg`): the [`ToSvg`] trait every game crate implements, the
//! [`View`] it draws for, and the small SVG writer and [`palette`] the crates draw with.
//!
//! A drawing is plain SVG text, written by hand: no dependency, the same bytes on every platform
//! for the same state (numbers are rounded to two decimals), and sizes in `viewBox` units, so
//! it scales to any size. Text in drawings uses the reader's sans-serif font; anything that must
//! look the same everywhere (card suits) is drawn as shapes.
//!
//! ```
//! use game_core::svg::{Svg, palette};
//!
//! let mut svg = Svg::new(120.0, 40.0, "A greeting <with> markup");
//! svg.rect(4.0, 4.0, 112.0, 32.0).attr("fill", palette::SKY).attr("rx", 6);
//! svg.text(60.0, 26.0).attr("text-anchor", "middle").content("Hello & welcome");
//! let doc = svg.finish();
//! assert!(doc.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40""#));
//! assert!(doc.contains("<title>A greeting &lt;with&gt; markup</title>"));
//! assert!(doc.contains(">Hello &amp; welcome</text>"));
//! assert!(doc.ends_with("</svg>\n"));
//! ```

use std::borrow::Cow;
use std::fmt::{self, Display, Write};

use crate::game::Player;

/// Whose eyes a picture is drawn for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    /// What this seat sees: hidden cards face down, piles as counts. A seat that is not at the
    /// table sees what a spectator sees: only the public part.
    Seat(Player),
    /// Everything, hidden cards face up: for replays, teaching and debugging.
    Everything,
}

impl View {
    /// Whether this view may see what only `seat` sees (its own hand).
    ///
    /// ```
    /// use game_core::svg::View;
    ///
    /// assert!(View::Everything.sees(2));
    /// assert!(View::Seat(2).sees(2));
    /// assert!(!View::Seat(1).sees(2));
    /// ```
    pub fn sees(self, seat: Player) -> bool {
        match self {
            View::Everything => true,
            View::Seat(p) => p == seat,
        }
    }
}

/// A state drawn as an SVG document: the one drawing API of every recess game.
///
/// The output is deterministic (the same state and view give the same bytes), a complete
/// standalone document with a `viewBox`, and for [`View::Seat`] a function of that seat's
/// observation only: nothing the seat cannot see is in the text, not even in attributes. The
/// test kit checks all three (`check_svg`, `check_svg_hidden`, with the feature `testing`).
///
/// ```
/// use game_core::Game;
/// use game_core::svg::{ToSvg, View};
/// use game_testkit::Nim;
///
/// let nim = Nim::new((), 7)?.with_stones(5);
/// let picture = nim.to_svg(View::Everything);
/// assert_eq!(picture.matches(r#"class="stone""#).count(), 5);
/// std::fs::write(std::env::temp_dir().join("nim.svg"), &picture)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait ToSvg {
    /// The state as `view` sees it, as an SVG document.
    fn to_svg(&self, view: View) -> String;
}

/// Colours that stay apart for colour-blind readers and in black-and-white print: the
/// Okabe–Ito palette, with an ink and paper of high contrast. Every drawing also tells things
/// apart by shape or text, never by colour alone.
pub mod palette {
    /// Text and outlines.
    pub const INK: &str = "#222222";
    /// The background.
    pub const PAPER: &str = "#ffffff";
    /// A light ground for tables and boards.
    pub const GROUND: &str = "#f2efe6";
    /// Secondary text and grid lines.
    pub const MUTED: &str = "#6b6b6b";
    /// Faint lines and empty places.
    pub const FAINT: &str = "#c9c5bb";
    /// Red suits, and the second of two sides (vermillion).
    pub const RED: &str = "#d55e00";
    /// Card backs, and the first of two sides.
    pub const BLUE: &str = "#0072b2";
    /// Whose turn it is, the last move.
    pub const ORANGE: &str = "#e69f00";
    /// Health, life, what was born.
    pub const GREEN: &str = "#009e73";
    /// Energy, secondary marks.
    pub const SKY: &str = "#56b4e9";
    /// Reversals and exceptions.
    pub const PURPLE: &str = "#cc79a7";
    /// Highlights behind text (a winning line).
    pub const YELLOW: &str = "#f0e442";
}

/// `text` with the five XML special characters escaped, for text and attribute values.
///
/// ```
/// assert_eq!(game_core::svg::escape(r#"<a & "b">"#), "&lt;a &amp; &quot;b&quot;&gt;");
/// assert_eq!(game_core::svg::escape("plain"), "plain");
/// ```
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.contains(['&', '<', '>', '"', '\'']) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A number as drawings write it: rounded to two decimals, without trailing zeros, `0` for
/// anything not finite, so that output is short and identical on every platform.
///
/// ```
/// use game_core::svg::Num;
///
/// assert_eq!(Num(12.0).to_string(), "12");
/// assert_eq!(Num(0.1 + 0.2).to_string(), "0.3");
/// assert_eq!(Num(-0.001).to_string(), "0");
/// assert_eq!(Num(f64::NAN).to_string(), "0");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Num(pub f64);

impl Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rounded = (self.0 * 100.0).round() / 100.0;
        if !rounded.is_finite() || rounded == 0.0 {
            f.write_str("0")
        } else {
            write!(f, "{rounded}")
        }
    }
}

/// A document's width or height: at least 1 unit, at most a million, 1 when not finite.
fn extent(size: f64) -> f64 {
    if size.is_finite() {
        size.clamp(1.0, 1e6)
    } else {
        1.0
    }
}

/// An SVG document being written: elements go in in order, each opened element is closed by
/// [`Svg::close`] or at [`Svg::finish`], so the result is always well-formed XML.
///
/// Elements are added with [`Svg::el`] (or a shortcut such as [`Svg::rect`]), which returns a
/// [`Tag`] to add attributes to; the tag is written when it is dropped, or given content with
/// [`Tag::content`], or left open for children with [`Tag::open`].
#[derive(Clone, Debug)]
pub struct Svg {
    out: String,
    open: Vec<&'static str>,
    done: Vec<&'static str>,
}

impl Svg {
    /// A document `width` × `height` units (its `viewBox`, and its natural size in pixels) with
    /// a `title` (what screen readers and tooltips say) and a paper-coloured background.
    pub fn new(width: f64, height: f64, title: &str) -> Svg {
        let mut svg = Svg {
            out: String::with_capacity(4096),
            open: Vec::new(),
            done: Vec::new(),
        };
        let (width, height) = (extent(width), extent(height));
        let (w, h) = (Num(width), Num(height));
        let _ = write!(
            svg.out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" \
             height=\"{h}\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\" \
             role=\"img\">\n<title>{}</title>\n",
            escape(title)
        );
        svg.rect(0.0, 0.0, width, height)
            .attr("fill", palette::PAPER);
        svg
    }

    /// Starts an element called `name`; add attributes to the [`Tag`] it returns.
    pub fn el(&mut self, name: &'static str) -> Tag<'_> {
        let _ = write!(self.out, "<{name}");
        Tag {
            svg: self,
            name,
            written: false,
        }
    }

    /// A `rect` at (`x`, `y`), `width` × `height`.
    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64) -> Tag<'_> {
        self.el("rect")
            .num("x", x)
            .num("y", y)
            .num("width", width.max(0.0))
            .num("height", height.max(0.0))
    }

    /// A `circle` centred on (`cx`, `cy`) of radius `r`.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64) -> Tag<'_> {
        self.el("circle")
            .num("cx", cx)
            .num("cy", cy)
            .num("r", r.max(0.0))
    }

    /// A `line` from (`x1`, `y1`) to (`x2`, `y2`).
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64) -> Tag<'_> {
        self.el("line")
            .num("x1", x1)
            .num("y1", y1)
            .num("x2", x2)
            .num("y2", y2)
    }

    /// A `path` with the path data `d`.
    pub fn path(&mut self, d: &str) -> Tag<'_> {
        self.el("path").attr("d", d)
    }

    /// A `path` of two strokes crossing at (`cx`, `cy`), each running `r` from the centre to a
    /// corner: a cross, as a mark or a sign that something is gone. Give it a stroke.
    pub fn cross(&mut self, cx: f64, cy: f64, r: f64) -> Tag<'_> {
        let d = format!(
            "M{} {}L{} {}M{} {}L{} {}",
            Num(cx - r),
            Num(cy - r),
            Num(cx + r),
            Num(cy + r),
            Num(cx + r),
            Num(cy - r),
            Num(cx - r),
            Num(cy + r)
        );
        self.path(&d)
    }

    /// A `text` element at (`x`, `y`) (the baseline); give it its words with [`Tag::content`].
    pub fn text(&mut self, x: f64, y: f64) -> Tag<'_> {
        self.el("text").num("x", x).num("y", y)
    }

    /// A group `g` moved by (`dx`, `dy`), left open: close it with [`Svg::close`].
    pub fn group(&mut self, dx: f64, dy: f64) -> Tag<'_> {
        let tag = self.el("g");
        if dx == 0.0 && dy == 0.0 {
            tag
        } else {
            tag.attr(
                "transform",
                format_args!("translate({} {})", Num(dx), Num(dy)),
            )
        }
    }

    /// Closes the innermost element left open by [`Tag::open`]; does nothing when none is.
    pub fn close(&mut self) {
        if let Some(name) = self.open.pop() {
            let _ = writeln!(self.out, "</{name}>");
        }
    }

    /// Whether `key` is met for the first time in this document: for definitions (`<defs>`)
    /// that a drawing writes once, before its first use.
    pub fn first_time(&mut self, key: &'static str) -> bool {
        if self.done.contains(&key) {
            false
        } else {
            self.done.push(key);
            true
        }
    }

    /// Writes `markup` as it is: for fragments made by another [`Svg`]'s writer functions. The
    /// caller answers for its being well-formed.
    pub fn raw(&mut self, markup: &str) {
        self.out.push_str(markup);
    }

    /// Closes every open element and the document, and returns its text.
    pub fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.close();
        }
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// An element being written by an [`Svg`]: attributes are added in order; it ends as an empty
/// element when dropped, with text by [`Tag::content`], or open for children by [`Tag::open`].
#[derive(Debug)]
pub struct Tag<'a> {
    svg: &'a mut Svg,
    name: &'static str,
    written: bool,
}

impl Tag<'_> {
    /// Adds the attribute `name="value"`, the value escaped.
    pub fn attr(self, name: &str, value: impl Display) -> Self {
        let mut text = String::new();
        let _ = write!(text, "{value}");
        let _ = write!(self.svg.out, " {name}=\"{}\"", escape(&text));
        self
    }

    /// Adds a numeric attribute, written as [`Num`] writes it.
    pub fn num(self, name: &str, value: f64) -> Self {
        let _ = write!(self.svg.out, " {name}=\"{}\"", Num(value));
        self
    }

    /// Ends the element with `text` (escaped) as its content.
    pub fn content(mut self, text: &str) {
        let _ = writeln!(self.svg.out, ">{}</{}>", escape(text), self.name);
        self.written = true;
    }

    /// Leaves the element open: what follows goes inside it until [`Svg::close`].
    pub fn open(mut self) {
        self.svg.out.push_str(">\n");
        self.svg.open.push(self.name);
        self.written = true;
    }
}

impl Drop for Tag<'_> {
    fn drop(&mut self) {
        if !self.written {
            self.svg.out.push_str("/>\n");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_nest_and_close() {
        let mut svg = Svg::new(10.0, 10.0, "t");
        svg.group(1.0, 2.0).attr("class", "a").open();
        svg.circle(1.0, 1.0, 0.5).attr("fill", palette::RED);
        svg.group(0.0, 0.0).open();
        svg.text(0.0, 5.0).content("x < y");
        let doc = svg.finish();
        assert!(doc.contains("<g transform=\"translate(1 2)\" class=\"a\">\n"));
        assert!(doc.contains("<circle cx=\"1\" cy=\"1\" r=\"0.5\" fill=\"#d55e00\"/>\n"));
        assert!(doc.contains("<g>\n<text x=\"0\" y=\"5\">x &lt; y</text>\n</g>\n</g>\n</svg>\n"));
    }

    #[test]
    fn attributes_are_escaped_and_sizes_never_negative() {
        let mut svg = Svg::new(-5.0, f64::INFINITY, "\"quoted\"");
        svg.rect(0.0, 0.0, -3.0, 2.0).attr("data-x", "a\"b");
        svg.close();
        let doc = svg.finish();
        assert!(doc.contains("viewBox=\"0 0 1 1\""), "{doc}");
        assert!(doc.contains("<title>&quot;quoted&quot;</title>"));
        assert!(doc.contains("width=\"0\" height=\"2\" data-x=\"a&quot;b\"/>"));
    }

    #[test]
    fn first_time_is_once_per_key() {
        let mut svg = Svg::new(1.0, 1.0, "");
        assert!(svg.first_time("suits"));
        assert!(!svg.first_time("suits"));
        assert!(svg.first_time("backs"));
    }

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(Num(1.005).to_string(), "1");
        assert_eq!(Num(2.5).to_string(), "2.5");
        assert_eq!(Num(-12.345).to_string(), "-12.35");
        assert_eq!(Num(f64::NEG_INFINITY).to_string(), "0");
    }
}
