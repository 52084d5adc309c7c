//! `lookahead`: every way to play the rest of the current Room, scored against the unseen cards,
//! from the observation only.

use cards_core::CardSet;
use game_core::{Agent, Decision};

use crate::ai::GreedyParams;
use crate::ai::turn::{
    AVOID, Item, Plan, Planner, Sim, items_of, offered, play_planned, still_to_face,
};
use crate::rules::{Kind, MAX_HEALTH, MONSTERS, WeaponRule};
use crate::{Action, Observation, Scoundrel, Table};

/// The knobs of the `lookahead` player: the same as `greedy`'s, with the same defaults (see
/// [`GreedyParams`]).
pub type LookaheadParams = GreedyParams;

/// The one-turn lookahead player (the `greedy` player of earlier versions: stronger than today's
/// [`crate::GreedyAgent`], and about three times as slow). When a Room is dealt it plans the
/// rest of the turn: it tries each choice of the card to leave for the next Room and each order
/// of the others, fights a monster with the weapon whenever the weapon may be used (except small
/// monsters while the weapon has no kill, see [`GreedyParams::bare_below`]), and scores where each plan leaves it: health, the
/// saving the weapon still promises against the monsters left (so it keeps a weapon for big
/// monsters and equips a better one at the right moment), and the card left behind (a potion kept
/// for the next turn is worth something, a big monster costs). It avoids the Room when avoiding
/// looks better than the best plan by more than [`GreedyParams::avoid_cost`]. Then it plays the
/// plan out (nothing new is learnt during a turn), planning again if the table is not the one it
/// expected.
///
/// It reads only the observation: the cards left in the Dungeon as a set, never their order.
#[derive(Clone, Debug, Default)]
pub struct LookaheadAgent {
    params: LookaheadParams,
    planner: Planner,
}

impl LookaheadAgent {
    /// The lookahead player with the default knobs.
    pub fn new() -> Self {
        Self::default()
    }

    /// The lookahead player with other knobs.
    pub fn with_params(params: LookaheadParams) -> Self {
        LookaheadAgent {
            params,
            planner: Planner::default(),
        }
    }

    /// The move the rules choose for `observation` (any move, when the game is over).
    pub fn action(&mut self, observation: &Observation) -> Action {
        let params = &self.params;
        self.planner.next(observation.table(), || {
            plan(observation.table(), observation.dungeon_cards(), params)
        })
    }
}

impl Agent<Scoundrel> for LookaheadAgent {
    fn name(&self) -> &str {
        "lookahead"
    }

    fn choose(&mut self, decision: &Decision<'_, Scoundrel>) -> Action {
        offered(decision, self.action(decision.observation()))
    }
}

/// Plays `state` to the end as [`LookaheadAgent`] would: the fast path of the `search` player's
/// rollouts. It makes the same moves (it reads the same table and the same set of unseen cards),
/// without building observations.
pub fn play_lookahead(state: &mut Scoundrel, params: &LookaheadParams) {
    play_planned(state, |state| {
        plan(state.table(), state.dungeon().cards(), params)
    });
}

/// What the plans are scored against: the unseen monsters counted by value, as prefix sums so
/// that the weapon's saving for any weapon and limit is two lookups.
struct Outlook {
    /// `count[l]`: the unseen monsters of value at most `l`.
    count: [i32; 15],
    /// `total[l]`: the sum of the values of the unseen monsters of value at most `l`.
    total: [i32; 15],
    monsters: i32,
}

impl Outlook {
    #[inline]
    fn new(unseen: CardSet) -> Outlook {
        let bits = (unseen & MONSTERS).bits();
        let mut count = [0i32; 15];
        let mut total = [0i32; 15];
        let (mut c, mut t) = (0, 0);
        for v in 2..=14usize {
            let rank = if v == 14 { 1 } else { v };
            let n = (bits >> ((rank - 1) * 4) & 0xF).count_ones() as i32;
            c += n;
            t += n * v as i32;
            count[v] = c;
            total[v] = t;
        }
        Outlook {
            count,
            total,
            monsters: c,
        }
    }

    /// The sum over unseen monsters of value at most `limit` (0–14) of `min(value, weapon)`
    /// (`weapon` 0–10).
    #[inline]
    fn saving(&self, weapon: usize, limit: usize) -> i32 {
        let m = weapon.min(limit);
        self.total[m] + weapon as i32 * (self.count[limit] - self.count[m])
    }

    /// The score of a plan's end: health, the weapon's promise, and the card left behind.
    #[inline]
    fn evaluate(&self, sim: &Sim, left: Option<Item>, params: &LookaheadParams) -> f64 {
        if sim.health <= 0 {
            return -1000.0 + f64::from(sim.health);
        }
        let mut score = f64::from(sim.health);
        let left_monster = left.filter(|i| i.kind == Kind::Monster);
        if sim.weapon > 0 {
            let top = sim.limit.clamp(0, 14) as usize;
            let mut saving = self.saving(sim.weapon.clamp(0, 10) as usize, top);
            let mut count = self.monsters;
            if let Some(m) = left_monster {
                count += 1;
                if m.value <= sim.limit {
                    saving += m.value.min(sim.weapon);
                }
            }
            score += params.weapon_weight * f64::from(saving) / f64::from(count.max(1));
        }
        if let Some(item) = left {
            let v = f64::from(item.value);
            match item.kind {
                Kind::Monster => score -= params.leftover_monster * v,
                Kind::Potion => {
                    let room = f64::from((MAX_HEALTH - sim.health).max(0)) + 2.0;
                    score += params.leftover_potion * v.min(room);
                }
                _ => {}
            }
        }
        score
    }
}

/// One move of a plan from `sim`, unless the plan already died (then nothing happens); the
/// state after it, and whether the plan has died.
#[inline(always)]
fn advance(
    sim: Sim,
    dead: bool,
    item: Item,
    params: &LookaheadParams,
    rule: WeaponRule,
) -> (Sim, bool) {
    if dead {
        return (sim, true);
    }
    let mut next = sim;
    next.face(item, params.bare_below, rule);
    (next, next.health <= 0)
}

/// The best plan for the rest of the turn: up to four moves, or avoiding.
///
/// It tries each choice of the card to leave (none when every card must be faced) and each order
/// of the others, keeping the first best in the order of the reference enumeration (the card
/// left, then the orders lexicographically): nested loops over orders that share the simulation
/// of a common prefix and skip an order as soon as two neighbours are out of order (see
/// [`in_order`]); the card left is the one an order did not use.
fn plan(table: &Table, unseen: CardSet, params: &LookaheadParams) -> Plan {
    let (items, k) = items_of(table);
    if k == 0 {
        return AVOID;
    }
    let rule = table.config().weapon_rule;
    let start = Sim::of(table);
    let need = still_to_face(table, k);
    let outlook = Outlook::new(unseen);
    // `follows[a]`: the items that may come right after item `a`.
    let mut follows = [0u8; 4];
    for (a, row) in follows.iter_mut().enumerate().take(k) {
        for b in 0..k {
            if a != b && in_order(items[a], items[b]) {
                *row |= 1 << b;
            }
        }
    }
    let all = (1u8 << k) - 1;
    // Moves per order: every card but one when one is left behind, else every card.
    let n = if need < k { k - 1 } else { k };
    let mut best = f64::NEG_INFINITY;
    // The best order (item indices) and its length; its moves are replayed at the end.
    let mut best_order = [0u8; 4];
    let mut best_len = usize::MAX;
    // Where an order comes in the reference enumeration (the card left, then the order
    // lexicographically): among equal scores the first there wins, so the loops below may visit
    // the orders in any order.
    let mut best_key = u32::MAX;
    macro_rules! consider {
        ($sim:expr, $used:expr, $key:expr, $order:expr, $len:expr) => {{
            let rest = all & !$used;
            let (left, leave) = if need < k {
                (
                    Some(items[rest.trailing_zeros() as usize]),
                    rest.trailing_zeros(),
                )
            } else {
                (None, 0)
            };
            let score = outlook.evaluate($sim, left, params);
            let key = leave << 8 | $key;
            if score > best || (score == best && key < best_key) {
                best = score;
                best_key = key;
                best_order = $order;
                best_len = $len;
            }
        }};
    }
    if n == 0 {
        consider!(&start, 0u8, 0u32, [0; 4], 0);
    }
    let mut choices_a = if n == 0 { 0 } else { all };
    while choices_a != 0 {
        let a = choices_a.trailing_zeros() as usize;
        choices_a &= choices_a - 1;
        let (s1, d1) = advance(start, false, items[a], params, rule);
        let used1 = 1u8 << a;
        let key1 = (a as u32) << 6;
        if n == 1 {
            consider!(&s1, used1, key1, [a as u8, 0, 0, 0], 1);
            continue;
        }
        let mut choices_b = all & !used1 & follows[a];
        while choices_b != 0 {
            let b = choices_b.trailing_zeros() as usize;
            choices_b &= choices_b - 1;
            let (s2, d2) = advance(s1, d1, items[b], params, rule);
            let used2 = used1 | 1 << b;
            let key2 = key1 | (b as u32) << 4;
            if n == 2 {
                consider!(&s2, used2, key2, [a as u8, b as u8, 0, 0], 2);
                continue;
            }
            let mut choices_c = all & !used2 & follows[b];
            while choices_c != 0 {
                let c = choices_c.trailing_zeros() as usize;
                choices_c &= choices_c - 1;
                let (s3, d3) = advance(s2, d2, items[c], params, rule);
                let used3 = used2 | 1 << c;
                let key3 = key2 | (c as u32) << 2;
                if n == 3 {
                    consider!(&s3, used3, key3, [a as u8, b as u8, c as u8, 0], 3);
                    continue;
                }
                let rest3 = all & !used3;
                if rest3 & follows[c] != 0 {
                    let d = rest3.trailing_zeros() as usize;
                    let (s4, _) = advance(s3, d3, items[d], params, rule);
                    consider!(
                        &s4,
                        all,
                        key3 | d as u32,
                        [a as u8, b as u8, c as u8, d as u8],
                        4
                    );
                }
            }
        }
    }
    // The moves of the best order, up to the one that dies if one does.
    let mut best_plan = [None; 4];
    if best_len <= 4 {
        let mut order = [items[0]; 4];
        for (slot, &i) in order.iter_mut().zip(&best_order[..best_len]) {
            *slot = items[usize::from(i)];
        }
        best_plan = start.moves(&order[..best_len], params.bare_below, rule);
    }
    if table.can_avoid() {
        // The outlook after avoiding: the Room's monsters join the unseen ones.
        let mut everything = Outlook {
            count: [0; 15],
            total: [0; 15],
            monsters: outlook.monsters,
        };
        let mut joining = [0i32; 15];
        for item in &items[..k] {
            if item.kind == Kind::Monster && !unseen.contains(item.card) {
                joining[item.value as usize] += 1;
            }
        }
        let (mut c, mut t) = (0, 0);
        for (v, &n) in joining.iter().enumerate().skip(2) {
            c += n;
            t += n * v as i32;
            everything.count[v] = outlook.count[v] + c;
            everything.total[v] = outlook.total[v] + t;
        }
        everything.monsters += c;
        if everything.evaluate(&start, None, params) - params.avoid_cost > best {
            best_plan = AVOID;
        }
    }
    best_plan
}

/// Whether `b` may follow `a` in an order worth simulating: orders that a swap of two neighbours
/// cannot make worse are skipped. A bigger monster before a smaller one (with the weapon, the
/// smaller may follow the bigger, not the reverse; barehanded the order does not matter); a bigger
/// potion before a smaller one (only the first heals); and a weapon never right after a potion
/// (they commute).
#[inline]
fn in_order(a: Item, b: Item) -> bool {
    match (a.kind, b.kind) {
        (Kind::Monster, Kind::Monster) | (Kind::Potion, Kind::Potion) => a.value >= b.value,
        (Kind::Potion, Kind::Weapon) => false,
        _ => true,
    }
}

/// Whether an order is worth simulating: orders that a swap of two neighbours cannot make worse
/// are skipped. A bigger monster before a smaller one (with the weapon, the smaller may follow
/// the bigger, not the reverse; barehanded the order does not matter); a bigger potion before a
/// smaller one (only the first heals); and a weapon never right after a potion (they commute).
#[cfg(test)]
fn canonical(order: &[usize], items: &[Item; 4]) -> bool {
    order
        .windows(2)
        .all(|pair| in_order(items[pair[0]], items[pair[1]]))
}

#[cfg(test)]
const PERMS_1: [[usize; 4]; 1] = [[0, 0, 0, 0]];
#[cfg(test)]
const PERMS_2: [[usize; 4]; 2] = [[0, 1, 0, 0], [1, 0, 0, 0]];
#[cfg(test)]
const PERMS_3: [[usize; 4]; 6] = [
    [0, 1, 2, 0],
    [0, 2, 1, 0],
    [1, 0, 2, 0],
    [1, 2, 0, 0],
    [2, 0, 1, 0],
    [2, 1, 0, 0],
];
#[cfg(test)]
/// Every order of four, generated at compile time.
const PERMS_4: [[usize; 4]; 24] = perms_4();

#[cfg(test)]
const fn perms_4() -> [[usize; 4]; 24] {
    let mut out = [[0; 4]; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                let d = 6usize.saturating_sub(a + b + c);
                if a != b && a != c && b != c && a + b + c <= 6 && d != a && d != b && d != c {
                    out[n] = [a, b, c, d];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// The planner as it was before the depth-first search: the reference the tests hold the fast
/// planner to, decision by decision.
#[cfg(test)]
mod reference {
    use cards_core::CardSet;

    use super::{PERMS_1, PERMS_2, PERMS_3, PERMS_4, canonical};
    use crate::ai::LookaheadParams;
    use crate::ai::turn::{Item, Sim, items_of};
    use crate::rules::{Kind, MAX_HEALTH, MONSTERS};
    use crate::{Action, Table};

    /// What the plans are scored against: the unseen monsters counted by value.
    struct Outlook {
        counts: [i32; 15],
        monsters: i32,
        /// `saving[w][l]`: the sum over unseen monsters of value at most `l` of `min(value, w)`,
        /// filled by [`Outlook::prepare`] for the weapon values a plan can hold.
        saving: [[i32; 15]; 11],
    }

    impl Outlook {
        fn new(unseen: CardSet) -> Outlook {
            let mut counts = [0i32; 15];
            let bits = (unseen & MONSTERS).bits();
            for (rank, v) in (1..=13).map(|r| (r, if r == 1 { 14 } else { r })) {
                counts[v as usize] = (bits >> ((rank - 1) * 4) & 0xF).count_ones() as i32;
            }
            Outlook {
                counts,
                monsters: counts.iter().sum(),
                saving: [[0; 15]; 11],
            }
        }

        /// Fills the savings row of weapon value `w` (2–10).
        fn prepare(&mut self, w: i32) {
            let Some(row) = usize::try_from(w).ok().and_then(|w| self.saving.get_mut(w)) else {
                return;
            };
            let mut total = 0;
            for v in 2..=14 {
                total += self.counts[v as usize] * v.min(w);
                row[v as usize] = total;
            }
        }

        /// The score of a plan's end: health, the weapon's promise, and the card left behind.
        #[inline]
        fn evaluate(&self, sim: &Sim, left: Option<Item>, params: &LookaheadParams) -> f64 {
            if sim.health <= 0 {
                return -1000.0 + f64::from(sim.health);
            }
            let mut score = f64::from(sim.health);
            let left_monster = left.filter(|i| i.kind == Kind::Monster);
            if sim.weapon > 0 {
                let top = sim.limit.clamp(0, 14) as usize;
                let mut saving = self.saving[sim.weapon.clamp(0, 10) as usize][top];
                let mut count = self.monsters;
                if let Some(m) = left_monster {
                    count += 1;
                    if m.value <= sim.limit {
                        saving += m.value.min(sim.weapon);
                    }
                }
                score += params.weapon_weight * f64::from(saving) / f64::from(count.max(1));
            }
            if let Some(item) = left {
                let v = f64::from(item.value);
                match item.kind {
                    Kind::Monster => score -= params.leftover_monster * v,
                    Kind::Potion => {
                        let room = f64::from((MAX_HEALTH - sim.health).max(0)) + 2.0;
                        score += params.leftover_potion * v.min(room);
                    }
                    _ => {}
                }
            }
            score
        }
    }

    /// The best plan for the rest of the turn: up to four moves, or avoiding.
    pub(super) fn plan(
        table: &Table,
        unseen: CardSet,
        params: &LookaheadParams,
    ) -> [Option<Action>; 4] {
        let (items, k) = items_of(table);
        let mut best_plan = [None; 4];
        if k == 0 {
            best_plan[0] = Some(Action::Avoid);
            return best_plan;
        }
        let rule = table.config().weapon_rule;
        let start = Sim {
            health: table.health(),
            weapon: table.weapon().map_or(0, |w| w.value()),
            limit: table.weapon().map_or(0, |w| w.limit(rule)),
            potion_used: table.potion_used(),
        };
        let need = if table.dungeon_len() > 0 {
            usize::from(3u8.saturating_sub(table.faced_this_room())).min(k)
        } else {
            k
        };
        let mut outlook = Outlook::new(unseen);
        outlook.prepare(start.weapon);
        for item in &items[..k] {
            if item.kind == Kind::Weapon {
                outlook.prepare(item.value);
            }
        }
        let mut best = f64::NEG_INFINITY;
        let mut order = [0usize; 4];
        // Which card to leave (k == need: none), then every order of the others.
        for leave in 0..(if need < k { k } else { 1 }) {
            let mut n = 0;
            for i in 0..k {
                if need == k || i != leave {
                    order[n] = i;
                    n += 1;
                }
            }
            let left = (need < k).then(|| items[leave]);
            let perms: &[[usize; 4]] = match n {
                4 => &PERMS_4,
                3 => &PERMS_3,
                2 => &PERMS_2,
                _ => &PERMS_1,
            };
            for perm in perms {
                let mut sequence = [0usize; 4];
                for (slot, &p) in sequence.iter_mut().zip(&perm[..n]) {
                    *slot = order[p];
                }
                let sequence = &sequence[..n];
                if !canonical(sequence, &items) {
                    continue;
                }
                let mut sim = start;
                let mut moves = [None; 4];
                for (slot, &i) in moves.iter_mut().zip(sequence) {
                    *slot = Some(sim.face(items[i], params.bare_below, rule));
                    if sim.health <= 0 {
                        break;
                    }
                }
                let score = outlook.evaluate(&sim, left, params);
                if score > best {
                    best = score;
                    best_plan = moves;
                }
            }
        }
        if table.can_avoid() {
            let mut everything = Outlook::new(unseen | table.room_cards());
            everything.prepare(start.weapon);
            if everything.evaluate(&start, None, params) - params.avoid_cost > best {
                best_plan = [Some(Action::Avoid), None, None, None];
            }
        }
        best_plan
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use game_core::Game;

    use super::*;
    use crate::Config;

    #[test]
    fn the_tables_hold_every_order() {
        let four: HashSet<[usize; 4]> = PERMS_4.iter().copied().collect();
        assert_eq!(four.len(), 24);
        for p in PERMS_4 {
            let mut sorted = p;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2, 3]);
        }
        let three: HashSet<[usize; 4]> = PERMS_3.iter().copied().collect();
        assert_eq!(three.len(), 6);
    }

    /// The fast planner picks exactly the reference planner's plan at every decision of whole
    /// games (played by either), over many deals, both weapon rules and other knobs.
    #[test]
    fn the_planner_plans_like_the_reference() {
        let bold = LookaheadParams {
            avoid_cost: 2.0,
            bare_below: 5,
            leftover_potion: 0.0,
            ..LookaheadParams::default()
        };
        let mut checked = 0;
        for (config, params, seeds) in [
            (Config::default(), LookaheadParams::default(), 0..2000u64),
            (Config::strict(), LookaheadParams::default(), 0..300),
            (Config::default(), bold, 0..300),
        ] {
            for seed in seeds {
                let mut state = Scoundrel::new(config, seed).unwrap();
                while !state.is_over() {
                    let fast = plan(state.table(), state.dungeon().cards(), &params);
                    let slow = reference::plan(state.table(), state.dungeon().cards(), &params);
                    assert_eq!(fast, slow, "seed {seed}, table {:?}", state.table());
                    checked += 1;
                    state.apply_unchecked(fast[0].unwrap_or(Action::Avoid));
                }
            }
        }
        assert!(checked > 10_000, "{checked} decisions");
    }

    /// The fast path follows its plans exactly as the [`Planner`] does, over many deals.
    #[test]
    fn the_fast_path_follows_plans_like_the_planner() {
        for seed in 0..2000 {
            let mut fast = Scoundrel::new(Config::default(), seed).unwrap();
            play_lookahead(&mut fast, &LookaheadParams::default());
            let mut slow = Scoundrel::new(Config::default(), seed).unwrap();
            let mut planner = Planner::default();
            while !slow.is_over() {
                let (table, unseen) = (slow.table(), slow.dungeon().cards());
                let action =
                    planner.next(table, || plan(table, unseen, &LookaheadParams::default()));
                slow.apply_unchecked(action);
            }
            assert_eq!(fast, slow, "seed {seed}");
        }
    }
}
