//! The equilibrium table: the value and optimal mixed strategies of every duel position, by
//! Shapley value iteration with an exact matrix-game solver at every state (see [`Solution`]).

use std::sync::{Arc, Mutex, OnceLock};

use serde::{Deserialize, Serialize};

use crate::ai::matrix::MatrixSolver;
use crate::error::Error;
use crate::rules::{MoveName, Preset, RuleSet};
use crate::state::{Duel, Fighter, duel_damage};

/// The default discount: a result one round later is worth 0.99 of the same result now.
pub const DEFAULT_DISCOUNT: f64 = 0.99;

/// Most memory, in bytes, a solve may use (64 MiB): the table itself (a value and one
/// probability per move at every position) plus its work buffers, as counted by
/// [`solver_bytes`]. Every preset fits with room to spare (`extended`, the largest, needs about
/// 1.3 MB); 64 MiB still allows custom rule sets far beyond them (hk's moves with health 90, or
/// a qi cap of 40 with health 1) while refusing the gigabytes a very large custom rule set would
/// ask for. A table this size can take a while to solve (seconds to minutes), but never more
/// memory than this.
pub const MAX_SOLVER_BYTES: u64 = 64 * 1024 * 1024;

/// How to solve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolverOptions {
    /// The qi cap; `None` for [`default_qi_cap`].
    pub qi_cap: Option<u32>,
    /// A layer is solved when a sweep changes no value by more than this.
    pub tolerance: f64,
    /// Most sweeps per layer before giving up on the tolerance (the table keeps the last sweep's
    /// values; [`Solution::residual`] says how far it got).
    pub max_sweeps: usize,
    /// What a result one round later is worth compared with the same result now, in (0, 1].
    pub discount: f64,
}

impl Default for SolverOptions {
    fn default() -> Self {
        Self {
            qi_cap: None,
            tolerance: 1e-13,
            max_sweeps: 100_000,
            discount: DEFAULT_DISCOUNT,
        }
    }
}

/// The default qi cap: twice the dearest move's cost, at least the starting qi, at least 1.
pub fn default_qi_cap(rules: &RuleSet) -> u32 {
    rules
        .max_cost()
        .saturating_mul(2)
        .max(rules.start_qi())
        .max(1)
}

/// The memory, in bytes, that solving `rules` with `options` needs: everything
/// [`Solution::solve_with`] allocates (see [`MAX_SOLVER_BYTES`]). Computed in saturating `u128`
/// arithmetic, so any rule set and any qi cap give an answer (at worst `u128::MAX`) without
/// overflowing or allocating.
pub fn solver_bytes(rules: &RuleSet, options: &SolverOptions) -> u128 {
    let cap = options.qi_cap.unwrap_or_else(|| default_qi_cap(rules));
    TableSize::new(rules.start_health(), cap, rules.moves().len()).bytes
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
        // f64, usize and (u32, u32) are 8 bytes, u32 4, bool 1, a Vec header 24.
        let table = mul(&[8, positions, m + 1]); // values and strategies
        let lookups = sum(&[
            mul(&[4, m]),             // costs
            mul(&[8, m, m]),          // damage
            mul(&[side, 24 + 8 * m]), // affordable moves at each qi
            mul(&[4, h, side, m]),    // next qi
        ]);
        let layer_system = sum(&[
            mul(&[8, layer, layer]),                   // P, the moves within the layer
            mul(&[8, layer, layer.saturating_add(1)]), // I − P and b, at most every position live
            mul(&[5 * 8 + 1, layer]), // positions, b, exits, live, values, solution
        ]);
        // The matrix game: payoffs (m²), both strategies (2m), the simplex tableau
        // (m × (2m + 1)), objective (2m + 1) and basis (m): 3m² + 6m + 1 ≤ 3(m + 1)² words.
        let game = mul(&[8, 3 * m + 3, m + 1]);
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
    fn check(&self) -> Result<(), Error> {
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
        Err(Error::TooLargeToSolve(format!(
            "solving needs {bytes} bytes (about {mib} MiB) for {positions} positions \
             × {moves} moves (health {health}, qi cap {cap}) and a {layer} × {layer} system \
             per health layer; the limit is {MAX_SOLVER_BYTES} bytes ({limit_mib} MiB)"
        )))
    }
}

/// The solved table of a rule set: the value and both players' optimal mixed strategies at every
/// position of a two-player game, by Shapley value iteration with an exact matrix-game solver
/// ([`solve_matrix_game`](crate::solve_matrix_game)) at every position.
///
/// A position is `(h1, h2, q1, q2)`: both players' health (1 to the starting health) and qi
/// (0 to the **qi cap**; qi above the cap is treated as the cap, and a charge at the cap gains
/// nothing in the model). The default cap ([`default_qi_cap`]) is twice the dearest move's
/// cost, and never below the starting qi: 10 under `hk` and `classic`, 14 under `extended`.
/// With that much a player can already afford any two moves in a row.
///
/// A win is worth +1, a loss −1, a draw (both knocked out together, or play that never ends)
/// 0, and a result one round later is worth [`DEFAULT_DISCOUNT`] (0.99) of the same result now.
/// The round limit is not part of the position: the table is the stationary game it would be
/// without one.
///
/// # Why a discount
/// Without one (a discount of 1, still available through [`SolverOptions`]) the game is a
/// recursive game in Everett's sense: some positions' values are approached only by waiting
/// ever longer, value iteration converges sublinearly, and the one-round optimal strategies at
/// the limit can be content to block and charge forever, which under the round limit is a draw
/// the player ahead did not have to accept. With the discount the iteration is a contraction
/// (Shapley 1953), every value is exact to the tolerance, and the player ahead presses its
/// advantage. Symmetric positions are still worth exactly 0.
///
/// # How it is solved
/// Health never rises, so the positions fall into layers by `(h1, h2)`; a round either stays in
/// its layer (nobody hit) or moves to a layer of lower total health, already solved. Layers are
/// solved in order of total health; within a layer, Gauss–Seidel sweeps replace each position's
/// value by the value of its matrix game (rows: the first player's affordable moves, columns:
/// the second's; entries: the value of the position each pair of moves leads to, see
/// [`Solution::position_game`]), until no value changes by more than the tolerance. Between
/// sweeps, a strategy-evaluation step (Pollatschek and Avi-Itzhak) fixes both players' current
/// strategies and solves the layer's linear system for the values they give; it is kept only
/// while it shrinks the change, so the contraction of the plain sweeps still guarantees
/// convergence.
///
/// Only one of each mirrored pair of positions is solved: the value of `(h2, h1, q2, q1)` is
/// minus the value of `(h1, h2, q1, q2)` and its strategy is the other player's there. A
/// position where both players are equal has a skew-symmetric matrix, whose value is exactly 0.
///
/// # How big a table can be
/// The table holds a value and one probability per move for every position
/// (`health² × (cap + 1)²` positions), and solving a layer builds a dense linear system over the
/// layer's `(cap + 1)²` positions, whose matrix has `(cap + 1)⁴` entries. A custom rule set with
/// health 1000, or 32 moves and health 150, or a move costing 100 (so a qi cap of 200), would
/// need gigabytes. [`solver_bytes`] adds up every allocation of a solve (the table, the lookup
/// tables, the layer system and the matrix-game scratch) in saturating `u128` arithmetic, and
/// [`Solution::solve_with`] refuses with [`Error::TooLargeToSolve`] — before allocating
/// anything — when that is more than [`MAX_SOLVER_BYTES`] (64 MiB). The presets need far less
/// (`extended`, the largest, about 1.3 MB). Under a refused rule set the `equilibrium` agent
/// plays like `dice`.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    rules: Arc<RuleSet>,
    health: u32,
    cap: u32,
    moves: usize,
    values: Vec<f64>,
    /// Per position, the first player's optimal probability of each move (0 if unaffordable).
    strategies: Vec<f64>,
    sweeps: usize,
    residual: f64,
    discount: f64,
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

impl Solution {
    /// Solves `rules` with the default options.
    pub fn solve(rules: Arc<RuleSet>) -> Result<Self, Error> {
        Self::solve_with(rules, &SolverOptions::default())
    }

    /// Solves `rules` with `options`.
    ///
    /// Refuses with [`Error::TooLargeToSolve`] when the solve would need more than
    /// [`MAX_SOLVER_BYTES`] (see [`solver_bytes`]); the check comes before any allocation, so a
    /// refusal is immediate whatever the rule set. Refuses with [`Error::InvalidRules`] a
    /// discount outside (0, 1].
    pub fn solve_with(rules: Arc<RuleSet>, options: &SolverOptions) -> Result<Self, Error> {
        let cap = options.qi_cap.unwrap_or_else(|| default_qi_cap(&rules));
        let health = rules.start_health();
        let moves = rules.moves().len();
        let size = TableSize::new(health, cap, moves);
        size.check()?;
        // Within the limit, so the counts fit in usize.
        let positions = usize::try_from(size.positions)
            .map_err(|_| Error::TooLargeToSolve(format!("{} positions", size.positions)))?;
        if !(options.discount > 0.0 && options.discount <= 1.0) {
            return Err(Error::InvalidRules(format!(
                "the discount must be in (0, 1], not {}",
                options.discount
            )));
        }
        let mut s = Self {
            discount: options.discount,
            health,
            cap,
            moves,
            values: vec![0.0; positions],
            strategies: vec![0.0; positions * moves],
            sweeps: 0,
            residual: 0.0,
            rules,
        };
        s.run(options);
        Ok(s)
    }

    fn index(&self, h1: u32, h2: u32, q1: u32, q2: u32) -> usize {
        let h = self.health as usize;
        let c = self.cap as usize + 1;
        (((h1 as usize - 1) * h + (h2 as usize - 1)) * c + q1 as usize) * c + q2 as usize
    }

    fn run(&mut self, options: &SolverOptions) {
        let rules = self.rules.clone();
        let m = self.moves;
        let cap = self.cap;
        let h = self.health;
        let costs: Vec<u32> = rules.moves().iter().map(|mv| mv.cost).collect();
        let damage: Vec<(u32, u32)> = (0..m * m)
            .map(|k| duel_damage(&rules, k / m, k % m))
            .collect();
        let affordable: Vec<Vec<usize>> = (0..=cap)
            .map(|q| (0..m).filter(|&i| costs[i] <= q).collect())
            .collect();
        let mut next_qi = vec![0u32; h as usize * (cap as usize + 1) * m];
        for hh in 1..=h {
            for q in 0..=cap {
                for (i, &cost) in costs.iter().enumerate() {
                    let k = ((hh - 1) as usize * (cap as usize + 1) + q as usize) * m + i;
                    next_qi[k] = if cost <= q {
                        (q - cost).saturating_add(rules.charge_gain(i, hh)).min(cap)
                    } else {
                        q
                    };
                }
            }
        }
        let tables = Tables {
            gamma: self.discount,
            m,
            cap,
            damage,
            affordable,
            next_qi,
        };
        let mut work = Work::default();
        let mut worst_residual: f64 = 0.0;
        for total in 2..=2 * h {
            for h1 in (1..=h).rev() {
                let Some(h2) = total.checked_sub(h1) else {
                    continue;
                };
                if h2 < 1 || h2 > h || h1 < h2 {
                    continue;
                }
                work.positions.clear();
                for q1 in 0..=cap {
                    for q2 in 0..=cap {
                        if h1 != h2 || q1 >= q2 {
                            work.positions.push((q1, q2));
                        }
                    }
                }
                let mut sweeps = 0;
                let mut evaluating = true;
                let mut last_delta = f64::INFINITY;
                loop {
                    sweeps += 1;
                    let delta = self.sweep(&tables, h1, h2, &mut work);
                    if delta <= options.tolerance || sweeps >= options.max_sweeps {
                        worst_residual = worst_residual.max(delta);
                        self.sweeps += sweeps;
                        break;
                    }
                    // An evaluation that did not shrink the change is not repeated: the sweeps
                    // alone contract by the discount, whatever values they start from.
                    if evaluating && delta >= last_delta {
                        evaluating = false;
                    }
                    last_delta = delta;
                    if evaluating {
                        self.evaluate(&tables, h1, h2, &mut work);
                    }
                }
            }
        }
        self.residual = worst_residual;
    }

    /// One Gauss–Seidel sweep over the layer `(h1, h2)`: every position's value becomes the
    /// value of its matrix game, and its strategies are stored. Returns the largest change.
    fn sweep(&mut self, t: &Tables, h1: u32, h2: u32, w: &mut Work) -> f64 {
        let m = t.m;
        w.payoff.resize(m * m, 0.0);
        w.row.resize(m, 0.0);
        w.col.resize(m, 0.0);
        let mut delta: f64 = 0.0;
        for k in 0..w.positions.len() {
            let (q1, q2) = w.positions[k];
            let rows = &t.affordable[q1 as usize];
            let cols = &t.affordable[q2 as usize];
            let (nr, nc) = (rows.len(), cols.len());
            for (r, &i) in rows.iter().enumerate() {
                let q1n = t.nq(h1, q1, i);
                for (c, &j) in cols.iter().enumerate() {
                    let (d1, d2) = t.damage[i * m + j];
                    let h1n = h1.saturating_sub(d1);
                    let h2n = h2.saturating_sub(d2);
                    w.payoff[r * nc + c] = match (h1n, h2n) {
                        (0, 0) => 0.0,
                        (0, _) => -1.0,
                        (_, 0) => 1.0,
                        _ => t.gamma * self.values[self.index(h1n, h2n, q1n, t.nq(h2, q2, j))],
                    };
                }
            }
            let game = &w.payoff[..nr * nc];
            let mut value = w.solver.solve(game, nr, nc, &mut w.row, &mut w.col);
            if h1 == h2 && q1 == q2 && is_skew(game, nr) {
                value = 0.0;
            }
            let here = self.index(h1, h2, q1, q2);
            let mirror = self.index(h2, h1, q2, q1);
            delta = delta.max((value - self.values[here]).abs());
            self.values[here] = value;
            self.values[mirror] = if value == 0.0 { 0.0 } else { -value };
            let (a, b) = (here * m, mirror * m);
            self.strategies[a..a + m].fill(0.0);
            self.strategies[b..b + m].fill(0.0);
            for (r, &i) in rows.iter().enumerate() {
                self.strategies[a + i] = w.row[r];
            }
            for (c, &j) in cols.iter().enumerate() {
                self.strategies[b + j] = w.col[c];
            }
        }
        delta
    }

    /// Strategy evaluation (the Newton step that makes the iteration converge quickly): with
    /// both players' stored strategies fixed, the layer's values solve a linear system,
    /// `V = P V + b` (`P`: the chance of staying in the layer and where; `b`: what leaving it is worth).
    /// Positions from which the layer can never be left under these strategies are worth 0
    /// (endless play is a draw); the rest of the system is then non-singular.
    fn evaluate(&mut self, t: &Tables, h1: u32, h2: u32, w: &mut Work) {
        let m = t.m;
        let side = t.cap as usize + 1;
        let n = side * side;
        w.p.clear();
        w.p.resize(n * n, 0.0);
        w.b.clear();
        w.b.resize(n, 0.0);
        w.exits.clear();
        w.exits.resize(n, false);
        for q1 in 0..=t.cap {
            for q2 in 0..=t.cap {
                let l = q1 as usize * side + q2 as usize;
                let x = self.index(h1, h2, q1, q2) * m;
                let y = self.index(h2, h1, q2, q1) * m;
                for &i in &t.affordable[q1 as usize] {
                    let px = self.strategies[x + i];
                    if px <= 0.0 {
                        continue;
                    }
                    let q1n = t.nq(h1, q1, i);
                    for &j in &t.affordable[q2 as usize] {
                        let py = self.strategies[y + j];
                        if py <= 0.0 {
                            continue;
                        }
                        let p = px * py;
                        let q2n = t.nq(h2, q2, j);
                        let (d1, d2) = t.damage[i * m + j];
                        if d1 == 0 && d2 == 0 {
                            w.p[l * n + q1n as usize * side + q2n as usize] += p * t.gamma;
                        } else {
                            let h1n = h1.saturating_sub(d1);
                            let h2n = h2.saturating_sub(d2);
                            w.b[l] += p * match (h1n, h2n) {
                                (0, 0) => 0.0,
                                (0, _) => -1.0,
                                (_, 0) => 1.0,
                                _ => t.gamma * self.values[self.index(h1n, h2n, q1n, q2n)],
                            };
                            w.exits[l] = true;
                        }
                    }
                }
            }
        }
        // Which positions can reach an exit: grow the set backwards until it stops.
        let mut changed = true;
        while changed {
            changed = false;
            for l in 0..n {
                if !w.exits[l] && (0..n).any(|k| w.exits[k] && w.p[l * n + k] > 0.0) {
                    w.exits[l] = true;
                    changed = true;
                }
            }
        }
        let live: Vec<usize> = (0..n).filter(|&l| w.exits[l]).collect();
        let k = live.len();
        // Dense (I − P) restricted to the live positions, with b as the last column.
        w.a.clear();
        w.a.resize(k * (k + 1), 0.0);
        for (r, &l) in live.iter().enumerate() {
            for (c, &lc) in live.iter().enumerate() {
                w.a[r * (k + 1) + c] = -w.p[l * n + lc];
            }
            w.a[r * (k + 1) + r] += 1.0;
            w.a[r * (k + 1) + k] = w.b[l];
        }
        let Some(solution) = gauss(&mut w.a, k) else {
            return;
        };
        let mut values = vec![0.0; n];
        for (r, &l) in live.iter().enumerate() {
            values[l] = solution[r].clamp(-1.0, 1.0);
        }
        for q1 in 0..=t.cap {
            for q2 in 0..=t.cap {
                if h1 == h2 && q1 < q2 {
                    continue;
                }
                let v = values[q1 as usize * side + q2 as usize];
                let v = if h1 == h2 && q1 == q2 { 0.0 } else { v };
                let here = self.index(h1, h2, q1, q2);
                let mirror = self.index(h2, h1, q2, q1);
                self.values[here] = v;
                self.values[mirror] = if v == 0.0 { 0.0 } else { -v };
            }
        }
    }

    /// The rules this table solves.
    pub fn rules(&self) -> &Arc<RuleSet> {
        &self.rules
    }

    /// The qi cap.
    pub fn qi_cap(&self) -> u32 {
        self.cap
    }

    /// The discount the table was solved with.
    pub fn discount(&self) -> f64 {
        self.discount
    }

    /// Total sweeps over all layers.
    pub fn sweeps(&self) -> usize {
        self.sweeps
    }

    /// The largest change in the last sweep of any layer (at most the tolerance unless a layer
    /// ran out of sweeps).
    pub fn residual(&self) -> f64 {
        self.residual
    }

    /// Health and qi clamped to the table (`None` for a player who is out or has more health
    /// than anyone starts with).
    fn key(&self, f: &Fighter) -> Option<(u32, u32)> {
        (f.health >= 1 && f.health <= self.health).then_some((f.health, f.qi.min(self.cap)))
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
        let (h1, q1) = self.key(me)?;
        let (h2, q2) = self.key(opponent)?;
        self.values.get(self.index(h1, h2, q1, q2)).copied()
    }

    /// `me`'s optimal mixed strategy against `opponent`: each affordable move (with qi capped)
    /// and its probability, in the rule set's order. `None` when either player is out.
    pub fn strategy(&self, me: &Fighter, opponent: &Fighter) -> Option<Vec<(MoveName, f64)>> {
        let (h1, q1) = self.key(me)?;
        let (h2, q2) = self.key(opponent)?;
        let at = self.index(h1, h2, q1, q2) * self.moves;
        let probs = self.strategies.get(at..at + self.moves)?;
        Some(
            self.rules
                .moves()
                .iter()
                .zip(probs)
                .filter(|(mv, _)| mv.cost <= q1)
                .map(|(mv, &p)| (mv.name, p))
                .collect(),
        )
    }

    /// The value of a two-player game for `player` (`None` with more than two players or a
    /// different rule set).
    pub fn value_of(&self, state: &Duel, player: usize) -> Option<f64> {
        let (me, opponent) = self.pair(state, player)?;
        self.value(&me, &opponent)
    }

    /// The optimal strategy of `player` in a two-player game.
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

    /// The matrix game at a position, built from the table's values: what the solver solved
    /// there, and what the exploitability tests check the strategies against.
    pub fn position_game(&self, me: &Fighter, opponent: &Fighter) -> Option<PositionGame> {
        let (h1, q1) = self.key(me)?;
        let (h2, q2) = self.key(opponent)?;
        let rules = &self.rules;
        let afford = |q: u32| -> Vec<usize> {
            (0..self.moves)
                .filter(|&i| rules.moves()[i].cost <= q)
                .collect()
        };
        let (rows, cols) = (afford(q1), afford(q2));
        let next = |h: u32, q: u32, i: usize| {
            (q - rules.moves()[i].cost)
                .saturating_add(rules.charge_gain(i, h))
                .min(self.cap)
        };
        let mut payoff = Vec::with_capacity(rows.len() * cols.len());
        for &i in &rows {
            for &j in &cols {
                let (d1, d2) = duel_damage(rules, i, j);
                let a = Fighter::new(h1.saturating_sub(d1), next(h1, q1, i));
                let b = Fighter::new(h2.saturating_sub(d2), next(h2, q2, j));
                let v = self.value(&a, &b)?;
                payoff.push(if a.health == 0 || b.health == 0 {
                    v
                } else {
                    self.discount * v
                });
            }
        }
        Some(PositionGame { rows, cols, payoff })
    }

    /// Every position of the table as (first player, second player), both still in.
    pub fn positions(&self) -> impl Iterator<Item = (Fighter, Fighter)> + '_ {
        let (h, c) = (self.health, self.cap);
        (1..=h).flat_map(move |h1| {
            (1..=h).flat_map(move |h2| {
                (0..=c).flat_map(move |q1| {
                    (0..=c).map(move |q2| (Fighter::new(h1, q1), Fighter::new(h2, q2)))
                })
            })
        })
    }
}

/// Lookup tables shared by every layer.
struct Tables {
    gamma: f64,
    m: usize,
    cap: u32,
    damage: Vec<(u32, u32)>,
    affordable: Vec<Vec<usize>>,
    next_qi: Vec<u32>,
}

impl Tables {
    /// Qi after playing move `i` with `q` qi at health `h` (capped).
    fn nq(&self, h: u32, q: u32, i: usize) -> u32 {
        self.next_qi[((h - 1) as usize * (self.cap as usize + 1) + q as usize) * self.m + i]
    }
}

/// Scratch memory reused across layers.
#[derive(Default)]
struct Work {
    solver: MatrixSolver,
    positions: Vec<(u32, u32)>,
    payoff: Vec<f64>,
    row: Vec<f64>,
    col: Vec<f64>,
    p: Vec<f64>,
    b: Vec<f64>,
    exits: Vec<bool>,
    a: Vec<f64>,
}

/// Solves the `k × k` system whose augmented matrix (`k` rows of `k + 1`) is `a`, by Gaussian
/// elimination with partial pivoting; `None` if it is singular.
fn gauss(a: &mut [f64], k: usize) -> Option<Vec<f64>> {
    let w = k + 1;
    for col in 0..k {
        let pivot =
            (col..k).max_by(|&x, &y| a[x * w + col].abs().total_cmp(&a[y * w + col].abs()))?;
        if a[pivot * w + col].abs() < 1e-300 {
            return None;
        }
        if pivot != col {
            for j in 0..w {
                a.swap(pivot * w + j, col * w + j);
            }
        }
        let p = a[col * w + col];
        for r in col + 1..k {
            let f = a[r * w + col] / p;
            if f != 0.0 {
                for j in col..w {
                    a[r * w + j] -= f * a[col * w + j];
                }
            }
        }
    }
    let mut x = vec![0.0; k];
    for r in (0..k).rev() {
        let mut s = a[r * w + k];
        for j in r + 1..k {
            s -= a[r * w + j] * x[j];
        }
        x[r] = s / a[r * w + r];
    }
    Some(x)
}

/// Whether the square `n × n` matrix is exactly skew-symmetric (`a[i][j] == −a[j][i]`).
fn is_skew(a: &[f64], n: usize) -> bool {
    a.len() == n * n && (0..n).all(|i| (0..=i).all(|j| a[i * n + j] == -a[j * n + i]))
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
pub fn solution_for(rules: &Arc<RuleSet>) -> Result<Arc<Solution>, Error> {
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
        for rules in [RuleSet::classic(), RuleSet::hk(), hk_with_health(2)] {
            let options = SolverOptions::default();
            let counted = solver_bytes(&rules, &options);
            let s = Solution::solve_with(Arc::new(rules), &options).unwrap();
            let side = s.cap as usize + 1;
            let layer = side * side;
            let table = 8 * (s.values.capacity() + s.strategies.capacity());
            // The two biggest work buffers: the layer's P and I − P.
            let system = 8 * layer * layer + 8 * layer * (layer + 1);
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
        // hk's moves fit up to about health 90; health 1000 is far beyond.
        assert!(fits(&hk_with_health(90), None));
        assert!(!fits(&hk_with_health(100), None));
        assert!(!fits(&hk_with_health(1000), None));
        // With health 1, the layer system limits the qi cap to about 40.
        assert!(fits(&hk_with_health(1), Some(40)));
        assert!(!fits(&hk_with_health(1), Some(50)));
        // Every preset, with plenty of room.
        for p in Preset::ALL {
            let bytes = solver_bytes(&RuleSet::preset(p), &SolverOptions::default());
            assert!(bytes * 16 <= u128::from(MAX_SOLVER_BYTES), "{p}: {bytes}");
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
