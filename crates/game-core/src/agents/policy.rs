//! How the simulated players of a search move: in the rollouts, and at the seats the tree does
//! not search.

use crate::agents::Agent;
use crate::game::{Game, Player};
use crate::rng::GameRng;

/// The players [`Mcts`](super::Mcts) simulates. A policy moves every seat in the rollouts (from
/// the first new node of an iteration to the end), and the other seats at a simultaneous node.
/// It plays in a world the search drew, so it may read all of it: a world is a guess, not the
/// truth.
///
/// [`Uniform`] moves at random; [`AgentPolicy`] lets any [`Agent`] play; a game can write one that
/// reads its worlds directly.
///
/// ```
/// use game_core::agents::{Mcts, MctsConfig, Policy};
/// use game_core::testing::Nim;
/// use game_core::{Agent, Decision, Game, GameRng, Player};
///
/// /// Leaves a multiple of four when it can (a lost heap for the other seat), else takes one.
/// struct Perfect;
///
/// impl Policy<Nim> for Perfect {
///     fn act(&mut self, world: &Nim, _player: Player, _rng: &mut GameRng) -> Option<u32> {
///         (world.stones() > 0).then(|| (world.stones() % 4).max(1))
///     }
/// }
///
/// let game = Nim::new((), 0)?.with_stones(5);
/// let legal = game.legal_actions(0);
/// let decision = Decision::<Nim>::new(0, &game, &legal).unwrap();
/// // Perfect rollouts make a small budget enough.
/// let config = MctsConfig { iterations: 100, ..MctsConfig::default() };
/// let mut agent = Mcts::with_config(config, 1).with_policy(Perfect);
/// assert_eq!(agent.choose(&decision), 1); // leaves 4
/// # Ok::<(), game_core::testing::NimError>(())
/// ```
pub trait Policy<G: Game>: Send {
    /// `player`'s move in `world`, or `None` when it has none (the rollout then stops there).
    fn act(&mut self, world: &G, player: Player, rng: &mut GameRng) -> Option<G::Action>;
}

/// Uniformly random moves: the rollouts of plain MCTS, which need nothing but the rules.
#[derive(Clone, Debug)]
pub struct Uniform<A> {
    legal: Vec<A>,
}

impl<A> Default for Uniform<A> {
    fn default() -> Self {
        Self { legal: Vec::new() }
    }
}

impl<G: Game> Policy<G> for Uniform<G::Action> {
    fn act(&mut self, world: &G, player: Player, rng: &mut GameRng) -> Option<G::Action> {
        world.legal_actions_into(player, &mut self.legal);
        rng.choose(&self.legal).cloned()
    }
}

/// Any [`Agent`] as the policy: it is shown the seat's observation of the world and its legal
/// moves, as in a real game, and its own seeded choices are used (the search's generator is
/// not). Slower than a policy that reads the world directly, as each move builds an
/// observation.
///
/// ```
/// use game_core::agents::{AgentPolicy, Mcts, MctsConfig};
/// use game_core::testing::Nim;
/// use game_core::{Agent, Decision, Game, RandomAgent};
///
/// let game = Nim::new((), 0)?.with_stones(6);
/// let legal = game.legal_actions(0);
/// let decision = Decision::<Nim>::new(0, &game, &legal).unwrap();
/// let config = MctsConfig { iterations: 1000, ..MctsConfig::default() };
/// let mut agent = Mcts::with_config(config, 1).with_policy(AgentPolicy::new(RandomAgent::new(2)));
/// assert_eq!(agent.choose(&decision), 2);
/// # Ok::<(), game_core::testing::NimError>(())
/// ```
#[derive(Clone, Debug)]
pub struct AgentPolicy<A> {
    agent: A,
}

impl<A> AgentPolicy<A> {
    /// `agent` as a rollout policy.
    pub fn new(agent: A) -> Self {
        Self { agent }
    }
}

impl<G: Game, A: Agent<G>> Policy<G> for AgentPolicy<A> {
    fn act(&mut self, world: &G, player: Player, _: &mut GameRng) -> Option<G::Action> {
        self.agent.act(world, player)
    }
}
