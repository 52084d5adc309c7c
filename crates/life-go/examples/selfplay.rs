//! Seeded self-play between two named agents, colours alternated:
//! `cargo run --release -p life-go --example selfplay -- strong eval 100 [seed] [size]`.

use std::time::Instant;

use game_core::{Decision, Game, Roster, Turn, derive_seed};
use life_go::{Colour, Config, LifeGo};

/// An agent by name; `strong:N` is `strong` with a budget of N nodes.
fn make(
    name: &str,
    seed: u64,
) -> Result<Box<dyn game_core::Agent<LifeGo>>, Box<dyn std::error::Error>> {
    if let Some(budget) = name.strip_prefix("strong:") {
        return Ok(Box::new(life_go::StrongAgent::with_budget(
            seed,
            budget.parse()?,
        )));
    }
    Ok(LifeGo::agent(name, seed)?)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let first = args.first().map_or("strong", String::as_str).to_string();
    let second = args.get(1).map_or("eval", String::as_str).to_string();
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let size: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(19);
    let (mut wins, mut losses, mut draws, mut moves_total) = (0, 0, 0, 0u64);
    let mut first_time = std::time::Duration::ZERO;
    let mut first_moves = 0u64;
    let mut first_max = std::time::Duration::ZERO;
    let start = Instant::now();
    for g in 0..games {
        let game_seed = derive_seed(seed, g);
        let first_seat = (g % 2) as usize;
        let mut state = LifeGo::new(Config::square(size), game_seed)?;
        let mut agents = [
            make(&first, derive_seed(game_seed, 1))?,
            make(&second, derive_seed(game_seed, 2))?,
        ];
        if first_seat == 1 {
            agents.swap(0, 1);
        }
        while let Turn::Player(seat) = state.turn() {
            let legal = state.legal_actions(seat);
            let obs = state.observation(seat);
            let decision = Decision::new(seat, &obs, &legal).ok_or("no legal move")?;
            let t = Instant::now();
            let mv = agents[seat].choose(&decision);
            if seat == first_seat {
                first_max = first_max.max(t.elapsed());
                first_time += t.elapsed();
                first_moves += 1;
            }
            state.apply(&mv)?;
        }
        moves_total += u64::from(state.moves_played());
        let outcome = state.outcome().ok_or("not over")?;
        match outcome.winner {
            None => draws += 1,
            Some(c) if c == Colour::from_seat(first_seat).ok_or("seat")? => wins += 1,
            Some(_) => losses += 1,
        }
        eprintln!(
            "game {g}: {first} as {:?}: {outcome} after {} moves",
            Colour::from_seat(first_seat),
            state.moves_played()
        );
    }
    println!(
        "{first} vs {second}: {wins} wins, {losses} losses, {draws} draws in {games} games; {:.1} moves/game; {first} {:.2} ms/move (max {:.1}); {:.1}s",
        moves_total as f64 / games as f64,
        first_time.as_secs_f64() * 1000.0 / first_moves.max(1) as f64,
        first_max.as_secs_f64() * 1000.0,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
