//! Playing a whole game with one agent per seat: the loop every program needs once, written once.
//!
//! ```
//! use game_testkit::Nim; // a small complete game (feature `testing`)
//! use game_core::{Game, RandomAgent, Turn, play};
//!
//! let mut agents = [RandomAgent::new(1), RandomAgent::new(2)];
//! let played = play::<Nim, _>((), 7, &mut agents)?;
//! assert_eq!(played.state().turn(), Turn::Over);
//! // The record replays to the same final state.
//! assert_eq!(played.record().replay()?, *played.state());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::agents::{Agent, Decision};
use crate::game::{Game, Player, Turn, plural};
use crate::record::Match;

/// Why a game could not be played to its end.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError<E: std::error::Error + 'static> {
    /// The game refused its configuration.
    #[error("the game refused its configuration: {0}")]
    Setup(#[source] E),
    /// The number of agents is not the number of seats.
    #[error(
        "the game has {expected} {} but {found} {} given",
        plural(*expected, "seat", "seats"),
        plural(*found, "agent was", "agents were")
    )]
    Lineup {
        /// Seats at the table.
        expected: usize,
        /// Agents given.
        found: usize,
    },
    /// A seat had to act but had no legal action: a bug in the game.
    #[error("seat {seat} must act at step {step} but has no legal action")]
    NoLegalAction {
        /// The seat.
        seat: Player,
        /// Steps played before.
        step: usize,
    },
    /// An agent chose an action the game refused: a bug in that agent.
    #[error("{agent} (seat {seat}) chose the illegal action {action} at step {step}: {source}")]
    Illegal {
        /// The seat whose choice was refused.
        seat: Player,
        /// The agent's name.
        agent: String,
        /// The action (a joint action: one per seat, space-separated) as text.
        action: String,
        /// Steps played before.
        step: usize,
        /// The game's reason.
        #[source]
        source: E,
    },
    /// The game went on past [`Game::max_game_length`]: a bug in the game.
    #[error("the game went on past its bound of {bound} steps")]
    TooLong {
        /// The declared bound.
        bound: usize,
    },
}

impl<G: Game> Match<G> {
    /// Lets `agents` (one per seat, in seat order) play one step: the single action of the
    /// player to move, or the joint action at a simultaneous node. Each agent is shown only its
    /// own observation. Returns `Ok(false)`, changing nothing, when the game is already over.
    pub fn step<A: Agent<G>>(&mut self, agents: &mut [A]) -> Result<bool, PlayError<G::Error>> {
        let state = self.state();
        let n = state.num_players();
        if agents.len() != n {
            return Err(PlayError::Lineup {
                expected: n,
                found: agents.len(),
            });
        }
        let turn = state.turn();
        let movers = match turn {
            Turn::Over => return Ok(false),
            Turn::Player(p) => p..p + 1,
            Turn::Simultaneous => 0..n,
        };
        let step = self.steps();
        let mut joint = Vec::with_capacity(movers.len());
        let mut legal = Vec::new();
        for seat in movers.clone() {
            state.legal_actions_into(seat, &mut legal);
            let observation = state.observation(seat);
            let (Some(decision), Some(agent)) = (
                Decision::new(seat, &observation, &legal),
                agents.get_mut(seat),
            ) else {
                return Err(PlayError::NoLegalAction { seat, step });
            };
            joint.push(agent.choose(&decision));
        }
        let applied = match turn {
            Turn::Simultaneous => self.apply_joint(&joint),
            _ => self.apply(&joint[0]),
        };
        if let Err(source) = applied {
            // Blame the first seat whose choice was not among its legal actions.
            let state = self.state();
            let seat = movers
                .clone()
                .zip(&joint)
                .find(|(seat, action)| !state.legal_actions(*seat).contains(action))
                .map_or(movers.start, |(seat, _)| seat);
            return Err(PlayError::Illegal {
                seat,
                agent: agents[seat].name().to_string(),
                action: joint
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                step,
                source,
            });
        }
        let bound = self.state().max_game_length();
        if self.steps() > bound {
            return Err(PlayError::TooLong { bound });
        }
        Ok(true)
    }

    /// Lets `agents` (one per seat, in seat order) play the game to its end.
    pub fn play_out<A: Agent<G>>(&mut self, agents: &mut [A]) -> Result<(), PlayError<G::Error>> {
        while self.step(agents)? {}
        Ok(())
    }
}

/// Plays a whole game of `G` under `config` and `seed` with `agents`, one per seat in seat
/// order, and returns the finished [`Match`]: the final state and its [`Record`](crate::Record).
///
/// Agents may be of one type (`[RandomAgent; 2]`) or boxed (`Vec<Box<dyn Agent<G>>>`).
pub fn play<G: Game, A: Agent<G>>(
    config: G::Config,
    seed: u64,
    agents: &mut [A],
) -> Result<Match<G>, PlayError<G::Error>> {
    let mut played = Match::new(config, seed).map_err(PlayError::Setup)?;
    played.play_out(agents)?;
    Ok(played)
}
