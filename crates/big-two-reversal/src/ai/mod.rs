//! The AIs: [`Ai1`], [`Ai2`], [`Ai3`] (those of the original program), [`Ai4`] (Monte Carlo
//! tree search on deals that explain the other seats' moves) and the uniform random agent; [`BigTwo`]'s
//! [`Roster`] builds them by name.

mod belief;
mod heuristic;
mod scoring;
mod search;

pub use heuristic::{Ai1, Ai2, Ai3};
pub use scoring::{AI3_THRESHOLD, HandScore, score_hand, score_hand_reference};
pub use search::{Ai4, Ai4Config};

use game_core::Ai;
use game_core::{RandomAgent, Roster};

use crate::state::BigTwo;

/// The AIs by name: `random`, `ai1`, `ai2`, `ai3` and `ai4`, weakest first.
///
/// ```
/// use big_two_reversal::prelude::*;
///
/// let mut agents: Vec<_> = ["ai3", "ai2", "ai1", "random"]
///     .iter()
///     .zip(1..)
///     .map(|(name, seed)| BigTwo::agent(name, seed))
///     .collect::<Result<_, _>>()?;
/// let played = play::<BigTwo, _>(Config::default(), 0, &mut agents)?;
/// assert_eq!(played.state().table().finish_order().len(), 4);
/// assert!(BigTwo::agent("ai5", 0).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Roster for BigTwo {
    fn ais() -> Vec<Ai<Self>> {
        vec![
            Ai::new("random", "uniform among the legal plays", |seed| {
                Box::new(RandomAgent::new(seed))
            }),
            Ai::new(
                "ai1",
                "the original program's first AI: the lowest play that beats the table",
                |seed| Box::new(Ai1::new(seed)),
            ),
            Ai::new(
                "ai2",
                "plays what leaves the hand that scores lowest",
                |seed| Box::new(Ai2::new(seed)),
            ),
            Ai::new(
                "ai3",
                "ai2, first keeping few cards that score high",
                |seed| Box::new(Ai3::new(seed)),
            ),
            Ai::new(
                "ai4",
                "tree search on deals that explain the other seats' plays",
                |seed| Box::new(Ai4::new(seed)),
            ),
        ]
    }

    /// Each level against three of the level below.
    fn standard_lineups() -> Vec<Vec<String>> {
        [
            "ai4,ai3,ai3,ai3",
            "ai3,ai2,ai2,ai2",
            "ai2,ai1,ai1,ai1",
            "ai1,random,random,random",
        ]
        .iter()
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
    }
}
