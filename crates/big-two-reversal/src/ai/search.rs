//! AI4: information-set Monte Carlo tree search on deals that explain what the other seats did.
//!
//! - **Worlds:** AI4's beliefs ([`Beliefs`]), a population of deals of the hidden cards in
//!   which the other seats, played by AI3, would have made the moves they made, brought up to
//!   date at each decision. A world is a deal's hands now with the public table: the rules
//!   engine without history ([`Core`], a copy of a few words), so no move is replayed to build
//!   it and none is recorded while playing in it. The iterations go round the deals.
//! - **Tree:** AI3 plays the other seats inside the tree and every seat in the rollouts, so the
//!   tree holds AI4's own decisions only. At each of them it considers a few candidate moves
//!   (AI3's favourites and pass), tried best first, and a decision where AI4 faces the same
//!   trick, rank order and card counts after the same moves of its own is the same node whatever
//!   the deal and whatever cards the others played to get there (merging such decisions lets more
//!   deals share what is learnt about them). A node ranks its children by UCB, the exploration
//!   term counting how often a child was a candidate (its availability).
//! - **Playouts** end as soon as AI4 is out (how the others finish does not change its place),
//!   and score its place by what AI4 plays for, first place far above the others
//!   ([`PLACE_VALUES`]).
//! - **Root:** the deals differ far more in how well AI4 can do in them than the moves at the
//!   root differ, so the root compares its moves on the same deals: every move is tried on a
//!   deal before any twice there, and ranked by UCB over its *advantage*, the mean over the deals
//!   of its mean return there minus the average of all the moves' means there. It plays the move
//!   tried most, and stops once no other can overtake it in the iterations the steps left allow
//!   at the rate they have gone. It weighs more candidates than the decisions in the tree, as a
//!   move left out there can never be played.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use cards_core::CardSet;
use game_core::{Agent, Decision, FxHashMap, FxHasher, GameRng, Player};

use crate::action::Action;
use crate::ai::belief::Beliefs;
use crate::ai::heuristic::{Ai3Memo, Position, order_after, outclassed};
use crate::ai::scoring::score_hand;
use crate::rules::{Config, PLAYERS, RankOrder};
use crate::state::{BigTwo, Core, Observation, Table};

/// How much AI4 searches per decision. The budget counts playout steps (one seat's decision
/// inside the search), not time, so a seeded AI4 is deterministic; a decision runs iteration
/// after iteration until the steps run out (so late in the game, when games are short, it runs
/// more) or its move is settled (see the module docs). The default keeps the mean decision
/// within 50 ms of CPU time (30–34 ms over whole games on a 2-core development machine;
/// early decisions, with the longest playouts, take more); the crate's `selfplay` example
/// prints the mean and the worst CPU time per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ai4Config {
    /// Playout steps per decision, at most.
    pub steps: usize,
    /// Stop after this many iterations even if steps are left.
    pub max_iterations: usize,
    /// At most this many candidate moves at each of AI4's decisions in the tree: AI3's
    /// favourites, plus pass when it is legal.
    pub max_candidates: usize,
    /// The same for the decision being made, where a move left out can never be played: more
    /// than in the tree, where the search spreads thinner.
    pub root_candidates: usize,
    /// How many deals of the hidden cards the beliefs keep.
    pub deals: usize,
    /// Metropolis moves per deal and decision that keep the deals in line with the moves seen.
    pub swaps: usize,
}

impl Default for Ai4Config {
    fn default() -> Self {
        Self {
            steps: 500_000,
            max_iterations: 27_000,
            max_candidates: 8,
            root_candidates: 12,
            deals: 32,
            swaps: 80,
        }
    }
}

/// The exploration constant of UCB (returns normalised to lie between 0 and 1).
const EXPLORATION: f64 = 0.7;

/// What AI4 plays for, by place: first place far above the rest, and among the rest a better
/// place a little above a worse one. Searching for the game's own scores (+3, +1, −1, −3)
/// makes it play too safe: over 3,000 games against three AI3, at a small budget (35,000
/// steps), it finished first about 2 points less often (58.5% against 60.7%, and 59.1%
/// against 60.9% with the playouts that stop early) and scored no more on average.
const PLACE_VALUES: [f64; PLAYERS] = [3.0, 0.5, -0.5, -1.0];

/// AI4: information-set MCTS on deals that explain the other seats' moves (see the module
/// docs).
///
/// ```
/// use big_two_reversal::prelude::*;
/// use big_two_reversal::{Ai4, Ai4Config};
///
/// let game = BigTwo::new(Config::default(), 3)?;
/// let Turn::Player(seat) = game.turn() else { unreachable!() };
/// let (view, legal) = (game.observation(seat), game.legal_actions(seat));
/// let decision = Decision::new(seat, &view, &legal).unwrap();
/// // A small budget for the example; `Ai4::new` searches up to 500,000 playout steps.
/// let config = Ai4Config { steps: 2_000, ..Ai4Config::default() };
/// let action = Ai4::with_config(config, 1).choose(&decision);
/// assert!(legal.contains(&action));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Ai4 {
    config: Ai4Config,
    rng: GameRng,
    beliefs: Beliefs,
    search: Search,
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
            beliefs: Beliefs::default(),
            search: Search::default(),
        }
    }

    /// The budget.
    pub fn config(&self) -> Ai4Config {
        self.config
    }

    /// The beliefs brought up to `view`, the view of seat `me`, and their deals made worlds:
    /// each deal's hands now with the public table, no move replayed.
    fn worlds(&mut self, view: &Observation, me: Player) -> Vec<Core> {
        let (c, table) = (self.config, *view.table());
        self.beliefs
            .update(view, me, c.deals, c.swaps, &mut self.rng);
        self.beliefs
            .hands()
            .map(|hands| Core { hands, table })
            .collect()
    }
}

impl Default for Ai4 {
    fn default() -> Self {
        Self::new(0)
    }
}

impl Agent<BigTwo> for Ai4 {
    fn name(&self) -> &str {
        "ai4"
    }

    fn choose(&mut self, decision: &Decision<'_, BigTwo>) -> Action {
        let (view, me, legal) = (decision.observation(), decision.player(), decision.legal());
        if legal.len() == 1 {
            return legal[0];
        }
        let c = self.config;
        let worlds = self.worlds(view, me);
        let table = *view.table();
        // The root's moves: the offered ones the seat can make (the same in every world, as the
        // seat knows its hand and the table), narrowed to the candidates.
        let mut moves: Vec<Action> = match worlds.first() {
            Some(w) if table.to_move() == Some(me) => legal
                .iter()
                .filter(|a| w.validate(view.config(), a).is_ok())
                .copied()
                .collect(),
            _ => Vec::new(),
        };
        let (hand, played, order) = (view.hand(), table.played(), table.order());
        moves = candidates(
            hand,
            played,
            order,
            view.config(),
            &moves,
            c.root_candidates,
        );
        match moves.as_slice() {
            [] => *decision.action(self.rng.index(legal.len())),
            [only] => *only,
            _ => {
                let ai3 = self.beliefs.ai3();
                self.search
                    .run(view.config(), me, &worlds, moves, &c, ai3, &mut self.rng)
            }
        }
    }
}

/// A node's running statistics: the visits, the total return and, in the tree, how often it
/// was a candidate (its availability).
#[derive(Clone, Copy, Debug, Default)]
struct Stats {
    visits: u32,
    total: f64,
    available: u32,
}

impl Stats {
    fn mean(&self) -> f64 {
        self.total / f64::from(self.visits.max(1))
    }

    fn add(&mut self, r: f64) {
        self.visits += 1;
        self.total += r;
    }
}

/// AI4's tree and its buffers, reused from one decision to the next.
#[derive(Clone, Debug, Default)]
struct Search {
    /// The tree's nodes: the root, then its moves (node `m + 1` is move `m`), then the rest.
    nodes: Vec<Stats>,
    /// The child reached from a node by a move in a situation.
    children: FxHashMap<(u32, u64, Action), u32>,
    /// Per root move and deal (`deals[m * n + d]`, `n` deals): its statistics there, and that
    /// deal's part of its advantage (`None` while fewer than two moves were tried there).
    deals: Vec<(Stats, Option<f64>)>,
    /// Per root move, the sum of its parts and how many there are.
    advantage: Vec<(f64, u32)>,
    /// The lowest and highest return seen (returns are normalised by their range).
    low: f64,
    high: f64,
    /// The candidates at AI4's decisions by position, worked out once per decision (the
    /// iterations on a deal go through the same positions again and again).
    candidates: FxHashMap<Position, Vec<Action>>,
    /// Spend the whole budget even once the move is settled: the reference for the tests.
    full: bool,
    path: Vec<u32>,
    legal: Vec<Action>,
    slots: Vec<(Action, Option<u32>)>,
}

impl Search {
    /// Searches `moves` (at least two) for seat `me`, going round `worlds`; the move tried most.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        config: &Config,
        me: Player,
        worlds: &[Core],
        moves: Vec<Action>,
        c: &Ai4Config,
        ai3: &mut Ai3Memo,
        rng: &mut GameRng,
    ) -> Action {
        let (n, key) = (worlds.len(), situation_key(&worlds[0].table, config));
        self.nodes.clear();
        self.nodes.push(Stats::default());
        self.children.clear();
        self.candidates.clear();
        for &action in &moves {
            self.child(0, key, action);
        }
        self.deals = vec![(Stats::default(), None); moves.len() * n];
        self.advantage = vec![(0.0, 0); moves.len()];
        (self.low, self.high) = (f64::INFINITY, f64::NEG_INFINITY);
        let mut steps = 0;
        let cap = c.max_iterations.max(1);
        for iteration in 0..cap {
            // Stop when the steps run out, or once the move tried most leads by more than the
            // iterations left at the rate the steps have gone: no other can overtake it.
            let left = c.steps.saturating_sub(steps).saturating_mul(iteration);
            let left = left.div_ceil(steps.max(1)).min(cap - iteration);
            if iteration > 0 && (steps >= c.steps || !self.full && self.lead(moves.len()) > left) {
                break;
            }
            let (deal, mut core) = (iteration % n, worlds[iteration % n]);
            let m = self.root_move(deal, moves.len(), iteration);
            core.apply_checked(config, me, &moves[m]);
            self.path.clear();
            self.path.push(m as u32 + 1);
            steps += self.descend(config, &mut core, me, m as u32 + 1, c.max_candidates, ai3);
            let r = playout_return(config, &core, me);
            (self.low, self.high) = (self.low.min(r), self.high.max(r));
            for &node in &self.path {
                self.nodes[node as usize].add(r);
            }
            self.deals[m * n + deal].0.add(r);
            self.update_advantages(deal, moves.len());
        }
        let best = self.nodes[1..=moves.len()].iter().map(|s| s.visits).max();
        let tied: Vec<Action> = (0..moves.len())
            .filter(|&m| Some(self.nodes[m + 1].visits) == best)
            .map(|m| moves[m])
            .collect();
        *rng.choose(&tied).unwrap_or(&moves[0])
    }

    /// How many more times the root move tried most was tried than the next.
    fn lead(&self, moves: usize) -> usize {
        let visits = self.nodes[1..=moves].iter().map(|n| n.visits as usize);
        let (first, second) = visits.fold((0, 0), |(f, s), v| (f.max(v), s.max(v.min(f))));
        first - second
    }

    /// The node reached from `node` by `action` in `situation`, added if new.
    fn child(&mut self, node: u32, situation: u64, action: Action) -> u32 {
        let next = self.nodes.len() as u32;
        let child = *self
            .children
            .entry((node, situation, action))
            .or_insert(next);
        if child == next {
            self.nodes.push(Stats::default());
        }
        child
    }

    /// The scale that maps returns to `[0, 1]` (0 before two different returns were seen).
    fn scale(&self) -> f64 {
        let range = self.high - self.low;
        if range > 0.0 { range.recip() } else { 0.0 }
    }

    /// The root's move on `deal` after `iterations`: the first not tried there yet, else the
    /// best by UCB on the advantages.
    fn root_move(&self, deal: usize, moves: usize, iterations: usize) -> usize {
        let n = self.deals.len() / moves;
        if let Some(m) = (0..moves).find(|&m| self.deals[m * n + deal].0.visits == 0) {
            return m;
        }
        let (scale, total) = (self.scale(), iterations.min(u32::MAX as usize) as u32);
        let value = |m: usize| {
            let (sum, count) = self.advantage[m];
            let advantage = sum / f64::from(count.max(1));
            advantage * scale + EXPLORATION * ucb_bonus(total, self.nodes[m + 1].visits)
        };
        let values: Vec<f64> = (0..moves).map(value).collect();
        (0..moves).fold(0, |best, m| if values[m] > values[best] { m } else { best })
    }

    /// Recomputes `deal`'s part of every root move's advantage: its mean there minus the
    /// average of the tried moves' means there.
    fn update_advantages(&mut self, deal: usize, moves: usize) {
        let n = self.deals.len() / moves;
        let tried = (0..moves).filter(|&m| self.deals[m * n + deal].0.visits > 0);
        let (count, sum) = tried.fold((0, 0.0), |(c, s), m| {
            (c + 1, s + self.deals[m * n + deal].0.mean())
        });
        for m in 0..moves {
            let (stats, part) = &mut self.deals[m * n + deal];
            let new =
                (count >= 2 && stats.visits > 0).then(|| stats.mean() - sum / f64::from(count));
            let a = &mut self.advantage[m];
            if let Some(old) = std::mem::replace(part, new) {
                *a = (a.0 - old, a.1 - 1);
            }
            if let Some(new) = new {
                *a = (a.0 + new, a.1 + 1);
            }
        }
    }

    /// Plays on from `node` until AI4's place is known (how the others finish after AI4 is out
    /// does not change its return): AI3 for the other seats; at AI4's decisions, down the tree
    /// by UCB until a candidate is tried for the first time, then AI3 for every seat. The nodes
    /// gone through are added to `path`; gives the steps AI3 played.
    fn descend(
        &mut self,
        config: &Config,
        core: &mut Core,
        me: Player,
        mut node: u32,
        max: usize,
        ai3: &mut Ai3Memo,
    ) -> usize {
        let mut steps = 0;
        let mut in_tree = true;
        while let Some(p) = core.table.to_move()
            && !core.hands[me].is_empty()
        {
            if p != me || !in_tree {
                let Some(action) = ai3.get(&core.situation(p, config), core.table.played()) else {
                    break;
                };
                core.apply_checked(config, p, &action);
                steps += 1;
                continue;
            }
            let (hand, played, legal) = (core.hands[me], core.table.played(), &mut self.legal);
            let position = Position::new(&core.situation(me, config), played);
            let moves = self.candidates.entry(position).or_insert_with(|| {
                core.legal_into(config, legal);
                candidates(hand, played, core.table.order(), config, legal, max)
            });
            if moves.is_empty() {
                break;
            }
            let key = situation_key(&core.table, config);
            self.slots.clear();
            for &a in moves.iter() {
                let child = self.children.get(&(node, key, a)).copied();
                if let Some(child) = child {
                    self.nodes[child as usize].available += 1;
                }
                self.slots.push((a, child));
            }
            let (action, child) = match self.slots.iter().find(|(_, c)| c.is_none()) {
                Some(&(action, _)) => {
                    in_tree = false;
                    let child = self.child(node, key, action);
                    self.nodes[child as usize].available = 1;
                    (action, child)
                }
                None => self.select(),
            };
            core.apply_checked(config, me, &action);
            self.path.push(child);
            node = child;
        }
        steps
    }

    /// The child in `slots` (all in the tree) with the highest UCB value, the first on ties.
    fn select(&self) -> (Action, u32) {
        let (low, scale) = (self.low, self.scale());
        let mut best = (f64::NEG_INFINITY, self.slots[0].0, 0);
        for &(action, child) in &self.slots {
            let Some(child) = child else { continue };
            let n = self.nodes[child as usize];
            let exploit = if scale > 0.0 {
                (n.mean() - low) * scale
            } else {
                0.5
            };
            let value = exploit + EXPLORATION * ucb_bonus(n.available, n.visits);
            if value > best.0 {
                best = (value, action, child);
            }
        }
        (best.1, best.2)
    }
}

/// UCB's exploration term without the constant: `sqrt(ln(n) / visits)` (infinite unvisited).
fn ucb_bonus(n: u32, visits: u32) -> f64 {
    if visits == 0 {
        return f64::INFINITY;
    }
    (f64::from(n.max(1)).ln() / f64::from(visits)).sqrt()
}

/// The moves worth searching: distinct in effect (a play with the black joker and the same play
/// with the red one are the same move for the game's future), AI3's favourites first. A play
/// where a joker stands for a card the hand holds and keeps is left out: playing the card and
/// keeping the joker (which can do all the card can) is listed too.
fn candidates(
    hand: CardSet,
    played: CardSet,
    order: RankOrder,
    config: &Config,
    legal: &[Action],
    max: usize,
) -> Vec<Action> {
    let unseen = config.deck() - hand - played;
    let mut seen = HashSet::with_hasher(BuildHasherDefault::<FxHasher>::default());
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
                let after = order_after(play, order, config);
                let s = score_hand(hand - cards, unseen, after, config);
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
    let keep = max.saturating_sub(usize::from(pass.is_some())).max(1);
    let mut out: Vec<Action> = ranked.into_iter().take(keep).map(|r| r.3).collect();
    out.extend(pass);
    out
}

/// Mixes a number into a key.
fn fold(key: u64, value: u64) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    (key ^ value).wrapping_mul(K).rotate_left(29)
}

/// What a playout that ended in `core` (or was cut short there) is worth to `me`, 0 while the
/// game goes on. Where every place is played out, its place's value ([`PLACE_VALUES`]). Where
/// the game ends at the first out, AI4 plays for first place the same way: going out first is
/// worth first place's value, and a loss between 0 and last place's value, by the share it pays
/// of what a full hand of 13 cards would. On `hong-kong`, over the same 1,000 games against
/// three AI3, searching for the game's own return instead (what the others' cards pay the
/// winner) went out first less often (46.7% against 53.8%) for a little more on average (+4.62
/// against +4.33); a loss worth 0 whatever it pays went out first as often (53.9%) but scored
/// less (+2.61).
fn playout_return(config: &Config, core: &Core, me: Player) -> f64 {
    if let Some(place) = core.table.place(me) {
        return PLACE_VALUES[place - 1];
    }
    if core.table.to_move().is_some() {
        return 0.0;
    }
    // The game ended at the first out, and it was another seat's.
    let paid = |cards: usize| f64::from(config.end.payment(cards as u8).unwrap_or(0));
    PLACE_VALUES[PLAYERS - 1] * paid(core.hands[me].len()) / paid(13).max(1.0)
}

/// The key of the decision AI4 faces on `table` among those reached by the same moves of its
/// own: the trick to beat and who played it, the rank order and every seat's card count, and
/// where a pass shuts a seat out of the trick, who is shut out.
fn situation_key(table: &Table, config: &Config) -> u64 {
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
    if config.pass_shuts_out {
        let passed = (0..PLAYERS).fold(0, |m, s| m | u64::from(table.has_passed(s)) << s);
        key = fold(key, passed);
    }
    fold(key, table.order().index() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use crate::ai::heuristic::ai3_move;
    use game_core::{Game, Turn};

    /// The game's rules engine.
    fn core_of(game: &BigTwo) -> Core {
        let hands = std::array::from_fn(|seat| game.hand(seat));
        Core {
            hands,
            table: *game.table(),
        }
    }

    /// AI3's move for seat `p`.
    fn ai3(game: &BigTwo, p: Player) -> Action {
        let situation = core_of(game).situation(p, game.config());
        ai3_move(&situation, game.table().played(), &mut Vec::new()).unwrap()
    }

    /// The candidates are distinct in effect, legal, at most the budget (pass included), and
    /// include pass when it is legal.
    #[test]
    fn candidates_are_a_few_distinct_legal_moves() {
        for seed in 0..20 {
            let mut game = BigTwo::new(Config::default(), seed).unwrap();
            while let Turn::Player(p) = game.turn() {
                let legal = game.legal_actions(p);
                let (hand, table) = (game.hand(p), game.table());
                let moves = candidates(
                    hand,
                    table.played(),
                    table.order(),
                    game.config(),
                    &legal,
                    4,
                );
                assert!(!moves.is_empty() && moves.len() <= 4);
                assert!(moves.iter().all(|m| legal.contains(m)));
                assert_eq!(moves.contains(&Action::Pass), legal.contains(&Action::Pass));
                game.apply(&ai3(&game, p)).unwrap();
            }
        }
    }

    /// The search stops once the move tried most can no longer be overtaken, and plays the
    /// move the whole budget plays; the test fails if it never stops early.
    #[test]
    fn stopping_early_plays_what_the_whole_budget_plays() {
        let config = Ai4Config {
            steps: 3_000,
            max_iterations: 300,
            deals: 8,
            swaps: 20,
            ..Ai4Config::default()
        };
        let mut early = 0;
        for seed in 0..2 {
            let mut game = BigTwo::new(Config::default(), seed).unwrap();
            let mut ai4 = [0, 1].map(|_| Ai4::with_config(config, seed));
            ai4[1].search.full = true;
            while let Turn::Player(p) = game.turn() {
                let (view, legal) = (game.observation(p), game.legal_actions(p));
                let decision = Decision::new(p, &view, &legal).unwrap();
                let [action, whole] = ai4.each_mut().map(|ai4| ai4.choose(&decision));
                assert_eq!(action, whole, "seed {seed}");
                let iterations =
                    |ai4: &Ai4| ai4.search.deals.iter().map(|d| d.0.visits).sum::<u32>();
                early += usize::from(iterations(&ai4[0]) < iterations(&ai4[1]));
                game.apply(&action).unwrap();
            }
        }
        assert!(early > 0);
    }

    /// Each world is what replaying the moves seen on the deal's hands gives (the plain way to
    /// build it): the hands now and the table the seat sees.
    #[test]
    fn every_world_is_the_game_the_moves_replay_to() {
        for seed in 0..6 {
            let mut game = BigTwo::new(Config::default(), seed).unwrap();
            let config = Ai4Config {
                deals: 6,
                swaps: 4,
                ..Ai4Config::default()
            };
            let mut ai4 = Ai4::with_config(config, seed);
            for _ in 0..(12 + 5 * seed) {
                let Turn::Player(seat) = game.turn() else {
                    break;
                };
                let view = game.observation(seat);
                let worlds = ai4.worlds(&view, seat);
                assert_eq!(worlds.len(), 6);
                for world in &worlds {
                    let mut dealt = world.hands;
                    for m in view.history() {
                        dealt[m.player] |= m.action.cards();
                    }
                    let replayed = BigTwo::from_deal(Config::default(), dealt, view.history());
                    assert_eq!(core_of(&replayed.unwrap()), *world);
                    assert_eq!(world.hands[seat], view.hand());
                }
                game.apply(&ai3(&game, seat)).unwrap();
            }
        }
    }

    /// On every standard rule set, the worlds are the games the moves replay to, the
    /// candidates are a few legal moves, and a playout that ends the game at the first out is
    /// worth first place's value to the winner and, to a loser, last place's value scaled by
    /// what it pays (a full hand of 13 pays the most).
    #[test]
    fn the_search_follows_every_rule_set() {
        use crate::rules::Preset;
        for preset in Preset::ALL.into_iter().skip(1) {
            let rules = Config::preset(preset);
            for seed in 0..3 {
                let mut game = BigTwo::new(rules.clone(), seed).unwrap();
                let config = Ai4Config {
                    deals: 4,
                    swaps: 4,
                    ..Ai4Config::default()
                };
                let mut ai4 = Ai4::with_config(config, seed);
                while let Turn::Player(seat) = game.turn() {
                    let view = game.observation(seat);
                    for world in ai4.worlds(&view, seat) {
                        let mut dealt = world.hands;
                        for m in view.history() {
                            dealt[m.player] |= m.action.cards();
                        }
                        let replayed = BigTwo::from_deal(rules.clone(), dealt, view.history());
                        assert_eq!(core_of(&replayed.unwrap()), world, "{preset}");
                    }
                    let legal = game.legal_actions(seat);
                    let table = game.table();
                    let (hand, played) = (game.hand(seat), table.played());
                    let moves = candidates(hand, played, table.order(), &rules, &legal, 6);
                    assert!(!moves.is_empty() && moves.len() <= 6, "{preset}");
                    assert!(moves.iter().all(|m| legal.contains(m)), "{preset}");
                    game.apply(&ai3(&game, seat)).unwrap();
                }
                let core = core_of(&game);
                let most = f64::from(rules.end.payment(13).unwrap());
                for seat in 0..PLAYERS {
                    let value = playout_return(&rules, &core, seat);
                    if game.returns(seat) > 0.0 {
                        assert_eq!(value, PLACE_VALUES[0], "{preset}");
                    } else {
                        let share = -game.returns(seat) / most;
                        assert_eq!(value, PLACE_VALUES[PLAYERS - 1] * share, "{preset}");
                    }
                }
            }
        }
    }
}
