//! Monte Carlo tree search (UCT) for perfect-information games.
//!
//! [`Mcts`] searches with the fast engine of the `uct` module (children expanded once and
//! stored side by side) and falls back to the general engine of the `search` module, which it
//! shares with [`InformationSetMcts`](super::InformationSetMcts), where a game has simultaneous
//! moves. [`Mcts::reference`] always uses the general engine: the plain reference the fast one
//! is tested against.

use serde::{Deserialize, Serialize};

use crate::agents::search::{ChildStats, Search, Settings};
use crate::agents::uct::Tree;
use crate::agents::{Agent, Decision};
use crate::game::Game;
use crate::rng::GameRng;

/// Settings of [`Mcts`].
///
/// Returns are normalised by the range of returns seen so far in the current search before the
/// UCB formula is applied, so one `exploration` constant suits games scored ±1 and games scored
/// in points alike.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MctsConfig {
    /// Search iterations per decision (one tree node and one rollout each). An iteration budget
    /// rather than a time budget keeps the agent deterministic for a given seed.
    pub iterations: usize,
    /// The UCB exploration constant `c` in `mean + c * sqrt(ln(n_parent) / n_child)`, with means
    /// normalised to `[0, 1]`. Higher explores more; the default 1.0 found the deepest forced
    /// wins of the toy games in the tests most reliably (0.4, 0.7 and 1.4 were tried).
    pub exploration: f64,
    /// Stop each random rollout after this many steps and score the position with
    /// [`Game::returns`] (0 for every seat in most games until the end); `None` plays to the end.
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

/// UCT (Kocsis and Szepesvári 2006) for perfect-information games, whose observation is the
/// state itself.
///
/// Each iteration walks down the tree choosing children by UCB1, adds one node, plays uniformly
/// random moves to the end (or to [`MctsConfig::max_rollout_depth`]), and adds the returns to
/// the nodes on the path, each node scoring the return of the player who moved into it: this is
/// max-n search, right for any number of players. The final move is the most visited child of
/// the root, ties broken with the agent's seeded generator; the same seed and the same decisions
/// give the same moves (on one platform: UCB uses the platform's `f64::ln`, so a near-tie could
/// in principle break differently elsewhere).
///
/// MCTS is meant for sequential games. At a simultaneous node it searches the deciding seat's
/// own action and lets every other seat choose uniformly at random, in the tree and in rollouts;
/// that is legal and never panics but is not a game-theoretic solution of the simultaneous move.
///
/// ```
/// # use game_core::{Game, Turn, TurnError, Player};
/// # use serde::{Deserialize, Serialize};
/// # /// Take 1, 2 or 3 stones; whoever takes the last one wins.
/// # #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// # struct Nim { stones: u32, to_move: usize }
/// # impl Game for Nim {
/// #     type Config = ();
/// #     type Action = u32;
/// #     type Observation = Nim;
/// #     type Error = TurnError;
/// #     const NAME: &'static str = "nim";
/// #     const ZERO_SUM: bool = true;
/// #     fn new(_: (), _: u64) -> Result<Self, TurnError> { Ok(Nim { stones: 10, to_move: 0 }) }
/// #     fn num_players(&self) -> usize { 2 }
/// #     fn max_game_length(&self) -> usize { 10 }
/// #     fn turn(&self) -> Turn { if self.stones == 0 { Turn::Over } else { Turn::Player(self.to_move) } }
/// #     fn legal_actions_into(&self, p: Player, out: &mut Vec<u32>) {
/// #         out.clear();
/// #         if self.turn() == Turn::Player(p) { out.extend((1..=3).filter(|&t| t <= self.stones)); }
/// #     }
/// #     fn apply(&mut self, take: &u32) -> Result<(), TurnError> {
/// #         if self.stones == 0 || !(1..=3).contains(take) || *take > self.stones { return Err(TurnError::GameOver); }
/// #         self.stones -= take;
/// #         if self.stones > 0 { self.to_move = 1 - self.to_move; }
/// #         Ok(())
/// #     }
/// #     fn returns(&self, p: Player) -> f64 {
/// #         if self.stones > 0 { 0.0 } else if p == self.to_move { 1.0 } else { -1.0 }
/// #     }
/// #     fn observation(&self, _: Player) -> Nim { self.clone() }
/// # }
/// use game_core::agents::{Mcts, MctsConfig};
/// use game_core::{Agent, Decision};
///
/// // Ten stones, take one to three, whoever takes the last stone wins: take 2 to leave 8.
/// let game = Nim::new((), 0).unwrap();
/// let legal = game.legal_actions(0);
/// let decision = Decision::<Nim>::new(0, &game, &legal).unwrap();
/// let mut mcts = Mcts::new(MctsConfig { iterations: 3000, ..MctsConfig::default() }, 7);
/// assert_eq!(mcts.choose(&decision), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<G: Game> {
    config: MctsConfig,
    name: String,
    rng: GameRng,
    engine: Engine<G::Action>,
}

/// Which engine searched last, with its tree.
#[derive(Clone, Debug)]
enum Engine<A> {
    /// Children expanded once, side by side; the general engine where a game has simultaneous
    /// moves. (The tree is boxed: its buffers would make this variant twice the other's size.)
    Fast {
        tree: Box<Tree<A>>,
        general: Search<A>,
        used_general: bool,
    },
    /// Always the general engine.
    Reference(Search<A>),
}

impl<G: Game> Mcts<G> {
    /// An MCTS agent with `config`, its random choices drawn from `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        Self {
            config,
            name: "mcts".to_string(),
            rng: GameRng::new(seed),
            engine: Engine::Fast {
                tree: Box::new(Tree::new()),
                general: Search::new(),
                used_general: false,
            },
        }
    }

    /// The same agent searching with the general engine only (the one information-set search
    /// uses, which matches legal actions to children at every step): slower, and the plain
    /// reference the fast engine is tested against. Both make the same choices for the same
    /// seed.
    pub fn reference(config: MctsConfig, seed: u64) -> Self {
        Self {
            engine: Engine::Reference(Search::new()),
            ..Self::new(config, seed)
        }
    }

    /// The same agent under another name, as a game's [`Roster`](crate::Roster) lists it.
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The agent's settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Nodes added to the tree in the last search (root included); at most one more than the
    /// iterations, as every iteration adds at most one node.
    pub fn tree_size(&self) -> usize {
        match &self.engine {
            Engine::Fast {
                general,
                used_general: true,
                ..
            }
            | Engine::Reference(general) => general.tree_size(),
            Engine::Fast { tree, .. } => tree.tree_size(),
        }
    }

    /// The root's children after the last search, newest first.
    pub fn root_statistics(&self) -> Vec<ChildStats<G::Action>> {
        match &self.engine {
            Engine::Fast {
                general,
                used_general: true,
                ..
            }
            | Engine::Reference(general) => general.root_statistics(),
            Engine::Fast { tree, .. } => tree.root_statistics(),
        }
    }
}

impl<G: Game<Observation = G>> Agent<G> for Mcts<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, decision: &Decision<'_, G>) -> G::Action {
        let root = decision.observation();
        let settings = Settings {
            iterations: self.config.iterations,
            exploration: self.config.exploration,
            max_rollout_depth: self.config.max_rollout_depth,
            availability: false,
        };
        match &mut self.engine {
            Engine::Reference(search) => {
                search.run(decision, &settings, &mut self.rng, |_| root.clone())
            }
            Engine::Fast {
                tree,
                general,
                used_general,
            } => {
                let start = self.rng.clone();
                match tree.run(decision, root, &settings, &mut self.rng) {
                    Ok(action) => {
                        *used_general = false;
                        action
                    }
                    Err(_) => {
                        // Search again from the same random state, as if the fast engine had
                        // never run.
                        self.rng = start;
                        *used_general = true;
                        general.run(decision, &settings, &mut self.rng, |_| root.clone())
                    }
                }
            }
        }
    }
}
