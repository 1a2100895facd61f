//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its
//! deviation (how unsure it is) and its volatility (how erratic the player's results are).
//!
//! The player's games in one rating period are taken together by [`Rating::after`]; with no
//! games the deviation grows ([`Rating::idle`]). Engine-free: the game's history uses it
//! for the player's rating against the computer's levels, which have fixed ratings.

/// Glicko-2's scale factor between the Glicko scale (1500-centred) and its own.
const SCALE: f64 = 173.7178;

/// The system constant τ: how much the volatility may change (0.3 to 1.2; smaller is
/// steadier). Glickman's example uses 0.5.
pub const TAU: f64 = 0.5;

/// A new player's rating.
pub const START: Rating = Rating { rating: 1500.0, deviation: 350.0, volatility: 0.06 };

/// Where the volatility's iteration stops.
const EPSILON: f64 = 0.000_001;

/// A Glicko-2 rating on the familiar scale (a new player is 1500 ± 350).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// The rating deviation: about 95 % of the time the true strength is within twice this.
    pub deviation: f64,
    /// The volatility.
    pub volatility: f64,
}

/// One game of a rating period: the opponent and the score (1 a win, 0 a loss, ½ a draw).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent's rating before the period.
    pub opponent: Rating,
    /// The score.
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    fn mu(&self) -> f64 {
        (self.rating - 1500.0) / SCALE
    }

    fn phi(&self) -> f64 {
        self.deviation / SCALE
    }

    /// The chance this player beats `other` (Glicko-2's expected score).
    pub fn expected_score(&self, other: &Rating) -> f64 {
        expected(self.mu(), other.mu(), other.phi())
    }

    /// After a rating period without games: the same rating, a larger deviation (never more
    /// than a new player's).
    pub fn idle(&self) -> Rating {
        let phi = (self.phi().powi(2) + self.volatility.powi(2)).sqrt();
        Rating { deviation: (phi * SCALE).min(START.deviation), ..*self }
    }

    /// After a rating period with `games` (all against ratings from before the period), with
    /// the system constant `tau`.
    pub fn after(&self, games: &[Game], tau: f64) -> Rating {
        if games.is_empty() {
            return self.idle();
        }
        let (mu, phi) = (self.mu(), self.phi());
        // Step 3 and 4: the estimated variance of the rating from the games alone, and the
        // estimated improvement.
        let mut inv_v = 0.0;
        let mut sum = 0.0;
        for game in games {
            let (mu_j, phi_j) = (game.opponent.mu(), game.opponent.phi());
            let e = expected(mu, mu_j, phi_j);
            inv_v += g(phi_j).powi(2) * e * (1.0 - e);
            sum += g(phi_j) * (game.score - e);
        }
        let v = 1.0 / inv_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma = new_volatility(self.volatility, phi, v, delta, tau);
        // Steps 6 to 8.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Rating { rating: SCALE * mu_new + 1500.0, deviation: SCALE * phi_new, volatility: sigma }
    }
}

/// Glicko-2's step 5: the volatility that makes the games' result most likely, by the
/// Illinois variant of regula falsi.
fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > EPSILON {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating { rating, deviation, volatility: 0.06 }
    }

    #[test]
    fn glickmans_worked_example_to_three_decimals() {
        // A 1500 ± 200 player beats a 1400 ± 30, loses to a 1550 ± 100 and to a 1700 ± 300.
        let games = [
            Game { opponent: r(1400.0, 30.0), score: 1.0 },
            Game { opponent: r(1550.0, 100.0), score: 0.0 },
            Game { opponent: r(1700.0, 300.0), score: 0.0 },
        ];
        let after = r(1500.0, 200.0).after(&games, TAU);
        // The paper, on Glicko-2's scale: μ' = −0.2069, φ' = 0.8722, σ' = 0.05999.
        assert!((after.mu() - -0.2069).abs() < 0.00005, "{after:?}");
        assert!((after.phi() - 0.8722).abs() < 0.00005, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
        // And on the familiar scale r' = 1464.06, RD' = 151.52: the paper converts its rounded
        // μ' (exactly, r' = 1464.0507), so these hold to a hundredth.
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation_up_to_a_new_player_s() {
        let p = r(1600.0, 100.0);
        let idle = p.idle();
        assert_eq!(idle.rating, 1600.0);
        assert!(idle.deviation > 100.0 && idle.deviation < 101.0, "{idle:?}");
        assert_eq!(START.idle().deviation, 350.0);
        assert_eq!(p.after(&[], TAU), idle);
    }

    #[test]
    fn beating_a_stronger_player_gains_more_than_beating_a_weaker_one() {
        let p = r(1500.0, 100.0);
        let win = |opp: f64| p.after(&[Game { opponent: r(opp, 50.0), score: 1.0 }], TAU).rating - 1500.0;
        assert!(win(1800.0) > win(1500.0) && win(1500.0) > win(1200.0) && win(1200.0) > 0.0);
        let even = p.expected_score(&r(1500.0, 50.0));
        assert!((even - 0.5).abs() < 1e-12);
        assert!(p.expected_score(&r(1300.0, 50.0)) > 0.7);
    }
}
