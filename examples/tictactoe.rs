//! Tic-tac-toe at the terminal, as in the Python program of the blog series "通过游戏编程学Python"
//! (井字棋), and more: two players at one
//! keyboard or against an AI, X or O, lots drawn for the first move, play again; or watch two
//! AIs play.
//!
//! ```text
//! cargo run --example tictactoe                      # asks: two players or against the computer
//! cargo run --example tictactoe -- --ai perfect      # against the perfect player
//! cargo run --example tictactoe -- --observe perfect heuristic --games 10 --seed 7
//! ```
//!
//! Cells are numbered like a numeric keypad: 7 8 9 is the top row, 1 2 3 the bottom row.
//! Type `q` at any prompt (or end the input) to leave.

use std::io::{self, BufRead, Write};

use clap::Parser;
use game_core::derive_seed;
use recess::tictactoe::AGENT_NAMES;
use recess::tictactoe::prelude::*;

#[derive(Parser, Debug)]
#[command(about = "Tic-tac-toe (井字棋): play a friend or an AI, or watch two AIs play")]
struct Args {
    /// Play against this AI (otherwise you are asked whether to play a friend or the computer).
    #[arg(long, value_parser = AGENT_NAMES)]
    ai: Option<String>,
    /// Watch two AIs play: the first plays X, the second O.
    #[arg(long, num_args = 2, value_names = ["X_AI", "O_AI"], value_parser = AGENT_NAMES, conflicts_with = "ai")]
    observe: Option<Vec<String>>,
    /// How many games to watch with --observe.
    #[arg(long, default_value_t = 1, requires = "observe")]
    games: u64,
    /// Seed for the lots and the AIs (default: from the clock; it is printed so a game can be
    /// replayed).
    #[arg(long)]
    seed: Option<u64>,
}

/// Reads answers line by line; `None` means the input ended or the player typed `q`.
struct Terminal<R> {
    input: R,
}

impl<R: BufRead> Terminal<R> {
    fn ask(&mut self, prompt: &str) -> Option<String> {
        print!("{prompt}");
        let _ = io::stdout().flush();
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                println!();
                None
            }
            Ok(_) => {
                let answer = line.trim().to_string();
                if answer.eq_ignore_ascii_case("q") || answer.eq_ignore_ascii_case("quit") {
                    None
                } else {
                    Some(answer)
                }
            }
        }
    }

    /// Asks until `parse` accepts the answer, printing its explanation otherwise.
    fn ask_until<T>(
        &mut self,
        prompt: &str,
        mut parse: impl FnMut(&str) -> Result<T, String>,
    ) -> Option<T> {
        loop {
            let answer = self.ask(prompt)?;
            match parse(&answer) {
                Ok(value) => return Some(value),
                Err(why) => println!("{why}"),
            }
        }
    }
}

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

/// `text` with a capital first letter.
fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `name` followed by `verb`, agreeing ("you play", "Player 1 plays").
fn says(name: &str, verb: &str) -> String {
    let ending = if name == "you" { "" } else { "s" };
    format!("{name} {verb}{ending}")
}

fn main() {
    let args = Args::parse();
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    println!("Tic-tac-toe (井字棋), seed {seed} (replay with --seed {seed}).");
    if let Some(names) = &args.observe {
        observe(names, args.games, seed);
        return;
    }
    let stdin = io::stdin();
    let mut terminal = Terminal {
        input: stdin.lock(),
    };
    println!("Cells are numbered like a keypad:\n");
    println!(" 7 | 8 | 9\n---+---+---\n 4 | 5 | 6\n---+---+---\n 1 | 2 | 3\n");
    println!("Type q at any prompt to leave.");
    let mut game_number = 0;
    while play_one(&mut terminal, args.ai.as_deref(), seed, game_number).is_some() {
        game_number += 1;
        let again = terminal.ask_until("Play again? (y = yes, n = no): ", |answer| {
            match answer.to_ascii_lowercase().as_str() {
                "y" | "yes" => Ok(true),
                "n" | "no" => Ok(false),
                _ => Err("Please answer y or n.".to_string()),
            }
        });
        if again != Some(true) {
            break;
        }
    }
    println!("Goodbye!");
}

/// One game at the terminal; `None` when the player left.
fn play_one<R: BufRead>(
    terminal: &mut Terminal<R>,
    ai: Option<&str>,
    seed: u64,
    game_number: u64,
) -> Option<()> {
    let game_seed = derive_seed(seed, 2 * game_number);
    let ai_seed = derive_seed(seed, 2 * game_number + 1);
    let opponent = match ai {
        Some(name) => Some(name.to_string()),
        None => terminal.ask_until(
            "Two players, or against the computer? (1 = two players, 2 = against the computer): ",
            |answer| match answer {
                "1" => Ok(None),
                "2" => Ok(Some("heuristic".to_string())),
                _ => Err("Please type 1 or 2.".to_string()),
            },
        )?,
    };
    let (first_name, second_name) = match opponent {
        Some(_) => ("you", "the computer"),
        None => ("Player 1", "Player 2"),
    };
    let question = match opponent {
        Some(_) => "Do you want to play X or O? ".to_string(),
        None => "Player 1, do you want to play X or O? ".to_string(),
    };
    let chosen = terminal.ask_until(&question, |answer| {
        answer
            .parse::<Mark>()
            .map_err(|_| format!("{answer:?} is neither X nor O; please type X or O."))
    })?;
    let make = |human: &str| -> Seat {
        match &opponent {
            Some(name) => match TicTacToe::agent(name, ai_seed) {
                Ok(agent) => Seat::Computer(agent),
                Err(_) => Seat::Human(human.to_string()),
            },
            None => Seat::Human(human.to_string()),
        }
    };
    let (first, second) = (Seat::Human(first_name.to_string()), make(second_name));
    let mut seats = match chosen {
        Mark::X => [first, second],
        Mark::O => [second, first],
    };
    let Ok(mut state) = TicTacToe::new(Config::BY_LOT, game_seed) else {
        return None;
    };
    let starter = state.first_mover();
    println!(
        "{} X, {} O. The lots say {starter} moves first: {}.",
        capitalize(&says(&seats[0].name(), "play")),
        seats[1].name(),
        says(&seats[starter.seat()].name(), "begin"),
    );
    println!("{state:#}");
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
                let prompt = format!("{} ({mark}), choose a cell (1-9): ", capitalize(name));
                let snapshot = state;
                terminal.ask_until(&prompt, |answer| {
                    let cell = answer.parse::<Cell>().map_err(|e| e.to_string())?;
                    match snapshot.check(&cell) {
                        Ok(()) => Ok(cell),
                        Err(Error::Occupied(cell)) => Err(format!(
                            "Cell {cell} is already taken; free cells: {}.",
                            snapshot.free_cells()
                        )),
                        Err(e) => Err(e.to_string()),
                    }
                })?
            }
        };
        if let Err(e) = state.apply(&cell) {
            println!("That move was refused: {e}");
            continue;
        }
        println!("{state:#}");
    }
    announce(&state, &seats.map(|s| s.name()));
    Some(())
}

fn announce(state: &TicTacToe, names: &[String; 2]) {
    match state.outcome() {
        Some(Outcome::Winner(mark)) => {
            let name = &names[mark.seat()];
            println!(
                "{} with {} ({mark})!",
                capitalize(&says(name, "win")),
                state.winning_cells()
            );
        }
        Some(Outcome::Draw) => println!("It's a draw."),
        None => {}
    }
}

/// Watches AIs play `games` games, then prints the tally.
fn observe(names: &[String], games: u64, seed: u64) {
    let [x_name, o_name] = [&names[0], &names[1]];
    let mut tally = [0u64; 3];
    for game_number in 0..games {
        let agents: Result<Vec<_>, _> = [x_name, o_name]
            .iter()
            .enumerate()
            .map(|(seat, name)| {
                TicTacToe::agent(name, derive_seed(seed, 3 * game_number + seat as u64 + 1))
            })
            .collect();
        let mut agents = match agents {
            Ok(agents) => agents,
            Err(e) => {
                eprintln!("{e}");
                return;
            }
        };
        let Ok(mut game) =
            Match::<TicTacToe>::new(Config::BY_LOT, derive_seed(seed, 3 * game_number))
        else {
            return;
        };
        println!(
            "\nGame {}: {x_name} (X) against {o_name} (O); the lots say {} moves first.",
            game_number + 1,
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
                println!("{}", game.state());
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
    }
    println!(
        "\n{games} game(s): {x_name} (X) won {}, {o_name} (O) won {}, {} drawn.",
        tally[0], tally[1], tally[2]
    );
}
