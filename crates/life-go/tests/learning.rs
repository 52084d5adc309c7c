//! Action ids, masks and observation tensors: game-core's checks on several sizes and setups,
//! and golden values that keep the ids and the tensor layout stable across versions.

use life_go::OBSERVATION_PLANES;
use life_go::prelude::*;

fn cell(name: &str) -> Action {
    name.parse().unwrap()
}

#[test]
fn golden_ids() {
    let standard = Config::default();
    assert_eq!(LifeGo::num_distinct_actions(&standard), 361);
    for (name, id) in [
        ("a1", 0),
        ("s1", 18),
        ("a2", 19),
        ("d3", 41),
        ("j10", 180),
        ("s19", 360),
    ] {
        assert_eq!(
            LifeGo::action_id(&standard, &cell(name)),
            Some(id),
            "{name}"
        );
        assert_eq!(
            LifeGo::action_from_id(&standard, id),
            Some(cell(name)),
            "{id}"
        );
    }
    assert_eq!(LifeGo::action_id(&standard, &cell("t1")), None);
    assert_eq!(LifeGo::action_id(&standard, &cell("a20")), None);
    assert_eq!(LifeGo::action_from_id(&standard, 361), None);
    assert_eq!(LifeGo::action_from_id(&standard, usize::MAX), None);

    let wide = Config::sized(7, 3);
    assert_eq!(LifeGo::num_distinct_actions(&wide), 21);
    for (name, id) in [("a1", 0), ("g1", 6), ("a2", 7), ("c3", 16), ("g3", 20)] {
        assert_eq!(LifeGo::action_id(&wide, &cell(name)), Some(id), "{name}");
        assert_eq!(LifeGo::action_from_id(&wide, id), Some(cell(name)), "{id}");
    }
    assert_eq!(LifeGo::action_id(&wide, &cell("h1")), None);
    assert_eq!(LifeGo::action_id(&wide, &cell("a4")), None);
    assert_eq!(LifeGo::action_from_id(&wide, 21), None);

    let largest = Config::square(64);
    assert_eq!(LifeGo::num_distinct_actions(&largest), 4096);
    for (name, id) in [
        ("z1", 25),
        ("aa1", 26),
        ("bl1", 63),
        ("a2", 64),
        ("bl64", 4095),
    ] {
        assert_eq!(LifeGo::action_id(&largest, &cell(name)), Some(id), "{name}");
        assert_eq!(
            LifeGo::action_from_id(&largest, id),
            Some(cell(name)),
            "{id}"
        );
    }
}

#[test]
fn golden_tensor_and_string() {
    // 4×3: Black drops on a2 next to its row a1 b1 c1; the tick leaves the board as it is
    // (every stone has 2 or 3 neighbours and no empty cell exactly 3).
    let config = Config {
        width: 4,
        height: 3,
        setup: Setup::custom("a1 b1 c1", "c3 d3 d2").unwrap(),
        move_limit: 8,
    };
    let mut game = LifeGo::new(config.clone(), 0).unwrap();
    game.apply(&cell("a2")).unwrap();
    assert_eq!(
        LifeGo::observation_tensor_shape(&config),
        [OBSERVATION_PLANES, 3, 4]
    );
    assert_eq!(OBSERVATION_PLANES, 5);
    #[rustfmt::skip]
    let expected: [f32; 60] = [
        // black: ranks 1, 2, 3, files a to d
        1., 1., 1., 0.,   1., 0., 0., 0.,   0., 0., 0., 0.,
        // white
        0., 0., 0., 0.,   0., 0., 0., 1.,   0., 0., 1., 1.,
        // empty
        0., 0., 0., 1.,   0., 1., 1., 0.,   1., 1., 0., 0.,
        // White to move
        1., 1., 1., 1.,   1., 1., 1., 1.,   1., 1., 1., 1.,
        // 1 move of 8
        0.125, 0.125, 0.125, 0.125,   0.125, 0.125, 0.125, 0.125,   0.125, 0.125, 0.125, 0.125,
    ];
    assert_eq!(game.observation_tensor(0), expected);
    assert_eq!(game.observation_tensor(1), expected);
    assert_eq!(
        game.observation_string(1),
        " 3 ..oo\n 2 x..o\n 1 xxx.\n   abcd\nblack 4 · white 3 · move 1 · white to move"
    );
    assert_eq!(game.observation_string(0), game.observation_string(1));
    // d1 b2 c2 a3 b3, in id order.
    assert_eq!(game.legal_action_ids(1), [3, 5, 6, 8, 9]);
    let mask = game.legal_action_mask(1);
    let marked: Vec<usize> = (0..12).filter(|&i| mask[i]).collect();
    assert_eq!(marked, [3, 5, 6, 8, 9]);
    assert!(game.legal_action_mask(0).iter().all(|&legal| !legal));
}

#[test]
fn standard_start_tensor() {
    let game = LifeGo::new(Config::default(), 0).unwrap();
    let tensor = game.observation_tensor(0);
    assert_eq!(tensor.len(), 5 * 361);
    let at = |plane: usize, name: &str| {
        tensor[plane * 361 + LifeGo::action_id(&Config::default(), &cell(name)).unwrap()]
    };
    assert_eq!((at(0, "d3"), at(1, "d3"), at(2, "d3")), (1.0, 0.0, 0.0));
    assert_eq!((at(0, "c4"), at(1, "c4"), at(2, "c4")), (0.0, 1.0, 0.0));
    assert_eq!((at(0, "a1"), at(1, "a1"), at(2, "a1")), (0.0, 0.0, 1.0));
    assert_eq!(tensor[..361].iter().sum::<f32>(), 11.0);
    assert_eq!(tensor[361..722].iter().sum::<f32>(), 11.0);
    assert!(
        tensor[3 * 361..].iter().all(|&v| v == 0.0),
        "Black to move, no move played"
    );
}
