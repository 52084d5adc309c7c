//! `evolved`: a player bred by a genetic tournament, as the game's origin imagines ("hundreds of
//! thousands of dumb AI fight each other and evolutionarily mutate along the way, until one
//! comes out on top").
//!
//! A player is a [`Genome`]: for each coarse situation — its own qi and the opponent's (0 to 4,
//! or 5 and more: everything affordable), who has more health, and whether either is down to 1
//! health — a weight from 0 to 255 for each of hk's seven moves; it plays an affordable move
//! with probability proportional to its weight (uniformly when they are all 0). [`breed`] starts
//! from random genomes (players about as dumb as `dice`) and, generation after generation, plays
//! a round-robin tournament (every pair twice, seats swapped), keeps the best quarter, and fills
//! the rest with children of tournament-selected parents: each situation's weights taken whole
//! from one parent or the other, a few weights nudged or reset. Everything is drawn from seeded
//! generators and integer arithmetic, so a seed breeds the same genome on every machine. The
//! genome the crate ships ([`Genome::shipped`]) was bred this way; the `evolved` agent plays it
//! without any training at run time.

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use game_core::{Agent, Decision, Game, GameRng, Player, Turn, derive_seed};

use crate::action::Action;
use crate::ai::DiceAgent;
use crate::error::SolveError;
use crate::rules::{Config, Preset, RuleSet};
use crate::state::{Duel, Fighter};

/// Moves a genome weighs: hk's, in its order (charge, block, shoot, kamehameha, dragon-palm,
/// seal, buddha-palm).
pub const GENOME_MOVES: usize = 7;

/// Qi buckets: 0, 1, 2, 3, 4, and 5 or more.
const QI_BUCKETS: usize = 6;

/// Who has more health: me, nobody, the opponent.
const LEADS: usize = 3;

/// Situations: my qi, the opponent's, who leads in health, whether I am at 1 health, whether the
/// opponent is.
const CELLS: usize = QI_BUCKETS * QI_BUCKETS * LEADS * 2 * 2;

/// A bred player: a weight per move in each coarse situation (see the module's docs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genome {
    weights: Vec<u8>,
}

impl Genome {
    /// Coarse situations a genome tells apart (432).
    pub const SITUATIONS: usize = CELLS;

    /// The genome the crate ships, bred for hk (see [`BreedOptions::SHIPPED`] for how).
    pub fn shipped() -> Arc<Genome> {
        static SHIPPED: OnceLock<Arc<Genome>> = OnceLock::new();
        SHIPPED
            .get_or_init(|| match include_str!("evolved.txt").parse() {
                Ok(genome) => Arc::new(genome),
                Err(e) => unreachable!("the shipped genome is checked by the tests: {e}"),
            })
            .clone()
    }

    /// A genome of random weights.
    pub fn random(rng: &mut GameRng) -> Self {
        Self {
            weights: (0..CELLS * GENOME_MOVES)
                .map(|_| rng.below(256) as u8)
                .collect(),
        }
    }

    /// The situation of `me` against `opponent`.
    fn situation(me: &Fighter, opponent: &Fighter) -> usize {
        let bucket = |q: u32| (q as usize).min(QI_BUCKETS - 1);
        let lead = match me.health.cmp(&opponent.health) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 2,
        };
        let low = |f: &Fighter| usize::from(f.health <= 1);
        (((bucket(me.qi) * QI_BUCKETS + bucket(opponent.qi)) * LEADS + lead) * 2 + low(me)) * 2
            + low(opponent)
    }

    /// The weights of hk's moves, affordable or not, for `me` against `opponent`.
    pub fn weights(&self, me: &Fighter, opponent: &Fighter) -> &[u8] {
        let at = Self::situation(me, opponent) * GENOME_MOVES;
        &self.weights[at..at + GENOME_MOVES]
    }

    /// The weights of the moves `me` can afford under hk (0 for the others); uniform over the
    /// affordable moves when they all weigh 0.
    fn affordable_weights(&self, me: &Fighter, opponent: &Fighter) -> [u64; GENOME_MOVES] {
        let mut w = [0u64; GENOME_MOVES];
        for (i, (slot, &weight)) in w.iter_mut().zip(self.weights(me, opponent)).enumerate() {
            if HK_COSTS[i] <= me.qi {
                *slot = u64::from(weight);
            }
        }
        if w.iter().all(|&x| x == 0) {
            for (i, slot) in w.iter_mut().enumerate() {
                *slot = u64::from(HK_COSTS[i] <= me.qi);
            }
        }
        w
    }

    /// The probability of each of hk's moves for `me` against `opponent` (0 when unaffordable).
    pub fn strategy(&self, me: &Fighter, opponent: &Fighter) -> [f64; GENOME_MOVES] {
        let w = self.affordable_weights(me, opponent);
        let total: u64 = w.iter().sum();
        w.map(|x| x as f64 / total.max(1) as f64)
    }

    /// A move index drawn from the strategy, with integer arithmetic only.
    fn pick(&self, me: &Fighter, opponent: &Fighter, rng: &mut GameRng) -> usize {
        let w = self.affordable_weights(me, opponent);
        let mut draw = rng.below(w.iter().sum());
        for (i, &x) in w.iter().enumerate() {
            if draw < x {
                return i;
            }
            draw -= x;
        }
        0
    }

    /// A child: each situation's weights from one parent or the other, then mutated.
    fn child(a: &Genome, b: &Genome, rng: &mut GameRng) -> Genome {
        let mut weights = Vec::with_capacity(a.weights.len());
        for cell in 0..CELLS {
            let from = if rng.below(2) == 0 { a } else { b };
            weights
                .extend_from_slice(&from.weights[cell * GENOME_MOVES..(cell + 1) * GENOME_MOVES]);
        }
        let mut child = Genome { weights };
        child.mutate(rng);
        child
    }

    /// About one weight in fifty nudged by up to ±48, one in five hundred reset at random.
    fn mutate(&mut self, rng: &mut GameRng) {
        for w in &mut self.weights {
            match rng.below(500) {
                0 => *w = rng.below(256) as u8,
                1..=10 => *w = (i64::from(*w) + rng.range_inclusive(-48, 48)).clamp(0, 255) as u8,
                _ => {}
            }
        }
    }
}

/// hk's move costs, in its order.
const HK_COSTS: [u32; GENOME_MOVES] = [0, 0, 1, 2, 3, 4, 5];

/// The label of a situation in the text form: `my-qi opponent-qi lead me-low opponent-low`.
fn label(cell: usize) -> String {
    let opp_low = cell % 2;
    let me_low = cell / 2 % 2;
    let lead = ['+', '=', '-'][cell / 4 % LEADS];
    let opp_qi = cell / (4 * LEADS) % QI_BUCKETS;
    let my_qi = cell / (4 * LEADS * QI_BUCKETS);
    format!("{my_qi} {opp_qi} {lead} {me_low} {opp_low}")
}

impl fmt::Display for Genome {
    /// One line per situation: `my-qi opponent-qi lead me-low opponent-low: w w w w w w w`
    /// (`lead`: `+` ahead in health, `=` level, `-` behind; qi 5 means 5 or more; the weights
    /// in hk's move order).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in 0..CELLS {
            write!(f, "{}:", label(cell))?;
            for w in &self.weights[cell * GENOME_MOVES..(cell + 1) * GENOME_MOVES] {
                write!(f, " {w}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl FromStr for Genome {
    type Err = SolveError;

    /// The text [`fmt::Display`] writes; lines starting with `#` and blank lines are skipped.
    fn from_str(text: &str) -> Result<Self, SolveError> {
        let bad = |reason: String| SolveError::InvalidGenome(reason);
        let mut weights = Vec::with_capacity(CELLS * GENOME_MOVES);
        let lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        for (cell, line) in lines.enumerate() {
            let Some((label, numbers)) = line.split_once(':') else {
                return Err(bad(format!("line {}: no ':'", cell + 1)));
            };
            if cell >= CELLS {
                return Err(bad(format!("more than {CELLS} situations")));
            }
            let want = self::label(cell);
            if want != label.trim() {
                return Err(bad(format!(
                    "situation {}: expected {want:?}, found {label:?}",
                    cell + 1
                )));
            }
            let row: Vec<u8> = numbers
                .split_whitespace()
                .map(|n| n.parse::<u8>())
                .collect::<Result<_, _>>()
                .map_err(|e| bad(format!("situation {}: {e}", cell + 1)))?;
            if row.len() != GENOME_MOVES {
                return Err(bad(format!(
                    "situation {}: {} weights, not {GENOME_MOVES}",
                    cell + 1,
                    row.len()
                )));
            }
            weights.extend_from_slice(&row);
        }
        if weights.len() != CELLS * GENOME_MOVES {
            return Err(bad(format!(
                "{} situations, not {CELLS}",
                weights.len() / GENOME_MOVES
            )));
        }
        Ok(Genome { weights })
    }
}

/// How to breed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BreedOptions {
    /// Generations of tournament, selection and mutation.
    pub generations: usize,
    /// Genomes per generation (at least 4).
    pub population: usize,
    /// Seeds everything: the first genomes, the games, the selection and the mutations.
    pub seed: u64,
}

impl BreedOptions {
    /// The options the shipped genome was bred with:
    /// `cargo run --release --example duel_evolve -- --generations 1000 --population 60 --seed 1`.
    pub const SHIPPED: BreedOptions = BreedOptions {
        generations: 1000,
        population: 60,
        seed: 1,
    };
}

/// One generation's tournament, reported to [`breed`]'s caller.
#[derive(Clone, Debug)]
pub struct Generation {
    /// From 1.
    pub number: usize,
    /// Games each genome played (twice against every other).
    pub games_each: usize,
    /// The best genome's score: wins minus losses over its games.
    pub best_score: i64,
    /// The mean score (0 by symmetry; reported for completeness).
    pub mean_score: f64,
    /// The best genome.
    pub best: Genome,
}

/// Breeds a genome for hk (see the module's docs), calling `progress` after every generation's
/// tournament; returns the best genome of the last one.
pub fn breed(options: &BreedOptions, mut progress: impl FnMut(&Generation)) -> Genome {
    let size = options.population.max(4);
    let rules = Arc::new(RuleSet::preset(Preset::Hk));
    let mut rng = GameRng::new(derive_seed(options.seed, 0));
    let mut population: Vec<Genome> = (0..size).map(|_| Genome::random(&mut rng)).collect();
    let mut best = population[0].clone();
    for generation in 1..=options.generations.max(1) {
        let mut score = vec![0i64; size];
        let mut game = 0u64;
        for i in 0..size {
            for j in i + 1..size {
                for swap in [false, true] {
                    game += 1;
                    let seed = derive_seed(options.seed, (generation as u64) << 32 | game);
                    let (a, b) = if swap { (j, i) } else { (i, j) };
                    let result = play(&population[a], &population[b], &rules, seed);
                    score[a] += result;
                    score[b] -= result;
                }
            }
        }
        // Ranked by score, ties by index: deterministic.
        let mut order: Vec<usize> = (0..size).collect();
        order.sort_by_key(|&k| (std::cmp::Reverse(score[k]), k));
        best = population[order[0]].clone();
        progress(&Generation {
            number: generation,
            games_each: 2 * (size - 1),
            best_score: score[order[0]],
            mean_score: score.iter().sum::<i64>() as f64 / size as f64,
            best: best.clone(),
        });
        if generation == options.generations.max(1) {
            break;
        }
        let elite = size / 4;
        let mut next: Vec<Genome> = order[..elite]
            .iter()
            .map(|&k| population[k].clone())
            .collect();
        // Tournament selection: the better of three drawn at random.
        let select = |rng: &mut GameRng| {
            (0..3)
                .map(|_| rng.index(size))
                .min_by_key(|&k| (std::cmp::Reverse(score[k]), k))
                .unwrap_or(0)
        };
        while next.len() < size {
            let (a, b) = (select(&mut rng), select(&mut rng));
            next.push(Genome::child(&population[a], &population[b], &mut rng));
        }
        population = next;
    }
    best
}

/// One game of hk, `a` in seat 0 and `b` in seat 1: +1 if `a` wins, −1 if it loses, 0 for a
/// draw.
fn play(a: &Genome, b: &Genome, rules: &Arc<RuleSet>, seed: u64) -> i64 {
    let config = Config {
        players: 2,
        rules: rules.clone(),
    };
    let Ok(mut state) = Duel::new(config, 0) else {
        return 0;
    };
    let mut rng = GameRng::new(seed);
    let names: Vec<_> = rules.moves().iter().map(|m| m.name).collect();
    while state.turn() != Turn::Over {
        let (x, y) = (state.fighters()[0], state.fighters()[1]);
        let i = a.pick(&x, &y, &mut rng);
        let j = b.pick(&y, &x, &mut rng);
        if state
            .apply_joint(&[Action::play(names[i]), Action::play(names[j])])
            .is_err()
        {
            return 0;
        }
    }
    match state.returns(0) {
        r if r > 0.0 => 1,
        r if r < 0.0 => -1,
        _ => 0,
    }
}

/// Plays the shipped [`Genome`] under hk in a duel; elsewhere (another rule set, a
/// free-for-all) it plays like `dice`, as the genome knows only hk's moves.
#[derive(Clone, Debug)]
pub struct EvolvedAgent {
    rng: GameRng,
    genome: Arc<Genome>,
    /// The last rule set seen and whether it is hk.
    hk: Option<(Arc<RuleSet>, bool)>,
    dice: DiceAgent,
}

impl EvolvedAgent {
    /// The evolved player seeded with `seed` (the seed drives its mixing).
    pub fn new(seed: u64) -> Self {
        Self::with_genome(Genome::shipped(), seed)
    }

    /// A player of any genome (one [`breed`] returned, say), seeded with `seed`.
    pub fn with_genome(genome: Arc<Genome>, seed: u64) -> Self {
        Self {
            rng: GameRng::new(seed),
            genome,
            hk: None,
            dice: DiceAgent::new(derive_seed(seed, 1)),
        }
    }

    /// The genome it plays.
    pub fn genome(&self) -> &Arc<Genome> {
        &self.genome
    }

    fn pick(&mut self, decision: &Decision<'_, Duel>) -> Option<Action> {
        let state = decision.observation();
        let player: Player = decision.player();
        if state.fighters().len() != 2 {
            return None;
        }
        let is_hk = match &self.hk {
            Some((rules, is_hk)) if rules == state.rules() => *is_hk,
            _ => {
                let is_hk = state.rules().which_preset() == Some(Preset::Hk);
                self.hk = Some((state.rules().clone(), is_hk));
                is_hk
            }
        };
        if !is_hk {
            return None;
        }
        let me = state.fighter(player)?;
        let opponent = state.fighter(1 - player)?;
        let i = self.genome.pick(me, opponent, &mut self.rng);
        let name = state.rules().moves().get(i)?.name;
        decision
            .legal()
            .iter()
            .find(|a| a.name() == Some(name))
            .copied()
    }
}

impl Default for EvolvedAgent {
    /// The evolved player seeded with 0.
    fn default() -> Self {
        Self::new(0)
    }
}

impl Agent<Duel> for EvolvedAgent {
    fn name(&self) -> &str {
        "evolved"
    }

    fn choose(&mut self, decision: &Decision<'_, Duel>) -> Action {
        match self.pick(decision) {
            Some(a) => a,
            None => self.dice.choose(decision),
        }
    }
}
