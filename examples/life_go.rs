//! Play two-player Life against an AI, or watch two AIs play.
//!
//! ```text
//! cargo run --release --example life_go                       # asks: the short game or the full one
//! cargo run --release --example life_go -- --short --as white --ai eval
//! cargo run --release --example life_go -- --full              # the rule book's 19×19, 400 moves
//! cargo run --release --example life_go -- --observe strong,eval --seed 3
//! cargo run --release --example life_go -- --observe strong,eval --games 100   # tally only
//! cargo run --release --example life_go -- --black "c3 d3 e3" --white "c6 d6 e6" --size 9
//! ```
//!
//! A person is offered the short game first (13×13, 80 moves: about ten minutes) or the rule
//! book's full game (19×19, 400 moves). Type a cell such as `d4` to drop a stone there; `h` asks
//! the strong AI for a hint, `moves` lists the legal drops, `help` (or `?`) explains the rules
//! and the board, `quit` (or `q`, or the end of the input) leaves. One board is shown per turn:
//! the position after the AI's reply, its drop and what its tick did marked, your own move told
//! in a line above it, and the stone count in the prompt.

use recess::game_terminal as common;

/// The command that makes a saved record a page, named when a record is saved.
const REPLAY: &str = "cargo run --example replay --";

use clap::Parser;
use common::{Answer, Common, Input, fill, paint, refuse, seed_note, short};
use game_core::{Record, derive_seed};
use life_go::prelude::*;
use life_go::{Board, DEFAULT_MOVE_LIMIT, DEFAULT_SIDE, EndReason, MoveReport, file_name};

/// Two-player Life (life-go): drop a stone next to any stone, then the board ticks. Play an AI,
/// or watch two.
#[derive(Parser, Debug)]
#[command(version, long_about = None)]
struct Args {
    /// The AI you play against: random, eval or strong (the strongest) [default: strong]
    #[arg(long, value_name = "AI")]
    ai: Option<String>,
    /// Watch two AIs instead: Black's and White's, as `strong,eval` (one name plays both)
    /// [default: strong,eval]
    #[arg(
        long,
        value_name = "BLACK_AI,WHITE_AI",
        num_args = 0..=1,
        value_delimiter = ',',
        default_missing_values = ["strong", "eval"]
    )]
    observe: Option<Vec<String>>,
    /// With --observe: play this many seeded games quietly, the AIs swapping colours after each,
    /// and print the tally
    #[arg(long, value_name = "N")]
    games: Option<u64>,
    /// The colour you play: black (moves first) or white [default: black]
    #[arg(long = "as", value_name = "COLOUR", value_parser = parse_colour)]
    side: Option<Colour>,
    /// The short game: 13×13 and 80 moves in all, about ten minutes (offered first when you
    /// play)
    #[arg(long, conflicts_with_all = ["full", "size", "move_limit"])]
    short: bool,
    /// The rule book's full game: 19×19 and 400 moves (what AIs play when watched)
    #[arg(long, conflicts_with_all = ["size", "move_limit"])]
    full: bool,
    /// Board size: `19`, or files×ranks as `25x13` (3 to 64 each) [default: 19]
    #[arg(long, value_parser = parse_size)]
    size: Option<(usize, usize)>,
    /// Moves in all after which the player with more stones wins [default: 400]
    #[arg(long, value_name = "N")]
    move_limit: Option<u32>,
    /// A custom setup: Black's stones, as `"d3 c5 e5"` (needs --white too)
    #[arg(long, requires = "white")]
    black: Option<String>,
    /// A custom setup: White's stones (needs --black too)
    #[arg(long, requires = "black")]
    white: Option<String>,
    #[command(flatten)]
    common: Common,
}

fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let number = |s: &str| {
        s.trim().parse::<usize>().map_err(|_| {
            format!(
                "{:?} is not a number; give a size like 19 or 25x13",
                short(s)
            )
        })
    };
    match text.split_once(['x', 'X', '×']) {
        Some((w, h)) => Ok((number(w)?, number(h)?)),
        None => {
            let side = number(text)?;
            Ok((side, side))
        }
    }
}

fn parse_colour(text: &str) -> Result<Colour, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "black" | "b" => Ok(Colour::Black),
        "white" | "w" => Ok(Colour::White),
        other => Err(format!(
            "{:?} is not a colour; say black or white",
            short(other)
        )),
    }
}

const HELP: &str = "\
Drop one stone of your colour on an empty cell next to any stone (of either colour): type the \
cell, e.g. d4. Then the whole board takes one tick of Life, every cell at once:
- an empty cell with exactly 3 neighbouring stones gets a stone of their majority colour;
- a stone with fewer than 2 or more than 3 neighbours dies;
- a stone with 2 or 3 stays, and takes the majority colour of its neighbours (1-1: unchanged).
A colour with no stones left loses; at the move limit the one with more stones wins.
The board is shown after the AI's reply: ● black, ○ white, · empty; > the AI's drop, + a stone \
born in its tick, × a stone that died in it (with colour, a stone that turned is magenta). The \
line above the board tells what your own drop did, the prompt shows the stone count.
Commands: h (a hint from the strong AI), moves (the legal drops), help, quit.";

const GAME_HELP: &str = "\
The short game is played on a 13×13 board, 4 blinkers each to start, and ends after 80 moves \
(40 each): about ten minutes. The full game is the rule book's: a 19×19 board, the original \
setup of 11 stones each, and 400 moves. Either way the one with more stones at the end wins, \
and a colour with no stones left loses at once.
Type s for the short game or f for the full one.";

/// How to draw the board: colour on a terminal (the marks, never the stones, which look black
/// and white as they are), plain glyphs otherwise; one column a cell when two would not fit.
struct Style {
    colour: bool,
}

impl Style {
    /// A cell: the stone (or `·`, or `×` where a stone died), after a mark when `marks`.
    fn cell(&self, board: &Board, cell: Cell, report: Option<&MoveReport>, marks: bool) -> String {
        let stone = match board.get(cell) {
            Some(Colour::Black) => "●",
            Some(Colour::White) => "○",
            None => "·",
        };
        let (died, born, turned, dropped) = match report {
            Some(r) => (
                r.tick.died.iter().any(|(c, _)| *c == cell),
                r.tick.born.iter().any(|(c, _)| *c == cell),
                r.tick.turned.iter().any(|(c, _)| *c == cell),
                r.cell == cell,
            ),
            None => (false, false, false, false),
        };
        let glyph = if died && board.get(cell).is_none() {
            paint(self.colour, "31", "×")
        } else if board.get(cell).is_none() {
            paint(self.colour, "2", stone)
        } else if turned {
            paint(self.colour, "35", stone)
        } else {
            stone.to_string()
        };
        if !marks {
            return if dropped {
                paint(self.colour, "1;33", &glyph)
            } else {
                glyph
            };
        }
        let mark = if dropped {
            paint(self.colour, "1;33", ">")
        } else if born {
            paint(self.colour, "1;32", "+")
        } else {
            " ".to_string()
        };
        format!("{mark}{glyph}")
    }
}

/// `● black` or `○ white`.
fn name(colour: Colour) -> String {
    match colour {
        Colour::Black => "● black".to_string(),
        Colour::White => "○ white".to_string(),
    }
}

/// The board, marked with `report`'s drop and tick when there is one: two columns a cell (a
/// mark and the stone) when that fits the output's width, else one (the stone alone).
fn render(game: &LifeGo, report: Option<&MoveReport>, style: &Style) -> String {
    let board = game.board();
    let marks = 2 * board.width() + 8 <= common::width();
    let column = if marks { 2 } else { 1 };
    // File names of one or two letters, written one above the other, right-aligned per cell.
    let names: Vec<Vec<char>> = (0..board.width())
        .map(|f| file_name(f).chars().collect())
        .collect();
    let tall = names.iter().map(Vec::len).max().unwrap_or(1);
    let mut header = String::new();
    for row in 0..tall {
        let line: String = names
            .iter()
            .map(|n| {
                let letter = (n.len() + row).checked_sub(tall).map_or(' ', |i| n[i]);
                format!("{letter:>column$}")
            })
            .collect();
        header.push_str(&format!("    {}\n", line.trim_end()));
    }
    let mut out = header.clone();
    for rank in (0..board.height()).rev() {
        out.push_str(&format!("{:>3} ", rank + 1));
        for file in 0..board.width() {
            if let Some(cell) = Cell::new(file, rank) {
                out.push_str(&style.cell(board, cell, report, marks));
            }
        }
        out.push_str(&format!("  {}\n", rank + 1));
    }
    out.push_str(&header);
    if report.is_some() {
        out.push_str(if marks {
            "> the drop, + born, × died in its tick; ● black, ○ white"
        } else {
            "× died in the last tick; ● black, ○ white"
        });
    } else {
        out.push_str("● black, ○ white, · empty");
    }
    out
}

/// What a move did, in one line: who dropped where, then the whole list of changes when short,
/// the counts when long, and the stones each colour has after it (in `game`).
fn tell(who: &str, report: &MoveReport, game: &LifeGo) -> String {
    let tick = &report.tick;
    let changes = tick.born.len() + tick.died.len() + tick.turned.len();
    let what = if changes > 6 {
        format!("{tick:#}")
    } else {
        tick.to_string()
    };
    fill(&format!(
        "{who} on {}; the tick: {what} (● {}, ○ {}).",
        report.cell,
        game.stones(Colour::Black),
        game.stones(Colour::White)
    ))
}

/// `● 14 – ○ 12 · move 23 of 80`.
fn score_line(game: &LifeGo) -> String {
    format!(
        "● {} – ○ {} · move {} of {}",
        game.stones(Colour::Black),
        game.stones(Colour::White),
        game.moves_played() + 1,
        game.config().move_limit,
    )
}

/// Why the game ended, in words, seen by the player of `me` when there is one.
fn reason(game: &LifeGo, outcome: &Outcome, me: Option<Colour>) -> String {
    match outcome.reason {
        EndReason::WipedOut => match (outcome.winner, me) {
            (Some(w), Some(m)) if w == m => "your opponent has no stones left".into(),
            (Some(_), Some(_)) => "you have no stones left".into(),
            (Some(w), None) => format!("{} has no stones left", w.opponent()),
            (None, _) => "no stones are left".into(),
        },
        EndReason::BoardCleared => "the last move cleared the board".into(),
        EndReason::MoveLimit => format!(
            "the move limit ({} moves) was reached",
            game.config().move_limit
        ),
        EndReason::NoDrop => "the player to move had no legal drop".into(),
    }
}

fn main() -> std::process::ExitCode {
    common::end_quietly_when_output_closes();
    let args: Args = common::parse_args();
    if args.ai.is_some() && args.observe.is_some() {
        refuse::<Args>("--ai names your opponent and --observe the AIs to watch: give one of them");
    }
    if args.side.is_some() && args.observe.is_some() {
        refuse::<Args>("--as is your colour when you play; with --observe nobody plays");
    }
    if args.games.is_some() && args.observe.is_none() {
        refuse::<Args>("--games counts watched games: it needs --observe");
    }
    if args.games == Some(0) {
        refuse::<Args>("--games 0: watch at least 1 game");
    }
    let known = LifeGo::agent_names();
    let names = match &args.observe {
        Some(names) => common::lineup("--observe", names, 2, &known),
        None => {
            let name = args.ai.clone().unwrap_or_else(|| "strong".to_string());
            common::lineup("--ai", &[name], 1, &known)
        }
    }
    .unwrap_or_else(|why| refuse::<Args>(why));
    let custom = args.size.is_some() || args.move_limit.is_some() || args.black.is_some();
    let mut config = if args.short {
        Config::short()
    } else if custom {
        let (width, height) = args.size.unwrap_or((DEFAULT_SIDE, DEFAULT_SIDE));
        Config {
            move_limit: args.move_limit.unwrap_or(DEFAULT_MOVE_LIMIT),
            ..Config::sized(width, height)
        }
    } else {
        Config::default()
    };
    if let (Some(black), Some(white)) = (&args.black, &args.white) {
        config.setup = Setup::custom(black, white).unwrap_or_else(|e| refuse::<Args>(e));
    }
    args.common.check_save_record::<Args>();
    let seed = args.common.seed();
    if let Err(e) = LifeGo::new(config.clone(), seed) {
        refuse::<Args>(e);
    }
    let result = if args.observe.is_some() {
        println!(
            "{}",
            fill(&format!("Two-player Life (life-go) · {}", seed_note(seed)))
        );
        match args.games {
            Some(games) if games > 1 => {
                tally(&config, seed, games, [&names[0], &names[1]], &args.common)
            }
            _ => watch(&config, seed, [&names[0], &names[1]], &args.common),
        }
    } else {
        let ask_length = !(args.short || args.full || custom);
        play_games(
            config,
            ask_length,
            seed,
            &names[0],
            args.side.unwrap_or(Colour::Black),
            &args.common,
        )
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// A person against an AI, game after game while they want another: the first asks which game
/// (short or full) unless the command line said.
fn play_games(
    mut config: Config,
    ask_length: bool,
    mut seed: u64,
    ai: &str,
    me: Colour,
    common: &Common,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut input = Input::new();
    println!(
        "{}",
        fill(&format!("Two-player Life (life-go) · {}", seed_note(seed)))
    );
    if ask_length {
        let chosen = input.ask(
            "Play the short game (s: 13×13, 80 moves, about ten minutes) or the full one (f: \
             19×19, 400 moves)? ",
            GAME_HELP,
            |answer| match answer.to_ascii_lowercase().as_str() {
                "s" | "short" | "1" => Answer::Take(Config::short()),
                "f" | "full" | "2" => Answer::Take(Config::default()),
                _ => Answer::Retry("Please type s (short) or f (full).".into()),
            },
        );
        let Some(chosen) = chosen else {
            return Ok(());
        };
        config = chosen;
    }
    for game in 0.. {
        if !play(&config, (seed, game), ai, me, common, &mut input)? {
            return Ok(());
        }
        // The next game keeps this one's board and length: the question says so.
        let next = format!(
            " (seed {}, again {}×{} and {} moves)",
            seed + 1,
            config.width,
            config.height,
            config.move_limit
        );
        if !common::another_game(&mut input, &next, GAME_HELP) {
            return Ok(());
        }
        seed += 1;
        println!(
            "\n{}",
            fill(&format!("Two-player Life (life-go) · {}", seed_note(seed)))
        );
    }
    Ok(())
}

/// One game (`seed`, and its number in the run from 0) of a person against an AI, its record
/// saved when `--save-record` asks; `false` when the person left before the end.
fn play(
    config: &Config,
    (seed, game_number): (u64, u64),
    ai: &str,
    me: Colour,
    common: &Common,
    input: &mut Input,
) -> Result<bool, Box<dyn std::error::Error>> {
    let style = Style {
        colour: common.colour(),
    };
    let mut game = LifeGo::new(config.clone(), seed)?;
    let mut record = Record::<LifeGo>::new(config.clone(), seed);
    let mut opponent = LifeGo::agent(ai, derive_seed(seed, 1))?;
    let mut adviser = LifeGo::agent("strong", derive_seed(seed, 2))?;
    let intro = format!(
        "{}×{} board, {} moves in all. You play {} against {ai} ({}); Black moves first. Type a \
         cell such as d4; h asks the strong AI for a hint, help explains the rules, quit leaves.",
        config.width,
        config.height,
        config.move_limit,
        name(me),
        name(me.opponent())
    );
    println!("{}", fill(&intro));
    println!("{}", render(&game, None, &style));
    let mut told: Vec<String> = Vec::new();
    while let Turn::Player(seat) = game.turn() {
        let before = game.clone();
        let mine = Colour::from_seat(seat) == Some(me);
        if mine {
            let prompt = format!("{} · you {} to drop: ", score_line(&game), name(me));
            let chosen = input.ask(&prompt, HELP, |text| {
                let lower = text.to_ascii_lowercase();
                if lower == "moves" {
                    let cells: Vec<String> =
                        game.legal_drops().iter().map(ToString::to_string).collect();
                    println!(
                        "{}",
                        fill(&format!("{} legal drops: {}", cells.len(), cells.join(" ")))
                    );
                    return Answer::Again;
                }
                if lower == "h" || lower == "hint" {
                    let legal = game.legal_actions(seat);
                    if let Some(decision) = Decision::new(seat, &game, &legal) {
                        let hint = adviser.choose(&decision);
                        println!("The strong AI would drop on {hint}.");
                    }
                    return Answer::Again;
                }
                match text.parse::<Action>() {
                    Err(_) if cell_shaped(text) => Answer::Retry(format!(
                        "{} is off the {}×{} board: files a to {}, ranks 1 to {}.",
                        short(text),
                        config.width,
                        config.height,
                        file_name(config.width.saturating_sub(1)),
                        config.height
                    )),
                    Err(err) => Answer::Retry(format!("{err}. Type a cell such as d4 (or help).")),
                    Ok(mv) => match game.check(&mv) {
                        Ok(()) => Answer::Take(mv),
                        Err(err) => Answer::Retry(format!("{mv} is not allowed: {err}.")),
                    },
                }
            });
            let Some(mv) = chosen else {
                return Ok(false);
            };
            game.apply(&mv)?;
            record.actions.push(mv);
        } else {
            let legal = game.legal_actions(seat);
            let Some(decision) = Decision::new(seat, &game, &legal) else {
                break;
            };
            let mv = opponent.choose(&decision);
            game.apply(&mv)?;
            record.actions.push(mv);
        }
        let Some(report) = MoveReport::new(&before, &game) else {
            continue;
        };
        let who = if mine {
            format!("You ({}) drop", name(me))
        } else {
            format!("{ai} ({}) drops", name(me.opponent()))
        };
        told.push(tell(&who, &report, &game));
        let my_turn_next = game.turn() == Turn::Player(me.seat());
        if my_turn_next || game.is_over() {
            println!("\n{}", render(&game, Some(&report), &style));
            for line in told.drain(..) {
                println!("{line}");
            }
        }
    }
    if let Some(outcome) = game.outcome() {
        let (mine, theirs) = (game.stones(me), game.stones(me.opponent()));
        let verdict = match outcome.winner {
            Some(w) if w == me => "You win",
            Some(_) => "You lose",
            None => "A draw",
        };
        println!(
            "{}",
            fill(&format!(
                "{verdict} {mine}–{theirs} ({} against {ai}): {}.",
                name(me),
                reason(&game, &outcome, Some(me))
            ))
        );
        common.save_record(&record, game_number, REPLAY);
    }
    Ok(true)
}

/// Two AIs play one game, move by move, paced by `--delay`.
fn watch(
    config: &Config,
    seed: u64,
    names: [&str; 2],
    common: &Common,
) -> Result<(), Box<dyn std::error::Error>> {
    let style = Style {
        colour: common.colour(),
    };
    let pace = common.pace();
    let [black, white] = names;
    let mut agents = [
        LifeGo::agent(black, derive_seed(seed, 1))?,
        LifeGo::agent(white, derive_seed(seed, 2))?,
    ];
    let mut watched = Match::<LifeGo>::new(config.clone(), seed)?;
    println!(
        "{}",
        fill(&format!(
            "{black} ({}) against {white} ({}), {}×{} board, {} moves in all",
            name(Colour::Black),
            name(Colour::White),
            config.width,
            config.height,
            config.move_limit
        ))
    );
    println!("{}", render(watched.state(), None, &style));
    pace.wait();
    loop {
        let before = watched.state().clone();
        if !watched.step(&mut agents)? {
            break;
        }
        if let Some(report) = MoveReport::new(&before, watched.state()) {
            let mover = names[report.mover.seat()];
            println!("\n{}", render(watched.state(), Some(&report), &style));
            println!(
                "{}",
                tell(
                    &format!("{mover} ({}) drops", name(report.mover)),
                    &report,
                    watched.state()
                )
            );
            if !watched.state().is_over() {
                println!("{}", score_line(watched.state()));
            }
        }
        pace.wait();
    }
    let game = watched.state();
    if let Some(outcome) = game.outcome() {
        let (b, w) = (game.stones(Colour::Black), game.stones(Colour::White));
        let verdict = match outcome.winner {
            Some(Colour::Black) => format!("{black} ({}) wins {b}–{w}", name(Colour::Black)),
            Some(Colour::White) => format!("{white} ({}) wins {w}–{b}", name(Colour::White)),
            None => format!("A draw {b}–{w}"),
        };
        println!(
            "{}",
            fill(&format!("{verdict}: {}.", reason(game, &outcome, None)))
        );
    }
    common.save_record(watched.record(), 0, REPLAY);
    Ok(())
}

/// Plays `games` seeded games between `names[0]` and `names[1]`, which swap colours after every
/// game, and prints the first one's wins, losses and draws, by colour too, with its time per move;
/// every game's record is saved when `--save-record` asks.
fn tally(
    config: &Config,
    seed: u64,
    games: u64,
    names: [&str; 2],
    common: &Common,
) -> Result<(), Box<dyn std::error::Error>> {
    let start = std::time::Instant::now();
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let mut by_colour = [0u32; 2];
    let (mut thinking, mut moves) = (std::time::Duration::ZERO, 0u32);
    for g in 0..games {
        let game_seed = derive_seed(seed, g);
        let first_seat = (g % 2) as usize;
        let mut agents = [
            LifeGo::agent(names[0], derive_seed(game_seed, 1))?,
            LifeGo::agent(names[1], derive_seed(game_seed, 2))?,
        ];
        if first_seat == 1 {
            agents.swap(0, 1);
        }
        let mut played = Match::<LifeGo>::new(config.clone(), game_seed)?;
        loop {
            let mover = played.state().turn();
            let clock = std::time::Instant::now();
            if !played.step(&mut agents)? {
                break;
            }
            if mover == Turn::Player(first_seat) {
                thinking += clock.elapsed();
                moves += 1;
            }
        }
        let winner = played.state().outcome().and_then(|o| o.winner);
        match winner {
            None => draws += 1,
            Some(colour) if colour.seat() == first_seat => wins += 1,
            Some(_) => losses += 1,
        }
        if let Some(colour) = winner {
            by_colour[colour.seat()] += 1;
        }
        common.save_record(played.record(), g, REPLAY);
    }
    println!(
        "{} against {}: {wins} wins, {losses} losses, {draws} draws in {games} games \
         (black won {}, white {}); {} {:.1} ms a move; {:.1} s in all",
        names[0],
        names[1],
        by_colour[0],
        by_colour[1],
        names[0],
        thinking.as_secs_f64() * 1000.0 / f64::from(moves.max(1)),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Whether `text` is written like a cell (letters, then a rank from 1), whatever the board: a
/// cell beyond every board (`z99`) is off this one too.
fn cell_shaped(text: &str) -> bool {
    let split = text
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (letters, digits) = text.split_at(split);
    !letters.is_empty()
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && digits.bytes().any(|b| b != b'0')
}
