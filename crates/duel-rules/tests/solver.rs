//! Verification of the equilibrium table: exploitability at every position, exact zeros where
//! the game is symmetric or nobody can win, and an independent brute-force check.

use std::sync::Arc;

use duel_rules::{
    Action, Config, DiceAgent, Duel, EffectSpec, EquilibriumAgent, Error, Fighter,
    MAX_SOLVER_BYTES, MoveSpec, Preset, RuleSet, RuleSpec, Solution, SolverOptions, conceded,
    default_qi_cap, guaranteed, preset_solution, solution_for, solve_matrix_game, solver_bytes,
};
use game_core::{Agent, Decision, Game, Roster, derive_seed};
use proptest::prelude::*;

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
    assert!(matches!(
        Solution::solve(rules),
        Err(Error::TooLargeToSolve(_))
    ));
    let bad = SolverOptions {
        discount: 1.5,
        ..SolverOptions::default()
    };
    assert!(matches!(
        Solution::solve_with(Arc::new(RuleSet::classic()), &bad),
        Err(Error::InvalidRules(_))
    ));
}

/// hk's rules with another starting health.
fn hk_with_health(health: i64) -> RuleSet {
    let mut spec = RuleSet::hk().spec().clone();
    spec.start_health = health;
    RuleSet::new(spec).unwrap()
}

/// Charge, block and `attacks` attacks costing 1 to 5 (so the qi cap stays 10), at `health`.
fn many_moves(attacks: usize, health: i64) -> RuleSet {
    let mut moves = vec![
        MoveSpec::charge("charge", "儲氣", 1),
        MoveSpec::block("block", "保護"),
    ];
    for k in 0..attacks {
        let cost = (k % 5) as i64 + 1;
        let name = format!("attack-{k}");
        moves.push(MoveSpec::attack(
            &name,
            &name,
            cost,
            k as i64,
            1,
            k % 2 == 0,
        ));
    }
    RuleSet::new(RuleSpec {
        name: "many".into(),
        moves,
        overwhelms: vec![],
        start_health: health,
        start_qi: 0,
        low_health_bonus: None,
        round_limit: 100,
    })
    .unwrap()
}

/// The refusal's message, checked to name the numbers and the limit.
fn refusal(rules: RuleSet, options: &SolverOptions) -> String {
    let health = rules.start_health();
    let bytes = solver_bytes(&rules, options);
    assert!(bytes > u128::from(MAX_SOLVER_BYTES), "{bytes}");
    match Solution::solve_with(Arc::new(rules), options) {
        Err(Error::TooLargeToSolve(msg)) => {
            for number in [
                bytes.to_string(),
                MAX_SOLVER_BYTES.to_string(),
                format!("health {health}"),
            ] {
                assert!(msg.contains(&number), "{number:?} missing from {msg:?}");
            }
            msg
        }
        other => panic!("expected TooLargeToSolve, got {other:?}"),
    }
}

#[test]
fn every_preset_fits_the_limit_and_solves() {
    for preset in Preset::ALL {
        let rules = RuleSet::preset(preset);
        let bytes = solver_bytes(&rules, &SolverOptions::default());
        println!("{preset}: the solve needs {bytes} bytes (limit {MAX_SOLVER_BYTES})");
        assert!(bytes <= u128::from(MAX_SOLVER_BYTES), "{preset}: {bytes}");
        if preset == Preset::Extended {
            // The largest preset: "about 1.3 MB", as the docs say.
            assert!((1_250_000..1_350_000).contains(&bytes), "{bytes}");
        }
        // The full table at the default cap is accepted and allocated (one sweep per layer
        // keeps extended's solve quick in a debug build)…
        let quick = SolverOptions {
            max_sweeps: 1,
            ..SolverOptions::default()
        };
        let s = Solution::solve_with(Arc::new(rules), &quick).unwrap();
        assert_eq!(s.qi_cap(), default_qi_cap(s.rules()));
    }
    // …and the shared tables the agents use are solved to the tolerance.
    for preset in [Preset::Hk, Preset::Classic] {
        let s = preset_solution(preset);
        assert!(s.residual() <= 1e-12, "{preset}: residual {}", s.residual());
    }
}

#[test]
fn health_1000_is_refused_with_the_typed_error() {
    let msg = refusal(hk_with_health(1000), &SolverOptions::default());
    // 1000² × 11² positions × 7 moves.
    assert!(msg.contains("121000000 positions × 7 moves"), "{msg}");
    // Its neighbour within the limit still solves (one health is a tiny table).
    assert!(Solution::solve(Arc::new(hk_with_health(1))).is_ok());
}

#[test]
fn many_moves_are_refused_with_the_typed_error() {
    // 32 moves and health 150: 2.7 million positions (fewer than the old limit of 4 million
    // positions), but 720 MB of strategies.
    let msg = refusal(many_moves(30, 150), &SolverOptions::default());
    assert!(msg.contains("× 32 moves"), "{msg}");
    // The same moves with one health fit (a few sweeps are enough to show it).
    let quick = SolverOptions {
        max_sweeps: 2,
        ..SolverOptions::default()
    };
    let s = Solution::solve_with(Arc::new(many_moves(30, 1)), &quick).unwrap();
    assert_eq!(s.positions().count(), 121);
}

#[test]
fn a_high_qi_cap_is_refused_for_its_layer_system() {
    // Health 1 and a move costing 100: 40,401 positions, but a 40,401² system in the layer.
    let mut spec = RuleSet::hk().spec().clone();
    spec.start_health = 1;
    spec.moves[6].cost = 100;
    let msg = refusal(RuleSet::new(spec).unwrap(), &SolverOptions::default());
    assert!(msg.contains("40401 × 40401"), "{msg}");
    // And any cap the options ask for, up to u32::MAX, without overflowing.
    for cap in [1000, u32::MAX - 1, u32::MAX] {
        let options = SolverOptions {
            qi_cap: Some(cap),
            ..SolverOptions::default()
        };
        refusal(RuleSet::hk(), &options);
    }
}

#[test]
fn the_equilibrium_agent_plays_like_dice_when_the_table_is_refused() {
    let rules = Arc::new(hk_with_health(1000));
    assert!(solution_for(&rules).is_err());
    let seed = 7;
    let mut agent = Duel::agent("equilibrium", seed).unwrap();
    let mut dice = DiceAgent::new(derive_seed(seed, 1));
    let mut other = Duel::agent("dice", 99).unwrap();
    let mut state = Duel::new(
        Config {
            players: 2,
            rules: rules.clone(),
        },
        3,
    )
    .unwrap();
    for _ in 0..50 {
        let legal0 = state.legal_actions(0);
        let legal1 = state.legal_actions(1);
        let d0 = Decision::new(0, &state, &legal0).unwrap();
        let mine = agent.choose(&d0);
        assert_eq!(
            mine,
            dice.choose(&d0),
            "the fallback is the documented dice"
        );
        let d1 = Decision::new(1, &state, &legal1).unwrap();
        let theirs = other.choose(&d1);
        state.apply_joint(&[mine, theirs]).unwrap();
    }
    // Its table stays unsolved: the refusal is remembered, not an allocation.
    let mut direct = EquilibriumAgent::new(seed);
    assert!(direct.solution(&rules).is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Any health, move count and qi cap: a table within the limit solves, one beyond it is
    /// refused with the typed error, and nothing panics. The cases are tiny rule sets (which
    /// solve at once, even in a debug build) or ones far beyond the limit (refused at once), so
    /// every case is quick.
    #[test]
    fn solve_with_is_ok_or_too_large(
        (health, cap, attacks) in prop_oneof![
            (1i64..=2, (0u32..=2).prop_map(Some), 1usize..=3),
            (2000i64..=1_000_000, prop::option::of(any::<u32>()), 1usize..=30),
            (1i64..=3, (2000u32..).prop_map(Some), 1usize..=30),
        ],
    ) {
        let mut spec = many_moves(attacks, 1).spec().clone();
        spec.start_health = health;
        let rules = RuleSet::new(spec).unwrap();
        let options = SolverOptions { qi_cap: cap, ..SolverOptions::default() };
        let fits = solver_bytes(&rules, &options) <= u128::from(MAX_SOLVER_BYTES);
        match Solution::solve_with(Arc::new(rules), &options) {
            Ok(s) => {
                prop_assert!(fits);
                let start = Fighter::new(s.rules().start_health(), 0);
                prop_assert_eq!(s.value(&start, &start), Some(0.0));
            }
            Err(Error::TooLargeToSolve(msg)) => {
                prop_assert!(!fits);
                prop_assert!(msg.contains(&MAX_SOLVER_BYTES.to_string()), "{}", msg);
            }
            Err(e) => prop_assert!(false, "unexpected error {e}"),
        }
    }
}

#[test]
fn tables_are_solved_once_and_shared() {
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
