//! AI4's beliefs about the hidden hands: a population of deals consistent with what its seat
//! has seen, weighed by how well they explain the other seats' moves.
//!
//! AI4 models the other seats as players like AI3 (which never pass when they can play and
//! pick the play that leaves the best-scoring hand) until a seat shows otherwise. A deal
//! explains a past move of a seat when AI3, holding what that deal says the seat held then,
//! would have made the same move. The deals are kept from one decision to the next: the moves
//! made since are checked, and each decision refreshes the deals by Metropolis moves (swap a
//! card between two other seats, or between a seat and the cards set aside when fewer than
//! four play; keep the swap with probability [`MISS`] to the power of the
//! extra moves it fails to explain), so that the deals follow the likely ones as the game goes
//! on; a deal that fails to explain [`GAP`] moves more than the best deals is replaced by a
//! copy of one of them. A seat whose moves the best deals still fail to explain often is not
//! playing like AI3: its moves stop counting.

use cards_core::{Card, CardSet};
use game_core::{GameRng, Player};

use crate::action::{Action, Play};
use crate::ai::heuristic::{Ai3Memo, order_after};
use crate::moves::Situation;
use crate::rules::{Config, PLAYERS, RankOrder};
use crate::state::{Move, Observation, sample_core};

/// The chance a Metropolis move that fails to explain one more move is kept.
const MISS: f64 = 0.05;

/// The holder that stands for the cards set aside in a Metropolis move.
const ASIDE: Player = PLAYERS;

/// A deal failing to explain this many more moves than the best deals is replaced.
const GAP: u32 = 3;

/// One past move of another seat, with what that seat knew when it made it.
#[derive(Clone, Copy, Debug)]
struct Past {
    table: Option<Play>,
    order: RankOrder,
    first: bool,
    /// Every card played before the move.
    played_before: CardSet,
    /// The cards the seat played from this move on (this one included): with its hand now,
    /// the hand it held then.
    from_now: CardSet,
    action: Action,
}

/// A deal of the hidden cards and, per seat, how many of its past moves it fails to explain.
#[derive(Clone, Copy, Debug)]
struct Deal {
    hands: [CardSet; PLAYERS],
    misses: [u32; PLAYERS],
}

/// AI4's beliefs across the decisions of one game (see the module docs).
#[derive(Clone, Debug, Default)]
pub(crate) struct Beliefs {
    seat: Option<Player>,
    /// The rules, and the card that opened the game.
    config: Config,
    opening: Option<Card>,
    /// The moves taken into account so far.
    history: Vec<Move>,
    /// The public table replayed from the moves: the trick, the passes, the counts.
    trick: Option<(Player, Play)>,
    order: RankOrder,
    passed: u8,
    counts: [usize; PLAYERS],
    played: CardSet,
    past: [Vec<Past>; PLAYERS],
    /// Per seat, the order in which whole checks go through its past moves (the moves that
    /// failed to explain a deal lately first, so that a check that will fail fails soon).
    check_order: [Vec<u32>; PLAYERS],
    deals: Vec<Deal>,
    /// Whether each seat's moves count (it plays like AI3 as far as the deals can tell).
    counted: [bool; PLAYERS],
    /// AI3's moves, the model of the other seats, worked out in this decision.
    ai3: Ai3Memo,
}

impl Beliefs {
    /// Brings the beliefs up to `observation` (the view of seat `me`), keeping `deals` deals
    /// and refreshing each with `swaps` Metropolis moves.
    pub(crate) fn update(
        &mut self,
        observation: &Observation,
        me: Player,
        deals: usize,
        swaps: usize,
        rng: &mut GameRng,
    ) {
        self.ai3.clear();
        let history = observation.history();
        let continues = self.seat == Some(me)
            && self.config == *observation.config()
            && history.len() >= self.history.len()
            && history[..self.history.len()] == self.history[..];
        if !continues {
            *self = Beliefs {
                seat: Some(me),
                config: observation.config().clone(),
                opening: Some(observation.table().opening()),
                counts: dealt_counts(observation),
                counted: [true; PLAYERS],
                ai3: std::mem::take(&mut self.ai3),
                ..Beliefs::default()
            };
            if let Some(counted) = self.counted.get_mut(me) {
                *counted = false;
            }
        }
        let start = self.history.len();
        for m in &history[start..] {
            self.advance(*m, me, rng);
        }
        self.history.extend_from_slice(&history[start..]);
        if self.deals.len() != deals.max(1) {
            self.deals = (0..deals.max(1))
                .map(|_| Deal {
                    hands: sample_core(observation, me, rng).hands,
                    misses: [0; PLAYERS],
                })
                .collect();
            for i in 0..self.deals.len() {
                for seat in 0..PLAYERS {
                    let hand = self.deals[i].hands[seat];
                    self.deals[i].misses[seat] = self.misses_up_to(seat, hand, u32::MAX, 0);
                }
            }
        }
        self.recount();
        self.refresh(swaps, rng);
    }

    /// AI3's moves as this decision worked them out: the search plays the other seats with them.
    pub(crate) fn ai3(&mut self) -> &mut Ai3Memo {
        &mut self.ai3
    }

    /// The hands of every deal.
    pub(crate) fn hands(&self) -> impl Iterator<Item = [CardSet; PLAYERS]> + '_ {
        self.deals.iter().map(|d| d.hands)
    }

    /// Takes the move `m` into account: records what its seat knew, and moves the cards it
    /// played into that seat's hand in every deal that had them elsewhere.
    fn advance(&mut self, m: Move, me: Player, rng: &mut GameRng) {
        let seat = m.player % PLAYERS;
        if seat != me {
            self.check_order[seat].push(self.past[seat].len() as u32);
            self.past[seat].push(Past {
                table: self.trick.map(|(_, p)| p),
                order: self.order,
                first: self.played.is_empty(),
                played_before: self.played,
                from_now: CardSet::EMPTY,
                action: m.action,
            });
        }
        let cards = m.action.cards();
        for past in &mut self.past[seat] {
            past.from_now |= cards;
        }
        // Each deal must have had the cards played in the seat's hand: a deal that put one
        // elsewhere swaps it with a card of the seat's. The seat's hand then and the cards it
        // has played since are what they were, so only the new move needs checking, unless
        // the swap changed hands.
        for i in 0..self.deals.len() {
            let mut d = self.deals[i];
            let mut swapped = [false; PLAYERS];
            if seat != me {
                for card in cards - d.hands[seat] {
                    // With fewer than four seats the deal may have set the card aside: it
                    // takes the place of one of the seat's, set aside instead.
                    let other = (0..PLAYERS).find(|&s| d.hands[s].contains(card));
                    if let Some(swap) = random_card(d.hands[seat] - cards, rng) {
                        d.hands[seat].remove(swap);
                        if let Some(other) = other {
                            d.hands[other].insert(swap);
                        }
                    }
                    if let Some(other) = other {
                        d.hands[other].remove(card);
                        swapped[other] = true;
                    }
                    d.hands[seat].insert(card);
                    swapped[seat] = true;
                }
            }
            d.hands[seat] -= cards;
            for (s, &swapped) in swapped.iter().enumerate() {
                if swapped {
                    d.misses[s] = self.misses_up_to(s, d.hands[s], u32::MAX, 0);
                } else if s == seat && seat != me {
                    let last = self.past[seat].len() - 1;
                    d.misses[s] += self.misses_up_to(s, d.hands[s], u32::MAX, last);
                }
            }
            self.deals[i] = d;
        }
        // The public table after the move, as the rules move it on.
        match m.action {
            Action::Pass => {
                self.passed |= 1 << seat;
                if let Some((last, _)) = self.trick {
                    let mut others = (0..PLAYERS).filter(|&s| s != last && self.counts[s] > 0);
                    if others.all(|s| self.passed >> s & 1 == 1) {
                        self.trick = None;
                        self.passed = 0;
                    }
                }
            }
            Action::Play(play) => {
                self.counts[seat] = self.counts[seat].saturating_sub(cards.len());
                self.played |= cards;
                self.order = order_after(&play, self.order, &self.config);
                self.trick = Some((seat, play));
                if !self.config.pass_shuts_out {
                    self.passed = 0;
                }
                // Where a pass shuts a seat out, a play that every other seat holding cards
                // has passed on ends the trick at once.
                let mut others = (0..PLAYERS).filter(|&s| s != seat && self.counts[s] > 0);
                if self.config.pass_shuts_out && others.all(|s| self.passed >> s & 1 == 1) {
                    self.trick = None;
                    self.passed = 0;
                }
            }
        }
    }

    /// How many of `seat`'s past moves from the `from`-th on AI3 would not have made holding
    /// `hand` now (and the cards played since), stopping once past `limit`.
    fn misses_up_to(&mut self, seat: Player, hand: CardSet, limit: u32, from: usize) -> u32 {
        let mut misses = 0;
        for k in from..self.past[seat].len() {
            let j = if from == 0 {
                self.check_order[seat][k] as usize
            } else {
                k
            };
            if !self.explains(seat, hand, j) {
                misses += 1;
                if from == 0 && k > 0 {
                    self.check_order[seat][..=k].rotate_right(1);
                }
                if misses > limit {
                    break;
                }
            }
        }
        misses
    }

    /// Whether AI3 holding `hand` now (and the cards played since) would have made `seat`'s
    /// `j`-th past move.
    fn explains(&mut self, seat: Player, hand: CardSet, j: usize) -> bool {
        let past = self.past[seat][j];
        let situation = Situation {
            hand: hand | past.from_now,
            table: past.table,
            order: past.order,
            opening: self.opening.filter(|_| past.first),
            config: &self.config,
        };
        self.ai3.get(&situation, past.played_before) == Some(past.action)
    }

    /// Decides which seats' moves count: those whose moves the best deal mostly explains.
    fn recount(&mut self) {
        for seat in 0..PLAYERS {
            if Some(seat) == self.seat {
                continue;
            }
            let best = self.deals.iter().map(|d| d.misses[seat]).min().unwrap_or(0);
            let moves = self.past[seat].len() as u32;
            self.counted[seat] = best <= 2 + moves / 6;
        }
    }

    /// The misses of a deal that count.
    fn counted_misses(&self, d: &Deal) -> u32 {
        (0..PLAYERS)
            .filter(|&s| self.counted[s])
            .map(|s| d.misses[s])
            .sum()
    }

    /// The cards `d` sets aside that the deal could have dealt: with fewer than four seats, the
    /// cards in play that no seat holds and no one played, less those known to be set aside
    /// (below the card that opened, when the rules' opening card was not dealt).
    fn aside(&self, d: &Deal) -> CardSet {
        let held = d.hands.iter().fold(self.played, |all, &hand| all | hand);
        let aside = self.config.deck() - held;
        match self.opening {
            Some(opening) if opening != self.config.opening => {
                let lowest = self.config.card_order(opening);
                aside
                    .iter()
                    .filter(|&c| self.config.card_order(c) >= lowest)
                    .collect()
            }
            _ => aside,
        }
    }

    /// `swaps` Metropolis moves on every deal, then the deals far less likely than the best
    /// replaced by copies of the best ones.
    fn refresh(&mut self, swaps: usize, rng: &mut GameRng) {
        let Some(me) = self.seat else { return };
        for i in 0..self.deals.len() {
            for _ in 0..swaps {
                let old = self.deals[i];
                // The other seats with cards, and with fewer than four seats the cards set
                // aside as one more holder ([`ASIDE`]).
                let aside = self.aside(&old);
                let mut holders: Vec<Player> = (0..PLAYERS)
                    .filter(|&s| s != me && !old.hands[s].is_empty())
                    .collect();
                if !aside.is_empty() {
                    holders.push(ASIDE);
                }
                if holders.len() < 2 {
                    break;
                }
                let a = holders[rng.index(holders.len())];
                let b = loop {
                    let b = holders[rng.index(holders.len())];
                    if b != a {
                        break b;
                    }
                };
                let cards = |seat: Player| {
                    if seat == ASIDE {
                        aside
                    } else {
                        old.hands[seat]
                    }
                };
                let [x, y] = [a, b].map(|seat| random_card(cards(seat), rng));
                let (Some(x), Some(y)) = (x, y) else { break };
                let mut d = old;
                let seats = [a, b].into_iter().filter(|&s| s != ASIDE);
                for (seat, out, into) in [(a, x, y), (b, y, x)] {
                    if seat != ASIDE {
                        d.hands[seat].remove(out);
                        d.hands[seat].insert(into);
                    }
                }
                // Counting stops one miss past the old count: a swap that far worse is kept
                // only with a small chance, and then counted in full.
                let mut extra = 0i64;
                for s in seats.clone() {
                    let limit = old.misses[s].saturating_add(1);
                    d.misses[s] = self.misses_up_to(s, d.hands[s], limit, 0);
                    if self.counted[s] {
                        extra += i64::from(d.misses[s]) - i64::from(old.misses[s]);
                    }
                }
                if extra <= 0 || rng.unit_f64() < MISS.powi(extra as i32) {
                    for s in seats {
                        if d.misses[s] > old.misses[s].saturating_add(1) {
                            d.misses[s] = self.misses_up_to(s, d.hands[s], u32::MAX, 0);
                        }
                    }
                    self.deals[i] = d;
                }
            }
        }
        let best = self
            .deals
            .iter()
            .map(|d| self.counted_misses(d))
            .min()
            .unwrap_or(0);
        let good: Vec<Deal> = self
            .deals
            .iter()
            .filter(|d| self.counted_misses(d) == best)
            .copied()
            .collect();
        for i in 0..self.deals.len() {
            if self.counted_misses(&self.deals[i]) >= best + GAP {
                self.deals[i] = good[rng.index(good.len())];
            }
        }
    }
}

/// How many cards each seat was dealt: what it holds now and what it has played.
fn dealt_counts(observation: &Observation) -> [usize; PLAYERS] {
    let mut counts = observation.table().counts();
    for m in observation.history() {
        if let Some(count) = counts.get_mut(m.player) {
            *count += m.action.cards().len();
        }
    }
    counts
}

/// A card of `cards` drawn uniformly (`None`, drawing nothing, when there is none).
fn random_card(cards: CardSet, rng: &mut GameRng) -> Option<Card> {
    cards.iter().nth(rng.index(cards.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use crate::ai::Ai3;
    use crate::state::BigTwo;
    use game_core::{Agent, Decision, Game, Turn};

    /// In games of four AI3s, the true hands explain every move of the other seats, at every
    /// point of the game, so the beliefs never rule the truth out.
    #[test]
    fn the_true_deal_explains_every_move_of_ai3() {
        let mut rng = GameRng::new(3);
        for seed in 0..40 {
            let mut game = BigTwo::new(Config::default(), seed).unwrap();
            let me = (seed % 4) as Player;
            let mut beliefs = Beliefs::default();
            while let Turn::Player(p) = game.turn() {
                let view = game.observation(me);
                beliefs.update(&view, me, 2, 1, &mut rng);
                for seat in (0..PLAYERS).filter(|&s| s != me) {
                    let misses = beliefs.misses_up_to(seat, game.hand(seat), u32::MAX, 0);
                    assert_eq!(
                        misses,
                        0,
                        "seed {seed}, seat {seat}, move {}",
                        view.history().len()
                    );
                }
                let legal = game.legal_actions(p);
                let observation = game.observation(p);
                let decision = Decision::new(p, &observation, &legal).unwrap();
                let action = Ai3.choose(&decision);
                game.apply(&action).unwrap();
            }
        }
    }

    /// On every rule set, the table the beliefs replay from the moves is the game's (the trick,
    /// the order, who passed, the counts and the cards played), and the true deal explains every
    /// move of the other seats when they are AI3.
    #[test]
    fn the_beliefs_follow_the_table_on_every_rule_set() {
        use crate::rules::Preset;
        let mut rng = GameRng::new(9);
        let mut configs: Vec<Config> = Preset::ALL.into_iter().map(Config::preset).collect();
        configs.push(Config {
            players: 3,
            ..Config::preset(Preset::HongKong)
        });
        for config in configs {
            for seed in 0..12 {
                let mut game = BigTwo::new(config.clone(), seed).unwrap();
                let me = (seed as usize) % usize::from(config.players);
                let mut beliefs = Beliefs::default();
                while let Turn::Player(p) = game.turn() {
                    let view = game.observation(me);
                    beliefs.update(&view, me, 2, 1, &mut rng);
                    let table = game.table();
                    let at = format!("{config} seed {seed}, move {}", view.history().len());
                    assert_eq!(
                        beliefs.trick,
                        table.trick().map(|t| (t.player, t.play)),
                        "{at}"
                    );
                    assert_eq!(beliefs.order, table.order(), "{at}");
                    assert_eq!(beliefs.counts, table.counts(), "{at}");
                    assert_eq!(beliefs.played, table.played(), "{at}");
                    for seat in 0..PLAYERS {
                        assert_eq!(
                            beliefs.passed >> seat & 1 == 1,
                            table.has_passed(seat),
                            "{at}"
                        );
                    }
                    for deal in &beliefs.deals {
                        for seat in 0..PLAYERS {
                            assert_eq!(deal.hands[seat].len(), table.count(seat), "{at}");
                        }
                    }
                    for seat in (0..PLAYERS).filter(|&s| s != me) {
                        let misses = beliefs.misses_up_to(seat, game.hand(seat), u32::MAX, 0);
                        assert_eq!(misses, 0, "{at}, seat {seat}");
                    }
                    let legal = game.legal_actions(p);
                    let observation = game.observation(p);
                    let decision = Decision::new(p, &observation, &legal).unwrap();
                    let action = Ai3.choose(&decision);
                    game.apply(&action).unwrap();
                }
            }
        }
    }

    /// With fewer than four seats the Metropolis moves also swap cards with the cards set
    /// aside, so the deals do not keep the pile they started with; they never deal a card known
    /// to be set aside (one below the card that opened, when the rules' opening card was not
    /// dealt) and never one AI4 holds or saw played.
    #[test]
    fn with_fewer_seats_the_deals_draw_on_the_cards_set_aside() {
        use crate::rules::Preset;
        let mut rng = GameRng::new(4);
        let config = Config {
            players: 3,
            ..Config::preset(Preset::HongKong)
        };
        let mut drawn_from_the_pile = 0;
        for seed in 0..6 {
            let mut game = BigTwo::new(config.clone(), seed).unwrap();
            let me = (seed as usize) % 3;
            let mut beliefs = Beliefs::default();
            let opening = game.table().opening();
            let lowest = config.card_order(opening);
            let mut piles: Vec<CardSet> = Vec::new();
            while let Turn::Player(p) = game.turn() {
                let view = game.observation(me);
                beliefs.update(&view, me, 1, 20, &mut rng);
                for (i, deal) in beliefs.deals.iter().enumerate() {
                    let others = (0..PLAYERS)
                        .filter(|&s| s != me)
                        .fold(CardSet::EMPTY, |all, s| all | deal.hands[s]);
                    assert!((others & (view.hand() | game.table().played())).is_empty());
                    if opening != config.opening {
                        assert!(others.iter().all(|c| config.card_order(c) >= lowest));
                    }
                    // A card set aside at the last decision and held now came from the
                    // pile by a swap (a card played from the pile is played, not held; with
                    // one deal, none is replaced by a copy of another).
                    if let Some(&before) = piles.get(i) {
                        drawn_from_the_pile += (before & others).len();
                    }
                }
                piles = beliefs.deals.iter().map(|d| beliefs.aside(d)).collect();
                let legal = game.legal_actions(p);
                let observation = game.observation(p);
                let decision = Decision::new(p, &observation, &legal).unwrap();
                let action = Ai3.choose(&decision);
                game.apply(&action).unwrap();
            }
        }
        assert!(drawn_from_the_pile > 0);
    }
}
