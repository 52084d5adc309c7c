//! The game declared once for every tool: names, kind, parameters, roster and ranges.

use game_core::{Ai, Roster};
use game_core::{
    Capabilities, Chance, Declaration, Declared, Dynamics, Information, Parameter, ParameterError,
    Parameters, Value,
};

use crate::board::{MAX_SIDE, MIN_SIDE};
use crate::rules::{Config, DEFAULT_MOVE_LIMIT, DEFAULT_SIDE, Setup};
use crate::state::LifeGo;

/// Life-Go as the arena, the learning environments and the Python adapters know it.
///
/// ```
/// use life_go::prelude::*;
///
/// let params = Parameters::parse_values("size=13,move_limit=80,mirrored_groups=4")?;
/// assert_eq!(LifeGo::config_from(&params)?, Config::short());
/// assert!(LifeGo::config_from(&Parameters::parse_values("size=99")?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Declared for LifeGo {
    fn declaration() -> Declaration {
        Declaration {
            name: "life-go",
            long_name: "Life-Go (a two-player game on Conway's Life)",
            aliases: &["lifego"],
            players: (2, 2),
            dynamics: Dynamics::Sequential,
            chance: Chance::Explicit,
            information: Information::Perfect,
            parameters: vec![
                Parameter {
                    name: "size",
                    default: Value::Int(DEFAULT_SIDE as i64),
                    doc: "the square board's side, 3 to 64",
                },
                Parameter {
                    name: "move_limit",
                    default: Value::Int(i64::from(DEFAULT_MOVE_LIMIT)),
                    doc: "moves in all, after which the player with more stones wins",
                },
                Parameter {
                    name: "mirrored_groups",
                    default: Value::Int(0),
                    doc: "blinkers per colour of a mirrored random setup; 0: the standard \
                          setup where it fits (17 and up), else as many as the board suits",
                },
            ],
            agents: Ai::infos(&Self::ais()),
            default_opponent: Some("eval"),
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

    /// The winner 1, the loser −1, a draw 0.
    fn utility_range(_config: &Config) -> (f64, f64) {
        (-1.0, 1.0)
    }

    fn config_from_parameters(params: &Parameters) -> Result<Config, ParameterError> {
        let size = params.int("size")?;
        let side = usize::try_from(size)
            .ok()
            .filter(|side| (MIN_SIDE..=MAX_SIDE).contains(side))
            .ok_or_else(|| {
                ParameterError(format!("size is {MIN_SIDE} to {MAX_SIDE}, not {size}"))
            })?;
        let limit = params.int("move_limit")?;
        let move_limit = u32::try_from(limit)
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| ParameterError(format!("move_limit is at least 1, not {limit}")))?;
        let groups = params.int("mirrored_groups")?;
        let mut config = Config {
            move_limit,
            ..Config::square(side)
        };
        match usize::try_from(groups) {
            Ok(0) => {}
            Ok(groups) => config.setup = Setup::Mirrored { groups },
            Err(_) => {
                return Err(ParameterError(format!(
                    "mirrored_groups is 0 (the board's own setup) or more, not {groups}"
                )));
            }
        }
        Ok(config)
    }
}
