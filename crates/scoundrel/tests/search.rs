//! The `search` player is deterministic for its seed and blind to the Dungeon's hidden order.

use game_core::{GameRng, SampleWorld};
use scoundrel::prelude::*;

/// A small budget keeps the debug build quick; the properties do not depend on it.
const PLAYOUTS: usize = 120;

fn play_search(seed: u64, agent_seed: u64) -> Vec<Action> {
    let played = play(
        Config::default(),
        seed,
        &mut [SearchAgent::with_playouts(agent_seed, PLAYOUTS)],
    )
    .unwrap();
    played.record().actions.clone()
}

#[test]
fn the_same_seed_plays_the_same_game() {
    for seed in [3, 11] {
        assert_eq!(play_search(seed, 7), play_search(seed, 7), "deal {seed}");
    }
}

/// At every decision of a game, a Dungeon whose unseen cards are dealt in another order above
/// the known bottom shows the same observation, and a copy of the player (same random state)
/// makes the same move there.
#[test]
fn the_hidden_order_changes_nothing() {
    let mut rng = GameRng::new(99);
    let mut game = Scoundrel::new(Config::default(), 5).unwrap();
    let mut agent = SearchAgent::with_playouts(1, PLAYOUTS);
    let mut decisions = 0;
    while !game.is_over() {
        let observation = game.observation(0);
        let legal = game.legal_actions(0);
        let other = Scoundrel::sample_world(&observation, 0, &mut rng);
        let other_observation = other.observation(0);
        assert_eq!(other_observation, observation);
        let mut copy = agent.clone();
        let there = copy.choose(&Decision::new(0, &other_observation, &legal).unwrap());
        let here = agent.choose(&Decision::new(0, &observation, &legal).unwrap());
        assert_eq!(here, there, "{observation}");
        game.apply(&here).unwrap();
        decisions += 1;
    }
    assert!(decisions > 20, "{decisions} decisions");
}
