//! The game declared once for every tool: names, kind, parameters, roster and ranges.

use std::sync::Arc;

use game_core::{Ai, Roster};
use game_core::{
    Capabilities, Chance, Declaration, Declared, Dynamics, Information, Parameter, ParameterError,
    Parameters, Value,
};

use crate::rules::{Config, MAX_PLAYERS, Preset, RuleSet};
use crate::state::Duel;

/// The duel as the arena, the learning environments and the Python adapters know it.
///
/// ```
/// use duel_rules::prelude::*;
///
/// let params = Parameters::parse_values("players=3,rules=classic,round_limit=50")?;
/// let config = Duel::config_from(&params)?;
/// assert_eq!((config.players, config.rules.round_limit()), (3, 50));
/// assert!(Duel::config_from(&Parameters::parse_values("rules=chess")?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Declared for Duel {
    fn declaration() -> Declaration {
        Declaration {
            name: "duel",
            long_name: "零儲, the Hong Kong charge, block and attack duel (simultaneous moves)",
            aliases: &["duel-rules"],
            players: (2, MAX_PLAYERS),
            dynamics: Dynamics::Simultaneous,
            chance: Chance::Deterministic,
            information: Information::Perfect,
            parameters: vec![
                Parameter {
                    name: "players",
                    default: Value::Int(2),
                    doc: "players, 2 (a duel) to 8 (a free-for-all)",
                },
                Parameter {
                    name: "rules",
                    default: Value::Text("hk".into()),
                    doc: "the rule set: hk, classic or extended",
                },
                Parameter {
                    name: "start_health",
                    default: Value::Int(-1),
                    doc: "health at the start; -1: the rule set's",
                },
                Parameter {
                    name: "start_qi",
                    default: Value::Int(-1),
                    doc: "qi at the start; -1: the rule set's",
                },
                Parameter {
                    name: "round_limit",
                    default: Value::Int(-1),
                    doc: "rounds after which the survivors share; -1: the rule set's",
                },
            ],
            agents: Ai::infos(&Self::ais()),
            default_opponent: Some(if cfg!(feature = "equilibrium") {
                "equilibrium"
            } else {
                "dice"
            }),
        }
    }

    fn capabilities(capabilities: &mut dyn Capabilities<Self>) {
        capabilities.learning();
        capabilities.information_state();
        capabilities.explicit_chance();
        capabilities.roster();
        capabilities.narrate();
        #[cfg(feature = "svg")]
        capabilities.svg();
    }

    /// The last one standing gets `players − 1`, the others −1 each; survivors of the round
    /// limit share.
    fn utility_range(config: &Config) -> (f64, f64) {
        (-1.0, config.players as f64 - 1.0)
    }

    fn config_from_parameters(params: &Parameters) -> Result<Config, ParameterError> {
        let preset: Preset = params.text("rules")?.parse().map_err(|e: crate::Error| {
            ParameterError(format!("{e}; the rule sets are hk, classic and extended"))
        })?;
        let mut spec = RuleSet::preset(preset).spec().clone();
        for (name, field) in [
            ("start_health", &mut spec.start_health),
            ("start_qi", &mut spec.start_qi),
            ("round_limit", &mut spec.round_limit),
        ] {
            match params.int(name)? {
                -1 => {}
                n if n >= 0 => *field = n,
                n => {
                    return Err(ParameterError(format!(
                        "{name} is -1 (the rule set's) or at least 0, not {n}"
                    )));
                }
            }
        }
        let rules = RuleSet::new(spec).map_err(|e| ParameterError(e.to_string()))?;
        let players = params.int("players")?;
        let players = usize::try_from(players)
            .ok()
            .filter(|n| (2..=MAX_PLAYERS).contains(n))
            .ok_or_else(|| {
                ParameterError(format!("players is 2 to {MAX_PLAYERS}, not {players}"))
            })?;
        Ok(Config {
            players,
            rules: Arc::new(rules),
        })
    }
}
