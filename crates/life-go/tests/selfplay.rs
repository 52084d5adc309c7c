//! Seeded self-play with modest counts (the arena runs the full 100-game lineups): the original
//! program's results for `random` and `eval` (`random` against itself about even without draws,
//! `eval` winning nearly every game against it), and `strong` (on a small budget, to keep debug
//! builds quick) beating `eval`. Colours alternate between games.

use game_core::derive_seed;
use life_go::prelude::*;

/// Plays `games` games and returns (first agent's wins, losses, draws).
fn tally(
    games: u64,
    seed: u64,
    make: &dyn Fn(usize, u64) -> Box<dyn Agent<LifeGo>>,
) -> (u32, u32, u32) {
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for g in 0..games {
        let game_seed = derive_seed(seed, g);
        let first_seat = (g % 2) as usize;
        let mut agents = [
            make(0, derive_seed(game_seed, 1)),
            make(1, derive_seed(game_seed, 2)),
        ];
        if first_seat == 1 {
            agents.swap(0, 1);
        }
        let played = play::<LifeGo, _>(Config::default(), game_seed, &mut agents).unwrap();
        match played.state().outcome().unwrap().winner {
            None => draws += 1,
            Some(c) if c == Colour::from_seat(first_seat).unwrap() => wins += 1,
            Some(_) => losses += 1,
        }
    }
    (wins, losses, draws)
}

fn named(names: [&'static str; 2]) -> impl Fn(usize, u64) -> Box<dyn Agent<LifeGo>> {
    move |i, seed| LifeGo::agent(names[i], seed).unwrap()
}

#[test]
fn random_against_random_is_about_even_without_draws() {
    let (wins, losses, draws) = tally(60, 1, &named(["random", "random"]));
    assert_eq!(draws, 0);
    assert!((18..=42).contains(&wins), "{wins}–{losses}");
}

#[test]
fn eval_beats_random() {
    let (wins, _, _) = tally(30, 2, &named(["eval", "random"]));
    assert!(wins >= 29, "eval won only {wins} of 30");
}

#[test]
fn strong_beats_eval_even_on_a_small_budget() {
    let make = |i: usize, seed: u64| -> Box<dyn Agent<LifeGo>> {
        if i == 0 {
            Box::new(StrongAgent::with_budget(seed, 1500))
        } else {
            LifeGo::agent("eval", seed).unwrap()
        }
    };
    let (wins, losses, draws) = tally(6, 3, &make);
    assert!(wins >= 5, "strong {wins}–{losses}–{draws} against eval");
}

#[test]
fn strong_is_deterministic_for_a_seed() {
    let state = LifeGo::new(Config::default(), 0).unwrap();
    let legal = state.legal_actions(0);
    let decision = Decision::new(0, &state, &legal).unwrap();
    let a = StrongAgent::with_budget(9, 3000).choose(&decision);
    let b = StrongAgent::with_budget(9, 3000).choose(&decision);
    assert_eq!(a, b);
    assert!(legal.contains(&a));
    assert_eq!(LifeGo::agent_names(), ["random", "eval", "strong", "mcts"]);
    assert!(LifeGo::agent("perfect", 0).is_err());
    assert_eq!(LifeGo::standard_lineups().len(), 3);
}
