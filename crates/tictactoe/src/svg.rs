//! The board drawn in SVG (feature `svg`).

use game_core::svg::{Svg, ToSvg, View, palette};

use crate::action::Cell;
use crate::state::{LINES, Mark, Outcome, TicTacToe};

/// Side of a cell, in `viewBox` units.
const CELL: f64 = 60.0;
/// The board's top-left corner.
const LEFT: f64 = 30.0;
const TOP: f64 = 20.0;
const WIDTH: f64 = 2.0 * LEFT + 3.0 * CELL;
const HEIGHT: f64 = TOP + 3.0 * CELL + 75.0;

/// The top-left corner of `cell`.
fn corner(cell: Cell) -> (f64, f64) {
    let (row, column) = cell.row_column();
    (LEFT + CELL * f64::from(column), TOP + CELL * f64::from(row))
}

/// What the picture says under the board.
fn caption(game: &TicTacToe) -> String {
    match (game.outcome(), game.to_move()) {
        (Some(Outcome::Winner(mark)), _) => format!("{mark} wins"),
        (Some(Outcome::Draw), _) => "Draw".to_string(),
        (None, Some(mark)) => format!("{mark} to move"),
        (None, None) => String::new(),
    }
}

impl ToSvg for TicTacToe {
    /// The board with its marks (X in blue crosses, O in vermillion rings), the free cells'
    /// keypad numbers in grey, the last move outlined, a winning line struck through, and who
    /// moves or how the game ended. Tic-tac-toe hides nothing: every view is the same picture.
    ///
    /// ```
    /// use tictactoe::prelude::*;
    ///
    /// let mut game = TicTacToe::new(Config::default(), 0)?;
    /// game.apply(&"5".parse()?)?;
    /// let svg = game.to_svg(View::Everything);
    /// assert!(svg.starts_with("<svg") && svg.contains("O to move"));
    /// assert_eq!(svg, game.to_svg(View::Seat(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_svg(&self, _view: View) -> String {
        let status = caption(self);
        let mut svg = Svg::new(WIDTH, HEIGHT, &format!("Tic-tac-toe: {status}"));
        let winning = self.winning_cells();
        for cell in winning {
            let (x, y) = corner(cell);
            svg.rect(x, y, CELL, CELL)
                .attr("fill", palette::YELLOW)
                .attr("fill-opacity", 0.6);
        }
        for i in 1..3 {
            let at = CELL * f64::from(i);
            for (x1, y1, x2, y2) in [
                (LEFT + at, TOP, LEFT + at, TOP + 3.0 * CELL),
                (LEFT, TOP + at, LEFT + 3.0 * CELL, TOP + at),
            ] {
                svg.line(x1, y1, x2, y2)
                    .attr("stroke", palette::INK)
                    .attr("stroke-width", 3)
                    .attr("stroke-linecap", "round");
            }
        }
        let last = self.moves().next_back();
        for cell in Cell::ALL {
            let (x, y) = corner(cell);
            let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
            match self.mark_at(cell) {
                Some(Mark::X) => {
                    let r = CELL * 0.27;
                    svg.cross(cx, cy, r)
                        .attr("class", "mark x")
                        .attr("stroke", palette::BLUE)
                        .attr("stroke-width", 8)
                        .attr("stroke-linecap", "round");
                }
                Some(Mark::O) => {
                    svg.circle(cx, cy, CELL * 0.29)
                        .attr("class", "mark o")
                        .attr("fill", "none")
                        .attr("stroke", palette::RED)
                        .attr("stroke-width", 8);
                }
                None => {
                    svg.text(cx, cy + 8.0)
                        .attr("text-anchor", "middle")
                        .attr("font-size", 22)
                        .attr("fill", palette::FAINT)
                        .content(&cell.to_string());
                }
            }
            if last == Some(cell) {
                svg.rect(x + 4.0, y + 4.0, CELL - 8.0, CELL - 8.0)
                    .attr("class", "last")
                    .attr("rx", 6)
                    .attr("fill", "none")
                    .attr("stroke", palette::ORANGE)
                    .attr("stroke-width", 3)
                    .attr("stroke-dasharray", "6 4");
            }
        }
        for mark in [Mark::X, Mark::O] {
            let mine = self.cells_of(mark).mask();
            for line in LINES.iter().filter(|&&line| mine & line == line) {
                let cells: Vec<Cell> = Cell::ALL
                    .into_iter()
                    .filter(|c| line & c.bit() != 0)
                    .collect();
                if let (Some(&a), Some(&b)) = (cells.first(), cells.last()) {
                    let ((ax, ay), (bx, by)) = (corner(a), corner(b));
                    let half = CELL / 2.0;
                    svg.line(ax + half, ay + half, bx + half, by + half)
                        .attr("class", "win")
                        .attr("stroke", palette::INK)
                        .attr("stroke-width", 5)
                        .attr("stroke-linecap", "round")
                        .attr("stroke-opacity", 0.75);
                }
            }
        }
        let bottom = TOP + 3.0 * CELL;
        svg.text(WIDTH / 2.0, bottom + 38.0)
            .attr("text-anchor", "middle")
            .attr("font-size", 20)
            .attr("font-weight", "bold")
            .attr("fill", palette::INK)
            .content(&status);
        let moves = self.moves_played();
        let first = if self.first_mover() == Mark::O {
            " · O moved first"
        } else {
            ""
        };
        svg.text(WIDTH / 2.0, bottom + 62.0)
            .attr("text-anchor", "middle")
            .attr("font-size", 13)
            .attr("fill", palette::MUTED)
            .content(&format!(
                "{moves} move{}{first}",
                if moves == 1 { "" } else { "s" }
            ));
        svg.finish()
    }
}
