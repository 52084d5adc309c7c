//! Pictures: golden drawings of a few tables, seat views that show no other seat's cards, and
//! every drawing of random games well-formed and deterministic.
#![cfg(feature = "svg")]

use std::collections::BTreeSet;

use big_two_reversal::RankOrder;
use big_two_reversal::prelude::*;
use game_testkit::check_golden;

fn golden(name: &str, svg: &str) {
    let path = format!("{}/tests/golden/{name}.svg", env!("CARGO_MANIFEST_DIR"));
    check_golden(path, svg).unwrap();
}

/// The game of the record `name` (under `tests/golden/`, played by AI3 at every seat) after
/// its first `steps` moves.
fn played(name: &str, steps: usize) -> BigTwo {
    let path = format!(
        "{}/tests/golden/{name}.record.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut record: Record<BigTwo> =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    record.actions.truncate(steps);
    record.replay().unwrap()
}

/// The `data-card` names of the face-up cards (groups of class `card`) in a picture.
fn faces(svg: &str) -> BTreeSet<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("card"))
        .filter_map(|n| n.attribute("data-card").map(str::to_string))
        .collect()
}

fn names(cards: CardSet) -> BTreeSet<String> {
    cards.iter().map(|c| format!("{c:#}")).collect()
}

#[test]
fn golden_tables() {
    let start = BigTwo::new(Config::default(), 42).unwrap();
    golden("deal-everything", &start.to_svg(View::Everything));
    golden("deal-seat-0", &start.to_svg(View::Seat(0)));
    let middle = played("seed-42", 30);
    golden("middle-seat-2", &middle.to_svg(View::Seat(2)));
    let reversed = played("seed-14-reversal", 1);
    assert_eq!(reversed.table().order(), RankOrder::Reversed);
    golden("reversed-everything", &reversed.to_svg(View::Everything));
    let over = played("seed-42", usize::MAX);
    assert_eq!(over.turn(), Turn::Over);
    golden("over-everything", &over.to_svg(View::Everything));
}

#[test]
fn a_seat_sees_its_hand_and_the_played_cards_only() {
    for steps in [0, 9, 25, 60] {
        let game = played("seed-42", steps);
        for seat in 0..4 {
            let svg = game.to_svg(View::Seat(seat));
            let visible = faces(&svg);
            assert_eq!(
                visible,
                names(
                    game.hand(seat)
                        | (game
                            .table()
                            .trick()
                            .map_or(CardSet::EMPTY, |t| t.play.cards()))
                ),
                "seat {seat} after {steps} steps"
            );
            for other in (0..4).filter(|&o| o != seat) {
                for card in game.hand(other) {
                    // Not as a face, nor named anywhere else in the picture.
                    let named = format!("data-card=\"{card:#}\"");
                    assert!(!svg.contains(&named), "{card} in seat {seat}'s view");
                }
            }
            let backs = svg.matches(r#"class="card back""#).count();
            let others: usize = (0..4)
                .filter(|&o| o != seat)
                .map(|o| game.hand(o).len())
                .sum();
            assert_eq!(backs, others);
        }
        assert_eq!(
            faces(&game.to_svg(View::Everything)),
            names(
                (0..4).fold(CardSet::EMPTY, |all, s| all | game.hand(s))
                    | game
                        .table()
                        .trick()
                        .map_or(CardSet::EMPTY, |t| t.play.cards())
            )
        );
    }
}

#[test]
fn the_reversal_is_marked() {
    let reversed = played("seed-14-reversal", 1);
    assert!(reversed.to_svg(View::Seat(0)).contains("REVERSED"));
    assert!(
        !played("seed-14-reversal", 0)
            .to_svg(View::Seat(0))
            .contains("REVERSED")
    );
}
