//! The learning interface: ids, masks and tensors.

use std::collections::HashSet;

use crate::simulation::{At, simulate};
use crate::{Options, Report, Violation};
use game_core::Learning;
use game_core::SampleWorld;
use game_core::Sampler;

/// Checks [`Learning`] under `config`: the ids form a bijection between
/// `0..num_distinct_actions` and actions; then, along random games, at every step and for every
/// seat, every legal action has an id that leads back to it, the ids are distinct, the mask
/// marks exactly them, and the observation tensor has the declared length and only finite
/// values within [`Learning::observation_bounds`]; and [`Learning::observation_tensor_update`]
/// agrees with the full tensor, both a step
/// at a time and over the steps between two deep-checked steps.
pub fn check_learning<G: Learning>(
    config: &G::Config,
    options: &Options,
) -> Result<Report, Violation> {
    let n = G::num_distinct_actions(config);
    let at = At::of::<G>(None);
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
    let bounds = G::observation_bounds(config);
    at.equal("length of the lower bounds", &bounds.low.len(), &len)?;
    at.equal("length of the upper bounds", &bounds.high.len(), &len)?;
    // Every seat's tensor brought up to date after each step, and as of the last deep-checked
    // step with the number of steps since.
    let mut stepped: Vec<Vec<f32>> = Vec::new();
    let mut kept: (Vec<Vec<f32>>, usize) = (Vec::new(), 0);
    simulate::<G>(config, options, u64::MAX - 3, |node, _| {
        let (at, state) = (&node.at, node.state);
        let seats = node.legal.len();
        let full: Vec<Vec<f32>> = (0..seats).map(|p| state.observation_tensor(p)).collect();
        if at.step == 0 {
            at.equal("config_of", &state.config_of(), config)?;
            stepped = full.clone();
            kept = (full.clone(), 0);
        } else {
            kept.1 += 1;
            for (player, tensor) in stepped.iter_mut().enumerate() {
                state.observation_tensor_update(player, 1, tensor);
                at.equal(
                    &format!("player {player}'s tensor updated after one step"),
                    tensor,
                    &full[player],
                )?;
            }
        }
        if node.deep {
            let (tensors, steps) = &mut kept;
            for (player, tensor) in tensors.iter_mut().enumerate() {
                state.observation_tensor_update(player, *steps, tensor);
                at.equal(
                    &format!("player {player}'s tensor updated after {steps} steps"),
                    tensor,
                    &full[player],
                )?;
            }
            *steps = 0;
        }
        for (player, legal) in node.legal.iter().enumerate() {
            let ids = state.legal_action_ids(player);
            at.equal("number of legal ids", &ids.len(), &legal.len())?;
            for (action, &id) in legal.iter().zip(&ids) {
                at.ensure(id < n, || format!("{action} has id {id} of {n}"))?;
                let back = G::action_from_id(config, id);
                at.equal("action of a legal id", &back.as_ref(), &Some(action))?;
            }
            let distinct: HashSet<usize> = ids.iter().copied().collect();
            at.equal("distinct legal ids", &distinct.len(), &ids.len())?;
            let mask = state.legal_action_mask(player);
            at.equal("mask length", &mask.len(), &n)?;
            let marked: HashSet<usize> = (0..n).filter(|&i| mask[i]).collect();
            at.equal("mask", &marked, &distinct)?;
            let tensor = state.observation_tensor(player);
            at.equal("tensor length", &tensor.len(), &len)?;
            at.ensure(tensor.iter().all(|x| x.is_finite()), || {
                format!("player {player}'s tensor has a value that is not finite")
            })?;
            if let Some(k) =
                (0..len).find(|&k| !(bounds.low[k]..=bounds.high[k]).contains(&tensor[k]))
            {
                return Err(at.fail(format!(
                    "player {player}'s tensor element {k} is {}, outside its declared bounds \
                     [{}, {}]",
                    tensor[k], bounds.low[k], bounds.high[k]
                )));
            }
        }
        Ok(())
    })
}

/// Checks that a hidden-information game's tensors show only what a seat may see: along random
/// games, at every deep-checked step, worlds sampled from a seat's observation give that seat
/// the same observation tensor, observation string and legal-action mask as the true state.
pub fn check_learning_hidden<G: Learning + SampleWorld>(
    config: &G::Config,
    options: &Options,
) -> Result<Report, Violation> {
    learning_hidden::<G>(config, options, G::sample_world)
}

/// [`check_learning_hidden`] with worlds drawn by `sample`.
pub(super) fn learning_hidden<G: Learning>(
    config: &G::Config,
    options: &Options,
    sample: Sampler<G>,
) -> Result<Report, Violation> {
    simulate::<G>(config, options, u64::MAX - 4, |node, rng| {
        let (at, state) = (&node.at, node.state);
        for player in (0..state.num_players()).filter(|_| node.deep) {
            let world = sample(&state.observation(player), player, rng);
            at.equal(
                "tensor of a world the seat cannot tell apart",
                &world.observation_tensor(player),
                &state.observation_tensor(player),
            )?;
            at.equal(
                "observation string of a world the seat cannot tell apart",
                &world.observation_string(player),
                &state.observation_string(player),
            )?;
            at.equal(
                "mask of a world the seat cannot tell apart",
                &world.legal_action_mask(player),
                &state.legal_action_mask(player),
            )?;
        }
        Ok(())
    })
}
