//! How the simulated players of a search move: in the rollouts, and at the seats the tree does
//! not search.

use game_core::GameRng;
use game_core::{Game, Player};

/// The players [`Mcts`](super::Mcts) simulates. A policy moves every seat in the rollouts (from
/// the first new node of an iteration to the end), and the other seats at a simultaneous node.
/// It plays in a world the search drew, so it may read all of it: a world is a guess, not the
/// truth.
///
/// [`Uniform`] moves at random; a game can write one that reads its worlds directly, or lets one
/// of its agents play through [`Agent::act`](game_core::Agent::act).
///
/// ```
/// use game_search::{Mcts, MctsConfig, Policy};
/// use game_testkit::Nim;
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
/// # Ok::<(), game_testkit::NimError>(())
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
