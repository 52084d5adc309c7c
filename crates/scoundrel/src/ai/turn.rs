//! What the rule-based players share: a turn simulated on health, weapon and the turn's potion
//! alone, and following a turn's plan. Both plan the rest of a turn when a Room is dealt and then
//! play the plan out, since nothing new is learnt until the next Room.

use cards_core::Card;
use game_core::Decision;

use crate::room::{Room, card_at};
use crate::rules::{FACTS, Kind, MAX_HEALTH, ROOM_SIZE, WeaponRule, kind, value};
use crate::{Action, Scoundrel, Table};

/// The rest of a turn: up to four moves (or avoiding), `None` past the end.
pub(crate) type Plan = [Option<Action>; 4];

/// The plan of an empty Room, or of a Room to avoid.
pub(crate) const AVOID: Plan = [Some(Action::Avoid), None, None, None];

/// A card of the Room as the plans see it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Item {
    pub card: Card,
    pub value: i32,
    pub kind: Kind,
}

/// The Room's cards as the plans see them, left to right, and how many there are.
#[inline]
pub(crate) fn items_of(table: &Table) -> ([Item; 4], usize) {
    let mut items = [Item {
        card: Card::RED_JOKER,
        value: 0,
        kind: Kind::Monster,
    }; 4];
    let mut k = 0;
    for card in table.room().into_iter().flatten() {
        if let Some(kind) = kind(card) {
            items[k] = Item {
                card,
                value: value(card),
                kind,
            };
            k += 1;
        }
    }
    (items, k)
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

/// Health, weapon and the turn's potion: all that facing cards changes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sim {
    pub health: i32,
    /// The weapon's value, 0 without one.
    pub weapon: i32,
    /// The biggest monster the weapon may fight: 15 while it has no kill.
    pub limit: i32,
    pub potion_used: bool,
}

impl Sim {
    /// Where `table` stands.
    #[inline]
    pub(crate) fn of(table: &Table) -> Sim {
        let rule = table.config().weapon_rule;
        Sim {
            health: table.health(),
            weapon: table.weapon().map_or(0, |w| w.value()),
            limit: table.weapon().map_or(0, |w| w.limit(rule)),
            potion_used: table.potion_used(),
        }
    }

    /// Faces `item` by the rules of thumb both players share: a monster with the weapon whenever
    /// the weapon may be used, except monsters up to `bare_below` while the weapon has no kill (to
    /// keep it for big ones); returns the move.
    #[inline]
    pub(crate) fn face(&mut self, item: Item, bare_below: i32, rule: WeaponRule) -> Action {
        match item.kind {
            Kind::Monster => {
                let fresh = self.limit >= 15;
                let usable = self.weapon > 0 && item.value <= self.limit;
                if usable && !(fresh && item.value <= bare_below) {
                    self.health -= (item.value - self.weapon).max(0);
                    self.limit = match rule {
                        WeaponRule::AtMost => item.value,
                        WeaponRule::Below => item.value - 1,
                    };
                    Action::FaceWithWeapon(item.card)
                } else {
                    self.health -= item.value;
                    Action::Face(item.card)
                }
            }
            Kind::Weapon => {
                self.weapon = item.value;
                self.limit = 15;
                Action::Face(item.card)
            }
            Kind::Potion => {
                if !self.potion_used {
                    self.health = (self.health + item.value).min(MAX_HEALTH);
                    self.potion_used = true;
                }
                Action::Face(item.card)
            }
        }
    }

    /// The moves of facing `items` in order from here, stopping at death.
    pub(crate) fn moves(mut self, items: &[Item], bare_below: i32, rule: WeaponRule) -> Plan {
        let mut plan = [None; 4];
        for (slot, &item) in plan.iter_mut().zip(items) {
            *slot = Some(self.face(item, bare_below, rule));
            if self.health <= 0 {
                break;
            }
        }
        plan
    }
}

/// Where a turn's plan starts, read off the table once: the Room's slots as card indices (`0xFF`
/// for an empty slot), where the player stands, how many cards the turn still faces, whether it
/// may avoid, and the weapon rule.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TurnStart {
    pub slots: [u8; ROOM_SIZE],
    pub sim: Sim,
    pub need: usize,
    pub can_avoid: bool,
    pub rule: WeaponRule,
}

impl TurnStart {
    /// The start of the turn at `table`.
    #[inline]
    pub(crate) fn of(table: &Table) -> TurnStart {
        TurnStart::at(table, Sim::of(table))
    }

    /// The start of the turn at `table`, which stands where `sim` says: for a caller that has
    /// followed the weapon since the last turn and need not read it off the table again.
    #[inline]
    pub(crate) fn at(table: &Table, sim: Sim) -> TurnStart {
        debug_assert_eq!(sim, Sim::of(table));
        TurnStart {
            slots: table.room_bytes(),
            sim,
            need: still_to_face(table, table.room_len()),
            can_avoid: table.can_avoid(),
            rule: table.config().weapon_rule,
        }
    }

    /// The card in `slot` as the plans see it (`None` for an empty slot or one past the fourth).
    #[inline]
    pub(crate) fn item(&self, slot: u8) -> Option<Item> {
        let byte = *self.slots.get(usize::from(slot))?;
        // An empty slot's byte has no kind.
        let (kind, value) = FACTS[usize::from(byte)];
        Some(Item {
            card: card_at(byte),
            value: i32::from(value),
            kind: kind?,
        })
    }
}

/// A turn as a planner decides it: avoid the Room, or face the cards of the first `len` of
/// `slots` in that order (each fought as [`Sim::face`] says).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    Avoid,
    Face { slots: [u8; ROOM_SIZE], len: u8 },
}

impl Order {
    /// The moves of this order from `start`, stopping at death; facing nothing is avoiding.
    pub(crate) fn moves(self, start: &TurnStart, bare_below: i32) -> Plan {
        match self {
            Order::Face { slots, len } if len > 0 => {
                let mut sim = start.sim;
                let mut plan = [None; 4];
                let mut n = 0;
                for item in slots
                    .iter()
                    .take(usize::from(len))
                    .filter_map(|&s| start.item(s))
                {
                    if sim.health <= 0 {
                        break;
                    }
                    if let Some(slot) = plan.get_mut(n) {
                        *slot = Some(sim.face(item, bare_below, start.rule));
                        n += 1;
                    }
                }
                plan
            }
            _ => AVOID,
        }
    }
}

/// Plays `state` to the end, deciding each turn with `choose` and facing its cards by
/// [`Sim::face`]: the moves of following [`Order::moves`] through a [`Planner`], without making
/// them. The table is a local copy, written back at the end, so the compiler may keep it in
/// registers; each card is faced with the facts [`TurnStart::item`] already read, and the weapon
/// as the turns' [`Sim`] left it is carried over rather than read off the table again.
#[inline]
pub(crate) fn play_orders(
    state: &mut Scoundrel,
    bare_below: i32,
    mut choose: impl FnMut(&TurnStart) -> Order,
) {
    let (state_table, dungeon) = state.parts_mut();
    let mut table = *state_table;
    let mut weapon = Sim::of(&table);
    let mut over = table.is_over();
    while !over {
        let sim = Sim {
            health: table.health(),
            potion_used: table.potion_used(),
            ..weapon
        };
        let start = TurnStart::at(&table, sim);
        match choose(&start) {
            Order::Face { slots, len } if len > 0 => {
                let mut sim = start.sim;
                for &slot in slots.iter().take(usize::from(len)) {
                    if let Some(item) = start.item(slot) {
                        let action = sim.face(item, bare_below, start.rule);
                        let with_weapon = matches!(action, Action::FaceWithWeapon(_));
                        let mask = Room::slot_mask(slot);
                        table.face_known(mask, item.card, Some(item.kind), item.value, with_weapon);
                        // A deal leaves a live player a Room to face: the game goes on.
                        if table.deal_if_done(dungeon) {
                            break;
                        }
                        over = table.is_over();
                        if over {
                            break;
                        }
                    }
                }
                weapon = sim;
            }
            _ => {
                // Through a copy: only the copy has its address taken by the call out of line,
                // so `table` itself may stay in registers.
                let mut moved = table;
                moved.avoid(dungeon);
                table = moved;
                over = table.is_over();
            }
        }
    }
    *state_table = table;
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
        let action = match planned {
            Some(action) => action,
            None => {
                self.plan = make();
                self.next = 0;
                self.plan[0].unwrap_or(Action::Avoid)
            }
        };
        self.next += 1;
        self.expect = match action {
            Action::Face(card) | Action::FaceWithWeapon(card) => {
                let mut after = *table;
                after.face_unchecked(card, matches!(action, Action::FaceWithWeapon(_)));
                Some(after)
            }
            Action::Avoid => None,
        };
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
        let moves = make(state);
        let mut action = moves[0].unwrap_or(Action::Avoid);
        let mut i = 0;
        loop {
            state.apply_unchecked(action);
            i += 1;
            if action == Action::Avoid || state.is_over() || state.table().faced_this_room() == 0 {
                break;
            }
            match moves.get(i) {
                Some(Some(next)) => action = *next,
                _ => break,
            }
        }
    }
}
