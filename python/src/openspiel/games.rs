//! The games `recess.openspiel` registers, and what OpenSpiel needs to know about each: its
//! name, kind, parameters and the range of its returns.

use std::sync::Arc;

use super::state::{AnySpielGame, SpielGameOf};
use crate::erased::Fallible;

macro_rules! spiel_games {
    ($($game:ty),* $(,)?) => {
        /// The short names of the games, in the order listed.
        pub fn names() -> Vec<&'static str> {
            vec![$(<$game as super::state::Spiel>::SHORT_NAME),*]
        }

        /// The game registered as `name`, with `params_json` over its default parameters.
        pub fn load(name: &str, params_json: &str) -> Fallible<Arc<dyn AnySpielGame>> {
            $(
                if name == <$game as super::state::Spiel>::SHORT_NAME {
                    return SpielGameOf::<$game>::load(params_json);
                }
            )*
            Err(format!("no game is called {name:?}; games: {}", names().join(", ")))
        }
    };
}

spiel_games![];
