//! Verification of the equilibrium table: exploitability at every position, exact zeros where
//! the game is symmetric or nobody can win, and an independent brute-force check.

use std::sync::Arc;

use duel_rules::ai::matrix::{conceded, guaranteed, solve_matrix_game};
use duel_rules::ai::{Solution, SolverOptions, preset_solution};
use duel_rules::{Action, Duel, EffectSpec, Fighter, MoveSpec, Preset, RuleSet, RuleSpec};

/// No pure strategy of either player does better than the position's value against the table's
/// mixed strategies by more than 1e-9, at every position.
fn assert_unexploitable(s: &Solution) {
    let mut checked = 0;
    for (a, b) in s.positions() {
        let game = s.position_game(&a, &b).unwrap();
        let (nr, nc) = (game.rows.len(), game.cols.len());
        let value = s.value(&a, &b).unwrap();
        let mine: Vec<f64> = s.strategy(&a, &b).unwrap().iter().map(|x| x.1).collect();
        let theirs: Vec<f64> = s.strategy(&b, &a).unwrap().iter().map(|x| x.1).collect();
        assert_eq!((mine.len(), theirs.len()), (nr, nc));
        for p in mine.iter().chain(&theirs) {
            assert!(*p >= 0.0);
        }
        assert!((mine.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let low = guaranteed(&game.payoff, nr, nc, &mine);
        let high = conceded(&game.payoff, nr, nc, &theirs);
        assert!(
            low >= value - 1e-9 && high <= value + 1e-9,
            "{a:?} vs {b:?}: value {value}, guaranteed {low}, conceded {high}"
        );
        // The value of a position and its mirror are opposite.
        assert_eq!(s.value(&b, &a).unwrap(), -value);
        checked += 1;
    }
    assert_eq!(checked, s.positions().count());
}

#[test]
fn hk_and_classic_are_unexploitable() {
    for preset in [Preset::Hk, Preset::Classic] {
        let s = preset_solution(preset);
        assert!(s.residual() <= 1e-12, "{preset}: residual {}", s.residual());
        assert_unexploitable(&s);
    }
}

#[test]
fn extended_with_a_small_cap_is_unexploitable() {
    let s = Solution::solve_with(
        Arc::new(RuleSet::extended()),
        &SolverOptions {
            qi_cap: Some(8),
            ..SolverOptions::default()
        },
    )
    .unwrap();
    assert_unexploitable(&s);
}

#[test]
fn symmetric_positions_are_worth_exactly_zero() {
    for preset in [Preset::Hk, Preset::Classic] {
        let s = preset_solution(preset);
        let mut symmetric = 0;
        for (a, b) in s.positions() {
            if a == b {
                assert_eq!(s.value(&a, &b), Some(0.0), "{preset} {a:?}");
                symmetric += 1;
            }
        }
        assert!(symmetric > 10);
        let start = Fighter::new(s.rules().start_health(), s.rules().start_qi());
        assert_eq!(s.value(&start, &start), Some(0.0));
    }
}

#[test]
fn a_block_that_stops_everything_makes_every_position_a_draw() {
    let mut spec = RuleSet::hk().spec().clone();
    for m in &mut spec.moves {
        if let EffectSpec::Attack { blockable, .. } = &mut m.effect {
            *blockable = true;
        }
    }
    let s = Solution::solve(Arc::new(RuleSet::new(spec).unwrap())).unwrap();
    for (a, b) in s.positions() {
        let v = s.value(&a, &b).unwrap();
        assert!(v.abs() <= 1e-12, "{a:?} vs {b:?}: {v}");
    }
    assert_unexploitable(&s);
}

#[test]
fn the_richer_player_is_not_worse_off() {
    // (More health is not always better under hk: at health 1 a charge gains 2 qi.)
    let s = preset_solution(Preset::Hk);
    for (a, b) in s.positions() {
        let v = s.value(&a, &b).unwrap();
        if a.qi < s.qi_cap() {
            let richer = Fighter::new(a.health, a.qi + 1);
            assert!(s.value(&richer, &b).unwrap() >= v - 1e-9, "{a:?} {b:?}");
        }
    }
}

/// A small rule set for the brute-force check: four moves, two health, qi capped at 3.
fn small_rules() -> RuleSet {
    RuleSet::new(RuleSpec {
        name: "small".into(),
        moves: vec![
            MoveSpec::charge("charge", "儲氣", 1),
            MoveSpec::block("block", "保護"),
            MoveSpec::attack("shoot", "開槍", 1, 1, 1, true),
            MoveSpec::attack("palm", "掌", 2, 2, 1, false),
        ],
        overwhelms: vec![],
        start_health: 2,
        start_qi: 0,
        low_health_bonus: None,
        round_limit: 50,
    })
    .unwrap()
}

/// The position's matrix built by playing every pair of moves on the state machine (not the
/// solver's tables), with the solver's values as continuation.
fn matrix_by_playing(s: &Solution, a: Fighter, b: Fighter) -> (Vec<f64>, usize, usize) {
    let rules = s.rules().clone();
    let start = Duel::from_parts(rules.clone(), 1, &[a, b]).unwrap();
    let rows: Vec<Action> = game_core::Game::legal_actions(&start, 0);
    let cols: Vec<Action> = game_core::Game::legal_actions(&start, 1);
    let mut m = Vec::new();
    for r in &rows {
        for c in &cols {
            let mut d = start.clone();
            d.play_round(&[*r, *c]).unwrap();
            let cap = |f: &Fighter| Fighter {
                qi: f.qi.min(s.qi_cap()),
                ..*f
            };
            let (x, y) = (cap(&d.fighters()[0]), cap(&d.fighters()[1]));
            let v = s.value(&x, &y).unwrap();
            m.push(if x.health == 0 || y.health == 0 {
                v
            } else {
                s.discount() * v
            });
        }
    }
    (m, rows.len(), cols.len())
}

/// Every mixed strategy on a grid of step 1/n over `k` pure strategies.
fn grid(k: usize, n: usize) -> Vec<Vec<f64>> {
    fn rec(k: usize, left: usize, n: usize, prefix: &mut Vec<usize>, out: &mut Vec<Vec<f64>>) {
        if prefix.len() + 1 == k {
            prefix.push(left);
            out.push(prefix.iter().map(|&c| c as f64 / n as f64).collect());
            prefix.pop();
            return;
        }
        for c in 0..=left {
            prefix.push(c);
            rec(k, left - c, n, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    rec(k, n, n, &mut Vec::new(), &mut out);
    out
}

#[test]
fn brute_force_over_a_grid_of_mixed_strategies_agrees() {
    let s = Solution::solve_with(
        Arc::new(small_rules()),
        &SolverOptions {
            qi_cap: Some(3),
            ..SolverOptions::default()
        },
    )
    .unwrap();
    let n = 24;
    let mut widest: f64 = 0.0;
    for (a, b) in s.positions() {
        let (m, nr, nc) = matrix_by_playing(&s, a, b);
        // Brute force: the best a grid strategy of each side can guarantee brackets the value.
        let lower = grid(nr, n)
            .iter()
            .map(|x| guaranteed(&m, nr, nc, x))
            .fold(f64::NEG_INFINITY, f64::max);
        let upper = grid(nc, n)
            .iter()
            .map(|y| conceded(&m, nr, nc, y))
            .fold(f64::INFINITY, f64::min);
        let v = s.value(&a, &b).unwrap();
        assert!(
            lower <= v + 1e-9 && v <= upper + 1e-9,
            "{a:?} vs {b:?}: value {v} outside the grid bracket [{lower}, {upper}]"
        );
        widest = widest.max(upper - lower);
        // And the table's own strategies are unexploitable in the independently built matrix.
        let mine: Vec<f64> = s.strategy(&a, &b).unwrap().iter().map(|x| x.1).collect();
        assert!(guaranteed(&m, nr, nc, &mine) >= v - 1e-9);
        // The matrix solver agrees with itself on this matrix.
        assert!((solve_matrix_game(&m, nr, nc).value - v).abs() < 1e-9);
    }
    assert!(
        widest < 0.1,
        "the grid is too coarse to say anything: {widest}"
    );
}

#[test]
fn independent_value_iteration_with_a_grid_solver_agrees() {
    // A separate, naive solver: Jacobi value iteration over every position, each matrix game
    // solved by brute force over a grid, the moves played on the state machine.
    let s = Solution::solve_with(
        Arc::new(small_rules()),
        &SolverOptions {
            qi_cap: Some(2),
            ..SolverOptions::default()
        },
    )
    .unwrap();
    let positions: Vec<(Fighter, Fighter)> = s.positions().collect();
    let rules = s.rules().clone();
    let idx = |a: &Fighter, b: &Fighter| {
        positions
            .iter()
            .position(|(x, y)| x == a && y == b)
            .unwrap()
    };
    let mut values = vec![0.0; positions.len()];
    let n = 30;
    for _ in 0..200 {
        let mut next = values.clone();
        for (k, (a, b)) in positions.iter().enumerate() {
            let start = Duel::from_parts(rules.clone(), 1, &[*a, *b]).unwrap();
            let rows = game_core::Game::legal_actions(&start, 0);
            let cols = game_core::Game::legal_actions(&start, 1);
            let mut m = Vec::new();
            for r in &rows {
                for c in &cols {
                    let mut d = start.clone();
                    d.play_round(&[*r, *c]).unwrap();
                    let (x, y) = (d.fighters()[0], d.fighters()[1]);
                    m.push(match (x.health, y.health) {
                        (0, 0) => 0.0,
                        (0, _) => -1.0,
                        (_, 0) => 1.0,
                        _ => {
                            let cap = |f: Fighter| Fighter {
                                qi: f.qi.min(2),
                                ..f
                            };
                            s.discount() * values[idx(&cap(x), &cap(y))]
                        }
                    });
                }
            }
            next[k] = grid(rows.len(), n)
                .iter()
                .map(|x| guaranteed(&m, rows.len(), cols.len(), x))
                .fold(f64::NEG_INFINITY, f64::max);
        }
        values = next;
    }
    for (k, (a, b)) in positions.iter().enumerate() {
        let v = s.value(a, b).unwrap();
        assert!(
            (values[k] - v).abs() < 0.05,
            "{a:?} vs {b:?}: simplex table {v}, grid iteration {}",
            values[k]
        );
    }
}

#[test]
fn start_values_and_strategies() {
    for preset in [Preset::Hk, Preset::Classic] {
        let s = preset_solution(preset);
        let start = Fighter::new(s.rules().start_health(), s.rules().start_qi());
        let mix = s.strategy(&start, &start).unwrap();
        println!(
            "{preset}: start value {:?}, strategy {mix:?}",
            s.value(&start, &start)
        );
        assert!((mix.iter().map(|m| m.1).sum::<f64>() - 1.0).abs() < 1e-12);
    }
    // Classic at 0 qi: nothing can be attacked, so both charge or block; a player with qi
    // against one without is ahead.
    let c = preset_solution(Preset::Classic);
    assert!(c.value(&Fighter::new(1, 1), &Fighter::new(1, 0)).unwrap() > 0.0);
}

#[test]
fn too_large_tables_are_refused() {
    let mut spec = RuleSet::hk().spec().clone();
    spec.start_health = 5000;
    let rules = Arc::new(RuleSet::new(spec).unwrap());
    assert!(Solution::solve(rules).is_err());
    let bad = SolverOptions {
        discount: 1.5,
        ..SolverOptions::default()
    };
    assert!(Solution::solve_with(Arc::new(RuleSet::classic()), &bad).is_err());
}

#[test]
fn tables_are_solved_once_and_shared() {
    use duel_rules::ai::solution_for;
    let hk = Arc::new(RuleSet::hk());
    assert!(Arc::ptr_eq(
        &solution_for(&hk).unwrap(),
        &preset_solution(Preset::Hk)
    ));
    let small = Arc::new(small_rules());
    let first = solution_for(&small).unwrap();
    let again = solution_for(&Arc::new(small_rules())).unwrap();
    assert!(Arc::ptr_eq(&first, &again));
}
