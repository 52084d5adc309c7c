//! `recess._recess`: the compiled core of the `recess` Python package.
//!
//! Four classes over type-erased games (see `erased`): `Game`, `State`, `Agent` and
//! `VectorGame`, shaped after OpenSpiel's `pyspiel`. The games on offer are listed once, in
//! `games`.

use std::sync::{Arc, Mutex};

use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

mod arena;
mod erased;
mod games;
mod openspiel;
mod pictures;
mod state;
mod vector;

pub use erased::Playable;
#[cfg(feature = "built-in-games")]
pub use games::built_in;
pub use games::{Registration, register};

use erased::{AnyAgent, AnyGame, AnyState, Failure, Fallible, Kind};
use state::{CHANCE, SIMULTANEOUS, TERMINAL};
use vector::{AnyVector, Buffers};

// Each kind of error its own class, every one a `RecessError` and so a `ValueError` (what every
// error was before), so that a caller can tell an illegal move from a typo in a name without
// reading messages, and catch everything recess refuses with one class.
pyo3::create_exception!(
    recess,
    RecessError,
    PyValueError,
    "What recess refuses: the base of every recess exception (a `ValueError`)."
);
pyo3::create_exception!(
    recess,
    IllegalActionError,
    RecessError,
    "A move the rules refuse now (the state is unchanged)."
);
pyo3::create_exception!(
    recess,
    ParseError,
    RecessError,
    "Text that does not read: an action's notation, a serialised state, parameters."
);
pyo3::create_exception!(
    recess,
    UnknownGameError,
    RecessError,
    "A game name that `load_game` does not know."
);
pyo3::create_exception!(
    recess,
    UnknownAgentError,
    RecessError,
    "An AI name the game's roster lacks."
);
pyo3::create_exception!(
    recess,
    ConfigError,
    RecessError,
    "Parameters the game refuses: an unknown name or a value out of range."
);
pyo3::create_exception!(
    recess,
    StateError,
    RecessError,
    "A state that does not fit the call: of another game, over, or another seat's turn."
);

/// `ArgumentError`: a `RecessError` and a `TypeError` both (an argument of the wrong type was a
/// `TypeError` before), made once per module by Python's `type` (PyO3's exceptions take one
/// base).
static ARGUMENT_ERROR: pyo3::sync::PyOnceLock<Py<pyo3::types::PyType>> =
    pyo3::sync::PyOnceLock::new();

fn argument_error_type(py: Python<'_>) -> PyResult<&Bound<'_, pyo3::types::PyType>> {
    ARGUMENT_ERROR
        .get_or_try_init(py, || {
            let bases = (
                py.get_type::<RecessError>(),
                py.get_type::<pyo3::exceptions::PyTypeError>(),
            );
            let namespace = PyDict::new(py);
            namespace.set_item("__module__", "recess")?;
            namespace.set_item(
                "__doc__",
                "An argument of the wrong type or out of range: a seat, an id, an index, a size \
                 that cannot be allocated. A `RecessError` (so a `ValueError`) and a `TypeError`.",
            )?;
            let class =
                py.get_type::<pyo3::types::PyType>()
                    .call1(("ArgumentError", bases, namespace))?;
            Ok(class.cast_into::<pyo3::types::PyType>()?.unbind())
        })
        .map(|class| class.bind(py))
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> PyErr {
        // The classes of the `recess` package, whichever module raises: a module that registers
        // its own games raises the same `recess.IllegalActionError` as `recess._recess` does.
        let class = match failure.kind {
            Kind::IllegalAction => "IllegalActionError",
            Kind::Parse => "ParseError",
            Kind::UnknownGame => "UnknownGameError",
            Kind::UnknownAgent => "UnknownAgentError",
            Kind::Config => "ConfigError",
            Kind::State => "StateError",
            Kind::Merge => "MergeError",
            Kind::Value => "ArgumentError",
        };
        let shared = Python::attach(|py| {
            let class = py
                .import("recess._recess")
                .ok()?
                .getattr(class)
                .ok()?
                .cast_into::<pyo3::types::PyType>()
                .ok()?;
            Some(PyErr::from_type(class, failure.message.clone()))
        });
        if let Some(error) = shared {
            return error;
        }
        let message = failure.message;
        match failure.kind {
            Kind::IllegalAction => IllegalActionError::new_err(message),
            Kind::Parse => ParseError::new_err(message),
            Kind::UnknownGame => UnknownGameError::new_err(message),
            Kind::UnknownAgent => UnknownAgentError::new_err(message),
            Kind::Config => ConfigError::new_err(message),
            Kind::State => StateError::new_err(message),
            Kind::Merge => arena::MergeError::new_err(message),
            Kind::Value => Python::attach(|py| match argument_error_type(py) {
                Ok(class) => PyErr::from_type(class.clone(), message),
                Err(error) => error,
            }),
        }
    }
}

/// A bad argument: `ArgumentError`.
pub(crate) fn value_error(message: String) -> PyErr {
    Failure::new(Kind::Value, message).into()
}

/// What an argument of type `T` is, for the message when Python passes something else.
pub(crate) trait Expected {
    const WHAT: &'static str;
    /// Whether `T` is a sequence, which text is not here (though Python iterates over it).
    const SEQUENCE: bool = false;
}

impl Expected for i64 {
    const WHAT: &'static str = "an integer from -2**63 to 2**63 - 1";
}

impl Expected for Vec<f64> {
    const WHAT: &'static str = "a sequence of numbers";
    const SEQUENCE: bool = true;
}

impl Expected for Vec<i64> {
    const WHAT: &'static str = "a sequence of integers from -2**63 to 2**63 - 1";
    const SEQUENCE: bool = true;
}

impl Expected for String {
    const WHAT: &'static str = "text (a str)";
}

impl Expected for bool {
    const WHAT: &'static str = "True or False";
}

impl Expected for Vec<Option<String>> {
    const WHAT: &'static str = "a list with an AI name or None for each seat";
    const SEQUENCE: bool = true;
}

impl Expected for Vec<String> {
    const WHAT: &'static str = "a list of names";
    const SEQUENCE: bool = true;
}

/// An argument from Python: what `T` reads, anything else (another type, an integer out of
/// range) an `ArgumentError` that says what was expected (rather than Python's `TypeError` or
/// `OverflowError`).
#[derive(Clone, Debug)]
pub(crate) struct Arg<T>(pub T);

impl<'a, 'py, T> FromPyObject<'a, 'py> for Arg<T>
where
    T: FromPyObject<'a, 'py> + Expected,
{
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if T::SEQUENCE && obj.is_instance_of::<PyString>() {
            return Err(expected::<T>(obj));
        }
        match obj.extract::<T>() {
            Ok(value) => Ok(Arg(value)),
            Err(_) => Err(expected::<T>(obj)),
        }
    }
}

/// The `ArgumentError` for `obj`, which is not what `T` reads.
fn expected<T: Expected>(obj: Borrowed<'_, '_, PyAny>) -> PyErr {
    match obj.repr() {
        Ok(repr) => value_error(format!(
            "expected {}, not {}",
            T::WHAT,
            shorten(&repr.to_string())
        )),
        Err(error) => error,
    }
}

/// `text`, cut to 60 characters for a message.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

/// A seed from Python: any integer from 0 to 2^64 − 1. Anything else that is an integer is a
/// `ValueError` that says what a seed is (rather than Python's overflow message).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seed(pub u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        // A float, text or an integer out of range: the same `ValueError`, which says what a
        // seed is (rather than Python's `TypeError` or overflow message).
        obj.extract::<u64>()
            .map(Seed)
            .map_err(|_| match obj.repr() {
                Ok(repr) => value_error(format!(
                    "a seed is an integer from 0 to 2**64 - 1, not {repr}"
                )),
                Err(error) => error,
            })
    }
}

/// A seat number from Python, checked against the number of seats.
fn seat(player: i64, seats: usize) -> PyResult<usize> {
    usize::try_from(player)
        .ok()
        .filter(|&p| p < seats)
        .ok_or_else(|| {
            value_error(format!(
                "there is no player {player}: players are 0 to {}",
                seats - 1
            ))
        })
}

/// Two float32 arrays: an observation tensor's low and high bounds.
type Pair<'py> = (Bound<'py, PyArrayDyn<f32>>, Bound<'py, PyArrayDyn<f32>>);

/// A game and its parameters, as `load_game` returns it.
#[pyclass(module = "recess", name = "Game", frozen)]
struct PyGame {
    inner: Arc<dyn AnyGame>,
}

#[pymethods]
impl PyGame {
    /// The game's short name, as `load_game` takes it.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// The parameters in force (the defaults with those given to `load_game`), as a dict.
    fn parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?
            .call_method1("loads", (self.inner.parameters_json(),))
    }

    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// Number of action ids: every id is below it.
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }

    /// Shape of `State.observation_tensor` (which is flat, in row-major order of this shape).
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.inner.observation_tensor_shape()
    }

    /// Length of `State.observation_tensor`.
    fn observation_tensor_size(&self) -> usize {
        self.inner.observation_tensor_shape().iter().product()
    }

    /// An upper bound on the number of steps of a game.
    fn max_game_length(&self) -> usize {
        self.inner.max_game_length()
    }

    /// Whether the returns of every finished game sum to zero.
    fn is_zero_sum(&self) -> bool {
        self.inner.zero_sum()
    }

    /// Names of the game's AIs, for `recess.agent`.
    fn agent_names(&self) -> Vec<String> {
        self.inner.agent_names()
    }

    /// The game's declaration as a dict: `name`, `long_name`, `aliases`, `players` (fewest,
    /// most), `dynamics` (`"Sequential"` or `"Simultaneous"`), `chance` (`"Deterministic"`,
    /// `"Explicit"` or `"Sampled"`), `information` (`"Perfect"` or `"Imperfect"`),
    /// `parameters` (each `name`, `default`, `doc`), `agents` (each `name`, `description`) and
    /// `default_opponent` (the AI that plays the other seats when none is named; `None` for a
    /// game played alone). Every adapter reads it.
    fn declaration<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = serde_json::to_string(&self.inner.declaration())
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        py.import("json")?.call_method1("loads", (json,))
    }

    /// The lowest and the highest return a seat can get under these parameters.
    fn utility_range(&self) -> (f64, f64) {
        self.inner.info().utility
    }

    /// Elementwise bounds of `State.observation_tensor`: `(low, high)`, two float32 arrays of
    /// `observation_tensor_shape()` (infinite where the game knows no bound).
    fn observation_bounds<'py>(&self, py: Python<'py>) -> PyResult<Pair<'py>> {
        let shape = self.inner.observation_tensor_shape();
        let bounds = self
            .inner
            .info()
            .observation_bounds
            .clone()
            .unwrap_or_else(|| game_core::Bounds::unbounded(shape.iter().product()));
        let shaped = |values: Vec<f32>| PyArray1::from_vec(py, values).reshape(shape.clone());
        Ok((shaped(bounds.low)?, shaped(bounds.high)?))
    }

    /// A new game; everything random (deals, lots) is drawn from `seed`.
    #[pyo3(signature = (seed = Seed(0)))]
    fn new_initial_state(&self, seed: Seed) -> PyResult<PyState> {
        let state = self.inner.new_initial_state(seed.0).map_err(PyErr::from)?;
        Ok(PyState {
            game: self.inner.clone(),
            inner: state,
        })
    }

    /// The state `State.serialize` wrote; refused (`ValueError`) when it is malformed, is not a
    /// position the game can reach, or has other parameters than this game.
    fn deserialize_state(&self, text: Arg<String>) -> PyResult<PyState> {
        let state = self.inner.deserialize_state(&text.0).map_err(PyErr::from)?;
        Ok(PyState {
            game: self.inner.clone(),
            inner: state,
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGame>().is_ok_and(|other| {
            let other = other.get();
            other.inner.name() == self.inner.name()
                && other.inner.parameters_json() == self.inner.parameters_json()
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.inner.name().hash(&mut hasher);
        self.inner.parameters_json().hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        format!(
            "recess.Game({:?}, {})",
            self.inner.name(),
            self.inner.parameters_json()
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("recess")?.getattr("_load_game_json")?;
        let args = (
            games::home(py)?,
            self.inner.name(),
            self.inner.parameters_json(),
        );
        (restore, args).into_pyobject(py)
    }
}

/// The state of one game, after OpenSpiel's `pyspiel.State`: the chance nodes of a deal still
/// to come (from `OpenSpielGame`), then the game, with its history since the state began.
#[pyclass(module = "recess", name = "State")]
struct PyState {
    game: Arc<dyn AnyGame>,
    inner: Box<dyn AnyState>,
}

impl PyState {
    /// `player`, or the seat to move when `None`.
    fn seat_or_mover(&self, player: Option<Arg<i64>>) -> PyResult<usize> {
        match player {
            Some(Arg(player)) => seat(player, self.inner.seats()),
            None => match self.inner.current_player() {
                CHANCE => Err(value_error("this is a chance node: pass the player".into())),
                SIMULTANEOUS => Err(value_error(
                    "every player acts at once here: pass the player".into(),
                )),
                TERMINAL => Err(Failure::new(
                    Kind::State,
                    "the game is over and nobody moves: pass the player",
                )
                .into()),
                p => Ok(p as usize),
            },
        }
    }

    fn wrap(&self, inner: Box<dyn AnyState>) -> Self {
        Self {
            game: self.game.clone(),
            inner,
        }
    }
}

#[pymethods]
impl PyState {
    /// The seat to move; -1 at a chance node, -2 where every seat acts at once, -4 at the end.
    fn current_player(&self) -> i64 {
        self.inner.current_player()
    }

    fn is_terminal(&self) -> bool {
        self.inner.current_player() == TERMINAL
    }

    fn is_simultaneous_node(&self) -> bool {
        self.inner.current_player() == SIMULTANEOUS
    }

    /// Whether the deal is still being drawn (only a state of `OpenSpielGame` begins there).
    fn is_chance_node(&self) -> bool {
        self.inner.current_player() == CHANCE
    }

    /// Whether one seat acts now.
    fn is_player_node(&self) -> bool {
        self.inner.current_player() >= 0
    }

    fn num_players(&self) -> usize {
        self.inner.seats()
    }

    /// The game this state belongs to.
    fn get_game(&self) -> PyGame {
        PyGame {
            inner: self.game.clone(),
        }
    }

    /// Ids of `player`'s legal actions (by default the seat to move), in increasing order: the
    /// chance outcomes at a chance node; none once the game is over or for a seat that does not
    /// act.
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<Arg<i64>>) -> PyResult<Vec<i64>> {
        let player = player.map_or_else(|| self.inner.current_player(), |p| p.0);
        Ok(self.inner.legal_actions(player)?)
    }

    /// One flag per action id: whether it is legal for `player` (by default the seat to move).
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<Arg<i64>>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let mask = match self.inner.current_player() {
            TERMINAL | CHANCE if player.is_none() => vec![false; self.game.num_distinct_actions()],
            _ => self.inner.legal_mask(self.seat_or_mover(player)?),
        };
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Plays the action of id `action` for the seat to move (a chance outcome at a chance
    /// node). An illegal action raises `IllegalActionError` with the game's reason and changes
    /// nothing.
    fn apply_action(&mut self, action: Arg<i64>) -> PyResult<()> {
        Ok(self.inner.apply_action(action.0)?)
    }

    /// Plays one action id per seat, in seat order, where every seat acts at once. An illegal
    /// joint action raises `IllegalActionError` and changes nothing.
    fn apply_actions(&mut self, actions: Arg<Vec<i64>>) -> PyResult<()> {
        Ok(self.inner.apply_actions(&actions.0)?)
    }

    /// A copy with `action` applied.
    fn child(&self, action: Arg<i64>) -> PyResult<Self> {
        let mut inner = self.inner.boxed_clone();
        inner.apply_action(action.0)?;
        Ok(self.wrap(inner))
    }

    /// The possible outcomes and their probabilities at a chance node; empty elsewhere.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.inner.chance_outcomes()
    }

    /// Every seat's return: the score of a finished game, 0 while it is played.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// The rewards of the last step: the returns once the game is over (everything is scored
    /// at the end), 0 before.
    fn rewards(&self) -> Vec<f64> {
        self.inner.returns()
    }

    fn player_return(&self, player: Arg<i64>) -> PyResult<f64> {
        Ok(self.inner.returns()[seat(player.0, self.inner.seats())?])
    }

    /// Every action since the state began (the root for a state of `OpenSpielGame`; a state
    /// dealt from a seed or read from text begins with none), chance outcomes included; a joint
    /// action is one id per seat.
    fn history(&self) -> Vec<i64> {
        self.inner.history().iter().map(|s| s.action).collect()
    }

    /// `history()` as OpenSpiel writes it: ids joined by `", "`.
    fn history_str(&self) -> String {
        let ids: Vec<String> = self.history().iter().map(i64::to_string).collect();
        ids.join(", ")
    }

    /// The history as pairs of player (-1 for chance) and action.
    fn full_history(&self) -> Vec<(i64, i64)> {
        let history = self.inner.history().iter();
        history.map(|s| (s.player, s.action)).collect()
    }

    /// Chance outcomes, single actions and joint actions in the history (a joint action counts
    /// once).
    fn move_number(&self) -> usize {
        self.inner.move_number()
    }

    /// Everything `player` (by default the seat to move) has seen and done, as text.
    #[pyo3(signature = (player = None))]
    fn information_state_string(&self, player: Option<Arg<i64>>) -> PyResult<String> {
        Ok(self
            .inner
            .information_state_string(self.seat_or_mover(player)?)?)
    }

    /// `information_state_string` as a flat float32 array of
    /// `OpenSpielGame.information_state_tensor_shape` (row-major).
    #[pyo3(signature = (player = None))]
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<Arg<i64>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat_or_mover(player)?;
        let mut out = vec![0.0; self.game.information_state_tensor_shape().iter().product()];
        self.inner.information_state_tensor(seat, &mut out)?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// Writes `player`'s information state tensor into `out` (float32, of the tensor's size).
    fn write_information_state_tensor(
        &self,
        player: Arg<i64>,
        out: &Bound<'_, PyArray1<f32>>,
    ) -> PyResult<()> {
        let seat = self.seat_or_mover(Some(player))?;
        let shape = self.game.information_state_tensor_shape();
        write_tensor(out, &shape, |out| {
            self.inner.information_state_tensor(seat, out)
        })
    }

    /// What `player` (by default the seat to move) sees, as a flat float32 array of
    /// `Game.observation_tensor_size()` values (row-major in `observation_tensor_shape()`).
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<Arg<i64>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat_or_mover(player)?;
        let mut out = vec![0.0; self.game.observation_tensor_shape().iter().product()];
        self.inner.observation_tensor(seat, &mut out)?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// Writes `player`'s observation tensor into `out` (float32, of the tensor's size).
    fn write_observation_tensor(
        &self,
        player: Arg<i64>,
        out: &Bound<'_, PyArray1<f32>>,
    ) -> PyResult<()> {
        let seat = self.seat_or_mover(Some(player))?;
        let shape = self.game.observation_tensor_shape();
        write_tensor(out, &shape, |out| self.inner.observation_tensor(seat, out))
    }

    /// What `player` (by default the seat to move) sees, as text.
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<Arg<i64>>) -> PyResult<String> {
        Ok(self.inner.observation_string(self.seat_or_mover(player)?)?)
    }

    /// The notation of an action id: `action_to_string(player, id)` as OpenSpiel (player -1: a
    /// chance outcome of this node), or `action_to_string(id)` for the one to move.
    #[pyo3(signature = (player_or_action, action = None))]
    fn action_to_string(
        &self,
        player_or_action: Arg<i64>,
        action: Option<Arg<i64>>,
    ) -> PyResult<String> {
        let Arg(player_or_action) = player_or_action;
        let (player, id) = match action {
            Some(Arg(id)) => {
                if !matches!(player_or_action, CHANCE | SIMULTANEOUS) {
                    seat(player_or_action, self.inner.seats())?;
                }
                (player_or_action, id)
            }
            None => (self.inner.current_player(), player_or_action),
        };
        Ok(self.inner.action_to_string(player, id)?)
    }

    /// The id of an action given in the game's notation: `string_to_action(player, text)` as
    /// OpenSpiel, or `string_to_action(text)`.
    #[pyo3(signature = (player_or_text, text = None))]
    fn string_to_action(
        &self,
        player_or_text: &Bound<'_, PyAny>,
        text: Option<Arg<String>>,
    ) -> PyResult<usize> {
        let text = match text {
            Some(Arg(text)) => {
                let Arg(player) = player_or_text.extract::<Arg<i64>>()?;
                seat(player, self.inner.seats())?;
                text
            }
            None => player_or_text.extract::<Arg<String>>()?.0,
        };
        Ok(self.inner.string_to_action(&text)?)
    }

    /// A world `player` cannot tell from this one, its hidden parts drawn from `seed`, with a
    /// history that deals it.
    fn resample(&self, player: Arg<i64>, seed: Seed) -> PyResult<Self> {
        let seat = self.seat_or_mover(Some(player))?;
        Ok(self.wrap(self.inner.resample(seat, seed.0)?))
    }

    /// A copy that moves on independently.
    fn clone(&self) -> PyState {
        self.wrap(self.inner.boxed_clone())
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// The whole state as JSON text (refused at a chance node); `Game.deserialize_state` reads
    /// it back.
    fn serialize(&self) -> PyResult<String> {
        Ok(self.inner.to_json()?)
    }

    /// The board or table as people read it (the outcomes drawn so far while dealing);
    /// `serialize()` gives the JSON.
    fn __str__(&self) -> String {
        self.inner.describe()
    }

    /// The state drawn as an SVG document: as `player` sees it (others' hidden cards face
    /// down), or everything face up when `None`.
    #[pyo3(signature = (player = None))]
    fn to_svg(&self, player: Option<Arg<i64>>) -> PyResult<String> {
        let player = player.map(|p| p.0);
        Ok(self
            .inner
            .svg(pictures::view(self.inner.as_ref(), player)?)?)
    }

    /// Jupyter's picture of the state: `to_svg()`, everything face up (none while dealing).
    fn _repr_svg_(&self) -> Option<String> {
        self.inner.svg(game_core::svg::View::Everything).ok()
    }

    /// `to_svg(player)` as pixels: a `(height, width, 3)` uint8 RGB array, `width` pixels wide
    /// (by default one pixel per unit of the drawing's `viewBox`), the height in proportion.
    #[pyo3(signature = (player = None, width = None))]
    fn to_rgb_array<'py>(
        &self,
        py: Python<'py>,
        player: Option<Arg<i64>>,
        width: Option<Arg<i64>>,
    ) -> PyResult<Bound<'py, numpy::PyArray3<u8>>> {
        let (player, width) = (player.map(|p| p.0), width.map(|w| w.0));
        pictures::rgb_array(py, self.inner.as_ref(), player, width)
    }

    fn __repr__(&self) -> String {
        let name = self.game.name();
        match self.inner.to_json() {
            Ok(json) => format!("recess.State({name:?}, {json})"),
            Err(_) => format!("recess.State({name:?}, history=[{}])", self.history_str()),
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyState>()
            .is_ok_and(|other| self.inner.same_as(other.borrow().inner.as_ref()))
    }

    /// Pickled as the game, the state's JSON (none while dealing: the history replays it from
    /// the root) and the history.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("recess")?.getattr("_restore_state")?;
        let args = (
            games::home(py)?,
            self.game.name(),
            self.game.parameters_json(),
            self.inner.to_json().ok(),
            self.full_history(),
            self.inner.move_number(),
        );
        (restore, args).into_pyobject(py)
    }
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
    Ok(fill(out)?)
}

/// A history from Python: pairs of player and action.
fn steps(history: Vec<(i64, i64)>) -> Vec<state::Step> {
    let steps = history.into_iter();
    steps
        .map(|(player, action)| state::Step { player, action })
        .collect()
}

/// One of a game's AIs, by name: `step(state)` gives the id of the action it picks.
#[pyclass(module = "recess", name = "Agent", frozen)]
struct PyAgent {
    game: Arc<dyn AnyGame>,
    inner: Mutex<Box<dyn AnyAgent>>,
}

#[pymethods]
impl PyAgent {
    #[getter]
    fn name(&self) -> PyResult<String> {
        Ok(self
            .inner
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the agent failed earlier"))?
            .name())
    }

    /// The id of the action the agent picks in `state` for `player` (by default the seat to
    /// move; needed where every seat acts at once). It sees only what that seat may see.
    #[pyo3(signature = (state, player = None))]
    fn step(
        &self,
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
        player: Option<Arg<i64>>,
    ) -> PyResult<usize> {
        let state = state.cast::<PyState>().map_err(|_| {
            PyErr::from(Failure::new(
                Kind::State,
                format!(
                    "an agent steps a recess.State of {}, not {}",
                    self.game.name(),
                    state
                        .repr()
                        .map_or_else(|_| "that".into(), |r| shorten(&r.to_string()))
                ),
            ))
        })?;
        let state = state.borrow();
        if state.game.name() != self.game.name() {
            return Err(Failure::new(
                Kind::State,
                format!(
                    "this agent plays {}, not {}",
                    self.game.name(),
                    state.game.name()
                ),
            )
            .into());
        }
        let player = player
            .map(|Arg(p)| seat(p, state.inner.seats()))
            .transpose()?;
        let inner = &self.inner;
        let state: &dyn AnyState = state.inner.as_ref();
        py.detach(|| {
            let mut agent = inner
                .lock()
                .map_err(|_| Failure::from("the agent failed earlier".to_string()))?;
            agent.step(state, player)
        })
        .map_err(PyErr::from)
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!(
            "recess.Agent({:?}, {:?})",
            self.game.name(),
            self.name()?
        ))
    }
}

/// What `VectorGame.step` returns: the rewards and the done flags.
type Step<'py> = (Bound<'py, PyArrayDyn<f32>>, Bound<'py, PyArrayDyn<bool>>);

/// `n` games stepped together in Rust, with the GIL released, writing into numpy arrays that
/// the object owns: `observations` (float32, `[n, players, *observation_tensor_shape]`),
/// `final_observations` (the same shape: where `dones` is set, the last observation of the
/// game that just ended), `masks` (bool, `[n, players, num_distinct_actions]`), `rewards`
/// (float32, `[n, players]`: the returns of the games that ended at the last step, else 0),
/// `dones` (bool, `[n]`) and `current_players` (int32, `[n]`). A game that ends is replaced at
/// once by a new one with a fresh seed, whose first observation is in `observations` (Gymnasium
/// calls this same-step autoreset, and the last observation `final_obs`).
///
/// The arrays are read-only views that every `step` and `reset` overwrites in place (writing
/// only what changed), so an array kept across steps changes with them: keep `arr.copy()`.
/// Rows of `final_observations` where `dones` is not set hold an older game's last observation
/// (or zeros).
///
/// With `opponents` (one AI name or `None` per seat), the named AIs of the game's roster play
/// their seats inside the vector: after each step they move until a `None` seat is to move or
/// the game ends, so `current_players` only ever shows the caller's seats.
#[pyclass(module = "recess", name = "VectorGame")]
struct PyVectorGame {
    game: Arc<dyn AnyGame>,
    inner: Box<dyn AnyVector>,
    n: usize,
    observations: Shared<f32>,
    finals: Shared<f32>,
    masks: Shared<bool>,
    rewards: Shared<f32>,
    dones: Shared<bool>,
    players: Shared<i32>,
}

/// An array the vector writes, and the read-only view of it that Python sees: the masks also
/// say which actions `step` accepts, so nobody else may write them.
struct Shared<T> {
    array: Py<PyArrayDyn<T>>,
    view: Py<PyArrayDyn<T>>,
}

impl<T: numpy::Element> Shared<T> {
    fn zeros(py: Python<'_>, shape: Vec<usize>) -> PyResult<Self> {
        // Through numpy's Python API, whose `MemoryError` for an array too big for memory
        // becomes the package's error (the Rust API would abort).
        let dtype = numpy::dtype::<T>(py);
        let array = py
            .import("numpy")?
            .call_method1("zeros", (shape.clone(), dtype))
            .map_err(|e| {
                if e.is_instance_of::<pyo3::exceptions::PyMemoryError>(py) {
                    value_error(format!("arrays of shape {shape:?} do not fit in memory"))
                } else {
                    e
                }
            })?
            .cast_into::<PyArrayDyn<T>>()?;
        let view = array.call_method0("view")?;
        view.call_method1("setflags", (false,))?;
        Ok(Self {
            view: view.cast_into::<PyArrayDyn<T>>()?.unbind(),
            array: array.unbind(),
        })
    }

    fn view<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<T>> {
        self.view.bind(py).clone()
    }
}

impl PyVectorGame {
    /// Borrows the six arrays and runs `f` on them with the GIL released.
    fn with_buffers<T: Send>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut dyn AnyVector, Buffers<'_>) -> Fallible<T> + Send,
    ) -> PyResult<T> {
        let borrow = |e: numpy::BorrowError| PyRuntimeError::new_err(e.to_string());
        let slice = |e: numpy::AsSliceError| PyRuntimeError::new_err(e.to_string());
        let mut observations = self
            .observations
            .array
            .bind(py)
            .try_readwrite()
            .map_err(borrow)?;
        let mut finals = self.finals.array.bind(py).try_readwrite().map_err(borrow)?;
        let mut masks = self.masks.array.bind(py).try_readwrite().map_err(borrow)?;
        let mut rewards = self
            .rewards
            .array
            .bind(py)
            .try_readwrite()
            .map_err(borrow)?;
        let mut dones = self.dones.array.bind(py).try_readwrite().map_err(borrow)?;
        let mut players = self
            .players
            .array
            .bind(py)
            .try_readwrite()
            .map_err(borrow)?;
        let buffers = Buffers {
            observations: observations.as_slice_mut().map_err(slice)?,
            finals: finals.as_slice_mut().map_err(slice)?,
            masks: masks.as_slice_mut().map_err(slice)?,
            rewards: rewards.as_slice_mut().map_err(slice)?,
            dones: dones.as_slice_mut().map_err(slice)?,
            players: players.as_slice_mut().map_err(slice)?,
        };
        let inner = self.inner.as_mut();
        py.detach(move || f(inner, buffers)).map_err(PyErr::from)
    }
}

#[pymethods]
impl PyVectorGame {
    /// `n` games of `game` (a name or a `Game`, or a name with `params` as `load_game` takes
    /// them), game `i` seeded from `seed` and `i`, stepped on `threads` threads; `opponents`
    /// names the AI that plays each seat inside the vector, `None` for the caller's seats.
    #[new]
    #[pyo3(signature = (game, n, seed = Seed(0), *, threads = Arg(1), opponents = None, **params))]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        n: Arg<i64>,
        seed: Seed,
        threads: Arg<i64>,
        opponents: Option<Arg<Vec<Option<String>>>>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let (Arg(n), Arg(threads)) = (n, threads);
        let opponents = opponents.map(|o| o.0);
        let game = game_of(py, game, params)?;
        let n = usize::try_from(n)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| value_error(format!("a VectorGame needs at least one game, not {n}")))?;
        let threads = usize::try_from(threads)
            .ok()
            .filter(|&t| t > 0)
            .ok_or_else(|| {
                value_error(format!(
                    "threads is at least 1 (1 steps every game on the calling thread), not {threads}"
                ))
            })?;
        let players = game.num_players();
        let mut observation_shape = vec![n, players];
        observation_shape.extend(game.observation_tensor_shape());
        let Seed(seed) = seed;
        let inner = game
            .vector((n, seed, threads), &opponents.unwrap_or_default())
            .map_err(PyErr::from)?;
        let mut vector = Self {
            finals: Shared::zeros(py, observation_shape.clone())?,
            observations: Shared::zeros(py, observation_shape)?,
            masks: Shared::zeros(py, vec![n, players, game.num_distinct_actions()])?,
            rewards: Shared::zeros(py, vec![n, players])?,
            dones: Shared::zeros(py, vec![n])?,
            players: Shared::zeros(py, vec![n])?,
            game,
            inner,
            n,
        };
        vector.with_buffers(py, move |inner, out| inner.reset(seed, out))?;
        Ok(vector)
    }

    /// Starts all `n` games afresh from `seed`.
    fn reset(&mut self, py: Python<'_>, seed: Seed) -> PyResult<()> {
        self.with_buffers(py, move |inner, out| inner.reset(seed.0, out))
    }

    /// Plays one step of every game: `actions` holds one id per game (the mover's), or, with
    /// shape `[n, players]`, one per seat (a joint action where every seat acts at once; only
    /// the mover's column is read elsewhere). Returns `(rewards, dones)`. Every action is
    /// checked first: an illegal one raises `ValueError` and no game moves.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Step<'py>> {
        let actions = match actions.cast::<PyArrayDyn<i64>>() {
            Ok(array) => array.clone(),
            Err(_) => {
                // Ids are integers: a float array (a policy's raw output) is refused rather
                // than truncated, as `State.apply_action(4.0)` is.
                let numpy = py.import("numpy")?;
                let array = numpy.call_method1("asarray", (actions,)).map_err(|e| {
                    value_error(format!("actions are an array of integer action ids: {e}"))
                })?;
                let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
                if kind != "i" && kind != "u" {
                    return Err(value_error(format!(
                        "actions are integer action ids, not an array of dtype {}",
                        array.getattr("dtype")?.str()?
                    )));
                }
                array
                    .call_method1("astype", ("int64",))?
                    .cast_into::<PyArrayDyn<i64>>()?
            }
        };
        let players = self.game.num_players();
        let per_seat = match actions.shape() {
            [n] if *n == self.n => false,
            [n, p] if *n == self.n && *p == players => true,
            shape => {
                return Err(value_error(format!(
                    "actions must have shape ({},) or ({}, {players}), not {shape:?}",
                    self.n, self.n
                )));
            }
        };
        let actions = actions.readonly();
        let actions = actions
            .as_slice()
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?
            .to_vec();
        self.with_buffers(py, move |inner, out| inner.step(&actions, per_seat, out))?;
        Ok((self.rewards.view(py), self.dones.view(py)))
    }

    /// Uniformly random legal action ids, drawn in Rust from the object's seed: shape `[n]`
    /// (the movers'), or `[n, players]` with `joint=True` (-1 for seats that do not act).
    #[pyo3(signature = (joint = Arg(false)))]
    fn random_actions<'py>(
        &mut self,
        py: Python<'py>,
        joint: Arg<bool>,
    ) -> PyResult<Bound<'py, PyArrayDyn<i64>>> {
        let Arg(joint) = joint;
        let players = self.game.num_players();
        let shape = if joint {
            vec![self.n, players]
        } else {
            vec![self.n]
        };
        let out = PyArrayDyn::<i64>::zeros(py, shape, false);
        {
            let mut write = out.readwrite();
            let slice = write
                .as_slice_mut()
                .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
            let inner = self.inner.as_mut();
            py.detach(move || inner.random_actions(joint, slice))
                .map_err(PyErr::from)?;
        }
        Ok(out)
    }

    /// A copy of game `index`'s current state.
    fn state(&self, index: Arg<i64>) -> PyResult<PyState> {
        let Arg(index) = index;
        let Some(index) = usize::try_from(index).ok().filter(|&i| i < self.n) else {
            return Err(value_error(format!(
                "there is no game {index}: games are 0 to {}",
                self.n - 1
            )));
        };
        Ok(PyState {
            game: self.game.clone(),
            inner: self.inner.state(index),
        })
    }

    fn __len__(&self) -> usize {
        self.n
    }

    /// The game all `n` play.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            inner: self.game.clone(),
        }
    }

    /// Number of games finished since the start (or the last `reset`).
    #[getter]
    fn episodes(&self) -> u64 {
        self.inner.episodes()
    }

    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<f32>> {
        self.observations.view(py)
    }

    /// Where `dones` is set, the last observation of the game that ended at the last step
    /// (Gymnasium's `final_obs`); elsewhere an older game's.
    #[getter]
    fn final_observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<f32>> {
        self.finals.view(py)
    }

    #[getter]
    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<bool>> {
        self.masks.view(py)
    }

    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<f32>> {
        self.rewards.view(py)
    }

    #[getter]
    fn dones<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<bool>> {
        self.dones.view(py)
    }

    #[getter]
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArrayDyn<i32>> {
        self.players.view(py)
    }
}

/// `game` as a loaded game: a `Game`, or a name loaded with `params`.
fn game_of(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Arc<dyn AnyGame>> {
    if let Ok(game) = game.cast::<PyGame>() {
        if params.is_some_and(|p| !p.is_empty()) {
            return Err(value_error(
                "parameters go to load_game, not with a loaded Game".into(),
            ));
        }
        return Ok(game.get().inner.clone());
    }
    let Ok(name) = game.cast::<PyString>() else {
        return Err(Failure::new(
            Kind::UnknownGame,
            format!(
                "a game is a name or a recess.Game of this module, not {}",
                game.repr()
                    .map_or_else(|_| "that".into(), |r| shorten(&r.to_string()))
            ),
        )
        .into());
    };
    let name = name.to_cow()?;
    let params_json = match params {
        Some(params) => py
            .import("json")?
            .call_method1("dumps", (params,))
            .map_err(|e| {
                PyErr::from(Failure::new(
                    Kind::Config,
                    format!("parameters are booleans, numbers, text, lists and dicts: {e}"),
                ))
            })?
            .extract::<String>()?,
        None => "{}".to_string(),
    };
    games::load(&name, &params_json).map_err(PyErr::from)
}

/// The game called `name` (see `game_names()`), with `params` laid over its default rules:
/// `load_game("tictactoe", first="by_lot")`.
#[pyfunction]
#[pyo3(signature = (name, **params))]
fn load_game(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyGame> {
    if !name.is_instance_of::<PyString>() {
        return Err(Failure::new(
            Kind::UnknownGame,
            format!(
                "a game name is text, not {}",
                name.repr()
                    .map_or_else(|_| "that".into(), |r| shorten(&r.to_string()))
            ),
        )
        .into());
    }
    Ok(PyGame {
        inner: game_of(py, name, params)?,
    })
}

/// `load_game` with the parameters as JSON text (what pickling stores).
#[pyfunction]
fn _load_game_json(name: &str, params_json: &str) -> PyResult<PyGame> {
    Ok(PyGame {
        inner: games::load_fields(name, params_json).map_err(PyErr::from)?,
    })
}

/// A pickled state back: read from its JSON, or replayed from the root while dealing (no JSON).
#[pyfunction]
fn _restore_state(
    name: &str,
    params_json: &str,
    state: Option<&str>,
    history: Vec<(i64, i64)>,
    move_number: usize,
) -> PyResult<PyState> {
    let game = games::load_fields(name, params_json)?;
    let history = steps(history);
    let inner = match state {
        Some(text) => {
            let mut inner = game.deserialize_state(text)?;
            inner.set_history(history, move_number);
            inner
        }
        None => game.replay(&history)?,
    };
    Ok(PyState { game, inner })
}

/// The names `load_game` knows.
#[pyfunction]
fn game_names() -> Vec<&'static str> {
    games::names()
}

/// Whether `load_game` knows `name` (a name or an alias, `_` and `-` alike, optionally after
/// `recess_`; parameters in parentheses are not looked at).
#[pyfunction]
fn _knows(name: &str) -> bool {
    let bare = name.split('(').next().unwrap_or(name);
    games::knows(bare)
}

/// `" (did you mean X?)"` for the name of `known` nearest to `name`, when one is near enough
/// (game_core's rule, for the messages the Python side words).
#[pyfunction]
fn _suggestion(name: &str, known: Vec<String>) -> String {
    let known: Vec<&str> = known.iter().map(String::as_str).collect();
    game_core::suggestion(name, &known)
}

/// Every name and alias of every game this module registers.
#[pyfunction]
fn _all_names() -> Vec<&'static str> {
    games::registry()
        .iter()
        .flat_map(|r| r.declaration().names())
        .collect()
}

/// The seed of the AI at `seat` in the game seeded `game_seed`: game_core's `agent_seed`, the
/// one rule the arena and every adapter follow.
#[pyfunction]
fn agent_seed(game_seed: Seed, seat: Arg<i64>) -> PyResult<u64> {
    let seat = usize::try_from(seat.0)
        .map_err(|_| value_error(format!("a seat is 0 or more, not {}", seat.0)))?;
    Ok(game_core::agent_seed(game_seed.0, seat))
}

/// The seed game_core derives from `seed` for stream `index`: game `i` of a
/// `VectorGame` seeded `s` is seeded `derive_seed(s, i)`, and its `k`-th game (from 0) is dealt
/// from `derive_seed(derive_seed(s, i), k)`.
#[pyfunction]
fn derive_seed(seed: Seed, index: Seed) -> u64 {
    game_core::derive_seed(seed.0, index.0)
}

/// The AI called `name` of `game` (a name or a `Game`), seeded with `seed`.
#[pyfunction]
#[pyo3(signature = (game, name, seed = Seed(0)))]
fn agent(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    name: Arg<String>,
    seed: Seed,
) -> PyResult<PyAgent> {
    let game = game_of(py, game, None)?;
    let inner = game.agent(&name.0, seed.0).map_err(PyErr::from)?;
    Ok(PyAgent {
        game,
        inner: Mutex::new(inner),
    })
}

/// `recess._recess`, the `recess` package's module: the five built-in games.
#[cfg(feature = "built-in-games")]
#[pymodule]
fn _recess(m: &Bound<'_, PyModule>) -> PyResult<()> {
    init(m, built_in())
}

/// Fills `m` with the whole binding for `games`: the classes, `load_game`, the OpenSpiel
/// classes and the arena. The `recess` package's own module calls it with the five built-in
/// games; a crate of another game calls it from its own `#[pymodule]` with
/// `vec![register::<MyGame>()]`, and `recess.register_module` then makes the `recess` adapters
/// take that game by name. A process keeps the first list a module gives.
pub fn init(m: &Bound<'_, PyModule>, games: Vec<Registration>) -> PyResult<()> {
    games::install(games);
    games::set_home(m);
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyAgent>()?;
    m.add_class::<PyVectorGame>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(_load_game_json, m)?)?;
    m.add_function(wrap_pyfunction!(_restore_state, m)?)?;
    m.add_function(wrap_pyfunction!(game_names, m)?)?;
    m.add_function(wrap_pyfunction!(_knows, m)?)?;
    m.add_function(wrap_pyfunction!(_all_names, m)?)?;
    m.add_function(wrap_pyfunction!(_suggestion, m)?)?;
    m.add_function(wrap_pyfunction!(agent_seed, m)?)?;
    m.add_function(wrap_pyfunction!(derive_seed, m)?)?;
    m.add_function(wrap_pyfunction!(agent, m)?)?;
    let py = m.py();
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    m.add("UnknownAgentError", py.get_type::<UnknownAgentError>())?;
    m.add("ConfigError", py.get_type::<ConfigError>())?;
    m.add("StateError", py.get_type::<StateError>())?;
    m.add("ArgumentError", argument_error_type(py)?)?;
    m.add("RecessError", py.get_type::<RecessError>())?;
    openspiel::register(m)?;
    arena::register(m)?;
    m.add("SIMULTANEOUS", SIMULTANEOUS)?;
    m.add("TERMINAL", TERMINAL)?;
    Ok(())
}
