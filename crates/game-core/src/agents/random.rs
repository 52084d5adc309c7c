use crate::agents::{Agent, Decision};
use crate::game::Game;
use crate::rng::GameRng;

/// Picks uniformly among the legal actions.
#[derive(Clone, Debug)]
pub struct RandomAgent {
    rng: GameRng,
}

impl RandomAgent {
    /// A random agent seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: GameRng::new(seed),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, decision: &Decision<'_, G>) -> G::Action {
        let i = self.rng.index(decision.legal().len());
        decision.action(i).clone()
    }
}
