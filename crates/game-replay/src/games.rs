//! Records of several games read by one reader: the game each names picks its type.

use game_core::svg::{ToSvg, View};
use game_core::{Declaration, Declared, Record, Roster, agent_seed, play};

use crate::{PageError, Replay};

/// Reads a record's JSON into a replay, for one game.
type Reader = fn(serde_json::Value, View) -> Result<Replay, PageError>;

/// The JSON record of a game its AIs play from a seed, for one game.
type Sampler = fn(u64) -> Result<String, PageError>;

/// One game a [`Games`] knows.
struct Known {
    declaration: Declaration,
    read: Reader,
    sample: Option<Sampler>,
}

/// The games a program makes pages of, by the name each record gives (`"game"`, with `_` and
/// `-` the same letter and the declared aliases understood).
///
/// ```
/// use game_core::svg::View;
/// use game_replay::{Games, PageError};
/// use game_testkit::Nim;
///
/// let games = Games::new().with::<Nim>();
/// let json = r#"{"game":"nim","config":null,"seed":4,"actions":[2]}"#;
/// assert_eq!(games.replay(json, View::Everything)?.steps.len(), 2);
/// let chess = games.replay(r#"{"game":"chess"}"#, View::Everything).unwrap_err();
/// assert!(matches!(chess, PageError::UnknownGame { .. }));
/// # Ok::<(), PageError>(())
/// ```
#[derive(Default)]
pub struct Games {
    games: Vec<Known>,
}

impl Games {
    /// No games yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// These games and `G`.
    pub fn with<G: Declared + ToSvg>(mut self) -> Self {
        self.games.push(Known {
            declaration: G::declaration(),
            read: read::<G>,
            sample: None,
        });
        self
    }

    /// These games and `G`, whose AIs can also play a sample game ([`Games::sample`]).
    pub fn with_roster<G: Roster + ToSvg>(mut self) -> Self {
        self.games.push(Known {
            declaration: G::declaration(),
            read: read::<G>,
            sample: Some(sample::<G>),
        });
        self
    }

    /// The names of the games, as records give them.
    pub fn names(&self) -> Vec<&'static str> {
        self.games.iter().map(|k| k.declaration.name).collect()
    }

    /// The game called `name`.
    fn find(&self, name: &str) -> Result<&Known, PageError> {
        self.games
            .iter()
            .find(|k| k.declaration.is_called(name))
            .ok_or_else(|| PageError::UnknownGame {
                game: game_core::shorten(name),
                known: self.names(),
            })
    }

    /// The record (as JSON) of a game of `game` played from `seed` by the AIs of its first
    /// standard lineup ([`Roster::standard_lineups`]): for trying the pages without a saved
    /// game.
    ///
    /// ```
    /// use game_core::svg::View;
    /// use game_replay::Games;
    /// use game_testkit::Nim;
    ///
    /// let games = Games::new().with_roster::<Nim>();
    /// let json = games.sample("nim", 3)?;
    /// assert!(games.replay(&json, View::Everything)?.steps.len() > 1);
    /// # Ok::<(), game_replay::PageError>(())
    /// ```
    pub fn sample(&self, game: &str, seed: u64) -> Result<String, PageError> {
        let known = self.find(game)?;
        let sample = known.sample.ok_or_else(|| {
            PageError::Game(format!(
                "{} has no AIs to play a sample game",
                known.declaration.name
            ))
        })?;
        sample(seed)
    }

    /// The replay of the record `json`, of whichever of the games it names, drawn for `view`.
    pub fn replay(&self, json: &str, view: View) -> Result<Replay, PageError> {
        let value: serde_json::Value = serde_json::from_str(json)?;
        let Some(game) = value.get("game").and_then(serde_json::Value::as_str) else {
            return Err(PageError::Json(serde::de::Error::custom(
                "it has no \"game\" field; a record holds the game, its config, its seed and \
                 its actions (a saved state is not a record)",
            )));
        };
        let read = self.find(game)?.read;
        read(value, view)
    }
}

/// The replay of `value`, a record of `G`.
fn read<G: Declared + ToSvg>(value: serde_json::Value, view: View) -> Result<Replay, PageError> {
    let record: Record<G> = serde_json::from_value(value)?;
    Replay::of(&record, view)
}

/// The JSON record of a game of `G` from `seed`, played by its first standard lineup under the
/// configuration the arena plays it.
fn sample<G: Roster>(seed: u64) -> Result<String, PageError> {
    let lineup = G::standard_lineups().into_iter().next().unwrap_or_default();
    let mut agents = lineup
        .iter()
        .enumerate()
        .map(|(seat, name)| G::agent(name, agent_seed(seed, seat)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| PageError::Game(e.to_string()))?;
    let played = play::<G, _>(G::arena_config(&lineup), seed, &mut agents)
        .map_err(|e| PageError::Game(e.to_string()))?;
    Ok(serde_json::to_string(played.record())?)
}
