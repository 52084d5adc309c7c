//! Big Two at the terminal, under any of its rule sets (逆轉大老2 by default): you play as
//! player 1 against the AIs, or watch the AIs play.
//!
//! ```text
//! cargo run --release --example big_two                      # against three ai4s, the strongest
//! cargo run --release --example big_two -- --ai ai2,ai3,ai4 --seed 7
//! cargo run --release --example big_two -- --observe ai4,ai3,ai3,ai3
//! cargo run --release --example big_two -- --rules hong-kong  # 鋤大D; or taiwan, pusoy-dos, pagat
//! cargo run --release --example big_two -- --rules-file my-rules.json
//! ```
//!
//! A rules file holds a rule set as records store it: `{"rules":"taiwan"}` for a preset, or
//! `{"custom":{…}}` with every field of the crate's `Config` for a table's own rules.
//!
//! Type a play as cards separated by spaces, each joker with what it stands for: `3c 3d`,
//! `5h 6h BJ=7h`, `2h BJ=2`, `BJ RJ`, or under the standard rules a five-card hand such as
//! `3c 3d 3h 7c 7d`; or `pass` (or `p`). `legal` lists your plays, `played` the cards played so
//! far by player, `help` (or `?`) explains the rules in force, `quit` leaves after asking (a
//! lone `q` might be a queen); the end of the input leaves at once. Players are numbered from 1
//! (the crate's seats from 0).

use recess::game_terminal as common;

/// The command that makes a saved record a page, named when a record is saved.
const REPLAY: &str = "cargo run --example replay --";

use std::fmt::Write as _;
use std::path::PathBuf;

use big_two_reversal::prelude::*;
use big_two_reversal::{Combination, End, Event, FlushOrder, Preset, RankOrder, Shape, play_kind};
use cards_core::Rank;
use clap::Parser;
use common::{Answer, Common, Input, Pace, capitalise, fill, refuse, seed_note};
use game_core::derive_seed;

/// Big Two: 逆轉大老2 (wild jokers, four-of-a-kind reversal) by default, or a standard rule set.
/// Play the AIs, or watch them.
#[derive(Parser, Debug)]
#[command(version, long_about = None)]
struct Args {
    /// The AIs you play, players 2 on: one name for all or one per player: random, ai1, ai2,
    /// ai3 or ai4 (the strongest: a search over the deals you might hold) [default: ai4]
    #[arg(long, value_name = "AI[,AI,AI]", value_delimiter = ',')]
    ai: Option<Vec<String>>,
    /// Watch the AIs instead: one name for all or one per player, from player 1 [default:
    /// ai4,ai3,ai3,ai3]
    #[arg(long, value_name = "AI[,AI,AI,AI]", num_args = 0..=1, value_delimiter = ',')]
    observe: Option<Vec<String>>,
    /// The rule set: reversal (逆轉大老2, the default), hong-kong (鋤大D), taiwan (大老二),
    /// pusoy-dos or pagat (the Western game)
    #[arg(long, value_name = "NAME", conflicts_with = "rules_file")]
    rules: Option<String>,
    /// Your own rules from a JSON file: {"rules":"taiwan"}, or {"custom":{…}} with every field
    #[arg(long, value_name = "FILE")]
    rules_file: Option<PathBuf>,
    #[command(flatten)]
    common: Common,
}

/// The rules the command line names, or why they are refused.
fn chosen_rules(args: &Args) -> Result<Config, String> {
    let config = match (&args.rules, &args.rules_file) {
        (Some(name), _) => name
            .parse::<Config>()
            .map_err(|e| format!("--rules: {e}"))?,
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read the rules file {}: {e}", path.display()))?;
            serde_json::from_str::<Config>(&text).map_err(|e| {
                format!(
                    "the rules file {} holds no rule set ({e}); write {{\"rules\":\"taiwan\"}} \
                     for a preset or {{\"custom\":{{…}}}} with every field",
                    path.display()
                )
            })?
        }
        (None, None) => Config::default(),
    };
    // A deal under them says whether the table plays them.
    BigTwo::new(config.clone(), 0).map_err(|e| format!("these rules are not played: {e}"))?;
    Ok(config)
}

/// Whether a standard rule set judges the plays (the crate's combinations), not 逆轉大老2's own
/// (runs of three or more are 逆轉大老2's alone).
fn is_standard(config: &Config) -> bool {
    !config.plays.runs
}

/// The game's name in the header: the rule set's own name.
fn title(config: &Config) -> String {
    match config.preset_name() {
        Some(Preset::Reversal) => "逆轉大老2 (Big Two)".to_string(),
        Some(Preset::HongKong) => "鋤大D (Big Two, Hong Kong rules)".to_string(),
        Some(Preset::Taiwan) => "大老二 (Big Two, Taiwan rules)".to_string(),
        Some(Preset::PusoyDos) => "Pusoy Dos (Big Two, Philippine rules)".to_string(),
        Some(Preset::Pagat) => "Big Two (the Western rules of pagat.com)".to_string(),
        _ => format!("Big Two (your own rules, {} players)", config.players),
    }
}

/// The straight starting at `start` in the cycle A 2 3 … K A 2 3 4, as `10-J-Q-K-A`.
fn straight_text(start: Rank) -> String {
    let at = Rank::ALL.iter().position(|&r| r == start).unwrap_or(0);
    (0..5)
        .map(|k| Rank::ALL[(at + k) % 13].name())
        .collect::<Vec<_>>()
        .join("-")
}

/// What a card left pays at the end, as `1 point per card left, doubled from 10 cards left,
/// tripled from 13`.
fn payments_text(multipliers: &[(u8, u8)]) -> String {
    let mut text = "1 point per card left".to_string();
    for (i, &(from, times)) in multipliers.iter().enumerate() {
        let by = match times {
            2 => "doubled".to_string(),
            3 => "tripled".to_string(),
            n => format!("×{n}"),
        };
        let cards = if i == 0 { " cards left" } else { "" };
        let _ = write!(text, ", {by} from {from}{cards}");
    }
    text
}

/// The conventions of a standard rule set, a sentence each: plays, rank and suit order,
/// straights, flushes, bombs, the opening card, passing, the end and its payments.
fn conventions(config: &Config) -> Vec<String> {
    let mut lines = Vec::new();
    let plays = config.plays;
    let mut kinds = Vec::new();
    for (on, name) in [
        (plays.single, "a single"),
        (plays.pair, "a pair"),
        (plays.triple, "a triple"),
        (plays.four, "a four of a kind"),
        (plays.two_pair, "two pairs"),
    ] {
        if on {
            kinds.push(name);
        }
    }
    let mut sentence = format!("Plays: {}", kinds.join(", "));
    if plays.five_card_hands {
        sentence.push_str(
            ", or a five-card hand: straight < flush < full house < four of a kind plus one < \
             straight flush",
        );
    }
    lines.push(format!("{sentence}."));
    let mut order = "Ranks: 3 < 4 < 5 < 6 < 7 < 8 < 9 < 10 < J < Q < K < A < 2".to_string();
    match config.suit_order {
        Some(suits) => {
            let low_to_high: Vec<String> = suits.iter().rev().map(|s| s.to_string()).collect();
            let _ = write!(
                order,
                "; equal ranks are told apart by suit, {} (a pair or a set by its highest \
                 suit).",
                // No-break spaces: the order is never split over two lines.
                low_to_high.join("\u{a0}<\u{a0}")
            );
        }
        None => order.push_str("; suits never count, and an equal play never beats."),
    }
    lines.push(order);
    if plays.five_card_hands {
        let straights: Vec<String> = config.straights.iter().map(|&s| straight_text(s)).collect();
        lines.push(format!(
            "Straights, lowest first: {}; no other five ranks in sequence make one. A straight \
             or a straight flush compares as its place in this list, then by the suit of its \
             top card.",
            straights.join(" < ")
        ));
        lines.push(match config.flushes {
            FlushOrder::RankFirst => "Flushes compare by their highest card's rank, then the \
                                      next, and so on, then by suit."
                .to_string(),
            FlushOrder::SuitFirst => {
                "Flushes compare by suit first, then by their ranks from the highest down."
                    .to_string()
            }
        });
        lines.push(
            "A full house compares by its triple, a four of a kind plus one by its four."
                .to_string(),
        );
    }
    if config.bombs {
        lines.push(
            "Bombs: a four of a kind plus one or a straight flush may be played on any play \
             that is no five-card hand."
                .to_string(),
        );
    }
    let opening = config.opening;
    let first = if config.opening_alone {
        format!("must be {opening} alone")
    } else {
        format!("must contain {opening}")
    };
    let fewer = if config.players < 4 {
        format!(
            " With {} players, when {opening} is among the cards set aside, the lowest card \
             dealt takes its place.",
            config.players
        )
    } else {
        String::new()
    };
    lines.push(format!(
        "The holder of {opening} leads the game: the first play {first}.{fewer}"
    ));
    lines.push(if config.pass_shuts_out {
        "The others follow with a higher play of the same kind (five-card hands beat each \
         other), or pass. A pass shuts you out until the trick ends. When all the others have \
         passed, the last player to play wins the trick and leads the next."
            .to_string()
    } else {
        "The others follow with a higher play of the same kind (five-card hands beat each \
         other), or pass; a player who passed may still play later in the trick. When all the \
         others pass in a row, the last player to play wins the trick and leads the next."
            .to_string()
    });
    lines.push(match &config.end {
        End::FirstOut { multipliers } => format!(
            "The game ends when the first player runs out of cards: each other player pays \
             them {}.",
            payments_text(multipliers)
        ),
        End::AllPlaces => format!(
            "Play goes on until one player is left with cards; the places score {}.",
            places_text(config.players)
        ),
    });
    lines
}

/// The scores of the places: `+3, +1, −1, −3`.
fn places_text(players: u8) -> String {
    (0..players)
        .map(|i| signed(f64::from(players) - 1.0 - 2.0 * f64::from(i)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What `help` shows: the rules in force, the notation and the commands.
fn help_text(config: &Config) -> String {
    if *config == Config::default() {
        return HELP.to_string();
    }
    let mut text = "Cards: rank then suit (3c 10h Th Qs As; suits c d h s); a play is its cards \
                    separated by spaces: 3d, 4c 4h, 5c 6d 7h 8s 9c, 3c 3d 3h 7c 7d."
        .to_string();
    for line in conventions(config) {
        let _ = write!(text, "\n{line}");
    }
    text.push_str("\nCommands: pass (or p), legal (your plays), played (the cards played so far), help, quit.");
    text
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
    let config = chosen_rules(&args).unwrap_or_else(|why| refuse::<Args>(why));
    let players = usize::from(config.players);
    let help = help_text(&config);
    let known = BigTwo::agent_names();
    let observe = args.observe.is_some();
    let names = match &args.observe {
        Some(names) if names.is_empty() => Ok(["ai4", "ai3", "ai3", "ai3"][..players]
            .iter()
            .map(|s| s.to_string())
            .collect()),
        Some(names) => common::lineup("--observe", names, players, &known),
        None => {
            let given = args.ai.clone().unwrap_or_else(|| vec!["ai4".to_string()]);
            common::lineup("--ai", &given, players - 1, &known)
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
        let mut game = match Match::<BigTwo>::new(config.clone(), seed) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
        println!(
            "{}",
            fill(&format!("{} · {}", title(&config), seed_note(seed)))
        );
        let names: Vec<String> = (0..seats.len()).map(|p| seat_name(&seats, p)).collect();
        println!("{}", fill(&format!("Players: {}.", names.join(", "))));
        if config != Config::default() && game_number == 0 {
            println!("{}", fill(&format!("The rules ({config}):")));
            for line in conventions(&config) {
                println!("{}", fill(&format!("  {line}")));
            }
        }
        if observe {
            watch(&mut game, &mut seats, color, args.common.pace());
        } else {
            let examples = if is_standard(&config) {
                "3d, 4c 4h, 3c 3d 3h 7c 7d"
            } else {
                "3c 3d, 5h 6h BJ=7h, 2h BJ=2"
            };
            println!(
                "{}",
                fill(&format!(
                    "Type a play ({examples}) or pass (p); legal, played, help, quit."
                ))
            );
            if !play_against(&mut game, &mut seats, &mut input, color, &help) {
                return;
            }
        }
        show_result(game.state(), &seats, color);
        args.common.save_record(game.record(), game_number, REPLAY);
        if observe {
            return;
        }
        if !common::another_game(&mut input, &format!(" (seed {})", seed + 1), &help) {
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

/// The end of the game: the places and their scores, or where the game ends at the first out,
/// the winner and what each other player pays for the cards left.
fn show_result(state: &BigTwo, seats: &[Seat], color: bool) {
    let table = state.table();
    let order = table.order();
    let holding = |p: usize| {
        let left = state.hand(p);
        if left.is_empty() {
            String::new()
        } else {
            format!(
                ", left holding {}",
                show_cards(&sorted(left, order, state.config()), color)
            )
        }
    };
    if let End::FirstOut { multipliers } = &state.config().end {
        let Some(winner) = table.finish_order().next() else {
            return;
        };
        println!(
            "\n{}",
            fill(&format!(
                "Game over. {} is out first; the others pay {}:",
                capitalise(&seat_name(seats, winner)),
                payments_text(multipliers)
            ))
        );
        println!(
            "{}",
            fill(&format!(
                "  {} {}",
                capitalise(&seat_name(seats, winner)),
                signed(state.returns(winner))
            ))
        );
        for p in (0..seats.len()).filter(|&p| p != winner) {
            let left = table.count(p);
            let pays = -state.returns(p);
            let times = match pays / left.max(1) as f64 {
                t if t >= 2.0 => format!(" (×{t})"),
                _ => String::new(),
            };
            let cards = show_cards(&sorted(state.hand(p), order, state.config()), color);
            println!(
                "{}",
                fill(&format!(
                    "  {} {} for {} left{times}: {cards}",
                    capitalise(&seat_name(seats, p)),
                    signed(state.returns(p)),
                    common::count(left, "card"),
                ))
            );
        }
        return;
    }
    println!(
        "\nGame over. Places ({} by the order of going out):",
        places_text(state.config().players)
    );
    for (place, p) in table.finish_order().enumerate() {
        println!(
            "{}",
            fill(&format!(
                "  {}. {} {}{}",
                place + 1,
                capitalise(&seat_name(seats, p)),
                signed(state.returns(p)),
                holding(p)
            ))
        );
    }
}

/// The AIs play the game to its end, one step at a time, each move narrated and paced.
fn watch(game: &mut Match<BigTwo>, seats: &mut [Seat], color: bool, pace: Pace) {
    let config = game.state().config().clone();
    for p in 0..seats.len() {
        println!(
            "  {}: {}",
            capitalise(&seat_name(seats, p)),
            show_cards(
                &sorted(game.state().hand(p), RankOrder::Normal, &config),
                color
            )
        );
    }
    opening_line(game.state(), seats);
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
                        &Event::of_move(&config, &before, m, game.state().table()),
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

/// Who leads the game and with which card (the rules' card, or with fewer seats the lowest
/// dealt).
fn opening_line(state: &BigTwo, seats: &[Seat]) {
    let Turn::Player(leader) = state.turn() else {
        return;
    };
    let opening = state.table().opening();
    let config = state.config();
    let set_aside = if opening == config.opening {
        String::new()
    } else {
        format!(", the lowest card dealt ({} is set aside)", config.opening)
    };
    println!(
        "{}",
        fill(&format!(
            "{} holds {opening}{set_aside} and leads.",
            capitalise(&seat_name(seats, leader))
        ))
    );
}

/// The human at seat 0 against the AIs; `false` if the human left before the end.
fn play_against(
    game: &mut Match<BigTwo>,
    seats: &mut [Seat],
    input: &mut Input,
    color: bool,
    help: &str,
) -> bool {
    let config = game.state().config().clone();
    opening_line(game.state(), seats);
    // Kept across the AIs' turns in a row, so keys typed meanwhile are neither shown among
    // their moves nor taken as the answer to the next prompt.
    let mut quiet: Option<common::Thinking> = None;
    while let Turn::Player(p) = game.state().turn() {
        let state = game.state();
        let before = *state.table();
        let action = match seats[p].agent.as_mut() {
            Some(agent) => {
                quiet.get_or_insert_with(common::Thinking::start);
                let view = state.observation(p);
                let legal = state.legal_actions(p);
                let Some(decision) = Decision::new(p, &view, &legal) else {
                    break;
                };
                agent.choose(&decision)
            }
            None => {
                quiet = None;
                show_table(&state.observation(p), seats, color);
                match ask(state, seats, input, color, help) {
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
                &Event::of_move(&config, &before, m, game.state().table()),
                seats,
                color,
            );
        }
    }
    true
}

/// Reads answers until one is an accepted action; `None` when the player leaves.
fn ask(
    game: &BigTwo,
    seats: &[Seat],
    input: &mut Input,
    color: bool,
    help: &str,
) -> Option<Action> {
    input.ask("> ", help, |text| {
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
                    Err(e) => Answer::Retry(refusal(&e, game.config())),
                },
            },
        }
    })
}

/// Why a play is refused, exactly: the error says whether a play that does not beat the table
/// is lower or equal; under 逆轉大老2 a refused straight flush comes with how straight flushes
/// compare.
fn refusal(error: &Error, config: &Config) -> String {
    match error {
        Error::TooLow { .. } if is_standard(config) => {
            // Without reversal the rank order never changes: naming it says nothing.
            let why = error.to_string().replace(" in the normal order", "");
            format!("Refused: {why} (`help` tells how plays compare under these rules).")
        }
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
    let config = game.config();
    legal.sort_by_key(|a| {
        a.play().map_or((u8::MAX, 0, 0), |pl| {
            let strength = if is_standard(config) {
                // Under the standard rules: by kind, then by strength within it.
                Combination::new(pl.cards(), config)
                    .map_or(0, |c| (c.kind() as u64) << 32 | u64::from(c.key(order)))
            } else {
                u64::from(pl.key(order))
            };
            (pl.cards().len() as u8, strength, pl.cards().jokers().len())
        })
    });
    // No-break spaces inside a play, so a wrapped list never splits one.
    let shown: Vec<String> = legal
        .iter()
        .map(|a| a.to_string().replace(' ', "\u{a0}"))
        .collect();
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
        let _ = write!(out, "\n  {}: {shown}", capitalise(&seat_name(seats, p)));
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

/// The hand in the order in force, lowest first, jokers last; equal ranks by the rules' suit
/// order where suits break ties.
fn sorted(hand: CardSet, order: RankOrder, config: &Config) -> Vec<Card> {
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|c| {
        let suit = match config.suit_order {
            Some(_) => config.card_order(*c).1,
            None => c.index(),
        };
        (c.rank().map_or(13, |r| order.strength(r)), suit)
    });
    cards
}

fn show_table(view: &Observation, seats: &[Seat], color: bool) {
    let table = view.table();
    let config = view.config();
    println!();
    if is_standard(config) {
        let suits = config.suit_order.map_or(String::new(), |order| {
            let low_to_high: Vec<String> = order.iter().rev().map(|s| s.to_string()).collect();
            format!("; suits {}", low_to_high.join(" < "))
        });
        println!("{}", fill(&format!("Ranks 3 < 4 < … < K < A < 2{suits}")));
    } else {
        println!("{}", fill(&format!("Rank order: {}", table.order())));
    }
    let counts: Vec<String> = (0..table.players())
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
        Some(t) => {
            let shut = if config.pass_shuts_out {
                " (a pass shuts you out of this trick)"
            } else {
                ""
            };
            println!(
                "{}",
                fill(&format!(
                    "To beat: {} ({}) by {}; play higher or pass{shut}",
                    show_play(&t.play, color),
                    play_kind(&t.play, config),
                    seat_name(seats, t.player),
                ))
            )
        }
        None if table.is_first_play() => {
            let opening = table.opening();
            if config.opening_alone {
                println!("You lead the game: your play must be {opening} alone.")
            } else {
                println!("You lead the game: your play must contain {opening}.")
            }
        }
        None => println!("You lead a new trick: play any combination."),
    }
    println!(
        "{}",
        fill(&format!(
            "Your hand: {}",
            show_cards(&sorted(view.hand(), table.order(), config), color)
        ))
    );
}

/// Tells what a move did: the game crate's events, with the seats' names and coloured cards.
fn narrate(events: &[Event], seats: &[Seat], color: bool) {
    for event in events {
        let line = match *event {
            Event::Played { seat, play, kind } => format!(
                "{} plays {} ({})",
                capitalise(&seat_name(seats, seat)),
                show_play(&play, color),
                kind.map_or_else(|| play.shape().to_string(), |k| k.to_string())
            ),
            Event::Passed { seat } => {
                format!("{} passes", capitalise(&seat_name(seats, seat)))
            }
            Event::ShutOut { seat } => format!(
                "  {} is shut out until the trick ends",
                capitalise(&seat_name(seats, seat))
            ),
            Event::FirstOut {
                seat, left, pays, ..
            } => {
                let paid: Vec<String> = (0..seats.len())
                    .filter(|&p| p != seat)
                    .map(|p| {
                        let per_card = if left[p] == 0 {
                            1
                        } else {
                            pays[p] / u32::from(left[p])
                        };
                        let times = match per_card {
                            0 | 1 => String::new(),
                            2 => ", doubled".to_string(),
                            3 => ", tripled".to_string(),
                            n => format!(", ×{n}"),
                        };
                        format!(
                            "{} pays {} ({}{times})",
                            seat_name(seats, p),
                            pays[p],
                            common::count(usize::from(left[p]), "card")
                        )
                    })
                    .collect();
                format!(
                    "  {} is out first: {}",
                    capitalise(&seat_name(seats, seat)),
                    paid.join(", ")
                )
            }
            Event::TrickWon { winner, leader } if winner == leader => format!(
                "── {} wins the trick and leads ──",
                capitalise(&seat_name(seats, winner))
            ),
            Event::TrickWon { winner, leader } => format!(
                "── {} wins the trick; as it is out, {} leads ──",
                capitalise(&seat_name(seats, winner)),
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

/// A score with its sign, the minus as the typographic − the header writes.
fn signed(score: f64) -> String {
    let text = format!("{score:+}");
    match text.strip_prefix('-') {
        Some(rest) => format!("−{rest}"),
        None => text,
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
