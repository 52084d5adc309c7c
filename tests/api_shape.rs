//! Every game crate has the same shape: `Config`, `Error`, `Action`, `Observation` and the game
//! type at its root, tied together by `Game`, and a prelude that is all a program needs.

use std::any::TypeId;

use recess::game_core::Game;

/// The root names of one crate are the associated types of its game.
fn same_shape<G, C, E, A, O>()
where
    G: Game<Config = C, Error = E, Action = A, Observation = O>,
{
}

#[test]
fn every_game_crate_exports_the_same_names() {
    {
        use recess::tictactoe::{Action, Config, Error, Observation, TicTacToe};
        same_shape::<TicTacToe, Config, Error, Action, Observation>();
        assert_eq!(TypeId::of::<Observation>(), TypeId::of::<TicTacToe>());
    }
    {
        use recess::duel_rules::{Action, Config, Duel, Error, Observation};
        same_shape::<Duel, Config, Error, Action, Observation>();
        assert_eq!(TypeId::of::<Observation>(), TypeId::of::<Duel>());
    }
    {
        use recess::big_two_reversal::{Action, BigTwo, Config, Error, Observation};
        same_shape::<BigTwo, Config, Error, Action, Observation>();
    }
    {
        use recess::life_go::{Action, Config, Error, LifeGo, Observation};
        same_shape::<LifeGo, Config, Error, Action, Observation>();
        assert_eq!(TypeId::of::<Observation>(), TypeId::of::<LifeGo>());
    }
    {
        use recess::scoundrel::{Action, Config, Error, Observation, Scoundrel};
        same_shape::<Scoundrel, Config, Error, Action, Observation>();
    }
}

/// A whole game through each crate's prelude alone: `play` with agents built by name.
#[test]
fn each_prelude_is_enough_to_play() {
    {
        use recess::tictactoe::prelude::*;
        let mut agents = [
            TicTacToe::agent("random", 1).unwrap(),
            TicTacToe::agent("perfect", 2).unwrap(),
        ];
        let played = play::<TicTacToe, _>(Config::default(), 1, &mut agents).unwrap();
        assert_eq!(played.state().turn(), Turn::Over);
    }
    {
        use recess::duel_rules::prelude::*;
        let mut agents = [
            Duel::agent("dice", 1).unwrap(),
            Duel::agent("equilibrium", 2).unwrap(),
        ];
        let played = play::<Duel, _>(Config::default(), 1, &mut agents).unwrap();
        assert_eq!(played.record().replay().unwrap(), *played.state());
    }
    {
        use recess::big_two_reversal::prelude::*;
        let mut agents: Vec<_> = (0..4).map(|s| BigTwo::agent("ai1", s).unwrap()).collect();
        let played = play::<BigTwo, _>(Config::default(), 1, &mut agents).unwrap();
        assert_eq!(played.state().turn(), Turn::Over);
    }
    {
        use recess::life_go::prelude::*;
        let mut agents = [
            LifeGo::agent("random", 1).unwrap(),
            LifeGo::agent("random", 2).unwrap(),
        ];
        let played = play::<LifeGo, _>(Config::default(), 1, &mut agents).unwrap();
        assert_eq!(played.state().turn(), Turn::Over);
    }
    {
        use recess::scoundrel::prelude::*;
        let mut agents = [Scoundrel::agent("greedy", 1).unwrap()];
        let played = play::<Scoundrel, _>(Config::default(), 1, &mut agents).unwrap();
        assert!(played.state().result(0).is_some());
    }
}

/// Text numbers players from 1 in every game: what seat 0's strings call it, and never "seat 0".
#[test]
fn text_numbers_players_from_one_in_every_game() {
    use recess::game_core::{ExplicitChance, InformationState, Learning};

    let duel = recess::duel_rules::Duel::new(Default::default(), 0).unwrap();
    let big_two = recess::big_two_reversal::BigTwo::new(Default::default(), 0).unwrap();
    for text in [
        duel.information_state_string(0),
        duel.observation_string(0),
        big_two.information_state_string(0),
        big_two.observation_string(0),
    ] {
        assert!(text.contains("player 1"), "{text}");
        assert!(
            !text.contains("player 0") && !text.contains("seat"),
            "{text}"
        );
    }
    type BigTwo = recess::big_two_reversal::BigTwo;
    let config = Default::default();
    let (first, _) = BigTwo::chance_outcomes(&config, &[])[0];
    let dealt = BigTwo::chance_outcome_string(&config, &[], first);
    assert!(dealt.ends_with(" to player 1"), "{dealt}");
}
