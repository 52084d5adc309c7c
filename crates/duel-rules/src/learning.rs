//! Action ids and observation tensors for learning agents ([`Learning`]); the layout is
//! documented in the crate docs (section "Learning").
//!
//! The game has no hidden information apart from the round's simultaneous choice, and a
//! [`Duel`] stores no chosen move between rounds (its fields are the rules, the number of
//! players, the round, each seat's health, qi and knock-out round, and the rounds already
//! resolved, whose moves everyone has seen), so every seat's tensor may show the whole
//! position: it cannot hold a move nobody has revealed yet.

use std::fmt::Write as _;

use game_core::{Learning, Player};

use crate::action::Action;
use crate::rules::{Config, RuleSet};
use crate::state::Duel;

/// Entries before the seats' blocks: rounds played, rounds left before the limit.
const GLOBALS: usize = 2;

/// Entries of a seat's block before its move flags: is the observer, still in, health, qi.
const SEAT_FIELDS: usize = 4;

/// Ids per attack: one per seat in a free-for-all, one (no target) in a duel.
fn targets(players: usize) -> usize {
    if players > 2 { players } else { 1 }
}

/// The first id of each move, in the rule set's order, and the number of ids (with `out` last
/// in a free-for-all).
fn first_ids(rules: &RuleSet, players: usize) -> (Vec<usize>, usize) {
    let mut next = 0usize;
    let firsts = rules
        .moves()
        .iter()
        .map(|m| {
            let first = next;
            next += if m.is_attack() { targets(players) } else { 1 };
            first
        })
        .collect();
    if players > 2 {
        next += 1;
    }
    (firsts, next)
}

/// Length of a seat's block: the fields plus one affordability flag per move.
fn seat_width(config: &Config) -> usize {
    SEAT_FIELDS + config.rules.moves().len()
}

/// Action ids and tensors as the crate docs' "Learning" section lays them out.
///
/// ```
/// use duel_rules::prelude::*;
///
/// let config = Config::default();
/// let duel = Duel::new(config.clone(), 0)?;
/// let ids = duel.legal_action_ids(0);
/// let first = Duel::action_from_id(&config, ids[0]).expect("a legal id names an action");
/// assert_eq!(Duel::action_id(&config, &first), Some(ids[0]));
/// assert!(ids.iter().all(|&id| id < Duel::num_distinct_actions(&config)));
/// let shape = Duel::observation_tensor_shape(&config);
/// assert_eq!(duel.observation_tensor(0).len(), shape.iter().product::<usize>());
/// # Ok::<(), Error>(())
/// ```
impl Learning for Duel {
    /// `M` (the rule set's moves) in a duel; `F + A × n + 1` in a free-for-all of `n`, where `F`
    /// moves are not attacks and `A` are (hk: 7 in a duel, 18 with three players, 43 with
    /// eight).
    fn num_distinct_actions(config: &Config) -> usize {
        first_ids(&config.rules, config.players).1
    }

    /// Moves in the rule set's order; an attack in a free-for-all takes one id per target seat
    /// (seat 0 first); `out` is the last id of a free-for-all and has none in a duel.
    fn action_id(config: &Config, action: &Action) -> Option<usize> {
        let n = config.players;
        let (firsts, count) = first_ids(&config.rules, n);
        match *action {
            Action::Out => (n > 2).then(|| count - 1),
            Action::Play { name, target } => {
                let i = config.rules.index_of(name)?;
                let first = firsts[i];
                match (config.rules.moves()[i].is_attack(), n > 2, target) {
                    (false, _, None) | (true, false, None) => Some(first),
                    (true, true, Some(t)) if t < n => Some(first + t),
                    _ => None,
                }
            }
        }
    }

    fn action_from_id(config: &Config, id: usize) -> Option<Action> {
        let n = config.players;
        let (firsts, count) = first_ids(&config.rules, n);
        if id >= count {
            return None;
        }
        if n > 2 && id == count - 1 {
            return Some(Action::Out);
        }
        // The last move whose first id is at most `id`.
        let i = firsts
            .partition_point(|&first| first <= id)
            .checked_sub(1)?;
        let m = &config.rules.moves()[i];
        Some(if m.is_attack() && n > 2 {
            Action::attack(m.name, id - firsts[i])
        } else {
            Action::play(m.name)
        })
    }

    /// Rounds played and left lie in `[0, round_limit]`; per seat, the flags in `[0, 1]`,
    /// health in `[0, start_health]` (it only falls) and qi in `[0, start_qi + round_limit ×
    /// the most a charge gains]` (qi rises only by charging, at most once a round).
    fn observation_bounds(config: &Config) -> game_core::Bounds {
        let rules = &config.rules;
        let len = Self::observation_tensor_shape(config)[0];
        let mut bounds = game_core::Bounds::uniform(len, 0.0, 1.0);
        let limit = rules.round_limit() as f32;
        bounds.high[..GLOBALS].fill(limit);
        let gain = (0..rules.moves().len())
            .flat_map(|i| {
                [
                    rules.charge_gain(i, 0),
                    rules.charge_gain(i, rules.start_health()),
                ]
            })
            .max()
            .unwrap_or(0);
        let width = seat_width(config);
        for seat in 0..config.players {
            let at = GLOBALS + seat * width;
            bounds.high[at + 2] = rules.start_health() as f32;
            bounds.high[at + 3] = rules.start_qi() as f32 + limit * gain as f32;
        }
        bounds
    }

    /// `[2 + n × (4 + M)]`: hk's duel 24, hk with three players 35.
    fn observation_tensor_shape(config: &Config) -> Vec<usize> {
        vec![GLOBALS + config.players * seat_width(config)]
    }

    fn config_of(&self) -> Config {
        Config {
            players: self.fighters().len(),
            rules: self.rules().clone(),
        }
    }

    fn observation_tensor_into(&self, player: Player, out: &mut [f32]) {
        out.fill(0.0);
        let config = self.config_of();
        let limit = self.rules().round_limit();
        let globals = [
            self.round() as f32,
            limit.saturating_sub(self.round()) as f32,
        ];
        for (slot, value) in out.iter_mut().zip(globals) {
            *slot = value;
        }
        let width = seat_width(&config);
        for (seat, f) in self.fighters().iter().enumerate() {
            let at = GLOBALS + seat * width;
            let Some(block) = out.get_mut(at..at + width) else {
                return;
            };
            block[0] = if seat == player { 1.0 } else { 0.0 };
            block[1] = if f.is_in() { 1.0 } else { 0.0 };
            block[2] = f.health as f32;
            block[3] = f.qi as f32;
            if f.is_in() {
                for (flag, m) in block[SEAT_FIELDS..].iter_mut().zip(self.rules().moves()) {
                    *flag = if m.cost <= f.qi { 1.0 } else { 0.0 };
                }
            }
        }
    }

    /// The round, whose seat is the observer's, and one line per player (as [`Duel`] prints).
    fn observation_string(&self, player: Player) -> String {
        let mut text = format!(
            "round {} of {}; you are player {}",
            self.round(),
            self.rules().round_limit(),
            player.saturating_add(1)
        );
        let _ = write!(text, "\n{self}");
        text
    }
}
