//! The state machine: the deal, turns and tricks, the rank order, going out, and what each seat
//! may see.

use cards_core::{Card, CardSet, Deck};
use game_core::{Game, GameRng, Player, SampleWorld, Turn, TurnError};
use serde::{Deserialize, Serialize};

use std::sync::Arc;

use crate::Error;
use crate::action::{Action, NotACombination, Play, Shape};
use crate::hands::Combination;
use crate::moves::{self, Situation};
use crate::rules::{Config, End, PLAYERS, RankOrder};

/// The last play of the current trick and who made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Trick {
    /// Who played it.
    pub player: Player,
    /// What was played: the next play must beat it.
    pub play: Play,
}

/// One step of the game as everyone saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The seat that acted.
    pub player: Player,
    /// What it did.
    pub action: Action,
}

/// Everything public about the table: the rank order, the trick, who passed, whose turn it is,
/// the order of going out, the cards played and how many each seat holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    order: RankOrder,
    trick: Option<Trick>,
    passed: u8,
    to_move: Option<u8>,
    finish: [u8; PLAYERS],
    finished: u8,
    played: CardSet,
    counts: [u8; PLAYERS],
    reversals: u8,
    players: u8,
    opening: Card,
}

impl Table {
    /// The number of seats in the game.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The card whose holder led the game and that the game's first play contains: the rules'
    /// opening card (3♣ in 逆轉大老2), or with fewer than four seats the lowest card dealt when
    /// that one was set aside.
    pub const fn opening(&self) -> Card {
        self.opening
    }

    /// The rank order in force.
    pub const fn order(&self) -> RankOrder {
        self.order
    }

    /// The play to beat and who made it; `None` when the player to move leads.
    pub const fn trick(&self) -> Option<Trick> {
        self.trick
    }

    /// Whether `player` has passed since the last play of this trick.
    pub const fn has_passed(&self, player: Player) -> bool {
        player < PLAYERS && self.passed >> player & 1 == 1
    }

    /// The seat to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Player> {
        self.to_move.map(usize::from)
    }

    /// Seats in the order they went out: every seat once a game played out to the last place
    /// is over, only the first out where the game ends there.
    ///
    /// ```
    /// use big_two_reversal::prelude::*;
    ///
    /// let game = BigTwo::new(Config::default(), 3)?;
    /// assert_eq!(game.table().finish_order().len(), 0);
    /// let seats: Vec<Player> = game.table().finish_order().collect();
    /// assert!(seats.is_empty());
    /// # Ok::<(), Error>(())
    /// ```
    pub fn finish_order(
        &self,
    ) -> impl ExactSizeIterator<Item = Player> + Clone + std::fmt::Debug + '_ {
        self.finish
            .iter()
            .take(usize::from(self.finished))
            .map(|&seat| usize::from(seat))
    }

    /// Every card played so far, jokers included.
    pub const fn played(&self) -> CardSet {
        self.played
    }

    /// How many cards `player` holds.
    pub fn count(&self, player: Player) -> usize {
        self.counts.get(player).copied().map_or(0, usize::from)
    }

    /// How many cards each seat holds.
    pub fn counts(&self) -> [usize; PLAYERS] {
        self.counts.map(usize::from)
    }

    /// How many fours of a kind have been played (each flipped the order once).
    pub const fn reversals(&self) -> u32 {
        self.reversals as u32
    }

    /// Whether the game's first play (which must contain the [opening](Table::opening) card) is
    /// still to come.
    pub const fn is_first_play(&self) -> bool {
        self.played.is_empty()
    }

    /// 1-based place of `player` if they are out (or last), else `None` (where the game ends at
    /// the first out, the others have no place).
    pub fn place(&self, player: Player) -> Option<usize> {
        self.finish_order().position(|p| p == player).map(|i| i + 1)
    }
}

/// The rules engine without history: cheap to copy, so search can play out thousands of games.
/// Its methods take the rules, which the game keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Core {
    pub hands: [CardSet; PLAYERS],
    pub table: Table,
}

impl Core {
    /// The start of a game with these hands: the holder of the opening card leads (the rules'
    /// opening card, or the lowest card dealt when it was set aside).
    pub fn new(hands: [CardSet; PLAYERS], config: &Config) -> Core {
        let dealt = hands.iter().fold(CardSet::EMPTY, |all, &h| all | h);
        let opening = if dealt.contains(config.opening) {
            config.opening
        } else {
            dealt
                .iter()
                .min_by_key(|&c| config.card_order(c))
                .unwrap_or(config.opening)
        };
        let leader = hands.iter().position(|h| h.contains(opening)).unwrap_or(0);
        Core {
            hands,
            table: Table {
                order: RankOrder::Normal,
                trick: None,
                passed: 0,
                to_move: Some(leader as u8),
                finish: [0; PLAYERS],
                finished: 0,
                played: CardSet::EMPTY,
                counts: hands.map(|h| h.len() as u8),
                reversals: 0,
                players: config.players,
                opening,
            },
        }
    }

    pub fn situation<'a>(&self, player: Player, config: &'a Config) -> Situation<'a> {
        Situation {
            hand: self.hands[player % PLAYERS],
            table: self.table.trick.map(|t| t.play),
            order: self.table.order,
            opening: self.table.is_first_play().then_some(self.table.opening),
            config,
        }
    }

    pub fn legal_into(&self, config: &Config, out: &mut Vec<Action>) {
        match self.table.to_move() {
            Some(p) => moves::legal_into(&self.situation(p, config), out),
            None => out.clear(),
        }
    }

    /// The seat that would make `action` now, or why `action` is refused.
    pub fn validate(&self, config: &Config, action: &Action) -> Result<Player, Error> {
        let Some(player) = self.table.to_move() else {
            return Err(TurnError::GameOver.into());
        };
        let hand = self.hands[player];
        let trick = self.table.trick;
        let play = match action {
            Action::Pass if trick.is_none() => return Err(Error::PassOnLead),
            Action::Pass => return Ok(player),
            Action::Play(play) => play,
        };
        if let Some(card) = (play.cards() - hand).first() {
            return Err(Error::NotInHand(card));
        }
        let opening = self.table.opening;
        let alone = config.opening_alone;
        if self.table.is_first_play()
            && (!play.cards().contains(opening) || alone && play.cards().len() > 1)
        {
            return Err(Error::MustOpenWith {
                card: opening,
                alone,
            });
        }
        if config.is_reversal() {
            if !matches!(
                play.shape(),
                Shape::Single
                    | Shape::Pair
                    | Shape::Triple
                    | Shape::FourOfAKind
                    | Shape::StraightFlush(_)
            ) {
                return Err(NotACombination(format!(
                    "{play} is no play of these rules: {} is a play of the standard rule sets",
                    play.shape()
                ))
                .into());
            }
            let Some(t) = trick else { return Ok(player) };
            if play.shape() != t.play.shape() {
                return Err(Error::WrongShape {
                    play: play.shape(),
                    table: t.play.shape(),
                });
            }
            let order = self.table.order;
            if !play.beats(&t.play, order) {
                return Err(Error::TooLow {
                    play: *play,
                    table: t.play,
                    order,
                    equal: play.key(order) == t.play.key(order),
                });
            }
            return Ok(player);
        }
        let combination = Combination::new(play.cards(), config)?;
        let Some(t) = trick else { return Ok(player) };
        let table = Combination::new(t.play.cards(), config)?;
        let order = self.table.order;
        if combination.beats(&table, config, order) {
            return Ok(player);
        }
        let five = |c: &Combination| c.kind().five_card_class().is_some();
        if combination.kind() == table.kind() || five(&combination) && five(&table) {
            Err(Error::TooLow {
                play: *play,
                table: t.play,
                order,
                equal: combination.key(order) == table.key(order),
            })
        } else {
            Err(Error::WrongShape {
                play: play.shape(),
                table: t.play.shape(),
            })
        }
    }

    /// The next seat after `after` that holds cards and, where a pass shuts a player out,
    /// has not passed in this trick.
    fn next_to_play(&self, after: Player, shut_out: u8) -> Option<u8> {
        (1..=PLAYERS)
            .map(|d| (after + d) % PLAYERS)
            .find(|&p| !self.hands[p].is_empty() && shut_out >> p & 1 == 0)
            .map(|p| p as u8)
    }

    fn holders(&self) -> u8 {
        (0..PLAYERS).fold(0, |m, p| m | u8::from(!self.hands[p].is_empty()) << p)
    }

    /// Ends the trick won by `last`: they lead the next, or if they are out the next seat
    /// holding cards.
    fn end_trick(&mut self, last: Player) {
        let leader = if self.hands[last].is_empty() {
            self.next_to_play(last, 0)
        } else {
            Some(last as u8)
        };
        let t = &mut self.table;
        t.trick = None;
        t.passed = 0;
        t.to_move = leader;
    }

    /// Applies an action already checked for `player`.
    pub fn apply_checked(&mut self, config: &Config, player: Player, action: &Action) {
        let shut_out = |t: &Table| if config.pass_shuts_out { t.passed } else { 0 };
        match action {
            Action::Pass => {
                self.table.passed |= 1 << player;
                let last = self.table.trick.map_or(player, |tr| tr.player);
                let others = self.holders() & !(1 << last);
                if others & !self.table.passed == 0 {
                    self.end_trick(last);
                } else {
                    self.table.to_move = self.next_to_play(player, shut_out(&self.table));
                }
            }
            Action::Play(play) => {
                let cards = play.cards();
                let t = &mut self.table;
                self.hands[player] -= cards;
                t.counts[player] = self.hands[player].len() as u8;
                t.played |= cards;
                let reverses = if config.is_reversal() {
                    play.reverses()
                } else {
                    config.reversal
                        && Combination::new(cards, config).is_ok_and(|c| c.kind().has_four())
                };
                if reverses {
                    t.order = t.order.flipped();
                    t.reversals += 1;
                }
                t.trick = Some(Trick {
                    player,
                    play: *play,
                });
                if !config.pass_shuts_out {
                    t.passed = 0;
                }
                if self.hands[player].is_empty() {
                    t.finish[usize::from(t.finished)] = player as u8;
                    t.finished += 1;
                    if matches!(config.end, End::FirstOut { .. }) {
                        t.to_move = None;
                        return;
                    }
                }
                let holders = self.holders();
                if holders.count_ones() <= 1 {
                    let t = &mut self.table;
                    if holders != 0 {
                        t.finish[usize::from(t.finished)] = holders.trailing_zeros() as u8;
                        t.finished += 1;
                    }
                    t.to_move = None;
                } else if holders & !(1 << player) & !self.table.passed == 0 {
                    // Everyone else still holding cards is shut out of this trick.
                    self.end_trick(player);
                } else {
                    self.table.to_move = self.next_to_play(player, shut_out(&self.table));
                }
            }
        }
    }

    /// What `player` gets: by place, or by the cards left (see [`Config::returns`]); 0 while
    /// the game goes on.
    pub fn returns(&self, config: &Config, player: Player) -> f64 {
        if self.table.to_move.is_some() {
            return 0.0;
        }
        let t = &self.table;
        config.returns(&t.finish[..usize::from(t.finished)], &t.counts, player)
    }
}

/// A game of 逆轉大老2 in progress: the four hands, the table and every move so far.
///
/// ```
/// use big_two_reversal::prelude::*;
///
/// let game = BigTwo::new(Config::default(), 7)?;
/// assert_eq!(game.hand(0).len(), 14);
/// assert_eq!(game.hand(3).len(), 13);
/// // The holder of 3♣ leads, and every first play contains it.
/// let Turn::Player(leader) = game.turn() else { unreachable!() };
/// let three_of_clubs = "3c".parse()?;
/// assert!(game.hand(leader).contains(three_of_clubs));
/// assert!(game.legal_actions(leader).iter().all(|a| a.cards().contains(three_of_clubs)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StoredGame", into = "StoredGame")]
pub struct BigTwo {
    config: Arc<Config>,
    core: Core,
    history: Vec<Move>,
}

/// The stored form of a game: the configuration, the hands now and the moves. Loading deals the
/// starting hands back (hands now plus what each seat played) and replays the moves, so a state
/// that does not add up is refused. The configuration was once stored as `rules`, which still
/// loads.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredGame {
    #[serde(alias = "rules")]
    config: Config,
    hands: [CardSet; PLAYERS],
    history: Vec<Move>,
}

impl From<BigTwo> for StoredGame {
    fn from(game: BigTwo) -> Self {
        StoredGame {
            config: Config::clone(&game.config),
            hands: game.core.hands,
            history: game.history,
        }
    }
}

impl TryFrom<StoredGame> for BigTwo {
    type Error = Error;

    fn try_from(stored: StoredGame) -> Result<Self, Error> {
        let mut start = stored.hands;
        for m in &stored.history {
            let Some(hand) = start.get_mut(m.player) else {
                return Err(Error::InvalidState(format!(
                    "there is no seat {}",
                    m.player
                )));
            };
            if hand.intersects(m.action.cards()) {
                return Err(Error::InvalidState(format!(
                    "seat {} played {} twice or still holds it",
                    m.player,
                    m.action.cards()
                )));
            }
            *hand |= m.action.cards();
        }
        BigTwo::from_deal(stored.config, start, &stored.history)
    }
}

impl BigTwo {
    /// A game from starting hands and the moves played since; refused if the hands or a move
    /// break the rules. The hands are the deal of [`Game::new`]: under 逆轉大老2 14, 14, 13 and
    /// 13 cards, all 54 between them; else 13 cards for each seat of the rules and none for the
    /// others, from the 52.
    ///
    /// ```
    /// use big_two_reversal::prelude::*;
    /// use big_two_reversal::Move;
    ///
    /// // A deal replayed from its hands and moves: what a stored game holds.
    /// let mut game = BigTwo::new(Config::default(), 5)?;
    /// let hands: [_; 4] = std::array::from_fn(|seat| game.hand(seat));
    /// let Turn::Player(opener) = game.turn() else { unreachable!() };
    /// game.apply(&"3c".parse()?)?;
    /// let replayed = BigTwo::from_deal(Config::default(), hands, game.history())?;
    /// assert_eq!(replayed, game);
    /// assert_eq!(game.history(), [Move { player: opener, action: "3c".parse()? }]);
    /// // The wrong seat moving is refused.
    /// let wrong = [Move { player: (opener + 1) % 4, action: "3c".parse()? }];
    /// assert!(BigTwo::from_deal(Config::default(), hands, &wrong).is_err());
    /// # Ok::<(), Error>(())
    /// ```
    pub fn from_deal(
        config: Config,
        hands: [CardSet; PLAYERS],
        history: &[Move],
    ) -> Result<BigTwo, Error> {
        config.dealt_at_the_table()?;
        let mut all = CardSet::EMPTY;
        for (seat, hand) in hands.iter().enumerate() {
            let expected = match (config.jokers, seat < usize::from(config.players)) {
                (true, _) if seat < 2 => 14,
                (_, true) => 13,
                (_, false) => 0,
            };
            if hand.len() != expected {
                return Err(Error::InvalidState(format!(
                    "seat {seat} was dealt {} cards, not {expected}",
                    hand.len()
                )));
            }
            if all.intersects(*hand) {
                return Err(Error::InvalidState(format!("{} dealt twice", all & *hand)));
            }
            if let Some(card) = (*hand - config.deck()).first() {
                return Err(Error::InvalidState(format!("{card} is not in the deck")));
            }
            all |= *hand;
        }
        let mut game = BigTwo {
            core: Core::new(hands, &config),
            config: Arc::new(config),
            history: Vec::with_capacity(history.len()),
        };
        for (i, m) in history.iter().enumerate() {
            if game.core.table.to_move() != Some(m.player) {
                return Err(Error::InvalidState(format!(
                    "move {i} ({}) is by seat {}, but it was not their turn",
                    m.action, m.player
                )));
            }
            game.apply(&m.action)
                .map_err(|e| Error::InvalidState(format!("move {i} ({}): {e}", m.action)))?;
        }
        Ok(game)
    }

    /// The configuration the game was created with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// `player`'s hand (empty for a seat that does not exist).
    ///
    /// ```
    /// use big_two_reversal::prelude::*;
    ///
    /// let game = BigTwo::new(Config::default(), 42)?;
    /// let sizes: Vec<usize> = (0..4).map(|seat| game.hand(seat).len()).collect();
    /// assert_eq!(sizes, [14, 14, 13, 13]);
    /// assert_eq!(game.table().counts(), [14, 14, 13, 13]);
    /// assert!(game.hand(4).is_empty());
    /// # Ok::<(), Error>(())
    /// ```
    pub fn hand(&self, player: Player) -> CardSet {
        self.core.hands.get(player).copied().unwrap_or_default()
    }

    /// The hand `player` was dealt: the cards it holds and the cards it has played (empty for a
    /// seat that does not exist).
    ///
    /// ```
    /// use big_two_reversal::prelude::*;
    ///
    /// let mut game = BigTwo::new(Config::default(), 7)?;
    /// let Turn::Player(leader) = game.turn() else { unreachable!() };
    /// let dealt = game.hand(leader);
    /// game.apply(&"3c".parse()?)?;
    /// assert_eq!(game.hand(leader).len(), dealt.len() - 1);
    /// assert_eq!(game.dealt_hand(leader), dealt);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dealt_hand(&self, player: Player) -> CardSet {
        self.history
            .iter()
            .filter(|m| m.player == player)
            .fold(self.hand(player), |dealt, m| dealt | m.action.cards())
    }

    /// The public table.
    pub fn table(&self) -> &Table {
        &self.core.table
    }

    /// Every move so far, in order.
    pub fn history(&self) -> &[Move] {
        &self.history
    }
}

impl Game for BigTwo {
    type Config = Config;
    type Action = Action;
    type Observation = Observation;
    type Error = Error;

    const NAME: &'static str = "big-two";
    const ZERO_SUM: bool = true;

    /// Shuffles the deck with `seed` ([`Deck::shuffle`]) and deals it one card at a time from
    /// the top, starting with seat 0: all 54 cards under 逆轉大老2, else 13 cards to each seat,
    /// the rest set aside unseen.
    fn new(config: Config, seed: u64) -> Result<Self, Error> {
        config.dealt_at_the_table()?;
        let mut deck = if config.jokers {
            Deck::with_jokers()
        } else {
            Deck::standard()
        };
        deck.shuffle(seed);
        let seats = usize::from(config.players);
        let to_deal = if config.jokers {
            deck.len()
        } else {
            13 * seats
        };
        let mut hands = [CardSet::EMPTY; PLAYERS];
        for (i, card) in std::iter::from_fn(|| deck.draw()).take(to_deal).enumerate() {
            hands[i % seats].insert(card);
        }
        Ok(BigTwo {
            core: Core::new(hands, &config),
            config: Arc::new(config),
            history: Vec::new(),
        })
    }

    fn num_players(&self) -> usize {
        usize::from(self.config.players)
    }

    /// Every card dealt played, each play followed by at most a pass from each other seat.
    fn max_game_length(&self) -> usize {
        let dealt: usize = self.core.table.counts.iter().map(|&n| usize::from(n)).sum();
        let dealt = dealt + self.core.table.played.len();
        dealt * self.num_players()
    }

    fn turn(&self) -> Turn {
        match self.core.table.to_move() {
            Some(p) => Turn::Player(p),
            None => Turn::Over,
        }
    }

    fn legal_actions_into(&self, player: Player, out: &mut Vec<Action>) {
        if self.core.table.to_move() == Some(player) {
            self.core.legal_into(&self.config, out);
        } else {
            out.clear();
        }
    }

    /// Refused exactly when [`apply`](Game::apply) would refuse `action`, with the same error,
    /// without copying the game.
    fn check(&self, action: &Action) -> Result<(), Error> {
        self.core.validate(&self.config, action).map(|_| ())
    }

    fn apply(&mut self, action: &Action) -> Result<(), Error> {
        let player = self.core.validate(&self.config, action)?;
        self.core.apply_checked(&self.config, player, action);
        self.history.push(Move {
            player,
            action: *action,
        });
        Ok(())
    }

    /// +3, +1, −1, −3 for first to last place under 逆轉大老2 (by place or by the cards left
    /// under other rules: see [`End`]); the default [`Game::result`] then calls first place
    /// the only win.
    fn returns(&self, player: Player) -> f64 {
        self.core.returns(&self.config, player)
    }

    fn observation(&self, player: Player) -> Observation {
        Observation {
            seat: player,
            hand: self.hand(player),
            table: self.core.table,
            history: self.history.clone(),
            config: Arc::clone(&self.config),
        }
    }
}

/// What one seat sees: its own hand, the public table (order, trick, counts, places) and every
/// move by whom. Never another seat's hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    seat: Player,
    hand: CardSet,
    table: Table,
    history: Vec<Move>,
    config: Arc<Config>,
}

impl Observation {
    /// The seat this is the view of.
    pub const fn seat(&self) -> Player {
        self.seat
    }

    /// The seat's own hand.
    pub const fn hand(&self) -> CardSet {
        self.hand
    }

    /// The public table.
    pub const fn table(&self) -> &Table {
        &self.table
    }

    /// Every move so far, by whom.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The rules of the game.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The cards this seat has not seen: not in its hand and not played.
    ///
    /// ```
    /// use big_two_reversal::prelude::*;
    ///
    /// let game = BigTwo::new(Config::default(), 42)?;
    /// let view = game.observation(2);
    /// assert_eq!(view.hand(), game.hand(2));
    /// // Before any play, everything but its own hand is unseen.
    /// assert_eq!(view.unseen().len(), 54 - 13);
    /// # Ok::<(), Error>(())
    /// ```
    pub fn unseen(&self) -> CardSet {
        self.config.deck() - self.hand - self.table.played
    }
}

impl SampleWorld for BigTwo {
    /// Deals the unseen cards to the other seats with the right counts, uniformly among the
    /// deals consistent with what the seat has seen (with fewer than four seats, the cards not
    /// dealt are among the unseen ones). The only thing the moves reveal for certain is that,
    /// before the first play, the player to move holds the opening card (and that where the
    /// lowest card dealt opens, no lower card was dealt): that card is placed first,
    /// then the rest are shuffled out. A joker's declaration says nothing about the cards its
    /// player holds (a joker may stand for a card its player also holds), and a pass says
    /// nothing either (a player may pass with a play in hand).
    fn sample_world(observation: &Observation, player: Player, rng: &mut GameRng) -> Self {
        BigTwo {
            config: Arc::clone(&observation.config),
            core: sample_core(observation, player, rng),
            history: observation.history.clone(),
        }
    }
}

/// The rules engine of a sampled world (see [`BigTwo::sample_world`]), without copying the
/// history.
pub(crate) fn sample_core(observation: &Observation, player: Player, rng: &mut GameRng) -> Core {
    // The view decides whose hand is known: a `player` other than the view's seat (or a view of
    // no seat, with no hand) must still get a world with every card dealt.
    let me = if observation.seat < PLAYERS {
        observation.seat
    } else {
        player % PLAYERS
    };
    let table = observation.table;
    let mut capacity = table.counts;
    capacity[me] = capacity[me].saturating_sub(observation.hand.len() as u8);
    let mut hands = [CardSet::EMPTY; PLAYERS];
    hands[me] = observation.hand;
    let mut rest = observation.unseen();
    // A game of fewer seats that the lowest card dealt opened, the rules' card set aside: every
    // card below it was set aside too.
    let config = &observation.config;
    if table.opening != config.opening {
        let lowest = config.card_order(table.opening);
        rest = rest
            .iter()
            .filter(|&c| config.card_order(c) >= lowest)
            .collect();
    }
    // Before the first play, the player to move holds the opening card.
    if table.is_first_play()
        && let Some(leader) = table.to_move()
        && capacity[leader] > 0
        && rest.remove(table.opening)
    {
        hands[leader].insert(table.opening);
        capacity[leader] -= 1;
    }
    let mut cards: Vec<Card> = rest.iter().collect();
    rng.shuffle(&mut cards);
    let mut cards = cards.into_iter();
    for (hand, &n) in hands.iter_mut().zip(&capacity) {
        for card in cards.by_ref().take(usize::from(n)) {
            hand.insert(card);
        }
    }
    Core { hands, table }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_gives_14_14_13_13_and_all_54_cards() {
        for seed in 0..20 {
            let game = BigTwo::new(Config::default(), seed).unwrap();
            let sizes: Vec<usize> = (0..4).map(|p| game.hand(p).len()).collect();
            assert_eq!(sizes, [14, 14, 13, 13]);
            let all = (0..4).fold(CardSet::EMPTY, |a, p| a | game.hand(p));
            assert_eq!(all, CardSet::ALL);
        }
    }

    #[test]
    fn inconsistent_stored_states_are_refused() {
        let game = BigTwo::new(Config::default(), 3).unwrap();
        let mut json: serde_json::Value = serde_json::to_value(&game).unwrap();
        let hand0 = json["hands"][0].as_str().unwrap().to_string();
        let hand1 = json["hands"][1].as_str().unwrap().to_string();
        json["hands"][1] = serde_json::Value::String(hand0.clone());
        assert!(serde_json::from_value::<BigTwo>(json.clone()).is_err());
        json["hands"][1] = serde_json::Value::String(hand1);
        json["history"] = serde_json::json!([{"player": 1, "action": "pass"}]);
        assert!(serde_json::from_value::<BigTwo>(json).is_err());
    }

    #[test]
    fn states_stored_with_the_old_field_name_still_load() {
        let mut game = BigTwo::new(Config::default(), 5).unwrap();
        let legal = game.legal_actions(game.table().to_move().unwrap());
        game.apply(&legal[0]).unwrap();
        let mut json: serde_json::Value = serde_json::to_value(&game).unwrap();
        assert_eq!(json["config"], serde_json::json!({}));
        let config = json.as_object_mut().unwrap().remove("config").unwrap();
        json["rules"] = config;
        assert_eq!(serde_json::from_value::<BigTwo>(json).unwrap(), game);
    }

    /// A seat's place is known from the move that empties its hand (or from the end, for the
    /// last) and never changes: what lets AI4's playouts stop once its own place is settled.
    #[test]
    fn a_place_is_settled_when_the_seat_goes_out() {
        let mut rng = GameRng::new(1);
        for seed in 0..20 {
            let mut game = BigTwo::new(Config::default(), seed).unwrap();
            let mut settled = [None; PLAYERS];
            while let Turn::Player(p) = game.turn() {
                let legal = game.legal_actions(p);
                game.apply(&legal[rng.index(legal.len())]).unwrap();
                let over = game.turn() == Turn::Over;
                for (seat, place) in settled.iter_mut().enumerate() {
                    let now = game.table().place(seat);
                    assert_eq!(now.is_some(), game.hand(seat).is_empty() || over);
                    assert!(place.is_none() || *place == now);
                    *place = now;
                }
            }
            let mut places = settled.map(|place| place.unwrap_or(0));
            places.sort_unstable();
            assert_eq!(places, [1, 2, 3, 4]);
        }
    }
}
