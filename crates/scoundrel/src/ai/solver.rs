//! `solver`: the exact best play of one deal when the Dungeon's order is known.

use std::hash::{Hash, Hasher};

use cards_core::Card;
use game_core::{Agent, Decision, FxHashMap};

use crate::dungeon::Dungeon;
use crate::rules::{DUNGEON_SIZE, MAX_HEALTH, MONSTERS, POTIONS, WEAPONS, WeaponRule, value};
use crate::{Action, Config, Observation, Scoundrel, Table};

/// What the solver proves about a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Whether some line of play survives the whole Dungeon.
    pub winnable: bool,
    /// The best final score any line of play reaches (positive exactly when winnable).
    pub best_score: i32,
    /// One line of play that reaches it, from the given state to the end.
    pub line: Vec<Action>,
    /// Positions searched (distinct positions whose value was computed).
    pub positions: usize,
}

/// An exact solver of one deal whose Dungeon order is known: a depth-first search over every
/// move, with a transposition table and bounds.
///
/// - **Memoisation:** a position's value is stored under a compact key: the Dungeon and the Room
///   by kind and value (two cards of the same kind and value are interchangeable), health, the
///   weapon's value and limit, and the turn's bookkeeping. Only exact values are stored.
/// - **Bounds:** no line can end above `min(20, health + potions left) + the best potion left`;
///   a move whose child cannot beat the best move found so far at the same position is skipped,
///   and the search of a position stops as soon as it reaches that bound.
/// - **Dominance:** under the default rule, fighting a monster of exactly the weapon's last kill
///   with the weapon is never worse than barehanded, so the barehanded move is not searched.
///
/// The memo can be kept between calls for the same deal (the agent does); clear it between deals
/// to bound memory.
#[derive(Debug, Default)]
pub struct Solver {
    memo: FxHashMap<Key, Bounds>,
}

impl Solver {
    /// A solver with an empty memo.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        self.memo.clear();
    }

    /// Number of stored positions.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The best final score reachable from `state` (its score when it is over).
    pub fn best_score(&mut self, state: &Scoundrel) -> i32 {
        self.value(&Position::of(state))
    }

    /// Whether some line from `state` scores at least `target`.
    pub fn reaches(&mut self, state: &Scoundrel, target: i32) -> bool {
        self.test(&Position::of(state), target)
    }

    /// The best move from `state` and the score it leads to, or `None` when the game is over.
    /// Ties go to the first legal move in [`Game::legal_actions`](game_core::Game::legal_actions) order.
    pub fn best_action(&mut self, state: &Scoundrel) -> Option<(Action, i32)> {
        self.best_move(&Position::of(state))
    }

    /// Solves `state` completely: the best score, whether the deal can be won, and one line that
    /// reaches the best score.
    pub fn solve(&mut self, state: &Scoundrel) -> Solution {
        let mut s = Position::of(state);
        let best_score = self.value(&s);
        let mut line = Vec::new();
        while let Some((action, _)) = self.best_move(&s) {
            s.apply(action);
            line.push(action);
        }
        Solution {
            winnable: best_score > 0,
            best_score,
            line,
            positions: self.memo.len(),
        }
    }

    /// [`Solver::best_action`] on the position alone.
    fn best_move(&mut self, s: &Position) -> Option<(Action, i32)> {
        if s.table.is_over() {
            return None;
        }
        let best = self.value(s);
        let mut legal = Vec::new();
        s.table.legal_actions_into(&mut legal);
        for &action in &legal {
            let mut child = *s;
            child.apply(action);
            if self.test(&child, best) {
                return Some((action, best));
            }
        }
        legal.first().map(|&a| (a, best))
    }

    /// The exact value, by bisection on [`Solver::test`]: first whether the deal can be won at
    /// all (a search that stops at the first survival and cuts everything that cannot survive),
    /// then the best score among wins, or among deaths for a lost deal.
    fn value(&mut self, s: &Position) -> i32 {
        if let Some(score) = s.score() {
            return score;
        }
        let (mut lo, mut hi) = if self.test(s, 1) {
            // Most deals that can be won reach the bound itself: try it first.
            let ceiling = upper_bound(s);
            if self.test(s, ceiling) {
                return ceiling;
            }
            (1, ceiling - 1)
        } else {
            (MIN_SCORE, 0)
        };
        // Invariant: the value is in lo..=hi and reaches lo (MIN_SCORE is always reached).
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2;
            if self.test(s, mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// Whether some line from `s` scores at least `target`: a depth-first search that stops at
    /// the first such line, cuts every position whose bound is below `target`, and remembers
    /// what it learnt as bounds on the position's value.
    fn test(&mut self, s: &Position, target: i32) -> bool {
        match s.score() {
            Some(score) => score >= target,
            None => self.test_bounded(s, target, upper_bound(s)),
        }
    }

    /// [`Solver::test`] of a position that is not over and whose [`upper_bound`] is `ceiling`.
    fn test_bounded(&mut self, s: &Position, target: i32, ceiling: i32) -> bool {
        if ceiling < target {
            return false;
        }
        let key = Key::of(s, target);
        let health = s.table.health() as i8;
        let known = self.memo.get(&key).copied().unwrap_or(Bounds {
            fails_up_to: i8::MIN,
            reaches_from: i8::MAX,
        });
        if health >= known.reaches_from {
            return true;
        }
        if health <= known.fails_up_to {
            return false;
        }
        let mut actions = [Action::Avoid; 9];
        let n = candidates(s, &mut actions);
        let mut children = [*s; 9];
        // (bound, tie-break, index): the most promising child first.
        let mut order = [(0i32, 0i32, 0usize); 9];
        let mut m = 0;
        let mut found = false;
        for (i, &action) in actions[..n].iter().enumerate() {
            let child = &mut children[i];
            child.apply(action);
            let bound = match child.score() {
                Some(score) if score >= target => {
                    found = true;
                    break;
                }
                Some(_) => continue,
                None => upper_bound(child),
            };
            if bound >= target {
                let t = &child.table;
                let promise = t.health() + t.weapon().map_or(0, |w| w.value());
                order[m] = (bound, promise, i);
                m += 1;
            }
        }
        if !found {
            let order = &mut order[..m];
            order.sort_unstable_by(|a, b| (b.0, b.1, a.2).cmp(&(a.0, a.1, b.2)));
            for &(bound, _, i) in order.iter() {
                if self.test_bounded(&children[i], target, bound) {
                    found = true;
                    break;
                }
            }
        }
        let entry = self.memo.entry(key).or_insert(known);
        if found {
            entry.reaches_from = entry.reaches_from.min(health);
        } else {
            entry.fails_up_to = entry.fails_up_to.max(health);
        }
        found
    }
}

/// What the search works on: a game's table and Dungeon order without the player's record of
/// the game, which the value of a position does not depend on. A third of a [`Scoundrel`]'s
/// size, and the search copies a position for every move it tries; its moves are the game's own
/// ([`Table::play`]), and the tests hold its values to a brute-force search through the game.
#[derive(Clone, Copy, Debug)]
struct Position {
    table: Table,
    dungeon: Dungeon,
}

impl Position {
    fn of(state: &Scoundrel) -> Position {
        Position {
            table: *state.table(),
            dungeon: *state.dungeon(),
        }
    }

    /// Makes a legal move ([`Scoundrel::apply_unchecked`] without the record).
    #[inline]
    fn apply(&mut self, action: Action) {
        self.table.play(&mut self.dungeon, action);
    }

    /// [`Scoundrel::score`].
    fn score(&self) -> Option<i32> {
        self.table
            .is_over()
            .then(|| self.table.final_score(self.dungeon.cards()))
    }
}

/// Below any score (health at least −13 minus every monster).
const MIN_SCORE: i32 = -300;

/// What is known of a position (without its health) against one target: more health is never
/// worse (the same line from more health keeps at least as much health at every step, and a
/// later death leaves fewer monsters unfaced), so one entry serves every health.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bounds {
    /// With this much health or less, the target is out of reach.
    fails_up_to: i8,
    /// With this much health or more, the target is reached.
    reaches_from: i8,
}

/// Solves `state` exactly with a fresh solver, the Dungeon's order included: the clairvoyant
/// answer (the game as if it were played with the Dungeon face up), not a fair player's.
///
/// ```
/// use scoundrel::prelude::*;
/// use scoundrel::solve;
///
/// // Late in a deal, so that the example is quick in a debug build.
/// let mut game = Scoundrel::new(Config::default(), 2)?;
/// let mut greedy = GreedyAgent::new(0);
/// while game.dungeon().len() > 16 && !game.is_over() {
///     let action = greedy.action(&game.observation(0));
///     game.apply(&action)?;
/// }
/// let solution = solve(&game);
/// // The line it returns reaches the best score it promises.
/// let mut line = game;
/// for action in &solution.line {
///     line.apply(action)?;
/// }
/// assert_eq!(line.score(), Some(solution.best_score));
/// # Ok::<(), Error>(())
/// ```
pub fn solve(state: &Scoundrel) -> Solution {
    Solver::new().solve(state)
}

/// The moves worth searching, most promising first: weapon fights, then the other faces, then
/// avoiding; dominated barehanded fights left out.
fn candidates(s: &Position, out: &mut [Action; 9]) -> usize {
    let t = &s.table;
    let mut n = 0;
    let rule = t.config().weapon_rule;
    let weapon = t.weapon().copied();
    for card in t.room().iter().flatten() {
        if MONSTERS.contains(*card) && t.weapon_usable_on(*card) {
            out[n] = Action::FaceWithWeapon(*card);
            n += 1;
        }
    }
    for card in t.room().iter().flatten() {
        let dominated = MONSTERS.contains(*card)
            && rule == WeaponRule::AtMost
            && weapon.is_some_and(|w| w.last_kill().is_some_and(|l| value(l) == value(*card)));
        if !dominated {
            out[n] = Action::Face(*card);
            n += 1;
        }
    }
    if t.can_avoid() {
        out[n] = Action::Avoid;
        n += 1;
    }
    n
}

/// No line from `s` ends above this. Every monster left deals at least its value minus the best
/// weapon that could meet it (one still to come, or the equipped one if it is within its limit), and health never exceeds 20 nor what the potions left can bring: a
/// survivor ends at most at `min(20, health + potions − that damage)` (plus the best potion as the
/// last card), and a death scores at most `health + potions − that damage` (and at most 0).
fn upper_bound(s: &Position) -> i32 {
    let t = &s.table;
    let left = s.dungeon.cards() | t.room_cards();
    let potions = left & POTIONS;
    let heal: i32 = potions.iter().map(|c| i32::from(code(c)) - 32).sum();
    // The weapons still to come, and the equipped one (only up to its limit).
    let coming = (left & WEAPONS).last().map_or(0, value);
    let (held, limit) = t
        .weapon()
        .map_or((0, 0), |w| (w.value(), w.limit(t.config().weapon_rule)));
    // Monsters above the weapon that could meet them, by rank (A is rank 1 but worth 14).
    let monsters = (left & MONSTERS).bits();
    let mut damage = 0;
    for v in (coming.min(held) + 1).max(2)..=14 {
        let weapon = if v <= limit { held.max(coming) } else { coming };
        if v > weapon {
            let rank = if v == 14 { 1 } else { v };
            let count = (monsters >> ((rank - 1) * 4) & 0xF).count_ones() as i32;
            damage += count * (v - weapon);
        }
    }
    let reach = t.health() + heal - damage;
    if reach <= 0 {
        return reach;
    }
    let alive = reach.min(MAX_HEALTH);
    match potions.last() {
        Some(p) if alive == MAX_HEALTH => MAX_HEALTH + value(p),
        _ => alive,
    }
}

/// Kind and value of each card index, in one byte: monsters 2–14, weapons 18–26, potions 34–42.
const CODES: [u8; 54] = codes();

/// [`CODES`] of `card` (0 for a joker).
fn code(card: Card) -> u8 {
    CODES.get(usize::from(card.index())).copied().unwrap_or(0)
}

const fn codes() -> [u8; 54] {
    let mut out = [0u8; 54];
    let mut i = 0;
    while i < 52 {
        let rank = (i / 4 + 1) as u8;
        let v = if rank == 1 { 14 } else { rank };
        out[i] = match i % 4 {
            0 | 3 => v,
            1 if v <= 10 => 16 + v,
            2 if v <= 10 => 32 + v,
            _ => 0,
        };
        i += 1;
    }
    out
}

/// A position without its health, and a target, compactly: the Dungeon's codes top first (44
/// bytes), then the Room's four slots, the weapon's value and limit, the Dungeon's length, the
/// turn's flags and the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key([u64; 7]);

impl Key {
    fn of(s: &Position, target: i32) -> Key {
        let t = &s.table;
        let mut bytes = [0u8; 56];
        for (b, card) in bytes[..DUNGEON_SIZE].iter_mut().zip(s.dungeon.iter()) {
            *b = code(card);
        }
        for (b, slot) in bytes[DUNGEON_SIZE..DUNGEON_SIZE + 4]
            .iter_mut()
            .zip(t.room())
        {
            *b = slot.map_or(0xFF, code);
        }
        let rule = t.config().weapon_rule;
        if let Some(w) = t.weapon() {
            bytes[49] = w.value() as u8;
            bytes[50] = w.limit(rule) as u8;
        }
        bytes[51] = s.dungeon.len() as u8;
        bytes[52] = t.faced_this_room();
        bytes[53] = u8::from(t.potion_used())
            | u8::from(t.avoided_last()) << 1
            | u8::from(rule == WeaponRule::Below) << 2;
        bytes[54..56].copy_from_slice(&(target.clamp(-30_000, 30_000) as i16).to_le_bytes());
        let mut words = [0u64; 7];
        for (w, chunk) in words.iter_mut().zip(bytes.chunks_exact(8)) {
            let mut b = [0u8; 8];
            b.copy_from_slice(chunk);
            *w = u64::from_le_bytes(b);
        }
        Key(words)
    }
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for w in self.0 {
            state.write_u64(w);
        }
    }
}

/// The clairvoyant player: told the deal when it is made, it plays the solver's best move.
///
/// **It is not a fair player**, and says so where it is built: [`SolverAgent::for_deal`] takes
/// the deal itself, Dungeon order and all, and [`SolverAgent::new`] deals the game of its seed
/// itself. At each decision it puts the state back together from the
/// observation and that order (the cards still in the Dungeon whose place the player does not
/// know lie in the order they were dealt, above the known bottom), so it must be used on the
/// game it was given. It is not in the arena's roster, which builds agents without a deal.
///
/// It keeps its memo between the moves, so after the first move the rest are fast.
#[derive(Debug)]
pub struct SolverAgent {
    solver: Solver,
    /// The deal's cards top first, the first Room's included.
    order: Vec<Card>,
}

impl SolverAgent {
    /// The clairvoyant player of the game that `Scoundrel::new(Config::default(), seed)` deals:
    /// like every agent it is built from a seed, but here the seed is the deal it sees through.
    ///
    /// ```
    /// use scoundrel::{SolverAgent, prelude::*};
    ///
    /// let played = play::<Scoundrel, _>(Config::default(), 3, &mut [SolverAgent::new(3)])?;
    /// assert_eq!(played.state().turn(), Turn::Over);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(seed: u64) -> Self {
        Self::for_deal(&Scoundrel::start(
            Config::default(),
            Scoundrel::dungeon_of_seed(seed),
        ))
    }

    /// The clairvoyant player of the game `deal` (a game at its start, or any later state), under
    /// any configuration.
    pub fn for_deal(deal: &Scoundrel) -> Self {
        let t = deal.table();
        SolverAgent {
            solver: Solver::new(),
            order: t
                .room()
                .into_iter()
                .flatten()
                .chain(deal.dungeon().iter())
                .collect(),
        }
    }

    /// The state the player of the deal is in when it sees `observation`.
    fn state_at(&self, observation: &Observation) -> Scoundrel {
        let unseen = observation.unseen();
        let dealt_order = self.order.iter().copied().filter(|&c| unseen.contains(c));
        // Cards not in the deal (an observation of another game) go last, in index order.
        let strays = (unseen - self.order.iter().copied().collect()).iter();
        let order = dealt_order
            .chain(strays)
            .chain(observation.known_bottom().iter());
        let dungeon = Dungeon::from_cards(order).unwrap_or(Dungeon::empty());
        Scoundrel::with_dungeon(observation, dungeon)
    }
}

impl Default for SolverAgent {
    /// The clairvoyant player of the game of seed 0.
    fn default() -> Self {
        Self::new(0)
    }
}

impl Agent<Scoundrel> for SolverAgent {
    fn name(&self) -> &str {
        "solver"
    }

    fn choose(&mut self, decision: &Decision<'_, Scoundrel>) -> Action {
        let state = self.state_at(decision.observation());
        if self.solver.positions() > 4_000_000 {
            self.solver.clear();
        }
        match self.solver.best_action(&state) {
            Some((action, _)) if decision.legal().contains(&action) => action,
            _ => *decision.action(0),
        }
    }
}
