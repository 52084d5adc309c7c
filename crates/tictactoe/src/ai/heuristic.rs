//! `heuristic`: the original program's `computer_move`, rule for rule.

use game_core::{Agent, Decision, GameRng};

use crate::action::{Cell, CellSet};
use crate::state::{TicTacToe, has_line};

use super::{legal_or_any, pick};

/// Which of the original program's rules decided a move, in the order it tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicRule {
    /// A cell that completes a line of one's own (the lowest-numbered such cell).
    Win,
    /// A cell that would complete a line of the opponent's (the lowest-numbered such cell).
    Block,
    /// A free corner (1, 3, 7, 9), chosen at random.
    Corner,
    /// The centre.
    Centre,
    /// A free edge (2, 4, 6, 8), chosen at random.
    Edge,
}

/// What the original program's `computer_move` does in a position: the rule that applies and
/// the cells it chooses from uniformly (one cell for the deterministic rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeuristicChoice {
    /// The rule that decided.
    pub rule: HeuristicRule,
    /// The cells it picks from.
    pub cells: CellSet,
}

/// The original program's `computer_move` for the player to move, or `None` when the game is
/// over:
/// 1. scanning cells 1 to 9, the first that makes three in a row for the mover;
/// 2. else, scanning 1 to 9, the first that would make three in a row for the opponent;
/// 3. else a free corner among 1, 3, 7, 9, at random;
/// 4. else the centre 5;
/// 5. else a free edge among 2, 4, 6, 8, at random.
///
/// ```
/// use tictactoe::prelude::*;
/// use tictactoe::{HeuristicRule, heuristic_choice};
///
/// // On the empty board the rule is "a free corner, at random".
/// let choice = heuristic_choice(&TicTacToe::default()).expect("the game is on");
/// assert_eq!(choice.rule, HeuristicRule::Corner);
/// assert_eq!(choice.cells, Cell::CORNERS);
/// ```
pub fn heuristic_choice(state: &TicTacToe) -> Option<HeuristicChoice> {
    let mover = state.to_move()?;
    let mine = state.cells_of(mover).mask();
    let theirs = state.cells_of(mover.other()).mask();
    let free = state.free_cells();
    let single = |rule, cell: Cell| HeuristicChoice {
        rule,
        cells: CellSet::EMPTY.with(cell),
    };
    if let Some(cell) = free.iter().find(|cell| has_line(mine | cell.bit())) {
        return Some(single(HeuristicRule::Win, cell));
    }
    if let Some(cell) = free.iter().find(|cell| has_line(theirs | cell.bit())) {
        return Some(single(HeuristicRule::Block, cell));
    }
    let corners = free.intersection(Cell::CORNERS);
    if !corners.is_empty() {
        return Some(HeuristicChoice {
            rule: HeuristicRule::Corner,
            cells: corners,
        });
    }
    if free.contains(Cell::CENTRE) {
        return Some(single(HeuristicRule::Centre, Cell::CENTRE));
    }
    Some(HeuristicChoice {
        rule: HeuristicRule::Edge,
        cells: free.intersection(Cell::EDGES),
    })
}

/// The original program's rule-based computer player ([`heuristic_choice`]), drawing its random
/// corner and edge choices from its seeded generator: uniformly among the free cells of the rule,
/// in keypad order, with one [`GameRng::index`] draw when there is more than one.
#[derive(Clone, Debug)]
pub struct HeuristicAgent {
    rng: GameRng,
}

impl HeuristicAgent {
    /// A heuristic player seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: GameRng::new(seed),
        }
    }

    /// The move this agent makes in `state` (`None` when the game is over).
    ///
    /// ```
    /// use tictactoe::prelude::*;
    ///
    /// let mut game = TicTacToe::default();
    /// for cell in ["1", "5", "2"] {
    ///     game.play(cell.parse()?)?;
    /// }
    /// // O must block X's 1 2 _ at 3.
    /// assert_eq!(HeuristicAgent::new(7).choose_move(&game), Cell::new(3));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn choose_move(&mut self, state: &TicTacToe) -> Option<Cell> {
        pick(heuristic_choice(state)?.cells, &mut self.rng)
    }
}

impl Default for HeuristicAgent {
    /// The heuristic player seeded with 0.
    fn default() -> Self {
        Self::new(0)
    }
}

impl Agent<TicTacToe> for HeuristicAgent {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, decision: &Decision<'_, TicTacToe>) -> Cell {
        let cell = self.choose_move(decision.observation());
        legal_or_any(cell, decision, &mut self.rng)
    }
}
