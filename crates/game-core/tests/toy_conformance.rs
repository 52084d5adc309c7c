//! The conformance checks on the toy games of the search tests: the games are sound, and the
//! checks themselves pass sound games of every shape (sequential, three players, one player,
//! simultaneous, hidden information).

mod common;

use common::{Higher, Kuhn, PushLuck, TakeAway, TakeAwayConfig, TreeGame, TreeId};
use game_testkit::{Options, check_game, check_sample_world};

fn options(games: usize) -> Options {
    Options {
        games,
        ..Options::default()
    }
}

#[test]
fn nim_conforms() {
    for config in [
        TakeAwayConfig::default(),
        TakeAwayConfig {
            stones: 17,
            max_take: 20,
            players: 3,
        },
        TakeAwayConfig {
            stones: 5,
            max_take: 1,
            players: 4,
        },
    ] {
        let report = check_game::<TakeAway>(&config, &options(50)).unwrap();
        assert!(report.refusals > 0, "{config:?}: {report:?}");
        check_sample_world::<TakeAway>(&config, &options(20)).unwrap();
    }
}

#[test]
fn explicit_trees_conform() {
    for tree in [TreeId::Trap, TreeId::Three] {
        check_game::<TreeGame>(&tree, &options(50)).unwrap();
    }
}

#[test]
fn kuhn_poker_conforms_and_samples_consistent_worlds() {
    let report = check_game::<Kuhn>(&(), &options(100)).unwrap();
    assert!(report.longest >= 2);
    check_sample_world::<Kuhn>(&(), &options(100)).unwrap();
}

#[test]
fn push_your_luck_conforms_and_samples_consistent_worlds() {
    check_game::<PushLuck>(&(), &options(100)).unwrap();
    check_sample_world::<PushLuck>(&(), &options(100)).unwrap();
}

#[test]
fn a_simultaneous_game_conforms() {
    let report = check_game::<Higher>(&3, &options(50)).unwrap();
    assert_eq!(report.longest, 3);
    check_sample_world::<Higher>(&3, &options(20)).unwrap();
}

/// A broken game: it accepts taking more stones than the limit. The checks must catch it.
mod broken {
    use super::common::{Pick, TakeAway, TakeAwayConfig, ToyError};
    use game_core::{Game, GameRng, Player, SampleWorld, Turn, TurnError};
    use serde::{Deserialize, Serialize};

    /// TakeAway that accepts too many stones, or (with `true`) refuses one-element joint actions.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct Lenient(pub TakeAway, pub bool);

    impl Game for Lenient {
        type Config = TakeAwayConfig;
        type Action = Pick;
        type Observation = Lenient;
        type Error = ToyError;
        const NAME: &'static str = "lenient";
        const ZERO_SUM: bool = true;

        fn new(config: TakeAwayConfig, seed: u64) -> Result<Self, ToyError> {
            let strict_joint = config.players > 2;
            TakeAway::new(config, seed).map(|nim| Lenient(nim, strict_joint))
        }
        fn num_players(&self) -> usize {
            self.0.num_players()
        }
        fn max_game_length(&self) -> usize {
            self.0.max_game_length()
        }
        fn turn(&self) -> Turn {
            self.0.turn()
        }
        fn legal_actions_into(&self, player: Player, out: &mut Vec<Pick>) {
            self.0.legal_actions_into(player, out)
        }
        fn apply_joint(&mut self, actions: &[Pick]) -> Result<(), ToyError> {
            if self.1 {
                // Forgets that a one-element joint action is a single action.
                return Err(TurnError::Sequential.into());
            }
            match actions {
                [action] => self.apply(action),
                _ => Err(TurnError::Sequential.into()),
            }
        }
        fn apply(&mut self, action: &Pick) -> Result<(), ToyError> {
            if self.1 {
                return self.0.apply(action);
            }
            // Accepts any positive take while stones remain.
            if self.0.stones > 0 && action.0 > self.0.max_take.min(self.0.stones) {
                self.0.stones = 0;
                return Ok(());
            }
            self.0.apply(action)
        }
        fn returns(&self, player: Player) -> f64 {
            self.0.returns(player)
        }
        fn observation(&self, _player: Player) -> Lenient {
            self.clone()
        }
    }

    impl SampleWorld for Lenient {
        fn sample_world(view: &Lenient, _player: Player, _rng: &mut GameRng) -> Lenient {
            view.clone()
        }
    }
}

#[test]
fn the_checks_catch_a_game_that_accepts_illegal_moves() {
    let violation =
        check_game::<broken::Lenient>(&TakeAwayConfig::default(), &options(50)).unwrap_err();
    assert!(violation.problem.contains("was accepted"), "{violation}");
    // With three players the lenient game plays fair but refuses one-element joint actions.
    let three = TakeAwayConfig {
        players: 3,
        ..TakeAwayConfig::default()
    };
    let violation = check_game::<broken::Lenient>(&three, &options(5)).unwrap_err();
    assert!(
        violation.problem.contains("as a one-element joint action"),
        "{violation}"
    );
}

/// Broken hidden-information games whose samplers the checks must reject.
mod bad_samplers {
    use super::common::{Kuhn, KuhnView, Pick, ToyError};
    use game_core::{Game, GameRng, Player, SampleWorld, Turn};
    use serde::{Deserialize, Serialize};

    /// Kuhn poker with a sampler that redeals the observer's own card too.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct Forgetful(pub Kuhn);

    /// Kuhn poker where a player may also "call the king" (action 2) exactly when the other
    /// player holds the king: its legal actions depend on what it cannot see.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct Telltale(pub Kuhn);

    macro_rules! wrap {
        ($name:ident, $extra:expr, $sample:expr) => {
            impl Game for $name {
                type Config = ();
                type Action = Pick;
                type Observation = KuhnView;
                type Error = ToyError;
                const NAME: &'static str = stringify!($name);
                const ZERO_SUM: bool = true;

                fn new(config: (), seed: u64) -> Result<Self, ToyError> {
                    Kuhn::new(config, seed).map($name)
                }
                fn num_players(&self) -> usize {
                    2
                }
                fn max_game_length(&self) -> usize {
                    3
                }
                fn turn(&self) -> Turn {
                    self.0.turn()
                }
                fn legal_actions_into(&self, player: Player, out: &mut Vec<Pick>) {
                    self.0.legal_actions_into(player, out);
                    let extra: fn(&Kuhn, Player) -> bool = $extra;
                    if !out.is_empty() && extra(&self.0, player) {
                        out.push(Pick(2));
                    }
                }
                fn apply(&mut self, action: &Pick) -> Result<(), ToyError> {
                    let mut legal = Vec::new();
                    if let Turn::Player(p) = self.turn() {
                        self.legal_actions_into(p, &mut legal);
                    }
                    if *action == Pick(2) && legal.contains(action) {
                        return self.0.apply(&Pick(1));
                    }
                    self.0.apply(action)
                }
                fn returns(&self, player: Player) -> f64 {
                    self.0.returns(player)
                }
                fn observation(&self, player: Player) -> KuhnView {
                    self.0.observation(player)
                }
            }

            impl SampleWorld for $name {
                fn sample_world(view: &KuhnView, player: Player, rng: &mut GameRng) -> Self {
                    let sample: fn(&KuhnView, Player, &mut GameRng) -> Kuhn = $sample;
                    $name(sample(view, player, rng))
                }
            }
        };
    }

    wrap!(Forgetful, |_, _| false, |view, _player, rng| {
        let mut deck = [0u8, 1, 2];
        rng.shuffle(&mut deck);
        Kuhn::deal([deck[0], deck[1]], &view.history)
    });
    wrap!(
        Telltale,
        |kuhn, player| kuhn.cards[1 - player.min(1)] == 2,
        Kuhn::sample_world
    );
}

#[test]
fn the_checks_catch_samplers_that_contradict_what_the_player_sees() {
    let violation = check_sample_world::<bad_samplers::Forgetful>(&(), &options(20)).unwrap_err();
    assert!(
        violation
            .problem
            .starts_with("observation of a sampled world"),
        "{violation}"
    );
    // The telltale game itself plays soundly; only its worlds are inconsistent.
    check_game::<bad_samplers::Telltale>(&(), &options(20)).unwrap();
    let violation = check_sample_world::<bad_samplers::Telltale>(&(), &options(20)).unwrap_err();
    assert!(
        violation
            .problem
            .starts_with("legal actions of the observer"),
        "{violation}"
    );
}
