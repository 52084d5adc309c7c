//! How the search draws the world each iteration plays in: the one part of [`Mcts`] that
//! decides whether it searches a perfect-information game or a hidden-information one.
//!
//! [`Mcts`]: super::Mcts

use std::marker::PhantomData;

use game_core::Decision;
use game_core::GameRng;
use game_core::{Game, SampleWorld};

/// Where [`Mcts`](super::Mcts) gets the world of each iteration: a full state consistent with
/// what the deciding seat sees. [`Visible`] hands over the observation itself (perfect
/// information), [`Sampled`] deals one with [`SampleWorld`], and a game can implement it for
/// beliefs its agent keeps from one decision to the next (Big Two's AI4 keeps deals that explain
/// the other seats' moves).
///
/// ```
/// use game_search::{Mcts, MctsConfig, Worlds};
/// use game_testkit::Nim;
/// use game_core::{Agent, Decision, Game, GameRng};
///
/// /// Worlds from a fixed pool the agent refills before each decision: here the heap the
/// /// seat sees, twice (Nim hides nothing, so every world is the state itself).
/// #[derive(Default)]
/// struct Pool(Vec<Nim>);
///
/// impl Worlds<Nim> for Pool {
///     fn prepare(&mut self, decision: &Decision<'_, Nim>, _rng: &mut GameRng) {
///         self.0 = vec![decision.observation().clone(); 2];
///     }
///     fn world(&mut self, _: &Decision<'_, Nim>, iteration: usize, _: &mut GameRng) -> Option<Nim> {
///         self.0.get(iteration % self.0.len().max(1)).cloned()
///     }
/// }
///
/// let game = Nim::new((), 0)?.with_stones(6);
/// let legal = game.legal_actions(0);
/// let decision = Decision::<Nim>::new(0, &game, &legal).unwrap();
/// let config = MctsConfig { iterations: 2000, ..MctsConfig::default() };
/// let mut agent = Mcts::with_config(config, 1).with_worlds(Pool::default());
/// assert_eq!(agent.choose(&decision), 2); // leaves 4, a lost heap for the other seat
/// # Ok::<(), game_testkit::NimError>(())
/// ```
pub trait Worlds<G: Game>: Send {
    /// Brings the source up to date with a new decision, once before its iterations: where
    /// beliefs take the moves made since the last decision into account.
    fn prepare(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) {
        let _ = (decision, rng);
    }

    /// The world of iteration `iteration` of the search for `decision`, or `None` when there is
    /// none to give (the search then stops and plays the best move so far).
    fn world(
        &mut self,
        decision: &Decision<'_, G>,
        iteration: usize,
        rng: &mut GameRng,
    ) -> Option<G>;

    /// Whether worlds differ from one iteration to the next, so that a seat's legal moves at a
    /// node may too: then a child's exploration term counts how often it was legal (its
    /// availability) rather than how often its parent was visited. `false` only where every
    /// world is the same state.
    fn varies(&self) -> bool {
        true
    }
}

/// The world is the observation itself: perfect-information games, whose observation is the
/// state (`Observation = Self`). The default of [`Mcts`](super::Mcts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Visible;

impl<G: Game<Observation = G>> Worlds<G> for Visible {
    fn world(&mut self, decision: &Decision<'_, G>, _: usize, _: &mut GameRng) -> Option<G> {
        Some(decision.observation().clone())
    }

    fn varies(&self) -> bool {
        false
    }
}

/// A fresh world each iteration from [`SampleWorld::sample_world`]: single-observer
/// information-set MCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
/// Search", IEEE TCIAIG 2012), which never peeks at what the seat cannot see.
///
/// ```
/// use game_search::{Mcts, MctsConfig, Sampled};
/// use game_core::SampleWorld;
///
/// /// Information-set MCTS for any game that can deal a world from a seat's view.
/// fn ismcts<G: SampleWorld>(seed: u64) -> Mcts<G, Sampled<G>> {
///     let config = MctsConfig { iterations: 2000, exploration: 0.7, ..MctsConfig::default() };
///     Mcts::with_config(config, seed).with_worlds(Sampled::new())
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sampled<G>(PhantomData<fn() -> G>);

impl<G> Default for Sampled<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G> Sampled<G> {
    /// A fresh world every iteration.
    pub fn new() -> Self {
        Sampled(PhantomData)
    }
}

impl<G: SampleWorld> Worlds<G> for Sampled<G> {
    fn world(&mut self, decision: &Decision<'_, G>, _: usize, rng: &mut GameRng) -> Option<G> {
        let (observation, player) = (decision.observation(), decision.player());
        Some(G::sample_world(observation, player, rng))
    }
}
