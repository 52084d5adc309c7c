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
/// // 13 cards left, tripled, from each of three losers.
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
            players: (PLAYERS, PLAYERS),
            dynamics: Dynamics::Sequential,
            chance: Chance::Explicit,
            information: Information::Imperfect,
            parameters: vec![Parameter {
                name: "rules",
                default: Value::Text("reversal".into()),
                doc: "the rule set: reversal (the default), hong-kong, taiwan, pusoy-dos or pagat",
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

    /// Where every place is played out: first place `players − 1`, last its negative (3 and
    /// −3 with four seats). Where the game ends at the first out: a loser pays at most what 13
    /// cards left cost, and the winner gets at most that from each other seat.
    fn utility_range(config: &Config) -> (f64, f64) {
        let others = f64::from(config.players.saturating_sub(1));
        match config.end.payment(13) {
            Some(most) => (-f64::from(most), others * f64::from(most)),
            None => (-others, others),
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
