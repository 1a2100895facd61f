//! Fitting a linear evaluation to game results ("Texel tuning"): every jumping-phase position
//! of finished games becomes a sample, its [`features`] labelled with whether its side to move
//! went on to win, and a logistic regression over them is fitted by Newton's method. The fitted
//! weights, scaled to integers, are an [`EvalKind::Linear`](super::eval::EvalKind::Linear).
//! Plain Rust, no I/O: `konane tune` reads the records and prints the result.

use super::eval::{FEATURES, Weights, features};
use crate::rules::{Move, Phase, Position};

/// Weights of the fitted model: one per feature, then the constant term (the side to move's
/// advantage, which a search comparing leaves of one parity never uses).
pub const DIM: usize = FEATURES + 1;

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Its features.
    pub x: [i32; FEATURES],
    /// Whether the side to move won the game.
    pub won: bool,
}

/// Appends the samples of one game: the positions reached from `start` by `moves`, from
/// the `skip`-th jump on, in which the side to move has a jump. Returns how many were added,
/// or None (adding none) when a move is illegal or the game does not end with its last move.
pub fn game_samples(start: Position, moves: &[Move], skip: usize, out: &mut Vec<Sample>) -> Option<usize> {
    let mut p = start;
    let mut seen = Vec::new();
    let mut jumps = 0;
    for &m in moves {
        if !p.is_legal(m) {
            return None;
        }
        if p.opening_phase() == Phase::Jumping {
            if jumps >= skip {
                seen.push((features(&p), p.to_move()));
            }
            jumps += 1;
        }
        p = p.after(m);
    }
    if p.opening_phase() != Phase::Jumping || p.move_count() != 0 {
        return None;
    }
    let loser = p.to_move();
    out.extend(seen.iter().map(|&(x, side)| Sample { x, won: side != loser }));
    Some(seen.len())
}

/// A fitted model and how well it predicts.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Weights per feature, then the constant term.
    pub weights: [f64; DIM],
    /// Mean log loss (natural log) on the samples it was fitted to.
    pub loss: f64,
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

fn row(s: &Sample) -> [f64; DIM] {
    let mut r = [1.0; DIM];
    for (a, &b) in r.iter_mut().zip(s.x.iter()) {
        *a = b as f64;
    }
    r
}

fn dot(a: &[f64; DIM], b: &[f64; DIM]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Mean log loss of `weights` over `samples` (the probability clamped away from 0 and 1).
pub fn log_loss(samples: &[Sample], weights: &[f64; DIM]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let q = sigmoid(dot(weights, &row(s))).clamp(1e-12, 1.0 - 1e-12);
            if s.won { -q.ln() } else { -(1.0 - q).ln() }
        })
        .sum();
    total / samples.len() as f64
}

/// Share of samples whose winner the model names (probability above one half for a win).
pub fn accuracy(samples: &[Sample], weights: &[f64; DIM]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let right = samples.iter().filter(|s| (dot(weights, &row(s)) > 0.0) == s.won).count();
    right as f64 / samples.len() as f64
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; None when singular.
fn solve_linear(mut a: [[f64; DIM]; DIM], mut b: [f64; DIM]) -> Option<[f64; DIM]> {
    for col in 0..DIM {
        let pivot = (col..DIM).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for r in col + 1..DIM {
            let f = a[r][col] / a[col][col];
            let pivot_row = a[col];
            for (x, p) in a[r].iter_mut().zip(pivot_row.iter()).skip(col) {
                *x -= f * p;
            }
            b[r] -= f * b[col];
        }
    }
    let mut x = [0.0; DIM];
    for r in (0..DIM).rev() {
        let tail: f64 = (r + 1..DIM).map(|c| a[r][c] * x[c]).sum();
        x[r] = (b[r] - tail) / a[r][r];
    }
    Some(x)
}

/// Fits the logistic model to `samples` by Newton's method with a small ridge penalty
/// `l2` (per sample) that keeps unused features at zero. `mask[i]` false pins weight `i`
/// at zero (the constant term is always fitted). None without samples.
pub fn fit(samples: &[Sample], l2: f64, mask: [bool; FEATURES]) -> Option<Fit> {
    if samples.is_empty() {
        return None;
    }
    let n = samples.len() as f64;
    let used = |i: usize| i == FEATURES || mask[i];
    let mut w = [0.0; DIM];
    for _ in 0..50 {
        let mut grad = [0.0; DIM];
        let mut hess = [[0.0; DIM]; DIM];
        for s in samples {
            let x = row(s);
            let q = sigmoid(dot(&w, &x));
            let err = q - if s.won { 1.0 } else { 0.0 };
            let curv = q * (1.0 - q);
            for i in 0..DIM {
                grad[i] += err * x[i] / n;
                for j in 0..DIM {
                    hess[i][j] += curv * x[i] * x[j] / n;
                }
            }
        }
        for i in 0..DIM {
            grad[i] += l2 * w[i];
            hess[i][i] += l2;
            if !used(i) {
                // A pinned weight: no step, and a row that keeps the system solvable.
                grad[i] = 0.0;
                hess[i] = [0.0; DIM];
                for r in hess.iter_mut() {
                    r[i] = 0.0;
                }
                hess[i][i] = 1.0;
            }
        }
        let step = solve_linear(hess, grad)?;
        let mut largest: f64 = 0.0;
        for i in 0..DIM {
            w[i] -= step[i];
            largest = largest.max(step[i].abs());
        }
        if largest < 1e-10 {
            break;
        }
    }
    Some(Fit { weights: w, loss: log_loss(samples, &w) })
}

/// Integer weights for the search: the fitted ones scaled so that the largest feature weight
/// is `largest` in size (the constant term dropped: it never changes a choice).
pub fn integer_weights(fit: &Fit, largest: i32) -> Weights {
    let top = fit.weights[..FEATURES].iter().fold(0.0f64, |m, w| m.max(w.abs()));
    let mut out = [0; FEATURES];
    if top > 0.0 {
        for (o, w) in out.iter_mut().zip(fit.weights.iter()) {
            *o = (w / top * largest as f64).round() as i32;
        }
    }
    Weights(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Geometry, Position};

    fn sample(x0: i32, x1: i32, won: bool) -> Sample {
        let mut x = [0; FEATURES];
        x[0] = x0;
        x[1] = x1;
        Sample { x, won }
    }

    #[test]
    fn the_fit_finds_the_weights_that_made_the_labels() {
        // Labels drawn from a known model: P(win) = sigmoid(0.5 a - 0.25 b + 0.1).
        let mut samples = Vec::new();
        let mut state = 12345u64;
        for _ in 0..40_000 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let a = ((state >> 33) % 11) as i32;
            let b = ((state >> 45) % 11) as i32;
            let u = ((state >> 11) & 0xFFFF) as f64 / 65536.0;
            samples.push(sample(a, b, u < sigmoid(0.5 * a as f64 - 0.25 * b as f64 + 0.1)));
        }
        let mut mask = [false; FEATURES];
        mask[0] = true;
        mask[1] = true;
        let f = fit(&samples, 1e-9, mask).unwrap();
        assert!((f.weights[0] - 0.5).abs() < 0.05, "{:?}", f.weights);
        assert!((f.weights[1] + 0.25).abs() < 0.05, "{:?}", f.weights);
        assert!((f.weights[FEATURES] - 0.1).abs() < 0.15, "{:?}", f.weights);
        assert!(f.weights[2..FEATURES].iter().all(|&w| w == 0.0), "pinned weights move: {:?}", f.weights);
        // The fitted model predicts better than knowing nothing (log 2).
        assert!(f.loss < std::f64::consts::LN_2 - 0.05);
        assert!(accuracy(&samples, &f.weights) > 0.7);
        let w = integer_weights(&f, 16);
        assert_eq!(w.0[0], 16);
        assert!((w.0[1] + 8).abs() <= 1, "{:?}", w);
    }

    #[test]
    fn a_game_gives_its_positions_labelled_by_the_winner() {
        let geo = Geometry::new(4, 4).unwrap();
        let start = Position::start(geo);
        // Play a game out, always the first move.
        let mut p = start;
        let mut moves = Vec::new();
        while p.move_count() > 0 {
            let m = p.legal_moves()[0];
            moves.push(m);
            p = p.after(m);
        }
        let mut out = Vec::new();
        let jumps = moves.len() - 2;
        assert_eq!(game_samples(start, &moves, 0, &mut out), Some(jumps));
        // Samples alternate sides; the last one's side to move made the last move and won.
        assert!(out.last().unwrap().won);
        assert!(out.windows(2).all(|w| w[0].won != w[1].won));
        // Skipping plies skips samples; an unfinished game gives none.
        assert_eq!(game_samples(start, &moves, 1, &mut Vec::new()), Some(jumps - 1));
        let mut none = Vec::new();
        assert_eq!(game_samples(start, &moves[..moves.len() - 1], 0, &mut none), None);
        assert!(none.is_empty());
    }
}
