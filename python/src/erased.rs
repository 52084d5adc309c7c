//! One generic implementation of everything the Python classes do, for any game that implements
//! `Learning` and `Roster`, behind object-safe traits: the classes hold a `dyn AnyGame`,
//! `dyn AnyState`, `dyn AnyAgent` or `dyn AnyVector` (see `vector`) and never name a game.

use std::any::Any;
use std::str::FromStr;
use std::sync::Arc;

use game_core::svg::{ToSvg, View};
use game_core::{
    Agent, Decision, Declaration, Declared, ExplicitChance, Game, GameInfo, InformationState,
    Learning, Player, Roster, Turn,
};

use crate::vector::{AnyVector, Shape, VectorOf};

/// `current_player()` at a node where every seat acts at once (OpenSpiel's value).
pub const SIMULTANEOUS: i64 = -2;
/// `current_player()` once the game is over (OpenSpiel's value).
pub const TERMINAL: i64 = -4;

/// What went wrong, which picks the Python exception (every one a `RecessError`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A move the rules refuse now: `IllegalActionError`.
    IllegalAction,
    /// Text that does not read (an action's notation, a serialised state): `ParseError`.
    Parse,
    /// A game name nobody registered: `UnknownGameError`.
    UnknownGame,
    /// An AI name the game's roster lacks: `UnknownAgentError`.
    UnknownAgent,
    /// Parameters the game refuses: `ConfigError`.
    Config,
    /// A state that does not fit the call (of another game, over, or another seat's turn):
    /// `StateError`.
    State,
    /// Any other bad argument: `ArgumentError`.
    Value,
    /// Arena reports that do not merge into one run: `MergeError`.
    Merge,
}

/// An error for Python: its kind picks the exception class, the message is the crate's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub kind: Kind,
    pub message: String,
}

impl Failure {
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Self::new(Kind::Value, message)
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// An error for Python, of one [`Kind`].
pub type Fallible<T> = Result<T, Failure>;

/// Gives any error with a message a [`Kind`].
pub trait OrKind<T> {
    fn or_kind(self, kind: Kind) -> Fallible<T>;
}

impl<T, E: std::fmt::Display> OrKind<T> for Result<T, E> {
    fn or_kind(self, kind: Kind) -> Fallible<T> {
        self.map_err(|e| Failure::new(kind, e.to_string()))
    }
}

/// What a game needs to be offered to Python: its declaration, action ids and tensors, its
/// roster, information states and explicit chance (for OpenSpiel), its pictures and text.
pub trait Playable:
    Declared + Learning + InformationState + ExplicitChance + Roster + ToSvg + std::fmt::Display
{
    /// Parses an action from its notation, with the crate's message on failure.
    fn parse_notation(text: &str) -> Fallible<Self::Action>;
}

impl<G> Playable for G
where
    G: Declared + Learning + InformationState + ExplicitChance + Roster + ToSvg + std::fmt::Display,
{
    fn parse_notation(text: &str) -> Fallible<G::Action> {
        text.parse()
            .map_err(|e: <G::Action as FromStr>::Err| Failure::new(Kind::Parse, e.to_string()))
    }
}

/// A game with its configuration: what `recess.Game` holds.
pub trait AnyGame: Send + Sync {
    fn name(&self) -> &'static str;
    fn declaration(&self) -> Declaration;
    /// What the configuration fixes: seats, longest game, utilities, shapes and bounds.
    fn info(&self) -> &GameInfo;
    fn parameters_json(&self) -> String;
    fn num_players(&self) -> usize;
    fn max_game_length(&self) -> usize;
    fn num_distinct_actions(&self) -> usize;
    fn observation_tensor_shape(&self) -> Vec<usize>;
    fn zero_sum(&self) -> bool;
    fn agent_names(&self) -> Vec<String>;
    fn new_initial_state(&self, seed: u64) -> Fallible<Box<dyn AnyState>>;
    fn deserialize_state(&self, text: &str) -> Fallible<Box<dyn AnyState>>;
    fn agent(&self, name: &str, seed: u64) -> Fallible<Box<dyn AnyAgent>>;
    /// `n` games for `VectorGame` (`sizes`: `n`, the seed and the number of threads);
    /// `opponents` is empty or names the AI of each seat the vector plays itself (`None` for
    /// the caller's seats).
    fn vector(
        &self,
        sizes: (usize, u64, usize),
        opponents: &[Option<String>],
    ) -> Fallible<Box<dyn AnyVector>>;
}

/// A game's state: what `recess.State` holds. Every game type implements it.
pub trait AnyState: Send + Sync {
    fn boxed_clone(&self) -> Box<dyn AnyState>;
    fn as_any(&self) -> &dyn Any;
    fn same_as(&self, other: &dyn AnyState) -> bool;
    fn seats(&self) -> usize;
    /// The seat to move, [`SIMULTANEOUS`] or [`TERMINAL`].
    fn player_to_move(&self) -> i64;
    fn legal_ids(&self, player: Player) -> Vec<usize>;
    fn legal_mask(&self, player: Player) -> Vec<bool>;
    fn apply_id(&mut self, id: usize) -> Fallible<()>;
    fn apply_ids(&mut self, ids: &[usize]) -> Fallible<()>;
    fn all_returns(&self) -> Vec<f64>;
    fn tensor(&self, player: Player) -> Vec<f32>;
    fn text(&self, player: Player) -> String;
    fn id_to_text(&self, id: usize) -> Fallible<String>;
    fn text_to_id(&self, text: &str) -> Fallible<usize>;
    fn to_json(&self) -> String;
    /// The board or table as people read it (the crate's `Display`).
    fn display(&self) -> String;
    /// The state drawn as `view` sees it, as an SVG document (the crate's `ToSvg`).
    fn svg(&self, view: View) -> String;
}

/// An AI of a game's roster: what `recess.Agent` holds.
pub trait AnyAgent: Send {
    fn name(&self) -> String;
    /// The id of the action the agent picks for `player` (by default the seat to move).
    fn step(&mut self, state: &dyn AnyState, player: Option<Player>) -> Fallible<usize>;
}

/// A game type with one configuration.
pub struct GameOf<G: Game> {
    config: G::Config,
    info: GameInfo,
    num_players: usize,
    max_game_length: usize,
}

impl<G: Playable> GameOf<G> {
    /// The game under `config`; refused when the game refuses the configuration.
    pub fn load(config: G::Config) -> Fallible<Arc<dyn AnyGame>> {
        let info = GameInfo::of::<G>(&config).or_kind(Kind::Config)?;
        Ok(Arc::new(Self {
            num_players: info.num_players,
            max_game_length: info.max_game_length,
            info,
            config,
        }))
    }

    fn check_config(&self, state: &G) -> Fallible<()> {
        let config = state.config_of();
        if config == self.config {
            Ok(())
        } else {
            let json = |config: &G::Config| serde_json::to_string(config).unwrap_or_default();
            Err(Failure::new(
                Kind::State,
                format!(
                    "the state's parameters {} are not the game's {}",
                    json(&config),
                    json(&self.config)
                ),
            ))
        }
    }
}

impl<G: Playable> AnyGame for GameOf<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn declaration(&self) -> Declaration {
        G::declaration()
    }

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn parameters_json(&self) -> String {
        serde_json::to_string(&self.config).unwrap_or_else(|_| "{}".into())
    }

    fn num_players(&self) -> usize {
        self.num_players
    }

    fn max_game_length(&self) -> usize {
        self.max_game_length
    }

    fn num_distinct_actions(&self) -> usize {
        G::num_distinct_actions(&self.config)
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        G::observation_tensor_shape(&self.config)
    }

    fn zero_sum(&self) -> bool {
        G::ZERO_SUM
    }

    fn agent_names(&self) -> Vec<String> {
        G::agent_names()
    }

    fn new_initial_state(&self, seed: u64) -> Fallible<Box<dyn AnyState>> {
        let state = G::new(self.config.clone(), seed).or_kind(Kind::Config)?;
        Ok(Box::new(state))
    }

    fn deserialize_state(&self, text: &str) -> Fallible<Box<dyn AnyState>> {
        let state: G = serde_json::from_str(text).or_kind(Kind::Parse)?;
        self.check_config(&state)?;
        Ok(Box::new(state))
    }

    fn agent(&self, name: &str, seed: u64) -> Fallible<Box<dyn AnyAgent>> {
        let agent = G::agent(name, seed).or_kind(Kind::UnknownAgent)?;
        Ok(Box::new(AgentOf::<G> {
            agent,
            legal: Vec::new(),
        }))
    }

    fn vector(
        &self,
        sizes: (usize, u64, usize),
        opponents: &[Option<String>],
    ) -> Fallible<Box<dyn AnyVector>> {
        let shape = Shape {
            players: self.num_players,
            actions: self.num_distinct_actions(),
            tensor: self.observation_tensor_shape().iter().product(),
        };
        let vector = VectorOf::<G>::new(self.config.clone(), shape, sizes, opponents)?;
        Ok(Box::new(vector))
    }
}

/// The action of `id`, or the message for an id out of range.
pub fn action_of<G: Learning>(config: &G::Config, id: usize) -> Fallible<G::Action> {
    G::action_from_id(config, id)
        .ok_or_else(|| not_an_id(id, G::NAME, G::num_distinct_actions(config)))
}

/// `id`, from Python, as an action id of `game`, which has `count` of them (whether it is legal
/// now is the game's to say, later).
pub fn checked_id(id: i64, game: &str, count: usize) -> Fallible<usize> {
    usize::try_from(id)
        .ok()
        .filter(|&id| id < count)
        .ok_or_else(|| not_an_id(id, game, count))
}

/// The message for `id`, not an action id of `game`, which has `count` of them.
fn not_an_id(id: impl std::fmt::Display, game: &str, count: usize) -> Failure {
    Failure::new(
        Kind::IllegalAction,
        format!(
            "{id} is not an action id of {game} (ids go from 0 to {})",
            count.saturating_sub(1)
        ),
    )
}

impl<G: Playable> AnyState for G {
    fn boxed_clone(&self) -> Box<dyn AnyState> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same_as(&self, other: &dyn AnyState) -> bool {
        other.as_any().downcast_ref::<G>() == Some(self)
    }

    fn seats(&self) -> usize {
        Game::num_players(self)
    }

    fn player_to_move(&self) -> i64 {
        match self.turn() {
            Turn::Player(p) => p as i64,
            Turn::Simultaneous => SIMULTANEOUS,
            Turn::Over => TERMINAL,
        }
    }

    fn legal_ids(&self, player: Player) -> Vec<usize> {
        self.legal_action_ids(player)
    }

    fn legal_mask(&self, player: Player) -> Vec<bool> {
        self.legal_action_mask(player)
    }

    fn apply_id(&mut self, id: usize) -> Fallible<()> {
        let action = action_of::<G>(&self.config_of(), id)?;
        self.apply(&action).or_kind(Kind::IllegalAction)
    }

    fn apply_ids(&mut self, ids: &[usize]) -> Fallible<()> {
        let config = self.config_of();
        let joint = ids
            .iter()
            .map(|&id| action_of::<G>(&config, id))
            .collect::<Fallible<Vec<_>>>()?;
        self.apply_joint(&joint).or_kind(Kind::IllegalAction)
    }

    fn all_returns(&self) -> Vec<f64> {
        // `+ 0.0` turns a negative zero (a draw's share) into zero, which prints as `0.0`.
        (0..Game::num_players(self))
            .map(|p| Game::returns(self, p) + 0.0)
            .collect()
    }

    fn tensor(&self, player: Player) -> Vec<f32> {
        self.observation_tensor(player)
    }

    fn text(&self, player: Player) -> String {
        Learning::observation_string(self, player)
    }

    fn id_to_text(&self, id: usize) -> Fallible<String> {
        Ok(action_of::<G>(&self.config_of(), id)?.to_string())
    }

    fn text_to_id(&self, text: &str) -> Fallible<usize> {
        let action = G::parse_notation(text)?;
        G::action_id(&self.config_of(), &action).ok_or_else(|| {
            Failure::new(
                Kind::Parse,
                format!("{text:?} is not an action of this game's configuration"),
            )
        })
    }

    fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    fn display(&self) -> String {
        self.to_string()
    }

    fn svg(&self, view: View) -> String {
        self.to_svg(view)
    }
}

struct AgentOf<G: Game> {
    agent: Box<dyn Agent<G>>,
    legal: Vec<G::Action>,
}

impl<G: Playable> AnyAgent for AgentOf<G> {
    fn name(&self) -> String {
        self.agent.name().to_string()
    }

    fn step(&mut self, state: &dyn AnyState, player: Option<Player>) -> Fallible<usize> {
        let Some(state) = state.as_any().downcast_ref::<G>() else {
            return Err(Failure::new(
                Kind::State,
                format!("this agent plays {}, not this game", G::NAME),
            ));
        };
        let player = match (state.turn(), player) {
            (Turn::Over, _) => return Err(Failure::new(Kind::State, "the game is over")),
            (Turn::Player(p), None) => p,
            (Turn::Player(p), Some(q)) if p == q => p,
            (Turn::Player(p), Some(q)) => {
                return Err(Failure::new(
                    Kind::State,
                    format!("seat {q} does not act now: seat {p} does"),
                ));
            }
            (Turn::Simultaneous, None) => {
                return Err(Failure::new(
                    Kind::State,
                    "every seat acts at once here: say which player the agent is",
                ));
            }
            (Turn::Simultaneous, Some(q)) if q < Game::num_players(state) => q,
            (Turn::Simultaneous, Some(q)) => {
                return Err(Failure::new(Kind::Value, format!("there is no seat {q}")));
            }
        };
        let observation = state.observation(player);
        state.legal_actions_into(player, &mut self.legal);
        let decision = Decision::new(player, &observation, &self.legal).ok_or_else(|| {
            Failure::new(Kind::State, format!("seat {player} has no legal action"))
        })?;
        let action = self.agent.choose(&decision);
        G::action_id(&state.config_of(), &action).ok_or_else(|| {
            Failure::new(
                Kind::Value,
                format!("the agent chose {action}, which has no id"),
            )
        })
    }
}
