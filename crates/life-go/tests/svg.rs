//! Pictures: golden drawings of a few positions, what the tick did marked on the board, and
//! every drawing of random games well-formed and deterministic.
#![cfg(feature = "svg")]

use game_testkit::check_golden;
use life_go::MoveReport;
use life_go::prelude::*;

fn golden(name: &str, game: &LifeGo) {
    let path = format!("{}/tests/golden/{name}.svg", env!("CARGO_MANIFEST_DIR"));
    check_golden(path, &game.to_svg(View::Everything)).unwrap();
}

/// The game after `moves` random moves from `seed` (the random agent is seeded too).
fn random_game(config: Config, seed: u64, moves: usize) -> LifeGo {
    let mut game = LifeGo::new(config, seed).unwrap();
    let mut agents = [RandomAgent::new(seed), RandomAgent::new(seed + 1)];
    for _ in 0..moves {
        let Turn::Player(p) = game.turn() else { break };
        let legal = game.legal_actions(p);
        let decision = Decision::<LifeGo>::new(p, &game, &legal).unwrap();
        let action = agents[p].choose(&decision);
        game.apply(&action).unwrap();
    }
    game
}

fn classes(svg: &str, class: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

#[test]
fn golden_positions() {
    golden("setup", &LifeGo::new(Config::default(), 0).unwrap());
    golden("after-e3", &{
        let mut game = LifeGo::new(Config::default(), 0).unwrap();
        game.apply(&"e3".parse().unwrap()).unwrap();
        game
    });
    golden("middle", &random_game(Config::default(), 3, 30));
    let small = random_game(Config::square(7), 5, 400);
    assert!(small.is_over());
    golden("small-finished", &small);
}

#[test]
fn the_tick_is_marked() {
    // A lone black stone on a5 and a white blinker on c2 d2 e2; Black drops on b1, by the
    // blinker. The tick kills the lone stone and turns the blinker: stones are born and die.
    let config = Config {
        setup: Setup::custom("a5", "c2 d2 e2").unwrap(),
        ..Config::square(5)
    };
    let mut game = LifeGo::new(config, 0).unwrap();
    let before = game.to_svg(View::Everything);
    assert_eq!(classes(&before, "last"), 1, "only the legend's sample");
    assert_eq!(classes(&before, "born"), 1, "only the legend's sample");
    game.apply(&"b1".parse().unwrap()).unwrap();
    let after = game.to_svg(View::Everything);
    let report = format!("{:#}", {
        let mut again = LifeGo::new(game.config().clone(), 0).unwrap();
        let start = again.clone();
        again.apply(&"b1".parse().unwrap()).unwrap();
        MoveReport::new(&start, &again).unwrap()
    });
    assert!(after.contains(&report), "{report}");
    assert_eq!(
        classes(&after, "last"),
        2,
        "the drop and the legend's sample"
    );
    let tick = MoveReport::new(&LifeGo::new(game.config().clone(), 0).unwrap(), &game)
        .unwrap()
        .tick;
    assert_eq!(classes(&after, "born"), tick.born.len() + 1);
    assert_eq!(classes(&after, "died"), tick.died.len() + 1);
    assert_eq!(classes(&after, "turned"), tick.turned.len() + 1);
    assert!(!tick.born.is_empty() && !tick.died.is_empty());
    assert_eq!(after, game.to_svg(View::Seat(0)));
}
