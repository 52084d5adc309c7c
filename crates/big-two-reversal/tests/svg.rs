//! Pictures: golden drawings of a few tables, seat views that show no other seat's cards, and
//! every drawing of random games well-formed and deterministic.
#![cfg(feature = "svg")]

use std::collections::BTreeSet;

use big_two_reversal::prelude::*;
use big_two_reversal::{Preset, RankOrder};
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

/// Every seat's labels (the rounded pills: to move, passed, its place) stay inside the table,
/// at every step of two whole games.
#[test]
fn every_label_stays_inside_the_table() {
    let number = |tag: &str, name: &str| -> f64 {
        let at = tag.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    for name in ["seed-42", "seed-14-reversal"] {
        let whole = played(name, usize::MAX);
        for step in 0..=whole.history().len() {
            let svg = played(name, step).to_svg(View::Everything);
            let width = number(&svg, "width");
            for tag in svg.split('<').filter(|t| t.starts_with("rect ")) {
                if ["place", "passed", "to-move"]
                    .iter()
                    .any(|c| tag.contains(&format!("class=\"{c}\"")))
                {
                    let right = number(tag, "x") + number(tag, "width");
                    assert!(right <= width - 4.0, "{name} step {step}: {tag}");
                }
            }
        }
    }
}

/// The right ends of the labels (to move, passed or shut out, place or payment) in a picture,
/// beside its width.
fn label_ends(svg: &str) -> (f64, Vec<f64>) {
    let number = |tag: &str, name: &str| -> f64 {
        let at = tag.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    let ends = svg
        .split('<')
        .filter(|t| t.starts_with("rect "))
        .filter(|tag| {
            ["place", "passed", "to-move"]
                .iter()
                .any(|c| tag.contains(&format!("class=\"{c}\"")))
        })
        .map(|tag| number(tag, "x") + number(tag, "width"))
        .collect();
    (number(svg, "width"), ends)
}

/// A game of each standard preset and of two and three seats, played out with the first legal
/// action: every hand drawn, the labels of the rule set, each label inside the table.
#[test]
fn every_rule_set_is_drawn_with_its_labels() {
    for preset in &Preset::ALL[1..] {
        for players in [2u8, 3, 4] {
            let mut config = Config::preset(*preset);
            config.players = players;
            let mut game = BigTwo::new(config.clone(), 5).unwrap();
            let first = game.to_svg(View::Everything);
            assert_eq!(
                first.matches(r#"class="card""#).count(),
                13 * usize::from(players),
                "{preset} {players}"
            );
            let opening = game.table().opening();
            assert!(first.contains("leads the game: the play must hold the "));
            assert!(first.contains(&format!(
                "the {} of",
                opening.rank().expect("a standard card").name()
            )));
            assert!(!first.contains(">jokers<"), "{preset}: no jokers in play");
            assert!(first.contains("suits: "), "{preset}");
            let mut shut_out = false;
            while let Turn::Player(p) = game.turn() {
                let legal = game.legal_actions(p);
                // Player 2 passes whenever it may, the others make their lowest play.
                let action = if p == 1 && legal.contains(&Action::Pass) {
                    Action::Pass
                } else {
                    legal[0]
                };
                game.apply(&action).unwrap();
                let svg = game.to_svg(View::Everything);
                shut_out |= svg.contains(">shut out<");
                let (width, ends) = label_ends(&svg);
                for end in ends {
                    assert!(end <= width - 4.0, "{preset} {players}: {end}");
                }
            }
            // With two seats a pass ends the trick at once: no one stays shut out.
            if players > 2 {
                assert_eq!(shut_out, config.pass_shuts_out, "{preset} {players}");
            }
            let over = game.to_svg(View::Everything);
            let winner = game.table().finish_order().next().unwrap();
            assert!(over.contains(&format!(
                "Big Two: the game is over, player {} is out first",
                winner + 1
            )));
            assert!(over.contains(">out first<"));
            for p in (0..usize::from(players)).filter(|&p| p != winner) {
                let pays = -game.returns(p);
                assert!(over.contains(&format!(">pays {pays}<")), "{preset}: {pays}");
            }
        }
    }
}
