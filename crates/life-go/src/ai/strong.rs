use game_core::{Agent, Decision, GameRng};

use super::search::{Search, WIN};
use crate::action::Action;
use crate::state::LifeGo;

/// The `strong` player's default budget: drops tried (each one drop and one tick) per move.
/// Calibrated to stay under 100 ms a move on the development machine (2 cores, release build).
pub const DEFAULT_NODE_BUDGET: u64 = 60_000;

/// A budget for advice, ten times the default: a player taking advice should have more than
/// a coin flip against the default `strong`. Playing every move at this budget it won 19 of
/// 20 short games (13×13, 80 moves) against the default and 4 of 4 full ones, colours
/// alternating; about 0.1 s a move.
pub const HINT_NODE_BUDGET: u64 = 10 * DEFAULT_NODE_BUDGET;

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
        self.analyse(state, legal).map(|analysis| analysis.action)
    }

    /// The best drop for the player to move in `state`, among `legal`, with what the search
    /// expects of it: how many moves deep it looked and the lead in stones (or the win or
    /// loss) it foresees there, both sides playing as it would. What a hint says.
    ///
    /// ```
    /// use life_go::prelude::*;
    /// use life_go::Outlook;
    ///
    /// let game = LifeGo::new(Config::short(), 3)?;
    /// let legal = game.legal_actions(0);
    /// let analysis = StrongAgent::with_budget(1, 5_000).analyse(&game, &legal).expect("drops");
    /// assert!(legal.contains(&analysis.action));
    /// assert!(analysis.depth >= 1);
    /// match analysis.outlook {
    ///     Outlook::Lead(lead) => println!("{}: a lead of {lead} after {} moves", analysis.action, analysis.depth),
    ///     Outlook::Win { moves } | Outlook::Loss { moves } => assert!(moves >= 1),
    ///     _ => {}
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn analyse(&mut self, state: &LifeGo, legal: &[Action]) -> Option<Analysis> {
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
        let (value, action) = *scored.first()?;
        let mut best = Analysis {
            action,
            depth: 1,
            outlook: Outlook::of(value),
        };
        for depth in 2..=self.max_depth {
            if scored
                .first()
                .is_some_and(|&(v, _)| v.abs() >= WIN - MAX_PLY)
            {
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
            // The best move of an iteration was searched in full at its depth (later moves
            // are searched against its value, and only those that beat it come out above).
            best = Analysis {
                action: next[0].1,
                depth,
                outlook: Outlook::of(next[0].0),
            };
            next.extend(rest);
            scored = next;
            if !complete {
                break;
            }
        }
        Some(best)
    }
}

/// What [`StrongAgent::analyse`] found: its drop and what it expects of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Analysis {
    /// The drop.
    pub action: Action,
    /// Moves looked ahead, this drop included (1: the drop and its tick alone).
    pub depth: u32,
    /// What the search sees at that depth.
    pub outlook: Outlook,
}

/// The mover's prospect after a drop, as the `strong` search sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outlook {
    /// The mover's stones minus the opponent's, `depth` moves on (negative: behind).
    Lead(i32),
    /// A win the search can force, `moves` moves from now (this drop included).
    Win {
        /// Moves to the win.
        moves: u32,
    },
    /// A loss the search cannot avoid, `moves` moves from now.
    Loss {
        /// Moves to the loss.
        moves: u32,
    },
}

impl Outlook {
    /// The search's value read back: wins and losses score `WIN` less the moves to them.
    fn of(value: i32) -> Self {
        if value >= WIN - MAX_PLY {
            Outlook::Win {
                moves: (WIN - value) as u32,
            }
        } else if value <= -(WIN - MAX_PLY) {
            Outlook::Loss {
                moves: (WIN + value) as u32,
            }
        } else {
            Outlook::Lead(value)
        }
    }
}

/// More moves than any search looks ahead: values within it of `WIN` are wins.
const MAX_PLY: i32 = 64;

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
