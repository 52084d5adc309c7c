//! Monte Carlo tree search (UCT) for perfect-information games, and the search engine it shares
//! with [`InformationSetMcts`](super::InformationSetMcts).
//!
//! The engine keeps its tree in an arena (a `Vec` of nodes linked by index) that is reused from
//! one decision to the next, so a search allocates nothing per rollout step and, once warmed up,
//! nearly nothing per iteration. Children are keyed by action: at every step down the tree the
//! engine asks the state for its legal actions and matches them to the existing children, which
//! is what lets the same engine run on sampled worlds (information-set search) and across
//! simultaneous moves.

use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};

use crate::agents::{Agent, Decision};
use crate::game::{Game, Player, Turn};
use crate::rng::GameRng;

/// "No node": the end of a sibling list, the root's parent.
const NONE: usize = usize::MAX;

/// Below this many legal actions, children are matched to actions by a linear scan; above it,
/// through a sorted table of action hashes.
const LINEAR_MATCH: usize = 32;

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

/// How one child of the root fared in the last search: what [`Mcts::root_statistics`] and
/// [`InformationSetMcts::root_statistics`](super::InformationSetMcts::root_statistics) report.
#[derive(Clone, Debug, PartialEq)]
pub struct ChildStats<A> {
    /// The action leading to the child.
    pub action: A,
    /// How many iterations went through it.
    pub visits: u64,
    /// How many iterations it was legal in (information-set search); equals the iterations
    /// since its creation in a perfect-information search.
    pub available: u64,
    /// Mean return of the acting player over those iterations.
    pub mean_return: f64,
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
    search: Search<G::Action>,
}

impl<G: Game> Mcts<G> {
    /// An MCTS agent with `config`, its random choices drawn from `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        Self {
            config,
            name: "mcts".to_string(),
            search: Search::new(seed),
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

    /// Nodes in the tree of the last search (root included); at most one more than the
    /// iterations, as every iteration adds at most one node.
    pub fn tree_size(&self) -> usize {
        self.search.tree_size()
    }

    /// The root's children after the last search, in the tree's order.
    pub fn root_statistics(&self) -> Vec<ChildStats<G::Action>> {
        self.search.root_statistics()
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
        self.search.run(decision, &settings, |_| root.clone())
    }
}

/// What the engine needs from the two agents' configurations.
#[derive(Clone, Copy, Debug)]
pub(super) struct Settings {
    pub(super) iterations: usize,
    pub(super) exploration: f64,
    pub(super) max_rollout_depth: Option<usize>,
    /// UCB counts how often a child was available (information-set search) instead of how
    /// often its parent was visited.
    pub(super) availability: bool,
}

/// One node of the arena: reached from its parent by `action`, chosen by `mover`.
#[derive(Clone, Debug)]
struct Node<A> {
    /// `None` only at the root.
    action: Option<A>,
    /// Hash of `action`, to match it among many legal actions.
    hash: u64,
    /// Where `action` was in the legal actions when the node was added: where it usually is
    /// the next time, as games list legal actions in a fixed order.
    hint: usize,
    /// The seat that chose `action` (`NONE` at the root); the node scores its returns.
    mover: Player,
    parent: usize,
    first_child: usize,
    next_sibling: usize,
    visits: u64,
    available: u64,
    total: f64,
}

impl<A> Node<A> {
    /// The root: no action, no mover, no statistics yet.
    fn root() -> Self {
        Node {
            action: None,
            hash: 0,
            hint: 0,
            mover: NONE,
            parent: NONE,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            available: 0,
            total: 0.0,
        }
    }
}

/// The search engine: the arena, the scratch buffers, and the seeded generator.
#[derive(Clone, Debug)]
pub(super) struct Search<A> {
    rng: GameRng,
    nodes: Vec<Node<A>>,
    /// Legal actions of the seat deciding at the current node or rollout step.
    legal: Vec<A>,
    /// Legal actions of another seat, when filling a joint action.
    others: Vec<A>,
    joint: Vec<A>,
    /// `(hash, legal index)`, sorted: the lookup table for many legal actions.
    keys: Vec<(u64, usize)>,
    /// For each legal action, the child it leads to, or `NONE`.
    slots: Vec<usize>,
    /// Legal indices without a child.
    untried: Vec<usize>,
    returns: Vec<f64>,
    /// Lowest and highest return seen in this search, to normalise means.
    low: f64,
    high: f64,
}

/// FNV-1a: a small fixed hash. Hashes only find candidate matches (equality decides), so the
/// search's choices do not depend on it.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
}

fn hash_of<A: Hash>(action: &A) -> u64 {
    let mut hasher = Fnv(0xCBF2_9CE4_8422_2325);
    action.hash(&mut hasher);
    hasher.finish()
}

/// Applies `action` for `actor`: alone at a sequential node, or with uniformly random actions
/// for every other seat at a simultaneous node. `Err(())` when the game refuses.
fn step<G: Game>(
    state: &mut G,
    actor: Player,
    action: &G::Action,
    others: &mut Vec<G::Action>,
    joint: &mut Vec<G::Action>,
    rng: &mut GameRng,
) -> Result<(), ()> {
    match state.turn() {
        Turn::Simultaneous => {
            joint.clear();
            for seat in 0..state.num_players() {
                if seat == actor {
                    joint.push(action.clone());
                } else {
                    state.legal_actions_into(seat, others);
                    let pick = rng.choose(others).ok_or(())?;
                    joint.push(pick.clone());
                }
            }
            state.apply_joint(joint).map_err(|_| ())
        }
        _ => state.apply(action).map_err(|_| ()),
    }
}

impl<A: Clone + Eq + Hash> Search<A> {
    pub(super) fn new(seed: u64) -> Self {
        Self {
            rng: GameRng::new(seed),
            nodes: Vec::new(),
            legal: Vec::new(),
            others: Vec::new(),
            joint: Vec::new(),
            keys: Vec::new(),
            slots: Vec::new(),
            untried: Vec::new(),
            returns: Vec::new(),
            low: f64::INFINITY,
            high: f64::NEG_INFINITY,
        }
    }

    /// Searches `settings.iterations` times, each from a fresh `world(rng)` (the root state
    /// itself, or a sampled determinization), and returns the most visited legal move.
    pub(super) fn run<G: Game<Action = A>>(
        &mut self,
        decision: &Decision<'_, G>,
        settings: &Settings,
        mut world: impl FnMut(&mut GameRng) -> G,
    ) -> A {
        self.nodes.clear();
        self.low = f64::INFINITY;
        self.high = f64::NEG_INFINITY;
        if let [only] = decision.legal() {
            return only.clone();
        }
        self.nodes.push(Node::root());
        let observer = decision.player();
        for _ in 0..settings.iterations {
            let mut state = world(&mut self.rng);
            let leaf = self.descend(&mut state, observer, settings);
            self.rollout(&mut state, settings);
            self.backup(leaf);
        }
        self.final_choice(decision)
    }

    /// Walks from the root by UCB until it adds a node or reaches the end; returns the node whose
    /// state `state` now is.
    fn descend<G: Game<Action = A>>(
        &mut self,
        state: &mut G,
        observer: Player,
        settings: &Settings,
    ) -> usize {
        let mut node = 0;
        loop {
            let actor = match state.turn() {
                Turn::Over => return node,
                Turn::Player(p) => p,
                Turn::Simultaneous => observer,
            };
            state.legal_actions_into(actor, &mut self.legal);
            if self.legal.is_empty() {
                return node;
            }
            self.match_children(node, actor);
            for &child in &self.slots {
                if child != NONE {
                    self.nodes[child].available += 1;
                }
            }
            let (child, added) = if self.untried.is_empty() {
                (self.select(node, settings), false)
            } else {
                let pick = self.untried[self.rng.index(self.untried.len())];
                (self.add_child(node, actor, pick), true)
            };
            let Some(action) = self.nodes.get(child).and_then(|c| c.action.as_ref()) else {
                return node;
            };
            if step(
                state,
                actor,
                action,
                &mut self.others,
                &mut self.joint,
                &mut self.rng,
            )
            .is_err()
            {
                return node;
            }
            node = child;
            if added {
                return node;
            }
        }
    }

    /// Fills `slots` (the child of `node` for each legal action, or `NONE`) and `untried`.
    fn match_children(&mut self, node: usize, actor: Player) {
        let m = self.legal.len();
        self.slots.clear();
        self.slots.resize(m, NONE);
        self.untried.clear();
        let mut child = self.nodes[node].first_child;
        let mut keyed = false;
        while child != NONE {
            let c = &self.nodes[child];
            if c.mover == actor
                && let Some(action) = c.action.as_ref()
            {
                if c.hint < m && self.slots[c.hint] == NONE && &self.legal[c.hint] == action {
                    self.slots[c.hint] = child;
                } else if m > LINEAR_MATCH {
                    if !keyed {
                        self.keys.clear();
                        self.keys
                            .extend(self.legal.iter().enumerate().map(|(i, a)| (hash_of(a), i)));
                        self.keys.sort_unstable();
                        keyed = true;
                    }
                    let start = self.keys.partition_point(|&(h, _)| h < c.hash);
                    for &(h, i) in &self.keys[start..] {
                        if h != c.hash {
                            break;
                        }
                        if self.slots[i] == NONE && &self.legal[i] == action {
                            self.slots[i] = child;
                            break;
                        }
                    }
                } else if let Some(i) =
                    (0..m).find(|&i| self.slots[i] == NONE && &self.legal[i] == action)
                {
                    self.slots[i] = child;
                }
            }
            child = c.next_sibling;
        }
        self.untried
            .extend((0..m).filter(|&i| self.slots[i] == NONE));
    }

    /// The matched child with the highest UCB value (the first in legal order on ties).
    fn select(&self, node: usize, settings: &Settings) -> usize {
        let parent_log = (self.nodes[node].visits.max(1) as f64).ln();
        let range = self.high - self.low;
        let mut best = NONE;
        let mut best_value = f64::NEG_INFINITY;
        for &child in &self.slots {
            if child == NONE {
                continue;
            }
            let c = &self.nodes[child];
            let value = if c.visits == 0 {
                f64::INFINITY
            } else {
                let visits = c.visits as f64;
                let mean = c.total / visits;
                let exploit = if range > 0.0 {
                    (mean - self.low) / range
                } else {
                    0.5
                };
                let log = if settings.availability {
                    (c.available.max(1) as f64).ln()
                } else {
                    parent_log
                };
                exploit + settings.exploration * (log / visits).sqrt()
            };
            if best == NONE || value > best_value {
                best = child;
                best_value = value;
            }
        }
        best
    }

    fn add_child(&mut self, node: usize, actor: Player, legal_index: usize) -> usize {
        let action = self.legal[legal_index].clone();
        let index = self.nodes.len();
        let next_sibling = self.nodes[node].first_child;
        self.nodes.push(Node {
            hash: hash_of(&action),
            hint: legal_index,
            action: Some(action),
            mover: actor,
            parent: node,
            first_child: NONE,
            next_sibling,
            visits: 0,
            available: 1,
            total: 0.0,
        });
        self.nodes[node].first_child = index;
        self.slots[legal_index] = index;
        index
    }

    /// Plays uniformly random moves from `state` and stores every seat's return.
    fn rollout<G: Game<Action = A>>(&mut self, state: &mut G, settings: &Settings) {
        let limit = settings
            .max_rollout_depth
            .unwrap_or(usize::MAX)
            .min(state.max_game_length());
        let mut steps = 0;
        'play: while steps < limit {
            match state.turn() {
                Turn::Over => break,
                Turn::Player(p) => {
                    state.legal_actions_into(p, &mut self.legal);
                    let Some(action) = self.rng.choose(&self.legal) else {
                        break;
                    };
                    if state.apply(action).is_err() {
                        break;
                    }
                }
                Turn::Simultaneous => {
                    self.joint.clear();
                    for seat in 0..state.num_players() {
                        state.legal_actions_into(seat, &mut self.legal);
                        let Some(action) = self.rng.choose(&self.legal) else {
                            break 'play;
                        };
                        self.joint.push(action.clone());
                    }
                    if state.apply_joint(&self.joint).is_err() {
                        break;
                    }
                }
            }
            steps += 1;
        }
        self.returns.clear();
        self.returns
            .extend((0..state.num_players()).map(|p| state.returns(p)));
    }

    /// Adds the stored returns to `leaf` and its ancestors.
    fn backup(&mut self, leaf: usize) {
        for &r in &self.returns {
            if r.is_finite() {
                self.low = self.low.min(r);
                self.high = self.high.max(r);
            }
        }
        let mut node = leaf;
        while node != NONE {
            let n = &mut self.nodes[node];
            n.visits += 1;
            if let Some(&r) = self.returns.get(n.mover)
                && r.is_finite()
            {
                n.total += r;
            }
            node = n.parent;
        }
    }

    /// The most visited child of the root among the decision's legal actions, ties broken at
    /// random; a random legal action when none was searched.
    fn final_choice<G: Game<Action = A>>(&mut self, decision: &Decision<'_, G>) -> A {
        let legal = decision.legal();
        self.untried.clear();
        let mut best = 0;
        let mut child = self.nodes.first().map_or(NONE, |root| root.first_child);
        while child != NONE {
            let c = &self.nodes[child];
            if c.mover == decision.player()
                && c.visits > 0
                && c.action.as_ref().is_some_and(|a| legal.contains(a))
            {
                if c.visits > best {
                    best = c.visits;
                    self.untried.clear();
                }
                if c.visits == best {
                    self.untried.push(child);
                }
            }
            child = c.next_sibling;
        }
        if let Some(&node) = self.rng.choose(&self.untried)
            && let Some(action) = self.nodes[node].action.as_ref()
        {
            return action.clone();
        }
        decision.action(self.rng.index(legal.len())).clone()
    }

    pub(super) fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    pub(super) fn root_statistics(&self) -> Vec<ChildStats<A>> {
        let mut out = Vec::new();
        let mut child = self.nodes.first().map_or(NONE, |root| root.first_child);
        while child != NONE {
            let c = &self.nodes[child];
            if let Some(action) = c.action.clone() {
                out.push(ChildStats {
                    action,
                    visits: c.visits,
                    available: c.available,
                    mean_return: if c.visits == 0 {
                        0.0
                    } else {
                        c.total / c.visits as f64
                    },
                });
            }
            child = c.next_sibling;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search whose root has children for `actions`, each chosen by `mover`.
    fn with_children(children: &[(Player, u32)]) -> Search<u32> {
        let mut search = Search::new(0);
        search.nodes.push(Node::root());
        for &(mover, action) in children {
            search.legal = vec![action];
            search.slots = vec![NONE];
            search.add_child(0, mover, 0);
        }
        search
    }

    fn child_action(search: &Search<u32>, node: usize) -> Option<u32> {
        (node != NONE).then(|| search.nodes[node].action.unwrap())
    }

    #[test]
    fn children_are_matched_to_legal_actions_by_mover_and_action() {
        for size in [5u32, 16, 17, 60] {
            // Children for every third action of seat 0, and some of seat 1 that must not match.
            let mut children: Vec<(Player, u32)> = (0..size).step_by(3).map(|a| (0, a)).collect();
            children.extend((0..size).step_by(2).map(|a| (1, a)));
            let mut search = with_children(&children);
            // Legal actions in a scrambled order, with one action no child has.
            let mut legal: Vec<u32> = (0..size).rev().collect();
            legal.push(1000);
            search.legal = legal.clone();
            search.match_children(0, 0);
            for (i, &action) in legal.iter().enumerate() {
                let expected = (action < size && action % 3 == 0).then_some(action);
                assert_eq!(
                    child_action(&search, search.slots[i]),
                    expected,
                    "size {size}"
                );
                if expected.is_some() {
                    assert_eq!(search.nodes[search.slots[i]].mover, 0);
                }
            }
            let untried: Vec<u32> = search.untried.iter().map(|&i| legal[i]).collect();
            let expected: Vec<u32> = legal
                .iter()
                .copied()
                .filter(|&a| a >= size || a % 3 != 0)
                .collect();
            assert_eq!(untried, expected);
        }
    }

    #[test]
    fn backup_scores_each_node_for_its_mover_and_tracks_the_range() {
        let mut search = with_children(&[(0, 7)]);
        search.legal = vec![8];
        search.slots = vec![NONE];
        let grandchild = search.add_child(1, 1, 0);
        search.returns = vec![3.0, -2.0];
        search.backup(grandchild);
        search.returns = vec![1.0, 0.0];
        search.backup(1);
        assert_eq!((search.low, search.high), (-2.0, 3.0));
        assert_eq!(search.nodes[0].visits, 2);
        assert_eq!((search.nodes[1].visits, search.nodes[1].total), (2, 4.0));
        assert_eq!(
            (
                search.nodes[grandchild].visits,
                search.nodes[grandchild].total
            ),
            (1, -2.0)
        );
        let stats = search.root_statistics();
        assert_eq!(stats.len(), 1);
        assert_eq!((stats[0].action, stats[0].visits), (7, 2));
        assert_eq!(stats[0].mean_return, 2.0);
    }

    #[test]
    fn selection_prefers_unvisited_children_then_the_best_ucb() {
        let settings = Settings {
            iterations: 0,
            exploration: 0.0,
            max_rollout_depth: None,
            availability: false,
        };
        let mut search = with_children(&[(0, 1), (0, 2), (0, 3)]);
        search.legal = vec![1, 2, 3];
        search.match_children(0, 0);
        search.low = 0.0;
        search.high = 1.0;
        for (node, visits, total) in [(1, 4, 1.0), (2, 4, 3.0), (3, 0, 0.0)] {
            search.nodes[node].visits = visits;
            search.nodes[node].total = total;
        }
        search.nodes[0].visits = 9;
        // Node 3 (action 3) has never been visited.
        assert_eq!(search.nodes[search.select(0, &settings)].action, Some(3));
        search.nodes[3].visits = 4;
        search.nodes[3].total = 2.0;
        // Greedy: action 2 has the best mean.
        assert_eq!(search.nodes[search.select(0, &settings)].action, Some(2));
        // With a large constant, the least visited wins.
        search.nodes[1].visits = 1;
        search.nodes[1].total = 0.0;
        let exploring = Settings {
            exploration: 10.0,
            ..settings
        };
        assert_eq!(search.nodes[search.select(0, &exploring)].action, Some(1));
    }
}
