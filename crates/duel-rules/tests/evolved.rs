//! The `evolved` player: its genome's text form, the breeding's determinism (the shipped genome
//! is what the documented command breeds), and the agent's play.

mod common;

use std::sync::Arc;

use common::tally;
use duel_rules::prelude::*;
use duel_rules::{
    Fighter, RuleSet,
    evolution::{BreedOptions, GENOME_MOVES, Genome, breed},
    solver::SolveError,
};
use game_core::{GameRng, derive_seed};

#[test]
fn the_shipped_genome_reads_back_from_its_text() {
    let shipped = Genome::shipped();
    let text = shipped.to_string();
    assert_eq!(text.lines().count(), Genome::SITUATIONS);
    assert_eq!(text.parse::<Genome>().unwrap(), *shipped);
    // Every situation's strategy is a distribution over the affordable moves.
    for my_qi in 0..7 {
        for their_qi in [0, 3, 9] {
            for (h1, h2) in [(5, 5), (5, 1), (1, 4), (1, 1)] {
                let p = shipped.strategy(&Fighter::new(h1, my_qi), &Fighter::new(h2, their_qi));
                assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
                let costs = [0, 0, 1, 2, 3, 4, 5];
                for (i, &cost) in costs.iter().enumerate().take(GENOME_MOVES) {
                    if cost > my_qi {
                        assert_eq!(p[i], 0.0);
                    }
                }
            }
        }
    }
}

#[test]
fn bad_genome_text_is_refused() {
    let good = Genome::shipped().to_string();
    let short: String = good.lines().take(10).collect::<Vec<_>>().join("\n");
    let too_many = good.replacen(": ", ": 1 ", 1);
    let not_a_number = good.replacen(": ", ": x", 1);
    let wrong_label = good.replacen("0 0 + 0 0:", "0 0 + 1 0:", 1);
    for bad in [short, too_many, not_a_number, wrong_label, String::new()] {
        let err = bad.parse::<Genome>().unwrap_err();
        assert!(matches!(err, SolveError::InvalidGenome(_)), "{err}");
    }
}

#[test]
fn breeding_is_deterministic() {
    let options = BreedOptions {
        generations: 3,
        population: 6,
        seed: 9,
    };
    let mut reports = Vec::new();
    let first = breed(&options, |g| {
        reports.push((g.number, g.best_score, g.games_each))
    });
    let second = breed(&options, |_| {});
    assert_eq!(first, second);
    assert_eq!(reports.len(), 3);
    assert!(reports.iter().all(|&(_, _, games)| games == 10));
    let other = breed(
        &BreedOptions {
            seed: 10,
            ..options
        },
        |_| {},
    );
    assert_ne!(first, other);
}

/// The shipped genome is what `duel_evolve` with the documented options breeds. A release
/// build breeds it in about half a minute:
/// `cargo test --release -p duel-rules --test evolved -- --ignored`.
#[test]
#[ignore = "breeds for half a minute in a release build"]
fn the_shipped_genome_is_bred_by_the_documented_command() {
    let bred = breed(&BreedOptions::SHIPPED, |_| {});
    assert_eq!(bred, *Genome::shipped());
}

/// (wins, draws, losses) of `hero` against `villain` over `games` games of hk, seats alternated.
fn record(hero: &str, villain: &str, games: u64) -> (u32, u32, u32) {
    tally(&Config::default(), hero, villain, games, 3)
}

#[test]
fn evolved_beats_dice() {
    let (w, d, l) = record("evolved", "dice", 400);
    println!("evolved against dice: {w} won, {d} drawn, {l} lost");
    assert!(w > 2 * l, "{w}-{d}-{l}");
}

#[test]
fn equilibrium_wins_more_than_it_loses_against_evolved() {
    let (w, d, l) = record("equilibrium", "evolved", 400);
    println!("equilibrium against evolved: {w} won, {d} drawn, {l} lost");
    assert!(w > l, "{w}-{d}-{l}");
}

#[test]
fn elsewhere_evolved_plays_like_dice() {
    // Under classic (not the rules it was bred for) and in a free-for-all.
    for config in [
        Config::preset(Preset::Classic),
        Config::default().with_players(3),
    ] {
        let seed = 5;
        let mut evolved = Duel::agent("evolved", seed).unwrap();
        let mut dice = DiceAgent::new(derive_seed(seed, 1));
        let mut state = Duel::new(config, 0).unwrap();
        let mut rng = GameRng::new(1);
        while state.turn() != Turn::Over && state.round() < 40 {
            let legal = state.legal_actions(0);
            let decision = Decision::new(0, &state, &legal).unwrap();
            let mine = evolved.choose(&decision);
            assert_eq!(mine, dice.choose(&decision));
            let mut joint = vec![mine];
            for p in 1..state.num_players() {
                joint.push(*rng.choose(&state.legal_actions(p)).unwrap());
            }
            state.apply_joint(&joint).unwrap();
        }
    }
}

#[test]
fn a_bred_genome_plays_through_the_agent() {
    let genome = Arc::new(breed(
        &BreedOptions {
            generations: 2,
            population: 4,
            seed: 1,
        },
        |_| {},
    ));
    let mut agent = EvolvedAgent::with_genome(genome.clone(), 3);
    assert_eq!(agent.genome(), &genome);
    let state = Duel::new(Config::default(), 0).unwrap();
    let legal = state.legal_actions(1);
    let decision = Decision::new(1, &state, &legal).unwrap();
    for _ in 0..50 {
        assert!(legal.contains(&agent.choose(&decision)));
    }
    // A custom rule set that is not hk: the genome is not used.
    let mut spec = RuleSet::hk().spec().clone();
    spec.round_limit = 10;
    let custom = Config {
        players: 2,
        rules: Arc::new(RuleSet::new(spec).unwrap()),
    };
    let state = Duel::new(custom, 0).unwrap();
    let legal = state.legal_actions(0);
    let decision = Decision::new(0, &state, &legal).unwrap();
    assert!(legal.contains(&agent.choose(&decision)));
}
