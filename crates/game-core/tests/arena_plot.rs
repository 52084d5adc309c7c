//! The arena's plot: a golden picture of two fixed reports, and well-formed documents whatever
//! the reports hold.

use game_arena::{self as arena, AgentResult, Report, SeatResult, Shard, wilson_interval};
use game_testkit::{check_golden, check_svg_document};

/// A lineup slot's result from its wins, draws and losses and the sum of its returns.
fn slot(agent: &str, [wins, draws, losses]: [usize; 3], total_return: f64) -> AgentResult {
    let games = wins + draws + losses;
    AgentResult {
        agent: agent.to_string(),
        games,
        wins,
        draws,
        losses,
        mean_return: total_return / games as f64,
        total_return,
        win_rate: wins as f64 / games as f64,
        ci95: wilson_interval(wins, games, 1.959_963_984_540_054),
    }
}

/// A seat's result, numbered from 0 as reports number them.
fn seat(seat: usize, [wins, draws, losses]: [usize; 3], total_return: f64) -> SeatResult {
    SeatResult {
        seat,
        wins,
        draws,
        losses,
        mean_return: total_return / (wins + draws + losses) as f64,
        total_return,
    }
}

/// A two-player game with draws, returns +1, 0, −1 (no mean return drawn), and a four-player
/// game scored by places, one shard of its run (mean return drawn).
fn reports() -> Vec<Report> {
    vec![
        Report {
            game: "tictactoe".into(),
            lineup: vec!["perfect".into(), "heuristic".into()],
            games: 100,
            seed: 1,
            shard: None,
            rules: None,
            results: vec![
                slot("perfect", [43, 57, 0], 43.0),
                slot("heuristic", [0, 57, 43], -43.0),
            ],
            by_seat: vec![seat(0, [30, 57, 13], 17.0), seat(1, [13, 57, 30], -17.0)],
        },
        Report {
            game: "big-two".into(),
            lineup: ["ai4", "ai3", "ai3", "ai3"].map(String::from).to_vec(),
            games: 40,
            seed: 9,
            shard: Some(Shard::new(1, 2).unwrap()),
            rules: None,
            results: vec![
                slot("ai4", [12, 0, 8], 18.0),
                slot("ai3", [3, 0, 17], -10.0),
                slot("ai3", [3, 0, 17], -4.0),
                slot("ai3", [2, 0, 18], -4.0),
            ],
            by_seat: vec![
                seat(0, [6, 0, 14], 2.0),
                seat(1, [5, 0, 15], 0.0),
                seat(2, [5, 0, 15], -2.0),
                seat(3, [4, 0, 16], 0.0),
            ],
        },
    ]
}

#[test]
fn the_plot_of_two_reports_is_golden() {
    let picture = arena::plot(&reports());
    check_svg_document(&picture).unwrap();
    assert_eq!(
        picture,
        arena::plot(&reports()),
        "the same bytes every time"
    );
    let path = format!("{}/tests/golden/arena-plot.svg", env!("CARGO_MANIFEST_DIR"));
    check_golden(path, &picture).unwrap();
}

#[test]
fn the_plot_labels_what_it_shows() {
    let picture = arena::plot(&reports());
    // Each panel names its game, games, seed and lineup.
    assert!(picture.contains(">tictactoe · 100 games · seed 1</text>"));
    assert!(picture.contains(">lineup perfect,heuristic</text>"));
    assert!(picture.contains(">big-two · 40 games · seed 9 · shard 1/2</text>"));
    assert!(picture.contains(">lineup ai4,ai3,ai3,ai3</text>"));
    // Slots and players are numbered from 1.
    assert!(picture.contains(">1. perfect</text>") && picture.contains(">4. ai3</text>"));
    assert!(picture.contains("by player (won-drawn-lost): player 1: 30-57-13, player 2: 13-57-30"));
    // Win rates with their intervals, to one decimal.
    assert!(picture.contains(">43.0% [33.7, 52.8]</text>"), "{picture}");
    assert!(picture.contains(">0.0% [0.0, 3.7]</text>"), "{picture}");
    // The mean return only where it says more than wins and losses: once, for Big Two.
    assert_eq!(picture.matches(">mean return</text>").count(), 1);
    assert!(picture.contains(">0.900</text>") && picture.contains(">−0.500</text>"));
    assert_eq!(picture.matches(r#"class="slot""#).count(), 6);
}

#[test]
fn any_report_gives_a_well_formed_plot() {
    let empty = arena::plot(&[]);
    assert!(check_svg_document(&empty).is_ok(), "{empty}");
    assert!(empty.contains("no results"));

    // Markup in names is escaped, long names cut, rates outside 0..1 or not numbers drawn
    // within the scale.
    let mut odd = reports();
    odd[0].game = "<game & \"quotes\">".into();
    odd[0].results[0].agent = "<script>alert(1)</script> and a very long name indeed".into();
    odd[0].results[1].win_rate = f64::NAN;
    odd[0].results[1].ci95 = [-3.0, f64::INFINITY];
    odd[1].results.clear();
    let picture = arena::plot(&odd);
    check_svg_document(&picture).unwrap();
    assert!(!picture.contains("<script>"));
    assert!(picture.contains("&lt;script&gt;alert(1)&lt;/script&gt;…</text>"));
    assert!(!picture.contains("NaN") && !picture.contains("inf"));
}
