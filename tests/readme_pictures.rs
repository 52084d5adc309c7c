//! The pictures of the games that `docs/rust.md` shows: drawn by the code and committed under
//! `docs/images/`.
//! The test fails when a committed picture is not what the code draws now; `UPDATE_GOLDEN=1
//! cargo test --test readme_pictures` redraws them.

use recess::game_core::svg::{ToSvg, View};
use recess::game_core::{Game, Record};
use recess::game_testkit::{check_golden, check_svg_document};

/// The game of `G` from `seed` after `moves` (as a record stores them).
fn after<G: Game>(config: G::Config, seed: u64, moves: &[&str]) -> G {
    let record: Record<G> = serde_json::from_value(serde_json::json!({
        "game": G::NAME,
        "config": config,
        "seed": seed,
        "actions": moves,
    }))
    .unwrap();
    record.replay().unwrap()
}

fn picture(name: &str, svg: &str) {
    check_svg_document(svg).unwrap();
    let path = format!("{}/docs/images/{name}.svg", env!("CARGO_MANIFEST_DIR"));
    check_golden(path, svg).unwrap();
}

#[test]
fn the_readme_pictures_are_what_the_code_draws() {
    use recess::{big_two_reversal, duel_rules, life_go, scoundrel, tictactoe};

    let game: tictactoe::TicTacToe = after(Default::default(), 0, &["5", "1", "3", "2", "7"]);
    picture("tictactoe", &game.to_svg(View::Everything));

    let duel: duel_rules::Duel =
        after(Default::default(), 0, &["charge", "block", "shoot", "seal"]);
    picture("duel", &duel.to_svg(View::Everything));

    // Seed 14's first play is a four of a kind completed by the red joker: the order turns.
    let big_two: big_two_reversal::BigTwo = after(Default::default(), 14, &["3c 3d 3h RJ=3"]);
    picture("big-two", &big_two.to_svg(View::Everything));
    picture("big-two-seat-1", &big_two.to_svg(View::Seat(1)));

    let life: life_go::LifeGo = after(Default::default(), 0, &["e3", "d7", "p5"]);
    picture("life-go", &life.to_svg(View::Everything));

    // Seed 42 as the greedy agent plays its first fourteen moves.
    let dungeon: scoundrel::Scoundrel = after(
        Default::default(),
        42,
        &[
            "3♦", "5♦", "7♦", "K♠ w", "9♥", "2♥", "7♣ w", "5♣ w", "10♦", "3♣ w", "8♦", "9♦",
            "Q♠ w", "9♣ w",
        ],
    );
    picture("scoundrel", &dungeon.to_svg(View::Seat(0)));
}
