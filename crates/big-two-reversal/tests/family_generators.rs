//! The fast generator of the standard games' plays equals the plain reference (every subset of
//! the hand, classified and compared by the rules' words) on random situations of every preset
//! and of a table's own rules, leading and following.

use std::cell::Cell;

use big_two_reversal::{
    Combination, Config, FlushOrder, Kind, Preset, RankOrder, classify_reference, legal_plays,
    legal_plays_reference,
};
use cards_core::{Card, CardSet};
use game_core::GameRng;
use proptest::prelude::*;
use proptest::test_runner::{Config as RunnerConfig, TestRunner};

/// Situations per rule set; each is checked leading and following.
const SITUATIONS: u32 = 20_000;

/// `n` cards drawn from `from`.
fn draw(from: CardSet, n: usize, rng: &mut GameRng) -> CardSet {
    let mut left: Vec<Card> = from.iter().collect();
    let mut out = CardSet::EMPTY;
    for _ in 0..n.min(left.len()) {
        out.insert(left.swap_remove(rng.index(left.len())));
    }
    out
}

/// Checks one situation of `config` drawn from `seed`: a lead, and a follow of a play drawn
/// from another hand. Returns `(leads, follows)` checked.
fn check(config: &Config, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = GameRng::new(seed);
    let size = 1 + rng.index(13);
    // Hands rich in sets and suits come from fewer ranks now and then.
    let pool = if rng.chance(0.3) {
        let ranks = 5 + rng.index(5);
        (0..ranks).fold(CardSet::EMPTY, |s, _| {
            s | CardSet::rank(cards_core::Rank::ALL[rng.index(13)])
        })
    } else {
        config.deck()
    };
    let hand = draw(pool, size, &mut rng);
    let order = if rng.chance(0.25) {
        RankOrder::Reversed
    } else {
        RankOrder::Normal
    };
    let opening = (hand.contains(config.opening) && rng.chance(0.5)).then_some(config.opening);
    let mut fast = Vec::new();
    legal_plays(hand, None, config, order, opening, &mut fast);
    let reference = legal_plays_reference(hand, None, config, order, opening);
    let cards: Vec<CardSet> = fast.iter().map(Combination::cards).collect();
    prop_assert_eq!(&cards, &reference, "leading with {} under {}", hand, config);
    for c in &fast {
        let kind = classify_reference(c.cards(), config, order).map(|(k, _)| k);
        prop_assert_eq!(Some(c.kind()), kind, "{}", c);
    }
    // Follow a play of another hand.
    let other = draw(config.deck() - hand, 13, &mut rng);
    let mut leads = Vec::new();
    legal_plays(other, None, config, order, None, &mut leads);
    let Some(&table) = rng.choose(&leads) else {
        return Ok(());
    };
    legal_plays(hand, Some(&table), config, order, None, &mut fast);
    let reference = legal_plays_reference(hand, Some(table.cards()), config, order, None);
    let cards: Vec<CardSet> = fast.iter().map(Combination::cards).collect();
    prop_assert_eq!(
        &cards,
        &reference,
        "{} following {} under {}",
        hand,
        table,
        config
    );
    Ok(())
}

fn run(config: &Config, name: &str) {
    let checked = Cell::new(0u32);
    let mut runner = TestRunner::new(RunnerConfig {
        cases: SITUATIONS,
        failure_persistence: None,
        ..RunnerConfig::default()
    });
    runner
        .run(&any::<u64>(), |seed| {
            checked.set(checked.get() + 1);
            check(config, seed)
        })
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(checked.get() >= SITUATIONS);
    println!(
        "{name}: the generators agree on {} situations, each leading and following",
        checked.get()
    );
}

#[test]
fn the_generators_agree_under_hong_kong() {
    run(&Config::preset(Preset::HongKong), "hong-kong");
}

#[test]
fn the_generators_agree_under_taiwan() {
    run(&Config::preset(Preset::Taiwan), "taiwan");
}

#[test]
fn the_generators_agree_under_pusoy_dos() {
    run(&Config::preset(Preset::PusoyDos), "pusoy-dos");
}

#[test]
fn the_generators_agree_under_pagat() {
    run(&Config::preset(Preset::Pagat), "pagat");
}

#[test]
fn the_generators_agree_under_a_tables_own_rules() {
    // Every play type, bombs, no suits breaking ties, and the first play the opening card alone.
    let mut own = Config::preset(Preset::Taiwan);
    own.plays.four = true;
    own.plays.two_pair = true;
    own.suit_order = None;
    own.flushes = FlushOrder::RankFirst;
    own.opening_alone = true;
    own.straights = cards_core::Rank::ALL.to_vec();
    own.validate().unwrap();
    run(&own, "own rules");
    assert_eq!(
        Combination::parse("3c 3d 4h 4s", &own)
            .map(|c| c.kind())
            .ok(),
        Some(Kind::TwoPair)
    );
}
