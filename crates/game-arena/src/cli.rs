//! The arena's command line for any declared game: lineups, `--games`, `--seed`, `--shard`,
//! `--json`, `--plot` and `merge`, from each game's declaration. A program hands it its games as
//! [`Entry`]s: one game of its own, or many.
//!
//! ```no_run
//! use game_arena::cli::{self, Entry};
//! use game_testkit::Nim;
//!
//! fn main() -> std::process::ExitCode {
//!     cli::main_with("nim-arena", vec![Entry::roster::<Nim>(200)])
//! }
//! ```

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{CommandFactory, FromArgMatches, Parser};
use game_core::{AgentInfo, Declaration, Declared, Game, Parameters, Roster, Value};
use game_terminal as common;
use indicatif::{ProgressBar, ProgressStyle};

use crate::{self as arena, Agents, Report, Settings, Shard};

/// AI tournaments: play AIs against each other over many seeded games, seats rotated, and report
/// win rates with 95% confidence intervals.
#[derive(Parser, Debug)]
#[command(name = "arena", version, long_about = None)]
struct Args {
    /// Games to run (default: all of them; the list is below), or `merge` and the shards' --json
    /// outputs.
    #[arg(value_name = "GAME")]
    games_to_run: Vec<String>,
    /// Agents, one per seat, comma-separated (default: each game's standard lineups); the names
    /// are below.
    #[arg(long, value_delimiter = ',')]
    lineup: Option<Vec<String>>,
    /// Games per lineup (default: a per-game number that keeps the whole run short).
    #[arg(long)]
    games: Option<usize>,
    /// Seed of the run; every game's and agent's seed derives from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play only shard K of N of the run (for instance 2/3); merge the shards' --json outputs
    /// with `arena merge FILE...`.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// The rule set the game is played under, for a game with rule sets (big-two: reversal,
    /// hong-kong, taiwan, pusoy-dos, pagat; duel: its presets): the game's `rules` parameter.
    /// The reports name it.
    #[arg(long, value_name = "NAME")]
    rules: Option<String>,
    /// One JSON object per line instead of tables.
    #[arg(long)]
    json: bool,
    /// Also draw the run's win rates, with their 95% intervals, as SVG in FILE.svg: one
    /// picture, a panel per game and lineup. Checked before the run.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

/// Why a game's run did not give its reports.
enum RunError {
    /// The command line asked for something impossible (exit code 2).
    Usage(String),
    /// The run failed (exit code 1).
    Failed(String),
}

/// Where a run is: the game's place among the games run, for the progress bar.
#[derive(Clone, Copy)]
struct Place {
    game: usize,
    games: usize,
}

/// The work of one game's run, with its type erased: the lineups run and printed as each ends.
type RunFn = Box<dyn Fn(&Args, usize, Place) -> Result<Vec<Report>, RunError>>;

/// What one game's runs need: the agents a lineup may name, the lineups run when the command
/// line gives none, and the configuration a lineup plays under.
struct Plan<G: Declared> {
    agents: Agents<G>,
    lineups: Vec<Vec<String>>,
    config: fn(&[String]) -> G::Config,
}

/// One game the arena knows, from its declaration: its name, how many games a default run plays,
/// the agents a lineup may name, and how to run it.
pub struct Entry {
    declaration: Declaration,
    default_games: usize,
    agents: Vec<AgentInfo>,
    run: RunFn,
}

impl Entry {
    /// A game of the workspace: its roster's agents, standard lineups and arena configurations.
    pub fn roster<G: Roster>(default_games: usize) -> Entry {
        Self::build::<G>(
            default_games,
            Agents::of(),
            G::standard_lineups(),
            G::arena_config,
        )
    }

    /// Any declared game, under its default configuration, with `agents` (a roster and agents
    /// of the caller's own, [`Agents::with`]); `lineups` are run when the command line gives
    /// none.
    pub fn new<G: Declared>(
        default_games: usize,
        agents: Agents<G>,
        lineups: Vec<Vec<String>>,
    ) -> Entry {
        Self::build::<G>(default_games, agents, lineups, |_| G::Config::default())
    }

    fn build<G: Declared>(
        default_games: usize,
        agents: Agents<G>,
        lineups: Vec<Vec<String>>,
        config: fn(&[String]) -> G::Config,
    ) -> Entry {
        let plan = Plan {
            agents,
            lineups,
            config,
        };
        Entry {
            declaration: G::declaration(),
            default_games,
            agents: plan.agents.infos(),
            run: Box::new(move |args, default_games, place| {
                run_game::<G>(args, &plan, default_games, place)
            }),
        }
    }

    fn name(&self) -> &'static str {
        self.declaration.name
    }

    fn agent_names(&self) -> Vec<String> {
        self.agents.iter().map(|a| a.name.clone()).collect()
    }

    /// Whether `name` names this game: its name or an alias, `_` and `-` the same.
    fn is_called(&self, name: &str) -> bool {
        self.declaration.is_called(name)
    }
}

/// The games and their AIs, for `--help`, and how a run's seeds derive from `--seed`.
fn games_help(entries: &[Entry]) -> String {
    let mut text = String::from("Games and their AIs (for --lineup):");
    for entry in entries {
        text.push_str(&format!(
            "\n  {:<10} {}",
            entry.name(),
            entry.agent_names().join(", ")
        ));
    }
    text.push_str(
        "\n\nSeeds: game i of a run (from 0) is dealt with derive_seed(SEED, i), and the AI at \
         seat s of that game is seeded with agent_seed(game seed, s) (game-core's rules).",
    );
    text
}

/// Prints `message` as a usage error and returns exit code 2.
fn usage_error(message: impl std::fmt::Display) -> ExitCode {
    let error = command().error(clap::error::ErrorKind::InvalidValue, message);
    let _ = error.print();
    ExitCode::from(2)
}

/// Draws `reports` in the SVG file at `path`.
fn write_plot(path: &Path, reports: &[Report]) -> Result<(), String> {
    std::fs::write(path, arena::plot(reports))
        .map_err(|e| format!("cannot write the plot {}: {e}", path.display()))
}

/// The game `G`'s lineups run and printed as each ends; their reports.
fn run_game<G: Declared>(
    args: &Args,
    plan: &Plan<G>,
    default_games: usize,
    place: Place,
) -> Result<Vec<Report>, RunError> {
    let lineups = match &args.lineup {
        Some(lineup) => vec![lineup.clone()],
        None => plan.lineups.clone(),
    };
    // The rules named on the command line, as the game's `rules` parameter; else the
    // configuration the game plays each lineup under.
    let ruled = match &args.rules {
        Some(rules) => {
            let mut params = Parameters::default();
            params.set("rules", Value::Text(rules.clone()));
            Some(G::config_from(&params).map_err(|e| RunError::Usage(format!("--rules: {e}")))?)
        }
        None => None,
    };
    let count = lineups.len();
    let mut reports = Vec::with_capacity(count);
    for (k, lineup) in lineups.into_iter().enumerate() {
        let config = ruled.clone().unwrap_or_else(|| (plan.config)(&lineup));
        let settings = Settings {
            shard: args.shard,
            ..Settings::new(lineup, args.games.unwrap_or(default_games), args.seed)
        };
        let bar = progress_bar::<G>(&settings, place, (k + 1, count));
        let report =
            arena::run_agents_with_progress(&config, &settings, &plan.agents, |_| bar.inc(1));
        bar.finish_and_clear();
        let mut report = report.map_err(|e| match e {
            // A lineup of the wrong size: the command line's fault.
            arena::ArenaError::Agent(e) => RunError::Usage(e.to_string()),
            e => RunError::Failed(e.to_string()),
        })?;
        report.rules = args.rules.clone();
        if args.json {
            let line = serde_json::to_string(&report)
                .map_err(|e| RunError::Failed(format!("cannot print the report: {e}")))?;
            println!("{line}");
        } else {
            println!("{report}");
        }
        reports.push(report);
    }
    Ok(reports)
}

/// A progress bar on standard error when it is a terminal, else a hidden one: which game of how
/// many, which lineup of how many, and the games played.
fn progress_bar<G: Game>(
    settings: &Settings,
    place: Place,
    (lineup, lineups): (usize, usize),
) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(settings.games as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{msg}\n[{bar:40}] {pos}/{len} games, {eta} left")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(format!(
        "game {} of {}: {}, lineup {lineup} of {lineups}: {}",
        place.game,
        place.games,
        G::NAME,
        settings.lineup.join(",")
    ));
    bar
}

/// `arena merge FILE...`: the shards' JSON lines, merged into the reports of their runs (one per
/// lineup, in the order first seen).
fn merge(files: &[String], json: bool, plot: Option<&Path>) -> ExitCode {
    let mut runs: Vec<Vec<Report>> = Vec::new();
    for file in files {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("cannot read {file}: {e}");
                return ExitCode::from(2);
            }
        };
        for (number, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let report: Report = match serde_json::from_str(line) {
                Ok(report) => report,
                Err(e) => {
                    eprintln!("{file}:{}: not an arena report: {e}", number + 1);
                    return ExitCode::from(2);
                }
            };
            let same_run = |r: &Report| {
                r.game == report.game && r.lineup == report.lineup && r.seed == report.seed
            };
            match runs.iter_mut().find(|run| same_run(&run[0])) {
                Some(run) => run.push(report),
                None => runs.push(vec![report]),
            }
        }
    }
    if runs.is_empty() {
        eprintln!("arena merge needs the --json outputs of the shards of a run");
        return ExitCode::from(2);
    }
    let mut merged = Vec::with_capacity(runs.len());
    for run in runs {
        match arena::merge(&run) {
            Ok(report) if json => match serde_json::to_string(&report) {
                Ok(line) => {
                    println!("{line}");
                    merged.push(report);
                }
                Err(e) => {
                    eprintln!("cannot print the report: {e}");
                    return ExitCode::FAILURE;
                }
            },
            Ok(report) => {
                println!("{report}");
                merged.push(report);
            }
            Err(e) => {
                eprintln!("{} {}: {e}", run[0].game, run[0].lineup.join(","));
                return ExitCode::from(2);
            }
        }
    }
    plotted(plot, &merged)
}

/// Draws `reports` in the `--plot` file, if one was asked for: exit code 0, or 1 when the file
/// cannot be written.
fn plotted(plot: Option<&Path>, reports: &[Report]) -> ExitCode {
    match plot.map(|path| write_plot(path, reports)) {
        Some(Err(message)) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
        _ => ExitCode::SUCCESS,
    }
}

/// The program's name, as `main_with` was given it.
static PROGRAM: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();

/// The command line, under the program's name.
fn command() -> clap::Command {
    let name = PROGRAM.get().copied().unwrap_or("arena");
    Args::command().name(name).bin_name(name)
}

/// The arena's command line over `entries`, under the program name `name`: what `main` of an
/// arena program returns.
pub fn main_with(name: &'static str, entries: Vec<Entry>) -> ExitCode {
    run(name, entries, std::env::args_os())
}

/// The arena's command line `args` (the program's name first, as [`std::env::args_os`] gives
/// them) over `entries`, under the program name `name`: for a program whose arena is one
/// subcommand among others (`my-game arena --lineup mine,random`).
pub fn run<I, T>(name: &'static str, entries: Vec<Entry>, args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    common::end_quietly_when_output_closes();
    let _ = PROGRAM.set(name);
    let matches = match command()
        .term_width(common::width())
        .after_help(games_help(&entries))
        .try_get_matches_from(args)
    {
        Ok(matches) => matches,
        Err(e) => e.exit(),
    };
    let args = match Args::from_arg_matches(&matches) {
        Ok(args) => args,
        Err(e) => e.exit(),
    };
    // A plot that cannot be written is found out now, not after the run.
    if let Some(path) = &args.plot
        && let Err(e) = common::check_writable(path)
    {
        return usage_error(format!("cannot write the plot {}: {e}", path.display()));
    }
    if args.games_to_run.first().map(String::as_str) == Some("merge") {
        return merge(&args.games_to_run[1..], args.json, args.plot.as_deref());
    }
    if args.games == Some(0) {
        return usage_error("--games 0: a run plays at least 1 game per lineup");
    }
    let chosen: Vec<&Entry> = if args.games_to_run.is_empty() {
        entries.iter().collect()
    } else {
        let mut chosen = Vec::new();
        for name in &args.games_to_run {
            match entries.iter().find(|e| e.is_called(name)) {
                Some(entry) => chosen.push(entry),
                None => {
                    let known: Vec<&str> = entries.iter().map(Entry::name).collect();
                    return usage_error(format!(
                        "there is no game called {name:?}; choose from: {}",
                        known.join(", ")
                    ));
                }
            }
        }
        chosen
    };
    if args.rules.is_some() {
        let has_rules = |e: &&Entry| e.declaration.parameters.iter().any(|p| p.name == "rules");
        let [entry] = chosen.as_slice() else {
            let ruled: Vec<&str> = entries.iter().filter(has_rules).map(Entry::name).collect();
            return usage_error(format!(
                "--rules needs exactly one game, since rule sets differ between games (games \
                 with rule sets: {})",
                ruled.join(", ")
            ));
        };
        if !has_rules(entry) {
            let ruled: Vec<&str> = entries.iter().filter(has_rules).map(Entry::name).collect();
            return usage_error(format!(
                "{} has no rule sets to choose from; --rules is for {}",
                entry.name(),
                if ruled.is_empty() {
                    "games with a rules parameter".to_string()
                } else {
                    ruled.join(", ")
                }
            ));
        }
    }
    if let Some(lineup) = &args.lineup {
        let [entry] = chosen.as_slice() else {
            return usage_error(
                "--lineup needs exactly one game, since agent names differ between games",
            );
        };
        let known = entry.agent_names();
        if let Some(name) = lineup.iter().find(|name| !known.contains(name)) {
            return usage_error(format!(
                "{} has no AI called {name:?}; choose from: {}",
                entry.name(),
                known.join(", ")
            ));
        }
    }
    let games = chosen.len();
    let mut reports = Vec::new();
    for (k, entry) in chosen.into_iter().enumerate() {
        let started = Instant::now();
        let place = Place { game: k + 1, games };
        match (entry.run)(&args, entry.default_games, place) {
            Ok(run) => {
                reports.extend(run);
                if !args.json {
                    println!(
                        "({} took {:.1} s)\n",
                        entry.name(),
                        started.elapsed().as_secs_f64()
                    );
                }
            }
            Err(RunError::Usage(message)) => {
                return usage_error(format!(
                    "{}: {message}; its AIs: {}",
                    entry.name(),
                    entry.agent_names().join(", ")
                ));
            }
            Err(RunError::Failed(message)) => {
                eprintln!("{}: {message}", entry.name());
                return ExitCode::FAILURE;
            }
        }
    }
    plotted(args.plot.as_deref(), &reports)
}
