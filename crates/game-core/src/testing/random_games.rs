//! Random games from many seeds, every step checked.

use super::checker::{Checker, Pool, walk};
use super::{Options, Report, Violation};
use crate::game::{Game, SampleWorld, Turn};
use crate::record::Record;
use crate::rng::{GameRng, derive_seed};

/// Plays `options.games` random games under `config` and checks every step (see the
/// [module docs](super) for the list).
pub fn check_game<G: Game>(config: &G::Config, options: &Options) -> Result<Report, Violation> {
    let mut report = Report::default();
    let mut pool = Pool::default();
    for game_index in 0..options.games {
        let seed = derive_seed(options.first_seed, game_index as u64);
        let mut checker = Checker::<G> {
            seed: Some(seed),
            step: 0,
            config: Some(config),
        };
        let mut rng = GameRng::new(derive_seed(seed, u64::MAX));
        let state = G::new(config.clone(), seed)
            .map_err(|e| checker.fail(format!("new({config:?}) failed: {e}")))?;
        let again = G::new(config.clone(), seed).map_err(|e| checker.fail(e.to_string()))?;
        checker.equal("two games from one seed", &again, &state)?;
        checker.ensure(state.num_players() > 0, || {
            "the game has no seats".to_string()
        })?;
        let record = Record::<G>::new(config.clone(), seed);
        walk(
            &mut checker,
            state,
            Some(record),
            options,
            &mut pool,
            &mut rng,
            &mut report,
        )?;
        report.games += 1;
    }
    Ok(report)
}

/// Checks the "sample a consistent world" hook along random games: for every seat, at every
/// deep-checked step, a sampled world shows that seat exactly the observation it was sampled
/// from, has the same turn and gives that seat the same legal actions (information-set search
/// plans with them), and it is a state that passes the clone and serde checks.
pub fn check_sample_world<G: SampleWorld>(
    config: &G::Config,
    options: &Options,
) -> Result<Report, Violation> {
    let mut report = Report::default();
    for game_index in 0..options.games {
        let seed = derive_seed(options.first_seed, game_index as u64);
        let mut checker = Checker::<G> {
            seed: Some(seed),
            step: 0,
            config: Some(config),
        };
        let mut rng = GameRng::new(derive_seed(seed, u64::MAX - 1));
        let mut state = G::new(config.clone(), seed).map_err(|e| checker.fail(e.to_string()))?;
        loop {
            if checker.step.is_multiple_of(options.deep_check_every.max(1)) {
                for player in 0..state.num_players() {
                    let observation = state.observation(player);
                    let world = G::sample_world(&observation, player, &mut rng);
                    checker.equal(
                        "observation of a sampled world",
                        &world.observation(player),
                        &observation,
                    )?;
                    checker.equal("turn of a sampled world", &world.turn(), &state.turn())?;
                    checker.equal(
                        "legal actions of the observer in a sampled world",
                        &world.legal_actions(player),
                        &state.legal_actions(player),
                    )?;
                    checker.deep_checks(&world, None)?;
                }
            }
            let sets = checker.legal_sets(&state)?;
            let joint: Vec<G::Action> = match state.turn() {
                Turn::Over => break,
                Turn::Player(p) => vec![sets[p][rng.index(sets[p].len())].clone()],
                Turn::Simultaneous => sets.iter().map(|s| s[rng.index(s.len())].clone()).collect(),
            };
            state
                .apply_joint(&joint)
                .map_err(|e| checker.fail(e.to_string()))?;
            checker.step += 1;
            report.steps += 1;
        }
        report.games += 1;
        report.longest = report.longest.max(checker.step);
    }
    Ok(report)
}
