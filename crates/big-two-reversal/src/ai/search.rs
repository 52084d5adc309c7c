//! AI4: game-core's search engine ([`Mcts`]) on deals that explain what the other seats did.
//!
//! The engine is configured with Big Two's parts:
//! - **Worlds:** AI4's beliefs ([`Beliefs`]), a population of deals of the hidden cards in
//!   which the other seats, played by AI3, would have made the moves they made, brought up to
//!   date at each decision; the iterations go round them.
//! - **Policy:** AI3 plays every seat in the rollouts and the other seats inside the tree
//!   ([`Opponents::Policy`]), so the tree holds AI4's own decisions only. At each of them the
//!   tree considers a few candidate moves (AI3's favourites and pass), tried best first
//!   ([`Expansion::InOrder`]), and a decision where AI4
//!   faces the same trick, rank order and card counts after the same moves of its own is the
//!   same node whatever the deal and whatever cards the others played to get there (AI4's moves
//!   there are the same, and merging such decisions lets more deals share what is learnt about
//!   them).
//! - **Root:** the deals differ far more in how well AI4 can do in them than the moves at the
//!   root differ, so the root compares its moves on the same deals ([`RootRanking::Advantage`]):
//!   every move is tried on a deal before any twice there, and ranked by its mean there minus
//!   the mean of all the moves there.

use std::collections::HashSet;

use cards_core::CardSet;
use game_core::agents::{Expansion, Mcts, MctsConfig, Opponents, Policy, RootRanking, Worlds};
use game_core::{Agent, Decision, GameRng, Player};

use crate::action::Action;
use crate::ai::belief::Beliefs;
use crate::ai::heuristic::{ai3_choose, outclassed};
use crate::ai::scoring::score_hand;
use crate::moves;
use crate::rules::{Config, PLAYERS, RankOrder};
use crate::state::{BigTwo, Core, Table};

/// How much AI4 searches per decision. The budget counts playout steps (one seat's decision
/// inside the search), not time, so a seeded AI4 is deterministic; a decision runs iteration
/// after iteration until the steps run out (so late in the game, when games are short, it
/// runs more). The default keeps the mean decision well within 50 ms of CPU time; the crate's
/// `selfplay` example prints the mean and the worst CPU time per decision.
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

/// The exploration constant of UCB (returns normalised to lie between 0 and 1).
const EXPLORATION: f64 = 0.7;

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
/// // A small budget for the example; `Ai4::new` searches 70,000 playout steps.
/// let config = Ai4Config { steps: 2_000, ..Ai4Config::default() };
/// let action = Ai4::with_config(config, 1).choose(&decision);
/// assert!(legal.contains(&action));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Ai4 {
    config: Ai4Config,
    search: Mcts<BigTwo, Explained, Ai3Policy>,
}

impl Ai4 {
    /// AI4 with the default budget, seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self::with_config(Ai4Config::default(), seed)
    }

    /// AI4 with the given budget.
    pub fn with_config(config: Ai4Config, seed: u64) -> Self {
        let search = MctsConfig {
            iterations: config.max_iterations.max(1),
            exploration: EXPLORATION,
            max_rollout_depth: None,
            max_steps: Some(config.steps),
            opponents: Opponents::Policy,
            expansion: Expansion::InOrder,
            root: RootRanking::Advantage,
        };
        let worlds = Explained {
            beliefs: Beliefs::default(),
            deals: config.deals.max(1),
            swaps: config.swaps,
            games: Vec::new(),
        };
        let policy = Ai3Policy {
            max_candidates: config.max_candidates,
            scratch: Vec::with_capacity(64),
        };
        Self {
            config,
            search: Mcts::with_config(search, seed)
                .with_worlds(worlds)
                .with_policy(policy)
                .with_name("ai4"),
        }
    }

    /// The budget.
    pub fn config(&self) -> Ai4Config {
        self.config
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
        self.search.choose(decision)
    }
}

/// AI4's worlds: the deals its [`Beliefs`] keep, each made a game with the moves so far.
#[derive(Clone, Debug)]
struct Explained {
    beliefs: Beliefs,
    deals: usize,
    swaps: usize,
    games: Vec<BigTwo>,
}

impl Worlds<BigTwo> for Explained {
    fn prepare(&mut self, decision: &Decision<'_, BigTwo>, rng: &mut GameRng) {
        let (observation, me) = (decision.observation(), decision.player());
        self.beliefs
            .update(observation, me, self.deals, self.swaps, rng);
        let history = observation.history();
        self.games.clear();
        for deal in 0..self.deals {
            let Some(mut hands) = self.beliefs.hands(deal) else {
                break;
            };
            // The hands the deal was dealt: what each seat holds now and what it played.
            for m in history {
                if let Some(hand) = hands.get_mut(m.player) {
                    *hand |= m.action.cards();
                }
            }
            // A deal the moves do not replay on is no world (the beliefs keep none).
            if let Ok(game) = BigTwo::from_deal(Config::default(), hands, history) {
                self.games.push(game);
            }
        }
    }

    fn world(
        &mut self,
        _: &Decision<'_, BigTwo>,
        iteration: usize,
        _: &mut GameRng,
    ) -> Option<BigTwo> {
        let n = self.games.len();
        (n > 0).then(|| self.games[iteration % n].clone())
    }

    fn deals(&self) -> Option<usize> {
        Some(self.games.len())
    }
}

/// AI3 as the search's policy, reading the hands of the world it plays in; its favourites are
/// the moves the tree searches.
#[derive(Clone, Debug)]
struct Ai3Policy {
    max_candidates: usize,
    scratch: Vec<Action>,
}

/// The rules engine of `world`.
fn core_of(world: &BigTwo) -> Core {
    Core {
        hands: std::array::from_fn(|seat| world.hand(seat)),
        table: *world.table(),
    }
}

impl Policy<BigTwo> for Ai3Policy {
    fn act(&mut self, world: &BigTwo, player: Player, _: &mut GameRng) -> Option<Action> {
        let core = core_of(world);
        // AI3's choice among these is its choice among all legal actions.
        moves::choices_into(&core.situation(player), &mut self.scratch);
        match self.scratch.as_slice() {
            [] => None,
            [only] => Some(*only),
            choices => {
                let hand = core.hands[player % PLAYERS];
                let unseen = CardSet::ALL - hand - core.table.played();
                Some(ai3_choose(hand, unseen, core.table.order(), choices))
            }
        }
    }

    fn candidates(&mut self, world: &BigTwo, player: Player, moves: &mut Vec<Action>) {
        let hand = world.hand(player);
        let table = world.table();
        let unseen = CardSet::ALL - hand - table.played();
        *moves = candidates(hand, unseen, table.order(), moves, self.max_candidates);
    }

    fn situation(&self, world: &BigTwo, _: Player) -> u64 {
        situation_key(world.table())
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{Game, Turn};

    /// The candidates are distinct in effect, legal, at most the budget (pass included), and
    /// include pass when it is legal.
    #[test]
    fn candidates_are_a_few_distinct_legal_moves() {
        for seed in 0..20 {
            let mut game = BigTwo::new(Config::default(), seed).unwrap();
            let mut policy = Ai3Policy {
                max_candidates: 4,
                scratch: Vec::new(),
            };
            let mut rng = GameRng::new(seed);
            while let Turn::Player(p) = game.turn() {
                let legal = game.legal_actions(p);
                let mut moves = legal.clone();
                policy.candidates(&game, p, &mut moves);
                assert!(!moves.is_empty() && moves.len() <= 4);
                assert!(moves.iter().all(|m| legal.contains(m)));
                assert_eq!(moves.contains(&Action::Pass), legal.contains(&Action::Pass));
                let action = policy.act(&game, p, &mut rng).unwrap();
                game.apply(&action).unwrap();
            }
        }
    }

    /// The worlds replay the moves seen: each is a game whose public table is the decision's.
    #[test]
    fn every_world_is_the_table_the_seat_sees() {
        let mut game = BigTwo::new(Config::default(), 5).unwrap();
        let mut policy = Ai3Policy {
            max_candidates: 8,
            scratch: Vec::new(),
        };
        let mut rng = GameRng::new(5);
        for _ in 0..12 {
            let Turn::Player(p) = game.turn() else { break };
            let action = policy.act(&game, p, &mut rng).unwrap();
            game.apply(&action).unwrap();
        }
        let Turn::Player(seat) = game.turn() else {
            panic!("the game ended in 12 moves")
        };
        let (view, legal) = (game.observation(seat), game.legal_actions(seat));
        let decision = Decision::new(seat, &view, &legal).unwrap();
        let mut worlds = Explained {
            beliefs: Beliefs::default(),
            deals: 6,
            swaps: 4,
            games: Vec::new(),
        };
        worlds.prepare(&decision, &mut rng);
        assert_eq!(worlds.deals(), Some(6));
        for i in 0..6 {
            let world = worlds.world(&decision, i, &mut rng).unwrap();
            assert_eq!(world.observation(seat), view);
        }
    }
}
