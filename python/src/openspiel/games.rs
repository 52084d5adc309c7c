//! The games `recess.openspiel` registers, and what OpenSpiel needs to know about each: its
//! name, kind, parameters and the range of its returns.

use std::sync::Arc;

use big_two_reversal::BigTwo;
use duel_rules::{Duel, MAX_PLAYERS, Preset, RuleSet};
use game_core::{ExplicitChance, Game, GameRng, Learning, Player, SampleWorld};
use life_go::{DEFAULT_MOVE_LIMIT, DEFAULT_SIDE, LifeGo, MAX_SIDE, MIN_SIDE, Setup};
use scoundrel::{DUNGEON_SIZE, Scoundrel, WeaponRule};
use tictactoe::{FirstPlayer, Outcome, TicTacToe};

use super::state::{AnySpielGame, Param, Params, Spiel, SpielGameOf};
use crate::erased::{Failure, Fallible, Kind, OrKind};

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
            Err(Failure::new(
                Kind::UnknownGame,
                format!("no game is called {name:?}; games: {}", names().join(", ")),
            ))
        }
    };
}

spiel_games![TicTacToe, Duel, BigTwo, LifeGo, Scoundrel];

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

    /// One event per card of the deck.
    fn max_chance_events(config: &big_two_reversal::Config) -> usize {
        BigTwo::max_chance_outcomes(config)
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
            .or_kind(Kind::Config)?;
        Ok(scoundrel::Config { weapon_rule })
    }

    /// The best score is 30 (full health and a 10 of hearts drunk last). The worst is −188: a
    /// death leaves health at least 1 − d after a blow of d, the monsters left are at most the
    /// 208 of the Dungeon less that monster (at least d) and less the 19 health the earlier
    /// blows took (at least 20 − 1).
    fn utility_range(_config: &scoundrel::Config) -> (f64, f64) {
        (-188.0, 30.0)
    }

    /// One event per card of the Dungeon.
    fn max_chance_events(_config: &scoundrel::Config) -> usize {
        DUNGEON_SIZE
    }

    fn resample(&self, player: Player, rng: &mut GameRng) -> Option<(Self, Vec<usize>)> {
        let world = Scoundrel::sample_world(&self.observation(player), player, rng);
        let outcomes = world.dungeon_outcomes()?;
        Some((world, outcomes))
    }
}

impl Spiel for TicTacToe {
    const SHORT_NAME: &'static str = "recess_tictactoe";
    const LONG_NAME: &'static str = "recess tic-tac-toe";
    const SIMULTANEOUS_MOVES: bool = false;
    const PERFECT_INFORMATION: bool = true;
    const PLAYERS: (usize, usize) = (2, 2);

    fn parameters() -> Vec<(&'static str, Param)> {
        vec![("first", Param::Text("x"))]
    }

    /// `first`: `x` (X moves first) or `by_lot` (a chance node draws the first mover).
    fn config(params: &Params) -> Fallible<tictactoe::Config> {
        let first = match params.text("first") {
            "x" => FirstPlayer::X,
            "by_lot" => FirstPlayer::ByLot,
            other => {
                return Err(Failure::new(
                    Kind::Config,
                    format!("first is x or by_lot, not {other:?}"),
                ));
            }
        };
        Ok(tictactoe::Config { first })
    }

    fn utility_range(_config: &tictactoe::Config) -> (f64, f64) {
        (-1.0, 1.0)
    }

    /// The lot, under `by_lot`.
    fn max_chance_events(config: &tictactoe::Config) -> usize {
        usize::from(config.first == FirstPlayer::ByLot)
    }

    /// The board in three rows (as seat 0 sees it, which is everything), then who moves or how
    /// it ended: a position, whatever the order of its moves.
    fn describe(&self) -> String {
        let status = match (self.outcome(), self.to_move()) {
            (Some(Outcome::Winner(mark)), _) => format!("{mark} won"),
            (Some(Outcome::Draw), _) => "drawn".to_string(),
            (None, Some(mark)) => format!("{mark} to move"),
            (None, None) => String::new(),
        };
        format!("{}\n{status}", Learning::observation_string(self, 0))
    }
}

impl Spiel for Duel {
    const SHORT_NAME: &'static str = "recess_duel";
    const LONG_NAME: &'static str = "recess duel (simultaneous moves)";
    const SIMULTANEOUS_MOVES: bool = true;
    const PERFECT_INFORMATION: bool = true;
    const PLAYERS: (usize, usize) = (2, MAX_PLAYERS);

    fn parameters() -> Vec<(&'static str, Param)> {
        vec![
            ("players", Param::Int(2)),
            ("rules", Param::Text("hk")),
            ("start_health", Param::Int(-1)),
            ("start_qi", Param::Int(-1)),
            ("round_limit", Param::Int(-1)),
        ]
    }

    /// `players`; `rules`, a shipped rule set (`hk`, `classic`, `extended`); `start_health`,
    /// `start_qi` and `round_limit` replace the rule set's own unless they are -1.
    fn config(params: &Params) -> Fallible<duel_rules::Config> {
        let preset: Preset = params
            .text("rules")
            .parse()
            .map_err(|e: duel_rules::Error| {
                Failure::new(
                    Kind::Config,
                    format!("{e}; the rule sets are hk, classic and extended"),
                )
            })?;
        let mut spec = RuleSet::preset(preset).spec().clone();
        for (name, field) in [
            ("start_health", &mut spec.start_health),
            ("start_qi", &mut spec.start_qi),
            ("round_limit", &mut spec.round_limit),
        ] {
            match params.int(name) {
                -1 => {}
                n if n >= 0 => *field = n,
                n => {
                    return Err(Failure::new(
                        Kind::Config,
                        format!("{name} is -1 (the rule set's) or at least 0, not {n}"),
                    ));
                }
            }
        }
        let rules = RuleSet::new(spec).or_kind(Kind::Config)?;
        let players = usize::try_from(params.int("players")).map_err(|_| {
            Failure::new(
                Kind::Config,
                format!(
                    "players is 2 to {MAX_PLAYERS}, not {}",
                    params.int("players")
                ),
            )
        })?;
        Ok(duel_rules::Config {
            players,
            rules: Arc::new(rules),
        })
    }

    /// The last one standing gets `players − 1`, the others −1 each; survivors of the round
    /// limit share.
    fn utility_range(config: &duel_rules::Config) -> (f64, f64) {
        (-1.0, config.players as f64 - 1.0)
    }

    fn max_chance_events(_config: &duel_rules::Config) -> usize {
        0
    }

    /// The round, then each player's health and qi.
    fn describe(&self) -> String {
        format!(
            "round {} of {}\n{self}",
            self.round(),
            self.rules().round_limit()
        )
    }
}

impl Spiel for LifeGo {
    const SHORT_NAME: &'static str = "recess_life_go";
    const LONG_NAME: &'static str = "recess Life Go (two-player game on Conway's Life)";
    const SIMULTANEOUS_MOVES: bool = false;
    const PERFECT_INFORMATION: bool = true;
    const PLAYERS: (usize, usize) = (2, 2);

    fn parameters() -> Vec<(&'static str, Param)> {
        vec![
            ("size", Param::Int(DEFAULT_SIDE as i64)),
            ("move_limit", Param::Int(i64::from(DEFAULT_MOVE_LIMIT))),
        ]
    }

    /// `size`: the board's side (the standard setup from 17, a mirrored random one, drawn at
    /// chance nodes, below); `move_limit`: moves in all.
    fn config(params: &Params) -> Fallible<life_go::Config> {
        let size = usize::try_from(params.int("size")).map_err(|_| {
            Failure::new(
                Kind::Config,
                format!(
                    "size is {MIN_SIDE} to {MAX_SIDE}, not {}",
                    params.int("size")
                ),
            )
        })?;
        let move_limit = u32::try_from(params.int("move_limit")).map_err(|_| {
            Failure::new(
                Kind::Config,
                format!("move_limit is at least 1, not {}", params.int("move_limit")),
            )
        })?;
        Ok(life_go::Config {
            move_limit,
            ..life_go::Config::square(size)
        })
    }

    /// The winner 1, the loser −1, a draw 0.
    fn utility_range(_config: &life_go::Config) -> (f64, f64) {
        (-1.0, 1.0)
    }

    /// One blinker per event under a mirrored setup.
    fn max_chance_events(config: &life_go::Config) -> usize {
        match config.setup {
            Setup::Mirrored { groups } => groups,
            _ => 0,
        }
    }

    /// The board, the counts, and whose turn it is or how the game ended.
    fn describe(&self) -> String {
        self.to_string()
    }
}
