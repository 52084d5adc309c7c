//! `lookahead`: every way to play the rest of the current Room, scored against the unseen cards,
//! from the observation only.

use cards_core::{Card, CardSet};
use game_core::{Agent, Decision};

use crate::ai::GreedyParams;
use crate::ai::turn::{
    AVOID, Plan, Planner, face_by_habit, moves, offered, play_planned, still_to_face,
};
use crate::hero::Hero;
use crate::rules::{Kind, MAX_HEALTH, MONSTERS, WeaponRule, kind, value};
use crate::{Action, Observation, Scoundrel, Table};

/// The knobs of the `lookahead` player: the same as `greedy`'s, with the same defaults (see
/// [`GreedyParams`]).
pub type LookaheadParams = GreedyParams;

/// The one-turn lookahead player (stronger than [`crate::GreedyAgent`], and about three times as
/// slow). When a Room is dealt it plans the rest of the turn: it tries each choice of the card to
/// leave for the next Room and each order of the others, fights a monster with the weapon
/// whenever the weapon may be used (except small monsters while the weapon has no kill, see
/// [`GreedyParams::bare_below`]), and scores where each plan leaves it: health, the saving the
/// weapon still promises against the monsters left (so it keeps a weapon for big monsters and
/// equips a better one at the right moment), and the card left behind (a potion kept for the next
/// turn is worth something, a big monster costs). It avoids the Room when avoiding looks better
/// than the best plan by more than [`GreedyParams::avoid_cost`]. Then it plays the plan out
/// (nothing new is learnt during a turn), planning again if the table is not the one it expected.
///
/// It reads only the observation: the cards left in the Dungeon as a set, never their order.
#[derive(Clone, Debug)]
pub struct LookaheadAgent {
    params: LookaheadParams,
    planner: Planner,
}

impl LookaheadAgent {
    /// The lookahead player with the default knobs. It draws no random numbers, so `seed` is
    /// unused: it is taken so that every agent is built alike (`Default` is the same player).
    pub fn new(seed: u64) -> Self {
        let _ = seed;
        Self::with_params(LookaheadParams::default())
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
        let table = observation.table();
        let unseen = observation.dungeon_cards();
        self.planner
            .next(table, || plan(table, unseen, &self.params))
    }

    /// The rest of the turn this player plans at `observation`: the moves to make, up to the
    /// one that dies if one does, or avoiding. It tries the orders worth simulating with a
    /// depth-first search that shares the simulation of their common starts; the result is
    /// [`LookaheadAgent::plan_reference`]'s (a test checks it over thousands of games).
    pub fn plan(&self, observation: &Observation) -> Vec<Action> {
        let plan = plan(
            observation.table(),
            observation.dungeon_cards(),
            &self.params,
        );
        plan.into_iter().flatten().collect()
    }

    /// [`LookaheadAgent::plan`] written plainly: for each choice of the card to leave (none
    /// when every card must be faced), every order of the others, kept when it is worth
    /// simulating (no card right after one it must not follow, see below), simulated from the
    /// start of the turn; the first best, unless avoiding looks better. Slow, and the reference
    /// the planner is tested against.
    ///
    /// An order is worth simulating unless a swap of two neighbours cannot make it worse: a
    /// smaller monster right before a bigger one (with the weapon, the smaller may follow the
    /// bigger, not the reverse; barehanded the order does not matter), a smaller potion right
    /// before a bigger one (only the first heals), or a weapon right after a potion (they
    /// commute).
    pub fn plan_reference(&self, observation: &Observation) -> Vec<Action> {
        let plan = plan_reference(
            observation.table(),
            observation.dungeon_cards(),
            &self.params,
        );
        plan.into_iter().flatten().collect()
    }
}

impl Default for LookaheadAgent {
    /// The lookahead player with the default knobs.
    fn default() -> Self {
        Self::new(0)
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

/// Plays `state` to the end as [`LookaheadAgent`] would: the rollouts of the `search` player. It
/// makes the same moves (it reads the same table and the same set of cards left in the Dungeon),
/// without building observations.
pub fn play_lookahead(state: &mut Scoundrel, params: &LookaheadParams) {
    play_planned(state, |state| {
        plan(state.table(), state.dungeon().cards(), params)
    });
}

/// What the plans are scored against: the monsters still to come, counted by value, as prefix
/// sums so that the weapon's saving for any weapon and limit is two lookups.
struct Outlook {
    /// `count[l]`: the monsters to come of value at most `l`.
    count: [i32; 15],
    /// `total[l]`: the sum of their values.
    total: [i32; 15],
}

impl Outlook {
    fn new(cards: CardSet) -> Outlook {
        let mut count = [0i32; 15];
        for card in cards & MONSTERS {
            count[value(card) as usize] += 1;
        }
        let mut total = [0i32; 15];
        for l in 1..15 {
            total[l] = total[l - 1] + l as i32 * count[l];
            count[l] += count[l - 1];
        }
        Outlook { count, total }
    }

    /// The sum over the monsters to come of value at most `limit` (0–14) of `min(value, weapon)`
    /// (`weapon` 0–10).
    fn saving(&self, weapon: usize, limit: usize) -> i32 {
        let m = weapon.min(limit);
        self.total[m] + weapon as i32 * (self.count[limit] - self.count[m])
    }

    /// The score of a plan's end: health, the weapon's average saving per monster to come (the
    /// one left behind included), and the card left behind.
    fn evaluate(
        &self,
        hero: &Hero,
        left: Option<Card>,
        rule: WeaponRule,
        params: &LookaheadParams,
    ) -> f64 {
        if hero.health() <= 0 {
            return -1000.0 + f64::from(hero.health());
        }
        let mut score = f64::from(hero.health());
        let left_monster = left.filter(|&c| kind(c) == Some(Kind::Monster));
        if let Some(w) = hero.weapon() {
            let limit = w.limit(rule);
            let weapon = w.value();
            let mut saving = self.saving(weapon.clamp(0, 10) as usize, limit.clamp(0, 14) as usize);
            let mut count = self.count[14];
            if let Some(m) = left_monster {
                count += 1;
                if value(m) <= limit {
                    saving += value(m).min(weapon);
                }
            }
            score += params.weapon_weight * f64::from(saving) / f64::from(count.max(1));
        }
        if let Some(card) = left {
            let v = f64::from(value(card));
            match kind(card) {
                Some(Kind::Monster) => score -= params.leftover_monster * v,
                Some(Kind::Potion) => {
                    let room = f64::from((MAX_HEALTH - hero.health()).max(0)) + 2.0;
                    score += params.leftover_potion * v.min(room);
                }
                _ => {}
            }
        }
        score
    }
}

/// Whether `b` may come right after `a` in an order worth simulating (see
/// [`LookaheadAgent::plan_reference`]).
fn in_order(a: Card, b: Card) -> bool {
    match (kind(a), kind(b)) {
        (Some(Kind::Monster), Some(Kind::Monster)) | (Some(Kind::Potion), Some(Kind::Potion)) => {
            value(a) >= value(b)
        }
        (Some(Kind::Potion), Some(Kind::Weapon)) => false,
        _ => true,
    }
}

/// Positions in the Room, in the order they are to be faced.
#[derive(Clone, Copy, Debug)]
struct Order {
    positions: [u8; 4],
    len: u8,
}

impl Order {
    const EMPTY: Order = Order {
        positions: [0; 4],
        len: 0,
    };

    fn then(mut self, i: u8) -> Order {
        self.positions[usize::from(self.len & 3)] = i;
        self.len = (self.len + 1).min(4);
        self
    }
}

/// The search for the best order: the moves of the turn, and the card left behind (the one no
/// order uses).
struct Orders<'a> {
    room: &'a [Card],
    /// `follows[a]`: the positions whose card may come right after the card at `a`
    /// ([`in_order`]), as bits.
    follows: [u8; 4],
    /// How many cards the turn faces: all of them, or all but the one left behind.
    faces: u8,
    outlook: &'a Outlook,
    params: &'a LookaheadParams,
    rule: WeaponRule,
    /// The best so far: its score, the position of the card it leaves (4 for none) and its order.
    best: Option<(f64, u8, Order)>,
}

impl Orders<'_> {
    /// Tries every order worth simulating that starts with `order` (which left `hero` where it
    /// is and used the positions marked in `used`; `may_come` marks those that may come next).
    /// The simulation of a common start is shared. Among equal scores the first wins in this
    /// enumeration: the one leaving the leftmost card, then the lexicographically first order.
    fn extend(&mut self, hero: Hero, order: Order, used: u8, may_come: u8) {
        if order.len == self.faces {
            let unused = !used & ((1 << self.room.len()) - 1);
            let leave = unused.trailing_zeros().min(4) as u8;
            let left = self.room.get(usize::from(leave)).copied();
            let score = self.outlook.evaluate(&hero, left, self.rule, self.params);
            let better = |&(best, best_leave, best_order): &(f64, u8, Order)| {
                score > best
                    || (score == best
                        && (leave, order.positions) < (best_leave, best_order.positions))
            };
            if self.best.as_ref().is_none_or(better) {
                self.best = Some((score, leave, order));
            }
            return;
        }
        // Each position that may come next and is not used yet, in increasing order.
        let mut next_positions = may_come & !used;
        while next_positions != 0 {
            let i = next_positions.trailing_zeros() as usize;
            next_positions &= next_positions - 1;
            let mut next = hero;
            // A plan that has died faces nothing more.
            if next.health() > 0 {
                face_by_habit(&mut next, self.room[i], self.params.bare_below, self.rule);
            }
            self.extend(next, order.then(i as u8), used | 1 << i, self.follows[i]);
        }
    }
}

/// The best plan for the rest of the turn: up to four moves, or avoiding. It tries each order
/// worth simulating ([`in_order`]) of all the Room's cards, or of all but one when one is left
/// for the next Room, and keeps the best; then compares with avoiding.
fn plan(table: &Table, unseen: CardSet, params: &LookaheadParams) -> Plan {
    let mut cards = [Card::RED_JOKER; 4];
    let mut k = 0;
    for card in table.room().into_iter().flatten() {
        cards[k] = card;
        k += 1;
    }
    if k == 0 {
        return AVOID;
    }
    let room = &cards[..k];
    let rule = table.config().weapon_rule;
    let start = *table.hero();
    let outlook = Outlook::new(unseen);
    let mut follows = [0u8; 4];
    for (a, row) in follows.iter_mut().enumerate().take(k) {
        for (b, &card) in room.iter().enumerate() {
            if a != b && in_order(room[a], card) {
                *row |= 1 << b;
            }
        }
    }
    let leave_one = still_to_face(table, k) < k;
    let mut orders = Orders {
        room,
        follows,
        faces: if leave_one { k - 1 } else { k } as u8,
        outlook: &outlook,
        params,
        rule,
        best: None,
    };
    orders.extend(start, Order::EMPTY, 0, (1 << k) - 1);
    let Some((best, _, order)) = orders.best else {
        return AVOID;
    };
    if table.can_avoid() {
        // After avoiding, the Room's monsters are to come too.
        let everything = Outlook::new(unseen | table.room_cards());
        if everything.evaluate(&start, None, rule, params) - params.avoid_cost > best {
            return AVOID;
        }
    }
    let cards = order
        .positions
        .map(|i| room.get(usize::from(i)).copied().unwrap_or(Card::RED_JOKER));
    moves(
        start,
        &cards[..usize::from(order.len)],
        params.bare_below,
        rule,
    )
}

/// See [`LookaheadAgent::plan_reference`].
fn plan_reference(table: &Table, unseen: CardSet, params: &LookaheadParams) -> Plan {
    let room: Vec<Card> = table.room().into_iter().flatten().collect();
    if room.is_empty() {
        return AVOID;
    }
    let rule = table.config().weapon_rule;
    let start = *table.hero();
    let outlook = Outlook::new(unseen);
    let mut best: Option<(f64, Vec<Card>)> = None;
    for (left, order) in turn_orders(table) {
        let mut hero = start;
        for &card in &order {
            if hero.health() <= 0 {
                break;
            }
            face_by_habit(&mut hero, card, params.bare_below, rule);
        }
        let score = outlook.evaluate(&hero, left, rule, params);
        if best.as_ref().is_none_or(|(b, _)| score > *b) {
            best = Some((score, order));
        }
    }
    let Some((best, order)) = best else {
        return AVOID;
    };
    if table.can_avoid() {
        let everything = Outlook::new(unseen | table.room_cards());
        if everything.evaluate(&start, None, rule, params) - params.avoid_cost > best {
            return AVOID;
        }
    }
    moves(start, &order, params.bare_below, rule)
}

/// The ways to face the rest of the turn at `table` that are worth simulating: for each choice
/// of the card to leave (none when every card must be faced), the card left and every order of
/// the others in which no card comes right after one it must not follow ([`in_order`]); by the
/// card left, then in lexicographic order of the Room's positions.
pub(crate) fn turn_orders(table: &Table) -> Vec<(Option<Card>, Vec<Card>)> {
    let room: Vec<Card> = table.room().into_iter().flatten().collect();
    let k = room.len();
    let leaves: Vec<Option<usize>> = if still_to_face(table, k) < k {
        (0..k).map(Some).collect()
    } else {
        vec![None]
    };
    let mut out = Vec::new();
    for leave in leaves {
        let faced: Vec<Card> = (0..k)
            .filter(|&i| Some(i) != leave)
            .map(|i| room[i])
            .collect();
        for order in permutations(&faced) {
            if order.windows(2).all(|pair| in_order(pair[0], pair[1])) {
                out.push((leave.map(|i| room[i]), order));
            }
        }
    }
    out
}

/// Every order of `cards`, in lexicographic order of their positions.
fn permutations(cards: &[Card]) -> Vec<Vec<Card>> {
    if cards.is_empty() {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in cards.iter().enumerate() {
        let mut rest = cards.to_vec();
        rest.remove(i);
        for tail in permutations(&rest) {
            out.push([vec![first], tail].concat());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use game_core::Game;

    use super::*;
    use crate::Config;

    /// The planner picks exactly the reference's plan at every decision of whole games, over
    /// many deals, both weapon rules and other knobs.
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
            (Config::default(), LookaheadParams::default(), 0..600u64),
            (Config::strict(), LookaheadParams::default(), 0..200),
            (Config::default(), bold, 0..200),
        ] {
            let agent = LookaheadAgent::with_params(params);
            for seed in seeds {
                let mut state = Scoundrel::new(config, seed).unwrap();
                while !state.is_over() {
                    let observation = state.observation(0);
                    let fast = agent.plan(&observation);
                    assert_eq!(
                        fast,
                        agent.plan_reference(&observation),
                        "seed {seed}, {observation}"
                    );
                    checked += 1;
                    state.apply(&fast[0]).unwrap();
                }
            }
        }
        assert!(checked > 10_000, "{checked} decisions");
    }
}
