//! The default rule set is pinned: the deals, the legal actions with their ids, the moves and
//! the tensors of seeds 0, 1 and 42, along one fixed walk through each game, are exactly those
//! the game produced before it learnt other rule sets. Any change to the default game shows
//! here as a line of the transcript.

use big_two_reversal::prelude::*;

const SEEDS: [u64; 3] = [0, 1, 42];

/// A 64-bit FNV-1a digest of a tensor's values, so a transcript line stands for a whole tensor.
fn digest(values: &[f32]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for v in values {
        for b in v.to_bits().to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// Plays seed `seed` along a fixed walk (at step `k`, the legal action at index
/// `(7k + seed) % n`), writing each state's facts.
fn transcript(seed: u64) -> String {
    let config = Config::default();
    let mut out = String::new();
    let mut game = BigTwo::new(config.clone(), seed).unwrap();
    out += &format!("seed {seed}\n");
    for seat in 0..4 {
        out += &format!("hand {seat}: {}\n", game.hand(seat));
    }
    let outcomes = BigTwo::chance_outcomes_of_seed(&config, seed);
    out += &format!("chance: {outcomes:?}\n");
    let mut step = 0u64;
    while let Turn::Player(mover) = game.turn() {
        let legal = game.legal_actions(mover);
        let ids = game.legal_action_ids(mover);
        assert_eq!(ids.len(), legal.len());
        let listed: Vec<String> = legal
            .iter()
            .zip(&ids)
            .map(|(a, id)| format!("{id}={a:#}"))
            .collect();
        out += &format!(
            "step {step} seat {mover}: {} legal: {}\n",
            legal.len(),
            listed.join(", ")
        );
        let tensors: Vec<String> = (0..4)
            .map(|p| digest(&game.observation_tensor(p)))
            .collect();
        out += &format!(
            "  observation {} information {}\n",
            tensors.join(" "),
            digest(&game.information_state_tensor(mover))
        );
        let index = ((7 * step + seed) % legal.len() as u64) as usize;
        let action = legal[index];
        out += &format!("  plays {action:#}\n");
        game.apply(&action).unwrap();
        step += 1;
    }
    let returns: Vec<f64> = (0..4).map(|p| game.returns(p)).collect();
    out += &format!("returns {returns:?}\n");
    out
}

#[test]
fn the_default_rules_play_exactly_as_pinned() {
    let produced: String = SEEDS.iter().map(|&s| transcript(s)).collect();
    let pinned = include_str!("golden/default-rules.txt");
    if produced != pinned {
        let first = produced
            .lines()
            .zip(pinned.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "the default game changed at line {}:\n  now    {}\n  pinned {}",
            first + 1,
            produced.lines().nth(first).unwrap_or(""),
            pinned.lines().nth(first).unwrap_or("")
        );
    }
}

#[test]
fn the_default_configuration_is_stored_as_before() {
    // Records written before rule sets existed store the configuration as `{}`.
    let config: Config = serde_json::from_str("{}").unwrap();
    assert_eq!(config, Config::default());
    let record =
        serde_json::from_str::<Record<BigTwo>>(include_str!("golden/seed-42.record.json")).unwrap();
    assert_eq!(record.config, Config::default());
    let replayed = record.replay().unwrap();
    assert_eq!(replayed.turn(), Turn::Over);
}
