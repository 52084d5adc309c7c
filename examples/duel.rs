//! 零儲 at the terminal: the original program's four modes and more.
//!
//! ```text
//! cargo run --release --example duel                          # you against the equilibrium AI (hk rules)
//! cargo run --release --example duel -- --ai dice --explain   # against the dice, showing the Nash mix
//! cargo run --release --example duel -- --mode two-player     # two people, one keyboard
//! cargo run --release --example duel -- --mode observe --lineup equilibrium,always-block
//! cargo run --release --example duel -- --mode classic        # the schoolyard's classic rules
//! cargo run --release --example duel -- --players 4 --rules extended
//! ```
//!
//! Type a move by name (`charge`, `block`, `shoot`, `kamehameha`, `dragon-palm`, `seal`,
//! `buddha-palm`, …) or by its Chinese name (`儲氣`, `開槍`, …); in a free-for-all add the target,
//! `shoot@2`. `help` lists the moves, `quit` (or end of input) leaves.

use std::io::{BufRead, IsTerminal, Write};

use clap::{Parser, ValueEnum};
use duel_rules::prelude::*;
use duel_rules::{Effect, RuleSet, preset_solution, solution_for};
use game_core::derive_seed;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Mode {
    /// You against AIs (player 1 is you).
    Ai,
    /// People at one keyboard, each move typed without the others seeing it.
    TwoPlayer,
    /// AIs against each other.
    Observe,
    /// The classic rules (0 qi, first hit wins), you against an AI.
    Classic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Rules {
    Hk,
    Classic,
    Extended,
}

/// 零儲 (charge, block, shoot): the Hong Kong schoolyard duel.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// Who plays.
    #[arg(long, value_enum, default_value = "ai")]
    mode: Mode,
    /// The AI you face (ai and classic modes): equilibrium, dice, or always-<move>.
    #[arg(long, default_value = "equilibrium")]
    ai: String,
    /// The rule set.
    #[arg(long, value_enum, default_value = "hk")]
    rules: Rules,
    /// Number of players (3 to 8 for the free-for-all).
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Seed for the AIs' dice.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Show the equilibrium AI's mixed strategy for each position (two players).
    #[arg(long)]
    explain: bool,
    /// Observe mode: the agents, comma-separated, one per player (default: equilibrium
    /// against dice, or dice all round in a free-for-all).
    #[arg(long)]
    lineup: Option<String>,
}

enum Seat {
    Human,
    Computer(Box<dyn Agent<Duel>>),
}

fn main() {
    let args = Args::parse();
    if let Err(message) = run(args) {
        eprintln!("{message}");
        std::process::exit(2);
    }
}

fn run(args: Args) -> Result<(), String> {
    let preset = match (args.mode, args.rules) {
        (Mode::Classic, _) | (_, Rules::Classic) => Preset::Classic,
        (_, Rules::Hk) => Preset::Hk,
        (_, Rules::Extended) => Preset::Extended,
    };
    let config = Config::preset(preset).with_players(args.players);
    let mut state = Duel::new(config, args.seed).map_err(|e| e.to_string())?;
    let n = state.num_players();
    let agent = |name: &str, p: usize| {
        Duel::agent(name, derive_seed(args.seed, p as u64)).map_err(|e| e.to_string())
    };
    let mut seats: Vec<Seat> = Vec::with_capacity(n);
    match args.mode {
        Mode::Ai | Mode::Classic => {
            seats.push(Seat::Human);
            for p in 1..n {
                seats.push(Seat::Computer(agent(&args.ai, p)?));
            }
        }
        Mode::TwoPlayer => seats.extend((0..n).map(|_| Seat::Human)),
        Mode::Observe => {
            let names: Vec<String> = match &args.lineup {
                Some(list) => list.split(',').map(|s| s.trim().to_string()).collect(),
                None if n == 2 => vec!["equilibrium".into(), "dice".into()],
                None => vec!["dice".into(); n],
            };
            if names.len() != n {
                return Err(format!(
                    "--lineup names {} agents but there are {n} players",
                    names.len()
                ));
            }
            for (p, name) in names.iter().enumerate() {
                seats.push(Seat::Computer(agent(name, p)?));
            }
        }
    }

    println!("零儲 — {} rules, {n} players", state.rules().name());
    print_moves(state.rules());
    for (p, seat) in seats.iter().enumerate() {
        let who = match seat {
            Seat::Human => "a person".to_string(),
            Seat::Computer(a) => format!("the {} AI", a.name()),
        };
        println!("Player {} is {who}.", p + 1);
    }
    let humans = seats.iter().filter(|s| matches!(s, Seat::Human)).count();
    let hide = humans > 1;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();

    while state.turn() == Turn::Simultaneous {
        println!("\n── Round {} ──", state.round() + 1);
        print_state(&state);
        if args.explain {
            explain(&state);
        }
        let mut joint = Vec::with_capacity(n);
        for (p, seat) in seats.iter_mut().enumerate() {
            let legal = state.legal_actions(p);
            let action = match seat {
                Seat::Computer(agent) => {
                    let decision = Decision::new(p, &state, &legal)
                        .ok_or_else(|| format!("player {} has no move", p + 1))?;
                    agent.choose(&decision)
                }
                Seat::Human if legal == [Action::Out] => Action::Out,
                Seat::Human => match ask(&state, p, &legal, &mut lines, hide)? {
                    Some(a) => a,
                    None => {
                        println!("\nBye.");
                        return Ok(());
                    }
                },
            };
            joint.push(action);
        }
        let round = state.play_round(&joint).map_err(|e| e.to_string())?;
        println!();
        for (p, a) in round.actions.iter().enumerate() {
            if *a != Action::Out {
                println!("Player {} plays {}.", p + 1, describe(&state, a));
            }
        }
        if round.events.is_empty() {
            println!("Nothing happens.");
        }
        for e in &round.events {
            println!("  {}.", capitalise(&e.to_string()));
        }
    }
    println!("\n── Game over after {} rounds ──", state.round());
    print_state(&state);
    for p in 0..n {
        let verdict = match state.result(p) {
            Some(PlayerResult::Win) => "wins",
            Some(PlayerResult::Draw) => "draws",
            Some(PlayerResult::Loss) => "loses",
            None => "?",
        };
        println!("Player {} {verdict}.", p + 1);
    }
    Ok(())
}

/// Asks player `p` for a move until one is legal; `None` at end of input or on `quit`.
fn ask(
    state: &Duel,
    p: usize,
    legal: &[Action],
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
    hide: bool,
) -> Result<Option<Action>, String> {
    let mut names: Vec<String> = Vec::new();
    for a in legal {
        let text = match a.name() {
            Some(n) if a.target().is_some() => format!("{n}@N"),
            _ => a.to_string(),
        };
        if !names.contains(&text) {
            names.push(text);
        }
    }
    loop {
        if hide {
            print!("Player {}, your move (the others look away)", p + 1);
        } else {
            print!("Your move");
        }
        print!(" [{}]: ", names.join(", "));
        std::io::stdout().flush().map_err(|e| e.to_string())?;
        let Some(line) = lines.next() else {
            return Ok(None);
        };
        let line = line.map_err(|e| e.to_string())?;
        let text = line.trim();
        match text {
            "" => continue,
            "quit" | "exit" => return Ok(None),
            "help" | "?" => {
                print_moves(state.rules());
                continue;
            }
            _ => {}
        }
        match state.parse_action(p, text) {
            Ok(action) => {
                if hide {
                    conceal();
                }
                return Ok(Some(action));
            }
            Err(e) => println!("That will not do: {e}. Try again (`help` lists the moves)."),
        }
    }
}

/// Hides a move just typed from the next player: clears a terminal, or pushes the line out of
/// sight when the output is not one.
fn conceal() {
    if std::io::stdout().is_terminal() {
        print!("\x1b[1A\x1b[2K\x1b[2J\x1b[H");
        println!("(move recorded and hidden)");
    } else {
        println!("(move recorded)");
    }
}

fn print_moves(rules: &RuleSet) {
    println!("Moves:");
    for m in rules.moves() {
        let effect = match m.effect {
            Effect::Charge { qi } => format!("gain {qi} qi"),
            Effect::Block => "block Shoot-type attacks aimed at you".to_string(),
            Effect::Attack {
                level,
                damage,
                blockable,
            } => format!(
                "attack, level {level}, {damage} damage{}",
                if blockable { ", stopped by block" } else { "" }
            ),
        };
        println!(
            "  {:<13} cost {:<2} {effect:<44} {}",
            m.name, m.cost, m.chinese
        );
    }
}

fn print_state(state: &Duel) {
    for (p, f) in state.fighters().iter().enumerate() {
        if f.is_in() {
            println!(
                "  Player {}: health {} {}  qi {}",
                p + 1,
                f.health,
                "♥".repeat(f.health.min(20) as usize),
                f.qi
            );
        } else {
            println!("  Player {}: out (round {})", p + 1, f.out_round);
        }
    }
}

fn describe(state: &Duel, a: &Action) -> String {
    let Some(name) = a.name() else {
        return "nothing (out)".into();
    };
    let chinese = state
        .rules()
        .index_of(name)
        .map(|i| state.rules().moves()[i].chinese.clone())
        .unwrap_or_default();
    match a.target() {
        Some(t) => format!("{name} ({chinese}) at player {}", t + 1),
        None => format!("{name} ({chinese})"),
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Prints the equilibrium mixed strategy of each player and the position's value.
fn explain(state: &Duel) {
    if state.num_players() != 2 {
        println!("  (the equilibrium is defined for two players only)");
        return;
    }
    let table = match state.rules().which_preset() {
        Some(p) => preset_solution(p),
        None => match solution_for(state.rules()) {
            Ok(t) => t,
            Err(e) => {
                println!("  (no equilibrium table: {e})");
                return;
            }
        },
    };
    for p in 0..2 {
        let (Some(mix), Some(value)) = (table.strategy_of(state, p), table.value_of(state, p))
        else {
            continue;
        };
        let parts: Vec<String> = mix
            .iter()
            .filter(|(_, pr)| *pr > 0.0005)
            .map(|(n, pr)| format!("{n} {:.1}%", pr * 100.0))
            .collect();
        println!(
            "  Equilibrium for player {}: {}   (value {:+.3})",
            p + 1,
            parts.join(", "),
            value
        );
    }
}
