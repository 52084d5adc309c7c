//! The project rule under audit: bad input gets a typed error and changes nothing, and no public
//! function panics on any input. Arbitrary text, JSON of valid values with one field mutated,
//! out-of-range seats, random joint actions (legal and not), odd agent decisions and mis-sized
//! matrices are fed to every public entry point that takes data from a user or a file.

use std::sync::Arc;

use duel_rules::ai::matrix::{conceded, guaranteed, solve_matrix_game};
use duel_rules::ai::{AlwaysAgent, DiceAgent, EquilibriumAgent, Solution, SolverOptions};
use duel_rules::{
    Action, Duel, DuelConfig, DuelError, EffectSpec, Event, Fighter, MoveName, MoveSpec, Preset,
    Round, RuleSet, RuleSpec,
};
use game_core::{Agent, Decision, Game, Record, Roster, Turn};
use proptest::prelude::*;
use serde_json::Value;

fn preset() -> impl Strategy<Value = Preset> {
    prop_oneof![
        Just(Preset::Hk),
        Just(Preset::Classic),
        Just(Preset::Extended)
    ]
}

/// A tiny custom rule set (one health, charge and shoot): its equilibrium table solves at once.
fn tiny_rules() -> Arc<RuleSet> {
    let spec = RuleSpec {
        name: "tiny".into(),
        moves: vec![
            MoveSpec::charge("charge", "儲氣", 1),
            MoveSpec::attack("shoot", "開槍", 1, 1, 1, true),
        ],
        overwhelms: vec![],
        start_health: 1,
        start_qi: 0,
        low_health_bonus: None,
        round_limit: 20,
    };
    Arc::new(RuleSet::new(spec).expect("a valid tiny rule set"))
}

/// Text: mostly move-like, sometimes anything at all.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-zA-Z_ -]{0,30}(@[-+0-9a-z ]{0,25})?",
        "(charge|block|shoot|seal|out|開槍|封印|heaven|super-charge)(@[0-9]{1,22})?",
    ]
}

/// A seat: in range, just past it, or absurd.
fn seat() -> impl Strategy<Value = usize> {
    prop_oneof![
        0usize..10,
        Just(usize::MAX),
        Just(usize::MAX - 1),
        any::<usize>()
    ]
}

/// An action that may be anything: a typed one, an arbitrary name with any target, or `out`.
fn raw_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        Just(Action::Out),
        (
            prop::sample::select(vec![
                "charge",
                "block",
                "shoot",
                "kamehameha",
                "seal",
                "hell",
                "super-charge",
                "nope",
            ]),
            prop::option::of(seat()),
        )
            .prop_map(|(n, t)| Action::Play {
                name: MoveName::new(n).unwrap(),
                target: t,
            }),
    ]
}

/// A replacement for a JSON leaf.
fn json_leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-3i64..12).prop_map(Value::from),
        Just(Value::from(u32::MAX)),
        Just(Value::from(u64::from(u32::MAX) + 1)),
        any::<f64>().prop_map(Value::from),
        text().prop_map(Value::from),
        any::<bool>().prop_map(Value::from),
        Just(Value::Null),
        Just(Value::Array(vec![])),
    ]
}

/// Every path to a value inside `v` (each node, leaves and containers).
fn paths(v: &Value, here: &mut Vec<PathStep>, out: &mut Vec<Vec<PathStep>>) {
    out.push(here.clone());
    match v {
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                here.push(PathStep::Index(i));
                paths(x, here, out);
                here.pop();
            }
        }
        Value::Object(map) => {
            for (k, x) in map {
                here.push(PathStep::Key(k.clone()));
                paths(x, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum PathStep {
    Index(usize),
    Key(String),
}

fn at<'a>(v: &'a mut Value, path: &[PathStep]) -> &'a mut Value {
    path.iter().fold(v, |v, step| match step {
        PathStep::Index(i) => &mut v[*i],
        PathStep::Key(k) => &mut v[k.as_str()],
    })
}

/// How to damage a JSON document.
#[derive(Clone, Debug)]
enum Mutation {
    /// Replace the node at the chosen path.
    Replace(usize, Value),
    /// Drop the node at the chosen path from its array or object.
    Remove(usize),
    /// Duplicate an array element.
    Duplicate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<usize>(), json_leaf()).prop_map(|(i, v)| Mutation::Replace(i, v)),
        1 => any::<usize>().prop_map(Mutation::Remove),
        1 => any::<usize>().prop_map(Mutation::Duplicate),
    ]
}

fn mutate(mut doc: Value, mutations: &[Mutation]) -> Value {
    for m in mutations {
        let mut all = Vec::new();
        paths(&doc, &mut Vec::new(), &mut all);
        let pick = |i: usize| all[i % all.len()].clone();
        match m {
            Mutation::Replace(i, v) => *at(&mut doc, &pick(*i)) = v.clone(),
            Mutation::Remove(i) | Mutation::Duplicate(i) => {
                let path = pick(*i);
                let Some((last, parent)) = path.split_last() else {
                    continue;
                };
                match (at(&mut doc, parent), last) {
                    (Value::Array(items), PathStep::Index(k)) => {
                        if matches!(m, Mutation::Remove(_)) {
                            items.remove(*k);
                        } else {
                            let x = items[*k].clone();
                            items.insert(*k, x);
                        }
                    }
                    (Value::Object(map), PathStep::Key(k)) if matches!(m, Mutation::Remove(_)) => {
                        map.remove(k);
                    }
                    _ => {}
                }
            }
        }
    }
    doc
}

/// A valid, played position: `rounds` random legal rounds under `preset` with `players`.
fn played(preset: Preset, players: usize, picks: &[usize]) -> Duel {
    let mut d = Duel::new(DuelConfig::preset(preset).with_players(players), 0).unwrap();
    for chunk in picks.chunks(players) {
        if d.turn() == Turn::Over || chunk.len() < players {
            break;
        }
        let joint: Vec<Action> = (0..players)
            .map(|p| {
                let legal = d.legal_actions(p);
                legal[chunk[p] % legal.len()]
            })
            .collect();
        d.apply_joint(&joint).unwrap();
    }
    d
}

/// Every read-only accessor with `player`, plus the error and event texts: none may panic.
fn poke(d: &Duel, player: usize) {
    let n = d.num_players();
    let legal = d.legal_actions(player);
    if player >= n {
        assert!(legal.is_empty());
        assert_eq!(d.returns(player), 0.0);
        assert_eq!(d.result(player), None);
        assert!(d.fighter(player).is_none());
    } else {
        let _ = (d.returns(player), d.result(player), d.fighter(player));
    }
    let _ = d.observation(player);
    let _ = (d.standing(), d.to_string(), d.turn(), d.max_game_length());
}

/// Applies `joint`; a refusal must be typed and leave the state equal, an acceptance must have
/// been legal for everyone.
fn try_joint(d: &mut Duel, joint: &[Action]) {
    let before = d.clone();
    let all_legal = joint.len() == d.num_players()
        && joint
            .iter()
            .enumerate()
            .all(|(p, a)| d.legal_actions(p).contains(a));
    match d.play_round(joint) {
        Ok(round) => {
            assert!(all_legal, "accepted an illegal joint {joint:?}");
            for e in &round.events {
                let _ = e.to_string();
            }
        }
        Err(e) => {
            assert!(!all_legal, "refused a legal joint {joint:?}: {e}");
            let _ = e.to_string();
            assert_eq!(*d, before);
        }
    }
    let mut again = before.clone();
    assert_eq!(again.apply_joint(joint).is_ok(), all_legal);
    if !all_legal {
        assert_eq!(again, before);
    }
    let mut single = d.clone();
    if let Some(a) = joint.first() {
        assert!(single.apply(a).is_err());
        assert_eq!(single, *d);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn text_never_panics(t in text(), player in seat(), p in preset(), players in 2usize..=8,
                         picks in prop::collection::vec(any::<usize>(), 0..24)) {
        if let Ok(a) = t.parse::<Action>() {
            prop_assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
        } else if let Err(e) = t.parse::<Action>() {
            let _ = e.to_string();
        }
        let _ = t.parse::<MoveName>().map_err(|e| e.to_string());
        let _ = t.parse::<Preset>().map_err(|e| e.to_string());
        let d = played(p, players, &picks);
        match d.parse_action(player, &t) {
            Ok(a) => prop_assert!(d.legal_actions(player).contains(&a)),
            Err(e) => {
                let _ = e.to_string();
            }
        }
        let _ = <Duel as Roster>::agent(&t, 0).map_err(|e| e.to_string());
        let _ = d.rules().find(&t);
    }

    #[test]
    fn random_joints_are_atomic(p in preset(), players in 2usize..=8,
                                picks in prop::collection::vec(any::<usize>(), 0..24),
                                rounds in prop::collection::vec(
                                    (prop::collection::vec(raw_action(), 0..10),
                                     prop::collection::vec(any::<usize>(), 8),
                                     any::<bool>()), 1..12),
                                player in seat()) {
        let mut d = played(p, players, &picks);
        for (raw, legal_picks, use_legal) in &rounds {
            let joint: Vec<Action> = if *use_legal {
                (0..d.num_players())
                    .map(|q| {
                        let legal = d.legal_actions(q);
                        let pick = legal_picks[q % legal_picks.len()];
                        match raw.get(q) {
                            // Now and then swap one legal pick for a raw action.
                            Some(a) if pick % 5 == 0 => *a,
                            _ if legal.is_empty() => Action::Out,
                            _ => legal[pick % legal.len()],
                        }
                    })
                    .collect()
            } else {
                raw.clone()
            };
            try_joint(&mut d, &joint);
            poke(&d, player);
        }
    }

    #[test]
    fn mutated_states_are_checked(p in preset(), players in 2usize..=8,
                                  picks in prop::collection::vec(any::<usize>(), 0..40),
                                  muts in prop::collection::vec(mutation(), 1..4),
                                  joint in prop::collection::vec(any::<usize>(), 8),
                                  player in seat()) {
        let d = played(p, players, &picks);
        let doc = mutate(serde_json::to_value(&d).unwrap(), &muts);
        match serde_json::from_value::<Duel>(doc) {
            Ok(s) => {
                let json = serde_json::to_string(&s).unwrap();
                prop_assert_eq!(serde_json::from_str::<Duel>(&json).unwrap(), s.clone());
                poke(&s, player);
                let mut s = s;
                let actions: Vec<Action> = (0..s.num_players())
                    .map(|q| {
                        let legal = s.legal_actions(q);
                        if legal.is_empty() { Action::Out } else { legal[joint[q] % legal.len()] }
                    })
                    .collect();
                try_joint(&mut s, &actions);
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }

    #[test]
    fn mutated_configs_rules_and_records_are_checked(
        p in preset(), players in 2usize..=8,
        picks in prop::collection::vec(any::<usize>(), 0..24),
        muts in prop::collection::vec(mutation(), 1..4),
        which in 0usize..4,
        player in seat(),
    ) {
        let d = played(p, players, &picks);
        match which {
            0 => {
                let config = DuelConfig::preset(p).with_players(players);
                let doc = mutate(serde_json::to_value(&config).unwrap(), &muts);
                if let Ok(c) = serde_json::from_value::<DuelConfig>(doc) {
                    let _ = c.rules.which_preset();
                    match Duel::new(c.clone(), 0) {
                        Ok(s) => poke(&s, player),
                        Err(e) => prop_assert!(matches!(e, DuelError::PlayerCount { .. }), "{e}"),
                    }
                    let _ = Duel::from_parts(c.rules.clone(), 1, d.fighters());
                }
            }
            1 => {
                let doc = mutate(serde_json::to_value(RuleSet::preset(p)).unwrap(), &muts);
                if let Ok(rules) = serde_json::from_value::<RuleSet>(doc) {
                    let rules = Arc::new(rules);
                    let config = DuelConfig { players, rules: rules.clone() };
                    let mut s = Duel::new(config, 0).unwrap();
                    poke(&s, player);
                    for chunk in picks.chunks(players).take(6) {
                        if chunk.len() < players || s.turn() == Turn::Over {
                            break;
                        }
                        let joint: Vec<Action> = (0..players)
                            .map(|q| {
                                let legal = s.legal_actions(q);
                                legal[chunk[q] % legal.len()]
                            })
                            .collect();
                        try_joint(&mut s, &joint);
                        poke(&s, player);
                    }
                    let _ = (rules.max_cost(), rules.charge_gain(player, 1), rules.clash(player, 0));
                }
            }
            2 => {
                let mut record = Record::<Duel>::new(DuelConfig::preset(p).with_players(players), 0);
                let mut s = Duel::new(record.config.clone(), 0).unwrap();
                for chunk in picks.chunks(players) {
                    if chunk.len() < players || s.turn() == Turn::Over {
                        break;
                    }
                    let joint: Vec<Action> = (0..players)
                        .map(|q| {
                            let legal = s.legal_actions(q);
                            legal[chunk[q] % legal.len()]
                        })
                        .collect();
                    s.apply_joint(&joint).unwrap();
                    record.actions.extend(joint);
                }
                prop_assert_eq!(record.replay().unwrap(), s);
                let doc = mutate(serde_json::to_value(&record).unwrap(), &muts);
                if let Ok(r) = serde_json::from_value::<Record<Duel>>(doc) {
                    match r.replay() {
                        Ok(s) => poke(&s, player),
                        Err(e) => {
                            let _ = e.to_string();
                        }
                    }
                }
            }
            _ => {
                let round = Round {
                    round: d.round(),
                    actions: (0..players).map(|q| d.legal_actions(q).first().copied().unwrap_or(Action::Out)).collect(),
                    events: vec![Event::KnockedOut { player: 0 }, Event::Charged { player: 1, qi: 2 }],
                };
                let doc = mutate(serde_json::to_value(&round).unwrap(), &muts);
                if let Ok(r) = serde_json::from_value::<Round>(doc) {
                    for e in &r.events {
                        let _ = e.to_string();
                    }
                    for a in &r.actions {
                        let _ = a.to_string();
                    }
                }
            }
        }
    }

    #[test]
    fn custom_specs_are_refused_or_playable(
        p in preset(),
        numbers in prop::collection::vec((any::<usize>(), prop_oneof![
            any::<i64>(), -2i64..8, Just(duel_rules::rules::MAX_RULE_NUMBER),
            Just(duel_rules::rules::MAX_RULE_NUMBER + 1)]), 1..4),
        players in 2usize..=8,
        picks in prop::collection::vec(any::<usize>(), 0..16),
    ) {
        let mut spec = RuleSet::preset(p).spec().clone();
        for (i, x) in &numbers {
            let k = i % (spec.moves.len() + 4);
            match k.checked_sub(spec.moves.len()) {
                None => {
                    let m = &mut spec.moves[k];
                    match (&mut m.effect, i % 3) {
                        (_, 0) => m.cost = *x,
                        (EffectSpec::Charge { qi }, _) => *qi = *x,
                        (EffectSpec::Attack { level, .. }, 1) => *level = *x,
                        (EffectSpec::Attack { damage, .. }, _) => *damage = *x,
                        (EffectSpec::Block, _) => m.cost = *x,
                    }
                }
                Some(0) => spec.start_health = *x,
                Some(1) => spec.start_qi = *x,
                Some(2) => spec.round_limit = *x,
                Some(_) => {
                    if let Some(b) = spec.low_health_bonus.as_mut() {
                        b.extra_qi = *x;
                    }
                }
            }
        }
        match RuleSet::new(spec) {
            Ok(rules) => {
                let config = DuelConfig { players, rules: Arc::new(rules) };
                let mut s = Duel::new(config, 0).unwrap();
                for chunk in picks.chunks(players).take(8) {
                    if chunk.len() < players || s.turn() == Turn::Over {
                        break;
                    }
                    let joint: Vec<Action> = (0..players)
                        .map(|q| {
                            let legal = s.legal_actions(q);
                            legal[chunk[q] % legal.len()]
                        })
                        .collect();
                    try_joint(&mut s, &joint);
                }
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }

    #[test]
    fn agents_take_odd_decisions(
        p in preset(), players in 2usize..=8,
        picks in prop::collection::vec(any::<usize>(), 0..24),
        player in seat(),
        legal in prop::collection::vec(raw_action(), 1..6),
        use_real in any::<bool>(),
        tiny in any::<bool>(),
        name in text(),
        seed in any::<u64>(),
    ) {
        let d = if tiny {
            let mut s = Duel::new(DuelConfig { players, rules: tiny_rules() }, 0).unwrap();
            if let Some(&k) = picks.first() {
                let joint: Vec<Action> = (0..players)
                    .map(|q| { let l = s.legal_actions(q); l[k % l.len()] })
                    .collect();
                s.apply_joint(&joint).unwrap();
            }
            s
        } else {
            played(p, players, &picks)
        };
        let real = d.legal_actions(player);
        let options = if use_real && !real.is_empty() { real } else { legal };
        let decision = Decision::<Duel>::new(player, &d, &options).unwrap();
        let mut agents: Vec<Box<dyn Agent<Duel>>> = vec![
            Box::new(DiceAgent::new(seed)),
            Box::new(AlwaysAgent::new(MoveName::new("shoot").unwrap(), seed)),
        ];
        if let Ok(n) = MoveName::new(&name) {
            agents.push(Box::new(AlwaysAgent::new(n, seed)));
        }
        // The equilibrium agent solves a table: only under the tiny rules or a free-for-all.
        if tiny || players > 2 {
            agents.push(Box::new(EquilibriumAgent::new(seed)));
        }
        for agent in &mut agents {
            let a = agent.choose(&decision);
            prop_assert!(options.contains(&a), "{} chose {a:?}", agent.name());
        }
    }

    #[test]
    fn solution_lookups_take_any_position(
        h1 in 0u32..4, h2 in 0u32..4, q1 in prop_oneof![0u32..5, Just(u32::MAX)],
        q2 in any::<u32>(), player in seat(), players in 2usize..=8,
        cap in prop::option::of(0u32..6), discount in any::<f64>(), tolerance in any::<f64>(),
    ) {
        let rules = tiny_rules();
        let table = duel_rules::ai::solution_for(&rules).unwrap();
        let (me, them) = (Fighter { health: h1, qi: q1, out_round: 0 },
                          Fighter { health: h2, qi: q2, out_round: 7 });
        let _ = (table.value(&me, &them), table.strategy(&me, &them), table.position_game(&me, &them));
        let d = Duel::new(DuelConfig { players, rules: rules.clone() }, 0).unwrap();
        let _ = (table.value_of(&d, player), table.strategy_of(&d, player));
        let options = SolverOptions { qi_cap: cap, tolerance, max_sweeps: 50, discount };
        match Solution::solve_with(rules, &options) {
            Ok(s) => prop_assert!(s.discount() > 0.0 && s.discount() <= 1.0),
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }

    #[test]
    fn matrix_functions_take_any_shape(
        payoff in prop::collection::vec(prop_oneof![-3.0f64..3.0, any::<f64>()], 0..20),
        rows in prop_oneof![0usize..6, Just(usize::MAX), any::<usize>()],
        cols in prop_oneof![0usize..6, Just(usize::MAX), any::<usize>()],
        strategy in prop::collection::vec(0.0f64..1.0, 0..8),
    ) {
        let s = solve_matrix_game(&payoff, rows, cols);
        if rows.checked_mul(cols) == Some(payoff.len()) && rows > 0 && cols > 0 {
            prop_assert_eq!((s.row.len(), s.col.len()), (rows, cols));
        }
        let _ = guaranteed(&payoff, rows, cols, &strategy);
        let _ = conceded(&payoff, rows, cols, &strategy);
    }

    #[test]
    fn texts_of_odd_values_never_panic(a in seat(), b in seat(), name in "[a-z]{1,8}",
                                       qi in any::<u32>(), text in text()) {
        let n = MoveName::new(&name).unwrap_or_else(|_| MoveName::new("shoot").unwrap());
        for e in [
            Event::Charged { player: a, qi },
            Event::Blocked { attacker: a, target: b, attack: n },
            Event::Cancelled { first: a, second: b, first_attack: n, second_attack: n },
            Event::Overwhelmed { winner: a, loser: b, winning_attack: n, losing_attack: n },
            Event::Hit { attacker: a, target: b, attack: n, damage: qi },
            Event::KnockedOut { player: a },
        ] {
            let _ = e.to_string();
        }
        let _ = Action::attack(n, a).to_string();
        for e in [
            DuelError::UnknownMove { player: a, name: text.clone() },
            DuelError::Unaffordable { player: a, name: text.clone(), cost: qi, qi },
            DuelError::WrongStatus { player: a, reason: "r" },
            DuelError::BadTarget { player: a, reason: text.clone() },
            DuelError::PlayerCount { found: a, max: b },
        ] {
            let _ = e.to_string();
        }
    }
}
