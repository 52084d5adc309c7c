//! The games on offer: a registry of [`Registration`]s, each made by one generic call,
//! [`register`]`::<G>()`, from the game's declaration (`game_core::Declared`). The module's
//! `recess.load_game`, the OpenSpiel classes and the arena find games here by name and never
//! name a game themselves.

use std::sync::{Arc, OnceLock};

use game_arena::Report;
use game_core::{Declaration, Parameters, Value};
use pyo3::prelude::*;
use pyo3::types::PyModule;

use crate::arena::Run;
use crate::erased::{AnyGame, Failure, Fallible, GameOf, Kind, OrKind, Playable};
use crate::openspiel::SpielGame;

/// One game as the binding offers it: its declaration, and the generic code for its type.
pub struct Registration {
    declaration: Declaration,
    load: fn(&Parameters, Option<serde_json::Map<String, serde_json::Value>>) -> Loaded,
    spiel: fn(&Parameters) -> Fallible<Arc<SpielGame>>,
    arena: fn(Run) -> PyResult<Report>,
}

type Loaded = Fallible<Arc<dyn AnyGame>>;

/// The game `G` for the binding: `recess.load_game`, OpenSpiel, the adapters and the arena.
pub fn register<G: Playable>() -> Registration {
    Registration {
        declaration: G::declaration(),
        load: load_game::<G>,
        spiel: SpielGame::load::<G>,
        arena: |run| run.visit::<G>(),
    }
}

impl Registration {
    /// The game's declaration.
    pub fn declaration(&self) -> &Declaration {
        &self.declaration
    }

    /// The name `pyspiel.load_game` knows the game by: `recess_` and the name, `-` written `_`.
    pub fn short_name(&self) -> String {
        spiel_name(self.declaration.name)
    }

    /// The game under OpenSpiel parameters (declared ones; the others keep their defaults).
    pub fn spiel(&self, params: &Parameters) -> Fallible<Arc<SpielGame>> {
        (self.spiel)(params)
    }

    /// The arena run on this game.
    pub fn arena(&self, run: Run) -> PyResult<Report> {
        (self.arena)(run)
    }
}

/// `recess_` and `name`, `-` written `_`: OpenSpiel's spelling.
pub fn spiel_name(name: &str) -> String {
    format!("recess_{}", name.replace('-', "_"))
}

/// The game `G` under the declared parameters `params` (as given: checked and completed with
/// the defaults here), then with `fields` (the configuration's own fields, by serde) laid over
/// that configuration.
fn load_game<G: Playable>(
    params: &Parameters,
    fields: Option<serde_json::Map<String, serde_json::Value>>,
) -> Loaded {
    let config = G::config_from(params).or_kind(Kind::Config)?;
    let config = match fields {
        None => config,
        Some(fields) => {
            let mut value = serde_json::to_value(config).or_kind(Kind::Config)?;
            let serde_json::Value::Object(current) = &mut value else {
                return Err(Failure::new(
                    Kind::Config,
                    format!("{} takes no parameters", G::NAME),
                ));
            };
            // A configuration stored in a form of its own rather than as its fields (Big Two
            // writes `{}` for its default and `{"rules": "hong-kong"}` for a preset) has no
            // field to lay the stored one over: where the overlay finds none, the fields are
            // read as a whole configuration, as the game stored it.
            let whole = fields.clone();
            match overlay(current, fields, G::NAME, &G::declaration()) {
                Ok(()) => serde_json::from_value(value).map_err(|e| {
                    Failure::new(Kind::Config, format!("bad parameters for {}: {e}", G::NAME))
                })?,
                Err(refused) => {
                    serde_json::from_value(serde_json::Value::Object(whole)).map_err(|_| refused)?
                }
            }
        }
    };
    GameOf::<G>::load(config)
}

static REGISTRY: OnceLock<Vec<Registration>> = OnceLock::new();

/// The module the registry belongs to, which restores what it pickles.
static HOME: OnceLock<Py<PyModule>> = OnceLock::new();

/// Installs the games of this module (once; a second call changes nothing).
pub fn install(games: Vec<Registration>) {
    let _ = REGISTRY.set(games);
}

/// Records the module the games are installed in (once).
pub fn set_home(home: &Bound<'_, PyModule>) {
    let _ = HOME.set(home.clone().unbind());
}

/// The name of the module whose games these are (`recess._recess`, or a crate's of another
/// game): a pickle names it, so that loading it in a fresh process imports the module, which
/// registers its games.
pub fn home(py: Python<'_>) -> PyResult<String> {
    match HOME.get() {
        Some(module) => module.bind(py).name()?.extract(),
        None => Ok("recess._recess".to_string()),
    }
}

/// The registered games, in the order given.
pub fn registry() -> &'static [Registration] {
    REGISTRY.get().map_or(&[], Vec::as_slice)
}

/// The canonical names of the registered games.
pub fn names() -> Vec<&'static str> {
    registry().iter().map(|r| r.declaration.name).collect()
}

/// The registration called `name`: a name or alias as declared (`_` and `-` the same letter),
/// optionally written with OpenSpiel's `recess_` before it. Refused with the nearest name
/// suggested otherwise.
pub fn find(name: &str) -> Fallible<&'static Registration> {
    let name = name.trim();
    let bare = name.strip_prefix("recess_").unwrap_or(name);
    registry()
        .iter()
        .find(|r| r.declaration.is_called(bare))
        .ok_or_else(|| unknown(name))
}

/// Whether `name` names a registered game (see [`find`]).
pub fn knows(name: &str) -> bool {
    find(name).is_ok()
}

fn unknown(name: &str) -> Failure {
    let known: Vec<&str> = registry()
        .iter()
        .flat_map(|r| r.declaration.names())
        .collect();
    let bare = name.strip_prefix("recess_").unwrap_or(name);
    Failure::new(
        Kind::UnknownGame,
        format!(
            "no game is called {:?}{}; games: {}",
            shorten(name),
            game_core::suggestion(bare, &known),
            names().join(", ")
        ),
    )
}

/// The game `text` names (`life_go(size=13)` or a bare name), with `keywords` (a JSON object)
/// over the parameters the text gives. Keywords are the declared parameters, as the text
/// writes them (`size=13`); a keyword no parameter declares is a field of the configuration
/// (a duel's `rules={"round_limit": 3}`), laid over the configuration the parameters give.
pub fn load(text: &str, keywords_json: &str) -> Fallible<Arc<dyn AnyGame>> {
    let (name, mut params) = Parameters::parse_game(text).or_kind(Kind::Parse)?;
    let registration = find(name)?;
    let keywords: serde_json::Map<String, serde_json::Value> = serde_json::from_str(keywords_json)
        .map_err(|e| Failure::new(Kind::Parse, format!("bad parameters: {e}")))?;
    let mut fields = serde_json::Map::new();
    for (key, value) in keywords {
        let declared = registration
            .declaration
            .parameters
            .iter()
            .any(|p| p.name == key);
        match value_of(&value) {
            Some(value) if declared => params.set(key, value),
            _ => {
                fields.insert(key, value);
            }
        }
    }
    (registration.load)(&params, (!fields.is_empty()).then_some(fields))
}

/// The game called `name` with the whole configuration given as its fields (the JSON of
/// `Game.parameters()`, what pickling stores), over the default configuration.
pub fn load_fields(name: &str, fields_json: &str) -> Fallible<Arc<dyn AnyGame>> {
    let registration = find(name)?;
    let fields: serde_json::Map<String, serde_json::Value> = serde_json::from_str(fields_json)
        .map_err(|e| Failure::new(Kind::Parse, format!("bad parameters: {e}")))?;
    (registration.load)(&Parameters::default(), Some(fields))
}

/// A JSON scalar as a parameter's value; `None` for arrays, objects and null.
pub fn value_of(json: &serde_json::Value) -> Option<Value> {
    match json {
        serde_json::Value::Bool(b) => Some(Value::Bool(*b)),
        serde_json::Value::Number(n) => n
            .as_i64()
            .map(Value::Int)
            .or_else(|| n.as_f64().map(Value::Float)),
        serde_json::Value::String(s) => Some(Value::Text(s.clone())),
        _ => None,
    }
}

/// Parameters from a JSON object of scalars (what Python's OpenSpiel side passes).
pub fn parameters_of(json: &str) -> Fallible<Parameters> {
    let given: serde_json::Map<String, serde_json::Value> = serde_json::from_str(json)
        .map_err(|e| Failure::new(Kind::Parse, format!("bad parameters: {e}")))?;
    let mut params = Parameters::default();
    for (key, value) in given {
        let parsed = value_of(&value).ok_or_else(|| {
            Failure::new(
                Kind::Config,
                format!("{key} is a boolean, a number or text, not {value}"),
            )
        })?;
        params.set(key, parsed);
    }
    Ok(params)
}

/// Lays `fields` over the configuration `current`: a value that is an object where the field
/// is one too (a duel's rule set) changes only the fields it names, so one rule changes without
/// restating the rest. Names neither declared nor fields are refused, the nearest suggested
/// (`path` names where, for the message).
fn overlay(
    current: &mut serde_json::Map<String, serde_json::Value>,
    fields: serde_json::Map<String, serde_json::Value>,
    path: &str,
    declaration: &Declaration,
) -> Fallible<()> {
    for (key, value) in fields {
        let Some(field) = current.get_mut(&key) else {
            let mut known: Vec<&str> = if path == declaration.name {
                declaration.parameters.iter().map(|p| p.name).collect()
            } else {
                Vec::new()
            };
            // A declared parameter is often a field of the same name: each name once.
            for field in current.keys() {
                if !known.contains(&field.as_str()) {
                    known.push(field);
                }
            }
            let listed = if known.is_empty() {
                "it takes none".to_string()
            } else {
                format!("its parameters: {}", known.join(", "))
            };
            return Err(Failure::new(
                Kind::Config,
                format!(
                    "{path} has no parameter {:?}{}; {listed}",
                    shorten(&key),
                    game_core::suggestion(&key, &known),
                ),
            ));
        };
        match (field, value) {
            (serde_json::Value::Object(inner), serde_json::Value::Object(value)) => {
                overlay(inner, value, &format!("{path}.{key}"), declaration)?;
            }
            (field, value) => *field = value,
        }
    }
    Ok(())
}

/// The built-in games, one registration each, from the umbrella package's registry
/// (`recess::games`, the list its `arena` and `replay` programs read too), behind the feature
/// `built-in-games`, on by default: a crate of another game turns it off, and compiles none of
/// them.
#[cfg(feature = "built-in-games")]
pub fn built_in() -> Vec<Registration> {
    struct Registrations(Vec<Registration>);
    impl recess::games::Visitor for Registrations {
        fn visit<G: recess::games::BuiltIn>(&mut self, _arena_games: usize) {
            self.0.push(register::<G>());
        }
    }
    let mut all = Registrations(Vec::new());
    recess::games::visit(&mut all);
    all.0
}

/// `text`, cut to 40 characters for a message.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}
