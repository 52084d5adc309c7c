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
//! use duel_rules::Event;
//! use duel_rules::solver::preset_solution;
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
//! - **The equilibrium AI's table holds the rule book's values**: a win +1, a loss −1, a game
//!   that never ends a draw worth 0 (the round limit is treated as never ending), no discount;
//!   every value is the value of its position's matrix game to 10⁻¹⁰. Such a game may have no
//!   optimal stationary strategies, only ε-optimal ones, so the strategies it plays are those of
//!   the game discounted by `1 − 10⁻⁷` ([`STRATEGY_DISCOUNT`]), and they come with a
//!   certificate ([`Solution::certify`]): against them the opponent's exact best response gains
//!   at most ε over the position's value, and under hk ε is at most `8.8 × 10⁻⁵` at every
//!   position. See [`Solution`] for how it is solved. In a free-for-all it plays the
//!   two-player equilibrium against the opponent most dangerous to it (the one whose position
//!   against it is worth least to it), aiming its attacks there. Its table caps qi at four times
//!   the dearest move's cost (20 under hk and classic, 28 under extended). Under hk and classic
//!   more qi than that is treated as the cap, and the docs of [`Solution`] say how far a larger
//!   cap still moves the values; under extended, whose super-charge gains 1000 qi at once, qi
//!   above the cap counts as unlimited (every move affordable, none spending it), so a player
//!   who super-charged is seen as such, and the strategies count hits so that a player at a
//!   draw still keeps its health ([`HIT_BONUS`]). Where both players are at health 2 or less,
//!   a trade of 落地獄 decides (any other answer to it is knocked out), and there qi is tracked
//!   exactly: health 1 each, qi 1005 against 1010 is −1 for the poorer, qi 1 against 0 is
//!   0.999998. **Everywhere else under extended the values are the model's**, which can be
//!   wrong by up to 1 where who runs out of qi first decides; [`Solution::is_approximate`]
//!   says which positions. In the game discounted by 0.9 their error is measured, against a
//!   value iteration tracking qi exactly: at most `2.862 × 10⁻⁷` (`0.9¹⁴³`) over all 17,661 of
//!   them up to the cap, the most at health 2 against 3 with no qi each, a draw to the model and
//!   a sure loss for the poorer in health 144 rounds on (a super-charge each, then 142 rounds
//!   of 落地獄 until the qi runs out); the game itself was not measured, and there no bound tighter than 2
//!   is proven (see [`Solution`]). Extended's certified ε is `3.8 × 10⁻³`, at health 1 each
//!   with qi 1 against 0, where the first player wins only in the limit. **Its table is limited to 64 MiB** ([`MAX_SOLVER_BYTES`], counting the table and
//!   the solver's work buffers; [`solver_bytes`] says what a rule set needs): every preset fits
//!   (extended, the largest, needs about 10.5 MB), and so do custom rule sets up to health 45
//!   with hk's moves or a qi cap of 52. Under a larger custom rule set (health 1000, say) the
//!   solver refuses with [`SolveError::TooLargeToSolve`] and the `equilibrium` agent plays like
//!   `dice`, as in a free-for-all.
//! - **`evolved`** plays the genome bred for hk; under any other rule set, or in a
//!   free-for-all, it plays like `dice` (its genome knows only hk's moves).
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
//! Nash equilibrium, and AIs better than the die — "hundreds of thousands of dumb AI fight each
//! other and evolutionarily mutate along the way, until one comes out on top … How would that
//! strategy be supported in a Nash Equilibrium?" The `equilibrium` agent is that equilibrium,
//! `evolved` that tournament (both below); the free-for-all is the many-player version the post
//! says exists.
//!
//! ## The equilibrium, and the evolved player
//! **The true values.** The `equilibrium` agent's table ([`Solution`], shared through
//! [`preset_solution`]) holds the values of the rule book's game (win +1, loss −1, a game that
//! never ends 0; qi capped at 20), each the value of its position's matrix game to 10⁻¹⁰, and
//! the agent plays strategies certified to within ε = 8.8 × 10⁻⁵ of optimal at every position
//! ([`Solution::certify`]; the certificate brackets the true values as well). Under hk, for the
//! first player:
//!
//! | position | value | certified bracket |
//! | --- | --- | --- |
//! | the start: health 5 and qi 5 each | 0 (exactly: it is symmetric) | ±2.0 × 10⁻⁵ |
//! | health 5 against 4, qi 5 each | 0.765581 | [0.765580, 0.765607] |
//! | health 5 each, qi 3 against 0 | 0.924946 | [0.924942, 0.924984] |
//!
//! Solving the hk table — values and strategies — takes about 0.12 s (criterion bench
//! `duel_solve`, a 2-core machine shared with other work). Against `dice` the equilibrium wins
//! 1,809 of 2,000 games (`cargo run --release --example arena -- duel --lineup
//! equilibrium,dice --games 2000 --seed 1`).
//!
//! **The evolved player.** [`breed`] plays the post's tournament: a population of simple
//! players ([`Genome`]: a weight per move in each of 432 coarse situations — both players' qi
//! up to 5, who has more health, who is down to 1) meets in round-robin tournaments; the best
//! quarter survives and the rest are children of the fittest, crossed over and mutated;
//! everything seeded. The crate ships the winner of 1,000 generations of 60 players
//! (`cargo run --release --example duel_evolve -- --generations 1000 --population 60 --seed 1`,
//! half a minute; [`BreedOptions::SHIPPED`]), so the `evolved` agent needs no training at run
//! time. Its results over 2,000 games each (`cargo run --release --example arena -- duel
//! --lineup evolved,<opponent> --games 2000 --seed 1`, seats alternated):
//!
//! | against | won | drawn | lost | share won |
//! | --- | --- | --- | --- | --- |
//! | `dice` | 1,551 | 0 | 449 | 77.6% |
//! | `always-charge` | 2,000 | 0 | 0 | 100% |
//! | `always-block` | 1,244 | 756 | 0 | 62.2% |
//! | `always-shoot` | 992 | 0 | 1,008 | 49.6% |
//! | `always-kamehameha` | 1,401 | 0 | 599 | 70.1% |
//! | `always-dragon-palm` | 1,329 | 0 | 671 | 66.5% |
//! | `always-seal` | 1,409 | 0 | 591 | 70.5% |
//! | `always-buddha-palm` | 1,194 | 0 | 806 | 59.7% |
//! | `equilibrium` | 303 | 0 | 1,697 | 15.2% |
//!
//! **How would that strategy be supported in a Nash equilibrium?** It would not be. Bred to
//! beat its own kind, it beats the die and every fixed move but one (`always-shoot` holds it
//! level), yet it is nearly as exploitable as the die: from the start position, whose value is
//! 0, an exact best response against it ([`Solution::guarantee_of`]) holds it to −0.9985 — it
//! loses almost every game to an opponent who knows its weights (the die: −0.9979; the
//! equilibrium's own strategy: −0.00002). The equilibrium, which gives nothing away, beats it in
//! 85% of games.
//!
//! ## Learning
//! [`Duel`] implements [`Learning`](game_core::Learning) (integer action ids, legal-action
//! masks, observation tensors). The id space depends on the rule set and the number of
//! players — moves × targets:
//!
//! - **Action ids.** The rule set's moves in their order (for `hk`: `charge`, `block`, `shoot`,
//!   `kamehameha`, `dragon-palm`, `seal`, `buddha-palm`), each taking one id — except that in a
//!   free-for-all of `n` an attack takes `n` consecutive ids, one per target seat, seat 0
//!   (player 1) first — and, in a free-for-all only, `out` last. With `M` moves of which `A`
//!   are attacks: `M` ids in a duel, `(M − A) + A × n + 1` in a free-for-all. `hk` in a duel:
//!   ids 0 to 6 are the seven moves (`charge` 0, `shoot` 2, `buddha-palm` 6); `extended` in a
//!   duel adds `heaven` 7, `hell` 8, `super-charge` 9. `hk` with three players: 18 ids —
//!   `charge` 0, `block` 1, `shoot@1` 2, `shoot@2` 3, `shoot@3` 4, `kamehameha@1` 5, …,
//!   `buddha-palm@3` 16, `out` 17; the ids of attacks on the player's own seat exist but are
//!   never legal. The ids are the same for every seat, and stable: a golden test pins them.
//! - **Observation tensor**, shape `[2 + n × (4 + M)]` (hk: 24 in a duel, 35 with three
//!   players): rounds played, rounds left before the round limit, then one block of `4 + M` per
//!   seat in seat order — 1 for the observing seat's own block (else 0), 1 while the seat is
//!   still in, its health, its qi (plain numbers), and one flag per move: 1 when the seat is in
//!   and can afford it. Every seat may see all of it: the game hides only the round's
//!   simultaneous choice, and a [`Duel`] stores no move of a round not yet resolved (moves are
//!   given together to [`Game::apply_joint`](game_core::Game::apply_joint) and resolved at
//!   once), so no tensor can show another seat's pending move. Seats' tensors differ only in the
//!   "observing seat" flags.
//! - **Observation string**: `round 3 of 200; you are player 1`, then one line per player as
//!   [`Duel`] prints (`player 1: health 5 qi 4`).
//! - **Information state** ([`InformationState`](game_core::InformationState), perfect
//!   recall): every action is revealed when its round ends, so a seat's information state is
//!   which seat it is and the joint actions of every round, its own included. Tensor, shape
//!   `[n + 1 + 3n + L × n × K]` with `L` the round limit and `K = M` values per action in a
//!   duel, `K = M + 1 + n` in a free-for-all (hk: 2,809 in a duel, 6,613 with three players;
//!   extended in a duel 4,009): first `n` flags, 1 for the observing seat; then the *origin*,
//!   the position the known rounds start from — its round, and each seat's health, qi and
//!   knock-out round (plain numbers; for a game from the start: round 0 and the starting
//!   health and qi) — then one block per round of the game, round 1 first, each `n × K`: per
//!   seat in seat order, a flag for the move played (the rule set's order), and in a
//!   free-for-all a flag for `out` and one flag per attacked seat. Rounds not yet played are
//!   zeros, and so are the rounds before the origin of a game made from a position
//!   ([`Duel::from_parts`]), which are not known. String: `you are player 1`, then for a game
//!   from a position `from round 3: player 1: health 5 qi 4, player 2: health 3 qi 0`, then
//!   each round as records write its actions, `round 1: charge block; round 2: shoot@3 charge
//!   block`, all separated by `; `.
//! - **Chance**: none. [`ExplicitChance`](game_core::ExplicitChance) lists no event, and the
//!   empty sequence of outcomes starts the game [`Game::new`](game_core::Game::new) does.
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
//!   Chinese names (`開槍`, `开枪`), in any case, words joined by `-`, `_` or spaces (`Buddha
//!   Palm`). A name no shipped rule set has (`shot`) is refused as it is read, with the
//!   nearest name; [`Game::parse_action`](game_core::Game::parse_action) reads against the
//!   game's own rules, so it also knows a custom rule set's names. Records store actions as
//!   this text.
//! - **AIs**, by name through [`Roster`](game_core::Roster): `dice` ([`DiceAgent`], the
//!   original program's), `equilibrium` ([`EquilibriumAgent`]: the true values of every
//!   position and certified ε-optimal strategies, [`Solution`], from an exact matrix-game
//!   solver, [`solve_matrix_game`], and Newton's method on each health layer; tables cached per
//!   preset; a custom rule set whose table would need more than [`MAX_SOLVER_BYTES`], 64 MiB,
//!   is refused with [`SolveError::TooLargeToSolve`] before anything is allocated), `evolved`
//!   ([`EvolvedAgent`]: a player bred by a genetic tournament, [`breed`], shipped as data),
//!   `always-<move>` ([`AlwaysAgent`]) for every move of the shipped rule sets
//!   ([`AlwaysAgent::with_move`] for any move).
//! - Serde for configurations, rule sets, actions, states (checked on the way in, the rounds
//!   played included) and records.
//! - With the feature `svg`, `ToSvg` (game-core's, in the prelude with `View`): the players as
//!   an SVG picture, with health, qi, the last round's moves and what they did.
//! - [`prelude`]: everything a program needs, game-core's part included, in one `use`.
//!
//! ### Cargo features
//! - `equilibrium` (default): the solver, its tables and certificates, the breeder, and the
//!   `equilibrium` and `evolved` players — about half the crate's code. With
//!   `default-features = false` the crate is the rules with `dice` and `always-<move>`, and the
//!   roster refuses `equilibrium` and `evolved` saying that the feature is off. The solver's
//!   refusals are [`SolveError`]s, apart from the game's [`Error`].
//!
//! ## Building
//! Build in release mode (`--release`) for anything that solves or plays many games: a debug
//! build is 10 to 100 times slower (solving hk takes about 3.5 s in debug, 120 ms in release).
//! A project depending on this crate can optimise its dependencies in debug builds with
//! `[profile.dev.package."*"] opt-level = 2` in its `Cargo.toml`.
//!
//! [`Solution`]: solver::Solution
//! [`Solution::certify`]: solver::Solution::certify
//! [`Solution::is_approximate`]: solver::Solution::is_approximate
//! [`Solution::guarantee_of`]: solver::Solution::guarantee_of
//! [`SolveError`]: solver::SolveError
//! [`SolveError::TooLargeToSolve`]: solver::SolveError::TooLargeToSolve
//! [`MAX_SOLVER_BYTES`]: solver::MAX_SOLVER_BYTES
//! [`STRATEGY_DISCOUNT`]: solver::STRATEGY_DISCOUNT
//! [`HIT_BONUS`]: solver::HIT_BONUS
//! [`solver_bytes`]: solver::solver_bytes
//! [`solve_matrix_game`]: solver::solve_matrix_game
//! [`preset_solution`]: solver::preset_solution
//! [`breed`]: evolution::breed
//! [`Genome`]: evolution::Genome
//! [`BreedOptions::SHIPPED`]: evolution::BreedOptions::SHIPPED

mod action;
mod ai;
mod declaration;
mod error;
mod history;
mod information;
mod learning;
mod narration;
mod rules;
mod state;
#[cfg(feature = "svg")]
mod svg;

pub use action::{Action, ParseActionError};
pub use ai::{AlwaysAgent, DiceAgent};
#[cfg(feature = "equilibrium")]
pub use ai::{EquilibriumAgent, EvolvedAgent};
pub use error::Error;

/// The equilibrium table and the machinery behind the `equilibrium` agent (feature
/// `equilibrium`): [`Solution`](solver::Solution), the table of every two-player position's
/// value and certified strategies, how to solve one ([`SolverOptions`](solver::SolverOptions),
/// [`solution_for`](solver::solution_for), the shared preset tables), its refusals
/// ([`SolveError`](solver::SolveError)) and the exact matrix-game solver.
#[cfg(feature = "equilibrium")]
pub mod solver {
    pub use crate::ai::{
        CUSTOM_TABLES, DEFAULT_DISCOUNT, Guarantee, HIT_BONUS, MAX_SOLVER_BYTES, MatrixSolution,
        PositionGame, STRATEGY_DISCOUNT, Solution, SolverOptions, conceded, default_qi_cap,
        guaranteed, preset_solution, solution_for, solve_matrix_game, solver_bytes,
    };
    pub use crate::error::SolveError;
}

/// The genetic tournament behind the `evolved` agent (feature `equilibrium`): the
/// [`Genome`](evolution::Genome) it plays and [`breed`](evolution::breed), which breeds one.
#[cfg(feature = "equilibrium")]
pub mod evolution {
    pub use crate::ai::{BreedOptions, GENOME_MOVES, Generation, Genome, breed};
}
pub use rules::{
    Config, Effect, EffectSpec, LowHealthBonus, MAX_MOVES, MAX_PLAYERS, MAX_RULE_NUMBER, Move,
    MoveName, MoveSpec, Overwhelm, Preset, RuleSet, RuleSpec,
};
pub use state::{Duel, Event, Fighter, Round, TrumpTrade};

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
    pub use crate::{Action, AlwaysAgent, Config, DiceAgent, Duel, Error, Observation, Preset};
    #[cfg(feature = "equilibrium")]
    pub use crate::{EquilibriumAgent, EvolvedAgent};
    pub use game_core::prelude::*;
}
