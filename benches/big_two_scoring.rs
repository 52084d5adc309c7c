//! Big Two (big-two-reversal) speed: AI2 hand scoring and legal-play generation for fixed 13-
//! and 14-card hands with and without jokers, a whole AI2 decision, and random self-play games.
//!
//! Targets: a hand scored in ≤ 200 ns; the legal plays of a 14-card hand with both jokers in
//! ≤ 5 µs; ≥ 20,000 random self-play games per second on one core.
//!
//! `cargo bench --bench big_two_scoring -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use big_two_reversal::prelude::*;
use big_two_reversal::{Move, RankOrder, legal_actions_for, score_hand};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The fixed hands: name and cards.
const HANDS: [(&str, &str); 4] = [
    ("13_cards", "3c 4d 5c 6c 7c 8h 9s 10d Jd Qh Kh Ad 2s"),
    ("13_cards_joker", "3c 4d 5c 6c 7c 8h 9s 10d Jd Qh Kh Ad BJ"),
    ("14_cards", "3c 4c 5c 5d 7h 8h 9h Jh Qs Ks As 2d 2h 2s"),
    (
        "14_cards_two_jokers",
        "3c 4c 5c 5d 7h 8h 9h Jh Qs Ks As 2d BJ RJ",
    ),
];

fn hand(text: &str) -> CardSet {
    text.parse().expect("bench hands are valid")
}

fn scoring(c: &mut Criterion) {
    let mut group = c.benchmark_group("big_two/score_hand");
    let config = Config::default();
    for (name, text) in HANDS {
        let h = hand(text);
        let unseen = CardSet::ALL - h;
        group.bench_function(name, |b| {
            b.iter(|| score_hand(black_box(h), black_box(unseen), RankOrder::Normal, &config))
        });
    }
    group.finish();
}

fn legal_actions(c: &mut Criterion) {
    let mut group = c.benchmark_group("big_two/legal_actions_lead");
    let mut out = Vec::with_capacity(256);
    for (name, text) in HANDS {
        let h = hand(text);
        group.bench_function(name, |b| {
            b.iter(|| {
                legal_actions_for(black_box(h), None, RankOrder::Normal, false, &mut out);
                out.len()
            })
        });
    }
    group.finish();
}

/// Seat 0 holds the 14-card two-joker hand; after 3♣ and three passes it leads freely with 13
/// cards.
fn ai2_decision(c: &mut Criterion) {
    let seat0 = hand(HANDS[3].1);
    let mut rest = (CardSet::ALL - seat0).iter();
    let mut hands = [seat0, CardSet::EMPTY, CardSet::EMPTY, CardSet::EMPTY];
    for (seat, h) in hands.iter_mut().enumerate().skip(1) {
        let size = if seat < 2 { 14 } else { 13 };
        while h.len() < size {
            h.insert(rest.next().expect("54 cards"));
        }
    }
    let history: Vec<Move> = [(0, "3c"), (1, "pass"), (2, "pass"), (3, "pass")]
        .iter()
        .map(|&(player, a)| Move {
            player,
            action: a.parse().expect("valid"),
        })
        .collect();
    let game = BigTwo::from_deal(Config::default(), hands, &history).expect("valid deal");
    let mut ai = Ai2::new(0);
    c.bench_function("big_two/ai2_decision/13_cards_two_jokers_lead", |b| {
        b.iter(|| {
            let view = game.observation(0);
            let legal = game.legal_actions(0);
            let decision = Decision::new(0, &view, &legal).expect("seat 0 leads");
            ai.choose(black_box(&decision))
        })
    });
}

fn random_selfplay(c: &mut Criterion) {
    let mut group = c.benchmark_group("big_two/random_selfplay");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    let mut legal: Vec<Action> = Vec::with_capacity(256);
    group.bench_function("game", |b| {
        b.iter(|| {
            seed += 1;
            let mut rng = GameRng::new(seed);
            let mut game = BigTwo::new(Config::default(), seed).expect("game");
            while let Turn::Player(p) = game.turn() {
                game.legal_actions_into(p, &mut legal);
                let pick = legal[rng.index(legal.len())];
                game.apply(&pick).expect("legal");
            }
            black_box(game.returns(0))
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    scoring,
    legal_actions,
    ai2_decision,
    random_selfplay
);
criterion_main!(benches);
