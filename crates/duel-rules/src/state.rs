//! The state machine: health and qi of every player, the round, and the resolution of a round.

use std::fmt;
use std::sync::Arc;

use game_core::{Game, Player, PlayerResult, Turn, TurnError};
use serde::{Deserialize, Serialize};

use crate::action::{Action, ParseActionError};
use crate::error::Error;
use crate::history::{Played, Rounds};
use crate::rules::{Config, Effect, MAX_PLAYERS, MoveName, RuleSet};

/// One player's health, qi and, once knocked out, the round it happened in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fighter {
    /// Health left; 0 means out.
    pub health: u32,
    /// Qi left.
    pub qi: u32,
    /// The round (from 1) in which the player was knocked out; 0 while still in.
    pub out_round: u32,
}

impl Fighter {
    /// A player still in the game.
    pub fn new(health: u32, qi: u32) -> Self {
        Self {
            health,
            qi,
            out_round: 0,
        }
    }

    /// Whether the player is still in the game.
    pub fn is_in(&self) -> bool {
        self.out_round == 0
    }
}

/// Something that happened in a round, for a program to read or [`fmt::Display`] to say in words.
/// Seats count from 0 here; the words count players from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    /// `player` charged and gained `qi`.
    Charged {
        /// Who charged.
        player: Player,
        /// Qi gained (with the low-health bonus, if any).
        qi: u32,
    },
    /// `target` blocked `attacker`'s `attack`.
    Blocked {
        /// Who attacked.
        attacker: Player,
        /// Who blocked.
        target: Player,
        /// The attack that was stopped.
        attack: MoveName,
    },
    /// Two equal attacks aimed at each other cancelled out.
    Cancelled {
        /// The lower seat.
        first: Player,
        /// The higher seat.
        second: Player,
        /// The first player's attack.
        first_attack: MoveName,
        /// The second player's attack.
        second_attack: MoveName,
    },
    /// `winner`'s attack overwhelmed `loser`'s attack aimed back at it (a [`Event::Hit`] follows).
    Overwhelmed {
        /// Whose attack won.
        winner: Player,
        /// Whose attack lost.
        loser: Player,
        /// The winning attack.
        winning_attack: MoveName,
        /// The losing attack.
        losing_attack: MoveName,
    },
    /// `attacker`'s `attack` hit `target` for `damage`.
    Hit {
        /// Who attacked.
        attacker: Player,
        /// Who was hit.
        target: Player,
        /// The attack.
        attack: MoveName,
        /// Health lost.
        damage: u32,
    },
    /// `player` reached 0 health and is out.
    KnockedOut {
        /// Who is out.
        player: Player,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Charged { player, qi } => {
                write!(f, "player {} charges {qi} qi", player.saturating_add(1))
            }
            Event::Blocked {
                attacker,
                target,
                attack,
            } => write!(
                f,
                "player {} blocks player {}'s {attack}",
                target.saturating_add(1),
                attacker.saturating_add(1)
            ),
            Event::Cancelled {
                first,
                second,
                first_attack,
                second_attack,
            } => write!(
                f,
                "player {}'s {first_attack} and player {}'s {second_attack} cancel out",
                first.saturating_add(1),
                second.saturating_add(1)
            ),
            Event::Overwhelmed {
                winner,
                loser,
                winning_attack,
                losing_attack,
            } => write!(
                f,
                "player {}'s {winning_attack} overwhelms player {}'s {losing_attack}",
                winner.saturating_add(1),
                loser.saturating_add(1)
            ),
            Event::Hit {
                attacker,
                target,
                attack,
                damage,
            } => write!(
                f,
                "player {}'s {attack} hits player {} for {damage} damage",
                attacker.saturating_add(1),
                target.saturating_add(1)
            ),
            Event::KnockedOut { player } => write!(f, "player {} is out", player.saturating_add(1)),
        }
    }
}

/// A resolved round: what everyone played and what happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The round's number, from 1.
    pub round: u32,
    /// One action per seat.
    pub actions: Vec<Action>,
    /// What happened, in order: charges, then each attack by attacker's seat, then knock-outs.
    pub events: Vec<Event>,
}

/// A game of 零儲: the rules, the round, every player's health and qi, and the rounds played
/// (each seat's action in each), which its information states show.
///
/// A game made with [`Game::new`] knows every round from the start; one made from a position
/// with [`Duel::from_parts`] knows the rounds from that position on (its *origin*), since a
/// position does not say how it was reached.
///
/// Cloning is cheap (the rule set and the rounds played are shared through [`Arc`]s; the rest
/// is a small array).
///
/// It serialises as the rules, the round and the fighters, then the rounds played as text
/// (`"history":[["charge","block"],…]`) and, for a game from a position, that position
/// (`"origin":{"round":…,"fighters":[…]}`). Reading checks the position, and that the history
/// is legal and leads from the origin (the start when none is given) to it; a document
/// without `history` and `origin` (a position written by hand) is read as a game from its
/// position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "DuelData", into = "DuelData")]
pub struct Duel {
    rules: Arc<RuleSet>,
    players: u8,
    round: u32,
    fighters: [Fighter; MAX_PLAYERS],
    /// The position the known rounds start from; `None` for the game's start.
    origin: Option<Arc<Origin>>,
    /// The rounds played since the origin.
    rounds: Rounds,
}

/// A position a game was made from: the round and everyone's health and qi.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Origin {
    round: u32,
    fighters: Vec<Fighter>,
}

/// The serialised form of a [`Duel`], checked on the way in.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct DuelData {
    rules: Arc<RuleSet>,
    round: u32,
    fighters: Vec<Fighter>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    origin: Option<Origin>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    history: Option<Vec<Vec<Action>>>,
}

impl From<Duel> for DuelData {
    fn from(d: Duel) -> Self {
        Self {
            fighters: d.fighters().to_vec(),
            history: Some(d.history()),
            origin: d.origin.as_deref().cloned(),
            rules: d.rules,
            round: d.round,
        }
    }
}

impl TryFrom<DuelData> for Duel {
    type Error = Error;
    fn try_from(d: DuelData) -> Result<Self, Self::Error> {
        let position = Duel::from_parts(d.rules.clone(), d.round, &d.fighters)?;
        if d.origin.is_none() && d.history.is_none() {
            return Ok(position);
        }
        let mut game = match d.origin {
            Some(origin) => Duel::from_parts(d.rules, origin.round, &origin.fighters)?,
            None => Duel::from_config(&Config {
                players: d.fighters.len(),
                rules: d.rules,
            })?,
        };
        for joint in d.history.unwrap_or_default() {
            let round = game.round.saturating_add(1);
            game.apply_joint(&joint)
                .map_err(|e| Error::InvalidState(format!("the history's round {round}: {e}")))?;
        }
        if (game.round, game.fighters) != (position.round, position.fighters) {
            return Err(Error::InvalidState(format!(
                "the history leads to round {} with {}, not to the position given",
                game.round,
                game.to_string().replace('\n', ", ")
            )));
        }
        Ok(game)
    }
}

/// A decoded, legal action: the move's index and the attacked seat.
#[derive(Clone, Copy, Debug, Default)]
struct Choice {
    mv: Option<usize>,
    target: usize,
}

impl Duel {
    /// A new game under `config` (the game has no randomness, so no seed is needed).
    pub fn from_config(config: &Config) -> Result<Self, Error> {
        let n = config.players;
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(Error::PlayerCount {
                found: n,
                max: MAX_PLAYERS,
            });
        }
        let rules = config.rules.clone();
        let fresh = Fighter::new(rules.start_health(), rules.start_qi());
        let mut fighters = [Fighter::default(); MAX_PLAYERS];
        fighters[..n].fill(fresh);
        Ok(Self {
            rules,
            players: n as u8,
            round: 0,
            fighters,
            origin: None,
            rounds: Rounds::default(),
        })
    }

    /// A position given by its parts, checked for consistency: 2 to 8 players, health within the
    /// starting health, knocked-out players at 0 health and knocked out in a round already played
    /// while the game was still on, a fresh table at round 0, and no rounds after the end.
    ///
    /// The game's history starts at this position (at round 0: the start): the rounds before
    /// it are not known.
    pub fn from_parts(
        rules: Arc<RuleSet>,
        round: u32,
        fighters: &[Fighter],
    ) -> Result<Self, Error> {
        let n = fighters.len();
        let bad = |msg: String| Err(Error::InvalidState(msg));
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(Error::PlayerCount {
                found: n,
                max: MAX_PLAYERS,
            });
        }
        if round > rules.round_limit() {
            return bad(format!(
                "round {round} is past the limit of {}",
                rules.round_limit()
            ));
        }
        for (p, f) in fighters.iter().enumerate() {
            if f.health > rules.start_health() {
                return bad(format!(
                    "player {} has {} health, more than the {} everyone starts with",
                    p + 1,
                    f.health,
                    rules.start_health()
                ));
            }
            if (f.health == 0) != (f.out_round != 0) {
                return bad(format!(
                    "player {} has {} health but out_round {}",
                    p + 1,
                    f.health,
                    f.out_round
                ));
            }
            if f.out_round > round {
                return bad(format!(
                    "player {} was knocked out in round {}, which has not been played",
                    p + 1,
                    f.out_round
                ));
            }
            if round == 0 && (f.health != rules.start_health() || f.qi != rules.start_qi()) {
                return bad(format!("player {} is not fresh at round 0", p + 1));
            }
            if f.out_round != 0 {
                let standing_before = fighters
                    .iter()
                    .filter(|g| g.out_round == 0 || g.out_round >= f.out_round)
                    .count();
                if standing_before < 2 {
                    return bad(format!(
                        "player {} was knocked out in round {} after the game had ended",
                        p + 1,
                        f.out_round
                    ));
                }
            }
        }
        let alive = fighters.iter().filter(|f| f.is_in()).count();
        let last_out = fighters.iter().map(|f| f.out_round).max().unwrap_or(0);
        if alive <= 1 && round != last_out {
            return bad(format!(
                "the game ended in round {last_out} but {round} rounds were played"
            ));
        }
        let mut all = [Fighter::default(); MAX_PLAYERS];
        all[..n].copy_from_slice(fighters);
        // A fresh table at round 0 is the start itself.
        let origin = (round > 0).then(|| {
            Arc::new(Origin {
                round,
                fighters: fighters.to_vec(),
            })
        });
        Ok(Self {
            rules,
            players: n as u8,
            round,
            fighters: all,
            origin,
            rounds: Rounds::default(),
        })
    }

    /// The rounds this game has played, oldest first, each as one action per seat: every
    /// round for a game from the start, the rounds since its position for one made with
    /// [`Duel::from_parts`].
    ///
    /// ```
    /// use duel_rules::prelude::*;
    ///
    /// let mut duel = Duel::new(Config::default(), 0)?;
    /// duel.apply_joint(&["charge".parse()?, "block".parse()?])?;
    /// duel.apply_joint(&["shoot".parse()?, "charge".parse()?])?;
    /// let rounds: Vec<Vec<String>> = duel
    ///     .history()
    ///     .iter()
    ///     .map(|joint| joint.iter().map(|a| a.to_string()).collect())
    ///     .collect();
    /// assert_eq!(rounds, [["charge", "block"], ["shoot", "charge"]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn history(&self) -> Vec<Vec<Action>> {
        let n = usize::from(self.players);
        self.rounds
            .oldest_first()
            .iter()
            .map(|joint| {
                joint[..n]
                    .iter()
                    .map(|played| played.action(&self.rules, n))
                    .collect()
            })
            .collect()
    }

    /// The round and fighters the history starts from: `None` for a game from the start.
    pub(crate) fn origin(&self) -> Option<(u32, &[Fighter])> {
        self.origin
            .as_deref()
            .map(|origin| (origin.round, origin.fighters.as_slice()))
    }

    /// The rounds since the origin, newest first.
    pub(crate) fn rounds(&self) -> &Rounds {
        &self.rounds
    }

    /// The game one round earlier, replayed from the origin (or the start), and the joint
    /// action of the last round: `None` when no round is known since the origin. For pictures
    /// of what the last round did.
    #[cfg(feature = "svg")]
    pub(crate) fn before_last_round(&self) -> Option<(Duel, Vec<Action>)> {
        let mut history = self.history();
        let last = history.pop()?;
        let mut game = match self.origin() {
            Some((round, fighters)) => Duel::from_parts(self.rules.clone(), round, fighters),
            None => Duel::from_config(&Config {
                players: usize::from(self.players),
                rules: self.rules.clone(),
            }),
        }
        .ok()?;
        for joint in &history {
            game.apply_joint(joint).ok()?;
        }
        Some((game, last))
    }

    /// The rules.
    pub fn rules(&self) -> &Arc<RuleSet> {
        &self.rules
    }

    /// Rounds played so far.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Every player's health and qi, in seat order.
    pub fn fighters(&self) -> &[Fighter] {
        &self.fighters[..usize::from(self.players)]
    }

    /// One player's health and qi (`None` for a seat that does not exist).
    pub fn fighter(&self, player: Player) -> Option<&Fighter> {
        self.fighters().get(player)
    }

    /// Players still in the game.
    ///
    /// ```
    /// use duel_rules::prelude::*;
    ///
    /// let duel = Duel::new(Config::default().with_players(3), 0)?;
    /// assert_eq!(duel.players_in(), 3);
    /// assert_eq!(duel.fighter(1).map(|f| (f.health, f.qi)), Some((5, 5)));
    /// assert!(duel.standing().is_empty()); // nobody has finished yet
    /// # Ok::<(), Error>(())
    /// ```
    pub fn players_in(&self) -> usize {
        self.fighters().iter().filter(|f| f.is_in()).count()
    }

    /// The seats that finished on top once the game is over: the one winner, or those sharing a
    /// draw (everyone still standing at the round limit, or everyone knocked out in the last
    /// round when nobody is left). Empty while the game goes on.
    pub fn standing(&self) -> Vec<Player> {
        if !self.is_over() {
            return Vec::new();
        }
        let fighters = self.fighters();
        let mut s: Vec<Player> = (0..fighters.len())
            .filter(|&p| fighters[p].is_in())
            .collect();
        if s.is_empty() {
            s = (0..fighters.len())
                .filter(|&p| fighters[p].out_round == self.round)
                .collect();
        }
        s
    }

    fn is_over(&self) -> bool {
        self.players_in() <= 1 || self.round >= self.rules.round_limit()
    }

    fn decode(&self, player: Player, action: &Action) -> Result<Choice, Error> {
        let me = self.fighters()[player];
        let (name, target) = match (*action, me.is_in()) {
            (Action::Out, false) => return Ok(Choice::default()),
            (Action::Out, true) => {
                return Err(Error::WrongStatus {
                    player,
                    reason: "is still in the game and must move",
                });
            }
            (Action::Play { .. }, false) => {
                return Err(Error::WrongStatus {
                    player,
                    reason: "is out of the game; the only action is `out`",
                });
            }
            (Action::Play { name, target }, true) => (name, target),
        };
        let Some(mv) = self.rules.index_of(name) else {
            return Err(Error::UnknownMove { player, name });
        };
        let spec = &self.rules.moves()[mv];
        if spec.cost > me.qi {
            return Err(Error::Unaffordable {
                player,
                name,
                cost: spec.cost,
                qi: me.qi,
            });
        }
        let bad = |reason| {
            Err(Error::BadTarget {
                player,
                action: *action,
                reason,
            })
        };
        match (spec.is_attack(), self.players == 2, target) {
            (false, _, Some(_)) => bad("only an attack takes a target"),
            (false, _, None) => Ok(Choice {
                mv: Some(mv),
                target: player,
            }),
            (true, true, Some(_)) => bad("in a duel an attack takes no target"),
            (true, true, None) => Ok(Choice {
                mv: Some(mv),
                target: 1 - player,
            }),
            (true, false, None) => bad(
                "in a free-for-all an attack needs a target: add @ and the player's number, \
                 as in shoot@2",
            ),
            (true, false, Some(t)) => {
                if t == player {
                    bad("a player cannot attack themself")
                } else if self.fighter(t).is_none_or(|f| !f.is_in()) {
                    bad("the target is not a player still in the game")
                } else {
                    Ok(Choice {
                        mv: Some(mv),
                        target: t,
                    })
                }
            }
        }
    }

    /// Resolves a joint action on `self`, pushing what happens to `events` when given.
    /// Checks everything first, so that nothing changes when it fails.
    fn resolve(
        &mut self,
        joint: &[Action],
        mut events: Option<&mut Vec<Event>>,
    ) -> Result<(), Error> {
        if self.is_over() {
            return Err(TurnError::GameOver.into());
        }
        let n = usize::from(self.players);
        if joint.len() != n {
            return Err(TurnError::JointSize {
                expected: n,
                found: joint.len(),
            }
            .into());
        }
        let mut choices = [Choice::default(); MAX_PLAYERS];
        for (p, action) in joint.iter().enumerate() {
            choices[p] = self.decode(p, action)?;
        }
        let mut emit = |e: Event| {
            if let Some(events) = events.as_deref_mut() {
                events.push(e);
            }
        };
        let rules = self.rules.clone();
        let moves = rules.moves();
        // Pay, then charge (the bonus depends on health at the start of the round).
        for (p, choice) in choices.iter().enumerate().take(n) {
            let Some(mv) = choice.mv else { continue };
            let f = &mut self.fighters[p];
            f.qi -= moves[mv].cost;
            let gain = rules.charge_gain(mv, f.health);
            if gain > 0 {
                f.qi = f.qi.saturating_add(gain);
                emit(Event::Charged {
                    player: p,
                    qi: gain,
                });
            }
        }
        // Every attack on its own, all damage landing at once.
        let mut damage = [0u32; MAX_PLAYERS];
        for a in 0..n {
            let Some(i) = choices[a].mv else { continue };
            let Effect::Attack {
                damage: dmg,
                blockable,
                ..
            } = moves[i].effect
            else {
                continue;
            };
            let t = choices[a].target;
            let attack = moves[i].name;
            let answer = choices[t].mv.map(|j| (j, moves[j].effect));
            let hit = match answer {
                Some((j, Effect::Attack { .. })) if choices[t].target == a => {
                    match rules.clash(i, j) {
                        1 => {
                            emit(Event::Overwhelmed {
                                winner: a,
                                loser: t,
                                winning_attack: attack,
                                losing_attack: moves[j].name,
                            });
                            true
                        }
                        0 => {
                            if a < t {
                                emit(Event::Cancelled {
                                    first: a,
                                    second: t,
                                    first_attack: attack,
                                    second_attack: moves[j].name,
                                });
                            }
                            false
                        }
                        _ => false,
                    }
                }
                Some((_, Effect::Block)) if blockable => {
                    emit(Event::Blocked {
                        attacker: a,
                        target: t,
                        attack,
                    });
                    false
                }
                _ => true,
            };
            if hit {
                damage[t] = damage[t].saturating_add(dmg);
                emit(Event::Hit {
                    attacker: a,
                    target: t,
                    attack,
                    damage: dmg,
                });
            }
        }
        self.round += 1;
        let mut joint = [Played::OUT; MAX_PLAYERS];
        for (played, choice) in joint.iter_mut().zip(&choices).take(n) {
            if let Some(mv) = choice.mv {
                *played = Played::new(mv, choice.target);
            }
        }
        self.rounds.push(joint);
        for (p, &d) in damage.iter().enumerate().take(n) {
            let f = &mut self.fighters[p];
            if d > 0 && f.is_in() {
                f.health = f.health.saturating_sub(d);
                if f.health == 0 {
                    f.out_round = self.round;
                    emit(Event::KnockedOut { player: p });
                }
            }
        }
        Ok(())
    }

    /// Plays one round and reports what happened. Like [`Game::apply_joint`], it changes
    /// nothing when the joint action is refused.
    ///
    /// ```
    /// use duel_rules::prelude::*;
    ///
    /// let mut duel = Duel::new(Config::default(), 0)?;
    /// let round = duel.play_round(&["charge".parse()?, "block".parse()?])?;
    /// assert_eq!(round.round, 1);
    /// assert_eq!(duel.fighters()[0].qi, 6);
    /// // A joint action of the wrong size changes nothing.
    /// let before = duel.clone();
    /// assert!(duel.play_round(&["charge".parse()?]).is_err());
    /// assert_eq!(duel, before);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn play_round(&mut self, joint: &[Action]) -> Result<Round, Error> {
        let mut events = Vec::new();
        self.resolve(joint, Some(&mut events))?;
        Ok(Round {
            round: self.round,
            actions: joint.to_vec(),
            events,
        })
    }

    /// Whether `player` may play `action` in this round, and if not, why: the error
    /// [`Game::apply_joint`] gives for a joint action of the right size in which this seat's
    /// action is the first one refused (a seat that does not exist is refused with
    /// [`Error::WrongStatus`]). Changes nothing.
    ///
    /// This is the per-seat check of a simultaneous game; [`Game::check`] keeps the trait's
    /// meaning (what [`Game::apply`], the single action of a sequential turn, would say) and so
    /// refuses every single action with [`TurnError::Simultaneous`] while the game goes on.
    ///
    /// ```
    /// use duel_rules::prelude::*;
    ///
    /// let duel = Duel::new(Config::default(), 0)?;
    /// assert_eq!(duel.check_move(0, &"buddha-palm".parse()?), Ok(()));
    /// let aimed = duel.check_move(0, &"seal@2".parse()?).unwrap_err();
    /// assert_eq!(aimed.to_string(), "player 1: seal@2: in a duel an attack takes no target");
    /// assert_eq!(duel.check(&"block".parse()?), Err(TurnError::Simultaneous.into()));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn check_move(&self, player: Player, action: &Action) -> Result<(), Error> {
        if player >= usize::from(self.players) {
            return Err(Error::WrongStatus {
                player,
                reason: "is not at the table",
            });
        }
        if self.is_over() {
            return Err(TurnError::GameOver.into());
        }
        self.decode(player, action).map(|_| ())
    }
}

/// Health lost by the first and by the second player of a duel when they play moves `i` and `j`:
/// the fast path the equilibrium solver tabulates. A unit test checks it against the full
/// resolution of [`Duel::play_round`] for every pair of moves of every preset.
pub(crate) fn duel_damage(rules: &RuleSet, i: usize, j: usize) -> (u32, u32) {
    let moves = rules.moves();
    let (Some(a), Some(b)) = (moves.get(i), moves.get(j)) else {
        return (0, 0);
    };
    // Damage `x` does to a player answering with `y`.
    let lands = |xi: usize, x: Effect, yi: usize, y: Effect| -> u32 {
        let Effect::Attack {
            damage, blockable, ..
        } = x
        else {
            return 0;
        };
        match y {
            Effect::Attack { .. } => {
                if rules.clash(xi, yi) > 0 {
                    damage
                } else {
                    0
                }
            }
            Effect::Block if blockable => 0,
            _ => damage,
        }
    };
    (
        lands(j, b.effect, i, a.effect),
        lands(i, a.effect, j, b.effect),
    )
}

/// A trade of the rules' trump in a two-player game: the move that beats every other (it
/// overwhelms every other attack, no block stops it, it hits every charge) and that only it
/// cancels, such as `extended`'s 落地獄 (`hell`), when both players can afford it. Whoever
/// plays it cannot be hit; against it, every other move is hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrumpTrade {
    /// The trump.
    pub trump: MoveName,
    /// Rounds of trump against trump both can afford.
    pub rounds: u32,
    /// Whether the rest of the trade is forced: the trump's damage knocks out either player,
    /// so a player who answers it with anything else loses at once, and one who plays it
    /// against anything else wins at once. Both must then trade it for [`TrumpTrade::rounds`]
    /// rounds.
    pub forced: bool,
    /// Who can still afford the trump once those rounds are traded (the one with more trumps
    /// to spend), or `None` when neither can. In a forced trade that player wins the round
    /// after.
    pub outlasts: Option<Player>,
}

/// The trump of `rules`, if it has one: `(index, cost, damage)`.
pub(crate) fn trump(rules: &RuleSet) -> Option<(usize, u32, u32)> {
    let m = rules.moves().len();
    (0..m).find_map(|t| {
        let hurt = duel_damage(rules, t, (t + 1) % m).1;
        let beats_all = (0..m).all(|j| {
            let expected = if j == t { (0, 0) } else { (0, hurt) };
            duel_damage(rules, t, j) == expected
        });
        let cost = rules.moves()[t].cost;
        (m > 1 && beats_all && hurt > 0 && cost > 0).then_some((t, cost, hurt))
    })
}

impl Duel {
    /// The trade of trumps both players can afford now, if any (two players, both in; see
    /// [`TrumpTrade`]).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use duel_rules::prelude::*;
    /// use duel_rules::{Fighter, RuleSet};
    ///
    /// let rules = Arc::new(RuleSet::extended());
    /// let duel = Duel::from_parts(rules, 1, &[Fighter::new(1, 1005), Fighter::new(1, 1010)])?;
    /// let trade = duel.trump_trade().unwrap();
    /// assert_eq!(trade.trump.as_str(), "hell");
    /// assert!(trade.forced);
    /// assert_eq!((trade.rounds, trade.outlasts), (143, Some(1)));
    /// # Ok::<(), duel_rules::Error>(())
    /// ```
    pub fn trump_trade(&self) -> Option<TrumpTrade> {
        let [a, b] = self.fighters() else {
            return None;
        };
        if !a.is_in() || !b.is_in() || self.turn() != Turn::Simultaneous {
            return None;
        }
        let (t, cost, damage) = trump(self.rules())?;
        let (n1, n2) = (a.qi / cost, b.qi / cost);
        if n1 == 0 || n2 == 0 {
            return None;
        }
        Some(TrumpTrade {
            trump: self.rules().moves()[t].name,
            rounds: n1.min(n2),
            forced: a.health <= damage && b.health <= damage,
            outlasts: match n1.cmp(&n2) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            },
        })
    }
}

impl Game for Duel {
    type Config = Config;
    type Action = Action;
    type Observation = Duel;
    type Error = Error;

    const NAME: &'static str = "duel";
    const ZERO_SUM: bool = true;

    fn new(config: Config, _seed: u64) -> Result<Self, Error> {
        Self::from_config(&config)
    }

    fn num_players(&self) -> usize {
        usize::from(self.players)
    }

    fn max_game_length(&self) -> usize {
        self.rules.round_limit() as usize
    }

    fn turn(&self) -> Turn {
        if self.is_over() {
            Turn::Over
        } else {
            Turn::Simultaneous
        }
    }

    /// Parses what a person typed for `player`, using the rule set's own names (so a custom
    /// rule set's Chinese names are understood too), and checks that it is legal now: a move the
    /// rules refuse is text that is not a move of this game, with the rules' reason.
    ///
    /// ```
    /// use duel_rules::prelude::*;
    ///
    /// let duel = Duel::new(Config::default().with_players(3), 0)?;
    /// assert_eq!(duel.parse_action(0, "shoot@2")?, "shoot@2".parse()?);
    /// // In a free-for-all an attack needs a target; and nobody aims at themselves.
    /// assert!(duel.parse_action(0, "shoot").is_err());
    /// assert!(duel.parse_action(0, "shoot@1").is_err());
    /// let refused = duel.parse_action(0, "shot").unwrap_err().to_string();
    /// assert_eq!(refused, "\"shot\" is not a move: player 1: the rules have no move called shot");
    /// # Ok::<(), Error>(())
    /// ```
    fn parse_action(&self, player: Player, text: &str) -> Result<Action, ParseActionError> {
        let trimmed = text.trim();
        let action = match trimmed.split_once('@') {
            Some((name, target)) if !name.trim().eq_ignore_ascii_case("out") => {
                let target = crate::action::parse_target(target, text)?;
                match self.rules.find(name) {
                    Some(i) => Action::attack(self.rules.moves()[i].name, target),
                    None => Action::parse_any(text)?,
                }
            }
            Some(_) => Action::parse_any(text)?,
            None => match self.rules.find(trimmed) {
                Some(i) => Action::play(self.rules.moves()[i].name),
                None => Action::parse_any(text)?,
            },
        };
        self.check_move(player, &action)
            .map_err(|e| ParseActionError {
                text: text.to_string(),
                reason: e.to_string(),
            })?;
        Ok(action)
    }

    fn legal_actions_into(&self, player: Player, out: &mut Vec<Action>) {
        out.clear();
        let Some(me) = self.fighter(player).copied() else {
            return;
        };
        if self.is_over() {
            return;
        }
        if !me.is_in() {
            out.push(Action::Out);
            return;
        }
        for m in self.rules.moves() {
            if m.cost > me.qi {
                continue;
            }
            if m.is_attack() && self.players > 2 {
                for (t, f) in self.fighters().iter().enumerate() {
                    if t != player && f.is_in() {
                        out.push(Action::attack(m.name, t));
                    }
                }
            } else {
                out.push(Action::play(m.name));
            }
        }
    }

    /// Always refused: every round is played at once through [`Game::apply_joint`].
    fn apply(&mut self, action: &Action) -> Result<(), Error> {
        self.check(action)
    }

    /// What [`Game::apply`] says: [`TurnError::Simultaneous`] while the game goes on,
    /// [`TurnError::GameOver`] after. [`Duel::check_move`] checks one seat's move of a round.
    fn check(&self, _action: &Action) -> Result<(), Error> {
        Err(if self.is_over() {
            TurnError::GameOver
        } else {
            TurnError::Simultaneous
        }
        .into())
    }

    fn apply_joint(&mut self, actions: &[Action]) -> Result<(), Error> {
        // `resolve` checks the whole joint action before it changes anything.
        self.resolve(actions, None)
    }

    /// A lone winner gets `n − 1`, everyone else −1; in a draw those sharing it split what the
    /// players knocked out earlier lose. Two players: +1, −1 or 0, 0.
    fn returns(&self, player: Player) -> f64 {
        let standing = self.standing();
        if standing.is_empty() || player >= self.num_players() {
            return 0.0;
        }
        if standing.contains(&player) {
            (self.num_players() - standing.len()) as f64 / standing.len() as f64
        } else {
            -1.0
        }
    }

    fn result(&self, player: Player) -> Option<PlayerResult> {
        if !self.is_over() || player >= self.num_players() {
            return None;
        }
        let standing = self.standing();
        Some(if !standing.contains(&player) {
            PlayerResult::Loss
        } else if standing.len() == 1 {
            PlayerResult::Win
        } else {
            PlayerResult::Draw
        })
    }

    fn observation(&self, _player: Player) -> Duel {
        self.clone()
    }
}

impl fmt::Display for Duel {
    /// One line per player: health, qi and whether they are out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (p, x) in self.fighters().iter().enumerate() {
            if p > 0 {
                writeln!(f)?;
            }
            write!(f, "player {}: health {} qi {}", p + 1, x.health, x.qi)?;
            if !x.is_in() {
                write!(f, " (out since round {})", x.out_round)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    fn act(text: &str) -> Action {
        text.parse().unwrap()
    }

    #[test]
    fn shoot_against_seal() {
        let mut d = Duel::from_config(&Config::default()).unwrap();
        d.fighters[1].qi = 5;
        let r = d.play_round(&[act("shoot"), act("seal")]).unwrap();
        assert_eq!(d.fighters()[0], Fighter::new(5, 4));
        assert_eq!(d.fighters()[1], Fighter::new(4, 1));
        assert!(r.events.iter().any(|e| matches!(
            e,
            Event::Overwhelmed {
                winner: 0,
                loser: 1,
                ..
            }
        )));
    }

    #[test]
    fn damage_table_agrees_with_resolution() {
        for preset in Preset::ALL {
            let rules = Arc::new(RuleSet::preset(preset));
            let rich = Fighter::new(rules.start_health(), 1000);
            let start = Duel::from_parts(rules.clone(), 1, &[rich, rich]).unwrap();
            for (i, a) in rules.moves().iter().enumerate() {
                for (j, b) in rules.moves().iter().enumerate() {
                    let mut d = start.clone();
                    d.play_round(&[Action::play(a.name), Action::play(b.name)])
                        .unwrap();
                    let lost = (
                        rich.health - d.fighters()[0].health,
                        rich.health - d.fighters()[1].health,
                    );
                    assert_eq!(duel_damage(&rules, i, j), lost, "{} vs {}", a.name, b.name);
                }
            }
        }
    }

    #[test]
    fn refused_joint_changes_nothing() {
        let mut d = Duel::from_config(&Config::preset(Preset::Classic)).unwrap();
        let before = d.clone();
        assert!(d.apply_joint(&[act("shoot"), act("charge")]).is_err());
        assert!(d.apply_joint(&[act("charge")]).is_err());
        assert!(d.apply(&act("charge")).is_err());
        assert_eq!(d, before);
    }
}
