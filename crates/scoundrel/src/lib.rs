//! # scoundrel
//!
//! Scoundrel (地城恶棍), the one-player dungeon crawl with a deck of cards by Zach Gage and Kurt
//! Bieg (2011), as a pure, deterministic state machine on [`game_core::Game`], with two fair AIs
//! and an exact solver.
//!
//! The Dungeon is 44 cards: ♣ and ♠ are monsters worth their rank (J 11, Q 12, K 13, A 14), ♦ 2–10
//! weapons, ♥ 2–10 potions. Each turn a Room of four cards is dealt; the player avoids it or
//! faces three of its cards in any order, fighting monsters barehanded or with the weapon, which
//! may afterwards only fight monsters no bigger than its last kill. Survive the whole Dungeon to
//! win.
//!
//! ```
//! use game_core::{Game, Record};
//! use scoundrel::{Action, Config, Scoundrel};
//! use scoundrel::ai::{GreedyAgent, Solver};
//!
//! let mut game = Scoundrel::new(Config::default(), 42)?;
//! let mut record = Record::<Scoundrel>::new(Config::default(), 42);
//! // What a person types, read against the Room in view: a position, a card, `a` to avoid.
//! let first = game.table().parse_action("1")?;
//! game.apply(&first)?;
//! record.actions.push(first);
//! // The greedy player sees only the observation (the Dungeon's cards as a set, not their order).
//! let mut greedy = GreedyAgent::new();
//! while !game.is_over() {
//!     let action = greedy.action(&game.observation(0));
//!     game.apply(&action)?;
//!     record.actions.push(action);
//! }
//! let score = game.score().expect("the game is over");
//! assert_eq!(game.returns(0), f64::from(score));
//! assert_eq!(record.replay().expect("a valid record"), game);
//!
//! // The clairvoyant solver, told the order: can this deal be won at all? (`Solver::solve`
//! // also gives the best score and a line of play reaching it.)
//! let deal = Scoundrel::new(Config::default(), 42)?;
//! assert!(Solver::new().reaches(&deal, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Rule choices
//! Where the rule book (`RULES.md` §5, from seed 003 and the official rules) leaves room, this
//! crate decides:
//! - **Room slots.** The Room has four slots; a faced card leaves its slot empty and the next
//!   Room fills the empty slots left to right from the top of the Dungeon, as the seed's program
//!   does. Avoiding puts the Room's cards at the bottom in slot order.
//! - **The last Room.** When the Dungeon is empty after dealing, the turn lasts until every card
//!   left is faced (so it may face four cards); it is still one turn for the potion rule.
//! - **Dying mid-Room** ends the game at once; the monsters still in the Room count against the
//!   score with those in the Dungeon.
//! - **The potion bonus** applies when the last card faced is a potion and health is 20, even if
//!   that potion was a second one in its turn (it is still the last card, the "treasure").
//! - **Which cards an action names.** Actions name cards, never positions, so records do not
//!   depend on the layout; positions are for people ([`Table::parse_action`]). The notation
//!   parses any card, even one the move cannot be made with (`5♦ w`), so that every action prints
//!   and parses back; `apply` refuses such a move with its reason.
//! - **Who may see the order.** The rule book hides the Dungeon's order; [`Config::reveal_dungeon`]
//!   shows it in the observation, for the clairvoyant `solver` only (see [`ai::SolverAgent`]).
//!
//! ## Features
//! - [`Scoundrel`]: the rules with the default (≤) and `strict` (<) weapon rule ([`Config`]);
//!   atomic [`game_core::Game::apply`] with a reason for every refusal ("your weapon last slew a 6;
//!   it cannot be used on a Q"); serde with validation (all 44 cards accounted for, health ≤ 20,
//!   the weapon's stack obeys the rule); [`Scoundrel::from_dungeon`] to start from a given order.
//! - [`Action`] notation: `avoid`, `Q♠`, `Q♠ w`, and ASCII forms; [`Table::parse_action`] reads
//!   positions (`2`, `3w`) and cards with the Room in view.
//! - [`Observation`] with the Room, health, weapon and stack, discards, the Dungeon as a set,
//!   whether avoiding is allowed and whether a potion was used this turn;
//!   [`game_core::SampleWorld`] shuffles the unseen cards.
//! - AIs ([`ai`]): `greedy` (fixed rules of thumb over the current Room), `lookahead` (every way
//!   to play the current Room, scored against the unseen cards), `search` (sampled Dungeons and
//!   lookahead playouts), `solver` (exact, clairvoyant: winnable or not, and the best score) and
//!   `random`, all by name through [`game_core::Roster`].
//!
//! ## Figures (default rule; development machine, 2 shared cores)
//! - `greedy`: 432 of 10,000 deals won (4.3%; arena seed 0), mean score −49.0.
//! - `lookahead`: 604 of 10,000 deals won (6.0%; arena seed 0), mean score −46.3.
//! - `search` (arena budget, 1,000 playouts per decision): 583 of 1,000 deals won (58.3%), mean
//!   score −20.6.
//! - `random`: 0 of 10,000.
//! - `solver` (clairvoyant), seeds 0–999: 990 deals winnable (99.0%), mean best score 27.37
//!   (`examples/scoundrel_solve.rs`).
//!
//! These are far above the published fair figures the rule book quotes (0.14% and 0.2% for
//! heuristics, 26% for a near-clairvoyant MCTS). The rules here follow `RULES.md` §5 (the golden
//! tests pin each one); we could not check which rule set the published programs used. The
//! solver shows how much room fair play has: almost every deal can be won.

mod action;
pub mod ai;
mod dungeon;
mod error;
mod room;
pub mod rules;
mod state;

pub use action::Action;
pub use dungeon::Dungeon;
pub use error::ScoundrelError;
pub use rules::{Config, Kind, WeaponRule};
pub use state::{Observation, Scoundrel, Table, Weapon};
