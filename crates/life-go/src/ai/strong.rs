use game_core::{Agent, Decision, GameRng};

use super::search::{Search, WIN};
use crate::action::Action;
use crate::state::LifeGo;

/// The `strong` player's default budget: drops tried (each one drop and one tick) per move.
/// Calibrated to stay under 100 ms a move on the development machine (2 cores, release build).
pub const DEFAULT_NODE_BUDGET: u64 = 60_000;

/// The `strong` player: iterative-deepening alpha-beta (negamax) over drops, each node ordered by
/// its one-move value, with wins and losses scored as such and material (own stones minus the
/// opponent's) at the leaves. Its budget counts nodes, not time, so a seed gives the same game on
/// any machine; ties between equally good drops are broken by its seeded generator.
#[derive(Clone, Debug)]
pub struct StrongAgent {
    rng: GameRng,
    budget: u64,
    max_depth: u32,
}

impl StrongAgent {
    /// A `strong` player seeded with `seed`, with the default budget.
    pub fn new(seed: u64) -> Self {
        Self::with_budget(seed, DEFAULT_NODE_BUDGET)
    }

    /// A `strong` player that tries at most about `nodes` drops per move (at least one full
    /// one-move search is always done).
    pub fn with_budget(seed: u64, nodes: u64) -> Self {
        Self {
            rng: GameRng::new(seed),
            budget: nodes,
            max_depth: 8,
        }
    }

    /// Its budget in nodes per move.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// The best drop for the player to move in `state`, among `legal`.
    pub fn best_move(&mut self, state: &LifeGo, legal: &[Action]) -> Option<Action> {
        let board = state.board();
        let me = state.to_move();
        let moves = state.moves_played();
        let mut search = Search::new(u64::MAX, state.config().move_limit);
        // Shuffle first so that the stable sorts below break ties at random.
        let mut order: Vec<Action> = legal.to_vec();
        self.rng.shuffle(&mut order);
        // Depth 1: the one-move values, which also order the deeper searches.
        let mut scored: Vec<(i32, Action)> = order
            .iter()
            .map(|&mv| {
                let v = search
                    .value_of(board, me, moves, mv.cell(), 1, -WIN - 1, WIN + 1, 0)
                    .unwrap_or(i32::MIN + 1);
                (v, mv)
            })
            .collect();
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        search.budget = self.budget;
        let mut best = scored.first().map(|&(_, mv)| mv)?;
        for depth in 2..=self.max_depth {
            if scored.first().is_some_and(|&(v, _)| v.abs() >= WIN - 64) {
                break; // a forced result is already known
            }
            let mut alpha = -WIN - 1;
            let mut next: Vec<(i32, Action)> = Vec::with_capacity(scored.len());
            let mut complete = true;
            for &(_, mv) in &scored {
                match search.value_of(board, me, moves, mv.cell(), depth, alpha, WIN + 1, 0) {
                    Some(v) => {
                        // A value at or below alpha is only an upper bound; keep it for ordering.
                        next.push((v, mv));
                        alpha = alpha.max(v);
                    }
                    None => {
                        complete = false;
                        break;
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            // Moves searched in this iteration first (by their values), the rest as before.
            let searched: Vec<Action> = next.iter().map(|&(_, mv)| mv).collect();
            next.sort_by_key(|s| std::cmp::Reverse(s.0));
            let rest: Vec<(i32, Action)> = scored
                .iter()
                .filter(|(_, mv)| !searched.contains(mv))
                .map(|&(v, mv)| (v.min(next.last().map_or(v, |l| l.0)), mv))
                .collect();
            best = next[0].1;
            next.extend(rest);
            scored = next;
            if !complete {
                break;
            }
        }
        Some(best)
    }
}

impl Default for StrongAgent {
    /// The `strong` player seeded with 0.
    fn default() -> Self {
        Self::new(0)
    }
}

impl Agent<LifeGo> for StrongAgent {
    fn name(&self) -> &str {
        "strong"
    }

    fn choose(&mut self, decision: &Decision<'_, LifeGo>) -> Action {
        let legal = decision.legal();
        match self.best_move(decision.observation(), legal) {
            Some(mv) if legal.contains(&mv) => mv,
            _ => *decision.action(0),
        }
    }
}
