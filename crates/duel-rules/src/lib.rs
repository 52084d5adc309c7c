//! # duel-rules: 零儲
//!
//! The Hong Kong schoolyard duel 零儲 (also 「007入子彈」, 「儲波擋」): every round each player
//! secretly picks a move — charge qi, block, or spend qi on an attack — and the moves are
//! revealed and resolved together. A pure, deterministic state machine on
//! [`game_core::Game`] with simultaneous moves, every variant of the rule book (`hk`, `classic`,
//! `extended`, or a rule set of your own described as data), the free-for-all for 3 to 8
//! players, and a Nash-equilibrium AI.
//!
//! ```
//! use duel_rules::{Action, Duel, DuelConfig, Event, Preset};
//! use duel_rules::ai::preset_solution;
//! use game_core::{Game, Turn};
//!
//! let mut duel = Duel::new(DuelConfig::preset(Preset::Hk), 0)?;
//! assert_eq!(duel.turn(), Turn::Simultaneous);
//!
//! // 「開槍射爆個封印」: Shoot overwhelms Seal.
//! let round = duel.play_round(&["shoot".parse()?, "封印".parse()?])?;
//! assert_eq!((duel.fighters()[0].health, duel.fighters()[0].qi), (5, 4));
//! assert_eq!((duel.fighters()[1].health, duel.fighters()[1].qi), (4, 1));
//! assert!(matches!(round.events[0], Event::Overwhelmed { winner: 0, loser: 1, .. }));
//! println!("{}", round.events[1]); // "player 1's shoot hits player 2 for 1 damage"
//!
//! // The equilibrium table: value and mixed strategy of any position.
//! let table = preset_solution(Preset::Hk);
//! let value = table.value_of(&duel, 0).unwrap();
//! assert!(value > 0.0, "player 1 is ahead");
//! let mix = table.strategy_of(&duel, 1).unwrap();
//! assert!((mix.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-9);
//! # Ok::<(), duel_rules::DuelError>(())
//! ```
//!
//! ## Features
//! - **Rule sets as data** ([`RuleSpec`] → [`RuleSet`]): moves with name, Chinese name, cost and
//!   effect (charge amount; block; attack level, damage and whether Block stops it), the
//!   exceptions to "higher level overwhelms lower" (Shoot beats Seal), the low-health charge
//!   bonus, starting health and qi, the round limit. Presets [`Preset::Hk`] (default),
//!   [`Preset::Classic`] and [`Preset::Extended`]. A spec that contradicts itself (a negative
//!   cost, no moves, no free move, no attack, an exception both ways round, …) is refused.
//! - **The game** ([`Duel`]): simultaneous moves through [`game_core::Game::apply_joint`], two
//!   players or a free-for-all of up to 8 with targets (`shoot@2`); [`Duel::play_round`] reports
//!   the round as [`Event`]s (charges, blocks, cancels, overwhelms, hits, knock-outs) that a
//!   program can read and that print in plain words. Cloning is cheap (the rule set is shared).
//! - **Actions as text** ([`Action`]): `charge`, `block`, `shoot`, `shoot@2`, `out`, and the
//!   Chinese names (`開槍`, `开枪`); [`Duel::parse_action`] also knows a custom rule set's names.
//! - **AIs** ([`ai`]), by name through [`game_core::Roster`]: `dice` (the seed's), `equilibrium`
//!   (Nash equilibrium from an exact simplex and Shapley value iteration, tables cached per
//!   preset; a custom rule set whose table would need more than [`ai::MAX_SOLVER_BYTES`],
//!   64 MiB, is refused with [`DuelError::TooLargeToSolve`] before anything is allocated),
//!   `always-<move>` for any move.
//! - Serde for configurations, rule sets, actions, states (checked on the way in) and records.
//!
//! ## Rule choices
//! Where the rule book and the seed leave room, this crate decides:
//! - **Low-health bonus:** "a player whose health is 1 gains 2 qi" is expressed as +1 qi on every
//!   charge move for a player whose health *at the start of the round* is at most 1.
//! - **Classic** is the hk move list with 1 health, 0 qi, 1 damage for every attack and no
//!   bonus: "first hit wins". Its round limit is 200 like hk's.
//! - **Extended:** 上天堂 (`heaven`, cost and level 6) and 落地獄 (`hell`, cost and level 7) do
//!   2 damage and are not stopped by Block; 超級儲氣 (`super-charge`) gains 1000 qi for free.
//!   反彈 (reflect) is left out: the seed does not say what it does.
//! - **Qi is unbounded in the game** (only the equilibrium table caps it, see [`ai::solver`]).
//! - **Free-for-all:** attacks carry a target; with two players they carry none (the target is
//!   implied), which is how the free-for-all reduces exactly to the duel. Targets in text count
//!   players from 1, as people do. A player who is out has exactly one action, `out`.
//!   Returns are zero-sum: a lone winner gets `n − 1` and everyone else −1; in a draw (several
//!   still standing at the round limit, or everyone left knocked out in the same round) those
//!   sharing it split what the players knocked out earlier lose.
//! - **Events** use seats counted from 0; their text counts players from 1.
//! - **The equilibrium AI discounts** the future by 0.99 per round (a win now is worth more than
//!   the same win later): this makes Shapley's iteration a contraction, so the values are exact
//!   to 10⁻¹³, and it makes the player ahead press its advantage rather than accept a draw at the
//!   round limit. See [`ai::solver`] for the measurements behind this choice. In a free-for-all
//!   it plays like `dice` (the equilibrium is defined for two players). Its table caps qi at
//!   twice the dearest move's cost (10 under hk and classic, 14 under extended); more qi than
//!   that is treated as the cap. **Its table is limited to 64 MiB** ([`ai::MAX_SOLVER_BYTES`],
//!   counting the table and the solver's work buffers; [`ai::solver_bytes`] says what a rule set
//!   needs): every preset fits (extended, the largest, needs about 1.3 MB), and so do custom
//!   rule sets up to about health 90 with hk's moves or a qi cap of 40. Under a larger custom
//!   rule set (health 1000, say) the solver refuses with [`DuelError::TooLargeToSolve`] and the
//!   `equilibrium` agent plays like `dice`, as in a free-for-all.
//! - **`always-<move>`** plays its move whenever affordable, else the first free charge; in a
//!   free-for-all it picks its target at random among the players still in.

pub mod action;
pub mod ai;
pub mod error;
pub mod rules;
pub mod state;

pub use action::Action;
pub use ai::{AlwaysAgent, DiceAgent, EquilibriumAgent, Solution, SolverOptions};
pub use error::DuelError;
pub use rules::{
    DuelConfig, Effect, EffectSpec, LowHealthBonus, MAX_PLAYERS, Move, MoveName, MoveSpec,
    Overwhelm, Preset, RuleSet, RuleSpec,
};
pub use state::{Duel, Event, Fighter, Round};
