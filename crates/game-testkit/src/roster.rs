//! A game's agents by name: they build, wrong names are refused, and they answer any decision
//! with one of the actions offered.

use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::simulation::{At, Pool, simulate};
use crate::{Options, Report, Violation};
use game_core::Turn;
use game_core::derive_seed;
use game_core::play;
use game_core::{Agent, AgentError, Decision, Roster};

/// Checks a game's [`Roster`] under `config`:
/// - the roster lists at least one agent, each name once, and every listed name builds;
/// - names that are not listed are refused with [`AgentError::Unknown`] naming them: the empty
///   name, and each listed name misspelt, in another case, and with junk before or after it;
/// - along `options.games` random games, at every deep-checked step, every agent answers odd
///   decisions with one of the actions offered, without panicking: its seat's true decision, or
///   a list mixing legal actions with actions seen elsewhere, shown to any seat (one past the
///   last too) with any seat's observation, in finished games as well;
/// - [`play`](game_core::play()) finishes a game with each agent in every seat (the names rotate
///   through the seats, one game per name).
///
/// `Report::refusals` counts the wrong names refused; `games` and `steps` count the random games
/// and the played ones.
pub fn check_roster<G: Roster>(config: &G::Config, options: &Options) -> Result<Report, Violation> {
    let at = At::of::<G>(None);
    let names = G::agent_names();
    at.ensure(!names.is_empty(), || "the roster lists no agent".into())?;
    let mut refused = 0;
    for (i, name) in names.iter().enumerate() {
        at.ensure(!names[..i].contains(name), || {
            format!("{name:?} is listed twice")
        })?;
        G::agent(name, options.first_seed)
            .map_err(|e| at.fail(format!("the listed agent {name:?} does not build: {e}")))?;
        for wrong in misspellings(name).filter(|wrong| !names.contains(wrong)) {
            match G::agent(&wrong, options.first_seed) {
                Err(AgentError::Unknown { name: said, .. }) if said == wrong => refused += 1,
                Err(e) => {
                    return Err(at.fail(format!("{wrong:?} refused, but not as unknown: {e}")));
                }
                Ok(agent) => {
                    return Err(at.fail(format!(
                        "the unlisted name {wrong:?} builds an agent ({})",
                        agent.name()
                    )));
                }
            }
        }
    }

    let mut agents: Vec<Box<dyn Agent<G>>> = Vec::new();
    let mut pool = Pool::default();
    let mut report = simulate::<G>(config, options, u64::MAX - 8, |node, rng| {
        let (at, state) = (&node.at, node.state);
        if at.step == 0 {
            let seed = at.seed.unwrap_or_default();
            agents = names
                .iter()
                .zip(0..)
                .map(|(name, k)| G::agent(name, derive_seed(seed, k)))
                .collect::<Result<_, _>>()
                .map_err(|e| at.fail(e.to_string()))?;
        }
        pool.add(node.legal);
        if !node.deep {
            return Ok(());
        }
        let seats = state.num_players();
        for agent in &mut agents {
            // Its seat's true decision, or an odd one: any seat, any seat's view, a list mixing
            // legal actions (of some seat) with actions seen elsewhere.
            let honest = rng.below(3) == 0 && !node.next.is_empty();
            let player = match state.turn() {
                Turn::Player(mover) if honest => mover,
                Turn::Simultaneous if honest => rng.index(seats),
                _ => rng.index(seats + 1),
            };
            let viewer = if honest { player } else { rng.index(seats + 1) };
            let mut offered = node.legal.get(player).cloned().unwrap_or_default();
            if !honest {
                offered.retain(|_| rng.below(2) == 0);
                for _ in 0..1 + rng.index(3) {
                    if let Some(action) = rng.choose(&pool.actions)
                        && !offered.contains(action)
                    {
                        offered.push(action.clone());
                    }
                }
            }
            let observation = state.observation(viewer);
            let Some(decision) = Decision::new(player, &observation, &offered) else {
                continue;
            };
            let name = agent.name().to_string();
            let chosen =
                catch_unwind(AssertUnwindSafe(|| agent.choose(&decision))).map_err(|_| {
                    at.fail(format!(
                        "{name} panicked when offered {offered:?} (seat {player}, view of {viewer})"
                    ))
                })?;
            at.ensure(offered.contains(&chosen), || {
                format!("{name} chose {chosen}, which is not in {offered:?} (seat {player}, view of {viewer})")
            })?;
        }
        Ok(())
    })?;
    report.refusals = refused;

    // Every agent in every seat: lineup `k` seats name `k + seat` (modulo the names).
    for k in 0..names.len() {
        let seed = derive_seed(options.first_seed, (options.games + k) as u64);
        let at = At::of::<G>(Some(seed));
        let seats = G::new(config.clone(), seed)
            .map_err(|e| at.fail(e.to_string()))?
            .num_players();
        let lineup: Vec<&String> = (0..seats)
            .map(|seat| &names[(k + seat) % names.len()])
            .collect();
        let mut agents = lineup
            .iter()
            .zip(0..)
            .map(|(name, seat)| G::agent(name, derive_seed(seed, seat)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| at.fail(e.to_string()))?;
        let played = catch_unwind(AssertUnwindSafe(|| {
            play::<G, _>(config.clone(), seed, &mut agents)
        }))
        .map_err(|_| at.fail(format!("{lineup:?} panicked while playing")))?
        .map_err(|e| at.fail(format!("{lineup:?} could not finish: {e}")))?;
        report.games += 1;
        report.steps += played.steps();
        report.longest = report.longest.max(played.steps());
    }
    Ok(report)
}

/// Names that are not `name`: empty, misspelt, in other cases, with junk around.
fn misspellings(name: &str) -> impl Iterator<Item = String> {
    let chars: Vec<char> = name.chars().collect();
    let mut swapped = chars.clone();
    if swapped.len() > 1 {
        let middle = swapped.len() / 2;
        swapped.swap(middle - 1, middle);
    }
    let capitalised: String = chars
        .iter()
        .enumerate()
        .map(|(i, c)| if i == 0 { c.to_ascii_uppercase() } else { *c })
        .collect();
    [
        String::new(),
        chars[..chars.len().saturating_sub(1)].iter().collect(),
        swapped.into_iter().collect(),
        format!("{name}{}", chars.last().copied().unwrap_or('x')),
        name.to_uppercase(),
        capitalised,
        format!("{name} "),
        format!(" {name}"),
        format!("{name}x"),
        format!("{name}!"),
        format!("{name}\n"),
    ]
    .into_iter()
    .filter(move |wrong| wrong != name)
}
