//! The AIs do what their rules say, the roster knows them all, and AI4 is deterministic.

use big_two_reversal::{
    Action, Ai1, Ai2, Ai3, Ai4, Ai4Config, BigTwo, Config, RankOrder, score_hand,
};
use game_core::{Agent, Decision, Game, Roster, Turn};

mod common;

use common::*;

fn choose(agent: &mut dyn Agent<BigTwo>, game: &BigTwo) -> Action {
    let Turn::Player(p) = game.turn() else {
        panic!("over")
    };
    let view = game.observation(p);
    let legal = game.legal_actions(p);
    agent.choose(&Decision::new(p, &view, &legal).unwrap())
}

#[test]
fn ai1_opens_with_the_three_of_clubs_alone_then_plays_low() {
    let g = game(["3c 3d 3h 4c 4d", "", "", ""], &[]);
    assert_eq!(choose(&mut Ai1::new(0), &g), "3c".parse().unwrap());
    // Following a single: the lowest single that beats it.
    let g = game(["3c 9d", "5h 7s Ks", "", ""], &[(0, "3c")]);
    // Seat 1 holds 5h 7s Ks plus filler from the low ranks (A, 2, …): lowest above 3 wins.
    let mut legal = g.legal_actions(1);
    legal.retain(|a| *a != Action::Pass);
    let chosen = choose(&mut Ai1::new(0), &g);
    let lowest = legal
        .iter()
        .filter_map(Action::play)
        .min_by_key(|p| p.key(RankOrder::Normal))
        .unwrap();
    assert_eq!(
        chosen.play().map(|p| p.key(RankOrder::Normal)),
        Some(lowest.key(RankOrder::Normal))
    );
}

#[test]
fn ai2_and_ai3_pick_the_lowest_remaining_score() {
    let g = game(["3c 3d 9h 9s Ks", "", "", ""], &[]);
    let Turn::Player(p) = g.turn() else { panic!() };
    let view = g.observation(p);
    let legal = g.legal_actions(p);
    for (agent, weak_first) in [
        (&mut Ai2::new(0) as &mut dyn Agent<BigTwo>, false),
        (&mut Ai3::new(0) as &mut dyn Agent<BigTwo>, true),
    ] {
        let chosen = agent.choose(&Decision::new(p, &view, &legal).unwrap());
        let key = |a: &Action| {
            let s = score_hand(
                view.hand() - a.cards(),
                view.unseen(),
                RankOrder::Normal,
                &Config::default(),
            );
            if weak_first {
                (s.weak_cards, s.total)
            } else {
                (0, s.total)
            }
        };
        for other in legal.iter().filter(|a| a.play().is_some()) {
            assert!(key(&chosen) <= key(other), "{chosen} vs {other}");
        }
    }
}

#[test]
fn agents_pass_only_when_they_cannot_play() {
    // Seat 1 cannot beat a pair of jokers: every agent passes.
    let g = game(
        ["3c BJ RJ", "", "", ""],
        &[
            (0, "3c"),
            (1, "pass"),
            (2, "pass"),
            (3, "pass"),
            (0, "BJ RJ"),
        ],
    );
    for name in BigTwo::agent_names() {
        let mut agent = BigTwo::agent(&name, 1).unwrap();
        assert_eq!(choose(agent.as_mut(), &g), Action::Pass, "{name}");
    }
}

#[test]
fn the_roster_knows_every_agent_and_the_lineups() {
    assert_eq!(
        BigTwo::agent_names(),
        ["random", "ai1", "ai2", "ai3", "ai4"]
    );
    for name in BigTwo::agent_names() {
        assert_eq!(BigTwo::agent(&name, 0).unwrap().name(), name);
    }
    assert!(BigTwo::agent("ai5", 0).is_err());
    let lineups = BigTwo::standard_lineups();
    assert_eq!(lineups[0], ["ai4", "ai3", "ai3", "ai3"]);
    assert!(lineups.iter().all(|l| l.len() == 4));
}

#[test]
fn ai4_is_deterministic_for_a_seed_and_chooses_a_legal_action() {
    let config = Ai4Config {
        steps: 3_000,
        max_candidates: 6,
        ..Ai4Config::default()
    };
    let mut g = BigTwo::new(Config::default(), 3).unwrap();
    for _ in 0..12 {
        let Turn::Player(p) = g.turn() else { break };
        let view = g.observation(p);
        let legal = g.legal_actions(p);
        let decision = Decision::new(p, &view, &legal).unwrap();
        let a = Ai4::with_config(config, 77).choose(&decision);
        let b = Ai4::with_config(config, 77).choose(&decision);
        assert_eq!(a, b);
        assert!(legal.contains(&a));
        g.apply(&a).unwrap();
    }
}

/// AI4 keeps its beliefs from one decision to the next: a whole game with the same seeds is
/// the same game.
#[test]
fn a_game_with_ai4_is_the_same_for_the_same_seeds() {
    let config = Ai4Config {
        steps: 1_500,
        deals: 6,
        swaps: 4,
        ..Ai4Config::default()
    };
    let play_once = || {
        let mut g = BigTwo::new(Config::default(), 9).unwrap();
        let mut ai4 = Ai4::with_config(config, 5);
        while let Turn::Player(p) = g.turn() {
            let action = if p == 1 {
                choose(&mut ai4, &g)
            } else {
                choose(&mut Ai3::new(0), &g)
            };
            g.apply(&action).unwrap();
        }
        g.history().to_vec()
    };
    assert_eq!(play_once(), play_once());
}
