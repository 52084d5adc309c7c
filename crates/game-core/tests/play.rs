//! `play` and `Match::step`: whole games with agents, their records, and the errors.

mod common;

use common::{Higher, Pick, TakeAway, TakeAwayConfig};
use game_core::{Agent, Decision, Game, Match, PlayError, RandomAgent, Turn, play};

/// Always takes 7 stones: never legal in TakeAway with at most 3 a turn.
struct Greedy;

impl Agent<TakeAway> for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }
    fn choose(&mut self, _: &Decision<'_, TakeAway>) -> Pick {
        Pick(7)
    }
}

#[test]
fn plays_to_the_end_and_the_record_replays() {
    let config = TakeAwayConfig::default();
    let mut agents = [RandomAgent::new(1), RandomAgent::new(2)];
    let played = play::<TakeAway, _>(config.clone(), 5, &mut agents).unwrap();
    assert_eq!(played.state().turn(), Turn::Over);
    assert_eq!(played.steps(), played.record().actions.len());
    assert_eq!(played.record().replay().unwrap(), *played.state());
    // The same seeds give the same game.
    let mut again = [RandomAgent::new(1), RandomAgent::new(2)];
    let replayed = play::<TakeAway, _>(config, 5, &mut again).unwrap();
    assert_eq!(replayed.record(), played.record());
}

#[test]
fn plays_a_simultaneous_game() {
    let mut agents = [RandomAgent::new(1), RandomAgent::new(2)];
    let played = play::<Higher, _>(Default::default(), 3, &mut agents).unwrap();
    assert_eq!(played.state().turn(), Turn::Over);
    assert_eq!(played.record().actions.len(), 2 * played.steps());
    assert_eq!(played.record().replay().unwrap(), *played.state());
}

#[test]
fn a_wrong_lineup_and_an_illegal_choice_are_errors_that_change_nothing() {
    let mut one = [RandomAgent::new(1)];
    let err = play::<TakeAway, _>(TakeAwayConfig::default(), 0, &mut one).unwrap_err();
    assert!(
        matches!(
            err,
            PlayError::Lineup {
                expected: 2,
                found: 1
            }
        ),
        "{err}"
    );

    let mut game = Match::<TakeAway>::new(TakeAwayConfig::default(), 0).unwrap();
    let mut agents: Vec<Box<dyn Agent<TakeAway>>> =
        vec![Box::new(RandomAgent::new(1)), Box::new(Greedy)];
    assert!(game.step(&mut agents).unwrap());
    let before = game.state().clone();
    let err = game.step(&mut agents).unwrap_err();
    match &err {
        PlayError::Illegal {
            seat,
            agent,
            action,
            step,
            ..
        } => {
            assert_eq!(
                (*seat, agent.as_str(), action.as_str(), *step),
                (1, "greedy", "7", 1)
            );
        }
        other => panic!("expected an illegal choice, got {other}"),
    }
    assert_eq!(*game.state(), before);
    assert_eq!(game.steps(), 1);
}
