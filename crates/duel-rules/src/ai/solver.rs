//! The equilibrium table: the true value of every duel position and certified strategies (see
//! [`Solution`]).

use std::sync::{Arc, Mutex, OnceLock};

use serde::{Deserialize, Serialize};

use crate::ai::certificate::best_response;
use crate::ai::layer::{
    Layer, Step, Tables, Trade, Traded, Work, diagonal_strategies, shapley, solve_layer,
    trade_value,
};
use crate::error::SolveError;
use crate::rules::{MoveName, Preset, RuleSet};
use crate::state::{Duel, Fighter, duel_damage, trump};

/// The default discount of the game the table solves: 1, the rule book's game (a win is worth
/// +1 whenever it comes, a game that never ends is a draw).
pub const DEFAULT_DISCOUNT: f64 = 1.0;

/// The discount of the game whose optimal strategies the table plays, a device for
/// ε-optimal strategies of the undiscounted game (see [`Solution`]): `1 − 10⁻⁷`.
pub const STRATEGY_DISCOUNT: f64 = 1.0 - 1e-7;

/// Most memory, in bytes, a solve may use (64 MiB): the table itself (values and one
/// probability per move at every position) plus its work buffers, as counted by
/// [`solver_bytes`]. Every preset fits with room to spare (`extended`, the largest, needs about
/// 10.5 MB); 64 MiB still allows custom rule sets far beyond them (hk's moves with health 45, or
/// a qi cap of 52 with health 1) while refusing the gigabytes a very large custom rule set would
/// ask for. A table this size can take a while to solve (seconds to minutes), but never more
/// memory than this.
pub const MAX_SOLVER_BYTES: u64 = 64 * 1024 * 1024;

/// What the strategies of a table with unlimited qi count a hit for, in the game whose optimal
/// strategies are played: `10⁻⁶` per point of health the opponent loses, minus as much per
/// point lost (the values stay the game's). With unlimited qi on both sides every position is
/// a draw (落地獄 answers everything and cancels 落地獄), so without it a player who cannot
/// lose would not mind being hit; with it, it keeps its health. It moves what the strategies
/// guarantee by at most `2 × 10⁻⁶` per point of health in the game.
pub const HIT_BONUS: f64 = 1e-6;

/// How to solve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolverOptions {
    /// The qi cap; `None` for [`default_qi_cap`].
    pub qi_cap: Option<u32>,
    /// A layer is solved when no position's value differs from the value of its matrix game by
    /// more than this (the residual).
    pub tolerance: f64,
    /// Most Newton steps (or sweeps) per layer and per pass (the table keeps where it got;
    /// [`Solution::residual`] says how far that is).
    pub max_iterations: usize,
    /// The game's discount, in (0, 1]: what a result one round later is worth compared with
    /// the same result now. 1 (the default) is the rule book's game.
    pub discount: f64,
    /// The discount of the game whose optimal strategies are played when the game itself is
    /// not discounted, in (0, 1) ([`STRATEGY_DISCOUNT`] by default; see [`Solution`]).
    pub strategy_discount: f64,
}

impl Default for SolverOptions {
    fn default() -> Self {
        Self {
            qi_cap: None,
            tolerance: 1e-11,
            max_iterations: 200,
            discount: DEFAULT_DISCOUNT,
            strategy_discount: STRATEGY_DISCOUNT,
        }
    }
}

/// The default qi cap: four times the dearest move's cost, at least the starting qi, at least
/// 1 (20 under `hk` and `classic`, 28 under `extended`).
pub fn default_qi_cap(rules: &RuleSet) -> u32 {
    rules
        .max_cost()
        .saturating_mul(4)
        .max(rules.start_qi())
        .max(1)
}

/// The memory, in bytes, that solving `rules` with `options` needs: everything
/// [`Solution::solve_with`] allocates (see [`MAX_SOLVER_BYTES`]). Computed in saturating `u128`
/// arithmetic, so any rule set and any qi cap give an answer (at worst `u128::MAX`) without
/// overflowing or allocating.
pub fn solver_bytes(rules: &RuleSet, options: &SolverOptions) -> u128 {
    let cap = options.qi_cap.unwrap_or_else(|| default_qi_cap(rules));
    let levels = cap.saturating_add(u32::from(has_unlimited_level(rules, cap)));
    TableSize::new(rules.start_health(), levels, rules.moves().len()).bytes
}

/// What a solve allocates, counted before allocating any of it.
#[derive(Clone, Copy, Debug)]
struct TableSize {
    health: u32,
    cap: u32,
    moves: usize,
    /// Positions in the table: `health² × (cap + 1)²`.
    positions: u128,
    /// Positions in one health layer: `(cap + 1)²`.
    layer: u128,
    /// Every allocation of the solve, in bytes.
    bytes: u128,
}

impl TableSize {
    fn new(health: u32, cap: u32, moves: usize) -> Self {
        // Saturating: a product past u128::MAX is, like any product past the limit, too large.
        fn mul(factors: &[u128]) -> u128 {
            factors
                .iter()
                .fold(1, |acc: u128, &f| acc.saturating_mul(f))
        }
        fn sum(terms: &[u128]) -> u128 {
            terms.iter().fold(0, |acc: u128, &t| acc.saturating_add(t))
        }
        let h = u128::from(health);
        let side = u128::from(cap) + 1;
        let m = moves as u128;
        let positions = mul(&[h, h, side, side]);
        let layer = mul(&[side, side]);
        // f64 and usize are 8 bytes, a cell 16, a stage 40, u32 4, a Vec header 24.
        // Values, the strategies' game's values, and one probability per move.
        let table = mul(&[8, positions, m + 2]);
        let lookups = sum(&[
            mul(&[8, m, m]),          // damage
            mul(&[side, 24 + 8 * m]), // affordable moves at each qi
            mul(&[4, h, side, m]),    // next qi
        ]);
        let layer_system = sum(&[
            mul(&[16, layer, m, m]),                   // the layer's cells
            mul(&[40, layer]),                         // its games
            mul(&[8, layer, layer.saturating_add(1)]), // the Newton system
            // values and both strategies (twice: the step and the trial), the guess, the
            // candidate, the diagonal's strategies, flags and indices
            mul(&[8 * (4 * m + 8) + 24, layer]),
        ]);
        // The matrix game: payoffs, the scaled copy, two tableaus (f64 and double-double) of
        // m × (2m + 1) with their objective rows, both strategies: at most 9 (m + 1)² words.
        let game = mul(&[8, 9 * m + 9, m + 1]);
        Self {
            health,
            cap,
            moves,
            positions,
            layer,
            bytes: sum(&[table, lookups, layer_system, game]),
        }
    }

    /// The refusal when the solve would need more than [`MAX_SOLVER_BYTES`].
    fn check(&self) -> Result<(), SolveError> {
        if self.bytes <= u128::from(MAX_SOLVER_BYTES) {
            return Ok(());
        }
        let Self {
            health,
            cap,
            moves,
            positions,
            layer,
            bytes,
        } = *self;
        let mib = bytes.div_ceil(1 << 20);
        let limit_mib = MAX_SOLVER_BYTES >> 20;
        Err(SolveError::TooLargeToSolve(format!(
            "solving needs {bytes} bytes (about {mib} MiB) for {positions} positions \
             × {moves} moves (health {health}, qi cap {cap}) and a {layer} × {layer} system \
             per health layer; the limit is {MAX_SOLVER_BYTES} bytes ({limit_mib} MiB)"
        )))
    }
}

/// The solved table of a rule set: the value of every position of a two-player game and the
/// strategies the `equilibrium` agent plays there, with a certificate of how close to optimal
/// they are ([`Solution::certify`]).
///
/// A position is `(h1, h2, q1, q2)`: both players' health (1 to the starting health) and qi
/// (0 to the **qi cap**). The default cap ([`default_qi_cap`]) is four times the dearest move's
/// cost, and never below the starting qi: 20 under `hk` and `classic`, 28 under `extended`.
/// What the table knows about qi above the cap depends on the rule set:
/// - **No charge gains more than the cap** (`hk`, `classic`): qi above the cap is treated as
///   the cap, and a charge at the cap gains nothing in the model. Players rarely get there,
///   charging one qi at a time while the other attacks (see "The qi cap" below).
/// - **A charge gains more than the cap** (`extended`'s super-charge, +1000 qi for free): any
///   player is one move from far more qi than the cap, so qi above the cap gets a level of its
///   own, **unlimited qi**: every move affordable, and no move spends it. A player who
///   super-charged (1005 qi) and then spends 7 a round stays there for some 140 rounds, as
///   the table expects, instead of seeming to fall back to the cap less 7 (treated as the cap,
///   a player who super-charged later would seem richer, and the values would swing from
///   round to round). Both players with unlimited qi are at a draw (落地獄 answers every move
///   and cancels 落地獄), so most positions of `extended` are worth 0; the strategies played
///   then count hits ([`HIT_BONUS`]) so that a player keeps its health. A player whose qi
///   falls back to the cap or below is looked up at its real qi again.
///
/// [`Solution::unlimited_above_cap`] says which a table does.
///
/// # Where a trade of trumps decides, qi is tracked exactly
/// A rule set may have a **trump**: a move that beats every other (it overwhelms every other
/// attack, no block stops it, it hits every charge) and that only it cancels — `extended`'s
/// 落地獄 (`hell`), hk's 如來神掌. Where its damage knocks out either player (under `extended`:
/// both at health 2 or less), playing it is weakly dominant for both while both can afford it,
/// so a position's value is that of the position both reach after trading it: at health 1
/// each with qi 1005 against 1010 the second player wins (the first can answer 143 times, the
/// second 144), **−1 exactly**. These layers are solved with qi tracked exactly — the few
/// positions where neither can afford the trump, each round followed to the real qi it leads
/// to (a super-charge to 1002, say) and from there through the trade — so their values are the
/// game's, at any qi: [`Solution::value`] takes the real qi. At health 1 each, qi 1 against 0,
/// the value is 0.999998 (the first player wins in the limit, ever more surely; plain value
/// iteration creeps up on it, 0.99967 after 3,000 sweeps). A test checks these layers against
/// an independent value iteration over exact qi, of the game discounted by 0.9, which
/// converges: under a super-charge of 30 they agree to `10⁻¹³` at health 2 or less, and under
/// `extended` itself (an ignored test, three minutes optimised) to `4 × 10⁻¹⁵` at health 1
/// each.
///
/// # Elsewhere unlimited qi is an approximation
/// In the other layers of a table that counts qi above the cap as unlimited, real qi above the
/// cap is finite, and where the game is decided by who runs out of qi first the model can be
/// wrong by as much as 1. Since every position is one super-charge from qi above the cap, every
/// position of those layers holds the model's value, not the game's: [`Solution::is_approximate`]
/// says so (under `extended`, wherever a player has 3 or more health), and the duel example's
/// `--explain` marks those values.
///
/// How far off they are is measured in the game discounted by 0.9, where value iteration over
/// exact qi converges: a test compares the 0.9-discounted table with an independent value
/// iteration that tracks qi exactly up to 1,400 and clamps it there (every move costs at most 7,
/// so the clamp moves no value by more than `2 × 0.9²⁰¹ / 0.1 = 1.3 × 10⁻⁸`; tracked to 1,120
/// the figures are the same). Over all 17,661 approximate positions with qi up to the cap, the
/// largest error is **`2.862 × 10⁻⁷`, exactly `0.9¹⁴³`**, at health 2 against 3 with no qi
/// each, where the table says a draw (0) and the game a sure loss for the player with 2 health,
/// 144 rounds on (`−0.9¹⁴³`): both super-charge, and from 1000 qi against 1000 the game is a
/// loss for the player with less health 143 rounds on (`−0.9¹⁴²`, measured too), the 142 rounds
/// of 落地獄 that 1000 qi pays for and the round after, when qi runs out. Who runs out of qi
/// first (here: both together, and the player with more health survives it) decides, which the
/// model, where a super-charged player never runs out, cannot see: it calls it a draw. 4,836
/// positions are off by more than half of the largest error. The discount is what makes the
/// figure small: those positions are decided some 143 rounds on, which the game itself (not
/// discounted, the table's default) does not shrink, so there the model's error can be the
/// whole 1, and no bound tighter than the trivial one (2) is proven for it (value iteration
/// over exact qi only creeps towards that game's values, so it was not measured).
/// The strategies' certificate ([`Solution::certify`]) holds in the model, not beyond it.
///
/// # The game it solves
/// The rule book's: a win is worth +1, a loss −1, a draw 0 — both knocked out together, or a
/// game that never ends (the round limit is treated as never ending: it is not part of the
/// position). [`SolverOptions::discount`] can discount it instead (a result one round later
/// worth that much of the same result now).
///
/// # Values
/// Every position's value `V` is the value of its matrix game (rows: the first player's
/// affordable moves, columns: the second's; entries: the value of the position each pair of
/// moves leads to, see [`Solution::position_game`]) to within the residual,
/// `|V − val(game of V)| ≤ 10⁻¹⁰` ([`Solution::residual`]; under `hk` the largest is about
/// 10⁻¹¹). Symmetric positions are worth exactly 0, and a position and its mirror image exactly
/// opposite values.
///
/// # How it is solved
/// Health never rises, so the positions fall into layers by `(h1, h2)`; a round either stays in
/// its layer (nobody hit; only qi moves) or leads to a layer of lower total health, already
/// solved. Layers are solved in order of total health. Within a layer, value iteration would
/// take hundreds of thousands of sweeps: without a discount some values are reached only as a
/// player keeps the game going with ever smaller risks. Instead, **Newton's method** on the
/// Shapley operator `T` (each position's value replaced by its game's): both players'
/// strategies optimal at the current values are fixed, and the linear system of the values
/// they give is solved exactly (Pollatschek and Avi-Itzhak's strategy evaluation). A step is
/// kept when it shrinks the residual `max |T(w) − w|` (else half and a quarter of it are tried,
/// else one plain sweep `w ← T(w)` is taken); without a discount, positions the fixed
/// strategies can never lead out of the layer keep `T(w)`.
///
/// Two passes, each layer by layer. First the game **discounted by [`STRATEGY_DISCOUNT`]**
/// (`1 − 10⁻⁷`), from 0: with a discount the fixed point is unique and every layer's system
/// regular, so Newton's method converges quadratically (under `hk`, about eight steps a layer);
/// its optimal strategies are the ones played (below). Then the game itself, from those values,
/// which lie within ε of the true ones: Newton's method converges from there (about four steps
/// a layer; linearly, halving the error, where values are reached only in the limit) to the
/// fixed point they approximate. Starting there matters: without a discount the fixed point is
/// not unique — a cycle of positions both players are forced to keep going (under `extended`:
/// both at the cap, each must answer 落地獄 with 落地獄, then charge back up) is a fixed point
/// at any value, and its true value is that of endless play, 0, which the discounted values
/// hold. Only one of each mirrored pair of layers is solved, and in a layer of equal health only
/// the positions with `q1 > q2`.
///
/// # Strategies, and their certificate
/// A game whose only payoff comes at the end and where endless play is a draw need not have
/// optimal stationary strategies, only ε-optimal ones: the one-round optimal strategies at the
/// true values can be content to keep the game going (a player sure to win charges and blocks
/// for ever, and the game is drawn). So the strategies played are the optimal ones of the game
/// discounted by `1 − 10⁻⁷`: the discount makes a player ahead press its advantage, and is
/// small enough to cost almost nothing. [`Solution::certify`] measures what they cost: against
/// them, the opponent's best response — an exact solution of the opponent's Markov decision
/// problem over the same positions — gains at most ε over the position's value. Under `hk` the
/// worst ε over every position is `8.8 × 10⁻⁵` (a test holds it below 10⁻⁴; `classic`:
/// `1.3 × 10⁻⁷`; `extended`, whose strategies count hits, [`HIT_BONUS`]: `3.8 × 10⁻³`, at
/// health 1 each with qi 1 against 0, where the first player wins only in the limit and the
/// slightly discounted game's strategies press it less than they could). Because the table plays the same strategies from
/// either seat, the certificate brackets the true values too: each lies within ε of the
/// table's.
///
/// # The qi cap
/// Qi above the cap is treated as the cap, so a larger cap is a slightly different game. Under
/// `hk`, raising the cap from 20 to 40 moves the values of positions where both players have
/// at most 5 qi by at most `1.6 × 10⁻⁴` (from 15 to 40: `1.8 × 10⁻³`; from 25 to 40:
/// `1.0 × 10⁻⁴`; from 30 to 40: `5.7 × 10⁻⁵`): the values still move, slowly, mostly where a
/// player has little health left and the other has qi to spend. A cap that moved no such value
/// by more than 10⁻⁶ would be far beyond 40, and each layer's linear system grows as the cap's
/// fourth power (cap 40 takes several seconds); 20 keeps the solve well under a second.
///
/// # How big a table can be
/// The table holds values and one probability per move for every position
/// (`health² × (cap + 1)²` positions), and solving a layer builds a dense linear system over the
/// layer's `(cap + 1)²` positions, whose matrix has `(cap + 1)⁴` entries. A custom rule set with
/// health 1000, or 32 moves and health 150, or a move costing 100 (so a qi cap of 400), would
/// need gigabytes. [`solver_bytes`] adds up every allocation of a solve (the table, the lookup
/// tables, the layer system and the matrix-game scratch) in saturating `u128` arithmetic, and
/// [`Solution::solve_with`] refuses with [`SolveError::TooLargeToSolve`] — before allocating
/// anything — when that is more than [`MAX_SOLVER_BYTES`] (64 MiB). Under a refused rule set the
/// `equilibrium` agent plays like `dice`.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    rules: Arc<RuleSet>,
    tables: Tables,
    values: Vec<f64>,
    /// Per position, the first player's probability of each move (0 if unaffordable).
    strategies: Vec<f64>,
    iterations: usize,
    residual: f64,
    discount: f64,
    strategy_discount: f64,
}

/// One position's matrix game: the moves each player can afford and the payoff to the first
/// player of each pair (row-major), with continuation values from the table.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionGame {
    /// Move indices of the first player's rows.
    pub rows: Vec<usize>,
    /// Move indices of the second player's columns.
    pub cols: Vec<usize>,
    /// `payoff[r * cols.len() + c]`.
    pub payoff: Vec<f64>,
}

/// What a stationary strategy guarantees against an exact best response, at every position of
/// a table ([`Solution::certify`], [`Solution::guarantee_of`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Guarantee {
    tables: Tables,
    guaranteed: Vec<f64>,
    epsilon: f64,
    worst: (Fighter, Fighter),
}

impl Guarantee {
    /// What the strategy guarantees at a position (its value against the opponent's best
    /// response), with the table's clamping of qi; `None` for a position outside the table.
    pub fn guaranteed(&self, me: &Fighter, opponent: &Fighter) -> Option<f64> {
        let (h1, q1) = key(&self.tables, me)?;
        let (h2, q2) = key(&self.tables, opponent)?;
        self.guaranteed
            .get(self.tables.index(h1, h2, q1, q2))
            .copied()
    }

    /// The most the best response gains over the table's value at any position: the ε of an
    /// ε-optimal strategy.
    pub fn epsilon(&self) -> f64 {
        self.epsilon
    }

    /// A position where the best response gains [`Guarantee::epsilon`].
    pub fn worst_position(&self) -> (Fighter, Fighter) {
        self.worst
    }
}

/// Health and the qi level of a player (`None` for a player who is out or has more health than
/// anyone starts with): qi above the cap is the cap, or the unlimited level when the table has
/// one.
fn key(t: &Tables, f: &Fighter) -> Option<(u32, u32)> {
    (f.health >= 1 && f.health <= t.health).then_some((f.health, f.qi.min(t.cap)))
}

impl Solution {
    /// Solves `rules` with the default options.
    pub fn solve(rules: Arc<RuleSet>) -> Result<Self, SolveError> {
        Self::solve_with(rules, &SolverOptions::default())
    }

    /// Solves `rules` with `options`.
    ///
    /// Refuses with [`SolveError::TooLargeToSolve`] when the solve would need more than
    /// [`MAX_SOLVER_BYTES`] (see [`solver_bytes`]); the check comes before any allocation, so a
    /// refusal is immediate whatever the rule set. Refuses with [`SolveError::InvalidOptions`] a
    /// discount outside (0, 1] or a strategy discount outside (0, 1).
    pub fn solve_with(rules: Arc<RuleSet>, options: &SolverOptions) -> Result<Self, SolveError> {
        let cap = options.qi_cap.unwrap_or_else(|| default_qi_cap(&rules));
        let health = rules.start_health();
        let moves = rules.moves().len();
        let levels = cap.saturating_add(u32::from(has_unlimited_level(&rules, cap)));
        let size = TableSize::new(health, levels, moves);
        size.check()?;
        // Within the limit, so the counts fit in usize.
        let positions = usize::try_from(size.positions)
            .map_err(|_| SolveError::TooLargeToSolve(format!("{} positions", size.positions)))?;
        if !(options.discount > 0.0 && options.discount <= 1.0) {
            return Err(SolveError::InvalidOptions(format!(
                "the discount must be in (0, 1], not {}",
                options.discount
            )));
        }
        if !(options.strategy_discount > 0.0 && options.strategy_discount < 1.0) {
            return Err(SolveError::InvalidOptions(format!(
                "the strategy discount must be in (0, 1), not {}",
                options.strategy_discount
            )));
        }
        let tables = tabulate(&rules, cap);
        debug_assert_eq!(tables.cap, levels);
        let mut s = Self {
            discount: options.discount,
            strategy_discount: if options.discount < 1.0 {
                options.discount
            } else {
                options.strategy_discount
            },
            tables,
            values: vec![0.0; positions],
            strategies: vec![0.0; positions * moves],
            iterations: 0,
            residual: 0.0,
            rules,
        };
        let tolerance = if options.tolerance.is_finite() {
            options.tolerance.max(0.0)
        } else {
            0.0
        };
        // With unlimited qi the strategies also count hits (see `HIT_BONUS`), in a pass of
        // their own, so that the values are the game's.
        let bonus = if s.tables.unlimited { HIT_BONUS } else { 0.0 };
        if options.discount < 1.0 {
            // A discounted game: its values and its optimal strategies.
            if bonus > 0.0 {
                s.pass(
                    None,
                    options.discount,
                    tolerance,
                    options.max_iterations,
                    true,
                    bonus,
                );
            }
            s.values = s.pass(
                None,
                options.discount,
                tolerance,
                options.max_iterations,
                bonus == 0.0,
                0.0,
            );
        } else {
            // The strategies of the slightly discounted game first: with a discount the fixed
            // point is unique, and its values lie within ε of the game's…
            if bonus > 0.0 {
                s.pass(
                    None,
                    s.strategy_discount,
                    tolerance.max(1e-10),
                    options.max_iterations,
                    true,
                    bonus,
                );
            }
            let near = s.pass(
                None,
                s.strategy_discount,
                tolerance.max(1e-10),
                options.max_iterations,
                bonus == 0.0,
                0.0,
            );
            // …so Newton's method on the game itself starts there, and converges to the fixed
            // point they approximate (where play that can never end stays worth 0), not to
            // another: without a discount, a cycle of positions that both players must keep
            // going is a fixed point at any value.
            s.values = s.pass(
                Some(&near),
                1.0,
                tolerance,
                options.max_iterations,
                false,
                0.0,
            );
        }
        Ok(s)
    }

    /// Solves every layer of the game discounted by `gamma` from the values `start` (or 0),
    /// storing the strategies when `strategies`, with `hit_bonus` for every hit (see
    /// [`HIT_BONUS`]); returns the values, and records the residual and iterations (the last
    /// pass's are the table's).
    fn pass(
        &mut self,
        start: Option<&[f64]>,
        gamma: f64,
        tolerance: f64,
        max_iterations: usize,
        strategies: bool,
        hit_bonus: f64,
    ) -> Vec<f64> {
        let t = &self.tables;
        let m = t.moves;
        let mut values = vec![0.0; t.positions()];
        let mut work = Work::default();
        let mut step = Step::default();
        let (mut iterations, mut residual) = (0, 0.0f64);
        for total in 2..=2 * t.health {
            for h1 in (1..=t.health).rev() {
                let Some(h2) = total.checked_sub(h1) else {
                    continue;
                };
                if h2 < 1 || h1 < h2 {
                    continue;
                }
                if let Some(trade) = t.trade.filter(|tr| tr.decides(h1, h2)) {
                    let core = Layer::exact(t, &trade, &values, (h1, h2), gamma, hit_bonus);
                    let mut w: Vec<f64> = core
                        .unknowns
                        .iter()
                        .map(|g| start.map_or(0.0, |v| v[t.index(h1, h2, g.q1, g.q2)]))
                        .collect();
                    let report = solve_layer(
                        &core,
                        &mut w,
                        m,
                        tolerance,
                        max_iterations,
                        &mut work,
                        &mut step,
                    );
                    iterations += report.iterations;
                    residual = residual.max(report.residual);
                    let grid = decided_layer(t, &trade, &mut values, (h1, h2), &core, &w, gamma);
                    if strategies {
                        let found = grid_strategies(t, &trade, &values, (h1, h2), gamma, hit_bonus);
                        for (q1, q2, rows, cols) in found {
                            let here = t.index(h1, h2, q1, q2) * m;
                            self.strategies[here..here + m].copy_from_slice(&rows);
                            if h1 != h2 {
                                let mirror = t.index(h2, h1, q2, q1) * m;
                                self.strategies[mirror..mirror + m].copy_from_slice(&cols);
                            }
                        }
                    }
                    debug_assert!(grid > 0);
                    continue;
                }
                let layer = Layer::new(t, &values, h1, h2, gamma, true, hit_bonus);
                let mut w: Vec<f64> = layer
                    .unknowns
                    .iter()
                    .map(|g| start.map_or(0.0, |v| v[t.index(h1, h2, g.q1, g.q2)]))
                    .collect();
                let report = solve_layer(
                    &layer,
                    &mut w,
                    m,
                    tolerance,
                    max_iterations,
                    &mut work,
                    &mut step,
                );
                iterations += report.iterations;
                residual = residual.max(report.residual);
                for (k, g) in layer.unknowns.iter().enumerate() {
                    let here = t.index(h1, h2, g.q1, g.q2);
                    let mirror = t.index(h2, h1, g.q2, g.q1);
                    values[here] = w[k];
                    values[mirror] = if w[k] == 0.0 { 0.0 } else { -w[k] };
                    if !strategies {
                        continue;
                    }
                    let (a, b) = (here * m, mirror * m);
                    self.strategies[a..a + m].fill(0.0);
                    self.strategies[b..b + m].fill(0.0);
                    for (r, &i) in t.affordable[g.q1 as usize].iter().enumerate() {
                        self.strategies[a + i] = step.rows[k * m + r];
                    }
                    for (c, &j) in t.affordable[g.q2 as usize].iter().enumerate() {
                        self.strategies[b + j] = step.cols[k * m + c];
                    }
                }
                for g in &layer.diagonal {
                    values[t.index(h1, h2, g.q1, g.q2)] = 0.0;
                }
                if strategies {
                    let diagonal = diagonal_strategies(&layer, &w, m, &mut work);
                    for (k, g) in layer.diagonal.iter().enumerate() {
                        let here = t.index(h1, h2, g.q1, g.q2) * m;
                        self.strategies[here..here + m].fill(0.0);
                        for (r, &i) in t.affordable[g.q1 as usize].iter().enumerate() {
                            self.strategies[here + i] = diagonal[k * m + r];
                        }
                    }
                }
            }
        }
        self.iterations = iterations;
        self.residual = residual;
        values
    }

    /// The largest residual `|V − val(game of V)|` over every position.
    fn measure_residual(&self) -> f64 {
        let t = &self.tables;
        let mut work = Work::default();
        let mut step = Step::default();
        let mut worst: f64 = 0.0;
        for h1 in 1..=t.health {
            for h2 in 1..=t.health {
                if t.trade.is_some_and(|tr| tr.decides(h1, h2)) {
                    // Decided layers: each level's game with exact qi, as the solve built it.
                    for q1 in 0..=t.cap {
                        for q2 in 0..=t.cap {
                            let (a, b) = (Fighter::new(h1, q1), Fighter::new(h2, q2));
                            let (Some(game), Some(v)) =
                                (self.position_game(&a, &b), self.value(&a, &b))
                            else {
                                continue;
                            };
                            let solved = crate::ai::matrix::solve_matrix_game(
                                &game.payoff,
                                game.rows.len(),
                                game.cols.len(),
                            );
                            worst = worst.max((solved.value - v).abs());
                        }
                    }
                    continue;
                }
                let layer = Layer::new(t, &self.values, h1, h2, self.discount, false, 0.0);
                let w: Vec<f64> = layer
                    .unknowns
                    .iter()
                    .map(|g| self.values[t.index(h1, h2, g.q1, g.q2)])
                    .collect();
                shapley(&layer, &w, t.moves, &mut work, &mut step);
                worst = step
                    .values
                    .iter()
                    .zip(&w)
                    .map(|(a, b)| (a - b).abs())
                    .fold(worst, f64::max);
            }
        }
        worst
    }

    /// The rules this table solves.
    pub fn rules(&self) -> &Arc<RuleSet> {
        &self.rules
    }

    /// The qi cap.
    pub fn qi_cap(&self) -> u32 {
        self.tables.cap - u32::from(self.tables.unlimited)
    }

    /// Whether qi above the cap counts as unlimited (every move affordable, none spending it)
    /// rather than as the cap: when a charge gains more than the cap (`extended`'s
    /// super-charge; see [`Solution`]).
    pub fn unlimited_above_cap(&self) -> bool {
        self.tables.unlimited
    }

    /// Whether the value at a position is the model's rather than the game's: the table counts
    /// qi above the cap as unlimited ([`Solution::unlimited_above_cap`]) and the position is
    /// not in a layer a trade of trumps decides (see [`Solution`]), whatever the qi, since any
    /// position is one super-charge from qi above the cap. There the value can differ from the
    /// true game's by as much as 1 (in the game discounted by 0.9, by at most `0.9¹⁴³`, as
    /// measured: see [`Solution`]). Always `false` for a table that counts qi above the cap as
    /// the cap, in the layers a trade decides, and for a player who is out.
    pub fn is_approximate(&self, me: &Fighter, opponent: &Fighter) -> bool {
        self.tables.unlimited
            && me.health > 0
            && opponent.health > 0
            && self.decided(me, opponent).is_none()
    }

    /// Whether [`Solution::is_approximate`] holds at the position of a two-player game for
    /// `player` (`false` with more than two players or a different rule set).
    pub fn is_approximate_of(&self, state: &Duel, player: usize) -> bool {
        self.pair(state, player)
            .is_some_and(|(me, opponent)| self.is_approximate(&me, &opponent))
    }

    /// The discount of the game the table solves (1: the rule book's game).
    pub fn discount(&self) -> f64 {
        self.discount
    }

    /// The discount of the game whose optimal strategies the table plays (the game's own when
    /// it is discounted, [`SolverOptions::strategy_discount`] when it is not).
    pub fn strategy_discount(&self) -> f64 {
        self.strategy_discount
    }

    /// Newton steps and sweeps taken over all layers (for the values).
    pub fn iterations(&self) -> usize {
        self.iterations
    }

    /// The largest residual `|V − val(game of V)|` of any position when its layer was solved
    /// (at most ten times the tolerance unless a layer ran out of iterations).
    pub fn residual(&self) -> f64 {
        self.residual
    }

    /// The residual measured afresh over every position of the table, each position's game
    /// built from the finished table (what [`Solution::residual`] reports, checked).
    pub fn check_residual(&self) -> f64 {
        self.measure_residual()
    }

    /// The value of the position for `me` against `opponent` (+1 a sure win, −1 a sure loss):
    /// terminal positions included (a player at 0 health has lost; both at 0 is a draw).
    pub fn value(&self, me: &Fighter, opponent: &Fighter) -> Option<f64> {
        match (me.health, opponent.health) {
            (0, 0) => return Some(0.0),
            (0, _) => return Some(-1.0),
            (_, 0) => return Some(1.0),
            _ => {}
        }
        let t = &self.tables;
        if let Some(trade) = self.decided(me, opponent) {
            let qi = (u64::from(me.qi), u64::from(opponent.qi));
            let healths = (me.health, opponent.health);
            return Some(trade_value(
                t,
                &trade,
                &self.values,
                healths,
                qi.0,
                qi.1,
                self.discount,
            ));
        }
        let (h1, q1) = key(t, me)?;
        let (h2, q2) = key(t, opponent)?;
        self.values.get(t.index(h1, h2, q1, q2)).copied()
    }

    /// The trade that decides a position, when one does (both players in, within the table's
    /// health, and the trump knocks out either).
    fn decided(&self, me: &Fighter, opponent: &Fighter) -> Option<Trade> {
        let t = &self.tables;
        let within = |f: &Fighter| f.health >= 1 && f.health <= t.health;
        if !within(me) || !within(opponent) {
            return None;
        }
        t.trade.filter(|tr| tr.decides(me.health, opponent.health))
    }

    /// The table's levels for a position: exact qi reduced by the trade where a trade decides
    /// it (a player who alone can afford the trump at its cap, as it wins all the same), else
    /// [`key`]'s.
    fn levels(&self, me: &Fighter, opponent: &Fighter) -> Option<(u32, u32, u32, u32)> {
        let t = &self.tables;
        if let Some(trade) = self.decided(me, opponent) {
            let cap = self.qi_cap();
            let c = u64::from(trade.cost);
            let clamp = |q: u64| u32::try_from(q).unwrap_or(u32::MAX).min(cap);
            let (q1, q2) = match trade.reduce(u64::from(me.qi), u64::from(opponent.qi)) {
                Traded::Won { trades, .. } => (
                    clamp(u64::from(me.qi) - trades * c),
                    clamp(u64::from(opponent.qi) - trades * c),
                ),
                Traded::Core { q1, q2, .. } => (q1, q2),
            };
            return Some((me.health, opponent.health, q1, q2));
        }
        let (h1, q1) = key(t, me)?;
        let (h2, q2) = key(t, opponent)?;
        Some((h1, h2, q1, q2))
    }

    /// `me`'s strategy against `opponent` (the one the `equilibrium` agent plays): each
    /// affordable move (with qi capped) and its probability, in the rule set's order. `None`
    /// when either player is out.
    pub fn strategy(&self, me: &Fighter, opponent: &Fighter) -> Option<Vec<(MoveName, f64)>> {
        let (h1, h2, q1, q2) = self.levels(me, opponent)?;
        let m = self.tables.moves;
        let moves = self.rules.moves();
        if let Some(trade) = self.decided(me, opponent)
            && me.qi >= trade.cost
            && opponent.qi >= trade.cost
        {
            // Both can afford the trump where it knocks out either: any other move loses to it
            // at once, so both play it (the richer wins the trade, the poorer holds out).
            let level = me.qi.min(self.qi_cap()) as usize;
            return self.tables.affordable[level]
                .iter()
                .map(|&i| Some((moves.get(i)?.name, f64::from(u8::from(i == trade.trump)))))
                .collect();
        }
        let at = self.tables.index(h1, h2, q1, q2) * m;
        let probs = self.strategies.get(at..at + m)?;
        self.tables.affordable[q1 as usize]
            .iter()
            .map(|&i| Some((moves.get(i)?.name, *probs.get(i)?)))
            .collect()
    }

    /// The value of a two-player game for `player` (`None` with more than two players or a
    /// different rule set).
    pub fn value_of(&self, state: &Duel, player: usize) -> Option<f64> {
        let (me, opponent) = self.pair(state, player)?;
        self.value(&me, &opponent)
    }

    /// The table's strategy for `player` in a two-player game.
    pub fn strategy_of(&self, state: &Duel, player: usize) -> Option<Vec<(MoveName, f64)>> {
        let (me, opponent) = self.pair(state, player)?;
        self.strategy(&me, &opponent)
    }

    fn pair(&self, state: &Duel, player: usize) -> Option<(Fighter, Fighter)> {
        if state.fighters().len() != 2 || player > 1 || state.rules() != &self.rules {
            return None;
        }
        Some((*state.fighter(player)?, *state.fighter(1 - player)?))
    }

    /// The matrix game at a position, built from the table's values (discounted by the game's
    /// discount where the game goes on): the game whose value each position's value is.
    pub fn position_game(&self, me: &Fighter, opponent: &Fighter) -> Option<PositionGame> {
        let (h1, q1) = key(&self.tables, me)?;
        let (h2, q2) = key(&self.tables, opponent)?;
        let t = &self.tables;
        let (rows, cols) = (
            t.affordable[q1 as usize].clone(),
            t.affordable[q2 as usize].clone(),
        );
        let mut payoff = Vec::with_capacity(rows.len() * cols.len());
        for &i in &rows {
            for &j in &cols {
                let (d1, d2) = t.damage[i * t.moves + j];
                let (a, b) = (h1.saturating_sub(d1), h2.saturating_sub(d2));
                let raw = |h: u32, q: u32, k: usize| {
                    u32::try_from(t.raw_next(h, u64::from(q), k)).unwrap_or(u32::MAX)
                };
                // As the solve builds it: a layer a trade decides follows exact qi (from real
                // qi, that is from any qi when the position itself is decided); elsewhere qi
                // is the table's level.
                let decided = t.trade.is_some_and(|tr| tr.decides(a, b));
                let v = if a == 0 || b == 0 {
                    self.value(&Fighter::new(a, 0), &Fighter::new(b, 0))?
                } else if decided && self.decided(me, opponent).is_some() {
                    let (a, b) = (
                        Fighter::new(a, raw(h1, me.qi, i)),
                        Fighter::new(b, raw(h2, opponent.qi, j)),
                    );
                    self.discount * self.value(&a, &b)?
                } else if decided && t.unlimited && q1 < t.cap && q2 < t.cap {
                    let (a, b) = (
                        Fighter::new(a, raw(h1, q1, i)),
                        Fighter::new(b, raw(h2, q2, j)),
                    );
                    self.discount * self.value(&a, &b)?
                } else {
                    let at = t.index(a, b, t.nq(h1, q1, i), t.nq(h2, q2, j));
                    self.discount * *self.values.get(at)?
                };
                payoff.push(v);
            }
        }
        Some(PositionGame { rows, cols, payoff })
    }

    /// Every position of the table as (first player, second player), both still in.
    pub fn positions(&self) -> impl Iterator<Item = (Fighter, Fighter)> + '_ {
        let (h, c) = (self.tables.health, self.tables.cap);
        (1..=h).flat_map(move |h1| {
            (1..=h).flat_map(move |h2| {
                (0..=c).flat_map(move |q1| {
                    (0..=c).map(move |q2| (Fighter::new(h1, q1), Fighter::new(h2, q2)))
                })
            })
        })
    }

    /// The certificate of the table's strategies: at every position, what they guarantee
    /// against the opponent's exact best response (an optimal policy of the opponent's Markov
    /// decision problem over the table's positions, endless play a draw), and the most that
    /// best response gains over the position's value, ε. It solves that problem layer by layer
    /// (policy iteration with exact evaluation), so it takes about as long as the solve itself.
    pub fn certify(&self) -> Guarantee {
        self.guarantee_from(&self.strategies)
    }

    /// What any stationary strategy guarantees, as [`Solution::certify`] for the table's own:
    /// `strategy(me, opponent)` gives the probability of each move of the rule set (in its
    /// order; unaffordable moves are ignored and the rest normalised) at every position of the
    /// table. ε is then the strategy's exploitability at its worst position; the start
    /// position's is `value − guaranteed` there.
    pub fn guarantee_of(
        &self,
        mut strategy: impl FnMut(&Fighter, &Fighter) -> Vec<f64>,
    ) -> Guarantee {
        let m = self.tables.moves;
        let mut table = vec![0.0; self.values.len() * m];
        for (me, opponent) in self.positions() {
            let at = self
                .tables
                .index(me.health, opponent.health, me.qi, opponent.qi)
                * m;
            for (slot, p) in table[at..at + m].iter_mut().zip(strategy(&me, &opponent)) {
                *slot = p;
            }
        }
        self.guarantee_from(&table)
    }

    fn guarantee_from(&self, strategies: &[f64]) -> Guarantee {
        let guaranteed = best_response(&self.tables, strategies);
        let mut epsilon = f64::NEG_INFINITY;
        let mut worst = (Fighter::new(1, 0), Fighter::new(1, 0));
        for (me, opponent) in self.positions() {
            let at = self
                .tables
                .index(me.health, opponent.health, me.qi, opponent.qi);
            let gain = self.values[at] - guaranteed[at];
            if gain > epsilon {
                epsilon = gain;
                worst = (me, opponent);
            }
        }
        Guarantee {
            tables: self.tables.clone(),
            guaranteed,
            epsilon,
            worst,
        }
    }
}

/// Writes the values of every level of a layer the trade decides (and of its mirror image),
/// from its core's solved values `w`; returns how many positions it wrote.
fn decided_layer(
    t: &Tables,
    trade: &Trade,
    values: &mut [f64],
    (h1, h2): (u32, u32),
    core: &Layer,
    w: &[f64],
    gamma: f64,
) -> usize {
    let opposite = |v: f64| if v == 0.0 { 0.0 } else { -v };
    for (k, g) in core.unknowns.iter().enumerate() {
        values[t.index(h1, h2, g.q1, g.q2)] = w[k];
        if h1 == h2 {
            values[t.index(h1, h2, g.q2, g.q1)] = opposite(w[k]);
        }
    }
    for g in &core.diagonal {
        values[t.index(h1, h2, g.q1, g.q2)] = 0.0;
    }
    let side = t.side() as u32;
    let mut written = 0;
    for q1 in 0..side {
        for q2 in 0..side {
            let v = trade_value(
                t,
                trade,
                values,
                (h1, h2),
                t.level_qi(q1),
                t.level_qi(q2),
                gamma,
            );
            values[t.index(h1, h2, q1, q2)] = v;
            values[t.index(h2, h1, q2, q1)] = opposite(v);
            written += 1;
        }
    }
    written
}

/// Both players' optimal strategies at every level of a layer the trade decides, each
/// position's game built with exact qi from the finished values: `(q1, q2, rows, cols)`, one
/// probability per move of the rule set.
fn grid_strategies(
    t: &Tables,
    trade: &Trade,
    values: &[f64],
    (h1, h2): (u32, u32),
    gamma: f64,
    hit_bonus: f64,
) -> Vec<(u32, u32, Vec<f64>, Vec<f64>)> {
    let m = t.moves;
    let mut solver = crate::ai::matrix::MatrixSolver::default();
    let mut payoff = Vec::new();
    let (mut row, mut col) = (vec![0.0; m], vec![0.0; m]);
    let mut out = Vec::new();
    let side = t.side() as u32;
    for q1 in 0..side {
        for q2 in 0..side {
            let rows = &t.affordable[q1 as usize];
            let cols = &t.affordable[q2 as usize];
            payoff.clear();
            for &i in rows {
                let n1 = t.raw_next(h1, t.level_qi(q1), i);
                for &j in cols {
                    let n2 = t.raw_next(h2, t.level_qi(q2), j);
                    let (d1, d2) = t.damage[i * m + j];
                    payoff.push(match (h1.saturating_sub(d1), h2.saturating_sub(d2)) {
                        (0, 0) => 0.0,
                        (0, _) => -1.0,
                        (_, 0) => 1.0,
                        (a, b) => {
                            let bonus = hit_bonus * (f64::from(d2) - f64::from(d1));
                            gamma * trade_value(t, trade, values, (a, b), n1, n2, gamma) + bonus
                        }
                    });
                }
            }
            let (nr, nc) = (rows.len(), cols.len());
            solver.solve(&payoff, nr, nc, &mut row[..nr], &mut col[..nc]);
            let (mut full_rows, mut full_cols) = (vec![0.0; m], vec![0.0; m]);
            for (r, &i) in rows.iter().enumerate() {
                full_rows[i] = row[r];
            }
            for (c, &j) in cols.iter().enumerate() {
                full_cols[j] = col[c];
            }
            out.push((q1, q2, full_rows, full_cols));
        }
    }
    out
}

/// Whether the table gives qi above `cap` a level of its own, unlimited qi: when a charge gains
/// more than the cap (at some health), so that one move lifts a player above the cap from
/// anywhere.
fn has_unlimited_level(rules: &RuleSet, cap: u32) -> bool {
    (0..rules.moves().len())
        .any(|i| (1..=rules.start_health().max(1)).any(|h| rules.charge_gain(i, h) > cap))
}

/// The rules' numbers a solve needs.
fn tabulate(rules: &RuleSet, cap: u32) -> Tables {
    let m = rules.moves().len();
    let h = rules.start_health();
    let costs: Vec<u32> = rules.moves().iter().map(|mv| mv.cost).collect();
    let damage: Vec<(u32, u32)> = (0..m * m)
        .map(|k| duel_damage(rules, k / m, k % m))
        .collect();
    let unlimited = has_unlimited_level(rules, cap);
    // The top level: the cap, or unlimited qi one above it.
    let top = cap + u32::from(unlimited);
    let affordable = (0..=top)
        .map(|q| {
            (0..m)
                .filter(|&i| unlimited && q == top || costs[i] <= q)
                .collect()
        })
        .collect();
    let side = top as usize + 1;
    let mut next_qi = vec![0u32; h as usize * side * m];
    for hh in 1..=h {
        for q in 0..=top {
            for (i, &cost) in costs.iter().enumerate() {
                next_qi[((hh - 1) as usize * side + q as usize) * m + i] = if unlimited && q == top
                {
                    top
                } else if cost <= q {
                    let after = (q - cost).saturating_add(rules.charge_gain(i, hh));
                    if after > cap { top } else { after }
                } else {
                    q
                };
            }
        }
    }
    let gains = (1..=h.max(1))
        .flat_map(|hh| (0..m).map(move |i| rules.charge_gain(i, hh)))
        .collect();
    let trade = trump(rules)
        .map(|(trump, cost, damage)| Trade {
            trump,
            cost,
            damage,
        })
        .filter(|tr| tr.cost <= cap);
    Tables {
        health: h,
        cap: top,
        unlimited,
        moves: m,
        damage,
        affordable,
        next_qi,
        costs,
        gains,
        trade,
    }
}

/// The table of a preset, solved on first use and shared afterwards (so an arena can create
/// many `equilibrium` agents cheaply).
pub fn preset_solution(preset: Preset) -> Arc<Solution> {
    static TABLES: [OnceLock<Arc<Solution>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = match preset {
        Preset::Hk => &TABLES[0],
        Preset::Classic => &TABLES[1],
        Preset::Extended => &TABLES[2],
    };
    slot.get_or_init(|| {
        let rules = Arc::new(RuleSet::preset(preset));
        match Solution::solve(rules) {
            Ok(s) => Arc::new(s),
            Err(e) => unreachable!("the {preset} table fits by construction: {e}"),
        }
    })
    .clone()
}

/// The table for `rules`: the shared one when `rules` is a preset; otherwise solved once and
/// kept in a small shared cache (the last [`CUSTOM_TABLES`] custom rule sets), so that many
/// agents under one custom rule set share one solve.
pub fn solution_for(rules: &Arc<RuleSet>) -> Result<Arc<Solution>, SolveError> {
    static CUSTOM: Mutex<Vec<Arc<Solution>>> = Mutex::new(Vec::new());
    if let Some(p) = rules.which_preset() {
        return Ok(preset_solution(p));
    }
    let lock = || {
        CUSTOM
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    };
    if let Some(hit) = lock().iter().find(|s| s.rules() == rules) {
        return Ok(hit.clone());
    }
    let table = Arc::new(Solution::solve(rules.clone())?);
    let mut cache = lock();
    if cache.len() >= CUSTOM_TABLES {
        cache.remove(0);
    }
    cache.push(table.clone());
    Ok(table)
}

/// How many custom rule sets' tables [`solution_for`] keeps.
pub const CUSTOM_TABLES: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;

    fn hk_with_health(health: i64) -> RuleSet {
        let mut spec = RuleSet::hk().spec().clone();
        spec.start_health = health;
        RuleSet::new(spec).unwrap()
    }

    #[test]
    fn the_count_covers_what_a_solve_allocates() {
        for rules in [RuleSet::classic(), hk_with_health(2)] {
            let options = SolverOptions::default();
            let counted = solver_bytes(&rules, &options);
            let s = Solution::solve_with(Arc::new(rules), &options).unwrap();
            let side = s.tables.side();
            let layer = side * side;
            let table = 8 * (s.values.capacity() + s.strategies.capacity());
            // The biggest work buffers: the Newton system and the layer's cells.
            let m = s.tables.moves;
            let system = 8 * layer * (layer + 1) + 16 * layer * m * m;
            assert!(
                (table + system) as u128 <= counted,
                "{}: counted {counted}, table {table}, system {system}",
                s.rules.name()
            );
        }
    }

    #[test]
    fn the_limit_falls_where_the_docs_say() {
        let fits = |rules: &RuleSet, cap: Option<u32>| {
            let options = SolverOptions {
                qi_cap: cap,
                ..SolverOptions::default()
            };
            solver_bytes(rules, &options) <= u128::from(MAX_SOLVER_BYTES)
        };
        // hk's moves fit up to health 45; health 1000 is far beyond.
        assert!(fits(&hk_with_health(45), None));
        assert!(!fits(&hk_with_health(46), None));
        assert!(!fits(&hk_with_health(1000), None));
        // With health 1, the layer system limits the qi cap to 52.
        assert!(fits(&hk_with_health(1), Some(52)));
        assert!(!fits(&hk_with_health(1), Some(53)));
        // Every preset, with plenty of room.
        for p in Preset::ALL {
            let bytes = solver_bytes(&RuleSet::preset(p), &SolverOptions::default());
            assert!(bytes * 6 <= u128::from(MAX_SOLVER_BYTES), "{p}: {bytes}");
        }
    }

    #[test]
    fn the_count_saturates_instead_of_overflowing() {
        let size = TableSize::new(u32::MAX, u32::MAX, usize::MAX);
        assert_eq!(size.bytes, u128::MAX);
        let err = size.check().unwrap_err().to_string();
        assert!(err.contains(&MAX_SOLVER_BYTES.to_string()), "{err}");
        assert_eq!(TableSize::new(1, 0, 2).check(), Ok(()));
    }
}
