//! life-go: arbitrary sizes, setups and drops (typed and as text), and arbitrary serialised
//! records and states. Nothing may panic; refused moves change nothing; accepted moves keep the
//! fast tick equal to the reference, and records replay to the same state.

#![no_main]

use arbitrary::Arbitrary;
use game_core::{Game, Record};
use libfuzzer_sys::fuzz_target;
use life_go::{Cell, Config, LifeGo, Move, Setup};

#[derive(Arbitrary, Debug)]
enum SetupInput {
    RuleBook,
    Mirrored(u8),
    Cells(Vec<(u8, u8)>, Vec<(u8, u8)>),
    Text(String, String),
}

#[derive(Arbitrary, Debug)]
enum MoveInput {
    Cell(u8, u8),
    Text(String),
}

#[derive(Arbitrary, Debug)]
struct Input {
    width: u8,
    height: u8,
    move_limit: u16,
    seed: u64,
    setup: SetupInput,
    moves: Vec<MoveInput>,
    record_json: String,
    state_json: String,
}

fn cells(list: &[(u8, u8)]) -> Vec<Cell> {
    list.iter()
        .filter_map(|&(f, r)| Cell::new(usize::from(f), usize::from(r)))
        .collect()
}

fuzz_target!(|input: Input| {
    let _ = serde_json::from_str::<Record<LifeGo>>(&input.record_json).map(|r| r.replay());
    let _ = serde_json::from_str::<LifeGo>(&input.state_json);
    let setup = match &input.setup {
        SetupInput::RuleBook => Setup::RuleBook,
        SetupInput::Mirrored(groups) => Setup::Mirrored {
            groups: usize::from(*groups % 8),
        },
        SetupInput::Cells(black, white) => Setup::Custom {
            black: cells(black),
            white: cells(white),
        },
        SetupInput::Text(black, white) => match Setup::custom(black, white) {
            Ok(setup) => setup,
            Err(_) => return,
        },
    };
    let config = Config {
        width: usize::from(input.width % 70),
        height: usize::from(input.height % 70),
        setup,
        move_limit: u32::from(input.move_limit % 500),
    };
    let Ok(mut game) = LifeGo::new(config.clone(), input.seed) else {
        return;
    };
    let mut record = Record::<LifeGo>::new(config, input.seed);
    for mv in input.moves.iter().take(200) {
        let parsed = match mv {
            MoveInput::Cell(f, r) => Cell::new(usize::from(*f), usize::from(*r)).map(Move::at),
            MoveInput::Text(text) => text.parse::<Move>().ok(),
        };
        let Some(mv) = parsed else { continue };
        let before = game.clone();
        match game.apply(&mv) {
            Ok(()) => {
                record.actions.push(mv);
                let mut expected = before.board().clone();
                expected.set(mv.cell(), Some(before.to_move()));
                assert_eq!(game.board(), &expected.tick_reference());
            }
            Err(_) => assert_eq!(game, before),
        }
    }
    let json = serde_json::to_string(&game).expect("states serialise");
    let back: LifeGo = serde_json::from_str(&json).expect("a real state deserialises");
    assert_eq!(back, game);
    assert_eq!(record.replay().expect("the record replays"), game);
});
