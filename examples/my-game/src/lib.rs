//! Take-away, a game written outside the recess workspace, with an AI of its own.
//!
//! A heap of 21 stones; the players take 1, 2 or 3 in turn, and whoever takes the last stone
//! wins. `mine` leaves a multiple of four stones whenever it can, which wins every game it
//! starts.
//!
//! What the game implements ([`Game`], [`Declared`], [`Roster`], [`Narrate`], [`ToSvg`]) is all
//! the library crates need: `src/main.rs` gets the arena's command line, terminal play and
//! replay pages from them in a few lines, and `tests/conformance.rs` runs the conformance kit.

use std::fmt;

use game_core::svg::{Svg, ToSvg, View, palette};
use game_core::{
    Agent, Ai, Capabilities, Chance, Decision, Declaration, Declared, Dynamics, Game, Information,
    Narrate, Player, RandomAgent, Roster, Turn, TurnError,
};
use serde::{Deserialize, Serialize};

/// The stones at the start.
pub const HEAP: u32 = 21;

/// Take-away: the stones left and whose turn it is (the winner's, once the heap is empty).
///
/// A stored state is checked as it is read: a state no game reaches (more stones than the heap,
/// a seat the game lacks) is refused, so that a corrupted file never becomes a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Stored")]
pub struct TakeAway {
    stones: u32,
    to_move: Player,
}

/// A state as stored, before it is checked.
#[derive(Deserialize)]
struct Stored {
    stones: u32,
    to_move: Player,
}

impl TryFrom<Stored> for TakeAway {
    type Error = String;

    fn try_from(stored: Stored) -> Result<Self, String> {
        if stored.stones > HEAP {
            return Err(format!("{} stones: the heap holds {HEAP}", stored.stones));
        }
        if stored.to_move > 1 {
            return Err(format!(
                "seat {}: the game has seats 0 and 1",
                stored.to_move
            ));
        }
        Ok(TakeAway {
            stones: stored.stones,
            to_move: stored.to_move,
        })
    }
}

impl TakeAway {
    /// The stones left.
    pub fn stones(&self) -> u32 {
        self.stones
    }
}

/// The one error of the game.
#[derive(Debug, thiserror::Error)]
pub enum TakeError {
    /// A take that is not 1, 2 or 3, or more than the heap holds.
    #[error("take 1, 2 or 3 stones, and no more than the {0} left")]
    Take(u32),
    /// A move of the wrong shape, or after the end.
    #[error(transparent)]
    Turn(#[from] TurnError),
}

impl fmt::Display for TakeAway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.turn() {
            Turn::Over => write!(f, "No stones left: player {} won", self.to_move + 1),
            _ => write!(
                f,
                "{} stones, player {} to take",
                self.stones,
                self.to_move + 1
            ),
        }
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
            agents: Ai::infos(&Self::ais()),
            default_opponent: Some("mine"),
        }
    }

    fn capabilities(capabilities: &mut dyn Capabilities<Self>) {
        capabilities.roster();
        capabilities.narrate();
        capabilities.svg();
    }

    fn utility_range(_config: &()) -> (f64, f64) {
        (-1.0, 1.0)
    }
}

impl Roster for TakeAway {
    fn ais() -> Vec<Ai<Self>> {
        vec![
            Ai::new("random", "uniform among the legal takes", |seed| {
                Box::new(RandomAgent::new(seed))
            }),
            Ai::new("mine", "leaves a multiple of four when it can", |_| {
                Box::new(Mine)
            }),
        ]
    }

    fn standard_lineups() -> Vec<Vec<String>> {
        vec![vec!["mine".into(), "random".into()]]
    }
}

impl Narrate for TakeAway {
    fn opening(_state: &Self) -> Vec<String> {
        vec![format!("A heap of {HEAP} stones; player 1 takes first.")]
    }

    fn narrate(before: &Self, joint: &[u32], after: &Self) -> Vec<String> {
        joint
            .iter()
            .map(|take| {
                format!(
                    "Player {} takes {take}, leaving {}.",
                    before.to_move + 1,
                    after.stones
                )
            })
            .collect()
    }

    fn closing(state: &Self) -> Vec<String> {
        vec![format!(
            "Player {} took the last stone and wins.",
            state.to_move + 1
        )]
    }
}

impl ToSvg for TakeAway {
    /// The heap as a row of stones, and whose turn it is; nothing is hidden.
    fn to_svg(&self, _view: View) -> String {
        let mut svg = Svg::new(
            24.0 * HEAP as f64 + 20.0,
            70.0,
            &format!("Take-away: {self}"),
        );
        for i in 0..self.stones {
            svg.circle(20.0 + 24.0 * f64::from(i), 24.0, 9.0)
                .attr("fill", palette::INK);
        }
        svg.text(10.0, 60.0)
            .attr("font-size", 13)
            .attr("fill", palette::INK)
            .content(&self.to_string());
        svg.finish()
    }
}

/// Leaves a multiple of four stones when it can, else takes one.
pub struct Mine;

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
