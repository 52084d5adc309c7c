//! A game declared once: the facts every tool reads, after OpenSpiel's `GameType` and
//! `GameInfo`.
//!
//! A game crate implements [`Declared`] beside [`Game`]: its long name and aliases, how its
//! players move, where chance enters, what its players see, its parameters (names, types,
//! defaults and one-line docs), its roster's AIs with their descriptions and the default
//! opponent, the range of its returns, and through [`Capabilities`] which of game-core's
//! further traits it implements ([`Learning`], [`InformationState`], [`ExplicitChance`],
//! [`SampleWorld`], [`Roster`], `ToSvg`). The arena, the terminal harness, replay pages, the conformance
//! kit and the Python adapters read it and never ask which game they are given.
//! [`GameInfo::of`] gathers the facts a configuration fixes (seats, longest game, action
//! count, tensor shapes and bounds) in one value.
//!
//! ```
//! use game_testkit::Nim;
//! use game_core::{Declared, GameInfo, Parameters};
//!
//! let declaration = Nim::declaration();
//! assert!(declaration.is_called("one_heap_nim"));
//! let config = Nim::config_from(&Parameters::parse_values("")?)?;
//! let info = GameInfo::of::<Nim>(&config)?;
//! assert_eq!((info.num_players, info.utility), (2, (-1.0, 1.0)));
//! assert_eq!(info.num_distinct_actions, Some(3));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::agents::{Agent, AgentError};
use crate::chance::ExplicitChance;
use crate::game::{Game, Player, SampleWorld};
use crate::information::InformationState;
use crate::learning::Learning;
use crate::narration::Narrate;
use crate::rng::{GameRng, derive_seed};
use crate::svg::{ToSvg, View};

/// How the players move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dynamics {
    /// One player at a time ([`crate::Turn::Player`] only).
    Sequential,
    /// Every player at once at some nodes ([`crate::Turn::Simultaneous`]).
    Simultaneous,
}

/// Where chance enters the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Chance {
    /// Nothing is random: every seed gives the same game.
    Deterministic,
    /// The seed decides the start, and the game offers that start as explicit chance events
    /// with exact probabilities ([`ExplicitChance`]).
    Explicit,
    /// The seed decides the start, with no explicit chance events on offer.
    Sampled,
}

/// What the players see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Information {
    /// Every seat sees the whole state (moves made at once aside, as OpenSpiel counts
    /// simultaneous games).
    Perfect,
    /// Some of the state is hidden from some seats (cards in hand, a deck's order).
    Imperfect,
}

/// A parameter's value: its type is given by the parameter's default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A number with a fraction.
    Float(f64),
    /// Text, such as the name of a rule set.
    Text(String),
}

impl Value {
    /// The name of the value's type, for messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Bool(_) => "a boolean",
            Value::Int(_) => "an integer",
            Value::Float(_) => "a number",
            Value::Text(_) => "text",
        }
    }

    /// Reads `text` as OpenSpiel writes parameter values: `true`/`false`, an integer, a number,
    /// else text.
    pub fn parse(text: &str) -> Value {
        let text = text.trim();
        if let Ok(b) = text.parse::<bool>() {
            Value::Bool(b)
        } else if let Ok(n) = text.parse::<i64>() {
            Value::Int(n)
        } else if let Ok(x) = text.parse::<f64>() {
            Value::Float(x)
        } else {
            Value::Text(text.to_string())
        }
    }

    /// Whether the value fits the type of `default` (an integer fits a number).
    fn fits(&self, default: &Value) -> bool {
        matches!(
            (self, default),
            (Value::Bool(_), Value::Bool(_))
                | (Value::Int(_), Value::Int(_))
                | (Value::Int(_) | Value::Float(_), Value::Float(_))
                | (Value::Text(_), Value::Text(_))
        )
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(n) => write!(f, "{n}"),
            Value::Float(x) => write!(f, "{x}"),
            Value::Text(s) => f.write_str(s),
        }
    }
}

/// One of a game's parameters: its name, its default (which gives its type) and what it does.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Parameter {
    /// The name, in `snake_case`, as `name(key=value)` and keyword arguments write it.
    pub name: &'static str,
    /// The value when none is given.
    pub default: Value,
    /// What it does, in one line.
    pub doc: &'static str,
}

/// Why parameters were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("{0}")]
pub struct ParameterError(pub String);

/// Parameters by name: what `name(key=value,...)` or keyword arguments give, before or after
/// [`Declaration::resolve`] fills in the defaults.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Parameters(pub BTreeMap<String, Value>);

impl Parameters {
    /// `key=value,...` as OpenSpiel writes parameters (the text between the parentheses of
    /// `life_go(size=13)`); empty text gives no parameters.
    ///
    /// ```
    /// use game_core::{Parameters, Value};
    ///
    /// let params = Parameters::parse_values("size=13, rules=classic")?;
    /// assert_eq!(params.get("size"), Some(&Value::Int(13)));
    /// assert!(Parameters::parse_values("size").is_err());
    /// # Ok::<(), game_core::ParameterError>(())
    /// ```
    pub fn parse_values(text: &str) -> Result<Parameters, ParameterError> {
        let mut params = BTreeMap::new();
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').ok_or_else(|| {
                ParameterError(format!(
                    "{:?} is not a parameter written key=value",
                    crate::text::shorten(pair)
                ))
            })?;
            params.insert(key.trim().to_string(), Value::parse(value));
        }
        Ok(Parameters(params))
    }

    /// `name(key=value,...)` or a bare `name`: the name and its parameters.
    ///
    /// ```
    /// use game_core::{Parameters, Value};
    ///
    /// let (name, params) = Parameters::parse_game("life_go(size=13)")?;
    /// assert_eq!((name, params.get("size")), ("life_go", Some(&Value::Int(13))));
    /// assert_eq!(Parameters::parse_game("duel")?.0, "duel");
    /// assert!(Parameters::parse_game("duel(players=3").is_err());
    /// # Ok::<(), game_core::ParameterError>(())
    /// ```
    pub fn parse_game(text: &str) -> Result<(&str, Parameters), ParameterError> {
        let text = text.trim();
        let Some(open) = text.find('(') else {
            return Ok((text, Parameters::default()));
        };
        let bad = || {
            ParameterError(format!(
                "{:?} is not a game name with parameters such as duel(players=3)",
                crate::text::shorten(text)
            ))
        };
        let inner = text[open + 1..].strip_suffix(')').ok_or_else(bad)?;
        if inner.contains(['(', ')']) {
            return Err(bad());
        }
        Ok((text[..open].trim(), Parameters::parse_values(inner)?))
    }

    /// The value of `name`, if given.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.0.get(name)
    }

    /// Sets `name` to `value`.
    pub fn set(&mut self, name: impl Into<String>, value: Value) {
        self.0.insert(name.into(), value);
    }

    /// The integer `name`, or an error saying it is missing or not an integer.
    pub fn int(&self, name: &str) -> Result<i64, ParameterError> {
        match self.0.get(name) {
            Some(Value::Int(n)) => Ok(*n),
            other => Err(self.wrong(name, "an integer", other)),
        }
    }

    /// The boolean `name`, or an error.
    pub fn bool(&self, name: &str) -> Result<bool, ParameterError> {
        match self.0.get(name) {
            Some(Value::Bool(b)) => Ok(*b),
            other => Err(self.wrong(name, "a boolean", other)),
        }
    }

    /// The number `name` (an integer counts), or an error.
    pub fn float(&self, name: &str) -> Result<f64, ParameterError> {
        match self.0.get(name) {
            Some(Value::Float(x)) => Ok(*x),
            Some(Value::Int(n)) => Ok(*n as f64),
            other => Err(self.wrong(name, "a number", other)),
        }
    }

    /// The text `name`, or an error.
    pub fn text(&self, name: &str) -> Result<&str, ParameterError> {
        match self.0.get(name) {
            Some(Value::Text(s)) => Ok(s),
            other => Err(self.wrong(name, "text", other)),
        }
    }

    fn wrong(&self, name: &str, wanted: &str, found: Option<&Value>) -> ParameterError {
        ParameterError(match found {
            None => format!("the parameter {name} is missing"),
            Some(value) => format!("{name} is {wanted}, not {value}"),
        })
    }
}

impl fmt::Display for Parameters {
    /// `key=value,...`, as [`Parameters::parse_values`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, (key, value)) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{key}={value}")?;
        }
        Ok(())
    }
}

/// An AI of a game's roster: its name and what it does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AgentInfo {
    /// The name [`crate::Roster::agent`] builds it by.
    pub name: String,
    /// What it does, in one line.
    pub description: String,
}

impl AgentInfo {
    /// An AI called `name` that does what `description` says.
    pub fn new(name: impl Into<String>, description: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            description: description.into(),
        }
    }
}

/// The facts of a game that no configuration changes (its name is [`Game::NAME`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Declaration {
    /// The canonical name, [`Game::NAME`] (`"big-two"`).
    pub name: &'static str,
    /// The name people read (`"Big Two with jokers and reversal"`).
    pub long_name: &'static str,
    /// Other names the game answers to (`"bigtwo"`); `_` and `-` are the same letter.
    pub aliases: &'static [&'static str],
    /// The fewest and the most seats any configuration has.
    pub players: (usize, usize),
    /// How the players move.
    pub dynamics: Dynamics,
    /// Where chance enters.
    pub chance: Chance,
    /// What the players see.
    pub information: Information,
    /// Every parameter, in the order they are listed.
    pub parameters: Vec<Parameter>,
    /// The roster's AIs, weakest first (see [`crate::Roster`]).
    pub agents: Vec<AgentInfo>,
    /// The AI that plays the other seats when a tool is given none (a learning environment's
    /// opponents); `None` for a game played alone.
    pub default_opponent: Option<&'static str>,
}

/// A name without case, `_` or `-`, to find the known name nearest to a misspelt one.
pub fn squash(name: &str) -> String {
    name.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

impl Declaration {
    /// Whether `name` names this game: its name or an alias, where `_` and `-` are the same
    /// letter (`big_two` is `big-two`; OpenSpiel writes names with `_`).
    pub fn is_called(&self, name: &str) -> bool {
        self.names().any(|known| same_name(known, name))
    }

    /// The name, then the aliases.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        std::iter::once(self.name).chain(self.aliases.iter().copied())
    }

    /// The names of the roster's AIs.
    pub fn agent_names(&self) -> Vec<String> {
        self.agents.iter().map(|a| a.name.clone()).collect()
    }

    /// `given` checked against the declared parameters and completed with their defaults:
    /// unknown names (with the nearest known one suggested) and values of the wrong type are
    /// refused.
    pub fn resolve(&self, given: &Parameters) -> Result<Parameters, ParameterError> {
        let mut params = Parameters(
            self.parameters
                .iter()
                .map(|p| (p.name.to_string(), p.default.clone()))
                .collect(),
        );
        for (name, value) in &given.0 {
            let Some(declared) = self.parameters.iter().find(|p| p.name == name) else {
                return Err(ParameterError(if self.parameters.is_empty() {
                    format!("{} takes no parameters, not {name:?}", self.name)
                } else {
                    let known: Vec<&str> = self.parameters.iter().map(|p| p.name).collect();
                    format!(
                        "{} has no parameter {:?}{}; its parameters: {}",
                        self.name,
                        crate::text::shorten(name),
                        suggestion(name, &known),
                        known.join(", ")
                    )
                }));
            };
            if !value.fits(&declared.default) {
                return Err(ParameterError(format!(
                    "{} takes {name} as {}, not {}",
                    self.name,
                    declared.default.type_name(),
                    crate::text::shorten(&value.to_string())
                )));
            }
            let value = match (value, &declared.default) {
                (Value::Int(n), Value::Float(_)) => Value::Float(*n as f64),
                _ => value.clone(),
            };
            params.0.insert(name.clone(), value);
        }
        Ok(params)
    }
}

/// Whether `a` and `b` are one name, `_` and `-` counting as the same letter.
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.chars()
            .zip(b.chars())
            .all(|(x, y)| x == y || matches!((x, y), ('_', '-') | ('-', '_')))
}

/// `" (did you mean X?)"` for the known name nearest to `name`, when one is near enough.
pub fn suggestion(name: &str, known: &[&str]) -> String {
    let name = squash(name);
    known
        .iter()
        .map(|k| (edit_distance(&name, &squash(k)), *k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 3))
        .min()
        .map_or(String::new(), |(_, k)| format!(" (did you mean {k:?}?)"))
}

/// Levenshtein distance, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != *cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Elementwise bounds of an observation tensor, flattened like the tensor.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bounds {
    /// The lowest value of each element.
    pub low: Vec<f32>,
    /// The highest value of each element.
    pub high: Vec<f32>,
}

impl Bounds {
    /// Every one of `len` elements in `[low, high]`.
    pub fn uniform(len: usize, low: f32, high: f32) -> Self {
        Self {
            low: vec![low; len],
            high: vec![high; len],
        }
    }

    /// No bound known: every element in `[-inf, inf]`.
    pub fn unbounded(len: usize) -> Self {
        Self::uniform(len, f32::NEG_INFINITY, f32::INFINITY)
    }

    /// Whether every element of `tensor` lies within its bounds.
    pub fn contains(&self, tensor: &[f32]) -> bool {
        tensor.len() == self.low.len()
            && tensor
                .iter()
                .zip(self.low.iter().zip(&self.high))
                .all(|(x, (lo, hi))| lo <= x && x <= hi)
    }
}

/// Builds one of a game's AIs by name and seed ([`Roster::agent`]).
pub type AgentMaker<G> = fn(&str, u64) -> Result<Box<dyn Agent<G>>, AgentError>;

/// Draws a world a seat cannot tell from the true one ([`SampleWorld::sample_world`]).
pub type Sampler<G> = fn(&<G as Game>::Observation, Player, &mut GameRng) -> G;

/// Where a game says which of game-core's further traits it implements
/// ([`Declared::capabilities`]): one method per trait, each callable only when the game implements
/// it, so a game cannot claim what it lacks. A tool generic over [`Declared`] implements it to
/// learn what it may use: [`Implemented`] keeps the traits' functions, and the conformance kit
/// gathers the checks each trait calls for.
///
/// ```
/// use game_core::{Declared, Implemented};
/// use game_testkit::Nim;
///
/// let nim = Implemented::<Nim>::of();
/// assert!(nim.has_learning() && nim.has_sample_world());
/// ```
pub trait Capabilities<G: Game> {
    /// The game implements [`Learning`]: action ids and observation tensors.
    fn learning(&mut self)
    where
        G: Learning,
    {
    }

    /// The game implements [`InformationState`]: perfect-recall information states.
    fn information_state(&mut self)
    where
        G: InformationState,
    {
    }

    /// The game implements [`ExplicitChance`]: its random start as chance events.
    fn explicit_chance(&mut self)
    where
        G: ExplicitChance,
    {
    }

    /// The game implements [`SampleWorld`]: worlds a seat cannot tell apart, for
    /// information-set search.
    fn sample_world(&mut self)
    where
        G: SampleWorld,
    {
    }

    /// The game implements [`Roster`]: its declared AIs build by name.
    fn roster(&mut self)
    where
        G: Roster,
    {
    }

    /// The game implements [`ToSvg`]: pictures of its states.
    fn svg(&mut self)
    where
        G: ToSvg,
    {
    }

    /// The game implements [`Narrate`]: the text a person reads about each move.
    fn narrate(&mut self)
    where
        G: Narrate,
    {
    }
}

/// What [`Implemented`] keeps of a game's [`Narrate`].
struct Narrator<G: Game> {
    opening: fn(&G) -> Vec<String>,
    narrate: fn(&G, &[G::Action], &G) -> Vec<String>,
    closing: fn(&G) -> Vec<String>,
}

/// The further traits a game implements, with the functions a tool generic over [`Declared`]
/// needs from each: what the game's [`Declared::capabilities`] said.
///
/// ```
/// use game_core::Implemented;
/// use game_testkit::Nim;
///
/// let nim = Implemented::<Nim>::of();
/// assert!(nim.has_roster() && nim.agent_maker().is_some());
/// ```
pub struct Implemented<G: Game> {
    learning: Option<LearningFacts<G>>,
    information_state: Option<Shape<G>>,
    explicit_chance: Option<ChanceFacts<G>>,
    sample_world: Option<Sampler<G>>,
    roster: Option<AgentMaker<G>>,
    svg: Option<fn(&G, View) -> String>,
    narrator: Option<Narrator<G>>,
}

/// A tensor's shape under a configuration.
type Shape<G> = fn(&<G as Game>::Config) -> Vec<usize>;

/// The facts [`Learning`] gives about a configuration.
struct LearningFacts<G: Game> {
    num_distinct_actions: fn(&G::Config) -> usize,
    observation_shape: Shape<G>,
    observation_bounds: fn(&G::Config) -> Bounds,
}

/// The facts [`ExplicitChance`] gives about a configuration.
struct ChanceFacts<G: Game> {
    max_chance_outcomes: fn(&G::Config) -> usize,
    max_chance_events: fn(&G::Config) -> usize,
}

impl<G: Game> Capabilities<G> for Implemented<G> {
    fn learning(&mut self)
    where
        G: Learning,
    {
        self.learning = Some(LearningFacts {
            num_distinct_actions: G::num_distinct_actions,
            observation_shape: G::observation_tensor_shape,
            observation_bounds: G::observation_bounds,
        });
    }

    fn information_state(&mut self)
    where
        G: InformationState,
    {
        self.information_state = Some(G::information_state_tensor_shape);
    }

    fn explicit_chance(&mut self)
    where
        G: ExplicitChance,
    {
        self.explicit_chance = Some(ChanceFacts {
            max_chance_outcomes: G::max_chance_outcomes,
            max_chance_events: G::max_chance_events,
        });
    }

    fn sample_world(&mut self)
    where
        G: SampleWorld,
    {
        self.sample_world = Some(G::sample_world);
    }

    fn roster(&mut self)
    where
        G: Roster,
    {
        self.roster = Some(G::agent);
    }

    fn svg(&mut self)
    where
        G: ToSvg,
    {
        self.svg = Some(G::to_svg);
    }

    fn narrate(&mut self)
    where
        G: Narrate,
    {
        self.narrator = Some(Narrator {
            opening: G::opening,
            narrate: G::narrate,
            closing: G::closing,
        });
    }
}

impl<G: Declared> Implemented<G> {
    /// What `G` declares it implements.
    pub fn of() -> Self {
        let mut found = Self {
            learning: None,
            information_state: None,
            explicit_chance: None,
            sample_world: None,
            roster: None,
            svg: None,
            narrator: None,
        };
        G::capabilities(&mut found);
        found
    }
}

impl<G: Game> Implemented<G> {
    /// Whether the game implements [`Learning`].
    pub fn has_learning(&self) -> bool {
        self.learning.is_some()
    }

    /// Whether the game implements [`InformationState`].
    pub fn has_information_state(&self) -> bool {
        self.information_state.is_some()
    }

    /// Whether the game implements [`ExplicitChance`].
    pub fn has_explicit_chance(&self) -> bool {
        self.explicit_chance.is_some()
    }

    /// Whether the game implements [`SampleWorld`].
    pub fn has_sample_world(&self) -> bool {
        self.sample_world.is_some()
    }

    /// Whether the game implements [`Roster`].
    pub fn has_roster(&self) -> bool {
        self.roster.is_some()
    }

    /// [`Roster::agent`], where the game implements it.
    pub fn agent_maker(&self) -> Option<AgentMaker<G>> {
        self.roster
    }

    /// [`SampleWorld::sample_world`], where the game implements it.
    pub fn sampler(&self) -> Option<Sampler<G>> {
        self.sample_world
    }

    /// [`ToSvg::to_svg`], where the game implements it.
    pub fn drawing(&self) -> Option<fn(&G, View) -> String> {
        self.svg
    }

    /// What is said at the start of `state`'s game ([`Narrate::opening`]), where the game
    /// narrates.
    pub fn opening(&self, state: &G) -> Option<Vec<String>> {
        self.narrator.as_ref().map(|n| (n.opening)(state))
    }

    /// What `joint` did from `before` to `after` ([`Narrate::narrate`]), where the game
    /// narrates.
    pub fn narration(&self, before: &G, joint: &[G::Action], after: &G) -> Option<Vec<String>> {
        self.narrator
            .as_ref()
            .map(|n| (n.narrate)(before, joint, after))
    }

    /// What is said once `state`'s game is over ([`Narrate::closing`]), where the game
    /// narrates.
    pub fn closing(&self, state: &G) -> Option<Vec<String>> {
        self.narrator.as_ref().map(|n| (n.closing)(state))
    }
}

/// A game's declaration: the facts every tool reads, in one place beside the game.
///
/// ```
/// use game_testkit::Nim;
/// use game_core::{Dynamics, Declared};
///
/// let declaration = Nim::declaration();
/// assert_eq!(declaration.dynamics, Dynamics::Sequential);
/// assert_eq!(declaration.default_opponent, Some("random"));
/// ```
pub trait Declared: Game {
    /// The facts no configuration changes.
    fn declaration() -> Declaration;

    /// Says which of game-core's further traits the game implements, by calling the method of
    /// `capabilities` named after each; by default none (the conformance kit then checks only
    /// what every [`Game`] promises).
    ///
    /// ```ignore
    /// fn capabilities(capabilities: &mut dyn Capabilities<Self>) {
    ///     capabilities.learning();
    ///     capabilities.roster();
    /// }
    /// ```
    fn capabilities(capabilities: &mut dyn Capabilities<Self>) {
        let _ = capabilities;
    }

    /// The lowest and the highest return a seat can get under `config`.
    fn utility_range(config: &Self::Config) -> (f64, f64);

    /// The configuration that `params` describe; `params` holds every declared parameter, of
    /// its declared type ([`Declaration::resolve`] made it so). Use [`Declared::config_from`]
    /// for parameters as a user gives them.
    ///
    /// The default, for a game that declares no parameters, is the default configuration.
    fn config_from_parameters(params: &Parameters) -> Result<Self::Config, ParameterError> {
        let _ = params;
        Ok(Self::Config::default())
    }

    /// The configuration for parameters as a user gives them (some, or none): checked against
    /// the declaration, completed with the defaults, then turned into a configuration.
    fn config_from(given: &Parameters) -> Result<Self::Config, ParameterError> {
        Self::config_from_parameters(&Self::declaration().resolve(given)?)
    }
}

/// One AI of a game's roster, as the game lists it, once: its name, what it does, and how it is
/// built from a seed. The declaration's list ([`Declaration::agents`]) and [`Roster::agent`]
/// both read the table ([`Roster::ais`]).
pub struct Ai<G: Game> {
    /// The name it is built by (`"perfect"`).
    pub name: String,
    /// What it does, in one line.
    pub description: String,
    /// Builds it, seeded.
    pub build: Arc<AgentFactory<G>>,
}

/// Builds a fresh agent from its seed.
pub type AgentFactory<G> = dyn Fn(u64) -> Box<dyn Agent<G>> + Send + Sync;

impl<G: Game> Ai<G> {
    /// The AI `name` that does what `description` says, built by `build`.
    pub fn new(
        name: impl Into<String>,
        description: impl Into<String>,
        build: impl Fn(u64) -> Box<dyn Agent<G>> + Send + Sync + 'static,
    ) -> Self {
        Self {
            name: name.into(),
            description: description.into(),
            build: Arc::new(build),
        }
    }

    /// Its name and description, as the declaration lists them.
    pub fn info(&self) -> AgentInfo {
        AgentInfo::new(self.name.clone(), self.description.clone())
    }

    /// The names and descriptions of `table`, as a declaration lists them.
    pub fn infos(table: &[Ai<G>]) -> Vec<AgentInfo> {
        table.iter().map(Ai::info).collect()
    }
}

/// A game's agents by name: what the arena and the examples use to build lineups. The game lists
/// them once, in [`Roster::ais`]; its declaration's [`Declaration::agents`] is that table's
/// [`Ai::infos`].
///
/// ```
/// use game_core::{Game, Roster};
/// use game_testkit::Nim;
///
/// let names: Vec<String> = Nim::ais().into_iter().map(|ai| ai.name).collect();
/// assert_eq!(names, ["random", "mcts"]);
/// assert_eq!(Nim::agent("mcts", 7)?.name(), "mcts");
/// assert!(Nim::agent("alphazero", 7).is_err());
/// # Ok::<(), game_core::AgentError>(())
/// ```
pub trait Roster: Declared {
    /// The roster's table: every AI, weakest first.
    fn ais() -> Vec<Ai<Self>>;

    /// Names of the agents on offer, as the arena and the examples accept them: the
    /// declaration's.
    fn agent_names() -> Vec<String> {
        Self::declaration().agent_names()
    }

    /// The agent called `name`, seeded with `seed`: the table's, by default. A game whose AIs
    /// also take names built from parts (`always-<move>`) reads those first, then the table.
    fn agent(name: &str, seed: u64) -> Result<Box<dyn Agent<Self>>, AgentError> {
        Self::ais()
            .into_iter()
            .find(|ai| ai.name == name)
            .map(|ai| (ai.build)(seed))
            .ok_or_else(|| Self::unknown_agent(name))
    }

    /// The lineups the arena runs when it is given none: each a list of agent names, one per seat.
    fn standard_lineups() -> Vec<Vec<String>>;

    /// The configuration the arena plays `lineup` under: the default, unless a game needs
    /// another for some agents (Scoundrel's clairvoyant `solver` needs a revealed Dungeon).
    fn arena_config(lineup: &[String]) -> Self::Config {
        let _ = lineup;
        Self::Config::default()
    }

    /// The error for an unknown `name`, listing the known ones.
    fn unknown_agent(name: &str) -> AgentError {
        AgentError::Unknown {
            game: Self::NAME,
            name: name.to_string(),
            known: Self::agent_names().join(", "),
        }
    }
}

/// The facts a configuration fixes, gathered from the declaration and the game's traits: what
/// OpenSpiel's `GameInfo` holds, and the spaces of a learning environment.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameInfo {
    /// Seats at the table.
    pub num_players: usize,
    /// The most steps (single or joint actions) a game can last.
    pub max_game_length: usize,
    /// The lowest and the highest return a seat can get.
    pub utility: (f64, f64),
    /// Whether the returns of every finished game sum to zero ([`Game::ZERO_SUM`]).
    pub zero_sum: bool,
    /// Distinct action ids ([`Learning`]).
    pub num_distinct_actions: Option<usize>,
    /// The observation tensor's shape ([`Learning`]).
    pub observation_shape: Option<Vec<usize>>,
    /// Bounds of each element of the observation tensor ([`Learning`]).
    pub observation_bounds: Option<Bounds>,
    /// The information-state tensor's shape ([`InformationState`]).
    pub information_state_shape: Option<Vec<usize>>,
    /// Distinct chance outcome ids ([`ExplicitChance`]).
    pub max_chance_outcomes: Option<usize>,
    /// The most chance events one start draws ([`ExplicitChance`]).
    pub max_chance_events: Option<usize>,
}

impl GameInfo {
    /// The facts of games under `config`; an error when the game refuses the configuration.
    pub fn of<G: Declared>(config: &G::Config) -> Result<GameInfo, G::Error> {
        let probe = G::new(config.clone(), 0)?;
        let capabilities = Implemented::<G>::of();
        let learning = capabilities.learning.as_ref();
        let chance = capabilities.explicit_chance.as_ref();
        Ok(GameInfo {
            num_players: probe.num_players(),
            max_game_length: probe.max_game_length(),
            utility: G::utility_range(config),
            zero_sum: G::ZERO_SUM,
            num_distinct_actions: learning.map(|l| (l.num_distinct_actions)(config)),
            observation_shape: learning.map(|l| (l.observation_shape)(config)),
            observation_bounds: learning.map(|l| (l.observation_bounds)(config)),
            information_state_shape: capabilities.information_state.map(|shape| shape(config)),
            max_chance_outcomes: chance.map(|c| (c.max_chance_outcomes)(config)),
            max_chance_events: chance.map(|c| (c.max_chance_events)(config)),
        })
    }
}

/// The seed of the agent at `seat` in the game created with `game_seed`: the one rule every tool
/// follows (the arena, the learning environments, the Python adapters), so that a game seed
/// fixes the AIs' play too.
///
/// ```
/// assert_ne!(game_core::agent_seed(7, 0), game_core::agent_seed(7, 1));
/// ```
pub fn agent_seed(game_seed: u64, seat: Player) -> u64 {
    derive_seed(game_seed, 1 + seat as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn declaration() -> Declaration {
        Declaration {
            name: "life-go",
            long_name: "Life Go",
            aliases: &["lifego"],
            players: (2, 2),
            dynamics: Dynamics::Sequential,
            chance: Chance::Explicit,
            information: Information::Perfect,
            parameters: vec![
                Parameter {
                    name: "size",
                    default: Value::Int(19),
                    doc: "the board's side",
                },
                Parameter {
                    name: "komi",
                    default: Value::Float(0.5),
                    doc: "points given to the second player",
                },
            ],
            agents: Vec::new(),
            default_opponent: Some("random"),
        }
    }

    #[test]
    fn names_ignore_case_and_separators() {
        let d = declaration();
        for name in ["life-go", "life_go", "lifego"] {
            assert!(d.is_called(name), "{name}");
        }
        for name in ["life", "LifeGo", "life--go", "lifego_"] {
            assert!(!d.is_called(name), "{name}");
        }
    }

    #[test]
    fn parameters_are_checked_and_completed() {
        let d = declaration();
        let given = Parameters::parse_values("size=13").unwrap();
        let params = d.resolve(&given).unwrap();
        assert_eq!(params.int("size"), Ok(13));
        assert_eq!(params.float("komi"), Ok(0.5));
        let komi = d
            .resolve(&Parameters::parse_values("komi=1").unwrap())
            .unwrap();
        assert_eq!(komi.get("komi"), Some(&Value::Float(1.0)));
        let typo = d
            .resolve(&Parameters::parse_values("szie=13").unwrap())
            .unwrap_err();
        assert!(typo.0.contains("did you mean \"size\"?"), "{typo}");
        let wrong = d
            .resolve(&Parameters::parse_values("size=big").unwrap())
            .unwrap_err();
        assert_eq!(wrong.0, "life-go takes size as an integer, not big");
    }

    #[test]
    fn parameters_print_as_they_parse() {
        let params = Parameters::parse_values("b=true,a=1,c=x").unwrap();
        assert_eq!(params.to_string(), "a=1,b=true,c=x");
        assert_eq!(Parameters::parse_values(&params.to_string()), Ok(params));
    }

    #[test]
    fn suggestions_only_for_near_names() {
        assert_eq!(
            suggestion("bigtwoo", &["big-two", "duel"]),
            " (did you mean \"big-two\"?)"
        );
        assert_eq!(suggestion("chess", &["big-two", "duel"]), "");
    }

    #[test]
    fn bounds_contain_what_lies_within() {
        let b = Bounds::uniform(2, 0.0, 1.0);
        assert!(b.contains(&[0.0, 1.0]));
        assert!(!b.contains(&[0.0, 1.5]));
        assert!(!b.contains(&[0.0]));
    }
}
