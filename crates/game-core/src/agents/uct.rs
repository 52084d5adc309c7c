//! The fast engine of [`Mcts`](super::Mcts), for sequential perfect-information games.
//!
//! In such a game the same path from the root always reaches the same state, so a node's legal
//! actions are the same every time the search passes through it: they are asked for once, when
//! the node is first passed through, and stored as a block of children side by side in the
//! arena. Walking down the tree is then a UCB scan over a contiguous block and one `apply` per
//! level — no legal-action lists, no matching of actions to children.
//!
//! It makes exactly the choices of the general engine ([`Search`](super::search::Search)): the
//! same random draws in the same order (an unexpanded child is drawn among the untried ones in
//! legal order; ties of the final choice are listed newest first), the same UCB arithmetic
//! ([`ucb`]), the same backups. A test plays both on many positions and compares every
//! statistic. A simultaneous node breaks the premise (the other seats' random moves change
//! what follows), so the engine reports it and [`Mcts`](super::Mcts) searches with the general
//! engine instead.

use crate::agents::Decision;
use crate::game::{Game, Turn};
use crate::rng::GameRng;

use super::search::{ChildStats, Range, Settings, Stats, Ucb, rollout, sqrt_ln, ucb};

/// "No node", as a 32-bit index.
const NIL: u32 = u32::MAX;

/// One node: reached from `parent` by `action`, chosen by `mover`. Its children, once it is
/// expanded, are `children` nodes from `first_child` on, in the order of the legal actions.
#[derive(Clone, Debug)]
struct Node<A> {
    /// `None` only at the root.
    action: Option<A>,
    mover: u32,
    parent: u32,
    first_child: u32,
    children: u32,
    /// Children already added to the search (the rest are untried).
    tried: u32,
    /// When this node was added (0 = the root; later nodes count up): the general engine lists
    /// children newest first, and the final choice breaks ties in that order.
    added: u32,
    /// The parent's visits when this node was added: its availability is the parent's visits
    /// since then.
    born: u64,
    stats: Stats,
}

/// The search was stopped by a simultaneous node; search with the general engine instead.
#[derive(Debug)]
pub(super) struct Simultaneous;

/// The arena of the fast engine and its scratch buffers.
#[derive(Clone, Debug)]
pub(super) struct Tree<A> {
    nodes: Vec<Node<A>>,
    /// The UCB terms of node `i` at `ucb[i]`: a selection reads only these, side by side.
    ucb: Vec<Ucb>,
    /// Nodes added to the search, the root included.
    added: u32,
    legal: Vec<A>,
    joint: Vec<A>,
    returns: Vec<f64>,
    range: Range,
}

impl<A: Clone + PartialEq> Tree<A> {
    pub(super) fn new() -> Self {
        Self {
            nodes: Vec::new(),
            ucb: Vec::new(),
            added: 0,
            legal: Vec::new(),
            joint: Vec::new(),
            returns: Vec::new(),
            range: Range::EMPTY,
        }
    }

    /// Searches `settings.iterations` times from `root` and returns the most visited legal move,
    /// or [`Simultaneous`] if the search met a simultaneous node.
    pub(super) fn run<G: Game<Action = A>>(
        &mut self,
        decision: &Decision<'_, G>,
        root: &G,
        settings: &Settings,
        rng: &mut GameRng,
    ) -> Result<A, Simultaneous> {
        self.nodes.clear();
        self.ucb.clear();
        self.added = 0;
        self.range = Range::EMPTY;
        if let [only] = decision.legal() {
            return Ok(only.clone());
        }
        self.nodes.push(Node {
            action: None,
            mover: NIL,
            parent: NIL,
            first_child: NIL,
            children: 0,
            tried: 0,
            added: 0,
            born: 0,
            stats: Stats::default(),
        });
        self.ucb.push(Ucb::default());
        self.added = 1;
        for _ in 0..settings.iterations {
            let mut state = root.clone();
            let leaf = self.descend(&mut state, settings, rng)?;
            rollout(
                &mut state,
                settings.max_rollout_depth,
                &mut self.legal,
                &mut self.joint,
                &mut self.returns,
                rng,
            );
            self.backup(leaf);
        }
        Ok(self.final_choice(decision, rng))
    }

    /// Walks from the root by UCB until it adds a node or reaches the end; returns the node whose
    /// state `state` now is.
    fn descend<G: Game<Action = A>>(
        &mut self,
        state: &mut G,
        settings: &Settings,
        rng: &mut GameRng,
    ) -> Result<usize, Simultaneous> {
        let mut node = 0;
        loop {
            let actor = match state.turn() {
                Turn::Over => return Ok(node),
                Turn::Player(p) => p,
                Turn::Simultaneous => return Err(Simultaneous),
            };
            if self.nodes[node].first_child == NIL {
                self.expand(node, actor, state);
            }
            let Node {
                first_child,
                children,
                tried,
                ..
            } = self.nodes[node];
            if children == 0 {
                return Ok(node);
            }
            let first = first_child as usize;
            let (child, added) = if tried < children {
                // The `pick`-th untried child, in legal order.
                let pick = rng.index((children - tried) as usize);
                let child = (first..first + children as usize)
                    .filter(|&c| self.nodes[c].added == 0)
                    .nth(pick)
                    .unwrap_or(first);
                self.nodes[node].tried += 1;
                let born = self.nodes[node].stats.visits;
                let c = &mut self.nodes[child];
                c.added = self.added;
                c.born = born;
                self.added += 1;
                (child, true)
            } else {
                (self.select(node, settings), false)
            };
            let Some(action) = self.nodes[child].action.as_ref() else {
                return Ok(node);
            };
            if state.apply(action).is_err() {
                return Ok(node);
            }
            node = child;
            if added {
                return Ok(node);
            }
        }
    }

    /// Gives `node` one untried child per legal action of `actor`, side by side.
    fn expand<G: Game<Action = A>>(&mut self, node: usize, actor: usize, state: &G) {
        state.legal_actions_into(actor, &mut self.legal);
        let first = self.nodes.len();
        self.nodes.extend(self.legal.drain(..).map(|action| Node {
            action: Some(action),
            mover: actor as u32,
            parent: node as u32,
            first_child: NIL,
            children: 0,
            tried: 0,
            added: 0,
            born: 0,
            stats: Stats::default(),
        }));
        let children = (self.nodes.len() - first) as u32;
        self.ucb.resize(self.nodes.len(), Ucb::default());
        let n = &mut self.nodes[node];
        n.first_child = first as u32;
        n.children = children;
    }

    /// The child with the highest UCB value (the first in legal order on ties).
    fn select(&self, node: usize, settings: &Settings) -> usize {
        let n = &self.nodes[node];
        let c_sqrt_log = settings.exploration * sqrt_ln(n.stats.visits);
        let (low, scale) = (self.range.low, self.range.scale());
        let first = n.first_child as usize;
        let block = &self.ucb[first..first + n.children as usize];
        // `best` starts at the first child, so even NaN values pick it, as the reference does.
        let mut best = 0;
        let mut best_value = f64::NEG_INFINITY;
        for (i, child) in block.iter().enumerate() {
            let value = ucb(child, low, scale, c_sqrt_log);
            if value > best_value {
                best = i;
                best_value = value;
            }
        }
        first + best
    }

    /// Adds the stored returns to `leaf` and its ancestors.
    fn backup(&mut self, leaf: usize) {
        self.range.widen(&self.returns);
        let mut node = leaf as u32;
        while node != NIL {
            let n = &mut self.nodes[node as usize];
            let r = self.returns.get(n.mover as usize).copied();
            self.ucb[node as usize] = n.stats.add(r.unwrap_or(f64::NAN));
            node = n.parent;
        }
    }

    /// The root's added children, newest first (the general engine's order).
    fn root_children(&self) -> Vec<usize> {
        let Some(root) = self.nodes.first() else {
            return Vec::new();
        };
        let first = root.first_child as usize;
        let mut children: Vec<usize> = if root.first_child == NIL {
            Vec::new()
        } else {
            (first..first + root.children as usize)
                .filter(|&c| self.nodes[c].added != 0)
                .collect()
        };
        children.sort_by_key(|&c| std::cmp::Reverse(self.nodes[c].added));
        children
    }

    /// The most visited child of the root among the decision's legal actions, ties broken at
    /// random; a random legal action when none was searched.
    fn final_choice<G: Game<Action = A>>(
        &mut self,
        decision: &Decision<'_, G>,
        rng: &mut GameRng,
    ) -> A {
        let legal = decision.legal();
        let mut best = 0;
        let mut tied = Vec::new();
        for c in self.root_children() {
            let node = &self.nodes[c];
            if node.mover as usize == decision.player()
                && node.stats.visits > 0
                && node.action.as_ref().is_some_and(|a| legal.contains(a))
            {
                if node.stats.visits > best {
                    best = node.stats.visits;
                    tied.clear();
                }
                if node.stats.visits == best {
                    tied.push(c);
                }
            }
        }
        if let Some(&c) = rng.choose(&tied)
            && let Some(action) = self.nodes[c].action.as_ref()
        {
            return action.clone();
        }
        decision.action(rng.index(legal.len())).clone()
    }

    /// Nodes added in the last search, the root included.
    pub(super) fn tree_size(&self) -> usize {
        self.added as usize
    }

    /// The root's children after the last search, newest first.
    pub(super) fn root_statistics(&self) -> Vec<ChildStats<A>> {
        let root_visits = self.nodes.first().map_or(0, |r| r.stats.visits);
        self.root_children()
            .into_iter()
            .filter_map(|c| {
                let node = &self.nodes[c];
                Some(ChildStats {
                    action: node.action.clone()?,
                    visits: node.stats.visits,
                    available: root_visits - node.born,
                    mean_return: node.stats.mean_return(),
                })
            })
            .collect()
    }
}
