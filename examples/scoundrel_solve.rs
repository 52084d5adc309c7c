//! Solver statistics for Scoundrel: how many deals of a range of seeds the clairvoyant solver
//! proves winnable, and the mean best score, solved in parallel (rayon), with a progress bar on
//! a terminal.
//!
//! ```text
//! cargo run --release --example scoundrel_solve -- --from 0 --to 999
//! cargo run --release --example scoundrel_solve -- --from 0 --to 99 --strict --each
//! ```

use recess::game_terminal as common;

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use scoundrel::prelude::*;

/// The best score a deal allows: 20 health and a potion of 10 faced last.
const MAX_SCORE: i32 = 30;

/// Solve a range of Scoundrel deals exactly (the solver is told each Dungeon's order).
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// First seed.
    #[arg(long, default_value_t = 0)]
    from: u64,
    /// Last seed (included).
    #[arg(long, default_value_t = 999)]
    to: u64,
    /// The strict weapon rule (<) instead of the default (≤).
    #[arg(long)]
    strict: bool,
    /// Print one line per deal.
    #[arg(long)]
    each: bool,
    /// Print the summary as one JSON line.
    #[arg(long)]
    json: bool,
}

struct Solved {
    seed: u64,
    best: i32,
    positions: usize,
    time: Duration,
}

fn main() {
    let args: Args = common::parse_args();
    if args.to < args.from {
        common::refuse::<Args>(format!(
            "--to {} is below --from {}: give the first seed, then a last one at least as large",
            args.to, args.from
        ));
    }
    let config = if args.strict {
        Config::strict()
    } else {
        Config::default()
    };
    let start = Instant::now();
    let bar = if std::io::stderr().is_terminal() && !args.each {
        let bar = ProgressBar::new(args.to - args.from + 1);
        if let Ok(style) =
            ProgressStyle::with_template("solving [{bar:40}] {pos}/{len} deals, {eta} left")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut solved: Vec<Solved> = (args.from..=args.to)
        .into_par_iter()
        .map(|seed| {
            let began = Instant::now();
            let mut solver = Solver::new();
            let best = match Scoundrel::new(config, seed) {
                Ok(deal) => solver.best_score(&deal),
                Err(e) => unreachable!("every seed deals: {e}"),
            };
            let done = Solved {
                seed,
                best,
                positions: solver.positions(),
                time: began.elapsed(),
            };
            if args.each {
                println!(
                    "seed {:>5}  {}  best {:>4} of {MAX_SCORE}  positions {:>9}  {:.3} s",
                    done.seed,
                    if best > 0 { "winnable  " } else { "unwinnable" },
                    done.best,
                    done.positions,
                    done.time.as_secs_f64()
                );
            }
            bar.inc(1);
            done
        })
        .collect();
    bar.finish_and_clear();
    solved.sort_by_key(|s| s.time);
    let deals = solved.len();
    let winnable = solved.iter().filter(|s| s.best > 0).count();
    let perfect = solved.iter().filter(|s| s.best == MAX_SCORE).count();
    let mean = solved.iter().map(|s| f64::from(s.best)).sum::<f64>() / deals as f64;
    let median = solved[deals / 2].time.as_secs_f64();
    let slowest = solved.last().map_or(0.0, |s| s.time.as_secs_f64());
    let rule = if args.strict { "strict" } else { "default" };
    if args.json {
        println!(
            "{}",
            serde_json::json!({
                "game": "scoundrel", "rule": rule, "from": args.from, "to": args.to,
                "deals": deals, "winnable": winnable, "mean_best_score": mean,
                "max_score": MAX_SCORE, "deals_at_max_score": perfect,
                "median_seconds": median, "slowest_seconds": slowest,
            })
        );
    } else {
        let text = format!(
            "Scoundrel ({rule} weapon rule), seeds {} to {}: {winnable} of {deals} deals \
             winnable ({:.1}%); mean best score {mean:.2}, where {MAX_SCORE} is the most a deal \
             allows (20 health and a 10♥ faced last), reached in {perfect}; per deal median \
             {median:.3} s, slowest {slowest:.3} s; {:.1} s in all.",
            args.from,
            args.to,
            100.0 * winnable as f64 / deals as f64,
            start.elapsed().as_secs_f64()
        );
        println!("{}", common::fill(&text));
    }
}
