//! Records: actions are stored as the text players type, and a tampered record is refused with
//! a typed error naming the bad action. (That records replay to the identical state is checked
//! at every step of the conformance games.)

use big_two_reversal::prelude::*;

fn play_out(seed: u64, lineup: [&str; 4]) -> Match<BigTwo> {
    let mut agents: Vec<_> = lineup
        .iter()
        .enumerate()
        .map(|(i, name)| BigTwo::agent(name, seed + i as u64).unwrap())
        .collect();
    play::<BigTwo, _>(Config::default(), seed, &mut agents).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn records_store_actions_as_typed_text() {
    let game = play_out(5, ["ai1", "ai2", "ai3", "random"]);
    let record = game.record();
    let json = serde_json::to_string(record).unwrap();
    let opening = format!("\"actions\":[\"{:#}\",", record.actions[0]);
    assert!(json.contains(&opening), "{json}");
    assert!(json.contains("\"pass\""), "{json}");
}

#[test]
fn a_tampered_record_is_refused_with_a_typed_error() {
    let game = play_out(11, ["ai2", "ai2", "ai3", "ai3"]);
    // Halfway through, the mover plays a card that another seat holds.
    let index = game.record().actions.len() / 2;
    let mut prefix = game.record().clone();
    prefix.actions.truncate(index);
    let before = prefix.replay().unwrap();
    let Turn::Player(mover) = before.turn() else {
        panic!("the game is still on halfway")
    };
    let other = (1..4)
        .map(|d| before.hand((mover + d) % 4))
        .find(|h| !h.is_empty())
        .unwrap();
    let stolen = other.first().unwrap();
    let mut record = game.record().clone();
    let single = CardSet::single(stolen);
    record.actions[index] = Action::Play(Play::new(single, single).unwrap());
    match record.replay() {
        Err(ReplayError::Action {
            index: i, source, ..
        }) => {
            assert_eq!(i, index);
            assert_eq!(source, Error::NotInHand(stolen));
        }
        other => panic!("expected a refused action, got {other:?}"),
    }
    // An action that is never legal: passing on the very first lead.
    let mut record = game.record().clone();
    record.actions[0] = Action::Pass;
    assert!(matches!(
        record.replay(),
        Err(ReplayError::Action {
            index: 0,
            source: Error::PassOnLead,
            ..
        })
    ));
    // A record of another game.
    let mut record = game.record().clone();
    record.game = "tictactoe".into();
    assert!(matches!(
        record.replay(),
        Err(ReplayError::WrongGame { .. })
    ));
}
