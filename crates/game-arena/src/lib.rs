//! # game-arena
//!
//! The arena: plays a lineup of agents over many seeded games, seats rotated, in parallel, and
//! reports how each fared with 95% confidence intervals.
//!
//! Seeds: every seed of a run derives from the run's seed by one rule, so a run is reproducible
//! whatever the number of threads or shards, and any one game of it can be played again alone:
//! - game `i` (from 0) is `G::new(config, derive_seed(run_seed, i))`;
//! - lineup slot `k` sits at seat `(k + i) mod n` in game `i`, so every agent plays every seat
//!   equally often;
//! - the agent at seat `s` is built afresh for the game with the seed
//!   [`agent_seed`]`(game_seed, s)`.
//!
//! Agents are named: a game's roster ([`Roster::agent`]) and agents the caller builds, each
//! entered with a factory under a name of its own ([`Agents::with`], [`run_agents`]).
//!
//! A run too big for one machine is split into shards ([`Settings::shard`]): shard `K/N` plays
//! the games of the run whose index is `K − 1` modulo `N`, with the same seeds, so the shards
//! can run anywhere (a batch system, GNU parallel, a Slurm array) and [`merge`] combines their
//! reports into the report of the whole run.
//!
//! [`plot`] draws reports as SVG, and [`cli`] is the arena's whole command line (lineups,
//! `--games`, `--seed`, `--shard`, `--json`, `--plot`, `merge`, `--help`, exit code 2 on bad
//! input) for any declared game, in one call.

use std::fmt;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use game_core::Match;
use game_core::PlayError;
use game_core::agent_seed;
use game_core::derive_seed;
use game_core::{Agent, AgentError, Roster};
use game_core::{Game, PlayerResult};

mod agents;
pub mod cli;
mod plot;
pub use agents::{AgentFactory, Agents};
pub use plot::plot;

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Agent names, one per lineup slot (the game's [`Roster`] names, or those of [`Agents`]).
    pub lineup: Vec<String>,
    /// Number of games of the whole run: at least 1.
    pub games: usize,
    /// Seed from which every game's and agent's seed is derived (see the module's docs).
    pub seed: u64,
    /// Play only this shard of the run (`None`: all of it).
    pub shard: Option<Shard>,
}

impl Settings {
    /// The whole run of `games` games of `lineup` from `seed`.
    pub fn new(lineup: Vec<String>, games: usize, seed: u64) -> Self {
        Self {
            lineup,
            games,
            seed,
            shard: None,
        }
    }
}

/// Shard `index` of `count` (`K/N`, from 1): the games of a run whose index is `K − 1` modulo
/// `N`.
///
/// ```
/// use game_arena::Shard;
///
/// let shard: Shard = "2/3".parse()?;
/// assert_eq!((shard.index(), shard.count()), (2, 3));
/// assert!(shard.plays(1) && shard.plays(4) && !shard.plays(2));
/// assert!("0/3".parse::<Shard>().is_err() && "4/3".parse::<Shard>().is_err());
/// # Ok::<(), game_arena::ShardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: usize,
    count: usize,
}

/// Text that is not a shard `K/N` with `1 ≤ K ≤ N`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a shard: write K/N with 1 <= K <= N, for instance 2/3")]
pub struct ShardError(String);

impl Shard {
    /// Shard `index` of `count`, when `1 <= index <= count`.
    pub fn new(index: usize, count: usize) -> Result<Self, ShardError> {
        if index == 0 || index > count {
            return Err(ShardError(format!("{index}/{count}")));
        }
        Ok(Self { index, count })
    }

    /// `K`, from 1.
    pub fn index(&self) -> usize {
        self.index
    }

    /// `N`.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Whether game `game_index` of the run (from 0) belongs to this shard.
    pub fn plays(&self, game_index: usize) -> bool {
        game_index % self.count == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Self, ShardError> {
        let bad = || ShardError(s.to_string());
        let (k, n) = s.trim().split_once('/').ok_or_else(bad)?;
        let k = k.trim().parse().map_err(|_| bad())?;
        let n = n.trim().parse().map_err(|_| bad())?;
        Shard::new(k, n).map_err(|_| bad())
    }
}

game_core::serde_as_text!(Shard);

/// Why an arena run stopped.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    /// The lineup names an unknown agent or has the wrong size.
    #[error(transparent)]
    Agent(#[from] AgentError),
    /// A run of no games, which would report nothing.
    #[error("a run plays at least 1 game, not 0")]
    NoGames,
    /// The game refused its configuration.
    #[error("{game} refused the configuration: {reason}")]
    Setup {
        /// The game's name.
        game: &'static str,
        /// The game's error.
        reason: String,
    },
    /// An agent chose an action that was not legal: a bug in that agent.
    #[error(
        "agent {agent} chose the illegal action {action} in game {game_index} (seed {seed}): {reason}"
    )]
    IllegalChoice {
        /// The agent's name.
        agent: String,
        /// The action as text.
        action: String,
        /// Index of the game in the run.
        game_index: usize,
        /// The game's seed.
        seed: u64,
        /// The game's error.
        reason: String,
    },
    /// A game went on past its declared bound: a bug in the game.
    #[error("game {game_index} (seed {seed}) exceeded its bound of {bound} steps")]
    TooLong {
        /// Index of the game in the run.
        game_index: usize,
        /// The game's seed.
        seed: u64,
        /// The declared bound.
        bound: usize,
    },
}

/// Tallies for one lineup slot or one seat.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    /// Games played.
    pub games: usize,
    /// Games won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games lost.
    pub losses: usize,
    /// Sum of returns.
    pub total_return: f64,
}

impl Tally {
    fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.total_return += other.total_return;
    }

    fn add(&mut self, result: PlayerResult, ret: f64) {
        self.games += 1;
        self.total_return += ret;
        match result {
            PlayerResult::Win => self.wins += 1,
            PlayerResult::Draw => self.draws += 1,
            PlayerResult::Loss => self.losses += 1,
        }
    }

    /// Mean return per game (0 with no games).
    pub fn mean_return(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total_return / self.games as f64
        }
    }

    /// Fraction of games won (0 with no games).
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins as f64 / self.games as f64
        }
    }

    /// The 95% Wilson score interval for the win rate.
    pub fn ci95(&self) -> [f64; 2] {
        wilson_interval(self.wins, self.games, 1.959_963_984_540_054)
    }
}

/// The Wilson score interval for `successes` out of `trials` at normal quantile `z` (1.96 for
/// 95%); `[0, 1]` with no trials. Unlike the normal approximation it stays inside `[0, 1]` and is
/// sound near 0% and 100%.
pub fn wilson_interval(successes: usize, trials: usize, z: f64) -> [f64; 2] {
    if trials == 0 {
        return [0.0, 1.0];
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // The bounds are exact at the extremes; say so rather than print rounding noise.
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes >= trials {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    [low, high]
}

/// How one lineup slot fared, as printed in the table and the JSON line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentResult {
    /// The agent's name.
    pub agent: String,
    /// Games played.
    pub games: usize,
    /// Games won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games lost.
    pub losses: usize,
    /// Mean return per game (for a one-player game, the mean score).
    pub mean_return: f64,
    /// Sum of the returns, which [`merge`] adds up.
    pub total_return: f64,
    /// Fraction of games won.
    pub win_rate: f64,
    /// 95% Wilson interval of the win rate.
    pub ci95: [f64; 2],
}

/// How the player in one seat fared, whoever it was (shows the first-move advantage).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatResult {
    /// The seat, from 0 (the first to move unless the game draws lots).
    pub seat: usize,
    /// Games won from that seat.
    pub wins: usize,
    /// Games drawn from that seat.
    pub draws: usize,
    /// Games lost from that seat.
    pub losses: usize,
    /// Mean return from that seat.
    pub mean_return: f64,
    /// Sum of the returns from that seat, which [`merge`] adds up.
    pub total_return: f64,
}

/// The outcome of a run, or of one shard of it: one entry per lineup slot, in lineup order, and
/// one per seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The game's name.
    pub game: String,
    /// The lineup, one agent name per seat.
    pub lineup: Vec<String>,
    /// Games of the whole run (a shard plays its part of them: see each result's `games`).
    pub games: usize,
    /// The run's seed.
    pub seed: u64,
    /// The shard this report covers; absent for a whole run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// The rule set the games were played under, where the command line named one (the game's
    /// `rules` parameter, as `--rules` gave it); absent for the game's default configuration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Per lineup slot.
    pub results: Vec<AgentResult>,
    /// Per seat.
    pub by_seat: Vec<SeatResult>,
}

impl Report {
    fn new(game: &str, settings: &Settings, slots: &[Tally], seats: &[Tally]) -> Self {
        let results = settings
            .lineup
            .iter()
            .zip(slots)
            .map(|(agent, t)| AgentResult {
                agent: agent.clone(),
                games: t.games,
                wins: t.wins,
                draws: t.draws,
                losses: t.losses,
                mean_return: t.mean_return(),
                total_return: t.total_return,
                win_rate: t.win_rate(),
                ci95: t.ci95(),
            })
            .collect();
        let by_seat = seats
            .iter()
            .enumerate()
            .map(|(seat, t)| SeatResult {
                seat,
                wins: t.wins,
                draws: t.draws,
                losses: t.losses,
                mean_return: t.mean_return(),
                total_return: t.total_return,
            })
            .collect();
        Report {
            game: game.to_string(),
            lineup: settings.lineup.clone(),
            games: settings.games,
            seed: settings.seed,
            shard: settings.shard,
            rules: None,
            results,
            by_seat,
        }
    }

    /// The tallies the report was made from, per slot and per seat.
    fn tallies(&self) -> (Vec<Tally>, Vec<Tally>) {
        let slots = self
            .results
            .iter()
            .map(|r| Tally {
                games: r.games,
                wins: r.wins,
                draws: r.draws,
                losses: r.losses,
                total_return: r.total_return,
            })
            .collect();
        let seats = self
            .by_seat
            .iter()
            .map(|s| Tally {
                games: s.wins + s.draws + s.losses,
                wins: s.wins,
                draws: s.draws,
                losses: s.losses,
                total_return: s.total_return,
            })
            .collect();
        (slots, seats)
    }
}

/// Why shard reports do not merge into a run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no reports to merge")]
    Empty,
    /// A report of a whole run, not of a shard.
    #[error("report {0} is a whole run, not a shard")]
    NotAShard(usize),
    /// Reports of different runs (game, lineup, games, seed or number of shards differ).
    #[error("report {index} is of another run than report 1: {what} differs")]
    DifferentRuns {
        /// Position of the report among those given, from 1.
        index: usize,
        /// What differs.
        what: &'static str,
    },
    /// The same shard twice.
    #[error("shard {0} is given twice")]
    Duplicate(Shard),
    /// Shards of the run that are not given.
    #[error("shards {missing} of the run are missing")]
    Missing {
        /// The missing shards, comma-separated.
        missing: String,
    },
    /// A shard's counts do not add up to the games it should have played.
    #[error("shard {0} does not hold the games it should have played")]
    Inconsistent(Shard),
}

/// Combines the reports of the `N` shards of one run (in any order) into the report of the whole
/// run: every count and sum is added, and the means, win rates and intervals are worked out from
/// the sums as a whole run does. Equal to the whole run's report field by field when returns are
/// integers (as in every game of the workspace), since their sums are then exact in any order.
pub fn merge(reports: &[Report]) -> Result<Report, MergeError> {
    let first = reports.first().ok_or(MergeError::Empty)?;
    let count = first.shard.ok_or(MergeError::NotAShard(1))?.count();
    let mut seen = vec![false; count];
    let mut slots = vec![Tally::default(); first.results.len()];
    let mut seats = vec![Tally::default(); first.by_seat.len()];
    for (i, report) in reports.iter().enumerate() {
        let index = i + 1;
        let shard = report.shard.ok_or(MergeError::NotAShard(index))?;
        let differs = |what| MergeError::DifferentRuns { index, what };
        if report.game != first.game {
            return Err(differs("the game"));
        }
        if report.lineup != first.lineup || report.results.len() != slots.len() {
            return Err(differs("the lineup"));
        }
        if report.by_seat.len() != seats.len() {
            return Err(differs("the number of seats"));
        }
        if report.games != first.games {
            return Err(differs("the number of games"));
        }
        if report.seed != first.seed {
            return Err(differs("the seed"));
        }
        if report.rules != first.rules {
            return Err(differs("the rules"));
        }
        if shard.count() != count {
            return Err(differs("the number of shards"));
        }
        if std::mem::replace(&mut seen[shard.index() - 1], true) {
            return Err(MergeError::Duplicate(shard));
        }
        let expected = (0..report.games).filter(|&g| shard.plays(g)).count();
        let (shard_slots, shard_seats) = report.tallies();
        if shard_slots.iter().any(|t| t.games != expected)
            || shard_seats.iter().map(|t| t.games).sum::<usize>() != expected * seats.len()
        {
            return Err(MergeError::Inconsistent(shard));
        }
        for (total, part) in slots.iter_mut().zip(&shard_slots) {
            total.merge(part);
        }
        for (total, part) in seats.iter_mut().zip(&shard_seats) {
            total.merge(part);
        }
    }
    let missing: Vec<String> = (1..=count)
        .filter(|&k| !seen[k - 1])
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing {
            missing: missing.join(", "),
        });
    }
    let settings = Settings::new(first.lineup.clone(), first.games, first.seed);
    Ok(Report {
        rules: first.rules.clone(),
        ..Report::new(&first.game, &settings, &slots, &seats)
    })
}

impl fmt::Display for Report {
    /// A table that fits 80 columns: one row per lineup slot, then the players (counted from 1,
    /// as in every game's text and the plot).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let part = self
            .shard
            .map_or(String::new(), |s| format!(" (shard {s})"));
        let rules = self
            .rules
            .as_ref()
            .map_or(String::new(), |r| format!(" ({r} rules)"));
        writeln!(
            f,
            "{}{rules}: {} games{part}, seed {}, lineup {}",
            self.game,
            self.games,
            self.seed,
            self.lineup.join(",")
        )?;
        let name = self
            .results
            .iter()
            .map(|r| r.agent.len())
            .max()
            .unwrap_or(5)
            .max(5);
        writeln!(
            f,
            "  {:<name$} {:>6} {:>5} {:>5} {:>6} {:>8} {:>6}  95% interval",
            "agent", "games", "wins", "draws", "losses", "mean ret", "win %"
        )?;
        for r in &self.results {
            writeln!(
                f,
                "  {:<name$} {:>6} {:>5} {:>5} {:>6} {:>8.3} {:>5.1}%  [{:.1}%, {:.1}%]",
                r.agent,
                r.games,
                r.wins,
                r.draws,
                r.losses,
                r.mean_return,
                100.0 * r.win_rate,
                100.0 * r.ci95[0],
                100.0 * r.ci95[1]
            )?;
        }
        if self.by_seat.len() > 1 {
            let seats: Vec<String> = self
                .by_seat
                .iter()
                .map(|s| format!("player {}: {}-{}-{}", s.seat + 1, s.wins, s.draws, s.losses))
                .collect();
            let line = format!("  by player (won-drawn-lost): {}", seats.join(", "));
            writeln!(f, "{}", game_terminal::wrap(&line, 78))?;
        }
        Ok(())
    }
}

/// One finished game: per seat, the lineup slot sitting there, its result and its return.
struct Played {
    seats: Vec<(usize, PlayerResult, f64)>,
}

fn play_one<G: Game>(
    config: &G::Config,
    settings: &Settings,
    agents: &Agents<G>,
    game_index: usize,
) -> Result<Played, ArenaError> {
    let n = settings.lineup.len();
    let seed = derive_seed(settings.seed, game_index as u64);
    let mut played = Match::<G>::new(config.clone(), seed).map_err(|e| ArenaError::Setup {
        game: G::NAME,
        reason: e.to_string(),
    })?;
    // Seat s holds lineup slot (s - game_index) mod n, so slot k sits at seat (k + game_index) mod n.
    let slot_at_seat: Vec<usize> = (0..n).map(|seat| (seat + n - game_index % n) % n).collect();
    let mut seated: Vec<Box<dyn Agent<G>>> = Vec::with_capacity(n);
    for (seat, &slot) in slot_at_seat.iter().enumerate() {
        seated.push(agents.build(&settings.lineup[slot], agent_seed(seed, seat))?);
    }
    played.play_out(&mut seated).map_err(|e| match e {
        PlayError::Illegal {
            seat,
            action,
            source,
            ..
        } => ArenaError::IllegalChoice {
            agent: slot_at_seat
                .get(seat)
                .and_then(|&slot| settings.lineup.get(slot))
                .cloned()
                .unwrap_or_default(),
            action,
            game_index,
            seed,
            reason: source.to_string(),
        },
        PlayError::TooLong { bound } => ArenaError::TooLong {
            game_index,
            seed,
            bound,
        },
        other => ArenaError::Setup {
            game: G::NAME,
            reason: other.to_string(),
        },
    })?;
    let state = played.state();
    let seats = (0..n)
        .map(|seat| {
            let result = state.result(seat).unwrap_or(PlayerResult::Draw);
            (slot_at_seat[seat], result, state.returns(seat))
        })
        .collect();
    Ok(Played { seats })
}

/// Plays `settings.games` games of `G` under `config` with its roster's agents and reports the
/// results.
pub fn run<G: Roster>(config: &G::Config, settings: &Settings) -> Result<Report, ArenaError> {
    run_agents_with_progress(config, settings, &Agents::<G>::roster(), |_| {})
}

/// [`run`], calling `on_game(finished)` each time a game ends (from the worker threads, in no
/// particular order), so that a program can draw a progress bar.
pub fn run_with_progress<G: Roster>(
    config: &G::Config,
    settings: &Settings,
    on_game: impl Fn(usize) + Sync,
) -> Result<Report, ArenaError> {
    run_agents_with_progress(config, settings, &Agents::<G>::roster(), on_game)
}

/// [`run`] with the lineup's names looked up in `agents`: a game's roster beside agents the
/// caller builds, or agents of a game that has no roster at all.
pub fn run_agents<G: Game>(
    config: &G::Config,
    settings: &Settings,
    agents: &Agents<G>,
) -> Result<Report, ArenaError> {
    run_agents_with_progress(config, settings, agents, |_| {})
}

/// [`run_agents`], calling `on_game(finished)` each time a game ends, as
/// [`run_with_progress`] does.
///
/// ```
/// use game_arena::{self as arena, Agents, ArenaError, Settings};
/// use game_testkit::Nim;
///
/// let none = Settings::new(vec!["random".into(), "random".into()], 0, 1);
/// let refused = arena::run_agents_with_progress(&(), &none, &Agents::<Nim>::of(), |_| {});
/// assert!(matches!(refused, Err(ArenaError::NoGames)));
/// ```
pub fn run_agents_with_progress<G: Game>(
    config: &G::Config,
    settings: &Settings,
    agents: &Agents<G>,
    on_game: impl Fn(usize) + Sync,
) -> Result<Report, ArenaError> {
    if settings.games == 0 {
        return Err(ArenaError::NoGames);
    }
    let probe = G::new(config.clone(), settings.seed).map_err(|e| ArenaError::Setup {
        game: G::NAME,
        reason: e.to_string(),
    })?;
    let n = probe.num_players();
    if n == 0 {
        return Err(ArenaError::Setup {
            game: G::NAME,
            reason: "the game has no seats".to_string(),
        });
    }
    if settings.lineup.len() != n {
        return Err(AgentError::LineupSize {
            game: G::NAME,
            expected: n,
            found: settings.lineup.len(),
        }
        .into());
    }
    for name in &settings.lineup {
        agents.build(name, 0)?;
    }
    let finished = std::sync::atomic::AtomicUsize::new(0);
    let shard = settings.shard;
    let played: Vec<Played> = (0..settings.games)
        .into_par_iter()
        .filter(|&i| shard.is_none_or(|s| s.plays(i)))
        .map(|i| {
            let result = play_one(config, settings, agents, i);
            on_game(finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
            result
        })
        .collect::<Result<_, _>>()?;
    let mut slots = vec![Tally::default(); n];
    let mut seats = vec![Tally::default(); n];
    for game in &played {
        for (seat, &(slot, result, ret)) in game.seats.iter().enumerate() {
            slots[slot].add(result, ret);
            seats[seat].add(result, ret);
        }
    }
    Ok(Report::new(G::NAME, settings, &slots, &seats))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shards of runs under different rules are different runs; shards under the same rules
    /// merge into a report that names them.
    #[test]
    fn merge_keeps_the_rules_and_refuses_a_mix() {
        // Each shard plays one of the two games: a draw.
        let drawn = Tally {
            games: 1,
            draws: 1,
            ..Tally::default()
        };
        let shard = |k: usize, rules: &str| Report {
            rules: Some(rules.to_string()),
            ..Report::new(
                "nim",
                &Settings {
                    shard: Shard::new(k, 2).ok(),
                    ..Settings::new(vec!["a".into(), "b".into()], 2, 1)
                },
                &[drawn.clone(), drawn.clone()],
                &[drawn.clone(), drawn.clone()],
            )
        };
        let mixed = merge(&[shard(1, "classic"), shard(2, "extended")]);
        assert!(
            matches!(
                mixed,
                Err(MergeError::DifferentRuns {
                    what: "the rules",
                    ..
                })
            ),
            "{mixed:?}"
        );
        let merged = merge(&[shard(2, "classic"), shard(1, "classic")]).expect("one run");
        assert_eq!(merged.rules.as_deref(), Some("classic"));
        assert_eq!(merged.results[0].draws, 2);
        let json = serde_json::to_string(&shard(1, "classic")).expect("JSON");
        assert!(json.contains(r#""rules":"classic""#), "{json}");
        let back: Report = serde_json::from_str(&json).expect("a report");
        assert_eq!(back.rules.as_deref(), Some("classic"));
        let unruled = Report {
            rules: None,
            ..back
        };
        let json = serde_json::to_string(&unruled).expect("JSON");
        assert!(!json.contains("rules"), "no rules, no field: {json}");
        assert!(unruled.to_string().starts_with("nim: 2 games"));
        let ruled = Report {
            rules: Some("classic".into()),
            ..unruled
        };
        assert!(
            ruled
                .to_string()
                .starts_with("nim (classic rules): 2 games")
        );
    }

    #[test]
    fn wilson_known_values() {
        let [lo, hi] = wilson_interval(50, 100, 1.96);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        let [lo, hi] = wilson_interval(0, 10, 1.96);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{hi}");
        assert_eq!(wilson_interval(0, 0, 1.96), [0.0, 1.0]);
        let [lo, hi] = wilson_interval(10, 10, 1.96);
        assert!((lo - 0.7225).abs() < 1e-3 && hi == 1.0);
    }
}
