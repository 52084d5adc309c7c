//! The game declared once for every tool: names, kind, parameters, roster and ranges.

use game_core::{
    AgentInfo, Capabilities, Chance, Declaration, Dynamics, Information, Parameter, ParameterError,
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
