//! Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012) for
//! hidden-information games.

use serde::{Deserialize, Serialize};

use crate::agents::search::{ChildStats, Search, Settings};
use crate::agents::{Agent, Decision};
use crate::game::{Game, SampleWorld};
use crate::rng::GameRng;

/// Settings of [`InformationSetMcts`].
///
/// As in [`MctsConfig`](super::MctsConfig), means are normalised by the range of returns seen in
/// the current search, so `exploration` does not depend on how the game scores.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct IsMctsConfig {
    /// Search iterations per decision, each on a freshly sampled world. An iteration budget
    /// rather than a time budget keeps the agent deterministic for a given seed.
    pub iterations: usize,
    /// The exploration constant `c` in `mean + c * sqrt(ln(n_available) / n_child)`, with means
    /// normalised to `[0, 1]` (Cowling et al. used 0.7).
    pub exploration: f64,
    /// Stop each random rollout after this many steps and score the position with
    /// [`Game::returns`]; `None` plays to the end.
    pub max_rollout_depth: Option<usize>,
}

impl Default for IsMctsConfig {
    fn default() -> Self {
        Self {
            iterations: 1000,
            exploration: 0.7,
            max_rollout_depth: None,
        }
    }
}

/// Single-observer information-set MCTS (SO-ISMCTS; Cowling, Powley and Whitehouse, "Information
/// Set Monte Carlo Tree Search", IEEE TCIAIG 2012).
///
/// The agent sees only its observation. Each iteration draws a world consistent with it from
/// [`SampleWorld::sample_world`] (a determinization), walks down one tree whose edges are actions,
/// considering at each node only the actions legal in that world, picks among them by UCB with
/// *availability counts* (how often a child was legal, rather than how often its parent was
/// visited, so rarely legal actions are not over-explored), adds one node, plays uniformly random
/// moves to the end and adds every node's acting player's return to it. Nodes of every player
/// share the one tree, each scoring the return of the player who moved into it; the other players
/// are modelled as searching from the same information, which is the single-observer
/// simplification. The final move is the most visited legal child of the root, ties broken with
/// the seeded generator; the same seed and the same decisions give the same moves.
///
/// At a simultaneous node the tree branches on the deciding seat's own action and every other
/// seat chooses uniformly at random.
///
/// Known limits of the single-observer algorithm: unseen cards are sampled as the game's
/// [`SampleWorld`] deals them (uniformly, usually), not weighted by what the others' moves
/// suggest; and inside one sampled world the other players' nodes are searched in that world,
/// so they play as if they could see it. In the tests' Kuhn poker it wins about 0.31 a deal
/// against uniformly random play, where a best response wins 0.46.
///
/// Use it for hidden-information games (cards, secret moves). For a perfect-information game,
/// [`Mcts`](super::Mcts) searches the same way without the sampling.
///
/// ```
/// # use game_core::{Game, GameRng, Player, SampleWorld, Turn, TurnError};
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
/// // A hidden-information game deals the unseen cards at random here; Nim hides nothing, so
/// // the only world consistent with what a player sees is the state itself.
/// impl SampleWorld for Nim {
///     fn sample_world(observation: &Nim, _player: Player, _rng: &mut GameRng) -> Nim {
///         observation.clone()
///     }
/// }
///
/// use game_core::agents::{InformationSetMcts, IsMctsConfig};
/// use game_core::{Agent, Decision};
///
/// let game = Nim::new((), 0).unwrap();
/// let legal = game.legal_actions(0);
/// let view = game.observation(0);
/// let decision = Decision::<Nim>::new(0, &view, &legal).unwrap();
/// let config = IsMctsConfig { iterations: 3000, ..IsMctsConfig::default() };
/// let mut agent = InformationSetMcts::new(config, 7);
/// assert_eq!(agent.choose(&decision), 2); // leaves 8: a multiple of 4
/// ```
#[derive(Clone, Debug)]
pub struct InformationSetMcts<G: Game> {
    config: IsMctsConfig,
    name: String,
    rng: GameRng,
    search: Search<G::Action>,
}

impl<G: Game> InformationSetMcts<G> {
    /// An information-set MCTS agent with `config`, its sampling and random choices drawn from
    /// `seed`.
    pub fn new(config: IsMctsConfig, seed: u64) -> Self {
        Self {
            config,
            name: "ismcts".to_string(),
            rng: GameRng::new(seed),
            search: Search::new(),
        }
    }

    /// The same agent under another name, as a game's [`Roster`](crate::Roster) lists it.
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The agent's settings.
    pub fn config(&self) -> &IsMctsConfig {
        &self.config
    }

    /// Nodes in the tree of the last search (root included); at most one more than the
    /// iterations.
    pub fn tree_size(&self) -> usize {
        self.search.tree_size()
    }

    /// The root's children after the last search, in the tree's order.
    pub fn root_statistics(&self) -> Vec<ChildStats<G::Action>> {
        self.search.root_statistics()
    }
}

impl<G: SampleWorld> Agent<G> for InformationSetMcts<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, decision: &Decision<'_, G>) -> G::Action {
        let observation = decision.observation();
        let player = decision.player();
        let settings = Settings {
            iterations: self.config.iterations,
            exploration: self.config.exploration,
            max_rollout_depth: self.config.max_rollout_depth,
            availability: true,
        };
        self.search.run(decision, &settings, &mut self.rng, |rng| {
            G::sample_world(observation, player, rng)
        })
    }
}
