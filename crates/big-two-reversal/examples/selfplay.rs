//! Seeded self-play of a lineup with seats rotated, to check the AI levels against each other
//! without the arena: `cargo run --release -p big-two-reversal --example selfplay -- ai4,ai3,ai3,ai3 200 1`
//! (lineup, games, seed), and `--rules NAME` for a rule set other than the default (a preset's
//! name, `hong-kong`, or any rules text `Config` parses). Prints, per agent of the lineup's first
//! seat and the rest, first places (with a 95% confidence interval) and mean return, and the time
//! per decision of the first agent.

use big_two_reversal::prelude::*;
use game_core::derive_seed;

/// Per thread: returns and first places by lineup position, CPU seconds, decisions and the
/// slowest decision of lineup position 0.
type ThreadResult = (Vec<f64>, Vec<usize>, f64, usize, f64);

/// An agent that times its decisions (in CPU seconds of this thread) when asked to.
struct Timed {
    inner: Box<dyn Agent<BigTwo>>,
    timed: bool,
    seconds: f64,
    decisions: usize,
    worst: f64,
}

impl Agent<BigTwo> for Timed {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, decision: &Decision<'_, BigTwo>) -> Action {
        if !self.timed {
            return self.inner.choose(decision);
        }
        let start = thread_cpu_seconds();
        let action = self.inner.choose(decision);
        let elapsed = thread_cpu_seconds() - start;
        self.seconds += elapsed;
        self.decisions += 1;
        self.worst = self.worst.max(elapsed);
        action
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let rules: Config = match args.iter().position(|a| a == "--rules") {
        Some(i) if i + 1 < args.len() => {
            let name = args.remove(i + 1);
            args.remove(i);
            name.parse().unwrap_or_else(|e| {
                eprintln!("--rules {name}: {e}");
                std::process::exit(2)
            })
        }
        Some(_) => {
            eprintln!("--rules needs a rule set's name");
            std::process::exit(2)
        }
        None => Config::default(),
    };
    let lineup: Vec<String> = args
        .get(1)
        .map_or("ai2,ai1,ai1,ai1", String::as_str)
        .split(',')
        .map(str::to_string)
        .collect();
    if lineup.len() != 4 {
        eprintln!("the lineup needs 4 names, got {}", lineup.len());
        std::process::exit(2);
    }
    let games: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let threads = 2;
    let results: Vec<ThreadResult> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (lineup, rules) = (lineup.clone(), rules.clone());
                s.spawn(move || {
                    let mut wins = vec![0usize; 4];
                    let mut ret = vec![0.0; 4];
                    let (mut time0, mut decisions0, mut worst) = (0.0, 0usize, 0.0f64);
                    for g in (t..games).step_by(threads) {
                        let game_seed = derive_seed(seed, g as u64);
                        let rotation = g % 4;
                        // Agent i of the lineup sits at seat (i + rotation) % 4.
                        let mut agents: Vec<Timed> = (0..4)
                            .map(|seat| {
                                let i = (seat + 4 - rotation) % 4;
                                Timed {
                                    inner: agent(
                                        &lineup[i],
                                        derive_seed(game_seed, seat as u64 + 1),
                                    ),
                                    timed: i == 0,
                                    seconds: 0.0,
                                    decisions: 0,
                                    worst: 0.0,
                                }
                            })
                            .collect();
                        let played = play::<BigTwo, _>(rules.clone(), game_seed, &mut agents)
                            .unwrap_or_else(|e| panic!("game {g}: {e}"));
                        let state = played.state();
                        for (seat, timed) in agents.iter().enumerate() {
                            let i = (seat + 4 - rotation) % 4;
                            ret[i] += state.returns(seat);
                            if state.table().place(seat) == Some(1) {
                                wins[i] += 1;
                            }
                            time0 += timed.seconds;
                            decisions0 += timed.decisions;
                            worst = worst.max(timed.worst);
                        }
                    }
                    (ret, wins, time0, decisions0, worst)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    let mut wins = [0usize; 4];
    let mut ret = [0.0; 4];
    let (mut time0, mut dec0, mut worst) = (0.0, 0usize, 0.0f64);
    for (r, w, t, d, x) in results {
        for i in 0..4 {
            wins[i] += w[i];
            ret[i] += r[i];
        }
        time0 += t;
        dec0 += d;
        worst = worst.max(x);
    }
    println!("rules {rules}, {games} games, seed {seed}");
    for i in 0..4 {
        let share = wins[i] as f64 / games.max(1) as f64;
        let half = 1.96 * (share * (1.0 - share) / games.max(1) as f64).sqrt();
        println!(
            "seat-in-lineup {i} {:>6}: first {:>5} ({:5.1}% ± {:.1}), mean return {:+.3}",
            lineup[i],
            wins[i],
            100.0 * share,
            100.0 * half,
            ret[i] / games as f64
        );
    }
    println!(
        "{}: {} decisions, CPU time per decision: mean {:.3} ms, worst {:.3} ms",
        lineup[0],
        dec0,
        1000.0 * time0 / dec0.max(1) as f64,
        1000.0 * worst
    );
}

/// CPU time of this thread (Linux `schedstat`), so a busy machine does not inflate the figures;
/// 0 where unavailable.
fn thread_cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

/// A roster agent, or `ai4:STEPS:CANDIDATES:DEALS:SWAPS:ITERATIONS:ROOT_CANDIDATES` for a
/// tuned search (a field left empty keeps its default).
fn agent(name: &str, seed: u64) -> Box<dyn Agent<BigTwo>> {
    let parts: Vec<&str> = name.split(':').collect();
    if parts[0] == "ai4" && parts.len() > 1 {
        let mut config = Ai4Config::default();
        let fields = [
            &mut config.steps,
            &mut config.max_candidates,
            &mut config.deals,
            &mut config.swaps,
            &mut config.max_iterations,
            &mut config.root_candidates,
        ];
        for (field, part) in fields.into_iter().zip(&parts[1..]) {
            if let Ok(v) = part.parse() {
                *field = v;
            }
        }
        return Box::new(Ai4::with_config(config, seed));
    }
    BigTwo::agent(name, seed).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    })
}
