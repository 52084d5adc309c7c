//! Audit: no public function panics on bad input. Arbitrary text for cells, moves and setups,
//! arbitrary sizes and setups for configurations and boards, arbitrary (mutated) serialised
//! states and records, out-of-range seats, random drop sequences with illegal ones among them,
//! and agents asked with odd decisions. Bad input gets a typed error and changes nothing.

use game_core::{Agent, Decision, Game, Record, Roster, Turn};
use life_go::{
    Board, Cell, Config, EvalAgent, LifeGo, LifeGoError, Move, Setup, StrongAgent, file_name,
    parse_cells,
};
use proptest::prelude::*;
use serde_json::Value;

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

/// Move limits including the extremes.
fn any_limit() -> impl Strategy<Value = u32> {
    prop_oneof![1u32..=30, Just(0u32), Just(u32::MAX), any::<u32>()]
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
    (any_side(), any_side(), any_setup(), any_limit()).prop_map(
        |(width, height, setup, move_limit)| Config {
            width,
            height,
            setup,
            move_limit,
        },
    )
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
            let mut rng = game_core::GameRng::new(seed);
            for _ in 0..plies {
                let Turn::Player(seat) = game.turn() else {
                    break;
                };
                let legal = game.legal_actions(seat);
                let mv = legal[rng.index(legal.len())];
                game.apply(&mv).expect("a legal move");
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

/// One mutation of a serialised state's JSON.
#[derive(Clone, Debug)]
enum Mutation {
    Moves(u64),
    MoveLimit(u64),
    Width(Value),
    Height(Value),
    LastDrop(Value),
    Row(usize, String),
    DropRow(usize),
    AddRow(String),
    Setup(Value),
    Remove(&'static str),
}

fn any_json_scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<u64>().prop_map(Value::from),
        (0u64..=70).prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        any_text().prop_map(Value::from),
        Just(Value::Null),
        Just(serde_json::json!([1, 2])),
        Just(serde_json::json!({"a": 1})),
    ]
}

fn any_mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        prop_oneof![0u64..=50, Just(u64::from(u32::MAX)), any::<u64>()].prop_map(Mutation::Moves),
        prop_oneof![0u64..=50, Just(u64::from(u32::MAX)), any::<u64>()]
            .prop_map(Mutation::MoveLimit),
        any_json_scalar().prop_map(Mutation::Width),
        any_json_scalar().prop_map(Mutation::Height),
        prop_oneof![
            any_json_scalar(),
            any_cell().prop_map(|c| Value::from(c.to_string()))
        ]
        .prop_map(Mutation::LastDrop),
        (0usize..12, "[xo.]{0,12}|.{0,12}").prop_map(|(i, s)| Mutation::Row(i, s)),
        (0usize..12).prop_map(Mutation::DropRow),
        "[xo.]{3,12}".prop_map(Mutation::AddRow),
        prop_oneof![
            any_json_scalar(),
            Just(serde_json::json!("rule_book")),
            (any::<u64>()).prop_map(|g| serde_json::json!({"mirrored": {"groups": g}})),
            Just(serde_json::json!({"custom": {"black": ["a1"], "white": ["zz1"]}})),
            Just(serde_json::json!({"custom": {"black": [], "white": ["c3"]}})),
        ]
        .prop_map(Mutation::Setup),
        prop_oneof![
            Just("config"),
            Just("moves"),
            Just("last_drop"),
            Just("board")
        ]
        .prop_map(Mutation::Remove),
    ]
}

/// Sets a field of the configuration, if the state still has one.
fn set_config(object: &mut serde_json::Map<String, Value>, key: &str, value: Value) {
    if let Some(config) = object.get_mut("config").and_then(Value::as_object_mut) {
        config.insert(key.into(), value);
    }
}

fn mutate(json: &mut Value, mutation: &Mutation) {
    let object = json
        .as_object_mut()
        .expect("a state serialises to an object");
    match mutation {
        Mutation::Moves(n) => {
            object.insert("moves".into(), Value::from(*n));
        }
        Mutation::MoveLimit(n) => set_config(object, "move_limit", Value::from(*n)),
        Mutation::Width(v) => set_config(object, "width", v.clone()),
        Mutation::Height(v) => set_config(object, "height", v.clone()),
        Mutation::LastDrop(v) => {
            object.insert("last_drop".into(), v.clone());
        }
        Mutation::Row(i, s) => {
            if let Some(rows) = object.get_mut("board").and_then(Value::as_array_mut) {
                let len = rows.len();
                if len > 0 {
                    rows[i % len] = Value::from(s.clone());
                }
            }
        }
        Mutation::DropRow(i) => {
            if let Some(rows) = object.get_mut("board").and_then(Value::as_array_mut) {
                let len = rows.len();
                if len > 0 {
                    rows.remove(i % len);
                }
            }
        }
        Mutation::AddRow(s) => {
            if let Some(rows) = object.get_mut("board").and_then(Value::as_array_mut) {
                rows.push(Value::from(s.clone()));
            }
        }
        Mutation::Setup(v) => set_config(object, "setup", v.clone()),
        Mutation::Remove(key) => {
            object.remove(*key);
        }
    }
}

/// Every accessor taking a seat, with seats out of range; plus the state's text forms.
fn poke_accessors(game: &LifeGo) {
    for seat in [0, 1, 2, 3, usize::MAX] {
        let legal = game.legal_actions(seat);
        if game.turn() != Turn::Player(seat) {
            assert!(legal.is_empty());
        }
        let r = game.returns(seat);
        assert!(r.is_finite());
        let _ = game.result(seat);
        let _ = game.observation(seat);
    }
    assert_eq!(game.result(2), None);
    let _ = game.to_string();
    let _ = format!("{:?}", game.board());
    let _ = game.legal_drops();
    let _ = game.max_game_length();
}

/// Asks each agent to decide on `game` with `legal` (which may hold illegal drops), and checks
/// that the answer is one of them.
fn ask_agents(game: &LifeGo, legal: &[Move], seed: u64) {
    let Some(decision) = Decision::<LifeGo>::new(2, game, legal) else {
        return;
    };
    let mut agents: Vec<Box<dyn Agent<LifeGo>>> = vec![
        Box::new(EvalAgent::new(seed)),
        Box::new(StrongAgent::with_budget(seed, 300)),
        LifeGo::agent("random", seed).expect("a known agent"),
    ];
    for agent in &mut agents {
        let mv = agent.choose(&decision);
        assert!(
            legal.contains(&mv),
            "{} chose {mv} off the list",
            agent.name()
        );
    }
}

/// Checks a deserialised state: it round-trips and every function on it behaves.
fn exercise(game: &LifeGo, cells: &[Cell], seed: u64) {
    let json = serde_json::to_string(game).expect("states serialise");
    let back: LifeGo = serde_json::from_str(&json).expect("an accepted state reads back");
    assert_eq!(&back, game);
    poke_accessors(game);
    let moves: Vec<Move> = cells.iter().copied().map(Move::at).collect();
    ask_agents(game, &moves, seed);
    let mut state = game.clone();
    for &cell in cells {
        let before = state.clone();
        let checked = state.check(cell);
        match state.apply(&Move::at(cell)) {
            Ok(()) => assert!(checked.is_ok()),
            Err(e) => {
                assert_eq!(checked, Err(e));
                assert_eq!(state, before);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn text_parsing_never_panics(text in any_text(), other in any_text()) {
        match text.parse::<Cell>() {
            Ok(cell) => {
                prop_assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
                prop_assert_eq!(text.parse::<Move>(), Ok(Move::at(cell)));
            }
            Err(e) => {
                let is_parse_error = matches!(e, LifeGoError::ParseCell { .. });
                prop_assert!(is_parse_error);
                prop_assert!(text.parse::<Move>().is_err());
            }
        }
        let _ = parse_cells(&text);
        let _ = Setup::custom(&text, &other);
        let quoted = Value::from(text.clone()).to_string();
        let _ = serde_json::from_str::<Cell>(&quoted);
        let _ = serde_json::from_str::<Move>(&quoted);
        let _ = serde_json::from_str::<LifeGo>(&text);
        let _ = serde_json::from_str::<Config>(&text);
        let _ = serde_json::from_str::<Record<LifeGo>>(&text);
    }

    #[test]
    fn file_names_never_panic(file in prop_oneof![0usize..200, Just(usize::MAX), any::<usize>()]) {
        let name = file_name(file);
        prop_assert!(!name.is_empty());
        prop_assert!(name.bytes().all(|b| b.is_ascii_lowercase()));
    }

    #[test]
    fn cell_constructor_never_panics(file in any::<usize>(), rank in any::<usize>()) {
        prop_assert_eq!(Cell::new(file, rank).is_some(), file < 64 && rank < 64);
    }

    #[test]
    fn configs_never_panic(config in any_config(), seed in any::<u64>()) {
        let _ = Config::mirrored_groups(config.width, config.height);
        let _ = Config::sized(config.width, config.height);
        let _ = Board::empty(config.width, config.height);
        let started = config.starting_board(seed);
        match LifeGo::new(config.clone(), seed) {
            Ok(game) => {
                prop_assert!(config.validate().is_ok());
                prop_assert_eq!(game.board(), &started.expect("same checks"));
                poke_accessors(&game);
            }
            Err(e) => prop_assert_eq!(started.map(|_| ()), Err(e)),
        }
        let json = serde_json::to_string(&config).expect("configs serialise");
        prop_assert_eq!(serde_json::from_str::<Config>(&json).expect("reads back"), config);
    }

    #[test]
    fn boards_from_rows_never_panic(
        width in any_side(),
        height in any_side(),
        black in prop::collection::vec(prop_oneof![Just(0u64), any::<u64>(), 0u64..8], 0..70),
        white in prop::collection::vec(prop_oneof![Just(0u64), any::<u64>(), 0u64..8], 0..70),
    ) {
        if let Ok(board) = Board::from_rows(width, height, &black, &white) {
            let _ = board.ticked();
            let _ = board.legal_drop_count();
            let _ = board.to_string();
        }
    }

    #[test]
    fn random_drops_are_atomic(
        game in small_game(),
        cells in prop::collection::vec(any_cell(), 0..40),
        seed in any::<u64>(),
    ) {
        exercise(&game, &cells, seed);
    }

    #[test]
    fn mutated_states_never_panic(
        game in small_game(),
        mutations in prop::collection::vec(any_mutation(), 1..4),
        cells in prop::collection::vec(any_cell(), 0..10),
        seed in any::<u64>(),
    ) {
        let mut json = serde_json::to_value(&game).expect("states serialise");
        for m in &mutations {
            mutate(&mut json, m);
        }
        if let Ok(state) = serde_json::from_value::<LifeGo>(json.clone()) {
            exercise(&state, &cells, seed);
        }
        let _ = serde_json::from_str::<LifeGo>(&json.to_string());
    }

    #[test]
    fn records_never_panic(
        config in any_config(),
        seed in any::<u64>(),
        actions in prop::collection::vec(any_cell().prop_map(Move::at), 0..20),
        name in prop_oneof![Just(String::from("life-go")), any_text()],
    ) {
        let mut record = Record::<LifeGo>::new(config, seed);
        record.actions = actions;
        let mut json = serde_json::to_value(&record).expect("records serialise");
        json["game"] = Value::from(name);
        if let Ok(record) = serde_json::from_value::<Record<LifeGo>>(json) {
            let _ = record.replay();
        }
    }

    #[test]
    fn agents_never_panic_on_odd_decisions(
        game in small_game(),
        cells in prop::collection::vec(any_cell(), 1..8),
        seed in any::<u64>(),
    ) {
        let moves: Vec<Move> = cells.into_iter().map(Move::at).collect();
        ask_agents(&game, &moves, seed);
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
    let moves: Vec<Move> = state
        .board()
        .cells()
        .filter(|&c| state.board().check_drop(c).is_ok())
        .map(Move::at)
        .collect();
    assert!(!moves.is_empty());
    ask_agents(&state, &moves, 1);
    assert_eq!(
        state.clone().apply(&moves[0]),
        Err(LifeGoError::Turn(game_core::TurnError::GameOver))
    );
}
