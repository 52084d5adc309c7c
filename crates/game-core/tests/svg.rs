//! The drawing checks of the test kit, on Kuhn poker drawn by hand: they pass an honest drawing
//! and catch a seat's picture that shows the other player's card.

mod common;

use std::cell::Cell;

use common::Kuhn;
use game_core::Game;
use game_core::svg::{Svg, ToSvg, View, palette};
use game_testkit::{Options, check_golden, check_svg, check_svg_document, check_svg_hidden};

thread_local! {
    /// When set, seat views show the other player's card: the leak the checks must catch.
    static LEAK: Cell<bool> = const { Cell::new(false) };
}

const NAMES: [&str; 3] = ["J", "Q", "K"];

impl ToSvg for Kuhn {
    fn to_svg(&self, view: View) -> String {
        let mut svg = Svg::new(200.0, 100.0, "Kuhn poker");
        // At a showdown both cards are turned over.
        let shown = self.observation(0).shown.is_some();
        for seat in 0..2 {
            let x = 20.0 + 100.0 * seat as f64;
            let visible = view.sees(seat) || shown || LEAK.with(Cell::get);
            let card = svg.rect(x, 20.0, 40.0, 60.0).attr("rx", 4);
            if visible {
                drop(
                    card.attr("fill", palette::PAPER)
                        .attr("stroke", palette::INK),
                );
                svg.text(x + 20.0, 58.0)
                    .attr("text-anchor", "middle")
                    .content(NAMES[usize::from(self.cards[seat])]);
            } else {
                drop(card.attr("fill", palette::BLUE));
            }
        }
        let bets: Vec<String> = self.history.iter().map(ToString::to_string).collect();
        svg.text(100.0, 95.0)
            .attr("text-anchor", "middle")
            .content(&bets.join(" "));
        svg.finish()
    }
}

fn options() -> Options {
    Options {
        games: 30,
        ..Options::default()
    }
}

#[test]
fn an_honest_drawing_passes() {
    let report = check_svg::<Kuhn>(&(), &options()).unwrap();
    assert_eq!(report.games, 30);
    assert!(report.steps > 30);
    check_svg_hidden::<Kuhn>(&(), &options()).unwrap();
}

#[test]
fn the_test_kits_nim_draws_well() {
    let report = check_svg::<game_testkit::Nim>(&(), &options()).unwrap();
    assert!(report.steps > 30);
}

#[test]
fn a_leaking_drawing_is_caught() {
    LEAK.with(|leak| leak.set(true));
    let violation = check_svg_hidden::<Kuhn>(&(), &options()).unwrap_err();
    LEAK.with(|leak| leak.set(false));
    assert!(
        violation.problem.contains("shows something hidden"),
        "{violation}"
    );
}

#[test]
fn documents_are_checked() {
    let doc = Kuhn::new((), 1).unwrap().to_svg(View::Seat(0));
    assert_eq!(check_svg_document(&doc), Ok((200.0, 100.0)));
    for bad in [
        "",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><title>t</title>",
        "<svg viewBox=\"0 0 1 1\"><title>t</title></svg>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>t</title></svg>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 0 1\"><title>t</title></svg>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1\"><title>t</title></svg>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><title> </title></svg>",
    ] {
        assert!(check_svg_document(bad).is_err(), "{bad}");
    }
}

#[test]
fn golden_files_compare_and_say_where() {
    let dir = std::env::temp_dir().join(format!("game-core-golden-{}", std::process::id()));
    let path = dir.join("a.svg");
    let missing = check_golden(&path, "x\n").unwrap_err();
    assert!(missing.contains("UPDATE_GOLDEN=1"), "{missing}");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(&path, "one\ntwo\nthree\n").unwrap();
    assert_eq!(check_golden(&path, "one\ntwo\nthree\n"), Ok(()));
    let changed = check_golden(&path, "one\n2\nthree\n").unwrap_err();
    assert!(changed.contains("line 2"), "{changed}");
    assert!(
        changed.contains("golden: two") && changed.contains("new:    2"),
        "{changed}"
    );
    let shorter = check_golden(&path, "one\ntwo\n").unwrap_err();
    assert!(shorter.contains("line 3"), "{shorter}");
    std::fs::remove_dir_all(&dir).unwrap();
}
