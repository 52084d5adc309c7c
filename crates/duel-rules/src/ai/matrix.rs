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
/// It is a small dense simplex. With the payoffs shifted so that every entry is at least 1
/// (`B = A − min A + 1`, value `v_B ≥ 1`), the column player's problem is the linear programme
///
/// ```text
/// maximise Σ q_j   subject to   B q ≤ 1,  q ≥ 0
/// ```
///
/// whose optimum is `1 / v_B`; its solution scaled by `v_B` is the column player's optimal
/// strategy, and the dual prices of the constraints (the objective row under the slack columns)
/// scaled the same way are the row player's. The slack basis is feasible at the start, so no
/// phase one is needed. Pivots follow Bland's rule (lowest index entering, lowest basic index
/// among tied ratios), which cannot cycle on the degenerate games this game is full of.
///
/// ```
/// use duel_rules::{conceded, guaranteed, solve_matrix_game};
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
    tableau: Vec<f64>,
    objective: Vec<f64>,
    basis: Vec<usize>,
}

const EPS: f64 = 1e-12;
/// Smallest pivot element accepted: tinier ones are rounding noise and would blow up the tableau.
const PIVOT_EPS: f64 = 1e-9;

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
        let shift = 1.0 - min;
        let m = rows;
        let vars = cols + m;
        let width = vars + 1;
        self.tableau.clear();
        self.tableau.resize(m * width, 0.0);
        for i in 0..m {
            let line = &mut self.tableau[i * width..(i + 1) * width];
            for j in 0..cols {
                line[j] = payoff[i * cols + j] + shift;
            }
            line[cols + i] = 1.0;
            line[vars] = 1.0;
        }
        self.objective.clear();
        self.objective.resize(width, 0.0);
        self.objective[..cols].fill(-1.0);
        self.basis.clear();
        self.basis.extend(cols..cols + m);

        // Bland's rule terminates; the bound only guards against floating-point surprises.
        let max_pivots = 50 * (m + vars) + 100;
        for _ in 0..max_pivots {
            let Some(enter) = (0..vars).find(|&j| self.objective[j] < -EPS) else {
                break;
            };
            let mut leave: Option<(usize, f64)> = None;
            for i in 0..m {
                let a = self.tableau[i * width + enter];
                if a > PIVOT_EPS {
                    let ratio = self.tableau[i * width + vars] / a;
                    leave = match leave {
                        None => Some((i, ratio)),
                        Some((k, best)) => {
                            if ratio < best - EPS
                                || (ratio <= best + EPS && self.basis[i] < self.basis[k])
                            {
                                Some((i, ratio))
                            } else {
                                Some((k, best))
                            }
                        }
                    };
                }
            }
            // The constraints bound every q, so some row always limits the entering variable.
            let Some((pivot_row, _)) = leave else { break };
            self.pivot(pivot_row, enter, width);
        }

        col_out[..cols].fill(0.0);
        for (i, &b) in self.basis.iter().enumerate() {
            if b < cols {
                col_out[b] = self.tableau[i * width + vars].max(0.0);
            }
        }
        for (i, p) in row_out[..rows].iter_mut().enumerate() {
            *p = self.objective[cols + i].max(0.0);
        }
        normalise(&mut row_out[..rows]);
        normalise(&mut col_out[..cols]);
        // The value lies between what the row strategy guarantees and what the column strategy
        // concedes (equal up to rounding); clamping keeps it consistent with both strategies.
        let low = guaranteed(payoff, rows, cols, row_out);
        let high = conceded(payoff, rows, cols, col_out);
        let total = self.objective[vars];
        let lp = if total > 0.0 {
            1.0 / total - shift
        } else {
            low
        };
        if low <= high {
            lp.clamp(low, high)
        } else {
            lp.clamp(high, low)
        }
    }

    fn pivot(&mut self, r: usize, c: usize, width: usize) {
        let p = self.tableau[r * width + c];
        for k in 0..width {
            self.tableau[r * width + k] /= p;
        }
        self.tableau[r * width + c] = 1.0;
        let m = self.basis.len();
        for i in 0..m {
            if i == r {
                continue;
            }
            let f = self.tableau[i * width + c];
            if f != 0.0 {
                for k in 0..width {
                    let delta = f * self.tableau[r * width + k];
                    self.tableau[i * width + k] -= delta;
                }
                self.tableau[i * width + c] = 0.0;
            }
        }
        let f = self.objective[c];
        if f != 0.0 {
            for k in 0..width {
                self.objective[k] -= f * self.tableau[r * width + k];
            }
            self.objective[c] = 0.0;
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
