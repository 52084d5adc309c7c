//! Actions: what a player picks each round, as people type it.
//!
//! `charge`, `block`, `shoot` in a duel; `shoot@2` (an attack on player 2, counting players from 1
//! as the example prints them) in a free-for-all; `out` for a player who has been knocked out.
//! The shipped moves' Chinese names parse too (`開槍`, `开枪@3`).

use std::fmt;
use std::str::FromStr;

use game_core::Player;

use crate::error::Error;
use crate::rules::{MAX_PLAYERS, MoveName, known_chinese};

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

/// Turns a typed name (English in any case, `_` for `-`, or a shipped move's Chinese name) into
/// a [`MoveName`].
pub(crate) fn parse_move_name(text: &str) -> Result<MoveName, Error> {
    let text = text.trim();
    if let Some(en) = known_chinese(text) {
        return MoveName::new(en);
    }
    MoveName::new(&text.to_ascii_lowercase().replace('_', "-"))
}

/// Parses the `@N` target (players counted from 1) into a seat.
pub(crate) fn parse_target(text: &str, whole: &str) -> Result<Player, Error> {
    let fail = |reason: String| Error::ParseAction {
        text: whole.to_string(),
        reason,
    };
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| fail(format!("the target {text:?} is not a player number")))?;
    if n == 0 || n > MAX_PLAYERS {
        return Err(fail(format!(
            "players are numbered 1 to {MAX_PLAYERS}, not {n}"
        )));
    }
    Ok(n - 1)
}

impl FromStr for Action {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let trimmed = text.trim();
        let (name, target) = match trimmed.split_once('@') {
            Some((name, target)) => (name, Some(parse_target(target, text)?)),
            None => (trimmed, None),
        };
        if name.trim().eq_ignore_ascii_case("out") {
            return match target {
                None => Ok(Action::Out),
                Some(_) => Err(Error::ParseAction {
                    text: text.to_string(),
                    reason: "\"out\" takes no target".into(),
                }),
            };
        }
        let name = parse_move_name(name).map_err(|e| Error::ParseAction {
            text: text.to_string(),
            reason: e.to_string(),
        })?;
        Ok(Action::Play { name, target })
    }
}

game_core::serde_as_text!(Action);

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
            "two words",
            "@1",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
