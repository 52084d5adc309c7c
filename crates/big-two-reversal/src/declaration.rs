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
/// let hong_kong = BigTwo::config_from(&Parameters::parse_values("rules=hong-kong")?)?;
/// assert_eq!(hong_kong, Config::preset(big_two_reversal::Preset::HongKong));
/// assert_eq!(BigTwo::utility_range(&hong_kong), (-39.0, 117.0));
/// assert_eq!(BigTwo::utility_range(&Config::default()), (-3.0, 3.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl game_core::Declared for BigTwo {
    fn declaration() -> Declaration {
        Declaration {
            name: "big-two",
            long_name: "Big Two with jokers and reversal (逆轉大老2)",
            aliases: &["bigtwo", "big-two-reversal"],
            // The presets seat four; a table's own standard rules seat two or three as well.
            players: (2, PLAYERS),
            dynamics: Dynamics::Sequential,
            chance: Chance::Explicit,
            information: Information::Imperfect,
            parameters: vec![Parameter {
                name: "rules",
                default: Value::Text("reversal".into()),
                doc: "the rule set: reversal (the default, 逆轉大老2), hong-kong, taiwan, \
                      pusoy-dos or pagat",
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

    /// Where every place is played out, first place `seats − 1` down to last `−(seats − 1)`
    /// (+3 to −3 under the default rules); where the game ends at the first out, a loser pays
    /// at most what a full hand of 13 pays ([`End::payment`](crate::End::payment)), and the
    /// winner gets at most that from each other seat (Hong Kong's rules: −39 to 117).
    fn utility_range(config: &Config) -> (f64, f64) {
        let others = f64::from(config.players.saturating_sub(1));
        match config.end.payment(if config.jokers { 14 } else { 13 }) {
            None => (-others, others),
            Some(full) => (-f64::from(full), others * f64::from(full)),
        }
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
