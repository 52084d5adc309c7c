//! The games on offer: one line each, by type; `load_game` finds them by their `Game::NAME`.

use std::sync::Arc;

use game_core::Game;

use crate::erased::{AnyGame, Fallible, GameOf};

macro_rules! games {
    ($($game:ty),* $(,)?) => {
        /// The names `load_game` accepts, in the order listed.
        pub fn names() -> Vec<&'static str> {
            vec![$(<$game as Game>::NAME),*]
        }

        /// The game called `name`, with `params_json` (a JSON object) over its default rules.
        pub fn load(name: &str, params_json: &str) -> Fallible<Arc<dyn AnyGame>> {
            $(
                if name == <$game as Game>::NAME {
                    return GameOf::<$game>::load(params_json);
                }
            )*
            Err(format!("no game is called {name:?}; games: {}", names().join(", ")))
        }
    };
}

games![
    tictactoe::TicTacToe,
    duel_rules::Duel,
    big_two_reversal::BigTwo,
    life_go::LifeGo,
    scoundrel::Scoundrel,
];
