//! The game declared once for every tool: names, kind, parameters, roster and ranges.

use game_core::{Ai, Roster};
use game_core::{
    Capabilities, Chance, Declaration, Declared, Dynamics, Information, Parameter, ParameterError,
    Parameters, Value,
};

use crate::rules::{Config, WeaponRule};
use crate::state::Scoundrel;

/// Scoundrel as the arena, the learning environments and the Python adapters know it.
///
/// ```
/// use scoundrel::prelude::*;
///
/// let strict = Scoundrel::config_from(&Parameters::parse_values("weapon_rule=strict")?)?;
/// assert_eq!(strict, Config::strict());
/// assert_eq!(Scoundrel::declaration().default_opponent, None); // played alone
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Declared for Scoundrel {
    fn declaration() -> Declaration {
        Declaration {
            name: "scoundrel",
            long_name: "Scoundrel (a solitaire dungeon crawl)",
            aliases: &[],
            players: (1, 1),
            dynamics: Dynamics::Sequential,
            chance: Chance::Explicit,
            information: Information::Imperfect,
            parameters: vec![Parameter {
                name: "weapon_rule",
                default: Value::Text("default".into()),
                doc: "which monsters a used weapon may still fight: default (up to its last \
                      kill) or strict (only below it)",
            }],
            agents: Ai::infos(&Self::ais()),
            default_opponent: None,
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

    /// The best score is 30 (full health and a 10 of hearts drunk last). The worst is −188: a
    /// death leaves health at least 1 − d after a blow of d, the monsters left are at most the
    /// 208 of the Dungeon less that monster (at least d) and less the 19 health the earlier
    /// blows took (at least 20 − 1).
    fn utility_range(_config: &Config) -> (f64, f64) {
        (-188.0, 30.0)
    }

    fn config_from_parameters(params: &Parameters) -> Result<Config, ParameterError> {
        let weapon_rule = match params.text("weapon_rule")? {
            "default" => WeaponRule::AtMost,
            "strict" => WeaponRule::Below,
            other => {
                return Err(ParameterError(format!(
                    "weapon_rule is default or strict, not {:?}",
                    game_core::shorten(other)
                )));
            }
        };
        Ok(Config { weapon_rule })
    }
}
