//! One input at a time, as a fuzzer offers it: an action to a state, text to a parser.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use crate::Violation;
use game_core::{Game, Turn};

fn violation<G: Game>(state: &G, problem: String) -> Violation {
    Violation {
        game: G::NAME,
        at: format!("state {state:?}"),
        problem,
    }
}

/// Offers `action` to `state` through [`Game::apply`] and checks the promise of atomicity:
/// accepted ⇒ it was one of the mover's legal actions and [`Game::check`] accepted it too;
/// refused ⇒ the state is unchanged, it was not legal, the error has a message and
/// [`Game::check`] gave the same one. Returns whether it was accepted.
pub fn check_apply<G: Game>(state: &mut G, action: &G::Action) -> Result<bool, Violation> {
    let before = state.clone();
    let legal = match before.turn() {
        Turn::Player(p) => before.legal_actions(p),
        Turn::Simultaneous | Turn::Over => Vec::new(),
    };
    let predicted = before.check(action).map_err(|e| e.to_string());
    let outcome = state.apply(action).map_err(|e| e.to_string());
    let problem = match (&outcome, &predicted) {
        _ if outcome.is_ok() != legal.contains(action) => Some(format!(
            "apply of {action} gave {outcome:?}, but the legal actions are {legal:?}"
        )),
        _ if outcome != predicted => Some(format!(
            "apply of {action} gave {outcome:?}, but check said {predicted:?}"
        )),
        (Err(message), _) if message.trim().is_empty() => {
            Some(format!("{action} was refused with an empty message"))
        }
        (Err(_), _) if *state != before => Some(format!(
            "the refused {action} changed the state to {state:?}"
        )),
        _ => None,
    };
    match problem {
        Some(problem) => Err(violation(&before, problem)),
        None => Ok(outcome.is_ok()),
    }
}

/// [`check_apply`] for a joint action through [`Game::apply_joint`]: accepted ⇒ each seat's
/// action was legal for it (at a sequential node: one action, the mover's); refused ⇒ the state
/// is unchanged and the error has a message. Returns whether it was accepted.
pub fn check_apply_joint<G: Game>(state: &mut G, actions: &[G::Action]) -> Result<bool, Violation> {
    let before = state.clone();
    let all_legal = match before.turn() {
        Turn::Over => false,
        Turn::Player(p) => matches!(actions, [a] if before.legal_actions(p).contains(a)),
        Turn::Simultaneous => {
            actions.len() == before.num_players()
                && actions
                    .iter()
                    .enumerate()
                    .all(|(seat, a)| before.legal_actions(seat).contains(a))
        }
    };
    let outcome = state.apply_joint(actions).map_err(|e| e.to_string());
    let problem = match &outcome {
        _ if outcome.is_ok() != all_legal => Some(format!(
            "apply_joint of {actions:?} gave {outcome:?}, but legal for every seat: {all_legal}"
        )),
        Err(message) if message.trim().is_empty() => {
            Some(format!("{actions:?} was refused with an empty message"))
        }
        Err(_) if *state != before => Some(format!(
            "the refused {actions:?} changed the state to {state:?}"
        )),
        _ => None,
    };
    match problem {
        Some(problem) => Err(violation(&before, problem)),
        None => Ok(outcome.is_ok()),
    }
}

/// Parses `text` as a `T`: a refusal is fine, but what parses must print as text that parses
/// back to the same value. Returns the parsed value, if any.
pub fn check_notation<T>(text: &str) -> Result<Option<T>, Violation>
where
    T: FromStr + Display + PartialEq + Debug,
{
    let Ok(value) = text.parse::<T>() else {
        return Ok(None);
    };
    let printed = value.to_string();
    match printed.parse::<T>() {
        Ok(again) if again == value => Ok(Some(value)),
        again => Err(Violation {
            game: std::any::type_name::<T>(),
            at: format!("text {text:?}"),
            problem: format!(
                "parses as {value:?}, which prints as {printed:?}, which parses as {:?}",
                again.ok()
            ),
        }),
    }
}
