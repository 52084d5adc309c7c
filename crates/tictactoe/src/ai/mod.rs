//! The AIs: `random`, `heuristic` (the original program's `computer_move`), `perfect`
//! (minimax), each a small seeded [`Agent`], and `mcts` (game-core's generic search, which
//! needs nothing but the rules), with the [`Roster`] that builds them by name.

mod heuristic;
mod perfect;

pub use heuristic::{HeuristicAgent, HeuristicChoice, HeuristicRule, heuristic_choice};
pub use perfect::{PerfectAgent, best_moves, score, solve};

use game_core::{Ai, GameRng, RandomAgent, Roster};
use game_search::{MctsConfig, Uct};

use crate::action::{Cell, CellSet};
use crate::state::TicTacToe;

/// Search iterations per decision of the roster's `mcts`: about 1.5 ms from the empty board on
/// the fast engine, enough never to lose to `heuristic` or `random` in the arena's games.
pub const MCTS_ITERATIONS: usize = 10_000;

/// The AIs by name: `random`, `heuristic` and `perfect`, each seeded.
///
/// ```
/// use tictactoe::prelude::*;
///
/// let mut agents = [TicTacToe::agent("perfect", 1)?, TicTacToe::agent("random", 2)?];
/// let played = play::<TicTacToe, _>(Config::default(), 0, &mut agents)?;
/// assert_ne!(played.state().winner(), Some(Mark::O)); // perfect never loses
/// assert!(TicTacToe::agent("clever", 0).is_err()); // the error lists the names on offer
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Roster for TicTacToe {
    fn ais() -> Vec<Ai<Self>> {
        vec![
            Ai::new("random", "uniform among the empty cells", |seed| {
                Box::new(RandomAgent::new(seed))
            }),
            Ai::new(
                "heuristic",
                "the original program's rules: win, block, then a good cell",
                |seed| Box::new(HeuristicAgent::new(seed)),
            ),
            Ai::new("perfect", "minimax: never loses", |seed| {
                Box::new(PerfectAgent::new(seed))
            }),
            Ai::new(
                "mcts",
                format!("game-search's tree search, {MCTS_ITERATIONS} iterations a move"),
                |seed| {
                    let config = MctsConfig {
                        iterations: MCTS_ITERATIONS,
                        ..MctsConfig::default()
                    };
                    Box::new(Uct::with_config(config, seed).with_name("mcts"))
                },
            ),
        ]
    }

    fn standard_lineups() -> Vec<Vec<String>> {
        [
            ["perfect", "heuristic"],
            ["perfect", "random"],
            ["heuristic", "random"],
        ]
        .iter()
        .map(|lineup| lineup.iter().map(|name| name.to_string()).collect())
        .collect()
    }
}

/// One cell of `options` chosen uniformly with `rng` (no draw when there is only one), or
/// `None` when `options` is empty.
fn pick(options: CellSet, rng: &mut GameRng) -> Option<Cell> {
    match options.len() {
        0 => None,
        1 => options.first(),
        n => options.nth(rng.index(n)),
    }
}

/// `cell` when it is among the decision's legal actions, otherwise a legal action drawn with
/// `rng`: an agent never returns an illegal move, even when handed an inconsistent decision.
fn legal_or_any(
    cell: Option<Cell>,
    decision: &game_core::Decision<'_, TicTacToe>,
    rng: &mut GameRng,
) -> Cell {
    match cell {
        Some(cell) if decision.legal().contains(&cell) => cell,
        _ => *decision.action(rng.index(decision.legal().len())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Game;

    #[test]
    fn roster_builds_every_named_agent() {
        for name in TicTacToe::agent_names() {
            let agent = TicTacToe::agent(&name, 7).unwrap();
            assert_eq!(agent.name(), name);
        }
        assert!(matches!(
            TicTacToe::agent("minimax", 7),
            Err(game_core::AgentError::Unknown { .. })
        ));
        for lineup in TicTacToe::standard_lineups() {
            assert_eq!(lineup.len(), TicTacToe::default().num_players());
            for name in lineup {
                assert!(TicTacToe::agent_names().contains(&name));
            }
        }
    }

    /// The roster's `mcts`, which knows only the rules, never loses to the original program's
    /// heuristic, from either seat.
    #[test]
    fn mcts_never_loses_to_the_heuristic() {
        for seed in 0..6 {
            for mcts_seat in 0..2 {
                let mut agents = [
                    TicTacToe::agent("heuristic", seed).unwrap(),
                    TicTacToe::agent("heuristic", seed).unwrap(),
                ];
                agents[mcts_seat] = TicTacToe::agent("mcts", seed).unwrap();
                let played = game_core::play(Default::default(), seed, &mut agents).unwrap();
                assert!(
                    played.state().returns(mcts_seat) >= 0.0,
                    "seed {seed}, seat {mcts_seat}"
                );
            }
        }
    }
}
