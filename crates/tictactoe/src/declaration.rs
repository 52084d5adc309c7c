//! The game declared once for every tool: names, kind, parameters, roster and ranges.

use game_core::{Ai, Roster};
use game_core::{
    Capabilities, Chance, Declaration, Declared, Dynamics, Information, Parameter, ParameterError,
    Parameters, Value,
};

use crate::rules::{Config, FirstPlayer};
use crate::state::TicTacToe;

/// Tic-tac-toe as the arena, the learning environments and the Python adapters know it.
///
/// ```
/// use tictactoe::prelude::*;
///
/// let config = TicTacToe::config_from(&Parameters::parse_values("first=by_lot")?)?;
/// assert_eq!(config, Config::BY_LOT);
/// assert!(TicTacToe::declaration().is_called("tic_tac_toe"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Declared for TicTacToe {
    fn declaration() -> Declaration {
        Declaration {
            name: "tictactoe",
            long_name: "tic-tac-toe",
            aliases: &["tic-tac-toe"],
            players: (2, 2),
            dynamics: Dynamics::Sequential,
            chance: Chance::Explicit,
            information: Information::Perfect,
            parameters: vec![Parameter {
                name: "first",
                default: Value::Text("x".into()),
                doc: "who moves first: x, or by_lot (a chance event draws the first mover)",
            }],
            agents: Ai::infos(&Self::ais()),
            default_opponent: Some("perfect"),
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

    /// A win 1, a loss −1, a draw 0.
    fn utility_range(_config: &Config) -> (f64, f64) {
        (-1.0, 1.0)
    }

    fn config_from_parameters(params: &Parameters) -> Result<Config, ParameterError> {
        let first = match params.text("first")? {
            "x" => FirstPlayer::X,
            "by_lot" => FirstPlayer::ByLot,
            other => {
                return Err(ParameterError(format!(
                    "first is x or by_lot, not {:?}",
                    game_core::shorten(other)
                )));
            }
        };
        Ok(Config { first })
    }
}
