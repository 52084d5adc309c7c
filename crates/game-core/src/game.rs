//! The [`Game`] trait: one interface for sequential, simultaneous, single-player and
//! hidden-information games.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::rng::GameRng;

/// A seat at the table, numbered from 0.
pub type Player = usize;

/// Who acts now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Turn {
    /// One player chooses an action; apply it with [`Game::apply`].
    Player(Player),
    /// Every player chooses at once; apply the joint action (one action per seat, in seat order)
    /// with [`Game::apply_joint`]. A seat with nothing to decide has exactly one legal action.
    Simultaneous,
    /// The game has ended; see [`Game::returns`].
    Over,
}

/// How one player fared in a finished game, as the arena counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerResult {
    /// Won (for Big Two: first place; for a one-player game: a won game).
    Win,
    /// Neither won nor lost.
    Draw,
    /// Lost.
    Loss,
}

/// Errors about the shape of a move rather than its content; every game's error enum converts
/// from it, so [`Game`]'s provided methods can report them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum TurnError {
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
    /// A single action was applied where every player moves at once.
    #[error("every player moves at once here: apply a joint action")]
    Simultaneous,
    /// A joint action was applied where a single player moves.
    #[error("one player moves here: apply a single action")]
    Sequential,
    /// A joint action with the wrong number of actions.
    #[error(
        "a joint action needs {expected} {}, one per player, but {found} {} given",
        plural(*expected, "action", "actions"),
        plural(*found, "was", "were")
    )]
    JointSize {
        /// Number of players.
        expected: usize,
        /// Number of actions given.
        found: usize,
    },
}

/// `one` for a count of 1, else `many`: messages say "1 action" and "2 actions".
pub(crate) fn plural(count: usize, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 { one } else { many }
}

/// A game as a pure, deterministic state machine.
///
/// A state is created from a configuration and a `u64` seed; everything random is drawn from that
/// seed when the state is created. Applying actions is atomic: an illegal action returns an error
/// and leaves the state exactly as it was.
///
/// Implementations must keep these promises, which the test kit (module `testing`, behind the
/// feature `testing`) checks:
/// - while the game is not over, the player(s) to move have at least one legal action, without
///   duplicates, and each of them applies;
/// - a refused action leaves the state equal to what it was;
/// - a clone, a serde round trip and a replay of the game's [`crate::Record`] give equal states;
/// - the game ends within [`Game::max_game_length`] steps;
/// - when [`Game::ZERO_SUM`] is true, the returns sum to zero.
pub trait Game:
    Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Rule variants, sizes and limits. `Default` is the game's standard rules.
    type Config: Clone
        + Debug
        + Default
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// A move. `Display` and `FromStr` are the notation a person types and a record stores;
    /// printing then parsing gives the same action. A parse error is a real error type, so
    /// generic code can pass it on with `?`.
    type Action: Clone
        + Debug
        + PartialEq
        + Eq
        + Hash
        + Display
        + FromStr<Err: std::error::Error + Send + Sync + 'static>
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// What one player may see. For a perfect-information game this is the state itself.
    type Observation: Clone + Debug + PartialEq + Send + Sync;
    /// The game's one error enum.
    type Error: std::error::Error + From<TurnError> + Send + Sync + 'static;

    /// Short machine name, as the arena and records use it (`"tictactoe"`, `"big-two"`).
    const NAME: &'static str;
    /// Whether the returns of every finished game sum to zero.
    const ZERO_SUM: bool;

    /// A new game under `config`, with everything random drawn from `seed`.
    fn new(config: Self::Config, seed: u64) -> Result<Self, Self::Error>;

    /// Number of seats.
    fn num_players(&self) -> usize;

    /// An upper bound on the number of steps (single or joint actions) a game can last.
    fn max_game_length(&self) -> usize;

    /// Who acts now.
    fn turn(&self) -> Turn;

    /// Clears `out` and fills it with `player`'s legal actions: empty when `player` does not act
    /// now. Reusing `out` keeps the playout path free of allocation.
    fn legal_actions_into(&self, player: Player, out: &mut Vec<Self::Action>);

    /// `player`'s legal actions, in a fixed order.
    fn legal_actions(&self, player: Player) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions_into(player, &mut out);
        out
    }

    /// Reads what `player` typed, in this position, as OpenSpiel's `string_to_action` does.
    ///
    /// The default is the action's [`FromStr`] notation. A game whose moves are data (a rule
    /// set that names its own moves) reads them against its own rules, and may refuse what is
    /// not legal now. Every legal action reads back from its `Display` text.
    ///
    /// ```
    /// use game_core::prelude::*;
    /// use game_testkit::Nim;
    ///
    /// let nim = Nim::new((), 0)?;
    /// assert_eq!(nim.parse_action(0, &nim.legal_actions(0)[0].to_string())?, nim.legal_actions(0)[0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn parse_action(
        &self,
        player: Player,
        text: &str,
    ) -> Result<Self::Action, <Self::Action as FromStr>::Err> {
        let _ = player;
        text.parse()
    }

    /// Applies the action of the player to move ([`Turn::Player`]).
    fn apply(&mut self, action: &Self::Action) -> Result<(), Self::Error>;

    /// Whether [`Game::apply`] would accept `action` now, and if not, why: the same error
    /// `apply` would return, without changing anything.
    ///
    /// The default applies the action to a copy; games override it with a direct test.
    fn check(&self, action: &Self::Action) -> Result<(), Self::Error> {
        self.clone().apply(action)
    }

    /// Applies a joint action at a [`Turn::Simultaneous`] node: one action per seat, in seat
    /// order. At a [`Turn::Player`] node a one-element slice is accepted as a single action.
    /// Games with simultaneous nodes override this.
    fn apply_joint(&mut self, actions: &[Self::Action]) -> Result<(), Self::Error> {
        match self.turn() {
            Turn::Over => Err(TurnError::GameOver.into()),
            Turn::Simultaneous => Err(TurnError::Simultaneous.into()),
            Turn::Player(_) => match actions {
                [action] => self.apply(action),
                _ => Err(TurnError::JointSize {
                    expected: 1,
                    found: actions.len(),
                }
                .into()),
            },
        }
    }

    /// `player`'s return: the score of a finished game (0 while it is still being played).
    fn returns(&self, player: Player) -> f64;

    /// How `player` fared, once the game is over.
    ///
    /// The default, for two or more players, calls the unique highest return a win, all-equal
    /// returns a draw, and anything else a loss. With one player there is nobody to compare
    /// with, so the sign of the return decides: above zero a win, zero a draw, below zero a
    /// loss. Games whose returns mean something else (a score) override it.
    fn result(&self, player: Player) -> Option<PlayerResult> {
        if self.turn() != Turn::Over || player >= self.num_players() {
            return None;
        }
        let mine = self.returns(player);
        if self.num_players() == 1 {
            return Some(match mine.partial_cmp(&0.0) {
                Some(std::cmp::Ordering::Greater) => PlayerResult::Win,
                Some(std::cmp::Ordering::Less) => PlayerResult::Loss,
                _ => PlayerResult::Draw,
            });
        }
        let others = (0..self.num_players())
            .filter(|&p| p != player)
            .map(|p| self.returns(p));
        let mut all_equal = true;
        let mut best = true;
        for other in others {
            all_equal &= other == mine;
            best &= other < mine;
        }
        Some(if best {
            PlayerResult::Win
        } else if all_equal {
            PlayerResult::Draw
        } else {
            PlayerResult::Loss
        })
    }

    /// What `player` sees now.
    fn observation(&self, player: Player) -> Self::Observation;
}

/// A hidden-information game that can deal a full state consistent with one player's view: the
/// hook information-set search needs.
pub trait SampleWorld: Game {
    /// A state that `player` could be in, given what they observe, with the unseen parts drawn
    /// from `rng`. Its observation for `player` equals `observation`.
    fn sample_world(observation: &Self::Observation, player: Player, rng: &mut GameRng) -> Self;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_count_in_words() {
        let one = TurnError::JointSize {
            expected: 1,
            found: 2,
        };
        assert_eq!(
            one.to_string(),
            "a joint action needs 1 action, one per player, but 2 were given"
        );
        let four = TurnError::JointSize {
            expected: 4,
            found: 1,
        };
        assert_eq!(
            four.to_string(),
            "a joint action needs 4 actions, one per player, but 1 was given"
        );
    }
}
