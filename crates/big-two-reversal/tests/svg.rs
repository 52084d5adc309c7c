//! Pictures: golden drawings of a few tables, seat views that show no other seat's cards, and
//! every drawing of random games well-formed and deterministic.
#![cfg(feature = "svg")]

use std::collections::BTreeSet;

use big_two_reversal::RankOrder;
use big_two_reversal::prelude::*;
use game_core::testing::{Options, check_golden, check_svg, check_svg_hidden};

fn golden(name: &str, svg: &str) {
    let path = format!("{}/tests/golden/{name}.svg", env!("CARGO_MANIFEST_DIR"));
    check_golden(path, svg).unwrap();
}

/// AI3 at every seat chooses the next move.
fn ai3_move(game: &BigTwo) -> Option<Action> {
    let Turn::Player(p) = game.turn() else {
        return None;
    };
    let legal = game.legal_actions(p);
    let observation = game.observation(p);
    let decision = Decision::<BigTwo>::new(p, &observation, &legal)?;
    Some(Ai3.choose(&decision))
}

/// The game after `steps` moves by AI3 at every seat.
fn played(seed: u64, steps: usize) -> BigTwo {
    let mut game = BigTwo::new(Config::default(), seed).unwrap();
    for _ in 0..steps {
        let Some(action) = ai3_move(&game) else { break };
        game.apply(&action).unwrap();
    }
    game
}

/// The first state of an AI3 game (seeds from 0) whose rank order is reversed.
fn reversed() -> BigTwo {
    for seed in 0..200 {
        let mut game = BigTwo::new(Config::default(), seed).unwrap();
        while let Some(action) = ai3_move(&game) {
            game.apply(&action).unwrap();
            if game.table().order() == RankOrder::Reversed {
                return game;
            }
        }
    }
    panic!("no reversal in 200 games");
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
    let middle = played(42, 30);
    golden("middle-seat-2", &middle.to_svg(View::Seat(2)));
    let reversed = reversed();
    golden("reversed-everything", &reversed.to_svg(View::Everything));
    let over = played(42, 400);
    assert_eq!(over.turn(), Turn::Over);
    golden("over-everything", &over.to_svg(View::Everything));
}

#[test]
fn a_seat_sees_its_hand_and_the_played_cards_only() {
    for steps in [0, 9, 25, 60] {
        let game = played(7, steps);
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
    let reversed = reversed();
    assert!(reversed.to_svg(View::Seat(0)).contains("REVERSED"));
    assert!(!played(1, 0).to_svg(View::Seat(0)).contains("REVERSED"));
}

#[test]
fn random_games_draw_well_and_hide_what_they_should() {
    let options = Options {
        games: 4,
        deep_check_every: 9,
        ..Options::default()
    };
    check_svg::<BigTwo>(&Config::default(), &options).unwrap();
    check_svg_hidden::<BigTwo>(&Config::default(), &options).unwrap();
}
