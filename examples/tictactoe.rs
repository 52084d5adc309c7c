//! Tic-tac-toe at the terminal, as in the Python program of the blog series "通过游戏编程学Python"
//! (井字棋), and more: two players at one keyboard or against an AI, X or O, lots drawn for the
//! first move, play again; or watch two AIs play.
//!
//! ```text
//! cargo run --example tictactoe                      # asks: a friend, or which computer
//! cargo run --example tictactoe -- --ai perfect      # against the perfect player
//! cargo run --example tictactoe -- --observe perfect,heuristic --games 10 --seed 7
//! ```
//!
//! Cells are numbered like a numeric keypad: 7 8 9 is the top row, 1 2 3 the bottom row.
//! `help` (or `?`) at any prompt explains, `quit` (or `q`, or the end of the input) leaves.

use recess::game_terminal as common;

/// The command that makes a saved record a page, named when a record is saved.
const REPLAY: &str = "cargo run --example replay --";

use clap::Parser;
use common::{Answer, Common, Input, capitalise, fill, paint, refuse, seed_note, short};
use game_core::{Record, derive_seed};
use recess::tictactoe::prelude::*;

/// Tic-tac-toe (井字棋): play a friend or an AI, or watch two AIs play.
#[derive(Parser, Debug)]
#[command(version, long_about = None)]
struct Args {
    /// Play against this AI: random (easy), heuristic (the original program's), mcts (a search
    /// by random playouts) or perfect (never loses) [default: you are asked whether to play a
    /// friend or the computer, and which]
    #[arg(long, value_name = "AI")]
    ai: Option<String>,
    /// Watch AIs play instead: X's and O's, as `perfect,heuristic` (one name plays both)
    /// [default: perfect,heuristic]
    #[arg(
        long,
        value_name = "X_AI,O_AI",
        num_args = 0..=1,
        value_delimiter = ',',
        default_missing_values = ["perfect", "heuristic"]
    )]
    observe: Option<Vec<String>>,
    /// With --observe: how many games to watch [default: 1]
    #[arg(long, value_name = "N")]
    games: Option<u64>,
    #[command(flatten)]
    common: Common,
}

const KEYPAD: &str = " 7 | 8 | 9\n---+---+---\n 4 | 5 | 6\n---+---+---\n 1 | 2 | 3";

/// The rules, then what to type at the prompt that asked (`what`).
fn help(what: &str) -> String {
    let rules = fill(
        "Take turns putting your mark in a free cell; three in a row (across, down or \
         diagonal) wins, and a full board without one is a draw. Cells are numbered like a \
         keypad:",
    );
    format!(
        "{rules}\n\n{KEYPAD}\n\n{}",
        fill(&format!("{what} help shows this, quit leaves."))
    )
}

/// The computers to play, easiest first: (number typed, AI name, what it is).
const LEVELS: [(&str, &str, &str); 4] = [
    ("1", "random", "easy: it plays at random"),
    (
        "2",
        "heuristic",
        "medium: the original program's, wins and blocks",
    ),
    ("3", "mcts", "strong: it searches by random playouts"),
    ("4", "perfect", "never loses"),
];

/// Who sits in a seat.
enum Seat {
    Human(String),
    Computer(Box<dyn Agent<TicTacToe>>),
}

impl Seat {
    fn name(&self) -> String {
        match self {
            Seat::Human(name) => name.clone(),
            Seat::Computer(agent) => format!("the computer ({})", agent.name()),
        }
    }
}

/// `name` followed by `verb`, agreeing ("you play", "Player 1 plays").
fn says(name: &str, verb: &str) -> String {
    let ending = if name == "you" { "" } else { "s" };
    format!("{name} {verb}{ending}")
}

/// The board, X and O coloured when `colour` is on (they differ in shape without it).
fn board(state: &TicTacToe, colour: bool) -> String {
    format!("{state:#}")
        .replace('X', &paint(colour, "1;36", "X"))
        .replace('O', &paint(colour, "1;33", "O"))
}

fn main() {
    common::end_quietly_when_output_closes();
    let args: Args = common::parse_args();
    let known = TicTacToe::agent_names();
    if args.ai.is_some() && args.observe.is_some() {
        refuse::<Args>("--ai names your opponent and --observe the AIs to watch: give one of them");
    }
    if args.games.is_some() && args.observe.is_none() {
        refuse::<Args>("--games counts watched games: it needs --observe");
    }
    if args.games == Some(0) {
        refuse::<Args>("--games 0: watch at least 1 game");
    }
    let ai = args
        .ai
        .as_ref()
        .map(|name| common::known_name(name, &known).unwrap_or_else(|why| refuse::<Args>(why)));
    let observed = args.observe.as_ref().map(|names| {
        common::lineup("--observe", names, 2, &known).unwrap_or_else(|why| refuse::<Args>(why))
    });
    args.common.check_save_record::<Args>();
    let seed = args.common.seed();
    println!(
        "{}",
        fill(&format!("Tic-tac-toe (井字棋) · {}", seed_note(seed)))
    );
    if let Some(names) = observed {
        observe(&names, args.games.unwrap_or(1), seed, &args.common);
        return;
    }
    let mut input = Input::new();
    println!("Cells are numbered like a keypad:\n\n{KEYPAD}\n");
    println!("Type a cell's number when asked; help explains, quit leaves.");
    let mut game_number = 0;
    let mut opponent = ai.map(Some);
    while let Some(playing) = play_one(
        &mut input,
        opponent.clone(),
        seed,
        game_number,
        &args.common,
    ) {
        opponent = Some(playing);
        game_number += 1;
        if !common::another_game(
            &mut input,
            &format!(" (seed {})", seed.wrapping_add(game_number)),
            &help("Type y for another game or n to stop."),
        ) {
            break;
        }
    }
}

/// Asks who the opponent is: `None` for a friend at the keyboard, else the computer's AI.
fn ask_opponent(input: &mut Input) -> Option<Option<String>> {
    let friend = input.ask(
        "Play a friend at this keyboard (1) or the computer (2)? ",
        &help("Type 1 to play a friend at this keyboard, 2 to play the computer."),
        |answer| match answer {
            "1" => Answer::Take(true),
            "2" => Answer::Take(false),
            _ => Answer::Retry("Please type 1 (a friend) or 2 (the computer).".to_string()),
        },
    )?;
    if friend {
        return Some(None);
    }
    let levels: Vec<String> = LEVELS
        .iter()
        .map(|(n, name, what)| format!("{n} = {name} ({what})"))
        .collect();
    let question = format!("Which computer? {}: ", levels.join(", "));
    let level_help = help(&format!(
        "Type the computer's number, or its name: {}.",
        levels.join(", ")
    ));
    input
        .ask(&question, &level_help, |answer| {
            let lower = answer.to_ascii_lowercase();
            match LEVELS
                .iter()
                .find(|(n, name, _)| *n == lower || *name == lower)
            {
                Some((_, name, _)) => Answer::Take(Some(Some(name.to_string()))),
                None => Answer::Retry("Please type 1, 2, 3 or 4.".to_string()),
            }
        })
        .flatten()
}

/// One game at the terminal, against `opponent` (`Some(None)`: a friend; `None`: ask); the
/// opponent played, or `None` when the player left.
fn play_one(
    input: &mut Input,
    opponent: Option<Option<String>>,
    seed: u64,
    game_number: u64,
    common: &Common,
) -> Option<Option<String>> {
    let colour = common.colour();
    // Game k of the session is seed + k, the seed its record keeps.
    let game_seed = seed.wrapping_add(game_number);
    let ai_seed = derive_seed(game_seed, 1);
    let opponent = match opponent {
        Some(known) => known,
        None => ask_opponent(input)?,
    };
    let playing = opponent.clone();
    let (first_name, second_name) = match opponent {
        Some(_) => ("you", "the computer"),
        None => ("Player 1", "Player 2"),
    };
    let question = match opponent {
        Some(_) => "Do you want to play X or O? ",
        None => "Player 1, do you want to play X or O? ",
    };
    let chosen = input.ask(
        question,
        &help("Type X or O: the mark you play (the lots then say who begins)."),
        |answer| match answer.parse::<Mark>() {
            Ok(mark) => Answer::Take(mark),
            Err(_) => Answer::Retry(format!(
                "{:?} is neither X nor O; please type X or O.",
                short(answer)
            )),
        },
    )?;
    let second = match &opponent {
        Some(name) => match TicTacToe::agent(name, ai_seed) {
            Ok(agent) => Seat::Computer(agent),
            Err(_) => Seat::Human(second_name.to_string()),
        },
        None => Seat::Human(second_name.to_string()),
    };
    let first = Seat::Human(first_name.to_string());
    let mut seats = match chosen {
        Mark::X => [first, second],
        Mark::O => [second, first],
    };
    let Ok(mut state) = TicTacToe::new(Config::BY_LOT, game_seed) else {
        return None;
    };
    let mut record = Record::<TicTacToe>::new(Config::BY_LOT, game_seed);
    let starter = state.first_mover();
    let intro = format!(
        "{} X, {} O. The lots say {starter} moves first: {}.",
        capitalise(&says(&seats[0].name(), "play")),
        seats[1].name(),
        says(&seats[starter.seat()].name(), "begin"),
    );
    println!("{}", fill(&intro));
    if let Seat::Human(_) = seats[starter.seat()] {
        println!("{}", board(&state, colour));
    }
    let mut legal = Vec::with_capacity(9);
    while let Turn::Player(seat) = state.turn() {
        let mark = Mark::of_seat(seat).unwrap_or(Mark::X);
        let cell = match &mut seats[seat] {
            Seat::Computer(agent) => {
                state.legal_actions_into(seat, &mut legal);
                let decision = Decision::new(seat, &state, &legal)?;
                let cell = agent.choose(&decision);
                println!("The computer ({mark}) plays {cell}.");
                cell
            }
            Seat::Human(name) => {
                let prompt = format!("{} ({mark}), choose a cell (1-9): ", capitalise(name));
                let snapshot = state;
                let cell_help = help("Type the number of a free cell.");
                input.ask(&prompt, &cell_help, |answer| {
                    let cell = match answer.parse::<Cell>() {
                        Ok(cell) => cell,
                        Err(e) => {
                            return Answer::Retry(format!(
                                "{e}; free cells: {}.",
                                snapshot.free_cells()
                            ));
                        }
                    };
                    match snapshot.check(&cell) {
                        Ok(()) => Answer::Take(cell),
                        Err(Error::Occupied(cell)) => Answer::Retry(format!(
                            "Cell {cell} is already taken; free cells: {}.",
                            snapshot.free_cells()
                        )),
                        Err(e) => Answer::Retry(e.to_string()),
                    }
                })?
            }
        };
        if let Err(e) = state.apply(&cell) {
            println!("That move was refused: {e}");
            continue;
        }
        record.actions.push(cell);
        println!("{}", board(&state, colour));
    }
    announce(&state, &seats.map(|s| s.name()));
    common.save_record(&record, game_number, REPLAY);
    Some(playing)
}

fn announce(state: &TicTacToe, names: &[String; 2]) {
    match state.outcome() {
        Some(Outcome::Winner(mark)) => {
            let name = &names[mark.seat()];
            println!(
                "{} with {} ({mark})!",
                capitalise(&says(name, "win")),
                state.winning_cells()
            );
        }
        Some(Outcome::Draw) => println!("It's a draw."),
        None => {}
    }
}

/// Watches AIs play `games` games, then prints the tally; a single game is paced by `--delay`.
fn observe(names: &[String], games: u64, seed: u64, common: &Common) {
    let [x_name, o_name] = [&names[0], &names[1]];
    let colour = common.colour();
    let pace = common.pace();
    let mut tally = [0u64; 3];
    for game_number in 0..games {
        let agents: Result<Vec<_>, _> = [x_name, o_name]
            .iter()
            .enumerate()
            .map(|(seat, name)| {
                TicTacToe::agent(
                    name,
                    derive_seed(seed.wrapping_add(game_number), seat as u64 + 1),
                )
            })
            .collect();
        let mut agents = match agents {
            Ok(agents) => agents,
            Err(e) => {
                eprintln!("{e}");
                return;
            }
        };
        let Ok(mut game) = Match::<TicTacToe>::new(Config::BY_LOT, seed.wrapping_add(game_number))
        else {
            return;
        };
        println!(
            "\nGame {} (seed {}): {x_name} (X) against {o_name} (O); the lots say {} moves first.",
            game_number + 1,
            seed.wrapping_add(game_number),
            game.state().first_mover()
        );
        loop {
            let mover = game.state().to_move();
            match game.step(&mut agents) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => {
                    println!("{e}; the game stops.");
                    break;
                }
            }
            if let (Some(mark), Some(cell)) = (mover, game.record().actions.last()) {
                println!("{} ({mark}) plays {cell}.", agents[mark.seat()].name());
            }
            if games == 1 {
                println!("{}", board(game.state(), colour));
                pace.wait();
            }
        }
        let state = *game.state();
        if games > 1 {
            println!("{state}");
        }
        match state.outcome() {
            Some(Outcome::Winner(Mark::X)) => tally[0] += 1,
            Some(Outcome::Winner(Mark::O)) => tally[1] += 1,
            _ => tally[2] += 1,
        }
        announce(&state, &[x_name.clone(), o_name.clone()]);
        common.save_record(game.record(), game_number, REPLAY);
    }
    println!(
        "\n{}: {x_name} (X) won {}, {o_name} (O) won {}, {} drawn.",
        common::count(games as usize, "game"),
        tally[0],
        tally[1],
        tally[2]
    );
}
