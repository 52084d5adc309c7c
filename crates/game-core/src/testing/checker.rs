//! The step-by-step checks shared by the random-game and mutation checkers.

use std::collections::HashSet;
use std::fmt::Debug;

use super::{Options, Report, Violation};
use crate::game::{Game, Turn, TurnError};
use crate::record::Record;
use crate::rng::GameRng;

/// Where the checks are: which game, which step; every failure names it.
pub(super) struct Checker<'a, G: Game> {
    /// The seed of a random game, or `None` for a state that came from elsewhere.
    pub seed: Option<u64>,
    /// Steps applied so far.
    pub step: usize,
    /// The configuration records must carry, when there is a record.
    pub config: Option<&'a G::Config>,
}

impl<G: Game> Checker<'_, G> {
    pub fn fail(&self, problem: impl Into<String>) -> Violation {
        let at = match self.seed {
            Some(seed) => format!("seed {seed}, step {}", self.step),
            None => format!("a given state, step {}", self.step),
        };
        Violation {
            game: G::NAME,
            at,
            problem: problem.into(),
        }
    }

    pub fn ensure(&self, ok: bool, problem: impl FnOnce() -> String) -> Result<(), Violation> {
        if ok {
            Ok(())
        } else {
            Err(self.fail(problem()))
        }
    }

    pub fn equal<T: PartialEq + Debug>(&self, what: &str, a: &T, b: &T) -> Result<(), Violation> {
        self.ensure(a == b, || format!("{what}: {a:?} != {b:?}"))
    }

    /// Clone and serde round trip give equal states; the record (when there is one) survives
    /// serde and replays to the state.
    pub fn deep_checks(&self, state: &G, record: Option<&Record<G>>) -> Result<(), Violation> {
        self.equal("clone", &state.clone(), state)?;
        let json =
            serde_json::to_string(state).map_err(|e| self.fail(format!("serialise: {e}")))?;
        let back: G = serde_json::from_str(&json)
            .map_err(|e| self.fail(format!("deserialise {json}: {e}")))?;
        self.equal("serde round trip", &back, state)?;
        let Some(record) = record else {
            return Ok(());
        };
        let record_json = serde_json::to_string(record)
            .map_err(|e| self.fail(format!("serialise record: {e}")))?;
        let record_back: Record<G> = serde_json::from_str(&record_json)
            .map_err(|e| self.fail(format!("deserialise record {record_json}: {e}")))?;
        self.equal("record serde round trip", &record_back, record)?;
        let replayed = record_back
            .replay()
            .map_err(|e| self.fail(format!("replay: {e}")))?;
        self.equal("record replay", &replayed, state)?;
        if let Some(config) = self.config {
            self.equal("record config", &record.config, config)?;
        }
        Ok(())
    }

    pub fn legal_sets(&self, state: &G) -> Result<Vec<Vec<G::Action>>, Violation> {
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
    pub fn probe_illegal(
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
            if !matches!(turn, Turn::Simultaneous) {
                let predicted = state.check(candidate).err().map(|e| e.to_string());
                let found = outcome.err().map(|e| e.to_string());
                self.equal("check and apply on an illegal action", &predicted, &found)?;
            }
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
            _ => Err(TurnError::GameOver.into()),
        };
        self.ensure(shaped.is_err(), || {
            format!("a wrong-shaped move was accepted at {turn:?}")
        })?;
        self.equal("state after a wrong-shaped move", &trial, state)?;
        Ok(refused)
    }
}

/// Actions seen during a run, to offer as illegal candidates elsewhere.
pub(super) struct Pool<A> {
    actions: Vec<A>,
    seen: HashSet<A>,
}

impl<A> Default for Pool<A> {
    fn default() -> Self {
        Self {
            actions: Vec::new(),
            seen: HashSet::new(),
        }
    }
}

impl<A: Clone + Eq + std::hash::Hash> Pool<A> {
    fn add(&mut self, action: &A) {
        if self.seen.len() < 4096 && self.seen.insert(action.clone()) {
            self.actions.push(action.clone());
        }
    }
}

/// Plays `state` to its end with random legal actions from `rng`, checking every step; the
/// record, when given, grows with the actions and must replay to the state at each deep check.
/// Returns the steps played.
pub(super) fn walk<G: Game>(
    checker: &mut Checker<'_, G>,
    mut state: G,
    mut record: Option<Record<G>>,
    options: &Options,
    pool: &mut Pool<G::Action>,
    rng: &mut GameRng,
    report: &mut Report,
) -> Result<G, Violation> {
    let bound = state.max_game_length();
    let start = checker.step;
    loop {
        let deep = checker.step.is_multiple_of(options.deep_check_every.max(1));
        if deep {
            checker.deep_checks(&state, record.as_ref())?;
        }
        let sets = checker.legal_sets(&state)?;
        for action in sets.iter().flatten() {
            pool.add(action);
        }
        report.refusals +=
            checker.probe_illegal(&state, &sets, &pool.actions, options.illegal_probes, rng)?;
        let turn = state.turn();
        let chosen: Vec<G::Action> = match turn {
            Turn::Over => break,
            Turn::Player(p) => vec![sets[p][rng.index(sets[p].len())].clone()],
            Turn::Simultaneous => sets.iter().map(|s| s[rng.index(s.len())].clone()).collect(),
        };
        if let [action] = chosen.as_slice() {
            state
                .check(action)
                .map_err(|e| checker.fail(format!("check refuses the legal {action}: {e}")))?;
        }
        // At a sequential node a one-element joint action must do what the action does
        // (records replay and some agents go through `apply_joint`).
        let mut via_joint = (deep && matches!(turn, Turn::Player(_))).then(|| state.clone());
        let applied = match turn {
            Turn::Player(_) => state.apply(&chosen[0]),
            _ => state.apply_joint(&chosen),
        };
        applied.map_err(|e| checker.fail(format!("legal action {chosen:?} was refused: {e}")))?;
        if let Some(trial) = via_joint.as_mut() {
            trial.apply_joint(&chosen).map_err(|e| {
                checker.fail(format!("{chosen:?} as a one-element joint action: {e}"))
            })?;
            checker.equal("a one-element joint action", trial, &state)?;
        }
        if let Some(record) = record.as_mut() {
            record.actions.extend(chosen);
        }
        checker.step += 1;
        report.steps += 1;
        checker.ensure(checker.step - start <= bound, || {
            format!("the game is still going after its bound of {bound} steps")
        })?;
    }
    checker.deep_checks(&state, record.as_ref())?;
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
    report.longest = report.longest.max(checker.step - start);
    Ok(state)
}
