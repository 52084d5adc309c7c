//! The solver against a plain reference: on random end games, its best score is
//! the maximum over every line (a brute-force search with no memo and no bounds), and the line it
//! gives reaches that score.

use cards_core::{Card, CardSet};
use proptest::prelude::*;
use scoundrel::prelude::*;
use scoundrel::{MONSTERS, POTIONS, WEAPONS};
use serde_json::json;

/// The best score by trying every line.
fn brute(s: &Scoundrel) -> i32 {
    if let Some(score) = s.score() {
        return score;
    }
    s.legal_actions(0)
        .into_iter()
        .map(|action| {
            let mut child = *s;
            child.apply(&action).expect("a legal move");
            brute(&child)
        })
        .max()
        .expect("a game that is not over has a move")
}

/// A consistent end game with `n` cards still to face (3 to 9), built from the deal of `seed`:
/// the first cards of its order make the Room and the Dungeon, the rest are gone (a weapon with
/// perhaps one kill, the others discarded).
fn end_game(seed: u64, strict: bool, n: usize, health: i32, armed: u8, avoided: bool) -> Scoundrel {
    let config = if strict {
        Config::strict()
    } else {
        Config::default()
    };
    let order: Vec<Card> = Scoundrel::dungeon_of_seed(seed).iter().collect();
    let (live, gone) = order.split_at(n);
    let room_count = n.min(4);
    let mut room: Vec<Option<Card>> = live[..room_count].iter().copied().map(Some).collect();
    room.resize(4, None);
    let dungeon = &live[room_count..];
    let faced = if dungeon.is_empty() {
        4 - room_count
    } else {
        0
    };
    let mut discards: CardSet = gone.iter().copied().collect();
    let mut weapon = serde_json::Value::Null;
    if armed > 0
        && let Some(w) = gone.iter().copied().find(|c| WEAPONS.contains(*c))
    {
        discards.remove(w);
        let kill = gone
            .iter()
            .copied()
            .find(|c| MONSTERS.contains(*c))
            .filter(|_| armed > 1);
        if let Some(k) = kill {
            discards.remove(k);
        }
        weapon = json!({
            "card": w,
            "stack": kill.map_or(CardSet::EMPTY, CardSet::single),
            "last_kill": kill,
        });
    }
    let last = discards.iter().find(|c| !POTIONS.contains(*c));
    let state = json!({
        "config": config,
        "dungeon": dungeon,
        "room": room,
        "health": health,
        "weapon": weapon,
        "discards": discards,
        "faced_this_room": faced,
        "potion_used": false,
        "avoided_last": avoided && faced == 0,
        "last_faced": if faced > 0 { last } else { None },
    });
    serde_json::from_value(state).expect("a consistent end game")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_solver_matches_brute_force_on_end_games(
        seed in any::<u64>(),
        strict in any::<bool>(),
        n in 3usize..=9,
        health in 1i32..=20,
        armed in 0u8..3,
        avoided in any::<bool>(),
    ) {
        let g = end_game(seed, strict, n, health, armed, avoided);
        let mut solver = Solver::new();
        let solution = solver.solve(&g);
        prop_assert_eq!(solution.best_score, brute(&g));
        prop_assert_eq!(solution.winnable, solution.best_score > 0);
        let mut replay = g;
        for action in &solution.line {
            replay.apply(action).expect("the solver's line is legal");
        }
        prop_assert_eq!(replay.score(), Some(solution.best_score));
    }
}

#[test]
fn the_end_games_are_neither_all_won_nor_all_lost() {
    let outcomes: Vec<bool> = (0..40)
        .map(|seed| {
            Solver::new()
                .solve(&end_game(seed, false, 9, 8, 1, false))
                .winnable
        })
        .collect();
    assert!(
        outcomes.iter().any(|&w| w) && outcomes.iter().any(|&w| !w),
        "{outcomes:?}"
    );
}

/// The clairvoyant agent, handed a state part way through a deal (after an avoid, so that the
/// known bottom is in play), rebuilds the hidden order from its observations and reaches the
/// solver's best score.
#[test]
fn the_solver_agent_reaches_the_best_score() {
    for seed in 0..6 {
        let mut state = Scoundrel::new(Config::default(), seed).expect("a deal");
        state
            .apply(&Action::Avoid)
            .expect("the first Room may be avoided");
        let mut greedy = GreedyAgent::new(0);
        while !state.is_over() && state.dungeon().len() > 12 {
            let action = greedy.action(&state.observation(0));
            state.apply(&action).expect("a legal move");
        }
        let best = Solver::new().best_score(&state);
        let mut agent = SolverAgent::for_deal(&state);
        let mut game = state;
        while !game.is_over() {
            let observation = game.observation(0);
            let legal = game.legal_actions(0);
            let decision = Decision::new(0, &observation, &legal).expect("a move to make");
            game.apply(&agent.choose(&decision)).expect("a legal move");
        }
        assert_eq!(game.score(), Some(best), "seed {seed}");
    }
}
