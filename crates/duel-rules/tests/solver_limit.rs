//! The equilibrium solver refuses a rule set too large to tabulate *before* allocating its
//! table: the process's peak virtual memory (Linux's `VmPeak`) does not grow while rule sets
//! needing from gigabytes to petabytes are refused.
//!
//! This file holds one test on purpose: a test running alongside on another thread would map
//! memory of its own and blur the measurement.

use std::sync::Arc;

use duel_rules::{
    MAX_MOVES, MAX_RULE_NUMBER, MoveSpec, RuleSet,
    solver::{MAX_SOLVER_BYTES, Solution, SolveError, SolverOptions, solver_bytes},
};

/// The process's peak virtual memory in bytes; `None` where the system does not say.
fn vm_peak() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmPeak:"))?
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

/// hk's rules with `health`, and `extra` more attacks (up to the most moves a rule set may have).
fn rules(health: i64, extra: usize) -> RuleSet {
    let mut spec = RuleSet::hk().spec().clone();
    spec.start_health = health;
    for k in 0..extra {
        let name = format!("extra-{k}");
        let cost = (k % 5) as i64 + 1;
        spec.moves
            .push(MoveSpec::attack(&name, &name, cost, 10 + k as i64, 1, true));
    }
    RuleSet::new(spec).unwrap()
}

#[test]
fn huge_rule_sets_are_refused_before_anything_is_allocated() {
    let defaults = SolverOptions::default();
    let huge_cap = SolverOptions {
        qi_cap: Some(u32::MAX),
        ..SolverOptions::default()
    };
    let hk_moves = RuleSet::hk().moves().len();
    // Built before measuring, so that only the refusals are measured.
    let cases = [
        ("health 1000", rules(1000, 0), &defaults),
        (
            "32 moves, health 150",
            rules(150, MAX_MOVES - hk_moves),
            &defaults,
        ),
        (
            "32 moves, the largest health",
            rules(MAX_RULE_NUMBER, MAX_MOVES - hk_moves),
            &defaults,
        ),
        ("the largest qi cap", rules(1, 0), &huge_cap),
    ];
    let needs: Vec<u128> = cases.iter().map(|(_, r, o)| solver_bytes(r, o)).collect();
    for ((what, _, _), bytes) in cases.iter().zip(&needs) {
        // More than 8 times the limit each (from 700 MB to petabytes): an allocation would
        // show, and the largest could not even succeed.
        assert!(*bytes > 8 * u128::from(MAX_SOLVER_BYTES), "{what}: {bytes}");
    }
    let arcs: Vec<Arc<RuleSet>> = cases.iter().map(|(_, r, _)| Arc::new(r.clone())).collect();
    let mut outcomes = Vec::with_capacity(cases.len());
    let before = vm_peak();
    for ((_, _, options), rules) in cases.iter().zip(&arcs) {
        outcomes.push(Solution::solve_with(rules.clone(), options));
    }
    let after = vm_peak();
    for ((what, rules, _), outcome) in cases.iter().zip(&outcomes) {
        match outcome {
            Err(SolveError::TooLargeToSolve(msg)) => {
                assert!(msg.contains(&MAX_SOLVER_BYTES.to_string()), "{what}: {msg}");
                assert!(
                    msg.contains(&format!("× {} moves", rules.moves().len())),
                    "{what}: {msg}"
                );
            }
            other => panic!("{what}: expected TooLargeToSolve, got {other:?}"),
        }
    }
    if cfg!(target_os = "linux") {
        let (before, after) = (before.unwrap(), after.unwrap());
        println!("VmPeak before the refusals {before} bytes, after {after} bytes");
        // The refusals' messages are all that is allocated; the smallest table refused here
        // would be hundreds of times the slack allowed.
        assert!(
            after.saturating_sub(before) < MAX_SOLVER_BYTES / 4,
            "peak virtual memory grew from {before} to {after} bytes"
        );
    }
}
