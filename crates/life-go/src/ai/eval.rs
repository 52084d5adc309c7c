use game_core::{Agent, Decision, GameRng};

use crate::action::Action;
use crate::board::Colour;
use crate::state::LifeGo;

/// The original program's `eval` player (its `material-balance` evaluation): tries every legal
/// drop and keeps one that leaves the most own stones minus the opponent's after the tick, one
/// move deep. Ties are broken uniformly with its seeded generator.
#[derive(Clone, Debug)]
pub struct EvalAgent {
    rng: GameRng,
}

impl EvalAgent {
    /// An `eval` player seeded with `seed` (used only to break ties).
    pub fn new(seed: u64) -> Self {
        Self {
            rng: GameRng::new(seed),
        }
    }
}

/// Own stones minus the opponent's on the board after `mover` drops on `mv`'s cell and it ticks.
pub(crate) fn material_after(state: &LifeGo, mover: Colour, mv: Action) -> i64 {
    let mut board = state.board().clone();
    board.place(mv.cell(), mover);
    board.tick();
    i64::from(board.count(mover)) - i64::from(board.count(mover.opponent()))
}

impl Default for EvalAgent {
    /// The `eval` player seeded with 0.
    fn default() -> Self {
        Self::new(0)
    }
}

impl Agent<LifeGo> for EvalAgent {
    fn name(&self) -> &str {
        "eval"
    }

    fn choose(&mut self, decision: &Decision<'_, LifeGo>) -> Action {
        let state = decision.observation();
        let mover = state.to_move();
        let mut best = i64::MIN;
        let mut ties: Vec<usize> = Vec::new();
        for (i, &mv) in decision.legal().iter().enumerate() {
            let score = material_after(state, mover, mv);
            if score > best {
                best = score;
                ties.clear();
            }
            if score == best {
                ties.push(i);
            }
        }
        let pick = self.rng.choose(&ties).copied().unwrap_or(0);
        *decision.action(pick)
    }
}
