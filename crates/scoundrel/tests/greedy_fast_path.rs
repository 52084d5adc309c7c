//! `play_greedy` (the benches' fast path, with its own play loop over the table and the Dungeon
//! kept apart) ends every game exactly where the `greedy` agent, moving through `Game::apply`,
//! does: same moves, same final state, in both weapon rules and with other knobs.

use game_core::{Agent, Decision, Game};
use scoundrel::ai::{GreedyAgent, GreedyParams, play_greedy};
use scoundrel::{Config, Scoundrel};

fn agent_game(config: Config, seed: u64, params: GreedyParams) -> Scoundrel {
    let mut game = Scoundrel::new(config, seed).unwrap();
    let mut agent = GreedyAgent::with_params(params);
    while !game.is_over() {
        let observation = game.observation(0);
        let legal = game.legal_actions(0);
        let decision = Decision::new(0, &observation, &legal).unwrap();
        let action = agent.choose(&decision);
        game.apply(&action).unwrap();
    }
    game
}

fn check(config: Config, seeds: std::ops::Range<u64>, params: GreedyParams) {
    for seed in seeds {
        let mut fast = Scoundrel::new(config, seed).unwrap();
        play_greedy(&mut fast, &params);
        let slow = agent_game(config, seed, params);
        assert_eq!(fast, slow, "seed {seed}, {config:?}, {params:?}");
        assert_eq!(fast.score(), slow.score(), "seed {seed}");
    }
}

#[test]
fn play_greedy_ends_where_the_agent_does() {
    for config in [Config::default(), Config::strict()] {
        check(config, 0..2_000, GreedyParams::default());
    }
}

/// Knobs that fight more monsters barehanded and avoid more Rooms reach the other branches of
/// the loop (avoiding, a fresh weapon kept for later).
#[test]
fn play_greedy_ends_where_the_agent_does_with_other_knobs() {
    let params = GreedyParams {
        bare_below: 6,
        avoid_cost: 2.0,
        ..GreedyParams::default()
    };
    for config in [Config::default(), Config::strict()] {
        check(config, 0..500, params);
    }
}
