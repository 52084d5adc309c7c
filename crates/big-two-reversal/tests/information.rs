//! Information states and the deal as chance events: game-core's checks, and golden facts that
//! keep the string, the tensor layout and the chance outcomes stable across versions.

use big_two_reversal::prelude::*;
use big_two_reversal::{INFORMATION_STATE_SIZE, Move};

mod common;

use common::*;

/// Seat 0 leads a pair of 3s; seat 1 answers with a joker; the trick goes round to seat 0's
/// pair of 2s, which nobody beats.
fn short_game() -> BigTwo {
    game(
        ["3c 3h 5c 9d", "4c 4d BJ 8s", "6c 6d 7h", "Kc Kd 2s RJ"],
        &[
            (0, "3c 3h"),
            (1, "4c BJ=4"),
            (2, "6c 6d"),
            (3, "Kc Kd"),
            (0, "2c 2d"),
            (1, "pass"),
            (2, "pass"),
            (3, "pass"),
        ],
    )
}

#[test]
fn golden_information_state_string() {
    let game = short_game();
    // The hand seat 1 was dealt (4♣ and the joker are played), not the hand it holds now.
    assert_eq!(
        game.information_state_string(1),
        "player 2 dealt 4♣ 4♦ 4♠ 5♦ 5♥ 5♠ 6♥ 6♠ 7♣ 7♦ 7♠ 8♣ 8♠ BJ\n\
         player 1 leads\n\
         moves: 1: 3♣ 3♥, 2: 4♣ BJ=4, 3: 6♣ 6♦, 4: K♣ K♦, 1: 2♣ 2♦, 2: pass, 3: pass, 4: pass"
    );
    // Before the first play a seat without 3♣ sees who holds it: the seat to move.
    let start = BigTwo::new(Config::default(), 42).unwrap();
    assert_eq!(
        start.information_state_string(2),
        "player 3 dealt 3♣ 3♠ 4♦ 4♠ 5♣ 6♦ 7♥ 7♠ 8♦ 9♣ 10♣ Q♦ 2♠\nplayer 3 leads\nmoves:"
    );
    assert!(
        start
            .information_state_string(0)
            .contains("\nplayer 3 leads\n")
    );
}

#[test]
fn golden_information_state_tensor() {
    let game = short_game();
    let config = Config::default();
    assert_eq!(BigTwo::information_state_tensor_shape(&config), [15_398]);
    assert_eq!(INFORMATION_STATE_SIZE, 62 + 216 * 71);
    let t = game.information_state_tensor(1);
    assert_eq!(t.len(), INFORMATION_STATE_SIZE);
    assert!(t.iter().all(|&v| v == 0.0 || v == 1.0));
    // 0–3 the viewer's seat; 4–7 who led, counted from the viewer (seat 0 is 3 after seat 1).
    assert_eq!(t[..8], [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
    // 8–61 the dealt hand by card index: 4♣ is 12, BJ 52.
    assert_eq!(t[8..62].iter().sum::<f32>(), 14.0);
    assert_eq!((t[8 + 12], t[8 + 52]), (1.0, 1.0));
    // Step 1 (seat 1's `4♣ BJ=4`) from 62 + 71: who (the viewer, 0), the cards, the joker's
    // rank (4, the fourth of A…K).
    let at = 62 + 71;
    let step: Vec<usize> = (0..71).filter(|&i| t[at + i] == 1.0).collect();
    assert_eq!(step, [0, 4 + 12, 4 + 52, 4 + 54 + 3]);
    // Step 5 is seat 1's pass: who only. Step 8 and on: nothing yet.
    let at = 62 + 5 * 71;
    let step: Vec<usize> = (0..71).filter(|&i| t[at + i] == 1.0).collect();
    assert_eq!(step, [0]);
    assert!(t[62 + 8 * 71..].iter().all(|&v| v == 0.0));
    // Every seat has as many ones: its seat, the leader, its dealt hand, and per step the
    // actor, the cards and a rank per declaring joker: 2 + dealt + 8 actors + 10 cards + 1.
    for seat in 0..4 {
        let ones = game.information_state_tensor(seat).iter().sum::<f32>() as usize;
        assert_eq!(ones, 2 + game.dealt_hand(seat).len() + 8 + 10 + 1, "{seat}");
    }
    // No seat 4: zeros, never a panic.
    assert!(game.information_state_tensor(4).iter().all(|&v| v == 0.0));
}

/// Seat 0 leads 3♣ alone; everyone passes; seat 0 leads the run `lead`; everyone passes.
fn joker_game(lead: &str) -> BigTwo {
    game(
        ["3c 5h 6h BJ", "", "", ""],
        &[
            (0, "3c"),
            (1, "pass"),
            (2, "pass"),
            (3, "pass"),
            (0, lead),
            (1, "pass"),
            (2, "pass"),
            (3, "pass"),
        ],
    )
}

#[test]
fn a_joker_declared_differently_is_a_different_information_state() {
    let high = joker_game("5h 6h BJ=7h");
    let low = joker_game("BJ=4h 5h 6h");
    // Once the trick is over the table looks the same (the same cards played by the same seat,
    // seat 0 to lead), but the seats remember what the joker stood for.
    assert_eq!(high.table(), low.table());
    for seat in 0..4 {
        assert_eq!(high.dealt_hand(seat), low.dealt_hand(seat));
        assert_eq!(
            high.observation_tensor(seat),
            low.observation_tensor(seat),
            "{seat}"
        );
        assert_ne!(
            high.information_state_string(seat),
            low.information_state_string(seat)
        );
        assert_ne!(
            high.information_state_tensor(seat),
            low.information_state_tensor(seat)
        );
    }
    assert!(high.information_state_string(2).contains("1: 5♥ 6♥ BJ=7♥"));
    assert!(low.information_state_string(2).contains("1: BJ=4♥ 5♥ 6♥"));
}

#[test]
fn the_order_of_the_plays_is_part_of_the_information_state() {
    // Seat 1 plays ♦5 then ♦6, or ♦6 then ♦5, each time winning the trick.
    let moves = |first: &'static str, second: &'static str| {
        game(
            ["3c", "5d 6d", "", ""],
            &[
                (0, "3c"),
                (1, first),
                (2, "pass"),
                (3, "pass"),
                (0, "pass"),
                (1, second),
                (2, "pass"),
                (3, "pass"),
                (0, "pass"),
            ],
        )
    };
    let up = moves("5d", "6d");
    let down = moves("6d", "5d");
    assert_eq!(up.table(), down.table());
    for seat in 0..4 {
        assert_eq!(up.observation_tensor(seat), down.observation_tensor(seat));
        assert_ne!(
            up.information_state_string(seat),
            down.information_state_string(seat)
        );
        assert_ne!(
            up.information_state_tensor(seat),
            down.information_state_tensor(seat)
        );
    }
}

#[test]
fn seats_never_share_an_information_state() {
    // Two seats that have seen the same moves still differ: their seat and their hands.
    let game = short_game();
    let strings: Vec<String> = (0..4).map(|s| game.information_state_string(s)).collect();
    let tensors: Vec<Vec<f32>> = (0..4).map(|s| game.information_state_tensor(s)).collect();
    for a in 0..4 {
        for b in a + 1..4 {
            assert_ne!(strings[a], strings[b]);
            assert_ne!(tensors[a], tensors[b]);
        }
    }
}

#[test]
fn golden_chance_outcomes_of_seed_42() {
    let config = Config::default();
    let outcomes = BigTwo::chance_outcomes_of_seed(&config, 42);
    assert_eq!(outcomes.len(), 54);
    // Card indices: (rank − 1) × 4 + suit (♣ 0, ♦ 1, ♥ 2, ♠ 3), BJ 52, RJ 53.
    assert_eq!(outcomes[..8], [30, 38, 8, 53, 18, 19, 7, 23]);
    let strings: Vec<String> = (0..8)
        .map(|i| BigTwo::chance_outcome_string(&config, &outcomes[..i], outcomes[i]))
        .collect();
    assert_eq!(
        strings,
        [
            "8♥ to player 1",
            "10♥ to player 2",
            "3♣ to player 3",
            "RJ to player 4",
            "5♥ to player 1",
            "5♠ to player 2",
            "2♠ to player 3",
            "6♠ to player 4",
        ]
    );
    // The first event: any of the 54 cards, each with probability 1/54; the second, the 53
    // left.
    let first = BigTwo::chance_outcomes(&config, &[]);
    assert_eq!(first.len(), 54);
    assert!(
        first
            .iter()
            .enumerate()
            .all(|(i, &(o, p))| o == i && p == 1.0 / 54.0)
    );
    let second = BigTwo::chance_outcomes(&config, &outcomes[..1]);
    assert_eq!(second.len(), 53);
    assert!(second.iter().all(|&(o, p)| o != 30 && p == 1.0 / 53.0));
    let game = BigTwo::from_chance_outcomes(config.clone(), &outcomes).unwrap();
    assert_eq!(game, BigTwo::new(config, 42).unwrap());
    // Seat 2 got 3♣ (event 2), so it leads.
    assert_eq!(game.turn(), Turn::Player(2));
}

#[test]
fn a_deal_is_walked_event_by_event() {
    let mut deal = Deal::<BigTwo>::new(Config::default());
    for &outcome in &BigTwo::chance_outcomes_of_seed(&Config::default(), 5) {
        assert!(deal.game().is_err());
        deal.apply(outcome).unwrap();
        // A card is dealt once.
        assert!(deal.apply(outcome).is_err());
    }
    assert!(deal.is_complete());
    assert_eq!(
        deal.game().unwrap(),
        BigTwo::new(Config::default(), 5).unwrap()
    );
}

#[test]
fn sequences_that_are_no_deal_are_refused() {
    let config = Config::default();
    let seeded = BigTwo::chance_outcomes_of_seed(&config, 9);
    let refused = |drawn: &[usize]| {
        matches!(
            BigTwo::from_chance_outcomes(config.clone(), drawn),
            Err(Error::NotADeal(_))
        )
    };
    assert!(refused(&[]));
    assert!(refused(&seeded[..53]));
    let mut twice = seeded.clone();
    twice[40] = twice[3];
    assert!(refused(&twice));
    let mut no_card = seeded.clone();
    no_card[0] = 54;
    assert!(refused(&no_card));
    assert!(refused(&[seeded.as_slice(), &[seeded[0]]].concat()));
    assert!(BigTwo::chance_outcomes(&config, &seeded).is_empty());
    assert!(BigTwo::chance_outcomes(&config, &[usize::MAX]).is_empty());
}

/// The moves of a random game from `seed`, stopping after `steps` moves or at the end.
fn random_game(seed: u64, steps: usize) -> BigTwo {
    let mut game = BigTwo::new(Config::default(), seed).unwrap();
    let mut rng = GameRng::new(seed);
    for _ in 0..steps {
        let Turn::Player(p) = game.turn() else { break };
        let legal = game.legal_actions(p);
        let action = *rng.choose(&legal).unwrap();
        game.apply(&action).unwrap();
    }
    game
}

#[test]
fn deal_outcomes_start_any_game_again_sampled_worlds_too() {
    let config = Config::default();
    for seed in 0..12 {
        let game = random_game(seed, 3 + 7 * seed as usize);
        let mut rng = GameRng::new(seed + 100);
        let seat = seed as usize % 4;
        let world = BigTwo::sample_world(&game.observation(seat), seat, &mut rng);
        for state in [&game, &world] {
            let outcomes = state.deal_outcomes();
            assert_eq!(outcomes.len(), 54);
            let history: Vec<Move> = state.history().to_vec();
            let mut again = BigTwo::from_chance_outcomes(config.clone(), &outcomes).unwrap();
            for m in &history {
                assert_eq!(again.turn(), Turn::Player(m.player));
                again.apply(&m.action).unwrap();
            }
            assert_eq!(&again, state);
            // Canonical: each seat's cards by increasing index, dealt round the table.
            for (event, &o) in outcomes.iter().enumerate() {
                let card = Card::from_index(o as u8).unwrap();
                assert!(state.dealt_hand(event % 4).contains(card));
            }
            for seat in 0..4 {
                let mine: Vec<usize> = outcomes.iter().skip(seat).step_by(4).copied().collect();
                assert!(mine.windows(2).all(|w| w[0] < w[1]));
            }
        }
        // The sampled world keeps the seat's information state, so its chance history leads
        // to the same one.
        assert_eq!(
            world.information_state_string(seat),
            game.information_state_string(seat)
        );
    }
}

proptest::proptest! {
    /// Outcomes start a game exactly when they deal each of the 54 cards once; anything else is
    /// refused, never a panic.
    #[test]
    fn outcomes_are_a_deal_exactly_when_each_card_is_dealt_once(
        seed in proptest::prelude::any::<u64>(),
        keep in 0usize..=54,
        replace in proptest::option::of((0usize..54, 0usize..60)),
        extra in proptest::collection::vec(0usize..60, 0..3),
    ) {
        let config = Config::default();
        let mut drawn = BigTwo::chance_outcomes_of_seed(&config, seed);
        if let Some((at, value)) = replace {
            drawn[at] = value;
        }
        drawn.truncate(keep);
        drawn.extend(extra);
        let mut sorted = drawn.clone();
        sorted.sort_unstable();
        let is_deal = sorted == (0..54).collect::<Vec<usize>>();
        let dealt = BigTwo::from_chance_outcomes(config.clone(), &drawn);
        proptest::prop_assert_eq!(dealt.is_ok(), is_deal);
        sorted.dedup();
        let is_start = sorted.len() == drawn.len() && drawn.iter().all(|&o| o < 54);
        let next = BigTwo::chance_outcomes(&config, &drawn);
        proptest::prop_assert_eq!(next.len(), if is_start { 54 - drawn.len() } else { 0 });
        let seat = format!("to player {}", drawn.len() % 4 + 1);
        for outcome in [0, 53, 54, usize::MAX] {
            let text = BigTwo::chance_outcome_string(&config, &drawn, outcome);
            proptest::prop_assert!(text.ends_with(&seat), "{}", text);
        }
    }
}
