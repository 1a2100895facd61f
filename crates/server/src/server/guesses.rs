//! Guessing invite codes and seat tokens is made hopeless: wrong guesses are counted per source
//! address (an IPv6 address by its /64, which one subscriber usually has whole), not per
//! connection. After a few free ones, each wrong guess makes the address wait twice as long
//! before its next code is even looked at, up to a minute; the count forgets one guess a
//! minute. Over the whole server, wrong guesses have a budget per minute: while it is spent,
//! no address that has guessed wrong lately is answered at all. A refusal is logged once per
//! address and minute.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// Wrong guesses an address may make before it has to wait.
pub const FREE_GUESSES: f64 = 5.0;
/// The longest wait after a wrong guess.
pub const LONGEST_WAIT: Duration = Duration::from_secs(60);
/// One counted wrong guess is forgotten after this long.
pub const FORGET_ONE: Duration = Duration::from_secs(60);
/// Wrong guesses the whole server takes per minute before it answers no guesser.
pub const SERVER_BUDGET_PER_MINUTE: f64 = 600.0;

/// The address that limits count by: an IPv4 address itself (also one mapped into IPv6),
/// an IPv6 address by its /64.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut s = v6.segments();
                s[4..].fill(0);
                IpAddr::V6(s.into())
            }
        },
    }
}

/// The wrong guesses of one address.
#[derive(Clone, Debug)]
struct Record {
    /// Wrong guesses counted (one is forgotten every [`FORGET_ONE`]).
    count: f64,
    /// When `count` was last brought up to date.
    at: Instant,
    /// No code is looked at for this address before then.
    wait_until: Instant,
    /// When a refusal of this address was last logged.
    logged: Option<Instant>,
}

/// The wrong guesses of every address, and the server's budget.
#[derive(Debug)]
pub struct Guesses {
    by_address: HashMap<IpAddr, Record>,
    /// When a refused connection of each address was last logged.
    refusals_said: HashMap<IpAddr, Instant>,
    /// Wrong guesses the server may still take (refilled at the budget's rate).
    budget: f64,
    budget_at: Instant,
}

/// Why a guess is not looked at.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    /// How long until the address may try again.
    pub wait: Duration,
    /// Log this refusal (the first for the address this minute).
    pub log: bool,
    /// The server's budget is spent (rather than this address's own allowance).
    pub server_wide: bool,
}

impl Default for Guesses {
    fn default() -> Guesses {
        Guesses::new(Instant::now())
    }
}

impl Guesses {
    /// Nobody has guessed yet.
    pub fn new(now: Instant) -> Guesses {
        Guesses {
            by_address: HashMap::new(),
            refusals_said: HashMap::new(),
            budget: SERVER_BUDGET_PER_MINUTE,
            budget_at: now,
        }
    }

    fn refill(&mut self, now: Instant) {
        let minutes = now.saturating_duration_since(self.budget_at).as_secs_f64() / 60.0;
        self.budget = (self.budget + minutes * SERVER_BUDGET_PER_MINUTE).min(SERVER_BUDGET_PER_MINUTE);
        self.budget_at = now;
    }

    /// Whether a code or token from `ip` may be looked at now.
    pub fn check(&mut self, ip: IpAddr, now: Instant) -> Result<(), Refusal> {
        self.refill(now);
        let key = address_key(ip);
        let Some(r) = self.by_address.get_mut(&key) else { return Ok(()) };
        forget(r, now);
        let own = r.wait_until.saturating_duration_since(now);
        let server_wide = self.budget < 1.0 && r.count > 0.0;
        if own.is_zero() && !server_wide {
            return Ok(());
        }
        let wait = if server_wide {
            own.max(Duration::from_secs_f64((1.0 - self.budget) * 60.0 / SERVER_BUDGET_PER_MINUTE))
        } else {
            own
        };
        let log = r.logged.is_none_or(|t| now.saturating_duration_since(t) >= Duration::from_secs(60));
        if log {
            r.logged = Some(now);
        }
        Err(Refusal { wait: wait.max(Duration::from_secs(1)), log, server_wide })
    }

    /// `ip` guessed wrong (no game has the code, or the token holds no seat).
    pub fn missed(&mut self, ip: IpAddr, now: Instant) {
        self.refill(now);
        self.budget = (self.budget - 1.0).max(-SERVER_BUDGET_PER_MINUTE);
        let r = self.by_address.entry(address_key(ip)).or_insert(Record {
            count: 0.0,
            at: now,
            wait_until: now,
            logged: None,
        });
        forget(r, now);
        r.count += 1.0;
        if r.count > FREE_GUESSES {
            let wait = LONGEST_WAIT.as_secs_f64().min(2f64.powf(r.count - FREE_GUESSES - 1.0));
            r.wait_until = now + Duration::from_secs_f64(wait);
        }
    }

    /// Forgets the addresses whose count has gone and whose wait is over (called now and then).
    pub fn sweep(&mut self, now: Instant) {
        self.by_address.retain(|_, r| {
            forget(r, now);
            r.count > 0.0 || r.wait_until > now
        });
        self.refusals_said.retain(|_, t| now.saturating_duration_since(*t) < Duration::from_secs(60));
    }

    /// Whether a refused connection from `ip` is to be logged: the first of each address a
    /// minute (a flood of them makes one line a minute).
    pub fn say_refusal(&mut self, ip: IpAddr, now: Instant) -> bool {
        let key = address_key(ip);
        let said =
            self.refusals_said.get(&key).is_some_and(|t| now.saturating_duration_since(*t) < Duration::from_secs(60));
        if !said {
            self.refusals_said.insert(key, now);
        }
        !said
    }

    /// Addresses with wrong guesses counted.
    pub fn addresses(&self) -> usize {
        self.by_address.len()
    }
}

/// Brings `r`'s count up to date: one wrong guess forgotten per [`FORGET_ONE`].
fn forget(r: &mut Record, now: Instant) {
    let gone = now.saturating_duration_since(r.at).as_secs_f64() / FORGET_ONE.as_secs_f64();
    r.count = (r.count - gone).max(0.0);
    r.at = now;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_address_waits_twice_as_long_after_each_wrong_guess_past_the_free_ones_up_to_a_minute() {
        let t0 = Instant::now();
        let mut g = Guesses::new(t0);
        let a = ip("192.0.2.7");
        for _ in 0..5 {
            assert_eq!(g.check(a, t0), Ok(()));
            g.missed(a, t0);
        }
        assert_eq!(g.check(a, t0), Ok(()), "five free wrong guesses");
        g.missed(a, t0);
        let r = g.check(a, t0).unwrap_err();
        assert_eq!((r.wait, r.log, r.server_wide), (Duration::from_secs(1), true, false));
        assert!(!g.check(a, t0).unwrap_err().log, "logged once a minute");
        // Each wrong guess after waiting doubles the wait (less what the count forgot
        // meanwhile), up to a minute: from then on at most one guess a minute.
        let mut now = t0;
        let mut waits = Vec::new();
        for _ in 0..9 {
            now = g.by_address[&a].wait_until;
            assert_eq!(g.check(a, now), Ok(()));
            assert!(g.check(a, now - Duration::from_millis(1)).is_err());
            g.missed(a, now);
            waits.push(g.by_address[&a].wait_until.saturating_duration_since(now).as_secs_f64());
        }
        // [1.98, 3.86, 7.39, 13.6, 23.2, 35.5, 47.1, 54.7, 58.1]: growing, at most a minute,
        // and once the waits near a minute the count forgets about one guess per guess, so
        // it stays there: about one guess a minute.
        for w in waits.windows(2) {
            assert!(w[1] > w[0] && w[1] <= 60.0, "{waits:?}");
        }
        for w in waits[..4].windows(2) {
            assert!(w[1] >= 1.8 * w[0], "{waits:?}");
        }
        assert!(waits[8] > 50.0, "{waits:?}");
        // Another address, and another /64, are not held back; the same /64 is.
        assert_eq!(g.check(ip("192.0.2.8"), now), Ok(()));
        let six = ip("2001:db8:1:2::1");
        for _ in 0..7 {
            g.missed(six, now);
        }
        assert!(g.check(ip("2001:db8:1:2:ffff::9"), now).is_err(), "the same /64");
        assert_eq!(g.check(ip("2001:db8:1:3::1"), now), Ok(()), "another /64");
        assert_eq!(address_key(ip("::ffff:192.0.2.7")), a);
    }

    #[test]
    fn a_guesser_is_forgiven_with_time() {
        let t0 = Instant::now();
        let mut g = Guesses::new(t0);
        let a = ip("192.0.2.7");
        for _ in 0..8 {
            g.missed(a, t0);
        }
        assert!(g.check(a, t0).is_err());
        let later = t0 + Duration::from_secs(9 * 60);
        assert_eq!(g.check(a, later), Ok(()));
        g.sweep(later);
        assert_eq!(g.addresses(), 0);
    }

    #[test]
    fn past_the_server_s_budget_no_address_that_guessed_wrong_is_answered() {
        let t0 = Instant::now();
        let mut g = Guesses::new(t0);
        // 600 addresses, one wrong guess each: within their own allowance, but the budget is spent.
        for i in 0..600u32 {
            g.missed(IpAddr::from((0x0a00_0000 + i).to_be_bytes()), t0);
        }
        let guesser = IpAddr::from(0x0a00_0001u32.to_be_bytes());
        let r = g.check(guesser, t0).unwrap_err();
        assert!(r.server_wide);
        // A player who never guessed wrong still joins.
        assert_eq!(g.check(ip("198.51.100.1"), t0), Ok(()));
        // The budget refills: a few seconds later guessers are answered again.
        assert_eq!(g.check(guesser, t0 + Duration::from_secs(2)), Ok(()));
    }
}
