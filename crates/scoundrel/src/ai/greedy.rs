//! `greedy`: fixed rules of thumb over the current Room, from the observation only; the quick
//! player of the benches.

use cards_core::Card;
use game_core::{Agent, Decision};

use crate::ai::turn::{Order, Plan, Planner, TurnStart, offered, play_orders};
use crate::rules::{FACTS, Kind, MAX_HEALTH, WeaponRule};
use crate::{Action, Observation, Scoundrel, Table};

/// The knobs of the rule-based players, `greedy` and `lookahead` ([`crate::LookaheadParams`]
/// is the same type). The defaults were tuned for `lookahead` by hand, by win rate over 20,000
/// deals of seeds derived from 1234 (not the arena's seeds); the main lesson: avoid a Room only to
/// escape death (a high [`GreedyParams::avoid_cost`]), since an avoided Room comes back. For
/// `greedy`, a sweep of each knob in turn over 100,000 such deals found nothing better by more
/// than the noise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GreedyParams {
    /// How much a point of the weapon's expected saving per monster to come is worth, in health:
    /// what keeps a weapon for big monsters and equips a better one. `greedy` counts the saving
    /// against a full Dungeon's monsters, `lookahead` against the unseen ones.
    pub weapon_weight: f64,
    /// How much each point of a monster left in the Room for the next one costs, in health.
    pub leftover_monster: f64,
    /// How much a potion left in the Room for the next one is worth, per point it could heal.
    pub leftover_potion: f64,
    /// The cost of avoiding a Room (the next Room cannot be avoided, and the cards come back). A
    /// plan that dies scores about −1000, so a high cost means "avoid only to survive".
    pub avoid_cost: f64,
    /// Monsters up to this value are fought barehanded while the weapon has no kill, to keep
    /// it for big monsters.
    pub bare_below: i32,
}

impl Default for GreedyParams {
    fn default() -> Self {
        GreedyParams {
            weapon_weight: 2.0,
            leftover_monster: 0.5,
            leftover_potion: 0.8,
            avoid_cost: 25.0,
            bare_below: 2,
        }
    }
}

/// The rule-based player. When a Room is dealt it decides the rest of the turn by fixed rules:
/// - **the order:** the biggest monster first (so that a weapon's last kill bounds the smaller
///   ones after it), a potion after the fights (so that it heals what they cost) unless the fights
///   would kill first, and a new weapon either before the fights or after them;
/// - **the weapon:** used on every monster it may fight, except small ones (up to
///   [`GreedyParams::bare_below`]) while it has no kill;
/// - **the card left** for the next Room: each choice is played out by those rules and scored by
///   health, what the weapon still promises (its saving against a full Dungeon's monsters, which is
///   why it keeps a weapon for big monsters), and the card left (a potion kept is worth something,
///   a big monster costs);
/// - **avoiding:** only when the best way to face the Room looks worse than avoiding by more than
///   [`GreedyParams::avoid_cost`], in practice when facing it would kill.
///
/// Then it plays the turn out (nothing new is learnt during a turn), deciding again if the table
/// is not the one it expected. It reads only the table in the observation; unlike
/// [`crate::LookaheadAgent`] it neither tries every order nor weighs the unseen cards, which
/// makes it about three times as fast and somewhat weaker.
#[derive(Clone, Debug, Default)]
pub struct GreedyAgent {
    params: GreedyParams,
    planner: Planner,
}

impl GreedyAgent {
    /// The greedy player with the default rules.
    pub fn new() -> Self {
        Self::default()
    }

    /// The greedy player with other knobs.
    pub fn with_params(params: GreedyParams) -> Self {
        GreedyAgent {
            params,
            planner: Planner::default(),
        }
    }

    /// The move the rules choose for `observation` (any move, when the game is over).
    pub fn action(&mut self, observation: &Observation) -> Action {
        let params = &self.params;
        self.planner
            .next(observation.table(), || plan(observation.table(), params))
    }
}

impl Agent<Scoundrel> for GreedyAgent {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, decision: &Decision<'_, Scoundrel>) -> Action {
        offered(decision, self.action(decision.observation()))
    }
}

/// Plays `state` to the end by the greedy rules: the fast path of the benches. It makes the same
/// moves as [`GreedyAgent`] (it reads the same table) without building observations.
pub fn play_greedy(state: &mut Scoundrel, params: &GreedyParams) {
    play_orders(state, params.bare_below, |turn| choose(turn, params));
}

/// `SAVING[w][l]`: the sum of `min(v, w)` over monster values `v` from 2 to `min(l, 14)`, one
/// monster of each value. What a weapon of value `w` that may fight monsters up to `l` saves
/// against half the Dungeon's monsters.
const SAVING: [[i32; 16]; 11] = saving_table();

const fn saving_table() -> [[i32; 16]; 11] {
    let mut out = [[0; 16]; 11];
    let mut w = 0;
    while w <= 10 {
        let mut total = 0;
        let mut l = 2;
        while l <= 15 {
            if l <= 14 {
                total += if l < w { l } else { w } as i32;
            }
            out[w][l] = total;
            l += 1;
        }
        w += 1;
    }
    out
}

/// Where a turn ends, as a score: health, plus what the weapon still promises (`weight` per
/// point of [`SAVING`]).
#[inline(always)]
fn standing(health: i32, weapon: i32, limit: i32, weight: f64) -> f64 {
    let w = weapon.clamp(0, 10) as usize;
    let l = limit.clamp(0, 15) as usize;
    f64::from(health) + weight * f64::from(SAVING[w][l])
}

/// How the card left behind counts at the end of the turn: a monster costs, a potion is worth
/// what it could heal (a little more than the room under 20).
#[derive(Clone, Copy)]
enum Leftover {
    Nothing,
    Cost(f64),
    Potion(i32),
}

/// How a choice of the card to leave ends: dead (below every survival), or standing plus what the
/// card left is worth.
#[inline(always)]
fn evaluate(
    health: i32,
    weapon: i32,
    limit: i32,
    left: Leftover,
    weight: f64,
    params: &GreedyParams,
) -> f64 {
    if health <= 0 {
        return -1000.0 + f64::from(health);
    }
    let score = standing(health, weapon, limit, weight);
    match left {
        Leftover::Nothing => score,
        Leftover::Cost(cost) => score - cost,
        Leftover::Potion(v) => {
            let room = (MAX_HEALTH - health).max(0) + 2;
            score + params.leftover_potion * f64::from(v.min(room))
        }
    }
}

/// Where each card goes in the order the rules face a Room in, kinds in the order monsters,
/// weapons, potions: monsters biggest first (so that a weapon's last kill bounds the smaller ones
/// after it), weapons smallest first (the best one stays equipped), potions biggest first (only
/// the first one heals). By card index, with an entry for every byte so that an empty slot
/// (`0xFF`) needs no test; [`NOT_IN_DUNGEON`] for the cards the game does not use.
const SORT_RANK: [u8; 256] = sort_ranks();

/// The sort rank of a card that is not one of the 44.
const NOT_IN_DUNGEON: u8 = u8::MAX;

const fn sort_ranks() -> [u8; 256] {
    let mut out = [NOT_IN_DUNGEON; 256];
    let mut i = 0;
    while i < Card::COUNT {
        let (kind, value) = FACTS[i];
        let v = value as u8;
        out[i] = match kind {
            Some(Kind::Monster) => 15 - v,
            Some(Kind::Weapon) => 16 + v,
            Some(Kind::Potion) => 47 - v,
            None => NOT_IN_DUNGEON,
        };
        i += 1;
    }
    out
}

/// The Room sorted as [`SORT_RANK`] says, cards of one rank in their order in the Room. Each entry
/// is `rank << 2 | slot`, with `u32::MAX` past the Room's cards, so that a sorting network of
/// plain integers does the work.
#[inline(always)]
fn sorted(slots: [u8; 4]) -> [u32; 4] {
    let mut keys = [u32::MAX; 4];
    for (slot, (key, byte)) in keys.iter_mut().zip(slots).enumerate() {
        let rank = SORT_RANK[usize::from(byte)];
        if rank != NOT_IN_DUNGEON {
            *key = u32::from(rank) << 2 | slot as u32;
        }
    }
    for (a, b) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
        let (lo, hi) = (keys[a].min(keys[b]), keys[a].max(keys[b]));
        keys[a] = lo;
        keys[b] = hi;
    }
    keys
}

/// The value of a sorted entry.
#[inline(always)]
fn value_of(key: u32) -> i32 {
    let rank = (key >> 2) as i32;
    if rank < 16 {
        15 - rank
    } else if rank < 32 {
        rank - 16
    } else {
        47 - rank
    }
}

/// Fights the monsters `values` (biggest first) but the one at `skip` from health `health` with a
/// weapon of value `weapon` (0: none) that may fight monsters up to `limit`; health and limit
/// after, stopping at death. The weapon rule of [`Sim::face`], on plain numbers.
#[inline(always)]
fn fight(
    mut health: i32,
    weapon: i32,
    mut limit: i32,
    values: &[i32],
    skip: usize,
    bare: i32,
    below: i32,
) -> (i32, i32) {
    for (i, &v) in values.iter().enumerate() {
        if i == skip {
            continue;
        }
        if weapon > 0 && v <= limit && !(limit >= 15 && v <= bare) {
            health -= (v - weapon).max(0);
            limit = v - below;
        } else {
            health -= v;
        }
        if health <= 0 {
            break;
        }
    }
    (health, limit)
}

/// The turn by the rules. For each choice of the card to leave (none when every card must be
/// faced), the others are faced monsters first, then weapons, then potions, and also weapons
/// first when there are both; potions go first instead when the fights would kill before. The
/// best end by [`evaluate`] wins (the first among equals), unless avoiding looks better.
///
/// Only the fights need a loop: the weapon after a group of weapons is the best of them, fresh,
/// and only the first potion heals, so the rest of each way is a few sums.
fn choose(turn: &TurnStart, params: &GreedyParams) -> Order {
    let keys = sorted(turn.slots);
    // The sorted Room's groups: cards, monsters, and monsters and weapons.
    let (mut k, mut nm, mut first_p) = (0, 0, 0);
    for &key in &keys {
        k += usize::from(key != u32::MAX);
        nm += usize::from(key < 16 << 2);
        first_p += usize::from(key < 32 << 2);
    }
    let leave_one = turn.need < k;
    // A full Room with one card to leave is nearly every turn: one copy of the rules per way it
    // can be made of (how many monsters, and how many monsters and weapons), so that the compiler
    // unrolls the loops over its groups.
    macro_rules! full_rooms {
        ($(($m:literal, $mw:literal)),*) => {
            match (k, nm, first_p, leave_one) {
                $((4, $m, $mw, true) => choose_in(turn, params, keys, 4, $m, $mw, true),)*
                _ => choose_in(turn, params, keys, k, nm, first_p, leave_one),
            }
        };
    }
    full_rooms!(
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 2),
        (2, 3),
        (2, 4),
        (3, 3),
        (3, 4),
        (4, 4)
    )
}

/// [`choose`] for a Room of `k` cards sorted as `keys`, of which `nm` are monsters and
/// `first_p` monsters or weapons; `leave_one` when one card is left for the next Room.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn choose_in(
    turn: &TurnStart,
    params: &GreedyParams,
    keys: [u32; 4],
    k: usize,
    nm: usize,
    first_p: usize,
    leave_one: bool,
) -> Order {
    if k == 0 {
        return Order::Avoid;
    }
    let (nw, np) = (first_p - nm, k - first_p);
    let mut values = [0i32; 4];
    for (v, &key) in values.iter_mut().zip(&keys) {
        *v = value_of(key);
    }
    let monsters = &values[..nm];
    let start = turn.sim;
    let below = i32::from(turn.rule == WeaponRule::Below);
    let bare = params.bare_below;
    // `SAVING` counts half the Dungeon's monsters: the weight per monster.
    let weight = params.weapon_weight / 13.0;
    // The best weapon faced (the last equipped) and the heal of the first potion faced, when the
    // card left is the top one of its kind (`[1]`) or not (`[0]`).
    let top_w = first_p.wrapping_sub(1);
    let best_w = [
        if nw > 0 { values[top_w % 4] } else { 0 },
        if nw > 1 {
            values[top_w.wrapping_sub(1) % 4]
        } else {
            0
        },
    ];
    let heal = if start.potion_used {
        [0, 0]
    } else {
        [
            if np > 0 { values[first_p % 4] } else { 0 },
            if np > 1 { values[(first_p + 1) % 4] } else { 0 },
        ]
    };
    // Where one way of facing the cards but `skip` ends, and whether the potions went first.
    let way = |skip: usize, weapon: i32, limit: i32, heal: i32, drinks: bool| {
        let (health, end_limit) = fight(start.health, weapon, limit, monsters, skip, bare, below);
        if health > 0 {
            ((health + heal).min(MAX_HEALTH), end_limit, false)
        } else if drinks {
            // Drinking first may save the turn.
            let drunk = (start.health + heal).min(MAX_HEALTH);
            let (health, end_limit) = fight(drunk, weapon, limit, monsters, skip, bare, below);
            (health, end_limit, true)
        } else {
            (health, end_limit, false)
        }
    };
    let mut best = f64::NEG_INFINITY;
    // The best way: the card left (`k`: none), weapons first, potions first.
    let mut best_way = (k, false, false);
    let (from, to) = if leave_one { (0, k) } else { (k, k + 1) };
    for skip in from..to {
        let left_m = skip < nm;
        let left_p = skip >= first_p && skip < k;
        let left = if left_m {
            Leftover::Cost(params.leftover_monster * f64::from(values[skip % 4]))
        } else if left_p {
            Leftover::Potion(values[skip % 4])
        } else {
            Leftover::Nothing
        };
        let best_w = best_w[usize::from(skip == top_w)];
        let heal = heal[usize::from(skip == first_p)];
        let drinks = np > usize::from(left_p);
        // Monsters first, with the weapon in hand; the best weapon faced is equipped after.
        let (health, limit, potions_first) = way(skip, start.weapon, start.limit, heal, drinks);
        let score = if best_w > 0 {
            evaluate(health, best_w, 15, left, weight, params)
        } else {
            evaluate(health, start.weapon, limit, left, weight, params)
        };
        if score > best {
            best = score;
            best_way = (skip, false, potions_first);
        }
        // Weapons first, when a weapon and a monster are faced.
        if best_w > 0 && nm > usize::from(left_m) {
            let (health, limit, potions_first) = way(skip, best_w, 15, heal, drinks);
            let score = evaluate(health, best_w, limit, left, weight, params);
            if score > best {
                best = score;
                best_way = (skip, true, potions_first);
            }
        }
    }
    if turn.can_avoid
        && standing(start.health, start.weapon, start.limit, weight) - params.avoid_cost > best
    {
        return Order::Avoid;
    }
    let (skip, weapons_first, potions_first) = best_way;
    let (m, w, p) = (0..nm, nm..first_p, first_p..k);
    let groups = match (potions_first, weapons_first) {
        (false, false) => [m, w, p],
        (false, true) => [w, m, p],
        (true, false) => [p, m, w],
        (true, true) => [p, w, m],
    };
    let mut slots = [0u8; 4];
    let mut len = 0;
    for i in groups.into_iter().flatten().filter(|&i| i != skip) {
        if let (Some(slot), Some(key)) = (slots.get_mut(len), keys.get(i)) {
            *slot = (key & 3) as u8;
            len += 1;
        }
    }
    Order::Face {
        slots,
        len: len as u8,
    }
}

/// The turn's moves by the rules at `table`.
fn plan(table: &Table, params: &GreedyParams) -> Plan {
    let turn = TurnStart::of(table);
    choose(&turn, params).moves(&turn, params.bare_below)
}

/// The rules as first written, one simulation per order: the reference the tests hold [`plan`]
/// to, decision by decision.
#[cfg(test)]
mod reference {
    use super::{GreedyParams, MAX_HEALTH, Plan, SAVING, WeaponRule};
    use crate::Table;
    use crate::ai::turn::items_of;
    use crate::ai::turn::{AVOID, Item, Sim, still_to_face};
    use crate::rules::Kind;

    /// Health plus what the weapon promises per monster still to come.
    fn standing(sim: &Sim, weight: f64) -> f64 {
        let w = sim.weapon.clamp(0, 10) as usize;
        let l = sim.limit.clamp(0, 15) as usize;
        f64::from(sim.health) + weight * f64::from(SAVING[w][l])
    }

    /// How a choice of the card to leave ends.
    fn evaluate(sim: &Sim, left: Option<Item>, weight: f64, params: &GreedyParams) -> f64 {
        if sim.health <= 0 {
            return -1000.0 + f64::from(sim.health);
        }
        let mut score = standing(sim, weight);
        if let Some(item) = left {
            let v = f64::from(item.value);
            match item.kind {
                Kind::Monster => score -= params.leftover_monster * v,
                Kind::Potion => {
                    let room = f64::from((MAX_HEALTH - sim.health).max(0)) + 2.0;
                    score += params.leftover_potion * v.min(room);
                }
                Kind::Weapon => {}
            }
        }
        score
    }

    /// The Room sorted into the order the rules face a group of cards in: monsters biggest first,
    /// then weapons smallest first (the best one stays equipped), then potions biggest first (only
    /// the first one heals).
    #[inline]
    fn sort_room(room: &mut [Item; 4], k: usize) {
        let rank = |item: &Item| match item.kind {
            Kind::Monster => 15 - item.value,
            Kind::Weapon => 16 + item.value,
            Kind::Potion => 47 - item.value,
        };
        // Insertion sort: at most four cards.
        for i in 1..k.min(4) {
            let mut j = i;
            while j > 0 && rank(&room[j - 1]) > rank(&room[j]) {
                room.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// Where facing the sorted Room's cards in the order `order` (indices; those from `k` on and
    /// `skip` are passed over) from `start` ends.
    #[inline(always)]
    fn end_of(
        start: Sim,
        room: &[Item; 4],
        order: [u8; 4],
        skip: usize,
        bare: i32,
        rule: WeaponRule,
    ) -> Sim {
        let mut sim = start;
        for i in order {
            let i = usize::from(i);
            if i != skip && i < 4 {
                sim.face(room[i], bare, rule);
                if sim.health <= 0 {
                    break;
                }
            }
        }
        sim
    }

    /// The orders the rules try, as indices into the sorted Room (4: no card): as sorted (monsters,
    /// weapons, potions); weapons before monsters; and each of those with the potions first.
    #[inline]
    fn orders(monsters: usize, weapons: usize, k: usize) -> [[u8; 4]; 4] {
        let k = k.min(4);
        let armed = (monsters + weapons).min(k);
        let mut plain = [4u8; 4];
        for (i, slot) in plain.iter_mut().enumerate().take(k) {
            *slot = i as u8;
        }
        let mut weapons_first = plain;
        weapons_first[..armed].rotate_left(monsters.min(armed));
        let mut drink_plain = plain;
        drink_plain[..k].rotate_right(k - armed);
        let mut drink_armed = weapons_first;
        drink_armed[..k].rotate_right(k - armed);
        [plain, weapons_first, drink_plain, drink_armed]
    }

    /// The turn by the rules: for each choice of the card to leave, the cards to face in the rules'
    /// order, weapons moved before the monsters when that ends better, potions moved first when
    /// facing them last would kill; the best choice, or avoiding.
    pub(super) fn plan(table: &Table, params: &GreedyParams) -> Plan {
        let (mut room, k) = items_of(table);
        if k == 0 {
            return AVOID;
        }
        sort_room(&mut room, k);
        let monsters = room[..k]
            .iter()
            .take_while(|i| i.kind == Kind::Monster)
            .count();
        let weapons = room[monsters..k]
            .iter()
            .take_while(|i| i.kind == Kind::Weapon)
            .count();
        let potions = k - monsters - weapons;
        let orders = orders(monsters, weapons, k);
        let start = Sim::of(table);
        let need = still_to_face(table, k);
        let rule = table.config().weapon_rule;
        let bare = params.bare_below;
        // `SAVING` counts half the Dungeon's monsters: the weight per monster.
        let weight = params.weapon_weight / 13.0;
        let mut best = f64::NEG_INFINITY;
        let mut best_order = orders[0];
        let mut best_skip = usize::MAX;
        let mut choices = [usize::MAX; 4];
        if need < k {
            for (i, c) in choices.iter_mut().enumerate().take(k) {
                *c = i;
            }
        } else {
            choices[0] = k;
        }
        for skip in choices {
            if skip == usize::MAX {
                continue;
            }
            let left = room.get(skip).filter(|_| skip < k).copied();
            let kind_left = left.map(|i| i.kind);
            let monsters_faced = monsters - usize::from(kind_left == Some(Kind::Monster));
            let weapons_faced = weapons - usize::from(kind_left == Some(Kind::Weapon));
            let potions_faced = potions - usize::from(kind_left == Some(Kind::Potion));
            let armed = monsters_faced > 0 && weapons_faced > 0;
            for way in [0, 1] {
                if way == 1 && !armed {
                    break;
                }
                let mut order = orders[way];
                let mut sim = end_of(start, &room, order, skip, bare, rule);
                if sim.health <= 0 && potions_faced > 0 {
                    // Drinking first may save the turn.
                    order = orders[2 + way];
                    sim = end_of(start, &room, order, skip, bare, rule);
                }
                let score = evaluate(&sim, left, weight, params);
                if score > best {
                    best = score;
                    best_order = order;
                    best_skip = skip;
                }
            }
        }
        if table.can_avoid() && standing(&start, weight) - params.avoid_cost > best {
            return AVOID;
        }
        let mut faced = [room[0]; 4];
        let mut n = 0;
        for i in best_order {
            let i = usize::from(i);
            if i != best_skip && i < k {
                faced[n] = room[i];
                n += 1;
            }
        }
        start.moves(&faced[..n], bare, rule)
    }
}

#[cfg(test)]
mod tests {
    use game_core::Game;

    use super::*;
    use crate::Config;

    /// The fast rules pick exactly the reference's plan at every decision of whole games, over
    /// many deals, both weapon rules and other knobs.
    #[test]
    fn the_rules_plan_like_the_reference() {
        let bold = GreedyParams {
            avoid_cost: 2.0,
            bare_below: 5,
            leftover_potion: 0.0,
            ..GreedyParams::default()
        };
        let mut checked = 0;
        for (config, params, seeds) in [
            (Config::default(), GreedyParams::default(), 0..3000u64),
            (Config::strict(), GreedyParams::default(), 0..500),
            (Config::default(), bold, 0..500),
        ] {
            for seed in seeds {
                let mut state = Scoundrel::new(config, seed).unwrap();
                while !state.is_over() {
                    let fast = plan(state.table(), &params);
                    let slow = reference::plan(state.table(), &params);
                    assert_eq!(fast, slow, "seed {seed}, table {:?}", state.table());
                    checked += 1;
                    state.apply_unchecked(fast[0].unwrap_or(Action::Avoid));
                }
            }
        }
        assert!(checked > 50_000, "{checked} decisions");
    }

    /// The sort ranks agree with the rules' kinds and values, card by card.
    #[test]
    fn sort_ranks_follow_kinds_and_values() {
        for card in cards_core::Card::all() {
            let rank = SORT_RANK[usize::from(card.index())];
            match crate::rules::kind(card) {
                None => assert_eq!(rank, NOT_IN_DUNGEON, "{card}"),
                Some(_) => assert_eq!(
                    value_of(u32::from(rank) << 2),
                    crate::rules::value(card),
                    "{card}"
                ),
            }
        }
    }

    #[test]
    fn the_saving_table_sums_min_of_value_and_weapon() {
        assert_eq!(SAVING[0][15], 0);
        // A 5 against 2..=14: 2 + 3 + 4 + 5 * 10.
        assert_eq!(SAVING[5][15], 59);
        assert_eq!(SAVING[5][14], 59);
        // Up to a 6 only: 2 + 3 + 4 + 5 + 5.
        assert_eq!(SAVING[5][6], 19);
        assert_eq!(SAVING[10][1], 0);
    }
}
