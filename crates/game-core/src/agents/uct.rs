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

/// "No node" or "no slot", as a 32-bit index.
const NIL: u32 = u32::MAX;

/// One child of an expanded node: its action, what UCB needs of it, and the node it leads to
/// once it has been added to the search. A node's children are side by side, in the order of
/// the legal actions, so a selection scans one short run of memory.
#[derive(Clone, Debug)]
struct Slot<A> {
    ucb: Ucb,
    action: A,
    /// The child's node, or `NIL` while it is untried.
    node: u32,
}

/// A node added to the search. Nodes are numbered in the order they were added (the root is 0),
/// which is the general engine's order of siblings, newest first, reversed.
#[derive(Clone, Debug)]
struct Node {
    parent: u32,
    /// This node's slot among its parent's children (`NIL` at the root).
    slot: u32,
    /// The first of its children's slots (`NIL` until the node is expanded).
    first_slot: u32,
    children: u32,
    /// Children already added (the rest are untried).
    tried: u32,
    /// The seat that chose the action leading here (`NIL` at the root).
    mover: u32,
    /// The parent's visits when this node was added: its availability is the parent's visits
    /// since then.
    born: u64,
    stats: Stats,
}

impl Node {
    fn new(parent: u32, slot: u32, mover: u32, born: u64) -> Self {
        Self {
            parent,
            slot,
            first_slot: NIL,
            children: 0,
            tried: 0,
            mover,
            born,
            stats: Stats::default(),
        }
    }
}

/// The search was stopped by a simultaneous node; search with the general engine instead.
#[derive(Debug)]
pub(super) struct Simultaneous;

/// The arena of the fast engine and its scratch buffers.
#[derive(Clone, Debug)]
pub(super) struct Tree<A> {
    nodes: Vec<Node>,
    slots: Vec<Slot<A>>,
    legal: Vec<A>,
    joint: Vec<A>,
    returns: Vec<f64>,
    range: Range,
}

impl<A: Clone + PartialEq> Tree<A> {
    pub(super) fn new() -> Self {
        Self {
            nodes: Vec::new(),
            slots: Vec::new(),
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
        self.slots.clear();
        self.range = Range::EMPTY;
        if let [only] = decision.legal() {
            return Ok(only.clone());
        }
        self.nodes.push(Node::new(NIL, NIL, NIL, 0));
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
    ) -> Result<u32, Simultaneous> {
        let mut node = 0u32;
        loop {
            let actor = match state.turn() {
                Turn::Over => return Ok(node),
                Turn::Player(p) => p,
                Turn::Simultaneous => return Err(Simultaneous),
            };
            if self.nodes[node as usize].first_slot == NIL {
                self.expand(node, actor, state);
            }
            let Node {
                first_slot,
                children,
                tried,
                stats,
                ..
            } = self.nodes[node as usize];
            if children == 0 {
                return Ok(node);
            }
            let block = first_slot as usize..(first_slot + children) as usize;
            if tried < children {
                // The `pick`-th untried child, in legal order, becomes a node.
                let pick = rng.index((children - tried) as usize);
                let slot = block
                    .filter(|&s| self.slots[s].node == NIL)
                    .nth(pick)
                    .unwrap_or(first_slot as usize);
                let child = self.nodes.len() as u32;
                self.nodes
                    .push(Node::new(node, slot as u32, actor as u32, stats.visits));
                self.nodes[node as usize].tried += 1;
                self.slots[slot].node = child;
                return Ok(if state.apply(&self.slots[slot].action).is_ok() {
                    child
                } else {
                    node
                });
            }
            let slot = select(
                &self.slots[block.clone()],
                &self.range,
                settings,
                stats.visits,
            );
            let slot = &self.slots[block.start + slot];
            if state.apply(&slot.action).is_err() {
                return Ok(node);
            }
            node = slot.node;
        }
    }

    /// Gives `node` one untried child per legal action of `actor`, side by side.
    fn expand<G: Game<Action = A>>(&mut self, node: u32, actor: usize, state: &G) {
        state.legal_actions_into(actor, &mut self.legal);
        let first = self.slots.len();
        self.slots.extend(self.legal.drain(..).map(|action| Slot {
            ucb: Ucb::default(),
            action,
            node: NIL,
        }));
        let n = &mut self.nodes[node as usize];
        n.first_slot = first as u32;
        n.children = (self.slots.len() - first) as u32;
    }

    /// Adds the stored returns to `leaf` and its ancestors.
    fn backup(&mut self, leaf: u32) {
        self.range.widen(&self.returns);
        let mut node = leaf;
        while node != NIL {
            let n = &mut self.nodes[node as usize];
            let r = self.returns.get(n.mover as usize).copied();
            let ucb = n.stats.add(r.unwrap_or(f64::NAN));
            if let Some(slot) = self.slots.get_mut(n.slot as usize) {
                slot.ucb = ucb;
            }
            node = n.parent;
        }
    }

    /// The root's added children as (slot, node), newest first (the general engine's order).
    fn root_children(&self) -> Vec<(usize, u32)> {
        let Some(root) = self.nodes.first().filter(|r| r.first_slot != NIL) else {
            return Vec::new();
        };
        let first = root.first_slot as usize;
        let mut children: Vec<(usize, u32)> = (first..first + root.children as usize)
            .map(|s| (s, self.slots[s].node))
            .filter(|&(_, node)| node != NIL)
            .collect();
        children.sort_by_key(|&(_, node)| std::cmp::Reverse(node));
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
        for (slot, node) in self.root_children() {
            let n = &self.nodes[node as usize];
            if n.mover as usize == decision.player()
                && n.stats.visits > 0
                && legal.contains(&self.slots[slot].action)
            {
                if n.stats.visits > best {
                    best = n.stats.visits;
                    tied.clear();
                }
                if n.stats.visits == best {
                    tied.push(slot);
                }
            }
        }
        if let Some(&slot) = rng.choose(&tied) {
            return self.slots[slot].action.clone();
        }
        decision.action(rng.index(legal.len())).clone()
    }

    /// Nodes added in the last search, the root included.
    pub(super) fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// The root's children after the last search, newest first.
    pub(super) fn root_statistics(&self) -> Vec<ChildStats<A>> {
        let root_visits = self.nodes.first().map_or(0, |r| r.stats.visits);
        self.root_children()
            .into_iter()
            .map(|(slot, node)| {
                let n = &self.nodes[node as usize];
                ChildStats {
                    action: self.slots[slot].action.clone(),
                    visits: n.stats.visits,
                    available: root_visits - n.born,
                    mean_return: n.stats.mean_return(),
                }
            })
            .collect()
    }
}

/// The child with the highest UCB value among `children` (the first on ties), for a parent
/// visited `visits` times.
fn select<A>(children: &[Slot<A>], range: &Range, settings: &Settings, visits: u64) -> usize {
    let c_sqrt_log = settings.exploration * sqrt_ln(visits);
    let (low, scale) = (range.low, range.scale());
    // `best` starts at the first child, so even NaN values pick it, as the reference does.
    let mut best = 0;
    let mut best_value = f64::NEG_INFINITY;
    for (i, child) in children.iter().enumerate() {
        let value = ucb(&child.ucb, low, scale, c_sqrt_log);
        if value > best_value {
            best = i;
            best_value = value;
        }
    }
    best
}
