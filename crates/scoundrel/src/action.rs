//! Moves and their notation.
//!
//! An [`Action`] names cards, never Room positions, so a record reads the same whatever the
//! layout: `avoid`, `Q♠` (face it: a monster barehanded, a weapon equipped, a potion drunk) and
//! `Q♠ w` (fight the monster with the weapon). Parsing also takes the ASCII forms
//! `Qs`, `Qs bare`, `Qs b`, `Qs weapon`, `Qsw`, and `a`/`0` for avoid. Positions (`2`, `3w`) and
//! "the weapon when it can be used" need the Room: see [`crate::Observation::parse_action`].

use std::fmt;
use std::str::FromStr;

use cards_core::Card;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ScoundrelError;
use crate::rules::{Kind, kind};

/// One move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Avoid the Room: its cards go to the bottom of the Dungeon and a new Room is dealt.
    Avoid,
    /// Face a card of the Room: equip a weapon, drink a potion, or fight a monster barehanded.
    Face(Card),
    /// Fight a monster of the Room with the equipped weapon.
    FaceWithWeapon(Card),
}

impl Action {
    /// The card the move faces, if any.
    pub fn card(self) -> Option<Card> {
        match self {
            Action::Avoid => None,
            Action::Face(card) | Action::FaceWithWeapon(card) => Some(card),
        }
    }
}

impl fmt::Display for Action {
    /// `avoid`, `Q♠`, `Q♠ w`; with `{:#}` ASCII cards (`Qs w`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alternate = f.alternate();
        let card = |f: &mut fmt::Formatter<'_>, card: &Card| {
            if alternate {
                write!(f, "{card:#}")
            } else {
                write!(f, "{card}")
            }
        };
        match self {
            Action::Avoid => f.write_str("avoid"),
            Action::Face(c) => card(f, c),
            Action::FaceWithWeapon(c) => {
                card(f, c)?;
                f.write_str(" w")
            }
        }
    }
}

/// How a monster is fought, when the text says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hand {
    Bare,
    Weapon,
}

/// Splits a trailing `w`/`weapon`/`b`/`bare` off `text` (with or without a space before it).
pub(crate) fn split_hand(text: &str) -> (&str, Option<Hand>) {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    for (suffix, hand) in [
        ("weapon", Hand::Weapon),
        ("bare", Hand::Bare),
        ("w", Hand::Weapon),
        ("b", Hand::Bare),
    ] {
        if lower.ends_with(suffix) && lower.len() > suffix.len() {
            let head = t[..t.len() - suffix.len()].trim_end();
            let head = head.strip_suffix('/').unwrap_or(head).trim_end();
            if !head.is_empty() {
                return (head, Some(hand));
            }
        }
    }
    (t, None)
}

/// Whether `text` asks to avoid the Room.
pub(crate) fn is_avoid(text: &str) -> bool {
    matches!(
        text.trim().to_ascii_lowercase().as_str(),
        "avoid" | "a" | "0" | "run" | "skip"
    )
}

impl FromStr for Action {
    type Err = ScoundrelError;

    /// `avoid`/`a`/`0`; a card (`Qs`, `Q♠`, `10h`), which faces it (a monster barehanded);
    /// a card followed by `w`/`weapon` (a weapon fight) or `b`/`bare`. Refuses cards that are not
    /// in the Dungeon, and a weapon fight against a weapon or potion.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let parse_error = |reason: &str| ScoundrelError::Parse {
            input: s.to_string(),
            reason: reason.to_string(),
        };
        if is_avoid(s) {
            return Ok(Action::Avoid);
        }
        let (head, hand) = split_hand(s);
        let card: Card = head.parse().map_err(|_| {
            parse_error("write `avoid`, a card such as `Qs` or `10h`, or a card and `w` (`Qs w`)")
        })?;
        match (kind(card), hand) {
            (None, _) => Err(parse_error(
                "that card is not in the Dungeon (no jokers, red J Q K or red aces)",
            )),
            (Some(Kind::Monster), Some(Hand::Weapon)) => Ok(Action::FaceWithWeapon(card)),
            (Some(Kind::Monster), _) | (Some(_), None) => Ok(Action::Face(card)),
            (Some(_), Some(_)) => Err(parse_error(
                "only monsters (♣ ♠) are fought barehanded or with the weapon",
            )),
        }
    }
}

impl Serialize for Action {
    /// As its text, `"Q♠ w"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::DUNGEON;

    #[test]
    fn every_action_prints_and_parses_back() {
        let mut actions = vec![Action::Avoid];
        for card in DUNGEON {
            actions.push(Action::Face(card));
            if kind(card) == Some(Kind::Monster) {
                actions.push(Action::FaceWithWeapon(card));
            }
        }
        for action in actions {
            assert_eq!(action.to_string().parse::<Action>(), Ok(action));
            assert_eq!(format!("{action:#}").parse::<Action>(), Ok(action));
        }
    }

    #[test]
    fn spellings() {
        let queen: Card = "Qs".parse().unwrap();
        for text in ["avoid", "a", "0", " A "] {
            assert_eq!(text.parse::<Action>(), Ok(Action::Avoid), "{text}");
        }
        for text in ["Qs", "Q♠", "qs bare", "Qs b", "Qsb"] {
            assert_eq!(text.parse::<Action>(), Ok(Action::Face(queen)), "{text}");
        }
        for text in ["Qs w", "Qsw", "qs weapon", "Q♠ w", "Qs/w"] {
            assert_eq!(
                text.parse::<Action>(),
                Ok(Action::FaceWithWeapon(queen)),
                "{text}"
            );
        }
    }

    #[test]
    fn refusals_say_why() {
        for text in ["", "w", "Qh", "RJ", "5d w", "7h bare", "zz", "1 2"] {
            let err = text.parse::<Action>().unwrap_err();
            assert!(matches!(err, ScoundrelError::Parse { .. }), "{text}");
        }
        let err = "5d w".parse::<Action>().unwrap_err().to_string();
        assert!(err.contains("only monsters"), "{err}");
    }
}
