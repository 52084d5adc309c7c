//! A whole game at the terminal for any declared game: a person at one seat, the roster's AIs at
//! the others, from the game's declaration, notation and narration alone.

use std::fmt::Display;
use std::process::ExitCode;
use std::str::FromStr;

use game_core::{Game, Implemented, Parameters, Player, Record, Roster, Turn, agent_seed};

use crate::args::{Common, lineup, refuse, seed_note};
use crate::input::{Answer, Input, Thinking, another_game};
use crate::text::{capitalise, fill, paint};

/// The flags of [`play`]: who plays the other seats, which seat is the person's, the game's
/// parameters, and the flags every terminal program takes.
#[derive(clap::Parser, Debug, Clone)]
#[command(version, about = "Play a game against its AIs at the terminal.")]
pub struct PlayArgs {
    /// The AIs at the other seats: one name for all of them, or one per other seat [default:
    /// the game's default opponent]
    #[arg(long, value_name = "NAME", num_args = 1..)]
    pub ai: Vec<String>,
    /// The seat you play, from 1
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seat: usize,
    /// The game's parameters, written key=value,... as the game declares them
    #[arg(long, value_name = "KEY=VALUE,...")]
    pub params: Option<String>,
    /// The command that makes a replay page of a saved record, named when one is saved
    #[arg(skip = String::from("replay"))]
    pub replay_command: String,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
}

/// [`play`] with the flags parsed from `args` (the program's name first, as
/// [`std::env::args_os`] gives them) under the program name `name`: for a program whose terminal
/// game is one subcommand among others (`my-game play --ai mine`). Bad flags exit with code 2,
/// `--help` with 0.
pub fn run<G, I, T>(name: &'static str, replay_command: &str, args: I) -> ExitCode
where
    G: Roster,
    G::Observation: Display,
    G::Action: Display + FromStr,
    <G::Action as FromStr>::Err: Display,
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::{CommandFactory, FromArgMatches};
    let long_name = G::declaration().long_name;
    let command = PlayArgs::command()
        .name(name)
        .bin_name(name)
        .about(format!("Play {long_name} against its AIs at the terminal."))
        .term_width(crate::text::width())
        .after_help(format!("AIs: {}.", G::agent_names().join(", ")));
    let parsed = command
        .try_get_matches_from(args)
        .and_then(|m| PlayArgs::from_arg_matches(&m));
    match parsed {
        Ok(mut args) => {
            args.replay_command = replay_command.to_string();
            play::<G>(args)
        }
        Err(e) => e.exit(),
    }
}

/// Plays games of `G` at the terminal until the person stops, with `args`: the person at
/// `args.seat`, the roster's AIs elsewhere. What a person sees is their seat's observation
/// (its `Display`); moves are typed in the action's notation (its `FromStr`); `legal` lists the
/// moves on offer and `hint` asks the seat's AI for one. Each move is told in the game's
/// narration where it narrates ([`game_core::Narrate`]), and the record of each finished game
/// is saved with `--save-record`. Bad flags exit with code 2.
///
/// ```no_run
/// use clap::Parser;
/// use game_terminal::{PlayArgs, play};
/// use game_testkit::Nim;
///
/// fn main() -> std::process::ExitCode {
///     play::<Nim>(PlayArgs::parse())
/// }
/// ```
pub fn play<G>(args: PlayArgs) -> ExitCode
where
    G: Roster,
    G::Observation: Display,
    G::Action: Display + FromStr,
    <G::Action as FromStr>::Err: Display,
    Record<G>: serde::Serialize,
{
    let setup = Setup::<G>::from_args(&args);
    let mut input = Input::new().confirming_quit();
    let colour = args.common.colour();
    let mut seed = args.common.seed();
    let mut intro = true;
    for game in 0.. {
        let Ok(mut state) = G::new(setup.config.clone(), seed) else {
            refuse::<PlayArgs>("the game refused its parameters");
        };
        if intro {
            println!("{}", fill(&setup.introduction(state.num_players())));
            intro = false;
        }
        println!(
            "{}",
            fill(&format!("Game {}, {}.", game + 1, seed_note(seed)))
        );
        match setup.run(&mut state, seed, &mut input, colour) {
            None => return ExitCode::SUCCESS,
            Some(record) => args.common.save_record(&record, game, &args.replay_command),
        }
        if !another_game(&mut input, "", &setup.help()) {
            return ExitCode::SUCCESS;
        }
        seed = seed.wrapping_add(1);
    }
    ExitCode::SUCCESS
}

/// What stays the same from game to game: the configuration, the person's seat, the AIs'
/// names.
struct Setup<G: Game> {
    config: G::Config,
    seat: Player,
    ais: Vec<String>,
    narrator: Implemented<G>,
}

impl<G> Setup<G>
where
    G: Roster,
    G::Observation: Display,
    G::Action: Display + FromStr,
    <G::Action as FromStr>::Err: Display,
{
    /// The setup the flags ask for, or a refusal with exit code 2.
    fn from_args(args: &PlayArgs) -> Self {
        let declaration = G::declaration();
        let given = match args.params.as_deref().map(Parameters::parse_values) {
            Some(Ok(given)) => given,
            Some(Err(e)) => refuse::<PlayArgs>(e),
            None => Parameters::default(),
        };
        let config = G::config_from(&given).unwrap_or_else(|e| refuse::<PlayArgs>(e));
        let seats = G::new(config.clone(), 0)
            .map(|g| g.num_players())
            .unwrap_or_else(|e| {
                refuse::<PlayArgs>(format!("the game refused its parameters: {e}"))
            });
        if !(1..=seats).contains(&args.seat) {
            refuse::<PlayArgs>(format!(
                "--seat is a seat from 1 to {seats}, not {}",
                args.seat
            ));
        }
        let known = G::agent_names();
        let named = if args.ai.is_empty() {
            let default = declaration
                .default_opponent
                .map(str::to_string)
                .or_else(|| known.first().cloned());
            default.into_iter().collect()
        } else {
            args.ai.clone()
        };
        let others = seats - 1;
        let ais = if others == 0 {
            Vec::new()
        } else {
            lineup("--ai", &named, others, &known).unwrap_or_else(|e| refuse::<PlayArgs>(e))
        };
        Self {
            config,
            seat: args.seat - 1,
            ais,
            narrator: Implemented::of(),
        }
    }

    /// The AI name at `seat` (not the person's).
    fn ai_at(&self, seat: Player) -> &str {
        let index = if seat > self.seat { seat - 1 } else { seat };
        &self.ais[index]
    }

    fn introduction(&self, seats: usize) -> String {
        let declaration = G::declaration();
        let others: Vec<String> = (0..seats)
            .filter(|&s| s != self.seat)
            .map(|s| format!("player {} is {}", s + 1, self.ai_at(s)))
            .collect();
        let against = if others.is_empty() {
            String::new()
        } else {
            format!("; {}", others.join(", "))
        };
        format!(
            "{}. You are player {}{against}. Type a move, or `help`.",
            declaration.long_name,
            self.seat + 1
        )
    }

    fn help(&self) -> String {
        "Type a move in the game's notation. `legal` lists the moves you may make, `hint` asks \
         the AI for one, `quit` leaves."
            .to_string()
    }

    /// One game from `state`; the record at its end, `None` when the person left.
    fn run(&self, state: &mut G, seed: u64, input: &mut Input, colour: bool) -> Option<Record<G>> {
        let mut record = Record::<G>::new(self.config.clone(), seed);
        let mut agents = Vec::new();
        for s in 0..state.num_players() {
            agents.push(if s == self.seat {
                G::agent(
                    &self.ais.first().cloned().unwrap_or_default(),
                    agent_seed(seed, s),
                )
                .ok()
            } else {
                G::agent(self.ai_at(s), agent_seed(seed, s)).ok()
            });
        }
        self.say(self.narrator.opening(state).unwrap_or_default());
        loop {
            let joint: Vec<G::Action> = match state.turn() {
                Turn::Over => break,
                Turn::Player(p) if p == self.seat => {
                    vec![self.ask(state, input, colour, &mut agents)?]
                }
                Turn::Player(p) => {
                    let _quiet = Thinking::start();
                    let action = agents[p].as_mut()?.act(state, p)?;
                    vec![action]
                }
                Turn::Simultaneous => {
                    let mut joint = Vec::new();
                    for p in 0..state.num_players() {
                        if p == self.seat {
                            joint.push(self.ask(state, input, colour, &mut agents)?);
                        } else {
                            let _quiet = Thinking::start();
                            joint.push(agents[p].as_mut()?.act(state, p)?);
                        }
                    }
                    joint
                }
            };
            let before = state.clone();
            if let Err(e) = state.apply_joint(&joint) {
                println!("{}", fill(&format!("The move was refused: {e}")));
                return None;
            }
            record.actions.extend(joint.iter().cloned());
            match self.narrator.narration(&before, &joint, state) {
                Some(lines) => self.say(lines),
                None => {
                    let moves: Vec<String> = joint.iter().map(ToString::to_string).collect();
                    println!("{}", fill(&format!("Played: {}.", moves.join(" "))));
                }
            }
        }
        println!("{}", state.observation(self.seat));
        let closing = self.narrator.closing(state).unwrap_or_else(|| {
            vec![format!(
                "Game over: you scored {}.",
                state.returns(self.seat)
            )]
        });
        self.say(closing);
        Some(record)
    }

    fn say(&self, lines: Vec<String>) {
        for line in lines {
            println!("{}", fill(&capitalise(&line)));
        }
    }

    /// The person's move at `state`; `None` when they leave.
    fn ask(
        &self,
        state: &G,
        input: &mut Input,
        colour: bool,
        agents: &mut [Option<Box<dyn game_core::Agent<G>>>],
    ) -> Option<G::Action> {
        println!("{}", state.observation(self.seat));
        let legal = state.legal_actions(self.seat);
        let prompt = paint(
            colour,
            "1",
            &format!("Player {}, your move:", self.seat + 1),
        );
        input.ask(&prompt, &self.help(), |typed| {
            match typed.to_lowercase().as_str() {
                "legal" | "moves" => {
                    let all: Vec<String> = legal.iter().map(ToString::to_string).collect();
                    println!("{}", fill(&format!("You may play: {}.", all.join(", "))));
                    Answer::Again
                }
                "hint" => {
                    let hint = agents[self.seat]
                        .as_mut()
                        .and_then(|agent| agent.act(state, self.seat));
                    match hint {
                        Some(action) => {
                            println!("{}", fill(&format!("The AI would play {action}.")))
                        }
                        None => println!("No hint to give."),
                    }
                    Answer::Again
                }
                _ => match typed.parse::<G::Action>() {
                    Err(e) => Answer::Retry(format!(
                        "{typed:?} is not a move: {e}. Type `legal` for the moves."
                    )),
                    Ok(action) if !legal.contains(&action) => Answer::Retry(format!(
                        "{action} is not a legal move now; type `legal` for the moves."
                    )),
                    Ok(action) => Answer::Take(action),
                },
            }
        })
    }
}
