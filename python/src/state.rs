//! The one state behind `recess.State`, in OpenSpiel's terms: the random start as chance nodes
//! (a [`Deal`] walked one outcome at a time), then the game itself, with the history of every
//! action since the state began (chance outcomes included) and information states. A state made
//! from a seed, a serialised text or a `VectorGame` begins dealt, with an empty history; one made
//! by `OpenSpielGame` begins at the root, so that its history replays it.

use std::any::Any;

use game_core::svg::View;
use game_core::{Deal, Game, GameRng, Information, Player, Turn};

use crate::erased::{AnyState, Failure, Fallible, Kind, OrKind, Playable, action_of, checked_id};

/// `current_player()` at a chance node (OpenSpiel's value).
pub const CHANCE: i64 = -1;
/// `current_player()` at a node where every seat acts at once (OpenSpiel's value).
pub const SIMULTANEOUS: i64 = -2;
/// `current_player()` once the game is over (OpenSpiel's value).
pub const TERMINAL: i64 = -4;

/// One action of the history: who took it (`CHANCE` for a chance outcome) and its id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub player: i64,
    pub action: i64,
}

/// `player` in messages.
pub fn who(player: i64) -> String {
    match player {
        CHANCE => "chance".into(),
        SIMULTANEOUS => "every seat at once".into(),
        TERMINAL => "nobody (the game is over)".into(),
        p => format!("seat {p}"),
    }
}

/// Dealing, then playing.
#[derive(Clone)]
pub enum Phase<G: Playable> {
    /// The random start, drawn one outcome at a time: a chance node.
    Deal(Deal<G>),
    Play(G),
}

/// A game with every action since the state began.
#[derive(Clone)]
pub struct StateOf<G: Playable> {
    phase: Phase<G>,
    history: Vec<Step>,
    /// Seats at the table (known before the deal is complete).
    players: usize,
    /// Chance outcomes, single actions and joint actions so far (a joint action counts once).
    move_number: usize,
}

impl<G: Playable> StateOf<G> {
    /// A state that begins at `phase`, with no history.
    pub fn new(phase: Phase<G>, players: usize) -> Self {
        Self {
            phase,
            history: Vec::new(),
            players,
            move_number: 0,
        }
    }

    /// The game itself, once the deal is complete.
    pub fn game(&self) -> Fallible<&G> {
        match &self.phase {
            Phase::Play(game) => Ok(game),
            Phase::Deal(_) => Err(Failure::new(
                Kind::State,
                "the deal is not complete: this is a chance node",
            )),
        }
    }

    fn config(&self) -> G::Config {
        match &self.phase {
            Phase::Deal(deal) => deal.config().clone(),
            Phase::Play(game) => game.config_of(),
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

impl<G: Playable> AnyState for StateOf<G> {
    fn boxed_clone(&self) -> Box<dyn AnyState> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same_as(&self, other: &dyn AnyState) -> bool {
        let other = other.as_any().downcast_ref::<Self>();
        matches!((other.map(|o| o.game()), self.game()), (Some(Ok(a)), Ok(b)) if a == b)
    }

    fn seats(&self) -> usize {
        self.players
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

    fn legal_mask(&self, player: Player) -> Vec<bool> {
        match &self.phase {
            Phase::Play(game) => game.legal_action_mask(player),
            Phase::Deal(deal) => vec![false; G::num_distinct_actions(deal.config())],
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
        // Where one seat acts, the game takes a joint action of one: the mover's.
        let mover = self.current_player();
        let Phase::Play(game) = &mut self.phase else {
            return Err(Failure::new(
                Kind::State,
                "a chance node takes one outcome (apply_action), not a joint action",
            ));
        };
        let config = game.config_of();
        let joint = actions
            .iter()
            .map(|&a| action_of::<G>(&config, Self::id(&config, a)?))
            .collect::<Fallible<Vec<_>>>()?;
        game.apply_joint(&joint).or_kind(Kind::IllegalAction)?;
        self.history
            .extend(actions.iter().enumerate().map(|(p, &action)| Step {
                player: if mover == SIMULTANEOUS {
                    p as i64
                } else {
                    mover
                },
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
            // `+ 0.0` turns a negative zero (a draw's share) into zero, which prints as `0.0`.
            Phase::Play(game) => (0..self.players)
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

    fn set_history(&mut self, history: Vec<Step>, move_number: usize) {
        self.history = history;
        self.move_number = move_number;
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
        let config = self.config();
        Ok(action_of::<G>(&config, Self::id(&config, action)?)?.to_string())
    }

    fn string_to_action(&self, text: &str) -> Fallible<usize> {
        let action = G::parse_notation(text)?;
        G::action_id(&self.config(), &action).ok_or_else(|| {
            Failure::new(
                Kind::Parse,
                format!("{text:?} is not an action of this game's configuration"),
            )
        })
    }

    fn to_json(&self) -> Fallible<String> {
        Ok(serde_json::to_string(self.game()?).unwrap_or_default())
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

    fn svg(&self, view: View) -> Fallible<String> {
        Ok(self.game()?.to_svg(view))
    }

    fn resample(&self, player: Player, seed: u64) -> Fallible<Box<dyn AnyState>> {
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
        let sampler = game_core::Implemented::<G>::of()
            .sampler()
            .ok_or_else(cannot)?;
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
        Ok(Box::new(StateOf {
            phase: Phase::Play(world),
            players: self.players,
            move_number: self.move_number - own_chance + dealt,
            history,
        }))
    }
}
