//! Breeds the duel's `evolved` player: a genetic tournament of simple players (a weight per move
//! in each coarse situation), as the game's origin imagines.
//!
//! ```text
//! cargo run --release --example duel_evolve -- --generations N --population P --seed S
//!     [--every K] [--out FILE] [--evaluate GAMES]
//! ```
//!
//! Every `K` generations it prints the generation, the best genome's tournament score and that
//! genome's record against `dice`. At the end it writes the best genome (the text
//! `duel_rules::Genome` parses) to `FILE` or to standard output, and with `--evaluate` plays it
//! against `dice`, every `always-<move>` and `equilibrium` (`GAMES` games each, seats
//! alternated) and measures its exploitability: what an exact best response gains against it
//! from the start position. The genome the crate ships was bred with
//! `--generations 1000 --population 60 --seed 1`.

use recess::game_terminal as common;

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use clap::Parser;
use duel_rules::prelude::*;
use duel_rules::{BreedOptions, Fighter, Genome, breed, preset_solution};
use game_core::derive_seed;

/// Breeds a duel player by genetic tournament.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// Generations of tournament, selection and mutation.
    #[arg(long, default_value_t = BreedOptions::SHIPPED.generations)]
    generations: usize,
    /// Genomes per generation (at least 4).
    #[arg(long, default_value_t = BreedOptions::SHIPPED.population)]
    population: usize,
    /// Seeds the whole breeding.
    #[arg(long, default_value_t = BreedOptions::SHIPPED.seed)]
    seed: u64,
    /// Print progress every this many generations.
    #[arg(long, default_value_t = 20)]
    every: usize,
    /// Write the bred genome here instead of to standard output.
    #[arg(long)]
    out: Option<String>,
    /// Then play it this many games against each opponent and measure its exploitability.
    #[arg(long)]
    evaluate: Option<u64>,
}

/// (wins, draws, losses) of `genome` against the agent `villain` over `games` games of hk,
/// seats alternated.
fn record(genome: &Arc<Genome>, villain: &str, games: u64, seed: u64) -> (u64, u64, u64) {
    let mut score = (0, 0, 0);
    for g in 0..games {
        let seat = (g % 2) as usize;
        let hero: Box<dyn Agent<Duel>> = Box::new(EvolvedAgent::with_genome(
            genome.clone(),
            derive_seed(seed, 2 * g),
        ));
        let Ok(other) = Duel::agent(villain, derive_seed(seed, 2 * g + 1)) else {
            return score;
        };
        let mut agents = if seat == 0 {
            vec![hero, other]
        } else {
            vec![other, hero]
        };
        let Ok(played) = play::<Duel, _>(Config::default(), g, &mut agents) else {
            continue;
        };
        match played.state().result(seat) {
            Some(PlayerResult::Win) => score.0 += 1,
            Some(PlayerResult::Draw) => score.1 += 1,
            _ => score.2 += 1,
        }
    }
    score
}

fn main() -> ExitCode {
    let args: Args = common::parse_args();
    let options = BreedOptions {
        generations: args.generations,
        population: args.population,
        seed: args.seed,
    };
    let start = Instant::now();
    eprintln!(
        "breeding {} generations of {} genomes, seed {}",
        options.generations, options.population, options.seed
    );
    let genome = breed(&options, |generation| {
        let every = args.every.max(1);
        if generation.number % every == 0 || generation.number == 1 {
            let best = Arc::new(generation.best.clone());
            let (w, d, l) = record(&best, "dice", 200, derive_seed(args.seed, 7));
            eprintln!(
                "generation {:>5}: best scored {:+} over {} games; against dice {w}-{d}-{l} \
                 ({:.1} s)",
                generation.number,
                generation.best_score,
                generation.games_each,
                start.elapsed().as_secs_f64()
            );
        }
    });
    let text = format!(
        "# The duel's evolved player: {} generations of {} genomes, seed {}.\n\
         # One line per situation: my qi, the opponent's (5: 5 or more), who leads in health\n\
         # (+ me, = nobody, - the opponent), whether I am at 1 health, whether the opponent is;\n\
         # then a weight per move: charge block shoot kamehameha dragon-palm seal buddha-palm.\n{genome}",
        options.generations, options.population, options.seed
    );
    match &args.out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &text) {
                eprintln!("cannot write {path}: {e}");
                return ExitCode::from(2);
            }
            eprintln!("wrote {path}");
        }
        None => print!("{text}"),
    }
    if let Some(games) = args.evaluate {
        let genome = Arc::new(genome);
        let mut opponents = vec!["dice".to_string()];
        for m in Config::default().rules.moves() {
            opponents.push(format!("always-{}", m.name));
        }
        opponents.push("equilibrium".to_string());
        for villain in &opponents {
            let (w, d, l) = record(&genome, villain, games, derive_seed(args.seed, 11));
            eprintln!(
                "against {villain:<19} {w:>5} won {d:>5} drawn {l:>5} lost ({:.1}% won)",
                100.0 * w as f64 / games.max(1) as f64
            );
        }
        let table = preset_solution(Preset::Hk);
        let guarantee = table.guarantee_of(|me, opponent| genome.strategy(me, opponent).to_vec());
        let start = Fighter::new(5, 5);
        let value = table.value(&start, &start).unwrap_or(0.0);
        let guaranteed = guarantee.guaranteed(&start, &start).unwrap_or(f64::NAN);
        eprintln!(
            "exploitability from the start position: {:.4} (the value is {value:.4}; an exact \
             best response holds it to {guaranteed:.4})",
            value - guaranteed
        );
    }
    ExitCode::SUCCESS
}
