//! Bad input gets a typed error and changes nothing, checked with game-core's test kit:
//! arbitrary text for cells, actions and setups (`check_notation`), arbitrary drops offered to
//! games in progress (`check_apply`), corrupted serialised states on several sizes and setups
//! (`check_mutations`), arbitrary configurations, boards and records refused with typed errors,
//! and agents on a game finished at the largest move limit.

use game_testkit::{Violation, check_apply, check_notation};
use life_go::prelude::*;
use life_go::{Board, file_name, parse_cells};
use proptest::prelude::*;
use serde_json::Value;

/// A test-kit violation as a proptest failure.
fn kit<T>(result: Result<T, Violation>) -> Result<T, TestCaseError> {
    result.map_err(|violation| TestCaseError::fail(violation.to_string()))
}

/// Any cell of the largest board.
fn any_cell() -> impl Strategy<Value = Cell> {
    (0usize..64, 0usize..64).prop_map(|(f, r)| Cell::new(f, r).expect("on the largest board"))
}

/// Sizes around and far outside the allowed range.
fn any_side() -> impl Strategy<Value = usize> {
    prop_oneof![
        3usize..=12,
        0usize..=70,
        Just(usize::MAX),
        any::<usize>(),
        Just(64usize),
    ]
}

fn any_setup() -> impl Strategy<Value = Setup> {
    prop_oneof![
        Just(Setup::RuleBook),
        prop_oneof![0usize..=6, Just(usize::MAX), any::<usize>()]
            .prop_map(|groups| Setup::Mirrored { groups }),
        (
            prop::collection::vec(any_cell(), 0..6),
            prop::collection::vec(any_cell(), 0..6)
        )
            .prop_map(|(black, white)| Setup::Custom { black, white }),
    ]
}

fn any_config() -> impl Strategy<Value = Config> {
    let limit = prop_oneof![1u32..=30, Just(0u32), Just(u32::MAX), any::<u32>()];
    (any_side(), any_side(), any_setup(), limit).prop_map(|(width, height, setup, move_limit)| {
        Config {
            width,
            height,
            setup,
            move_limit,
        }
    })
}

/// A small valid game, a few random legal moves in.
fn small_game() -> impl Strategy<Value = LifeGo> {
    (
        3usize..=10,
        3usize..=10,
        1u32..=40,
        any::<u64>(),
        0usize..12,
    )
        .prop_map(|(w, h, limit, seed, plies)| {
            let config = Config {
                move_limit: limit,
                ..Config::sized(w, h)
            };
            let mut game = LifeGo::new(config, seed).expect("a valid config");
            let mut rng = GameRng::new(seed);
            for _ in 0..plies {
                let Turn::Player(seat) = game.turn() else {
                    break;
                };
                let legal = game.legal_actions(seat);
                let action = legal[rng.index(legal.len())];
                game.apply(&action).expect("a legal move");
            }
            game
        })
}

/// Arbitrary text, with cell-like strings mixed in.
fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-zA-Z]{0,4}[0-9]{0,4}",
        "[ ,a-z0-9é\\-+]{0,12}",
        Just("zz99".to_string()),
    ]
}

/// Whether `error` is one a configuration can be refused with.
fn is_config_error(error: &Error) -> bool {
    matches!(
        error,
        Error::BoardSize { .. }
            | Error::MoveLimit
            | Error::SetupOffBoard { .. }
            | Error::SetupOverlap { .. }
            | Error::SetupEmpty { .. }
            | Error::SetupGroups
    )
}

/// Asks each agent to decide on `game` with `legal` (which may hold illegal drops), and checks
/// that the answer is one of them.
fn ask_agents(game: &LifeGo, legal: &[Action], seed: u64) {
    let Some(decision) = Decision::<LifeGo>::new(2, game, legal) else {
        return;
    };
    let mut agents: Vec<Box<dyn Agent<LifeGo>>> = vec![
        Box::new(EvalAgent::new(seed)),
        Box::new(StrongAgent::with_budget(seed, 300)),
        LifeGo::agent("random", seed).expect("a known agent"),
    ];
    for agent in &mut agents {
        let action = agent.choose(&decision);
        assert!(
            legal.contains(&action),
            "{} chose {action} off the list",
            agent.name()
        );
    }
}

/// One drop offered to a game: an arbitrary cell, or one of the legal drops by index.
#[derive(Clone, Debug)]
enum Pick {
    Cell(Cell),
    Legal(usize),
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn text_is_parsed_or_refused_with_a_reason(text in any_text(), other in any_text()) {
        let cell = kit(check_notation::<Cell>(&text))?;
        let action = kit(check_notation::<Action>(&text))?;
        prop_assert_eq!(action, cell.map(Action::at));
        if cell.is_none() {
            let refused = matches!(text.parse::<Cell>(), Err(Error::ParseCell { .. }));
            prop_assert!(refused, "{:?}", text.parse::<Cell>());
        }
        // Serde reads the same text as FromStr.
        let quoted = Value::from(text.clone());
        prop_assert_eq!(serde_json::from_value::<Cell>(quoted.clone()).ok(), cell);
        prop_assert_eq!(serde_json::from_value::<Action>(quoted).ok(), action);
        // A list of cells parses exactly when each of its tokens does.
        let tokens = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty());
        let each: Result<Vec<Cell>, Error> = tokens.map(str::parse).collect();
        prop_assert_eq!(parse_cells(&text), each.clone());
        match Setup::custom(&text, &other) {
            Ok(Setup::Custom { black, white }) => {
                prop_assert_eq!(Ok(black), each);
                prop_assert_eq!(Ok(white), parse_cells(&other));
            }
            Ok(setup) => prop_assert!(false, "a custom setup came back as {:?}", setup),
            Err(error) => {
                prop_assert!(matches!(error, Error::ParseCell { .. }), "{error:?}");
                prop_assert!(each.is_err() || parse_cells(&other).is_err());
            }
        }
    }

    #[test]
    fn file_names_are_letters(file in prop_oneof![0usize..200, Just(usize::MAX), any::<usize>()]) {
        let name = file_name(file);
        prop_assert!(!name.is_empty());
        prop_assert!(name.bytes().all(|b| b.is_ascii_lowercase()));
    }

    #[test]
    fn cells_exist_on_the_largest_board_only(file in any::<usize>(), rank in any::<usize>()) {
        prop_assert_eq!(Cell::new(file, rank).is_some(), file < 64 && rank < 64);
    }

    #[test]
    fn configs_are_accepted_or_refused_with_typed_errors(
        config in any_config(),
        seed in any::<u64>(),
    ) {
        prop_assert!(Config::mirrored_groups(config.width, config.height) >= 1);
        let sized = Config::sized(config.width, config.height);
        prop_assert_eq!((sized.width, sized.height), (config.width, config.height));
        let started = config.starting_board(seed);
        match LifeGo::new(config.clone(), seed) {
            Ok(game) => {
                prop_assert!(config.validate().is_ok());
                prop_assert_eq!(game.board(), &started.expect("same checks"));
                prop_assert_eq!(game.moves_played(), 0);
                for seat in [0, 1, 2, usize::MAX] {
                    if game.turn() != Turn::Player(seat) {
                        prop_assert!(game.legal_actions(seat).is_empty());
                    }
                    prop_assert!(game.returns(seat).is_finite());
                }
                prop_assert_eq!(game.result(2), None);
            }
            Err(error) => {
                prop_assert!(is_config_error(&error), "{error:?}");
                prop_assert_eq!(started.map(|_| ()), Err(error.clone()));
                let replayed = Record::<LifeGo>::new(config.clone(), seed).replay();
                let same = matches!(&replayed, Err(ReplayError::Setup(e)) if *e == error);
                prop_assert!(same, "{replayed:?}, expected {error:?}");
            }
        }
        let json = serde_json::to_string(&config).expect("configs serialise");
        prop_assert_eq!(serde_json::from_str::<Config>(&json).expect("reads back"), config);
    }

    #[test]
    fn boards_from_rows_are_checked(
        width in any_side(),
        height in any_side(),
        black in prop::collection::vec(prop_oneof![Just(0u64), any::<u64>(), 0u64..8], 0..70),
        white in prop::collection::vec(prop_oneof![Just(0u64), any::<u64>(), 0u64..8], 0..70),
    ) {
        match Board::from_rows(width, height, &black, &white) {
            Ok(board) => {
                prop_assert_eq!((board.width(), board.height()), (width, height));
                prop_assert_eq!(board.ticked(), board.tick_reference());
                let mut drops = Vec::new();
                board.legal_drops_into(&mut drops);
                prop_assert_eq!(board.legal_drop_count() as usize, drops.len());
            }
            Err(error) => {
                let typed = matches!(
                    error,
                    Error::BoardSize { .. }
                        | Error::SetupOffBoard { .. }
                        | Error::SetupOverlap { .. }
                );
                prop_assert!(typed, "{error:?}");
            }
        }
    }

    /// Arbitrary drops, legal ones mixed in, through `check_apply`: accepted exactly when legal,
    /// refused with `check`'s error and no change. The game then still round-trips through serde.
    #[test]
    fn arbitrary_drops_are_checked(
        game in small_game(),
        picks in prop::collection::vec(
            prop_oneof![any_cell().prop_map(Pick::Cell), any::<usize>().prop_map(Pick::Legal)],
            0..40,
        ),
        seed in any::<u64>(),
    ) {
        let mut state = game;
        let mut offered = Vec::new();
        for pick in picks {
            let action = match pick {
                Pick::Cell(cell) => Action::at(cell),
                Pick::Legal(i) => {
                    let legal = state.legal_actions(state.to_move().seat());
                    match legal.get(i % legal.len().max(1)) {
                        Some(&action) => action,
                        None => continue,
                    }
                }
            };
            offered.push(action);
            let before = state.moves_played();
            let accepted = kit(check_apply(&mut state, &action))?;
            prop_assert_eq!(state.moves_played(), before + u32::from(accepted));
        }
        let json = serde_json::to_string(&state).expect("states serialise");
        let back: LifeGo = serde_json::from_str(&json).expect("a real state reads back");
        prop_assert_eq!(&back, &state);
        ask_agents(&state, &offered, seed);
    }

    /// Arbitrary records replay exactly as their actions apply one by one: the configuration's
    /// error, the first refused action's error, or the final state.
    #[test]
    fn records_replay_as_their_actions_apply(
        config in any_config(),
        seed in any::<u64>(),
        actions in prop::collection::vec(any_cell().prop_map(Action::at), 0..20),
        name in prop_oneof![Just(String::from("life-go")), any_text()],
    ) {
        let mut record = Record::<LifeGo>::new(config.clone(), seed);
        record.actions = actions.clone();
        record.game = name.clone();
        let json = serde_json::to_string(&record).expect("records serialise");
        let record: Record<LifeGo> = serde_json::from_str(&json).expect("a record reads back");
        let replayed = record.replay();
        if name != LifeGo::NAME {
            let wrong_game = matches!(replayed, Err(ReplayError::WrongGame { .. }));
            prop_assert!(wrong_game, "{replayed:?}");
            return Ok(());
        }
        let mut state = match LifeGo::new(config, seed) {
            Ok(state) => state,
            Err(error) => {
                let same = matches!(&replayed, Err(ReplayError::Setup(e)) if *e == error);
                prop_assert!(same, "{replayed:?}, expected {error:?}");
                return Ok(());
            }
        };
        for (index, action) in actions.iter().enumerate() {
            let refusal = state.check(action).err();
            if !kit(check_apply(&mut state, action))? {
                let found = matches!(
                    &replayed,
                    Err(ReplayError::Action { index: i, source, .. })
                        if *i == index && Some(source) == refusal.as_ref()
                );
                prop_assert!(found, "action {index}: {replayed:?}, expected {refusal:?}");
                return Ok(());
            }
        }
        prop_assert_eq!(replayed.expect("every action was accepted"), state);
    }
}

/// A state at the largest move limit, finished by it: agents asked to move anyway must not
/// overflow the move count when they look ahead.
#[test]
fn agents_on_a_game_finished_at_the_largest_move_limit() {
    let config = Config {
        move_limit: u32::MAX,
        ..Config::square(5)
    };
    let game = LifeGo::new(config, 3).expect("a valid config");
    let mut json = serde_json::to_value(&game).expect("states serialise");
    json["moves"] = Value::from(u32::MAX);
    json["last_drop"] = Value::from("a1");
    let state: LifeGo = serde_json::from_value(json).expect("a finished state");
    assert!(state.is_over());
    let actions: Vec<Action> = state
        .board()
        .cells()
        .filter(|&c| state.board().check_drop(c).is_ok())
        .map(Action::at)
        .collect();
    assert!(!actions.is_empty());
    ask_agents(&state, &actions, 1);
    assert_eq!(
        state.clone().apply(&actions[0]),
        Err(Error::Turn(TurnError::GameOver))
    );
}
