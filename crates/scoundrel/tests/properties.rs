//! Properties along random games: every card accounted for, health never above 20, the weapon
//! rule never broken, the score formula, the AIs' moves legal, and a stored state reloading equal.

use cards_core::CardSet;
use proptest::prelude::*;
use scoundrel::prelude::*;
use scoundrel::{DUNGEON, MAX_HEALTH, MONSTERS, POTIONS, monster_total, value};

fn accounted(g: &Scoundrel) -> Result<(), TestCaseError> {
    let t = g.table();
    let mut parts = vec![g.dungeon().cards(), t.room_cards(), t.discards()];
    if let Some(w) = t.weapon() {
        parts.push(CardSet::single(w.card()));
        parts.push(w.stack());
    }
    let total: usize = parts.iter().map(|p| p.len()).sum();
    let union = parts.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    prop_assert_eq!(total, 44, "a card is counted twice");
    prop_assert_eq!(union, DUNGEON);
    Ok(())
}

fn config(strict: bool) -> Config {
    if strict {
        Config::strict()
    } else {
        Config::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn invariants_hold_along_random_games(
        seed in any::<u64>(),
        strict in any::<bool>(),
        picks in prop::collection::vec(any::<usize>(), 88),
    ) {
        let config = config(strict);
        let mut g = Scoundrel::new(config, seed).unwrap();
        let mut record = Record::<Scoundrel>::new(config, seed);
        for pick in picks {
            accounted(&g)?;
            prop_assert!(g.table().health() <= MAX_HEALTH);
            if g.is_over() {
                break;
            }
            let legal = g.legal_actions(0);
            let action = legal[pick % legal.len()];
            // The weapon rule: a weapon fight is only offered within the weapon's limit.
            if let Action::FaceWithWeapon(monster) = action {
                let w = g.table().weapon().expect("a weapon to fight with");
                if let Some(last) = w.last_kill() {
                    match config.weapon_rule {
                        WeaponRule::AtMost => prop_assert!(value(monster) <= value(last)),
                        WeaponRule::Below => prop_assert!(value(monster) < value(last)),
                    }
                }
            }
            let before = g.table().health();
            g.apply(&action).unwrap();
            record.actions.push(action);
            if let Action::Face(card) = action
                && POTIONS.contains(card)
            {
                prop_assert!(g.table().health() >= before.min(MAX_HEALTH));
            }
            // The stack on the weapon never rises: every kill is at least the last one.
            if let Some(w) = g.table().weapon()
                && let Some(last) = w.last_kill()
            {
                prop_assert!(w.stack().iter().all(|m| value(m) >= value(last)));
            }
        }
        prop_assert!(g.is_over(), "88 moves always end a game");
        let t = *g.table();
        let expected = if t.health() <= 0 {
            t.health() - monster_total((g.dungeon().cards() | t.room_cards()) & MONSTERS)
        } else {
            let bonus = match t.last_faced() {
                Some(c) if t.health() == MAX_HEALTH && POTIONS.contains(c) => value(c),
                _ => 0,
            };
            t.health() + bonus
        };
        prop_assert_eq!(g.score(), Some(expected));
        prop_assert_eq!(g.table().is_won(), expected > 0);
        prop_assert_eq!(record.replay().unwrap(), g);
        let json = serde_json::to_string(&g).unwrap();
        prop_assert_eq!(serde_json::from_str::<Scoundrel>(&json).unwrap(), g);
    }

    #[test]
    fn fair_agents_choose_legal_moves(seed in any::<u64>(), strict in any::<bool>()) {
        let mut g = Scoundrel::new(config(strict), seed).unwrap();
        let mut greedy = GreedyAgent::new(0);
        let mut search = SearchAgent::with_playouts(seed, 24);
        let mut turn = 0;
        while !g.is_over() {
            let observation = g.observation(0);
            // The order is hidden but for the known bottom, which is the Dungeon's true bottom.
            let known = observation.known_bottom();
            prop_assert_eq!(observation.unseen().len() + known.len(), g.dungeon().len());
            prop_assert!(known.iter().eq(g.dungeon().bottom(known.len())));
            let legal = g.legal_actions(0);
            let decision = Decision::new(0, &observation, &legal).unwrap();
            let action = if turn % 2 == 0 {
                greedy.choose(&decision)
            } else {
                search.choose(&decision)
            };
            prop_assert!(legal.contains(&action));
            g.apply(&action).unwrap();
            turn += 1;
        }
    }

    #[test]
    fn tampered_records_are_refused(seed in any::<u64>(), at in any::<usize>()) {
        let played = play(Config::default(), seed, &mut [GreedyAgent::new(0)]).unwrap();
        let record = played.record();
        let index = at % record.actions.len();
        // Q♥ is not a card of the Dungeon, so it is never in the Room.
        let mut tampered = record.clone();
        tampered.actions[index] = Action::Face("Qh".parse().unwrap());
        prop_assert!(tampered.replay().is_err());
        let mut tampered = record.clone();
        tampered.actions.insert(index, Action::Avoid);
        tampered.actions.insert(index, Action::Avoid);
        match tampered.replay() {
            Err(ReplayError::Action { source, .. }) => {
                let expected = matches!(
                    source,
                    Error::AvoidTwice
                        | Error::AvoidAfterFacing
                        | Error::AvoidEmptyDungeon
                        | Error::NotInRoom(_)
                        | Error::WeaponBlunted { .. }
                        | Error::NoWeapon(_)
                        | Error::Turn(_)
                );
                prop_assert!(expected, "unexpected refusal: {}", source);
            }
            other => prop_assert!(false, "expected a refused action, got {:?}", other.map(|_| ())),
        }
    }
}

#[test]
fn inconsistent_states_are_refused() {
    let g = Scoundrel::new(Config::default(), 5).unwrap();
    let good = serde_json::to_value(g).unwrap();
    let mut bad = good.clone();
    bad["health"] = serde_json::json!(21);
    assert!(serde_json::from_value::<Scoundrel>(bad).is_err());
    let mut bad = good.clone();
    bad["discards"] = serde_json::json!("K♠");
    let err = serde_json::from_value::<Scoundrel>(bad)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("repeats") || err.contains("accounted"),
        "{err}"
    );
    let mut bad = good.clone();
    bad["faced_this_room"] = serde_json::json!(3);
    assert!(serde_json::from_value::<Scoundrel>(bad).is_err());
    let mut bad = good;
    bad["weapon"] = serde_json::json!({ "card": "5♠", "stack": "", "last_kill": null });
    assert!(serde_json::from_value::<Scoundrel>(bad).is_err());
}
