//! The AIs on every rule set of the family: AI1 opens with the rules' card and plays the lowest
//! play by the rules' strength, and every AI finishes games of every preset (and of three seats)
//! with legal moves.

use big_two_reversal::{
    Action, Ai1, Ai3, Ai4, Ai4Config, BigTwo, Combination, Config, Preset, RankOrder,
};
use game_core::{Agent, Decision, Game, Roster, Turn};

/// The standard presets, and Hong Kong's rules at a table of three.
fn rule_sets() -> Vec<Config> {
    let mut sets: Vec<Config> = Preset::ALL
        .into_iter()
        .filter(|&p| p != Preset::Reversal)
        .map(Config::preset)
        .collect();
    sets.push(Config {
        players: 3,
        ..Config::preset(Preset::HongKong)
    });
    sets
}

fn choose(agent: &mut dyn Agent<BigTwo>, game: &BigTwo) -> Action {
    let Turn::Player(p) = game.turn() else {
        panic!("over")
    };
    let view = game.observation(p);
    let legal = game.legal_actions(p);
    agent.choose(&Decision::new(p, &view, &legal).unwrap())
}

/// A play's strength under `config`, as the rules compare plays.
fn strength(action: &Action, config: &Config, order: RankOrder) -> u32 {
    Combination::new(action.cards(), config)
        .map(|c| c.key(order))
        .unwrap_or_else(|e| panic!("{action} is no play: {e}"))
}

/// AI1 opens with the opening card alone, leads its lowest single (by rank, then suit) and
/// follows with the lowest play that beats the table, on every rule set.
#[test]
fn ai1_plays_low_by_the_rules_strength() {
    for config in rule_sets() {
        for seed in 0..20 {
            let mut game = BigTwo::new(config.clone(), seed).unwrap();
            let mut first = true;
            while let Turn::Player(p) = game.turn() {
                let action = choose(&mut Ai1::new(0), &game);
                let (table, legal) = (game.table(), game.legal_actions(p));
                let plays: Vec<&Action> = legal.iter().filter(|a| a.play().is_some()).collect();
                if first {
                    assert_eq!(action.cards().len(), 1, "{config}");
                    assert!(action.cards().contains(table.opening()), "{config}");
                } else if table.trick().is_none() {
                    let lowest = game
                        .hand(p)
                        .iter()
                        .min_by_key(|&c| config.card_order(c))
                        .unwrap();
                    assert_eq!(action.cards().first(), Some(lowest), "{config}");
                    assert_eq!(action.cards().len(), 1, "{config}");
                } else if plays.is_empty() {
                    assert_eq!(action, Action::Pass, "{config}");
                } else {
                    let order = table.order();
                    let low = plays
                        .iter()
                        .map(|a| strength(a, &config, order))
                        .min()
                        .unwrap();
                    assert_eq!(strength(&action, &config, order), low, "{config}");
                }
                first = false;
                game.apply(&action).unwrap();
            }
        }
    }
}

/// Every AI of the roster (AI4 with a small budget) finishes games of every rule set, each of its
/// moves legal.
#[test]
fn every_ai_finishes_games_of_every_rule_set() {
    let small = Ai4Config {
        steps: 2_000,
        deals: 6,
        swaps: 6,
        ..Ai4Config::default()
    };
    for config in rule_sets() {
        for seed in 0..3 {
            let mut agents: Vec<Box<dyn Agent<BigTwo>>> = vec![
                Box::new(Ai4::with_config(small, seed)),
                BigTwo::agent("ai3", seed).unwrap(),
                BigTwo::agent("ai2", seed).unwrap(),
                BigTwo::agent("ai1", seed).unwrap(),
            ];
            let mut game = BigTwo::new(config.clone(), seed).unwrap();
            let seats = usize::from(config.players);
            let mut moves = 0;
            while let Turn::Player(p) = game.turn() {
                let agent = &mut agents[(p + seed as usize) % seats];
                let action = choose(agent.as_mut(), &game);
                assert!(game.legal_actions(p).contains(&action), "{config}");
                game.apply(&action).unwrap();
                moves += 1;
                assert!(moves <= game.max_game_length(), "{config}");
            }
            let total: f64 = (0..seats).map(|s| game.returns(s)).sum();
            assert!(total.abs() < 1e-9, "{config}: the returns sum to {total}");
        }
    }
}

/// AI3 leads five-card hands: the standard rules' scoring counts the plays a card can join, so
/// playing five cards at once leaves a hand that scores low.
#[test]
fn five_card_hands_are_played_on_a_lead() {
    let hong_kong = Config::preset(Preset::HongKong);
    let mut found = 0;
    for seed in 0..400 {
        let mut game = BigTwo::new(hong_kong.clone(), seed).unwrap();
        while let Turn::Player(_) = game.turn() {
            let action = choose(&mut Ai3::new(0), &game);
            if game.table().trick().is_none() && action.cards().len() == 5 {
                found += 1;
            }
            game.apply(&action).unwrap();
        }
        if found >= 5 {
            break;
        }
    }
    assert!(found >= 5, "AI3 led a five-card hand {found} times");
}
