//! Big Two rule sets: the legal plays of a 13-card hand under each standard preset, leading and
//! following a pair, by the fast generator beside the plain reference (every subset of the hand,
//! classified by the rules' words); and whole random games of each preset.
//!
//! - `big_two/rules/<preset>/lead_13_cards`, `follow_pair_13_cards` (and `…_reference`): one
//!   call of a generator.
//! - `big_two/rules/<preset>/random_game`: one game from a fixed list of seeds (each
//!   iteration the next), every move drawn uniformly from the game's legal actions (sorted as
//!   the reference lists them) by a `GameRng` of the same seed, each applied with its check;
//!   `random_game_reference` plays the same games with the legal moves listed by
//!   `legal_plays_reference` (and `pass` when following) instead. The default rule set, which has no reference generator of this kind,
//!   has `random_game` only.
//!
//! `cargo bench --bench big_two_rule_sets -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use big_two_reversal::prelude::*;
use big_two_reversal::{Combination, Preset, RankOrder, legal_plays, legal_plays_reference};
use criterion::{Criterion, criterion_group, criterion_main};
use game_core::GameRng;

/// The seeds the random games cycle through.
const SEEDS: [u64; 8] = [1, 2, 3, 5, 8, 13, 21, 34];

/// The legal actions of the player to move, as the plain reference lists them: every play of
/// the hand that `legal_plays_reference` finds (leading, or beating the trick; with the opening
/// card while the game's first play is to come), then `pass` when following.
fn reference_actions(game: &BigTwo, player: Player, out: &mut Vec<Action>) {
    out.clear();
    let table = game.table();
    let opening = table.is_first_play().then(|| table.opening());
    let trick = table.trick().map(|t| t.play.cards());
    for cards in legal_plays_reference(
        game.hand(player),
        trick,
        game.config(),
        table.order(),
        opening,
    ) {
        if let Ok(play) = Play::new(cards, cards) {
            out.push(Action::Play(play));
        }
    }
    if trick.is_some() {
        out.push(Action::Pass);
    }
}

/// The game's own legal actions, in the reference's order (plays by their cards' bits, then
/// `pass`), so that both generators' games draw the same moves.
fn fast_actions(game: &BigTwo, player: Player, out: &mut Vec<Action>) {
    game.legal_actions_into(player, out);
    out.sort_by_key(|a| (*a == Action::Pass, a.cards().bits()));
}

/// One game of `config` from `seed`, every move uniformly random among those `legal` lists.
fn random_game(
    config: &Config,
    seed: u64,
    out: &mut Vec<Action>,
    legal: impl Fn(&BigTwo, Player, &mut Vec<Action>),
) -> Option<BigTwo> {
    let mut game = BigTwo::new(config.clone(), seed).ok()?;
    let mut rng = GameRng::new(seed);
    while let Turn::Player(p) = game.turn() {
        legal(&game, p, out);
        let Some(&action) = rng.choose(out) else {
            break;
        };
        game.apply(&action).ok()?;
    }
    Some(game)
}

/// A random game of every preset (the next seed of [`SEEDS`] each iteration), with the game's
/// own generator and, for the standard presets, the plain reference.
fn games(c: &mut Criterion) {
    let mut out = Vec::with_capacity(512);
    for preset in Preset::ALL {
        let config = Config::preset(preset);
        // The two generators play the same games: the same legal actions in the same order.
        if preset != Preset::Reversal {
            for seed in SEEDS {
                let fast = random_game(&config, seed, &mut out, fast_actions);
                let reference = random_game(&config, seed, &mut out, reference_actions);
                assert!(fast.is_some(), "{preset} seed {seed}: a game played out");
                assert_eq!(fast, reference, "{preset} seed {seed}");
            }
        }
        let mut group = c.benchmark_group(format!("big_two/rules/{preset}"));
        let mut next = 0;
        group.bench_function("random_game", |b| {
            b.iter(|| {
                next = (next + 1) % SEEDS.len();
                random_game(&config, black_box(SEEDS[next]), &mut out, fast_actions)
                    .map(|g| g.history().len())
            })
        });
        if preset != Preset::Reversal {
            let mut next = 0;
            group.bench_function("random_game_reference", |b| {
                b.iter(|| {
                    next = (next + 1) % SEEDS.len();
                    random_game(&config, black_box(SEEDS[next]), &mut out, reference_actions)
                        .map(|g| g.history().len())
                })
            });
        }
        group.finish();
    }
}

/// A hand with pairs, a triple, a straight and a flush in it.
const HAND: &str = "3c 3d 3h 4c 5d 6h 7s 8s 9s Js Qs Ks 2d";

fn generators(c: &mut Criterion) {
    let hand: CardSet = HAND.parse().expect("bench hand is valid");
    let mut out: Vec<Combination> = Vec::with_capacity(512);
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

criterion_group!(benches, generators, games);
criterion_main!(benches);
