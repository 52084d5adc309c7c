//! Conformance checks every game runs in its tests (OpenSpiel's `RandomSimTest`, extended).
//!
//! [`check`] plays many random games from many seeds and, at every step, checks the promises
//! listed on [`Game`]: legal actions are non-empty and unique until the end and every one of them
//! applies, alone and as a one-element joint action; actions that are not legal (gathered from
//! other positions of the run) are refused and leave the state equal; a wrong-shaped move is
//! refused; clone, serde round trip and record replay give equal states; every legal action
//! prints and parses back; the game ends within its bound; returns sum to zero where declared,
//! and a finished game has a result for every seat.

use std::collections::HashSet;
use std::fmt::Debug;

use crate::game::{Game, SampleWorld, Turn};
use crate::record::Record;
use crate::rng::{GameRng, derive_seed};

/// How much to check.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Number of random games.
    pub games: usize,
    /// Seed of the first game; game `i` uses a seed derived from `first_seed` and `i`.
    pub first_seed: u64,
    /// How many not-legal actions to try at each step.
    pub illegal_probes: usize,
    /// Check the serde round trip and record replay every this many steps (1 = every step);
    /// they are the slow checks for long games.
    pub deep_check_every: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            games: 200,
            first_seed: 0,
            illegal_probes: 4,
            deep_check_every: 1,
        }
    }
}

/// What the checks covered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Steps (single or joint actions) applied.
    pub steps: usize,
    /// Illegal actions that were tried and refused.
    pub refusals: usize,
    /// Longest game, in steps.
    pub longest: usize,
}

/// A broken promise, with where it happened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game}, seed {seed}, step {step}: {problem}")]
pub struct Violation {
    /// The game's name.
    pub game: &'static str,
    /// The seed of the failing game.
    pub seed: u64,
    /// The step at which it failed.
    pub step: usize,
    /// What went wrong.
    pub problem: String,
}

struct Checker<'a, G: Game> {
    seed: u64,
    step: usize,
    config: &'a G::Config,
}

impl<G: Game> Checker<'_, G> {
    fn fail(&self, problem: impl Into<String>) -> Violation {
        Violation {
            game: G::NAME,
            seed: self.seed,
            step: self.step,
            problem: problem.into(),
        }
    }

    fn ensure(&self, ok: bool, problem: impl FnOnce() -> String) -> Result<(), Violation> {
        if ok {
            Ok(())
        } else {
            Err(self.fail(problem()))
        }
    }

    fn equal<T: PartialEq + Debug>(&self, what: &str, a: &T, b: &T) -> Result<(), Violation> {
        self.ensure(a == b, || format!("{what}: {a:?} != {b:?}"))
    }

    fn deep_checks(&self, state: &G, record: &Record<G>) -> Result<(), Violation> {
        self.equal("clone", &state.clone(), state)?;
        let json =
            serde_json::to_string(state).map_err(|e| self.fail(format!("serialise: {e}")))?;
        let back: G = serde_json::from_str(&json)
            .map_err(|e| self.fail(format!("deserialise {json}: {e}")))?;
        self.equal("serde round trip", &back, state)?;
        let record_json = serde_json::to_string(record)
            .map_err(|e| self.fail(format!("serialise record: {e}")))?;
        let record_back: Record<G> = serde_json::from_str(&record_json)
            .map_err(|e| self.fail(format!("deserialise record {record_json}: {e}")))?;
        self.equal("record serde round trip", &record_back, record)?;
        let replayed = record_back
            .replay()
            .map_err(|e| self.fail(format!("replay: {e}")))?;
        self.equal("record replay", &replayed, state)?;
        self.equal("record config", &record.config, self.config)
    }

    fn legal_sets(&self, state: &G) -> Result<Vec<Vec<G::Action>>, Violation> {
        let n = state.num_players();
        let mut sets = Vec::with_capacity(n);
        for player in 0..n {
            let legal = state.legal_actions(player);
            let unique: HashSet<&G::Action> = legal.iter().collect();
            self.ensure(unique.len() == legal.len(), || {
                format!("player {player} has duplicate legal actions: {legal:?}")
            })?;
            for action in &legal {
                let text = action.to_string();
                let parsed = text.parse::<G::Action>().ok();
                self.ensure(parsed.as_ref() == Some(action), || {
                    format!("action {action:?} prints as {text:?}, which parses as {parsed:?}")
                })?;
            }
            sets.push(legal);
        }
        match state.turn() {
            Turn::Over => {
                for (player, legal) in sets.iter().enumerate() {
                    self.ensure(legal.is_empty(), || {
                        format!("player {player} has legal actions after the end: {legal:?}")
                    })?;
                }
            }
            Turn::Player(mover) => {
                self.ensure(mover < n, || {
                    format!("player {mover} to move, but only {n} seats")
                })?;
                for (player, legal) in sets.iter().enumerate() {
                    self.ensure((player == mover) != legal.is_empty(), || {
                        format!(
                            "player {mover} to move, yet player {player} has {} actions",
                            legal.len()
                        )
                    })?;
                }
            }
            Turn::Simultaneous => {
                for (player, legal) in sets.iter().enumerate() {
                    self.ensure(!legal.is_empty(), || {
                        format!("simultaneous node, but player {player} has no legal action")
                    })?;
                }
            }
        }
        Ok(sets)
    }

    /// Tries actions from `pool` that are not legal now; each must be refused without change.
    fn probe_illegal(
        &self,
        state: &G,
        sets: &[Vec<G::Action>],
        pool: &[G::Action],
        probes: usize,
        rng: &mut GameRng,
    ) -> Result<usize, Violation> {
        let mut refused = 0;
        let turn = state.turn();
        for _ in 0..probes {
            let Some(candidate) = rng.choose(pool) else {
                break;
            };
            let mut trial = state.clone();
            let outcome = match turn {
                Turn::Player(p) => {
                    if sets[p].contains(candidate) {
                        continue;
                    }
                    trial.apply(candidate)
                }
                Turn::Over => trial.apply(candidate),
                Turn::Simultaneous => {
                    let seat = rng.index(sets.len());
                    if sets[seat].contains(candidate) {
                        continue;
                    }
                    let mut joint: Vec<G::Action> = sets.iter().map(|s| s[0].clone()).collect();
                    joint[seat] = candidate.clone();
                    trial.apply_joint(&joint)
                }
            };
            self.ensure(outcome.is_err(), || {
                format!("the illegal action {candidate} was accepted (turn {turn:?})")
            })?;
            self.equal("state after a refused action", &trial, state)?;
            refused += 1;
        }
        // Wrong-shaped moves.
        let mut trial = state.clone();
        let shaped = match turn {
            Turn::Simultaneous if !sets[0].is_empty() => trial.apply(&sets[0][0]),
            Turn::Player(p) => {
                let doubled = vec![sets[p][0].clone(), sets[p][0].clone()];
                trial.apply_joint(&doubled)
            }
            _ => Err(crate::game::TurnError::GameOver.into()),
        };
        self.ensure(shaped.is_err(), || {
            format!("a wrong-shaped move was accepted at {turn:?}")
        })?;
        self.equal("state after a wrong-shaped move", &trial, state)?;
        Ok(refused)
    }
}

/// Plays `options.games` random games under `config` and checks every step.
pub fn check<G: Game>(config: &G::Config, options: &Options) -> Result<Report, Violation> {
    let mut report = Report::default();
    let mut pool: Vec<G::Action> = Vec::new();
    let mut pool_seen: HashSet<G::Action> = HashSet::new();
    for game_index in 0..options.games {
        let seed = derive_seed(options.first_seed, game_index as u64);
        let mut checker = Checker::<G> {
            seed,
            step: 0,
            config,
        };
        let mut rng = GameRng::new(derive_seed(seed, u64::MAX));
        let mut state = G::new(config.clone(), seed)
            .map_err(|e| checker.fail(format!("new({config:?}) failed: {e}")))?;
        let again = G::new(config.clone(), seed).map_err(|e| checker.fail(e.to_string()))?;
        checker.equal("two games from one seed", &again, &state)?;
        let mut record = Record::<G>::new(config.clone(), seed);
        checker.ensure(state.num_players() > 0, || {
            "the game has no seats".to_string()
        })?;
        let bound = state.max_game_length();
        loop {
            let deep = checker.step % options.deep_check_every.max(1) == 0;
            if deep {
                checker.deep_checks(&state, &record)?;
            }
            let sets = checker.legal_sets(&state)?;
            for action in sets.iter().flatten() {
                if pool_seen.len() < 4096 && pool_seen.insert(action.clone()) {
                    pool.push(action.clone());
                }
            }
            report.refusals +=
                checker.probe_illegal(&state, &sets, &pool, options.illegal_probes, &mut rng)?;
            let turn = state.turn();
            let chosen: Vec<G::Action> = match turn {
                Turn::Over => break,
                Turn::Player(p) => vec![sets[p][rng.index(sets[p].len())].clone()],
                Turn::Simultaneous => sets.iter().map(|s| s[rng.index(s.len())].clone()).collect(),
            };
            // At a sequential node a one-element joint action must do what the action does
            // (records replay and some agents go through `apply_joint`).
            let mut via_joint = (deep && matches!(turn, Turn::Player(_))).then(|| state.clone());
            let applied = match turn {
                Turn::Player(_) => state.apply(&chosen[0]),
                _ => state.apply_joint(&chosen),
            };
            applied
                .map_err(|e| checker.fail(format!("legal action {chosen:?} was refused: {e}")))?;
            if let Some(trial) = via_joint.as_mut() {
                trial.apply_joint(&chosen).map_err(|e| {
                    checker.fail(format!("{chosen:?} as a one-element joint action: {e}"))
                })?;
                checker.equal("a one-element joint action", trial, &state)?;
            }
            record.actions.extend(chosen);
            checker.step += 1;
            report.steps += 1;
            checker.ensure(checker.step <= bound, || {
                format!("the game is still going after its bound of {bound} steps")
            })?;
        }
        checker.deep_checks(&state, &record)?;
        let n = state.num_players();
        let returns: Vec<f64> = (0..n).map(|p| state.returns(p)).collect();
        checker.ensure(returns.iter().all(|r| r.is_finite()), || {
            format!("returns {returns:?}")
        })?;
        if G::ZERO_SUM {
            let sum: f64 = returns.iter().sum();
            checker.ensure(sum.abs() < 1e-9, || {
                format!("zero-sum game, returns {returns:?}")
            })?;
        }
        for player in 0..n {
            checker.ensure(state.result(player).is_some(), || {
                format!("no result for {player}")
            })?;
        }
        report.games += 1;
        report.longest = report.longest.max(checker.step);
    }
    Ok(report)
}

/// Checks the "sample a consistent world" hook along random games: for every seat, at every
/// step, a sampled world shows that seat exactly the observation it was sampled from, has the
/// same turn and gives that seat the same legal actions (information-set search plans with
/// them), and it is a state that passes the clone and serde checks.
pub fn check_sample_world<G: SampleWorld>(
    config: &G::Config,
    options: &Options,
) -> Result<Report, Violation> {
    let mut report = Report::default();
    for game_index in 0..options.games {
        let seed = derive_seed(options.first_seed, game_index as u64);
        let mut checker = Checker::<G> {
            seed,
            step: 0,
            config,
        };
        let mut rng = GameRng::new(derive_seed(seed, u64::MAX - 1));
        let mut state = G::new(config.clone(), seed).map_err(|e| checker.fail(e.to_string()))?;
        loop {
            if checker.step % options.deep_check_every.max(1) == 0 {
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
                    checker.equal("clone of a sampled world", &world.clone(), &world)?;
                    let json =
                        serde_json::to_string(&world).map_err(|e| checker.fail(e.to_string()))?;
                    let back: G = serde_json::from_str(&json).map_err(|e| {
                        checker.fail(format!("sampled world does not deserialise: {e}"))
                    })?;
                    checker.equal("sampled world serde round trip", &back, &world)?;
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
