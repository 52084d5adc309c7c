use crate::agents::{Agent, Decision};
use crate::game::Game;
use crate::rng::GameRng;

/// Picks uniformly among the legal actions.
///
/// It plays every game, so a call names the game through its argument:
/// [`Agent::act`]`(&game, player)` infers it from the state; a decision built by hand names it,
/// `Decision::<G>::new(..)`.
///
/// ```
/// use game_testkit::Nim;
/// use game_core::{Agent, Game, RandomAgent};
///
/// let game = Nim::new((), 0)?;
/// let mut agent = RandomAgent::new(1);
/// let action = agent.act(&game, 0).unwrap();
/// assert!(game.legal_actions(0).contains(&action));
/// # Ok::<(), game_testkit::NimError>(())
/// ```
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
