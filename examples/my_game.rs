//! A game written outside the workspace's crates, with an AI of its own, gets the arena's whole
//! command line from its declaration: lineups, `--games`, `--seed`, `--shard`, `--json`,
//! `--plot` and `merge`.
//!
//! ```text
//! cargo run --release --example my_game -- --lineup mine,random --games 50 --seed 1 --json
//! ```
//!
//! The game is Take-away: a heap of 21 stones; the players take 1, 2 or 3 in turn, and whoever
//! takes the last stone wins. `mine` leaves a multiple of four stones whenever it can, which
//! wins every game it starts.

mod arena_cli;
mod common;

use std::fmt;
use std::process::ExitCode;

use arena_cli::Entry;
use game_core::arena::Agents;
use game_core::{
    Agent, AgentInfo, Chance, Decision, Declaration, Declared, Dynamics, Game, Information, Player,
    Turn, TurnError,
};
use serde::{Deserialize, Serialize};

/// The stones at the start.
const HEAP: u32 = 21;

/// Take-away: the stones left and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct TakeAway {
    stones: u32,
    to_move: Player,
}

/// The one error of the game.
#[derive(Debug, thiserror::Error)]
enum TakeError {
    /// A take that is not 1, 2 or 3, or more than the heap holds.
    #[error("take 1, 2 or 3 stones, and no more than the {0} left")]
    Take(u32),
    /// A move of the wrong shape, or after the end.
    #[error(transparent)]
    Turn(#[from] TurnError),
}

impl fmt::Display for TakeAway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} stones, player {} to take",
            self.stones,
            self.to_move + 1
        )
    }
}

impl Game for TakeAway {
    type Config = ();
    type Action = u32;
    type Observation = TakeAway;
    type Error = TakeError;
    const NAME: &'static str = "take-away";
    const ZERO_SUM: bool = true;

    fn new(_config: (), _seed: u64) -> Result<Self, TakeError> {
        Ok(Self {
            stones: HEAP,
            to_move: 0,
        })
    }

    fn num_players(&self) -> usize {
        2
    }

    fn max_game_length(&self) -> usize {
        HEAP as usize
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
            out.extend((1..=3).filter(|&take| take <= self.stones));
        }
    }

    fn apply(&mut self, take: &u32) -> Result<(), TakeError> {
        if self.stones == 0 {
            return Err(TurnError::GameOver.into());
        }
        if !(1..=3).contains(take) || *take > self.stones {
            return Err(TakeError::Take(self.stones));
        }
        self.stones -= take;
        if self.stones > 0 {
            self.to_move = 1 - self.to_move;
        }
        Ok(())
    }

    /// +1 for whoever took the last stone, −1 for the other.
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

impl Declared for TakeAway {
    fn declaration() -> Declaration {
        Declaration {
            name: Self::NAME,
            long_name: "Take-away (21 stones, take 1 to 3)",
            aliases: &["takeaway"],
            players: (2, 2),
            dynamics: Dynamics::Sequential,
            chance: Chance::Deterministic,
            information: Information::Perfect,
            parameters: Vec::new(),
            agents: vec![AgentInfo::new("random", "uniform among the legal takes")],
            default_opponent: Some("random"),
        }
    }

    fn utility_range(_config: &()) -> (f64, f64) {
        (-1.0, 1.0)
    }
}

/// Leaves a multiple of four stones when it can, else takes one.
struct Mine;

impl Agent<TakeAway> for Mine {
    fn name(&self) -> &str {
        "mine"
    }

    fn choose(&mut self, decision: &Decision<'_, TakeAway>) -> u32 {
        let best = decision.observation().stones % 4;
        if decision.legal().contains(&best) {
            best
        } else {
            decision.legal()[0]
        }
    }
}

fn main() -> ExitCode {
    let agents =
        Agents::<TakeAway>::of().with("mine", "leaves a multiple of four", |_| Box::new(Mine));
    let lineups = vec![vec!["mine".into(), "random".into()]];
    arena_cli::main_with(
        "my_game",
        vec![Entry::new::<TakeAway>(200, agents, lineups)],
    )
}
