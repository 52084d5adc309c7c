//! Information states and explicit chance.

use std::collections::HashSet;

use crate::simulation::{At, Node, simulate};
use crate::{Options, Report, Violation};
use game_core::ExplicitChance;
use game_core::SampleWorld;
use game_core::Sampler;
use game_core::{GameRng, derive_seed};
use game_core::{InformationState, NoSuchSeat};

/// Checks [`InformationState`] under `config` along random games: at every step, for every
/// seat, the tensor has its declared length and finite values; a seat never meets the same
/// information state twice at its own decisions in one game (it remembers everything, so every
/// decision adds to what it knows); and at deep-checked steps, each of a deciding seat's legal
/// actions (the others' actions fixed) leads to a different information state, string and
/// tensor, for that seat; and a seat the game does not have is refused by the checked methods,
/// while the unchecked ones give the refusal's text and zeros, never a state that looks like a
/// seat's.
pub fn check_information_state<G: InformationState>(
    config: &G::Config,
    options: &Options,
) -> Result<Report, Violation> {
    let len: usize = G::information_state_tensor_shape(config).iter().product();
    let mut met: Vec<HashSet<String>> = Vec::new();
    simulate::<G>(config, options, u64::MAX - 5, |node, _| {
        let (at, state) = (&node.at, node.state);
        if at.step == 0 {
            met = vec![HashSet::new(); state.num_players()];
        }
        if node.deep {
            seats_that_do_not_exist(at, state)?;
        }
        for (player, met) in met.iter_mut().enumerate() {
            let tensor = state.information_state_tensor(player);
            at.equal("information state tensor length", &tensor.len(), &len)?;
            at.ensure(tensor.iter().all(|x| x.is_finite()), || {
                format!("player {player}'s information state tensor is not finite")
            })?;
            if node.acts(player) {
                let text = state.information_state_string(player);
                at.ensure(met.insert(text.clone()), || {
                    format!("player {player} decides twice in information state {text:?}")
                })?;
            }
        }
        if node.deep {
            distinct_after_own_actions(node)?;
        }
        Ok(())
    })
}

/// Each deciding seat's legal actions, the others' from the walk's next move fixed, lead to
/// pairwise different information states for that seat.
fn distinct_after_own_actions<G: InformationState>(node: &Node<'_, G>) -> Result<(), Violation> {
    let at = &node.at;
    for (player, legal) in node.legal.iter().enumerate() {
        if !node.acts(player) {
            continue;
        }
        let mut strings = HashSet::new();
        let mut tensors = HashSet::new();
        for action in legal {
            let mut child = node.state.clone();
            let mut mine = node.next.to_vec();
            let slot = if mine.len() == 1 { 0 } else { player };
            mine[slot] = action.clone();
            child
                .apply_joint(&mine)
                .map_err(|e| at.fail(format!("legal {mine:?} refused: {e}")))?;
            let text = child.information_state_string(player);
            at.ensure(strings.insert(text.clone()), || {
                format!("player {player}'s actions lead to the same information state {text:?}")
            })?;
            let bits: Vec<u32> = child
                .information_state_tensor(player)
                .iter()
                .map(|x| x.to_bits())
                .collect();
            at.ensure(tensors.insert(bits), || {
                format!("player {player}'s action {action} leads to a tensor another action gives")
            })?;
        }
    }
    Ok(())
}

/// Checks that information states show only what a seat may know: along random games, at
/// deep-checked steps, worlds sampled from a seat's observation give that seat the same
/// information state, string and tensor, as the true state.
pub fn check_information_state_hidden<G: InformationState + SampleWorld>(
    config: &G::Config,
    options: &Options,
) -> Result<Report, Violation> {
    information_state_hidden::<G>(config, options, G::sample_world)
}

/// [`check_information_state_hidden`] with worlds drawn by `sample`.
pub(super) fn information_state_hidden<G: InformationState>(
    config: &G::Config,
    options: &Options,
    sample: Sampler<G>,
) -> Result<Report, Violation> {
    simulate::<G>(config, options, u64::MAX - 6, |node, rng| {
        let (at, state) = (&node.at, node.state);
        for player in (0..state.num_players()).filter(|_| node.deep) {
            let world = sample(&state.observation(player), player, rng);
            at.equal(
                "information state string of a world the seat cannot tell apart",
                &world.information_state_string(player),
                &state.information_state_string(player),
            )?;
            at.equal(
                "information state tensor of a world the seat cannot tell apart",
                &world.information_state_tensor(player),
                &state.information_state_tensor(player),
            )?;
        }
        Ok(())
    })
}

/// Checks [`ExplicitChance`] under `config`. For each of `options.games` seeds: the outcomes the
/// seed draws are each possible where drawn (listed, in increasing order, below
/// `max_chance_outcomes`, with probabilities that are positive and sum to 1), the sequence is
/// then complete, and it starts exactly the game `new` creates from the seed; every proper
/// prefix is refused as a start. Then as many starts are drawn from the listed distributions
/// themselves, and each builds a game.
pub fn check_explicit_chance<G: ExplicitChance>(
    config: &G::Config,
    options: &Options,
) -> Result<Report, Violation> {
    let mut report = Report::default();
    let most = G::max_chance_outcomes(config);
    for game_index in 0..options.games {
        let seed = derive_seed(options.first_seed, game_index as u64);
        let mut checker = At::of::<G>(Some(seed));
        let drawn = G::chance_outcomes_of_seed(config, seed);
        for (at, &outcome) in drawn.iter().enumerate() {
            checker.step = at;
            let outcomes = G::chance_outcomes(config, &drawn[..at]);
            check_distribution(&checker, &outcomes, most)?;
            checker.ensure(outcomes.iter().any(|&(o, _)| o == outcome), || {
                format!("the seed draws {outcome}, which is not listed: {outcomes:?}")
            })?;
            checker.ensure(
                G::from_chance_outcomes(config.clone(), &drawn[..at]).is_err(),
                || format!("the first {at} outcomes of {drawn:?} were accepted as a whole start"),
            )?;
        }
        checker.step = drawn.len();
        let after = G::chance_outcomes(config, &drawn);
        checker.ensure(after.is_empty(), || {
            format!("the seed's outcomes {drawn:?} are followed by more events: {after:?}")
        })?;
        let dealt = G::from_chance_outcomes(config.clone(), &drawn)
            .map_err(|e| checker.fail(format!("the seed's outcomes {drawn:?} refused: {e}")))?;
        let seeded = G::new(config.clone(), seed).map_err(|e| checker.fail(e.to_string()))?;
        checker.equal("the game the seed's outcomes start", &dealt, &seeded)?;

        // A start drawn event by event from the listed distributions.
        let mut rng = GameRng::new(derive_seed(seed, u64::MAX - 7));
        let mut sampled = Vec::new();
        loop {
            let outcomes = G::chance_outcomes(config, &sampled);
            if outcomes.is_empty() {
                break;
            }
            check_distribution(&checker, &outcomes, most)?;
            checker.ensure(sampled.len() <= most.max(1) * 1024, || {
                "the chance events do not end".to_string()
            })?;
            sampled.push(outcomes[rng.index(outcomes.len())].0);
        }
        G::from_chance_outcomes(config.clone(), &sampled)
            .map_err(|e| checker.fail(format!("the sampled start {sampled:?} refused: {e}")))?;
        report.games += 1;
        report.steps += drawn.len() + sampled.len();
        report.longest = report.longest.max(drawn.len());
    }
    Ok(report)
}

fn check_distribution(
    checker: &At,
    outcomes: &[(usize, f64)],
    most: usize,
) -> Result<(), Violation> {
    checker.ensure(outcomes.windows(2).all(|w| w[0].0 < w[1].0), || {
        format!("outcomes not in increasing order: {outcomes:?}")
    })?;
    checker.ensure(
        outcomes
            .iter()
            .all(|&(o, p)| o < most && p > 0.0 && p <= 1.0),
        || format!("an outcome at or above {most}, or a probability outside (0, 1]: {outcomes:?}"),
    )?;
    let sum: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    checker.ensure((sum - 1.0).abs() < 1e-9, || {
        format!("probabilities sum to {sum}: {outcomes:?}")
    })
}

/// The information-state methods for seats the game does not have: the checked ones refuse
/// them with [`NoSuchSeat`], the unchecked ones give its text and zeros; for every seat it has,
/// the checked methods give what the unchecked ones do.
fn seats_that_do_not_exist<G: InformationState>(at: &At, state: &G) -> Result<(), Violation> {
    let n = state.num_players();
    for seat in [n, n + 6, usize::MAX] {
        let refused = state.checked_information_state_string(seat);
        at.equal(
            &format!("the checked string of seat {seat}"),
            &refused,
            &Err(NoSuchSeat { seat, players: n }),
        )?;
        at.ensure(
            state.checked_information_state_tensor(seat).is_err(),
            || format!("the checked tensor of seat {seat}, which does not exist, is not refused"),
        )?;
        at.equal(
            &format!("the string of seat {seat}, which does not exist"),
            &state.information_state_string(seat),
            &NoSuchSeat { seat, players: n }.to_string(),
        )?;
        at.ensure(
            state
                .information_state_tensor(seat)
                .iter()
                .all(|v| *v == 0.0),
            || format!("the tensor of seat {seat}, which does not exist, is not all zeros"),
        )?;
    }
    for seat in 0..n {
        at.equal(
            &format!("checked and unchecked strings of seat {seat}"),
            &state.checked_information_state_string(seat),
            &Ok(state.information_state_string(seat)),
        )?;
    }
    Ok(())
}
