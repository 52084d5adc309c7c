//! The built-in games, listed once: the umbrella's `arena` and `replay` programs and the Python
//! package visit this list and never name a game themselves. A new built-in game is its crate
//! and one line of [`visit`].
//!
//! ```
//! use recess::games::{self, BuiltIn, Visitor};
//!
//! /// Gathers the games' names.
//! struct Names(Vec<&'static str>);
//!
//! impl Visitor for Names {
//!     fn visit<G: BuiltIn>(&mut self, _arena_games: usize) {
//!         self.0.push(G::NAME);
//!     }
//! }
//!
//! let mut names = Names(Vec::new());
//! games::visit(&mut names);
//! assert_eq!(names.0, ["tictactoe", "duel", "big-two", "life-go", "scoundrel"]);
//! ```

use std::fmt::Display;

use game_core::svg::ToSvg;
use game_core::{ExplicitChance, InformationState, Learning, Narrate, Roster};

/// What every built-in game implements: a declared roster, action ids and tensors, information
/// states, explicit chance, narration, pictures and a printed state.
pub trait BuiltIn:
    Roster + Learning + InformationState + ExplicitChance + Narrate + ToSvg + Display
{
}

impl<G> BuiltIn for G where
    G: Roster + Learning + InformationState + ExplicitChance + Narrate + ToSvg + Display
{
}

/// Something done once per built-in game, generic over the game's type.
pub trait Visitor {
    /// Does it for `G`; `arena_games` is how many games a lineup of `G` plays in the arena's
    /// default run (a number that keeps the whole run short).
    fn visit<G: BuiltIn>(&mut self, arena_games: usize);
}

/// Calls `visitor` once per built-in game, in the order of the README's table.
pub fn visit(visitor: &mut impl Visitor) {
    visitor.visit::<tictactoe::TicTacToe>(2000);
    visitor.visit::<duel_rules::Duel>(1000);
    visitor.visit::<big_two_reversal::BigTwo>(100);
    visitor.visit::<life_go::LifeGo>(20);
    visitor.visit::<scoundrel::Scoundrel>(100);
}

/// The built-in games as the arena's command line takes them.
pub fn arena_entries() -> Vec<game_arena::cli::Entry> {
    struct Entries(Vec<game_arena::cli::Entry>);
    impl Visitor for Entries {
        fn visit<G: BuiltIn>(&mut self, arena_games: usize) {
            self.0
                .push(game_arena::cli::Entry::roster::<G>(arena_games));
        }
    }
    let mut entries = Entries(Vec::new());
    visit(&mut entries);
    entries.0
}

/// The built-in games as the replay pages read their records.
pub fn replay_games() -> game_replay::Games {
    struct Games(Option<game_replay::Games>);
    impl Visitor for Games {
        fn visit<G: BuiltIn>(&mut self, _arena_games: usize) {
            self.0 = self.0.take().map(|games| games.with_roster::<G>());
        }
    }
    let mut games = Games(Some(game_replay::Games::new()));
    visit(&mut games);
    games.0.unwrap_or_default()
}
