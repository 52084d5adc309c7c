//! Perfect-recall information states, after OpenSpiel's: what game-theory algorithms (CFR,
//! best responses, exploitability, information-set search) key their tables on.
//!
//! An information state is everything one player has seen and done, in order. Two histories the
//! player cannot tell apart give the same information state; two it can tell apart give
//! different ones. It is more than an observation, which shows only the present: in Big Two the
//! observation shows the cards played, the information state also the order in which they were
//! played and who passed when.

use crate::game::{Game, Player};
use crate::learning::Learning;

/// A seat number the game does not have: what the checked information-state methods
/// ([`InformationState::checked_information_state_string`],
/// [`InformationState::checked_information_state_tensor`]) refuse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "there is no seat {seat}: the game has {players} {}, numbered 0 to {}",
    if *players == 1 { "seat" } else { "seats" },
    players.saturating_sub(1)
)]
pub struct NoSuchSeat {
    /// The seat asked for.
    pub seat: Player,
    /// How many seats the game has.
    pub players: usize,
}

impl NoSuchSeat {
    /// `Ok(())` when `seat` is one of `game`'s seats, else the refusal.
    pub fn check<G: Game>(game: &G, seat: Player) -> Result<(), NoSuchSeat> {
        let players = game.num_players();
        if seat < players {
            Ok(())
        } else {
            Err(NoSuchSeat { seat, players })
        }
    }
}

/// A game with perfect-recall information states, as a string and as a tensor of a documented
/// shape per configuration.
///
/// The test kit's `check_information_state` (feature `testing`) checks the promises: the tensor
/// has its declared length at every step; worlds a player cannot tell apart (drawn with
/// [`SampleWorld`](crate::SampleWorld) for a hidden-information game) give that player the same
/// string and tensor; and after two different actions of the player from one state, both differ.
///
/// ```
/// use game_core::{Game, InformationState, Turn};
/// use game_testkit::Nim;
///
/// let mut game = Nim::new((), 0)?.with_stones(5);
/// game.apply(&2)?;
/// // Both seats saw the heap of 5 and seat 0 take two stones.
/// assert_eq!(game.information_state_string(1), "heap 5; take 2");
/// assert_eq!(game.information_state_tensor(1).len(), 7 * 3);
/// # Ok::<(), game_testkit::NimError>(())
/// ```
pub trait InformationState: Learning {
    /// The shape of [`information_state_tensor`](InformationState::information_state_tensor)
    /// under `config`.
    fn information_state_tensor_shape(config: &Self::Config) -> Vec<usize>;

    /// Writes `player`'s information state into `out`, whose length is the product of the shape
    /// (anything else is a caller's bug: the game fills what fits and leaves the rest). Every
    /// value is finite. For a seat the game does not have, the games of this workspace write
    /// zeros; [`checked_information_state_tensor`](InformationState::checked_information_state_tensor)
    /// refuses such a seat instead.
    fn information_state_tensor_into(&self, player: Player, out: &mut [f32]);

    /// `player`'s information state as text: equal for histories the player cannot tell apart,
    /// different for histories it can. Like all text, it numbers players from 1 (seat 0 is
    /// "player 1").
    ///
    /// `player` must be one of the game's seats; for any other the games of this workspace
    /// return the refusal's text ([`NoSuchSeat`]), never a state. A seat that comes from
    /// outside the program is better checked:
    /// [`checked_information_state_string`](InformationState::checked_information_state_string)
    /// refuses it with an error.
    fn information_state_string(&self, player: Player) -> String;

    /// `player`'s information state as text, or [`NoSuchSeat`] for a seat the game does not
    /// have.
    ///
    /// ```
    /// use game_core::{Game, InformationState, NoSuchSeat};
    /// use game_testkit::Nim;
    ///
    /// let game = Nim::new((), 0)?;
    /// assert!(game.checked_information_state_string(1).is_ok());
    /// let refused = game.checked_information_state_string(7).unwrap_err();
    /// assert_eq!(refused, NoSuchSeat { seat: 7, players: 2 });
    /// assert_eq!(refused.to_string(), "there is no seat 7: the game has 2 seats, numbered 0 to 1");
    /// assert!(game.checked_information_state_tensor(2).is_err());
    /// # Ok::<(), game_testkit::NimError>(())
    /// ```
    fn checked_information_state_string(&self, player: Player) -> Result<String, NoSuchSeat> {
        NoSuchSeat::check(self, player)?;
        Ok(self.information_state_string(player))
    }

    /// `player`'s information state as a tensor
    /// ([`information_state_tensor`](InformationState::information_state_tensor)), or
    /// [`NoSuchSeat`] for a seat the game does not have.
    fn checked_information_state_tensor(&self, player: Player) -> Result<Vec<f32>, NoSuchSeat> {
        NoSuchSeat::check(self, player)?;
        Ok(self.information_state_tensor(player))
    }

    /// `player`'s information state as a new vector of the documented shape, flattened in
    /// row-major order.
    fn information_state_tensor(&self, player: Player) -> Vec<f32> {
        let len = Self::information_state_tensor_shape(&self.config_of())
            .iter()
            .product();
        let mut out = vec![0.0; len];
        self.information_state_tensor_into(player, &mut out);
        out
    }
}
