//! The test kit finds what it is meant to find: non-atomic applies, notations that do not round
//! trip, deserialisation that accepts states no game can reach, and for each check of a random
//! walk a toy with the flaw it is about; sound games pass it.

mod common;

use std::fmt;
use std::str::FromStr;

use common::{Higher, Pick, PushLuck, TakeAway, TakeAwayConfig, TreeGame, TreeId};
// The test kit's own TakeAway, beside `common`'s, which deserialises anything on purpose.
use game_core::{
    Agent, AgentError, Decision, Declaration, Declared, ExplicitChance, Game, InformationState,
    Learning, Player, RandomAgent, Roster, Turn, TurnError,
};
use game_testkit::Nim as Heap;
use game_testkit::{
    NimError, Options, Violation, check_apply, check_apply_joint, check_explicit_chance,
    check_game, check_information_state, check_information_state_hidden, check_learning,
    check_mutations, check_notation, check_roster,
};
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
    check_mutations::<PushLuck>(&(), &options(20)).unwrap();
    check_mutations::<Higher>(&Default::default(), &options(20)).unwrap();
}

#[test]
fn unvalidated_deserialisation_is_caught() {
    // TakeAway's state deserialises whatever it is given: more stones than the game ever has.
    let violation =
        check_mutations::<TakeAway>(&TakeAwayConfig::default(), &options(20)).unwrap_err();
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
    let mut nim = Heap::new((), 0).unwrap();
    assert!(!check_apply(&mut nim, &4).unwrap());
    assert!(check_apply(&mut nim, &3).unwrap());
    // A joint action of two moves at a sequential node is refused and changes nothing.
    assert!(!check_apply_joint(&mut nim, &[1, 1]).unwrap());
    assert!(check_apply_joint(&mut nim, &[1]).unwrap());
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
    use game_testkit::{check_learning, check_learning_hidden};
    let config = TakeAwayConfig {
        stones: 13,
        max_take: 4,
        players: 3,
    };
    check_learning::<TakeAway>(&config, &options(30)).unwrap();
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

impl InformationState for Peeking {
    fn information_state_tensor_shape(_: &()) -> Vec<usize> {
        vec![9]
    }
    fn information_state_tensor_into(&self, player: Player, out: &mut [f32]) {
        self.0.information_state_tensor_into(player, out)
    }
    fn information_state_string(&self, player: Player) -> String {
        if player >= 2 {
            return self.0.information_state_string(player);
        }
        let other = self.0.cards[1 - player];
        format!(
            "{}, against {other}",
            self.0.information_state_string(player)
        )
    }
}

#[test]
fn the_hidden_information_state_check_catches_a_state_that_peeks() {
    check_information_state::<common::Kuhn>(&(), &options(30)).unwrap();
    check_information_state_hidden::<common::Kuhn>(&(), &options(30)).unwrap();
    check_information_state::<Peeking>(&(), &options(10)).unwrap();
    let problem = found(check_information_state_hidden::<Peeking>(&(), &options(20)));
    assert!(
        problem.starts_with("information state string of a world"),
        "{problem}"
    );
}

#[test]
fn the_hidden_check_catches_a_tensor_that_peeks() {
    use game_testkit::{check_learning, check_learning_hidden};
    check_learning::<Peeking>(&(), &options(10)).unwrap();
    let violation = check_learning_hidden::<Peeking>(&(), &options(20)).unwrap_err();
    assert!(
        violation.problem.contains("tensor of a world"),
        "{violation}"
    );
}

/// The test kit's TakeAway with one flaw, chosen by `F` (`SOUND` has none): each check must find
/// the flaw it is about.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Flawed<const F: u8>(Heap);

const SOUND: u8 = 0;
/// Declares that a game lasts at most two steps.
const TOO_LONG: u8 = 1;
/// Gives taking 3 the id of taking 2.
const BAD_ID: u8 = 2;
/// Its information state string shows the starting heap and only the last move.
const FORGETFUL: u8 = 3;
/// Its information state tensor shows only the starting heap.
const BLURRED: u8 = 4;
/// Lists each heap size with probability 0.3.
const LOADED: u8 = 5;
/// Builds agents from names in any case, with spaces around.
const LAX: u8 = 6;
/// Its `greedy` agent takes one stone, offered or not.
const STRAY: u8 = 7;
/// Its `greedy` agent panics when asked for a seat that does not exist.
const FRAGILE: u8 = 8;

impl<const F: u8> Game for Flawed<F> {
    type Config = ();
    type Action = u32;
    type Observation = Heap;
    type Error = NimError;
    const NAME: &'static str = "flawed nim";
    const ZERO_SUM: bool = true;

    fn new(config: (), seed: u64) -> Result<Self, Self::Error> {
        Heap::new(config, seed).map(Flawed)
    }
    fn num_players(&self) -> usize {
        2
    }
    fn max_game_length(&self) -> usize {
        if F == TOO_LONG {
            2
        } else {
            self.0.max_game_length()
        }
    }
    fn turn(&self) -> Turn {
        self.0.turn()
    }
    fn legal_actions_into(&self, player: Player, out: &mut Vec<u32>) {
        self.0.legal_actions_into(player, out)
    }
    fn apply(&mut self, take: &u32) -> Result<(), Self::Error> {
        self.0.apply(take)
    }
    fn returns(&self, player: Player) -> f64 {
        self.0.returns(player)
    }
    fn observation(&self, player: Player) -> Heap {
        self.0.observation(player)
    }
}

impl<const F: u8> Learning for Flawed<F> {
    fn num_distinct_actions(config: &()) -> usize {
        Heap::num_distinct_actions(config)
    }
    fn action_id(config: &(), take: &u32) -> Option<usize> {
        match take {
            3 if F == BAD_ID => Some(1),
            _ => Heap::action_id(config, take),
        }
    }
    fn action_from_id(config: &(), id: usize) -> Option<u32> {
        Heap::action_from_id(config, id)
    }
    fn observation_tensor_shape(config: &()) -> Vec<usize> {
        Heap::observation_tensor_shape(config)
    }
    fn config_of(&self) {}
    fn observation_tensor_into(&self, player: Player, out: &mut [f32]) {
        self.0.observation_tensor_into(player, out)
    }
    fn observation_string(&self, player: Player) -> String {
        self.0.observation_string(player)
    }
}

impl<const F: u8> InformationState for Flawed<F> {
    fn information_state_tensor_shape(config: &()) -> Vec<usize> {
        Heap::information_state_tensor_shape(config)
    }
    fn information_state_tensor_into(&self, player: Player, out: &mut [f32]) {
        self.0.information_state_tensor_into(player, out);
        if F == BLURRED {
            out[3..].fill(0.0);
        }
    }
    fn information_state_string(&self, player: Player) -> String {
        let full = self.0.information_state_string(player);
        match full.split_once(';') {
            Some((start, moves)) if F == FORGETFUL => {
                format!("{start};{}", moves.rsplit(',').next().unwrap_or_default())
            }
            _ => full,
        }
    }
}

impl<const F: u8> ExplicitChance for Flawed<F> {
    fn max_chance_outcomes(config: &()) -> usize {
        Heap::max_chance_outcomes(config)
    }
    fn max_chance_events(config: &()) -> usize {
        Heap::max_chance_events(config)
    }
    fn chance_outcomes(config: &(), drawn: &[usize]) -> Vec<(usize, f64)> {
        let mut outcomes = Heap::chance_outcomes(config, drawn);
        if F == LOADED {
            outcomes.iter_mut().for_each(|(_, p)| *p = 0.3);
        }
        outcomes
    }
    fn chance_outcome_string(config: &(), drawn: &[usize], outcome: usize) -> String {
        Heap::chance_outcome_string(config, drawn, outcome)
    }
    fn from_chance_outcomes(config: (), drawn: &[usize]) -> Result<Self, Self::Error> {
        Heap::from_chance_outcomes(config, drawn).map(Flawed)
    }
    fn chance_outcomes_of_seed(config: &(), seed: u64) -> Vec<usize> {
        Heap::chance_outcomes_of_seed(config, seed)
    }
}

/// Leaves the heap a multiple of four when it can.
struct Greedy;

impl<const F: u8> Agent<Flawed<F>> for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }
    fn choose(&mut self, decision: &Decision<'_, Flawed<F>>) -> u32 {
        let seats = [0; 2];
        if F == FRAGILE && seats[decision.player()] > 0 {
            unreachable!();
        }
        let best = decision.observation().stones() % 4;
        match decision.legal().iter().find(|&&take| take == best) {
            _ if F == STRAY => 1,
            Some(&take) => take,
            None => decision.legal()[0],
        }
    }
}

impl<const F: u8> Declared for Flawed<F> {
    fn declaration() -> Declaration {
        common::toy_declaration(Self::NAME, 2, &["random", "greedy"])
    }
    fn utility_range(_config: &()) -> (f64, f64) {
        (-1.0, 1.0)
    }
}

impl<const F: u8> Roster for Flawed<F> {
    fn ais() -> Vec<game_core::Ai<Self>> {
        vec![
            game_core::Ai::new("random", "a toy agent", |seed| {
                Box::new(RandomAgent::new(seed))
            }),
            game_core::Ai::new("greedy", "a toy agent", |_| Box::new(Greedy)),
        ]
    }

    /// A lax roster (`LAX`) also takes names in other cases and with spaces around them.
    fn agent(name: &str, seed: u64) -> Result<Box<dyn Agent<Self>>, AgentError> {
        let name = if F == LAX {
            name.trim().to_lowercase()
        } else {
            name.to_string()
        };
        match name.as_str() {
            "random" => Ok(Box::new(RandomAgent::new(seed))),
            "greedy" => Ok(Box::new(Greedy)),
            _ => Err(Self::unknown_agent(&name)),
        }
    }
    fn standard_lineups() -> Vec<Vec<String>> {
        vec![Self::agent_names()]
    }
}

#[test]
fn sound_nim_passes_every_check() {
    let options = options(40);
    check_game::<Flawed<SOUND>>(&(), &options).unwrap();
    check_learning::<Flawed<SOUND>>(&(), &options).unwrap();
    check_information_state::<Flawed<SOUND>>(&(), &options).unwrap();
    check_explicit_chance::<Flawed<SOUND>>(&(), &options).unwrap();
    let report = check_roster::<Flawed<SOUND>>(&(), &options).unwrap();
    assert!(report.refusals >= 2 * 8, "{report:?}");
}

/// The problem `check` reports for the flawed game.
fn found<T: fmt::Debug>(check: Result<T, Violation>) -> String {
    check.unwrap_err().problem
}

#[test]
fn every_walk_catches_a_game_that_outlasts_its_bound() {
    let options = options(20);
    let problem = "still going after its bound of 2 steps";
    assert!(found(check_game::<Flawed<TOO_LONG>>(&(), &options)).contains(problem));
    assert!(found(check_learning::<Flawed<TOO_LONG>>(&(), &options)).contains(problem));
    assert!(found(check_information_state::<Flawed<TOO_LONG>>(&(), &options)).contains(problem));
}

#[test]
fn the_learning_check_catches_ids_that_do_not_round_trip() {
    let problem = found(check_learning::<Flawed<BAD_ID>>(&(), &options(5)));
    assert!(problem.starts_with("id of the action of id 2"), "{problem}");
}

#[test]
fn the_information_state_check_catches_what_a_seat_forgets() {
    let problem = found(check_information_state::<Flawed<FORGETFUL>>(
        &(),
        &options(5),
    ));
    assert!(problem.contains("decides twice"), "{problem}");
    let problem = found(check_information_state::<Flawed<BLURRED>>(&(), &options(5)));
    assert!(
        problem.contains("leads to a tensor another action gives"),
        "{problem}"
    );
}

#[test]
fn the_chance_check_catches_probabilities_that_do_not_sum_to_one() {
    let problem = found(check_explicit_chance::<Flawed<LOADED>>(&(), &options(5)));
    assert!(problem.starts_with("probabilities sum to"), "{problem}");
}

#[test]
fn the_roster_check_catches_lax_names_stray_choices_and_panics() {
    let problem = found(check_roster::<Flawed<LAX>>(&(), &options(5)));
    assert!(problem.contains("builds an agent"), "{problem}");
    let problem = found(check_roster::<Flawed<STRAY>>(&(), &options(5)));
    assert!(
        problem.contains("greedy chose 1, which is not in"),
        "{problem}"
    );
    let problem = found(check_roster::<Flawed<FRAGILE>>(&(), &options(5)));
    assert!(problem.contains("greedy panicked"), "{problem}");
}
