//! Action ids and observation tensors for learning agents ([`Learning`]). The layout is
//! documented in the crate's "Learning" section; a golden test pins it.

use cards_core::Card;
use game_core::{Game, Learning, Player};

use crate::action::Action;
use crate::observation::Observation;
use crate::rules::{
    Config, DUNGEON_ORDER, DUNGEON_SIZE, MAX_HEALTH, MONSTERS, POTIONS, WEAPONS, WeaponRule,
    card_number, monster_total,
};
use crate::state::Scoundrel;

/// How many action ids there are: avoid, facing each of the 44 cards, and fighting each of the
/// 26 monsters with the weapon.
pub const NUM_ACTIONS: usize = 1 + DUNGEON_SIZE + MONSTER_COUNT;

const MONSTER_COUNT: usize = 26;

/// The first id of "face a card" and of "fight a monster with the weapon".
const FACE: usize = 1;
const FIGHT: usize = FACE + DUNGEON_SIZE;

/// The card planes of the tensor, each [`DUNGEON_SIZE`] wide, in this order.
const CARD_PLANES: usize = 9;
/// The numbers after the card planes.
const SCALARS: usize = 14;
pub(crate) const TENSOR_LEN: usize = CARD_PLANES * DUNGEON_SIZE + SCALARS;

/// The place of `monster` among the 26 monsters in index order, if it is one.
fn monster_index(monster: Card) -> Option<usize> {
    MONSTERS.iter().position(|c| c == monster)
}

/// Action ids and tensors as the crate docs' "Learning" section lays them out.
///
/// ```
/// use scoundrel::prelude::*;
/// use scoundrel::NUM_ACTIONS;
///
/// let config = Config::default();
/// assert_eq!(Scoundrel::num_distinct_actions(&config), NUM_ACTIONS);
/// let game = Scoundrel::new(config, 7)?;
/// for (id, action) in game.legal_action_ids(0).into_iter().zip(game.legal_actions(0)) {
///     assert_eq!(Scoundrel::action_from_id(&config, id), Some(action));
/// }
/// let shape = Scoundrel::observation_tensor_shape(&config);
/// assert_eq!(game.observation_tensor(0).len(), shape.iter().product::<usize>());
/// # Ok::<(), Error>(())
/// ```
impl Learning for Scoundrel {
    /// 71: see [`NUM_ACTIONS`] and the crate's "Learning" section.
    fn num_distinct_actions(_config: &Config) -> usize {
        NUM_ACTIONS
    }

    /// 0 for avoid, `1 + i` for facing the `i`-th of the 44 cards, `45 + j` for fighting the
    /// `j`-th of the 26 monsters with the weapon (both in index order: A♣ A♠ 2♣ 2♦ 2♥ 2♠ …).
    fn action_id(_config: &Config, action: &Action) -> Option<usize> {
        match *action {
            Action::Avoid => Some(0),
            Action::Face(card) => card_number(card).map(|i| FACE + i),
            Action::FaceWithWeapon(monster) => monster_index(monster).map(|j| FIGHT + j),
        }
    }

    fn action_from_id(_config: &Config, id: usize) -> Option<Action> {
        match id {
            0 => Some(Action::Avoid),
            FACE..FIGHT => DUNGEON_ORDER.get(id - FACE).map(|&card| Action::Face(card)),
            _ => MONSTERS.iter().nth(id - FIGHT).map(Action::FaceWithWeapon),
        }
    }

    /// Every element lies in `[0, 1]` but health / 20, which goes below 0 when the adventurer
    /// dies: at worst 1 − 14 (an ace fought barehanded at health 1).
    fn observation_bounds(_config: &Config) -> game_core::Bounds {
        let mut bounds = game_core::Bounds::uniform(TENSOR_LEN, 0.0, 1.0);
        bounds.low[CARD_PLANES * DUNGEON_SIZE] = (1.0 - 14.0) / MAX_HEALTH as f32;
        bounds
    }

    /// `[410]` under every configuration: nine planes of the 44 cards, then 14 numbers.
    fn observation_tensor_shape(_config: &Config) -> Vec<usize> {
        vec![TENSOR_LEN]
    }

    fn config_of(&self) -> Config {
        *self.config()
    }

    /// Written from the [`Observation`] alone, so it holds only what the player sees.
    fn observation_tensor_into(&self, player: Player, out: &mut [f32]) {
        write_tensor(&self.observation(player), out);
    }

    /// The [`Observation`]'s text.
    fn observation_string(&self, player: Player) -> String {
        self.observation(player).to_string()
    }
}

/// The tensor of `o` into `out` (what fits of it).
pub(crate) fn write_tensor(o: &Observation, out: &mut [f32]) {
    let mut tensor = [0.0f32; TENSOR_LEN];
    let t = o.table();
    let mut mark = |plane: usize, card: Card, x: f32| {
        if let Some(i) = card_number(card) {
            tensor[plane * DUNGEON_SIZE + i] = x;
        }
    };
    for card in t.room_cards() {
        mark(0, card, 1.0);
    }
    if let Some(w) = t.weapon() {
        mark(1, w.card(), 1.0);
        for card in w.stack() {
            mark(2, card, 1.0);
        }
        if let Some(last) = w.last_kill() {
            mark(3, last, 1.0);
        }
    }
    for card in t.discards() {
        mark(4, card, 1.0);
    }
    let unseen = o.unseen();
    for card in unseen {
        mark(5, card, 1.0);
    }
    for (i, card) in o.known_bottom().iter().enumerate() {
        mark(6, card, 1.0);
        let place = unseen.len() + i + 1;
        mark(7, card, place as f32 / DUNGEON_SIZE as f32);
    }
    if let Some(card) = t.last_faced() {
        mark(8, card, 1.0);
    }
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    let dungeon = o.dungeon_cards();
    let weapon = t.weapon();
    let limit = weapon.map_or(0, |w| w.limit(t.config().weapon_rule));
    let numbers: [f32; SCALARS] = [
        t.health() as f32 / MAX_HEALTH as f32,
        weapon.map_or(0, |w| w.value()) as f32 / 10.0,
        limit as f32 / 14.0,
        f32::from(t.faced_this_room()) / 4.0,
        flag(t.potion_used()),
        flag(t.avoided_last()),
        flag(t.can_avoid()),
        dungeon.len() as f32 / DUNGEON_SIZE as f32,
        (dungeon & MONSTERS).len() as f32 / MONSTER_COUNT as f32,
        (dungeon & WEAPONS).len() as f32 / 9.0,
        (dungeon & POTIONS).len() as f32 / 9.0,
        monster_total(dungeon | t.room_cards()) as f32 / monster_total(MONSTERS) as f32,
        flag(t.config().weapon_rule == WeaponRule::Below),
        flag(t.is_over()),
    ];
    tensor[CARD_PLANES * DUNGEON_SIZE..].copy_from_slice(&numbers);
    for (o, x) in out.iter_mut().zip(tensor) {
        *o = x;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sizes_add_up() {
        assert_eq!(MONSTERS.len(), MONSTER_COUNT);
        assert_eq!(NUM_ACTIONS, 71);
        assert_eq!(TENSOR_LEN, 410);
    }
}
