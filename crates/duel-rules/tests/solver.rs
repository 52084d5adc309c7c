//! Verification of the equilibrium table: true values (the residual of every position's matrix
//! game), certified strategies (the opponent's exact best response gains at most ε), exact zeros
//! where the game is symmetric or nobody can win, the matrix-game solver on near-degenerate
//! games, and independent checks (brute force over a grid of strategies, plain value iteration).

use std::sync::{Arc, OnceLock};

use duel_rules::{
    Action, Config, DiceAgent, Duel, EffectSpec, EquilibriumAgent, Fighter, MoveSpec, Preset,
    RuleSet, RuleSpec,
    solver::{
        Guarantee, MAX_SOLVER_BYTES, STRATEGY_DISCOUNT, Solution, SolveError, SolverOptions,
        conceded, default_qi_cap, guaranteed, preset_solution, solution_for, solve_matrix_game,
        solver_bytes,
    },
};
use game_core::{Agent, Decision, Game, Roster, derive_seed};
use proptest::prelude::*;

/// `rules` solved with the qi capped at `cap`.
fn solved_with_cap(rules: RuleSet, cap: u32) -> Solution {
    Solution::solve_with(
        Arc::new(rules),
        &SolverOptions {
            qi_cap: Some(cap),
            ..SolverOptions::default()
        },
    )
    .unwrap()
}

/// Every position's value is its matrix game's (rebuilt here from the public table) to 1e-10,
/// mirror images have opposite values, and the table's strategies are distributions over the
/// affordable moves.
fn assert_true_values(s: &Solution) {
    let mut checked = 0;
    let mut worst: f64 = 0.0;
    for (a, b) in s.positions() {
        let game = s.position_game(&a, &b).unwrap();
        let (nr, nc) = (game.rows.len(), game.cols.len());
        let value = s.value(&a, &b).unwrap();
        let solved = solve_matrix_game(&game.payoff, nr, nc);
        worst = worst.max((solved.value - value).abs());
        let mine: Vec<f64> = s.strategy(&a, &b).unwrap().iter().map(|x| x.1).collect();
        assert_eq!(mine.len(), nr);
        assert!(mine.iter().all(|p| *p >= 0.0));
        assert!((mine.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert_eq!(s.value(&b, &a).unwrap(), -value);
        checked += 1;
    }
    assert_eq!(checked, s.positions().count());
    assert!(worst <= 1e-10, "{}: residual {worst}", s.rules().name());
    assert!(s.residual() <= 1e-10, "{}", s.residual());
    assert!(s.check_residual() <= 1e-10, "{}", s.check_residual());
}

/// The certificate of hk's shared table, computed once for the tests that read it.
fn hk_certificate() -> &'static Guarantee {
    static CERTIFICATE: OnceLock<Guarantee> = OnceLock::new();
    CERTIFICATE.get_or_init(|| preset_solution(Preset::Hk).certify())
}

#[test]
fn hk_and_classic_hold_the_true_values() {
    for preset in [Preset::Hk, Preset::Classic] {
        let s = preset_solution(preset);
        assert_eq!(s.discount(), 1.0);
        assert_eq!(s.qi_cap(), 20);
        println!(
            "{preset}: residual {:e}, {} iterations",
            s.residual(),
            s.iterations()
        );
        assert_true_values(&s);
    }
}

#[test]
fn hk_and_classic_strategies_are_certified() {
    for (preset, documented) in [(Preset::Hk, 1e-4), (Preset::Classic, 1e-6)] {
        let s = preset_solution(preset);
        assert_eq!(s.strategy_discount(), STRATEGY_DISCOUNT);
        let certificate = match preset {
            Preset::Hk => hk_certificate().clone(),
            _ => s.certify(),
        };
        let (a, b) = certificate.worst_position();
        println!(
            "{preset}: worst epsilon {:e} at {a:?} against {b:?}",
            certificate.epsilon()
        );
        assert!(
            certificate.epsilon() <= documented,
            "{}",
            certificate.epsilon()
        );
        // Nothing guarantees more than the value, beyond rounding: the certificate also
        // brackets the true values, each within epsilon of the table's.
        for (a, b) in s.positions() {
            let v = s.value(&a, &b).unwrap();
            let g = certificate.guaranteed(&a, &b).unwrap();
            assert!(g <= v + 1e-9, "{a:?} {b:?}: guaranteed {g} > value {v}");
        }
    }
}

/// The values a closing note quotes, with the brackets the certificate proves: the table's
/// strategy from either seat guarantees within `slack` of the value.
#[test]
fn values_of_the_quoted_positions() {
    let s = preset_solution(Preset::Hk);
    let certificate = hk_certificate();
    let f = Fighter::new;
    for (me, them, value, slack) in [
        (f(5, 5), f(5, 5), 0.0, 5e-5),
        (f(5, 5), f(4, 5), 0.765581, 5e-5),
        (f(5, 3), f(5, 0), 0.924946, 5e-5),
    ] {
        let v = s.value(&me, &them).unwrap();
        let low = certificate.guaranteed(&me, &them).unwrap();
        let high = -certificate.guaranteed(&them, &me).unwrap();
        println!("{me:?} vs {them:?}: value {v:.9}, certified in [{low:.9}, {high:.9}]");
        assert!((v - value).abs() < 5e-7, "{v}");
        assert!(low >= v - slack && high <= v + slack, "[{low}, {high}]");
    }
}

#[test]
fn extended_with_a_small_cap_holds_true_values_and_certified_strategies() {
    let s = solved_with_cap(RuleSet::extended(), 8);
    assert_true_values(&s);
    let epsilon = s.certify().epsilon();
    println!("extended, qi cap 14: ε = {epsilon:e}");
    // At worst where the first player wins only in the limit (health 1 each, qi 1 against 0).
    assert!(epsilon <= 4e-3, "{epsilon}");
}

#[test]
fn a_trade_of_trumps_where_it_knocks_out_is_followed_to_its_end() {
    // Under extended with qi capped at 14, a player with 2 health against 1, both at the cap:
    // each must answer 落地獄 (hell, 7 qi) with 落地獄 or be knocked out, twice, and the
    // position is worth what both reach at 0 qi; with real qi, any number of trades.
    let s = solved_with_cap(RuleSet::extended(), 14);
    let f = Fighter::new;
    let after = s.value(&f(2, 0), &f(1, 0)).unwrap();
    for q in [14, 7, 700, 7000] {
        let v = s.value(&f(2, q), &f(1, q)).unwrap();
        assert_eq!(v, after, "qi {q}");
        assert!(!s.is_approximate(&f(2, q), &f(1, q)));
    }
    // One trump more to spend wins.
    assert_eq!(s.value(&f(2, 7007), &f(1, 7000)), Some(1.0));
    assert!(s.check_residual() <= 1e-10);
    assert!(s.certify().epsilon() <= 4e-3);
}

#[test]
fn a_discounted_game_is_solved_too() {
    let s = Solution::solve_with(
        Arc::new(RuleSet::hk()),
        &SolverOptions {
            qi_cap: Some(6),
            discount: 0.99,
            ..SolverOptions::default()
        },
    )
    .unwrap();
    assert_eq!((s.discount(), s.strategy_discount()), (0.99, 0.99));
    assert!(s.check_residual() <= 1e-10);
    // Its strategies are optimal in its own matrix games.
    for (a, b) in s.positions() {
        let game = s.position_game(&a, &b).unwrap();
        let (nr, nc) = (game.rows.len(), game.cols.len());
        let mine: Vec<f64> = s.strategy(&a, &b).unwrap().iter().map(|x| x.1).collect();
        let theirs: Vec<f64> = s.strategy(&b, &a).unwrap().iter().map(|x| x.1).collect();
        let v = s.value(&a, &b).unwrap();
        assert!(guaranteed(&game.payoff, nr, nc, &mine) >= v - 1e-9);
        assert!(conceded(&game.payoff, nr, nc, &theirs) <= v + 1e-9);
    }
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
    let s = solved_with_cap(RuleSet::new(spec).unwrap(), 8);
    for (a, b) in s.positions() {
        let v = s.value(&a, &b).unwrap();
        assert!(v.abs() <= 1e-12, "{a:?} vs {b:?}: {v}");
    }
    assert!(s.certify().epsilon() <= 1e-9);
}

#[test]
fn the_richer_player_is_not_worse_off() {
    // (More health is not always better under hk: at health 1 a charge gains 2 qi.)
    let s = preset_solution(Preset::Hk);
    for (a, b) in s.positions() {
        let v = s.value(&a, &b).unwrap();
        if a.qi < s.qi_cap() {
            let richer = Fighter::new(a.health, a.qi + 1);
            assert!(s.value(&richer, &b).unwrap() >= v - 1e-6, "{a:?} {b:?}");
        }
    }
}

/// The stage game at health 4 against 1, qi 9 against 10, from the undiscounted table with qi
/// capped at 10 (moves: charge, block, shoot, kamehameha, dragon-palm, seal, buddha-palm):
/// entries all within 1e-8 of 1, where a solver without rescaling came back with pure
/// buddha-palm, 3.3e-6 short of what pure charge guarantees.
#[rustfmt::skip]
const NEAR_ONE: [f64; 49] = [
    0.9999999998275889, 0.9999999998275889, 1.0, 1.0, 1.0, 1.0, 1.0,
    0.9999999999941811, 0.9999999999941811, 0.9999999990009432, 0.9999999990159179, 1.0, 1.0, 1.0,
    1.0, 0.9999999990009263, 0.9999999990009432, 0.9999996432260708, 1.0, 1.0, 1.0,
    1.0, 0.9999966552752116, 1.0, 0.9999999990009296, 0.9999966555628446, 0.781349935909905, 1.0,
    1.0, 1.0, 1.0, 1.0, 0.9999996774461759, 0.4219844007055189, 0.7423364887221341,
    1.0, 1.0, 0.43961611496349084, 1.0, 1.0, 0.9999966557143198, 0.21058730326519992,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.9999966553686513,
];

#[test]
fn the_near_one_stage_game_is_solved_exactly() {
    let s = solve_matrix_game(&NEAR_ONE, 7, 7);
    let low = guaranteed(&NEAR_ONE, 7, 7, &s.row);
    let high = conceded(&NEAR_ONE, 7, 7, &s.col);
    println!("value {:.17}, row {:?}", s.value, s.row);
    assert!(high - low <= 1e-12, "guarantee {low}, concession {high}");
    assert!(low <= s.value && s.value <= high);
    // Pure charge guarantees 0.9999999998275889: no optimal strategy guarantees less.
    let charge = guaranteed(&NEAR_ONE, 7, 7, &[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    assert!(low >= charge, "{low} < {charge}");
}

#[test]
fn every_stage_game_of_the_table_is_solved_to_1e_12() {
    for preset in [Preset::Hk, Preset::Classic] {
        let s = preset_solution(preset);
        for (a, b) in s.positions() {
            let g = s.position_game(&a, &b).unwrap();
            let (nr, nc) = (g.rows.len(), g.cols.len());
            let m = solve_matrix_game(&g.payoff, nr, nc);
            let gap = conceded(&g.payoff, nr, nc, &m.col) - guaranteed(&g.payoff, nr, nc, &m.row);
            assert!(gap <= 1e-12, "{preset} {a:?} {b:?}: {gap}");
        }
    }
}

/// Entries of a random game: within 1e-6 of 1, within 1e-6 of 0, spread over [−1, 1], or a
/// mixture of ±1, 0 and values a hair's breadth from them (the ties this game is full of).
fn entry() -> impl Strategy<Value = f64> {
    prop_oneof![
        (0.0f64..1e-6).prop_map(|x| 1.0 - x),
        -1e-6f64..1e-6,
        -1.0f64..1.0,
        (
            prop::sample::select(vec![-1.0, 0.0, 1.0]),
            0u32..4,
            prop::bool::ANY
        )
            .prop_map(|(x, k, wide)| x * (1.0 - f64::from(k) * if wide { 1e-6 } else { 1e-9 })),
    ]
}

fn kind_of_game() -> impl Strategy<Value = (usize, usize, Vec<f64>)> {
    (1usize..=8, 1usize..=8, 0usize..4).prop_flat_map(|(r, c, kind)| {
        let cells = match kind {
            0 => prop::collection::vec((0.0f64..1e-6).prop_map(|x| 1.0 - x).boxed(), r * c),
            1 => prop::collection::vec((-1e-6f64..1e-6).boxed(), r * c),
            2 => prop::collection::vec((-1.0f64..1.0).boxed(), r * c),
            _ => prop::collection::vec(entry().boxed(), r * c),
        };
        (Just(r), Just(c), cells)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The row strategy's guarantee and the column strategy's concession agree to 1e-10, and
    /// the value lies between them.
    #[test]
    fn random_games_near_one_near_zero_and_spread_are_solved_exactly(
        (rows, cols, payoff) in kind_of_game(),
    ) {
        let s = solve_matrix_game(&payoff, rows, cols);
        let low = guaranteed(&payoff, rows, cols, &s.row);
        let high = conceded(&payoff, rows, cols, &s.col);
        prop_assert!(high - low <= 1e-10, "guarantee {}, concession {}", low, high);
        prop_assert!(low <= s.value + 1e-15 && s.value <= high + 1e-15);
        for p in s.row.iter().chain(&s.col) {
            prop_assert!(*p >= 0.0);
        }
        prop_assert!((s.row.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        prop_assert!((s.col.iter().sum::<f64>() - 1.0).abs() < 1e-12);
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
    let s = solved_with_cap(small_rules(), 3);
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
        // The matrix solver agrees with itself on this matrix.
        assert!((solve_matrix_game(&m, nr, nc).value - v).abs() < 1e-9);
    }
    assert!(
        widest < 0.1,
        "the grid is too coarse to say anything: {widest}"
    );
    // And the table's own strategies are certified on these rules too.
    assert!(s.certify().epsilon() <= 1e-3);
}

#[test]
fn independent_value_iteration_with_a_grid_solver_agrees() {
    // A separate, naive solver: Jacobi value iteration over every position, each matrix game
    // solved by brute force over a grid, the moves played on the state machine.
    let s = solved_with_cap(small_rules(), 2);
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

/// Every position's game built on the state machine: the payoff of each cell that ends the
/// game, and where each other cell leads (an index into `positions`), qi capped at `cap`.
type Stage = (Vec<f64>, usize, usize, Vec<Option<usize>>);

fn stage_games(s: &Solution, positions: &[(Fighter, Fighter)], cap: u32) -> Vec<Stage> {
    let index = |a: &Fighter, b: &Fighter| positions.iter().position(|(x, y)| x == a && y == b);
    positions
        .iter()
        .map(|(a, b)| {
            let (m, nr, nc) = matrix_by_playing(s, *a, *b);
            let start = Duel::from_parts(s.rules().clone(), 1, &[*a, *b]).unwrap();
            let rows = game_core::Game::legal_actions(&start, 0);
            let cols = game_core::Game::legal_actions(&start, 1);
            let mut next = Vec::new();
            for r in &rows {
                for c in &cols {
                    let mut d = start.clone();
                    d.play_round(&[*r, *c]).unwrap();
                    let capped = |f: &Fighter| Fighter {
                        qi: f.qi.min(cap),
                        ..*f
                    };
                    let (x, y) = (capped(&d.fighters()[0]), capped(&d.fighters()[1]));
                    next.push(index(&x, &y));
                }
            }
            (m, nr, nc, next)
        })
        .collect()
}

/// The payoffs of a stage game with the positions the game goes on to worth `values`.
fn with_values(stage: &Stage, values: &[f64]) -> Vec<f64> {
    let (m, _, _, next) = stage;
    m.iter()
        .zip(next)
        .map(|(&v, n)| n.map_or(v, |k| values[k]))
        .collect()
}

#[test]
fn plain_value_iteration_from_zero_reaches_the_same_values() {
    // Value iteration from 0 converges to the values of a game whose endless play is a draw
    // (the values of ever longer truncated games), however slowly: a check that Newton's
    // method found that fixed point and not another.
    let s = solved_with_cap(small_rules(), 3);
    let positions: Vec<(Fighter, Fighter)> = s.positions().collect();
    let games = stage_games(&s, &positions, 3);
    let mut values = vec![0.0; positions.len()];
    for _ in 0..3000 {
        values = games
            .iter()
            .map(|g| solve_matrix_game(&with_values(g, &values), g.1, g.2).value)
            .collect();
    }
    for (k, (a, b)) in positions.iter().enumerate() {
        let v = s.value(a, b).unwrap();
        assert!(
            (values[k] - v).abs() < 1e-3,
            "{a:?} vs {b:?}: table {v}, value iteration {}",
            values[k]
        );
    }
}

#[test]
fn the_certificate_agrees_with_plain_value_iteration_of_the_best_response() {
    // The opponent's best response against the table's strategies, by value iteration from 0
    // (the values of ever longer truncated games, endless play a draw): each round the
    // opponent picks the column that is worst for the table's mix.
    let s = solved_with_cap(small_rules(), 3);
    let certificate = s.certify();
    let positions: Vec<(Fighter, Fighter)> = s.positions().collect();
    let games = stage_games(&s, &positions, 3);
    let mixes: Vec<Vec<f64>> = positions
        .iter()
        .map(|(a, b)| s.strategy(a, b).unwrap().iter().map(|x| x.1).collect())
        .collect();
    let mut w = vec![0.0; positions.len()];
    for _ in 0..20_000 {
        w = games
            .iter()
            .zip(&mixes)
            .map(|(g, mix)| {
                let payoff = with_values(g, &w);
                guaranteed(&payoff, g.1, g.2, mix)
            })
            .collect();
    }
    for (k, (a, b)) in positions.iter().enumerate() {
        let exact = certificate.guaranteed(a, b).unwrap();
        assert!(
            (w[k] - exact).abs() < 1e-6,
            "{a:?} vs {b:?}: certificate {exact}, value iteration {}",
            w[k]
        );
    }
    assert!(certificate.epsilon() <= 1e-3);
}

#[test]
fn too_large_tables_are_refused() {
    let mut spec = RuleSet::hk().spec().clone();
    spec.start_health = 5000;
    let rules = Arc::new(RuleSet::new(spec).unwrap());
    assert!(matches!(
        Solution::solve(rules),
        Err(SolveError::TooLargeToSolve(_))
    ));
    let bad = SolverOptions {
        discount: 1.5,
        ..SolverOptions::default()
    };
    assert!(matches!(
        Solution::solve_with(Arc::new(RuleSet::classic()), &bad),
        Err(SolveError::InvalidOptions(_))
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
        Err(SolveError::TooLargeToSolve(msg)) => {
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
            // The largest preset: "about 10.5 MB", as the docs say (its qi levels run to the
            // cap and one more, unlimited qi).
            assert!((10_400_000..10_600_000).contains(&bytes), "{bytes}");
        }
        // The full table at the default cap is accepted and allocated (no iteration beyond
        // the first sweep keeps extended's solve quick in a debug build)…
        let quick = SolverOptions {
            max_iterations: 0,
            ..SolverOptions::default()
        };
        let s = Solution::solve_with(Arc::new(rules), &quick).unwrap();
        assert_eq!(s.qi_cap(), default_qi_cap(s.rules()));
    }
    // …and the shared tables the agents use are solved to the tolerance.
    for preset in [Preset::Hk, Preset::Classic] {
        let s = preset_solution(preset);
        assert!(s.residual() <= 1e-10, "{preset}: residual {}", s.residual());
    }
}

#[test]
fn health_1000_is_refused_with_the_typed_error() {
    let msg = refusal(hk_with_health(1000), &SolverOptions::default());
    // 1000² × 21² positions × 7 moves.
    assert!(msg.contains("441000000 positions × 7 moves"), "{msg}");
    // Its neighbour within the limit still solves (one health is a tiny table).
    assert!(Solution::solve(Arc::new(hk_with_health(1))).is_ok());
}

#[test]
fn many_moves_are_refused_with_the_typed_error() {
    // 32 moves and health 150: 2.7 million positions (fewer than the old limit of 4 million
    // positions), but 720 MB of strategies.
    let msg = refusal(many_moves(30, 150), &SolverOptions::default());
    assert!(msg.contains("× 32 moves"), "{msg}");
    // The same moves with one health fit (a first sweep is enough to show it).
    let quick = SolverOptions {
        max_iterations: 0,
        ..SolverOptions::default()
    };
    let s = Solution::solve_with(Arc::new(many_moves(30, 1)), &quick).unwrap();
    assert_eq!(s.positions().count(), 441);
}

#[test]
fn a_high_qi_cap_is_refused_for_its_layer_system() {
    // Health 1 and a move costing 100: 160,801 positions, but a 160,801² system in the layer.
    let mut spec = RuleSet::hk().spec().clone();
    spec.start_health = 1;
    spec.moves[6].cost = 100;
    let msg = refusal(RuleSet::new(spec).unwrap(), &SolverOptions::default());
    assert!(msg.contains("160801 × 160801"), "{msg}");
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
            Err(SolveError::TooLargeToSolve(msg)) => {
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

/// Extended's super-charge gains 1000 qi, far above the cap: the table gives qi above the cap a
/// level of its own, unlimited qi, so that a player who super-charged and then spends (qi 1005,
/// then 998, …) stays where the table said they would be, and values agree from round to round.
#[test]
fn qi_above_the_cap_is_unlimited_when_a_charge_jumps_past_it() {
    let s = solved_with_cap(RuleSet::extended(), 14);
    assert!(s.unlimited_above_cap());
    assert_eq!(s.qi_cap(), 14);
    assert!(!preset_solution(Preset::Hk).unlimited_above_cap());
    let f = Fighter::new;
    // Any qi above the cap is the same level.
    for q in [15, 29, 998, 1005] {
        assert_eq!(s.value(&f(3, q), &f(5, 0)), s.value(&f(3, 1005), &f(5, 0)));
    }
    // Both with unlimited qi: hell answers everything and cancels hell, whatever the health.
    for (h1, h2) in [(3, 3), (5, 1), (1, 5), (2, 4)] {
        let v = s.value(&f(h1, 1005), &f(h2, 998)).unwrap();
        assert!(v.abs() < 1e-9, "{h1} against {h2}: {v}");
    }
    // After super-charging into a buddha palm (health 3, qi 1005) against a player left with no
    // qi, the position is even, not lost: the opponent must super-charge too.
    let after = s.value(&f(3, 1005), &f(5, 0)).unwrap();
    assert!(after.abs() < 1e-9, "{after}");
    // Hit once more without qi, that player must super-charge at once: a second hit would
    // leave it at 1 health, where a hit while super-charging ends the game.
    let mix = s.strategy(&f(3, 1), &f(3, 1005)).unwrap();
    let super_charge = mix
        .iter()
        .find(|(m, _)| m.as_str() == "super-charge")
        .unwrap()
        .1;
    assert!(super_charge > 0.99, "{mix:?}");
    assert!(s.value(&f(3, 1), &f(3, 1005)).unwrap().abs() < 1e-9);
    for q in [0, 6] {
        let v = s.value(&f(1, q), &f(3, 1005)).unwrap();
        assert!((v + 1.0).abs() < 1e-9, "qi {q}: {v}");
    }
    assert_true_values(&s);
    let epsilon = s.certify().epsilon();
    println!("extended, qi cap 14: ε = {epsilon:e}");
    // At worst where the first player wins only in the limit (health 1 each, qi 1 against 0).
    assert!(epsilon <= 4e-3, "{epsilon}");
}

/// Unlimited qi above the cap is a model: real qi runs out. Where the trump knocks out either
/// player the table follows real qi: at health 1 each, qi 1005 against 1010, the richer player
/// wins by playing hell every round: every other answer is hit, and the poorer runs out first.
#[test]
fn a_decided_trade_is_won_by_the_richer_player() {
    let s = solved_with_cap(RuleSet::extended(), 14);
    let f = Fighter::new;
    let (poor, rich) = (f(1, 1005), f(1, 1010));
    assert_eq!(s.value(&poor, &rich), Some(-1.0));
    assert_eq!(s.value(&rich, &poor), Some(1.0));
    assert!(!s.is_approximate(&poor, &rich));
    assert!(!s.is_approximate(&f(1, 14), &f(1, 3)));
    assert!(s.is_approximate(&f(3, 14), &f(3, 3)));
    assert!(!s.is_approximate(&f(0, 1005), &f(1, 3)));
    assert!(!preset_solution(Preset::Hk).is_approximate(&f(1, 40), &f(1, 40)));

    // The true game: the second player plays hell every round.
    let rules = Arc::new(RuleSet::extended());
    let hell: Action = "hell".parse().unwrap();
    let mut game = Duel::from_parts(rules.clone(), 1, &[poor, rich]).unwrap();
    assert!(!s.is_approximate_of(&game, 0));
    let mut rounds = 0;
    while game.turn() != game_core::Turn::Over {
        // Every answer but hell loses at once.
        for answer in game.legal_actions(0) {
            if answer == hell {
                continue;
            }
            let mut tried = game.clone();
            tried.apply_joint(&[answer, hell]).unwrap();
            assert_eq!(tried.returns(0), -1.0, "{answer} at round {rounds}");
        }
        let answer = if game.legal_actions(0).contains(&hell) {
            hell
        } else {
            game.legal_actions(0)[0]
        };
        game.apply_joint(&[answer, hell]).unwrap();
        rounds += 1;
    }
    assert_eq!(rounds, 144);
    assert_eq!(game.returns(0), -1.0);
}

/// The shipped extended table: its documented ε at its documented worst position, exact values
/// where a trade decides, and the model's elsewhere.
#[test]
fn extended_preset_epsilon_and_approximate_values_are_as_documented() {
    let s = preset_solution(Preset::Extended);
    assert_eq!(s.qi_cap(), 28);
    let f = Fighter::new;
    assert_eq!(s.value(&f(1, 1005), &f(1, 1010)), Some(-1.0));
    // 29 and 31 qi are four trumps each: the trade leads to 1 against 3.
    assert_eq!(s.value(&f(1, 29), &f(1, 31)), s.value(&f(1, 1), &f(1, 3)));
    for (me, them) in [(f(1, 1005), f(1, 1010)), (f(2, 29), f(1, 31))] {
        assert!(!s.is_approximate(&me, &them));
    }
    let mix = s.strategy(&f(1, 1005), &f(1, 1010)).unwrap();
    let hell = mix.iter().find(|(m, _)| m.as_str() == "hell").unwrap().1;
    assert_eq!(hell, 1.0, "{mix:?}");
    assert!(s.is_approximate(&f(5, 28), &f(2, 28)));
    let certificate = s.certify();
    let epsilon = certificate.epsilon();
    println!(
        "extended: ε = {epsilon:e} at {:?}",
        certificate.worst_position()
    );
    assert!((3.7e-3..3.9e-3).contains(&epsilon), "{epsilon}");
    assert_eq!(certificate.worst_position(), (f(1, 1), f(1, 0)));
}
