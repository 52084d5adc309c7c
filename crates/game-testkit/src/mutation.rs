//! Corrupted states: the serialised JSON of reachable states, mutated, must be refused or be a
//! state that keeps every promise.

use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::Value;

use crate::random_games::Conformance;
use crate::simulation::{Node, simulate, walk};
use crate::{Options, Report, Violation};
use game_core::Game;
use game_core::GameRng;

/// What [`check_mutations`] tried.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MutationReport {
    /// Reachable states whose JSON was mutated.
    pub states: usize,
    /// Mutated documents offered to deserialisation (those equal to the original are skipped).
    pub mutated: usize,
    /// Documents deserialisation refused.
    pub refused: usize,
    /// Documents accepted as states, each of which then passed the checks to the end of a game.
    pub accepted: usize,
    /// The checks on the accepted states.
    pub walks: Report,
}

/// One step into a JSON document.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// Every path to a node below the root, and the strings and numbers found, which mutations
/// reuse: a card swapped for another card of the same document is the corruption that matters.
#[derive(Default)]
struct Survey {
    paths: Vec<Vec<Step>>,
    strings: Vec<String>,
    numbers: Vec<Value>,
}

fn survey(value: &Value, path: &mut Vec<Step>, out: &mut Survey) {
    if !path.is_empty() {
        out.paths.push(path.clone());
    }
    match value {
        Value::String(s) => out.strings.push(s.clone()),
        Value::Number(_) => out.numbers.push(value.clone()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(Step::Index(i));
                survey(item, path, out);
                path.pop();
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                path.push(Step::Key(key.clone()));
                survey(item, path, out);
                path.pop();
            }
        }
        Value::Null | Value::Bool(_) => {}
    }
}

fn node_mut<'a>(value: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(value, |node, step| match step {
        Step::Key(key) => node.get_mut(key.as_str()),
        Step::Index(i) => node.get_mut(*i),
    })
}

fn odd_number(rng: &mut GameRng, n: &serde_json::Number, survey: &Survey) -> Value {
    let int = n.as_i64();
    match rng.below(9) {
        0 => int.map_or(Value::from(0), |i| Value::from(i.wrapping_add(1))),
        1 => int.map_or(Value::from(1), |i| Value::from(i.wrapping_sub(1))),
        2 => Value::from(0),
        3 => Value::from(-1),
        4 => Value::from(u64::MAX),
        5 => Value::from(i64::MIN),
        6 => Value::from(0.5),
        7 => rng.choose(&survey.numbers).cloned().unwrap_or(Value::Null),
        _ => int.map_or(Value::from(2), |i| Value::from(i.wrapping_mul(2))),
    }
}

fn odd_string(rng: &mut GameRng, s: &str, survey: &Survey) -> Value {
    match rng.below(6) {
        0 | 1 => Value::from(rng.choose(&survey.strings).cloned().unwrap_or_default()),
        2 => Value::from(""),
        3 => Value::from(format!("{s}x")),
        4 => Value::from(s.chars().skip(1).collect::<String>()),
        _ => Value::from(s.chars().rev().collect::<String>()),
    }
}

/// Changes one node of `doc` (chosen with `rng`) and says what it did.
fn mutate(doc: &mut Value, survey: &Survey, rng: &mut GameRng) -> Option<String> {
    let path = rng.choose(&survey.paths)?.clone();
    if rng.below(8) == 0 {
        // Swap two nodes: values that are each valid, in the wrong places.
        let other = rng.choose(&survey.paths)?.clone();
        let a = node_mut(doc, &path)?.clone();
        let b = std::mem::replace(node_mut(doc, &other)?, a);
        *node_mut(doc, &path)? = b;
        return Some(format!("swapped {path:?} and {other:?}"));
    }
    let node = node_mut(doc, &path)?;
    let replacement = match node {
        Value::Number(n) => odd_number(rng, n, survey),
        Value::String(s) => odd_string(rng, s, survey),
        Value::Bool(b) => Value::Bool(!*b),
        Value::Null => Value::from(0),
        Value::Array(items) if !items.is_empty() => {
            let i = rng.index(items.len());
            match rng.below(5) {
                0 => {
                    items.remove(i);
                }
                1 => {
                    let copy = items[i].clone();
                    items.insert(i, copy);
                }
                2 => {
                    let j = rng.index(items.len());
                    items.swap(i, j);
                }
                3 => items.clear(),
                _ => items.reverse(),
            }
            return Some(format!("changed the list at {path:?}"));
        }
        Value::Object(fields) if !fields.is_empty() && rng.below(2) == 0 => {
            let keys: Vec<String> = fields.keys().cloned().collect();
            let key = &keys[rng.index(keys.len())];
            fields.remove(key);
            return Some(format!("removed {key:?} at {path:?}"));
        }
        Value::Array(_) | Value::Object(_) => match rng.below(3) {
            0 => Value::Null,
            1 => Value::from(7),
            _ => Value::from("x"),
        },
    };
    let what = format!("set {path:?} to {replacement}");
    *node = replacement;
    Some(what)
}

/// Plays `options.games` random games under `config`; at every deep-checked step (see
/// [`Options::deep_check_every`]) it mutates the state's JSON `options.mutations_per_state`
/// times. Each mutated document must either be refused by deserialisation or give a state that
/// passes every step check of [`check_game`](crate::check_game) while it is played at random to
/// its end. A panic anywhere in that is reported as a violation with the document.
pub fn check_mutations<G: Game>(
    config: &G::Config,
    options: &Options,
) -> Result<MutationReport, Violation> {
    let mut report = MutationReport::default();
    let mut checks = Conformance::<G>::new(None, options.illegal_probes);
    simulate::<G>(config, options, u64::MAX - 2, |node, rng| {
        let at = &node.at;
        if !node.deep {
            return Ok(());
        }
        let original =
            serde_json::to_value(node.state).map_err(|e| at.fail(format!("serialise: {e}")))?;
        let mut found = Survey::default();
        survey(&original, &mut Vec::new(), &mut found);
        report.states += 1;
        for _ in 0..options.mutations_per_state {
            let mut doc = original.clone();
            let Some(what) = mutate(&mut doc, &found, rng) else {
                continue;
            };
            if doc == original {
                continue;
            }
            report.mutated += 1;
            let json = doc.to_string();
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                let Ok(mutant) = serde_json::from_value::<G>(doc) else {
                    return Ok(false);
                };
                let mut visit = |node: &Node<'_, G>, rng: &mut GameRng| checks.visit(node, rng);
                walk(None, mutant, options, rng, &mut report.walks, &mut visit).map(|()| true)
            }));
            let context = |problem: Violation| Violation {
                at: format!("{}, {what}: {json}", at.place()),
                ..problem
            };
            match outcome {
                Ok(Ok(true)) => report.accepted += 1,
                Ok(Ok(false)) => report.refused += 1,
                Ok(Err(violation)) => return Err(context(violation)),
                Err(_) => return Err(context(at.fail("panicked (see the message above)"))),
            }
        }
        Ok(())
    })?;
    report.walks.games = report.accepted;
    report.walks.refusals = checks.refusals;
    Ok(report)
}
