//! AI4: determinized Monte Carlo search. For each decision it deals many worlds consistent with
//! what the seat has seen, tries each candidate move in every world, plays the rest of the game
//! out with AI3's policy for all four seats, and keeps the move with the best average return.

use std::collections::HashSet;

use cards_core::CardSet;
use game_core::{Agent, Decision, GameRng, Player};

use crate::action::Action;
use crate::ai::heuristic::{ai3_choose, outclassed};
use crate::ai::scoring::score_hand;
use crate::moves;
use crate::state::{BigTwo, Core, sample_core};

/// How much AI4 searches per decision. The budget counts playout steps (one seat's decision
/// inside a playout), not time, so a seeded AI4 is deterministic; a decision deals world after
/// world, trying every candidate in each, until the steps run out (so late in the game, when
/// playouts are short, it looks at more worlds). The default was chosen to keep a decision
/// within 50 ms of CPU on a machine with 2 shared cores, and usually far below; the crate's
/// `selfplay` example prints the mean and the worst CPU time per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ai4Config {
    /// Playout steps per decision.
    pub steps: usize,
    /// Stop after this many worlds even if steps are left.
    pub max_worlds: usize,
    /// At most this many candidate moves are searched: AI3's favourites, plus pass when it is
    /// legal.
    pub max_candidates: usize,
}

impl Default for Ai4Config {
    fn default() -> Self {
        Self {
            steps: 70_000,
            max_worlds: 500,
            max_candidates: 8,
        }
    }
}

/// AI4: determinized search over deals consistent with the observation (see the module docs).
#[derive(Clone, Debug)]
pub struct Ai4 {
    config: Ai4Config,
    rng: GameRng,
    scratch: Vec<Action>,
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
        }
    }

    /// The budget.
    pub fn config(&self) -> Ai4Config {
        self.config
    }
}

/// Plays `core` to the end with AI3's policy for every seat; returns `me`'s return and adds the
/// steps played to `steps`.
pub(crate) fn playout(
    mut core: Core,
    me: Player,
    scratch: &mut Vec<Action>,
    steps: &mut usize,
) -> f64 {
    while let Some(player) = core.table.to_move() {
        *steps += 1;
        // AI3's choice among these is its choice among all legal actions.
        moves::choices_into(&core.situation(player), scratch);
        let action = match scratch.as_slice() {
            [only] => *only,
            legal => {
                let hand = core.hands[player];
                let unseen = CardSet::ALL - hand - core.table.played();
                ai3_choose(hand, unseen, core.table.order(), legal)
            }
        };
        core.apply_checked(player, &action);
    }
    core.returns(me)
}

/// The moves worth searching: distinct in effect (a play with the black joker and the same play
/// with the red one are the same move for the game's future), AI3's favourites first. A play
/// where a joker stands for a card the hand holds and keeps is left out: playing the card and
/// keeping the joker (which can do all the card can) is listed too.
fn candidates(
    hand: CardSet,
    unseen: CardSet,
    order: crate::RankOrder,
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

impl Agent<BigTwo> for Ai4 {
    fn name(&self) -> &str {
        "ai4"
    }

    fn choose(&mut self, decision: &Decision<'_, BigTwo>) -> Action {
        let observation = decision.observation();
        let me = decision.player();
        let legal = decision.legal();
        let table = observation.table();
        let moves = candidates(
            observation.hand(),
            observation.unseen(),
            table.order(),
            legal,
            self.config.max_candidates,
        );
        if moves.len() <= 1 {
            return moves.first().copied().unwrap_or(*decision.action(0));
        }
        let mut totals = vec![0.0; moves.len()];
        let mut steps = 0;
        let mut worlds = 0;
        while worlds < self.config.max_worlds.max(1) && (worlds == 0 || steps < self.config.steps) {
            worlds += 1;
            let world = sample_core(observation, me, &mut self.rng);
            for (total, action) in totals.iter_mut().zip(&moves) {
                let mut core = world;
                // Only an action this seat may take now is played out: a decision for a seat
                // that is not to move (or does not exist) must not reach `apply_checked`.
                if core.validate(action) != Ok(me) {
                    *total = f64::NEG_INFINITY;
                    continue;
                }
                core.apply_checked(me, action);
                *total += playout(core, me, &mut self.scratch, &mut steps);
            }
        }
        let mut best = 0;
        for (i, &t) in totals.iter().enumerate() {
            if t > totals[best] {
                best = i;
            }
        }
        moves[best]
    }
}
