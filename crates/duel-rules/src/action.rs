//! Actions: what a player picks each round, as people type it.
//!
//! `charge`, `block`, `shoot` in a duel; `shoot@2` (an attack on player 2, counting players from 1
//! as the example prints them) in a free-for-all; `out` for a player who has been knocked out.
//! The shipped moves' Chinese names parse too (`開槍`, `开枪@3`).

use std::fmt;
use std::str::FromStr;

use game_core::Player;

use game_core::shorten;

use crate::rules::{MAX_PLAYERS, MoveName, known_chinese, shipped_moves};

/// Text that is not an action, and why: the action's own error, as its parser gives it.
///
/// ```
/// use duel_rules::{Action, ParseActionError};
///
/// let refused: ParseActionError = "shoot@0".parse::<Action>().unwrap_err();
/// assert_eq!(refused.text, "shoot@0");
/// assert!(refused.reason.contains("numbered 1 to"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{}\" is not a move: {reason}", shorten(text))]
pub struct ParseActionError {
    /// The text given.
    pub text: String,
    /// Why it does not parse.
    pub reason: String,
}

/// One player's choice for a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// The only action of a player who is out of the game.
    Out,
    /// A move of the rule set, with a target (a seat, from 0) for an attack in a free-for-all.
    Play {
        /// The move's name.
        name: MoveName,
        /// The attacked seat, for attacks with three or more players.
        target: Option<Player>,
    },
}

impl Action {
    /// A move without a target (every move of a duel; charges and blocks of a free-for-all).
    pub fn play(name: MoveName) -> Self {
        Action::Play { name, target: None }
    }

    /// An attack on `target` (a seat, from 0) in a free-for-all.
    ///
    /// ```
    /// use duel_rules::{Action, MoveName};
    ///
    /// let shoot = MoveName::new("shoot")?;
    /// // Seats count from 0 in code and from 1 in text.
    /// let at_third = Action::attack(shoot, 2);
    /// assert_eq!(at_third.to_string(), "shoot@3");
    /// assert_eq!("shoot@3".parse::<Action>()?, at_third);
    /// assert_eq!((at_third.name(), at_third.target()), (Some(shoot), Some(2)));
    /// assert_eq!("開槍".parse::<Action>()?, Action::play(shoot));
    /// # Ok::<(), duel_rules::Error>(())
    /// ```
    pub fn attack(name: MoveName, target: Player) -> Self {
        Action::Play {
            name,
            target: Some(target),
        }
    }

    /// The move's name (`None` for [`Action::Out`]).
    pub fn name(&self) -> Option<MoveName> {
        match self {
            Action::Out => None,
            Action::Play { name, .. } => Some(*name),
        }
    }

    /// The attacked seat, if any.
    pub fn target(&self) -> Option<Player> {
        match self {
            Action::Out => None,
            Action::Play { target, .. } => *target,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Out => f.write_str("out"),
            Action::Play { name, target: None } => write!(f, "{name}"),
            Action::Play {
                name,
                target: Some(t),
            } => write!(f, "{name}@{}", t.saturating_add(1)),
        }
    }
}

/// A typed English name as names are stored: ASCII lower case, words joined by `-` (typed with
/// spaces, `-` or `_` between them).
pub(crate) fn normalise(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join("-")
        .to_ascii_lowercase()
        .replace('_', "-")
}

/// Turns a typed name (English in any case, words joined by `-`, `_` or spaces, or a shipped
/// move's Chinese name) into a [`MoveName`], whatever the move.
pub(crate) fn parse_move_name(text: &str) -> Result<MoveName, &'static str> {
    let text = text.trim();
    if let Some(en) = known_chinese(text) {
        return MoveName::checked(en);
    }
    MoveName::checked(&normalise(text))
}

/// [`parse_move_name`] with the reason as typed text deserves it: upper case, spaces and `_`
/// are accepted, so a name with anything else is told what a name may hold.
fn parse_typed_name(text: &str) -> Result<MoveName, String> {
    parse_move_name(text).map_err(|reason| {
        if reason.contains("lower-case") {
            "a move's name is letters, digits and '-' (in any case; spaces and '_' count as \
             '-'), starting with a letter, or a shipped move's Chinese name"
                .to_string()
        } else {
            reason.to_string()
        }
    })
}

/// Parses the `@N` target (players counted from 1) into a seat.
pub(crate) fn parse_target(text: &str, whole: &str) -> Result<Player, ParseActionError> {
    let fail = |reason: String| ParseActionError {
        text: whole.to_string(),
        reason,
    };
    let n: usize = text.trim().parse().map_err(|_| {
        fail(format!(
            "the target \"{}\" is not a player number",
            shorten(text)
        ))
    })?;
    if n == 0 || n > MAX_PLAYERS {
        return Err(fail(format!(
            "players are numbered 1 to {MAX_PLAYERS}, not {n}"
        )));
    }
    Ok(n - 1)
}

impl Action {
    /// Parses `text` with `name` turning the move's name into a [`MoveName`].
    fn parse_with(
        text: &str,
        move_name: impl Fn(&str) -> Result<MoveName, String>,
    ) -> Result<Self, ParseActionError> {
        let trimmed = text.trim();
        let (name, target) = match trimmed.split_once('@') {
            Some((name, target)) => (name, Some(parse_target(target, text)?)),
            None => (trimmed, None),
        };
        if name.trim().eq_ignore_ascii_case("out") {
            return match target {
                None => Ok(Action::Out),
                Some(_) => Err(ParseActionError {
                    text: text.to_string(),
                    reason: "\"out\" takes no target".into(),
                }),
            };
        }
        let name = move_name(name).map_err(|reason| ParseActionError {
            text: text.to_string(),
            reason,
        })?;
        Ok(Action::Play { name, target })
    }
}

/// The moves people type: a shipped move's name (English in any case, with `-`, `_` or spaces
/// between words, or its Chinese name), with `@N` for a target; `out`.
///
/// A name no shipped rule set has (`"shot"`) is refused here, with the nearest shipped name.
/// A custom rule set's moves are read by [`Game::parse_action`](game_core::Game::parse_action),
/// which parses against the game's own rules; records store actions as text, and a record reads
/// back any well-formed name, since its rule set is data.
///
/// ```
/// use duel_rules::prelude::*;
///
/// assert_eq!("Buddha Palm".parse::<Action>()?, "buddha-palm".parse()?);
/// assert_eq!("SHOOT".parse::<Action>()?, "shoot".parse()?);
/// let refused = "shot".parse::<Action>().unwrap_err().to_string();
/// assert!(refused.ends_with("no shipped rule set has a move called shot (did you mean \"shoot\"?)"));
/// # Ok::<(), duel_rules::ParseActionError>(())
/// ```
impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse_with(text, |typed| {
            let name = parse_typed_name(typed)?;
            if shipped_moves().any(|known| known == name.as_str()) {
                return Ok(name);
            }
            let known: Vec<&str> = shipped_moves().collect();
            Err(format!(
                "no shipped rule set has a move called {name}{}",
                game_core::suggestion(name.as_str(), &known)
            ))
        })
    }
}

impl Action {
    /// Reads any well-formed move name, known to a rule set or not: the game's rules check it
    /// when it is played. Records and [`Game::parse_action`](game_core::Game::parse_action) read
    /// actions this way, since a custom rule set names its own moves.
    pub(crate) fn parse_any(text: &str) -> Result<Self, ParseActionError> {
        Self::parse_with(text, parse_typed_name)
    }
}

impl serde::Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Self::parse_any(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn print_then_parse() {
        for text in ["charge", "shoot@2", "out", "dragon-palm@8", "super-charge"] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
            assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
        }
    }

    #[test]
    fn chinese_and_loose_spellings() {
        let shoot: Action = "開槍".parse().unwrap();
        assert_eq!(shoot, "shoot".parse().unwrap());
        assert_eq!("开枪@3".parse::<Action>().unwrap().target(), Some(2));
        assert_eq!(
            " Dragon_Palm ".parse::<Action>().unwrap().to_string(),
            "dragon-palm"
        );
    }

    #[test]
    fn bad_text_is_explained() {
        for bad in [
            "",
            "shoot@0",
            "shoot@9",
            "shoot@x",
            "out@2",
            "two words!",
            "@1",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }

    #[test]
    fn names_typed_with_spaces_or_capitals_parse_and_bad_ones_are_told_what_a_name_is() {
        let palm: Action = "buddha-palm".parse().unwrap();
        for typed in [
            "buddha palm",
            "Buddha  Palm",
            "BUDDHA_PALM",
            " buddha-palm ",
        ] {
            assert_eq!(typed.parse::<Action>().unwrap(), palm, "{typed}");
        }
        let refused = "buddha palm!".parse::<Action>().unwrap_err().to_string();
        assert!(!refused.contains("only lower-case"), "{refused}");
        assert!(refused.contains("in any case"), "{refused}");
    }

    #[test]
    fn long_input_is_quoted_cut() {
        for text in [
            "x".repeat(10_000),
            format!("shoot@{}", "9".repeat(10_000)),
            format!("shoot@{}", "z".repeat(10_000)),
            "é".repeat(10_000),
        ] {
            let message = text.parse::<Action>().unwrap_err().to_string();
            assert!(message.chars().count() < 300, "{}", message.len());
            assert!(message.contains('…'), "{message}");
        }
        let message = "\u{7}bad\n".parse::<Action>().unwrap_err().to_string();
        assert!(
            message.starts_with("\"\\u{7}bad\\n\" is not a move"),
            "{message}"
        );
    }
}
