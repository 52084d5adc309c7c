//! The benches' fast paths, `play_greedy` and `play_lookahead` (their own play loops, without
//! observations), end every game exactly where the agents, moving through `Game::apply`, do:
//! same moves, same final state, in both weapon rules and with other knobs.

use scoundrel::prelude::*;
use scoundrel::{GreedyParams, play_greedy, play_lookahead};

/// The game of `seed` played to the end by `agent`.
fn agent_game(config: Config, seed: u64, agent: impl Agent<Scoundrel>) -> Scoundrel {
    *play(config, seed, &mut [agent]).unwrap().state()
}

fn check_greedy(config: Config, seeds: std::ops::Range<u64>, params: GreedyParams) {
    for seed in seeds {
        let mut fast = Scoundrel::new(config, seed).unwrap();
        play_greedy(&mut fast, &params);
        let slow = agent_game(config, seed, GreedyAgent::with_params(params));
        assert_eq!(fast, slow, "seed {seed}, {config:?}, {params:?}");
        assert_eq!(fast.score(), slow.score(), "seed {seed}");
    }
}

#[test]
fn play_greedy_ends_where_the_agent_does() {
    for config in [Config::default(), Config::strict()] {
        check_greedy(config, 0..2_000, GreedyParams::default());
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
        check_greedy(config, 0..500, params);
    }
}

#[test]
fn play_lookahead_ends_where_the_agent_does() {
    for config in [Config::default(), Config::strict()] {
        for seed in 0..100 {
            let mut fast = Scoundrel::new(config, seed).unwrap();
            play_lookahead(&mut fast, &GreedyParams::default());
            let slow = agent_game(config, seed, LookaheadAgent::new(0));
            assert_eq!(fast, slow, "seed {seed}, {config:?}");
        }
    }
}
