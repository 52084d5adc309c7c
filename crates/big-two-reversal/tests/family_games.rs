//! Whole games under every preset and seat count: the deal, the opening, passing, the end and
//! what it pays, played by random moves and checked against the rules as written.

use big_two_reversal::prelude::*;
use big_two_reversal::{End, Preset, RulesError};
use cards_core::Card;
use game_core::GameRng;

mod common;

fn card(text: &str) -> Card {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn with_players(preset: Preset, players: u8) -> Config {
    let mut config = Config::preset(preset);
    config.players = players;
    config
}

/// Plays a random game to its end, checking each step against the rules; gives the game.
fn random_game(config: &Config, seed: u64) -> BigTwo {
    let mut game = BigTwo::new(config.clone(), seed).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let mut steps = 0;
    let mut shut_out = [false; 4];
    while let Turn::Player(p) = game.turn() {
        let legal = game.legal_actions(p);
        assert!(!legal.is_empty());
        if game.table().is_first_play() {
            let opening = game.table().opening();
            assert!(
                game.hand(p).contains(opening),
                "the holder of {opening} leads"
            );
            assert!(legal.iter().all(|a| a.cards().contains(opening)));
        }
        if config.pass_shuts_out {
            assert!(!shut_out[p], "seat {p} passed and moves again in the trick");
        }
        let action = legal[rng.index(legal.len())];
        game.apply(&action)
            .unwrap_or_else(|e| panic!("{action}: {e}"));
        if action == Action::Pass {
            shut_out[p] = true;
        }
        if game.table().trick().is_none() {
            shut_out = [false; 4];
        }
        steps += 1;
        assert!(
            steps <= game.max_game_length(),
            "the game runs past its length"
        );
    }
    game
}

#[test]
fn every_preset_deals_thirteen_each_from_fifty_two_and_sets_the_rest_aside() {
    for preset in &Preset::ALL[1..] {
        for players in 2..=4u8 {
            let config = with_players(*preset, players);
            for seed in 0..20 {
                let game = BigTwo::new(config.clone(), seed).unwrap();
                assert_eq!(game.num_players(), usize::from(players));
                let mut all = CardSet::EMPTY;
                for seat in 0..4 {
                    let expected = if seat < usize::from(players) { 13 } else { 0 };
                    assert_eq!(game.hand(seat).len(), expected, "{preset} {players}");
                    all |= game.hand(seat);
                }
                assert!(!all.intersects(CardSet::JOKERS));
                let opening = game.table().opening();
                if players == 4 {
                    assert_eq!(opening, config.opening);
                } else {
                    // The rules' card, or the lowest card dealt where it was set aside.
                    let lowest = all.iter().min_by_key(|&c| config.card_order(c)).unwrap();
                    let expected = if all.contains(config.opening) {
                        config.opening
                    } else {
                        lowest
                    };
                    assert_eq!(opening, expected);
                }
            }
        }
    }
}

#[test]
fn random_games_end_by_the_rules_and_pay_zero_sum() {
    for preset in Preset::ALL {
        let seat_counts: &[u8] = if preset == Preset::Reversal {
            &[4]
        } else {
            &[2, 3, 4]
        };
        for &players in seat_counts {
            let config = with_players(preset, players);
            for seed in 0..30 {
                let game = random_game(&config, seed);
                let n = usize::from(players);
                let returns: Vec<f64> = (0..n).map(|p| game.returns(p)).collect();
                assert_eq!(
                    returns.iter().sum::<f64>(),
                    0.0,
                    "{preset} {players}: {returns:?}"
                );
                match &config.end {
                    End::AllPlaces => {
                        assert_eq!(game.table().finish_order().len(), n);
                    }
                    end @ End::FirstOut { .. } => {
                        let order: Vec<Player> = game.table().finish_order().collect();
                        assert_eq!(order.len(), 1, "the game stops at the first out");
                        let winner = order[0];
                        assert!(game.hand(winner).is_empty());
                        for seat in (0..n).filter(|&s| s != winner) {
                            let left = game.hand(seat).len() as u8;
                            assert!(left > 0);
                            let pays = f64::from(end.payment(left).unwrap());
                            assert_eq!(game.returns(seat), -pays);
                        }
                    }
                }
                // The record replays to the same game.
                let json = serde_json::to_string(&game).unwrap();
                assert_eq!(serde_json::from_str::<BigTwo>(&json).unwrap(), game);
            }
        }
    }
}

#[test]
fn hong_kong_opens_with_the_three_of_diamonds_and_a_pass_shuts_a_player_out() {
    let config = Config::preset(Preset::HongKong);
    let hands = common::deal_standard(["3d 5c", "6c 6d", "7c", "8c"]);
    let game =
        |moves: &[(usize, &str)]| BigTwo::from_deal(config.clone(), hands, &common::history(moves));
    let start = game(&[]).unwrap();
    assert_eq!(start.turn(), Turn::Player(0));
    assert_eq!(
        start.check(&common::action("5c")),
        Err(Error::MustOpenWith {
            card: card("3d"),
            alone: false
        })
    );
    // Seat 1 passes, seats 2 and 3 play; seat 1 is out of the trick, so after seat 0 passes
    // it is seat 2's turn again, not seat 1's.
    let g = game(&[(0, "3d"), (1, "pass"), (2, "7c"), (3, "8c"), (0, "pass")]).unwrap();
    assert_eq!(g.turn(), Turn::Player(2));
    // Without the shut-out (Taiwan's rule is the same table otherwise) seat 1 may play again.
    let mut open = config.clone();
    open.pass_shuts_out = false;
    let history = common::history(&[(0, "3d"), (1, "pass"), (2, "7c"), (3, "8c"), (0, "pass")]);
    let g = BigTwo::from_deal(open, hands, &history).unwrap();
    assert_eq!(g.turn(), Turn::Player(1));
}

#[test]
fn suits_break_ties_and_five_card_hands_follow_each_other() {
    let config = Config::preset(Preset::HongKong);
    let hands = common::deal_standard([
        "3d 3s 4c 4d 4h 5c 5d",
        "3h 6c 7d 8h 9s 10c Kc Kd Ks",
        "",
        "",
    ]);
    let play =
        |moves: &[(usize, &str)]| BigTwo::from_deal(config.clone(), hands, &common::history(moves));
    // 3♥ beats 3♦ (♥ above ♦).
    let g = play(&[(0, "3d"), (1, "3h")]).unwrap();
    assert_eq!(g.turn(), Turn::Player(2));
    // A full house follows a straight; a straight does not follow a full house.
    let g = play(&[(0, "3d 3s 4c 4d 4h")]).unwrap();
    assert!(
        g.legal_actions(1)
            .iter()
            .all(|a| *a == Action::Pass || a.cards().len() == 5)
    );
    assert!(matches!(
        BigTwo::from_deal(
            config.clone(),
            hands,
            &common::history(&[(0, "3d 3s 4c 4d 4h"), (1, "6c 7d 8h 9s 10c")])
        ),
        Err(Error::InvalidState(_))
    ));
    let g = play(&[(0, "3d 3s")]).unwrap();
    let err = g.check(&common::action("6c 7d 8h 9s 10c")).unwrap_err();
    assert!(matches!(err, Error::WrongShape { .. }), "{err}");
}

#[test]
fn the_reversal_rules_refuse_the_standard_hands() {
    let game = common::game(["3c 3d 3h 7c 7d", "", "", ""], &[]);
    let err = game.check(&common::action("3c 3d 3h 7c 7d")).unwrap_err();
    assert!(matches!(err, Error::NotACombination(_)), "{err}");
    assert!(err.to_string().contains("full house"), "{err}");
}

#[test]
fn rules_the_table_cannot_deal_are_refused_with_a_typed_error() {
    let mut rules = Config::preset(Preset::Taiwan);
    rules.players = 5;
    assert!(matches!(
        BigTwo::new(rules, 1),
        Err(Error::Rules(RulesError::Contradiction(_)))
    ));
}
