//! `search`: whole turns chosen by playouts in sampled Dungeons, from the observation only.

use cards_core::Card;
use game_core::{Agent, Decision, GameRng, Player, SampleWorld};

use crate::ai::lookahead::{LookaheadParams, play_lookahead, turn_orders};
use crate::ai::turn::{AVOID, Plan, Planner, face_by_habit, offered};
use crate::hero::Hero;
use crate::{Action, Observation, Scoundrel, WeaponRule};

/// Playouts per decision by default. The slowest decisions are the first ones of a game, whose
/// playouts are the longest; measured in a release build on one core of a small machine over
/// 100 deals (4,646 decisions), a decision took 7.9 ms on average (about 20 ms for the third of
/// them that plan a turn; the others follow the plan) and 56 ms at most, well within 100 ms.
pub const DEFAULT_PLAYOUTS: usize = 6_000;

/// Playouts per decision of the arena's `search`, half the default budget: a thousand games in
/// about four minutes on two cores.
pub const ARENA_PLAYOUTS: usize = 3_000;

/// What a won playout is worth on top of its score: a move is chosen for its chance of winning
/// first, and for how far its lost playouts got (their scores) second.
const WIN_BONUS: f64 = 100.0;

/// The search player. When a Room is dealt it chooses how to play the whole turn (nothing new is
/// learnt until the next Room), then plays it out:
///
/// - **The candidates:** avoiding the Room when allowed, and every way to face the rest of the
///   turn that the `lookahead` player considers (each choice of the card to leave, each order of
///   the others worth simulating, the weapon used by its habit), each also with one of its weapon
///   fights made barehanded instead (to keep the weapon's limit for later).
/// - **The playouts:** the cards whose place is unknown are dealt into random Dungeons
///   consistent with the observation ([`SampleWorld`]: the known bottom stays where it is); in
///   each, a candidate's moves are made and the game is played to its end by
///   [`crate::LookaheadAgent`]'s rules. A playout is worth its score, plus 100 for a won game.
///   Every candidate of a round is played in the same Dungeons (common random numbers), which
///   makes the comparison sharp with few samples.
/// - **The budget** (a fixed number of playouts per decision, so the agent is deterministic for
///   its seed) is spent by successive halving (Karnin, Koren and Somekh, 2013): in rounds of
///   equal budget, each keeping the better half of the candidates, so that the close ones get
///   the most playouts.
///
/// It never reads the Dungeon's order: the sampled Dungeons come from the observation.
///
/// **How strong it is.** Over the arena's 1,000 deals of seed 0 (`cargo run --release --example
/// arena -- scoundrel --lineup search --games 1000 --seed 0`) it wins 681 (68.1%) with
/// [`ARENA_PLAYOUTS`], and 716 (71.6%) of the same deals with the default budget
/// [`DEFAULT_PLAYOUTS`]. Before it was shown the order of the cards that avoids put at the
/// bottom of the Dungeon (they were shuffled among the unseen cards) it won 58.3%. Measured on
/// 400 other deals and found no better, within the noise of about two points: other win bonuses
/// (none: 65%; 1,000, which ranks moves by their chance of winning alone: 62%; 30: 71%, against
/// 70% for 100), other knobs for the playouts' `lookahead` player, and more
/// playouts for the later decisions, whose playouts are shorter.
///
/// **Why it is not game-search's `Mcts`.** Once a Room is dealt
/// nothing new is learnt until the next one, so it chooses among whole-turn plans that no single
/// move names, compared side by side on shared Dungeons, and needs only the best plan at the end
/// of a fixed budget (a flat bandit of pure exploration), not a tree of single moves ranked by UCB.
#[derive(Clone, Debug)]
pub struct SearchAgent {
    rng: GameRng,
    playouts: usize,
    rollout: LookaheadParams,
    planner: Planner,
}

impl Default for SearchAgent {
    /// A search player with the default budget, seeded with 0.
    fn default() -> Self {
        Self::new(0)
    }
}

impl SearchAgent {
    /// A search player with the default budget, seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self::with_playouts(seed, DEFAULT_PLAYOUTS)
    }

    /// A search player with `playouts` playouts per decision (at least one per candidate).
    pub fn with_playouts(seed: u64, playouts: usize) -> Self {
        SearchAgent {
            rng: GameRng::new(seed),
            playouts,
            rollout: LookaheadParams::default(),
            planner: Planner::default(),
        }
    }

    /// The playouts per decision.
    pub fn playouts(&self) -> usize {
        self.playouts
    }

    /// The ways to play the rest of the turn at `observation`, as [`SearchAgent`] describes them.
    fn candidates(&self, observation: &Observation) -> Vec<Plan> {
        let table = observation.table();
        let hero = *table.hero();
        let (bare_below, rule) = (self.rollout.bare_below, table.config().weapon_rule);
        let mut plans = Vec::new();
        if table.can_avoid() {
            plans.push(AVOID);
        }
        for (_, order) in turn_orders(table) {
            let habit = plan_of(hero, &order, None, bare_below, rule);
            let variants = habit.iter().flatten().filter_map(|&action| match action {
                Action::FaceWithWeapon(monster) => {
                    Some(plan_of(hero, &order, Some(monster), bare_below, rule))
                }
                _ => None,
            });
            for plan in std::iter::once(habit).chain(variants) {
                if !plans.contains(&plan) {
                    plans.push(plan);
                }
            }
        }
        plans
    }

    /// The value of making `plan`'s moves in `world` and then playing to the end by the
    /// `lookahead` rules.
    fn playout(&self, world: &Scoundrel, plan: &Plan) -> f64 {
        let mut game = *world;
        for &action in plan.iter().flatten() {
            if game.is_over() {
                break;
            }
            game.apply_unchecked(action);
        }
        play_lookahead(&mut game, &self.rollout);
        let score = f64::from(game.score().unwrap_or(0));
        if game.table().is_won() {
            score + WIN_BONUS
        } else {
            score
        }
    }

    /// The candidate whose playouts do best on average, by successive halving: `log2` of the
    /// number of candidates rounds of equal budget, each playing every candidate left in the same
    /// sampled Dungeons and keeping the better half (the first among equals).
    fn best(&mut self, observation: &Observation, player: Player, candidates: &[Plan]) -> usize {
        // Each candidate left: its index, the total of its playouts and their number.
        let mut left: Vec<(usize, f64, usize)> =
            (0..candidates.len()).map(|i| (i, 0.0, 0)).collect();
        let mean = |&(_, total, n): &(usize, f64, usize)| total / n.max(1) as f64;
        let rounds = candidates.len().next_power_of_two().trailing_zeros().max(1) as usize;
        for _ in 0..rounds {
            let worlds = (self.playouts / rounds / left.len()).max(1);
            for _ in 0..worlds {
                let world = Scoundrel::sample_world(observation, player, &mut self.rng);
                for (i, total, n) in left.iter_mut() {
                    *total += self.playout(&world, &candidates[*i]);
                    *n += 1;
                }
            }
            // Best first, the first among equals; the order of the rest does not matter, as a
            // playout depends only on its candidate and its Dungeon.
            left.sort_by(|a, b| mean(b).total_cmp(&mean(a)).then(a.0.cmp(&b.0)));
            left.truncate(left.len().div_ceil(2));
        }
        left[0].0
    }

    /// The best way to play the rest of the turn at `observation`.
    fn plan(&mut self, observation: &Observation, player: Player) -> Plan {
        let candidates = self.candidates(observation);
        match candidates.len() {
            0 => AVOID,
            1 => candidates[0],
            _ => candidates[self.best(observation, player, &candidates)],
        }
    }
}

impl Agent<Scoundrel> for SearchAgent {
    fn name(&self) -> &str {
        "search"
    }

    fn choose(&mut self, decision: &Decision<'_, Scoundrel>) -> Action {
        if let [only] = decision.legal() {
            return *only;
        }
        let (observation, player) = (decision.observation(), decision.player());
        let mut planner = std::mem::take(&mut self.planner);
        let action = planner.next(observation.table(), || self.plan(observation, player));
        self.planner = planner;
        offered(decision, action)
    }
}

/// The moves of facing `order` from `hero` by the rule-based players' habit with the weapon,
/// but with `barehanded` fought barehanded; up to the one that dies, if one does.
fn plan_of(
    mut hero: Hero,
    order: &[Card],
    barehanded: Option<Card>,
    bare_below: i32,
    rule: WeaponRule,
) -> Plan {
    let mut plan = [None; 4];
    for (slot, &card) in plan.iter_mut().zip(order) {
        *slot = Some(if Some(card) == barehanded {
            hero.face(card, false, rule);
            Action::Face(card)
        } else {
            face_by_habit(&mut hero, card, bare_below, rule)
        });
        if hero.health() <= 0 {
            break;
        }
    }
    plan
}
