//! The game declared once for every tool: names, kind, parameters, roster and ranges.

use game_core::{Ai, Roster};
use game_core::{
    Capabilities, Chance, Declaration, Dynamics, Information, Parameter, ParameterError,
    Parameters, Value,
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
/// let rules = Parameters::parse_values("rules=reversal")?;
/// assert_eq!(BigTwo::config_from(&rules)?, Config::default());
/// assert!(BigTwo::config_from(&Parameters::parse_values("rules=big-three")?).is_err());
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
            parameters: vec![Parameter {
                name: "rules",
                default: Value::Text("reversal".into()),
                doc: "the rule set: reversal (hong-kong, taiwan, pusoy-dos and pagat are named \
                      but not dealt yet)",
            }],
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

    /// `rules`: a preset's name; refused unless the table deals it.
    fn config_from_parameters(params: &Parameters) -> Result<Config, ParameterError> {
        let config: Config = params
            .text("rules")?
            .parse()
            .map_err(|e: crate::RulesError| ParameterError(e.to_string()))?;
        config
            .dealt_at_the_table()
            .map_err(|e| ParameterError(e.to_string()))?;
        Ok(config)
    }
}
