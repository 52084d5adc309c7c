//! # scoundrel
//!
//! Scoundrel (地城恶棍), the one-player dungeon crawl with an ordinary deck of cards by Zach Gage
//! and Kurt Bieg (2011), as a pure, deterministic state machine on game-core's `Game` trait, with
//! fair AIs that see only what a player sees and an exact solver that is handed the deal.
//!
//! ## Quick start
//!
//! ```
//! use scoundrel::prelude::*;
//!
//! // The greedy player plays deal 42 to the end. It is shown only the observation: the table
//! // and the cards left in the Dungeon as a set, never their order.
//! let played = play::<Scoundrel, _>(Config::default(), 42, &mut [GreedyAgent::new(0)])?;
//! let game = played.state();
//! let score = game.score().expect("the game is over");
//! assert_eq!(game.returns(0), f64::from(score));
//! assert_eq!(game.result(0) == Some(PlayerResult::Win), game.table().is_won());
//! // The record (configuration, seed and moves) replays to the same game.
//! assert_eq!(played.record().replay()?, *game);
//!
//! // A person's moves, read with the Room in view: a position, a card, `a` to avoid.
//! let mut game = Scoundrel::new(Config::default(), 42)?;
//! game.apply(&game.table().parse_action("a")?)?;
//! // Not twice in a row: the refusal says why, and nothing changes.
//! assert_eq!(game.check(&Action::Avoid), Err(Error::AvoidTwice));
//! assert!(game.apply(&Action::Avoid).is_err());
//!
//! // The clairvoyant solver works on a whole state, the Dungeon's order included: can this
//! // deal be won at all? (`solve` also gives the best score and a line of play reaching it.)
//! let deal = Scoundrel::new(Config::default(), 42)?;
//! assert!(Solver::new().reaches(&deal, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Rules
//!
//! **The cards.** Take a standard 52-card deck and set aside the jokers, the red jacks, queens
//! and kings and the red aces. The 44 cards left, shuffled face down, are the **Dungeon**:
//! - the 26 clubs (♣) and spades (♠) are **monsters**, worth their rank: 2–10 at face value,
//!   J 11, Q 12, K 13, A 14;
//! - the nine diamonds (♦) 2–10 are **weapons** worth their rank;
//! - the nine hearts (♥) 2–10 are **health potions** worth their rank.
//!
//! You start with 20 health, and health can never go above 20.
//!
//! **A turn.** Deal cards from the top of the Dungeon face up until the **Room** holds four
//! (fewer when the Dungeon runs out). Then either:
//! - **avoid** the Room: put all its cards at the bottom of the Dungeon, in their order, and deal a
//!   new Room. You may not avoid two Rooms in a row, nor a Room once you have faced one of its
//!   cards, nor when the Dungeon is empty; or
//! - **face** it: one at a time, in any order you like, face three of its four cards. The fourth
//!   stays and becomes part of the next Room, which is dealt around it.
//!
//! **Facing a card.**
//! - A **weapon** must be equipped: it replaces your weapon, and the old weapon and every monster
//!   stacked on it go to the discard pile.
//! - A **potion** heals its value (up to 20) and is discarded. Only the first potion faced in a
//!   turn heals; a second one in the same turn is discarded without effect.
//! - A **monster** is fought **barehanded**, costing its full value in health, or **with the
//!   weapon**, costing the monster's value minus the weapon's (never less than 0); a monster slain
//!   with the weapon is stacked on it. Once a weapon has slain a monster, it may only be used on
//!   monsters of value **at most** that of the last monster it slew (a 5♦ that slew a Q may fight
//!   a 6, but after slaying the 6 it may not fight the Q). You may always fight barehanded instead.
//!
//! **The end.** The game ends when your health reaches 0 or less, or when every card of the
//! Dungeon has been faced: when the Dungeon is empty, you face every card left in the last Room.
//! Surviving the whole Dungeon wins.
//!
//! **The score.** If you died: your health (0 or less) minus the value of every monster not yet
//! faced, in the Dungeon and in the Room. If you survived: your health, plus, when your health is
//! 20 and the last card you faced was a potion, that potion's value.
//!
//! **What you know.** The Room, your health, your weapon and the monsters on it, and the discard
//! pile are in view; the Dungeon is face down, but which cards are still in it follows from the
//! rest, and the cards you put at its bottom by avoiding a Room are there in the order you put
//! them, until they are dealt again.
//!
//! **The `strict` variant** ([`Config::strict`]) lets a weapon that has slain a monster fight
//! only monsters **below** (<) its last kill, rather than at most equal to it.
//!
//! ## Rule choices
//! Where the rules leave room, this crate decides:
//! - **Room slots.** The Room has four slots; a faced card leaves its slot empty and the next
//!   Room fills the empty slots left to right from the top of the Dungeon, as the original Python
//!   program does. Avoiding puts the Room's cards at the bottom in slot order.
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
//! - **What the player is shown.** The [`Observation`] holds the table, the cards left in the
//!   Dungeon as a set, and the known bottom of the Dungeon: the cards avoids put there, in order,
//!   as a person who remembers them knows them. The order of the other cards is never shown.
//!   It also carries the player's record of the game (the cards seen, in the order they were
//!   dealt, and the moves), from which the information state is made. Clairvoyance is
//!   explicit: the [`Solver`] is handed a whole [`Scoundrel`] state, and the [`SolverAgent`] is
//!   built from the deal it plays; no configuration shows the player the Dungeon's order.
//! - **Positions written by hand.** A state read from its stored form without its history (a
//!   puzzle, a position typed in) has no past: the player's record starts there, and it has no
//!   deal to give as chance outcomes ([`Scoundrel::dungeon_outcomes`] is `None`).
//! - **A won game is a win.** [`Game::result`](game_core::Game::result) calls a survived Dungeon
//!   a win and a death a loss, whatever the score; [`Game::returns`](game_core::Game::returns) is
//!   the score.
//!
//! ## Origin
//! Scoundrel is a solitaire by Zach Gage and Kurt Bieg (2011). This crate was written from a
//! Chinese (simplified) blog post, 《单人扑克游戏：地城恶棍的Python实现（附实现代码）》 ("A
//! one-player card game, Scoundrel, in Python, with its code"), which translates the official
//! rules, builds a playing-card toolkit on NumPy and plays the game on it; the official rules
//! agree with it.
//!
//! ## Features
//! - [`Scoundrel`]: the rules with the default (≤) and `strict` (<) weapon rule ([`Config`]);
//!   atomic [`Game::apply`](game_core::Game::apply) with a reason for every refusal ("your weapon
//!   last slew a 6; it cannot be used on a Q") and [`Game::check`](game_core::Game::check) to ask
//!   first; serde with validation (all 44 cards accounted for, health ≤ 20, the weapon's stack
//!   obeys the rule; the player's record replays to the stored position);
//!   [`Scoundrel::from_dungeon`] to start from a given order.
//! - [`Action`] notation: `avoid`, `Q♠`, `Q♠ w`, and ASCII forms; actions serialise as that text.
//!   [`Table::parse_action`] reads positions (`2`, `3w`) and cards with the Room in view.
//! - [`Observation`] with the Room, health, weapon and stack, discards, the Dungeon as a set and
//!   its known bottom, whether avoiding is allowed and whether a potion was used this turn, and
//!   the player's record of the game; [`SampleWorld`](game_core::SampleWorld) shuffles the cards
//!   of unknown place above the known bottom.
//! - [`Hero::face`]: the rule for facing a card, written once; the state machine, the AIs'
//!   simulations and the solver all face cards with it.
//! - Fair AIs by name through [`Roster`](game_core::Roster): [`GreedyAgent`] (fixed rules of
//!   thumb over the current Room), [`LookaheadAgent`] (every way to play the current Room, scored
//!   against the unseen cards), [`SearchAgent`] (whole turns chosen by playouts in sampled
//!   Dungeons) and `random`; [`play_greedy`] and [`play_lookahead`], the play loops of the
//!   benches and of the search's playouts.
//! - The clairvoyant [`Solver`] ([`solve`]): exact, on any state, Dungeon order included:
//!   winnable or not, the best score and a line reaching it; [`SolverAgent`] plays a deal it is
//!   handed. Behind the Cargo feature `solver`, on by default: with `default-features = false`
//!   the crate is the rules and the fair players.
//! - [`Learning`](game_core::Learning): action ids and observation tensors;
//!   [`InformationState`](game_core::InformationState): perfect-recall information states;
//!   [`ExplicitChance`](game_core::ExplicitChance): the deal as 44 chance events, and
//!   [`Scoundrel::dungeon_outcomes`] to give a sampled world a chance history (see below).
//!
//! ## Building
//! Build in release mode (`--release`) to play or solve many deals: a debug build is 10 to 100
//! times slower (the solver takes about 2.8 s a deal in debug, 60 ms in release). A project
//! depending on this crate can optimise its dependencies in debug builds with
//! `[profile.dev.package."*"] opt-level = 2` in its `Cargo.toml`.
//!
//! ## How strong the players are
//! Deals won with the default rules, over the arena's deals (`cargo run --release --example
//! arena -- scoundrel --lineup NAME --games N --seed 0`) and, for the solver, the deals of seeds
//! 0 to 999:
//!
//! | player | deals won |
//! | --- | --- |
//! | `greedy` | 432 of 10,000 (4.32%) |
//! | `lookahead` | 604 of 10,000 (6.04%) |
//! | `search`, the arena's budget ([`ARENA_PLAYOUTS`]) | 681 of 1,000 (68.1%) |
//! | `search`, the default budget ([`DEFAULT_PLAYOUTS`]; the same 1,000 deals) | 716 of 1,000 (71.6%) |
//! | [`Solver`], clairvoyant | 990 of 1,000 winnable; mean best score 27.37 |
//!
//! ## Learning
//! [`Scoundrel`] implements [`Learning`](game_core::Learning), the same way under both rules.
//!
//! **Action ids** ([`NUM_ACTIONS`] = 71). The 44 cards are numbered in index order, A♣ A♠ 2♣ 2♦
//! 2♥ 2♠ 3♣ … 10♠ J♣ J♠ Q♣ Q♠ K♣ K♠ (0 to 43), and the 26 monsters likewise, A♣ A♠ 2♣ 2♠ … K♣
//! K♠ (0 to 25):
//! - 0: avoid the Room;
//! - 1 + card (1–44): face that card (equip a weapon, drink a potion, fight a monster barehanded);
//! - 45 + monster (45–70): fight that monster with the weapon.
//!
//! **Observation tensor**, shape `[410]`, made from the [`Observation`] alone (it shows only what
//! the player sees). First nine planes of 44, one number per card in the order above (index
//! `plane * 44 + card`):
//! 0. in the Room; 1. the equipped weapon; 2. slain by it (its stack); 3. its last kill;
//! 4. discarded; 5. in the Dungeon at an unknown place; 6. in the Dungeon's known bottom;
//! 7. for a card of the known bottom, its place in the Dungeon from the top (1 is dealt next)
//!    divided by 44, else 0; 8. the last card faced.
//!
//! Then 14 numbers (index 396 on): health / 20 (0 or less once dead); the weapon's value / 10;
//! the biggest monster it may still fight / 14 (0 without a weapon); cards faced in this Room /
//! 4; a potion drunk this turn; the last Room avoided; avoiding allowed now; cards in the
//! Dungeon / 44; monsters, weapons and potions in the Dungeon / 26, 9 and 9; the value of the
//! monsters not yet faced (Dungeon and Room) / 208; the strict rule; the game over. Flags are 1
//! or 0.
//!
//! **Observation string**: the [`Observation`]'s text, three lines (the adventurer, the Room, the
//! Dungeon).
//!
//! **Information state** ([`InformationState`](game_core::InformationState)), OpenSpiel's
//! perfect recall: everything the player has seen and done, in order: every Room as it was
//! dealt and every move, and so the order of the cards avoids put under the Dungeon. It is made
//! from the [`Observation`] alone, so worlds drawn from it give the same. The tensor has shape
//! `[9049]` under every configuration:
//! - 0–409: the observation tensor now, as above;
//! - 410–864: the position the record starts from, all 0 for a game from its deal. 410 is 1
//!   for a position read from its stored form without a history; 411–820 hold its observation
//!   tensor and 821–864 its Room's slots ((slot + 1) / 4 for each card in it, by card number);
//! - 865–2800: the cards seen, in the order first seen, one row of 44 each: the `i`-th card (from
//!   0), numbered `c`, is a 1 at `865 + 44 i + c` (for a set-up position, its known bottom comes
//!   first). For a game from its deal these are the first cards of the deal's order;
//! - 2801–9048: the moves, one row of 71 each (88 rows, the longest game): the `j`-th move
//!   (from 0), of action id `a`, is a 1 at `2801 + 71 j + a`.
//!
//! The string lists what happened, separated by `; `: `deal` and the cards dealt into the Room
//! in order, and each move in the [`Action`] notation; then, while the Dungeon's bottom holds
//! cards the player saw an avoid put there, ` · bottom, in order: ` and those cards. After
//! avoiding K♠ Q♠ J♠ A♠ and facing three cards of the next Room:
//!
//! ```text
//! deal K♠ Q♠ J♠ A♠; avoid; deal 5♦ 8♣ 2♥ 9♣; 5♦; 8♣ w; 2♥; deal A♣ 2♣ 2♦ · bottom, in order: K♠ Q♠ J♠ A♠
//! ```
//!
//! A position set up by hand starts with `set up: ` and its whole table (`health 20, no weapon,
//! Room A♣ A♠ 2♣ 2♦, 0 faced, last Room avoided, Dungeon 40 cards (bottom 5♦ Q♠ 6♣ 2♥)`).
//!
//! **Chance events** ([`ExplicitChance`](game_core::ExplicitChance)): the deal is 44 events;
//! event `i` (from 0) lays the card at place `i + 1` of the Dungeon from the top, the order
//! [`Scoundrel::from_dungeon`] takes (the first Room is its first four cards). An outcome is the
//! card's number, 0 to 43 in the order above; each card not yet laid has probability 1/(44 −
//! i). An outcome reads `card 3 of the Dungeon: 7♥`. The outcomes of a seed are the shuffle
//! [`Game::new`](game_core::Game::new) makes. [`Scoundrel::dungeon_outcomes`] gives any game
//! from its deal, a world drawn by [`SampleWorld`](game_core::SampleWorld) included, outcomes
//! from which its own [`moves`](Scoundrel::moves) replay to it.
//! - With the feature `svg`, `ToSvg` (game-core's, in the prelude with `View`): the table as an
//!   SVG picture, the Dungeon a face-down pile with its count (or laid out in order with
//!   `View::Everything`); cards are drawn by cards-core.
//! - [`prelude`]: everything a program needs, game-core's part included, in one `use`.

mod action;
mod ai;
mod chance;
mod declaration;
mod dungeon;
mod error;
mod hero;
mod history;
mod information;
mod learning;
mod narration;
mod observation;
mod room;
mod rules;
mod state;
mod stored;
#[cfg(feature = "svg")]
mod svg;
mod table;

pub use action::Action;
pub use ai::{
    ARENA_PLAYOUTS, DEFAULT_PLAYOUTS, GreedyAgent, GreedyParams, LookaheadAgent, LookaheadParams,
    SearchAgent, play_greedy, play_lookahead,
};
#[cfg(feature = "solver")]
pub use ai::{Solution, Solver, SolverAgent, solve};
pub use dungeon::Dungeon;
pub use error::Error;
pub use hero::{Hero, Weapon};
pub use learning::NUM_ACTIONS;
pub use observation::Observation;
pub use rules::{
    Config, DUNGEON, DUNGEON_SIZE, FACED_PER_ROOM, Kind, MAX_HEALTH, MONSTERS, POTIONS, ROOM_SIZE,
    WEAPONS, WeaponRule, kind, monster_total, value, value_name,
};
pub use state::Scoundrel;
pub use table::Table;

/// The README's example, compiled and run with the doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// Everything a program needs in one `use scoundrel::prelude::*;`: game-core's prelude
/// ([`Game`](game_core::Game), [`Turn`](game_core::Turn), [`Agent`](game_core::Agent),
/// [`play`](game_core::play), [`Record`](game_core::Record), …) and this crate's game, its
/// configuration, action, observation, error, agents and solver.
pub mod prelude {
    pub use crate::{
        Action, Config, Error, GreedyAgent, LookaheadAgent, Observation, Scoundrel, SearchAgent,
        WeaponRule,
    };
    #[cfg(feature = "solver")]
    pub use crate::{Solver, SolverAgent};
    pub use game_core::prelude::*;
}
