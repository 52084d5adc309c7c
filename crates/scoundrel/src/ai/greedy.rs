//! `greedy`: fixed rules of thumb over the current Room, from the observation only; the quick
//! player of the benches.

use std::ops::Range;

use cards_core::Card;
use game_core::{Agent, Decision};

use crate::ai::turn::{
    AVOID, Plan, Planner, face_by_habit, moves, offered, play_planned, still_to_face,
};
use crate::hero::Hero;
use crate::rules::{Kind, MAX_HEALTH, WeaponRule, kind, value};
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
#[derive(Clone, Debug)]
pub struct GreedyAgent {
    params: GreedyParams,
    planner: Planner,
}

impl GreedyAgent {
    /// The greedy player with the default rules. It draws no random numbers, so `seed` is
    /// unused: it is taken so that every agent is built alike (`Default` is the same player).
    pub fn new(seed: u64) -> Self {
        let _ = seed;
        Self::with_params(GreedyParams::default())
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
        let table = observation.table();
        self.planner.next(table, || plan(table, &self.params))
    }

    /// The rest of the turn the rules plan at `observation`: the moves to make, up to the one
    /// that dies if one does, or avoiding.
    ///
    /// ```
    /// use scoundrel::prelude::*;
    ///
    /// let game = Scoundrel::new(Config::default(), 7)?;
    /// let plan = GreedyAgent::new(0).plan(&game.observation(0));
    /// // The rest of the turn: avoid, or three faces (fewer if one dies), each legal in turn.
    /// let mut copy = game;
    /// for action in &plan {
    ///     copy.apply(action)?;
    /// }
    /// assert!(plan == [Action::Avoid] || plan.len() <= 3);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn plan(&self, observation: &Observation) -> Vec<Action> {
        let plan = plan(observation.table(), &self.params);
        plan.into_iter().flatten().collect()
    }
}

impl Default for GreedyAgent {
    /// The greedy player with the default rules.
    fn default() -> Self {
        Self::new(0)
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
    play_planned(state, |state| plan(state.table(), params));
}

/// `SAVING[w][l]`: the sum of `min(v, w)` over monster values `v` from 2 to `l`, one monster of
/// each value: what a weapon of value `w` that may fight monsters up to `l` saves against half
/// the Dungeon's monsters.
const SAVING: [[i32; 15]; 11] = saving_table();

const fn saving_table() -> [[i32; 15]; 11] {
    let mut out = [[0; 15]; 11];
    let mut w = 0;
    while w <= 10 {
        let mut total = 0;
        let mut l = 2;
        while l <= 14 {
            total += if l < w { l } else { w } as i32;
            out[w][l] = total;
            l += 1;
        }
        w += 1;
    }
    out
}

/// Where a turn ends, as a score: health, plus what the weapon still promises (`weight` per
/// point of [`SAVING`]).
fn standing(hero: &Hero, rule: WeaponRule, weight: f64) -> f64 {
    let saving = hero.weapon().map_or(0, |w| {
        let l = w.limit(rule).clamp(0, 14) as usize;
        SAVING[w.value().clamp(0, 10) as usize][l]
    });
    f64::from(hero.health()) + weight * f64::from(saving)
}

/// How a choice of the card to leave ends: dead (below every survival), or [`standing`] plus
/// what the card left is worth (a monster costs, a potion is worth what it could heal, a little
/// more than the room under 20).
fn evaluate(
    hero: &Hero,
    left: Option<Card>,
    rule: WeaponRule,
    weight: f64,
    params: &GreedyParams,
) -> f64 {
    if hero.health() <= 0 {
        return -1000.0 + f64::from(hero.health());
    }
    let score = standing(hero, rule, weight);
    let Some(card) = left else { return score };
    let v = f64::from(value(card));
    match kind(card) {
        Some(Kind::Monster) => score - params.leftover_monster * v,
        Some(Kind::Potion) => {
            let room = f64::from((MAX_HEALTH - hero.health()).max(0)) + 2.0;
            score + params.leftover_potion * v.min(room)
        }
        _ => score,
    }
}

/// Where a card goes in the order the rules face a Room in: monsters biggest first (so that a
/// weapon's last kill bounds the smaller ones after it), then weapons smallest first (the best
/// one stays equipped), then potions biggest first (only the first one heals).
fn sort_key(card: Card) -> i32 {
    match kind(card) {
        Some(Kind::Monster) => 15 - value(card),
        Some(Kind::Weapon) => 16 + value(card),
        _ => 47 - value(card),
    }
}

/// Positions in the sorted Room, in the order they are faced.
#[derive(Clone, Copy, Debug)]
struct Order {
    positions: [usize; 4],
    len: usize,
}

impl Order {
    /// The positions of `groups`, one group after the other.
    fn of(groups: [&Range<usize>; 3]) -> Order {
        let mut order = Order {
            positions: [0; 4],
            len: 0,
        };
        for group in groups {
            for i in group.clone() {
                order.positions[order.len & 3] = i;
                order.len += 1;
            }
        }
        order.len = order.len.min(4);
        order
    }

    /// The positions but `skip`.
    fn without(&self, skip: usize) -> impl Iterator<Item = usize> + '_ {
        self.positions[..self.len]
            .iter()
            .copied()
            .filter(move |&i| i != skip)
    }
}

/// The turn by the rules. The Room is sorted by [`sort_key`] into three groups: monsters,
/// weapons, potions. For each choice of the card to leave (none when every card must be faced),
/// the others are faced group by group in that order, and also with the weapons before the
/// monsters when both are faced; when facing the potions last would kill, they go first instead.
/// The best end by [`evaluate`] wins (the first among equals), unless avoiding looks better.
fn plan(table: &Table, params: &GreedyParams) -> Plan {
    // The Room sorted by key, and then by slot so that cards of one key keep their order.
    let mut room = [(i32::MAX, 0, Card::RED_JOKER); 4];
    let mut k = 0;
    for (slot, card) in table.room().into_iter().enumerate() {
        if let Some(card) = card {
            room[k] = (sort_key(card), slot, card);
            k += 1;
        }
    }
    if k == 0 {
        return AVOID;
    }
    room[..k].sort_unstable();
    let sorted = room.map(|(_, _, card)| card);
    let count = |of: Kind| sorted[..k].iter().filter(|&&c| kind(c) == Some(of)).count();
    let monsters = count(Kind::Monster);
    let armed = monsters + count(Kind::Weapon);
    let (m, w, p) = (0..monsters, monsters..armed, armed..k);
    // The ways to try, as positions in the sorted Room: monsters, weapons, potions; weapons
    // first; and each of those with the potions first.
    let ways = [
        (Order::of([&m, &w, &p]), Order::of([&p, &m, &w])),
        (Order::of([&w, &m, &p]), Order::of([&p, &w, &m])),
    ];
    let start = *table.hero();
    let rule = table.config().weapon_rule;
    let bare = params.bare_below;
    // `SAVING` counts half the Dungeon's monsters: the weight per monster.
    let weight = params.weapon_weight / 13.0;
    let leave_one = still_to_face(table, k) < k;
    // The best score, its way and the card it leaves (`k`: none).
    let mut best: Option<(f64, &Order, usize)> = None;
    for skip in if leave_one { 0..k } else { k..k + 1 } {
        let faces = |group: &Range<usize>| group.len() - usize::from(group.contains(&skip));
        let both = faces(&m) > 0 && faces(&w) > 0;
        for (way, (plain, potions_first)) in ways.iter().enumerate() {
            if way == 1 && !both {
                continue;
            }
            let mut order = plain;
            let mut end = end_of(start, &sorted, order, skip, bare, rule);
            if end.health() <= 0 && faces(&p) > 0 {
                // Drinking first may save the turn.
                order = potions_first;
                end = end_of(start, &sorted, order, skip, bare, rule);
            }
            let left = sorted.get(skip).filter(|_| skip < k).copied();
            let score = evaluate(&end, left, rule, weight, params);
            if best.is_none_or(|(b, _, _)| score > b) {
                best = Some((score, order, skip));
            }
        }
    }
    let Some((best, order, skip)) = best else {
        return AVOID;
    };
    if table.can_avoid() && standing(&start, rule, weight) - params.avoid_cost > best {
        return AVOID;
    }
    let mut faced = [Card::RED_JOKER; 4];
    let mut len = 0;
    for i in order.without(skip) {
        faced[len] = sorted[i];
        len += 1;
    }
    moves(start, &faced[..len], bare, rule)
}

/// Where facing the cards of `sorted` at the positions `order` but `skip` from `hero` ends, by
/// the players' habit, stopping at death.
#[inline]
fn end_of(
    mut hero: Hero,
    sorted: &[Card; 4],
    order: &Order,
    skip: usize,
    bare_below: i32,
    rule: WeaponRule,
) -> Hero {
    for i in order.without(skip) {
        face_by_habit(&mut hero, sorted[i], bare_below, rule);
        if hero.health() <= 0 {
            break;
        }
    }
    hero
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_saving_table_sums_min_of_value_and_weapon() {
        assert_eq!(SAVING[0][14], 0);
        // A 5 against 2..=14: 2 + 3 + 4 + 5 * 10.
        assert_eq!(SAVING[5][14], 59);
        // Up to a 6 only: 2 + 3 + 4 + 5 + 5.
        assert_eq!(SAVING[5][6], 19);
        assert_eq!(SAVING[10][1], 0);
    }
}
