//! The test kit finds what it is meant to find: non-atomic applies, notations that do not round
//! trip, and deserialisation that accepts states no game can reach; sound games pass it.

mod common;

use std::fmt;
use std::str::FromStr;

use common::{Higher, Nim, NimConfig, Pick, PushLuck, TreeGame, TreeId};
use game_core::testing::{
    Options, check_apply, check_apply_joint, check_mutations, check_notation,
};
use game_core::{Game, Player, Turn, TurnError};
use serde::{Deserialize, Serialize};

fn options(games: usize) -> Options {
    Options {
        games,
        ..Options::default()
    }
}

#[test]
fn sound_games_pass_the_mutation_check() {
    let report = check_mutations::<TreeGame>(&TreeId::Trap, &options(20)).unwrap();
    assert!(report.accepted > 0 && report.refused > 0, "{report:?}");
    assert_eq!(report.accepted + report.refused, report.mutated);
    check_mutations::<PushLuck>(&(), &options(20)).unwrap();
    check_mutations::<Higher>(&Default::default(), &options(20)).unwrap();
}

#[test]
fn unvalidated_deserialisation_is_caught() {
    // Nim's state deserialises whatever it is given: more stones than the game ever has.
    let violation = check_mutations::<Nim>(&NimConfig::default(), &options(20)).unwrap_err();
    assert!(
        violation.at.contains("stones") || violation.at.contains("to_move"),
        "{violation}"
    );
}

/// Adds 1 or 2 to a total until it reaches 5, but checks the move only after adding it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Sloppy {
    total: u32,
}

impl Game for Sloppy {
    type Config = ();
    type Action = Pick;
    type Observation = Sloppy;
    type Error = TurnError;
    const NAME: &'static str = "sloppy";
    const ZERO_SUM: bool = false;

    fn new(_: (), _: u64) -> Result<Self, TurnError> {
        Ok(Sloppy { total: 0 })
    }
    fn num_players(&self) -> usize {
        1
    }
    fn max_game_length(&self) -> usize {
        5
    }
    fn turn(&self) -> Turn {
        if self.total >= 5 {
            Turn::Over
        } else {
            Turn::Player(0)
        }
    }
    fn legal_actions_into(&self, _: Player, out: &mut Vec<Pick>) {
        out.clear();
        if self.total < 5 {
            out.extend([Pick(1), Pick(2)]);
        }
    }
    fn apply(&mut self, action: &Pick) -> Result<(), TurnError> {
        self.total += action.0; // the bug: changed before the move is checked
        if action.0 > 2 {
            return Err(TurnError::GameOver);
        }
        Ok(())
    }
    fn returns(&self, _: Player) -> f64 {
        f64::from(self.total)
    }
    fn observation(&self, _: Player) -> Sloppy {
        self.clone()
    }
}

#[test]
fn apply_checker_accepts_legal_moves_and_catches_a_non_atomic_refusal() {
    let mut game = Sloppy::new((), 0).unwrap();
    assert!(check_apply(&mut game, &Pick(2)).unwrap());
    assert_eq!(game.total, 2);
    let violation = check_apply(&mut game, &Pick(3)).unwrap_err();
    assert!(
        violation.problem.contains("changed the state"),
        "{violation}"
    );
}

#[test]
fn apply_checker_on_a_sound_game() {
    let mut nim = Nim::new(NimConfig::default(), 0).unwrap();
    assert!(!check_apply(&mut nim, &Pick(4)).unwrap());
    assert!(check_apply(&mut nim, &Pick(3)).unwrap());
    // A joint action of two moves at a sequential node is refused and changes nothing.
    assert!(!check_apply_joint(&mut nim, &[Pick(1), Pick(1)]).unwrap());
    assert!(check_apply_joint(&mut nim, &[Pick(1)]).unwrap());
}

/// Prints with a trailing dot that its parser refuses.
#[derive(Debug, PartialEq)]
struct Dotted(u8);

impl fmt::Display for Dotted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.0)
    }
}

impl FromStr for Dotted {
    type Err = std::num::ParseIntError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(Dotted)
    }
}

#[test]
fn notation_checker() {
    assert_eq!(check_notation::<Pick>(" 7 ").unwrap(), Some(Pick(7)));
    assert_eq!(check_notation::<Pick>("seven").unwrap(), None);
    let violation = check_notation::<Dotted>("7").unwrap_err();
    assert!(
        violation.problem.contains("prints as \"7.\""),
        "{violation}"
    );
}

#[test]
fn the_learning_checks_pass_sound_toys() {
    use common::Kuhn;
    use game_core::testing::{check_learning, check_learning_hidden};
    let config = NimConfig {
        stones: 13,
        max_take: 4,
        players: 3,
    };
    let report = check_learning::<Nim>(&config, &options(30)).unwrap();
    assert_eq!(report.games, 30);
    check_learning::<Kuhn>(&(), &options(30)).unwrap();
    check_learning_hidden::<Kuhn>(&(), &options(30)).unwrap();
}

/// Kuhn poker whose tensor also shows the other player's card: what the hidden check is for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Peeking(common::Kuhn);

impl Game for Peeking {
    type Config = ();
    type Action = Pick;
    type Observation = common::KuhnView;
    type Error = common::ToyError;
    const NAME: &'static str = "peeking";
    const ZERO_SUM: bool = true;

    fn new(_: (), seed: u64) -> Result<Self, common::ToyError> {
        common::Kuhn::new((), seed).map(Peeking)
    }
    fn num_players(&self) -> usize {
        2
    }
    fn max_game_length(&self) -> usize {
        self.0.max_game_length()
    }
    fn turn(&self) -> Turn {
        self.0.turn()
    }
    fn legal_actions_into(&self, player: Player, out: &mut Vec<Pick>) {
        self.0.legal_actions_into(player, out);
    }
    fn apply(&mut self, action: &Pick) -> Result<(), common::ToyError> {
        self.0.apply(action)
    }
    fn returns(&self, player: Player) -> f64 {
        self.0.returns(player)
    }
    fn observation(&self, player: Player) -> common::KuhnView {
        self.0.observation(player)
    }
}

impl game_core::SampleWorld for Peeking {
    fn sample_world(view: &common::KuhnView, player: Player, rng: &mut game_core::GameRng) -> Self {
        Peeking(common::Kuhn::sample_world(view, player, rng))
    }
}

impl game_core::Learning for Peeking {
    fn num_distinct_actions(_: &()) -> usize {
        2
    }
    fn action_id(_: &(), action: &Pick) -> Option<usize> {
        common::Kuhn::action_id(&(), action)
    }
    fn action_from_id(_: &(), id: usize) -> Option<Pick> {
        common::Kuhn::action_from_id(&(), id)
    }
    fn observation_tensor_shape(_: &()) -> Vec<usize> {
        vec![10]
    }
    fn config_of(&self) {}
    fn observation_tensor_into(&self, player: Player, out: &mut [f32]) {
        self.0.observation_tensor_into(player, &mut out[..9]);
        out[9] = f32::from(self.0.cards[1 - player]);
    }
    fn observation_string(&self, player: Player) -> String {
        self.0.observation_string(player)
    }
}

#[test]
fn the_hidden_check_catches_a_tensor_that_peeks() {
    use game_core::testing::{check_learning, check_learning_hidden};
    check_learning::<Peeking>(&(), &options(10)).unwrap();
    let violation = check_learning_hidden::<Peeking>(&(), &options(20)).unwrap_err();
    assert!(
        violation.problem.contains("tensor of a world"),
        "{violation}"
    );
}
