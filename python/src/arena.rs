//! `recess.arena` and `recess.merge`: the Rust arena (`game_arena`) for Python, and its
//! `Report` as a Python object.
//!
//! The statistics are the arena's own: a `Report` holds `game_arena::Report` as it is, so
//! its JSON is the JSON `arena --json` prints and `arena merge` reads, and back.

use game_core::AgentError;
use game_arena::{AgentResult, ArenaError, Report, SeatResult, Settings, Shard};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple, PyType};

use crate::Seed;
use crate::erased::{Failure, Kind, Playable};
use crate::games;

pyo3::create_exception!(
    recess,
    MergeError,
    PyValueError,
    "Reports that do not merge into one run: of different runs, a shard twice or missing, or a whole run."
);

/// The runs of one game type: what a game's registration does for `arena`.
pub struct Run {
    settings: Settings,
    threads: Option<usize>,
}

impl Run {
    /// The run, on the game type `G`.
    pub fn visit<G: Playable>(self) -> PyResult<Report> {
        let config = G::arena_config(&self.settings.lineup);
        let run = || game_arena::run::<G>(&config, &self.settings).map_err(arena_error);
        match self.threads {
            None => run(),
            Some(threads) => rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| {
                    PyRuntimeError::new_err(format!("cannot start {threads} threads: {e}"))
                })?
                .install(run),
        }
    }
}

/// The arena's errors as the package's exceptions: a bad lineup or a run of no games is the
/// caller's (`ValueError` subclasses), an illegal choice or an endless game is a bug in an agent
/// or a game (`RuntimeError`).
fn arena_error(error: ArenaError) -> PyErr {
    let message = error.to_string();
    match error {
        ArenaError::Agent(AgentError::Unknown { .. }) => {
            Failure::new(Kind::UnknownAgent, message).into()
        }
        ArenaError::Agent(_) | ArenaError::Setup { .. } | ArenaError::NoGames => {
            Failure::new(Kind::Config, message).into()
        }
        _ => PyRuntimeError::new_err(message),
    }
}

/// A shard from Python: `(k, n)` with `1 <= k <= n`, as `--shard K/N`, or that text.
fn shard_of(shard: &Bound<'_, PyAny>) -> PyResult<Shard> {
    let bad = |what: String| -> PyErr {
        Failure::new(
            Kind::Config,
            format!("{what} is not a shard: give (k, n) with 1 <= k <= n, as --shard k/n (for instance (2, 3))"),
        )
        .into()
    };
    if let Ok(text) = shard.cast::<PyString>() {
        return text
            .to_cow()?
            .parse::<Shard>()
            .map_err(|e| Failure::new(Kind::Config, e.to_string()).into());
    }
    let Ok((k, n)) = shard.extract::<(i64, i64)>() else {
        return Err(bad(shard.repr()?.to_string()));
    };
    match (usize::try_from(k), usize::try_from(n)) {
        (Ok(k), Ok(n)) => Shard::new(k, n).map_err(|_| bad(format!("({k}, {n})"))),
        _ => Err(bad(format!("({k}, {n})"))),
    }
}

/// A lineup from Python: a sequence of agent names, or the names comma-separated as
/// `--lineup` takes them.
fn lineup_of(lineup: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(text) = lineup.cast::<PyString>() {
        return Ok(text
            .to_cow()?
            .split(',')
            .map(|name| name.trim().to_string())
            .collect());
    }
    lineup.extract::<Vec<String>>().map_err(|_| {
        PyTypeError::new_err(format!(
            "a lineup is a list of agent names, one per seat, or the names comma-separated, not {}",
            lineup
                .repr()
                .map_or_else(|_| "that".into(), |r| r.to_string())
        ))
    })
}

/// Plays `games` games of `game` between the AIs of `lineup` (one per seat, rotated over the
/// seats from game to game) and reports how each fared, with 95% intervals.
///
/// Game `i` is dealt from a seed derived from `seed` and `i`, so a run gives the same report on
/// any machine and any number of threads, and the same as
/// `cargo run --release --example arena -- GAME --lineup A,B --games N --seed S --json`.
/// `shard=(k, n)` (from 1, as `--shard k/n`; the text `"k/n"` also does) plays only the games
/// whose index is `k - 1` modulo `n`; `merge` adds the `n` shards' reports up into the whole
/// run's. The games run on `threads` threads (by default one per core) without the GIL.
#[pyfunction(name = "arena")]
#[pyo3(signature = (game, lineup, games, seed, shard = None, *, threads = None))]
pub fn run(
    py: Python<'_>,
    game: &str,
    lineup: &Bound<'_, PyAny>,
    games: i64,
    seed: Seed,
    shard: Option<&Bound<'_, PyAny>>,
    threads: Option<i64>,
) -> PyResult<PyReport> {
    if game.contains('(') {
        return Err(Failure::new(
            Kind::Config,
            format!(
                "the arena plays a game under its standard rules: give its name alone, not {game:?}"
            ),
        )
        .into());
    }
    let lineup = lineup_of(lineup)?;
    let games = usize::try_from(games)
        .ok()
        .filter(|&g| g > 0)
        .ok_or_else(|| {
            PyErr::from(Failure::new(
                Kind::Config,
                format!("games is the number of games of the run, at least 1, not {games}"),
            ))
        })?;
    let shard = shard.map(shard_of).transpose()?;
    let threads = threads
        .map(|t| {
            usize::try_from(t).ok().filter(|&t| t > 0).ok_or_else(|| {
                PyErr::from(Failure::new(
                    Kind::Config,
                    format!("threads is at least 1 (None: one per core), not {t}"),
                ))
            })
        })
        .transpose()?;
    let settings = Settings {
        shard,
        ..Settings::new(lineup, games, seed.0)
    };
    let run = Run { settings, threads };
    let report = py.detach(move || games::find(game).map(|g| g.arena(run)))??;
    Ok(PyReport { inner: report })
}

/// The report of the whole run from the reports of its `n` shards, in any order: the counts and
/// sums added up, the means, win rates and intervals worked out again. Equal, field by field, to
/// the report of the run played whole. Reports of different runs, a shard given twice or
/// missing, or a whole run raise `MergeError`.
#[pyfunction]
pub fn merge(reports: &Bound<'_, PyAny>) -> PyResult<PyReport> {
    let mut all = Vec::new();
    for item in reports.try_iter()? {
        let item = item?;
        let report = item.cast::<PyReport>().map_err(|_| {
            PyTypeError::new_err(format!(
                "merge takes arena reports (recess.Report), not {}",
                item.repr()
                    .map_or_else(|_| "that".into(), |r| r.to_string())
            ))
        })?;
        all.push(report.get().inner.clone());
    }
    game_arena::merge(&all)
        .map(|inner| PyReport { inner })
        .map_err(|e: game_arena::MergeError| MergeError::new_err(e.to_string()))
}

/// The outcome of an arena run, or of one shard of it.
///
/// `game`, `lineup` (one agent name per seat), `games` (of the whole run), `seed` and `shard`
/// (`(k, n)`, or `None` for a whole run) say what was played; `results` holds one `AgentResult`
/// per lineup slot, in lineup order, and `by_seat` one `SeatResult` per seat. `to_json()` is the
/// line `arena --json` prints, and `Report.from_json` reads those lines; `str(report)` is a
/// table.
#[pyclass(module = "recess", name = "Report", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyReport {
    inner: Report,
}

/// How one lineup slot fared over the run.
#[pyclass(module = "recess", name = "AgentResult", frozen, eq, get_all)]
#[derive(Clone, PartialEq)]
pub struct PyAgentResult {
    /// The agent's name.
    agent: String,
    /// Games played.
    games: usize,
    /// Games won.
    wins: usize,
    /// Games drawn.
    draws: usize,
    /// Games lost.
    losses: usize,
    /// Mean return per game (the mean score, in a one-player game).
    mean_return: f64,
    /// Sum of the returns.
    total_return: f64,
    /// Fraction of games won.
    win_rate: f64,
    /// The 95% Wilson interval of the win rate, `(low, high)`.
    ci95: (f64, f64),
}

impl From<&AgentResult> for PyAgentResult {
    fn from(r: &AgentResult) -> Self {
        Self {
            agent: r.agent.clone(),
            games: r.games,
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
            mean_return: r.mean_return,
            total_return: r.total_return,
            win_rate: r.win_rate,
            ci95: (r.ci95[0], r.ci95[1]),
        }
    }
}

#[pymethods]
impl PyAgentResult {
    fn __repr__(&self) -> String {
        format!(
            "recess.AgentResult(agent={:?}, games={}, wins={}, draws={}, losses={}, \
             mean_return={:?}, win_rate={:?}, ci95=({:?}, {:?}))",
            self.agent,
            self.games,
            self.wins,
            self.draws,
            self.losses,
            self.mean_return,
            self.win_rate,
            self.ci95.0,
            self.ci95.1
        )
    }
}

/// How the player in one seat fared, whoever it was.
#[pyclass(module = "recess", name = "SeatResult", frozen, eq, get_all)]
#[derive(Clone, PartialEq)]
pub struct PySeatResult {
    /// The seat, from 0.
    seat: usize,
    /// Games won from that seat.
    wins: usize,
    /// Games drawn from that seat.
    draws: usize,
    /// Games lost from that seat.
    losses: usize,
    /// Mean return from that seat.
    mean_return: f64,
    /// Sum of the returns from that seat.
    total_return: f64,
}

impl From<&SeatResult> for PySeatResult {
    fn from(s: &SeatResult) -> Self {
        Self {
            seat: s.seat,
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
            mean_return: s.mean_return,
            total_return: s.total_return,
        }
    }
}

#[pymethods]
impl PySeatResult {
    fn __repr__(&self) -> String {
        format!(
            "recess.SeatResult(seat={}, wins={}, draws={}, losses={}, mean_return={:?})",
            self.seat, self.wins, self.draws, self.losses, self.mean_return
        )
    }
}

#[pymethods]
impl PyReport {
    #[getter]
    fn game(&self) -> &str {
        &self.inner.game
    }

    #[getter]
    fn lineup(&self) -> Vec<String> {
        self.inner.lineup.clone()
    }

    /// Games of the whole run (a shard plays its part of them: see each result's `games`).
    #[getter]
    fn games(&self) -> usize {
        self.inner.games
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed
    }

    /// `(k, n)` for shard `k` of `n` (from 1), `None` for a whole run.
    #[getter]
    fn shard(&self) -> Option<(usize, usize)> {
        self.inner.shard.map(|s| (s.index(), s.count()))
    }

    /// One `AgentResult` per lineup slot, in lineup order.
    #[getter]
    fn results(&self) -> Vec<PyAgentResult> {
        self.inner.results.iter().map(PyAgentResult::from).collect()
    }

    /// One `SeatResult` per seat, from seat 0.
    #[getter]
    fn by_seat(&self) -> Vec<PySeatResult> {
        self.inner.by_seat.iter().map(PySeatResult::from).collect()
    }

    /// The report as one line of JSON: what `arena --json` prints.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.inner).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// A report from its JSON (`to_json`, or a line `arena --json` printed); `ParseError` when
    /// the text is not one.
    #[classmethod]
    fn from_json(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<Self> {
        serde_json::from_str(text)
            .map(|inner| Self { inner })
            .map_err(|e| Failure::new(Kind::Parse, format!("not an arena report: {e}")).into())
    }

    /// The report as plain Python values: the JSON object of `to_json()` (`shard` is the text
    /// `"k/n"` there, `ci95` a list).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (self.to_json()?,))
    }

    /// A report from the dict `to_dict()` gives.
    #[classmethod]
    fn from_dict(cls: &Bound<'_, PyType>, data: &Bound<'_, PyAny>) -> PyResult<Self> {
        let text: String = cls
            .py()
            .import("json")?
            .call_method1("dumps", (data,))?
            .extract()?;
        Self::from_json(cls, &text)
    }

    /// A table: one row per lineup slot, then the seats' won-drawn-lost.
    fn __str__(&self) -> String {
        self.inner.to_string().trim_end().to_string()
    }

    fn __repr__(&self) -> String {
        let shard = self.inner.shard.map_or(String::new(), |s| {
            format!(", shard=({}, {})", s.index(), s.count())
        });
        format!(
            "recess.Report({:?}, lineup={:?}, games={}, seed={}{shard})",
            self.inner.game, self.inner.lineup, self.inner.games, self.inner.seed
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.get_type::<PyReport>().getattr("from_json")?;
        (restore, (self.to_json()?,)).into_pyobject(py)
    }
}

/// Adds the arena's classes, functions and error to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyReport>()?;
    m.add_class::<PyAgentResult>()?;
    m.add_class::<PySeatResult>()?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    m.add("MergeError", m.py().get_type::<MergeError>())?;
    Ok(())
}
