//! The promises of [`Game`] checked at every step of random games.

use std::collections::HashSet;

use crate::simulation::{At, Node, Pool, simulate};
use crate::{Options, Report, Violation};
use game_core::GameRng;
use game_core::Record;
use game_core::{Game, SampleWorld, Turn, TurnError};

/// Plays `options.games` random games under `config` and checks every step (see the
/// [module docs](super) for the list).
pub fn check_game<G: Game>(config: &G::Config, options: &Options) -> Result<Report, Violation> {
    let mut checks = Conformance::<G>::new(Some(config), options.illegal_probes);
    let mut report = simulate::<G>(config, options, u64::MAX, |node, rng| {
        checks.visit(node, rng)
    })?;
    report.refusals = checks.refusals;
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
    simulate::<G>(config, options, u64::MAX - 1, |node, rng| {
        let (at, state) = (&node.at, node.state);
        for player in (0..state.num_players()).filter(|_| node.deep) {
            let observation = state.observation(player);
            let world = G::sample_world(&observation, player, rng);
            at.equal(
                "observation of a sampled world",
                &world.observation(player),
                &observation,
            )?;
            at.equal("turn of a sampled world", &world.turn(), &state.turn())?;
            at.equal(
                "legal actions of the observer in a sampled world",
                &world.legal_actions(player),
                &node.legal[player],
            )?;
            deep_checks(at, &world, None)?;
        }
        Ok(())
    })
}

/// The checks of [`check_game`] at one state of a walk. It lives across games to keep the
/// actions seen, which it offers where they are not legal.
pub(super) struct Conformance<'c, G: Game> {
    /// The configuration of seeded games, whose records are replayed; `None` for walks from a
    /// state that came from elsewhere.
    config: Option<&'c G::Config>,
    probes: usize,
    record: Option<Record<G>>,
    pool: Pool<G::Action>,
    /// Actions that were not legal, offered and refused.
    pub refusals: usize,
}

impl<'c, G: Game> Conformance<'c, G> {
    pub fn new(config: Option<&'c G::Config>, probes: usize) -> Self {
        Self {
            config,
            probes,
            record: None,
            pool: Pool::default(),
            refusals: 0,
        }
    }

    pub fn visit(&mut self, node: &Node<'_, G>, rng: &mut GameRng) -> Result<(), Violation> {
        let (at, state) = (&node.at, node.state);
        if at.step == 0 {
            at.ensure(state.num_players() > 0, || "the game has no seats".into())?;
            self.record = None;
            if let (Some(config), Some(seed)) = (self.config, at.seed) {
                let again = G::new(config.clone(), seed).map_err(|e| at.fail(e.to_string()))?;
                at.equal("two games from one seed", &again, state)?;
                self.record = Some(Record::new(config.clone(), seed));
            }
        }
        if node.deep {
            deep_checks(at, state, self.record.as_ref())?;
        }
        legal_sets(node)?;
        self.pool.add(node.legal);
        self.refusals += probe_illegal(node, &self.pool.actions, self.probes, rng)?;
        match (state.turn(), node.next) {
            (Turn::Over, _) => finished(at, state)?,
            (Turn::Player(_), [action]) => {
                state
                    .check(action)
                    .map_err(|e| at.fail(format!("check refuses the legal {action}: {e}")))?;
                // A one-element joint action must do what the action does (records replay and
                // some agents go through `apply_joint`).
                if node.deep {
                    let mut direct = state.clone();
                    let mut joint = state.clone();
                    direct
                        .apply(action)
                        .map_err(|e| at.fail(format!("legal action {action} was refused: {e}")))?;
                    joint.apply_joint(node.next).map_err(|e| {
                        at.fail(format!("{action} as a one-element joint action: {e}"))
                    })?;
                    at.equal("a one-element joint action", &joint, &direct)?;
                }
            }
            _ => {}
        }
        if let Some(record) = self.record.as_mut() {
            record.actions.extend_from_slice(node.next);
        }
        Ok(())
    }
}

/// Clone and serde round trip give equal states; the record (when there is one) survives serde
/// and replays to the state.
pub(super) fn deep_checks<G: Game>(
    at: &At,
    state: &G,
    record: Option<&Record<G>>,
) -> Result<(), Violation> {
    at.equal("clone", &state.clone(), state)?;
    let json = serde_json::to_string(state).map_err(|e| at.fail(format!("serialise: {e}")))?;
    let back: G =
        serde_json::from_str(&json).map_err(|e| at.fail(format!("deserialise {json}: {e}")))?;
    at.equal("serde round trip", &back, state)?;
    let Some(record) = record else {
        return Ok(());
    };
    let record_json =
        serde_json::to_string(record).map_err(|e| at.fail(format!("serialise record: {e}")))?;
    let record_back: Record<G> = serde_json::from_str(&record_json)
        .map_err(|e| at.fail(format!("deserialise record {record_json}: {e}")))?;
    at.equal("record serde round trip", &record_back, record)?;
    let replayed = record_back
        .replay()
        .map_err(|e| at.fail(format!("replay: {e}")))?;
    at.equal("record replay", &replayed, state)
}

/// Legal actions are unique, print and parse back, and only the seats that act have any.
fn legal_sets<G: Game>(node: &Node<'_, G>) -> Result<(), Violation> {
    let at = &node.at;
    let turn = node.state.turn();
    for (player, legal) in node.legal.iter().enumerate() {
        let unique: HashSet<&G::Action> = legal.iter().collect();
        at.ensure(unique.len() == legal.len(), || {
            format!("player {player} has duplicate legal actions: {legal:?}")
        })?;
        for action in legal {
            let text = action.to_string();
            let parsed = node.state.parse_action(player, &text).ok();
            at.ensure(parsed.as_ref() == Some(action), || {
                format!("action {action:?} prints as {text:?}, which parses as {parsed:?}")
            })?;
        }
        let acts = match turn {
            Turn::Over => false,
            Turn::Player(mover) => mover == player,
            Turn::Simultaneous => true,
        };
        at.ensure(acts || legal.is_empty(), || {
            format!("at {turn:?}, player {player} has legal actions {legal:?}")
        })?;
    }
    Ok(())
}

/// Tries actions from `pool` that are not legal now; each must be refused without change, with
/// the error [`Game::check`] gives. A wrong-shaped move (two actions at a sequential node, one
/// at a simultaneous node) must be refused too. Returns the refusals.
fn probe_illegal<G: Game>(
    node: &Node<'_, G>,
    pool: &[G::Action],
    probes: usize,
    rng: &mut GameRng,
) -> Result<usize, Violation> {
    let (at, state, sets) = (&node.at, node.state, node.legal);
    let mut refused = 0;
    let turn = state.turn();
    for _ in 0..probes {
        let Some(candidate) = rng.choose(pool) else {
            break;
        };
        let mut trial = state.clone();
        let outcome = match turn {
            Turn::Player(p) if sets[p].contains(candidate) => continue,
            Turn::Player(_) | Turn::Over => trial.apply(candidate),
            Turn::Simultaneous => {
                let seat = rng.index(sets.len());
                if sets[seat].contains(candidate) {
                    continue;
                }
                let mut joint = node.next.to_vec();
                joint[seat] = candidate.clone();
                trial.apply_joint(&joint)
            }
        };
        at.ensure(outcome.is_err(), || {
            format!("the illegal action {candidate} was accepted (turn {turn:?})")
        })?;
        if turn != Turn::Simultaneous {
            let predicted = state.check(candidate).err().map(|e| e.to_string());
            let found = outcome.err().map(|e| e.to_string());
            at.equal("check and apply on an illegal action", &predicted, &found)?;
        }
        at.equal("state after a refused action", &trial, state)?;
        refused += 1;
    }
    let mut trial = state.clone();
    let shaped = match (turn, node.next) {
        (Turn::Simultaneous, [first, ..]) => trial.apply(first),
        (Turn::Player(_), [action]) => trial.apply_joint(&[action.clone(), action.clone()]),
        _ => Err(TurnError::GameOver.into()),
    };
    at.ensure(shaped.is_err(), || {
        format!("a wrong-shaped move was accepted at {turn:?}")
    })?;
    at.equal("state after a wrong-shaped move", &trial, state)?;
    Ok(refused)
}

/// A finished game: finite returns, summing to zero where declared, and a result per seat.
fn finished<G: Game>(at: &At, state: &G) -> Result<(), Violation> {
    let n = state.num_players();
    let returns: Vec<f64> = (0..n).map(|p| state.returns(p)).collect();
    at.ensure(returns.iter().all(|r| r.is_finite()), || {
        format!("returns {returns:?}")
    })?;
    let sum: f64 = returns.iter().sum();
    at.ensure(!G::ZERO_SUM || sum.abs() < 1e-9, || {
        format!("zero-sum game, returns {returns:?}")
    })?;
    for player in 0..n {
        at.ensure(state.result(player).is_some(), || {
            format!("no result for {player}")
        })?;
    }
    Ok(())
}
