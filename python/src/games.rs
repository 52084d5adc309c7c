//! The games on offer: one line each, by type; `load_game` finds them by their `Game::NAME`.

use std::sync::Arc;

use game_core::Game;

use crate::erased::{AnyGame, Failure, Fallible, GameOf, Kind, Playable};

/// Work done with a game's type, picked by name at run time with [`with_game`]: what needs the
/// type itself rather than a loaded `dyn AnyGame` (the arena, which builds agents by type).
pub trait GameVisitor {
    type Output;
    fn visit<G: Playable>(self) -> Self::Output;
}

macro_rules! games {
    ($($game:ty),* $(,)?) => {
        /// The names `load_game` accepts, in the order listed.
        pub fn names() -> Vec<&'static str> {
            vec![$(<$game as Game>::NAME),*]
        }

        /// The game called `name`, with `params_json` (a JSON object) over its default rules.
        /// `name` may be OpenSpiel's (`tic_tac_toe`, `recess_big_two`) and carry OpenSpiel
        /// parameters (`duel(players=3,rules=classic)`), mapped as `recess.openspiel` maps them;
        /// `params_json` then goes over the rules they give.
        pub fn load(name: &str, params_json: &str) -> Fallible<Arc<dyn AnyGame>> {
            let (name, spiel_params) = split_parameters(name)?;
            let name = canonical(name);
            if let Some(spiel_params) = spiel_params {
                let spiel_name = crate::openspiel::short_name(name).ok_or_else(|| unknown(name))?;
                let base = crate::openspiel::erased_game(spiel_name, &spiel_params)?;
                if params_json.trim() == "{}" {
                    return Ok(base);
                }
                let params: serde_json::Map<String, serde_json::Value> =
                    serde_json::from_str(params_json)
                        .map_err(|e| Failure::new(Kind::Parse, format!("bad parameters: {e}")))?;
                let mut config: serde_json::Value = serde_json::from_str(&base.parameters_json())
                    .map_err(|e| Failure::new(Kind::Config, e.to_string()))?;
                merge(&mut config, serde_json::Value::Object(params));
                return load(name, &config.to_string());
            }
            $(
                if name == <$game as Game>::NAME {
                    return GameOf::<$game>::load(params_json);
                }
            )*
            Err(unknown(name))
        }

        /// `visitor` run with the type of the game called `name` (or an alias of it, as
        /// `load_game` takes them, but without parameters).
        pub fn with_game<V: GameVisitor>(name: &str, visitor: V) -> Fallible<V::Output> {
            let name = canonical(name.trim());
            $(
                if name == <$game as Game>::NAME {
                    return Ok(visitor.visit::<$game>());
                }
            )*
            Err(unknown(name))
        }
    };
}

fn unknown(name: &str) -> Failure {
    Failure::new(
        Kind::UnknownGame,
        format!("no game is called {name:?}; games: {}", names().join(", ")),
    )
}

/// A name without case, `_` or `-`: `tic_tac_toe`, `TicTacToe` and `tictactoe` are one name.
fn squash(name: &str) -> String {
    name.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The name `load_game` lists for `name` or one of its aliases (OpenSpiel's spelling, with or
/// without `recess_`); `name` itself when none matches, for the message.
pub fn canonical(name: &str) -> &str {
    let bare = name.strip_prefix("recess_").unwrap_or(name);
    names()
        .into_iter()
        .find(|known| squash(known) == squash(bare))
        .unwrap_or(name)
}

/// `name(key=value,...)` as OpenSpiel writes a game with parameters: the name, and the
/// parameters as a JSON object (integers as numbers, `true`/`false` as booleans, the rest as
/// text), or `None` without parentheses.
fn split_parameters(text: &str) -> Fallible<(&str, Option<String>)> {
    let text = text.trim();
    let Some(open) = text.find('(') else {
        return Ok((text, None));
    };
    let bad = || {
        Failure::new(
            Kind::Parse,
            format!("{text:?} is not a game name with parameters such as duel(players=3)"),
        )
    };
    let inner = text[open + 1..].strip_suffix(')').ok_or_else(bad)?;
    if inner.contains(['(', ')']) {
        return Err(bad());
    }
    let mut params = serde_json::Map::new();
    for pair in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').ok_or_else(bad)?;
        let value = value.trim();
        let value = if let Ok(n) = value.parse::<i64>() {
            serde_json::Value::from(n)
        } else if let Ok(b) = value.parse::<bool>() {
            serde_json::Value::from(b)
        } else {
            serde_json::Value::from(value)
        };
        params.insert(key.trim().to_string(), value);
    }
    Ok((
        text[..open].trim(),
        Some(serde_json::Value::Object(params).to_string()),
    ))
}

/// `over` laid on `base`, objects field by field.
fn merge(base: &mut serde_json::Value, over: serde_json::Value) {
    match (base, over) {
        (serde_json::Value::Object(base), serde_json::Value::Object(over)) => {
            for (key, value) in over {
                match base.get_mut(&key) {
                    Some(field) => merge(field, value),
                    None => {
                        base.insert(key, value);
                    }
                }
            }
        }
        (base, over) => *base = over,
    }
}

games![
    tictactoe::TicTacToe,
    duel_rules::Duel,
    big_two_reversal::BigTwo,
    life_go::LifeGo,
    scoundrel::Scoundrel,
];
