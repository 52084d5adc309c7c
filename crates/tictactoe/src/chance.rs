//! The lot for the first move as an explicit chance event ([`ExplicitChance`]).
//!
//! Under [`FirstPlayer::ByLot`] a game starts with one chance event, who moves first: outcome
//! 0 is X and outcome 1 is O, a half each, the very draw [`TicTacToe::start`] makes from its
//! seed (`GameRng::new(seed).below(2)`); the outcome is the first mover's seat. Under [`FirstPlayer::X`] nothing is random and there
//! is no event.

use game_core::ExplicitChance;

use crate::error::Error;
use crate::rules::{Config, FirstPlayer};
use crate::state::{Mark, TicTacToe};

/// The lot as a chance event: X or O to move first.
///
/// ```
/// use game_core::Deal;
/// use tictactoe::prelude::*;
///
/// let mut deal = Deal::<TicTacToe>::new(Config::BY_LOT);
/// assert_eq!(deal.outcomes(), [(0, 0.5), (1, 0.5)]);
/// assert_eq!(deal.outcome_string(1), "O moves first");
/// deal.apply(1)?;
/// assert_eq!(deal.game()?.to_move(), Some(Mark::O));
///
/// // A seed's lot, as an outcome, starts the game the seed does.
/// let drawn = TicTacToe::chance_outcomes_of_seed(&Config::BY_LOT, 7);
/// assert_eq!(
///     TicTacToe::from_chance_outcomes(Config::BY_LOT, &drawn)?,
///     TicTacToe::new(Config::BY_LOT, 7)?
/// );
/// // X first: nothing to draw.
/// assert!(Deal::<TicTacToe>::new(Config::X_FIRST).is_complete());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ExplicitChance for TicTacToe {
    /// 2 under [`FirstPlayer::ByLot`] (X, O), 0 under [`FirstPlayer::X`].
    /// The lot, under [`FirstPlayer::ByLot`].
    fn max_chance_events(config: &Config) -> usize {
        usize::from(config.first == FirstPlayer::ByLot)
    }

    fn max_chance_outcomes(config: &Config) -> usize {
        match config.first {
            FirstPlayer::X => 0,
            FirstPlayer::ByLot => 2,
        }
    }

    /// By lot, before anything is drawn: 0 (X first) and 1 (O first), a half each. Otherwise
    /// nothing.
    fn chance_outcomes(config: &Config, drawn: &[usize]) -> Vec<(usize, f64)> {
        match (config.first, drawn) {
            (FirstPlayer::ByLot, []) => vec![(0, 0.5), (1, 0.5)],
            _ => Vec::new(),
        }
    }

    /// `"X moves first"` or `"O moves first"`.
    fn chance_outcome_string(_config: &Config, _drawn: &[usize], outcome: usize) -> String {
        match Mark::of_seat(outcome) {
            Some(mark) => format!("{mark} moves first"),
            None => format!("{outcome} is not a lot (0 is X, 1 is O)"),
        }
    }

    /// Refused with [`Error::ChanceOutcomes`] unless `drawn` is one lot (0 or 1) by lot, or
    /// nothing under X first.
    fn from_chance_outcomes(config: Config, drawn: &[usize]) -> Result<Self, Error> {
        let refused = || Error::ChanceOutcomes(drawn.to_vec());
        match (config.first, drawn) {
            (FirstPlayer::X, []) => Ok(TicTacToe::empty(config, Mark::X)),
            (FirstPlayer::ByLot, &[outcome]) => {
                let first = Mark::of_seat(outcome).ok_or_else(refused)?;
                Ok(TicTacToe::empty(config, first))
            }
            _ => Err(refused()),
        }
    }

    fn chance_outcomes_of_seed(config: &Config, seed: u64) -> Vec<usize> {
        match config.first {
            FirstPlayer::X => Vec::new(),
            FirstPlayer::ByLot => vec![TicTacToe::lot(seed).seat()],
        }
    }
}
