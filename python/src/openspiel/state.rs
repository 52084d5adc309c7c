//! A game as OpenSpiel sees it: the random start as chance nodes (a [`Deal`] walked one outcome
//! at a time), then the game itself, with the history of every action (chance outcomes
//! included) and information states. One generic implementation, behind object-safe traits
//! (`AnySpielGame`, `AnySpielState`) that the Python classes hold.

use std::sync::Arc;

use game_core::{Deal, Game, GameInfo, GameRng, Information, Parameters, Player, Turn};

use crate::erased::{
    AnyAgent, AnyGame, AnyState, Failure, Fallible, GameOf, Kind, OrKind, Playable, action_of,
    checked_id,
};

/// OpenSpiel's `current_player()` at a chance node.
pub const CHANCE: i64 = -1;
/// OpenSpiel's `current_player()` where every seat acts at once.
pub const SIMULTANEOUS: i64 = -2;
/// OpenSpiel's `current_player()` once the game is over.
pub const TERMINAL: i64 = -4;

/// One action of the history: who took it (`CHANCE` for a chance outcome) and its id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub player: i64,
    pub action: i64,
}

/// A loaded game: what `recess._recess.OpenSpielGame` holds.
pub trait AnySpielGame: Send + Sync {
    fn short_name(&self) -> &str;
    fn long_name(&self) -> &'static str;
    fn parameters_json(&self) -> String;
    fn facts(&self) -> &Facts;
    fn new_initial_state(&self) -> Box<dyn AnySpielState>;
    /// The state whose history is `history`, replayed from the start.
    fn replay(&self, history: &[Step]) -> Fallible<Box<dyn AnySpielState>>;
    fn agent(&self, name: &str, seed: u64) -> Fallible<Box<dyn AnyAgent>>;
    fn agent_names(&self) -> Vec<String>;
    /// The same game for `recess.load_game`, under the configuration the parameters give.
    fn erased(&self) -> Arc<dyn AnyGame>;
}

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

/// The state of one game: what `recess._recess.OpenSpielState` holds.
pub trait AnySpielState: Send + Sync {
    fn boxed_clone(&self) -> Box<dyn AnySpielState>;
    /// A seat, or `CHANCE`, `SIMULTANEOUS` or `TERMINAL`.
    fn current_player(&self) -> i64;
    /// The legal ids of `player` as OpenSpiel's `LegalActions(player)` gives them: the chance
    /// outcomes at a chance node, the seat's ids where it acts, none elsewhere.
    fn legal_actions(&self, player: i64) -> Fallible<Vec<i64>>;
    fn apply_action(&mut self, action: i64) -> Fallible<()>;
    fn apply_actions(&mut self, actions: &[i64]) -> Fallible<()>;
    fn chance_outcomes(&self) -> Vec<(usize, f64)>;
    fn returns(&self) -> Vec<f64>;
    fn history(&self) -> &[Step];
    fn move_number(&self) -> usize;
    fn information_state_string(&self, player: Player) -> Fallible<String>;
    fn information_state_tensor(&self, player: Player, out: &mut [f32]) -> Fallible<()>;
    fn observation_string(&self, player: Player) -> Fallible<String>;
    fn observation_tensor(&self, player: Player, out: &mut [f32]) -> Fallible<()>;
    fn action_to_string(&self, player: i64, action: i64) -> Fallible<String>;
    fn describe(&self) -> String;
    /// A world `player` cannot tell from this one, drawn from `seed`.
    fn resample(&self, player: Player, seed: u64) -> Fallible<Box<dyn AnySpielState>>;
    /// The game once the deal is complete, for the crates' AIs.
    fn playing(&self) -> Option<&dyn AnyState>;
}

/// A game type with the configuration its parameters describe.
pub struct SpielGameOf<G: Playable> {
    short_name: String,
    params: Parameters,
    facts: Facts,
    /// Where every game starts: the deal with nothing drawn, or the game itself when nothing
    /// is random under the configuration.
    start: Phase<G>,
    /// The same game for the crates' AIs.
    erased: Arc<dyn AnyGame>,
}

impl<G: Playable> SpielGameOf<G> {
    /// The game under the declared parameters `given` (missing ones take their defaults).
    pub fn load(given: &Parameters) -> Fallible<Arc<dyn AnySpielGame>> {
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
        let deal = Deal::<G>::new(config.clone());
        let start = if deal.is_complete() {
            Phase::Play(deal.game().or_kind(Kind::Config)?)
        } else {
            Phase::Deal(deal)
        };
        Ok(Arc::new(Self {
            short_name: crate::games::spiel_name(declaration.name),
            erased: GameOf::<G>::load(config)?,
            params,
            facts,
            start,
        }))
    }

    fn start(&self) -> SpielState<G> {
        SpielState {
            phase: self.start.clone(),
            history: Vec::new(),
            players: self.facts.num_players,
            move_number: 0,
        }
    }
}

impl<G: Playable> AnySpielGame for SpielGameOf<G> {
    fn short_name(&self) -> &str {
        &self.short_name
    }

    fn long_name(&self) -> &'static str {
        G::declaration().long_name
    }

    fn erased(&self) -> Arc<dyn AnyGame> {
        self.erased.clone()
    }

    fn parameters_json(&self) -> String {
        serde_json::to_string(&self.params).unwrap_or_else(|_| "{}".into())
    }

    fn facts(&self) -> &Facts {
        &self.facts
    }

    fn new_initial_state(&self) -> Box<dyn AnySpielState> {
        Box::new(self.start())
    }

    fn replay(&self, history: &[Step]) -> Fallible<Box<dyn AnySpielState>> {
        let mut state = self.start();
        let mut rest = history;
        while let Some(first) = rest.first() {
            let player = state.current_player();
            if player == SIMULTANEOUS {
                let n = self.facts.num_players;
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

    fn agent(&self, name: &str, seed: u64) -> Fallible<Box<dyn AnyAgent>> {
        self.erased.agent(name, seed)
    }

    fn agent_names(&self) -> Vec<String> {
        self.erased.agent_names()
    }
}

/// `player` in messages.
fn who(player: i64) -> String {
    match player {
        CHANCE => "chance".into(),
        SIMULTANEOUS => "every seat at once".into(),
        TERMINAL => "nobody (the game is over)".into(),
        p => format!("seat {p}"),
    }
}

/// Dealing, then playing.
#[derive(Clone)]
enum Phase<G: Playable> {
    /// The random start, drawn one outcome at a time: a chance node.
    Deal(Deal<G>),
    Play(G),
}

/// A game in OpenSpiel's terms: the phase, and every action so far.
#[derive(Clone)]
pub struct SpielState<G: Playable> {
    phase: Phase<G>,
    history: Vec<Step>,
    /// Seats at the table (known before the deal is complete).
    players: usize,
    /// Chance outcomes, single actions and joint actions so far (a joint action counts once).
    move_number: usize,
}

impl<G: Playable> SpielState<G> {
    fn game(&self) -> Fallible<&G> {
        match &self.phase {
            Phase::Play(game) => Ok(game),
            Phase::Deal(_) => Err(Failure::new(
                Kind::State,
                "the deal is not complete: this is a chance node",
            )),
        }
    }

    fn seat(&self, player: Player) -> Fallible<Player> {
        if player < self.players {
            Ok(player)
        } else {
            Err(Failure::new(
                Kind::Value,
                format!(
                    "there is no player {player}: players are 0 to {}",
                    self.players - 1
                ),
            ))
        }
    }

    fn id(config: &G::Config, action: i64) -> Fallible<usize> {
        checked_id(action, G::NAME, G::num_distinct_actions(config))
    }
}

impl<G: Playable> AnySpielState for SpielState<G> {
    fn boxed_clone(&self) -> Box<dyn AnySpielState> {
        Box::new(self.clone())
    }

    fn current_player(&self) -> i64 {
        match &self.phase {
            Phase::Deal(_) => CHANCE,
            Phase::Play(game) => match game.turn() {
                Turn::Player(p) => p as i64,
                Turn::Simultaneous => SIMULTANEOUS,
                Turn::Over => TERMINAL,
            },
        }
    }

    fn legal_actions(&self, player: i64) -> Fallible<Vec<i64>> {
        let game = match &self.phase {
            Phase::Deal(deal) => {
                return Ok(deal.outcomes().iter().map(|&(o, _)| o as i64).collect());
            }
            Phase::Play(game) => game,
        };
        let mover = self.current_player();
        if mover == TERMINAL {
            return Ok(Vec::new());
        }
        let Ok(seat) = Player::try_from(player) else {
            return Err(Failure::new(
                Kind::Value,
                format!("{} has no legal actions", who(player)),
            ));
        };
        self.seat(seat)?;
        if mover == player || mover == SIMULTANEOUS {
            let mut ids: Vec<i64> = game
                .legal_action_ids(seat)
                .into_iter()
                .map(|id| id as i64)
                .collect();
            ids.sort_unstable();
            Ok(ids)
        } else {
            Ok(Vec::new())
        }
    }

    fn apply_action(&mut self, action: i64) -> Fallible<()> {
        let player = self.current_player();
        match &mut self.phase {
            Phase::Deal(deal) => {
                let outcome = usize::try_from(action).map_err(|_| {
                    Failure::new(
                        Kind::IllegalAction,
                        format!("{action} is not a chance outcome"),
                    )
                })?;
                let mut next = deal.clone();
                next.apply(outcome).or_kind(Kind::IllegalAction)?;
                self.phase = if next.is_complete() {
                    Phase::Play(next.game().or_kind(Kind::IllegalAction)?)
                } else {
                    Phase::Deal(next)
                };
            }
            Phase::Play(game) => {
                if player == SIMULTANEOUS {
                    return Err(Failure::new(
                        Kind::State,
                        "every seat acts at once here: apply a joint action (apply_actions)",
                    ));
                }
                let config = game.config_of();
                let action_value = action_of::<G>(&config, Self::id(&config, action)?)?;
                game.apply(&action_value).or_kind(Kind::IllegalAction)?;
            }
        }
        self.history.push(Step { player, action });
        self.move_number += 1;
        Ok(())
    }

    fn apply_actions(&mut self, actions: &[i64]) -> Fallible<()> {
        let Phase::Play(game) = &mut self.phase else {
            return Err(Failure::new(
                Kind::State,
                "a chance node takes one outcome (apply_action), not a joint action",
            ));
        };
        if game.turn() != Turn::Simultaneous {
            return Err(Failure::new(
                Kind::State,
                "one seat acts here: apply a single action (apply_action)",
            ));
        }
        let config = game.config_of();
        let joint = actions
            .iter()
            .map(|&a| action_of::<G>(&config, Self::id(&config, a)?))
            .collect::<Fallible<Vec<_>>>()?;
        game.apply_joint(&joint).or_kind(Kind::IllegalAction)?;
        self.history
            .extend(actions.iter().enumerate().map(|(p, &action)| Step {
                player: p as i64,
                action,
            }));
        self.move_number += 1;
        Ok(())
    }

    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        match &self.phase {
            Phase::Deal(deal) => deal.outcomes(),
            Phase::Play(_) => Vec::new(),
        }
    }

    fn returns(&self) -> Vec<f64> {
        match &self.phase {
            Phase::Deal(_) => vec![0.0; self.players],
            Phase::Play(game) => (0..Game::num_players(game))
                .map(|p| Game::returns(game, p) + 0.0)
                .collect(),
        }
    }

    fn history(&self) -> &[Step] {
        &self.history
    }

    fn move_number(&self) -> usize {
        self.move_number
    }

    // While the deal is in progress no seat has seen anything of it yet: each sees the deal
    // once it is complete, as the game shows it. The views are empty text and zeros until then.

    fn information_state_string(&self, player: Player) -> Fallible<String> {
        let seat = self.seat(player)?;
        Ok(self
            .game()
            .map(|game| game.information_state_string(seat))
            .unwrap_or_default())
    }

    fn information_state_tensor(&self, player: Player, out: &mut [f32]) -> Fallible<()> {
        let seat = self.seat(player)?;
        match self.game() {
            Ok(game) => game.information_state_tensor_into(seat, out),
            Err(_) => out.fill(0.0),
        }
        Ok(())
    }

    fn observation_string(&self, player: Player) -> Fallible<String> {
        let seat = self.seat(player)?;
        Ok(self
            .game()
            .map(|game| game.observation_string(seat))
            .unwrap_or_default())
    }

    fn observation_tensor(&self, player: Player, out: &mut [f32]) -> Fallible<()> {
        let seat = self.seat(player)?;
        match self.game() {
            Ok(game) => game.observation_tensor_into(seat, out),
            Err(_) => out.fill(0.0),
        }
        Ok(())
    }

    fn action_to_string(&self, player: i64, action: i64) -> Fallible<String> {
        if player == CHANCE {
            return match &self.phase {
                Phase::Deal(deal) => {
                    let outcome = usize::try_from(action).map_err(|_| {
                        Failure::new(
                            Kind::IllegalAction,
                            format!("{action} is not a chance outcome"),
                        )
                    })?;
                    Ok(deal.outcome_string(outcome))
                }
                // The outcome of an event already drawn: its text depends on the events before
                // it, which a later state no longer walks.
                Phase::Play(_) => Ok(format!("chance outcome {action}")),
            };
        }
        let config = match &self.phase {
            Phase::Deal(deal) => deal.config().clone(),
            Phase::Play(game) => game.config_of(),
        };
        Ok(action_of::<G>(&config, Self::id(&config, action)?)?.to_string())
    }

    fn describe(&self) -> String {
        match &self.phase {
            Phase::Deal(deal) => {
                let drawn = deal.drawn();
                let outcomes: Vec<String> = (0..drawn.len())
                    .map(|i| G::chance_outcome_string(deal.config(), &drawn[..i], drawn[i]))
                    .collect();
                format!("dealing: {}", outcomes.join(", "))
            }
            Phase::Play(game) => game.to_string(),
        }
    }

    fn resample(&self, player: Player, seed: u64) -> Fallible<Box<dyn AnySpielState>> {
        let seat = self.seat(player)?;
        if G::declaration().information == Information::Perfect {
            // Every seat sees everything: this is the only world.
            return Ok(Box::new(self.clone()));
        }
        let game = self.game()?;
        let cannot = || {
            Failure::new(
                Kind::State,
                format!("{} cannot draw a world from a seat's view", G::NAME),
            )
        };
        let sampler = game_core::Implemented::<G>::of().sampler().ok_or_else(cannot)?;
        let world = sampler(&game.observation(seat), seat, &mut GameRng::new(seed));
        let outcomes = world.start_outcomes().ok_or_else(cannot)?;
        // The world is dealt by its own chance outcomes; the seats' actions are the same.
        let dealt = outcomes.len();
        let history: Vec<Step> = outcomes
            .into_iter()
            .map(|o| Step {
                player: CHANCE,
                action: o as i64,
            })
            .chain(self.history.iter().copied().filter(|s| s.player != CHANCE))
            .collect();
        let own_chance = self.history.iter().filter(|s| s.player == CHANCE).count();
        Ok(Box::new(SpielState {
            phase: Phase::Play(world),
            players: self.players,
            move_number: self.move_number - own_chance + dealt,
            history,
        }))
    }

    fn playing(&self) -> Option<&dyn AnyState> {
        match &self.phase {
            Phase::Play(game) => Some(game),
            Phase::Deal(_) => None,
        }
    }
}
