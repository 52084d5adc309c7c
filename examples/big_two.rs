//! 逆轉大老2 at the terminal: you play seat 0 against three AIs, or watch four AIs play.
//!
//! ```text
//! cargo run --release --example big_two -- --ai ai3
//! cargo run --release --example big_two -- --ai ai2,ai3,ai4 --seed 7
//! cargo run --release --example big_two -- --observe --ai ai4,ai3,ai3,ai3
//! ```
//!
//! Type a play as cards separated by spaces, each joker with what it stands for: `3c 3d`,
//! `5h 6h BJ=7h`, `2h BJ=2`, `BJ RJ`; or `pass`. `legal` lists your plays, `help` explains,
//! `quit` (or end of input) leaves.

use std::io::{BufRead, Write};

use big_two_reversal::prelude::*;
use big_two_reversal::{Move, RankOrder};
use cards_core::wants_color;
use clap::Parser;
use game_core::derive_seed;

/// Play 逆轉大老2 (Big Two with wild jokers and four-of-a-kind reversal) against the AIs.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The AIs: one name for every AI seat, or one per seat (three, or four with --observe).
    /// Names: random, ai1, ai2, ai3, ai4.
    #[arg(long, default_value = "ai3")]
    ai: String,
    /// Watch four AIs instead of playing seat 0 (seat 0 takes the first name of four, else
    /// the one --ai name).
    #[arg(long)]
    observe: bool,
    /// The deal's seed (default: from the clock; it is printed so a game can be replayed).
    #[arg(long)]
    seed: Option<u64>,
    /// Print cards without terminal colour.
    #[arg(long)]
    no_color: bool,
}

struct Seat {
    name: String,
    agent: Option<Box<dyn Agent<BigTwo>>>,
}

fn main() {
    let args = Args::parse();
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    let color = !args.no_color && wants_color();
    let names: Vec<String> = args.ai.split(',').map(|s| s.trim().to_string()).collect();
    let seat_names: Vec<String> = match (names.len(), args.observe) {
        (1, true) => vec![names[0].clone(); 4],
        (1, false) => vec![names[0].clone(); 3],
        (4, true) | (3, false) => names,
        (n, observe) => {
            let want = if observe { "1 or 4" } else { "1 or 3" };
            eprintln!("--ai needs {want} names, got {n}");
            std::process::exit(2);
        }
    };
    let mut seats: Vec<Seat> = Vec::new();
    if !args.observe {
        seats.push(Seat {
            name: "you".into(),
            agent: None,
        });
    }
    for name in seat_names {
        let seat = seats.len();
        match BigTwo::agent(&name, derive_seed(seed, seat as u64 + 1)) {
            Ok(agent) => seats.push(Seat {
                name,
                agent: Some(agent),
            }),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        }
    }
    let mut game = match Match::<BigTwo>::new(Config::default(), seed) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    println!("逆轉大老2 — seed {seed}");
    println!(
        "Seats: {}",
        seats
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{i} {}", s.name))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if !args.observe {
        println!(
            "Type a play (`3c 3d`, `5h 6h BJ=7h`, `2h BJ=2`), `pass`, `legal`, `help` or `quit`."
        );
    }
    if args.observe {
        watch(&mut game, &mut seats, color);
    } else {
        let stdin = std::io::stdin();
        if !play_against(&mut game, &mut seats, &mut stdin.lock().lines(), color) {
            println!("\nBye.");
            return;
        }
    }
    let game = game.state();
    println!("\nGame over. Places:");
    for (place, &p) in game.table().finish_order().iter().enumerate() {
        let p = usize::from(p);
        println!(
            "  {}. seat {p} ({}) {:+}",
            place + 1,
            seats[p].name,
            game.returns(p)
        );
    }
}

/// Four AIs play the game to its end, one step at a time, each move narrated.
fn watch(game: &mut Match<BigTwo>, seats: &mut [Seat], color: bool) {
    for (p, seat) in seats.iter().enumerate() {
        println!(
            "  seat {p} ({}): {}",
            seat.name,
            show_cards(&sorted(game.state().hand(p), RankOrder::Normal), color)
        );
    }
    let mut agents: Vec<Box<dyn Agent<BigTwo>>> = seats
        .iter_mut()
        .filter_map(|seat| seat.agent.take())
        .collect();
    loop {
        match game.step(&mut agents) {
            Ok(true) => {
                if let Some(m) = game.state().history().last() {
                    narrate(m, game.state(), seats, color);
                }
            }
            Ok(false) => return,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
    }
}

/// The human at seat 0 against three AIs; `false` if the human left before the end.
fn play_against(
    game: &mut Match<BigTwo>,
    seats: &mut [Seat],
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
    color: bool,
) -> bool {
    while let Turn::Player(p) = game.state().turn() {
        let state = game.state();
        let action = match seats[p].agent.as_mut() {
            Some(agent) => {
                let view = state.observation(p);
                let legal = state.legal_actions(p);
                let Some(decision) = Decision::new(p, &view, &legal) else {
                    break;
                };
                agent.choose(&decision)
            }
            None => {
                show_table(&state.observation(p), seats, color);
                match ask(state, lines) {
                    Some(a) => a,
                    None => return false,
                }
            }
        };
        if let Err(e) = game.apply(&action) {
            eprintln!("{} chose a refused action {action}: {e}", seats[p].name);
            std::process::exit(1);
        }
        if let Some(m) = game.state().history().last() {
            narrate(m, game.state(), seats, color);
        }
    }
    true
}

/// Reads lines until one is an accepted action; `None` on end of input or `quit`.
fn ask(game: &BigTwo, lines: &mut impl Iterator<Item = std::io::Result<String>>) -> Option<Action> {
    loop {
        print!("> ");
        std::io::stdout().flush().ok();
        let line = match lines.next() {
            Some(Ok(line)) => line,
            _ => return None,
        };
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" | "q" => return None,
            "help" | "?" => {
                println!(
                    "Cards: rank then suit (3c 10h Th Qs As; suits c d h s), jokers BJ and RJ.\n\
                     A joker names what it stands for: in a pair/triple/four a rank (`2h BJ=2`),\n\
                     in a straight flush a card you do not hold (`5h 6h BJ=7h`). Jokers alone\n\
                     (`BJ`, `BJ RJ`) top their type. Follow with the same type (and length), strictly\n\
                     higher in the current order, or `pass`. A four of a kind flips the order."
                );
                continue;
            }
            "legal" | "l" => {
                let Turn::Player(p) = game.turn() else {
                    return None;
                };
                let mut legal = game.legal_actions(p);
                let order = game.table().order();
                legal.sort_by_key(|a| {
                    a.play().map_or((u8::MAX, 0, 0), |pl| {
                        (
                            pl.shape().card_count() as u8,
                            pl.key(order),
                            pl.cards().jokers().len(),
                        )
                    })
                });
                let shown: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
                println!("{} legal: {}", legal.len(), shown.join(" | "));
                continue;
            }
            _ => {}
        }
        match text.parse::<Action>() {
            Err(e) => println!("Not understood: {e}. Type `help` for the notation."),
            Ok(action) => match game.check(&action) {
                Ok(()) => return Some(action),
                Err(e) => println!("Refused: {e}."),
            },
        }
    }
}

fn show_cards(cards: &[Card], color: bool) -> String {
    cards
        .iter()
        .map(|c| c.colored(color).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The hand in the order in force, lowest first, jokers last.
fn sorted(hand: CardSet, order: RankOrder) -> Vec<Card> {
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|c| (c.rank().map_or(13, |r| order.strength(r)), c.index()));
    cards
}

fn show_table(view: &Observation, seats: &[Seat], color: bool) {
    let table = view.table();
    println!();
    println!("Rank order: {}", table.order());
    let counts: Vec<String> = (0..4)
        .map(|p| {
            let out = table
                .place(p)
                .map_or(String::new(), |place| format!(" (out, place {place})"));
            format!("{} {}{out}", seats[p].name, table.count(p))
        })
        .collect();
    println!("Cards held: {}", counts.join(" | "));
    match table.trick() {
        Some(t) => println!(
            "Trick: {} by seat {} ({}) — beat it with {} or pass",
            show_play(&t.play, color),
            t.player,
            seats[t.player].name,
            t.play.shape()
        ),
        None if table.is_first_play() => println!("You lead the game: your play must contain 3♣."),
        None => println!("You lead: play any combination."),
    }
    println!(
        "Your hand: {}",
        show_cards(&sorted(view.hand(), table.order()), color)
    );
}

fn narrate(m: &Move, game: &BigTwo, seats: &[Seat], color: bool) {
    let who = format!("seat {} ({})", m.player, seats[m.player].name);
    match m.action {
        Action::Pass => println!("{who} passes"),
        Action::Play(play) => {
            println!("{who} plays {} ({})", show_play(&play, color), play.shape());
            if play.reverses() {
                println!("  Four of a kind: the rank order flips!");
            }
            if let Some(place) = game.table().place(m.player) {
                println!("  {who} is out in place {place}");
            }
        }
    }
}

/// A play as `Display` writes it, with red cards coloured when asked.
fn show_play(play: &Play, color: bool) -> String {
    play.printed()
        .into_iter()
        .map(|(card, stands)| match stands {
            Some(c) if play.set_rank().is_some() => format!(
                "{}={}",
                card.colored(color),
                c.rank().map_or("?", |r| r.name())
            ),
            Some(c) => format!("{}={}", card.colored(color), c.colored(color)),
            None => card.colored(color).to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}
