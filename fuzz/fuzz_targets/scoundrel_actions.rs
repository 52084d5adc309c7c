//! Scoundrel under arbitrary input: action sequences (legal or not), typed text, records and
//! stored states. Nothing may panic; a refused move changes nothing; accepted states stay
//! consistent (they survive a serde round trip, which validates them).
#![no_main]

use arbitrary::Arbitrary;
use cards_core::Card;
use game_core::{Game, Record};
use libfuzzer_sys::fuzz_target;
use scoundrel::{Action, Config, Scoundrel, WeaponRule};

#[derive(Arbitrary, Debug)]
struct Input {
    seed: u64,
    strict: bool,
    reveal: bool,
    moves: Vec<(u8, u8)>,
    text: String,
    json: String,
}

fn action((kind, index): (u8, u8)) -> Action {
    let card = Card::from_index(index % 54).unwrap_or(Card::RED_JOKER);
    match kind % 3 {
        0 => Action::Avoid,
        1 => Action::Face(card),
        _ => Action::FaceWithWeapon(card),
    }
}

fuzz_target!(|input: Input| {
    let config = Config {
        weapon_rule: if input.strict { WeaponRule::Below } else { WeaponRule::AtMost },
        reveal_dungeon: input.reveal,
    };
    let Ok(mut game) = Scoundrel::new(config, input.seed) else {
        panic!("every seed deals");
    };
    let mut record = Record::<Scoundrel>::new(config, input.seed);
    for &pair in &input.moves {
        let action = action(pair);
        let before = game;
        match game.apply(&action) {
            Ok(()) => {
                record.actions.push(action);
                let json = serde_json::to_string(&game).expect("a state serialises");
                let back: Scoundrel = serde_json::from_str(&json).expect("a reached state is valid");
                assert_eq!(back, game);
                assert!(game.table().health() <= 20);
            }
            Err(_) => assert_eq!(game, before, "a refused move changed the state"),
        }
        // Typed text against the current Room: parsed or refused, never a panic.
        if let Ok(parsed) = game.table().parse_action(&input.text) {
            let mut trial = game;
            let _ = trial.apply(&parsed);
        }
    }
    assert_eq!(game.score().is_some(), game.is_over());
    assert_eq!(record.replay().expect("a record of accepted moves replays"), game);

    // Context-free notation: what parses prints and parses back.
    if let Ok(parsed) = input.text.parse::<Action>() {
        assert_eq!(parsed.to_string().parse::<Action>().ok(), Some(parsed));
    }
    // A record made of arbitrary moves replays or is refused with a reason.
    let wild = Record::<Scoundrel> {
        game: "scoundrel".to_string(),
        config,
        seed: input.seed,
        actions: input.moves.iter().copied().map(action).collect(),
    };
    let _ = wild.replay();
    // Every move prints and parses back, impossible ones too: the record reloads as it was.
    let json = serde_json::to_string(&wild).expect("a record serialises");
    let back: Record<Scoundrel> = serde_json::from_str(&json).expect("every move parses back");
    assert_eq!(back.actions, wild.actions);
    // Arbitrary stored states and records: refused or consistent.
    if let Ok(state) = serde_json::from_str::<Scoundrel>(&input.json) {
        let again = serde_json::to_string(&state).expect("serialises");
        assert_eq!(serde_json::from_str::<Scoundrel>(&again).ok(), Some(state));
        let mut s = state;
        for &pair in input.moves.iter().take(8) {
            let _ = s.apply(&action(pair));
        }
    }
    let _ = serde_json::from_str::<Record<Scoundrel>>(&input.json).map(|r| r.replay().is_ok());
});
