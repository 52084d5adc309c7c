//! `search`: sampled Dungeons and lookahead playouts, from the observation only.

use game_core::{Agent, Decision, GameRng, SampleWorld};

use crate::ai::lookahead::{LookaheadParams, play_lookahead};
use crate::{Action, Scoundrel};

/// Playouts per decision by default. Calibrated to keep a decision at the start of a game, where
/// playouts are longest, well under a second on a small machine; later decisions take less. A fixed count rather than a clock keeps the agent deterministic.
pub const DEFAULT_PLAYOUTS: usize = 8_000;

/// Playouts per decision of the arena's `search`: fast enough for a thousand games in a few
/// minutes on two cores.
pub const ARENA_PLAYOUTS: usize = 1_000;

/// Determinised Monte Carlo search over the hidden order (Ginsberg's "perfect information Monte
/// Carlo", flat): for each decision it deals the unseen cards into random Dungeon orders
/// consistent with the observation ([`SampleWorld`]), tries every legal move in each of them, and
/// plays each out to the end as the `lookahead` player would. All moves are tried on the same Dungeons
/// (common random numbers), which makes the comparison sharp with few samples. A playout is worth
/// its final score, plus 100 for a won game, so a move is chosen for its chance of winning first
/// and its score second.
///
/// Budget: a fixed number of playouts per decision (shared among the legal moves), so the agent
/// is deterministic for its seed; [`DEFAULT_PLAYOUTS`] keeps a decision quick (see there). It
/// never reads the Dungeon's order: the sampled Dungeons come from the set of unseen cards.
#[derive(Clone, Debug)]
pub struct SearchAgent {
    rng: GameRng,
    playouts: usize,
    rollout: LookaheadParams,
}

impl SearchAgent {
    /// A search player with the default budget, seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self::with_playouts(seed, DEFAULT_PLAYOUTS)
    }

    /// A search player with `playouts` playouts per decision (at least one per legal move).
    pub fn with_playouts(seed: u64, playouts: usize) -> Self {
        SearchAgent {
            rng: GameRng::new(seed),
            playouts,
            rollout: LookaheadParams::default(),
        }
    }

    /// The playouts per decision.
    pub fn playouts(&self) -> usize {
        self.playouts
    }
}

impl Agent<Scoundrel> for SearchAgent {
    fn name(&self) -> &str {
        "search"
    }

    fn choose(&mut self, decision: &Decision<'_, Scoundrel>) -> Action {
        let legal = decision.legal();
        if legal.len() == 1 {
            return legal[0];
        }
        let observation = decision.observation();
        let worlds = (self.playouts / legal.len()).max(1);
        let mut totals = vec![0.0f64; legal.len()];
        for _ in 0..worlds {
            let world = Scoundrel::sample_world(observation, decision.player(), &mut self.rng);
            for (total, &action) in totals.iter_mut().zip(legal) {
                let mut playout = world;
                playout.apply_unchecked(action);
                play_lookahead(&mut playout, &self.rollout);
                let score = f64::from(playout.score().unwrap_or(0));
                *total += if playout.is_won() {
                    score + 100.0
                } else {
                    score
                };
            }
        }
        let mut best = 0;
        for (i, total) in totals.iter().enumerate() {
            if *total > totals[best] {
                best = i;
            }
        }
        legal[best]
    }
}
