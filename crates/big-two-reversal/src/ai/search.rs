//! AI4: information-set Monte Carlo tree search over AI4's own decisions, on deals that explain
//! what the other seats did.
//!
//! Each decision first brings AI4's [`Beliefs`] up to date: a population of deals of the hidden
//! cards in which the other seats, played by AI3, would have made the moves they made. Each
//! iteration of the search then takes the next deal and walks a tree of AI4's decisions in it:
//! at AI4's turns it picks among a few candidate moves (AI3's favourites and pass) by UCB1, the
//! other seats answer with AI3's policy, and a decision where AI4 faces the same trick, rank
//! order and card counts after the same moves of its own is the same node whatever the deal
//! and whatever cards the others played to get there (AI4's moves there are the same, and
//! merging such decisions lets more deals share what is learnt about them). The first new move
//! of an iteration is played out to the end with AI3's policy for all four seats, and the
//! return is credited to every move of the walk.
//!
//! The deals differ far more in how well AI4 can do in them than the moves at the root differ,
//! so the root compares its moves on the same deals: it tries every move on every deal before
//! it tries any move twice on one, and ranks a move by its advantage, the mean over the deals of
//! its mean return there minus the average of all the moves' means there (see [`RootStats`]).
//! The move tried most at the root is played.

use std::collections::HashSet;

use cards_core::CardSet;
use game_core::{Agent, Decision, GameRng, Player};

use crate::action::Action;
use crate::ai::belief::Beliefs;
use crate::ai::heuristic::{ai3_choose, outclassed};
use crate::ai::scoring::score_hand;
use crate::moves;
use crate::rules::{PLAYERS, RankOrder};
use crate::state::{BigTwo, Core, Table};

/// The exploration constant of UCB1 (rewards are between 0 and 1).
const EXPLORATION: f64 = 0.7;

/// How much AI4 searches per decision. The budget counts playout steps (one seat's decision
/// inside the search), not time, so a seeded AI4 is deterministic; a decision runs iteration
/// after iteration until the steps run out (so late in the game, when games are short, it
/// runs more). The default keeps a decision within 50 ms of CPU time; the crate's `selfplay`
/// example prints the mean and the worst CPU time per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ai4Config {
    /// Playout steps per decision.
    pub steps: usize,
    /// Stop after this many iterations even if steps are left.
    pub max_iterations: usize,
    /// At most this many candidate moves at each of AI4's decisions: AI3's favourites, plus
    /// pass when it is legal.
    pub max_candidates: usize,
    /// How many deals of the hidden cards the beliefs keep.
    pub deals: usize,
    /// Metropolis moves per deal and decision that keep the deals in line with the moves seen.
    pub swaps: usize,
}

impl Default for Ai4Config {
    fn default() -> Self {
        Self {
            steps: 70_000,
            max_iterations: 4_000,
            max_candidates: 8,
            deals: 32,
            swaps: 80,
        }
    }
}

/// AI4: information-set MCTS on deals that explain the other seats' moves (see the module
/// docs).
#[derive(Clone, Debug)]
pub struct Ai4 {
    config: Ai4Config,
    rng: GameRng,
    scratch: Vec<Action>,
    beliefs: Beliefs,
}

impl Ai4 {
    /// AI4 with the default budget, seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self::with_config(Ai4Config::default(), seed)
    }

    /// AI4 with the given budget.
    pub fn with_config(config: Ai4Config, seed: u64) -> Self {
        Self {
            config,
            rng: GameRng::new(seed),
            scratch: Vec::with_capacity(64),
            beliefs: Beliefs::default(),
        }
    }

    /// The budget.
    pub fn config(&self) -> Ai4Config {
        self.config
    }
}

/// AI3's choice for `player`, the seat to move in `core`.
fn ai3_move(core: &Core, player: Player, scratch: &mut Vec<Action>) -> Action {
    // AI3's choice among these is its choice among all legal actions.
    moves::choices_into(&core.situation(player), scratch);
    match scratch.as_slice() {
        [only] => *only,
        choices => {
            let hand = core.hands[player];
            let unseen = CardSet::ALL - hand - core.table.played();
            ai3_choose(hand, unseen, core.table.order(), choices)
        }
    }
}

/// Plays `core` to the end with AI3's policy for every seat and adds the steps played to
/// `steps`.
fn play_out(mut core: Core, scratch: &mut Vec<Action>, steps: &mut usize) -> Core {
    while let Some(player) = core.table.to_move() {
        *steps += 1;
        let action = ai3_move(&core, player, scratch);
        core.apply_checked(player, &action);
    }
    core
}

/// The moves worth searching: distinct in effect (a play with the black joker and the same play
/// with the red one are the same move for the game's future), AI3's favourites first. A play
/// where a joker stands for a card the hand holds and keeps is left out: playing the card and
/// keeping the joker (which can do all the card can) is listed too.
fn candidates(
    hand: CardSet,
    unseen: CardSet,
    order: RankOrder,
    legal: &[Action],
    max: usize,
) -> Vec<Action> {
    let mut seen = HashSet::new();
    let mut ranked: Vec<(u32, f64, usize, Action)> = Vec::with_capacity(legal.len());
    let mut pass = None;
    for (i, action) in legal.iter().enumerate() {
        match action {
            Action::Pass => pass = Some(*action),
            Action::Play(play) if !outclassed(play, hand) => {
                let cards = play.cards();
                let effect = (
                    play.meaning(),
                    cards - CardSet::JOKERS,
                    cards.jokers().len(),
                );
                if !seen.insert(effect) {
                    continue;
                }
                let after = if play.reverses() {
                    order.flipped()
                } else {
                    order
                };
                let s = score_hand(hand - cards, unseen, after);
                ranked.push((s.weak_cards, s.total, i, *action));
            }
            Action::Play(_) => {}
        }
    }
    ranked.sort_by(|a, b| {
        (a.0, a.1, a.2)
            .partial_cmp(&(b.0, b.1, b.2))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let keep = if pass.is_some() {
        max.saturating_sub(1).max(1)
    } else {
        max.max(1)
    };
    let mut out: Vec<Action> = ranked.into_iter().take(keep).map(|r| r.3).collect();
    out.extend(pass);
    out
}

/// The root's returns per move and deal, for comparing the moves on the same deals.
#[derive(Clone, Debug)]
struct RootStats {
    deals: usize,
    /// Per move and deal (index `move * deals + deal`): iterations and summed rewards.
    tries: Vec<u32>,
    rewards: Vec<f64>,
}

impl RootStats {
    fn new(moves: usize, deals: usize) -> RootStats {
        let deals = deals.max(1);
        RootStats {
            deals,
            tries: vec![0; moves * deals],
            rewards: vec![0.0; moves * deals],
        }
    }

    fn moves(&self) -> usize {
        self.tries.len() / self.deals
    }

    fn record(&mut self, i: usize, deal: usize, reward: f64) {
        let k = i * self.deals + deal % self.deals;
        self.tries[k] += 1;
        self.rewards[k] += reward;
    }

    /// Per move, its advantage: over the deals where it and another move were tried, the mean
    /// of its mean reward on the deal minus the average of the tried moves' means there.
    fn advantages(&self) -> Vec<f64> {
        let moves = self.moves();
        let mut sum = vec![0.0; moves];
        let mut count = vec![0u32; moves];
        let mut means = vec![None; moves];
        for d in 0..self.deals {
            for (i, mean) in means.iter_mut().enumerate() {
                let k = i * self.deals + d;
                *mean = (self.tries[k] > 0).then(|| self.rewards[k] / f64::from(self.tries[k]));
            }
            let tried = means.iter().flatten().count();
            if tried < 2 {
                continue;
            }
            let base = means.iter().flatten().sum::<f64>() / tried as f64;
            for i in 0..moves {
                if let Some(m) = means[i] {
                    sum[i] += m - base;
                    count[i] += 1;
                }
            }
        }
        sum.iter()
            .zip(&count)
            .map(|(&s, &c)| if c > 0 { s / f64::from(c) } else { 0.0 })
            .collect()
    }

    /// The root's move for an iteration on `deal`: the first not tried on it yet, else the
    /// best by UCB1 on the advantages.
    fn select(&self, root: &Node, deal: usize) -> usize {
        let deal = deal % self.deals;
        let moves = self.moves();
        if let Some(i) = (0..moves).find(|&i| self.tries[i * self.deals + deal] == 0) {
            return i;
        }
        ucb1_best(
            root.visits,
            self.advantages()
                .into_iter()
                .zip(root.tries.iter().copied()),
        )
    }
}

/// The arm with the best UCB1 score, the first on ties, given the parent's `visits` and each
/// arm's value and tries.
fn ucb1_best(visits: u32, arms: impl Iterator<Item = (f64, u32)>) -> usize {
    let log = f64::from(visits.max(1)).ln();
    let mut best = (f64::NEG_INFINITY, 0);
    for (i, (value, tries)) in arms.enumerate() {
        let ucb = value + EXPLORATION * (log / f64::from(tries.max(1))).sqrt();
        if ucb > best.0 {
            best = (ucb, i);
        }
    }
    best.1
}

/// One of AI4's decisions in the tree: its candidate moves, and for each how often it was
/// tried, the rewards it earned, and the decisions reached after it (by [`situation_key`]).
#[derive(Clone, Debug)]
struct Node {
    moves: Vec<Action>,
    tries: Vec<u32>,
    rewards: Vec<f64>,
    children: Vec<Vec<(u64, usize)>>,
    visits: u32,
}

impl Node {
    fn new(moves: Vec<Action>) -> Node {
        let n = moves.len();
        Node {
            moves,
            tries: vec![0; n],
            rewards: vec![0.0; n],
            children: vec![Vec::new(); n],
            visits: 0,
        }
    }

    /// The first move not tried yet, else the one with the best UCB1 score.
    fn select(&self) -> usize {
        if let Some(i) = self.tries.iter().position(|&t| t == 0) {
            return i;
        }
        let means = self.tries.iter().zip(&self.rewards);
        ucb1_best(self.visits, means.map(|(&t, &r)| (r / f64::from(t), t)))
    }
}

/// Mixes a number into a key.
fn fold(key: u64, value: u64) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    (key ^ value).wrapping_mul(K).rotate_left(29)
}

/// The key of the decision AI4 faces on `table` among those reached by the same moves of its
/// own: the trick to beat and who played it, the rank order and every seat's card count.
fn situation_key(table: &Table) -> u64 {
    let mut key = match table.trick() {
        None => 0,
        Some(trick) => {
            let play = trick.play;
            let key = fold(trick.player as u64 + 1, play.cards().bits());
            fold(key, play.meaning().bits())
        }
    };
    for seat in 0..PLAYERS {
        key = fold(key, table.count(seat) as u64);
    }
    fold(key, table.order().index() as u64)
}

/// The return of a finished game for `me`, scaled to lie between 0 and 1.
fn reward(core: &Core, me: Player) -> f64 {
    (core.returns(me) + 3.0) / 6.0
}

impl Agent<BigTwo> for Ai4 {
    fn name(&self) -> &str {
        "ai4"
    }

    fn choose(&mut self, decision: &Decision<'_, BigTwo>) -> Action {
        let observation = decision.observation();
        let me = decision.player();
        let table = observation.table();
        let root_moves = candidates(
            observation.hand(),
            observation.unseen(),
            table.order(),
            decision.legal(),
            self.config.max_candidates,
        );
        if root_moves.len() <= 1 {
            return root_moves.first().copied().unwrap_or(*decision.action(0));
        }
        let Ai4Config {
            steps: budget,
            max_iterations,
            max_candidates,
            deals,
            swaps,
        } = self.config;
        self.beliefs
            .update(observation, me, deals, swaps, &mut self.rng);
        let mut root_stats = RootStats::new(root_moves.len(), deals);
        let mut nodes = vec![Node::new(root_moves)];
        let mut steps = 0;
        let mut iterations = 0;
        while iterations < max_iterations.max(1) && (iterations == 0 || steps < budget) {
            let deal = iterations;
            let Some(hands) = self.beliefs.hands(deal) else {
                break;
            };
            iterations += 1;
            let mut core = Core {
                hands,
                table: *table,
            };
            let mut path: Vec<(usize, usize)> = Vec::new();
            let mut node = 0;
            let value = loop {
                let i = if node == 0 {
                    root_stats.select(&nodes[0], deal)
                } else {
                    nodes[node].select()
                };
                let action = nodes[node].moves[i];
                // Only an action this seat may take now is played: a decision for a seat that
                // is not to move (or does not exist) must not reach `apply_checked`.
                if core.validate(&action) != Ok(me) {
                    break None;
                }
                path.push((node, i));
                let fresh = nodes[node].tries[i] == 0;
                core.apply_checked(me, &action);
                if fresh {
                    let end = play_out(core, &mut self.scratch, &mut steps);
                    break Some(reward(&end, me));
                }
                // The other seats answer until AI4 moves again or the game ends.
                while let Some(p) = core.table.to_move()
                    && p != me
                {
                    steps += 1;
                    let a = ai3_move(&core, p, &mut self.scratch);
                    core.apply_checked(p, &a);
                }
                if core.table.to_move().is_none() {
                    break Some(reward(&core, me));
                }
                let key = situation_key(&core.table);
                let found = nodes[node].children[i]
                    .iter()
                    .find(|&&(k, _)| k == key)
                    .map(|&(_, child)| child);
                node = match found {
                    Some(child) => child,
                    None => {
                        core.legal_into(&mut self.scratch);
                        let hand = core.hands[me];
                        let unseen = CardSet::ALL - hand - core.table.played();
                        let moves = candidates(
                            hand,
                            unseen,
                            core.table.order(),
                            &self.scratch,
                            max_candidates,
                        );
                        nodes.push(Node::new(moves));
                        let child = nodes.len() - 1;
                        nodes[node].children[i].push((key, child));
                        child
                    }
                };
            };
            // A node's move that does not fit the deal (which only a clash of keys could cause)
            // ends the iteration without a return.
            let Some(value) = value else { continue };
            if let Some(&(_, i)) = path.first() {
                root_stats.record(i, deal, value);
            }
            for (n, i) in path {
                let node = &mut nodes[n];
                node.visits += 1;
                node.tries[i] += 1;
                node.rewards[i] += value;
            }
        }
        let root = &nodes[0];
        let mut best = 0;
        for i in 1..root.moves.len() {
            if (root.tries[i], root.rewards[i]) > (root.tries[best], root.rewards[best]) {
                best = i;
            }
        }
        root.moves[best]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move that does better by the same margin on every deal has the same advantage however
    /// unevenly the moves were tried on easy and hard deals.
    #[test]
    fn advantages_compare_the_moves_on_the_same_deals() {
        let difficulty = [0.1, 0.9, 0.5];
        let mut stats = RootStats::new(2, 3);
        // Move 0 tried mostly on the easy deal, move 1 (better by 0.1) mostly on the hard one.
        for (i, deal, times) in [(0, 1, 9), (0, 0, 1), (0, 2, 1), (1, 0, 9), (1, 1, 1)] {
            for _ in 0..times {
                stats.record(i, deal, difficulty[deal] + 0.1 * i as f64);
            }
        }
        let adv = stats.advantages();
        assert!((adv[1] - adv[0] - 0.1).abs() < 1e-12, "{adv:?}");
        // Raw means would have ranked them the other way.
        let mean = |i: usize| {
            let (n, r) = (0..3).fold((0, 0.0), |(n, r), d| {
                (n + stats.tries[i * 3 + d], r + stats.rewards[i * 3 + d])
            });
            r / f64::from(n)
        };
        assert!(mean(0) > mean(1));
    }

    /// Every move is tried on a deal before any move is tried twice on it.
    #[test]
    fn the_root_tries_every_move_on_each_deal_first() {
        let node = Node::new(vec![Action::Pass; 3]);
        let mut stats = RootStats::new(3, 2);
        stats.record(0, 1, 1.0);
        stats.record(2, 1, 0.0);
        assert_eq!(stats.select(&node, 1), 1);
        assert_eq!(stats.select(&node, 0), 0);
        assert_eq!(stats.select(&node, 3), 1);
    }
}
