//! The learning interface: ids, masks and tensors.

use std::collections::HashSet;

use super::checker::Checker;
use super::{Options, Report, Violation};
use crate::game::{SampleWorld, Turn};
use crate::learning::Learning;
use crate::rng::{GameRng, derive_seed};

/// Checks [`Learning`] under `config`: the ids form a bijection between
/// `0..num_distinct_actions` and actions; then, along random games, at every step and for every
/// seat, every legal action has an id that leads back to it, the ids are distinct, the mask
/// marks exactly them, and the observation tensor has the declared length and only finite
/// values.
pub fn check_learning<G: Learning>(
    config: &G::Config,
    options: &Options,
) -> Result<Report, Violation> {
    let mut report = Report::default();
    let n = G::num_distinct_actions(config);
    let at = Checker::<G> {
        seed: None,
        step: 0,
        config: Some(config),
    };
    for id in 0..n {
        let action = G::action_from_id(config, id)
            .ok_or_else(|| at.fail(format!("id {id} of {n} has no action")))?;
        let back = G::action_id(config, &action);
        at.equal(
            &format!("id of the action of id {id} ({action})"),
            &back,
            &Some(id),
        )?;
    }
    at.ensure(G::action_from_id(config, n).is_none(), || {
        format!("id {n} (= num_distinct_actions) has an action")
    })?;
    let len: usize = G::observation_tensor_shape(config).iter().product();
    for game_index in 0..options.games {
        let seed = derive_seed(options.first_seed, game_index as u64);
        let mut checker = Checker::<G> {
            seed: Some(seed),
            step: 0,
            config: Some(config),
        };
        let mut rng = GameRng::new(derive_seed(seed, u64::MAX - 3));
        let mut state = G::new(config.clone(), seed).map_err(|e| checker.fail(e.to_string()))?;
        checker.equal("config_of", &state.config_of(), config)?;
        loop {
            for player in 0..state.num_players() {
                let legal = state.legal_actions(player);
                let ids = state.legal_action_ids(player);
                checker.equal("number of legal ids", &ids.len(), &legal.len())?;
                for (action, &id) in legal.iter().zip(&ids) {
                    checker.ensure(id < n, || format!("{action} has id {id} of {n}"))?;
                    let back = G::action_from_id(config, id);
                    checker.equal("action of a legal id", &back.as_ref(), &Some(action))?;
                }
                let distinct: HashSet<usize> = ids.iter().copied().collect();
                checker.equal("distinct legal ids", &distinct.len(), &ids.len())?;
                let mask = state.legal_action_mask(player);
                checker.equal("mask length", &mask.len(), &n)?;
                let marked: HashSet<usize> = (0..n).filter(|&i| mask[i]).collect();
                checker.equal("mask", &marked, &distinct)?;
                let tensor = state.observation_tensor(player);
                checker.equal("tensor length", &tensor.len(), &len)?;
                checker.ensure(tensor.iter().all(|x| x.is_finite()), || {
                    format!("player {player}'s tensor has a value that is not finite")
                })?;
            }
            let joint: Vec<G::Action> = match state.turn() {
                Turn::Over => break,
                Turn::Player(p) => rng
                    .choose(&state.legal_actions(p))
                    .cloned()
                    .into_iter()
                    .collect(),
                Turn::Simultaneous => (0..state.num_players())
                    .filter_map(|seat| rng.choose(&state.legal_actions(seat)).cloned())
                    .collect(),
            };
            state
                .apply_joint(&joint)
                .map_err(|e| checker.fail(format!("legal {joint:?} refused: {e}")))?;
            checker.step += 1;
            report.steps += 1;
        }
        report.games += 1;
        report.longest = report.longest.max(checker.step);
    }
    Ok(report)
}

/// Checks that a hidden-information game's tensors show only what a seat may see: along random
/// games, at every step, worlds sampled from a seat's observation give that seat the same
/// observation tensor, observation string and legal-action mask as the true state.
pub fn check_learning_hidden<G: Learning + SampleWorld>(
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
        let mut rng = GameRng::new(derive_seed(seed, u64::MAX - 4));
        let mut state = G::new(config.clone(), seed).map_err(|e| checker.fail(e.to_string()))?;
        loop {
            if checker.step.is_multiple_of(options.deep_check_every.max(1)) {
                for player in 0..state.num_players() {
                    let world = G::sample_world(&state.observation(player), player, &mut rng);
                    checker.equal(
                        "tensor of a world the seat cannot tell apart",
                        &world.observation_tensor(player),
                        &state.observation_tensor(player),
                    )?;
                    checker.equal(
                        "observation string of a world the seat cannot tell apart",
                        &world.observation_string(player),
                        &state.observation_string(player),
                    )?;
                    checker.equal(
                        "mask of a world the seat cannot tell apart",
                        &world.legal_action_mask(player),
                        &state.legal_action_mask(player),
                    )?;
                }
            }
            let joint: Vec<G::Action> = match state.turn() {
                Turn::Over => break,
                Turn::Player(p) => rng
                    .choose(&state.legal_actions(p))
                    .cloned()
                    .into_iter()
                    .collect(),
                Turn::Simultaneous => (0..state.num_players())
                    .filter_map(|seat| rng.choose(&state.legal_actions(seat)).cloned())
                    .collect(),
            };
            state
                .apply_joint(&joint)
                .map_err(|e| checker.fail(format!("legal {joint:?} refused: {e}")))?;
            checker.step += 1;
            report.steps += 1;
        }
        report.games += 1;
        report.longest = report.longest.max(checker.step);
    }
    Ok(report)
}
