//! Big Two rule sets: the legal plays of a 13-card hand under each standard preset, leading and
//! following a pair, by the fast generator beside the plain reference (every subset of the hand,
//! classified by the rules' words).
//!
//! `cargo bench --bench big_two_rule_sets -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use big_two_reversal::{
    Combination, Config, Preset, RankOrder, legal_plays, legal_plays_reference,
};
use cards_core::CardSet;
use criterion::{Criterion, criterion_group, criterion_main};

/// A hand with pairs, a triple, a straight and a flush in it.
const HAND: &str = "3c 3d 3h 4c 5d 6h 7s 8s 9s Js Qs Ks 2d";

fn generators(c: &mut Criterion) {
    let hand: CardSet = HAND.parse().expect("bench hand is valid");
    let mut out = Vec::with_capacity(512);
    for preset in &Preset::ALL[1..] {
        let config = Config::preset(*preset);
        let pair = Combination::parse("4d 4h", &config).expect("a pair");
        let mut group = c.benchmark_group(format!("big_two/rules/{preset}"));
        group.bench_function("lead_13_cards", |b| {
            b.iter(|| {
                legal_plays(
                    black_box(hand),
                    None,
                    &config,
                    RankOrder::Normal,
                    None,
                    &mut out,
                );
                out.len()
            })
        });
        group.bench_function("lead_13_cards_reference", |b| {
            b.iter(|| {
                legal_plays_reference(black_box(hand), None, &config, RankOrder::Normal, None).len()
            })
        });
        group.bench_function("follow_pair_13_cards", |b| {
            b.iter(|| {
                legal_plays(
                    black_box(hand),
                    Some(&pair),
                    &config,
                    RankOrder::Normal,
                    None,
                    &mut out,
                );
                out.len()
            })
        });
        group.bench_function("follow_pair_13_cards_reference", |b| {
            b.iter(|| {
                legal_plays_reference(
                    black_box(hand),
                    Some(pair.cards()),
                    &config,
                    RankOrder::Normal,
                    None,
                )
                .len()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, generators);
criterion_main!(benches);
