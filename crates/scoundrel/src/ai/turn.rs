//! What the rule-based players share. Both plan the rest of a turn when a Room is dealt (nothing
//! new is learnt until the next Room), simulating it on a [`Hero`] with the rules' own
//! [`Hero::face`], and then play the plan out.

use cards_core::Card;
use game_core::Decision;

use crate::hero::Hero;
use crate::rules::{WeaponRule, value};
use crate::{Action, Scoundrel, Table};

/// The rest of a turn: up to four moves (or avoiding), `None` past the end.
pub(crate) type Plan = [Option<Action>; 4];

/// The plan of an empty Room, or of a Room to avoid.
pub(crate) const AVOID: Plan = [Some(Action::Avoid), None, None, None];

/// Faces `card` as the rule-based players do, and returns the move: a monster with the weapon
/// whenever the weapon may be used on it, except monsters up to `bare_below` while it has no kill
/// (it is kept for big ones then).
#[inline]
pub(crate) fn face_by_habit(
    hero: &mut Hero,
    card: Card,
    bare_below: i32,
    rule: WeaponRule,
) -> Action {
    let fresh = hero.weapon().is_some_and(|w| w.last_kill().is_none());
    // Asked for the weapon, [`Hero::face`] uses it when the rule allows.
    hero.face(card, !(fresh && value(card) <= bare_below), rule);
    if hero.weapon().is_some_and(|w| w.last_kill() == Some(card)) {
        Action::FaceWithWeapon(card)
    } else {
        Action::Face(card)
    }
}

/// The moves of facing `cards` in order from `hero` by that habit, stopping at death.
pub(crate) fn moves(mut hero: Hero, cards: &[Card], bare_below: i32, rule: WeaponRule) -> Plan {
    let mut plan = [None; 4];
    for (slot, &card) in plan.iter_mut().zip(cards) {
        *slot = Some(face_by_habit(&mut hero, card, bare_below, rule));
        if hero.health() <= 0 {
            break;
        }
    }
    plan
}

/// How many of the Room's `k` cards the turn still has to face: three per Room (fewer once some
/// are faced), every card left when the Dungeon is empty.
#[inline]
pub(crate) fn still_to_face(table: &Table, k: usize) -> usize {
    if table.dungeon_len() > 0 {
        usize::from(3u8.saturating_sub(table.faced_this_room())).min(k)
    } else {
        k
    }
}

/// `action` if the decision offers it, else the first move offered: what a player of plans
/// answers when handed a list of moves its plan did not expect.
pub(crate) fn offered(decision: &Decision<'_, Scoundrel>, action: Action) -> Action {
    if decision.legal().contains(&action) {
        action
    } else {
        *decision.action(0)
    }
}

/// Follows a turn's plan move by move for an agent, which sees one table at a time: the plan's
/// next move while the table is the one the plan expected, a new plan otherwise.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Planner {
    plan: Plan,
    next: usize,
    expect: Option<Table>,
}

impl Planner {
    /// The next move at `table`; `make` plans the turn afresh when needed.
    pub(crate) fn next(&mut self, table: &Table, make: impl FnOnce() -> Plan) -> Action {
        let planned = match self.plan.get(self.next) {
            Some(Some(action)) if self.expect.as_ref() == Some(table) => Some(*action),
            _ => None,
        };
        let action = planned.unwrap_or_else(|| {
            self.plan = make();
            self.next = 0;
            self.plan[0].unwrap_or(Action::Avoid)
        });
        self.next += 1;
        self.expect = action.card().map(|card| {
            let mut after = *table;
            after.face(card, matches!(action, Action::FaceWithWeapon(_)));
            after
        });
        action
    }
}

/// Plays `state` to the end, planning each turn with `make` and following the plan as
/// [`Planner`] does, without building the table each move expects: here the table is the
/// expected one exactly when the move did not deal a new Room (a deal resets the count of cards
/// faced to 0) and was not an avoidance.
#[inline]
pub(crate) fn play_planned(state: &mut Scoundrel, mut make: impl FnMut(&Scoundrel) -> Plan) {
    while !state.is_over() {
        let plan = make(state);
        for action in plan.into_iter().map_while(|a| a) {
            state.apply_unchecked(action);
            if action == Action::Avoid || state.is_over() || state.table().faced_this_room() == 0 {
                break;
            }
        }
        if plan[0].is_none() {
            state.apply_unchecked(Action::Avoid);
        }
    }
}
