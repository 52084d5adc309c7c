//! # game-search
//!
//! Monte Carlo tree search for any [`game_core::Game`]: the generic search AIs of the recess game
//! libraries, apart from the model so that a game that needs no search does not build one.
//!
//! - [`Mcts`]: Monte Carlo tree search, its varying parts parameters: how a world is drawn
//!   ([`Worlds`]: the state itself for perfect-information games, [`Sampled`] deals for
//!   information-set search, or beliefs a game's agent keeps) and how the simulated players move
//!   ([`Policy`]: [`Uniform`] random, or a game's own). Use it as it comes when a game has no
//!   hand-written AI, or as a strong reference opponent: it needs nothing but the rules.
//! - [`Uct`]: the search [`Mcts`] makes with its defaults on a sequential perfect-information
//!   game, choice for choice, by an engine specialised for such games and several times faster;
//!   [`Mcts`] is the plain reference it is tested against.
//!
//! The searches are driven by an iteration budget (not a clock), so a seed fixes every choice.
//! They are written for sequential games. A game offers them through its
//! [`Roster`](game_core::Roster) under names of its choosing, for instance
//! `Box::new(Uct::new(seed))` as `"mcts"`; [`Mcts::root_statistics`] shows what the last search
//! thought.
//!
//! ```
//! use game_core::{Agent, Decision, Game, RandomAgent, Turn};
//! use game_search::{Mcts, MctsConfig};
//! use game_testkit::Nim;
//!
//! // Nim (take 1 to 3 stones; whoever takes the last wins) from 6: MCTS against random.
//! let mut agents: Vec<Box<dyn Agent<Nim>>> = vec![
//!     Box::new(Mcts::with_config(MctsConfig { iterations: 500, ..MctsConfig::default() }, 1)),
//!     Box::new(RandomAgent::new(2)),
//! ];
//! let mut game = Nim::new((), 0)?.with_stones(6);
//! while let Turn::Player(p) = game.turn() {
//!     let legal = game.legal_actions(p);
//!     let decision = Decision::new(p, &game, &legal).unwrap();
//!     let action = agents[p].choose(&decision);
//!     game.apply(&action)?;
//! }
//! assert_eq!(game.returns(0), 1.0); // the first player can force a win, and MCTS finds it
//! # Ok::<(), game_testkit::NimError>(())
//! ```

mod mcts;
mod policy;
mod search;
mod uct;
mod worlds;

pub use mcts::{Mcts, MctsConfig};
pub use policy::{Policy, Uniform};
pub use search::ChildStats;
pub use uct::Uct;
pub use worlds::{Sampled, Visible, Worlds};
