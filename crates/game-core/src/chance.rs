//! The start of a game as explicit chance events with exact probabilities.
//!
//! [`Game::new`] draws everything random from a seed: convenient for play, opaque to algorithms
//! that must see the game tree whole (CFR, exact best responses, expectimax). A game that
//! implements [`ExplicitChance`] also offers its random start as a sequence of chance events,
//! each an outcome id drawn from a listed distribution, after OpenSpiel's chance nodes: Big Two
//! deals its 54 cards one at a time, Scoundrel lays its Dungeon card by card. [`Deal`] walks that
//! sequence and builds the game once it is complete. Seeds stay as they are: the outcomes a seed
//! draws ([`ExplicitChance::chance_outcomes_of_seed`]) start the very game `new` creates.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::Game;

/// A game whose random start can be played as explicit chance events.
///
/// The events are drawn in order; the distribution of each may depend on those before it.
/// Every possible sequence has the probability the seeded start gives it, so averaging over
/// chance events is averaging over seeds. A game with nothing random under `config` lists no
/// event at all ([`chance_outcomes`](ExplicitChance::chance_outcomes) of the empty sequence is
/// empty) and builds its game from the empty sequence.
///
/// The test kit's `check_explicit_chance` (feature `testing`) checks the promises.
pub trait ExplicitChance: Game {
    /// How many distinct outcome ids chance events have under `config`; every outcome id is
    /// below it (0 when nothing is random).
    fn max_chance_outcomes(config: &Self::Config) -> usize;

    /// The most chance events one start under `config` draws (0 when nothing is random).
    fn max_chance_events(config: &Self::Config) -> usize;

    /// The distribution of the next event after the outcomes `drawn`: each possible outcome id
    /// with its probability (positive, summing to 1, ids in increasing order), or an empty list
    /// when `drawn` is a complete start. For a sequence no start can begin with, empty.
    fn chance_outcomes(config: &Self::Config, drawn: &[usize]) -> Vec<(usize, f64)>;

    /// The outcome `outcome` as text, when drawn after `drawn` (for logs and OpenSpiel's
    /// `action_to_string` at chance nodes).
    fn chance_outcome_string(config: &Self::Config, drawn: &[usize], outcome: usize) -> String;

    /// The game a complete sequence of outcomes starts; refused when `drawn` is not one.
    fn from_chance_outcomes(config: Self::Config, drawn: &[usize]) -> Result<Self, Self::Error>;

    /// The outcomes `seed` draws: [`from_chance_outcomes`](ExplicitChance::from_chance_outcomes)
    /// of them is [`Game::new`]`(config, seed)`.
    fn chance_outcomes_of_seed(config: &Self::Config, seed: u64) -> Vec<usize>;

    /// The outcomes that deal this game's start, where the game can tell them: what gives a
    /// world drawn by [`SampleWorld`](crate::SampleWorld) a chance history, so that OpenSpiel's
    /// `resample_from_infostate` can replay it. `None` (the default) when the game cannot.
    fn start_outcomes(&self) -> Option<Vec<usize>> {
        None
    }
}

/// Why a chance outcome was refused by [`Deal::apply`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum ChanceError {
    /// The deal is complete: no event is left to draw.
    #[error("the deal is complete: there is no chance event left")]
    Complete,
    /// The outcome is not one of the possible next ones.
    #[error("{outcome} is not a possible outcome of this chance event")]
    NotAnOutcome {
        /// The outcome offered.
        outcome: usize,
    },
}

/// A random start in progress: the configuration and the outcomes drawn so far.
///
/// ```
/// use game_core::{Deal, Game};
/// use game_testkit::Nim;
///
/// // Nim's starting heap is 4 to 6 stones, by lot.
/// let mut deal = Deal::<Nim>::new(());
/// assert_eq!(deal.outcomes(), vec![(0, 1.0 / 3.0), (1, 1.0 / 3.0), (2, 1.0 / 3.0)]);
/// assert!(deal.apply(3).is_err()); // not an outcome: nothing changed
/// deal.apply(2)?;
/// assert!(deal.is_complete());
/// assert_eq!(deal.game()?.stones(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Deal<G: ExplicitChance> {
    config: G::Config,
    drawn: Vec<usize>,
}

impl<G: ExplicitChance> Deal<G> {
    /// A deal under `config` with nothing drawn yet.
    pub fn new(config: G::Config) -> Self {
        Deal {
            config,
            drawn: Vec::new(),
        }
    }

    /// The configuration being dealt.
    pub fn config(&self) -> &G::Config {
        &self.config
    }

    /// The outcomes drawn so far, in order.
    pub fn drawn(&self) -> &[usize] {
        &self.drawn
    }

    /// The possible next outcomes with their probabilities; empty once the deal is complete.
    pub fn outcomes(&self) -> Vec<(usize, f64)> {
        G::chance_outcomes(&self.config, &self.drawn)
    }

    /// Whether every chance event has been drawn.
    pub fn is_complete(&self) -> bool {
        self.outcomes().is_empty()
    }

    /// Draws `outcome` for the next event; refused, changing nothing, when it is not possible.
    pub fn apply(&mut self, outcome: usize) -> Result<(), ChanceError> {
        let outcomes = self.outcomes();
        if outcomes.is_empty() {
            return Err(ChanceError::Complete);
        }
        if !outcomes.iter().any(|&(o, _)| o == outcome) {
            return Err(ChanceError::NotAnOutcome { outcome });
        }
        self.drawn.push(outcome);
        Ok(())
    }

    /// `outcome` as text, as the next event would draw it.
    pub fn outcome_string(&self, outcome: usize) -> String {
        G::chance_outcome_string(&self.config, &self.drawn, outcome)
    }

    /// The game the deal starts; refused while the deal is incomplete.
    pub fn game(&self) -> Result<G, G::Error> {
        G::from_chance_outcomes(self.config.clone(), &self.drawn)
    }
}

impl<G: ExplicitChance> Clone for Deal<G> {
    fn clone(&self) -> Self {
        Deal {
            config: self.config.clone(),
            drawn: self.drawn.clone(),
        }
    }
}

impl<G: ExplicitChance> PartialEq for Deal<G> {
    fn eq(&self, other: &Self) -> bool {
        self.config == other.config && self.drawn == other.drawn
    }
}

impl<G: ExplicitChance> fmt::Debug for Deal<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Deal")
            .field("config", &self.config)
            .field("drawn", &self.drawn)
            .finish()
    }
}
