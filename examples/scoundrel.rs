//! Scoundrel in the terminal: play a deal, ask the search AI for hints, or watch an AI play.
//!
//! ```text
//! cargo run --release --example scoundrel                    # a fresh deal
//! cargo run --release --example scoundrel -- --seed 42       # replay deal 42
//! cargo run --release --example scoundrel -- --observe search --seed 7
//! cargo run --release --example scoundrel -- --log scores.jsonl
//! ```
//!
//! Type the Room positions to face, in order (`1 2 4`; add `w` for the weapon or `b` for
//! barehanded: `2w 3b`; a monster named without either gets the weapon when it may be used), or
//! cards (`Qs 10h`), `0` or `a` to avoid the Room, `h` for a hint from the `search` AI, `?` for
//! help, `q` to quit. End of input quits too.

use std::fs::OpenOptions;
use std::io::{BufRead, Write};
use std::path::PathBuf;

use cards_core::{Card, wants_color};
use clap::Parser;
use scoundrel::prelude::*;
use scoundrel::{MAX_HEALTH, MONSTERS, POTIONS, WEAPONS, value, value_name};

/// Play Scoundrel, or watch an AI play it.
#[derive(Parser, Debug)]
struct Args {
    /// The deal to play (default: one from the clock). Deal N+1 follows deal N.
    #[arg(long)]
    seed: Option<u64>,
    /// Watch an AI play instead: greedy, lookahead, search, solver (clairvoyant) or random.
    #[arg(long, value_name = "AI")]
    observe: Option<String>,
    /// The strict weapon rule: a used weapon only fights monsters below its last kill.
    #[arg(long)]
    strict: bool,
    /// Append each finished game to this file as a JSON line (seed, score, won).
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
}

const HELP: &str = "\
Face three of the Room's four cards, in the order you give: positions `1 2 4` or cards `Qs 10h`.
A monster is fought with your weapon when the weapon may be used on it; add `b` to fight it
barehanded (`2b`) or `w` to insist on the weapon (`2w`). `0` or `a` avoids the Room (not twice
in a row). `h` asks the search AI for a hint, `q` quits.";

fn main() {
    let args = Args::parse();
    let mut config = if args.strict {
        Config::strict()
    } else {
        Config::default()
    };
    if args.observe.as_deref() == Some("solver") {
        // The solver is clairvoyant: it needs a game that shows it the Dungeon's order.
        config = config.revealed();
    }
    let mut seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    let color = wants_color();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let finished = match &args.observe {
            Some(name) => watch(name, config, seed, color),
            None => play(config, seed, color, &mut lines),
        };
        let Some(game) = finished else { return };
        report(&game, seed);
        if let Some(path) = &args.log
            && let Err(e) = log(path, &game, seed)
        {
            eprintln!("could not write to {}: {e}", path.display());
        }
        if args.observe.is_some() {
            return;
        }
        print!("Enter for the next deal ({}), q to quit: ", seed + 1);
        flush();
        match lines.next() {
            Some(Ok(line)) if !line.trim().eq_ignore_ascii_case("q") => seed += 1,
            _ => return,
        }
    }
}

fn flush() {
    let _ = std::io::stdout().flush();
}

/// One game with a person at the keyboard; `None` when they quit.
fn play(
    config: Config,
    seed: u64,
    color: bool,
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
) -> Option<Scoundrel> {
    let mut game = match Scoundrel::new(config, seed) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{e}");
            return None;
        }
    };
    println!("Scoundrel, deal {seed}. Type ? for help.");
    let mut hinter = SearchAgent::new(seed ^ 0x5eed);
    while !game.is_over() {
        show(&game, seed, color);
        print!("> ");
        flush();
        let line = match lines.next() {
            Some(Ok(line)) => line,
            _ => {
                println!();
                return None;
            }
        };
        let input = line.trim();
        match input.to_ascii_lowercase().as_str() {
            "" => continue,
            "q" | "quit" | "exit" => return None,
            "?" | "help" => {
                println!("{HELP}");
                continue;
            }
            "h" | "hint" => {
                let observation = game.observation(0);
                let legal = game.legal_actions(0);
                if let Some(decision) = Decision::new(0, &observation, &legal) {
                    let hint = hinter.choose(&decision);
                    println!("search suggests: {}", describe(&game, hint, color));
                }
                continue;
            }
            _ => {}
        }
        match moves(&game, input) {
            Ok(actions) => {
                for action in actions {
                    println!("  {}", describe(&game, action, color));
                    if let Err(e) = game.apply(&action) {
                        println!("  refused: {e}");
                        break;
                    }
                }
            }
            Err(e) => println!("  {e}"),
        }
    }
    Some(game)
}

/// The moves a line asks for, checked on a copy so that a line is all or nothing.
fn moves(game: &Scoundrel, input: &str) -> Result<Vec<Action>, Error> {
    let mut tokens: Vec<String> = Vec::new();
    for token in input
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let modifier = matches!(
            token.to_ascii_lowercase().as_str(),
            "w" | "b" | "bare" | "weapon"
        );
        match tokens.last_mut() {
            Some(previous) if modifier => {
                previous.push(' ');
                previous.push_str(token);
            }
            _ => tokens.push(token.to_string()),
        }
    }
    let mut trial = *game;
    let mut actions = Vec::new();
    let mut room_done = false;
    for token in tokens {
        if trial.is_over() || room_done {
            return Err(Error::Parse {
                input: token,
                reason: if trial.is_over() {
                    "the game would already be over".to_string()
                } else {
                    "that would be in the next Room; a line plays one Room".to_string()
                },
            });
        }
        let action = trial.table().parse_action(&token)?;
        trial.apply(&action)?;
        room_done = action == Action::Avoid || trial.table().faced_this_room() == 0;
        actions.push(action);
    }
    Ok(actions)
}

fn card_text(card: Card, color: bool) -> String {
    card.colored(color).to_string()
}

/// What a move does, in words.
fn describe(game: &Scoundrel, action: Action, color: bool) -> String {
    let t = game.table();
    match action {
        Action::Avoid => "avoid the Room".to_string(),
        Action::FaceWithWeapon(c) => format!(
            "fight {} with the weapon (−{})",
            card_text(c, color),
            t.damage(c, true)
        ),
        Action::Face(c) if MONSTERS.contains(c) => format!(
            "fight {} barehanded (−{})",
            card_text(c, color),
            t.damage(c, false)
        ),
        Action::Face(c) if WEAPONS.contains(c) => format!("equip {}", card_text(c, color)),
        Action::Face(c) if t.potion_used() => {
            format!("drink {} (a second potion: no effect)", card_text(c, color))
        }
        Action::Face(c) => format!("drink {}", card_text(c, color)),
    }
}

fn show(game: &Scoundrel, seed: u64, color: bool) {
    let t = game.table();
    let left = game.dungeon().cards();
    println!();
    println!(
        "Deal {seed} · Dungeon: {} cards ({} monsters, {} weapons, {} potions) · discards {}",
        left.len(),
        (left & MONSTERS).len(),
        (left & WEAPONS).len(),
        (left & POTIONS).len(),
        t.discards().len()
    );
    let weapon = match t.weapon() {
        None => "none".to_string(),
        Some(w) => match w.last_kill() {
            None => format!("{} (no kill yet)", card_text(w.card(), color)),
            Some(last) => format!(
                "{} (last slew {}: fights monsters {} {})",
                card_text(w.card(), color),
                card_text(last, color),
                if t.config().weapon_rule == WeaponRule::AtMost {
                    "up to"
                } else {
                    "below"
                },
                value_name(value(last))
            ),
        },
    };
    println!(
        "Health {}/{MAX_HEALTH} · Weapon {weapon}{}",
        t.health(),
        if t.potion_used() {
            " · potion used this turn"
        } else {
            ""
        }
    );
    let room: Vec<String> = t
        .room()
        .iter()
        .enumerate()
        .map(|(i, slot)| match slot {
            Some(c) => format!("{}) {}", i + 1, card_text(*c, color)),
            None => format!("{}) ·", i + 1),
        })
        .collect();
    let avoid = match t.avoid_refusal() {
        None => "0/a avoids".to_string(),
        Some(why) => format!("no avoiding: {why}"),
    };
    println!("Room  {}   ({avoid})", room.join("   "));
}

/// An AI plays the deal while we watch.
fn watch(name: &str, config: Config, seed: u64, color: bool) -> Option<Scoundrel> {
    let agent = match Scoundrel::agent(name, seed) {
        Ok(agent) => agent,
        Err(e) => {
            eprintln!("{e}");
            return None;
        }
    };
    let mut agents = [agent];
    let mut played = Match::<Scoundrel>::new(config, seed).ok()?;
    println!("{} plays deal {seed}.", agents[0].name());
    while !played.state().is_over() {
        let before = *played.state();
        show(&before, seed, color);
        if let Err(e) = played.step(&mut agents) {
            println!("{e}");
            return None;
        }
        let action = *played.record().actions.last()?;
        println!("{}: {}", agents[0].name(), describe(&before, action, color));
    }
    Some(*played.state())
}

fn report(game: &Scoundrel, seed: u64) {
    let score = game.score().unwrap_or(0);
    if game.table().is_won() {
        println!("\nYou made it through the Dungeon (deal {seed}). Score {score}.");
    } else {
        println!("\nThe Dungeon got you (deal {seed}). Score {score}.");
    }
}

fn log(path: &PathBuf, game: &Scoundrel, seed: u64) -> std::io::Result<()> {
    let mut file = OpenOptions::new().create(true).append(true).open(path)?;
    let line = serde_json::json!({
        "seed": seed,
        "score": game.score().unwrap_or(0),
        "won": game.table().is_won(),
        "rule": game.config().weapon_rule.to_string(),
    });
    writeln!(file, "{line}")
}
