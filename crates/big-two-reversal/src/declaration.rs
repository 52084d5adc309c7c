//! The game declared once for every tool: names, kind, parameters, roster and ranges.

use game_core::{
    AgentInfo, Capabilities, Chance, Declaration, Dynamics, Information, ParameterError, Parameters,
};

use crate::rules::{Config, PLAYERS};
use crate::state::BigTwo;

/// Big Two as the arena, the learning environments and the Python adapters know it.
///
/// ```
/// use big_two_reversal::prelude::*;
///
/// let declaration = BigTwo::declaration();
/// assert_eq!(declaration.default_opponent, Some("ai3"));
/// assert!(declaration.is_called("big_two"));
/// assert!(BigTwo::config_from(&Parameters::parse_values("jokers=0")?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl game_core::Declared for BigTwo {
    fn declaration() -> Declaration {
        Declaration {
            name: "big-two",
            long_name: "Big Two with jokers and reversal (逆轉大老2)",
            aliases: &["bigtwo", "big-two-reversal"],
            players: (PLAYERS, PLAYERS),
            dynamics: Dynamics::Sequential,
            chance: Chance::Explicit,
            information: Information::Imperfect,
            parameters: Vec::new(),
            agents: vec![
                AgentInfo::new("random", "uniform among the legal plays"),
                AgentInfo::new(
                    "ai1",
                    "the original program's first AI: the lowest play that beats the table",
                ),
                AgentInfo::new("ai2", "plays what leaves the hand that scores lowest"),
                AgentInfo::new("ai3", "ai2, first keeping few cards that score high"),
                AgentInfo::new(
                    "ai4",
                    "tree search on deals that explain the other seats' plays",
                ),
            ],
            default_opponent: Some("ai3"),
        }
    }

    fn capabilities() -> Capabilities<Self> {
        let capabilities = Capabilities::new()
            .learning()
            .information_state()
            .explicit_chance()
            .sample_world()
            .roster();
        #[cfg(feature = "svg")]
        let capabilities = capabilities.svg();
        capabilities
    }

    /// First place 3, second 1, third −1, last −3.
    fn utility_range(_config: &Config) -> (f64, f64) {
        (-3.0, 3.0)
    }

    /// The rules have no parameters: the deck, the seats and the reversal are the game's.
    fn config_from_parameters(_params: &Parameters) -> Result<Config, ParameterError> {
        Ok(Config::default())
    }
}
