//! The configuration and the fixed facts of the rules: which 44 cards make the Dungeon, what
//! each card is, and the weapon rule.

use std::fmt;
use std::str::FromStr;

use cards_core::{Card, CardSet, Rank, Suit};
use serde::{Deserialize, Serialize};

use crate::Error;
use crate::action::ParseActionError;

/// Health at the start, and the most a player can ever have.
pub const MAX_HEALTH: i32 = 20;

/// Number of cards in the Dungeon.
pub const DUNGEON_SIZE: usize = 44;

/// Cards in a full Room.
pub const ROOM_SIZE: usize = 4;

/// Cards faced in a Room before the next is dealt (the fourth stays).
pub const FACED_PER_ROOM: u8 = 3;

/// The 44 cards of the Dungeon: every ♣ and ♠ (monsters), and ♦ and ♥ from 2 to 10 (weapons and
/// potions). The jokers, the red J Q K and the red aces are left out.
pub const DUNGEON: CardSet = dungeon_cards();

const fn dungeon_cards() -> CardSet {
    let mut set = CardSet::EMPTY;
    let mut i = 0;
    while i < Rank::ALL.len() {
        let rank = Rank::ALL[i];
        set = set
            .union(CardSet::single(Card::new(rank, Suit::Clubs)))
            .union(CardSet::single(Card::new(rank, Suit::Spades)));
        if rank.value() >= 2 && rank.value() <= 10 {
            set = set
                .union(CardSet::single(Card::new(rank, Suit::Diamonds)))
                .union(CardSet::single(Card::new(rank, Suit::Hearts)));
        }
        i += 1;
    }
    set
}

/// The 44 cards of the Dungeon in index order (the order of [`DUNGEON`]'s iterator): what a deal
/// shuffles, ready made.
pub(crate) const DUNGEON_ORDER: [Card; DUNGEON_SIZE] = dungeon_order();

const fn dungeon_order() -> [Card; DUNGEON_SIZE] {
    let mut by_index = [None; Card::COUNT];
    let mut r = 0;
    while r < Rank::ALL.len() {
        let mut s = 0;
        while s < Suit::ALL.len() {
            let card = Card::new(Rank::ALL[r], Suit::ALL[s]);
            if DUNGEON.contains(card) {
                by_index[card.index() as usize] = Some(card);
            }
            s += 1;
        }
        r += 1;
    }
    let mut out = [Card::RED_JOKER; DUNGEON_SIZE];
    let (mut i, mut n) = (0, 0);
    while i < Card::COUNT {
        if let Some(card) = by_index[i]
            && n < DUNGEON_SIZE
        {
            out[n] = card;
            n += 1;
        }
        i += 1;
    }
    out
}

/// The number of `card` among the 44 cards of the Dungeon in index order (A♣ A♠ 2♣ 2♦ 2♥ 2♠ 3♣
/// … K♣ K♠ are 0 to 43): its column in the learning layouts and its chance outcome; `None` for a
/// card outside the Dungeon.
#[inline]
pub(crate) fn card_number(card: Card) -> Option<usize> {
    match NUMBERS[usize::from(card.index())] {
        u8::MAX => None,
        n => Some(usize::from(n)),
    }
}

/// The card numbered `number` (see [`card_number`]).
#[inline]
pub(crate) fn numbered_card(number: usize) -> Option<Card> {
    DUNGEON_ORDER.get(number).copied()
}

/// [`card_number`] by card index (`u8::MAX` for the cards outside the Dungeon), worked out at
/// compile time; an entry for every `u8`, as in [`FACTS`].
const NUMBERS: [u8; 256] = numbers_table();

const fn numbers_table() -> [u8; 256] {
    let mut out = [u8::MAX; 256];
    let mut n = 0;
    while n < DUNGEON_SIZE {
        out[DUNGEON_ORDER[n].index() as usize] = n as u8;
        n += 1;
    }
    out
}

/// The monsters of the Dungeon (♣ and ♠).
pub const MONSTERS: CardSet =
    DUNGEON.intersection(CardSet::suit(Suit::Clubs).union(CardSet::suit(Suit::Spades)));
/// The weapons of the Dungeon (♦ 2–10).
pub const WEAPONS: CardSet = DUNGEON.intersection(CardSet::suit(Suit::Diamonds));
/// The health potions of the Dungeon (♥ 2–10).
pub const POTIONS: CardSet = DUNGEON.intersection(CardSet::suit(Suit::Hearts));

/// What a card of the Dungeon is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A ♣ or ♠: a monster that deals its value in damage.
    Monster,
    /// A ♦: a weapon that takes its value off a monster's damage.
    Weapon,
    /// A ♥: a potion that heals its value.
    Potion,
}

/// What `card` is, or `None` for a card that is not in the Dungeon.
///
/// ```
/// use scoundrel::{Kind, kind, value};
///
/// let queen = "Qs".parse()?;
/// assert_eq!((kind(queen), value(queen)), (Some(Kind::Monster), 12));
/// assert_eq!(kind("7d".parse()?), Some(Kind::Weapon));
/// assert_eq!(kind("Ah".parse()?), None); // the red aces are not in the Dungeon
/// # Ok::<(), cards_core::CardError>(())
/// ```
#[inline]
pub fn kind(card: Card) -> Option<Kind> {
    FACTS[usize::from(card.index())].0
}

/// A card's value in the game: its rank, with J 11, Q 12, K 13 and A 14 (0 for a joker).
#[inline]
pub fn value(card: Card) -> i32 {
    i32::from(FACTS[usize::from(card.index())].1)
}

/// A card's kind and value with one lookup: what facing it needs.
#[inline]
pub(crate) fn facts(card: Card) -> (Option<Kind>, i32) {
    let (kind, value) = FACTS[usize::from(card.index())];
    (kind, i32::from(value))
}

/// Every card's kind and value by index, worked out once at compile time (the rules and the AIs
/// ask at every move). It has an entry for every `u8`, so a lookup by a card's index needs no
/// bounds check; those past the 54 cards are never read.
const FACTS: [(Option<Kind>, i8); 256] = facts_table();

const fn facts_table() -> [(Option<Kind>, i8); 256] {
    let mut out = [(None, 0); 256];
    let mut r = 0;
    while r < Rank::ALL.len() {
        let rank = Rank::ALL[r];
        let value = match rank {
            Rank::Ace => 14,
            _ => rank.value() as i8,
        };
        let mut s = 0;
        while s < Suit::ALL.len() {
            let card = Card::new(rank, Suit::ALL[s]);
            let kind = if !DUNGEON.contains(card) {
                None
            } else if MONSTERS.contains(card) {
                Some(Kind::Monster)
            } else if WEAPONS.contains(card) {
                Some(Kind::Weapon)
            } else {
                Some(Kind::Potion)
            };
            out[card.index() as usize] = (kind, value);
            s += 1;
        }
        r += 1;
    }
    out
}

/// The name of a value as the cards say it (`6`, `Q`, `A`), for messages.
pub fn value_name(value: i32) -> &'static str {
    match value {
        14 => "A",
        v => u8::try_from(v)
            .ok()
            .and_then(Rank::from_value)
            .map_or("?", Rank::name),
    }
}

/// The sum of the values of the monsters in `cards`.
#[inline]
pub fn monster_total(cards: CardSet) -> i32 {
    cards.intersection(MONSTERS).iter().map(value).sum()
}

/// Which monsters a weapon that has slain a monster may still be used on.
///
/// Stored under the names its text uses, `"default"` and `"strict"` (the older `"AtMost"` and
/// `"Below"` still load).
///
/// ```
/// use scoundrel::{Config, WeaponRule};
///
/// let strict: Config = serde_json::from_str(r#"{"weapon_rule": "strict"}"#)?;
/// assert_eq!(strict.weapon_rule, WeaponRule::Below);
/// assert_eq!(serde_json::to_string(&strict)?, r#"{"weapon_rule":"strict"}"#);
/// assert_eq!("strict".parse::<WeaponRule>()?.to_string(), "strict");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeaponRule {
    /// **Default**, as in the official rules and the original Python program: monsters of value at most (≤) the last
    /// one the weapon slew.
    #[default]
    #[serde(rename = "default", alias = "AtMost")]
    AtMost,
    /// The variant `strict`: only monsters of value below (<) the last one it slew.
    #[serde(rename = "strict", alias = "Below")]
    Below,
}

impl WeaponRule {
    /// The biggest monster a weapon may still fight once its last kill had value `last`.
    #[inline]
    pub fn limit_after(self, last: i32) -> i32 {
        match self {
            WeaponRule::AtMost => last,
            WeaponRule::Below => last - 1,
        }
    }

    /// Whether a weapon whose last kill had value `last` may be used on a monster of value
    /// `monster`.
    #[inline]
    pub fn allows(self, last: i32, monster: i32) -> bool {
        monster <= self.limit_after(last)
    }
}

impl fmt::Display for WeaponRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WeaponRule::AtMost => "default",
            WeaponRule::Below => "strict",
        })
    }
}

impl FromStr for WeaponRule {
    type Err = Error;

    /// `default` (or `at-most`, `<=`) and `strict` (or `below`, `<`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "default" | "at-most" | "atmost" | "<=" | "≤" => Ok(WeaponRule::AtMost),
            "strict" | "below" | "<" => Ok(WeaponRule::Below),
            _ => Err(Error::Parse(ParseActionError {
                input: s.to_string(),
                reason: "a weapon rule is `default` (≤) or `strict` (<)".to_string(),
            })),
        }
    }
}

/// The rule variant. Stored as JSON, a missing field takes its default and an unknown one (a
/// typo) is refused.
///
/// ```
/// use scoundrel::Config;
///
/// assert_eq!(serde_json::from_str::<Config>("{}")?, Config::default());
/// assert!(serde_json::from_str::<Config>(r#"{"weapon_rul": "strict"}"#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Which monsters a used weapon may still fight.
    pub weapon_rule: WeaponRule,
}

impl Config {
    /// The variant `strict`: a used weapon only fights monsters below its last kill.
    pub fn strict() -> Self {
        Config {
            weapon_rule: WeaponRule::Below,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dungeon_has_44_cards() {
        assert_eq!(DUNGEON.len(), DUNGEON_SIZE);
        assert_eq!(MONSTERS.len(), 26);
        assert_eq!(WEAPONS.len(), 9);
        assert_eq!(POTIONS.len(), 9);
        assert_eq!(MONSTERS | WEAPONS | POTIONS, DUNGEON);
        assert_eq!(monster_total(DUNGEON), 2 * (2..=14).sum::<i32>());
        for text in ["Ah", "Ad", "Jh", "Qd", "Kh", "RJ", "BJ"] {
            let card: Card = text.parse().unwrap();
            assert_eq!(kind(card), None, "{text}");
        }
        let ace: Card = "As".parse().unwrap();
        assert_eq!((kind(ace), value(ace)), (Some(Kind::Monster), 14));
        assert_eq!(kind("10d".parse().unwrap()), Some(Kind::Weapon));
        assert_eq!(kind("2h".parse().unwrap()), Some(Kind::Potion));
    }

    #[test]
    fn the_dungeon_order_is_the_index_order() {
        assert_eq!(DUNGEON_ORDER.to_vec(), DUNGEON.iter().collect::<Vec<_>>());
        for (n, card) in DUNGEON.iter().enumerate() {
            assert_eq!(card_number(card), Some(n));
            assert_eq!(numbered_card(n), Some(card));
        }
        for card in Card::all().filter(|&c| !DUNGEON.contains(c)) {
            assert_eq!(card_number(card), None, "{card}");
        }
        assert_eq!(numbered_card(DUNGEON_SIZE), None);
    }

    #[test]
    fn weapon_rules() {
        assert!(WeaponRule::AtMost.allows(12, 12));
        assert!(!WeaponRule::Below.allows(12, 12));
        assert!(WeaponRule::Below.allows(12, 6));
        assert!(!WeaponRule::AtMost.allows(6, 12));
        for rule in [WeaponRule::AtMost, WeaponRule::Below] {
            assert_eq!(rule.to_string().parse::<WeaponRule>().unwrap(), rule);
        }
        assert!("sideways".parse::<WeaponRule>().is_err());
        // Stored under the names the text uses; the older names still load.
        for (rule, name, old) in [
            (WeaponRule::AtMost, "default", "AtMost"),
            (WeaponRule::Below, "strict", "Below"),
        ] {
            assert_eq!(serde_json::to_string(&rule).unwrap(), format!("{name:?}"));
            assert_eq!(
                serde_json::from_str::<WeaponRule>(&format!("{old:?}")).unwrap(),
                rule
            );
            assert_eq!(name, rule.to_string());
        }
        assert_eq!(value_name(14), "A");
        assert_eq!(value_name(12), "Q");
        assert_eq!(value_name(6), "6");
    }

    #[test]
    fn a_misspelt_field_is_refused() {
        let strict: Config = serde_json::from_str(r#"{"weapon_rule":"Below"}"#).unwrap();
        assert_eq!(strict, Config::strict());
        let err = serde_json::from_str::<Config>(r#"{"weapon_rul":"Below"}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field"), "{err}");
    }
}
