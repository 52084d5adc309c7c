//! The table everyone sees: the Room, the adventurer, the discards and the bookkeeping of the
//! turn. The state, the [`crate::Observation`] and the AIs' simulations share it.

use cards_core::{Card, CardSet};
use game_core::TurnError;

use crate::Error;
use crate::action::{Action, Hand, ParseActionError, is_avoid, split_hand};
use crate::dungeon::Dungeon;
use crate::hero::{Hero, Weapon};
use crate::room::Room;
use crate::rules::{
    Config, DUNGEON, FACED_PER_ROOM, MAX_HEALTH, MONSTERS, POTIONS, ROOM_SIZE, value,
};

/// Everything on the table, seen by the player: the Room (four slots; a faced card leaves its
/// slot empty, so positions do not shift during a turn), the adventurer ([`Hero`]: health, weapon,
/// the turn's potion), the discards, how many cards are left in the Dungeon and how many of them,
/// at its bottom, the player saw go there, and the bookkeeping of the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    pub(crate) config: Config,
    pub(crate) room: Room,
    pub(crate) hero: Hero,
    pub(crate) discards: CardSet,
    pub(crate) faced: u8,
    pub(crate) avoided_last: bool,
    pub(crate) last_faced: Option<Card>,
    pub(crate) dungeon_len: u8,
    pub(crate) known_bottom: u8,
}

impl Table {
    /// The table before the first Room is dealt.
    pub(crate) fn start(config: Config) -> Table {
        Table {
            config,
            room: Room::EMPTY,
            hero: Hero::START,
            discards: CardSet::EMPTY,
            faced: 0,
            avoided_last: false,
            last_faced: None,
            dungeon_len: 0,
            known_bottom: 0,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The Room's four slots, left to right (`None` for a faced card or a slot the Dungeon could
    /// not fill).
    #[inline]
    pub fn room(&self) -> [Option<Card>; ROOM_SIZE] {
        self.room.slots()
    }

    /// The cards in the Room.
    #[inline]
    pub fn room_cards(&self) -> CardSet {
        self.room.cards()
    }

    /// The adventurer: health, weapon and the turn's potion.
    #[inline]
    pub fn hero(&self) -> &Hero {
        &self.hero
    }

    /// Health (at most 20; 0 or less when dead).
    #[inline]
    pub fn health(&self) -> i32 {
        self.hero.health
    }

    /// The equipped weapon.
    #[inline]
    pub fn weapon(&self) -> Option<&Weapon> {
        self.hero.weapon()
    }

    /// Whether a potion has been drunk this turn (a second one would do nothing).
    #[inline]
    pub fn potion_used(&self) -> bool {
        self.hero.potion_used
    }

    /// The discard pile (as a set; its order never matters).
    pub fn discards(&self) -> CardSet {
        self.discards
    }

    /// Cards faced in this Room so far.
    #[inline]
    pub fn faced_this_room(&self) -> u8 {
        self.faced
    }

    /// Whether the previous Room was avoided.
    pub fn avoided_last(&self) -> bool {
        self.avoided_last
    }

    /// The last card faced.
    pub fn last_faced(&self) -> Option<Card> {
        self.last_faced
    }

    /// Cards left in the Dungeon.
    #[inline]
    pub fn dungeon_len(&self) -> usize {
        usize::from(self.dungeon_len)
    }

    /// How many cards at the bottom of the Dungeon the player saw go there (avoided Rooms, in
    /// their order) and has not seen dealt since; the cards above them are in an unknown order.
    #[inline]
    pub fn known_bottom_len(&self) -> usize {
        usize::from(self.known_bottom)
    }

    /// Whether the player has died.
    #[inline]
    pub fn is_dead(&self) -> bool {
        self.hero.health <= 0
    }

    /// Whether the game has ended: the player died, or every card has been faced.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.is_dead() || (self.dungeon_len == 0 && self.room.is_empty())
    }

    /// Whether the game ended with the player alive: a won game.
    pub fn is_won(&self) -> bool {
        self.is_over() && !self.is_dead()
    }

    /// Why the Room may not be avoided now, if it may not.
    ///
    /// ```
    /// use scoundrel::prelude::*;
    ///
    /// let mut game = Scoundrel::new(Config::default(), 7)?;
    /// assert!(game.table().can_avoid());
    /// game.apply(&Action::Avoid)?;
    /// // Never two Rooms in a row.
    /// assert_eq!(game.table().avoid_refusal(), Some(Error::AvoidTwice));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn avoid_refusal(&self) -> Option<Error> {
        if self.is_over() {
            Some(TurnError::GameOver.into())
        } else if self.faced > 0 {
            Some(Error::AvoidAfterFacing)
        } else if self.avoided_last {
            Some(Error::AvoidTwice)
        } else if self.dungeon_len == 0 {
            Some(Error::AvoidEmptyDungeon)
        } else {
            None
        }
    }

    /// Whether the Room may be avoided now.
    #[inline]
    pub fn can_avoid(&self) -> bool {
        self.avoid_refusal().is_none()
    }

    /// Whether the weapon may be used on `monster` now.
    #[inline]
    pub fn weapon_usable_on(&self, monster: Card) -> bool {
        self.hero
            .can_use_weapon_on(monster, self.config.weapon_rule)
    }

    /// The damage `monster` would deal, with the weapon or barehanded.
    ///
    /// ```
    /// use scoundrel::prelude::*;
    /// use scoundrel::{Kind, kind, value};
    ///
    /// let game = Scoundrel::new(Config::default(), 7)?;
    /// let table = game.table();
    /// for card in table.room_cards() {
    ///     if kind(card) == Some(Kind::Monster) {
    ///         // No weapon yet: a monster hurts by its full value.
    ///         assert_eq!(table.damage(card, false), value(card));
    ///         assert!(!table.weapon_usable_on(card));
    ///     }
    /// }
    /// # Ok::<(), Error>(())
    /// ```
    #[inline]
    pub fn damage(&self, monster: Card, with_weapon: bool) -> i32 {
        self.hero
            .damage(monster, with_weapon, self.config.weapon_rule)
    }

    /// Clears `out` and fills it with the legal moves: avoid (when allowed) first, then for each
    /// Room slot left to right, facing its card, and for a monster the weapon is allowed on,
    /// fighting it with the weapon.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.is_over() {
            return;
        }
        if self.can_avoid() {
            out.push(Action::Avoid);
        }
        for card in self.room.iter() {
            out.push(Action::Face(card));
            if MONSTERS.contains(card) && self.weapon_usable_on(card) {
                out.push(Action::FaceWithWeapon(card));
            }
        }
    }

    /// Whether `action` may be played now, and if not, why: exactly the error
    /// [`Game::apply`](game_core::Game::apply) would return.
    pub fn check(&self, action: &Action) -> Result<(), Error> {
        if self.is_over() {
            return Err(TurnError::GameOver.into());
        }
        let card = match *action {
            Action::Avoid => return self.avoid_refusal().map_or(Ok(()), Err),
            Action::Face(card) | Action::FaceWithWeapon(card) => card,
        };
        if !self.room.contains(card) {
            return Err(Error::NotInRoom(card));
        }
        if let Action::FaceWithWeapon(monster) = *action {
            if !MONSTERS.contains(monster) {
                return Err(Error::NotAMonster(monster));
            }
            let Some(weapon) = self.weapon() else {
                return Err(Error::NoWeapon(monster));
            };
            if let Some(last_kill) = weapon.last_kill()
                && !self.weapon_usable_on(monster)
            {
                return Err(Error::WeaponBlunted {
                    last_kill,
                    monster,
                    strict: self.config.weapon_rule == crate::WeaponRule::Below,
                });
            }
        }
        Ok(())
    }

    /// Makes a move known to be legal on this table over `dungeon`: faces a card (and deals the
    /// next Room when that ends the turn) or avoids the Room. The rules of a move, for the game
    /// ([`crate::Scoundrel::apply_unchecked`], which also records it) and the solver alike.
    #[inline]
    pub(crate) fn play(&mut self, dungeon: &mut Dungeon, action: Action) {
        match action {
            Action::Avoid => self.avoid(dungeon),
            Action::Face(card) | Action::FaceWithWeapon(card) => {
                self.face(card, matches!(action, Action::FaceWithWeapon(_)));
                if self.turn_done() {
                    self.next_turn(dungeon);
                }
            }
        }
    }

    /// Faces `card` from the Room ([`Hero::face`]), without dealing the next Room: what the AIs
    /// use to follow a turn on the table alone.
    #[inline]
    pub(crate) fn face(&mut self, card: Card, with_weapon: bool) {
        self.room.remove(card);
        let discarded = self.hero.face(card, with_weapon, self.config.weapon_rule);
        self.discards |= discarded;
        // A checked move faces at most four cards a Room; moves that are not checked may face
        // cards without end, so the count saturates.
        self.faced = self.faced.saturating_add(1);
        self.last_faced = Some(card);
    }

    /// Whether the turn is done and the next Room must be dealt: three cards faced, the player
    /// alive and the Dungeon not empty (when it is, the last Room is faced to its end).
    #[inline]
    pub(crate) fn turn_done(&self) -> bool {
        self.faced >= FACED_PER_ROOM && !self.is_dead() && self.dungeon_len > 0
    }

    /// Starts a new turn: the counts of the turn are reset and the next Room is dealt.
    pub(crate) fn next_turn(&mut self, dungeon: &mut Dungeon) {
        self.faced = 0;
        self.hero.potion_used = false;
        self.avoided_last = false;
        self.deal(dungeon);
    }

    /// Avoids the Room: its cards go under `dungeon`, in slot order, where the player knows them
    /// to be, and the next Room is dealt.
    pub(crate) fn avoid(&mut self, dungeon: &mut Dungeon) {
        for card in self.room.take_all() {
            dungeon.push_bottom(card);
            self.known_bottom += 1;
        }
        self.avoided_last = true;
        self.deal(dungeon);
    }

    /// Fills the Room's empty slots, left to right, from the top of `dungeon`. The cards come
    /// from the unknown part first: the known bottom shrinks only once that is used up.
    pub(crate) fn deal(&mut self, dungeon: &mut Dungeon) {
        self.room.deal_from(dungeon);
        self.dungeon_len = dungeon.len() as u8;
        self.known_bottom = self.known_bottom.min(self.dungeon_len);
    }

    /// The score as the rules give it, once the game is over; `dungeon` holds the cards still in
    /// the Dungeon (the Room's are counted here).
    pub(crate) fn final_score(&self, dungeon: CardSet) -> i32 {
        let health = self.hero.health;
        if self.is_dead() {
            health - crate::monster_total(dungeon | self.room_cards())
        } else {
            match self.last_faced {
                Some(card) if health == MAX_HEALTH && POTIONS.contains(card) => {
                    health + value(card)
                }
                _ => health,
            }
        }
    }
}

/// Reading what a person types, with the Room in view.
impl Table {
    /// Reads a move the way a person types it, with this Room in view: `avoid`/`a`/`0`; a
    /// position `1`–`4` or a card (`Qs`), optionally followed by `w` (weapon) or `b`/`bare`. A
    /// monster named without `w` or `b` is fought with the weapon when the weapon may be used on
    /// it, barehanded otherwise (the context-free notation, `Action`'s `FromStr`, reads it as
    /// barehanded). The move is parsed, not checked: apply it to learn whether it is legal.
    ///
    /// ```
    /// use scoundrel::prelude::*;
    ///
    /// let game = Scoundrel::new(Config::default(), 7)?;
    /// let table = game.table();
    /// let first = table.room()[0].expect("a new game deals a full Room");
    /// // Position 1 is the Room's first card; with no weapon yet, a monster is fought barehanded.
    /// assert_eq!(table.parse_action("1")?, Action::Face(first));
    /// assert_eq!(table.parse_action("a")?, Action::Avoid);
    /// assert!(table.parse_action("7").is_err());
    /// # Ok::<(), Error>(())
    /// ```
    pub fn parse_action(&self, text: &str) -> Result<Action, Error> {
        if is_avoid(text) {
            return Ok(Action::Avoid);
        }
        let refused = |reason: &str| {
            Error::Parse(ParseActionError {
                input: text.to_string(),
                reason: reason.to_string(),
            })
        };
        let (head, hand) = split_hand(text);
        let card = if let Ok(position) = head.parse::<usize>() {
            match position.checked_sub(1).and_then(|i| self.room.get(i)) {
                Some(Some(card)) => card,
                Some(None) => {
                    return Err(refused(&format!(
                        "position {position} of the Room is empty"
                    )));
                }
                None => return Err(refused("positions run from 1 to 4 (0 avoids the Room)")),
            }
        } else {
            match head.parse::<Action>() {
                Ok(Action::Face(card)) => card,
                Err(e) if head.parse::<Card>().is_ok() => return Err(e.into()),
                _ => {
                    return Err(refused(
                        "write a position 1–4, a card such as `Qs`, or `a` to avoid; \
                         add `w` to use the weapon or `b` to fight barehanded",
                    ));
                }
            }
        };
        if !DUNGEON.contains(card) {
            return Err(refused(
                "that card is not in the Dungeon (no jokers, red J Q K or red aces)",
            ));
        }
        if !MONSTERS.contains(card) {
            return match hand {
                Some(_) => Err(Error::NotAMonster(card)),
                None => Ok(Action::Face(card)),
            };
        }
        Ok(match hand {
            Some(Hand::Weapon) => Action::FaceWithWeapon(card),
            Some(Hand::Bare) => Action::Face(card),
            None if self.weapon_usable_on(card) => Action::FaceWithWeapon(card),
            None => Action::Face(card),
        })
    }
}
