//! The deal as 54 explicit chance events ([`ExplicitChance`]), for algorithms that walk the
//! whole game tree; the layout is documented in the crate docs' "Learning" section.
//!
//! [`BigTwo::new`](game_core::Game::new) shuffles the 54 cards and deals them one at a time
//! from the top, starting with seat 0. As chance events, event `i` gives seat `i % 4` one of
//! the cards not yet dealt, each with the same probability, so a complete sequence of events
//! has the probability of the shuffle that deals it in that order (1/54!), as with seeds.

use cards_core::{Card, CardSet, Deck};
use game_core::{ExplicitChance, Player};

use crate::Error;
use crate::rules::{Config, PLAYERS};
use crate::state::BigTwo;

/// The cards the outcomes `drawn` have dealt, or why they are no beginning of a deal.
fn dealt_cards(drawn: &[usize]) -> Result<CardSet, Error> {
    let mut dealt = CardSet::EMPTY;
    for (event, &outcome) in drawn.iter().enumerate() {
        let card = card_of(outcome).ok_or_else(|| {
            Error::NotADeal(format!(
                "chance outcome {event} is {outcome}, which is no card (0 to 53)"
            ))
        })?;
        if !dealt.insert(card) {
            return Err(Error::NotADeal(format!(
                "{card} is dealt twice (chance outcome {event})"
            )));
        }
    }
    Ok(dealt)
}

/// The card whose index is `outcome`.
fn card_of(outcome: usize) -> Option<Card> {
    u8::try_from(outcome)
        .ok()
        .and_then(|index| Card::from_index(index).ok())
}

/// The seat chance event `event` deals to.
const fn seat_of_event(event: usize) -> Player {
    event % PLAYERS
}

impl ExplicitChance for BigTwo {
    /// 54: one event per card of the deck.
    fn max_chance_events(_config: &Config) -> usize {
        Card::COUNT
    }

    /// 54: an outcome is the index of the card dealt (A♣ A♦ A♥ A♠ 2♣ … K♠ BJ RJ).
    fn max_chance_outcomes(_config: &Config) -> usize {
        Card::COUNT
    }

    /// Event `i` (0 to 53) gives seat `i % 4` a card: each card not dealt yet, by increasing
    /// index, with probability 1/(54 − i). Empty after 54 events, and for a sequence with an
    /// id that is no card or a card twice.
    fn chance_outcomes(_config: &Config, drawn: &[usize]) -> Vec<(usize, f64)> {
        let Ok(dealt) = dealt_cards(drawn) else {
            return Vec::new();
        };
        let left = CardSet::ALL - dealt;
        let probability = 1.0 / left.len() as f64;
        left.iter()
            .map(|card| (usize::from(card.index()), probability))
            .collect()
    }

    /// `7♥ to player 3` (players counted from 1, as in all text: player 3 is seat 2); an id
    /// that is no card is written as a number (`60 to player 2`).
    fn chance_outcome_string(_config: &Config, drawn: &[usize], outcome: usize) -> String {
        let seat = seat_of_event(drawn.len());
        match card_of(outcome) {
            Some(card) => format!("{card} to player {}", seat + 1),
            None => format!("{outcome} to player {}", seat + 1),
        }
    }

    /// The game dealt by 54 outcomes, each a card not dealt before; anything else is refused
    /// with [`Error::NotADeal`].
    fn from_chance_outcomes(config: Config, drawn: &[usize]) -> Result<Self, Error> {
        dealt_cards(drawn)?;
        if drawn.len() != Card::COUNT {
            return Err(Error::NotADeal(format!(
                "{} of the 54 cards are dealt",
                drawn.len()
            )));
        }
        let mut hands = [CardSet::EMPTY; PLAYERS];
        for (event, card) in drawn.iter().filter_map(|&o| card_of(o)).enumerate() {
            hands[seat_of_event(event)].insert(card);
        }
        BigTwo::from_deal(config, hands, &[])
    }

    /// The seed's shuffled deck, top first, as card indices.
    fn chance_outcomes_of_seed(_config: &Config, seed: u64) -> Vec<usize> {
        let mut deck = Deck::with_jokers();
        deck.shuffle(seed);
        deck.iter().map(|card| usize::from(card.index())).collect()
    }

    /// [`BigTwo::deal_outcomes`]: any game, a sampled world too, has its deal.
    fn start_outcomes(&self) -> Option<Vec<usize>> {
        Some(self.deal_outcomes())
    }
}

impl BigTwo {
    /// Chance outcomes that deal this game's starting hands ([`dealt_hand`](BigTwo::dealt_hand)
    /// of each seat), in one canonical order: event `i` gives seat `i % 4` its `(i / 4)`-th
    /// card in index order. [`from_chance_outcomes`](ExplicitChance::from_chance_outcomes) of
    /// them, with the [`history`](BigTwo::history) replayed, is this game again. This gives a
    /// game that was not dealt by chance events (one drawn by
    /// [`sample_world`](game_core::SampleWorld::sample_world), say) a chance history; a seeded
    /// game's own order is [`chance_outcomes_of_seed`](ExplicitChance::chance_outcomes_of_seed).
    ///
    /// ```
    /// use big_two_reversal::prelude::*;
    ///
    /// let mut game = BigTwo::new(Config::default(), 3)?;
    /// let lead = game.legal_actions(game.table().to_move().unwrap())[0];
    /// game.apply(&lead)?;
    /// let outcomes = game.deal_outcomes();
    /// assert_eq!(outcomes.len(), 54);
    /// let mut again = BigTwo::from_chance_outcomes(Config::default(), &outcomes)?;
    /// for m in game.history() {
    ///     again.apply(&m.action)?;
    /// }
    /// assert_eq!(again, game);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn deal_outcomes(&self) -> Vec<usize> {
        let hands: [Vec<usize>; PLAYERS] = std::array::from_fn(|seat| {
            self.dealt_hand(seat)
                .iter()
                .map(|card| usize::from(card.index()))
                .collect()
        });
        (0..Card::COUNT)
            .filter_map(|event| hands[seat_of_event(event)].get(event / PLAYERS).copied())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Game;

    #[test]
    fn refused_sequences_say_why() {
        let config = Config::default();
        let seeded = BigTwo::chance_outcomes_of_seed(&config, 4);
        let short = BigTwo::from_chance_outcomes(config.clone(), &seeded[..53]);
        assert!(matches!(short, Err(Error::NotADeal(ref m)) if m.contains("53 of the 54")));
        let mut twice = seeded.clone();
        twice[53] = twice[0];
        assert!(BigTwo::from_chance_outcomes(config.clone(), &twice).is_err());
        assert!(BigTwo::chance_outcomes(&config, &twice[..54]).is_empty());
        let mut no_card = seeded.clone();
        no_card[10] = 54;
        assert!(BigTwo::from_chance_outcomes(config.clone(), &no_card).is_err());
        assert!(BigTwo::chance_outcomes(&config, &no_card[..11]).is_empty());
        let mut long = seeded.clone();
        long.push(0);
        assert!(BigTwo::from_chance_outcomes(config.clone(), &long).is_err());
        assert_eq!(
            BigTwo::from_chance_outcomes(config.clone(), &seeded),
            BigTwo::new(config, 4)
        );
    }

    #[test]
    fn outcome_strings_name_the_card_and_the_seat() {
        let config = Config::default();
        assert_eq!(
            BigTwo::chance_outcome_string(&config, &[0, 1], 26),
            "7♥ to player 3"
        );
        assert_eq!(
            BigTwo::chance_outcome_string(&config, &[], 53),
            "RJ to player 1"
        );
        assert_eq!(
            BigTwo::chance_outcome_string(&config, &[0; 5], usize::MAX),
            format!("{} to player 2", usize::MAX)
        );
    }
}
