//! One generic implementation of everything the Python classes do, for any game that implements
//! `Learning` and `Roster`, behind object-safe traits: the classes hold a `dyn AnyGame`,
//! `dyn AnyState` (see `state`), `dyn AnyAgent` or `dyn AnyVector` (see `vector`) and never
//! name a game.

use std::any::Any;
use std::str::FromStr;
use std::sync::Arc;

use game_core::svg::{ToSvg, View};
use game_core::{
    Agent, Deal, Decision, Declaration, Declared, ExplicitChance, Game, GameInfo, InformationState,
    Learning, Player, Roster, Turn,
};

use crate::state::{Phase, SIMULTANEOUS, StateOf, Step, who};
use crate::vector::{AnyVector, Shape, VectorOf};

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
    fn information_state_tensor_shape(&self) -> Vec<usize>;
    fn zero_sum(&self) -> bool;
    fn agent_names(&self) -> Vec<String>;
    /// The game dealt from `seed`, with no history.
    fn new_initial_state(&self, seed: u64) -> Fallible<Box<dyn AnyState>>;
    /// The root: the chance nodes of the deal to come (the game itself when nothing is random
    /// under the configuration).
    fn root(&self) -> Box<dyn AnyState>;
    /// The root with the chance outcomes of seed `seed`'s deal applied: the game
    /// `new_initial_state(seed)` gives, with a chance history.
    fn dealt(&self, seed: u64) -> Fallible<Box<dyn AnyState>>;
    /// The state whose history is `history`, replayed from the root.
    fn replay(&self, history: &[Step]) -> Fallible<Box<dyn AnyState>>;
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

/// A game's state: what `recess.State` holds; [`StateOf`] is the one implementation.
pub trait AnyState: Send + Sync {
    fn boxed_clone(&self) -> Box<dyn AnyState>;
    fn as_any(&self) -> &dyn Any;
    /// Whether both are dealt and in the same position (histories aside).
    fn same_as(&self, other: &dyn AnyState) -> bool;
    fn seats(&self) -> usize;
    /// A seat, or `CHANCE`, `SIMULTANEOUS` or `TERMINAL`.
    fn current_player(&self) -> i64;
    /// The legal ids of `player` as OpenSpiel's `LegalActions(player)` gives them: the chance
    /// outcomes at a chance node, the seat's ids where it acts, none elsewhere.
    fn legal_actions(&self, player: i64) -> Fallible<Vec<i64>>;
    fn legal_mask(&self, player: Player) -> Vec<bool>;
    fn apply_action(&mut self, action: i64) -> Fallible<()>;
    fn apply_actions(&mut self, actions: &[i64]) -> Fallible<()>;
    fn chance_outcomes(&self) -> Vec<(usize, f64)>;
    fn returns(&self) -> Vec<f64>;
    fn history(&self) -> &[Step];
    fn move_number(&self) -> usize;
    /// Gives a state read back from its text the history it had when pickled.
    fn set_history(&mut self, history: Vec<Step>, move_number: usize);
    fn information_state_string(&self, player: Player) -> Fallible<String>;
    fn information_state_tensor(&self, player: Player, out: &mut [f32]) -> Fallible<()>;
    fn observation_string(&self, player: Player) -> Fallible<String>;
    fn observation_tensor(&self, player: Player, out: &mut [f32]) -> Fallible<()>;
    /// The notation of `action` taken by `player` (`CHANCE`: a chance outcome of this node).
    fn action_to_string(&self, player: i64, action: i64) -> Fallible<String>;
    fn string_to_action(&self, text: &str) -> Fallible<usize>;
    /// The dealt game as JSON (refused at a chance node).
    fn to_json(&self) -> Fallible<String>;
    /// The board or table as people read it (the crate's `Display`), or the deal so far.
    fn describe(&self) -> String;
    /// The dealt game drawn as `view` sees it, as an SVG document (the crate's `ToSvg`).
    fn svg(&self, view: View) -> Fallible<String>;
    /// A world `player` cannot tell from this one, drawn from `seed`.
    fn resample(&self, player: Player, seed: u64) -> Fallible<Box<dyn AnyState>>;
}

/// An AI of a game's roster: what `recess.Agent` holds.
pub trait AnyAgent: Send {
    fn name(&self) -> String;
    /// The id of the action the agent picks for `player` (by default the seat to move).
    fn step(&mut self, state: &dyn AnyState, player: Option<Player>) -> Fallible<usize>;
}

/// A game type with one configuration.
pub struct GameOf<G: Playable> {
    config: G::Config,
    info: GameInfo,
    num_players: usize,
    max_game_length: usize,
    /// Where a game starts at the root: the deal with nothing drawn, or the game itself when
    /// nothing is random under the configuration.
    start: Phase<G>,
}

impl<G: Playable> GameOf<G> {
    /// The game under `config`; refused when the game refuses the configuration.
    pub fn load(config: G::Config) -> Fallible<Arc<dyn AnyGame>> {
        let info = GameInfo::of::<G>(&config).or_kind(Kind::Config)?;
        let deal = Deal::<G>::new(config.clone());
        let start = if deal.is_complete() {
            Phase::Play(deal.game().or_kind(Kind::Config)?)
        } else {
            Phase::Deal(deal)
        };
        Ok(Arc::new(Self {
            num_players: info.num_players,
            max_game_length: info.max_game_length,
            info,
            config,
            start,
        }))
    }

    fn start(&self) -> StateOf<G> {
        StateOf::new(self.start.clone(), self.num_players)
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

    fn information_state_tensor_shape(&self) -> Vec<usize> {
        G::information_state_tensor_shape(&self.config)
    }

    fn zero_sum(&self) -> bool {
        G::ZERO_SUM
    }

    fn agent_names(&self) -> Vec<String> {
        G::agent_names()
    }

    fn new_initial_state(&self, seed: u64) -> Fallible<Box<dyn AnyState>> {
        let game = G::new(self.config.clone(), seed).or_kind(Kind::Config)?;
        Ok(Box::new(StateOf::new(Phase::Play(game), self.num_players)))
    }

    fn root(&self) -> Box<dyn AnyState> {
        Box::new(self.start())
    }

    fn dealt(&self, seed: u64) -> Fallible<Box<dyn AnyState>> {
        let mut state = self.start();
        for outcome in G::chance_outcomes_of_seed(&self.config, seed) {
            state.apply_action(outcome as i64)?;
        }
        Ok(Box::new(state))
    }

    fn replay(&self, history: &[Step]) -> Fallible<Box<dyn AnyState>> {
        let mut state = self.start();
        let mut rest = history;
        while let Some(first) = rest.first() {
            let player = state.current_player();
            if player == SIMULTANEOUS {
                let n = self.num_players;
                if rest.len() < n {
                    return Err(Failure::new(
                        Kind::State,
                        "the history ends in the middle of a joint action",
                    ));
                }
                let (joint, after) = rest.split_at(n);
                if joint.iter().enumerate().any(|(p, s)| s.player != p as i64) {
                    return Err(Failure::new(
                        Kind::State,
                        "a joint action in the history is not one action per seat",
                    ));
                }
                let actions: Vec<i64> = joint.iter().map(|s| s.action).collect();
                state.apply_actions(&actions)?;
                rest = after;
            } else {
                if first.player != player {
                    return Err(Failure::new(
                        Kind::State,
                        format!(
                            "the history has {} act where {} does",
                            who(first.player),
                            who(player)
                        ),
                    ));
                }
                state.apply_action(first.action)?;
                rest = &rest[1..];
            }
        }
        Ok(Box::new(state))
    }

    fn deserialize_state(&self, text: &str) -> Fallible<Box<dyn AnyState>> {
        let game: G = serde_json::from_str(text).or_kind(Kind::Parse)?;
        self.check_config(&game)?;
        Ok(Box::new(StateOf::new(Phase::Play(game), self.num_players)))
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

struct AgentOf<G: Game> {
    agent: Box<dyn Agent<G>>,
    legal: Vec<G::Action>,
}

impl<G: Playable> AnyAgent for AgentOf<G> {
    fn name(&self) -> String {
        self.agent.name().to_string()
    }

    fn step(&mut self, state: &dyn AnyState, player: Option<Player>) -> Fallible<usize> {
        let Some(state) = state.as_any().downcast_ref::<StateOf<G>>() else {
            return Err(Failure::new(
                Kind::State,
                format!("this agent plays {}, not this game", G::NAME),
            ));
        };
        let state = state.game().map_err(|_| {
            Failure::new(
                Kind::State,
                "the deal is not complete: chance moves here, not a seat",
            )
        })?;
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
