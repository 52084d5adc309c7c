//! Scoundrel in the terminal: play a deal, ask an AI for hints, or watch an AI play.
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
//! cards (`Qs 10h`), `0` or `a` to avoid the Room, `h` for a hint, `help` (or `?`) for help,
//! `quit` (or `q`, or the end of the input) to leave. A line that would kill you is played only
//! after you confirm it. The game's Chinese name, 地城恶棍, is written in simplified characters,
//! as the blog it came from writes it.

use recess::game_terminal as common;

/// The command that makes a saved record a page, named when a record is saved.
const REPLAY: &str = "cargo run --example replay --";

use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;

use cards_core::Card;
use clap::Parser;
use common::{Answer, Common, Input, count, fill, refuse, seed_note};
use game_core::Record;
use scoundrel::prelude::*;
use scoundrel::{Kind, MAX_HEALTH, MONSTERS, POTIONS, WEAPONS, kind, value, value_name};

/// Scoundrel (地城恶棍), the solitaire dungeon crawl: play a deal, or watch an AI play it.
#[derive(Parser, Debug)]
#[command(version, long_about = None)]
struct Args {
    /// The AI whose advice `h` gives: greedy, lookahead, search or random [default: search]
    #[arg(long, value_name = "AI")]
    ai: Option<String>,
    /// Watch an AI play instead: greedy, lookahead, search, solver (told the Dungeon's order) or
    /// random [default: search]
    #[arg(long, value_name = "AI", num_args = 0..=1, default_missing_value = "search")]
    observe: Option<String>,
    /// The strict weapon rule: a used weapon only fights monsters below its last kill
    #[arg(long)]
    strict: bool,
    /// Append each finished game to this file as a JSON line (seed, player, rule, score, won);
    /// checked before the game starts
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    #[command(flatten)]
    common: Common,
}

const CARDS: &str = "\
The Dungeon: 44 cards. ♣ ♠ are monsters: they hit you for their value (2-10,
J 11, Q 12, K 13, A 14). ♦ are weapons (2-10): a monster fought with one hits
for its value less the weapon's. ♥ are potions (2-10): they heal their value,
one a turn. You have 20 health, never more. Live through every card to win.
Score: alive at the end, your health (at 20, plus a potion faced last); dead,
your health less the monsters you never faced.";

const HELP: &str = "\
Each turn the Room holds four cards: face three of them, one at a time, in the order you give \
(positions `1 2 4` or cards `Qs 10h`); the fourth stays for the next Room. Or avoid the Room \
(`0` or `a`): its cards go under the Dungeon; not twice in a row.
A weapon you face is equipped (the old one is discarded). A monster is fought with the weapon \
when the weapon may be used on it, costing its value less the weapon's, else barehanded, \
costing its full value: add `b` to fight barehanded (`2b`) or `w` to insist on the weapon \
(`2w`). Once a weapon has slain a monster it may only fight monsters no stronger than the \
last it slew (strictly weaker with --strict). Only the first potion of a turn heals.
A line that would kill you is played only once you confirm it.
The score: if you get through the Dungeon alive, your health, plus the value of the last card \
when it was a potion faced at full health (so 30 at most); if you die, your health (0 or less) \
less the values of every monster not yet faced, in the Dungeon and the Room.
`h` asks the AI for a hint, `quit` leaves.";

fn main() {
    common::end_quietly_when_output_closes();
    let args: Args = common::parse_args();
    if args.ai.is_some() && args.observe.is_some() {
        refuse::<Args>(
            "--ai gives hints while you play and --observe watches an AI: give one of them",
        );
    }
    let known = Scoundrel::agent_names();
    // The clairvoyant solver can be watched: it is told the deal it plays.
    let watchable: Vec<String> = known.iter().cloned().chain(["solver".into()]).collect();
    let observe = args
        .observe
        .as_ref()
        .map(|name| common::known_name(name, &watchable).unwrap_or_else(|why| refuse::<Args>(why)));
    let ai = args.ai.as_ref().map(|name| {
        let fair: Vec<String> = known.iter().filter(|n| *n != "solver").cloned().collect();
        if name.trim().eq_ignore_ascii_case("solver") {
            refuse::<Args>(format!(
                "the solver is told the Dungeon's order, so it gives no fair hints; choose from: {}",
                fair.join(", ")
            ));
        }
        common::known_name(name, &fair).unwrap_or_else(|why| refuse::<Args>(why))
    });
    // A log that cannot be written is found out now, not after the game.
    if let Some(path) = &args.log
        && let Err(e) = OpenOptions::new().create(true).append(true).open(path)
    {
        refuse::<Args>(format!("cannot write the log {}: {e}", path.display()));
    }
    args.common.check_save_record::<Args>();
    let config = if args.strict {
        Config::strict()
    } else {
        Config::default()
    };
    let mut seed = args.common.seed();
    let color = args.common.colour();
    // `q` could be a queen: leaving asks first.
    let mut input = Input::new().confirming_quit();
    println!(
        "{}",
        fill(&format!("Scoundrel (地城恶棍) · {}", seed_note(seed)))
    );
    println!("{CARDS}");
    for game_number in 0.. {
        let finished = match &observe {
            Some(name) => watch(name, config, seed, color, &args.common),
            None => play(config, seed, color, ai.as_deref(), &mut input),
        };
        let Some((game, record)) = finished else {
            return;
        };
        report(&game, seed, observe.is_none());
        let player = observe.as_deref().unwrap_or("human");
        if let Some(path) = &args.log
            && let Err(e) = log(path, &game, seed, player)
        {
            eprintln!("could not write to {}: {e}", path.display());
        }
        args.common.save_record(&record, game_number, REPLAY);
        if observe.is_some() {
            return;
        }
        if !common::another_game(&mut input, &format!(" (seed {})", seed + 1), HELP) {
            return;
        }
        seed += 1;
        println!(
            "\n{}",
            fill(&format!("Scoundrel (地城恶棍) · {}", seed_note(seed)))
        );
    }
}

/// One game with a person at the keyboard, and its record; `None` when they quit.
fn play(
    config: Config,
    seed: u64,
    color: bool,
    ai: Option<&str>,
    input: &mut Input,
) -> Option<(Scoundrel, Record<Scoundrel>)> {
    let mut record = Record::new(config, seed);
    let mut game = match Scoundrel::new(config, seed) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{e}");
            return None;
        }
    };
    let mut hinter: Box<dyn Agent<Scoundrel>> = match ai {
        None => Box::new(SearchAgent::new(seed ^ 0x5eed)),
        Some(name) => Scoundrel::agent(name, seed ^ 0x5eed).ok()?,
    };
    println!("Type ? for help, h for a hint from {}.", hinter.name());
    let help = format!("{CARDS}\n{HELP}");
    while !game.is_over() {
        show(&game, seed, color);
        let planned = input.ask("> ", &help, |text| {
            if matches!(text.to_ascii_lowercase().as_str(), "h" | "hint") {
                let observation = game.observation(0);
                let legal = game.legal_actions(0);
                if let Some(decision) = Decision::new(0, &observation, &legal) {
                    let hint = hinter.choose(&decision);
                    println!(
                        "{} suggests: {}",
                        hinter.name(),
                        describe(&game, hint, color)
                    );
                }
                return Answer::Again;
            }
            match moves(&game, text) {
                Ok(planned) => Answer::Take(planned),
                Err(e) => Answer::Retry(e),
            }
        })?;
        if planned.fatal || !planned.wasted.is_empty() {
            let end = planned.after;
            let steps: Vec<String> = planned
                .actions
                .iter()
                .scan(game, |at, a| {
                    let said = describe(at, *a, color);
                    at.apply(a).ok()?;
                    Some(said)
                })
                .collect();
            let mut warning = if planned.fatal {
                format!(
                    "Careful, this kills you: {}; health {} → {}, score {}.",
                    steps.join(", then "),
                    minus(game.table().health()),
                    minus(end.table().health()),
                    minus(end.score().unwrap_or(0))
                )
            } else {
                let wasted: Vec<String> = planned
                    .wasted
                    .iter()
                    .map(|&c| card_text(c, color))
                    .collect();
                format!(
                    "Careful, this wastes {}: only the first potion of a Room heals. The line: \
                     {}; health {} → {}.",
                    wasted.join(" and "),
                    steps.join(", then "),
                    minus(game.table().health()),
                    minus(end.table().health())
                )
            };
            if !planned.unplayed.is_empty() {
                warning.push_str(&format!(
                    " The rest of the line ({}) would never be played.",
                    planned.unplayed.join(" ")
                ));
            }
            println!("{}", fill(&warning));
            let question = if planned.fatal {
                "Face it anyway? (y = yes, n = choose again): "
            } else {
                "Play it anyway? (y = yes, n = choose again): "
            };
            let sure = input.ask(question, &help, |answer| {
                match answer.to_ascii_lowercase().as_str() {
                    "y" | "yes" => Answer::Take(true),
                    "n" | "no" => Answer::Take(false),
                    _ => Answer::Retry("Please answer y or n.".to_string()),
                }
            })?;
            if !sure {
                continue;
            }
        }
        for action in planned.actions {
            println!("  {}", describe(&game, action, color));
            if let Err(e) = game.apply(&action) {
                println!("  refused: {e}");
                break;
            }
            record.actions.push(action);
        }
    }
    Some((game, record))
}

/// What a line asks for, checked on a copy so that a line is all or nothing.
struct Planned {
    /// The moves, in order, up to the end of the game if they end it.
    actions: Vec<Action>,
    /// Whether they kill the player.
    fatal: bool,
    /// What was typed after the move that ends the game.
    unplayed: Vec<String>,
    /// Potions the line drinks after the Room's first: they heal nothing.
    wasted: Vec<Card>,
    /// The game after them.
    after: Scoundrel,
}

/// Words of the hints and warnings (`fight 9♣ barehanded (−9)`, `drink 5♥`, `fight Q♠ with the
/// weapon`, `avoid the Room`) that a line may repeat: they say nothing a move needs.
const FILLER: [&str; 8] = [
    "fight", "drink", "equip", "with", "the", "room", "then", "and",
];

/// The moves a line asks for, checked on a copy; else why not, in words. A hint's wording is
/// read too: `fight 9♣ barehanded` is `9♣ b`.
fn moves(game: &Scoundrel, input: &str) -> Result<Planned, String> {
    let mut tokens: Vec<String> = Vec::new();
    for token in input
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|t| !t.is_empty())
    {
        let lower = token.to_lowercase();
        // A cost in brackets, `(−9)`, and the words around the moves.
        if FILLER.contains(&lower.as_str()) || (lower.starts_with('(') && lower.ends_with(')')) {
            continue;
        }
        let token = if lower == "barehanded" { "b" } else { token };
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
    let room = game.table().room();
    let mut trial = *game;
    let mut actions = Vec::new();
    let mut wasted = Vec::new();
    let mut faced: Vec<Card> = Vec::new();
    let mut room_done = false;
    for (k, token) in tokens.iter().enumerate() {
        if trial.is_over() {
            return Ok(Planned {
                fatal: !trial.table().is_won(),
                actions,
                unplayed: tokens[k..].to_vec(),
                wasted,
                after: trial,
            });
        }
        if room_done {
            return Err(format!(
                "{token} would be in the next Room; a line plays one Room (the Room's three \
                 cards, or an avoid)."
            ));
        }
        // A position of this Room named twice on one line: say so, not "empty".
        let position = token
            .chars()
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|d| (1..=4).contains(d));
        if let Some(card) = position.and_then(|d| room[d as usize - 1])
            && faced.contains(&card)
        {
            return Err(format!(
                "Position {} ({card}) is named twice; each card of the Room is faced once.",
                position.unwrap_or(0)
            ));
        }
        let action = trial
            .table()
            .parse_action(token)
            .map_err(|e| e.to_string())?;
        if let Some(card) = action.card() {
            if faced.contains(&card) {
                return Err(format!(
                    "{card} is named twice; each card of the Room is faced once."
                ));
            }
            faced.push(card);
        }
        if let Action::Face(card) = action
            && POTIONS.contains(card)
            && trial.table().potion_used()
        {
            wasted.push(card);
        }
        trial.apply(&action).map_err(|e| e.to_string())?;
        room_done = action == Action::Avoid || trial.table().faced_this_room() == 0;
        actions.push(action);
    }
    Ok(Planned {
        fatal: trial.is_over() && !trial.table().is_won(),
        actions,
        unplayed: Vec::new(),
        wasted,
        after: trial,
    })
}

fn card_text(card: Card, color: bool) -> String {
    card.colored(color).to_string()
}

/// A Room card with what it is: `Q♠ monster 12`, `7♦ weapon 7`, `5♥ potion 5`.
fn room_card(card: Card, color: bool) -> String {
    let what = match kind(card) {
        Some(Kind::Monster) => "monster",
        Some(Kind::Weapon) => "weapon",
        Some(Kind::Potion) => "potion",
        None => "?",
    };
    format!("{} {what} {}", card_text(card, color), value(card))
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
        "Seed {seed} · Dungeon: {} ({}, {}, {}) · discards {}",
        count(left.len(), "card"),
        count((left & MONSTERS).len(), "monster"),
        count((left & WEAPONS).len(), "weapon"),
        count((left & POTIONS).len(), "potion"),
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
            Some(c) => format!("{}) {}", i + 1, room_card(*c, color)),
            None => format!("{}) ·", i + 1),
        })
        .collect();
    println!("Room  {}", room.join("   "));
    match t.avoid_refusal() {
        None => println!("      (0 or a avoids the Room)"),
        Some(why) => println!("{}", fill(&format!("No avoiding: {why}."))),
    }
}

/// An AI plays the deal while we watch, paced by `--delay`; the game and its record.
fn watch(
    name: &str,
    config: Config,
    seed: u64,
    color: bool,
    common: &Common,
) -> Option<(Scoundrel, Record<Scoundrel>)> {
    let agent: Box<dyn Agent<Scoundrel>> = if name == "solver" {
        Box::new(SolverAgent::for_deal(&Scoundrel::new(config, seed).ok()?))
    } else {
        match Scoundrel::agent(name, seed) {
            Ok(agent) => agent,
            Err(e) => {
                eprintln!("{e}");
                return None;
            }
        }
    };
    let pace = common.pace();
    let mut agents = [agent];
    let mut played = Match::<Scoundrel>::new(config, seed).ok()?;
    println!("{} plays the deal.", agents[0].name());
    while !played.state().is_over() {
        let before = *played.state();
        if before.table().faced_this_room() == 0 {
            show(&before, seed, color);
        }
        if let Err(e) = played.step(&mut agents) {
            println!("{e}");
            return None;
        }
        let action = *played.record().actions.last()?;
        println!("{}: {}", agents[0].name(), describe(&before, action, color));
        pace.wait();
    }
    let (game, record) = played.into_parts();
    Some((game, record))
}

/// `-3` as `−3`, with a minus sign.
fn minus(n: i32) -> String {
    if n < 0 {
        format!("−{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

/// The result, with how its score is worked out; `you` when a person played.
fn report(game: &Scoundrel, seed: u64, you: bool) {
    let score = game.score().unwrap_or(0);
    let health = game.table().health();
    let how = if game.table().is_won() {
        let bonus = score - health;
        if bonus > 0 {
            format!(
                "Score {score}: {health} health, plus {bonus} for the potion faced last at full \
                 health."
            )
        } else {
            format!("Score {score}: the health left.")
        }
    } else {
        format!(
            "Score {}: health {}, less {} for the monsters never faced.",
            minus(score),
            minus(health),
            health - score
        )
    };
    let what = match (game.table().is_won(), you) {
        (true, true) => "You made it through the Dungeon alive",
        (true, false) => "Through the Dungeon alive",
        (false, true) => "You died in the Dungeon",
        (false, false) => "Killed in the Dungeon",
    };
    println!("\n{}", fill(&format!("{what} (seed {seed}). {how}")));
}

/// Appends the game to the log: seed, who played (`human` or the AI's name), the weapon rule,
/// the score and whether the Dungeon was survived.
fn log(path: &PathBuf, game: &Scoundrel, seed: u64, player: &str) -> std::io::Result<()> {
    let mut file = OpenOptions::new().create(true).append(true).open(path)?;
    let line = serde_json::json!({
        "seed": seed,
        "player": player,
        "rule": game.config().weapon_rule.to_string(),
        "score": game.score().unwrap_or(0),
        "won": game.table().is_won(),
    });
    writeln!(file, "{line}")
}
