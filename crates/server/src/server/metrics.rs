//! What an operator watches: counters and latency histograms the server keeps as it runs,
//! served with a health check over HTTP on an address of its own (`--metrics`, best kept on
//! loopback), in the Prometheus text format; and its log lines, one event each in `key=value`
//! form (never a token; a game by a digest of its code, not the code).

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use super::*;

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 12] = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5];

/// A latency histogram with fixed buckets, safe to update from any thread.
#[derive(Default)]
pub struct Histogram {
    /// Counts per bucket (the last: above every bound).
    counts: [AtomicU64; BUCKETS.len() + 1],
    /// The sum of all observations, in microseconds.
    sum_us: AtomicU64,
}

impl Histogram {
    /// Counts one observation.
    pub fn observe(&self, d: Duration) {
        let s = d.as_secs_f64();
        let i = BUCKETS.iter().position(|b| s <= *b).unwrap_or(BUCKETS.len());
        self.counts[i].fetch_add(1, Ordering::Relaxed);
        self.sum_us.fetch_add(d.as_micros() as u64, Ordering::Relaxed);
    }

    fn snapshot(&self) -> ([u64; BUCKETS.len() + 1], u64) {
        (std::array::from_fn(|i| self.counts[i].load(Ordering::Relaxed)), self.sum_us.load(Ordering::Relaxed))
    }

    /// The bucket bound under which the fraction `q` of observations fall (an upper estimate),
    /// or none before the first one.
    pub fn quantile(&self, q: f64) -> Option<f64> {
        let (counts, _) = self.snapshot();
        let total: u64 = counts.iter().sum();
        if total == 0 {
            return None;
        }
        let want = (q * total as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (i, c) in counts.iter().enumerate() {
            seen += c;
            if seen >= want {
                return Some(BUCKETS.get(i).copied().unwrap_or(f64::INFINITY));
            }
        }
        Some(f64::INFINITY)
    }

    fn write(&self, out: &mut String, name: &str, help: &str) {
        let (counts, sum_us) = self.snapshot();
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} histogram");
        let mut seen = 0;
        for (i, c) in counts.iter().enumerate() {
            seen += c;
            let le = BUCKETS.get(i).map_or("+Inf".to_string(), |b| b.to_string());
            let _ = writeln!(out, "{name}_bucket{{le=\"{le}\"}} {seen}");
        }
        let _ = writeln!(out, "{name}_sum {}\n{name}_count {seen}", sum_us as f64 / 1e6);
        for (q, label) in [(0.5, "0.5"), (0.99, "0.99")] {
            if let Some(v) = self.quantile(q) {
                let _ = writeln!(out, "{name}_quantile_upper{{quantile=\"{label}\"}} {v}");
            }
        }
    }
}

/// The server's running counts.
#[derive(Default)]
pub struct Metrics {
    /// Moves kept (committed and told).
    pub moves: AtomicU64,
    /// Games hosted.
    pub games_hosted: AtomicU64,
    /// Codes and tokens that named nothing.
    pub wrong_guesses: AtomicU64,
    /// Codes and tokens not looked at: their address had guessed wrong too often.
    pub guesses_held_back: AtomicU64,
    /// Connections refused at the door (too many from one address, or the server full).
    pub connections_refused: AtomicU64,
    /// Seats taken over by a resume on another connection.
    pub seats_taken_over: AtomicU64,
    /// Encryption handshakes that failed or were not finished in time.
    pub tls_failures: AtomicU64,
    /// From a change's message read to its answers queued (the server's part of a round trip).
    pub answer: Histogram,
    /// From a change queued to its commit (the database's part).
    pub commit: Histogram,
}

/// The metrics page, in the Prometheus text format (version 0.0.4).
pub(super) fn page(shared: &Shared) -> String {
    let (games, unfinished, connections, addresses) = {
        let hub = shared.hub.lock().unwrap();
        let unfinished = hub.games.values().filter(|g| g.outcome.is_none()).count();
        (hub.games.len(), unfinished, hub.connections, hub.guesses.addresses())
    };
    let m = &shared.metrics;
    let mut out = String::new();
    let mut gauge = |name: &str, help: &str, v: f64| {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {v}");
    };
    gauge("konane_games_in_memory", "Games held in memory (finished ones leave after ten idle minutes).", games as f64);
    gauge("konane_games_live", "Unfinished games in memory.", unfinished as f64);
    gauge("konane_connections", "Open connections.", connections as f64);
    gauge("konane_guessing_addresses", "Addresses with wrong codes or tokens counted.", addresses as f64);
    let mut counter = |name: &str, help: &str, v: &AtomicU64| {
        let v = v.load(Ordering::Relaxed);
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} counter\n{name} {v}");
    };
    counter("konane_moves_total", "Moves kept and told.", &m.moves);
    counter("konane_games_hosted_total", "Games hosted.", &m.games_hosted);
    counter("konane_wrong_guesses_total", "Codes and tokens that named nothing.", &m.wrong_guesses);
    counter(
        "konane_guesses_held_back_total",
        "Codes and tokens not looked at (their address waits).",
        &m.guesses_held_back,
    );
    counter(
        "konane_connections_refused_total",
        "Connections refused (per-address cap or server full).",
        &m.connections_refused,
    );
    counter("konane_seats_taken_over_total", "Seats resumed on another connection.", &m.seats_taken_over);
    counter(
        "konane_tls_handshake_failures_total",
        "Encryption handshakes that failed or did not finish by the hello's deadline.",
        &m.tls_failures,
    );
    m.answer.write(&mut out, "konane_answer_seconds", "From a change's message read to its answers queued.");
    m.commit.write(&mut out, "konane_commit_seconds", "From a change queued to its commit in the database.");
    out
}

/// The longest request read.
const MAX_REQUEST: usize = 8 * 1024;
/// Time a request may take to arrive.
const REQUEST_TIME: Duration = Duration::from_secs(5);

/// Serves `GET /metrics` and `GET /health` on `listener` until the task is dropped.
pub(super) async fn serve_metrics(shared: Arc<Shared>, listener: TcpListener) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        tokio::spawn(answer_http(shared.clone(), stream));
    }
}

/// Answers one HTTP request (one a connection) and closes.
async fn answer_http(shared: Arc<Shared>, mut stream: TcpStream) {
    let mut buf = Vec::with_capacity(512);
    let read = tokio::time::timeout(REQUEST_TIME, async {
        let mut chunk = [0u8; 1024];
        while !buf.windows(4).any(|w| w == b"\r\n\r\n") && buf.len() < MAX_REQUEST {
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return false,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
            }
        }
        true
    })
    .await;
    if !matches!(read, Ok(true)) {
        return;
    }
    let line = String::from_utf8_lossy(buf.split(|b| *b == b'\n').next().unwrap_or_default()).into_owned();
    let mut words = line.split_whitespace();
    let (status, kind, body) = match (words.next(), words.next()) {
        (Some("GET"), Some("/metrics")) => ("200 OK", "text/plain; version=0.0.4", page(&shared)),
        (Some("GET"), Some("/health")) => match shared.store.ping().await {
            Ok(()) => ("200 OK", "text/plain", "ok\n".to_string()),
            Err(e) => ("503 Service Unavailable", "text/plain", format!("the database writer: {e}\n")),
        },
        (Some("GET"), _) => ("404 Not Found", "text/plain", "try /metrics or /health\n".to_string()),
        _ => ("405 Method Not Allowed", "text/plain", "GET only\n".to_string()),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = tokio::time::timeout(REQUEST_TIME, async {
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
}

/// A game as the logs name it: a digest of its code, never the code (which lets anyone in).
pub fn game_tag(code: &str) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for b in code.bytes() {
        h = (h ^ b as u32).wrapping_mul(0x0100_0193);
    }
    format!("{h:08x}")
}

/// Writes one log line: the program, then `level=… event=…` and the fields, each `key=value`
/// (a value with spaces or quotes in quotes, escaped).
pub fn log(level: &str, event: &str, fields: &[(&str, &dyn std::fmt::Display)]) {
    let mut line = format!("{}: level={level} event={event}", crate::program());
    for (key, value) in fields {
        let v = value.to_string();
        if v.is_empty() || v.contains([' ', '"', '=', '\\']) || v.chars().any(char::is_control) {
            let _ = write!(line, " {key}={v:?}");
        } else {
            let _ = write!(line, " {key}={v}");
        }
    }
    eprintln!("{line}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_histogram_counts_into_buckets_and_gives_upper_quantiles() {
        let h = Histogram::default();
        assert_eq!(h.quantile(0.5), None);
        for ms in [0.3, 0.8, 0.9, 3.0, 40.0] {
            h.observe(Duration::from_secs_f64(ms / 1000.0));
        }
        h.observe(Duration::from_secs(9));
        assert_eq!(h.quantile(0.5), Some(0.001));
        assert_eq!(h.quantile(0.99), Some(f64::INFINITY));
        let mut out = String::new();
        h.write(&mut out, "x_seconds", "test");
        assert!(out.contains("x_seconds_bucket{le=\"0.001\"} 3\n"), "{out}");
        assert!(out.contains("x_seconds_bucket{le=\"+Inf\"} 6\n"), "{out}");
        assert!(out.contains("x_seconds_count 6\n"), "{out}");
    }

    #[test]
    fn a_game_is_logged_by_a_digest_never_by_its_code() {
        let tag = game_tag("ABCDEFG234");
        assert_eq!(tag.len(), 8);
        assert!(!tag.contains("ABC"));
        assert_ne!(tag, game_tag("ABCDEFG235"));
    }
}
