//! Take-away, a game written outside recess, and the Python module that gives it recess's
//! adapters: `recess.load_game`, OpenSpiel, Gymnasium, PettingZoo and RLCard.
//!
//! Two players take turns taking 1 to `most` stones from a heap of `heap`; whoever takes the
//! last stone wins. What the adapters need is the game's declaration (`Declared`) and
//! game-core's traits; the module is `recess_python::init` with one `register::<TakeAway>()`.

use std::fmt;

use game_core::svg::{Svg, ToSvg, View, palette};
use game_core::{Agent, Ai, Decision, RandomAgent, Roster};
use game_core::{
    Bounds, Capabilities, Chance, Declaration, Declared, Dynamics, ExplicitChance, Game,
    Information, InformationState, Learning, Parameter, ParameterError, Parameters, Player, Turn,
    TurnError, Value,
};
use pyo3::prelude::*;
use serde::{Deserialize, Serialize};

/// The rules: the heap at the start and the most stones one move takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// Stones at the start.
    pub heap: u32,
    /// The most stones one move takes.
    pub most: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config { heap: 15, most: 3 }
    }
}

/// A game of take-away.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakeAway {
    config: Config,
    stones: u32,
    to_move: Player,
    moves: Vec<u32>,
}

/// Why a move or a configuration was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A move after the end, or of the wrong shape.
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// Too many stones, or none.
    #[error(
        "cannot take {take} stones from a heap of {stones}: take 1 to {most}, at most the heap"
    )]
    Take {
        /// The stones asked for.
        take: u32,
        /// The stones on the heap.
        stones: u32,
        /// The most one move takes.
        most: u32,
    },
    /// Rules with no game.
    #[error("a heap of 1 to 1000 stones and takes of 1 to 100, not heap={heap}, most={most}")]
    Config {
        /// The heap asked for.
        heap: u32,
        /// The most asked for.
        most: u32,
    },
}

impl fmt::Display for TakeAway {
    /// `12 stones, seat 1 to move` or `0 stones, seat 0 won`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.turn() {
            Turn::Over => write!(f, "0 stones, seat {} won", self.to_move),
            _ => write!(f, "{} stones, seat {} to move", self.stones, self.to_move),
        }
    }
}

impl Game for TakeAway {
    type Config = Config;
    type Action = u32;
    type Observation = TakeAway;
    type Error = Error;

    const NAME: &'static str = "take-away";
    const ZERO_SUM: bool = true;

    /// Nothing is random: every seed gives the same game.
    fn new(config: Config, _seed: u64) -> Result<Self, Error> {
        if !(1..=1000).contains(&config.heap) || !(1..=100).contains(&config.most) {
            return Err(Error::Config {
                heap: config.heap,
                most: config.most,
            });
        }
        Ok(TakeAway {
            stones: config.heap,
            config,
            to_move: 0,
            moves: Vec::new(),
        })
    }

    fn num_players(&self) -> usize {
        2
    }

    fn max_game_length(&self) -> usize {
        self.config.heap as usize
    }

    fn turn(&self) -> Turn {
        if self.stones == 0 {
            Turn::Over
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_actions_into(&self, player: Player, out: &mut Vec<u32>) {
        out.clear();
        if self.turn() == Turn::Player(player) {
            out.extend((1..=self.config.most).filter(|&take| take <= self.stones));
        }
    }

    fn apply(&mut self, take: &u32) -> Result<(), Error> {
        if self.stones == 0 {
            return Err(TurnError::GameOver.into());
        }
        if !(1..=self.config.most).contains(take) || *take > self.stones {
            return Err(Error::Take {
                take: *take,
                stones: self.stones,
                most: self.config.most,
            });
        }
        self.stones -= take;
        self.moves.push(*take);
        if self.stones > 0 {
            self.to_move = 1 - self.to_move;
        }
        Ok(())
    }

    /// +1 for the seat that took the last stone, −1 for the other.
    fn returns(&self, player: Player) -> f64 {
        match self.turn() {
            Turn::Over if player == self.to_move => 1.0,
            Turn::Over => -1.0,
            _ => 0.0,
        }
    }

    fn observation(&self, _player: Player) -> TakeAway {
        self.clone()
    }
}

/// The facts every tool reads: the only place the game's name, parameters and AIs are written.
impl Declared for TakeAway {
    fn declaration() -> Declaration {
        Declaration {
            name: Self::NAME,
            long_name: "Take-away (one heap, the last stone wins)",
            aliases: &["takeaway"],
            players: (2, 2),
            dynamics: Dynamics::Sequential,
            chance: Chance::Deterministic,
            information: Information::Perfect,
            parameters: vec![
                Parameter {
                    name: "heap",
                    default: Value::Int(15),
                    doc: "stones at the start, 1 to 1000",
                },
                Parameter {
                    name: "most",
                    default: Value::Int(3),
                    doc: "the most stones one move takes, 1 to 100",
                },
            ],
            agents: Ai::infos(&Self::ais()),
            default_opponent: Some("perfect"),
        }
    }

    fn capabilities(capabilities: &mut dyn Capabilities<Self>) {
        capabilities.learning();
        capabilities.information_state();
        capabilities.explicit_chance();
        capabilities.roster();
        capabilities.svg();
    }

    fn utility_range(_config: &Config) -> (f64, f64) {
        (-1.0, 1.0)
    }

    fn config_from_parameters(params: &Parameters) -> Result<Config, ParameterError> {
        let int = |name: &str| -> Result<u32, ParameterError> {
            let n = params.int(name)?;
            u32::try_from(n)
                .map_err(|_| ParameterError(format!("{name} is a positive integer, not {n}")))
        };
        Ok(Config {
            heap: int("heap")?,
            most: int("most")?,
        })
    }
}

/// Takes what leaves the other seat a multiple of `most + 1`, else one stone.
struct Perfect;

impl Agent<TakeAway> for Perfect {
    fn name(&self) -> &str {
        "perfect"
    }

    fn choose(&mut self, decision: &Decision<'_, TakeAway>) -> u32 {
        let game = decision.observation();
        let winning = game.stones % (game.config.most + 1);
        if decision.legal().contains(&winning) {
            winning
        } else {
            decision.legal()[0]
        }
    }
}

impl Roster for TakeAway {
    fn ais() -> Vec<Ai<Self>> {
        vec![
            Ai::new("random", "uniform among the legal takes", |seed| {
                Box::new(RandomAgent::new(seed))
            }),
            Ai::new(
                "perfect",
                "leaves a multiple of most + 1 when it can",
                |_| Box::new(Perfect),
            ),
        ]
    }

    fn standard_lineups() -> Vec<Vec<String>> {
        vec![vec!["perfect".into(), "random".into()]]
    }
}

impl Learning for TakeAway {
    /// Id `i` takes `i + 1` stones.
    fn num_distinct_actions(config: &Config) -> usize {
        config.most as usize
    }

    fn action_id(config: &Config, take: &u32) -> Option<usize> {
        (1..=config.most).contains(take).then(|| *take as usize - 1)
    }

    fn action_from_id(config: &Config, id: usize) -> Option<u32> {
        (id < config.most as usize).then(|| id as u32 + 1)
    }

    /// One-hot stones left, 0 to the heap, then who moves (seat 0: 0, seat 1: 1).
    fn observation_tensor_shape(config: &Config) -> Vec<usize> {
        vec![config.heap as usize + 2]
    }

    fn observation_bounds(config: &Config) -> Bounds {
        Bounds::uniform(config.heap as usize + 2, 0.0, 1.0)
    }

    fn config_of(&self) -> Config {
        self.config.clone()
    }

    fn observation_tensor_into(&self, _player: Player, out: &mut [f32]) {
        out.fill(0.0);
        out[self.stones as usize] = 1.0;
        out[self.config.heap as usize + 1] = self.to_move as f32;
    }

    fn observation_string(&self, _player: Player) -> String {
        self.to_string()
    }
}

impl InformationState for TakeAway {
    /// One row per move, the stones taken one-hot.
    fn information_state_tensor_shape(config: &Config) -> Vec<usize> {
        vec![config.heap as usize, config.most as usize]
    }

    fn information_state_tensor_into(&self, _player: Player, out: &mut [f32]) {
        out.fill(0.0);
        let most = self.config.most as usize;
        for (row, &take) in self.moves.iter().enumerate() {
            out[row * most + take as usize - 1] = 1.0;
        }
    }

    fn information_state_string(&self, _player: Player) -> String {
        let moves: Vec<String> = self.moves.iter().map(|t| format!("take {t}")).collect();
        format!("heap {}; {}", self.config.heap, moves.join(", "))
    }
}

/// Nothing is random: no chance event.
impl ExplicitChance for TakeAway {
    fn max_chance_outcomes(_config: &Config) -> usize {
        0
    }

    fn max_chance_events(_config: &Config) -> usize {
        0
    }

    fn chance_outcomes(_config: &Config, _drawn: &[usize]) -> Vec<(usize, f64)> {
        Vec::new()
    }

    fn chance_outcome_string(_config: &Config, _drawn: &[usize], outcome: usize) -> String {
        format!("outcome {outcome}")
    }

    fn from_chance_outcomes(config: Config, _drawn: &[usize]) -> Result<Self, Error> {
        TakeAway::new(config, 0)
    }

    fn chance_outcomes_of_seed(_config: &Config, _seed: u64) -> Vec<usize> {
        Vec::new()
    }
}

impl ToSvg for TakeAway {
    /// The heap as a row of stones, and who moves or who won.
    fn to_svg(&self, _view: View) -> String {
        let mut svg = Svg::new(
            20.0 * self.config.heap as f64 + 20.0,
            70.0,
            &self.to_string(),
        );
        for i in 0..self.stones {
            svg.circle(20.0 + 20.0 * f64::from(i), 25.0, 8.0)
                .attr("fill", palette::INK);
        }
        svg.text(10.0, 60.0)
            .attr("font-size", 13)
            .attr("fill", palette::INK)
            .content(&self.to_string());
        svg.finish()
    }
}

/// `my_game._my_game`: recess's whole binding, for take-away.
#[pymodule]
fn _my_game(m: &Bound<'_, PyModule>) -> PyResult<()> {
    recess_python::init(m, vec![recess_python::register::<TakeAway>()])
}
