//! 逆轉大老2 at the terminal: you play as player 1 against three AIs, or watch four AIs play.
//!
//! ```text
//! cargo run --release --example big_two                      # against three ai4s, the strongest
//! cargo run --release --example big_two -- --ai ai2,ai3,ai4 --seed 7
//! cargo run --release --example big_two -- --observe ai4,ai3,ai3,ai3
//! ```
//!
//! Type a play as cards separated by spaces, each joker with what it stands for: `3c 3d`,
//! `5h 6h BJ=7h`, `2h BJ=2`, `BJ RJ`; or `pass` (or `p`). `legal` lists your plays, `played`
//! the cards played so far by player, `help` (or `?`) explains, `quit` leaves after asking (a
//! lone `q` might be a queen); the end of the input leaves at once. Players are numbered 1 to 4
//! (the crate's seats 0 to 3).

use recess::game_terminal as common;

/// The command that makes a saved record a page, named when a record is saved.
const REPLAY: &str = "cargo run --example replay --";

use std::fmt::Write as _;

use big_two_reversal::prelude::*;
use big_two_reversal::{Event, RankOrder, Shape};
use clap::Parser;
use common::{Answer, Common, Input, Pace, capitalise, fill, refuse, seed_note};
use game_core::derive_seed;

/// 逆轉大老2: Big Two with wild jokers and four-of-a-kind reversal. Play three AIs, or watch
/// four.
#[derive(Parser, Debug)]
#[command(version, long_about = None)]
struct Args {
    /// The AIs you play, players 2 to 4: one name for all three or one per player: random, ai1,
    /// ai2, ai3 or ai4 (the strongest: a search over the deals you might hold) [default: ai4]
    #[arg(long, value_name = "AI[,AI,AI]", value_delimiter = ',')]
    ai: Option<Vec<String>>,
    /// Watch four AIs instead: one name for all or one per player, players 1 to 4 [default:
    /// ai4,ai3,ai3,ai3]
    #[arg(long, value_name = "AI[,AI,AI,AI]", num_args = 0..=1, value_delimiter = ',')]
    observe: Option<Vec<String>>,
    #[command(flatten)]
    common: Common,
}

const HELP: &str = "\
Cards: rank then suit (3c 10h Th Qs As; suits c d h s), jokers BJ and RJ. Play one of five \
types: a single, a pair, a triple, a four of a kind, or a straight flush (three or more cards \
of one suit in sequence, A 2 3 … K A, not wrapping round). A joker stands for what you name: \
in a pair, triple or four a rank (`2h BJ=2`), in a straight flush a card of the run \
(`5h 6h BJ=7h`); jokers alone (`BJ`, `BJ RJ`) top their type.
The leader plays any type; the others follow with the same type (a straight flush of the same \
length), strictly higher in the rank order in force, or pass. Only ranks count: suits never \
break a tie, and an equal play never beats. Straight flushes compare by their ranks from the \
highest down, like words in a dictionary: 3-4-5 < … < Q-K-A < 2-3-4 < A-2-3. A four of a kind \
turns the rank order round (2 lowest, 3 highest) until the next one. When all the others pass, \
the last player to play wins the trick and leads the next. The first to run out of cards wins.
Scores: by the order of going out, +3 for first, +1 second, −1 third, −3 for the last one left \
with cards.
Commands: pass (or p), legal (your plays), played (the cards played so far), help, quit.";

struct Seat {
    name: String,
    agent: Option<Box<dyn Agent<BigTwo>>>,
}

/// `player 3 (ai3)`: players counted from 1, as in every game's text.
fn seat_name(seats: &[Seat], p: usize) -> String {
    format!("player {} ({})", p + 1, seats[p].name)
}

fn main() {
    common::end_quietly_when_output_closes();
    let args: Args = common::parse_args();
    if args.ai.is_some() && args.observe.is_some() {
        refuse::<Args>(
            "--ai names your opponents and --observe the AIs to watch: give one of them",
        );
    }
    let known = BigTwo::agent_names();
    let observe = args.observe.is_some();
    let names = match &args.observe {
        Some(names) if names.is_empty() => {
            Ok(["ai4", "ai3", "ai3", "ai3"].map(String::from).to_vec())
        }
        Some(names) => common::lineup("--observe", names, 4, &known),
        None => {
            let given = args.ai.clone().unwrap_or_else(|| vec!["ai4".to_string()]);
            common::lineup("--ai", &given, 3, &known)
        }
    }
    .unwrap_or_else(|why| refuse::<Args>(why));
    args.common.check_save_record::<Args>();
    let seed = args.common.seed();
    let color = args.common.colour();
    let mut seats: Vec<Seat> = Vec::new();
    if !observe {
        seats.push(Seat {
            name: "you".into(),
            agent: None,
        });
    }
    for name in names {
        let seat = seats.len();
        let agent = BigTwo::agent(&name, derive_seed(seed, seat as u64 + 1))
            .unwrap_or_else(|e| refuse::<Args>(e));
        seats.push(Seat {
            name,
            agent: Some(agent),
        });
    }
    let mut input = Input::new().confirming_quit();
    let mut seed = seed;
    for game_number in 0.. {
        let mut game = match Match::<BigTwo>::new(Config::default(), seed) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
        println!(
            "{}",
            fill(&format!("逆轉大老2 (Big Two) · {}", seed_note(seed)))
        );
        let players: Vec<String> = (0..seats.len()).map(|p| seat_name(&seats, p)).collect();
        println!("{}", fill(&format!("Players: {}.", players.join(", "))));
        if observe {
            watch(&mut game, &mut seats, color, args.common.pace());
        } else {
            println!(
                "{}",
                fill(
                    "Type a play (3c 3d, 5h 6h BJ=7h, 2h BJ=2) or pass (p); legal, played, help, \
                     quit."
                )
            );
            if !play_against(&mut game, &mut seats, &mut input, color) {
                return;
            }
        }
        let state = game.state();
        println!("\nGame over. Places (+3, +1, −1, −3 by the order of going out):");
        for (place, p) in state.table().finish_order().enumerate() {
            let left = state.hand(p);
            let holding = if left.is_empty() {
                String::new()
            } else {
                format!(
                    ", left holding {}",
                    show_cards(&sorted(left, state.table().order()), color)
                )
            };
            println!(
                "{}",
                fill(&format!(
                    "  {}. {} {:+}{holding}",
                    place + 1,
                    seat_name(&seats, p),
                    state.returns(p)
                ))
            );
        }
        args.common.save_record(game.record(), game_number, REPLAY);
        if observe {
            return;
        }
        if !common::another_game(&mut input, &format!(" (seed {})", seed + 1), HELP) {
            return;
        }
        seed += 1;
        // Fresh AIs for the new deal, seeded from it.
        for (p, seat) in seats.iter_mut().enumerate().skip(1) {
            seat.agent = BigTwo::agent(&seat.name, derive_seed(seed, p as u64 + 1)).ok();
        }
        println!();
    }
}

/// Four AIs play the game to its end, one step at a time, each move narrated and paced.
fn watch(game: &mut Match<BigTwo>, seats: &mut [Seat], color: bool, pace: Pace) {
    for p in 0..seats.len() {
        println!(
            "  {}: {}",
            seat_name(seats, p),
            show_cards(&sorted(game.state().hand(p), RankOrder::Normal), color)
        );
    }
    let mut agents: Vec<Box<dyn Agent<BigTwo>>> = seats
        .iter_mut()
        .filter_map(|seat| seat.agent.take())
        .collect();
    loop {
        let before = *game.state().table();
        match game.step(&mut agents) {
            Ok(true) => {
                if let Some(m) = game.state().history().last() {
                    narrate(
                        &Event::of_move(&before, m, game.state().table()),
                        seats,
                        color,
                    );
                }
                pace.wait();
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
    input: &mut Input,
    color: bool,
) -> bool {
    while let Turn::Player(p) = game.state().turn() {
        let state = game.state();
        let before = *state.table();
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
                match ask(state, seats, input, color) {
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
            narrate(
                &Event::of_move(&before, m, game.state().table()),
                seats,
                color,
            );
        }
    }
    true
}

/// Reads answers until one is an accepted action; `None` when the player leaves.
fn ask(game: &BigTwo, seats: &[Seat], input: &mut Input, color: bool) -> Option<Action> {
    input.ask("> ", HELP, |text| {
        let text = if text.eq_ignore_ascii_case("p") {
            "pass"
        } else {
            text
        };
        match text.to_ascii_lowercase().as_str() {
            "legal" | "l" => {
                println!("{}", legal_list(game));
                Answer::Again
            }
            "played" => {
                println!("{}", played_list(game, seats, color));
                Answer::Again
            }
            _ => match text.parse::<Action>() {
                Err(e) => Answer::Retry(format!(
                    "Not understood: {e}. Type `help` for the notation."
                )),
                Ok(action) => match game.check(&action) {
                    Ok(()) => Answer::Take(action),
                    Err(e) => Answer::Retry(refusal(&e)),
                },
            },
        }
    })
}

/// Why a play is refused, exactly: the error says whether a play that does not beat the table
/// is lower or equal; a refused straight flush comes with how straight flushes compare.
fn refusal(error: &Error) -> String {
    match error {
        Error::TooLow { play, .. } => {
            let mut text = format!("Refused: {error} (suits never count).");
            if let Shape::StraightFlush(_) = play.shape() {
                let _ = write!(
                    text,
                    "\nStraight flushes compare by their ranks from the highest down, in the \
                     order in force, like words\nin a dictionary: the higher top rank wins; \
                     equal tops, the next rank decides, and so on."
                );
            }
            text
        }
        other => format!("Refused: {other}."),
    }
}

/// Every legal action of the player to move, shortest and lowest first.
fn legal_list(game: &BigTwo) -> String {
    let Turn::Player(p) = game.turn() else {
        return "The game is over.".to_string();
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
    fill(&format!("{} legal: {}", legal.len(), shown.join(" | ")))
}

/// The cards played so far, seat by seat, play by play.
fn played_list(game: &BigTwo, seats: &[Seat], color: bool) -> String {
    let mut out = String::from("Played so far:");
    for p in 0..seats.len() {
        let plays: Vec<String> = game
            .history()
            .iter()
            .filter(|m| m.player == p)
            .filter_map(|m| m.action.play().map(|play| show_play(play, color)))
            .collect();
        let shown = if plays.is_empty() {
            "nothing".to_string()
        } else {
            plays.join(" · ")
        };
        let _ = write!(out, "\n  {}: {shown}", seat_name(seats, p));
    }
    out
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
    println!("{}", fill(&format!("Rank order: {}", table.order())));
    let counts: Vec<String> = (0..4)
        .map(|p| {
            let held = match table.place(p) {
                Some(place) => format!("out, place {place}"),
                None => table.count(p).to_string(),
            };
            // Kept on one line by no-break spaces.
            format!("{} {held}", seat_name(seats, p)).replace(' ', "\u{a0}")
        })
        .collect();
    println!("{}", fill(&format!("Cards held: {}", counts.join(", "))));
    match table.trick() {
        Some(t) => println!(
            "{}",
            fill(&format!(
                "To beat: {} ({}) by {}; play higher or pass",
                show_play(&t.play, color),
                t.play.shape(),
                seat_name(seats, t.player),
            ))
        ),
        None if table.is_first_play() => {
            println!("You lead the game: your play must contain 3♣.")
        }
        None => println!("You lead a new trick: play any combination."),
    }
    println!(
        "{}",
        fill(&format!(
            "Your hand: {}",
            show_cards(&sorted(view.hand(), table.order()), color)
        ))
    );
}

/// Tells what a move did: the game crate's events, with the seats' names and coloured cards.
fn narrate(events: &[Event], seats: &[Seat], color: bool) {
    for event in events {
        let line = match *event {
            Event::Played { seat, play } => format!(
                "{} plays {} ({})",
                seat_name(seats, seat),
                show_play(&play, color),
                play.shape()
            ),
            Event::Passed { seat } => format!("{} passes", seat_name(seats, seat)),
            Event::TrickWon { winner, leader } if winner == leader => format!(
                "── {} wins the trick and leads ──",
                seat_name(seats, winner)
            ),
            Event::TrickWon { winner, leader } => format!(
                "── {} wins the trick; as it is out, {} leads ──",
                seat_name(seats, winner),
                seat_name(seats, leader)
            ),
            Event::WentOut { seat, place } => format!(
                "  {} has no cards left: out in place {place}",
                capitalise(&seat_name(seats, seat))
            ),
            Event::Last { seat, place } => format!(
                "  {} is the last with cards: place {place}",
                capitalise(&seat_name(seats, seat))
            ),
            other => format!("  {}", capitalise(&other.to_string())),
        };
        println!("{}", fill(&line));
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
