//! Fuzz big-two-reversal with game-core's test kit: arbitrary text through the notation check
//! (actions and plays print and parse back), arbitrary sequences of typed and legal actions
//! through the apply check (accepted ⇒ legal; refused ⇒ nothing changed and `check` said the
//! same), the record of what was accepted replayed, and arbitrary JSON for records and stored
//! states: refused, or a game that keeps its promises when played on. Under the standard rule
//! sets: arbitrary text as a play round-trips, arbitrary hands get from the fast generator what
//! the plain reference lists, and arbitrary JSON for rules is refused or rules that hold
//! together.
//!
//! The game played is the first input byte's rule set: the byte modulo 5 picks a preset
//! ([`Preset::ALL`], the default first), and for a standard preset the byte divided by 5
//! picks four, three or two seats; the rest of the input is the [`Input`].
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use big_two_reversal::{
    Action, BigTwo, Combination, Config, Play, Preset, RankOrder, legal_plays,
    legal_plays_reference,
};
use cards_core::CardSet;
use game_testkit::{Violation, check_apply, check_notation};
use game_core::{Game, Record, Turn};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Step {
    /// Type this text as the player to move.
    Text(String),
    /// Play the legal action with this index (modulo their number).
    Legal(u16),
}

#[derive(Arbitrary, Debug)]
struct Input {
    seed: u64,
    steps: Vec<Step>,
    record_json: String,
    state_json: String,
    /// Choices for playing on from a loaded record or state.
    walk: Vec<u16>,
    /// A standard preset (modulo their number), a hand and a play to follow, as card bits.
    preset: u8,
    hand: u64,
    table: u64,
    config_json: String,
}

/// The standard rule sets: text as a play, and the two generators on a hand, leading and
/// following.
fn rule_sets(input: &Input) {
    let standard = &Preset::ALL[1..];
    let config = Config::preset(standard[usize::from(input.preset) % standard.len()]);
    for step in &input.steps {
        if let Step::Text(text) = step
            && let Ok(play) = Combination::parse(text, &config)
        {
            let again = Combination::parse(&format!("{play:#}"), &config).ok();
            assert_eq!(again, Some(play));
        }
    }
    let bits = |b: u64| CardSet::from_bits(b & CardSet::STANDARD.bits()).unwrap_or_default();
    let hand = bits(input.hand);
    if hand.len() > 13 {
        return;
    }
    let table = Combination::new(bits(input.table) - hand, &config).ok();
    for order in [RankOrder::Normal, RankOrder::Reversed] {
        for table in [None, table.as_ref()] {
            let mut fast = Vec::new();
            legal_plays(hand, table, &config, order, None, &mut fast);
            let cards: Vec<CardSet> = fast.iter().map(Combination::cards).collect();
            let reference =
                legal_plays_reference(hand, table.map(Combination::cards), &config, order, None);
            assert_eq!(cards, reference, "{hand} under {config}");
        }
    }
    if let Ok(rules) = serde_json::from_str::<Config>(&input.config_json) {
        assert!(rules.validate().is_ok());
    }
}

fn kept<T>(checked: Result<T, Violation>) -> T {
    checked.unwrap_or_else(|v| panic!("{v}"))
}

/// Parses `text` as an action through the notation check, with the checks specific to Big Two:
/// the ASCII spelling round-trips too, every action but `pass` is a play, and a rank order's
/// word round-trips.
fn parse(text: &str) -> Option<Action> {
    let action = kept(check_notation::<Action>(text));
    if let Some(a) = action {
        assert_eq!(format!("{a:#}").parse::<Action>().ok(), Some(a));
    }
    let play = kept(check_notation::<Play>(text));
    assert_eq!(
        play.map(Action::Play),
        action.filter(|a| *a != Action::Pass)
    );
    if let Ok(order) = text.parse::<RankOrder>() {
        assert_eq!(format!("{order:#}").parse::<RankOrder>().ok(), Some(order));
    }
    action
}

/// The rule set the first input byte picks: a preset, and for a standard one 4, 3 or 2 seats.
fn rules_of(byte: u8) -> Config {
    let preset = Preset::ALL[usize::from(byte) % Preset::ALL.len()];
    let mut config = Config::preset(preset);
    if preset != Preset::Reversal {
        config.players = 4 - (byte / 5) % 3;
    }
    config
}

/// Plays on from `game` with the legal actions `picks` choose, each through the apply check,
/// with a pass offered first (legal or not); a finished game has zero-sum returns.
fn walk(mut game: BigTwo, picks: &[u16]) {
    for &pick in picks.iter().take(250) {
        let Turn::Player(p) = game.turn() else { break };
        let legal = game.legal_actions(p);
        assert!(
            !legal.is_empty(),
            "seat {p} must act but has no legal action"
        );
        let mut probe = game.clone();
        kept(check_apply(&mut probe, &Action::Pass));
        let action = legal[usize::from(pick) % legal.len()];
        assert!(kept(check_apply(&mut game, &action)), "{action} is legal");
    }
    if game.turn() == Turn::Over {
        assert!(!kept(check_apply(&mut game, &Action::Pass)));
        assert_eq!(
            (0..game.num_players()).map(|p| game.returns(p)).sum::<f64>(),
            0.0
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(input) = Input::arbitrary_take_rest(Unstructured::new(rest)) else {
        return;
    };
    let config = rules_of(first);
    rule_sets(&input);
    let mut game = BigTwo::new(config.clone(), input.seed).expect("every seed deals");
    let mut record = Record::<BigTwo>::new(config, input.seed);
    for step in input.steps.iter().take(400) {
        let Turn::Player(p) = game.turn() else { break };
        let action = match step {
            Step::Text(text) => match parse(text) {
                Some(action) => action,
                None => continue,
            },
            Step::Legal(i) => {
                let legal = game.legal_actions(p);
                legal[usize::from(*i) % legal.len()]
            }
        };
        if kept(check_apply(&mut game, &action)) {
            record.actions.push(action);
        }
    }
    // The record of what was accepted replays to the same state, and the state round-trips.
    assert_eq!(record.replay().ok().as_ref(), Some(&game));
    let json = serde_json::to_string(&game).expect("a game serialises");
    assert_eq!(
        serde_json::from_str::<BigTwo>(&json).ok().as_ref(),
        Some(&game)
    );
    // Arbitrary records and stored states: refused, or a game that plays on by the rules.
    if let Ok(r) = serde_json::from_str::<Record<BigTwo>>(&input.record_json)
        && let Ok(state) = r.replay()
    {
        walk(state, &input.walk);
    }
    if let Ok(state) = serde_json::from_str::<BigTwo>(&input.state_json) {
        let json = serde_json::to_string(&state).expect("a loaded state serialises");
        assert_eq!(
            serde_json::from_str::<BigTwo>(&json).ok().as_ref(),
            Some(&state)
        );
        walk(state, &input.walk);
    }
});
