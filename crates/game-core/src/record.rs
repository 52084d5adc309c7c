//! Game records: (config, seed, actions), storable with serde and replayable to the identical state.

use serde::{Deserialize, Serialize};

use crate::game::{Game, Turn};

/// Everything needed to reproduce a game: its configuration, its seed and the actions played.
///
/// Actions are stored flat: a joint action at a simultaneous node is one action per seat, in seat
/// order, so the game's turns say how to group them on replay.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Game> {
    /// The game's [`Game::NAME`], checked on replay.
    pub game: String,
    /// The configuration the game was created with.
    pub config: G::Config,
    /// The seed the game was created with.
    pub seed: u64,
    /// The actions played, in order.
    pub actions: Vec<G::Action>,
}

impl<G: Game> Clone for Record<G> {
    fn clone(&self) -> Self {
        Self {
            game: self.game.clone(),
            config: self.config.clone(),
            seed: self.seed,
            actions: self.actions.clone(),
        }
    }
}

impl<G: Game> std::fmt::Debug for Record<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Record")
            .field("game", &self.game)
            .field("config", &self.config)
            .field("seed", &self.seed)
            .field("actions", &self.actions)
            .finish()
    }
}

impl<G: Game> PartialEq for Record<G> {
    fn eq(&self, other: &Self) -> bool {
        self.game == other.game
            && self.config == other.config
            && self.seed == other.seed
            && self.actions == other.actions
    }
}

/// Why a record does not replay.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError<E: std::error::Error + 'static> {
    /// The record belongs to another game.
    #[error("the record is of the game {found:?}, not {expected:?}")]
    WrongGame {
        /// This game's name.
        expected: String,
        /// The name in the record.
        found: String,
    },
    /// The configuration was refused.
    #[error("the record's configuration was refused: {0}")]
    Setup(#[source] E),
    /// An action was refused.
    #[error("action {index} ({action}) was refused: {source}")]
    Action {
        /// Position of the action in the record, from 0.
        index: usize,
        /// The action as text.
        action: String,
        /// The game's reason.
        #[source]
        source: E,
    },
    /// The record ends in the middle of a joint action.
    #[error("the record ends in the middle of a joint action at action {index}")]
    Truncated {
        /// Position of the first action of the unfinished joint action.
        index: usize,
    },
}

impl<G: Game> Record<G> {
    /// An empty record of a game created with `config` and `seed`.
    ///
    /// ```
    /// use game_testkit::Nim;
    /// use game_core::{Game, Match, Record, ReplayError, Turn};
    ///
    /// let record = Record::<Nim>::new((), 7);
    /// assert_eq!((record.game.as_str(), record.seed), ("nim", 7));
    /// assert!(record.actions.is_empty());
    /// ```
    pub fn new(config: G::Config, seed: u64) -> Self {
        Self {
            game: G::NAME.to_string(),
            config,
            seed,
            actions: Vec::new(),
        }
    }

    /// Replays the record from the start, returning the state it reaches.
    ///
    /// ```
    /// use game_testkit::Nim;
    /// use game_core::{Game, Match, Record, ReplayError, Turn};
    ///
    /// let mut played = Nim::new((), 7)?;
    /// let mut record = Record::<Nim>::new((), 7);
    /// for take in [1, 2] {
    ///     played.apply(&take)?;
    ///     record.actions.push(take);
    /// }
    /// // Stored and read back, the record reaches the same state.
    /// let stored = serde_json::to_string(&record)?;
    /// let read: Record<Nim> = serde_json::from_str(&stored)?;
    /// assert_eq!(read.replay()?, played);
    /// // A record that does not add up is refused with where and why.
    /// record.actions.push(9);
    /// assert!(matches!(record.replay(), Err(ReplayError::Action { index: 2, .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self) -> Result<G, ReplayError<G::Error>> {
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME.to_string(),
                found: self.game.clone(),
            });
        }
        let mut state = G::new(self.config.clone(), self.seed).map_err(ReplayError::Setup)?;
        let mut index = 0;
        while index < self.actions.len() {
            let width = match state.turn() {
                Turn::Simultaneous => state.num_players(),
                Turn::Player(_) | Turn::Over => 1,
            };
            let Some(step) = self.actions.get(index..index + width) else {
                return Err(ReplayError::Truncated { index });
            };
            let applied = if width == 1 {
                state.apply(&step[0])
            } else {
                state.apply_joint(step)
            };
            if let Err(source) = applied {
                let action = step
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ");
                return Err(ReplayError::Action {
                    index,
                    action,
                    source,
                });
            }
            index += width;
        }
        Ok(state)
    }
}

/// A game in progress together with its record: play through it and the record keeps itself.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    state: G,
    record: Record<G>,
    steps: usize,
}

impl<G: Game> Match<G> {
    /// Starts a game with `config` and `seed`.
    ///
    /// ```
    /// use game_testkit::Nim;
    /// use game_core::{Game, Match, Record, ReplayError, Turn};
    ///
    /// let game = Match::<Nim>::new((), 7)?;
    /// assert_eq!(game.state(), &Nim::new((), 7)?);
    /// assert_eq!(game.steps(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(config: G::Config, seed: u64) -> Result<Self, G::Error> {
        let state = G::new(config.clone(), seed)?;
        Ok(Self {
            state,
            record: Record::new(config, seed),
            steps: 0,
        })
    }

    /// The current state.
    ///
    /// ```
    /// use game_testkit::Nim;
    /// use game_core::{Game, Match, Record, ReplayError, Turn};
    ///
    /// let mut game = Match::<Nim>::new((), 7)?;
    /// game.apply(&1)?;
    /// assert_eq!(game.state().turn(), Turn::Player(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn state(&self) -> &G {
        &self.state
    }

    /// Steps (single or joint actions) applied so far.
    ///
    /// ```
    /// use game_testkit::Nim;
    /// use game_core::{Game, Match, Record, ReplayError, Turn};
    ///
    /// let mut game = Match::<Nim>::new((), 7)?;
    /// game.apply(&1)?;
    /// assert!(game.apply(&9).is_err()); // refused: not a step
    /// assert_eq!(game.steps(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The record so far.
    ///
    /// ```
    /// use game_testkit::Nim;
    /// use game_core::{Game, Match, Record, ReplayError, Turn};
    ///
    /// let mut game = Match::<Nim>::new((), 7)?;
    /// game.apply(&1)?;
    /// game.apply(&2)?;
    /// assert_eq!(game.record().actions, [1, 2]);
    /// assert_eq!(&game.record().replay()?, game.state());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    /// Applies a single action (see [`Game::apply`]) and records it if it was accepted.
    ///
    /// ```
    /// use game_testkit::Nim;
    /// use game_core::{Game, Match, Record, ReplayError, Turn};
    ///
    /// let mut game = Match::<Nim>::new((), 7)?;
    /// game.apply(&2)?;
    /// assert!(game.apply(&4).is_err()); // at most 3: refused, and not recorded
    /// assert_eq!(game.record().actions, [2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply(&mut self, action: &G::Action) -> Result<(), G::Error> {
        self.state.apply(action)?;
        self.record.actions.push(action.clone());
        self.steps += 1;
        Ok(())
    }

    /// Applies a joint action (see [`Game::apply_joint`]) and records it if it was accepted.
    ///
    /// ```
    /// use game_testkit::Nim;
    /// use game_core::{Game, Match, Record, ReplayError, Turn};
    ///
    /// // At a node where one player acts, a joint action is that player's one action.
    /// let mut game = Match::<Nim>::new((), 7)?;
    /// game.apply_joint(&[1])?;
    /// assert!(game.apply_joint(&[1, 1]).is_err());
    /// assert_eq!((game.steps(), game.record().actions.len()), (1, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply_joint(&mut self, actions: &[G::Action]) -> Result<(), G::Error> {
        self.state.apply_joint(actions)?;
        self.record.actions.extend_from_slice(actions);
        self.steps += 1;
        Ok(())
    }

    /// The state and the record.
    ///
    /// ```
    /// use game_testkit::Nim;
    /// use game_core::{Game, Match, Record, ReplayError, Turn};
    ///
    /// let mut game = Match::<Nim>::new((), 7)?;
    /// game.apply(&3)?;
    /// let (state, record) = game.into_parts();
    /// assert_eq!(record.replay()?, state);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_parts(self) -> (G, Record<G>) {
        (self.state, self.record)
    }
}
