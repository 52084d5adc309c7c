//! Pictures: golden drawings of a few tables, the Dungeon's order only in the full view, and
//! every drawing of random games well-formed and deterministic.
#![cfg(feature = "svg")]

use std::collections::BTreeSet;

use cards_core::CardSet;
use game_core::testing::{Options, check_golden, check_svg, check_svg_hidden};
use scoundrel::prelude::*;

fn golden(name: &str, svg: &str) {
    let path = format!("{}/tests/golden/{name}.svg", env!("CARGO_MANIFEST_DIR"));
    check_golden(path, svg).unwrap();
}

/// The game of `seed` after `steps` moves of `agent`.
fn played(seed: u64, steps: usize, agent: &mut dyn Agent<Scoundrel>) -> Scoundrel {
    let mut game = Scoundrel::new(Config::default(), seed).unwrap();
    for _ in 0..steps {
        if game.is_over() {
            break;
        }
        let legal = game.legal_actions(0);
        let observation = game.observation(0);
        let decision = Decision::<Scoundrel>::new(0, &observation, &legal).unwrap();
        let action = agent.choose(&decision);
        game.apply(&action).unwrap();
    }
    game
}

/// The `data-card` names of the face-up cards in a picture.
fn faces(svg: &str) -> BTreeSet<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("card"))
        .filter_map(|n| n.attribute("data-card").map(str::to_string))
        .collect()
}

#[test]
fn golden_tables() {
    let start = Scoundrel::new(Config::default(), 42).unwrap();
    golden("start-player", &start.to_svg(View::Seat(0)));
    golden("start-everything", &start.to_svg(View::Everything));
    let mut avoided = start;
    avoided.apply(&Action::Avoid).unwrap();
    golden("avoided-player", &avoided.to_svg(View::Seat(0)));
    let middle = played(42, 14, &mut GreedyAgent::new());
    assert!(
        middle
            .table()
            .weapon()
            .is_some_and(|w| w.last_kill().is_some())
    );
    golden("middle-player", &middle.to_svg(View::Seat(0)));
    let dead = played(42, 200, &mut GreedyAgent::new());
    assert!(dead.is_over() && !dead.table().is_won());
    golden("dead-player", &dead.to_svg(View::Seat(0)));
    let deal = Scoundrel::new(Config::default(), 42).unwrap();
    let won = played(42, 200, &mut SolverAgent::new(&deal));
    assert!(won.table().is_won());
    golden("won-player", &won.to_svg(View::Seat(0)));
}

#[test]
fn the_dungeon_order_shows_only_in_the_full_view() {
    let mut game = Scoundrel::new(Config::default(), 7).unwrap();
    game.apply(&Action::Avoid).unwrap();
    let room: CardSet = game.table().room_cards();
    let seen = faces(&game.to_svg(View::Seat(0)));
    let bottom: Vec<_> = game.observation(0).known_bottom().iter().collect();
    assert_eq!(bottom.len(), 4);
    let expected: BTreeSet<String> = (room | bottom.iter().copied().collect::<CardSet>())
        .iter()
        .map(|c| format!("{c:#}"))
        .collect();
    assert_eq!(seen, expected);
    let svg = game.to_svg(View::Seat(0));
    for card in game.dungeon().cards() - bottom.iter().copied().collect::<CardSet>() {
        assert!(!svg.contains(&format!("data-card=\"{card:#}\"")), "{card}");
    }
    assert!(svg.contains(">40</text>"), "the pile's count");
    let all = faces(&game.to_svg(View::Everything));
    assert_eq!(all.len(), 44, "the Room and the whole Dungeon");
}

#[test]
fn random_games_draw_well_and_hide_the_order() {
    let options = Options {
        games: 6,
        deep_check_every: 3,
        ..Options::default()
    };
    check_svg::<Scoundrel>(&Config::default(), &options).unwrap();
    check_svg_hidden::<Scoundrel>(&Config::default(), &options).unwrap();
    check_svg::<Scoundrel>(&Config::strict(), &options).unwrap();
}
