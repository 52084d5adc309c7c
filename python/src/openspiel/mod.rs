//! The Rust half of `recess.openspiel`: `OpenSpielGame`, `OpenSpielState` and `OpenSpielAgent`,
//! which the Python subclasses of `pyspiel.Game`, `pyspiel.State` and `pyspiel.Bot` hold and
//! call. Everything a search or a solver calls often is one call here.

use std::sync::{Arc, Mutex};

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

mod state;

use crate::erased::{AnyAgent, Failure, Fallible, Kind};
use crate::{Arg, Seed};
use state::{AnySpielState, CHANCE, SIMULTANEOUS, Step, TERMINAL};

use crate::value_error;

pub use state::{AnySpielGame, SpielGameOf};

/// A game loaded with OpenSpiel parameters.
#[pyclass(module = "recess._recess", name = "OpenSpielGame", frozen)]
pub struct PySpielGame {
    inner: Arc<dyn AnySpielGame>,
}

#[pymethods]
impl PySpielGame {
    /// The game registered as `short_name`, with `params_json` (a JSON object of OpenSpiel
    /// parameters) over its defaults.
    #[new]
    #[pyo3(signature = (short_name, params_json = "{}"))]
    fn new(short_name: &str, params_json: &str) -> PyResult<Self> {
        Ok(Self {
            inner: crate::games::find(short_name)
                .and_then(|game| game.spiel(&crate::games::parameters_of(params_json)?))
                .map_err(PyErr::from)?,
        })
    }

    #[getter]
    fn short_name(&self) -> &str {
        self.inner.short_name()
    }

    #[getter]
    fn long_name(&self) -> &'static str {
        self.inner.long_name()
    }

    /// The other names `pyspiel.load_game` knows the game by (its declared aliases, written as
    /// OpenSpiel writes names), which `recess.load_game` accepts too.
    #[getter]
    fn aliases(&self) -> Vec<String> {
        self.inner
            .erased()
            .declaration()
            .aliases
            .iter()
            .map(|alias| crate::games::spiel_name(alias))
            .collect()
    }

    /// Every parameter in force, as a dict.
    fn parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?
            .call_method1("loads", (self.inner.parameters_json(),))
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.inner.facts().num_players
    }

    #[getter]
    fn min_players(&self) -> usize {
        self.inner.facts().players_range.0
    }

    #[getter]
    fn max_players(&self) -> usize {
        self.inner.facts().players_range.1
    }

    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.inner.facts().num_distinct_actions
    }

    /// Distinct chance outcome ids (0 when nothing is random under these parameters).
    #[getter]
    fn max_chance_outcomes(&self) -> usize {
        self.inner.facts().max_chance_outcomes
    }

    /// The most chance events a game's start draws.
    #[getter]
    fn max_chance_events(&self) -> usize {
        self.inner.facts().max_chance_events
    }

    /// The most single or joint actions a game lasts (chance outcomes not counted).
    #[getter]
    fn max_game_length(&self) -> usize {
        self.inner.facts().max_game_length
    }

    #[getter]
    fn min_utility(&self) -> f64 {
        self.inner.facts().min_utility
    }

    #[getter]
    fn max_utility(&self) -> f64 {
        self.inner.facts().max_utility
    }

    #[getter]
    fn zero_sum(&self) -> bool {
        self.inner.facts().zero_sum
    }

    #[getter]
    fn simultaneous(&self) -> bool {
        self.inner.facts().simultaneous
    }

    #[getter]
    fn perfect_information(&self) -> bool {
        self.inner.facts().perfect_information
    }

    #[getter]
    fn information_state_tensor_shape(&self) -> Vec<usize> {
        self.inner.facts().information_state_shape.clone()
    }

    #[getter]
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.inner.facts().observation_shape.clone()
    }

    #[getter]
    fn agent_names(&self) -> Vec<String> {
        self.inner.agent_names()
    }

    /// The start of a game: the chance nodes of the deal to come, or with `seed` the deal of
    /// seed `seed` already drawn (its outcomes in the history), the game
    /// `recess.load_game(...).new_initial_state(seed)` gives, so that an OpenSpiel bot plays
    /// the deal a Gymnasium or PettingZoo agent saw.
    #[pyo3(signature = (seed = None))]
    fn new_initial_state(&self, seed: Option<Seed>) -> PyResult<PySpielState> {
        let inner = match seed {
            None => self.inner.new_initial_state(),
            Some(Seed(seed)) => self.inner.dealt(seed).map_err(PyErr::from)?,
        };
        Ok(PySpielState {
            game: self.inner.clone(),
            inner,
        })
    }

    /// The state reached by `history` (pairs of player and action, chance as -1) from the
    /// start; refused when it is not a history of this game.
    fn replay(&self, history: Vec<(i64, i64)>) -> PyResult<PySpielState> {
        let steps: Vec<Step> = history
            .into_iter()
            .map(|(player, action)| Step { player, action })
            .collect();
        Ok(PySpielState {
            game: self.inner.clone(),
            inner: self.inner.replay(&steps).map_err(PyErr::from)?,
        })
    }

    /// The crate's AI called `name`, seeded with `seed`.
    fn agent(&self, name: Arg<String>, seed: Seed) -> PyResult<PySpielAgent> {
        Ok(PySpielAgent {
            game: self.inner.short_name().to_string(),
            inner: Mutex::new(self.inner.agent(&name.0, seed.0).map_err(PyErr::from)?),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "recess._recess.OpenSpielGame({:?}, {:?})",
            self.inner.short_name(),
            self.inner.parameters_json()
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("recess")?.getattr("_load_openspiel_game")?;
        let args = (
            crate::games::home(py)?,
            self.inner.short_name(),
            self.inner.parameters_json(),
        );
        (restore, args).into_pyobject(py)
    }
}

/// The state of one game in OpenSpiel's terms: chance nodes for the deal, then the game, with
/// its whole history.
#[pyclass(module = "recess._recess", name = "OpenSpielState")]
pub struct PySpielState {
    game: Arc<dyn AnySpielGame>,
    inner: Box<dyn AnySpielState>,
}

impl PySpielState {
    /// `player`, or the seat to move when `None` (which must be a seat).
    fn seat(&self, player: Option<Arg<i64>>) -> PyResult<usize> {
        let player = player.map_or_else(|| self.inner.current_player(), |p| p.0);
        usize::try_from(player).map_err(|_| {
            value_error(match player {
                CHANCE => "this is a chance node: pass the player".into(),
                SIMULTANEOUS => "every seat acts at once here: pass the player".into(),
                TERMINAL => "the game is over and nobody moves: pass the player".into(),
                p => format!("there is no player {p}"),
            })
        })
    }

    fn wrap(&self, inner: Box<dyn AnySpielState>) -> Self {
        Self {
            game: self.game.clone(),
            inner,
        }
    }
}

#[pymethods]
impl PySpielState {
    /// The seat to move; -1 at a chance node, -2 where every seat acts at once, -4 at the end.
    fn current_player(&self) -> i64 {
        self.inner.current_player()
    }

    fn is_terminal(&self) -> bool {
        self.inner.current_player() == TERMINAL
    }

    fn is_chance_node(&self) -> bool {
        self.inner.current_player() == CHANCE
    }

    fn is_simultaneous_node(&self) -> bool {
        self.inner.current_player() == SIMULTANEOUS
    }

    fn is_player_node(&self) -> bool {
        self.inner.current_player() >= 0
    }

    /// Legal ids as OpenSpiel gives them: of the seat to move by default; the chance outcomes
    /// at a chance node; none once the game is over or for a seat that does not act.
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<Arg<i64>>) -> PyResult<Vec<i64>> {
        let player = player.map_or_else(|| self.inner.current_player(), |p| p.0);
        self.inner.legal_actions(player).map_err(PyErr::from)
    }

    /// Plays `action` (a chance outcome at a chance node); an illegal one raises `ValueError`
    /// and changes nothing.
    fn apply_action(&mut self, action: Arg<i64>) -> PyResult<()> {
        self.inner.apply_action(action.0).map_err(PyErr::from)
    }

    /// Plays one action per seat where every seat acts at once.
    fn apply_actions(&mut self, actions: Arg<Vec<i64>>) -> PyResult<()> {
        self.inner.apply_actions(&actions.0).map_err(PyErr::from)
    }

    /// A copy with `action` applied.
    fn child(&self, action: Arg<i64>) -> PyResult<Self> {
        let mut inner = self.inner.boxed_clone();
        inner.apply_action(action.0).map_err(PyErr::from)?;
        Ok(self.wrap(inner))
    }

    fn clone(&self) -> Self {
        self.wrap(self.inner.boxed_clone())
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// The possible outcomes and their probabilities at a chance node; empty elsewhere.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.inner.chance_outcomes()
    }

    /// Every seat's return: the score of a finished game, 0 before.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// The rewards of the last step: the returns once the game is over (everything is scored
    /// at the end), 0 before.
    fn rewards(&self) -> Vec<f64> {
        self.inner.returns()
    }

    fn player_return(&self, player: Arg<i64>) -> PyResult<f64> {
        let Arg(player) = player;
        let returns = self.inner.returns();
        usize::try_from(player)
            .ok()
            .and_then(|p| returns.get(p).copied())
            .ok_or_else(|| value_error(format!("there is no player {player}")))
    }

    /// Every action so far, chance outcomes included; a joint action is one id per seat.
    fn history(&self) -> Vec<i64> {
        self.inner.history().iter().map(|s| s.action).collect()
    }

    /// `history()` as OpenSpiel writes it: ids joined by `", "`.
    fn history_str(&self) -> String {
        let ids: Vec<String> = self
            .inner
            .history()
            .iter()
            .map(|s| s.action.to_string())
            .collect();
        ids.join(", ")
    }

    /// The history as pairs of player (-1 for chance) and action.
    fn full_history(&self) -> Vec<(i64, i64)> {
        self.inner
            .history()
            .iter()
            .map(|s| (s.player, s.action))
            .collect()
    }

    /// Chance outcomes, single actions and joint actions so far (a joint action counts once).
    fn move_number(&self) -> usize {
        self.inner.move_number()
    }

    /// Everything `player` (by default the seat to move) has seen and done, as text.
    #[pyo3(signature = (player = None))]
    fn information_state_string(&self, player: Option<Arg<i64>>) -> PyResult<String> {
        self.inner
            .information_state_string(self.seat(player)?)
            .map_err(PyErr::from)
    }

    /// `information_state_string` as a flat list of floats.
    #[pyo3(signature = (player = None))]
    fn information_state_tensor(&self, player: Option<Arg<i64>>) -> PyResult<Vec<f32>> {
        let seat = self.seat(player)?;
        new_tensor(&self.game.facts().information_state_shape, |out| {
            self.inner.information_state_tensor(seat, out)
        })
    }

    /// Writes `player`'s information state tensor into `out` (float32, of the tensor's size).
    fn write_information_state_tensor(
        &self,
        player: Arg<i64>,
        out: &Bound<'_, PyArray1<f32>>,
    ) -> PyResult<()> {
        let seat = self.seat(Some(player))?;
        write_tensor(out, &self.game.facts().information_state_shape, |out| {
            self.inner.information_state_tensor(seat, out)
        })
    }

    /// What `player` (by default the seat to move) sees now, as text.
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<Arg<i64>>) -> PyResult<String> {
        self.inner
            .observation_string(self.seat(player)?)
            .map_err(PyErr::from)
    }

    /// `observation_string` as a flat list of floats.
    #[pyo3(signature = (player = None))]
    fn observation_tensor(&self, player: Option<Arg<i64>>) -> PyResult<Vec<f32>> {
        let seat = self.seat(player)?;
        new_tensor(&self.game.facts().observation_shape, |out| {
            self.inner.observation_tensor(seat, out)
        })
    }

    /// Writes `player`'s observation tensor into `out` (float32, of the tensor's size).
    fn write_observation_tensor(
        &self,
        player: Arg<i64>,
        out: &Bound<'_, PyArray1<f32>>,
    ) -> PyResult<()> {
        let seat = self.seat(Some(player))?;
        write_tensor(out, &self.game.facts().observation_shape, |out| {
            self.inner.observation_tensor(seat, out)
        })
    }

    /// The notation of `action` taken by `player` (-1: a chance outcome of this node).
    fn action_to_string(&self, player: Arg<i64>, action: Arg<i64>) -> PyResult<String> {
        self.inner
            .action_to_string(player.0, action.0)
            .map_err(PyErr::from)
    }

    /// A world `player` cannot tell from this one, its hidden parts drawn from `seed`, with a
    /// history that deals it.
    fn resample(&self, player: Arg<i64>, seed: Seed) -> PyResult<Self> {
        let seat = self.seat(Some(player))?;
        Ok(self.wrap(self.inner.resample(seat, seed.0).map_err(PyErr::from)?))
    }

    fn __str__(&self) -> String {
        self.inner.describe()
    }

    fn __repr__(&self) -> String {
        format!(
            "recess._recess.OpenSpielState({:?}, history=[{}])",
            self.game.short_name(),
            self.history_str()
        )
    }

    /// Pickled as the game and the history, replayed on loading.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("recess")?.getattr("_restore_openspiel_state")?;
        let args = (
            crate::games::home(py)?,
            self.game.short_name(),
            self.game.parameters_json(),
            self.full_history(),
        );
        (restore, args).into_pyobject(py)
    }
}

/// One of a game's AIs, choosing for the state of an `OpenSpielState`.
#[pyclass(module = "recess._recess", name = "OpenSpielAgent", frozen)]
pub struct PySpielAgent {
    game: String,
    inner: Mutex<Box<dyn AnyAgent>>,
}

#[pymethods]
impl PySpielAgent {
    #[getter]
    fn name(&self) -> PyResult<String> {
        Ok(self
            .inner
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the agent failed earlier"))?
            .name())
    }

    /// The id of the action the agent picks for `player` in `state`, seeing only what that seat
    /// may see.
    fn step(
        &self,
        py: Python<'_>,
        state: PyRef<'_, PySpielState>,
        player: Arg<i64>,
    ) -> PyResult<i64> {
        if state.game.short_name() != self.game {
            return Err(Failure::new(
                Kind::State,
                format!(
                    "this agent plays {}, not {}",
                    self.game,
                    state.game.short_name()
                ),
            )
            .into());
        }
        let seat = state.seat(Some(player))?;
        let Some(playing) = state.inner.playing() else {
            return Err(Failure::new(
                Kind::State,
                "the deal is not complete: chance moves here, not a seat",
            )
            .into());
        };
        let inner = &self.inner;
        py.detach(|| {
            let mut agent = inner
                .lock()
                .map_err(|_| "the agent failed earlier".to_string())?;
            agent.step(playing, Some(seat))
        })
        .map(|id| id as i64)
        .map_err(PyErr::from)
    }
}

/// Every game `recess.openspiel` registers, under its default parameters.
#[pyfunction]
fn openspiel_games() -> PyResult<Vec<PySpielGame>> {
    crate::games::names()
        .into_iter()
        .map(|name| PySpielGame::new(name, "{}"))
        .collect()
}

/// A pickled `OpenSpielState` back.
#[pyfunction]
fn _restore_openspiel_state(
    short_name: &str,
    params_json: &str,
    history: Vec<(i64, i64)>,
) -> PyResult<PySpielState> {
    PySpielGame::new(short_name, params_json)?.replay(history)
}

/// Solves the two-player zero-sum matrix game `payoff` (row-major, `rows × cols`, payoffs to
/// the row player) exactly with the duel crate's solver: `(value, row strategy, column
/// strategy)`.
#[cfg(feature = "built-in-games")]
#[pyfunction]
fn solve_matrix_game(
    payoff: Arg<Vec<f64>>,
    rows: Arg<i64>,
    cols: Arg<i64>,
) -> PyResult<(f64, Vec<f64>, Vec<f64>)> {
    let Arg(payoff) = payoff;
    let (Arg(r), Arg(c)) = (rows, cols);
    let size = |n: i64| usize::try_from(n).unwrap_or(0);
    let (rows, cols) = (size(r), size(c));
    if rows == 0 || cols == 0 || rows.checked_mul(cols) != Some(payoff.len()) {
        return Err(value_error(format!(
            "a {r} × {c} game needs {} payoffs (rows and columns at least 1), not {}",
            rows.saturating_mul(cols),
            payoff.len()
        )));
    }
    if let Some(bad) = payoff.iter().find(|p| !p.is_finite()) {
        return Err(value_error(format!(
            "payoffs are finite numbers, not {bad}"
        )));
    }
    let solution = recess::duel_rules::solver::solve_matrix_game(&payoff, rows, cols);
    Ok((solution.value, solution.row, solution.col))
}

/// Adds the classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySpielGame>()?;
    m.add_class::<PySpielState>()?;
    m.add_class::<PySpielAgent>()?;
    m.add_function(wrap_pyfunction!(openspiel_games, m)?)?;
    m.add_function(wrap_pyfunction!(_restore_openspiel_state, m)?)?;
    #[cfg(feature = "built-in-games")]
    m.add_function(wrap_pyfunction!(solve_matrix_game, m)?)?;
    Ok(())
}

/// A tensor of `shape`, as a flat list of floats that `fill` writes.
fn new_tensor(
    shape: &[usize],
    fill: impl FnOnce(&mut [f32]) -> Fallible<()>,
) -> PyResult<Vec<f32>> {
    let mut out = vec![0.0; shape.iter().product()];
    fill(&mut out).map_err(PyErr::from)?;
    Ok(out)
}

/// `fill` writing a tensor of `shape` into the numpy array `out`, which must hold exactly its
/// values.
fn write_tensor(
    out: &Bound<'_, PyArray1<f32>>,
    shape: &[usize],
    fill: impl FnOnce(&mut [f32]) -> Fallible<()>,
) -> PyResult<()> {
    let mut out = out
        .try_readwrite()
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    let out = out
        .as_slice_mut()
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    let size: usize = shape.iter().product();
    if out.len() != size {
        return Err(value_error(format!(
            "the tensor has {size} values, not {}",
            out.len()
        )));
    }
    fill(out).map_err(PyErr::from)
}
