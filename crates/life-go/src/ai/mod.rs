//! The AIs: `random` (uniform over legal drops), `eval` (the original program's one-move material
//! balance), `strong` (alpha-beta search) and `mcts` (game-core's generic search, which needs
//! nothing but the rules), reachable by name through [`game_core::Roster`].

mod eval;
mod search;
mod strong;

pub use eval::EvalAgent;
pub use strong::{DEFAULT_NODE_BUDGET, StrongAgent};

use game_core::Ai;
use game_core::{RandomAgent, Roster};
use game_search::{MctsConfig, Uct};

use crate::state::LifeGo;

/// Search iterations per decision of the roster's `mcts`: with random rollouts to the end it
/// won 15 of 20 games against `eval` and none against `strong` in the arena.
pub const MCTS_ITERATIONS: usize = 300;

/// The AIs by name: `random`, `eval` (the original program's), `strong` and `mcts`.
///
/// ```
/// use life_go::prelude::*;
///
/// let mut agents = [LifeGo::agent("eval", 1)?, LifeGo::agent("random", 2)?];
/// let played = play::<LifeGo, _>(Config::square(7), 0, &mut agents)?;
/// assert_eq!(played.state().turn(), Turn::Over);
/// assert!(LifeGo::agent("glider", 0).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Roster for LifeGo {
    fn ais() -> Vec<Ai<Self>> {
        vec![
            Ai::new("random", "uniform among the empty cells", |seed| {
                Box::new(RandomAgent::new(seed))
            }),
            Ai::new(
                "eval",
                "the original program's: the drop that leaves the best stone balance",
                |seed| Box::new(EvalAgent::new(seed)),
            ),
            Ai::new("strong", "alpha-beta search a few moves deep", |seed| {
                Box::new(StrongAgent::new(seed))
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
        [["random", "random"], ["eval", "random"], ["strong", "eval"]]
            .iter()
            .map(|pair| pair.map(String::from).to_vec())
            .collect()
    }
}
