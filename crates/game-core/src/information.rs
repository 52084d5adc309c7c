//! Perfect-recall information states, after OpenSpiel's: what game-theory algorithms (CFR,
//! best responses, exploitability, information-set search) key their tables on.
//!
//! An information state is everything one player has seen and done, in order. Two histories the
//! player cannot tell apart give the same information state; two it can tell apart give
//! different ones. It is more than an observation, which shows only the present: in Big Two the
//! observation shows the cards played, the information state also the order in which they were
//! played and who passed when.

use crate::game::Player;
use crate::learning::Learning;

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
/// use game_core::testing::Nim;
///
/// let mut game = Nim::new((), 0)?.with_stones(5);
/// game.apply(&2)?;
/// // Both seats saw the heap of 5 and seat 0 take two stones.
/// assert_eq!(game.information_state_string(1), "heap 5; take 2");
/// assert_eq!(game.information_state_tensor(1).len(), 7 * 3);
/// # Ok::<(), game_core::testing::NimError>(())
/// ```
pub trait InformationState: Learning {
    /// The shape of [`information_state_tensor`](InformationState::information_state_tensor)
    /// under `config`.
    fn information_state_tensor_shape(config: &Self::Config) -> Vec<usize>;

    /// Writes `player`'s information state into `out`, whose length is the product of the shape
    /// (anything else is a caller's bug: the game fills what fits and leaves the rest). Every
    /// value is finite.
    fn information_state_tensor_into(&self, player: Player, out: &mut [f32]);

    /// `player`'s information state as text: equal for histories the player cannot tell apart,
    /// different for histories it can.
    fn information_state_string(&self, player: Player) -> String;

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
