//! The terminal programs driven as a person drives them: answers typed on standard input, the
//! transcript and the exit code checked. Each example is built (in the profile of this test)
//! before its first run.

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::str::FromStr;
use std::sync::Mutex;

/// What a run printed and how it ended.
struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

/// The path of example `name`, built first (once per test process) in this test's profile.
fn example(name: &str) -> PathBuf {
    static BUILT: Mutex<Option<HashSet<String>>> = Mutex::new(None);
    // target/<profile>/deps/examples-… → target/<profile>/examples/<name>
    let exe = std::env::current_exe().expect("the test's own path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    let mut built = BUILT.lock().unwrap_or_else(|p| p.into_inner());
    if built
        .get_or_insert_with(HashSet::new)
        .insert(name.to_string())
    {
        let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") | None => "dev".to_string(),
            Some(other) => other.to_string(),
        };
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
        let status = Command::new(cargo)
            .args(["build", "--quiet", "--example", name, "--profile", &profile])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building the example {name} failed");
    }
    profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

/// Runs example `name` with `args`, `input` typed on its standard input (not a terminal).
fn run(name: &str, args: &[&str], input: &str) -> Run {
    let mut child = Command::new(example(name))
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let mut stdin = child.stdin.take().expect("a pipe");
    // A program that stops reading early closes the pipe: not an error here.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("the example ends");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().unwrap_or(-1),
    }
}

/// The columns a line takes on a terminal: Chinese characters two, colour codes none.
fn columns(line: &str) -> usize {
    let mut width = 0;
    let mut in_code = false;
    for c in line.chars() {
        match (in_code, c) {
            (false, '\x1b') => in_code = true,
            (false, c) if ('\u{2e80}'..='\u{9fff}').contains(&c) => width += 2,
            (false, _) => width += 1,
            (true, 'm') => in_code = false,
            (true, _) => {}
        }
    }
    width
}

/// Every line fits 80 columns (the width when the output is not a terminal).
fn assert_fits(what: &str, text: &str) {
    for line in text.lines() {
        assert!(
            columns(line) <= 80,
            "{what}: a line of {} columns: {line}",
            columns(line)
        );
    }
}

/// `text` with its lines joined, so that a phrase wrapped over two lines is found whole.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A line of 6,000 characters, as a paste gone wrong.
fn long_line(c: char) -> String {
    std::iter::repeat_n(c, 6000).collect()
}

/// Long input is cut wherever it is shown back: in the echo of the answer and in refusals.
fn assert_long_input_cut(what: &str, run: &Run) {
    assert_eq!(run.code, 0, "{what}: {}", run.stderr);
    assert!(run.stdout.contains('…'), "{what}: nothing was cut");
    assert!(
        run.stdout.len() < 20_000,
        "{what}: {} bytes of output",
        run.stdout.len()
    );
    assert_fits(what, &run.stdout);
    assert!(
        run.stdout.trim_end().ends_with("Bye."),
        "{what}: {}",
        run.stdout
    );
}

#[test]
fn long_input_is_cut_in_every_game() {
    let x = long_line('x');
    let nine = long_line('9');
    let cases: [(&str, &[&str], String); 5] = [
        (
            "tictactoe",
            &["--ai", "random", "--seed", "1"],
            format!("X\n{nine}\nquit\n"),
        ),
        (
            "big_two",
            &["--ai", "ai1", "--seed", "2"],
            format!("{x}\nquit\ny\n"),
        ),
        ("scoundrel", &["--seed", "1"], format!("{x}\nquit\n")),
        (
            "life_go",
            &[
                "--size", "9", "--black", "c3 d3 e3", "--white", "c6 d6 e6", "--ai", "random",
            ],
            format!("{x}\nquit\n"),
        ),
        (
            "duel",
            &["--ai", "dice", "--seed", "1"],
            format!("{x}\nquit\n"),
        ),
    ];
    for (name, args, input) in cases {
        let run = run(name, args, &input);
        assert_long_input_cut(name, &run);
    }
}

#[test]
fn big_two_asks_before_q_leaves_and_p_passes() {
    // Seed 2: the player must beat a pair first, so `p` is a legal pass.
    let run = run(
        "big_two",
        &["--ai", "ai1", "--seed", "2"],
        "Q\nn\np\nquit\ny\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &flat(&run.stdout);
    assert!(
        out.contains("Leave the game (a queen is typed with its suit: Qs)? (y/n)"),
        "{out}"
    );
    assert!(out.contains("Player 1 (you) passes"), "{out}");
    // `Q` then `n` left the player in the game: the pass came after it.
    assert!(out.find("(y/n) n").unwrap() < out.find("Player 1 (you) passes").unwrap());
    assert!(out.trim_end().ends_with("Bye."), "{out}");
    assert!(
        !out.contains("seat 0"),
        "players are numbered from 1: {out}"
    );
}

#[test]
fn big_two_wraps_legal_between_plays_and_writes_scores_as_the_header_does() {
    // Seed 1: the player follows a pair with 18 choices, more than one line holds.
    let run = run("big_two", &["--seed", "1"], "legal\nquit\ny\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let list = run.stdout.split("18 legal: ").nth(1).expect("the list");
    let list = &list[..list.find("> quit").expect("the next prompt")];
    assert!(list.trim_end().contains('\n'), "the list wraps: {list}");
    for play in list.split('|') {
        assert!(!play.trim().contains('\n'), "a play split: {list}");
    }
    let watched = self::run("big_two", &["--observe", "ai1", "--seed", "2"], "");
    assert_eq!(watched.code, 0, "{}", watched.stderr);
    let out = &watched.stdout;
    assert!(out.contains("(+3, +1, −1, −3 by"), "{out}");
    assert!(out.contains(") −1") && out.contains(") −3"), "{out}");
    assert!(!out.contains(") -"), "a hyphen for a minus: {out}");
    // Every narrated line starts with a capital, as the table's lines do.
    for line in out.lines() {
        assert!(
            !line.trim_start().starts_with("player"),
            "{line:?} in {out}"
        );
    }
}

#[test]
fn big_two_help_names_the_strongest_ai_which_is_the_default() {
    let run = run("big_two", &["--help"], "");
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("ai4 (the strongest"), "{}", run.stdout);
    assert!(run.stdout.contains("[default: ai4]"), "{}", run.stdout);
    let played = self::run("big_two", &["--seed", "2"], "quit\ny\n");
    assert!(
        played.stdout.contains("player 2 (ai4)"),
        "{}",
        played.stdout
    );
}

#[test]
fn scoundrel_asks_before_a_fatal_line() {
    // Seed 1: 10♠ and K♠ fought barehanded take 23 of 20 health.
    let run = run(
        "scoundrel",
        &["--seed", "1"],
        "1 1\n1 2 3 4\nn\n1 2\ny\nn\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_fits("scoundrel", &run.stdout);
    let out = &flat(&run.stdout);
    assert!(out.contains("Position 1 (10♠) is named twice"), "{out}");
    assert!(!out.contains("would already be over"), "{out}");
    assert!(
        out.contains(
            "Careful, this kills you: fight 10♠ barehanded (−10), then fight K♠ barehanded (−13)"
        ),
        "{out}"
    );
    assert!(
        out.contains("The rest of the line (3 4) would never be played."),
        "{out}"
    );
    // Refused once, so the Room is shown again before the second try.
    assert_eq!(out.matches("Room 1) 10♠").count(), 2, "{out}");
    assert!(
        out.contains("You died in the Dungeon (seed 1). Score −188: health −3, less 185 for the monsters never faced."),
        "{out}"
    );
    assert!(out.contains("Another game (seed 2)?"), "{out}");
}

#[test]
fn scoundrel_checks_its_log_path_before_the_game() {
    let run = run(
        "scoundrel",
        &["--seed", "1", "--log", "/nonexistent/dir/x.jsonl"],
        "1 2\ny\nn\n",
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("cannot write the log /nonexistent/dir/x.jsonl"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty(), "no game is played: {}", run.stdout);
}

#[test]
fn duel_targets_are_checked_against_the_table() {
    let run = run(
        "duel",
        &[
            "--players",
            "4",
            "--rules",
            "extended",
            "--seed",
            "3",
            "--ai",
            "dice",
        ],
        "super-charge\nhell@9\nhell@0\nhell@1\nHELL@x\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_fits("duel", &run.stdout);
    let out = &flat(&run.stdout);
    assert!(out.contains("Players are numbered 1 to 4, not 9."), "{out}");
    assert!(out.contains("Players are numbered 1 to 4, not 0."), "{out}");
    assert!(
        out.contains("You cannot attack yourself (you are player 1)."),
        "{out}"
    );
    assert!(
        out.contains("The target \"x\" is not a player's number"),
        "{out}"
    );
    assert!(
        !out.contains("Hell@"),
        "the input is quoted as typed: {out}"
    );
}

#[test]
fn duel_implies_the_target_when_one_opponent_is_left() {
    // Two opponents who only charge: three hells put player 2 out, then `hell` needs no target.
    let run = run(
        "duel",
        &[
            "--players",
            "3",
            "--rules",
            "extended",
            "--seed",
            "1",
            "--ai",
            "always-charge",
        ],
        "super-charge\nhell\nhell@2\nhell@2\nhell@2\nhell\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &flat(&run.stdout);
    assert!(
        out.contains("An attack needs a target: add @ and a player's number"),
        "{out}"
    );
    assert!(out.contains("Player 2 is out."), "{out}");
    assert!(
        out.contains("Player 1 (you) plays hell (落地獄) at player 3."),
        "{out}"
    );
}

#[test]
fn duel_explain_says_what_value_means() {
    let run = run(
        "duel",
        &["--explain", "--seed", "4", "--rules", "classic"],
        "quit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("+1 a sure win, −1 a sure loss"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("(value +0.000)"), "{}", run.stdout);
}

#[test]
fn duel_explain_marks_the_values_of_the_unlimited_qi_model() {
    // Under extended, a super-charge lifts the player above the table's cap: from then on the
    // values are the model's, marked approximate; the note says so before the first round.
    let run = run(
        "duel",
        &[
            "--explain",
            "--seed",
            "4",
            "--rules",
            "extended",
            "--ai",
            "always-block",
        ],
        "super-charge\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &flat(&run.stdout);
    assert!(out.contains("That is an approximation"), "{out}");
    // Every position is one super-charge from qi above the cap, so even the start's values
    // are the model's.
    let (before, _) = out.split_once("── Round 2 ──").unwrap_or((out, ""));
    assert!(before.contains(", approximate)"), "{before}");
}

#[test]
fn duel_offers_to_play_out_a_trade_of_hells() {
    // After both super-charge, the trade of 落地獄 is offered once and played out in one answer.
    let run = run(
        "duel",
        &["--seed", "1", "--rules", "extended"],
        "super-charge\nhell\nyes\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &flat(&run.stdout);
    assert!(
        out.contains("You can both afford hell for 142 more rounds"),
        "{out}"
    );
    assert!(
        out.contains("Rounds 3–144: hell for hell, 142 rounds."),
        "{out}"
    );
    assert!(out.contains("── Round 145 ──"), "{out}");
    assert_fits("duel", &run.stdout);
}

#[test]
fn duel_reads_near_names_and_a_spaced_target() {
    let run = run(
        "duel",
        &["--seed", "1", "--ai", "always-block"],
        "dragon\nbudha\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &flat(&run.stdout);
    assert!(out.contains("plays dragon-palm"), "{out}");
    assert!(out.contains("(did you mean \"buddha-palm\"?)"), "{out}");
    let three = run_three();
    assert!(three.contains("plays shoot (開槍) at player 2"), "{three}");
}

fn run_three() -> String {
    let run = run(
        "duel",
        &[
            "--seed",
            "1",
            "--players",
            "3",
            "--ai",
            "always-block,always-block",
        ],
        "shoot 2\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    flat(&run.stdout)
}

#[test]
fn duel_prints_the_rules_once_a_run() {
    let run = run(
        "duel",
        &["--seed", "1", "--rules", "classic", "--ai", "always-shoot"],
        "charge\ncharge\nyes\ncharge\ncharge\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    let intro = "Each round everyone picks";
    assert!(
        out.matches("The same rules as before").count() >= 1,
        "{out}"
    );
    assert!(out.matches(intro).count() <= 1, "{out}");
}

#[test]
fn tictactoe_offers_mcts_cuts_a_long_paste_and_says_bye_once() {
    let help = run("tictactoe", &["--help"], "");
    assert!(flat(&help.stdout).contains("mcts (a search by random playouts)"));
    // Against mcts chosen from the menu; a pasted line at the cell prompt; then every cell in
    // turn until the game ends, and the input ends at "Another game?".
    let paste = "5".repeat(3_000);
    let run = run(
        "tictactoe",
        &["--seed", "3"],
        &format!("2\n3\nX\n{paste}\n1\n2\n3\n4\n5\n6\n7\n8\n9\n"),
    );
    assert_long_input_cut("tictactoe", &run);
    let out = &flat(&run.stdout);
    assert!(out.contains("The computer (mcts)"), "{out}");
    assert!(
        out.contains(&format!("\"{}…\" is not a cell", &paste[..40])),
        "{out}"
    );
    assert!(out.contains("Another game (seed 4)?"), "{out}");
    assert_eq!(out.matches("Bye.").count(), 1, "{out}");
}

#[test]
fn duel_says_bye_once_when_the_input_ends_after_a_game() {
    // Classic rules: the first hit wins; the AI always shoots, so charging loses at round 2.
    let run = run(
        "duel",
        &["--seed", "1", "--rules", "classic", "--ai", "always-shoot"],
        "charge\ncharge\ncharge\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &flat(&run.stdout);
    assert!(out.contains("Another game"), "{out}");
    assert_eq!(out.matches("Bye.").count(), 1, "{out}");
}

#[test]
fn tictactoe_asks_which_computer_and_helps_at_each_prompt() {
    let run = run(
        "tictactoe",
        &["--seed", "1"],
        "2\n0\nhelp\n1\nhelp\nO\n0\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines = &run.stdout;
    let out = &flat(lines);
    assert!(out.contains("Which computer? 1 = random"), "{out}");
    assert!(out.contains("Please type 1, 2, 3 or 4."), "{out}");
    assert!(
        out.contains("3 = mcts (strong: it searches by random playouts), 4 = perfect"),
        "{out}"
    );
    assert!(
        out.contains("Type the computer's number, or its name"),
        "{out}"
    );
    assert!(out.contains("Type X or O: the mark you play"), "{out}");
    assert!(
        out.contains("The computer (random) plays X, you O."),
        "{out}"
    );
    // `0` as a cell: one instruction, not two.
    let zero = lines
        .lines()
        .find(|l| l.starts_with("\"0\" is not a cell"))
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(zero.matches("1 to 9").count(), 1, "{zero}");
}

#[test]
fn ai_names_are_read_in_any_case() {
    let run = run(
        "tictactoe",
        &["--ai", "Perfect", "--seed", "1"],
        "X\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("the computer (perfect)"),
        "{}",
        run.stdout
    );
    let wrong = self::run("tictactoe", &["--ai", "Nobody"], "");
    assert_eq!(wrong.code, 2);
    assert!(
        wrong.stderr.contains("choose from: random"),
        "{}",
        wrong.stderr
    );
}

#[test]
fn life_go_shows_one_board_a_turn_and_ends_with_the_score() {
    // Two moves in all: yours, then the AI's, and the count decides.
    let run = run(
        "life_go",
        &[
            "--size",
            "9",
            "--black",
            "c3 d3 e3",
            "--white",
            "c6 d6 e6",
            "--move-limit",
            "2",
            "--ai",
            "random",
            "--seed",
            "1",
        ],
        "z9\nd4\nn\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    // The starting board and one board for the turn (yours and the AI's move together).
    let headers = out
        .lines()
        .filter(|l| l.trim() == "a b c d e f g h i")
        .count();
    assert_eq!(headers, 4, "{out}");
    assert!(out.contains("You (● black) drop on d4: "), "{out}");
    assert!(out.contains("random (○ white) drops on"), "{out}");
    assert!(
        out.contains("● 3 – ○ 3 · move 1 of 2 · you ● black to drop: d4"),
        "{out}"
    );
    let ending = out
        .lines()
        .find(|l| {
            l.starts_with("You win ") || l.starts_with("You lose ") || l.starts_with("A draw ")
        })
        .unwrap_or_else(|| panic!("no ending: {out}"));
    assert!(
        ending.contains('–') && ending.contains("the move limit (2 moves) was reached"),
        "{ending}"
    );
    assert!(
        out.contains("Another game (seed 2, again 9×9 and 2 moves)?"),
        "{out}"
    );
    assert_fits("life_go", out);
}

#[test]
fn life_go_offers_the_short_game_to_a_person() {
    let run = run(
        "life_go",
        &["--seed", "1", "--ai", "random"],
        "x\ns\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &flat(&run.stdout);
    assert!(out.contains("Please type s (short) or f (full)."), "{out}");
    assert!(out.contains("13×13 board, 80 moves in all."), "{out}");
    assert!(out.contains("move 1 of 80"), "{out}");
}

#[test]
fn a_wide_life_go_board_fits_the_width() {
    let run = run(
        "life_go",
        &[
            "--size",
            "64x3",
            "--observe",
            "--seed",
            "1",
            "--move-limit",
            "2",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_fits("life_go 64x3", &run.stdout);
}

#[test]
fn every_program_has_a_version_and_help_that_fits() {
    for name in [
        "tictactoe",
        "duel",
        "big_two",
        "life_go",
        "scoundrel",
        "scoundrel_solve",
        "arena",
    ] {
        let version = run(name, &["--version"], "");
        assert_eq!(version.code, 0, "{name}");
        assert!(
            version.stdout.starts_with("recess ") || version.stdout.starts_with("arena "),
            "{name}: {}",
            version.stdout
        );
        let help = run(name, &["--help"], "");
        assert_eq!(help.code, 0, "{name}");
        assert_fits(name, &help.stdout);
        assert!(
            !help.stdout.contains("--no-color"),
            "{name}: one spelling, --no-colour"
        );
    }
}

#[test]
fn scoundrel_solve_refuses_a_backward_range_as_a_usage_error() {
    let run = run("scoundrel_solve", &["--from", "5", "--to", "2"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.starts_with("error: --to 2 is below --from 5"),
        "{}",
        run.stderr
    );
}

/// A clean folder for one test's files, under Cargo's temporary folder for tests.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

#[test]
fn a_saved_record_becomes_a_replay_page() {
    let dir = scratch("save-record");
    let record = dir.join("game.json");
    let path = record.to_str().expect("a UTF-8 path");
    // Two friends at one keyboard, twice: cells 1 to 7 in turn, so that whoever the lots let
    // begin wins on the diagonal 3 5 7 with the seventh move.
    let moves = "1\nX\n1\n2\n3\n4\n5\n6\n7\n";
    let played = run(
        "tictactoe",
        &["--seed", "1", "--save-record", path],
        &format!("{moves}y\nX\n1\n2\n3\n4\n5\n6\n7\nn\n"),
    );
    assert_eq!(played.code, 0, "{}", played.stderr);
    assert!(played.stderr.is_empty(), "{}", played.stderr);
    assert!(
        flat(&played.stdout).contains(&format!("The record is saved in {path}")),
        "{}",
        played.stdout
    );
    // The second game goes to game-2.json.
    let second = dir.join("game-2.json");
    // The first game is the printed seed, the second the seed "Another game" announced.
    assert!(flat(&played.stdout).contains("seed 1 (replay with --seed 1)"));
    assert!(flat(&played.stdout).contains("Another game (seed 2)?"));
    for (file, seed) in [(&record, 1), (&second, 2)] {
        let json = std::fs::read_to_string(file).expect("the record was written");
        let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        assert_eq!(value["game"], "tictactoe", "{json}");
        assert_eq!(value["seed"], seed, "{json}");
        let actions: Vec<&str> = value["actions"]
            .as_array()
            .expect("a list of moves")
            .iter()
            .filter_map(|a| a.as_str())
            .collect();
        assert_eq!(actions, ["1", "2", "3", "4", "5", "6", "7"], "{json}");
    }
    assert!(!dir.join("game-3.json").exists());

    let page = dir.join("game.html");
    let replayed = run(
        "replay",
        &[path, "-o", page.to_str().expect("a UTF-8 path")],
        "",
    );
    assert_eq!(replayed.code, 0, "{}", replayed.stderr);
    assert!(
        replayed
            .stdout
            .contains("tictactoe (seed 1), step 0 (the start) to step 7"),
        "{}",
        replayed.stdout
    );
    let html = std::fs::read_to_string(&page).expect("the page was written");
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    assert!(
        html.contains("wins with 3 5 7"),
        "the last step's narration"
    );
}

#[test]
fn observed_games_are_saved_one_file_each() {
    let dir = scratch("save-record-observed");
    let record = dir.join("watched");
    let path = record.to_str().expect("a UTF-8 path");
    let watched = run(
        "tictactoe",
        &[
            "--observe",
            "--games",
            "3",
            "--seed",
            "4",
            "--save-record",
            path,
        ],
        "",
    );
    assert_eq!(watched.code, 0, "{}", watched.stderr);
    // No extension: the number goes at the end.
    for name in ["watched", "watched-2", "watched-3"] {
        let json = std::fs::read_to_string(dir.join(name)).expect("one record per game");
        assert!(json.starts_with("{\"game\":\"tictactoe\""), "{json}");
    }
    // Each game is its own: game 2 is not game 1 again.
    let first = std::fs::read_to_string(dir.join("watched")).expect("read");
    let second = std::fs::read_to_string(dir.join("watched-2")).expect("read");
    assert_ne!(first, second);
}

#[test]
fn every_game_checks_its_record_path_before_the_game() {
    let dir = scratch("save-record-refused");
    let missing = dir.join("no-such-folder").join("x.json");
    let missing = missing.to_str().expect("a UTF-8 path");
    for game in ["tictactoe", "duel", "big_two", "life_go", "scoundrel"] {
        let run = run(game, &["--observe", "--save-record", missing], "");
        assert_eq!(run.code, 2, "{game}: {}", run.stderr);
        assert!(
            run.stderr
                .contains(&format!("cannot write the record {missing}")),
            "{game}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{game} played: {}", run.stdout);
    }
    // A writable path that did not exist is not left behind by the check.
    let fresh = dir.join("fresh.json");
    let run = run(
        "tictactoe",
        &["--save-record", fresh.to_str().expect("UTF-8")],
        "quit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!fresh.exists(), "a game left before its end saves nothing");
}

#[test]
fn arena_plots_its_run_and_checks_the_path_first() {
    let dir = scratch("arena-plot");
    let plot = dir.join("run.svg");
    let path = plot.to_str().expect("a UTF-8 path");
    let run_args = [
        "tictactoe",
        "--lineup",
        "perfect,random",
        "--games",
        "12",
        "--seed",
        "5",
        "--plot",
    ];
    let arena = run("arena", &[&run_args[..], &[path]].concat(), "");
    assert_eq!(arena.code, 0, "{}", arena.stderr);
    let picture = std::fs::read_to_string(&plot).expect("the plot was written");
    recess::game_testkit::check_svg_document(&picture).unwrap();
    assert!(
        picture.contains(">tictactoe · 12 games · seed 5</text>"),
        "{picture}"
    );
    assert!(
        picture.contains(">lineup perfect,random</text>"),
        "{picture}"
    );
    // The table's numbers, drawn: the same win rate as the table prints.
    let perfect = arena
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("perfect"))
        .expect("perfect's row");
    let rate = perfect
        .split_whitespace()
        .find(|w| w.ends_with('%') && !w.starts_with('['))
        .expect("a win rate");
    assert!(picture.contains(">1. perfect</text>"), "{picture}");
    assert!(picture.contains(&format!(">{rate} [")), "{rate}: {picture}");

    let refused = run(
        "arena",
        &[&run_args[..], &["/nonexistent/dir/run.svg"]].concat(),
        "",
    );
    assert_eq!(refused.code, 2);
    assert!(
        refused
            .stderr
            .contains("cannot write the plot /nonexistent/dir/run.svg"),
        "{}",
        refused.stderr
    );
    assert!(
        refused.stdout.is_empty(),
        "no game is played: {}",
        refused.stdout
    );
}

#[test]
fn every_help_fits_80_columns() {
    for name in [
        "arena",
        "big_two",
        "duel",
        "duel_evolve",
        "life_go",
        "mcts_rate",
        "replay",
        "scoundrel",
        "scoundrel_solve",
        "tictactoe",
    ] {
        let help = run(name, &["--help"], "");
        assert_eq!(help.code, 0, "{name}: {}", help.stderr);
        assert!(help.stdout.contains("Usage:"), "{name}: {}", help.stdout);
        assert_fits(&format!("{name} --help"), &help.stdout);
    }
}

#[test]
fn replay_numbers_players_from_1_and_refuses_what_it_cannot_draw() {
    let dir = scratch("replay-refusals");
    let record = dir.join("big-two.json");
    let page = dir.join("big-two.html");
    let (record_path, page_path) = (
        record.to_str().expect("a UTF-8 path"),
        page.to_str().expect("a UTF-8 path"),
    );
    let sampled = run(
        "replay",
        &[
            "--sample",
            "big-two",
            "--seed",
            "2",
            "--save-sample",
            record_path,
            "-o",
            page_path,
        ],
        "",
    );
    assert_eq!(sampled.code, 0, "{}", sampled.stderr);
    // As player 4 sees it: the page says so, and numbers players 1 to 4 as the terminal does.
    let seen = run(
        "replay",
        &[record_path, "--player", "4", "-o", page_path],
        "",
    );
    assert_eq!(seen.code, 0, "{}", seen.stderr);
    let html = std::fs::read_to_string(&page).expect("the page was written");
    assert!(html.contains("as player 4 sees it"), "the title");
    assert!(html.contains("player 4 (you)"), "the picture's label");
    assert!(
        !html.contains("seat 0") && !html.contains("Seat 0"),
        "seats from 0"
    );
    // The command line counts steps as the page does.
    let json = std::fs::read_to_string(&record).expect("the record was written");
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    // One step per action (Big Two has no simultaneous moves) after the start.
    let last = value["actions"].as_array().expect("a list of moves").len();
    assert!(
        seen.stdout.contains(&format!(
            "big-two (seed 2), step 0 (the start) to step {last}"
        )),
        "{}",
        seen.stdout
    );
    for (flag, n, why) in [
        (
            "--player",
            "5",
            "--player 5: the game has 4 players, numbered 1 to 4",
        ),
        (
            "--seat",
            "9",
            "--player 9: the game has 4 players, numbered 1 to 4",
        ),
        ("--player", "0", "--player 0: players are numbered from 1"),
    ] {
        let refused = run("replay", &[record_path, flag, n, "-o", page_path], "");
        assert_eq!(refused.code, 2, "{flag} {n}: {}", refused.stdout);
        assert!(refused.stderr.contains(why), "{}", refused.stderr);
    }
    // A saved state is not a record.
    let state = dir.join("state.json");
    std::fs::write(&state, r#"{"board": [], "to_move": 0}"#).expect("written");
    let refused = run("replay", &[state.to_str().expect("a UTF-8 path")], "");
    assert_eq!(refused.code, 1);
    assert!(
        refused
            .stderr
            .contains("not a record: it has no \"game\" field"),
        "{}",
        refused.stderr
    );
    assert!(!refused.stderr.contains("game \"\""), "{}", refused.stderr);
}

#[test]
fn life_go_says_off_the_board_in_one_wording() {
    let run = run(
        "life_go",
        &["--short", "--ai", "random", "--seed", "1"],
        "z99\nn1\np15\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &flat(&run.stdout);
    for cell in ["z99", "n1", "p15"] {
        assert!(
            out.contains(&format!(
                "{cell} {cell} is off the 13×13 board: files a to m, ranks 1 to 13."
            )),
            "{cell}: {out}"
        );
    }
    assert!(!out.contains("64 files"), "{out}");
}

/// The lines of the last board in `out` (from its top file letters) down to the prompt after
/// it, and the board's rows alone.
fn last_board(out: &str, header: &str) -> (Vec<String>, Vec<String>) {
    let lines: Vec<&str> = out.lines().collect();
    let headers: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].trim_end() == header)
        .collect();
    assert!(headers.len() >= 2, "{out}");
    let (top, bottom) = (headers[headers.len() - 2], headers[headers.len() - 1]);
    let prompt = (bottom..lines.len())
        .find(|&i| lines[i].contains("to drop:"))
        .unwrap_or_else(|| panic!("no prompt after the board: {out}"));
    let shown = lines[top..=prompt].iter().map(|l| l.to_string()).collect();
    let rows = lines[top + 1..bottom]
        .iter()
        .map(|l| l.to_string())
        .collect();
    (shown, rows)
}

#[test]
fn life_go_full_board_and_prompt_fit_80_by_24_with_marks_that_do_not_crowd() {
    let run = run(
        "life_go",
        &["--full", "--ai", "strong", "--seed", "1"],
        "e3\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let header = "     a b c d e f g h i j k l m n o p q r s";
    let (shown, rows) = last_board(&run.stdout, header);
    assert!(
        shown.len() <= 24,
        "{} lines:\n{}",
        shown.len(),
        shown.join("\n")
    );
    assert_fits("life_go --full", &run.stdout);
    assert_eq!(rows.len(), 19);
    // The AI's drop in brackets, one stone a cell, nothing squeezed between two cells.
    let board: String = rows.iter().flat_map(|r| r.chars().take(46)).collect();
    assert_eq!(board.matches('(').count(), 1, "{board}");
    assert!(!board.contains('+') && !board.contains('>'), "{board}");
    for row in &rows {
        let cells: Vec<char> = row.chars().skip(4).take(38).collect();
        for pair in cells.chunks(2) {
            assert!(pair[0] == ' ' || pair[0] == '(' || pair[0] == ')', "{row}");
        }
    }
    assert!(
        rows[0].contains("● black  ○ white"),
        "the legend beside: {}",
        rows[0]
    );
}

#[test]
fn life_go_tries_a_drop_without_playing_it_and_a_hint_says_what_it_gains() {
    let run = run(
        "life_go",
        &[
            "--size", "9", "--black", "c3 d3 e3", "--white", "c6 d6 e6", "--ai", "random",
            "--seed", "1",
        ],
        "try d4\ntry\ntry a9\nh\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &flat(&run.stdout);
    // d4 above the row c3 d3 e3: what it changes, against the board left to tick alone.
    assert!(out.contains("If you dropped on d4: +"), "{out}");
    assert!(
        out.contains("against leaving the board to tick alone"),
        "{out}"
    );
    assert!(out.contains("Not played: type d4 to play it."), "{out}");
    assert!(
        out.contains("Say which drop to try, as in try d4."),
        "{out}"
    );
    assert!(out.contains("a9 has no stone next to it"), "{out}");
    assert!(out.contains("; your lead 0 → "), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    // Nothing was played: every prompt is still move 1's.
    assert!(!out.contains("move 2 of"), "{out}");
    assert_eq!(
        out.matches("move 1 of 400 · you ● black to drop:").count(),
        5,
        "{out}"
    );
    assert_fits("life_go try", &run.stdout);
}

#[test]
fn duel_help_keeps_the_move_table_aligned() {
    let run = run("duel", &["--seed", "1", "--ai", "dice"], "help\nquit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let row = " 1  charge          0  gain 1 qi (2 at health 1)";
    let header = " #  move         cost  what it does";
    // Once in the introduction, once more for `help`, columns and all.
    assert_eq!(run.stdout.matches(row).count(), 2, "{}", run.stdout);
    assert_eq!(run.stdout.matches(header).count(), 2, "{}", run.stdout);
    assert_fits("duel", &run.stdout);
}

#[test]
fn scoundrel_warns_of_a_wasted_potion_reads_the_hint_and_asks_before_leaving() {
    // Seed 7's first Room: 9♣, 5♥, 9♥, J♠. `2 1 3` drinks 5♥, fights 9♣ and wastes 9♥: asked
    // first. Then the hint's own words as a move. Then `q`, which could be a queen: asked too.
    let run = run(
        "scoundrel",
        &["--seed", "7", "--no-colour"],
        "2 1 3\nn\nh\nfight 9♣ barehanded (−9)\nq\nn\nq\ny\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &flat(&run.stdout);
    // 5♥ is drunk at 20/20, then 9♥ after it: both are said.
    assert!(
        out.contains("Careful, 5♥ at full health (20/20) heals nothing and uses this Room's one potion; and this wastes 9♥: only the first potion of a Room heals."),
        "{out}"
    );
    assert!(
        out.contains("Play it anyway? (y = yes, n = choose again)"),
        "{out}"
    );
    assert!(out.contains("suggests: fight 9♣ barehanded (−9)"), "{out}");
    // The hint's wording was played: the Room lost 9♣ and health is 11.
    assert!(out.contains("Health 11/20"), "{out}");
    assert_eq!(
        out.matches("Leave the game (a queen is typed with its suit: Qs)? (y/n)")
            .count(),
        2,
        "{out}"
    );
    assert!(out.trim_end().ends_with("Bye."), "{out}");
}

#[test]
fn scoundrel_warns_of_a_potion_at_full_health_and_says_no_damage_for_a_free_kill() {
    // Seed 7's first Room: 9♣, 5♥, 9♥, J♠, at 20/20: drinking 5♥ alone heals nothing.
    let run1 = run("scoundrel", &["--seed", "7", "--no-colour"], "2\nn\nq\ny\n");
    assert_eq!(run1.code, 0, "{}", run1.stderr);
    let out = &flat(&run1.stdout);
    assert!(
        out.contains("Careful, 5♥ at full health (20/20) heals nothing and uses this Room's one potion. The line: drink 5♥ (at full health: no effect); health 20 → 20."),
        "{out}"
    );
    // Seed 3's first Room: 6♦, 6♣, 9♣, Q♣. 6♦ then kills 6♣ for nothing, typed in the
    // words a hint would use; a Room under way does not repeat that it cannot be avoided.
    let run2 = run(
        "scoundrel",
        &["--seed", "3", "--no-colour"],
        "1\nfight 6♣ with the weapon (no damage)\nq\ny\n",
    );
    assert_eq!(run2.code, 0, "{}", run2.stderr);
    let out = &flat(&run2.stdout);
    assert!(
        out.contains("fight 6♣ with the weapon (no damage)"),
        "{out}"
    );
    assert!(out.contains("fights monsters up to 6"), "{out}");
    assert!(!out.contains("−0"), "{out}");
    assert!(!out.contains("No avoiding"), "{out}");
    // After an avoid the next Room says once that it cannot be avoided, not after each card.
    let run3 = run("scoundrel", &["--seed", "3", "--no-colour"], "0\n1\nq\ny\n");
    assert_eq!(run3.code, 0, "{}", run3.stderr);
    assert_eq!(
        run3.stdout.matches("No avoiding").count(),
        1,
        "{}",
        run3.stdout
    );
}

#[test]
fn scoundrel_opening_names_the_strict_rule() {
    let plain = run("scoundrel", &["--seed", "1", "--no-colour"], "q\ny\n");
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    let opening = &flat(&plain.stdout);
    assert!(
        opening.contains("(only weaker ones with --strict)"),
        "{opening}"
    );
    assert!(!opening.contains("Playing --strict"), "{opening}");
    let strict = run(
        "scoundrel",
        &["--seed", "1", "--strict", "--no-colour"],
        "q\ny\n",
    );
    assert_eq!(strict.code, 0, "{}", strict.stderr);
    let opening = &flat(&strict.stdout);
    assert!(
        opening.contains("Playing --strict: a weapon that has slain a monster fights only monsters weaker than the last it slew."),
        "{opening}"
    );
    assert_fits("scoundrel --strict", &strict.stdout);
}

#[test]
fn tictactoe_takes_the_word_computer_and_lists_ais_as_help_does() {
    let run = run("tictactoe", &[], "computer\n4\nquit\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Which computer?"), "{}", run.stdout);
    let refused = run_tictactoe_ai("perfekt");
    assert!(refused.contains("(did you mean \"perfect\"?)"), "{refused}");
    assert!(
        refused.contains("choose from: random, heuristic, mcts, perfect"),
        "{refused}"
    );
    assert_fits("tictactoe --ai perfekt", &refused);
}

fn run_tictactoe_ai(name: &str) -> String {
    let run = run("tictactoe", &["--ai", name], "");
    assert_ne!(run.code, 0);
    run.stderr
}

/// The answers player 1 types in a game of `config` from `seed` against `ai` at every other
/// seat: at each turn the first legal five-card hand if there is one, else the first legal
/// action, in ASCII, found by playing the same game here
/// (the example seeds player `p`'s AI with `derive_seed(seed, p + 1)`). Also the game's end.
fn big_two_script(
    config: &big_two_reversal::Config,
    seed: u64,
    ai: &str,
) -> (Vec<String>, big_two_reversal::BigTwo) {
    use big_two_reversal::prelude::*;
    let mut game = BigTwo::new(config.clone(), seed).expect("a deal");
    let mut agents: Vec<Option<Box<dyn Agent<BigTwo>>>> = (0..usize::from(config.players))
        .map(|p| {
            (p > 0).then(|| {
                BigTwo::agent(ai, game_core::derive_seed(seed, p as u64 + 1)).expect("an AI")
            })
        })
        .collect();
    let mut typed = Vec::new();
    while let Turn::Player(p) = game.turn() {
        let legal = game.legal_actions(p);
        let action = match agents[p].as_mut() {
            Some(agent) => {
                let view = game.observation(p);
                agent.choose(&Decision::new(p, &view, &legal).expect("a choice"))
            }
            None => {
                let chosen = legal
                    .iter()
                    .copied()
                    .find(|a| a.play().is_some_and(|play| play.cards().len() == 5))
                    .unwrap_or(legal[0]);
                typed.push(format!("{chosen:#}"));
                chosen
            }
        };
        game.apply(&action).expect("a legal action");
    }
    (typed, game)
}

#[test]
fn big_two_plays_hong_kong_rules_to_the_first_out_and_its_record_replays() {
    let config: big_two_reversal::Config = "hong-kong".parse().expect("a preset");
    let dir = scratch("big-two-hong-kong");
    let record = dir.join("game.json");
    let path = record.to_str().expect("a UTF-8 path");
    let (typed, end) = big_two_script(&config, 4, "ai1");
    assert!(typed.len() > 2, "player 1 moves: {typed:?}");
    let five = typed
        .iter()
        .find(|t| t.split(' ').count() == 5)
        .expect("player 1 types a five-card hand");
    let input = format!("legal\n{}\nn\n", typed.join("\n"));
    let played = run(
        "big_two",
        &[
            "--rules",
            "hong-kong",
            "--ai",
            "ai1",
            "--seed",
            "4",
            "--save-record",
            path,
        ],
        &input,
    );
    assert_eq!(played.code, 0, "{}", played.stderr);
    let out = &flat(&played.stdout);
    // The opening text states the conventions of the rule set.
    assert!(
        out.starts_with("鋤大D (Big Two, Hong Kong rules) · seed 4"),
        "{out}"
    );
    for convention in [
        // flat() makes the no-break spaces plain ones.
        "♦ < ♣ < ♥ < ♠",
        "A-2-3-4-5 < 2-3-4-5-6",
        "< 10-J-Q-K-A;",
        "The holder of 3♦ leads the game: the first play must contain 3♦.",
        "A pass shuts you out until the trick ends.",
        "doubled from 10 cards left, tripled from 13",
    ] {
        assert!(out.contains(convention), "{convention}: {out}");
    }
    assert!(out.contains(" legal: "), "{out}");
    // The five-card hand typed was taken and narrated by its kind.
    let five_shown = big_two_reversal::Play::from_str(five)
        .expect("a play")
        .to_string();
    assert!(
        out.contains(&format!("Player 1 (you) plays {five_shown} (a ")),
        "{five}: {out}"
    );
    // Every answer was taken: none refused or misread.
    assert!(!out.contains("Refused"), "{out}");
    assert!(!out.contains("Not understood"), "{out}");
    let winner = end.table().finish_order().next().expect("a first out");
    assert!(
        out.contains(&format!("Player {} (", winner + 1)) && out.contains(") is out first: "),
        "{out}"
    );
    let score = |p: usize| {
        let text = format!("{:+}", game_core::Game::returns(&end, p));
        text.replace('-', "−")
    };
    for p in 0..4 {
        let name = if p == 0 {
            "Player 1 (you)".to_string()
        } else {
            format!("Player {} (ai1)", p + 1)
        };
        assert!(
            out.contains(&format!("{name} {}", score(p))),
            "{name}: {out}"
        );
    }
    // The record holds the rules and the moves; the replay page is built from it.
    let json = std::fs::read_to_string(&record).expect("the record was written");
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(value["game"], "big-two", "{json}");
    assert_eq!(value["config"]["rules"], "hong-kong", "{json}");
    assert_eq!(
        value["actions"].as_array().map(Vec::len),
        Some(end.history().len()),
        "{json}"
    );
    let page = dir.join("game.html");
    let replayed = run(
        "replay",
        &[path, "-o", page.to_str().expect("a UTF-8 path")],
        "",
    );
    assert_eq!(replayed.code, 0, "{}", replayed.stderr);
    assert!(
        replayed.stdout.contains(&format!(
            "big-two (seed 4), step 0 (the start) to step {}",
            end.history().len()
        )),
        "{}",
        replayed.stdout
    );
    let html = std::fs::read_to_string(&page).expect("the page was written");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("holds 3♦ and leads"), "the opening narration");
    assert!(
        html.contains(&format!("Player {} is out first: player", winner + 1)),
        "the last step's narration"
    );
}

#[test]
fn big_two_takes_rules_from_a_file_and_refuses_unknown_ones() {
    let dir = scratch("big-two-rules-file");
    let file = dir.join("rules.json");
    let mut own: big_two_reversal::Config = "taiwan".parse().expect("a preset");
    own.players = 3;
    own.pass_shuts_out = true;
    std::fs::write(&file, serde_json::to_string(&own).expect("JSON")).expect("written");
    let path = file.to_str().expect("a UTF-8 path");
    let watched = run(
        "big_two",
        &["--rules-file", path, "--observe", "ai1", "--seed", "2"],
        "",
    );
    assert_eq!(watched.code, 0, "{}", watched.stderr);
    let out = &flat(&watched.stdout);
    assert!(
        out.starts_with("Big Two (your own rules, 3 players)"),
        "{out}"
    );
    assert!(
        out.contains("Bombs: a four of a kind plus one or a straight flush"),
        "{out}"
    );
    assert!(
        out.contains("With 3 players, when 3♣ is among the cards set aside"),
        "{out}"
    );
    assert!(out.contains(") is out first: "), "{out}");
    assert!(!out.contains("Player 4"), "three seats: {out}");

    let preset = dir.join("preset.json");
    std::fs::write(&preset, r#"{"rules":"pagat"}"#).expect("written");
    let pagat = run(
        "big_two",
        &[
            "--rules-file",
            preset.to_str().expect("a UTF-8 path"),
            "--observe",
            "ai1",
            "--seed",
            "2",
        ],
        "",
    );
    assert_eq!(pagat.code, 0, "{}", pagat.stderr);
    assert!(
        pagat
            .stdout
            .starts_with("Big Two (the Western rules of pagat.com)")
    );

    let unknown = run("big_two", &["--rules", "hong-kongish"], "");
    assert_eq!(unknown.code, 2);
    assert!(
        unknown
            .stderr
            .starts_with("error: --rules: \"hong-kongish\" is no rule set: the presets are"),
        "{}",
        unknown.stderr
    );
    let garbled = dir.join("garbled.json");
    std::fs::write(&garbled, r#"{"custom":{"jokers":false}}"#).expect("written");
    for file in [garbled.to_str().expect("UTF-8"), "/no/such/rules.json"] {
        let refused = run("big_two", &["--rules-file", file], "");
        assert_eq!(refused.code, 2, "{file}");
        assert!(refused.stderr.contains(file), "{}", refused.stderr);
        assert!(refused.stdout.is_empty(), "{}", refused.stdout);
    }
}

#[test]
fn the_arena_plays_a_named_rule_set_and_its_reports_name_it() {
    let args = [
        "big-two",
        "--rules",
        "hong-kong",
        "--lineup",
        "ai1,random,random,random",
        "--games",
        "6",
        "--seed",
        "1",
        "--json",
    ];
    let whole = run("arena", &args, "");
    assert_eq!(whole.code, 0, "{}", whole.stderr);
    let report: serde_json::Value = serde_json::from_str(whole.stdout.trim()).expect("JSON");
    assert_eq!(report["game"], "big-two");
    assert_eq!(report["rules"], "hong-kong");
    // Hong Kong's games end at the first out: the returns are card payments, not ±3 and ±1.
    let total: f64 = report["by_seat"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| s["total_return"].as_f64().expect("a number").abs())
        .sum();
    assert!(total > 0.0, "{report}");
    // The shards of the run merge into it, rules and all.
    let dir = scratch("arena-rules");
    let mut files = Vec::new();
    for k in ["1/2", "2/2"] {
        let mut sharded = args.to_vec();
        sharded.extend(["--shard", k]);
        let part = run("arena", &sharded, "");
        assert_eq!(part.code, 0, "{}", part.stderr);
        let file = dir.join(format!("shard-{}.json", &k[..1]));
        std::fs::write(&file, &part.stdout).expect("written");
        files.push(file.to_str().expect("UTF-8").to_string());
    }
    let mut merge = vec!["merge"];
    merge.extend(files.iter().map(String::as_str));
    merge.push("--json");
    let merged = run("arena", &merge, "");
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    assert_eq!(merged.stdout, whole.stdout);
    let table = run("arena", &args[..args.len() - 1], "");
    assert!(
        table
            .stdout
            .starts_with("big-two (hong-kong rules): 6 games, seed 1"),
        "{}",
        table.stdout
    );

    let refused = run("arena", &["tictactoe", "--rules", "hong-kong"], "");
    assert_eq!(refused.code, 2);
    assert!(
        refused
            .stderr
            .starts_with("error: tictactoe has no rule sets to choose from; --rules is for "),
        "{}",
        refused.stderr
    );
    let unknown = run(
        "arena",
        &["big-two", "--rules", "big-three", "--games", "1"],
        "",
    );
    assert_eq!(unknown.code, 2);
    assert!(
        unknown.stderr.contains("\"big-three\" is no rule set"),
        "{}",
        unknown.stderr
    );
    let duel = run(
        "arena",
        &["duel", "--rules", "classic", "--games", "2", "--json"],
        "",
    );
    assert_eq!(duel.code, 0, "{}", duel.stderr);
    assert!(
        duel.stdout.contains(r#""rules":"classic""#),
        "{}",
        duel.stdout
    );
}
