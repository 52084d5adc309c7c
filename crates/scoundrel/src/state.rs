//! The state machine: the [`Table`] everyone sees, the Dungeon's hidden order and the player's
//! record of the game.

use std::fmt;

use cards_core::{Card, Deck};
use game_core::{Game, GameRng, Player, PlayerResult, SampleWorld, Turn};
use serde::{Deserialize, Serialize};

use crate::Error;
use crate::action::Action;
use crate::dungeon::Dungeon;
use crate::history::History;
use crate::observation::Observation;
use crate::rules::{Config, DUNGEON, DUNGEON_ORDER, DUNGEON_SIZE};
use crate::stored::StateData;
use crate::table::Table;

/// A game of Scoundrel: the [`Table`], the Dungeon's hidden order, and the player's record of
/// what it has seen and done (its information state, [`game_core::InformationState`]).
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
    pub(crate) table: Table,
    pub(crate) dungeon: Dungeon,
    pub(crate) history: History,
}

impl Scoundrel {
    /// A game whose Dungeon is `order`, top first, instead of a shuffle: for golden tests, puzzles
    /// and replaying a physical deal. Refused unless `order` is exactly the 44 cards, once each.
    ///
    /// ```
    /// use scoundrel::prelude::*;
    /// use scoundrel::DUNGEON;
    ///
    /// // The 44 cards in index order, top first: the first Room is the four lowest.
    /// let order: Vec<_> = DUNGEON.iter().collect();
    /// let game = Scoundrel::from_dungeon(Config::default(), &order)?;
    /// assert_eq!(game.table().room_cards(), order[..4].iter().copied().collect());
    /// assert!(Scoundrel::from_dungeon(Config::default(), &order[1..]).is_err());
    /// # Ok::<(), Error>(())
    /// ```
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

    /// The game at its start: the first Room dealt from `dungeon`.
    pub(crate) fn start(config: Config, mut dungeon: Dungeon) -> Scoundrel {
        let mut table = Table::start(config);
        table.deal(&mut dungeon);
        let history = History::from_deal(table.room());
        Scoundrel {
            table,
            dungeon,
            history,
        }
    }

    /// A position set up as it is, `table` over `dungeon`, with no past: the player's record
    /// starts there.
    pub(crate) fn set_up(table: Table, dungeon: Dungeon) -> Scoundrel {
        Scoundrel {
            table,
            dungeon,
            history: History::set_up(&table, &dungeon),
        }
    }

    /// The moves made so far, in order: with [`Scoundrel::dungeon_outcomes`], what replays the
    /// game.
    ///
    /// ```
    /// use scoundrel::prelude::*;
    ///
    /// let mut game = Scoundrel::new(Config::default(), 7)?;
    /// game.apply(&Action::Avoid)?;
    /// assert_eq!(game.moves(), [Action::Avoid]);
    /// # Ok::<(), scoundrel::Error>(())
    /// ```
    pub fn moves(&self) -> Vec<Action> {
        self.history.moves().collect()
    }

    /// What is on the table.
    #[inline]
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The Dungeon in its true order. Not part of the [`Observation`] (which holds only what the
    /// player knows of it); the fair agents never see this.
    #[inline]
    pub fn dungeon(&self) -> &Dungeon {
        &self.dungeon
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.table.config
    }

    /// Whether the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.table.is_over()
    }

    /// The final score, once the game is over: health minus every monster not yet faced when
    /// dead; health when alive, plus the value of the last card when it was a potion and health
    /// is 20.
    ///
    /// ```
    /// use scoundrel::prelude::*;
    ///
    /// let mut game = Scoundrel::new(Config::default(), 7)?;
    /// assert_eq!(game.score(), None);
    /// let mut greedy = GreedyAgent::new(0);
    /// while !game.is_over() {
    ///     let action = greedy.action(&game.observation(0));
    ///     game.apply(&action)?;
    /// }
    /// let score = game.score().expect("over");
    /// assert_eq!(game.table().is_won(), score > 0);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn score(&self) -> Option<i32> {
        self.table
            .is_over()
            .then(|| self.table.final_score(self.dungeon.cards()))
    }

    /// Applies a move that is known to be legal, without checking it: the fast path of the
    /// searches. A move that is not legal may leave an inconsistent state; use [`Game::apply`]
    /// for anything that was not produced by [`Game::legal_actions_into`].
    #[inline]
    pub fn apply_unchecked(&mut self, action: Action) {
        self.table.play(&mut self.dungeon, action);
        self.history.record(action, self.table.room());
    }

    /// The state that `observation` describes, with `dungeon` as the Dungeon's order (which must
    /// hold exactly the observation's Dungeon cards, with its known bottom at the bottom).
    pub(crate) fn with_dungeon(observation: &Observation, dungeon: Dungeon) -> Scoundrel {
        Scoundrel {
            table: *observation.table(),
            dungeon,
            history: *observation.history(),
        }
    }
}

impl fmt::Display for Scoundrel {
    /// What the player sees ([`Observation`]'s text: health, weapon, the Room and what is known
    /// of the Dungeon), then the Dungeon's hidden order, top first, and the score once over:
    ///
    /// ```
    /// use scoundrel::prelude::*;
    ///
    /// let game = Scoundrel::new(Config::default(), 7)?;
    /// let text = game.to_string();
    /// assert!(text.starts_with("health 20/20 · weapon none"));
    /// assert!(text.lines().any(|l| l.starts_with("Room:")));
    /// assert!(text.ends_with(&format!("Dungeon order, top first: {}", game.dungeon())));
    /// println!("{game}");
    /// # Ok::<(), Error>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}",
            Observation::of(&self.table, &self.dungeon, &self.history)
        )?;
        if let Some(score) = self.score() {
            write!(f, " · score {score}")?;
        }
        write!(f, "\nDungeon order, top first: {}", self.dungeon)
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

    /// The same for every seat (only seat 0 plays): the table, the Dungeon's cards as a set, its
    /// known bottom in order, and the player's record of the game.
    fn observation(&self, _player: Player) -> Observation {
        Observation::of(&self.table, &self.dungeon, &self.history)
    }
}

impl SampleWorld for Scoundrel {
    /// The table and the player's record as seen, and a Dungeon of the cards whose place is
    /// unknown in a uniformly random order, above the known bottom in its order.
    fn sample_world(observation: &Observation, _player: Player, rng: &mut GameRng) -> Self {
        let mut cards = [Card::RED_JOKER; DUNGEON_SIZE];
        let unseen = observation.unseen();
        let n = unseen.len();
        for (slot, card) in cards.iter_mut().zip(unseen) {
            *slot = card;
        }
        rng.shuffle(&mut cards[..n]);
        let order = cards[..n]
            .iter()
            .copied()
            .chain(observation.known_bottom().iter());
        let dungeon = Dungeon::from_cards(order).unwrap_or(Dungeon::empty());
        Scoundrel::with_dungeon(observation, dungeon)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shuffle_is_the_decks() {
        for seed in [0, 1, 42, 9_999] {
            let dealt: Vec<Card> = Scoundrel::dungeon_of_seed(seed).iter().collect();
            assert_eq!(dealt, Scoundrel::dungeon_of_seed_by_deck(seed));
        }
    }

    #[test]
    fn a_new_game_deals_four() {
        let game = Scoundrel::new(Config::default(), 3).unwrap();
        assert_eq!(game.table().room_cards().len(), 4);
        assert_eq!(game.dungeon().len(), 40);
        assert!(game.table().can_avoid());
        assert_eq!(game.score(), None);
        assert_eq!(game.legal_actions(0)[0], Action::Avoid);
    }

    /// The cards an avoid puts at the bottom stay known, in order, until they are dealt again
    /// (a model of the player's memory says which), and sampled worlds keep them there.
    #[test]
    fn the_known_bottom_follows_the_cards() {
        use std::collections::VecDeque;
        let mut rng = GameRng::new(1);
        let mut longest = 0;
        for seed in 0..60 {
            let mut game = Scoundrel::new(Config::default(), seed).unwrap();
            let mut greedy = crate::GreedyAgent::new(0);
            let mut known: VecDeque<Card> = VecDeque::new();
            let mut step = 0;
            while !game.is_over() {
                // Avoid the first Room, then play as the greedy player does.
                let action = if step == 0 {
                    Action::Avoid
                } else {
                    greedy.action(&game.observation(0))
                };
                if action == Action::Avoid {
                    known.extend(game.table().room().into_iter().flatten());
                }
                game.apply(&action).unwrap();
                while known.len() > game.dungeon().len() {
                    known.pop_front();
                }
                let observation = game.observation(0);
                assert!(observation.known_bottom().iter().eq(known.iter().copied()));
                assert!(game.dungeon().bottom(known.len()).eq(known.iter().copied()));
                assert_eq!(game.table().known_bottom_len(), known.len());
                let world = Scoundrel::sample_world(&observation, 0, &mut rng);
                assert_eq!(world.observation(0), observation);
                step += 1;
            }
            longest = longest.max(step);
        }
        assert!(longest > 20);
    }

    #[test]
    fn the_text_ends_with_the_score_and_the_hidden_order() {
        let mut game = Scoundrel::new(Config::default(), 5).unwrap();
        let mut greedy = crate::GreedyAgent::new(0);
        while !game.is_over() {
            let action = greedy.action(&game.observation(0));
            game.apply(&action).unwrap();
        }
        let text = game.to_string();
        let score = game.score().unwrap();
        let last_two: Vec<&str> = text.lines().rev().take(2).collect();
        assert!(
            last_two[1].ends_with(&format!(" · score {score}")),
            "{text}"
        );
        assert_eq!(
            last_two[0],
            format!("Dungeon order, top first: {}", game.dungeon())
        );
    }
}
