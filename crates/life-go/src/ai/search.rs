//! Alpha-beta search on bare boards, for the `strong` player.

use crate::action::Cell;
use crate::board::{Board, Colour};
use crate::state::{Outcome, end_after_move};

/// A won game's score; wins sooner score higher.
pub(crate) const WIN: i32 = 1_000_000;

/// The search: a node budget (one node = one drop and tick) and the move limit of the game.
pub(crate) struct Search {
    pub nodes: u64,
    pub budget: u64,
    pub move_limit: u32,
    cells: Vec<Vec<Cell>>,
}

/// The score of a finished game for `me`, `ply` moves from the root.
fn terminal(outcome: Outcome, me: Colour, ply: u32) -> i32 {
    match outcome.winner {
        Some(w) if w == me => WIN - ply as i32,
        Some(_) => -(WIN - ply as i32),
        None => 0,
    }
}

/// The static value of `board` for `me`, just after a tick: own stones minus the opponent's
/// (finished games are scored apart, as wins and losses, by [`terminal`]).
pub(crate) fn evaluate(board: &Board, me: Colour) -> i32 {
    let mine = board.count(me) as i32;
    let theirs = board.count(me.opponent()) as i32;
    mine - theirs
}

impl Search {
    pub fn new(budget: u64, move_limit: u32) -> Self {
        Self {
            nodes: 0,
            budget,
            move_limit,
            cells: Vec::new(),
        }
    }

    pub fn exhausted(&self) -> bool {
        self.nodes >= self.budget
    }

    /// The board after `mover` drops on `cell`, and the game's outcome if it ends there.
    pub fn play(
        &mut self,
        board: &Board,
        mover: Colour,
        moves: u32,
        cell: Cell,
    ) -> (Board, Option<Outcome>) {
        self.nodes += 1;
        let mut child = board.clone();
        child.place(cell, mover);
        child.tick();
        let outcome = end_after_move(&child, mover, moves.saturating_add(1), self.move_limit);
        (child, outcome)
    }

    /// The value for `mover` of dropping on `cell` and searching `depth - 1` moves further.
    /// `None` when the budget ran out.
    #[allow(clippy::too_many_arguments)]
    pub fn value_of(
        &mut self,
        board: &Board,
        mover: Colour,
        moves: u32,
        cell: Cell,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        let (child, outcome) = self.play(board, mover, moves, cell);
        if let Some(outcome) = outcome {
            return Some(terminal(outcome, mover, ply + 1));
        }
        if depth <= 1 {
            return Some(evaluate(&child, mover));
        }
        let reply = self.negamax(
            &child,
            mover.opponent(),
            moves.saturating_add(1),
            depth - 1,
            -beta,
            -alpha,
            ply + 1,
        )?;
        Some(-reply)
    }

    /// Negamax with alpha-beta: the value for `to_move` of the position, `depth` moves deep.
    #[allow(clippy::too_many_arguments)]
    pub fn negamax(
        &mut self,
        board: &Board,
        to_move: Colour,
        moves: u32,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        if self.exhausted() {
            return None;
        }
        let mut cells = self.cells.pop().unwrap_or_default();
        cells.clear();
        board.legal_drops_into(&mut cells);
        let mut best = i32::MIN + 1;
        if depth <= 1 {
            for &cell in &cells {
                let (child, outcome) = self.play(board, to_move, moves, cell);
                let v = match outcome {
                    Some(o) => terminal(o, to_move, ply + 1),
                    None => evaluate(&child, to_move),
                };
                best = best.max(v);
                if best >= beta {
                    break;
                }
            }
        } else {
            // Order the drops by their one-move value, best first.
            let mut scored: Vec<(i32, Cell, bool)> = Vec::with_capacity(cells.len());
            for &cell in &cells {
                let (child, outcome) = self.play(board, to_move, moves, cell);
                match outcome {
                    Some(o) => scored.push((terminal(o, to_move, ply + 1), cell, true)),
                    None => scored.push((evaluate(&child, to_move), cell, false)),
                }
            }
            scored.sort_by_key(|s| std::cmp::Reverse(s.0));
            for &(quick, cell, over) in &scored {
                let v = if over {
                    quick
                } else {
                    match self.value_of(board, to_move, moves, cell, depth, alpha, beta, ply) {
                        Some(v) => v,
                        None => {
                            self.cells.push(cells);
                            return None;
                        }
                    }
                };
                best = best.max(v);
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        self.cells.push(cells);
        Some(best)
    }
}
