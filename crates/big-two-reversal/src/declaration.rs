//! The game declared once for every tool: names, kind, parameters, roster and ranges.

use game_core::{Ai, Roster};
use game_core::{
    Capabilities, Chance, Declaration, Dynamics, Information, ParameterError, Parameters,
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
            agents: Ai::infos(&Self::ais()),
            default_opponent: Some("ai3"),
        }
    }

    fn capabilities(capabilities: &mut dyn Capabilities<Self>) {
        capabilities.learning();
        capabilities.information_state();
        capabilities.explicit_chance();
        capabilities.sample_world();
        capabilities.roster();
        capabilities.narrate();
        #[cfg(feature = "svg")]
        capabilities.svg();
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
