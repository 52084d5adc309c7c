//! Information states and the deal as chance events: game-core's checks under both weapon
//! rules, the chance history of sampled worlds, and golden facts (a hand-played record, the
//! outcomes of a seed, what avoids and move orders make the player know).

use cards_core::{Card, CardSet};
use scoundrel::prelude::*;
use scoundrel::{DUNGEON, NUM_ACTIONS};

fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

/// The given cards on top, then the rest of the Dungeon in index order.
fn order(top: &str) -> Vec<Card> {
    let mut cards: Vec<Card> = top.split_whitespace().map(card).collect();
    let named: CardSet = cards.iter().copied().collect();
    cards.extend((DUNGEON - named).iter());
    cards
}

fn game(top: &str) -> Scoundrel {
    Scoundrel::from_dungeon(Config::default(), &order(top)).expect("a valid Dungeon")
}

fn play(game: &mut Scoundrel, moves: &str) {
    for text in moves.split(',') {
        let action: Action = text.trim().parse().expect("an action");
        game.apply(&action)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

/// A card's number among the 44 in index order: its chance outcome.
fn number(text: &str) -> usize {
    DUNGEON
        .iter()
        .position(|c| c == card(text))
        .expect("a Dungeon card")
}

/// The rule choices: the default (≤) and `strict` (<). (No configuration shows the player the
/// Dungeon's order: the clairvoyant solver is handed the state itself.)
fn configs() -> [Config; 2] {
    [Config::default(), Config::strict()]
}

#[test]
fn the_outcomes_of_seed_42_are_pinned() {
    let config = Config::default();
    let outcomes = Scoundrel::chance_outcomes_of_seed(&config, 42);
    // 5♦ 7♦ 3♦ 2♥ | 9♥ K♠ 4♥ 5♣: the first Room, then the top of the Dungeon.
    assert_eq!(outcomes[..8], [15, 23, 7, 4, 32, 43, 12, 14]);
    let texts: Vec<String> = (0..8)
        .map(|i| Scoundrel::chance_outcome_string(&config, &outcomes[..i], outcomes[i]))
        .collect();
    assert_eq!(texts[0], "card 1 of the Dungeon: 5♦");
    assert_eq!(texts[5], "card 6 of the Dungeon: K♠");
    let game = Scoundrel::new(config, 42).expect("a game");
    let dealt: Vec<usize> = game
        .table()
        .room()
        .into_iter()
        .flatten()
        .map(|c| DUNGEON.iter().position(|d| d == c).expect("a Dungeon card"))
        .collect();
    assert_eq!(dealt, outcomes[..4]);
    assert_eq!(game.dungeon_outcomes(), Some(outcomes));
    // The distribution after three cards: the 41 others, 1/41 each, in increasing order.
    let next = Scoundrel::chance_outcomes(&config, &[15, 23, 7]);
    assert_eq!(next.len(), 41);
    assert_eq!(
        next[..3],
        [(0, 1.0 / 41.0), (1, 1.0 / 41.0), (2, 1.0 / 41.0)]
    );
    assert!(next.iter().all(|&(n, _)| ![15, 23, 7].contains(&n)));
}

#[test]
fn wrong_outcome_sequences_are_refused() {
    let config = Config::default();
    let full: Vec<usize> = (0..44).collect();
    assert!(Scoundrel::chance_outcomes(&config, &full).is_empty());
    // No event follows a sequence no deal begins with.
    for wrong in [vec![44], vec![3, 3], vec![usize::MAX]] {
        assert!(
            Scoundrel::chance_outcomes(&config, &wrong).is_empty(),
            "{wrong:?}"
        );
    }
    assert_eq!(
        Scoundrel::from_chance_outcomes(config, &full[..43]),
        Err(Error::DungeonSize(43))
    );
    let mut bad = full.clone();
    bad[10] = 44;
    let err = Scoundrel::from_chance_outcomes(config, &bad).unwrap_err();
    assert_eq!(err, Error::NotAnOutcome(44));
    assert!(err.to_string().contains("numbered 0 to 43"), "{err}");
    bad[10] = 9;
    assert_eq!(
        Scoundrel::from_chance_outcomes(config, &bad),
        Err(Error::RepeatedCard(card("3s")))
    );
    assert_eq!(
        Scoundrel::chance_outcome_string(&config, &[], 44),
        "card 1 of the Dungeon: 44 is no card"
    );
    // The identity order is the index order.
    let g = Scoundrel::from_chance_outcomes(config, &full).expect("a deal");
    assert_eq!(
        g,
        Scoundrel::from_dungeon(config, &order("")).expect("a deal")
    );
}

/// A world drawn from the observation, given its chance outcomes, replays to itself with its own
/// moves: at every step of games played mostly by the greedy player (so that they last), under
/// both rules.
#[test]
fn sampled_worlds_have_a_consistent_chance_history() {
    let mut rng = GameRng::new(11);
    let mut greedy = GreedyAgent::new(0);
    let mut steps = 0;
    for config in configs() {
        for seed in 0..25 {
            let mut g = Scoundrel::new(config, seed).expect("a game");
            assert_eq!(
                g.dungeon_outcomes(),
                Some(Scoundrel::chance_outcomes_of_seed(&config, seed))
            );
            while !g.is_over() {
                let world = Scoundrel::sample_world(&g.observation(0), 0, &mut rng);
                let outcomes = world.dungeon_outcomes().expect("a world from the deal");
                let mut replayed =
                    Scoundrel::from_chance_outcomes(config, &outcomes).expect("a deal");
                for action in world.moves() {
                    replayed.apply(&action).expect("the world's moves replay");
                }
                assert_eq!(replayed, world);
                // The true state is one such world, and its outcomes are its deal.
                assert_eq!(
                    g.dungeon_outcomes(),
                    Some(Scoundrel::chance_outcomes_of_seed(&config, seed))
                );
                let legal = g.legal_actions(0);
                let action = match rng.below(4) {
                    0 => legal[rng.index(legal.len())],
                    _ => greedy.action(&g.observation(0)),
                };
                g.apply(&action).expect("a legal move");
                steps += 1;
            }
        }
    }
    assert!(steps > 700, "{steps}");
}

#[test]
fn a_hand_played_record() {
    let mut g = game("Ks Qs Js As 5d 8c 2h 9c");
    assert_eq!(g.information_state_string(0), "deal K♠ Q♠ J♠ A♠");
    play(&mut g, "avoid, 5d, 8c w, 2h");
    assert_eq!(
        g.information_state_string(0),
        "deal K♠ Q♠ J♠ A♠; avoid; deal 5♦ 8♣ 2♥ 9♣; 5♦; 8♣ w; 2♥; deal A♣ 2♣ 2♦ \
         · bottom, in order: K♠ Q♠ J♠ A♠"
    );
    assert_eq!(
        g.moves(),
        ["avoid", "5d", "8c w", "2h"].map(|t| t.parse::<Action>().expect("an action"))
    );

    // The tensor: the observation now, no set-up position, the cards seen in order (one row of
    // 44 each), the moves (one row of 71 action ids each).
    assert_eq!(
        Scoundrel::information_state_tensor_shape(g.config()),
        [9049]
    );
    let t = g.information_state_tensor(0);
    assert_eq!(t.len(), 9049);
    assert_eq!(t[..410], g.observation_tensor(0));
    assert!(t[410..865].iter().all(|&x| x == 0.0), "no set-up position");
    let seen = &t[865..865 + 44 * 44];
    let first_seen = [
        "Ks", "Qs", "Js", "As", "5d", "8c", "2h", "9c", "Ac", "2c", "2d",
    ];
    for (row, text) in first_seen.iter().enumerate() {
        assert_eq!(seen[row * 44 + number(text)], 1.0, "{text}");
    }
    assert_eq!(seen.iter().sum::<f32>(), 11.0);
    let moves = &t[2801..];
    assert_eq!(moves.len(), 88 * NUM_ACTIONS);
    let ids: Vec<usize> = (0..4)
        .map(|row| {
            let cells = &moves[row * NUM_ACTIONS..(row + 1) * NUM_ACTIONS];
            cells.iter().position(|&x| x == 1.0).expect("a move")
        })
        .collect();
    assert_eq!(
        ids,
        g.moves()
            .iter()
            .map(|a| Scoundrel::action_id(g.config(), a).unwrap())
            .collect::<Vec<_>>()
    );
    assert_eq!(moves.iter().sum::<f32>(), 4.0);
}

/// The player remembers the order it faced cards in, which the table forgets: two orders that
/// leave the same observation give different information states.
#[test]
fn the_order_of_moves_is_remembered() {
    let mut a = game("2c 3c 4c 5c 6c");
    let mut b = a;
    play(&mut a, "2c, 3c");
    play(&mut b, "3c, 2c");
    play(&mut a, "4c");
    play(&mut b, "4c");
    assert_eq!(a.observation(0).to_string(), b.observation(0).to_string());
    assert_eq!(a.observation_tensor(0), b.observation_tensor(0));
    assert_ne!(a.information_state_string(0), b.information_state_string(0));
    assert_ne!(a.information_state_tensor(0), b.information_state_tensor(0));
}

/// Avoided Rooms go under the Dungeon in a known order: the record shows it, and worlds that
/// differ only in what the player has not seen give one information state.
#[test]
fn avoids_and_the_known_bottom() {
    let mut avoided = game("Ks Qs Js As 2h 3h 4h 5h");
    play(&mut avoided, "avoid");
    assert_eq!(
        avoided.information_state_string(0),
        "deal K♠ Q♠ J♠ A♠; avoid; deal 2♥ 3♥ 4♥ 5♥ · bottom, in order: K♠ Q♠ J♠ A♠"
    );
    let mut faced = game("2h 3h 4h 5h Ks Qs Js As");
    play(&mut faced, "2h, 3h, 4h");
    assert_eq!(
        faced.information_state_string(0),
        "deal 2♥ 3♥ 4♥ 5♥; 2♥; 3♥; 4♥; deal K♠ Q♠ J♠"
    );

    // Worlds that differ only below what the player has seen give one information state, until
    // the difference is dealt.
    let mut a = game("Ks Qs Js As 2h 3h 4h 5h 6h");
    let mut b = game("Ks Qs Js As 2h 3h 4h 5h 7h");
    play(&mut a, "avoid, 2h");
    play(&mut b, "avoid, 2h");
    assert_ne!(a, b);
    assert_eq!(a.information_state_string(0), b.information_state_string(0));
    assert_eq!(a.information_state_tensor(0), b.information_state_tensor(0));
    play(&mut a, "3h, 4h");
    play(&mut b, "3h, 4h");
    assert_ne!(
        a.information_state_string(0),
        b.information_state_string(0),
        "6♥ or 7♥ dealt"
    );
}

/// Once every card of unknown place has been dealt, the next Rooms come from the known bottom,
/// in its order, as the record said they would: the greedy player's games, wherever that
/// happens.
#[test]
fn the_known_bottom_is_dealt_in_its_order() {
    let mut greedy = GreedyAgent::new(0);
    let mut rng = GameRng::new(5);
    let mut found = 0;
    for seed in 0..150 {
        let mut g = Scoundrel::new(Config::default(), seed).expect("a game");
        while !g.is_over() {
            let action = greedy.action(&g.observation(0));
            let bottom: Vec<Card> = g.observation(0).known_bottom().iter().collect();
            let deals = action != Action::Avoid
                && g.table().faced_this_room() == 2
                && !bottom.is_empty()
                && g.dungeon().len() == bottom.len();
            if deals {
                // Nothing of the Dungeon is unknown: every world drawn is the true state.
                let world = Scoundrel::sample_world(&g.observation(0), 0, &mut rng);
                assert_eq!(world, g);
                let before = g.information_state_string(0);
                let listed = format!(" · bottom, in order: {}", g.observation(0).known_bottom());
                assert!(before.ends_with(&listed), "{before}");
                g.apply(&action).expect("a legal move");
                if g.is_over() {
                    continue;
                }
                let n = bottom.len().min(3);
                let mut expected = before[..before.len() - listed.len()].to_string();
                expected.push_str(&format!("; {action}; deal"));
                for card in &bottom[..n] {
                    expected.push_str(&format!(" {card}"));
                }
                if bottom.len() > n {
                    expected.push_str(" · bottom, in order:");
                    for card in &bottom[n..] {
                        expected.push_str(&format!(" {card}"));
                    }
                }
                assert_eq!(g.information_state_string(0), expected);
                found += 1;
            } else {
                g.apply(&action).expect("a legal move");
            }
        }
    }
    assert!(found >= 5, "{found}");
}

/// A position written by hand (stored without a history) has no past: the player's record
/// starts there, with the whole table as it saw it.
#[test]
fn a_position_set_up_by_hand_starts_the_record() {
    let mut g = game("5d Qs 6c 2h");
    play(&mut g, "avoid");
    let mut json = serde_json::to_value(g).expect("a state serialises");
    json.as_object_mut().expect("an object").remove("history");
    let mut set_up: Scoundrel = serde_json::from_value(json).expect("a consistent position");
    assert_eq!(set_up.observation_tensor(0), g.observation_tensor(0));
    assert_eq!(
        set_up.information_state_string(0),
        "set up: health 20, no weapon, Room A♣ A♠ 2♣ 2♦, 0 faced, last Room avoided, \
         Dungeon 40 cards (bottom 5♦ Q♠ 6♣ 2♥) · bottom, in order: 5♦ Q♠ 6♣ 2♥"
    );
    assert_eq!(set_up.dungeon_outcomes(), None);
    let t = set_up.information_state_tensor(0);
    assert_eq!(t[410], 1.0, "set up");
    assert_eq!(t[411..821], set_up.observation_tensor(0));
    // The Room's slots: A♣ in the first, 2♦ in the fourth.
    assert_eq!((t[821 + number("Ac")], t[821 + number("2d")]), (0.25, 1.0));
    play(&mut set_up, "2d");
    assert!(set_up.information_state_string(0).contains("2♦ · bottom"));
    let back: Scoundrel =
        serde_json::from_value(serde_json::to_value(set_up).expect("serialises")).expect("valid");
    assert_eq!(back, set_up);
    assert_eq!(
        back.information_state_string(0),
        set_up.information_state_string(0)
    );
}
