//! The crate's one error enum.

use cards_core::Card;
use game_core::TurnError;
use serde::{Deserialize, Serialize};

use crate::action::ParseActionError;
use crate::rules::{value, value_name};

/// Everything Scoundrel can refuse, each with the reason a player would want to hear.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Error {
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
    /// A weapon fight against a bigger monster than the weapon's last kill allows: "your weapon
    /// last slew a 6; it cannot be used on a Q".
    #[error("your weapon last slew a {last}; it cannot be used on a{n} {monster}{rule}",
        last = value_name(value(*last_kill)),
        monster = value_name(value(*monster)),
        n = if matches!(value(*monster), 8 | 14) { "n" } else { "" },
        rule = if *strict { " (strict rule: only on monsters below its last kill)" } else { "" })]
    WeaponBlunted {
        /// The weapon's last kill (`6♣`).
        last_kill: Card,
        /// The monster the weapon was to fight (`Q♠`).
        monster: Card,
        /// Whether the strict variant (<) refused it.
        strict: bool,
    },
    /// A weapon fight against a card that is not a monster.
    #[error("{0} is not a monster: only monsters are fought, with or without the weapon")]
    NotAMonster(Card),
    /// Text that is not a move (or not a weapon rule).
    #[error(transparent)]
    Parse(#[from] ParseActionError),
    /// A Dungeon order with a card that is not one of the 44 (a joker, a red J, Q, K or ace).
    #[error("not a Dungeon: {0} is not one of the 44 cards")]
    ForeignCard(Card),
    /// A Dungeon order with a card twice.
    #[error("not a Dungeon: {0} appears twice")]
    RepeatedCard(Card),
    /// A Dungeon order that is not 44 cards long.
    #[error("not a Dungeon: it has {0} cards, not 44")]
    DungeonSize(usize),
    /// A chance outcome that names no card: the Dungeon's cards are numbered 0 to 43.
    #[error("not a Dungeon: {0} is not a chance outcome (the cards are numbered 0 to 43)")]
    NotAnOutcome(usize),
    /// A stored state that breaks the rules (a card twice, health above 20…).
    #[error("inconsistent state: {0}")]
    InvalidState(String),
}
