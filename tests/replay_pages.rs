//! Replay pages of the built-in games, read through the one registry: every game steps through
//! its record, bad records are refused with reasons, and the narration reads as sentences.

use recess::game_core::svg::View;
use recess::game_core::{Agent, Game, Narrate, RandomAgent, Record, play};
use recess::game_replay::{PageError, Replay, Step};
use recess::{duel_rules::Duel, life_go::LifeGo, scoundrel::Scoundrel, tictactoe::TicTacToe};

fn json_of<G: Game>(record: &Record<G>) -> String {
    serde_json::to_string(record).unwrap()
}

#[test]
fn every_game_replays_step_by_step() {
    let games = recess::games::replay_games();
    let mut ttt = [RandomAgent::new(1), RandomAgent::new(2)];
    let played = play::<TicTacToe, _>(Default::default(), 3, &mut ttt).unwrap();
    let replay = games
        .replay(&json_of(played.record()), View::Everything)
        .unwrap();
    assert_eq!(replay.steps.len(), played.record().actions.len() + 1);
    assert!(replay.steps.iter().all(|s| s.svg.starts_with("<svg")));

    let mut duel: Vec<Box<dyn Agent<Duel>>> =
        vec![Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))];
    let played = play::<Duel, _>(Default::default(), 3, &mut duel).unwrap();
    let replay = games
        .replay(&json_of(played.record()), View::Seat(0))
        .unwrap();
    // Two actions a round.
    assert_eq!(replay.steps.len(), played.record().actions.len() / 2 + 1);
    let last = replay.steps.last().unwrap();
    assert!(
        last.narration
            .iter()
            .any(|l| l.starts_with("Game over after"))
    );
    assert_eq!(last.notation.split(' ').count(), 2);

    for name in games.names() {
        let sample = games.sample(name, 2).unwrap();
        let replay = games.replay(&sample, View::Everything).unwrap();
        assert!(replay.steps.len() > 1, "{name}");
        assert!(
            replay.steps.iter().all(|s| !s.narration.is_empty()),
            "{name}"
        );
    }
}

#[test]
fn bad_records_are_refused_with_reasons() {
    let games = recess::games::replay_games();
    assert!(matches!(
        games.replay("{", View::Everything),
        Err(PageError::Json(_))
    ));
    let chess = games
        .replay(r#"{"game":"chess"}"#, View::Everything)
        .unwrap_err();
    assert!(
        matches!(&chess, PageError::UnknownGame { game, .. } if game == "chess"),
        "{chess}"
    );
    assert!(
        chess
            .to_string()
            .contains("tictactoe, duel, big-two, life-go, scoundrel")
    );
    let mut taken_twice = Record::<TicTacToe>::new(Default::default(), 0);
    taken_twice.actions = vec!["5".parse().unwrap(), "5".parse().unwrap()];
    let refused = Replay::of(&taken_twice, View::Everything).unwrap_err();
    assert!(
        refused.to_string().contains("action 1 (5) was refused"),
        "{refused}"
    );
    let mut half_a_round = Record::<Duel>::new(Default::default(), 0);
    half_a_round.actions = vec!["charge".parse().unwrap()];
    let refused = games
        .replay(&json_of(&half_a_round), View::Everything)
        .unwrap_err();
    assert!(
        refused.to_string().contains("middle of a joint action"),
        "{refused}"
    );
    let seat = games
        .replay(&json_of(&taken_twice), View::Seat(5))
        .unwrap_err();
    assert!(matches!(seat, PageError::Seat(_)), "{seat}");
}

#[test]
fn the_page_keeps_its_script_whole() {
    let replay = Replay {
        game: "tictactoe".to_string(),
        seed: 1,
        view: View::Everything,
        steps: vec![Step {
            notation: "</script><script>alert(1)</script>".to_string(),
            narration: vec!["<b>".to_string()],
            svg: "<svg></svg>".to_string(),
        }],
    };
    let page = replay.to_html();
    assert_eq!(page.matches("</script>").count(), 2);
    assert!(page.contains("<\\/script>"));
}

#[test]
fn closings_read_as_sentences_with_minus_signs() {
    let mut lone = [RandomAgent::new(4)];
    let played = play::<Scoundrel, _>(Default::default(), 1, &mut lone).unwrap();
    assert!(!played.state().table().is_won());
    let closing = Scoundrel::closing(played.state()).join(" ");
    assert!(
        closing.starts_with("Killed in the Dungeon, with a score of −"),
        "{closing}"
    );
    assert!(!closing.contains('-'), "{closing}");
    let mut pair = [RandomAgent::new(1), RandomAgent::new(2)];
    let config = recess::life_go::Config::square(9);
    let played = play::<LifeGo, _>(config, 3, &mut pair).unwrap();
    let closing = LifeGo::closing(played.state()).join(" ");
    assert!(closing.starts_with("Game over: "), "{closing}");
    assert_eq!(closing.matches(':').count(), 1, "{closing}");
}

#[test]
fn big_two_moves_show_suit_symbols_as_the_narration_does() {
    let games = recess::games::replay_games();
    let sample = games.sample("big-two", 2).unwrap();
    let replay = games.replay(&sample, View::Everything).unwrap();
    let last = replay.steps.last().unwrap();
    assert!(last.notation.contains('♣'), "{}", last.notation);
    for step in &replay.steps {
        let ascii_card = step.notation.as_bytes().windows(2).any(|w| {
            (w[0].is_ascii_digit() || b"TJQKA".contains(&w[0])) && b"cdhs".contains(&w[1])
        });
        assert!(!ascii_card, "{}", step.notation);
    }
}

#[test]
fn pages_read_without_chinese_fonts_and_on_narrow_screens() {
    let games = recess::games::replay_games();
    let page = games
        .replay(&games.sample("duel", 2).unwrap(), View::Everything)
        .unwrap()
        .to_html();
    // A narrow screen scrolls the picture, kept at a readable width, rather than shrink it.
    assert!(page.contains("figure { margin: 0; overflow-x: auto; }"));
    assert!(page.contains("drawn.style.minWidth"));
    assert!(page.contains(".no-cjk .zh { display: none; }"));
    // The page's own splitting, run by node where it is installed: what is left shown with the
    // Chinese hidden has no Han character and keeps every English name.
    let Some(han) = page
        .lines()
        .find_map(|l| l.trim().strip_prefix("const HAN = "))
    else {
        panic!("the page's pattern for Chinese names");
    };
    let lines: Vec<String> = games
        .replay(&games.sample("duel", 2).unwrap(), View::Everything)
        .unwrap()
        .steps
        .into_iter()
        .flat_map(|s| s.narration)
        .collect();
    assert!(
        lines.iter().any(|l| l.contains("charge (儲氣)")),
        "{lines:?}"
    );
    let script = format!(
        "const HAN = {han}\nconst lines = {};\nfor (const l of lines) {{ console.log(l.split(HAN).filter(p => p !== '' && !HAN.test(p)).join('')); }}",
        serde_json::to_string(&lines).unwrap()
    );
    let Ok(out) = std::process::Command::new("node")
        .args(["-e", &script])
        .output()
    else {
        eprintln!("node is not installed: the page's splitting is not run");
        return;
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shown = String::from_utf8(out.stdout).unwrap();
    assert_eq!(shown.lines().count(), lines.len());
    assert!(shown.contains("Player 1 plays charge."), "{shown}");
    assert!(
        !shown
            .chars()
            .any(|c| ('\u{2e80}'..='\u{9fff}').contains(&c)),
        "{shown}"
    );
}
