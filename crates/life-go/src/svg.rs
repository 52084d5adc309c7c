//! The board drawn in SVG (feature `svg`): stones, the last drop, and what the tick did.

use game_core::svg::{Num, Svg, ToSvg, View, palette};

use crate::action::{Cell, file_name};
use crate::board::Colour;
use crate::narration::{MoveReport, Tick};
use crate::state::LifeGo;

/// Side of a cell, in `viewBox` units.
const CELL: f64 = 20.0;
/// Room for the rank numbers on the left, and a margin above.
const LEFT: f64 = 30.0;
const TOP: f64 = 14.0;
/// The narrowest picture: room for the legend.
const MIN_WIDTH: f64 = 430.0;

/// Geometry of one picture: where the board starts and how big it is.
struct Frame {
    left: f64,
    width: usize,
    height: usize,
}

impl Frame {
    /// The centre of `cell`.
    fn centre(&self, cell: Cell) -> (f64, f64) {
        (
            self.left + CELL * (cell.file() as f64 + 0.5),
            TOP + CELL * ((self.height - 1 - cell.rank()) as f64 + 0.5),
        )
    }
}

/// A stone of `colour` centred on (`cx`, `cy`).
fn stone(svg: &mut Svg, colour: Colour, cx: f64, cy: f64, class: &str) {
    let tag = svg.circle(cx, cy, CELL * 0.4).attr("class", class);
    match colour {
        Colour::Black => drop(tag.attr("fill", palette::INK)),
        Colour::White => drop(
            tag.attr("fill", palette::PAPER)
                .attr("stroke", palette::INK)
                .attr("stroke-width", 1.5),
        ),
    }
}

/// The ink that shows on a stone of `colour`.
fn on(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => palette::PAPER,
        Colour::White => palette::INK,
    }
}

/// A `+` on a stone just born.
fn born_mark(svg: &mut Svg, colour: Colour, cx: f64, cy: f64) {
    let r = CELL * 0.2;
    svg.path(&format!(
        "M{} {}H{}M{} {}V{}",
        Num(cx - r),
        Num(cy),
        Num(cx + r),
        Num(cx),
        Num(cy - r),
        Num(cy + r)
    ))
    .attr("class", "born")
    .attr("stroke", on(colour))
    .attr("stroke-width", 2.5);
}

/// A dashed ring with a cross where a stone died.
fn died_mark(svg: &mut Svg, cx: f64, cy: f64) {
    svg.circle(cx, cy, CELL * 0.36)
        .attr("class", "died")
        .attr("fill", "none")
        .attr("stroke", palette::MUTED)
        .attr("stroke-width", 1.5)
        .attr("stroke-dasharray", "3 2");
    let r = CELL * 0.15;
    svg.cross(cx, cy, r)
        .attr("stroke", palette::MUTED)
        .attr("stroke-width", 2);
}

/// A dot of the old colour in a stone that changed colour.
fn turned_mark(svg: &mut Svg, colour: Colour, cx: f64, cy: f64) {
    let dot = svg.circle(cx, cy, CELL * 0.15).attr("class", "turned");
    match colour.opponent() {
        Colour::Black => drop(dot.attr("fill", palette::INK)),
        Colour::White => drop(
            dot.attr("fill", palette::PAPER)
                .attr("stroke", palette::INK)
                .attr("stroke-width", 1),
        ),
    }
}

/// The outline of the last drop's cell.
fn last_mark(svg: &mut Svg, cx: f64, cy: f64) {
    let half = CELL / 2.0 - 1.0;
    svg.rect(cx - half, cy - half, 2.0 * half, 2.0 * half)
        .attr("class", "last")
        .attr("rx", 3)
        .attr("fill", "none")
        .attr("stroke", palette::ORANGE)
        .attr("stroke-width", 2.5);
}

/// Draws a legend's sample mark centred on a point.
type Sample = fn(&mut Svg, f64, f64);

/// What the picture says under the board: whose turn it is or how the game ended, then the
/// move and the stones.
fn status(game: &LifeGo) -> (String, String) {
    let headline = match game.outcome() {
        Some(outcome) => outcome.to_string(),
        None => format!("{} to move", game.to_move()),
    };
    let counts = format!(
        "move {} · black {} · white {}",
        game.moves_played(),
        game.stones(Colour::Black),
        game.stones(Colour::White)
    );
    (headline, counts)
}

impl ToSvg for LifeGo {
    /// The board (files lettered below, ranks numbered on the left), its stones (black, and
    /// white with an ink outline), the last drop outlined in orange, and what the tick after it
    /// did: a `+` on each stone born, a dashed ring with a cross where a stone died, a dot of
    /// the old colour in a stone that turned. A legend, the stone counts, whose turn it is or
    /// how the game ended, and the move in words follow. Life-Go hides nothing: every view is
    /// the same picture.
    ///
    /// ```
    /// use life_go::prelude::*;
    ///
    /// let mut game = LifeGo::new(Config::default(), 7)?;
    /// game.apply(&"e3".parse()?)?;
    /// let svg = game.to_svg(View::Everything);
    /// assert!(svg.contains("black drops on e3"));
    /// assert!(svg.contains(r#"class="last""#));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_svg(&self, _view: View) -> String {
        let board = self.board();
        let (width, height) = (board.width(), board.height());
        let board_width = CELL * width as f64;
        let total_width = (LEFT + board_width + 14.0).max(MIN_WIDTH);
        let frame = Frame {
            left: LEFT + (total_width - LEFT - board_width - 14.0) / 2.0,
            width,
            height,
        };
        let board_bottom = TOP + CELL * height as f64;
        let total_height = board_bottom + 128.0;
        let (headline, counts) = status(self);
        let title = format!("Life-Go: {headline}; {counts}");
        let mut svg = Svg::new(total_width, total_height, &title);

        svg.rect(frame.left, TOP, board_width, CELL * height as f64)
            .attr("fill", palette::GROUND)
            .attr("stroke", palette::MUTED);
        let mut grid = String::new();
        for file in 1..frame.width {
            let x = frame.left + CELL * file as f64;
            grid.push_str(&format!("M{} {}V{}", Num(x), Num(TOP), Num(board_bottom)));
        }
        for rank in 1..frame.height {
            let y = TOP + CELL * rank as f64;
            grid.push_str(&format!(
                "M{} {}H{}",
                Num(frame.left),
                Num(y),
                Num(frame.left + board_width)
            ));
        }
        if !grid.is_empty() {
            svg.path(&grid)
                .attr("stroke", palette::FAINT)
                .attr("stroke-width", 0.8);
        }
        svg.group(0.0, 0.0)
            .attr("font-size", 10)
            .attr("fill", palette::MUTED)
            .attr("text-anchor", "middle")
            .open();
        for file in 0..frame.width {
            let x = frame.left + CELL * (file as f64 + 0.5);
            svg.text(x, board_bottom + 13.0).content(&file_name(file));
        }
        for rank in 0..frame.height {
            let y = TOP + CELL * ((frame.height - 1 - rank) as f64 + 0.5) + 3.5;
            svg.text(frame.left - 12.0, y)
                .content(&(rank + 1).to_string());
        }
        svg.close();

        let report = self
            .before_last_drop()
            .and_then(|before| MoveReport::new(&before, self));
        let tick = report.as_ref().map(|r| r.tick.clone()).unwrap_or_default();
        for cell in board.cells() {
            if let Some(colour) = board.get(cell) {
                let (cx, cy) = frame.centre(cell);
                stone(&mut svg, colour, cx, cy, &format!("stone {colour}"));
            }
        }
        let Tick { born, died, turned } = &tick;
        for &(cell, colour) in born {
            let (cx, cy) = frame.centre(cell);
            born_mark(&mut svg, colour, cx, cy);
        }
        for &(cell, _) in died {
            let (cx, cy) = frame.centre(cell);
            died_mark(&mut svg, cx, cy);
        }
        for &(cell, colour) in turned {
            let (cx, cy) = frame.centre(cell);
            turned_mark(&mut svg, colour, cx, cy);
        }
        if let Some(cell) = self.last_drop().filter(|&c| board.contains(c)) {
            let (cx, cy) = frame.centre(cell);
            last_mark(&mut svg, cx, cy);
        }

        // The legend, one sample of each mark; a stone's mark in both colours.
        let y = board_bottom + 36.0;
        let mut x = total_width / 2.0 - 220.0;
        let items: [(&str, Sample, Option<Sample>); 4] = [
            ("last drop", |svg, cx, cy| last_mark(svg, cx, cy), None),
            (
                "born",
                |svg, cx, cy| {
                    stone(svg, Colour::Black, cx, cy, "legend");
                    born_mark(svg, Colour::Black, cx, cy);
                },
                Some(|svg, cx, cy| {
                    stone(svg, Colour::White, cx, cy, "legend");
                    born_mark(svg, Colour::White, cx, cy);
                }),
            ),
            ("died", died_mark, None),
            (
                "turned",
                |svg, cx, cy| {
                    stone(svg, Colour::Black, cx, cy, "legend");
                    turned_mark(svg, Colour::Black, cx, cy);
                },
                Some(|svg, cx, cy| {
                    stone(svg, Colour::White, cx, cy, "legend");
                    turned_mark(svg, Colour::White, cx, cy);
                }),
            ),
        ];
        for (label, sample, other) in items {
            sample(&mut svg, x + 10.0, y - 4.0);
            let mut label_x = x + 24.0;
            if let Some(other) = other {
                other(&mut svg, x + 30.0, y - 4.0);
                label_x += 20.0;
            }
            svg.text(label_x, y)
                .attr("font-size", 12)
                .attr("fill", palette::INK)
                .content(label);
            x = label_x + 76.0;
        }
        svg.text(total_width / 2.0, y + 30.0)
            .attr("text-anchor", "middle")
            .attr("font-size", 14)
            .attr("font-weight", "bold")
            .attr("fill", palette::INK)
            .content(&headline);
        svg.text(total_width / 2.0, y + 52.0)
            .attr("text-anchor", "middle")
            .attr("font-size", 12)
            .attr("fill", palette::INK)
            .content(&counts);
        let said = match &report {
            Some(report) => format!("{report:#}"),
            None if self.moves_played() == 0 => "the setup: Black moves first".to_string(),
            None => String::new(),
        };
        svg.text(total_width / 2.0, y + 72.0)
            .attr("text-anchor", "middle")
            .attr("font-size", 12)
            .attr("fill", palette::MUTED)
            .content(&said);
        svg.finish()
    }
}
