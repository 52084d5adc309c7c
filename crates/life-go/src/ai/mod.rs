//! The AIs: `random` (uniform over legal drops), `eval` (the original program's one-move material
//! balance), `strong` (alpha-beta search) and `mcts` (game-core's generic search, which needs
//! nothing but the rules), reachable by name through [`game_core::Roster`].

mod eval;
mod search;
mod strong;

pub use eval::EvalAgent;
pub use strong::{Analysis, DEFAULT_NODE_BUDGET, HINT_NODE_BUDGET, Outlook, StrongAgent};

use game_core::agents::{MctsConfig, Uct};
use game_core::{Agent, AgentError, RandomAgent, Roster};

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
    fn agent(name: &str, seed: u64) -> Result<Box<dyn Agent<Self>>, AgentError> {
        match name {
            "random" => Ok(Box::new(RandomAgent::new(seed))),
            "eval" => Ok(Box::new(EvalAgent::new(seed))),
            "strong" => Ok(Box::new(StrongAgent::new(seed))),
            "mcts" => {
                let config = MctsConfig {
                    iterations: MCTS_ITERATIONS,
                    ..MctsConfig::default()
                };
                Ok(Box::new(Uct::with_config(config, seed).with_name("mcts")))
            }
            _ => Err(Self::unknown_agent(name)),
        }
    }

    fn standard_lineups() -> Vec<Vec<String>> {
        [["random", "random"], ["eval", "random"], ["strong", "eval"]]
            .iter()
            .map(|pair| pair.map(String::from).to_vec())
            .collect()
    }
}
