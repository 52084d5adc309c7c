//! Moves and their notation.
//!
//! An [`Action`] names cards, never Room positions, so a record reads the same whatever the
//! layout: `avoid`, `Q♠` (face it: a monster barehanded, a weapon equipped, a potion drunk) and
//! `Q♠ w` (fight the monster with the weapon). Parsing also takes the ASCII forms
//! `Qs`, `Qs bare`, `Qs b`, `Qs weapon`, `Qsw`, and `a`/`0` for avoid. Positions (`2`, `3w`) and
//! "the weapon when it can be used" need the Room: [`Table::parse_action`] reads those.

use std::fmt;
use std::str::FromStr;

use cards_core::Card;

use game_core::shorten;

/// One move.
///
/// ```
/// use scoundrel::Action;
///
/// let fight: Action = "Qs w".parse()?;
/// assert_eq!(fight, Action::FaceWithWeapon("Qs".parse()?));
/// assert_eq!(fight.to_string(), "Q♠ w");
/// assert_eq!(format!("{fight:#}"), "Qs w");
/// assert_eq!("avoid".parse::<Action>()?, Action::Avoid);
/// assert_eq!(fight.card(), Some("Qs".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

/// The notation, not the rules: any card parses, with `w` for the weapon or `b`/nothing for bare
/// hands, so that printing any [`Action`] and parsing it gives it back (records and serde rely on
/// that). Whether the move is legal is for [`game_core::Game::apply`] to say, with a reason
/// ("5♦ is not a monster", "A♥ is not in the Room"); [`Table::parse_action`](crate::Table::parse_action) reads what a
/// person types with the Room in view and refuses such moves at once.
impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if is_avoid(s) {
            return Ok(Action::Avoid);
        }
        let (head, hand) = split_hand(s);
        let card: Card = head.parse().map_err(|_| ParseActionError {
            input: s.to_string(),
            reason: "write `avoid`, a card such as `Qs` or `10h`, or a card and `w` (`Qs w`)"
                .to_string(),
        })?;
        Ok(match hand {
            Some(Hand::Weapon) => Action::FaceWithWeapon(card),
            Some(Hand::Bare) | None => Action::Face(card),
        })
    }
}

/// Text that is not a move, with the reason: the action's own error, so that reading notation
/// needs nothing of the crate's [`Error`](crate::Error), which wraps it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
#[error("\"{}\" is not a move: {reason}", shorten(input))]
pub struct ParseActionError {
    /// The text given.
    pub input: String,
    /// Why it was refused.
    pub reason: String,
}

// Stored as its text, `"Q♠ w"`: records read as the moves people type.
game_core::serde_as_text!(Action);

#[cfg(test)]
mod tests {
    use super::*;

    /// Every action, legal or not, prints and parses back: records and serde round-trip.
    #[test]
    fn every_action_prints_and_parses_back() {
        let mut actions = vec![Action::Avoid];
        for card in Card::all() {
            actions.push(Action::Face(card));
            actions.push(Action::FaceWithWeapon(card));
        }
        for action in actions {
            assert_eq!(action.to_string().parse::<Action>(), Ok(action));
            assert_eq!(format!("{action:#}").parse::<Action>(), Ok(action));
            let json = serde_json::to_string(&action).unwrap();
            assert_eq!(json, format!("{:?}", action.to_string()));
            assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), action);
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
        for text in ["", "w", "zz", "1 2", "Qx", "11s"] {
            let err = text.parse::<Action>().unwrap_err();
            assert_eq!(err.input, text);
            assert!(
                err.to_string().contains("is not a move: write `avoid`"),
                "{err}"
            );
        }
        // The notation names impossible moves too; the rules refuse them.
        assert_eq!(
            "5d w".parse::<Action>(),
            Ok(Action::FaceWithWeapon("5d".parse().unwrap()))
        );
        assert_eq!("RJ".parse::<Action>(), Ok(Action::Face(Card::RED_JOKER)));
    }
}
