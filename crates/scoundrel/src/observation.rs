//! What the player sees.

use std::fmt;

use cards_core::CardSet;

use crate::Error;
use crate::action::Action;
use crate::dungeon::Dungeon;
use crate::history::History;
use crate::rules::{MAX_HEALTH, MONSTERS, POTIONS, WEAPONS, value_name};
use crate::table::Table;

/// What the player sees: the [`Table`]; the cards left in the Dungeon as a set (known by
/// elimination); and, at its bottom, the cards the player saw an avoid put there, in their order.
/// The order of the others is hidden. It also carries the player's record of the game (the cards
/// seen in the order they were dealt, and the moves), which the information state is made of,
/// so that a world sampled from it ([`game_core::SampleWorld`]) remembers the same past.
///
/// Its `Display` is the observation in words, one line each for the adventurer, the Room and the
/// Dungeon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Observation {
    table: Table,
    dungeon: CardSet,
    known_bottom: Dungeon,
    history: History,
}

impl Observation {
    /// What the player of a game at `table` over `dungeon`, who remembers `history`, sees.
    pub(crate) fn of(table: &Table, dungeon: &Dungeon, history: &History) -> Observation {
        let bottom = dungeon.bottom(table.known_bottom_len());
        Observation {
            table: *table,
            dungeon: dungeon.cards(),
            known_bottom: Dungeon::from_cards(bottom).unwrap_or(Dungeon::empty()),
            history: *history,
        }
    }

    /// The player's record of the game.
    pub(crate) fn history(&self) -> &History {
        &self.history
    }

    /// What is on the table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The cards left in the Dungeon, as a set.
    pub fn dungeon_cards(&self) -> CardSet {
        self.dungeon
    }

    /// The cards at the bottom of the Dungeon that the player saw an avoid put there, top first:
    /// they will be dealt last, in this order.
    pub fn known_bottom(&self) -> &Dungeon {
        &self.known_bottom
    }

    /// The cards of the Dungeon whose place the player does not know: all but the known bottom.
    /// They lie above it, in any order.
    pub fn unseen(&self) -> CardSet {
        self.dungeon - self.known_bottom.cards()
    }

    /// See [`Table::parse_action`].
    pub fn parse_action(&self, text: &str) -> Result<Action, Error> {
        self.table.parse_action(text)
    }
}

impl fmt::Display for Observation {
    /// For example:
    ///
    /// ```text
    /// health 9/20 · weapon 5♦, last kill 6♣ (fights monsters up to 6) · potion drunk this turn
    /// Room: Q♠ · 2♥ 10♣ · 1 faced, may not avoid
    /// Dungeon: 33 cards (19 monsters, 6 weapons, 8 potions) · bottom, in order: K♠ Q♠ J♠ A♠
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.table;
        write!(f, "health {}/{MAX_HEALTH} · weapon ", t.health())?;
        match t.weapon() {
            None => f.write_str("none")?,
            Some(w) => match w.last_kill() {
                None => write!(f, "{}, no kill", w.card())?,
                Some(last) => {
                    write!(f, "{}, last kill {last} ", w.card())?;
                    match w.limit(t.config().weapon_rule) {
                        limit @ 2.. => write!(f, "(fights monsters up to {})", value_name(limit))?,
                        _ => f.write_str("(fights no monster)")?,
                    }
                }
            },
        }
        if t.potion_used() {
            f.write_str(" · potion drunk this turn")?;
        }
        f.write_str("\nRoom:")?;
        for slot in t.room() {
            match slot {
                Some(card) => write!(f, " {card}")?,
                None => f.write_str(" ·")?,
            }
        }
        let avoid = if t.can_avoid() { "may" } else { "may not" };
        write!(f, " · {} faced, {avoid} avoid", t.faced_this_room())?;
        let d = self.dungeon;
        write!(
            f,
            "\nDungeon: {} cards ({} monsters, {} weapons, {} potions)",
            d.len(),
            (d & MONSTERS).len(),
            (d & WEAPONS).len(),
            (d & POTIONS).len()
        )?;
        if !self.known_bottom.is_empty() {
            write!(f, " · bottom, in order: {}", self.known_bottom)?;
        }
        if t.is_over() {
            f.write_str(if t.is_won() { "\nwon" } else { "\ndead" })?;
        }
        Ok(())
    }
}
