//! The deal as explicit chance events ([`ExplicitChance`]), for algorithms that walk the
//! whole game tree; the layout is documented in the crate docs' "Learning" section.
//!
//! [`BigTwo::new`](game_core::Game::new) shuffles the deck and deals it one card at a time from
//! the top, starting with seat 0: under the default rules all 54 cards to four seats, under a
//! standard rule set 13 cards to each of its seats from the 52. As chance events, event `i`
//! gives seat `i % seats` one of the cards not yet dealt, each with the same probability, so a
//! complete sequence of events has the probability of the shuffles that deal it in that order
//! (1/54! under the default rules), as with seeds.
//!
//! With fewer than four seats the cards set aside are no chance events: nobody ever sees them
//! and nothing depends on which they are but what the dealt hands already say, so the deal is
//! complete after 13 cards a seat. The seed's outcomes are the top `13 × seats` cards of its
//! shuffled deck, exactly the cards `new` deals.

use cards_core::{Card, CardSet, Deck};
use game_core::{ExplicitChance, Player};

use crate::Error;
use crate::rules::{Config, PLAYERS};
use crate::state::BigTwo;

/// The cards in play and how many of them are dealt, one event each, over how many seats.
struct Dealing {
    deck: CardSet,
    events: usize,
    seats: usize,
}

impl Dealing {
    fn of(config: &Config) -> Dealing {
        if config.jokers {
            Dealing {
                deck: CardSet::ALL,
                events: Card::COUNT,
                seats: PLAYERS,
            }
        } else {
            let seats = usize::from(config.players).clamp(1, PLAYERS);
            Dealing {
                deck: CardSet::STANDARD,
                events: 13 * seats,
                seats,
            }
        }
    }

    /// The seat chance event `event` deals to.
    const fn seat_of_event(&self, event: usize) -> Player {
        event % self.seats
    }
}

/// The cards the outcomes `drawn` have dealt, or why they are no beginning of a deal.
fn dealt_cards(dealing: &Dealing, drawn: &[usize]) -> Result<CardSet, Error> {
    let mut dealt = CardSet::EMPTY;
    let last = dealing.deck.len() - 1;
    for (event, &outcome) in drawn.iter().enumerate() {
        let card = card_of(outcome)
            .filter(|&card| dealing.deck.contains(card))
            .ok_or_else(|| {
                Error::NotADeal(format!(
                    "chance outcome {event} is {outcome}, which is no card (0 to {last})"
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

impl ExplicitChance for BigTwo {
    /// 54 under the default rules, one event per card of the deck; under a standard rule set
    /// 13 per seat (52 for four seats).
    fn max_chance_events(config: &Config) -> usize {
        Dealing::of(config).events
    }

    /// 54 under the default rules: an outcome is the index of the card dealt (A♣ A♦ A♥ A♠ 2♣ …
    /// K♠ BJ RJ); 52 under a standard rule set (no jokers).
    fn max_chance_outcomes(config: &Config) -> usize {
        Dealing::of(config).deck.len()
    }

    /// Event `i` gives seat `i % seats` a card: each card of the deck not dealt yet, by
    /// increasing index, with probability 1/(cards left). Empty once every event is drawn, and
    /// for a sequence with an id that is no card of the deck or a card twice.
    fn chance_outcomes(config: &Config, drawn: &[usize]) -> Vec<(usize, f64)> {
        let dealing = Dealing::of(config);
        let Ok(dealt) = dealt_cards(&dealing, drawn) else {
            return Vec::new();
        };
        if drawn.len() >= dealing.events {
            return Vec::new();
        }
        let left = dealing.deck - dealt;
        let probability = 1.0 / left.len() as f64;
        left.iter()
            .map(|card| (usize::from(card.index()), probability))
            .collect()
    }

    /// `7♥ to player 3` (players counted from 1, as in all text: player 3 is seat 2); an id
    /// that is no card is written as a number (`60 to player 2`).
    fn chance_outcome_string(config: &Config, drawn: &[usize], outcome: usize) -> String {
        let seat = Dealing::of(config).seat_of_event(drawn.len());
        match card_of(outcome) {
            Some(card) => format!("{card} to player {}", seat + 1),
            None => format!("{outcome} to player {}", seat + 1),
        }
    }

    /// The game dealt by a complete sequence of outcomes (54 under the default rules, 13 per
    /// seat else), each a card of the deck not dealt before; anything else is refused with
    /// [`Error::NotADeal`].
    fn from_chance_outcomes(config: Config, drawn: &[usize]) -> Result<Self, Error> {
        let dealing = Dealing::of(&config);
        dealt_cards(&dealing, drawn)?;
        if drawn.len() != dealing.events {
            return Err(Error::NotADeal(format!(
                "{} of the {} cards are dealt",
                drawn.len(),
                dealing.events
            )));
        }
        let mut hands = [CardSet::EMPTY; PLAYERS];
        for (event, card) in drawn.iter().filter_map(|&o| card_of(o)).enumerate() {
            hands[dealing.seat_of_event(event)].insert(card);
        }
        BigTwo::from_deal(config, hands, &[])
    }

    /// The seed's shuffled deck, top first, as card indices: as many cards as are dealt.
    fn chance_outcomes_of_seed(config: &Config, seed: u64) -> Vec<usize> {
        let dealing = Dealing::of(config);
        let mut deck = if config.jokers {
            Deck::with_jokers()
        } else {
            Deck::standard()
        };
        deck.shuffle(seed);
        deck.iter()
            .take(dealing.events)
            .map(|card| usize::from(card.index()))
            .collect()
    }

    /// [`BigTwo::deal_outcomes`]: any game, a sampled world too, has its deal.
    fn start_outcomes(&self) -> Option<Vec<usize>> {
        Some(self.deal_outcomes())
    }
}

impl BigTwo {
    /// Chance outcomes that deal this game's starting hands ([`dealt_hand`](BigTwo::dealt_hand)
    /// of each seat), in one canonical order: event `i` gives seat `i % seats` its
    /// `(i / seats)`-th card in index order. [`from_chance_outcomes`](ExplicitChance::from_chance_outcomes) of
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
        let dealing = Dealing::of(self.config());
        let hands: [Vec<usize>; PLAYERS] = std::array::from_fn(|seat| {
            self.dealt_hand(seat)
                .iter()
                .map(|card| usize::from(card.index()))
                .collect()
        });
        (0..dealing.events)
            .filter_map(|event| {
                let seat = dealing.seat_of_event(event);
                hands[seat].get(event / dealing.seats).copied()
            })
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
    fn a_standard_deal_is_13_cards_a_seat_and_the_seed_deals_the_same() {
        for seats in 2..=4u8 {
            let mut config = Config::preset(crate::Preset::HongKong);
            config.players = seats;
            let events = 13 * usize::from(seats);
            assert_eq!(BigTwo::max_chance_events(&config), events);
            assert_eq!(BigTwo::max_chance_outcomes(&config), 52);
            let seeded = BigTwo::chance_outcomes_of_seed(&config, 9);
            assert_eq!(seeded.len(), events);
            assert!(BigTwo::chance_outcomes(&config, &seeded).is_empty());
            let first = BigTwo::chance_outcomes(&config, &[]);
            assert_eq!(first.len(), 52);
            let game = BigTwo::from_chance_outcomes(config.clone(), &seeded);
            assert_eq!(game, BigTwo::new(config.clone(), 9));
            let game = game.expect("a complete deal");
            assert_eq!(
                BigTwo::from_chance_outcomes(config.clone(), &game.deal_outcomes()).as_ref(),
                Ok(&game)
            );
            // The jokers are no cards of a standard deck.
            assert!(BigTwo::chance_outcomes(&config, &[52]).is_empty());
            assert!(BigTwo::from_chance_outcomes(config.clone(), &seeded[1..]).is_err());
        }
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
