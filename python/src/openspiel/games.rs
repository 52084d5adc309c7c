//! The games `recess.openspiel` registers, and what OpenSpiel needs to know about each: its
//! name, kind, parameters and the range of its returns.

use std::sync::Arc;

use big_two_reversal::BigTwo;
use scoundrel::{Scoundrel, WeaponRule};
use game_core::{Game, GameRng, Player, SampleWorld};

use super::state::{AnySpielGame, Param, Params, Spiel, SpielGameOf};
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

spiel_games![BigTwo, Scoundrel];

impl Spiel for BigTwo {
    const SHORT_NAME: &'static str = "recess_big_two";
    const LONG_NAME: &'static str = "recess Big Two with jokers and reversal";
    const SIMULTANEOUS_MOVES: bool = false;
    const PERFECT_INFORMATION: bool = false;
    const PLAYERS: (usize, usize) = (big_two_reversal::PLAYERS, big_two_reversal::PLAYERS);

    fn parameters() -> Vec<(&'static str, Param)> {
        Vec::new()
    }

    fn config(_params: &Params) -> Fallible<big_two_reversal::Config> {
        Ok(big_two_reversal::Config::default())
    }

    /// First place 3, second 1, third −1, last −3.
    fn utility_range(_config: &big_two_reversal::Config) -> (f64, f64) {
        (-3.0, 3.0)
    }

    fn resample(&self, player: Player, rng: &mut GameRng) -> Option<(Self, Vec<usize>)> {
        let world = BigTwo::sample_world(&self.observation(player), player, rng);
        let outcomes = world.deal_outcomes();
        Some((world, outcomes))
    }
}

impl Spiel for Scoundrel {
    const SHORT_NAME: &'static str = "recess_scoundrel";
    const LONG_NAME: &'static str = "recess Scoundrel (solitaire dungeon crawl)";
    const SIMULTANEOUS_MOVES: bool = false;
    const PERFECT_INFORMATION: bool = false;
    const PLAYERS: (usize, usize) = (1, 1);

    fn parameters() -> Vec<(&'static str, Param)> {
        vec![("weapon_rule", Param::Text("default"))]
    }

    /// `weapon_rule`: `default` (a used weapon fights monsters up to its last kill) or `strict`
    /// (only below it).
    fn config(params: &Params) -> Fallible<scoundrel::Config> {
        let weapon_rule = params
            .text("weapon_rule")
            .parse::<WeaponRule>()
            .map_err(|e| e.to_string())?;
        Ok(scoundrel::Config { weapon_rule })
    }

    /// The best score is 30 (full health and a 10 of hearts drunk last). The worst is −188: a
    /// death leaves health at least 1 − d after a blow of d, the monsters left are at most the
    /// 208 of the Dungeon less that monster (at least d) and less the 19 health the earlier
    /// blows took (at least 20 − 1).
    fn utility_range(_config: &scoundrel::Config) -> (f64, f64) {
        (-188.0, 30.0)
    }

    fn resample(&self, player: Player, rng: &mut GameRng) -> Option<(Self, Vec<usize>)> {
        let world = Scoundrel::sample_world(&self.observation(player), player, rng);
        let outcomes = world.dungeon_outcomes()?;
        Some((world, outcomes))
    }
}
