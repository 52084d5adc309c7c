//! Action ids, masks and observation tensors: game-core's checks (the tensor shows a seat only
//! what it may see), and golden values that keep the ids and the tensor layout stable across
//! versions.

use big_two_reversal::prelude::*;
use big_two_reversal::{NUM_DISTINCT_ACTIONS, OBSERVATION_SIZE, RankOrder, legal_actions_for};

mod common;

use common::*;

fn id(text: &str) -> usize {
    BigTwo::action_id(&Config::default(), &action(text)).unwrap()
}

#[test]
fn golden_ids() {
    let config = Config::default();
    assert_eq!(BigTwo::num_distinct_actions(&config), 11_493);
    assert_eq!(NUM_DISTINCT_ACTIONS, 11_493);
    for (text, expected) in [
        // Sets: 53 per rank, A first; within a rank the real suits as a mask (♣ 1, ♦ 2, ♥ 4,
        // ♠ 8) from 15 down to 1, each alone, then with BJ, with RJ, with both.
        ("Ac Ad Ah As", 0),
        ("Ad Ah As", 1),
        ("Ad Ah As BJ=A", 2),
        ("Ad Ah As RJ=A", 3),
        ("Ac Ad Ah", 26),
        ("Ac Ad Ah BJ=A", 27),
        ("Ac", 49),
        ("Ac BJ=A", 50),
        ("Ac RJ=A", 51),
        ("Ac BJ=A RJ=A", 52),
        ("2c 2d 2h 2s", 53),
        ("3c", 155),
        ("Kc", 685),
        ("Kc BJ=K RJ=K", 688),
        // Straight flushes from 689: 2,700 per suit (♣ ♦ ♥ ♠), windows by low end, then length.
        ("Ac 2c 3c", 689),
        ("BJ=Ac 2c 3c", 690),
        ("RJ=Ac 2c 3c", 691),
        ("Ac 2c BJ=3c", 694),
        ("BJ=Ac RJ=2c 3c", 696),
        ("Ac BJ=2c RJ=3c", 698),
        ("Ac 2c 3c 4c", 699),
        ("Ad 2d 3d", 3389),
        ("6h BJ=7h 8h", 8162),
        ("Qs Ks As", 11479),
        ("Qs Ks BJ=As", 11484),
        ("Qs BJ=Ks RJ=As", 11488),
        // Jokers alone, then pass.
        ("BJ", 11489),
        ("RJ", 11490),
        ("BJ RJ", 11491),
        ("pass", 11492),
    ] {
        assert_eq!(id(text), expected, "{text}");
        assert_eq!(
            BigTwo::action_from_id(&config, expected),
            Some(action(text)),
            "{text}"
        );
    }
    // The 13-card straight flush has one id, whichever end the ace is typed at.
    assert_eq!(id("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"), 6534);
    assert_eq!(id("2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh BJ=Ah"), 6535);
    assert_eq!(BigTwo::action_from_id(&config, 11_493), None);
    assert_eq!(BigTwo::action_from_id(&config, usize::MAX), None);
}

#[test]
fn legal_actions_come_in_increasing_id_order() {
    let config = Config::default();
    let mut out = Vec::new();
    for (hand, table) in [
        ("3c 4c 5c 5d 7h 8h 9h Jh Qs Ks As 2d BJ RJ", None),
        ("6h 7h 8h 9h 10h BJ RJ 6c 6d 6s", None),
        ("6h 7h 8h 9h 10h BJ RJ 6c 6d 6s", Some("4c 5c 6c")),
        ("6h 7h 8h 9h 10h BJ RJ 6c 6d 6s", Some("5c 5d")),
        ("Ac 2c 3c Qc Kc BJ", Some("Jh Qh Kh")),
    ] {
        let table = table.map(common::play);
        for order in [RankOrder::Normal, RankOrder::Reversed] {
            legal_actions_for(cards(hand), table, order, false, &mut out);
            let ids: Vec<usize> = out
                .iter()
                .map(|a| BigTwo::action_id(&config, a).unwrap())
                .collect();
            assert!(ids.windows(2).all(|w| w[0] < w[1]), "{hand}: {ids:?}");
        }
    }
}

#[test]
fn golden_tensor_and_string() {
    // Seat 0 opens with 3♣, seat 1 passes; seat 2's view.
    let g = game(["3c 3d", "", "", ""], &[(0, "3c"), (1, "pass")]);
    assert_eq!(BigTwo::observation_tensor_shape(&Config::default()), [472]);
    assert_eq!(OBSERVATION_SIZE, 472);
    let t = g.observation_tensor(2);
    assert_eq!(t.len(), 472);
    let ones: Vec<usize> = (0..t.len()).filter(|&i| t[i] == 1.0).collect();
    assert!(t.iter().all(|&v| v == 0.0 || v == 1.0));
    let hand: Vec<usize> = g.hand(2).iter().map(|c| usize::from(c.index())).collect();
    let three_of_clubs = 8;
    let mut expected = hand.clone();
    expected.extend([
        54 + 2 * 54 + three_of_clubs, // played by seat 0, two seats after the viewer
        270 + three_of_clubs,         // the cards to beat
        324 + three_of_clubs,         // what they stand for
        378,                          // a single
        383 + 2,                      // made by seat 0
        387 + 3,                      // seat 1 (three after the viewer) passed
        391 + 13,                     // the viewer holds 13 cards
        391 + 15 + 13,                // seat 3 holds 13
        391 + 30 + 13,                // seat 0 holds 13
        391 + 45 + 14,                // seat 1 holds 14
        467,                          // the viewer is to move
    ]);
    expected.sort_unstable();
    assert_eq!(ones, expected);
    assert_eq!(
        g.observation_string(2),
        format!(
            "player 3 holds {}\norder: normal\nto beat: 3c by player 1\npassed since: 2\n\
             player 1: 13 cards\nplayer 2: 14 cards\nplayer 3: 13 cards, to move\n\
             player 4: 13 cards\nmoves: 1: 3c, 2: pass",
            g.observation(2)
                .hand()
                .iter()
                .map(|c| format!("{c:#}"))
                .collect::<Vec<_>>()
                .join(" ")
        )
    );
    // A seat that does not exist sees nothing.
    assert!(g.observation_tensor(4).iter().all(|&v| v == 0.0));
}
