//! How far the extended table's values are from the game's where it counts qi above the cap as
//! unlimited: the table against an independent value iteration with qi tracked exactly.

use std::sync::Arc;
use std::time::Instant;

use duel_rules::solver::{Solution, SolverOptions};
use duel_rules::{Fighter, RuleSet};

#[path = "common/exact.rs"]
mod exact;
use exact::{Rounds, game_value};

/// Values of the game discounted by `gamma` at every position with health at most `health` each
/// and qi at most `limit` each, by plain value iteration (Gauss–Seidel sweeps, layer by layer in
/// order of total health, each layer until no value changes by `tolerance`), with qi tracked
/// exactly up to `limit` and **clamped** there: a round that would take a player past `limit`
/// leaves it at `limit`. A game that never ends is worth 0. Only the layers with `h1 ≥ h2` are
/// stored; a position and its mirror image have opposite values.
///
/// What the clamp costs: every move costs at most 7, so two positions that differ only in one
/// player's qi, both at least `7n`, play the same first `n` rounds (every move stays affordable)
/// and their values differ by at most `2γⁿ`. A clamp moves a player from such a qi to another
/// (from beyond `limit` to `limit`), so each round's game is off by at most `2γ^(n+1)` and the
/// values by at most `2γ^(n+1) / (1 − γ)`, with `n = ⌊limit / 7⌋` ([`clamp_bound`]).
struct Clamped {
    health: u32,
    limit: u32,
    values: Vec<f64>,
    sweeps: usize,
}

/// How far [`Clamped`]'s values can be from the game's (see there).
fn clamp_bound(limit: u32, gamma: f64) -> f64 {
    2.0 * gamma.powi((limit / 7) as i32 + 1) / (1.0 - gamma)
}

impl Clamped {
    /// Where `(h1, h2, q1, q2)` is stored (`h1 ≥ h2`).
    fn index(&self, h1: u32, h2: u32, q1: u32, q2: u32) -> usize {
        let side = self.limit as usize + 1;
        let layer = (h1 * (h1 - 1) / 2 + h2 - 1) as usize;
        (layer * side + q1 as usize) * side + q2 as usize
    }

    /// The value of `(h1, h2, q1, q2)` to the first player.
    fn value(&self, h1: u32, h2: u32, q1: u32, q2: u32) -> f64 {
        if h1 >= h2 {
            self.values[self.index(h1, h2, q1, q2)]
        } else {
            -self.values[self.index(h2, h1, q2, q1)]
        }
    }

    fn solve(rules: &Arc<RuleSet>, health: u32, limit: u32, gamma: f64, tolerance: f64) -> Self {
        let rounds = Rounds::learn(rules, health);
        let m = rounds.moves();
        let side = limit as usize + 1;
        let layers = (health * (health + 1) / 2) as usize;
        let mut s = Self {
            health,
            limit,
            values: vec![0.0; layers * side * side],
            sweeps: 0,
        };
        let mut payoff = Vec::with_capacity(m * m);
        let clamp = |q: u32, d: i64| (i64::from(q) + d).min(i64::from(limit)) as u32;
        let affordable =
            |q: u32| -> Vec<usize> { (0..m).filter(|&i| rounds.cost(i) <= q).collect() };
        for total in 2..=2 * health {
            for h1 in (1..=health).rev() {
                let Some(h2) = total.checked_sub(h1).filter(|&h2| (1..=h1).contains(&h2)) else {
                    continue;
                };
                loop {
                    let mut change: f64 = 0.0;
                    for q1 in 0..=limit {
                        let rows = affordable(q1);
                        // In a layer of equal health the diagonal is worth 0 and the positions
                        // below it are the mirror images of those above.
                        let first = if h1 == h2 { q1 + 1 } else { 0 };
                        for q2 in first..=limit {
                            let cols = affordable(q2);
                            payoff.clear();
                            for &i in &rows {
                                for &j in &cols {
                                    let o = rounds.outcome(h1, h2, i, j);
                                    payoff.push(match o.health {
                                        (0, 0) => 0.0,
                                        (0, _) => -1.0,
                                        (_, 0) => 1.0,
                                        (a, b) => {
                                            let (n1, n2) = (clamp(q1, o.qi.0), clamp(q2, o.qi.1));
                                            gamma * s.value(a, b, n1, n2)
                                        }
                                    });
                                }
                            }
                            let v = game_value(&payoff, rows.len(), cols.len());
                            let k = s.index(h1, h2, q1, q2);
                            change = change.max((s.values[k] - v).abs());
                            s.values[k] = v;
                            if h1 == h2 {
                                let mirror = s.index(h2, h1, q2, q1);
                                s.values[mirror] = -v;
                            }
                        }
                    }
                    s.sweeps += 1;
                    if change < tolerance {
                        break;
                    }
                }
            }
        }
        s
    }
}

/// What the comparison of the table with the reference found.
struct Measured {
    /// Approximate positions compared (qi at most the cap).
    positions: usize,
    /// The largest `|table − reference|` there, and where: `(h1, h2, q1, q2)`.
    worst: f64,
    at: (u32, u32, u32, u32),
    /// How many of them are off by more than half of `worst`.
    near_worst: usize,
    /// The largest `|table − reference|` at the positions a trade decides.
    decided: f64,
}

/// The 0.9-discounted extended table against [`Clamped`] at every position with health at most
/// `health` each and qi at most the cap (28), qi tracked exactly up to `limit`; with the
/// reference and the table.
fn measure(health: u32, limit: u32) -> (Measured, Clamped, Solution) {
    let gamma = 0.9;
    let rules = Arc::new(RuleSet::extended());
    let options = SolverOptions {
        discount: gamma,
        ..SolverOptions::default()
    };
    let s = Solution::solve_with(rules.clone(), &options).unwrap();
    assert!(s.unlimited_above_cap());
    let cap = s.qi_cap();
    let reference = Clamped::solve(&rules, health, limit, gamma, 1e-13);
    let f = Fighter::new;
    let mut off = Vec::new();
    let mut decided = 0.0f64;
    for h1 in 1..=health {
        for h2 in 1..=health {
            for q1 in 0..=cap {
                for q2 in 0..=cap {
                    let (me, them) = (f(h1, q1), f(h2, q2));
                    let d = (s.value(&me, &them).unwrap() - reference.value(h1, h2, q1, q2)).abs();
                    if s.is_approximate(&me, &them) {
                        off.push((d, (h1, h2, q1, q2)));
                    } else {
                        decided = decided.max(d);
                    }
                }
            }
        }
    }
    let (worst, at) = off
        .iter()
        .copied()
        .fold((0.0, (0, 0, 0, 0)), |a, b| if b.0 > a.0 { b } else { a });
    let near_worst = off.iter().filter(|(d, _)| *d > worst / 2.0).count();
    let measured = Measured {
        positions: off.len(),
        worst,
        at,
        near_worst,
        decided,
    };
    (measured, reference, s)
}

fn report(m: &Measured, reference: &Clamped, seconds: f64) {
    println!(
        "health ≤ {}, qi tracked to {} (clamp bound {:e}), {} sweeps, {seconds:.1} s: \
         {} approximate positions, largest error {:e} at {:?} ({:.6} × 0.9¹⁴³), {} of them \
         off by more than half of it; decided layers within {:e}",
        reference.health,
        reference.limit,
        clamp_bound(reference.limit, 0.9),
        reference.sweeps,
        m.positions,
        m.worst,
        m.at,
        m.worst / 0.9f64.powi(143),
        m.near_worst,
        m.decided,
    );
}

/// The largest error of the 0.9-discounted extended table at the positions where it counts qi
/// above the cap as unlimited, as the ignored test below measured it: `0.9¹⁴³`, at health 2
/// against 3 with no qi each (the docs of `Solution` state it).
const EXTENDED_APPROXIMATION_ERROR: f64 = 2.862_060_763_065_554e-7;

/// The subset: health at most 3 each (the approximate layers `(3, 1)`, `(3, 2)`, `(3, 3)` and
/// their mirror images, 4,205 positions up to the cap, the largest error among them), qi tracked
/// to 1,400 as in the ignored test below, about 25 s optimised. The measured bound holds, and is
/// reached.
#[test]
fn the_measured_error_holds_at_health_three() {
    let limit = 1400;
    let t = Instant::now();
    let (m, reference, table) = measure(3, limit);
    report(&m, &reference, t.elapsed().as_secs_f64());
    let slack = clamp_bound(limit, 0.9) + 1e-11;
    assert!(slack < EXTENDED_APPROXIMATION_ERROR / 10.0, "{slack}");
    assert_eq!(m.positions, 5 * 29 * 29);
    assert!(
        m.worst <= EXTENDED_APPROXIMATION_ERROR + slack,
        "{}",
        m.worst
    );
    assert!(
        m.worst >= EXTENDED_APPROXIMATION_ERROR - slack,
        "{}",
        m.worst
    );
    assert_eq!(m.at, (2, 3, 0, 0));
    assert!(m.decided < 1e-11, "{}", m.decided);
    // Why: from a super-charge each, 1000 qi against 1000, the game is a sure loss for the
    // player with 2 health 143 rounds on (1000 qi is 142 rounds of 落地獄), where the model,
    // whose super-charged players never run out, sees a draw.
    let raced = reference.value(2, 3, 1000, 1000);
    assert!((raced + 0.9f64.powi(142)).abs() <= slack, "{raced}");
    assert_eq!(
        table.value(&Fighter::new(2, 1000), &Fighter::new(3, 1000)),
        Some(0.0)
    );
}

/// Every approximate position of extended up to the cap (17,661), qi tracked exactly to 1,400
/// (two hundred rounds of 落地獄; the clamp moves no value by more than `1.3 × 10⁻⁸`): about a
/// minute optimised (`--release -- --ignored`). Measured: 58 sweeps, 60 s, largest error
/// `2.862 × 10⁻⁷` (`0.9¹⁴³`) at health 2 against 3 with no qi each, 4,836 positions off by
/// more than half of it; the same figure with qi tracked to 1,120; the decided layers within
/// `4.1 × 10⁻¹⁵` of the reference.
#[test]
#[ignore = "a value iteration over 30 million positions: a minute optimised, far more in debug"]
fn the_measured_error_holds_everywhere() {
    let limit = 1400;
    let t = Instant::now();
    let (m, reference, _) = measure(5, limit);
    report(&m, &reference, t.elapsed().as_secs_f64());
    let slack = clamp_bound(limit, 0.9) + 1e-11;
    assert_eq!(m.positions, 21 * 29 * 29);
    assert!(
        m.worst <= EXTENDED_APPROXIMATION_ERROR + slack,
        "{}",
        m.worst
    );
    assert!(
        m.worst >= EXTENDED_APPROXIMATION_ERROR - slack,
        "{}",
        m.worst
    );
    assert!(m.decided < 1e-11, "{}", m.decided);
}
