//! The Rust half of `recess.openspiel`: `OpenSpielGame`, which the Python subclass of
//! `pyspiel.Game` holds, with the facts OpenSpiel's `GameType` and `GameInfo` need. Its states
//! are `recess.State`s from the root (chance nodes for the deal), and its AIs `recess.Agent`s:
//! the Python subclasses of `pyspiel.State` and `pyspiel.Bot` hold and call them.

use std::sync::{Arc, Mutex};

use game_core::{GameInfo, Information, Parameters};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::erased::{AnyGame, Fallible, GameOf, Kind, OrKind, Playable};
use crate::{Arg, PyAgent, PyState, Seed};

/// What a game's configuration fixes, computed once when it is loaded.
#[derive(Clone, Debug)]
pub struct Facts {
    pub num_players: usize,
    pub num_distinct_actions: usize,
    pub max_chance_outcomes: usize,
    pub max_chance_events: usize,
    pub max_game_length: usize,
    pub min_utility: f64,
    pub max_utility: f64,
    pub zero_sum: bool,
    pub simultaneous: bool,
    pub perfect_information: bool,
    pub players_range: (usize, usize),
    pub information_state_shape: Vec<usize>,
    pub observation_shape: Vec<usize>,
}

/// A game loaded with OpenSpiel parameters: what `recess._recess.OpenSpielGame` holds.
pub struct SpielGame {
    short_name: String,
    long_name: &'static str,
    params: Parameters,
    facts: Facts,
    /// The same game for `recess.load_game`, under the configuration the parameters give.
    erased: Arc<dyn AnyGame>,
}

impl SpielGame {
    /// Game `G` under the declared parameters `given` (missing ones take their defaults).
    pub fn load<G: Playable>(given: &Parameters) -> Fallible<Arc<SpielGame>> {
        let declaration = G::declaration();
        let params = declaration.resolve(given).or_kind(Kind::Config)?;
        let config = G::config_from_parameters(&params).or_kind(Kind::Config)?;
        let GameInfo {
            num_players,
            max_game_length,
            utility: (min_utility, max_utility),
            zero_sum,
            ..
        } = GameInfo::of::<G>(&config).or_kind(Kind::Config)?;
        let facts = Facts {
            num_players,
            num_distinct_actions: G::num_distinct_actions(&config),
            max_chance_outcomes: G::max_chance_outcomes(&config),
            max_chance_events: G::max_chance_events(&config),
            max_game_length,
            min_utility,
            max_utility,
            zero_sum,
            simultaneous: declaration.dynamics == game_core::Dynamics::Simultaneous,
            perfect_information: declaration.information == Information::Perfect,
            players_range: declaration.players,
            information_state_shape: G::information_state_tensor_shape(&config),
            observation_shape: G::observation_tensor_shape(&config),
        };
        Ok(Arc::new(Self {
            short_name: crate::games::spiel_name(declaration.name),
            long_name: declaration.long_name,
            erased: GameOf::<G>::load(config)?,
            params,
            facts,
        }))
    }

    fn parameters_json(&self) -> String {
        serde_json::to_string(&self.params).unwrap_or_else(|_| "{}".into())
    }
}

/// A game loaded with OpenSpiel parameters.
#[pyclass(module = "recess._recess", name = "OpenSpielGame", frozen)]
pub struct PySpielGame {
    inner: Arc<SpielGame>,
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
        &self.inner.short_name
    }

    #[getter]
    fn long_name(&self) -> &'static str {
        self.inner.long_name
    }

    /// The other names `pyspiel.load_game` knows the game by (its declared aliases, written as
    /// OpenSpiel writes names), which `recess.load_game` accepts too.
    #[getter]
    fn aliases(&self) -> Vec<String> {
        self.inner
            .erased
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
        self.inner.facts.num_players
    }

    #[getter]
    fn min_players(&self) -> usize {
        self.inner.facts.players_range.0
    }

    #[getter]
    fn max_players(&self) -> usize {
        self.inner.facts.players_range.1
    }

    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.inner.facts.num_distinct_actions
    }

    /// Distinct chance outcome ids (0 when nothing is random under these parameters).
    #[getter]
    fn max_chance_outcomes(&self) -> usize {
        self.inner.facts.max_chance_outcomes
    }

    /// The most chance events a game's start draws.
    #[getter]
    fn max_chance_events(&self) -> usize {
        self.inner.facts.max_chance_events
    }

    /// The most single or joint actions a game lasts (chance outcomes not counted).
    #[getter]
    fn max_game_length(&self) -> usize {
        self.inner.facts.max_game_length
    }

    #[getter]
    fn min_utility(&self) -> f64 {
        self.inner.facts.min_utility
    }

    #[getter]
    fn max_utility(&self) -> f64 {
        self.inner.facts.max_utility
    }

    #[getter]
    fn zero_sum(&self) -> bool {
        self.inner.facts.zero_sum
    }

    #[getter]
    fn simultaneous(&self) -> bool {
        self.inner.facts.simultaneous
    }

    #[getter]
    fn perfect_information(&self) -> bool {
        self.inner.facts.perfect_information
    }

    #[getter]
    fn information_state_tensor_shape(&self) -> Vec<usize> {
        self.inner.facts.information_state_shape.clone()
    }

    #[getter]
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.inner.facts.observation_shape.clone()
    }

    #[getter]
    fn agent_names(&self) -> Vec<String> {
        self.inner.erased.agent_names()
    }

    /// The start of a game: the chance nodes of the deal to come, or with `seed` the deal of
    /// seed `seed` already drawn (its outcomes in the history), the game
    /// `recess.load_game(...).new_initial_state(seed)` gives, so that an OpenSpiel bot plays
    /// the deal a Gymnasium or PettingZoo agent saw.
    #[pyo3(signature = (seed = None))]
    fn new_initial_state(&self, seed: Option<Seed>) -> PyResult<PyState> {
        let game = self.inner.erased.clone();
        let inner = match seed {
            None => game.root(),
            Some(Seed(seed)) => game.dealt(seed)?,
        };
        Ok(PyState { game, inner })
    }

    /// The state reached by `history` (pairs of player and action, chance as -1) from the
    /// start; refused when it is not a history of this game.
    fn replay(&self, history: Vec<(i64, i64)>) -> PyResult<PyState> {
        let game = self.inner.erased.clone();
        let inner = game.replay(&crate::steps(history))?;
        Ok(PyState { game, inner })
    }

    /// The crate's AI called `name`, seeded with `seed`.
    fn agent(&self, name: Arg<String>, seed: Seed) -> PyResult<PyAgent> {
        let game = self.inner.erased.clone();
        let inner = Mutex::new(game.agent(&name.0, seed.0)?);
        Ok(PyAgent { game, inner })
    }

    fn __repr__(&self) -> String {
        format!(
            "recess._recess.OpenSpielGame({:?}, {:?})",
            &self.inner.short_name,
            self.inner.parameters_json()
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("recess")?.getattr("_load_openspiel_game")?;
        let args = (
            crate::games::home(py)?,
            &self.inner.short_name,
            self.inner.parameters_json(),
        );
        (restore, args).into_pyobject(py)
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
        return Err(crate::value_error(format!(
            "a {r} × {c} game needs {} payoffs (rows and columns at least 1), not {}",
            rows.saturating_mul(cols),
            payoff.len()
        )));
    }
    if let Some(bad) = payoff.iter().find(|p| !p.is_finite()) {
        return Err(crate::value_error(format!(
            "payoffs are finite numbers, not {bad}"
        )));
    }
    let solution = recess::duel_rules::solver::solve_matrix_game(&payoff, rows, cols);
    Ok((solution.value, solution.row, solution.col))
}

/// Adds the classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySpielGame>()?;
    m.add_function(wrap_pyfunction!(openspiel_games, m)?)?;
    #[cfg(feature = "built-in-games")]
    m.add_function(wrap_pyfunction!(solve_matrix_game, m)?)?;
    Ok(())
}
