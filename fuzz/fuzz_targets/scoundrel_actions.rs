//! Scoundrel under arbitrary input, through game-core's test kit: action sequences (legal or
//! not) through `check_apply`, typed text through `check_notation` and the Room-aware parser,
//! records, and stored states, which are refused or play to their end keeping every promise.
#![no_main]

use arbitrary::Arbitrary;
use cards_core::Card;
use game_testkit::{check_apply, check_notation};
use libfuzzer_sys::fuzz_target;
use scoundrel::prelude::*;

#[derive(Arbitrary, Debug)]
struct Input {
    seed: u64,
    strict: bool,
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

/// Offers `action` to `state`: accepted ⇒ legal, refused ⇒ unchanged with a reason, and
/// `check` agrees. An accepted move leaves a state that survives the serde round trip, which
/// validates it.
fn offer(state: &mut Scoundrel, action: &Action) -> bool {
    let accepted = check_apply(state, action).unwrap_or_else(|v| panic!("{v}"));
    if accepted {
        let json = serde_json::to_string(state).expect("a state serialises");
        let back: Scoundrel = serde_json::from_str(&json).expect("a reached state is valid");
        assert_eq!(back, *state);
    }
    accepted
}

/// Plays `state` to its end: the fuzzer's moves first (legal or not), then legal moves picked by
/// the same bytes, within the game's bound.
fn walk(mut state: Scoundrel, moves: &[(u8, u8)]) {
    for &pair in moves.iter().take(16) {
        offer(&mut state, &action(pair));
    }
    let bound = state.max_game_length();
    let mut steps = 0;
    while !state.is_over() {
        let legal = state.legal_actions(0);
        assert!(
            !legal.is_empty(),
            "a game that is not over has a move: {state:?}"
        );
        let pick = moves
            .get(steps)
            .map_or(0, |&(a, b)| usize::from(a) ^ usize::from(b));
        assert!(offer(&mut state, &legal[pick % legal.len()]));
        steps += 1;
        assert!(
            steps <= bound,
            "the game went on past {bound} steps: {state:?}"
        );
    }
    assert!(state.score().is_some() && state.result(0).is_some());
    assert!(state.legal_actions(0).is_empty());
}

fuzz_target!(|input: Input| {
    let config = if input.strict {
        Config::strict()
    } else {
        Config::default()
    };
    let mut game = Scoundrel::new(config, input.seed).expect("every seed deals");
    let mut record = Record::<Scoundrel>::new(config, input.seed);
    for &pair in &input.moves {
        let action = action(pair);
        if offer(&mut game, &action) {
            record.actions.push(action);
        }
        // Typed text against the current Room: a move to offer, or a typed refusal.
        match game.table().parse_action(&input.text) {
            Ok(parsed) => {
                offer(&mut game.clone(), &parsed);
            }
            Err(e) => assert!(
                matches!(e, Error::Parse { .. } | Error::NotAMonster(_)),
                "{e:?}"
            ),
        }
    }
    assert_eq!(game.score().is_some(), game.is_over());
    assert_eq!(
        record.replay().expect("a record of accepted moves replays"),
        game
    );

    // Context-free notation: what parses prints and parses back; refusals are typed.
    match check_notation::<Action>(&input.text).unwrap_or_else(|v| panic!("{v}")) {
        Some(_) => {}
        None => assert!(matches!(
            input.text.parse::<Action>(),
            Err(Error::Parse { .. })
        )),
    }
    check_notation::<WeaponRule>(&input.text).unwrap_or_else(|v| panic!("{v}"));

    // A record made of arbitrary moves: it reloads as it was (every move is stored as text,
    // impossible ones too), and replays exactly when each move is accepted in turn.
    let wild = Record::<Scoundrel> {
        actions: input.moves.iter().copied().map(action).collect(),
        ..Record::new(config, input.seed)
    };
    let json = serde_json::to_string(&wild).expect("a record serialises");
    let back: Record<Scoundrel> = serde_json::from_str(&json).expect("every move parses back");
    assert_eq!(back, wild);
    let mut state = Scoundrel::new(config, input.seed).expect("every seed deals");
    let all_accepted = wild.actions.iter().all(|a| offer(&mut state, a));
    assert_eq!(wild.replay().ok(), all_accepted.then_some(state));

    // Arbitrary stored states and records: refused, or consistent and playable to the end.
    if let Ok(state) = serde_json::from_str::<Scoundrel>(&input.json) {
        let again = serde_json::to_string(&state).expect("serialises");
        assert_eq!(serde_json::from_str::<Scoundrel>(&again).ok(), Some(state));
        walk(state, &input.moves);
    }
    if let Ok(record) = serde_json::from_str::<Record<Scoundrel>>(&input.json)
        && let Ok(state) = record.replay()
    {
        walk(state, &input.moves);
    }
});
