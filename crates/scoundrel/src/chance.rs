//! The deal as explicit chance events ([`ExplicitChance`]): the Dungeon laid card by card, top
//! first, each card drawn uniformly from those not yet laid.

use cards_core::Card;
use game_core::ExplicitChance;

use crate::Error;
use crate::rules::{Config, DUNGEON_SIZE, card_number, numbered_card};
use crate::state::Scoundrel;

/// Whether each of the 44 cards is among `drawn`, or `None` when `drawn` is no beginning of a
/// Dungeon (an outcome that names no card, a card twice, more than 44).
fn placed(drawn: &[usize]) -> Option<[bool; DUNGEON_SIZE]> {
    let mut placed = [false; DUNGEON_SIZE];
    for &outcome in drawn {
        match placed.get_mut(outcome) {
            Some(seen @ false) => *seen = true,
            _ => return None,
        }
    }
    Some(placed)
}

/// Under every configuration, 44 events: event `i` (from 0) lays the card at place `i` of the
/// Dungeon from the top, the order [`Scoundrel::from_dungeon`] takes (the first Room is its first
/// four cards). An outcome is a card's number among the 44 in index order, A♣ A♠ 2♣ 2♦ 2♥ 2♠ 3♣
/// … K♣ K♠ (0 to 43), the numbering of the action ids (facing card `n` is action `1 + n`); each
/// card not yet laid has probability 1/(44 − i).
///
/// ```
/// use game_core::{Deal, ExplicitChance};
/// use scoundrel::prelude::*;
///
/// let mut deal = Deal::<Scoundrel>::new(Config::default());
/// assert_eq!(deal.outcomes().len(), 44);
/// deal.apply(6)?; // 3♣ on top
/// assert_eq!(deal.outcomes()[0], (0, 1.0 / 43.0));
/// assert_eq!(deal.outcome_string(36), "card 2 of the Dungeon: 10♥");
///
/// // The outcomes a seed draws start the very game `new` deals.
/// let outcomes = Scoundrel::chance_outcomes_of_seed(&Config::default(), 42);
/// let game = Scoundrel::from_chance_outcomes(Config::default(), &outcomes)?;
/// assert_eq!(game, Scoundrel::new(Config::default(), 42)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ExplicitChance for Scoundrel {
    /// 44: one event per card of the Dungeon.
    fn max_chance_events(_config: &Config) -> usize {
        DUNGEON_SIZE
    }

    /// 44: one outcome per card.
    fn max_chance_outcomes(_config: &Config) -> usize {
        DUNGEON_SIZE
    }

    fn chance_outcomes(_config: &Config, drawn: &[usize]) -> Vec<(usize, f64)> {
        let Some(placed) = placed(drawn) else {
            return Vec::new();
        };
        let left = DUNGEON_SIZE - drawn.len();
        if left == 0 {
            return Vec::new();
        }
        let p = 1.0 / left as f64;
        (0..DUNGEON_SIZE)
            .filter(|&n| !placed[n])
            .map(|n| (n, p))
            .collect()
    }

    /// `card 3 of the Dungeon: 7♥`: the place from the top (the first card is 1) and the card.
    fn chance_outcome_string(_config: &Config, drawn: &[usize], outcome: usize) -> String {
        let place = drawn.len() + 1;
        match numbered_card(outcome) {
            Some(card) => format!("card {place} of the Dungeon: {card}"),
            None => format!("card {place} of the Dungeon: {outcome} is no card"),
        }
    }

    /// Refused unless `drawn` is the 44 cards' numbers, once each: [`Error::NotAnOutcome`] for
    /// a number that names no card, then [`Scoundrel::from_dungeon`]'s refusals.
    fn from_chance_outcomes(config: Config, drawn: &[usize]) -> Result<Self, Error> {
        let order = drawn
            .iter()
            .map(|&n| numbered_card(n).ok_or(Error::NotAnOutcome(n)))
            .collect::<Result<Vec<Card>, Error>>()?;
        Scoundrel::from_dungeon(config, &order)
    }

    /// [`Scoundrel::dungeon_of_seed`], card by card.
    fn chance_outcomes_of_seed(_config: &Config, seed: u64) -> Vec<usize> {
        Scoundrel::dungeon_of_seed(seed)
            .iter()
            .filter_map(card_number)
            .collect()
    }

    /// [`Scoundrel::dungeon_outcomes`]: `None` for a game set up from a position.
    fn start_outcomes(&self) -> Option<Vec<usize>> {
        self.dungeon_outcomes()
    }
}

impl Scoundrel {
    /// The deal as chance outcomes ([`ExplicitChance`]) from which this game's own
    /// [`moves`](Scoundrel::moves) replay to it exactly: the cards the player has seen in the
    /// order they were dealt (the first cards of the deal), then the cards of unknown place in
    /// the order this state holds them. For a game played from its deal these are the outcomes
    /// it was dealt; for a world drawn by [`SampleWorld`](game_core::SampleWorld), a deal the
    /// player cannot tell from the true one, so algorithms that walk chance nodes can give a
    /// sampled world a consistent chance history.
    ///
    /// `None` for a position read from its stored form without a history (written by hand): it
    /// has no deal; the player's record starts at that position.
    ///
    /// ```
    /// use game_core::{ExplicitChance, SampleWorld};
    /// use scoundrel::prelude::*;
    ///
    /// let mut game = Scoundrel::new(Config::default(), 5)?;
    /// game.apply(&Action::Avoid)?;
    /// let world = Scoundrel::sample_world(&game.observation(0), 0, &mut GameRng::new(1));
    /// let outcomes = world.dungeon_outcomes().expect("a game from its deal");
    /// let mut replayed = Scoundrel::from_chance_outcomes(Config::default(), &outcomes)?;
    /// for action in world.moves() {
    ///     replayed.apply(&action)?;
    /// }
    /// assert_eq!(replayed, world);
    /// # Ok::<(), scoundrel::Error>(())
    /// ```
    pub fn dungeon_outcomes(&self) -> Option<Vec<usize>> {
        if self.history.origin().is_some() {
            return None;
        }
        let unknown = self.dungeon.len() - self.table.known_bottom_len().min(self.dungeon.len());
        let order = self
            .history
            .dealt()
            .iter()
            .copied()
            .chain(self.dungeon.iter().take(unknown));
        Some(order.filter_map(card_number).collect())
    }
}
