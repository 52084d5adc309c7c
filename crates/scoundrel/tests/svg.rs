//! Pictures: golden drawings of a few tables, the Dungeon's order only in the full view, and
//! every drawing of random games well-formed and deterministic.
#![cfg(feature = "svg")]

use std::collections::BTreeSet;

use cards_core::CardSet;
use game_testkit::check_golden;
use scoundrel::prelude::*;

fn golden(name: &str, svg: &str) {
    let path = format!("{}/tests/golden/{name}.svg", env!("CARGO_MANIFEST_DIR"));
    check_golden(path, svg).unwrap();
}

/// The game of the record `name` (under `tests/golden/`) after its first `steps` moves.
fn played(name: &str, steps: usize) -> Scoundrel {
    let path = format!(
        "{}/tests/golden/{name}.record.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut record: Record<Scoundrel> =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    record.actions.truncate(steps);
    record.replay().unwrap()
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
    // Seed 42 played by the greedy agent, and by the clairvoyant solver.
    let middle = played("seed-42-greedy", 14);
    assert!(
        middle
            .table()
            .weapon()
            .is_some_and(|w| w.last_kill().is_some())
    );
    golden("middle-player", &middle.to_svg(View::Seat(0)));
    let dead = played("seed-42-greedy", usize::MAX);
    assert!(dead.is_over() && !dead.table().is_won());
    golden("dead-player", &dead.to_svg(View::Seat(0)));
    let won = played("seed-42-solver", usize::MAX);
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
