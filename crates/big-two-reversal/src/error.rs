//! The crate's one error type.

use cards_core::Card;
use game_core::TurnError;

use crate::action::{NotACombination, ParseActionError, Play, Shape};
use crate::rules::RankOrder;

/// Everything that can be refused: text that is not an action, plays that break the rules, and
/// stored states that do not add up.
///
/// ```
/// use big_two_reversal::prelude::*;
///
/// let game = BigTwo::new(Config::default(), 7)?;
/// // Nobody may pass on the game's first lead.
/// assert_eq!(game.check(&Action::Pass), Err(Error::PassOnLead));
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The game is over, or the move had the wrong shape.
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// Rules that contradict themselves, or that the table cannot deal yet.
    #[error(transparent)]
    Rules(#[from] crate::RulesError),
    /// Text that is not an action (or a rank order).
    #[error(transparent)]
    Parse(#[from] ParseActionError),
    /// The cards do not form a combination of the game.
    #[error(transparent)]
    NotACombination(#[from] NotACombination),
    /// A card of the play is not in the hand of the player to move.
    #[error("{0} is not in your hand")]
    NotInHand(Card),
    /// The player leads and tried to pass.
    #[error("you lead this trick: play any combination (passing is only for following)")]
    PassOnLead,
    /// The first play of the game must contain the opening card (3♣ in 逆轉大老2), or be that
    /// card alone where the rules say so.
    #[error("the first play of the game must {} {card}", if *.alone { "be" } else { "contain" })]
    MustOpenWith {
        /// The card that opens the game.
        card: Card,
        /// Whether the first play must be that card alone.
        alone: bool,
    },
    /// The play is not of the type (or length) of the table's.
    #[error("{play} cannot follow {table}")]
    WrongShape {
        /// The type of the play.
        play: Shape,
        /// The type on the table.
        table: Shape,
    },
    /// The play does not beat the table under the order in force.
    #[error(
        "{play} {} {table} in the {order:#} order: a play must be strictly higher",
        if *.equal { "is equal to" } else { "is lower than" }
    )]
    TooLow {
        /// The play.
        play: Play,
        /// The play on the table.
        table: Play,
        /// The order in force.
        order: RankOrder,
        /// Whether the two are equal (else the play is lower).
        equal: bool,
    },
    /// A stored state is inconsistent.
    #[error("inconsistent state: {0}")]
    InvalidState(String),
    /// Chance outcomes that are not a deal of the 54 cards (see
    /// [`ExplicitChance`](game_core::ExplicitChance)): an id that is no card, a card dealt
    /// twice, or fewer than 54 cards.
    #[error("not a deal: {0}")]
    NotADeal(String),
}
