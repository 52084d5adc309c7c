//! The state machine: the [`Table`] every player sees, the hidden [`Dungeon`] order, and the
//! [`Observation`] the agents get.

use std::fmt;
use std::hash::{Hash, Hasher};

use cards_core::{Card, CardSet, Deck};
use game_core::{Game, GameRng, Player, PlayerResult, SampleWorld, Turn, TurnError};
use serde::{Deserialize, Serialize};

use crate::Error;
use crate::action::{Action, Hand, is_avoid, split_hand};
use crate::dungeon::Dungeon;
use crate::room::Room;
use crate::rules::{
    Config, DUNGEON, DUNGEON_ORDER, DUNGEON_SIZE, FACED_PER_ROOM, Kind, MAX_HEALTH, MONSTERS,
    POTIONS, ROOM_SIZE, WEAPONS, WeaponRule, facts_of, monster_total, value,
};

/// The equipped weapon, the monsters it has slain, and the last of them (which bounds what it may
/// fight next).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Weapon {
    card: Card,
    stack: CardSet,
    last_kill: Option<Card>,
}

impl Weapon {
    /// A fresh weapon with no kills.
    pub fn new(card: Card) -> Weapon {
        Weapon {
            card,
            stack: CardSet::EMPTY,
            last_kill: None,
        }
    }

    /// The weapon's card (a ♦).
    pub fn card(&self) -> Card {
        self.card
    }

    /// Its value.
    pub fn value(&self) -> i32 {
        value(self.card)
    }

    /// The monsters stacked on it.
    pub fn stack(&self) -> CardSet {
        self.stack
    }

    /// The last monster it slew.
    pub fn last_kill(&self) -> Option<Card> {
        self.last_kill
    }

    /// The highest monster value it may still be used on under `rule` (15 when it has no kills).
    #[inline]
    pub fn limit(&self, rule: WeaponRule) -> i32 {
        match (self.last_kill, rule) {
            (None, _) => 15,
            (Some(last), WeaponRule::AtMost) => value(last),
            (Some(last), WeaponRule::Below) => value(last) - 1,
        }
    }

    /// Whether it may be used on `monster` under `rule`.
    #[inline]
    pub fn can_fight(&self, monster: Card, rule: WeaponRule) -> bool {
        value(monster) <= self.limit(rule)
    }
}

/// Everything on the table, seen by the player: the Room (four slots; a faced card leaves its
/// slot empty, so positions do not shift during a turn), health, the weapon, the discards and the
/// bookkeeping of the turn. The state and the [`Observation`] share it, and the AIs simulate a
/// turn on it.
///
/// The Room is kept as one word (a byte per slot), one to one with the `[Option<Card>; 4]` that
/// [`Table::room`] returns, so equality is the same as for that array; `Debug` and `Hash` are
/// written out to show and hash that array, exactly as a derive on it would.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Table {
    config: Config,
    room: Room,
    health: i32,
    weapon: Option<Weapon>,
    discards: CardSet,
    faced: u8,
    potion_used: bool,
    avoided_last: bool,
    last_faced: Option<Card>,
    dungeon_len: u8,
}

impl fmt::Debug for Table {
    /// As `#[derive(Debug)]` would show the table with the Room as [`Table::room`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("config", &self.config)
            .field("room", &self.room())
            .field("health", &self.health)
            .field("weapon", &self.weapon)
            .field("discards", &self.discards)
            .field("faced", &self.faced)
            .field("potion_used", &self.potion_used)
            .field("avoided_last", &self.avoided_last)
            .field("last_faced", &self.last_faced)
            .field("dungeon_len", &self.dungeon_len)
            .finish()
    }
}

impl Hash for Table {
    /// As `#[derive(Hash)]` would hash the table with the Room as [`Table::room`].
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.config.hash(state);
        self.room().hash(state);
        self.health.hash(state);
        self.weapon.hash(state);
        self.discards.hash(state);
        self.faced.hash(state);
        self.potion_used.hash(state);
        self.avoided_last.hash(state);
        self.last_faced.hash(state);
        self.dungeon_len.hash(state);
    }
}

impl Table {
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

    /// The Room's slots as card indices (`0xFF` for an empty slot), for the planners.
    #[inline]
    pub(crate) fn room_bytes(&self) -> [u8; ROOM_SIZE] {
        self.room.bytes()
    }

    /// How many cards the Room holds.
    #[inline]
    pub(crate) fn room_len(&self) -> usize {
        self.room.len()
    }

    /// The cards in the Room.
    #[inline]
    pub fn room_cards(&self) -> CardSet {
        self.room.cards()
    }

    /// Health (at most 20; 0 or less when dead).
    pub fn health(&self) -> i32 {
        self.health
    }

    /// The equipped weapon.
    pub fn weapon(&self) -> Option<&Weapon> {
        self.weapon.as_ref()
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

    /// Whether a potion has been drunk this turn (a second one would do nothing).
    pub fn potion_used(&self) -> bool {
        self.potion_used
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
    pub fn dungeon_len(&self) -> usize {
        usize::from(self.dungeon_len)
    }

    /// Whether the player has died.
    #[inline]
    pub fn is_dead(&self) -> bool {
        self.health <= 0
    }

    /// Whether the game has ended: the player died, or every card has been faced.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.health <= 0 || (self.dungeon_len == 0 && self.room == Room::EMPTY)
    }

    /// Whether the game ended with the player alive: a won game.
    pub fn is_won(&self) -> bool {
        self.is_over() && self.health > 0
    }

    /// Why the Room may not be avoided now, if it may not.
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
        self.faced == 0 && !self.avoided_last && self.dungeon_len > 0 && !self.is_over()
    }

    /// Whether the weapon may be used on `monster` now.
    #[inline]
    pub fn weapon_usable_on(&self, monster: Card) -> bool {
        self.weapon
            .is_some_and(|w| w.can_fight(monster, self.config.weapon_rule))
    }

    /// The damage `monster` would deal, with the weapon or barehanded.
    #[inline]
    pub fn damage(&self, monster: Card, with_weapon: bool) -> i32 {
        let v = value(monster);
        match (with_weapon, self.weapon) {
            (true, Some(w)) => (v - w.value()).max(0),
            _ => v,
        }
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

    /// Whether `card` is in the Room.
    #[inline]
    fn in_room(&self, card: Card) -> bool {
        self.room.contains(card)
    }

    /// Whether `action` may be played now, and if not, why: exactly the error
    /// [`Game::apply`] would return. The game's [`Game::check`] asks this; a holder of an
    /// [`Observation`] can ask it too.
    pub fn check(&self, action: &Action) -> Result<(), Error> {
        if self.is_over() {
            return Err(TurnError::GameOver.into());
        }
        let (card, with_weapon) = match *action {
            Action::Avoid => return self.avoid_refusal().map_or(Ok(()), Err),
            Action::Face(card) => (card, false),
            Action::FaceWithWeapon(card) => (card, true),
        };
        if !self.in_room(card) {
            return Err(Error::NotInRoom(card));
        }
        if with_weapon {
            if !MONSTERS.contains(card) {
                return Err(Error::NotAMonster(card));
            }
            let Some(weapon) = self.weapon else {
                return Err(Error::NoWeapon(card));
            };
            if let Some(last_kill) = weapon.last_kill
                && !weapon.can_fight(card, self.config.weapon_rule)
            {
                return Err(Error::WeaponBlunted {
                    last_kill,
                    monster: card,
                    strict: self.config.weapon_rule == WeaponRule::Below,
                });
            }
        }
        Ok(())
    }

    /// Faces a card of the Room (the move was checked): the effect of the card, without dealing
    /// the next Room. The AIs use this to play out the rest of a turn on the table alone.
    #[inline]
    pub(crate) fn face_unchecked(&mut self, card: Card, with_weapon: bool) {
        // A card is in at most one slot (the Room never holds a card twice).
        let (kind, v) = facts_of(card);
        self.face_known(self.room.mask_of(card), card, kind, v, with_weapon);
    }

    /// [`Table::face_unchecked`] once the card is looked up: `card` is of `kind` and value `v`
    /// and leaves the slots marked in `slots` (`0xFF` in each such byte, as [`Room::mask_of`]
    /// gives). The greedy play loop already knows all three, so it calls this directly.
    #[inline(always)]
    pub(crate) fn face_known(
        &mut self,
        slots: u32,
        card: Card,
        kind: Option<Kind>,
        v: i32,
        with_weapon: bool,
    ) {
        self.room.clear(slots);
        // Tests in order of frequency (monsters are more than half the cards) rather than a
        // jump table.
        if kind == Some(Kind::Monster) {
            match (with_weapon, self.weapon.as_mut()) {
                (true, Some(w)) => {
                    self.health = self.health.wrapping_sub((v - value(w.card)).max(0));
                    w.stack = w.stack.with(card);
                    w.last_kill = Some(card);
                }
                _ => {
                    self.health = self.health.wrapping_sub(v);
                    self.discards = self.discards.with(card);
                }
            }
        } else if kind == Some(Kind::Potion) {
            if !self.potion_used {
                self.health = (self.health + v).min(MAX_HEALTH);
                self.potion_used = true;
            }
            self.discards = self.discards.with(card);
        } else if kind == Some(Kind::Weapon) {
            if let Some(old) = self.weapon {
                self.discards = self.discards.with(old.card) | old.stack;
            }
            self.weapon = Some(Weapon::new(card));
        }
        // Health takes at most 14 a card, so it cannot wrap in fewer than 150 million faced
        // cards, which only moves that are not legal could face (a dead player's game is over).
        // The count saturates: moves that are not legal may face cards without end (a checked
        // move faces at most four per Room).
        self.faced += u8::from(self.faced != u8::MAX);
        self.last_faced = Some(card);
    }

    /// After a card is faced: deals the next Room from `dungeon` when the turn is done, and says
    /// whether it did (the turn is over then).
    #[inline(always)]
    pub(crate) fn deal_if_done(&mut self, dungeon: &mut Dungeon) -> bool {
        let done = self.room_done();
        if done {
            self.faced = 0;
            self.potion_used = false;
            self.avoided_last = false;
            self.deal(dungeon);
        }
        done
    }

    /// Fills the Room's empty slots, left to right, from the top of `dungeon`.
    #[inline]
    fn deal(&mut self, dungeon: &mut Dungeon) {
        self.room.deal_from(dungeon);
        self.dungeon_len = dungeon.len() as u8;
    }

    /// Avoids the Room: its cards go under `dungeon` and the next Room is dealt. Out of line, as
    /// it is the rare move: the fast path of facing a card stays small.
    #[inline(never)]
    pub(crate) fn avoid(&mut self, dungeon: &mut Dungeon) {
        match self.room.full() {
            Some(cards) => dungeon.push_bottom_all(cards),
            None => {
                for card in self.room.iter() {
                    dungeon.push_bottom(card);
                }
            }
        }
        self.room = Room::EMPTY;
        self.avoided_last = true;
        self.deal(dungeon);
    }

    /// Whether the turn is done and the next Room must be dealt.
    #[inline]
    fn room_done(&self) -> bool {
        self.faced >= FACED_PER_ROOM && self.health > 0 && self.dungeon_len > 0
    }

    /// The score as the rules give it, once the game is over; `monsters_left` is the total
    /// value of the monsters still in the Dungeon (the Room's are counted here).
    fn final_score(&self, dungeon: CardSet) -> i32 {
        if self.health <= 0 {
            self.health - monster_total(dungeon | self.room_cards())
        } else {
            let bonus = match self.last_faced {
                Some(card) if self.health == MAX_HEALTH && POTIONS.contains(card) => value(card),
                _ => 0,
            };
            self.health + bonus
        }
    }

    /// Reads a move the way a person types it, with this Room in view: `avoid`/`a`/`0`; a
    /// position `1`–`4` or a card (`Qs`), optionally followed by `w` (weapon) or `b`/`bare`. A
    /// monster named without `w` or `b` is fought with the weapon when the weapon may be used on
    /// it, barehanded otherwise (the context-free `Action` parser, [`std::str::FromStr`], reads it as barehanded).
    /// The move is parsed, not checked: apply it to learn whether it is legal.
    pub fn parse_action(&self, text: &str) -> Result<Action, Error> {
        if is_avoid(text) {
            return Ok(Action::Avoid);
        }
        let (head, hand) = split_hand(text);
        let card = if let Ok(position) = head.parse::<usize>() {
            match position.checked_sub(1).and_then(|i| self.room.get(i)) {
                Some(Some(card)) => card,
                Some(None) => {
                    return Err(Error::Parse {
                        input: text.to_string(),
                        reason: format!("position {position} of the Room is empty"),
                    });
                }
                None => {
                    return Err(Error::Parse {
                        input: text.to_string(),
                        reason: "positions run from 1 to 4 (0 avoids the Room)".to_string(),
                    });
                }
            }
        } else {
            match head.parse::<Action>() {
                Ok(Action::Face(card)) => card,
                Err(e) if head.parse::<Card>().is_ok() => return Err(e),
                _ => {
                    return Err(Error::Parse {
                        input: text.to_string(),
                        reason: "write a position 1–4, a card such as `Qs`, or `a` to avoid; \
                                 add `w` to use the weapon or `b` to fight barehanded"
                            .to_string(),
                    });
                }
            }
        };
        if !DUNGEON.contains(card) {
            return Err(Error::Parse {
                input: text.to_string(),
                reason: "that card is not in the Dungeon (no jokers, red J Q K or red aces)"
                    .to_string(),
            });
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

/// A game of Scoundrel: the [`Table`] and the Dungeon's hidden order.
///
/// ```
/// use scoundrel::prelude::*;
///
/// let mut game = Scoundrel::new(Config::default(), 7)?;
/// assert_eq!(game.table().health(), 20);
/// assert_eq!(game.table().room_cards().len(), 4);
/// game.apply(&Action::Avoid)?;
/// // Not twice in a row, and the refusal says why.
/// let refusal = game.apply(&Action::Avoid).unwrap_err();
/// assert!(refusal.to_string().contains("two Rooms in a row"));
/// # Ok::<(), scoundrel::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "StateData", into = "StateData")]
pub struct Scoundrel {
    table: Table,
    dungeon: Dungeon,
}

impl Scoundrel {
    /// A game whose Dungeon is `order`, top first, instead of a shuffle: for golden tests, puzzles
    /// and replaying a physical deal. Refused unless `order` is exactly the 44 cards, once each.
    pub fn from_dungeon(config: Config, order: &[Card]) -> Result<Scoundrel, Error> {
        if order.len() != DUNGEON_SIZE {
            return Err(Error::DungeonSize(order.len()));
        }
        let dungeon = Dungeon::from_cards(order.iter().copied())?;
        Ok(Scoundrel::start(config, dungeon))
    }

    /// The shuffled Dungeon of `seed`: the 44 cards in index order shuffled with
    /// [`GameRng::shuffle`], the order [`Deck::shuffle`] gives (a test pins that they agree).
    pub fn dungeon_of_seed(seed: u64) -> Dungeon {
        let mut cards = DUNGEON_ORDER;
        GameRng::new(seed).shuffle(&mut cards);
        Dungeon::from_shuffle(cards)
    }

    /// The reference for [`Scoundrel::dungeon_of_seed`], through [`Deck`].
    #[doc(hidden)]
    pub fn dungeon_of_seed_by_deck(seed: u64) -> Vec<Card> {
        let mut deck = Deck::from_set(DUNGEON);
        deck.shuffle(seed);
        deck.iter().collect()
    }

    fn start(config: Config, dungeon: Dungeon) -> Scoundrel {
        let mut state = Scoundrel {
            table: Table {
                config,
                room: Room::EMPTY,
                health: MAX_HEALTH,
                weapon: None,
                discards: CardSet::EMPTY,
                faced: 0,
                potion_used: false,
                avoided_last: false,
                last_faced: None,
                dungeon_len: 0,
            },
            dungeon,
        };
        state.table.deal(&mut state.dungeon);
        state
    }

    /// The table and the Dungeon apart, for a play loop to keep a copy of the table in locals
    /// of its own (written back once at the end) and deal from the Dungeon in place.
    #[inline]
    pub(crate) fn parts_mut(&mut self) -> (&mut Table, &mut Dungeon) {
        (&mut self.table, &mut self.dungeon)
    }

    /// What is on the table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The Dungeon in its true order. Not part of any [`Observation`] unless the configuration
    /// reveals it; the fair agents never see this.
    pub fn dungeon(&self) -> &Dungeon {
        &self.dungeon
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.table.config
    }

    /// The final score, once the game is over: health minus every monster not yet faced when
    /// dead; health when alive, plus the value of the last card when it was a potion and health
    /// is 20.
    pub fn score(&self) -> Option<i32> {
        self.table
            .is_over()
            .then(|| self.table.final_score(self.dungeon.cards()))
    }

    /// Applies a move that is known to be legal, without checking it: the fast path of the
    /// searches. An illegal move may leave an inconsistent state; use [`Game::apply`] for anything
    /// that was not produced by [`Game::legal_actions_into`].
    #[inline]
    pub fn apply_unchecked(&mut self, action: Action) {
        match action {
            Action::Avoid => self.table.avoid(&mut self.dungeon),
            Action::Face(card) | Action::FaceWithWeapon(card) => {
                self.table
                    .face_unchecked(card, matches!(action, Action::FaceWithWeapon(_)));
                self.table.deal_if_done(&mut self.dungeon);
            }
        }
    }

    /// The state that `observation` describes, with `dungeon` as the Dungeon's order (which must
    /// hold exactly the observation's unseen cards).
    pub(crate) fn with_dungeon(observation: &Observation, dungeon: Dungeon) -> Scoundrel {
        Scoundrel {
            table: observation.table,
            dungeon,
        }
    }

    /// `self` when it is consistent; `room` is the Room as stored (the checks read it rather than
    /// [`Room::cards`], which is exact only for the 44 cards).
    fn validate(self, room: [Option<Card>; ROOM_SIZE]) -> Result<Scoundrel, Error> {
        let t = &self.table;
        let room_cards: CardSet = room.iter().flatten().copied().collect();
        let bad = |why: String| Err(Error::InvalidState(why));
        if !(1 - 14..=MAX_HEALTH).contains(&t.health) {
            return bad(format!("health {} is out of range", t.health));
        }
        let mut seen = CardSet::EMPTY;
        let mut parts: Vec<(&str, CardSet)> = vec![
            ("Dungeon", self.dungeon.cards()),
            ("Room", room_cards),
            ("discards", t.discards),
        ];
        if let Some(w) = t.weapon {
            parts.push(("weapon", CardSet::single(w.card)));
            parts.push(("weapon stack", w.stack));
            if !WEAPONS.contains(w.card) {
                return bad(format!("{} is not a weapon", w.card));
            }
            if !MONSTERS.contains_all(w.stack) {
                return bad("a weapon's stack holds only monsters".to_string());
            }
            match w.last_kill {
                None if !w.stack.is_empty() => {
                    return bad("a weapon with a stack has a last kill".to_string());
                }
                Some(last) if !w.stack.contains(last) => {
                    return bad(format!("the last kill {last} is not on the stack"));
                }
                Some(last) => {
                    let below = match t.config.weapon_rule {
                        WeaponRule::AtMost => w.stack.iter().any(|c| value(c) < value(last)),
                        WeaponRule::Below => {
                            w.stack.iter().any(|c| c != last && value(c) <= value(last))
                        }
                    };
                    if below {
                        return bad("the stack breaks the weapon rule".to_string());
                    }
                }
                None => {}
            }
        }
        let room_count = room.iter().flatten().count();
        if room_count != room_cards.len() {
            return bad("a card appears twice in the Room".to_string());
        }
        for (name, cards) in parts {
            if seen.intersects(cards) {
                return bad(format!("{name} repeats {}", seen & cards));
            }
            seen |= cards;
        }
        if seen != DUNGEON {
            return bad(format!(
                "the 44 cards are not all accounted for (missing {}, foreign {})",
                DUNGEON - seen,
                seen - DUNGEON
            ));
        }
        if usize::from(t.dungeon_len) != self.dungeon.len() {
            return bad("the Dungeon's length is wrong".to_string());
        }
        let dead = t.health <= 0;
        if !self.dungeon.is_empty() {
            if room_count + usize::from(t.faced) != ROOM_SIZE {
                return bad("the Room is not full while the Dungeon has cards".to_string());
            }
            if t.faced >= FACED_PER_ROOM && !dead {
                return bad("three cards were faced but no new Room was dealt".to_string());
            }
        } else if room_count + usize::from(t.faced) > ROOM_SIZE {
            return bad("too many cards faced in this Room".to_string());
        }
        if t.faced > 0 && t.last_faced.is_none() {
            return bad("a card was faced but none is recorded".to_string());
        }
        if t.potion_used && (t.faced == 0 || (t.discards & POTIONS).is_empty()) {
            return bad("a potion is marked used before any was faced".to_string());
        }
        if let Some(last) = t.last_faced
            && (self.dungeon.cards().contains(last) || room_cards.contains(last))
        {
            return bad(format!("the last card faced, {last}, is still unfaced"));
        }
        if dead && !t.last_faced.is_some_and(|c| MONSTERS.contains(c)) {
            return bad("only a monster can kill".to_string());
        }
        Ok(self)
    }
}

/// The stored form of a state, checked on the way in.
#[derive(Serialize, Deserialize)]
struct StateData {
    config: Config,
    dungeon: Dungeon,
    room: [Option<Card>; ROOM_SIZE],
    health: i32,
    weapon: Option<Weapon>,
    discards: CardSet,
    faced_this_room: u8,
    potion_used: bool,
    avoided_last: bool,
    last_faced: Option<Card>,
}

impl From<Scoundrel> for StateData {
    fn from(s: Scoundrel) -> Self {
        let t = s.table;
        StateData {
            config: t.config,
            dungeon: s.dungeon,
            room: t.room(),
            health: t.health,
            weapon: t.weapon,
            discards: t.discards,
            faced_this_room: t.faced,
            potion_used: t.potion_used,
            avoided_last: t.avoided_last,
            last_faced: t.last_faced,
        }
    }
}

impl TryFrom<StateData> for Scoundrel {
    type Error = Error;

    fn try_from(d: StateData) -> Result<Self, Self::Error> {
        Scoundrel {
            table: Table {
                config: d.config,
                room: Room::from_slots(d.room),
                health: d.health,
                weapon: d.weapon,
                discards: d.discards,
                faced: d.faced_this_room,
                potion_used: d.potion_used,
                avoided_last: d.avoided_last,
                last_faced: d.last_faced,
                dungeon_len: d.dungeon.len() as u8,
            },
            dungeon: d.dungeon,
        }
        .validate(d.room)
    }
}

/// What the player sees: the [`Table`], and the cards left in the Dungeon as a set (known by
/// elimination), never their order, unless the configuration reveals it for the clairvoyant
/// solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Observation {
    table: Table,
    dungeon: CardSet,
    revealed: Option<Dungeon>,
}

impl Observation {
    /// What is on the table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The cards left in the Dungeon, as a set.
    pub fn dungeon_cards(&self) -> CardSet {
        self.dungeon
    }

    /// The Dungeon's order, only when the game was configured with
    /// [`Config::reveal_dungeon`]: what the clairvoyant [`crate::SolverAgent`] reads. The fair
    /// agents never call this.
    pub fn revealed_dungeon(&self) -> Option<&Dungeon> {
        self.revealed.as_ref()
    }

    /// See [`Table::parse_action`].
    pub fn parse_action(&self, text: &str) -> Result<Action, Error> {
        self.table.parse_action(text)
    }
}

impl std::ops::Deref for Observation {
    type Target = Table;

    fn deref(&self) -> &Table {
        &self.table
    }
}

impl std::ops::Deref for Scoundrel {
    type Target = Table;

    fn deref(&self) -> &Table {
        &self.table
    }
}

impl Game for Scoundrel {
    type Config = Config;
    type Action = Action;
    type Observation = Observation;
    type Error = Error;

    const NAME: &'static str = "scoundrel";
    const ZERO_SUM: bool = false;

    fn new(config: Config, seed: u64) -> Result<Self, Error> {
        Ok(Scoundrel::start(config, Scoundrel::dungeon_of_seed(seed)))
    }

    fn num_players(&self) -> usize {
        1
    }

    /// 44 faces, and at most one avoid before each Room faced (and one more).
    fn max_game_length(&self) -> usize {
        2 * DUNGEON_SIZE
    }

    fn turn(&self) -> Turn {
        if self.table.is_over() {
            Turn::Over
        } else {
            Turn::Player(0)
        }
    }

    fn legal_actions_into(&self, player: Player, out: &mut Vec<Action>) {
        if player == 0 {
            self.table.legal_actions_into(out);
        } else {
            out.clear();
        }
    }

    fn apply(&mut self, action: &Action) -> Result<(), Error> {
        self.table.check(action)?;
        self.apply_unchecked(*action);
        Ok(())
    }

    /// A direct test, without applying: [`Table::check`].
    fn check(&self, action: &Action) -> Result<(), Error> {
        self.table.check(action)
    }

    /// The score ([`Scoundrel::score`]) once the game is over, 0 before.
    fn returns(&self, player: Player) -> f64 {
        match (player, self.score()) {
            (0, Some(score)) => f64::from(score),
            _ => 0.0,
        }
    }

    /// A game survived to the end is a win; a death is a loss.
    fn result(&self, player: Player) -> Option<PlayerResult> {
        if player != 0 || !self.table.is_over() {
            return None;
        }
        Some(if self.table.is_won() {
            PlayerResult::Win
        } else {
            PlayerResult::Loss
        })
    }

    fn observation(&self, _player: Player) -> Observation {
        Observation {
            table: self.table,
            dungeon: self.dungeon.cards(),
            revealed: self.table.config.reveal_dungeon.then_some(self.dungeon),
        }
    }
}

impl SampleWorld for Scoundrel {
    /// The table as seen, and the unseen cards in a uniformly random order (the true order when
    /// the configuration reveals it).
    fn sample_world(observation: &Observation, _player: Player, rng: &mut GameRng) -> Self {
        if let Some(dungeon) = observation.revealed {
            return Scoundrel::with_dungeon(observation, dungeon);
        }
        let mut cards = [Card::RED_JOKER; DUNGEON_SIZE];
        let n = observation.dungeon.len();
        for (slot, card) in cards.iter_mut().zip(observation.dungeon) {
            *slot = card;
        }
        rng.shuffle(&mut cards[..n]);
        let dungeon = Dungeon::from_cards(cards[..n].iter().copied()).unwrap_or(Dungeon::empty());
        Scoundrel::with_dungeon(observation, dungeon)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_shuffle_matches_the_deck() {
        for seed in [0, 1, 42, 9_999] {
            let fast: Vec<Card> = Scoundrel::dungeon_of_seed(seed).iter().collect();
            assert_eq!(fast, Scoundrel::dungeon_of_seed_by_deck(seed));
        }
    }

    /// The state machine as it was written before the Room became a word and the Dungeon a ring
    /// with a fast deal: slots of `Option<Card>`, a `VecDeque` Dungeon and one card at a time. The
    /// fast code must move exactly as this does, legal moves or not.
    mod reference {
        use std::collections::VecDeque;

        use super::*;
        use crate::rules::kind;

        #[derive(Clone, Debug, PartialEq)]
        pub struct Model {
            pub room: [Option<Card>; ROOM_SIZE],
            pub dungeon: VecDeque<Card>,
            pub health: i32,
            pub weapon: Option<Weapon>,
            pub discards: CardSet,
            pub faced: u8,
            pub potion_used: bool,
            pub avoided_last: bool,
            pub last_faced: Option<Card>,
        }

        impl Model {
            pub fn of(state: &Scoundrel) -> Model {
                let t = state.table();
                Model {
                    room: t.room(),
                    dungeon: state.dungeon().iter().collect(),
                    health: t.health(),
                    weapon: t.weapon().copied(),
                    discards: t.discards(),
                    faced: t.faced_this_room(),
                    potion_used: t.potion_used(),
                    avoided_last: t.avoided_last(),
                    last_faced: t.last_faced(),
                }
            }

            fn push_bottom(&mut self, card: Card) {
                if self.dungeon.len() < DUNGEON_SIZE && !self.dungeon.contains(&card) {
                    self.dungeon.push_back(card);
                }
            }

            fn deal(&mut self) {
                for slot in self.room.iter_mut() {
                    if slot.is_none() {
                        *slot = self.dungeon.pop_front();
                    }
                }
            }

            fn face(&mut self, card: Card, with_weapon: bool) {
                if let Some(slot) = self.room.iter().position(|&c| c == Some(card)) {
                    self.room[slot] = None;
                }
                match kind(card) {
                    Some(Kind::Monster) => {
                        let v = value(card);
                        match (with_weapon, self.weapon.as_mut()) {
                            (true, Some(w)) => {
                                self.health =
                                    self.health.saturating_sub((v - value(w.card)).max(0));
                                w.stack.insert(card);
                                w.last_kill = Some(card);
                            }
                            _ => {
                                self.health = self.health.saturating_sub(v);
                                self.discards.insert(card);
                            }
                        }
                    }
                    Some(Kind::Weapon) => {
                        if let Some(old) = self.weapon {
                            self.discards = self.discards.with(old.card) | old.stack;
                        }
                        self.weapon = Some(Weapon::new(card));
                    }
                    Some(Kind::Potion) => {
                        if !self.potion_used {
                            self.health = (self.health + value(card)).min(MAX_HEALTH);
                            self.potion_used = true;
                        }
                        self.discards.insert(card);
                    }
                    None => {}
                }
                self.faced = self.faced.saturating_add(1);
                self.last_faced = Some(card);
            }

            pub fn apply(&mut self, action: Action) {
                match action {
                    Action::Avoid => {
                        for card in self.room.into_iter().flatten() {
                            self.push_bottom(card);
                        }
                        self.room = [None; ROOM_SIZE];
                        self.avoided_last = true;
                        self.deal();
                    }
                    Action::Face(card) | Action::FaceWithWeapon(card) => {
                        self.face(card, matches!(action, Action::FaceWithWeapon(_)));
                        if self.health > 0
                            && self.faced >= FACED_PER_ROOM
                            && !self.dungeon.is_empty()
                        {
                            self.faced = 0;
                            self.potion_used = false;
                            self.avoided_last = false;
                            self.deal();
                        }
                    }
                }
            }

            pub fn is_over(&self) -> bool {
                self.health <= 0
                    || (self.dungeon.is_empty() && self.room.iter().all(Option::is_none))
            }
        }
    }

    /// A move from two numbers: legal ones by position in the list of legal moves, or any move
    /// naming any of the 54 cards.
    fn pick(state: &Scoundrel, legal_only: bool, a: u8, b: u8) -> Action {
        if legal_only {
            let legal = state.legal_actions(0);
            legal[usize::from(a) % legal.len()]
        } else {
            let card = Card::from_index(b % 54).unwrap();
            match a % 3 {
                0 => Action::Avoid,
                1 => Action::Face(card),
                _ => Action::FaceWithWeapon(card),
            }
        }
    }

    fn check_against_reference(seed: u64, legal_only: bool, moves: &[(u8, u8)]) {
        let mut state = Scoundrel::new(Config::default(), seed).unwrap();
        let mut model = reference::Model::of(&state);
        let mut deal = state.dungeon().iter().collect::<Vec<_>>();
        deal.splice(0..0, state.table().room().into_iter().flatten());
        assert_eq!(deal, Scoundrel::dungeon_of_seed_by_deck(seed));
        for &(a, b) in moves {
            if legal_only && state.is_over() {
                break;
            }
            let action = pick(&state, legal_only, a, b);
            state.apply_unchecked(action);
            model.apply(action);
            assert_eq!(reference::Model::of(&state), model, "after {action}");
            assert_eq!(state.is_over(), model.is_over());
            assert_eq!(state.dungeon_len(), model.dungeon.len());
            assert_eq!(
                state.dungeon().cards(),
                model.dungeon.iter().copied().collect()
            );
            assert_eq!(
                state.room_cards(),
                model.room.iter().flatten().copied().collect()
            );
        }
    }

    #[test]
    fn greedy_games_move_as_the_reference_does() {
        for seed in 0..200 {
            let mut state = Scoundrel::new(Config::default(), seed).unwrap();
            let mut model = reference::Model::of(&state);
            let mut agent = crate::ai::GreedyAgent::new();
            while !state.is_over() {
                let action = agent.action(&state.observation(0));
                state.apply(&action).unwrap();
                model.apply(action);
                assert_eq!(reference::Model::of(&state), model, "seed {seed}, {action}");
            }
            assert!(model.is_over());
        }
    }

    /// `Debug` and `Hash` of a [`Table`] are those a derive gives the same fields with the Room as
    /// `[Option<Card>; 4]`, as before the Room became a word.
    #[test]
    fn table_debug_and_hash_are_those_of_the_derive() {
        use std::collections::hash_map::DefaultHasher;

        #[derive(Debug, Hash)]
        struct Table {
            config: Config,
            room: [Option<Card>; ROOM_SIZE],
            health: i32,
            weapon: Option<Weapon>,
            discards: CardSet,
            faced: u8,
            potion_used: bool,
            avoided_last: bool,
            last_faced: Option<Card>,
            dungeon_len: u8,
        }
        let mut state = Scoundrel::new(Config::strict(), 5).unwrap();
        for step in 0..12 {
            let t = state.table();
            let derived = Table {
                config: t.config,
                room: t.room(),
                health: t.health,
                weapon: t.weapon,
                discards: t.discards,
                faced: t.faced,
                potion_used: t.potion_used,
                avoided_last: t.avoided_last,
                last_faced: t.last_faced,
                dungeon_len: t.dungeon_len,
            };
            assert_eq!(format!("{t:?}"), format!("{derived:?}"));
            assert_eq!(format!("{t:#?}"), format!("{derived:#?}"));
            let hash = |h: &dyn Fn(&mut DefaultHasher)| {
                let mut hasher = DefaultHasher::new();
                h(&mut hasher);
                hasher.finish()
            };
            assert_eq!(hash(&|h| t.hash(h)), hash(&|h| derived.hash(h)));
            let legal = state.legal_actions(0);
            if legal.is_empty() {
                break;
            }
            state.apply(&legal[step % legal.len()]).unwrap();
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Legal games, and any moves at all through `apply_unchecked`, move the state exactly as
        /// the reference does.
        #[test]
        fn moves_as_the_reference_does(
            seed: u64,
            legal_only: bool,
            moves in proptest::collection::vec((0u8..=255, 0u8..54), 0..120),
        ) {
            check_against_reference(seed, legal_only, &moves);
        }
    }

    #[test]
    fn stored_rooms_round_trip_and_jokers_are_refused() {
        let mut state = Scoundrel::new(Config::default(), 11).unwrap();
        state.apply(&state.legal_actions(0)[1]).unwrap();
        let json = serde_json::to_value(state).unwrap();
        assert_eq!(
            json["room"],
            serde_json::to_value(state.table().room()).unwrap()
        );
        let back: Scoundrel = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(back, state);
        for joker in [Card::RED_JOKER, Card::BLACK_JOKER] {
            let mut bad = json.clone();
            bad["room"][0] = serde_json::to_value(joker).unwrap();
            let err = serde_json::from_value::<Scoundrel>(bad).unwrap_err();
            assert!(
                err.to_string().contains(&format!("foreign {joker}")),
                "{err}"
            );
        }
    }

    #[test]
    fn a_new_game_deals_four() {
        let game = Scoundrel::new(Config::default(), 3).unwrap();
        assert_eq!(game.room_cards().len(), 4);
        assert_eq!(game.dungeon().len(), 40);
        assert!(game.can_avoid());
        assert_eq!(game.score(), None);
        assert_eq!(game.legal_actions(0)[0], Action::Avoid);
    }
}
