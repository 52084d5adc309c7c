//! # duel-rules: 零儲
//!
//! The Hong Kong schoolyard duel 零儲 (also 「007入子彈」, 「儲波擋」): every round each player
//! secretly picks a move — charge qi, block, or spend qi on an attack — and the moves are
//! revealed and resolved together. A pure, deterministic state machine on game-core's
//! [`Game`](game_core::Game) trait with simultaneous moves, three rule sets (`hk`, `classic`,
//! `extended`) and any rule set of your own described as data, the free-for-all for 3 to 8
//! players, and a Nash-equilibrium AI.
//!
//! ```
//! use duel_rules::prelude::*;
//! use duel_rules::{Event, preset_solution};
//!
//! // A whole game under the default (hk) rules: the equilibrium AI against the dice.
//! let mut agents = [Duel::agent("equilibrium", 1)?, Duel::agent("dice", 2)?];
//! let played = play::<Duel, _>(Config::default(), 0, &mut agents)?;
//! let end = played.state();
//! assert_eq!(end.turn(), Turn::Over);
//! println!("{end}\nafter {} rounds, player 1: {:?}", end.round(), end.result(0));
//! // The record (rules, seed and every round's moves, as text) replays to the same state.
//! assert_eq!(played.record().replay()?, *end);
//!
//! // One round by hand. 「開槍射爆個封印」: Shoot overwhelms Seal.
//! let mut duel = Duel::new(Config::preset(Preset::Hk), 0)?;
//! assert_eq!(duel.turn(), Turn::Simultaneous);
//! let round = duel.play_round(&["shoot".parse()?, "封印".parse()?])?;
//! assert_eq!((duel.fighters()[0].health, duel.fighters()[0].qi), (5, 4));
//! assert_eq!((duel.fighters()[1].health, duel.fighters()[1].qi), (4, 1));
//! assert!(matches!(round.events[0], Event::Overwhelmed { winner: 0, loser: 1, .. }));
//! assert_eq!(round.events[1].to_string(), "player 1's shoot hits player 2 for 1 damage");
//!
//! // The equilibrium table: value and mixed strategy of any position.
//! let table = preset_solution(Preset::Hk);
//! assert!(table.value_of(&duel, 0).unwrap() > 0.0, "player 1 is ahead");
//! let mix = table.strategy_of(&duel, 1).unwrap();
//! assert!((mix.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Rules
//! Two players face each other (3 to 8 in the free-for-all, below). Each has **health** and
//! **qi** (氣, the energy attacks cost). Under the default rules, `hk`, everyone starts with 5
//! health and 5 qi.
//!
//! Every round, each player still in the game secretly chooses one move; the moves are revealed
//! together and resolved at once. A move costs qi, paid whatever happens; a move that costs more
//! qi than the player has cannot be chosen, so a player always has the free moves at least.
//!
//! | move | 招式 | qi | what it does (`hk`) |
//! | --- | --- | --- | --- |
//! | `charge` | 儲氣 | 0 | gain 1 qi; 2 qi for a player whose health is 1 |
//! | `block` | 保護 | 0 | stop a `shoot` or `kamehameha` aimed at you; nothing else |
//! | `shoot` | 開槍 | 1 | attack of level 1: 1 damage |
//! | `kamehameha` | 龜波氣功 | 2 | attack of level 2: 1 damage |
//! | `dragon-palm` | 降龍十八掌 | 3 | attack of level 3: 1 damage |
//! | `seal` | 封印 | 4 | attack of level 4: 2 damage |
//! | `buddha-palm` | 如來神掌 | 5 | attack of level 5: 2 damage |
//!
//! An attack is resolved by what the player it aims at does in the same round:
//! - **an attack back:** the higher level overwhelms the lower, which does nothing, and hits;
//!   equal levels cancel out and nobody is hit. The one exception: `shoot` overwhelms `seal`
//!   (「開槍射爆個封印」, the shot blows the seal apart);
//! - **`block`:** `shoot` and `kamehameha` are stopped; `dragon-palm`, `seal` and `buddha-palm`
//!   hit anyway;
//! - **`charge`:** it hits.
//!
//! When neither player attacks, nothing happens but the charging. A hit takes the attack's
//! damage off the health of the player hit. A player whose health reaches 0 is out and loses;
//! the other wins. If both reach 0 in the same round, the game is a draw, and so it is after 200
//! rounds (the round limit), since two careful players could otherwise block forever.
//!
//! **The free-for-all** (3 to 8 players). An attack names its target: `shoot@2` shoots player 2
//! (players count from 1). Each attack is resolved on its own: if the target blocks and the
//! block stops this attack, nothing happens; if the target attacks the attacker in the same
//! round, the two attacks are compared as above; otherwise the attack hits, even a target busy
//! attacking someone else. All damage lands at once. Players at 0 health are out (their only
//! move is `out`); the last one standing wins. If everyone left is knocked out in the same
//! round, they share a draw, and at the round limit everyone still standing shares it. With two
//! players this is exactly the duel.
//!
//! **Returns** (zero-sum): a lone winner gets `n − 1` and every other player −1, where `n` is
//! the number of players; those sharing a draw split what the players knocked out before them
//! lose. In a duel: +1 and −1, or 0 each.
//!
//! **Other rule sets.**
//! - `classic`, the schoolyard's own rules (經典模式): 1 health and 0 qi each, every attack does
//!   1 damage and there is no low-health bonus, so the first hit wins.
//! - `extended`: `hk` plus three rarer moves: 上天堂 (`heaven`, cost and level 6) and 落地獄
//!   (`hell`, cost and level 7), 2 damage each and not stopped by `block`, and 超級儲氣
//!   (`super-charge`), free, gaining 1000 qi.
//! - Your own: a [`RuleSpec`] lists the moves (name, Chinese name, cost, and the qi of a charge
//!   or the level, damage and blockability of an attack), the exceptions to "the higher level
//!   wins", the low-health bonus, the starting health and qi, and the round limit.
//!
//! ## Rule choices
//! Where the original program and the schoolyard leave room, this crate decides:
//! - **Low-health bonus:** "a player whose health is 1 gains 2 qi" is expressed as +1 qi on every
//!   charge move for a player whose health *at the start of the round* is at most 1.
//! - **Classic** is the hk move list with 1 health, 0 qi, 1 damage for every attack and no
//!   bonus: "first hit wins". Its round limit is 200 like hk's.
//! - **Extended:** 上天堂 (`heaven`, cost and level 6) and 落地獄 (`hell`, cost and level 7) do
//!   2 damage and are not stopped by Block; 超級儲氣 (`super-charge`) gains 1000 qi for free.
//!   反彈 (reflect) is left out: the original program does not say what it does.
//! - **Qi is unbounded in the game** (only the equilibrium table caps it, see [`Solution`]).
//! - **Free-for-all:** attacks carry a target; with two players they carry none (the target is
//!   implied), which is how the free-for-all reduces exactly to the duel. Targets in text count
//!   players from 1, as people do. A player who is out has exactly one action, `out`.
//!   Returns are zero-sum: a lone winner gets `n − 1` and everyone else −1; in a draw (several
//!   still standing at the round limit, or everyone left knocked out in the same round) those
//!   sharing it split what the players knocked out earlier lose.
//! - **Events** use seats counted from 0; their text counts players from 1.
//! - **The equilibrium AI discounts** the future by 0.99 per round (a win now is worth more than
//!   the same win later): this makes Shapley's iteration a contraction, so the values are exact
//!   to the solver's tolerance (10⁻¹³), and it makes the player ahead press its advantage rather
//!   than accept a draw at the round limit. See [`Solution`] for why. In a free-for-all it
//!   plays like `dice` (the equilibrium is defined for two players). Its table caps qi at
//!   twice the dearest move's cost (10 under hk and classic, 14 under extended); more qi than
//!   that is treated as the cap. **Its table is limited to 64 MiB** ([`MAX_SOLVER_BYTES`],
//!   counting the table and the solver's work buffers; [`solver_bytes`] says what a rule set
//!   needs): every preset fits (extended, the largest, needs about 1.3 MB), and so do custom
//!   rule sets up to about health 90 with hk's moves or a qi cap of 40. Under a larger custom
//!   rule set (health 1000, say) the solver refuses with [`Error::TooLargeToSolve`] and the
//!   `equilibrium` agent plays like `dice`, as in a free-for-all.
//! - **`always-<move>`** plays its move whenever affordable, else the first free charge; in a
//!   free-for-all it picks its target at random among the players still in.
//! - **One seat's move** is checked with [`Duel::check_move`].
//!   [`Game::check`](game_core::Game::check) keeps the meaning it has in every game, what a
//!   single action through [`Game::apply`](game_core::Game::apply) would give, and so refuses
//!   every single action (rounds are played through
//!   [`Game::apply_joint`](game_core::Game::apply_joint)).
//!
//! ## Origin
//! The game comes from the blog post 「\[中\] 零儲 - My Childhood Game Programmed in Python」,
//! written in Cantonese with its closing part in English. It tells how the game spread through
//! Hong Kong's primary schools, each school with its own variant, gives the version most played
//! at the author's school (the `classic` rule set here) and the author's modified rules for a
//! Python 3.7 program (health and qi of 5, heavy attacks doing 2, the low-health charge: the
//! default `hk` rule set), and remembers rarer moves (上天堂, 落地獄, 超級儲氣 and 反彈). The
//! program has four modes: two players at one keyboard, one player against a simple AI that
//! rolls a die (the `dice` agent here), observing two AIs, and the classic rules; the example
//! `duel` offers all four. The post closes with "directions for future research": the game's
//! Nash equilibrium and AIs better than the die. The `equilibrium` agent is that equilibrium;
//! the free-for-all is the many-player version the post says exists.
//!
//! ## Features
//! - **Rule sets as data** ([`RuleSpec`] → [`RuleSet`]): moves with name, Chinese name, cost and
//!   effect (charge amount; block; attack level, damage and whether Block stops it), the
//!   exceptions to "higher level overwhelms lower" (Shoot beats Seal), the low-health charge
//!   bonus, starting health and qi, the round limit. Presets [`Preset::Hk`] (default),
//!   [`Preset::Classic`] and [`Preset::Extended`]. A spec that contradicts itself (a negative
//!   cost, no moves, no free move, no attack, an exception both ways round, …) is refused.
//! - **The game** ([`Duel`]): simultaneous moves through
//!   [`Game::apply_joint`](game_core::Game::apply_joint), two players or a free-for-all of up
//!   to 8 with targets (`shoot@2`); [`Duel::play_round`] reports the round as [`Event`]s
//!   (charges, blocks, cancels, overwhelms, hits, knock-outs) that a program can read and that
//!   print in plain words; [`Duel::check_move`] says whether one seat's move would be accepted.
//!   Cloning is cheap (the rule set is shared).
//! - **Actions as text** ([`Action`]): `charge`, `block`, `shoot`, `shoot@2`, `out`, and the
//!   Chinese names (`開槍`, `开枪`); [`Duel::parse_action`] also knows a custom rule set's names.
//!   Records store actions as this text.
//! - **AIs**, by name through [`Roster`](game_core::Roster): `dice` ([`DiceAgent`], the
//!   original program's), `equilibrium` ([`EquilibriumAgent`]: Nash equilibrium from an exact
//!   simplex, [`solve_matrix_game`], and Shapley value iteration, [`Solution`], tables cached
//!   per preset; a custom rule set whose table would need more than [`MAX_SOLVER_BYTES`],
//!   64 MiB, is refused with [`Error::TooLargeToSolve`] before anything is allocated),
//!   `always-<move>` ([`AlwaysAgent`]) for any move.
//! - Serde for configurations, rule sets, actions, states (checked on the way in) and records.
//! - [`prelude`]: everything a program needs, game-core's part included, in one `use`.

mod action;
mod ai;
mod error;
mod rules;
mod state;

pub use action::Action;
pub use ai::{
    AlwaysAgent, CUSTOM_TABLES, DEFAULT_DISCOUNT, DiceAgent, EquilibriumAgent, MAX_SOLVER_BYTES,
    MatrixSolution, PositionGame, Solution, SolverOptions, conceded, default_qi_cap, guaranteed,
    preset_solution, solution_for, solve_matrix_game, solver_bytes,
};
pub use error::Error;
pub use rules::{
    Config, Effect, EffectSpec, LowHealthBonus, MAX_MOVES, MAX_PLAYERS, MAX_RULE_NUMBER, Move,
    MoveName, MoveSpec, Overwhelm, Preset, RuleSet, RuleSpec,
};
pub use state::{Duel, Event, Fighter, Round};

/// The README's example, compiled and run with the doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// What a player sees: the whole state, since every move is revealed at the end of its round
/// and nothing else is hidden.
pub type Observation = Duel;

/// Everything a program needs in one `use duel_rules::prelude::*;`: game-core's prelude
/// ([`Game`](game_core::Game), [`Turn`](game_core::Turn), [`Agent`](game_core::Agent),
/// [`Roster`](game_core::Roster), [`play`](game_core::play), [`Record`](game_core::Record), …)
/// and this crate's game, its configuration and presets, action, error and agents.
pub mod prelude {
    pub use crate::{
        Action, AlwaysAgent, Config, DiceAgent, Duel, EquilibriumAgent, Error, Observation, Preset,
    };
    pub use game_core::prelude::*;
}
