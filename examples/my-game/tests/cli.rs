//! The binary as a user runs it: the arena's command line, a game at the terminal with its
//! record saved, and that record as a replay page, all from the library crates.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `my-game ARGS` with `input` on standard input.
fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_my-game"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(input.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("the binary ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A file in a scratch folder of this test run.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("my-game");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir.join(name)
}

#[test]
fn the_arena_runs_merges_and_refuses() {
    let help = run(&["arena", "--help"], "");
    assert!(help.status.success());
    for flag in [
        "--lineup", "--games", "--seed", "--shard", "--json", "--plot",
    ] {
        assert!(text(&help.stdout).contains(flag), "{flag}");
    }
    let args = [
        "arena",
        "--lineup",
        "mine,random",
        "--games",
        "50",
        "--seed",
        "1",
        "--json",
    ];
    let whole = run(&args, "");
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    let report = text(&whole.stdout);
    assert!(report.contains(r#""game":"take-away""#), "{report}");
    assert!(
        report.contains(r#""agent":"mine","games":50,"wins":50"#),
        "{report}"
    );

    let mut parts = Vec::new();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let mut sharded = args.to_vec();
        sharded.extend(["--shard", &shard]);
        let part = run(&sharded, "");
        assert!(part.status.success());
        let path = scratch(&format!("{k}.json"));
        std::fs::write(&path, &part.stdout).expect("written");
        parts.push(path.to_string_lossy().into_owned());
    }
    let merged = run(&["arena", "merge", &parts[1], &parts[0], "--json"], "");
    assert_eq!(text(&merged.stdout), report);

    let unknown = run(&["arena", "--lineup", "mine,nobody"], "");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("no AI called \"nobody\""));
    let none = run(&["arena", "--lineup", "mine,random", "--games", "0"], "");
    assert_eq!(none.status.code(), Some(2));
    assert_eq!(run(&["chess"], "").status.code(), Some(2));
}

#[test]
fn a_game_at_the_terminal_becomes_a_page() {
    let record = scratch("game.json");
    let page = scratch("game.html");
    let moves = "legal\nhint\ntake all\n9\n".to_string() + &"1\n".repeat(21) + "n\n";
    let record_arg = record.to_string_lossy().into_owned();
    let played = run(
        &[
            "play",
            "--ai",
            "random",
            "--seed",
            "1",
            "--save-record",
            &record_arg,
        ],
        &moves,
    );
    assert!(played.status.success(), "{}", text(&played.stderr));
    let said = text(&played.stdout);
    assert!(said.contains("You may play: 1, 2, 3."), "{said}");
    assert!(said.contains("The AI would play"), "{said}");
    assert!(said.contains("\"take all\" is not a move"), "{said}");
    assert!(said.contains("9 is not a legal move now"), "{said}");
    assert!(said.contains("took the last stone and wins."), "{said}");
    assert!(
        said.lines().all(|line| line.chars().count() <= 80),
        "{said}"
    );

    let page_arg = page.to_string_lossy().into_owned();
    let replayed = run(&["replay", &record_arg, "-o", &page_arg], "");
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
    let html = std::fs::read_to_string(&page).expect("the page");
    assert!(html.contains("Player 1 takes 1, leaving 20."));

    let refused = run(&["play", "--ai", "mighty"], "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("mine"),
        "{}",
        text(&refused.stderr)
    );
    let ended = run(&["play"], "");
    assert!(ended.status.success());
    assert!(text(&ended.stdout).ends_with("Bye.\n"));
}
