//! One health layer of the table: the positions `(q1, q2)` at fixed health `(h1, h2)`, the
//! matrix game of each, and the solve of the layer's values (Newton's method on the Shapley
//! operator, safeguarded by a line search and plain sweeps).
//!
//! A round either leaves the layer (somebody is hit: the value of where it leads is already
//! known, a lower layer or the end of the game) or stays in it (nobody is hit; only qi moves).
//! So a layer is a small stochastic game of its own whose exits have known values.

use crate::ai::matrix::MatrixSolver;

/// The rules' numbers the layers need, tabulated once per solve.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Tables {
    /// Starting health: positions have health 1 to this.
    pub health: u32,
    /// The top qi level: positions have qi levels 0 to this. It is the qi cap, or the cap plus
    /// one when `unlimited`.
    pub cap: u32,
    /// Whether the top level stands for unlimited qi: qi above the cap, which a charge gaining
    /// more than the cap reaches in one move, where every move is affordable and none spends
    /// it (see [`crate::solver::Solution`]).
    pub unlimited: bool,
    /// Moves of the rule set.
    pub moves: usize,
    /// `damage[i * moves + j]`: health lost by the players when they play `i` and `j`.
    pub damage: Vec<(u32, u32)>,
    /// The moves affordable with each qi, in the rule set's order.
    pub affordable: Vec<Vec<usize>>,
    /// Qi level after playing a move: `next_qi[((h - 1) * (cap + 1) + q) * moves + i]`.
    pub next_qi: Vec<u32>,
    /// What each move costs.
    pub costs: Vec<u32>,
    /// Qi each move gains at each health: `gains[(h - 1) * moves + i]`.
    pub gains: Vec<u32>,
    /// The rule set's decided trade, when it has one (see [`Trade`]).
    pub trade: Option<Trade>,
}

/// A move that beats every other (overwhelms every other attack, is never blocked, hits every
/// charge and block) and that only it cancels, with its cost and damage. Where its damage
/// knocks out either player (both at health `damage` or less) and both can afford it, playing
/// it is weakly dominant for both: every other answer to it loses at once, and it wins at once
/// against any other move. So there the value is that of the position both reach after
/// trading it, and with exact qi a position's value follows from the few positions where
/// neither can afford it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Trade {
    pub trump: usize,
    pub cost: u32,
    pub damage: u32,
}

/// Qi that never runs out (the table's top level when it counts qi above the cap as unlimited).
pub(crate) const UNLIMITED: u64 = u64::MAX;

/// Where trading the trump leads from exact qi `(q1, q2)`: after `trades` rounds of trump for
/// trump, either one player alone can afford it (`Won(±1)`: it wins next round) or neither can
/// (`Core`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Traded {
    Won { sign: f64, trades: u64 },
    Core { q1: u32, q2: u32, trades: u64 },
}

impl Trade {
    /// Whether a layer is decided by the trade: the trump knocks out either player.
    pub fn decides(&self, h1: u32, h2: u32) -> bool {
        h1 <= self.damage && h2 <= self.damage
    }

    /// Where trading the trump leads from exact qi (neither unlimited).
    pub fn reduce(&self, q1: u64, q2: u64) -> Traded {
        let c = u64::from(self.cost);
        let trades = (q1 / c).min(q2 / c);
        let (r1, r2) = (q1 - trades * c, q2 - trades * c);
        match (r1 >= c, r2 >= c) {
            (true, _) => Traded::Won { sign: 1.0, trades },
            (_, true) => Traded::Won { sign: -1.0, trades },
            // Both below the cost, which is at most u32::MAX.
            _ => Traded::Core {
                q1: r1 as u32,
                q2: r2 as u32,
                trades,
            },
        }
    }
}

/// `gamma` to the power `k` (1 when `gamma` is 1).
fn power(gamma: f64, k: u64) -> f64 {
    if gamma == 1.0 {
        1.0
    } else {
        gamma.powi(i32::try_from(k).unwrap_or(i32::MAX))
    }
}

/// The value, in the game discounted by `gamma`, of a position of a layer the trade decides, with
/// exact qi (or [`UNLIMITED`]), from the values of the layer's core (`values`, a table of every
/// ordered position, as [`Tables::index`]). Unlimited qi never runs out: against finite qi it
/// wins once the other's trumps are spent, and against unlimited qi the trade never ends (0).
pub(crate) fn trade_value(
    t: &Tables,
    trade: &Trade,
    values: &[f64],
    (h1, h2): (u32, u32),
    q1: u64,
    q2: u64,
    gamma: f64,
) -> f64 {
    let c = u64::from(trade.cost);
    match (q1 == UNLIMITED, q2 == UNLIMITED) {
        (true, true) => 0.0,
        (true, false) => power(gamma, q2 / c),
        (false, true) => -power(gamma, q1 / c),
        (false, false) => match trade.reduce(q1, q2) {
            Traded::Won { sign, trades } => sign * power(gamma, trades),
            Traded::Core { q1, q2, trades } => {
                power(gamma, trades) * values[t.index(h1, h2, q1, q2)]
            }
        },
    }
}

impl Tables {
    /// Qi after playing move `i` with `q` qi at health `h`.
    pub fn nq(&self, h: u32, q: u32, i: usize) -> u32 {
        let side = self.cap as usize + 1;
        self.next_qi[((h - 1) as usize * side + q as usize) * self.moves + i]
    }

    /// Positions per side of a layer: qi 0 to the cap.
    pub fn side(&self) -> usize {
        self.cap as usize + 1
    }

    /// The index of a position in a table of every ordered position.
    pub fn index(&self, h1: u32, h2: u32, q1: u32, q2: u32) -> usize {
        let h = self.health as usize;
        let c = self.side();
        (((h1 as usize - 1) * h + (h2 as usize - 1)) * c + q1 as usize) * c + q2 as usize
    }

    /// Exact qi after playing move `i` with exact qi `q` at health `h` (unlimited stays so).
    pub fn raw_next(&self, h: u32, q: u64, i: usize) -> u64 {
        if q == UNLIMITED {
            return UNLIMITED;
        }
        let gain = self.gains[(h - 1) as usize * self.moves + i];
        q.saturating_sub(u64::from(self.costs[i]))
            .saturating_add(u64::from(gain))
            .min(UNLIMITED - 1)
    }

    /// A table level as exact qi: the top level is [`UNLIMITED`] when the table has one.
    pub fn level_qi(&self, q: u32) -> u64 {
        if self.unlimited && q == self.cap {
            UNLIMITED
        } else {
            u64::from(q)
        }
    }

    /// Positions in a table of every ordered position.
    pub fn positions(&self) -> usize {
        let h = self.health as usize;
        h * h * self.side() * self.side()
    }
}

/// What a pair of moves leads to, seen from a layer.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Cell {
    /// Nobody is hit: the layer's unknown `to`, its value multiplied by `sign` (−1 when the
    /// position is the mirror image of an unknown, in a layer of equal health).
    Stay { to: u32, sign: f64 },
    /// The round leaves the layer (or reaches a position known to be worth this): its value,
    /// any discount included.
    Leave(f64),
}

/// One position's matrix game: its rows and columns (move indices) and where its cells lead.
#[derive(Clone, Debug)]
pub(crate) struct Stage {
    pub q1: u32,
    pub q2: u32,
    /// The first cell in [`Layer::cells`]; the game is `rows × cols`, row-major.
    pub first: usize,
    pub rows: usize,
    pub cols: usize,
}

/// The positions of one layer and their games.
#[derive(Clone, Debug)]
pub(crate) struct Layer {
    /// What a round that stays in the layer is worth relative to the next position's value.
    pub gamma: f64,
    /// The unknowns: every position, or, when both players have the same health, those with
    /// `q1 > q2` (the mirror image is worth minus as much, and `q1 = q2` exactly 0).
    pub unknowns: Vec<Stage>,
    /// In a layer of equal health, the positions with `q1 = q2` (worth 0; their games are
    /// solved only for their strategies).
    pub diagonal: Vec<Stage>,
    pub cells: Vec<Cell>,
}

impl Layer {
    /// The layer `(h1, h2)`; `known` holds the values of every position of lower total health
    /// (a table of every ordered position, as [`Tables::index`]), `gamma` the discount of a
    /// round. With `antisymmetric`, a layer of equal health keeps only the unknowns with
    /// `q1 > q2` (values of a zero-sum game seen by either player: the mirror image is worth
    /// minus as much); without, every position is an unknown. `hit_bonus` is added, times the
    /// health the second player loses less what the first loses, to every round that leaves the
    /// layer without ending the game (0 for the rule book's game; see [`crate::solver::Solution`] for
    /// the strategies that use it).
    pub fn new(
        t: &Tables,
        known: &[f64],
        h1: u32,
        h2: u32,
        gamma: f64,
        antisymmetric: bool,
        hit_bonus: f64,
    ) -> Self {
        let symmetric = antisymmetric && h1 == h2;
        let side = t.side();
        // The unknown of each position of the square, with its sign, or None on the diagonal.
        let slot = |q1: u32, q2: u32| -> Option<(u32, f64)> {
            if !symmetric {
                Some(((q1 as usize * side + q2 as usize) as u32, 1.0))
            } else if q1 == q2 {
                None
            } else {
                let (a, b, sign) = if q1 > q2 {
                    (q1, q2, 1.0)
                } else {
                    (q2, q1, -1.0)
                };
                // Unknowns of a symmetric layer in order: (1, 0), (2, 0), (2, 1), (3, 0), …
                let k = a as usize * (a as usize - 1) / 2 + b as usize;
                Some((k as u32, sign))
            }
        };
        let mut layer = Self {
            gamma,
            unknowns: Vec::new(),
            diagonal: Vec::new(),
            cells: Vec::new(),
        };
        for q1 in 0..=t.cap {
            for q2 in 0..=t.cap {
                let on_diagonal = symmetric && q1 == q2;
                if symmetric && q1 < q2 {
                    continue;
                }
                let rows = &t.affordable[q1 as usize];
                let cols = &t.affordable[q2 as usize];
                let stage = Stage {
                    q1,
                    q2,
                    first: layer.cells.len(),
                    rows: rows.len(),
                    cols: cols.len(),
                };
                for &i in rows {
                    let n1 = t.nq(h1, q1, i);
                    for &j in cols {
                        let n2 = t.nq(h2, q2, j);
                        let (d1, d2) = t.damage[i * t.moves + j];
                        let cell = match (h1.saturating_sub(d1), h2.saturating_sub(d2)) {
                            (0, 0) => Cell::Leave(0.0),
                            (0, _) => Cell::Leave(-1.0),
                            (_, 0) => Cell::Leave(1.0),
                            (a, b) if (a, b) == (h1, h2) => match slot(n1, n2) {
                                Some((to, sign)) => Cell::Stay { to, sign },
                                None => Cell::Leave(0.0),
                            },
                            (a, b) => {
                                // With unlimited qi above the cap, a round from real qi into a
                                // layer the trade decides lands at its exact value there.
                                let exact = t.trade.filter(|tr| {
                                    t.unlimited && tr.decides(a, b) && q1 < t.cap && q2 < t.cap
                                });
                                let next = match exact {
                                    Some(tr) => trade_value(
                                        t,
                                        &tr,
                                        known,
                                        (a, b),
                                        t.raw_next(h1, u64::from(q1), i),
                                        t.raw_next(h2, u64::from(q2), j),
                                        gamma,
                                    ),
                                    None => known[t.index(a, b, n1, n2)],
                                };
                                Cell::Leave(
                                    gamma * next + hit_bonus * (f64::from(d2) - f64::from(d1)),
                                )
                            }
                        };
                        layer.cells.push(cell);
                    }
                }
                if on_diagonal {
                    layer.diagonal.push(stage);
                } else {
                    layer.unknowns.push(stage);
                }
            }
        }
        layer
    }

    /// The core of a layer the trade decides: the positions where neither player can afford the
    /// trump, with every round's result followed with exact qi (a super-charge lands at its
    /// real qi, and a trade of trumps where it leads, see [`Trade::reduce`]). `known` and the
    /// rest as [`Layer::new`]; a layer of equal health keeps the unknowns with `q1 > q2`.
    pub fn exact(
        t: &Tables,
        trade: &Trade,
        known: &[f64],
        (h1, h2): (u32, u32),
        gamma: f64,
        hit_bonus: f64,
    ) -> Self {
        let symmetric = h1 == h2;
        let c = trade.cost;
        let slot = |q1: u32, q2: u32| -> Option<(u32, f64)> {
            if !symmetric {
                Some((q1 * c + q2, 1.0))
            } else if q1 == q2 {
                None
            } else {
                let (a, b, sign) = if q1 > q2 {
                    (q1, q2, 1.0)
                } else {
                    (q2, q1, -1.0)
                };
                Some((a * (a - 1) / 2 + b, sign))
            }
        };
        let mut layer = Self {
            gamma,
            unknowns: Vec::new(),
            diagonal: Vec::new(),
            cells: Vec::new(),
        };
        for q1 in 0..c {
            for q2 in 0..c {
                if symmetric && q1 < q2 {
                    continue;
                }
                let rows = &t.affordable[q1 as usize];
                let cols = &t.affordable[q2 as usize];
                let stage = Stage {
                    q1,
                    q2,
                    first: layer.cells.len(),
                    rows: rows.len(),
                    cols: cols.len(),
                };
                for &i in rows {
                    let n1 = t.raw_next(h1, u64::from(q1), i);
                    for &j in cols {
                        let n2 = t.raw_next(h2, u64::from(q2), j);
                        let (d1, d2) = t.damage[i * t.moves + j];
                        let cell = match (h1.saturating_sub(d1), h2.saturating_sub(d2)) {
                            (0, 0) => Cell::Leave(0.0),
                            (0, _) => Cell::Leave(-1.0),
                            (_, 0) => Cell::Leave(1.0),
                            (a, b) if (a, b) == (h1, h2) => match trade.reduce(n1, n2) {
                                Traded::Won { sign, trades } => {
                                    Cell::Leave(sign * power(gamma, trades + 1))
                                }
                                Traded::Core { q1, q2, trades } => match slot(q1, q2) {
                                    Some((to, sign)) => Cell::Stay {
                                        to,
                                        sign: sign * power(gamma, trades),
                                    },
                                    None => Cell::Leave(0.0),
                                },
                            },
                            (a, b) => Cell::Leave(
                                gamma * trade_value(t, trade, known, (a, b), n1, n2, gamma)
                                    + hit_bonus * (f64::from(d2) - f64::from(d1)),
                            ),
                        };
                        layer.cells.push(cell);
                    }
                }
                if symmetric && q1 == q2 {
                    layer.diagonal.push(stage);
                } else {
                    layer.unknowns.push(stage);
                }
            }
        }
        layer
    }

    /// Every level of a layer the trade decides as its own unknown (no mirror images), each
    /// round followed with exact qi and mapped back to the level that stands for it (after
    /// the trade; a player who alone can afford the trump at the cap), for the certificate:
    /// there both players' strategies play the trump, so a position and the one its trade
    /// leads to guarantee the same. Lower layers' values come from `known`.
    pub fn decided_grid(t: &Tables, trade: &Trade, known: &[f64], (h1, h2): (u32, u32)) -> Self {
        let side = t.side() as u32;
        let top = t.cap;
        let cap = top - u32::from(t.unlimited);
        let c = u64::from(trade.cost);
        let level = |q1: u64, q2: u64| -> (u32, u32) {
            let clamp = |q: u64| u32::try_from(q).unwrap_or(u32::MAX).min(cap);
            match (q1 == UNLIMITED, q2 == UNLIMITED) {
                (true, true) => (top, top),
                (true, false) => (top, clamp(q2)),
                (false, true) => (clamp(q1), top),
                _ => match trade.reduce(q1, q2) {
                    Traded::Won { trades, .. } => (clamp(q1 - trades * c), clamp(q2 - trades * c)),
                    Traded::Core { q1, q2, .. } => (q1, q2),
                },
            }
        };
        let mut layer = Self {
            gamma: 1.0,
            unknowns: Vec::new(),
            diagonal: Vec::new(),
            cells: Vec::new(),
        };
        for q1 in 0..side {
            for q2 in 0..side {
                let rows = &t.affordable[q1 as usize];
                let cols = &t.affordable[q2 as usize];
                layer.unknowns.push(Stage {
                    q1,
                    q2,
                    first: layer.cells.len(),
                    rows: rows.len(),
                    cols: cols.len(),
                });
                for &i in rows {
                    let n1 = t.raw_next(h1, t.level_qi(q1), i);
                    for &j in cols {
                        let n2 = t.raw_next(h2, t.level_qi(q2), j);
                        let (d1, d2) = t.damage[i * t.moves + j];
                        let (l1, l2) = level(n1, n2);
                        let cell = match (h1.saturating_sub(d1), h2.saturating_sub(d2)) {
                            (0, 0) => Cell::Leave(0.0),
                            (0, _) => Cell::Leave(-1.0),
                            (_, 0) => Cell::Leave(1.0),
                            (a, b) if (a, b) == (h1, h2) => Cell::Stay {
                                to: l1 * side + l2,
                                sign: 1.0,
                            },
                            (a, b) => Cell::Leave(known[t.index(a, b, l1, l2)]),
                        };
                        layer.cells.push(cell);
                    }
                }
            }
        }
        layer
    }

    /// The payoff matrix of `stage` with the layer's unknowns worth `w`.
    fn payoff_into(&self, stage: &Stage, w: &[f64], out: &mut Vec<f64>) {
        out.clear();
        let cells = &self.cells[stage.first..stage.first + stage.rows * stage.cols];
        out.extend(cells.iter().map(|cell| match *cell {
            Cell::Stay { to, sign } => self.gamma * sign * w[to as usize],
            Cell::Leave(v) => v,
        }));
    }
}

/// The result of the Shapley operator on a layer: each unknown's new value and both players'
/// optimal strategies (rows, then columns, `stride` entries per unknown).
#[derive(Clone, Debug, Default)]
pub(crate) struct Step {
    pub values: Vec<f64>,
    pub rows: Vec<f64>,
    pub cols: Vec<f64>,
    pub stride: usize,
}

/// Scratch memory reused across layers.
#[derive(Default)]
pub(crate) struct Work {
    pub solver: MatrixSolver,
    payoff: Vec<f64>,
    system: Vec<f64>,
    live: Vec<usize>,
    reaches: Vec<bool>,
    candidate: Vec<f64>,
}

/// How a layer's solve went.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Report {
    /// Newton steps and sweeps taken.
    pub iterations: usize,
    /// `max |T(w) − w|` at the values returned.
    pub residual: f64,
}

/// Applies the Shapley operator: every unknown's game solved with the unknowns worth `w`.
pub(crate) fn shapley(layer: &Layer, w: &[f64], moves: usize, work: &mut Work, out: &mut Step) {
    let n = layer.unknowns.len();
    out.stride = moves;
    out.values.resize(n, 0.0);
    out.rows.resize(n * moves, 0.0);
    out.cols.resize(n * moves, 0.0);
    for (k, stage) in layer.unknowns.iter().enumerate() {
        layer.payoff_into(stage, w, &mut work.payoff);
        let rows = &mut out.rows[k * moves..k * moves + stage.rows];
        let cols = &mut out.cols[k * moves..k * moves + stage.cols];
        out.values[k] = work
            .solver
            .solve(&work.payoff, stage.rows, stage.cols, rows, cols);
    }
}

/// Solves the diagonal games of a layer of equal health (worth 0) for their strategies, with the
/// unknowns worth `w`: one row strategy per diagonal position, `moves` entries each.
pub(crate) fn diagonal_strategies(
    layer: &Layer,
    w: &[f64],
    moves: usize,
    work: &mut Work,
) -> Vec<f64> {
    let mut out = vec![0.0; layer.diagonal.len() * moves];
    let mut col = vec![0.0; moves];
    for (k, stage) in layer.diagonal.iter().enumerate() {
        layer.payoff_into(stage, w, &mut work.payoff);
        let row = &mut out[k * moves..k * moves + stage.rows];
        work.solver.solve(
            &work.payoff,
            stage.rows,
            stage.cols,
            row,
            &mut col[..stage.cols],
        );
    }
    out
}

fn max_change(a: &[f64], b: &[f64]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
}

/// Solves a layer: from the values `w` (a first guess, overwritten with the solution), Newton
/// steps — both players' strategies fixed at the current optimum, the linear system of the
/// values they give solved exactly — each kept only when it shrinks the residual
/// `max |T(w) − w|` (else half and a quarter of it are tried, else one plain sweep `w ← T(w)`),
/// until the residual is at most `tolerance` or `max_iterations` are spent. `step` ends as
/// `T(w)` at the values returned: the strategies there.
pub(crate) fn solve_layer(
    layer: &Layer,
    w: &mut Vec<f64>,
    moves: usize,
    tolerance: f64,
    max_iterations: usize,
    work: &mut Work,
    step: &mut Step,
) -> Report {
    let mut trial = Step::default();
    shapley(layer, w, moves, work, step);
    let mut residual = max_change(&step.values, w);
    let mut iterations = 0;
    let mut stalled = 0;
    while residual > tolerance && iterations < max_iterations {
        iterations += 1;
        let before = residual;
        let mut accepted = false;
        if newton(layer, step, work) {
            for lambda in [1.0, 0.5, 0.25] {
                let candidate: Vec<f64> = w
                    .iter()
                    .zip(&work.candidate)
                    .map(|(a, b)| a + lambda * (b - a))
                    .collect();
                shapley(layer, &candidate, moves, work, &mut trial);
                let r = max_change(&trial.values, &candidate);
                if r < residual {
                    *w = candidate;
                    std::mem::swap(step, &mut trial);
                    residual = r;
                    accepted = true;
                    break;
                }
            }
        }
        if !accepted {
            w.copy_from_slice(&step.values);
            shapley(layer, w, moves, work, step);
            residual = max_change(&step.values, w);
        }
        // Where the values are approached only in the limit (a player who must keep the game
        // going with ever smaller risks), progress becomes slow: stop once the residual is
        // within ten times the tolerance and no longer falling.
        stalled = if residual > 0.9 * before {
            stalled + 1
        } else {
            0
        };
        if residual <= 10.0 * tolerance && stalled >= 8 {
            break;
        }
    }
    Report {
        iterations,
        residual,
    }
}

/// The Newton step: with the strategies of `step` fixed, the unknowns' values solve
/// `w = γ P w + b` (`P`: where the round stays in the layer, with its sign; `b`: what leaving
/// is worth). Without a discount, unknowns that cannot reach an exit under these strategies keep
/// `T(w)` (their system is singular). The
/// solution goes to `work.candidate`; false if the system is singular.
fn newton(layer: &Layer, step: &Step, work: &mut Work) -> bool {
    let n = layer.unknowns.len();
    let m = step.stride;
    // Which unknowns reach an exit: those that leave, then backwards until nothing changes.
    work.reaches.clear();
    work.reaches.resize(n, false);
    let each_cell = |k: usize, f: &mut dyn FnMut(f64, Cell)| {
        let stage = &layer.unknowns[k];
        for r in 0..stage.rows {
            let px = step.rows[k * m + r];
            if px <= 0.0 {
                continue;
            }
            for c in 0..stage.cols {
                let py = step.cols[k * m + c];
                if py > 0.0 {
                    f(px * py, layer.cells[stage.first + r * stage.cols + c]);
                }
            }
        }
    };
    for k in 0..n {
        // With a discount every position's value is determined (a game kept going for ever is
        // worth 0, discounted away); without one only those that can leave.
        let mut leaves = layer.gamma < 1.0;
        each_cell(k, &mut |_, cell| leaves |= matches!(cell, Cell::Leave(_)));
        work.reaches[k] = leaves;
    }
    loop {
        let mut changed = false;
        for k in 0..n {
            if work.reaches[k] {
                continue;
            }
            let mut reaches = false;
            each_cell(k, &mut |_, cell| {
                if let Cell::Stay { to, .. } = cell {
                    reaches |= work.reaches[to as usize];
                }
            });
            if reaches {
                work.reaches[k] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    work.live.clear();
    let mut position = vec![usize::MAX; n];
    for (k, slot) in position.iter_mut().enumerate() {
        if work.reaches[k] {
            *slot = work.live.len();
            work.live.push(k);
        }
    }
    // Dense (I − γP) over the live unknowns, with b as the last column.
    let size = work.live.len();
    let width = size + 1;
    work.system.clear();
    work.system.resize(size * width, 0.0);
    for (r, &k) in work.live.iter().enumerate() {
        let line = &mut work.system[r * width..(r + 1) * width];
        line[r] = 1.0;
        each_cell(k, &mut |p, cell| match cell {
            Cell::Leave(v) => line[size] += p * v,
            Cell::Stay { to, sign } => {
                let coefficient = layer.gamma * sign * p;
                match position[to as usize] {
                    usize::MAX => line[size] += coefficient * step.values[to as usize],
                    c => line[c] -= coefficient,
                }
            }
        });
    }
    let Some(solution) = gauss(&mut work.system, size) else {
        return false;
    };
    work.candidate.clear();
    work.candidate.extend_from_slice(&step.values);
    for (r, &k) in work.live.iter().enumerate() {
        work.candidate[k] = solution[r].clamp(-1.0, 1.0);
    }
    true
}

/// Solves the `k × k` system whose augmented matrix (`k` rows of `k + 1`) is `a`, by Gaussian
/// elimination with partial pivoting; `None` if it is singular.
///
/// The layers' systems are sparse and banded (a round moves each player's qi by a few units),
/// so each row's last non-zero column is tracked and row operations stop there: the work is
/// that of a banded elimination, with the code of a dense one.
pub(crate) fn gauss(a: &mut [f64], k: usize) -> Option<Vec<f64>> {
    let w = k + 1;
    // The last column (before the right-hand side) where each row may be non-zero.
    let mut last: Vec<usize> = (0..k)
        .map(|r| (0..k).rev().find(|&c| a[r * w + c] != 0.0).unwrap_or(0))
        .collect();
    for col in 0..k {
        let pivot =
            (col..k).max_by(|&x, &y| a[x * w + col].abs().total_cmp(&a[y * w + col].abs()))?;
        if a[pivot * w + col].abs() < 1e-14 {
            return None;
        }
        if pivot != col {
            for j in 0..w {
                a.swap(pivot * w + j, col * w + j);
            }
            last.swap(pivot, col);
        }
        let p = a[col * w + col];
        let end = last[col].max(col);
        for r in col + 1..k {
            let f = a[r * w + col] / p;
            if f != 0.0 {
                for j in col..=end {
                    a[r * w + j] -= f * a[col * w + j];
                }
                a[r * w + k] -= f * a[col * w + k];
                last[r] = last[r].max(end);
            }
        }
    }
    let mut x = vec![0.0; k];
    for r in (0..k).rev() {
        let mut s = a[r * w + k];
        for j in r + 1..=last[r].max(r) {
            s -= a[r * w + j] * x[j];
        }
        x[r] = s / a[r * w + r];
    }
    Some(x)
}
