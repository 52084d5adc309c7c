//! The crate's one error enum.

use cards_core::Card;
use game_core::TurnError;
use serde::{Deserialize, Serialize};

/// Everything Scoundrel can refuse, each with the reason a player would want to hear.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum ScoundrelError {
    /// A move at the wrong time (for example after the game ended).
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// The card is not in the Room.
    #[error("{0} is not in the Room")]
    NotInRoom(Card),
    /// Avoiding right after avoiding.
    #[error("you avoided the last Room; you cannot avoid two Rooms in a row")]
    AvoidTwice,
    /// Avoiding after facing a card of the Room.
    #[error("you have already faced a card of this Room; it can no longer be avoided")]
    AvoidAfterFacing,
    /// Avoiding the last Room.
    #[error("the Dungeon is empty: every card left must be faced")]
    AvoidEmptyDungeon,
    /// A weapon fight without a weapon.
    #[error("you have no weapon to fight {0} with")]
    NoWeapon(Card),
    /// A weapon fight against a bigger monster than the weapon's last kill allows.
    #[error("your weapon last slew a {last}; it cannot be used on a{n} {monster}{rule}",
        n = if monster.starts_with('A') || monster.starts_with('8') { "n" } else { "" },
        rule = if *strict { " (strict rule: only on monsters below its last kill)" } else { "" })]
    WeaponBlunted {
        /// The value name of the weapon's last kill (`6`).
        last: String,
        /// The value name of the monster (`Q`).
        monster: String,
        /// Whether the strict variant (<) refused it.
        strict: bool,
    },
    /// A weapon fight against a card that is not a monster.
    #[error("{0} is not a monster: only monsters are fought, with or without the weapon")]
    NotAMonster(Card),
    /// Text that is not a move.
    #[error("{input:?} is not a move: {reason}")]
    Parse {
        /// The text given.
        input: String,
        /// Why it was refused.
        reason: String,
    },
    /// A Dungeon order that is not exactly the 44 cards.
    #[error("not a Dungeon: {0}")]
    BadDungeon(String),
    /// A stored state that breaks the rules (a card twice, health above 20…).
    #[error("inconsistent state: {0}")]
    InvalidState(String),
}
