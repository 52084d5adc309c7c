//! An exact solver for two-player zero-sum matrix games: a small dense simplex (see
//! [`solve_matrix_game`]).

/// The solution of a matrix game.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixSolution {
    /// The value for the row player.
    pub value: f64,
    /// An optimal mixed strategy of the row player (one probability per row).
    pub row: Vec<f64>,
    /// An optimal mixed strategy of the column player (one probability per column).
    pub col: Vec<f64>,
}

/// Solves the two-player zero-sum game with `payoff` (row-major, `rows × cols`, payoffs to the
/// row player, who maximises) exactly. An empty or mis-sized matrix gives value 0 and empty
/// strategies; non-finite entries count as 0.
///
/// It is a small dense simplex. The payoffs are first **rescaled** to `[1, 2]`
/// (`B = (A − min A) / (max A − min A) + 1`), so that the differences between entries, which
/// decide the game, are of order 1 however close together the entries are (a stage game whose
/// entries all lie within 10⁻⁸ of 1 is as well conditioned as one spread over `[−1, 1]`). The
/// column player's problem is then the linear programme
///
/// ```text
/// maximise Σ q_j   subject to   B q ≤ 1,  q ≥ 0
/// ```
///
/// whose optimum is `1 / v_B`; its solution scaled by `v_B` is the column player's optimal
/// strategy, and the dual prices of the constraints (the objective row under the slack columns)
/// scaled the same way are the row player's. The slack basis is feasible at the start, so no
/// phase one is needed. The entering column is the most negative reduced cost, and the leaving
/// row is chosen by Harris's two-pass ratio test — among the rows whose ratio is within a
/// rounding tolerance of the least, the one with the largest pivot — which keeps the tiny pivots
/// of near-degenerate games (this game's are full of ties) from blowing the tableau up; a long
/// run of degenerate pivots switches to Bland's rule, which cannot cycle.
///
/// **The final check is exact**: what the row strategy guarantees and what the column
/// strategy concedes are computed on the original payoffs ([`guaranteed`], [`conceded`]); when
/// they differ by more than `10⁻¹³ × (max A − min A)`, the game is solved again from the other
/// side (the column player's game, `−Aᵀ`, whose row strategy is this game's column strategy)
/// and then with Bland's rule throughout, keeping the best row and the best column strategy
/// found; if they still differ, the two sides are solved once more in double-double arithmetic
/// (about 32 significant digits, from error-free transformations), which settles the rare games
/// whose ties are too close for `f64` pivoting. The value returned lies between the two bounds.
/// A game with a saddle point (a pure strategy of each player guaranteeing the same payoff) is
/// answered without the simplex. The tests hold the two bounds to 10⁻¹² on a near-degenerate
/// stage game whose entries all lie within 10⁻⁸ of 1 and on every stage game of the shipped
/// tables, and to 10⁻¹⁰ on random games near 1, near 0 and spread over `[−1, 1]`.
///
/// Why not a linear-programming crate: the rules crates stay light, the games have at most 32
/// moves a side, and a solver whose every answer is checked exactly needs no trust in its
/// pivoting.
///
/// ```
/// use duel_rules::solver::{conceded, guaranteed, solve_matrix_game};
///
/// // Rock, paper, scissors: every move a third of the time, value 0.
/// let rps = [0.0, -1.0, 1.0, 1.0, 0.0, -1.0, -1.0, 1.0, 0.0];
/// let s = solve_matrix_game(&rps, 3, 3);
/// assert!(s.value.abs() < 1e-12);
/// assert!(s.row.iter().all(|p| (p - 1.0 / 3.0).abs() < 1e-12));
/// assert!(guaranteed(&rps, 3, 3, &s.row) > -1e-12 && conceded(&rps, 3, 3, &s.col) < 1e-12);
/// ```
pub fn solve_matrix_game(payoff: &[f64], rows: usize, cols: usize) -> MatrixSolution {
    if rows == 0 || cols == 0 || rows.checked_mul(cols) != Some(payoff.len()) {
        return MatrixSolution {
            value: 0.0,
            row: Vec::new(),
            col: Vec::new(),
        };
    }
    let clean: Vec<f64> = payoff
        .iter()
        .map(|&x| if x.is_finite() { x } else { 0.0 })
        .collect();
    let mut solver = MatrixSolver::default();
    let mut row = vec![0.0; rows];
    let mut col = vec![0.0; cols];
    let value = solver.solve(&clean, rows, cols, &mut row, &mut col);
    MatrixSolution { value, row, col }
}

/// The simplex with its working memory, reused across the many small games of a solve.
#[derive(Clone, Debug, Default)]
pub(crate) struct MatrixSolver {
    scaled: Vec<f64>,
    fast: Tableau<f64>,
    precise: Tableau<DoubleDouble>,
    first: Vec<f64>,
    second: Vec<f64>,
}

/// The final check accepts bounds this close, relative to the spread of the payoffs.
const ACCEPT: f64 = 1e-13;

/// How the simplex picks its pivots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// Most negative reduced cost; Harris's ratio test (largest pivot among near-ties);
    /// Bland's rule after a long run of degenerate pivots.
    Dantzig,
    /// Lowest index entering, lowest basic index among tied ratios: slow but never cycles.
    Bland,
}

/// One way of solving: which side's game, which pivot rule, which arithmetic.
#[derive(Clone, Copy, Debug)]
struct Attempt {
    /// Solve the column player's game (`−Aᵀ`) instead.
    transposed: bool,
    rule: Rule,
    /// Double-double arithmetic (about 32 significant digits) instead of `f64`.
    precise: bool,
}

/// The attempts, in order, until the bounds agree.
const ATTEMPTS: [Attempt; 5] = [
    Attempt {
        transposed: false,
        rule: Rule::Dantzig,
        precise: false,
    },
    Attempt {
        transposed: true,
        rule: Rule::Dantzig,
        precise: false,
    },
    Attempt {
        transposed: false,
        rule: Rule::Bland,
        precise: false,
    },
    Attempt {
        transposed: false,
        rule: Rule::Dantzig,
        precise: true,
    },
    Attempt {
        transposed: true,
        rule: Rule::Dantzig,
        precise: true,
    },
];

impl MatrixSolver {
    /// Solves the game (`payoff` row-major, finite entries, `rows, cols ≥ 1`), writing the
    /// strategies into `row_out` and `col_out`, and returns the value.
    pub(crate) fn solve(
        &mut self,
        payoff: &[f64],
        rows: usize,
        cols: usize,
        row_out: &mut [f64],
        col_out: &mut [f64],
    ) -> f64 {
        let min = payoff.iter().copied().fold(f64::INFINITY, f64::min);
        let max = payoff.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        // Half the spread, which cannot overflow; the spread itself could.
        let half = 0.5 * max - 0.5 * min;
        let half = if half > 0.0 { half } else { 0.5 };
        // A saddle point (a pure strategy of each player guaranteeing the same value) needs no
        // simplex: the game's cells at sure wins and sure losses often have one.
        let (mut row_best, mut maximin) = (0, f64::NEG_INFINITY);
        for i in 0..rows {
            let worst = payoff[i * cols..(i + 1) * cols]
                .iter()
                .copied()
                .fold(f64::INFINITY, f64::min);
            if worst > maximin {
                (row_best, maximin) = (i, worst);
            }
        }
        let (mut col_best, mut minimax) = (0, f64::INFINITY);
        for j in 0..cols {
            let best = (0..rows)
                .map(|i| payoff[i * cols + j])
                .fold(f64::NEG_INFINITY, f64::max);
            if best < minimax {
                (col_best, minimax) = (j, best);
            }
        }
        if maximin >= minimax {
            row_out[..rows].fill(0.0);
            col_out[..cols].fill(0.0);
            row_out[row_best] = 1.0;
            col_out[col_best] = 1.0;
            return maximin;
        }
        let (mut low, mut high) = (f64::NEG_INFINITY, f64::INFINITY);
        for attempt in ATTEMPTS {
            // The game as its row player sees it, rescaled to [1, 2].
            let (r, c) = if attempt.transposed {
                (cols, rows)
            } else {
                (rows, cols)
            };
            self.scaled.clear();
            for i in 0..r {
                for j in 0..c {
                    let b = if attempt.transposed {
                        (0.5 * max - 0.5 * payoff[j * cols + i]) / half + 1.0
                    } else {
                        (0.5 * payoff[i * cols + j] - 0.5 * min) / half + 1.0
                    };
                    self.scaled.push(b);
                }
            }
            let mut first = std::mem::take(&mut self.first);
            let mut second = std::mem::take(&mut self.second);
            first.clear();
            first.resize(r, 0.0);
            second.clear();
            second.resize(c, 0.0);
            if attempt.precise {
                self.precise
                    .solve(&self.scaled, r, c, attempt.rule, &mut first, &mut second);
            } else {
                self.fast
                    .solve(&self.scaled, r, c, attempt.rule, &mut first, &mut second);
            }
            let (x, y) = if attempt.transposed {
                (&second, &first)
            } else {
                (&first, &second)
            };
            let g = guaranteed(payoff, rows, cols, x);
            if g > low {
                low = g;
                row_out[..rows].copy_from_slice(x);
            }
            let h = conceded(payoff, rows, cols, y);
            if h < high {
                high = h;
                col_out[..cols].copy_from_slice(y);
            }
            self.first = first;
            self.second = second;
            if 0.5 * high - 0.5 * low <= ACCEPT * half {
                break;
            }
        }
        // The value lies between what the row strategy guarantees and what the column strategy
        // concedes (equal up to rounding).
        0.5 * low + 0.5 * high
    }
}

/// The arithmetic the simplex runs in, with its tolerances.
trait Scalar:
    Copy
    + Default
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
{
    /// Reduced costs above `−EPS` count as optimal.
    const EPS: f64;
    /// Smallest pivot element accepted: tinier ones are rounding noise.
    const PIVOT_EPS: f64;
    /// Harris's tolerance on the right-hand side in the ratio test.
    const HARRIS: f64;
    fn from_f64(x: f64) -> Self;
    fn to_f64(self) -> f64;
}

impl Scalar for f64 {
    const EPS: f64 = 1e-12;
    const PIVOT_EPS: f64 = 1e-11;
    const HARRIS: f64 = 1e-12;
    fn from_f64(x: f64) -> Self {
        x
    }
    fn to_f64(self) -> f64 {
        self
    }
}

/// A number as the unevaluated sum of two `f64`s (`hi + lo`, `|lo| ≤ ulp(hi) / 2`): about 32
/// significant digits, from error-free transformations (Dekker, Knuth; the `fma` product).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct DoubleDouble {
    hi: f64,
    lo: f64,
}

impl DoubleDouble {
    /// `a + b` renormalised, given `|a| ≥ |b|`.
    fn quick(a: f64, b: f64) -> Self {
        let s = a + b;
        Self {
            hi: s,
            lo: b - (s - a),
        }
    }

    /// `a + b` exactly, as a sum and its rounding error.
    fn two_sum(a: f64, b: f64) -> (f64, f64) {
        let s = a + b;
        let v = s - a;
        (s, (a - (s - v)) + (b - v))
    }
}

impl std::ops::Add for DoubleDouble {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        let (s, e) = Self::two_sum(self.hi, o.hi);
        Self::quick(s, e + self.lo + o.lo)
    }
}

impl std::ops::Sub for DoubleDouble {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        self + Self {
            hi: -o.hi,
            lo: -o.lo,
        }
    }
}

impl std::ops::Mul for DoubleDouble {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        let p = self.hi * o.hi;
        let e = self.hi.mul_add(o.hi, -p);
        Self::quick(p, e + (self.hi * o.lo + self.lo * o.hi))
    }
}

impl std::ops::Div for DoubleDouble {
    type Output = Self;
    fn div(self, o: Self) -> Self {
        let q1 = self.hi / o.hi;
        let r = self - o * Self::from_f64(q1);
        let q2 = r.hi / o.hi;
        let r = r - o * Self::from_f64(q2);
        let q3 = r.hi / o.hi;
        let q = Self::quick(q1, q2);
        q + Self::from_f64(q3)
    }
}

impl Scalar for DoubleDouble {
    const EPS: f64 = 1e-24;
    const PIVOT_EPS: f64 = 1e-22;
    const HARRIS: f64 = 1e-24;
    fn from_f64(x: f64) -> Self {
        Self { hi: x, lo: 0.0 }
    }
    fn to_f64(self) -> f64 {
        self.hi + self.lo
    }
}

/// A dense simplex tableau in arithmetic `T`.
#[derive(Clone, Debug, Default)]
struct Tableau<T> {
    tableau: Vec<T>,
    objective: Vec<T>,
    basis: Vec<usize>,
    width: usize,
}

impl<T: Scalar> Tableau<T> {
    /// The simplex on `scaled` (`r × c`, entries in [1, 2]): the row player's optimal strategy
    /// into `x`, the column player's into `y`.
    fn solve(
        &mut self,
        scaled: &[f64],
        r: usize,
        c: usize,
        rule: Rule,
        x: &mut [f64],
        y: &mut [f64],
    ) {
        let m = r;
        let vars = c + m;
        let width = vars + 1;
        self.width = width;
        self.tableau.clear();
        self.tableau.resize(m * width, T::default());
        for i in 0..m {
            let line = &mut self.tableau[i * width..(i + 1) * width];
            for (cell, &b) in line[..c].iter_mut().zip(&scaled[i * c..(i + 1) * c]) {
                *cell = T::from_f64(b);
            }
            line[c + i] = T::from_f64(1.0);
            line[vars] = T::from_f64(1.0);
        }
        self.objective.clear();
        self.objective.resize(width, T::default());
        self.objective[..c].fill(T::from_f64(-1.0));
        self.basis.clear();
        self.basis.extend(c..c + m);

        let mut rule = rule;
        let mut degenerate = 0;
        // Bland's rule terminates; the bound only guards against floating-point surprises.
        let max_pivots = 50 * (m + vars) + 100;
        for _ in 0..max_pivots {
            let cost = |j: usize| self.objective[j].to_f64();
            let enter = match rule {
                Rule::Bland => (0..vars).find(|&j| cost(j) < -T::EPS),
                Rule::Dantzig => (0..vars)
                    .filter(|&j| cost(j) < -T::EPS)
                    .min_by(|&a, &b| cost(a).total_cmp(&cost(b))),
            };
            let Some(enter) = enter else { break };
            let Some((pivot_row, ratio)) = self.leaving(enter, rule) else {
                // The constraints bound every q, so some row always limits the entering
                // variable; without one the tableau is rounding noise.
                break;
            };
            if ratio <= T::HARRIS {
                degenerate += 1;
                if degenerate > 4 * (m + vars) {
                    rule = Rule::Bland;
                }
            } else {
                degenerate = 0;
            }
            self.pivot(pivot_row, enter);
        }

        y[..c].fill(0.0);
        for (i, &b) in self.basis.iter().enumerate() {
            if b < c {
                y[b] = self.tableau[i * width + vars].to_f64().max(0.0);
            }
        }
        for (i, p) in x[..r].iter_mut().enumerate() {
            *p = self.objective[c + i].to_f64().max(0.0);
        }
        normalise(&mut x[..r]);
        normalise(&mut y[..c]);
    }

    /// The leaving row for column `enter` and its ratio.
    fn leaving(&self, enter: usize, rule: Rule) -> Option<(usize, f64)> {
        let width = self.width;
        let vars = width - 1;
        let entry = |i: usize| self.tableau[i * width + enter].to_f64();
        let rhs = |i: usize| self.tableau[i * width + vars].to_f64().max(0.0);
        let candidates = (0..self.basis.len()).filter(|&i| entry(i) > T::PIVOT_EPS);
        match rule {
            Rule::Bland => {
                let mut best: Option<(usize, f64)> = None;
                for i in candidates {
                    let ratio = rhs(i) / entry(i);
                    best = match best {
                        Some((k, b))
                            if !(ratio < b - T::EPS
                                || (ratio <= b + T::EPS && self.basis[i] < self.basis[k])) =>
                        {
                            Some((k, b))
                        }
                        _ => Some((i, ratio)),
                    };
                }
                best
            }
            Rule::Dantzig => {
                // Harris: the largest step any row allows with its right-hand side loosened by
                // the tolerance, then the largest pivot among the rows within that step.
                let bound = candidates
                    .clone()
                    .map(|i| (rhs(i) + T::HARRIS) / entry(i))
                    .fold(f64::INFINITY, f64::min);
                candidates
                    .filter(|&i| rhs(i) / entry(i) <= bound)
                    .max_by(|&a, &b| entry(a).total_cmp(&entry(b)))
                    .map(|i| (i, rhs(i) / entry(i)))
            }
        }
    }

    fn pivot(&mut self, r: usize, c: usize) {
        let width = self.width;
        let p = self.tableau[r * width + c];
        for k in 0..width {
            self.tableau[r * width + k] = self.tableau[r * width + k] / p;
        }
        self.tableau[r * width + c] = T::from_f64(1.0);
        for i in 0..self.basis.len() {
            if i == r {
                continue;
            }
            let f = self.tableau[i * width + c];
            if f.to_f64() != 0.0 {
                for k in 0..width {
                    let delta = f * self.tableau[r * width + k];
                    self.tableau[i * width + k] = self.tableau[i * width + k] - delta;
                }
                self.tableau[i * width + c] = T::default();
            }
            // A right-hand side pushed below 0 by the tolerance is 0.
            let rhs = &mut self.tableau[i * width + width - 1];
            if rhs.to_f64() < 0.0 {
                *rhs = T::default();
            }
        }
        let f = self.objective[c];
        if f.to_f64() != 0.0 {
            for k in 0..width {
                self.objective[k] = self.objective[k] - f * self.tableau[r * width + k];
            }
            self.objective[c] = T::default();
        }
        self.basis[r] = c;
    }
}

/// Scales `p` to sum to 1 (uniform if it is all zero).
fn normalise(p: &mut [f64]) {
    let raw: f64 = p.iter().sum();
    // Probabilities that are rounding noise are dropped, so that a move never played stays at 0.
    for x in p.iter_mut() {
        if *x < 1e-13 * raw {
            *x = 0.0;
        }
    }
    let total: f64 = p.iter().sum();
    if total > 0.0 && total.is_finite() {
        for x in p.iter_mut() {
            *x /= total;
        }
    } else if !p.is_empty() {
        let u = 1.0 / p.len() as f64;
        p.fill(u);
    }
}

/// What the row strategy `x` guarantees: the least expected payoff over the columns (NaN when
/// `payoff` is not a non-empty `rows × cols` or `x` has fewer than `rows` entries).
pub fn guaranteed(payoff: &[f64], rows: usize, cols: usize, x: &[f64]) -> f64 {
    if rows == 0 || cols == 0 || rows.checked_mul(cols) != Some(payoff.len()) || x.len() < rows {
        return f64::NAN;
    }
    (0..cols)
        .map(|j| (0..rows).map(|i| x[i] * payoff[i * cols + j]).sum::<f64>())
        .fold(f64::INFINITY, f64::min)
}

/// What the column strategy `y` concedes at most: the largest expected payoff over the rows (NaN
/// when `payoff` is not a non-empty `rows × cols` or `y` has fewer than `cols` entries).
pub fn conceded(payoff: &[f64], rows: usize, cols: usize, y: &[f64]) -> f64 {
    if rows == 0 || cols == 0 || rows.checked_mul(cols) != Some(payoff.len()) || y.len() < cols {
        return f64::NAN;
    }
    (0..rows)
        .map(|i| (0..cols).map(|j| y[j] * payoff[i * cols + j]).sum::<f64>())
        .fold(f64::NEG_INFINITY, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::GameRng;

    fn check(payoff: &[f64], rows: usize, cols: usize) -> MatrixSolution {
        let s = solve_matrix_game(payoff, rows, cols);
        let low = guaranteed(payoff, rows, cols, &s.row);
        let high = conceded(payoff, rows, cols, &s.col);
        assert!(
            low >= s.value - 1e-12,
            "row strategy guarantees {low} < {}",
            s.value
        );
        assert!(
            high <= s.value + 1e-12,
            "col strategy concedes {high} > {}",
            s.value
        );
        for p in s.row.iter().chain(&s.col) {
            assert!(*p >= 0.0);
        }
        assert!((s.row.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((s.col.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        s
    }

    #[test]
    fn matching_pennies_and_rock_paper_scissors() {
        let s = check(&[1.0, -1.0, -1.0, 1.0], 2, 2);
        assert!(s.value.abs() < 1e-15);
        assert!((s.row[0] - 0.5).abs() < 1e-12);
        let rps = [0.0, -1.0, 1.0, 1.0, 0.0, -1.0, -1.0, 1.0, 0.0];
        let s = check(&rps, 3, 3);
        for p in s.row.iter().chain(&s.col) {
            assert!((p - 1.0 / 3.0).abs() < 1e-12);
        }
    }

    #[test]
    fn saddle_point_and_dominance() {
        let s = check(&[3.0, 1.0, 4.0, 2.0, 0.0, 5.0], 2, 3);
        assert!((s.value - 1.0).abs() < 1e-12);
        assert_eq!(s.row, vec![1.0, 0.0]);
        let s = check(&[0.5], 1, 1);
        assert_eq!(s.value, 0.5);
    }

    #[test]
    fn random_and_degenerate_games() {
        let mut rng = GameRng::new(7);
        for round in 0..2000 {
            let rows = 1 + rng.index(10);
            let cols = 1 + rng.index(10);
            let coarse = round % 2 == 0;
            let payoff: Vec<f64> = (0..rows * cols)
                .map(|_| {
                    if coarse {
                        rng.index(3) as f64 - 1.0
                    } else {
                        rng.unit_f64() * 2.0 - 1.0
                    }
                })
                .collect();
            check(&payoff, rows, cols);
        }
    }

    #[test]
    fn malformed_input_does_not_panic() {
        assert_eq!(solve_matrix_game(&[], 0, 3).value, 0.0);
        assert_eq!(solve_matrix_game(&[1.0], 2, 2).value, 0.0);
        let s = solve_matrix_game(&[f64::NAN, 1.0], 1, 2);
        assert_eq!(s.value, 0.0);
    }
}
