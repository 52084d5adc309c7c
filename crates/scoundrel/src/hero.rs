//! The adventurer and the rule for facing a card, written once: the state machine faces cards
//! with [`Hero::face`], and the AIs and the solver simulate their turns with it.

use cards_core::{Card, CardSet};
use serde::{Deserialize, Serialize};

use crate::rules::{Kind, MAX_HEALTH, WeaponRule, facts, value};

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

    /// The biggest monster value it may still be used on under `rule`: any (14, an ace) while it
    /// has slain nothing.
    #[inline]
    pub fn limit(&self, rule: WeaponRule) -> i32 {
        self.last_kill
            .map_or(14, |last| rule.limit_after(value(last)))
    }

    /// Whether it may be used on `monster` under `rule`.
    #[inline]
    pub fn can_fight(&self, monster: Card, rule: WeaponRule) -> bool {
        value(monster) <= self.limit(rule)
    }
}

/// The adventurer: health, the equipped weapon, and whether this turn's potion has been drunk.
/// Facing a card changes these and nothing else but the discard pile, so a turn can be simulated
/// on a `Hero` alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hero {
    pub(crate) health: i32,
    pub(crate) weapon: Option<Weapon>,
    pub(crate) potion_used: bool,
}

impl Hero {
    /// The adventurer at the start: 20 health, no weapon.
    pub const START: Hero = Hero {
        health: MAX_HEALTH,
        weapon: None,
        potion_used: false,
    };

    /// Health (at most 20; 0 or less when dead).
    #[inline]
    pub fn health(&self) -> i32 {
        self.health
    }

    /// The equipped weapon.
    #[inline]
    pub fn weapon(&self) -> Option<&Weapon> {
        self.weapon.as_ref()
    }

    /// Whether a potion has been drunk this turn (a second one would do nothing).
    #[inline]
    pub fn potion_used(&self) -> bool {
        self.potion_used
    }

    /// Whether the weapon may be used on `monster` under `rule`.
    #[inline]
    pub fn can_use_weapon_on(&self, monster: Card, rule: WeaponRule) -> bool {
        self.weapon.is_some_and(|w| w.can_fight(monster, rule))
    }

    /// The damage `monster` would deal, as [`Hero::face`] deals it: its value barehanded, its
    /// value minus the weapon's (never below 0) with the weapon.
    pub fn damage(&self, monster: Card, with_weapon: bool, rule: WeaponRule) -> i32 {
        let mut after = *self;
        after.face(monster, with_weapon, rule);
        self.health - after.health
    }

    /// Faces `card`, and returns the cards that go to the discard pile:
    /// - a **weapon** is equipped; the old weapon and the monsters on it are discarded;
    /// - a **potion** heals its value, up to 20, if it is the first of the turn, and is discarded;
    /// - a **monster** is fought with the weapon when `with_weapon` is asked and `rule` allows it
    ///   (it costs the monster's value minus the weapon's and goes on the weapon's stack), and
    ///   barehanded otherwise (it costs its full value and is discarded).
    ///
    /// A card that is not one of the 44 changes nothing.
    #[inline]
    pub fn face(&mut self, card: Card, with_weapon: bool, rule: WeaponRule) -> CardSet {
        let (kind, value) = facts(card);
        match kind {
            Some(Kind::Monster) => match self.weapon.as_mut() {
                Some(weapon) if with_weapon && value <= weapon.limit(rule) => {
                    self.health = self.health.saturating_sub((value - weapon.value()).max(0));
                    weapon.stack = weapon.stack.with(card);
                    weapon.last_kill = Some(card);
                    CardSet::EMPTY
                }
                _ => {
                    self.health = self.health.saturating_sub(value);
                    CardSet::single(card)
                }
            },
            Some(Kind::Weapon) => {
                let old = self.weapon.replace(Weapon::new(card));
                old.map_or(CardSet::EMPTY, |w| w.stack.with(w.card))
            }
            Some(Kind::Potion) => {
                if !self.potion_used {
                    self.health = (self.health + value).min(MAX_HEALTH);
                    self.potion_used = true;
                }
                CardSet::single(card)
            }
            None => CardSet::EMPTY,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn facing_each_kind() {
        let rule = WeaponRule::AtMost;
        let mut hero = Hero::START;
        assert_eq!(hero.face(card("5d"), false, rule), CardSet::EMPTY);
        // Barehanded whenever asked, with the weapon when asked and allowed.
        assert_eq!(
            hero.face(card("3c"), false, rule),
            CardSet::single(card("3c"))
        );
        assert_eq!(hero.health(), 17);
        assert_eq!(hero.face(card("Qs"), true, rule), CardSet::EMPTY);
        assert_eq!(hero.health(), 10);
        assert_eq!(hero.face(card("6c"), true, rule), CardSet::EMPTY);
        assert_eq!(hero.health(), 9);
        let weapon = *hero.weapon().unwrap();
        assert_eq!(
            (weapon.last_kill(), weapon.limit(rule)),
            (Some(card("6c")), 6)
        );
        assert_eq!(weapon.limit(WeaponRule::Below), 5);
        // The Q is above the weapon's limit now: asked for the weapon, it is fought barehanded.
        assert_eq!(
            hero.face(card("Qc"), true, rule),
            CardSet::single(card("Qc"))
        );
        assert_eq!(hero.health(), -3);
        // Potions: the first of the turn heals, up to 20.
        let mut hero = Hero::START;
        hero.health = 15;
        assert_eq!(
            hero.face(card("9h"), false, rule),
            CardSet::single(card("9h"))
        );
        assert_eq!((hero.health(), hero.potion_used()), (20, true));
        hero.health = 10;
        hero.face(card("2h"), false, rule);
        assert_eq!(hero.health(), 10);
        // A new weapon discards the old one and its stack.
        let mut hero = Hero::START;
        hero.face(card("5d"), false, rule);
        hero.face(card("4s"), true, rule);
        let old: CardSet = "5d 4s".parse().unwrap();
        assert_eq!(hero.face(card("8d"), false, rule), old);
        assert_eq!(hero.weapon().map(|w| w.limit(rule)), Some(14));
        assert_eq!(hero.face(Card::RED_JOKER, true, rule), CardSet::EMPTY);
    }
}
