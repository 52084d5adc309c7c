//! 零儲 at the terminal: you against an AI, people at one keyboard, or AIs watched, under any of
//! the three rule sets and with up to 8 players.
//!
//! ```text
//! cargo run --release --example duel                          # you against the equilibrium AI (hk rules)
//! cargo run --release --example duel -- --ai dice --explain   # against the dice, showing the Nash mix
//! cargo run --release --example duel -- --mode two-player     # two people, one keyboard, moves unseen
//! cargo run --release --example duel -- --observe equilibrium,always-block
//! cargo run --release --example duel -- --rules classic       # the schoolyard's classic rules
//! cargo run --release --example duel -- --players 4 --rules extended
//! ```
//!
//! Type a move by name (`charge`, `block`, `shoot`, `kamehameha`, `dragon-palm`, `seal`,
//! `buddha-palm`, …, in any case), by its Chinese name (`儲氣`, `開槍`, …) or by its number in the
//! move table; in a free-for-all add the target, `shoot@2`. `help` (or `?`) shows the rules and
//! the moves, `quit` (or `q`, or the end of the input) leaves. In two-player mode the moves are
//! typed without echo, as a password is.

use recess::game_terminal as common;

/// The command that makes a saved record a page, named when a record is saved.
const REPLAY: &str = "cargo run --example replay --";

use std::fmt::Write as _;

use clap::{Parser, ValueEnum};
use common::{Answer, Common, Input, capitalise, fill, paint, refuse, seed_note, short};
use duel_rules::prelude::*;
use duel_rules::solver::{preset_solution, solution_for};
use duel_rules::{Effect, Preset, RuleSet, TrumpTrade};
use game_core::{Record, derive_seed, squash, suggestion};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Mode {
    /// You against AIs (you are player 1)
    Ai,
    /// People at one keyboard, each move typed unseen
    TwoPlayer,
    /// AIs against each other (as --observe)
    Observe,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Rules {
    /// 5 health and 5 qi each, heavy attacks do 2, charging at health 1 gains 2
    Hk,
    /// The schoolyard's: 1 health and 0 qi each, the first hit wins
    Classic,
    /// hk and three rarer moves: heaven, hell and super-charge
    Extended,
}

/// 零儲 (charge, block, shoot), the Hong Kong schoolyard duel: play an AI or friends at one
/// keyboard, or watch AIs.
#[derive(Parser, Debug)]
#[command(version, long_about = None)]
struct Args {
    /// Who plays [default: ai]
    #[arg(long, value_enum)]
    mode: Option<Mode>,
    /// The AI you face: equilibrium, dice, always-<move>, … (a wrong name lists them all); with
    /// more players, one name for every AI or one per AI [default: equilibrium]
    #[arg(long, value_name = "AI[,AI...]", value_delimiter = ',')]
    ai: Option<Vec<String>>,
    /// Watch AIs play every seat: one name for all or one per player [default: equilibrium,dice,
    /// or dice all round in a free-for-all]
    #[arg(long, value_name = "AI[,AI...]", num_args = 0..=1, value_delimiter = ',')]
    observe: Option<Vec<String>>,
    /// The rule set
    #[arg(long, value_enum, default_value = "hk")]
    rules: Rules,
    /// Number of players: 2 for the duel, 3 to 8 for the free-for-all
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Show the equilibrium AI's mixed strategy for each position (two players only)
    #[arg(long)]
    explain: bool,
    #[command(flatten)]
    common: Common,
}

/// Who sits in a seat, and how the table calls them.
struct Seat {
    label: String,
    agent: Option<Box<dyn Agent<Duel>>>,
}

fn main() {
    common::end_quietly_when_output_closes();
    let args: Args = common::parse_args();
    let mode = match (args.mode, &args.observe) {
        (None | Some(Mode::Observe), Some(_)) => Mode::Observe,
        (Some(mode), Some(_)) => refuse::<Args>(format!(
            "--observe watches AIs, which contradicts --mode {}",
            mode_name(mode)
        )),
        (Some(mode), None) => mode,
        (None, None) => Mode::Ai,
    };
    if args.ai.is_some() && mode != Mode::Ai {
        refuse::<Args>(format!(
            "--ai names the AI you face, and in {} mode you face none{}",
            mode_name(mode),
            if mode == Mode::Observe {
                ": name the AIs to watch with --observe AI,AI"
            } else {
                ""
            }
        ));
    }
    if args.explain && args.players != 2 {
        refuse::<Args>("--explain shows the two-player equilibrium; it needs --players 2");
    }
    let preset = match args.rules {
        Rules::Hk => Preset::Hk,
        Rules::Classic => Preset::Classic,
        Rules::Extended => Preset::Extended,
    };
    args.common.check_save_record::<Args>();
    let first_seed = args.common.seed();
    let config = Config::preset(preset).with_players(args.players);
    let state = Duel::new(config.clone(), first_seed).unwrap_or_else(|e| refuse::<Args>(e));
    let n = state.num_players();
    let known = agent_names(state.rules());
    let names = match mode {
        Mode::Ai => {
            let given = args
                .ai
                .clone()
                .unwrap_or_else(|| vec!["equilibrium".into()]);
            common::lineup("--ai", &given, n - 1, &known)
        }
        Mode::Observe => {
            let given = match args.observe.as_deref() {
                Some(names) if !names.is_empty() => names.to_vec(),
                _ if n == 2 => vec!["equilibrium".into(), "dice".into()],
                _ => vec!["dice".into()],
            };
            common::lineup("--observe", &given, n, &known)
        }
        Mode::TwoPlayer => Ok(Vec::new()),
    }
    .unwrap_or_else(|why| refuse::<Args>(why));
    let mut input = Input::new();
    for game in 0.. {
        // Each further game is dealt from the next seed.
        let seed = first_seed.wrapping_add(game);
        let finished = one_game(&args, mode, &config, &names, (seed, game), &mut input);
        if !finished || mode == Mode::Observe {
            return;
        }
        let next = format!(" (seed {})", seed + 1);
        if !common::another_game(&mut input, &next, &how_to_type(n)) {
            return;
        }
        println!();
    }
}

/// One game (`seed`, and its number in the run from 0) from its title to its result, its
/// record saved when `--save-record` asks; `false` when a person left before the end.
fn one_game(
    args: &Args,
    mode: Mode,
    config: &Config,
    names: &[String],
    (seed, game): (u64, u64),
    input: &mut Input,
) -> bool {
    let mut state = Duel::new(config.clone(), seed).unwrap_or_else(|e| refuse::<Args>(e));
    let mut record = Record::<Duel>::new(config.clone(), seed);
    let n = state.num_players();
    let agent = |name: &str, p: usize| {
        Duel::agent(name, derive_seed(seed, p as u64 + 1)).unwrap_or_else(|e| refuse::<Args>(e))
    };
    let mut seats: Vec<Seat> = Vec::with_capacity(n);
    match mode {
        Mode::Ai => {
            seats.push(Seat {
                label: "you".into(),
                agent: None,
            });
            for (p, name) in names.iter().enumerate() {
                seats.push(Seat {
                    label: name.clone(),
                    agent: Some(agent(name, p + 1)),
                });
            }
        }
        Mode::TwoPlayer => seats.extend((0..n).map(|_| Seat {
            label: String::new(),
            agent: None,
        })),
        Mode::Observe => {
            for (p, name) in names.iter().enumerate() {
                seats.push(Seat {
                    label: name.clone(),
                    agent: Some(agent(name, p)),
                });
            }
        }
    }

    let colour = args.common.colour();
    let pace = args.common.pace();
    let help = format!(
        "{}\n{}\n{}",
        rules_text(state.rules(), n),
        move_table(state.rules()),
        how_to_type(n)
    );
    let players = if n > 2 {
        format!(" · {n} players")
    } else {
        String::new()
    };
    let title = format!(
        "零儲 (charge, block, shoot) · {} rules{players} · {}",
        state.rules().name(),
        seed_note(seed)
    );
    println!("{}", fill(&title));
    // The rules once a run: a further game says where to find them.
    if game == 0 {
        println!(
            "{}\n{}",
            rules_text(state.rules(), n),
            move_table(state.rules())
        );
        if n > 2 {
            println!("{}", how_to_type(n));
        }
    } else {
        println!("The same rules as before (help shows them).");
    }
    let who: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(p, seat)| match &seat.agent {
            None if seat.label == "you" => format!("player {} is you", p + 1),
            None => format!("player {} is a person", p + 1),
            Some(agent) => format!("player {} is the {} AI", p + 1, agent.name()),
        })
        .collect();
    println!(
        "{}",
        fill(&format!(
            "{}. help shows all this again.",
            capitalise(&who.join("; "))
        ))
    );
    if args.explain {
        println!("{}", fill(&explain_note(&state)));
    }
    let hide = mode == Mode::TwoPlayer;
    // The trade of trumps last offered and declined, not offered again until it ends.
    let mut declined = false;

    while state.turn() == Turn::Simultaneous {
        println!("\n── Round {} ──", state.round() + 1);
        print_state(&state, &seats, colour);
        if args.explain {
            explain(&state);
        }
        match state.trump_trade() {
            Some(trade) if mode == Mode::Ai && n == 2 && trade.rounds >= 2 => {
                if !declined {
                    match offer_trade(input, &state, &seats, trade, &help) {
                        None => return false,
                        Some(true) => {
                            play_out_trade(&mut state, &mut record, &mut seats, trade);
                            continue;
                        }
                        Some(false) => declined = true,
                    }
                }
            }
            _ => declined = false,
        }
        let mut joint = Vec::with_capacity(n);
        for (p, seat) in seats.iter_mut().enumerate() {
            let legal = state.legal_actions(p);
            let action = match &mut seat.agent {
                Some(agent) => {
                    let Some(decision) = Decision::new(p, &state, &legal) else {
                        eprintln!("player {} has no move", p + 1);
                        std::process::exit(1);
                    };
                    let _quiet = common::Thinking::start();
                    agent.choose(&decision)
                }
                None if legal == [Action::Out] => Action::Out,
                None => {
                    let choices = choices(&state, p, &legal);
                    let chosen = ask_move(input, &state, p, &choices, &help, hide);
                    let Some(action) = chosen else {
                        return false;
                    };
                    if hide {
                        println!("Player {}'s move is in.", p + 1);
                    }
                    action
                }
            };
            joint.push(action);
        }
        let round = match state.play_round(&joint) {
            Ok(round) => round,
            Err(e) => {
                eprintln!("the round was refused: {e}");
                std::process::exit(1);
            }
        };
        record.actions.extend_from_slice(&round.actions);
        println!();
        for (p, a) in round.actions.iter().enumerate() {
            if *a != Action::Out {
                println!(
                    "{}",
                    fill(&format!(
                        "{} plays {}.",
                        player(p, &seats),
                        describe(&state, a)
                    ))
                );
            }
        }
        if round.events.is_empty() {
            println!("  Nothing happens.");
        }
        for e in &round.events {
            println!("{}", fill(&format!("  {}.", capitalise(&e.to_string()))));
        }
        if mode == Mode::Observe {
            pace.wait();
        }
    }
    println!("\n── Game over after {} rounds ──", state.round());
    print_state(&state, &seats, colour);
    for p in 0..n {
        let verdict = match state.result(p) {
            Some(PlayerResult::Win) => "wins",
            Some(PlayerResult::Draw) => "draws",
            Some(PlayerResult::Loss) => "loses",
            None => "?",
        };
        println!("{} {verdict}.", player(p, &seats));
    }
    args.common.save_record(&record, game, REPLAY);
    true
}

/// Says what a trade of trumps holds and offers to play it out; `None` when the person leaves.
fn offer_trade(
    input: &mut Input,
    state: &Duel,
    seats: &[Seat],
    trade: TrumpTrade,
    help: &str,
) -> Option<bool> {
    let trump = trade.trump;
    let rounds = trade.rounds;
    let after = match trade.outlasts {
        Some(p) if trade.forced => format!(
            "then only {} can afford {trump}, and wins",
            player(p, seats)
        ),
        Some(p) => format!("then only {} can afford {trump}", player(p, seats)),
        None => format!("then neither of you can afford {trump}"),
    };
    let text = if trade.forced {
        format!(
            "The rest is forced: {trump} knocks out either of you, so any other move loses at \
             once to it. Both of you play {trump} for {rounds} rounds; {after}."
        )
    } else {
        format!(
            "You can both afford {trump} for {rounds} more rounds, and whoever plays it cannot \
             be hit; {after}."
        )
    };
    println!("{}", fill(&text));
    let limit = state.rules().round_limit();
    if state.round() + rounds >= limit {
        println!(
            "{}",
            fill(&format!(
                "(The game is a draw after round {limit}, before the trade ends.)"
            ))
        );
    }
    let prompt = if trade.forced {
        format!("Play the {rounds} rounds of {trump} now? (yes/no): ")
    } else {
        format!("Play {trump} until the trade ends or the AI stops? (yes/no): ")
    };
    input.ask(&prompt, help, |text| {
        match text.trim().to_ascii_lowercase().as_str() {
            "y" | "yes" => Answer::Take(true),
            "n" | "no" => Answer::Take(false),
            _ => Answer::Retry("Answer yes or no.".into()),
        }
    })
}

/// Plays the person's trump every round while the trade lasts; the AI chooses its own moves,
/// and the trade stops at the first round it plays anything else.
fn play_out_trade(
    state: &mut Duel,
    record: &mut Record<Duel>,
    seats: &mut [Seat],
    trade: TrumpTrade,
) {
    let start = state.round() + 1;
    let mut traded = 0;
    while let Some(now) = state.trump_trade() {
        let mut joint = Vec::with_capacity(2);
        for (p, seat) in seats.iter_mut().enumerate() {
            let legal = state.legal_actions(p);
            let action = match &mut seat.agent {
                Some(agent) => match Decision::new(p, state, &legal) {
                    Some(decision) => agent.choose(&decision),
                    None => return,
                },
                None => match legal.iter().find(|a| a.name() == Some(now.trump)) {
                    Some(a) => *a,
                    None => return,
                },
            };
            joint.push(action);
        }
        let Ok(round) = state.play_round(&joint) else {
            return;
        };
        record.actions.extend_from_slice(&round.actions);
        if round.actions.iter().all(|a| a.name() == Some(trade.trump)) {
            traded += 1;
            continue;
        }
        // The AI left the trade: show the round that ended it.
        if traded > 0 {
            let trump = trade.trump;
            println!(
                "\nRounds {start}–{}: {trump} for {trump}.",
                start + traded - 1
            );
        }
        for (p, a) in round.actions.iter().enumerate() {
            println!(
                "{}",
                fill(&format!(
                    "{} plays {}.",
                    player(p, seats),
                    describe(state, a)
                ))
            );
        }
        for e in &round.events {
            println!("{}", fill(&format!("  {}.", capitalise(&e.to_string()))));
        }
        return;
    }
    let trump = trade.trump;
    println!(
        "\nRounds {start}–{}: {trump} for {trump}, {traded} rounds.",
        start + traded.max(1) - 1
    );
}

/// Asks player `p` for a move until one is legal; `None` when they leave. With `hide`, the move
/// is typed unseen and a refusal does not repeat it.
fn ask_move(
    input: &mut Input,
    state: &Duel,
    p: usize,
    choices: &str,
    help: &str,
    hide: bool,
) -> Option<Action> {
    if !hide {
        println!("{}", fill(&format!("You can play: {choices}.")));
        return input.ask(
            "Your move (a name or number): ",
            help,
            |text| match read_move(state, p, text, choices) {
                Ok(action) => Answer::Take(action),
                Err(why) => Answer::Retry(fill(&why)),
            },
        );
    }
    let others = if state.num_players() == 2 {
        format!("player {}, look away", 2 - p)
    } else {
        "everyone else, look away".to_string()
    };
    let turn = format!(
        "Player {}'s turn ({others}). You can play: {choices}.",
        p + 1
    );
    println!("{}", fill(&turn));
    let prompt = format!("Player {}, your move (typed unseen): ", p + 1);
    input.ask_hidden(&prompt, help, |text| {
        match read_move(state, p, text, choices) {
            Ok(action) => Answer::Take(action),
            Err(_) => Answer::Retry(format!(
                "Not a move you can play now (what you typed stays hidden). You can play: \
                 {choices}."
            )),
        }
    })
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Ai => "ai",
        Mode::TwoPlayer => "two-player",
        Mode::Observe => "observe",
    }
}

/// The AIs that play under `rules`: the crate's named ones and `always-<move>` for each of the
/// rule set's moves (not only the default rules' moves, which the crate lists).
fn agent_names(rules: &RuleSet) -> Vec<String> {
    let mut names: Vec<String> = Duel::agent_names()
        .into_iter()
        .filter(|name| !name.starts_with("always-"))
        .collect();
    names.extend(rules.moves().iter().map(|m| format!("always-{}", m.name)));
    names
}

/// `Player 2 (equilibrium)`, `Player 1 (you)`, or `Player 1` when everyone is a person.
fn player(p: usize, seats: &[Seat]) -> String {
    match seats.get(p).map(|s| s.label.as_str()) {
        Some("") | None => format!("Player {}", p + 1),
        Some(label) => format!("Player {} ({label})", p + 1),
    }
}

/// The opponents of player `p` still in the game.
fn opponents_in(state: &Duel, p: usize) -> Vec<usize> {
    state
        .fighters()
        .iter()
        .enumerate()
        .filter(|(q, f)| *q != p && f.is_in())
        .map(|(q, _)| q)
        .collect()
}

/// The moves a player may choose now, as they are typed: `charge, block, shoot@N` (`shoot`
/// when only one opponent is left, the target implied).
fn choices(state: &Duel, p: usize, legal: &[Action]) -> String {
    let implied = opponents_in(state, p).len() == 1;
    let mut names: Vec<String> = Vec::new();
    for a in legal {
        let text = match a.name() {
            Some(n) if a.target().is_some() && !implied => format!("{n}@N"),
            Some(n) => n.to_string(),
            None => a.to_string(),
        };
        if !names.contains(&text) {
            names.push(text);
        }
    }
    names.join(", ")
}

/// What player `p` typed, as a legal move: a name (any case, or Chinese) or the move's number in
/// the table, with `@N` for a target (implied when one opponent is left); else why not, in
/// words that quote what was typed as it was typed.
fn read_move(state: &Duel, p: usize, text: &str, choices: &str) -> Result<Action, String> {
    let rules = state.rules();
    let moves = rules.moves();
    let n = state.num_players();
    let (head, target) = match text.split_once('@') {
        Some((head, target)) => (head.trim(), Some(target.trim())),
        // `shoot 2` aims at player 2 as `shoot@2` does.
        None => match text.trim().rsplit_once(char::is_whitespace) {
            Some((head, number)) if n > 2 && number.parse::<usize>().is_ok() => {
                (head.trim(), Some(number))
            }
            _ => (text.trim(), None),
        },
    };
    let index = if let Ok(number) = head.parse::<usize>() {
        match number.checked_sub(1).filter(|&i| i < moves.len()) {
            Some(i) => Some(i),
            None => {
                return Err(format!(
                    "There is no move {}: the moves are numbered 1 to {}. You can play: \
                     {choices}.",
                    short(head),
                    moves.len()
                ));
            }
        }
    } else if head.eq_ignore_ascii_case("out") {
        None
    } else {
        match rules.find(head).or_else(|| by_word(rules, head)) {
            Some(i) => Some(i),
            None => {
                return Err(format!(
                    "There is no move called {:?} in the {} rules{}. You can play: {choices} \
                     (help explains them).",
                    short(head),
                    rules.name(),
                    near_name(rules, head)
                ));
            }
        }
    };
    let Some(index) = index else {
        return state.parse_action(p, head).map_err(|e| {
            // The rules' refusal of a move, or the text's own fault.
            let why = if e.reason.starts_with("player ") {
                reason(&e.reason)
            } else {
                reason(&e)
            };
            format!("{why}. You can play: {choices}.")
        });
    };
    let name = moves[index].name;
    let attack = matches!(moves[index].effect, Effect::Attack { .. });
    let target = match (target, attack) {
        (Some(_), _) if n == 2 => {
            return Err(format!(
                "In a duel an attack takes no target: type {name} alone. You can play: \
                 {choices}."
            ));
        }
        (Some(_), false) => {
            return Err(format!(
                "{name} is not an attack, so it takes no target. You can play: {choices}."
            ));
        }
        (None, false) => None,
        (None, true) if n == 2 => None,
        (None, true) => match opponents_in(state, p).as_slice() {
            [only] => Some(*only),
            others => {
                let list: Vec<String> = others.iter().map(|q| (q + 1).to_string()).collect();
                return Err(format!(
                    "An attack needs a target: add @ and a player's number, as {name}@{} \
                     (players still in: {}).",
                    list.first().map_or("2", String::as_str),
                    list.join(", ")
                ));
            }
        },
        (Some(t), true) => {
            let Ok(number) = t.parse::<usize>() else {
                return Err(format!(
                    "The target {:?} is not a player's number: type {name}@2 to aim at \
                     player 2. Players are numbered 1 to {n}.",
                    short(t)
                ));
            };
            if number == 0 || number > n {
                return Err(format!("Players are numbered 1 to {n}, not {number}."));
            }
            if number == p + 1 {
                return Err(format!(
                    "You cannot attack yourself (you are player {number}). You can play: \
                     {choices}."
                ));
            }
            if !state.fighters()[number - 1].is_in() {
                return Err(format!(
                    "Player {number} is out already. You can play: {choices}."
                ));
            }
            Some(number - 1)
        }
    };
    let action = match target {
        Some(t) => Action::attack(name, t),
        None => Action::play(name),
    };
    match state.check_move(p, &action) {
        Ok(()) => Ok(action),
        Err(Error::Unaffordable { name, cost, qi, .. }) => Err(format!(
            "{name} costs {cost} qi and you have {qi}. You can play: {choices}."
        )),
        Err(e) => Err(format!("{}. You can play: {choices}.", reason(&e))),
    }
}

/// The one move a word or the start of a name picks out (`dragon`, `buddha`, `kame`), if only
/// one does.
fn by_word(rules: &RuleSet, typed: &str) -> Option<usize> {
    let typed = squash(typed);
    if typed.is_empty() {
        return None;
    }
    let mut found = rules.moves().iter().enumerate().filter(|(_, m)| {
        let name = m.name.as_str();
        squash(name).starts_with(&typed) || name.split('-').any(|word| squash(word) == typed)
    });
    match (found.next(), found.next()) {
        (Some((i, _)), None) => Some(i),
        _ => None,
    }
}

/// `" (did you mean X?)"` for the move nearest to a misspelt name, or to one of its words
/// (`budha`: buddha-palm).
fn near_name(rules: &RuleSet, typed: &str) -> String {
    let names: Vec<&str> = rules.moves().iter().map(|m| m.name.as_str()).collect();
    let whole = suggestion(typed, &names);
    if !whole.is_empty() {
        return whole;
    }
    let near: Vec<&str> = names
        .iter()
        .copied()
        .filter(|name| {
            let words: Vec<&str> = name.split('-').collect();
            name.contains('-') && !suggestion(typed, &words).is_empty()
        })
        .collect();
    match near.as_slice() {
        [only] => format!(" (did you mean {only:?}?)"),
        _ => String::new(),
    }
}

/// An error's reason, without the `player N: ` it starts with, capitalised unless it starts
/// with a move's name.
fn reason(error: &impl std::fmt::Display) -> String {
    let text = error.to_string();
    let reason = match text.split_once(": ") {
        Some((head, rest)) if head.starts_with("player ") => rest,
        _ => text.as_str(),
    };
    if reason.starts_with(|c: char| c.is_ascii_lowercase()) && !reason.contains(':') {
        capitalise(reason)
    } else {
        reason.to_string()
    }
}

/// The names of the attacks a block stops.
fn blockable_moves(rules: &RuleSet) -> Vec<String> {
    rules
        .moves()
        .iter()
        .filter(|m| {
            matches!(
                m.effect,
                Effect::Attack {
                    blockable: true,
                    ..
                }
            )
        })
        .map(|m| m.name.to_string())
        .collect()
}

/// The rules that decide a round and the game, in words, from the rule set itself.
fn rules_text(rules: &RuleSet, players: usize) -> String {
    let spec = rules.spec();
    let blockable = blockable_moves(rules);
    let mut text = format!(
        "Each round everyone picks a move in secret and the moves are shown together. You \
         start with {} health and {} qi (氣); a move costs its qi whatever happens. ",
        rules.start_health(),
        rules.start_qi()
    );
    let blocks = if blockable.is_empty() {
        String::new()
    } else {
        format!(" (block stops only {})", blockable.join(" and "))
    };
    let _ = write!(
        text,
        "An attack hits unless its target blocks it{blocks} or attacks back: then the higher \
         level overwhelms the lower and hits, equal levels cancel out"
    );
    for exception in &spec.overwhelms {
        let _ = write!(
            text,
            "; {} overwhelms {}",
            exception.winner, exception.loser
        );
    }
    text.push('.');
    if let Some(bonus) = spec.low_health_bonus
        && bonus.extra_qi > 0
    {
        let _ = write!(
            text,
            " At health {} a charge gains {} more qi.",
            at_health(bonus.health_at_most),
            bonus.extra_qi
        );
    }
    if players == 2 {
        let _ = write!(
            text,
            " Win by bringing the other player's health to 0; both at 0 in one round, or {} \
             rounds, is a draw.",
            rules.round_limit()
        );
    } else {
        let _ = write!(
            text,
            " An attack names its target (shoot@2 shoots player 2). At 0 health a player is \
             out; the last one standing wins, and everyone left out in one round, or {} rounds, \
             is a draw for those still in.",
            rules.round_limit()
        );
    }
    fill(&text)
}

/// `1`, or `3 or less`.
fn at_health(at_most: i64) -> String {
    if at_most == 1 {
        "1".to_string()
    } else {
        format!("{at_most} or less")
    }
}

/// The moves as an aligned table: number, name, cost, what it does, Chinese name.
fn move_table(rules: &RuleSet) -> String {
    let blockable = blockable_moves(rules);
    let bonus = rules.spec().low_health_bonus.filter(|b| b.extra_qi > 0);
    let rows: Vec<(String, u32, String, String)> = rules
        .moves()
        .iter()
        .map(|m| {
            let effect = match m.effect {
                Effect::Charge { qi } => match bonus {
                    Some(b) => format!(
                        "gain {qi} qi ({} at health {})",
                        i64::from(qi) + b.extra_qi,
                        at_health(b.health_at_most)
                    ),
                    None => format!("gain {qi} qi"),
                },
                Effect::Block if blockable.is_empty() => "block (nothing here is blockable)".into(),
                Effect::Block => format!("stop {} aimed at you", blockable.join(" or ")),
                Effect::Attack {
                    level,
                    damage,
                    blockable,
                } => format!(
                    "attack, level {level}, {damage} damage{}",
                    if blockable { ", blockable" } else { "" }
                ),
            };
            (m.name.to_string(), m.cost, effect, m.chinese.clone())
        })
        .collect();
    let name_width = rows.iter().map(|r| r.0.len()).max().unwrap_or(4).max(4);
    let effect_width = rows.iter().map(|r| r.2.chars().count()).max().unwrap_or(12);
    let mut out = format!(
        " #  {:<name_width$}  cost  {:<effect_width$}  招式",
        "move", "what it does"
    );
    for (i, (name, cost, effect, chinese)) in rows.iter().enumerate() {
        let _ = write!(
            out,
            "\n{:>2}  {name:<name_width$}  {cost:>4}  {effect:<effect_width$}  {chinese}",
            i + 1
        );
    }
    out
}

fn how_to_type(players: usize) -> String {
    let target = if players > 2 {
        " and, for an attack, its target (shoot@2)"
    } else {
        ""
    };
    fill(&format!(
        "Type a move's name or number{target}; help shows this again, quit leaves."
    ))
}

fn print_state(state: &Duel, seats: &[Seat], colour: bool) {
    let rules = state.rules();
    let bonus = rules.spec().low_health_bonus.filter(|b| b.extra_qi > 0);
    let charge = rules
        .moves()
        .iter()
        .position(|m| matches!(m.effect, Effect::Charge { .. }));
    for (p, f) in state.fighters().iter().enumerate() {
        if !f.is_in() {
            println!("  {}: out (round {})", player(p, seats), f.out_round);
            continue;
        }
        let hearts = "♥".repeat(f.health.min(20) as usize);
        let mut line = format!(
            "  {}: health {} {}  qi {}",
            player(p, seats),
            f.health,
            paint(colour, "31", &hearts),
            f.qi
        );
        if let (Some(b), Some(i)) = (bonus, charge)
            && i64::from(f.health) <= b.health_at_most
        {
            let _ = write!(
                line,
                "  (low health: charge gains {} qi)",
                rules.charge_gain(i, f.health)
            );
        }
        println!("{line}");
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

/// What `--explain` shows, said once before the first round.
fn explain_note(state: &Duel) -> String {
    let table = match state.rules().which_preset() {
        Some(p) => preset_solution(p),
        None => match solution_for(state.rules()) {
            Ok(t) => t,
            Err(_) => return "No equilibrium table for these rules.".to_string(),
        },
    };
    let above = if table.unlimited_above_cap() {
        "counts as unlimited (a super-charge lifts a player there in one move). That is an \
         approximation: real qi runs out, so where the game is decided by who runs out first a \
         value can be off by up to 1, and as every position is one super-charge away, values \
         are marked \"approximate\" except where both players are down to the health hell \
         knocks out: there qi is followed exactly"
    } else {
        "counts as the cap"
    };
    format!(
        "Each round shows the equilibrium: the mix of moves each player would play, and the          position's value to that player, what it is worth when both play the equilibrium from          here on: +1 a sure win, −1 a sure loss, 0 even (a draw, or equal chances), in between          the expected result. The two values add up to 0. Qi above {} {above}.",
        table.qi_cap()
    )
}

/// Prints the equilibrium mixed strategy of each player and the position's value.
fn explain(state: &Duel) {
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
        // No "-0.000" for a value that rounds to 0.
        let value = if value.abs() < 5e-4 { 0.0 } else { value };
        let approximate = if table.is_approximate_of(state, p) {
            ", approximate"
        } else {
            ""
        };
        let line = format!(
            "  Equilibrium for player {}: {}   (value {:+.3}{approximate})",
            p + 1,
            parts.join(", "),
            value
        );
        println!("{}", fill(&line));
    }
}
