//! Monte Carlo tree search for any game: one agent whose varying parts are parameters.

use serde::{Deserialize, Serialize};

use crate::search::{ChildStats, Search};
use crate::{Policy, Uniform, Visible, Worlds};
use game_core::Game;
use game_core::GameRng;
use game_core::{Agent, Decision};

/// Settings of [`Mcts`] and [`Uct`](super::Uct).
///
/// Returns are normalised by the range of returns seen so far in the current search before the
/// UCB formula is applied, so one `exploration` constant suits games scored ±1 and games scored
/// in points alike.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MctsConfig {
    /// Search iterations per decision (one world, at most one new node and one rollout each).
    /// An iteration budget rather than a time budget keeps the agent deterministic for a given
    /// seed.
    pub iterations: usize,
    /// The UCB exploration constant `c` in `mean + c * sqrt(ln(n) / n_child)`, with means
    /// normalised to `[0, 1]` and `n` the parent's visits (or, with worlds that vary, how often
    /// the child was legal). Higher explores more; 1.0 found the deepest forced wins of the toy
    /// games in the tests most reliably (0.4, 0.7 and 1.4 were tried); Cowling et al. used 0.7
    /// for information-set search.
    pub exploration: f64,
    /// Stop each rollout after this many steps and score the position with [`Game::returns`]
    /// (0 for every seat in most games until the end); `None` plays to the end.
    pub max_rollout_depth: Option<usize>,
}

impl Default for MctsConfig {
    fn default() -> Self {
        Self {
            iterations: 1000,
            exploration: 1.0,
            max_rollout_depth: None,
        }
    }
}

/// Monte Carlo tree search (UCT, Kocsis and Szepesvári 2006), with information-set search
/// (Cowling, Powley and Whitehouse 2012) when worlds are drawn.
///
/// Each iteration takes a world from its [`Worlds`] (the state itself by default, a sampled
/// deal, or beliefs the agent keeps), walks down the tree choosing by UCB among the moves legal
/// in that world, adds one node, lets its [`Policy`] (uniformly random by default) play to the
/// end (or to [`MctsConfig::max_rollout_depth`]), and adds the returns to the nodes on the path,
/// each node scoring the return of the player who moved into it: max-n search, right for any
/// number of players. The final move is the most visited child of the root, ties broken with
/// the agent's seeded generator; the same seed and the same decisions give the same moves (on
/// one platform: UCB uses the platform's `f64::ln`, so a near-tie could in principle break
/// differently elsewhere).
///
/// The parts are chosen with [`Mcts::with_worlds`], [`Mcts::with_policy`] and the
/// [`MctsConfig`]. With the defaults it is UCT for perfect-information games; [`Uct`](super::Uct)
/// is the same search, choice for choice, by an engine specialised for them and several times
/// faster.
///
/// MCTS is meant for sequential games. At a simultaneous node it searches the deciding seat's
/// own action and lets the policy choose for every other seat, in the tree and in rollouts;
/// that is legal and never panics but is not a game-theoretic solution of the simultaneous move.
///
/// Known limits of single-observer information-set search: unseen cards are drawn as the
/// worlds draw them ([`Sampled`](super::Sampled) deals uniformly, usually, not weighted by what
/// the others' moves suggest; a game's own [`Worlds`] can do better), and inside one world the
/// other seats' nodes are searched in that world, so they play as if they could see it. In the
/// tests' Kuhn poker it wins about 0.31 a deal against uniformly random play, where a best
/// response wins 0.46.
///
/// ```
/// use game_search::{Mcts, MctsConfig};
/// use game_testkit::Nim;
/// use game_core::{Agent, Decision, Game};
///
/// // A heap of 6, take one to three, whoever takes the last stone wins: take 2 to leave 4.
/// let game = Nim::new((), 0)?.with_stones(6);
/// let legal = game.legal_actions(0);
/// let decision = Decision::<Nim>::new(0, &game, &legal).unwrap();
/// let mut mcts = Mcts::with_config(MctsConfig { iterations: 3000, ..MctsConfig::default() }, 7);
/// assert_eq!(mcts.choose(&decision), 2);
/// # Ok::<(), game_testkit::NimError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<G: Game, W = Visible, P = Uniform<<G as Game>::Action>> {
    config: MctsConfig,
    name: String,
    rng: GameRng,
    worlds: W,
    policy: P,
    search: Search<G::Action>,
}

impl<G: Game> Mcts<G> {
    /// UCT with the default settings ([`MctsConfig::default`]), its random choices drawn from
    /// `seed`.
    pub fn new(seed: u64) -> Self {
        Self::with_config(MctsConfig::default(), seed)
    }

    /// UCT with `config`, its random choices drawn from `seed`.
    pub fn with_config(config: MctsConfig, seed: u64) -> Self {
        Self {
            config,
            name: "mcts".to_string(),
            rng: GameRng::new(seed),
            worlds: Visible,
            policy: Uniform::default(),
            search: Search::new(),
        }
    }
}

impl<G: Game> Default for Mcts<G> {
    fn default() -> Self {
        Self::new(0)
    }
}

impl<G: Game, W, P> Mcts<G, W, P> {
    /// The same agent drawing its worlds from `worlds`: [`Sampled`](super::Sampled) for
    /// information-set search, or a game's own [`Worlds`].
    pub fn with_worlds<V>(self, worlds: V) -> Mcts<G, V, P> {
        Mcts {
            config: self.config,
            name: self.name,
            rng: self.rng,
            worlds,
            policy: self.policy,
            search: self.search,
        }
    }

    /// The same agent with `policy` simulating the players.
    pub fn with_policy<Q>(self, policy: Q) -> Mcts<G, W, Q> {
        Mcts {
            config: self.config,
            name: self.name,
            rng: self.rng,
            worlds: self.worlds,
            policy,
            search: self.search,
        }
    }

    /// The same agent under another name, as a game's [`Roster`](game_core::Roster) lists it.
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The agent's settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The agent's worlds (its beliefs, for a game whose worlds keep them).
    pub fn worlds(&self) -> &W {
        &self.worlds
    }

    /// Nodes added to the tree in the last search (root included); at most one more than the
    /// iterations, as every iteration adds at most one node.
    pub fn tree_size(&self) -> usize {
        self.search.tree_size()
    }

    /// The root's children after the last search, newest first.
    pub fn root_statistics(&self) -> Vec<ChildStats<G::Action>> {
        self.search.root_statistics()
    }
}

impl<G: Game, W: Worlds<G>, P: Policy<G>> Agent<G> for Mcts<G, W, P> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, decision: &Decision<'_, G>) -> G::Action {
        let (config, worlds, policy) = (&self.config, &mut self.worlds, &mut self.policy);
        self.search
            .run(decision, config, worlds, policy, &mut self.rng)
    }
}
