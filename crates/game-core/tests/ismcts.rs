//! The search engine on worlds dealt by `SampleWorld` (information-set MCTS), on toy
//! hidden-information games.

mod common;

use common::{
    BET, DRAW, Higher, Kuhn, KuhnView, PASS, Pick, PushLuck, PushLuckView, STOP, TakeAway, decide,
    play,
};
use game_core::{Agent, Decision, Game, RandomAgent, SampleWorld, Turn, derive_seed};
use game_search::{Mcts, MctsConfig, Sampled};
use proptest::prelude::*;

/// Information-set MCTS: the engine on worlds dealt by [`SampleWorld`], with Cowling et al.'s
/// exploration constant.
fn ismcts<G: SampleWorld>(iterations: usize, seed: u64) -> Mcts<G, Sampled<G>> {
    Mcts::with_config(
        MctsConfig {
            iterations,
            exploration: 0.7,
            ..MctsConfig::default()
        },
        seed,
    )
    .with_worlds(Sampled::new())
}

/// Player 1's decision facing a bet, holding `card`, with the other card `other`.
fn kuhn_state(mine: u8, other: u8, mover: usize, history: &[Pick]) -> Kuhn {
    let mut cards = [0; 2];
    cards[mover] = mine;
    cards[1 - mover] = other;
    Kuhn::deal(cards, history)
}

#[test]
fn makes_the_dominant_kuhn_decisions() {
    // Facing a bet: the king always calls (it cannot lose), the jack always folds (it cannot
    // win). Player 1 after a bet; player 0 after pass-bet.
    let cases = [
        (1, &[BET][..], 2u8, BET),
        (1, &[BET][..], 0, PASS),
        (0, &[PASS, BET][..], 2, BET),
        (0, &[PASS, BET][..], 0, PASS),
    ];
    for (mover, history, card, expected) in cases {
        for seed in 0..5 {
            let other = if card == 0 { 1 } else { 0 };
            let state = kuhn_state(card, other, mover, history);
            let action = decide(&mut ismcts(1000, seed), &state, mover);
            assert_eq!(
                action, expected,
                "card {card}, history {history:?}, seed {seed}"
            );
        }
    }
    // With the king and nothing bet yet, player 1 bets: it wins either way, and only a bet can
    // win more than the ante.
    let state = kuhn_state(2, 1, 1, &[PASS]);
    for seed in 0..5 {
        assert_eq!(decide(&mut ismcts(1000, seed), &state, 1), BET);
    }
}

#[test]
fn never_peeks_at_the_hidden_card() {
    // Two deals that look the same to the deciding player get the same choice from the same
    // seed, whatever the hidden card, at every decision point of the game.
    let histories: [&[Pick]; 4] = [&[], &[PASS], &[BET], &[PASS, BET]];
    for history in histories {
        let mover = history.len() % 2;
        for mine in 0..3u8 {
            let others: Vec<u8> = (0..3).filter(|&c| c != mine).collect();
            let a = kuhn_state(mine, others[0], mover, history);
            let b = kuhn_state(mine, others[1], mover, history);
            assert_eq!(a.observation(mover), b.observation(mover));
            for seed in 0..3 {
                assert_eq!(
                    decide(&mut ismcts(300, seed), &a, mover),
                    decide(&mut ismcts(300, seed), &b, mover),
                );
            }
        }
    }
}

/// Mean return of ISMCTS against random over `games` deals, seats alternating.
fn kuhn_mean_against_random(games: u64, iterations: usize) -> f64 {
    let mut total = 0.0;
    for game in 0..games {
        let seat = (game % 2) as usize;
        let mut agents: Vec<Box<dyn Agent<Kuhn>>> = vec![
            Box::new(RandomAgent::new(derive_seed(game, 1))),
            Box::new(RandomAgent::new(derive_seed(game, 2))),
        ];
        agents[seat] = Box::new(ismcts(iterations, derive_seed(game, 3)));
        let end = play(Kuhn::new((), game).unwrap(), &mut agents);
        total += end.returns(seat);
    }
    total / games as f64
}

#[test]
fn beats_random_clearly_at_kuhn_poker() {
    // A best response to uniformly random play wins 0.458 a deal on average over both seats.
    // SO-ISMCTS, which samples unseen cards uniformly and models the opponent as searching like
    // itself, measured about 0.31 over 8000 deals here (random against random: 0). The standard
    // error of the mean over 1500 deals is about 0.04.
    let mean = kuhn_mean_against_random(1500, 400);
    assert!(mean > 0.15, "mean return {mean}");
}

#[test]
fn pushes_its_luck_only_while_it_pays() {
    let view = |drawn: &[u8]| PushLuckView {
        drawn: drawn.to_vec(),
        stopped: false,
    };
    let decide_view = |drawn: &[u8], seed: u64| {
        let observation = view(drawn);
        let legal = vec![STOP, DRAW];
        let decision = Decision::<PushLuck>::new(0, &observation, &legal).unwrap();
        ismcts::<PushLuck>(1000, seed).choose(&decision)
    };
    for seed in 0..5 {
        // Nothing to lose yet.
        assert_eq!(decide_view(&[], seed), DRAW);
        // 7 in hand and a one-in-three chance of losing it all for at most 1 or 2 more.
        assert_eq!(decide_view(&[3, 2, 2], seed), STOP);
        // 1 in hand, five cards left, one of them the bust card: worth another card.
        assert_eq!(decide_view(&[1], seed), DRAW);
    }
    // Whole games: never worse than stopping at once, and it scores.
    let mut total = 0.0;
    for game in 0..40 {
        let mut agents: Vec<Box<dyn Agent<PushLuck>>> = vec![Box::new(ismcts(300, game))];
        let end = play(PushLuck::new((), game).unwrap(), &mut agents);
        total += end.returns(0);
    }
    assert!(total / 40.0 > 2.0, "mean score {}", total / 40.0);
}

#[test]
fn plays_perfect_information_games_too() {
    for stones in [5u32, 6, 7, 9, 10, 11] {
        let state = TakeAway::with(stones, 3, 2, 0);
        assert_eq!(decide(&mut ismcts(3000, 1), &state, 0), Pick(stones % 4));
    }
}

#[test]
fn plays_simultaneous_games_and_picks_the_dominant_number() {
    let mut state = Higher::new(2, 0).unwrap();
    let mut agent = ismcts::<Higher>(600, 7);
    while state.turn() == Turn::Simultaneous {
        let joint: Vec<Pick> = (0..2)
            .map(|p| {
                let legal = state.legal_actions(p);
                agent.choose(&Decision::new(p, &state, &legal).unwrap())
            })
            .collect();
        assert_eq!(joint, vec![Pick(2), Pick(2)]);
        state.apply_joint(&joint).unwrap();
    }
}

#[test]
fn the_tree_grows_by_at_most_one_node_per_iteration() {
    let state = Kuhn::new((), 3).unwrap();
    for iterations in [1, 10, 100, 1000] {
        let mut agent = ismcts(iterations, 1);
        decide(&mut agent, &state, 0);
        assert!(agent.tree_size() <= iterations + 1);
        let stats = agent.root_statistics();
        let visits: u64 = stats.iter().map(|c| c.visits).sum();
        assert_eq!(visits, iterations as u64);
        // Both root actions are legal in every sampled world.
        for child in &stats {
            assert!(child.available >= child.visits);
        }
    }
    let agent = ismcts::<Kuhn>(1, 0).with_name("ai4");
    assert_eq!(Agent::<Kuhn>::name(&agent), "ai4");
}

fn any_kuhn_view() -> impl Strategy<Value = (KuhnView, Kuhn)> {
    (0u64..1000, 0usize..3).prop_map(|(seed, steps)| {
        let mut state = Kuhn::new((), seed).unwrap();
        let mut rng = game_core::GameRng::new(seed);
        for _ in 0..steps {
            if let Turn::Player(p) = state.turn() {
                let legal = state.legal_actions(p);
                state.apply(&legal[rng.index(legal.len())]).unwrap();
            }
        }
        let mover = match state.turn() {
            Turn::Player(p) => p,
            _ => 0,
        };
        (state.observation(mover), state)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn always_returns_a_legal_action_and_repeats_itself(
        (view, state) in any_kuhn_view(),
        iterations in 0usize..200,
        seed in any::<u64>(),
    ) {
        if let Turn::Player(p) = state.turn() {
            let legal = state.legal_actions(p);
            let decision = Decision::<Kuhn>::new(p, &view, &legal).unwrap();
            let a = ismcts::<Kuhn>(iterations, seed).choose(&decision);
            let b = ismcts::<Kuhn>(iterations, seed).choose(&decision);
            prop_assert_eq!(a, b);
            prop_assert!(legal.contains(&a));
            // A sampled world agrees with what the player sees.
            let world = Kuhn::sample_world(&view, p, &mut game_core::GameRng::new(seed));
            prop_assert_eq!(world.observation(p), view);
        }
    }
}
