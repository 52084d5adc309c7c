//! Golden facts: the pinned deals, the rules' worked examples and the blog post's scoring example.

use big_two_reversal::{Action, BigTwo, Config, Error, RankOrder, Shape, score_hand};
use cards_core::{Card, CardSet};
use game_core::{Game, Player, PlayerResult, Turn};

mod common;

use common::*;

fn card(text: &str) -> Card {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn the_first_deals_are_pinned() {
    // Shuffle with the seed, deal one card at a time from seat 0: 14, 14, 13, 13 cards.
    let expected = [
        (
            0,
            [
                "Ac Ah 2h 4c 4h 5c 6s 7c 7d 8h Qd Qh Qs RJ",
                "2s 3c 4s 5d 6c 8c Td Th Ts Js Qc Kc BJ",
            ],
        ),
        (
            1,
            [
                "Ac 2c 2d 2h 2s 3d 3h 5c 7h 8c 9s Td Qs BJ",
                "Ad Ah 3c 3s 4h 4s 5s 6c 7s Jc Jd Jh Qd",
            ],
        ),
        (
            42,
            [
                "Ac Ah 2c 2h 4c 5d 5h 7d 8h 8s 9h Ts Jh Qh",
                "3d 4h 6h 6s 8c 9s Jc Jd Js Qs Kd Kh RJ",
            ],
        ),
    ];
    for (seed, [first, last]) in expected {
        let g = BigTwo::new(Config::default(), seed).unwrap();
        assert_eq!(g.hand(0), cards(first), "seed {seed}");
        assert_eq!(g.hand(3), cards(last), "seed {seed}");
        let leader = (0..4).find(|&p| g.hand(p).contains(cards("3c").first().unwrap()));
        assert_eq!(g.turn(), Turn::Player(leader.unwrap()));
    }
}

#[test]
fn joker_and_two_is_a_pair_of_twos() {
    let pair = play("2h BJ=2");
    assert_eq!(pair.shape(), Shape::Pair);
    assert!(pair.beats(&play("Ac As"), RankOrder::Normal));
    // In a game: seat 0 leads 3♣ 3♦, seat 1 follows with 2♥ + joker.
    let g = game(["3c 3d", "2h BJ", "", ""], &[(0, "3c 3d"), (1, "2h BJ=2")]);
    assert_eq!(g.table().trick().map(|t| t.play), Some(pair));
}

#[test]
fn diamond_two_joker_diamond_four_is_two_three_four() {
    let run = play("2d BJ=3d 4d");
    assert_eq!(run.shape(), Shape::StraightFlush(3));
    assert_eq!(run.meaning(), cards("2d 3d 4d"));
    assert_eq!(run.declared(), cards("3d"));
    // 3-4-5 with the same joker is a different play.
    assert_ne!(play("3d 4d BJ=5d"), play("3d 4d BJ=2d"));
}

#[test]
fn ace_two_three_beats_two_three_four_in_the_normal_order() {
    let a23 = play("Ac 2c 3c");
    let b234 = play("2h 3h 4h");
    assert!(a23.beats(&b234, RankOrder::Normal));
    assert!(!b234.beats(&a23, RankOrder::Normal));
    // And the lowest run without a 2 is below both; Q-K-A heads the runs without a 2.
    assert!(b234.beats(&play("Qd Kd Ad"), RankOrder::Normal));
    assert!(play("Qd Kd Ad").beats(&play("Js Qs Ks"), RankOrder::Normal));
    // Reversed, 3 is high: 2-3-4 (4, 3, 2 highest first = 3 is the top) … compare 3-4-5.
    assert!(play("3s 4s 5s").beats(&b234, RankOrder::Reversed));
}

#[test]
fn a_four_of_a_kind_reverses_the_order_and_the_next_flips_it_back() {
    let g = game(
        ["3c 5c 5d 5h 5s", "9c 9d 9h BJ 2s", "3d", ""],
        &[(0, "3c"), (1, "2s"), (2, "pass"), (3, "pass"), (0, "pass")],
    );
    assert_eq!(g.turn(), Turn::Player(1));
    assert_eq!(g.table().order(), RankOrder::Normal);
    let mut g = g;
    g.apply(&action("9c 9d 9h BJ=9")).unwrap();
    assert_eq!(g.table().order(), RankOrder::Reversed);
    // Seat 2 cannot beat it with a non-four; seat 3 passes; seat 0's four of 5s beats 9s in the
    // reversed order it was played under (5 is above 9 there) and flips the order back.
    g.apply(&action("pass")).unwrap();
    g.apply(&action("pass")).unwrap();
    g.apply(&action("5c 5d 5h 5s")).unwrap();
    assert_eq!(g.table().order(), RankOrder::Normal);
    assert_eq!(g.table().reversals(), 2);
}

#[test]
fn in_the_reversed_order_a_three_beats_a_two() {
    let g = game(
        ["3c 4c 4d 4h 4s 2h", "3d", "", ""],
        &[
            (0, "3c"),
            (1, "pass"),
            (2, "pass"),
            (3, "pass"),
            (0, "4c 4d 4h 4s"),
            (1, "pass"),
            (2, "pass"),
            (3, "pass"),
            (0, "2h"),
        ],
    );
    assert_eq!(g.table().order(), RankOrder::Reversed);
    assert!(g.legal_actions(1).contains(&action("3d")));
    assert!(g.check(&action("3d")).is_ok());
}

#[test]
fn errors_say_what_is_wrong() {
    let g = game(["3c 3d 3h 4c", "9c 9d 9h 9s", "", ""], &[(0, "3c 3d 3h")]);
    let err = g.check(&action("9c 9d")).unwrap_err();
    assert_eq!(err.to_string(), "a pair cannot follow a triple");
    let err = g.check(&action("Kc Kd Kh")).unwrap_err();
    assert!(matches!(err, Error::NotInHand(_)), "{err}");
    let err = g.check(&action("Kd")).unwrap_err();
    assert_eq!(err.to_string(), "K♦ is not in your hand");
    let fresh = game(["3c 4c", "", "", ""], &[]);
    assert_eq!(
        fresh.check(&action("4c")).unwrap_err(),
        Error::MustOpenWith {
            card: card("3c"),
            alone: false
        }
    );
    assert_eq!(fresh.check(&Action::Pass).unwrap_err(), Error::PassOnLead);
}

#[test]
fn a_refused_action_leaves_the_game_as_it_was() {
    let mut g = game(["3c 3d 3h 4c", "9c 9d 9h 9s", "", ""], &[(0, "3c 3d 3h")]);
    let before = g.clone();
    assert!(g.apply(&action("9c 9d")).is_err());
    assert!(g.apply(&action("Ks")).is_err());
    assert_eq!(g, before);
}

#[test]
fn a_lower_play_is_said_to_be_lower() {
    let g = game(["3c", "9c", "4d", ""], &[(0, "3c"), (1, "9c")]);
    let err = g.check(&action("4d")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "4♦ is lower than 9♣ in the normal order: a play must be strictly higher"
    );
}

#[test]
fn equal_never_beats_and_jokers_alone_top_their_type() {
    let g = game(["3c", "3d", "BJ RJ 2s", ""], &[(0, "3c")]);
    let err = g.check(&action("3d")).unwrap_err();
    assert_eq!(
        err,
        Error::TooLow {
            play: play("3d"),
            table: play("3c"),
            order: RankOrder::Normal,
            equal: true
        }
    );
    assert_eq!(
        err.to_string(),
        "3♦ is equal to 3♣ in the normal order: a play must be strictly higher"
    );
    let mut g = g;
    g.apply(&action("pass")).unwrap();
    g.apply(&action("BJ")).unwrap();
    g.apply(&action("pass")).unwrap();
    g.apply(&action("pass")).unwrap();
    // Seat 1 passed once already but may still play in the trick: it is their turn again.
    assert_eq!(g.turn(), Turn::Player(1));
    assert!(g.legal_actions(1).iter().all(|a| *a == Action::Pass));
    g.apply(&action("pass")).unwrap();
    // Everyone else passed: seat 2 leads anew.
    assert_eq!(g.turn(), Turn::Player(2));
    assert!(g.table().trick().is_none());
}

#[test]
fn a_joker_may_stand_for_a_card_the_player_holds() {
    // Seat 0 opens with 3♣, everyone passes, and seat 0 leads holding 6♥ 7♥ 8♥ and a joker.
    let mut g = game(
        ["3c 6h 7h 8h BJ", "", "", ""],
        &[(0, "3c"), (1, "pass"), (2, "pass"), (3, "pass")],
    );
    assert_eq!(g.turn(), Turn::Player(0));
    assert!(g.table().trick().is_none());
    let keep_seven = action("6h BJ=7h 8h");
    assert_eq!(g.check(&keep_seven), Ok(()));
    let legal = g.legal_actions(0);
    assert!(legal.contains(&keep_seven));
    // The joker may stand for any card of the run, held or not: each is its own play.
    for text in [
        "6h 7h 8h",
        "BJ=6h 7h 8h",
        "6h 7h BJ=8h",
        "BJ=5h 6h 7h 8h",
        "6h 7h 8h BJ=9h",
    ] {
        assert!(legal.contains(&action(text)), "{text}");
    }
    assert_ne!(keep_seven, action("6h 7h 8h"));
    g.apply(&keep_seven).unwrap();
    assert!(g.hand(0).contains(card("7h")));
    assert!(!g.hand(0).contains(Card::BLACK_JOKER));
    // In a pair the joker stands for a rank, so it may join a 3 while the other 3 stays.
    let g = game(["3c 3d BJ", "", "", ""], &[]);
    assert!(g.check(&action("3c BJ=3")).is_ok());
}

#[test]
fn when_the_last_player_goes_out_the_next_holder_leads() {
    // Seat 0 holds 3♣ and 13 other cards; we build the end of a trick where seat 1 goes out.
    let hands = deal(["3c", "", "", ""]);
    let mut g = BigTwo::from_deal(Config::default(), hands, &[]).unwrap();
    // Play random legal moves until someone goes out while others still hold cards, then check
    // who leads after the passes.
    let mut steps = 0;
    while let Turn::Player(p) = g.turn() {
        let legal = g.legal_actions(p);
        let chosen = legal
            .iter()
            .filter_map(Action::play)
            .max_by_key(|pl| pl.cards().len())
            .map(|pl| Action::Play(*pl))
            .unwrap_or(Action::Pass);
        let out_before = g.table().finish_order().len();
        g.apply(&chosen).unwrap();
        steps += 1;
        if g.table().finish_order().len() > out_before && g.turn() != Turn::Over {
            let gone = p;
            // Everyone else passes until the trick ends.
            while g.table().trick().is_some() {
                let Turn::Player(q) = g.turn() else { break };
                g.apply(&Action::Pass).unwrap();
                assert_ne!(q, gone);
            }
            let Turn::Player(leader) = g.turn() else {
                panic!("game should go on")
            };
            let expected = (1..4)
                .map(|d| (gone + d) % 4)
                .find(|&s| !g.hand(s).is_empty())
                .unwrap();
            assert_eq!(leader, expected);
            return;
        }
        assert!(steps < 216);
    }
    panic!("nobody went out before the end");
}

#[test]
fn first_place_is_the_only_win_and_returns_are_3_1_minus1_minus3() {
    let mut g = BigTwo::new(Config::default(), 9).unwrap();
    while let Turn::Player(p) = g.turn() {
        let a = g.legal_actions(p)[0];
        g.apply(&a).unwrap();
    }
    let order: Vec<Player> = g.table().finish_order().collect();
    let returns: Vec<f64> = order.iter().map(|&p| g.returns(p)).collect();
    assert_eq!(returns, [3.0, 1.0, -1.0, -3.0]);
    for (place, &p) in order.iter().enumerate() {
        let expected = if place == 0 {
            PlayerResult::Win
        } else {
            PlayerResult::Loss
        };
        assert_eq!(g.result(p), Some(expected));
    }
}

#[test]
fn the_blog_posts_ai2_scoring_example() {
    // Two 3s and a 5 in hand; a 4 and two 6s unseen: (3/3)/2 + (3/3)/2 + 2/3.
    let hand = cards("3c 3d 5h");
    let unseen = cards("4s 6c 6d");
    let s = score_hand(hand, unseen, RankOrder::Normal, &Config::default());
    let expected = (3.0 / 3.0) / 2.0 + (3.0 / 3.0) / 2.0 + 2.0 / 3.0;
    assert!((s.total - expected).abs() < 1e-12, "{}", s.total);
}

#[test]
fn an_observation_shows_only_what_the_seat_may_see() {
    use game_core::{GameRng, SampleWorld};
    let g = game(["3c 3d", "", "", ""], &[(0, "3c 3d"), (1, "pass")]);
    let view = g.observation(2);
    assert_eq!(view.hand(), g.hand(2));
    assert_eq!(view.table().counts(), [12, 14, 13, 13]);
    assert_eq!(view.history().len(), 2);
    assert_eq!(view.unseen(), CardSet::ALL - g.hand(2) - cards("3c 3d"));
    // Worlds dealt from the view differ in the hidden hands but look the same to seat 2.
    let a = BigTwo::sample_world(&view, 2, &mut GameRng::new(1));
    let b = BigTwo::sample_world(&view, 2, &mut GameRng::new(2));
    assert_ne!(a.hand(0), b.hand(0));
    assert_eq!(a.observation(2), view);
    assert_eq!(b.observation(2), view);
    assert_eq!(a.hand(0).len(), 12);
}
