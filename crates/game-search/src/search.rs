//! The engine of [`Mcts`](super::Mcts), and the plain reference [`Uct`](super::Uct) is tested
//! against.
//!
//! The tree lives in an arena (a `Vec` of nodes linked by index) that is reused from one decision
//! to the next. Children are keyed by who moved and the move: at every step down the tree the
//! engine asks the world for the legal moves and matches them to the existing children, which is
//! what lets it run on worlds that differ from one iteration to the next (information-set search)
//! and across simultaneous moves, where the same node can be reached with different legal moves.

use std::hash::{BuildHasher, BuildHasherDefault, Hash};

use crate::{MctsConfig, Policy, Worlds};
use game_core::Decision;
use game_core::FxHasher;
use game_core::GameRng;
use game_core::{Game, Player, Turn};

/// "No node": the end of a sibling list, the root's parent.
pub(super) const NONE: usize = usize::MAX;

/// Below this many legal actions, children are matched to actions by a linear scan; above it,
/// through a sorted table of action hashes.
const LINEAR_MATCH: usize = 32;

/// How one child of the root fared in the last search, as
/// [`Mcts::root_statistics`](super::Mcts::root_statistics) reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChildStats<A> {
    /// The action leading to the child.
    pub action: A,
    /// How many iterations went through it.
    pub visits: u64,
    /// How many iterations it was legal in since it was added (with worlds that vary, fewer
    /// than the iterations since then).
    pub available: u64,
    /// Mean return of the acting player over those iterations.
    pub mean_return: f64,
}

/// A child's running statistics: visits and total return.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Stats {
    pub visits: u64,
    pub total: f64,
}

/// What UCB needs of a child, worked out once per backup instead of once per look, and kept
/// apart from the rest so that a selection scans 16 bytes a child.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Ucb {
    /// `total / visits`; 0 for a child never visited.
    pub mean: f64,
    /// `1 / sqrt(visits)`; 0 for a child never visited.
    pub inv_sqrt_visits: f64,
}

impl Ucb {
    /// The terms of a child with `visits` (at least 1) and `total` return.
    #[inline]
    pub fn of(total: f64, visits: f64) -> Self {
        Self {
            mean: total / visits,
            inv_sqrt_visits: visits.sqrt().recip(),
        }
    }
}

impl Stats {
    /// Adds one return (a non-finite return counts as a visit with nothing added) and gives
    /// the new UCB terms.
    #[inline]
    pub fn add(&mut self, r: f64) -> Ucb {
        self.visits += 1;
        if r.is_finite() {
            self.total += r;
        }
        Ucb::of(self.total, self.visits as f64)
    }
}

/// The range of returns seen in a search: means are normalised by it before UCB, so one
/// exploration constant suits games scored ±1 and games scored in points alike.
#[derive(Clone, Copy, Debug)]
pub(super) struct Range {
    pub low: f64,
    pub high: f64,
    /// The scale of UCB's exploitation term: `(mean - low) * scale`, that is
    /// `1 / (high - low)`, or 0 (every mean counts as 0.5) before two different returns have
    /// been seen. Worked out when the range changes rather than at every selection.
    pub scale: f64,
}

impl Range {
    pub const EMPTY: Range = Range {
        low: f64::INFINITY,
        high: f64::NEG_INFINITY,
        scale: 0.0,
    };

    pub fn widen(&mut self, returns: &[f64]) {
        let (low, high) = (self.low, self.high);
        for &r in returns {
            if r.is_finite() {
                self.low = self.low.min(r);
                self.high = self.high.max(r);
            }
        }
        if (self.low, self.high) != (low, high) {
            let range = self.high - self.low;
            self.scale = if range > 0.0 { range.recip() } else { 0.0 };
        }
    }
}

/// `sqrt(ln(max(n, 1)))`, the parent's part of UCB's exploration term.
pub(super) fn sqrt_ln(n: u64) -> f64 {
    (n.max(1) as f64).ln().sqrt()
}

/// UCB1 with means normalised to `[0, 1]`: `(mean - low) / range + c * sqrt(ln n / n_child)`,
/// written as `(mean - low) * scale + c_sqrt_log * inv_sqrt_visits` so that the division and
/// the square root of the child are done once per backup and the parent's once per selection.
/// Unvisited children come first.
#[inline(always)]
pub(super) fn ucb(child: &Ucb, low: f64, scale: f64, c_sqrt_log: f64) -> f64 {
    if child.inv_sqrt_visits == 0.0 {
        f64::INFINITY
    } else {
        ucb_visited(child, low, scale, c_sqrt_log)
    }
}

/// [`ucb`] of a child visited at least once.
#[inline(always)]
pub(super) fn ucb_visited(child: &Ucb, low: f64, scale: f64, c_sqrt_log: f64) -> f64 {
    let exploit = if scale > 0.0 {
        (child.mean - low) * scale
    } else {
        0.5
    };
    exploit + c_sqrt_log * child.inv_sqrt_visits
}

/// One node of the arena: reached from its parent by `action`, chosen by `mover`.
#[derive(Clone, Debug)]
pub(super) struct Node<A> {
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
    stats: Stats,
    ucb: Ucb,
    available: u64,
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
            stats: Stats::default(),
            ucb: Ucb::default(),
            available: 0,
        }
    }
}

/// The search engine: the arena and the scratch buffers.
#[derive(Clone, Debug)]
pub(super) struct Search<A> {
    nodes: Vec<Node<A>>,
    /// Legal actions of the seat deciding at the current node.
    legal: Vec<A>,
    joint: Vec<A>,
    /// `(hash, legal index)`, sorted: the lookup table for many legal actions.
    keys: Vec<(u64, usize)>,
    /// For each legal action, the child it leads to, or `NONE`.
    slots: Vec<usize>,
    /// Legal indices without a child.
    untried: Vec<usize>,
    returns: Vec<f64>,
    /// Lowest and highest return seen in this search, to normalise means.
    range: Range,
}

/// Applies `action` for `actor`: alone at a sequential node, or with `policy`'s moves for every
/// other seat at a simultaneous node (gathered in `joint`). `Err(())` when the game refuses.
fn step<G: Game, P: Policy<G>>(
    state: &mut G,
    actor: Player,
    action: &G::Action,
    joint: &mut Vec<G::Action>,
    policy: &mut P,
    rng: &mut GameRng,
) -> Result<(), ()> {
    match state.turn() {
        Turn::Simultaneous => {
            joint.clear();
            for seat in 0..state.num_players() {
                if seat == actor {
                    joint.push(action.clone());
                } else {
                    joint.push(policy.act(state, seat, rng).ok_or(())?);
                }
            }
            state.apply_joint(joint).map_err(|_| ())
        }
        _ => state.apply(action).map_err(|_| ()),
    }
}

/// Plays `policy`'s moves from `state` (at most `max_depth`, and never past the game's bound) and
/// stores every seat's return in `returns`; `joint` is a scratch buffer.
#[inline(always)]
pub(super) fn rollout<G: Game, P: Policy<G>>(
    state: &mut G,
    max_depth: Option<usize>,
    policy: &mut P,
    joint: &mut Vec<G::Action>,
    returns: &mut Vec<f64>,
    rng: &mut GameRng,
) {
    let limit = max_depth.unwrap_or(usize::MAX).min(state.max_game_length());
    let mut steps = 0;
    'play: while steps < limit {
        match state.turn() {
            Turn::Over => break,
            Turn::Player(p) => {
                let Some(action) = policy.act(state, p, rng) else {
                    break;
                };
                if state.apply(&action).is_err() {
                    break;
                }
            }
            Turn::Simultaneous => {
                joint.clear();
                for seat in 0..state.num_players() {
                    let Some(action) = policy.act(state, seat, rng) else {
                        break 'play;
                    };
                    joint.push(action);
                }
                if state.apply_joint(joint).is_err() {
                    break;
                }
            }
        }
        steps += 1;
    }
    returns.clear();
    returns.extend((0..state.num_players()).map(|p| state.returns(p)));
}

/// The hash of `action`, to match children to legal actions. Hashes only find candidate matches
/// (equality decides), so the search's choices do not depend on it.
fn hash_of<A: Hash>(action: &A) -> u64 {
    BuildHasherDefault::<FxHasher>::default().hash_one(action)
}

/// The most visited of the root's `children` (mover, visits, action) among the decision's legal
/// actions, ties broken at random; a random legal action when none was searched.
pub(super) fn most_visited<'a, G: Game>(
    children: impl Iterator<Item = (Player, u64, &'a G::Action)>,
    decision: &Decision<'_, G>,
    rng: &mut GameRng,
) -> G::Action
where
    G::Action: 'a,
{
    let legal = decision.legal();
    let mut best = 0;
    let mut tied = Vec::new();
    for (mover, visits, action) in children {
        if mover == decision.player() && visits > 0 && legal.contains(action) {
            if visits > best {
                best = visits;
                tied.clear();
            }
            if visits == best {
                tied.push(action);
            }
        }
    }
    match rng.choose(&tied) {
        Some(&action) => action.clone(),
        None => decision.action(rng.index(legal.len())).clone(),
    }
}

/// What stays the same through one search.
#[derive(Clone, Copy, Debug)]
struct Run<'a> {
    config: &'a MctsConfig,
    /// The seat that decides.
    observer: Player,
    /// UCB counts how often a child was legal instead of how often its parent was visited.
    availability: bool,
}

impl<A: Clone + Eq + Hash> Search<A> {
    pub(super) fn new() -> Self {
        Self {
            nodes: Vec::new(),
            legal: Vec::new(),
            joint: Vec::new(),
            keys: Vec::new(),
            slots: Vec::new(),
            untried: Vec::new(),
            returns: Vec::new(),
            range: Range::EMPTY,
        }
    }

    /// Searches as `config` says, each iteration in a world from `worlds` with `policy`
    /// simulating the players, and returns the most visited legal move.
    pub(super) fn run<G, W, P>(
        &mut self,
        decision: &Decision<'_, G>,
        config: &MctsConfig,
        worlds: &mut W,
        policy: &mut P,
        rng: &mut GameRng,
    ) -> A
    where
        G: Game<Action = A>,
        W: Worlds<G>,
        P: Policy<G>,
    {
        self.nodes.clear();
        self.range = Range::EMPTY;
        if let [only] = decision.legal() {
            return only.clone();
        }
        worlds.prepare(decision, rng);
        let run = Run {
            config,
            availability: worlds.varies(),
            observer: decision.player(),
        };
        self.nodes.push(Node::root());
        for iteration in 0..config.iterations {
            let Some(mut state) = worlds.world(decision, iteration, rng) else {
                break;
            };
            let leaf = self.descend(&mut state, run, policy, rng);
            rollout(
                &mut state,
                config.max_rollout_depth,
                policy,
                &mut self.joint,
                &mut self.returns,
                rng,
            );
            self.backup(leaf);
        }
        let children = self
            .root_children()
            .filter_map(|c| Some((c.mover, c.stats.visits, c.action.as_ref()?)));
        most_visited(children, decision, rng)
    }

    /// Walks from the root until it adds a node or reaches the end; returns the node whose
    /// state `state` now is.
    fn descend<G, P>(
        &mut self,
        state: &mut G,
        run: Run<'_>,
        policy: &mut P,
        rng: &mut GameRng,
    ) -> usize
    where
        G: Game<Action = A>,
        P: Policy<G>,
    {
        let mut node = 0;
        loop {
            let actor = match state.turn() {
                Turn::Over => return node,
                Turn::Player(p) => p,
                Turn::Simultaneous => run.observer,
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
                (self.select(node, run), false)
            } else {
                let pick = self.untried[rng.index(self.untried.len())];
                (self.add_child(node, actor, pick), true)
            };
            let Some(action) = self.nodes.get(child).and_then(|c| c.action.as_ref()) else {
                return node;
            };
            if step(state, actor, action, &mut self.joint, policy, rng).is_err() {
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

    /// The exploration constant times `sqrt(ln n)`, `n` the count a child's exploration term
    /// is measured against: its availability, or its parent's visits.
    fn c_sqrt_log(&self, parent: usize, child: usize, run: Run<'_>) -> f64 {
        let n = if run.availability {
            self.nodes[child].available
        } else {
            self.nodes[parent].stats.visits
        };
        run.config.exploration * sqrt_ln(n)
    }

    /// The matched child with the highest UCB value (the first in legal order on ties).
    fn select(&self, node: usize, run: Run<'_>) -> usize {
        let (low, scale) = (self.range.low, self.range.scale);
        let mut best = NONE;
        let mut best_value = f64::NEG_INFINITY;
        for &child in &self.slots {
            if child == NONE {
                continue;
            }
            let value = ucb(
                &self.nodes[child].ucb,
                low,
                scale,
                self.c_sqrt_log(node, child, run),
            );
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
            next_sibling,
            available: 1,
            ..Node::root()
        });
        self.nodes[node].first_child = index;
        self.slots[legal_index] = index;
        index
    }

    /// Adds the stored returns to `leaf` and its ancestors.
    fn backup(&mut self, leaf: usize) {
        self.range.widen(&self.returns);
        let mut node = leaf;
        while node != NONE {
            let n = &mut self.nodes[node];
            n.ucb = n
                .stats
                .add(self.returns.get(n.mover).copied().unwrap_or(f64::NAN));
            node = n.parent;
        }
    }

    /// The root's children, newest first.
    fn root_children(&self) -> impl Iterator<Item = &Node<A>> {
        let first = self.nodes.first().map_or(NONE, |root| root.first_child);
        std::iter::successors(self.nodes.get(first), |c| self.nodes.get(c.next_sibling))
    }

    pub(super) fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    pub(super) fn root_statistics(&self) -> Vec<ChildStats<A>> {
        self.root_children()
            .filter_map(|c| {
                Some(ChildStats {
                    action: c.action.clone()?,
                    visits: c.stats.visits,
                    available: c.available,
                    mean_return: c.ucb.mean,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search whose root has children for `actions`, each chosen by `mover`.
    fn with_children(children: &[(Player, u32)]) -> Search<u32> {
        let mut search = Search::new();
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
        assert_eq!((search.range.low, search.range.high), (-2.0, 3.0));
        assert_eq!(search.range.scale, 0.2);
        assert_eq!(search.nodes[0].stats.visits, 2);
        assert_eq!(
            (search.nodes[1].stats.visits, search.nodes[1].stats.total),
            (2, 4.0)
        );
        assert_eq!(
            (
                search.nodes[grandchild].stats.visits,
                search.nodes[grandchild].stats.total
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
        let greedy = MctsConfig {
            exploration: 0.0,
            ..MctsConfig::default()
        };
        let exploring = MctsConfig {
            exploration: 10.0,
            ..MctsConfig::default()
        };
        let run = |config| Run {
            config,
            observer: 0,
            availability: false,
        };
        let mut search = with_children(&[(0, 1), (0, 2), (0, 3)]);
        search.legal = vec![1, 2, 3];
        search.match_children(0, 0);
        search.range.widen(&[0.0, 1.0]);
        let stats = |visits: u64, total: f64| {
            let mut s = Stats::default();
            let mut u = Ucb::default();
            for i in 0..visits {
                u = s.add(if i == 0 { total } else { 0.0 });
            }
            (s, u)
        };
        for (node, visits, total) in [(1, 4, 1.0), (2, 4, 3.0), (3, 0, 0.0)] {
            (search.nodes[node].stats, search.nodes[node].ucb) = stats(visits, total);
        }
        (search.nodes[0].stats, search.nodes[0].ucb) = stats(9, 0.0);
        // Node 3 (action 3) has never been visited.
        assert_eq!(search.nodes[search.select(0, run(&greedy))].action, Some(3));
        (search.nodes[3].stats, search.nodes[3].ucb) = stats(4, 2.0);
        // Greedy: action 2 has the best mean.
        assert_eq!(search.nodes[search.select(0, run(&greedy))].action, Some(2));
        // With a large constant, the least visited wins.
        (search.nodes[1].stats, search.nodes[1].ucb) = stats(1, 0.0);
        assert_eq!(
            search.nodes[search.select(0, run(&exploring))].action,
            Some(1)
        );
    }
}
