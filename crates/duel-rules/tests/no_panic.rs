//! Bad input gets a typed error and changes nothing, and no public function panics, checked with
//! game-core's test kit: arbitrary joint moves through `check_apply_joint` (single actions
//! through `check_apply`), text through `check_notation`, corrupted states through
//! `check_mutations`. Then what is particular to the duel: `check_move` and `parse_action` say
//! what `apply_joint` does, custom rule sets are refused with typed errors or playable, `always`
//! agents of any move given odd decisions choose among their options, the equilibrium table and
//! the matrix solver take any input.

use std::sync::Arc;

use duel_rules::prelude::*;
use duel_rules::{
    EffectSpec, Event, Fighter, MAX_PLAYERS, MAX_RULE_NUMBER, MoveName, MoveSpec, RuleSet,
    RuleSpec,
    solver::{
        Solution, SolveError, SolverOptions, conceded, guaranteed, solution_for, solve_matrix_game,
    },
};
use game_testkit::{Violation, check_apply, check_apply_joint, check_notation};
use proptest::prelude::*;

fn kit<T>(result: Result<T, Violation>) -> Result<T, TestCaseError> {
    result.map_err(|v| TestCaseError::fail(v.to_string()))
}

fn preset() -> impl Strategy<Value = Preset> {
    prop::sample::select(Preset::ALL.to_vec())
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
        "(charge|block|shoot|seal|out|開槍|封印|储气|heaven|super-charge)(@[0-9]{1,22})?",
    ]
}

/// A seat: in range, just past it, or absurd.
fn seat() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..10, Just(usize::MAX), any::<usize>()]
}

/// An action that may be anything: a move of some rule set (or of none) with any target, or
/// `out`.
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

/// One legal action per seat, picked by `picks`.
fn legal_joint(d: &Duel, picks: &[usize]) -> Vec<Action> {
    (0..d.num_players())
        .map(|p| {
            let legal = d.legal_actions(p);
            legal[picks[p % picks.len()] % legal.len()]
        })
        .collect()
}

/// A valid, played position: random legal rounds under `preset` with `players`.
fn played(preset: Preset, players: usize, picks: &[usize]) -> Duel {
    let mut d = Duel::new(Config::preset(preset).with_players(players), 0).unwrap();
    for chunk in picks.chunks_exact(players) {
        if d.turn() == Turn::Over {
            break;
        }
        d.apply_joint(&legal_joint(&d, chunk)).unwrap();
    }
    d
}

/// Offers `joint` to `d` through the test kit (accepted ⇒ legal for every seat; refused ⇒
/// unchanged, with a message), then checks what the duel adds: `apply_joint` gives exactly the
/// outcome `check_move` predicts seat by seat, `play_round` does what `apply_joint` does, and a
/// single action is refused as `check` says. Returns whether the joint was accepted.
fn offer(d: &mut Duel, joint: &[Action]) -> Result<bool, TestCaseError> {
    let before = d.clone();
    let n = before.num_players();
    let predicted = if before.turn() == Turn::Over {
        Err(TurnError::GameOver.into())
    } else if joint.len() != n {
        Err(TurnError::JointSize {
            expected: n,
            found: joint.len(),
        }
        .into())
    } else {
        (0..n).try_for_each(|p| before.check_move(p, &joint[p]))
    };
    let accepted = kit(check_apply_joint(d, joint))?;
    let mut trial = before.clone();
    prop_assert_eq!(trial.apply_joint(joint), predicted);
    prop_assert_eq!(&trial, &*d);
    let mut by_round = before.clone();
    match by_round.play_round(joint) {
        Ok(round) => {
            prop_assert!(accepted);
            prop_assert_eq!(round.round, d.round());
            prop_assert_eq!(&round.actions[..], joint);
            for e in &round.events {
                prop_assert!(e.to_string().starts_with("player "), "{e}");
            }
        }
        Err(_) => prop_assert!(!accepted),
    }
    prop_assert_eq!(&by_round, &*d);
    if let Some(a) = joint.first() {
        prop_assert!(!kit(check_apply(&mut before.clone(), a))?);
    }
    Ok(accepted)
}

/// The read-only accessors with any seat.
fn poke(d: &Duel, player: usize) -> Result<(), TestCaseError> {
    let over = d.turn() == Turn::Over;
    if player >= d.num_players() {
        prop_assert!(d.legal_actions(player).is_empty());
        prop_assert_eq!(d.returns(player), 0.0);
        prop_assert_eq!(d.result(player), None);
        prop_assert!(d.fighter(player).is_none());
        let refused = d.check_move(player, &Action::Out);
        prop_assert!(
            matches!(refused, Err(Error::WrongStatus { .. })),
            "{:?}",
            refused
        );
    } else {
        prop_assert_eq!(d.result(player).is_some(), over);
        prop_assert_eq!(d.legal_actions(player).is_empty(), over);
        prop_assert!(d.returns(player).is_finite());
    }
    prop_assert_eq!(d.standing().is_empty(), !over);
    prop_assert_eq!(&d.observation(player), d);
    prop_assert_eq!(d.to_string().lines().count(), d.num_players());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn text_is_parsed_or_refused(t in text(), player in seat(), p in preset(),
                                 players in 2..=MAX_PLAYERS,
                                 picks in prop::collection::vec(any::<usize>(), 0..24)) {
        let action = kit(check_notation::<Action>(&t))?;
        kit(check_notation::<MoveName>(&t))?;
        kit(check_notation::<Preset>(&t))?;
        let d = played(p, players, &picks);
        // Under the shipped rules, reading what a person typed is parsing it, then checking it
        // (the rules say why a name is unknown in their own words).
        let read = d.parse_action(player, &t);
        let expected = t
            .parse::<Action>()
            .ok()
            .filter(|a| d.check_move(player, a).is_ok());
        prop_assert_eq!(read.as_ref().ok(), expected.as_ref());
        match read {
            Ok(a) => {
                prop_assert_eq!(Some(a), action);
                prop_assert!(d.legal_actions(player).contains(&a));
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        if let Some(i) = d.rules().find(&t) {
            prop_assert!(i < d.rules().moves().len());
        }
        match Duel::agent(&t, 0) {
            Ok(agent) => prop_assert!(
                Duel::agent_names().iter().any(|n| n == agent.name())
                    || agent.name().starts_with("always-"),
                "{}", agent.name()
            ),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn arbitrary_joint_moves(p in preset(), players in 2..=MAX_PLAYERS,
                             picks in prop::collection::vec(any::<usize>(), 0..24),
                             rounds in prop::collection::vec(
                                 (prop::collection::vec(raw_action(), 0..10),
                                  prop::collection::vec(any::<usize>(), 8),
                                  any::<bool>()), 1..12),
                             player in seat()) {
        let mut d = played(p, players, &picks);
        for (raw, legal_picks, mostly_legal) in &rounds {
            let joint: Vec<Action> = if *mostly_legal && d.turn() != Turn::Over {
                // Legal picks, now and then one swapped for a raw action.
                let mut joint = legal_joint(&d, legal_picks);
                for (q, a) in joint.iter_mut().enumerate() {
                    if legal_picks[q] % 5 == 0
                        && let Some(r) = raw.get(q)
                    {
                        *a = *r;
                    }
                }
                joint
            } else {
                raw.clone()
            };
            offer(&mut d, &joint)?;
            poke(&d, player)?;
        }
    }

    #[test]
    fn custom_rules_are_refused_or_playable(
        p in preset(),
        numbers in prop::collection::vec((any::<usize>(), prop_oneof![
            any::<i64>(), -2i64..8, Just(MAX_RULE_NUMBER), Just(MAX_RULE_NUMBER + 1)]), 1..4),
        players in 2..=MAX_PLAYERS,
        picks in prop::collection::vec(any::<usize>(), 1..48),
        raw in raw_action(),
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
        let in_range = |x: i64| (0..=MAX_RULE_NUMBER).contains(&x);
        match RuleSet::new(spec.clone()) {
            Ok(rules) => {
                prop_assert!(spec.moves.iter().all(|m| in_range(m.cost)));
                let mut d = Duel::new(Config { players, rules: Arc::new(rules) }, 0).unwrap();
                for (k, chunk) in picks.chunks_exact(players).enumerate().take(8) {
                    if d.turn() == Turn::Over {
                        break;
                    }
                    let mut joint = legal_joint(&d, chunk);
                    if k % 3 == 2 {
                        joint[chunk[0] % players] = raw;
                    }
                    offer(&mut d, &joint)?;
                }
            }
            Err(e) => prop_assert!(matches!(e, Error::InvalidRules(_)), "{}", e),
        }
    }

    /// `always` agents for any move name (the roster builds them only for the shipped moves),
    /// given odd decisions, choose among the options. (The roster's agents: `check_roster` in
    /// conformance.rs.)
    #[test]
    fn always_agents_of_any_move_take_odd_decisions(
        p in preset(), players in 2..=MAX_PLAYERS,
        picks in prop::collection::vec(any::<usize>(), 0..24),
        player in seat(),
        legal in prop::collection::vec(raw_action(), 1..6),
        use_real in any::<bool>(),
        name in text(),
        seed in any::<u64>(),
    ) {
        let d = played(p, players, &picks);
        let real = d.legal_actions(player);
        let options = if use_real && !real.is_empty() { real } else { legal };
        let decision = Decision::<Duel>::new(player, &d, &options).unwrap();
        if let Ok(n) = MoveName::new(&name) {
            let mut agent = AlwaysAgent::with_move(n, seed);
            let a = agent.choose(&decision);
            prop_assert!(options.contains(&a), "{} chose {a:?}", agent.name());
        }
    }

    #[test]
    fn the_table_takes_any_position(
        h1 in 0u32..4, h2 in 0u32..4, q1 in prop_oneof![0u32..5, Just(u32::MAX)],
        q2 in any::<u32>(), player in seat(), players in 2..=MAX_PLAYERS,
        cap in prop::option::of(0u32..6), discount in any::<f64>(), tolerance in any::<f64>(),
    ) {
        let rules = tiny_rules();
        let table = solution_for(&rules).unwrap();
        let (me, them) = (Fighter { health: h1, qi: q1, out_round: 0 },
                          Fighter { health: h2, qi: q2, out_round: 7 });
        // Health 0 is a finished game; more than the starting 1 is not in the table.
        let in_table = |h: u32| h <= 1;
        let value = table.value(&me, &them);
        prop_assert_eq!(value.is_some(), (h1 == 0 || h2 == 0) || (in_table(h1) && in_table(h2)));
        if let Some(v) = value {
            prop_assert!((-1.0..=1.0).contains(&v), "{}", v);
        }
        let strategy = table.strategy(&me, &them);
        prop_assert_eq!(strategy.is_some(), h1 == 1 && h2 == 1);
        if let Some(mix) = strategy {
            prop_assert!(mix.iter().all(|(_, p)| *p >= 0.0));
            prop_assert!((mix.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-9);
        }
        if let Some(g) = table.position_game(&me, &them) {
            prop_assert_eq!(g.payoff.len(), g.rows.len() * g.cols.len());
        }
        let d = Duel::new(Config { players, rules: rules.clone() }, 0).unwrap();
        let two = players == 2 && player < 2;
        prop_assert_eq!(table.value_of(&d, player).is_some(), two);
        prop_assert_eq!(table.strategy_of(&d, player).is_some(), two);
        let options = SolverOptions { qi_cap: cap, tolerance, max_iterations: 50, discount, ..SolverOptions::default() };
        // The tiny table always fits: only a discount outside (0, 1] is refused.
        match Solution::solve_with(rules, &options) {
            Ok(s) => prop_assert_eq!(s.discount(), discount),
            Err(e) => {
                prop_assert!(!(discount > 0.0 && discount <= 1.0), "{}", e);
                prop_assert!(matches!(e, SolveError::InvalidOptions(_)), "{}", e);
            }
        }
    }

    #[test]
    fn the_matrix_solver_takes_any_shape(
        payoff in prop::collection::vec(prop_oneof![-3.0f64..3.0, any::<f64>()], 0..20),
        rows in prop_oneof![0usize..6, Just(usize::MAX), any::<usize>()],
        cols in prop_oneof![0usize..6, Just(usize::MAX), any::<usize>()],
        strategy in prop::collection::vec(0.0f64..1.0, 0..8),
    ) {
        let s = solve_matrix_game(&payoff, rows, cols);
        let shaped = rows > 0 && cols > 0 && rows.checked_mul(cols) == Some(payoff.len());
        if shaped {
            prop_assert_eq!((s.row.len(), s.col.len()), (rows, cols));
            prop_assert!(s.value.is_finite());
        } else {
            prop_assert_eq!(s.value, 0.0);
            prop_assert!(s.row.is_empty() && s.col.is_empty());
        }
        let low = guaranteed(&payoff, rows, cols, &strategy);
        let high = conceded(&payoff, rows, cols, &strategy);
        if !shaped {
            prop_assert!(low.is_nan() && high.is_nan());
        } else if payoff.iter().all(|x| x.is_finite()) {
            prop_assert_eq!(low.is_nan(), strategy.len() < rows);
            prop_assert_eq!(high.is_nan(), strategy.len() < cols);
        }
    }

    #[test]
    fn odd_values_print_their_players_from_1(a in seat(), b in seat(), name in "[a-z]{1,8}",
                                            qi in any::<u32>()) {
        let n = MoveName::new(&name).unwrap_or_else(|_| MoveName::new("shoot").unwrap());
        let first = format!("player {}", a.saturating_add(1));
        for e in [
            Event::Charged { player: a, qi },
            Event::Cancelled { first: a, second: b, first_attack: n, second_attack: n },
            Event::Overwhelmed { winner: a, loser: b, winning_attack: n, losing_attack: n },
            Event::Hit { attacker: a, target: b, attack: n, damage: qi },
            Event::KnockedOut { player: a },
        ] {
            prop_assert!(e.to_string().starts_with(&first), "{}", e);
        }
        let printed = Action::attack(n, a).to_string();
        prop_assert_eq!(printed, format!("{n}@{}", a.saturating_add(1)));
        for e in [
            Error::UnknownMove { player: a, name: n },
            Error::Unaffordable { player: a, name: n, cost: qi, qi },
            Error::WrongStatus { player: a, reason: "is out" },
            Error::BadTarget { player: a, action: Action::attack(n, b), reason: "no" },
        ] {
            prop_assert!(e.to_string().starts_with(&first), "{}", e);
        }
    }
}

#[test]
fn player_counts_outside_2_to_8_are_refused_with_a_typed_error() {
    for players in [0, 1, MAX_PLAYERS + 1, usize::MAX] {
        let err = Duel::new(Config::default().with_players(players), 0).unwrap_err();
        assert_eq!(
            err,
            Error::PlayerCount {
                found: players,
                max: MAX_PLAYERS
            }
        );
        let fighters = vec![Fighter::new(5, 5); players.min(MAX_PLAYERS + 1)];
        let err = Duel::from_parts(Arc::new(RuleSet::hk()), 1, &fighters).unwrap_err();
        assert!(matches!(err, Error::PlayerCount { .. }), "{err}");
    }
    // A configuration read from JSON: the rule set is checked by serde, the player count by
    // the game.
    let json = serde_json::to_string(&Config::default().with_players(9)).unwrap();
    let config: Config = serde_json::from_str(&json).unwrap();
    assert!(matches!(
        Duel::new(config, 0),
        Err(Error::PlayerCount { found: 9, .. })
    ));
    let negative = json.replacen("\"cost\":1", "\"cost\":-1", 1);
    assert!(serde_json::from_str::<Config>(&negative).is_err());
}
