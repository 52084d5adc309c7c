//! Properties over random positions and moves: swapping the players swaps every outcome, a
//! move's cost is always paid, qi never goes negative, health never rises, refusals change
//! nothing.

use std::sync::Arc;

use duel_rules::{Action, Duel, Event, Fighter, Preset, RuleSet};
use game_core::{Game, Turn};
use proptest::prelude::*;

fn preset() -> impl Strategy<Value = Preset> {
    prop_oneof![
        Just(Preset::Hk),
        Just(Preset::Classic),
        Just(Preset::Extended)
    ]
}

/// A position of `players` players still in, with their health and qi.
fn position(players: usize) -> impl Strategy<Value = (Preset, Vec<(u32, u32)>, Vec<usize>)> {
    (
        preset(),
        proptest::collection::vec((1u32..=5, 0u32..=12), players),
        proptest::collection::vec(any::<usize>(), players),
    )
}

fn build(preset: Preset, raw: &[(u32, u32)]) -> Duel {
    let rules = Arc::new(RuleSet::preset(preset));
    let h = rules.start_health();
    let fighters: Vec<Fighter> = raw
        .iter()
        .map(|&(health, qi)| Fighter::new(health.min(h), qi))
        .collect();
    Duel::from_parts(rules, 1, &fighters).unwrap()
}

fn pick(state: &Duel, picks: &[usize]) -> Vec<Action> {
    (0..state.num_players())
        .map(|p| {
            let legal = state.legal_actions(p);
            legal[picks[p] % legal.len()]
        })
        .collect()
}

fn swap_event(e: Event) -> Event {
    let s = |p: usize| 1 - p;
    match e {
        Event::Charged { player, qi } => Event::Charged {
            player: s(player),
            qi,
        },
        Event::Blocked {
            attacker,
            target,
            attack,
        } => Event::Blocked {
            attacker: s(attacker),
            target: s(target),
            attack,
        },
        Event::Cancelled {
            first,
            second,
            first_attack,
            second_attack,
        } => Event::Cancelled {
            first: s(second),
            second: s(first),
            first_attack: second_attack,
            second_attack: first_attack,
        },
        Event::Overwhelmed {
            winner,
            loser,
            winning_attack,
            losing_attack,
        } => Event::Overwhelmed {
            winner: s(winner),
            loser: s(loser),
            winning_attack,
            losing_attack,
        },
        Event::Hit {
            attacker,
            target,
            attack,
            damage,
        } => Event::Hit {
            attacker: s(attacker),
            target: s(target),
            attack,
            damage,
        },
        Event::KnockedOut { player } => Event::KnockedOut { player: s(player) },
    }
}

fn sorted(mut v: Vec<Event>) -> Vec<String> {
    let mut out: Vec<String> = v.drain(..).map(|e| format!("{e:?}")).collect();
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn swapping_the_players_swaps_every_outcome((p, raw, picks) in position(2)) {
        let state = build(p, &raw);
        let joint = pick(&state, &picks);
        let swapped_state = build(p, &[raw[1], raw[0]]);
        let mut a = state.clone();
        let ra = a.play_round(&joint).unwrap();
        let mut b = swapped_state.clone();
        let rb = b.play_round(&[joint[1], joint[0]]).unwrap();
        prop_assert_eq!(a.fighters()[0], b.fighters()[1]);
        prop_assert_eq!(a.fighters()[1], b.fighters()[0]);
        prop_assert_eq!(
            sorted(ra.events.into_iter().map(swap_event).collect()),
            sorted(rb.events)
        );
        if a.turn() == Turn::Over {
            prop_assert_eq!(a.result(0), b.result(1));
            prop_assert_eq!(a.returns(1), b.returns(0));
        }
    }

    #[test]
    fn costs_are_paid_qi_stays_whole_health_never_rises(
        (p, raw, picks) in (2usize..=6).prop_flat_map(position)
    ) {
        let mut state = build(p, &raw);
        let rules = state.rules().clone();
        for round in 0..6 {
            if state.turn() == Turn::Over {
                break;
            }
            let joint = pick(&state, &picks.iter().map(|x| x.wrapping_add(round)).collect::<Vec<_>>());
            let before = state.clone();
            let report = state.play_round(&joint).unwrap();
            for (pl, action) in joint.iter().enumerate() {
                let (b, a) = (before.fighters()[pl], state.fighters()[pl]);
                prop_assert!(a.health <= b.health, "health rose");
                let Some(name) = action.name() else {
                    prop_assert_eq!(a, b);
                    continue;
                };
                let mv = rules.index_of(name).unwrap();
                let cost = rules.moves()[mv].cost;
                let gain = rules.charge_gain(mv, b.health);
                // Qi never negative: what was there pays the cost in full, and only the charge adds.
                prop_assert!(b.qi >= cost);
                prop_assert_eq!(a.qi, b.qi - cost + gain);
                let charged: u32 = report.events.iter().map(|e| match e {
                    Event::Charged { player, qi } if *player == pl => *qi,
                    _ => 0,
                }).sum();
                prop_assert_eq!(charged, gain);
                let hits: u32 = report.events.iter().map(|e| match e {
                    Event::Hit { target, damage, .. } if *target == pl => *damage,
                    _ => 0,
                }).sum();
                prop_assert_eq!(a.health, b.health.saturating_sub(hits));
            }
        }
    }

    #[test]
    fn a_refused_round_changes_nothing(
        (p, raw, picks) in (2usize..=5).prop_flat_map(position),
        text in "[a-z@0-9-]{1,14}",
        seat in any::<usize>(),
    ) {
        let state = build(p, &raw);
        let mut joint = pick(&state, &picks);
        let seat = seat % joint.len();
        if let Ok(action) = text.parse::<Action>() {
            joint[seat] = action;
        }
        let mut trial = state.clone();
        let legal = state.legal_actions(seat).contains(&joint[seat]);
        let outcome = trial.apply_joint(&joint);
        prop_assert_eq!(outcome.is_ok(), legal);
        if !legal {
            prop_assert_eq!(trial, state);
        }
    }

    #[test]
    fn any_text_parses_or_is_refused_without_panic(text in "\\PC{0,20}") {
        if let Ok(a) = text.parse::<Action>() {
            prop_assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
        }
    }
}
