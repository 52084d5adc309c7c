//! Information states and the mirrored setup's draw as chance events: game-core's checks on
//! several sizes and setups, golden strings, tensors and outcomes, the exact distribution of
//! the draw against the seeded shuffle, and the drops kept through serde.

use std::collections::HashMap;

use game_core::{Deal, GameRng};
use life_go::prelude::*;

fn mirrored(side: usize, groups: usize) -> Config {
    Config {
        setup: Setup::Mirrored { groups },
        ..Config::square(side)
    }
}

#[test]
fn golden_string_and_tensor() {
    let mut game = LifeGo::new(Config::default(), 0).unwrap();
    assert_eq!(game.information_state_string(0), "");
    for drop in ["e3", "d7"] {
        game.apply(&drop.parse().unwrap()).unwrap();
    }
    assert_eq!(game.information_state_string(0), "e3 d7");
    assert_eq!(game.information_state_string(1), "e3 d7");
    let shape = LifeGo::information_state_tensor_shape(&Config::default());
    assert_eq!(shape, [2 * 361 + 1 + 400 * 39]);
    let tensor = game.information_state_tensor(0);
    assert_eq!(tensor, game.information_state_tensor(1));
    // The rule book's stones: 11 each, d3 black (id 2·19 + 3), c4 white (id 3·19 + 2).
    assert_eq!(tensor[..361].iter().sum::<f32>(), 11.0);
    assert_eq!(tensor[361..722].iter().sum::<f32>(), 11.0);
    assert_eq!((tensor[41], tensor[361 + 59]), (1.0, 1.0));
    assert_eq!(tensor[722], 0.0);
    // Move 1, e3: flag, file 4, rank 2; move 2, d7: file 3, rank 6; nothing after.
    let row = |k: usize| 723 + k * 39;
    let ones: Vec<usize> = (723..tensor.len()).filter(|&i| tensor[i] == 1.0).collect();
    assert_eq!(
        ones,
        [
            row(0),
            row(0) + 1 + 4,
            row(0) + 20 + 2,
            row(1),
            row(1) + 1 + 3,
            row(1) + 20 + 6
        ]
    );
}

#[test]
fn a_mirrored_setup_is_part_of_the_information_state() {
    let config = mirrored(7, 2);
    let drawn = LifeGo::chance_outcomes_of_seed(&config, 3);
    let mut game = LifeGo::new(config.clone(), 3).unwrap();
    let text = game.information_state_string(0);
    assert!(text.starts_with("setup black "), "{text}");
    let blacks: Vec<String> = game
        .board()
        .cells()
        .filter(|&c| game.board().get(c) == Some(Colour::Black))
        .map(|c| c.to_string())
        .collect();
    assert!(text.contains(&blacks.join(" ")), "{text}");
    let drop = game.legal_drops()[0];
    game.apply(&Action::at(drop)).unwrap();
    assert!(
        game.information_state_string(1)
            .ends_with(&format!("; {drop}")),
        "{}",
        game.information_state_string(1)
    );
    // Another draw is another information state, string and tensor.
    let other = (0..)
        .map(|seed| LifeGo::new(config.clone(), seed).unwrap())
        .find(|g| g.board() != LifeGo::new(config.clone(), 3).unwrap().board())
        .unwrap();
    let start = LifeGo::from_chance_outcomes(config.clone(), &drawn).unwrap();
    assert_ne!(
        other.information_state_string(0),
        start.information_state_string(0)
    );
    assert_ne!(
        other.information_state_tensor(0),
        start.information_state_tensor(0)
    );
}

#[test]
fn golden_outcomes_of_a_mirrored_setup() {
    // 5×5: the lower half is ranks 1 and 2 and a3, b3; eight blinkers lie on it.
    let config = mirrored(5, 2);
    assert_eq!(LifeGo::max_chance_outcomes(&config), 8);
    let strings: Vec<String> = (0..8)
        .map(|i| LifeGo::chance_outcome_string(&config, &[], i))
        .collect();
    assert_eq!(
        strings,
        [
            "black a1 b1 c1, white c5 d5 e5",
            "black a1 a2 a3, white e3 e4 e5",
            "black b1 c1 d1, white b5 c5 d5",
            "black b1 b2 b3, white d3 d4 d5",
            "black c1 d1 e1, white a5 b5 c5",
            "black a2 b2 c2, white c4 d4 e4",
            "black b2 c2 d2, white b4 c4 d4",
            "black c2 d2 e2, white a4 b4 c4",
        ]
    );
    // All eight fit the empty board, an eighth each.
    let first = LifeGo::chance_outcomes(&config, &[]);
    assert_eq!(first, (0..8).map(|i| (i, 0.125)).collect::<Vec<_>>());
    // After a1 a2 a3 only c1 d1 e1 still fits (and the other way round); after any other
    // blinker none does, and the setup is complete with one blinker each.
    assert_eq!(LifeGo::chance_outcomes(&config, &[1]), [(4, 1.0)]);
    assert_eq!(LifeGo::chance_outcomes(&config, &[4]), [(1, 1.0)]);
    for i in [0, 2, 3, 5, 6, 7] {
        assert!(LifeGo::chance_outcomes(&config, &[i]).is_empty(), "{i}");
        let game = LifeGo::from_chance_outcomes(config.clone(), &[i]).unwrap();
        assert_eq!(game.stones(Colour::Black), 3);
    }
    let two = LifeGo::from_chance_outcomes(config.clone(), &[1, 4]).unwrap();
    assert_eq!(two.stones(Colour::Black), 6);
    // Not a start: nothing, an incomplete draw, a blinker that does not fit, one too many,
    // one off the list.
    for drawn in [
        vec![],
        vec![1],
        vec![1, 0],
        vec![0, 0],
        vec![1, 4, 0],
        vec![8],
    ] {
        assert_eq!(
            LifeGo::from_chance_outcomes(config.clone(), &drawn),
            Err(Error::ChanceOutcomes(drawn.clone())),
            "{drawn:?}"
        );
    }
    // The rule book: no event, and only the empty start.
    assert_eq!(LifeGo::max_chance_outcomes(&Config::default()), 0);
    assert!(LifeGo::chance_outcomes_of_seed(&Config::default(), 1).is_empty());
    assert_eq!(
        LifeGo::from_chance_outcomes(Config::default(), &[0]),
        Err(Error::ChanceOutcomes(vec![0]))
    );
    assert_eq!(
        LifeGo::from_chance_outcomes(mirrored(5, 0), &[]),
        Err(Error::SetupGroups)
    );
}

/// The explicit events' probability of each starting board, summed over every complete draw,
/// against the share of 20,000 seeds that start with it: the same distribution.
#[test]
fn the_draw_gives_each_board_the_probability_of_the_seeded_shuffle() {
    for config in [mirrored(5, 2), mirrored(7, 3), Config::sized(6, 4)] {
        let mut exact: HashMap<String, f64> = HashMap::new();
        let mut stack = vec![(Vec::new(), 1.0)];
        while let Some((drawn, p)) = stack.pop() {
            let outcomes = LifeGo::chance_outcomes(&config, &drawn);
            if outcomes.is_empty() {
                let game = LifeGo::from_chance_outcomes(config.clone(), &drawn).unwrap();
                *exact.entry(game.board().to_string()).or_default() += p;
                continue;
            }
            for (outcome, q) in outcomes {
                let mut next = drawn.clone();
                next.push(outcome);
                stack.push((next, p * q));
            }
        }
        assert!((exact.values().sum::<f64>() - 1.0).abs() < 1e-9);
        let seeds = 20_000;
        let mut seen: HashMap<String, usize> = HashMap::new();
        for seed in 0..seeds {
            let seed = GameRng::new(seed).next_u64();
            let game = LifeGo::new(config.clone(), seed).unwrap();
            *seen.entry(game.board().to_string()).or_default() += 1;
        }
        for (board, count) in &seen {
            let p = exact.get(board).copied().unwrap_or(0.0);
            let share = *count as f64 / seeds as f64;
            // Five standard errors of a share of 20,000.
            let tolerance = 5.0 * (p * (1.0 - p) / seeds as f64).sqrt() + 1e-4;
            assert!(
                (share - p).abs() <= tolerance,
                "{config:?}: {share} of seeds against {p}\n{board}"
            );
        }
        assert!(seen.len() > 1, "{config:?}");
    }
}

#[test]
fn serde_keeps_the_drops() {
    let mut game = LifeGo::new(Config::default(), 0).unwrap();
    for drop in ["e3", "d7"] {
        game.apply(&drop.parse().unwrap()).unwrap();
    }
    let json = serde_json::to_value(&game).unwrap();
    assert_eq!(json["drops"], serde_json::json!(["e3", "d7"]));
    assert!(
        json.get("origin").is_none(),
        "the rule book's setup is not written"
    );
    let back: LifeGo = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.information_state_string(0), "e3 d7");

    // A mirrored setup's board is written as the origin, and read back.
    let config = mirrored(9, 2);
    let mut mirrored_game = LifeGo::new(config, 4).unwrap();
    let drop = mirrored_game.legal_drops()[0];
    mirrored_game.apply(&Action::at(drop)).unwrap();
    let json = serde_json::to_value(&mirrored_game).unwrap();
    assert_eq!(json["origin"]["moves"], 0);
    let back: LifeGo = serde_json::from_value(json).unwrap();
    assert_eq!(back, mirrored_game);
    assert_eq!(
        back.information_state_string(0),
        mirrored_game.information_state_string(0)
    );
}

#[test]
fn a_stored_position_its_drops_do_not_lead_to_is_the_origin() {
    let mut game = LifeGo::new(Config::default(), 0).unwrap();
    for drop in ["e3", "d7"] {
        game.apply(&drop.parse().unwrap()).unwrap();
    }
    let mut json = serde_json::to_value(&game).unwrap();
    json["drops"] = serde_json::json!(["d7", "e3"]);
    let resumed: LifeGo = serde_json::from_value(json).unwrap();
    assert_eq!(resumed.board(), game.board());
    assert_eq!(resumed.moves_played(), 2);
    assert!(resumed.drops().is_empty());
    let text = resumed.information_state_string(0);
    assert!(text.starts_with("from move 2 after d7: black "), "{text}");
    let tensor = resumed.information_state_tensor(0);
    assert_eq!(tensor[722], 2.0 / 400.0);
    // The origin's last drop sits in move 2's row (d7: file 3, rank 6); move 1 is unknown.
    let ones: Vec<usize> = (723..tensor.len()).filter(|&i| tensor[i] == 1.0).collect();
    assert_eq!(ones, [723 + 39, 723 + 39 + 1 + 3, 723 + 39 + 20 + 6]);
    // It round-trips as such, and plays on from there.
    let json = serde_json::to_value(&resumed).unwrap();
    assert_eq!(json["origin"]["moves"], 2);
    let mut back: LifeGo = serde_json::from_value(json).unwrap();
    assert_eq!(back, resumed);
    let drop = back.legal_drops()[0];
    back.apply(&Action::at(drop)).unwrap();
    assert!(
        back.information_state_string(0)
            .ends_with(&format!("; {drop}"))
    );
}

#[test]
fn a_deal_walks_the_draw() {
    let config = mirrored(9, 2);
    let mut deal = Deal::<LifeGo>::new(config.clone());
    while let Some(&(outcome, _)) = deal.outcomes().last() {
        deal.apply(outcome).unwrap();
    }
    assert_eq!(deal.drawn().len(), 2);
    let game = deal.game().unwrap();
    assert_eq!(game.stones(Colour::Black), 6);
    assert_eq!(game.stones(Colour::White), 6);
}
