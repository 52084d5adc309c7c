//! What several test files share: seeded games between two named agents.

use duel_rules::prelude::*;
use game_core::derive_seed;

/// Plays `games` games of `config`, `hero` against `villain`, alternating seats (game `g`'s
/// agents are seeded from `derive_seed(seed, 2g)` and `derive_seed(seed, 2g + 1)`); returns
/// (wins, draws, losses) of `hero`. [`play`] refuses any illegal choice of an agent.
pub fn tally(config: &Config, hero: &str, villain: &str, games: u64, seed: u64) -> (u32, u32, u32) {
    let mut score = (0, 0, 0);
    for g in 0..games {
        let seat = (g % 2) as usize;
        let mut agents: Vec<Box<dyn Agent<Duel>>> = vec![
            Duel::agent(hero, derive_seed(seed, 2 * g)).unwrap(),
            Duel::agent(villain, derive_seed(seed, 2 * g + 1)).unwrap(),
        ];
        if seat == 1 {
            agents.swap(0, 1);
        }
        let played =
            play::<Duel, _>(config.clone(), g, &mut agents).unwrap_or_else(|e| panic!("{e}"));
        match played.state().result(seat).unwrap() {
            PlayerResult::Win => score.0 += 1,
            PlayerResult::Draw => score.1 += 1,
            PlayerResult::Loss => score.2 += 1,
        }
    }
    score
}
