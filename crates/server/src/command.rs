//! `konane serve` (and `konane-server`, the same flags) and `konane serve-bench`: their
//! options and what they do.

use crate::bench::{self, BenchConfig, BenchReport};
use crate::discovery::Responder;
use crate::flags::{seconds, size, whole};
use crate::server::{Server, ServerConfig};
use konane_core::console::OutputError;
use konane_core::rules::Geometry;
use konane_core::{errln, outln};
use std::ffi::OsString;
use std::io::BufRead;
use std::time::Duration;

/// Longest run of `serve-bench --seconds`: a day.
pub const MAX_BENCH_SECS: f64 = 86_400.0;

/// Why a server command stopped.
#[derive(Debug)]
pub enum Failure {
    /// It could not start or run (a port in use, a database it cannot open): exit status 2.
    Bad(String),
    /// Standard output or error could not be written.
    Output(OutputError),
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Bad(message)
    }
}

impl From<OutputError> for Failure {
    fn from(e: OutputError) -> Failure {
        Failure::Output(e)
    }
}

/// The options of `konane serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on; 0.0.0.0:7411 accepts other machines (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:7411")]
    pub listen: std::net::SocketAddr,
    /// Where games are kept: a SQLite file (created if missing), or a PostgreSQL address
    /// (postgres://user@host:port/dbname) shared by several servers.
    #[arg(long, default_value = "konane-server.sqlite")]
    pub database: String,
    /// Minutes a game waits for a player who went away before it ends as abandoned.
    #[arg(long, default_value_t = 30, value_parser = whole::<u64>(1, 7 * 24 * 60), allow_hyphen_values = true)]
    pub keep_minutes: u64,
    /// Seconds of silence after which a connection is closed (clients ping every 10 s).
    #[arg(long, default_value_t = 60, value_parser = whole::<u64>(15, 3600), allow_hyphen_values = true)]
    pub idle_seconds: u64,
    /// Most connections open at once from one address.
    #[arg(long, default_value_t = 64, value_parser = whole::<usize>(1, 1_000_000), allow_hyphen_values = true)]
    pub max_connections_per_address: usize,
    /// Most unfinished games hosted from one address.
    #[arg(long, default_value_t = 32, value_parser = whole::<usize>(1, 1_000_000), allow_hyphen_values = true)]
    pub max_games_per_address: usize,
    /// Messages one connection may send per second on average (twice as many at once).
    #[arg(long, default_value_t = 20, value_parser = whole::<u64>(1, 1_000_000), allow_hyphen_values = true)]
    pub rate: u64,
    /// Also answer LAN discovery (UDP, on the listening port) for the games it keeps.
    #[arg(long)]
    pub discovery: bool,
    /// The SQLite log (`DATABASE-wal`) is folded into the database and truncated whenever it
    /// passes this many MiB (it is left empty on a clean stop).
    #[arg(long = "log-limit-mb", default_value_t = 16, value_parser = whole::<u64>(1, 65_536), allow_hyphen_values = true)]
    pub log_limit_mb: u64,
    /// Serve the metrics (Prometheus text format, `/metrics`) and a health check (`/health`)
    /// over HTTP on this address, say 127.0.0.1:7412 (keep it on loopback or a private
    /// network: it needs no password).
    #[arg(long)]
    pub metrics: Option<std::net::SocketAddr>,
    /// With PostgreSQL: connections that write (each game's changes always go through the same
    /// one; each batch of changes is sent in one go).
    #[arg(long, default_value_t = 4, value_parser = whole::<usize>(1, 64), allow_hyphen_values = true)]
    pub database_connections: usize,
    /// Take encrypted connections only (TLS), showing this certificate chain (PEM, the
    /// server's own certificate first); players connect to tls://HOST:PORT.
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub tls_cert: Option<std::path::PathBuf>,
    /// The private key of --tls-cert (PEM).
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub tls_key: Option<std::path::PathBuf>,
    /// For tests: the server's clock (games' clocks, claims) runs this many milliseconds ahead
    /// of the system's, the number read from FILE each time (missing or unreadable: 0).
    #[arg(long, value_name = "FILE", hide = true)]
    pub clock_file: Option<std::path::PathBuf>,
}

/// The options of `konane serve-bench`.
#[derive(clap::Args, Debug)]
pub struct ServeBenchArgs {
    /// Games played at once, one run per value (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "250,500,1000,2000", value_parser = whole::<usize>(1, 20_000), allow_hyphen_values = true)]
    pub games: Vec<usize>,
    /// Seconds each run plays (after the connections are made).
    #[arg(long, default_value_t = 60.0, value_parser = seconds(MAX_BENCH_SECS), allow_hyphen_values = true)]
    pub seconds: f64,
    /// Board size.
    #[arg(long, default_value = "8x8", value_parser = size(), allow_hyphen_values = true)]
    pub size: Geometry,
    /// Mean think time of a simulated player before each move, in milliseconds.
    #[arg(long, default_value_t = 500, value_parser = whole::<u64>(0, 60_000), allow_hyphen_values = true)]
    pub think_ms: u64,
    /// Use this running server instead of starting one (its memory is then not reported); several,
    /// comma-separated, share one PostgreSQL database: the pairs are spread over them, and a
    /// pair whose server goes away resumes on the next.
    #[arg(long)]
    pub server: Option<String>,
}

/// A network program must not die of SIGPIPE when a peer goes away mid-write (the command
/// line restores the default disposition for piping into `head`): the write fails instead.
fn ignore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_IGN has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}

fn runtime() -> Result<tokio::runtime::Runtime, Failure> {
    ignore_sigpipe();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::Bad(format!("cannot start the network runtime: {e}")))
}

/// Resolves on Ctrl-C or SIGTERM.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let term = signal(SignalKind::terminate());
        let int = signal(SignalKind::interrupt());
        match (term, int) {
            (Ok(mut t), Ok(mut i)) => {
                tokio::select! { _ = t.recv() => {}, _ = i.recv() => {} }
            }
            _ => std::future::pending::<()>().await,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Runs the server until Ctrl-C or SIGTERM.
pub fn serve(args: &ServeArgs) -> Result<(), Failure> {
    let (config, discovery) = (args.config(), args.discovery);
    let name = crate::program();
    crate::raise_open_file_limit();
    #[cfg(unix)]
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        errln!("{name}: running as root is not needed; run the server as an ordinary user");
    }
    if let crate::store::Database::Sqlite(path) = &config.database
        && crate::store::keeps_nothing(path)
    {
        errln!("{name}: --database {:?} keeps nothing: every game is lost when the server stops", path.as_os_str());
    }
    let rt = runtime()?;
    rt.block_on(async {
        let server = Server::bind(config).await?;
        let local = server.local_addr()?;
        let _responder = if discovery {
            let lookup = server.lookup();
            match Responder::start(local.port(), local.port(), move |from, code| lookup.has(from, code)) {
                Ok(r) => Some(r),
                Err(e) => {
                    errln!("{name}: no LAN discovery on UDP port {}: {e}", local.port());
                    None
                }
            }
        } else {
            None
        };
        outln!("{name}: listening on {local}");
        if let Some(at) = server.metrics_addr() {
            outln!("{name}: metrics on http://{at}/metrics, health on http://{at}/health");
            if !at.ip().is_loopback() {
                errln!("{name}: the metrics are served beyond this machine ({at}): they need no password");
            }
        }
        match server.tls_fingerprint() {
            None => outln!("{name}: connections are not encrypted (for a local network; see --tls-cert)"),
            Some(fp) => {
                outln!("{name}: connections are encrypted: players connect to tls://HOST:{}", local.port());
                outln!("{name}: certificate fingerprint (SHA-256): {}", crate::tls::grouped(&fp));
                outln!(
                    "{name}: for a certificate no authority signed, players pin it: tls://HOST:{}#{}",
                    local.port(),
                    crate::tls::hex(&fp)
                );
            }
        }
        konane_core::console::flush()?;
        server.run(stop_signal()).await;
        outln!("{name}: stopped");
        Ok::<(), Failure>(())
    })
}

/// A command line for messages.
fn shown_command(command: &[OsString]) -> String {
    let words: Vec<String> = command.iter().map(|w| w.to_string_lossy().into_owned()).collect();
    konane_core::rules::quote::shown(&words.join(" "))
}

/// Ends and reaps the server child, also when the benchmark fails.
struct Child(std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Starts the server (`command`: the program and its first arguments, `konane serve`) on a free
/// loopback port with a fresh database; returns it and its address.
fn start_server(dir: &std::path::Path, command: &[OsString]) -> Result<(Child, String), Failure> {
    let (program, first) = command.split_first().ok_or_else(|| Failure::Bad("no server program to start".into()))?;
    let mut child = std::process::Command::new(program)
        .args(first)
        .args(["--listen", "127.0.0.1:0", "--database"])
        .arg(dir.join("bench.sqlite"))
        .args(["--max-connections-per-address", "1000000", "--max-games-per-address", "1000000"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .map_err(|e| Failure::Bad(format!("cannot start the server {}: {e}", shown_command(command))))?;
    let stdout = child.stdout.take().expect("piped");
    let child = Child(child);
    let mut line = String::new();
    std::io::BufReader::new(stdout).read_line(&mut line).map_err(|e| Failure::Bad(e.to_string()))?;
    let addr = line
        .trim()
        .split_once(": listening on ")
        .map(|(_, addr)| addr.to_string())
        .ok_or_else(|| Failure::Bad(format!("the server said {line:?} instead of its address")))?;
    Ok((child, addr))
}

/// Plays each load level in turn and prints one table row per level.
/// `server_command` starts a server when `--server` names none: the program and its first
/// arguments (`konane serve`).
pub fn serve_bench(args: &ServeBenchArgs, server_command: &[OsString]) -> Result<(), Failure> {
    let ServeBenchArgs { games: loads, seconds, size, think_ms, server } = args;
    let (seconds, size, think_ms) = (*seconds, *size, *think_ms);
    crate::raise_open_file_limit();
    let rt = runtime()?;
    outln!("{}", bench_header());
    let mut unmeasured = Vec::new();
    for &games in loads {
        let dir = std::env::temp_dir().join(format!("konane-serve-bench-{}-{games}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| Failure::Bad(format!("cannot create a scratch directory: {e}")))?;
        let (child, addr) = match &server {
            Some(a) => (None, a.clone()),
            None => {
                let (c, a) = start_server(&dir, server_command)?;
                (Some(c), a)
            }
        };
        let base = child.as_ref().and_then(|c| rss_kib(c.0.id()));
        let cfg = BenchConfig {
            server: addr,
            games,
            duration: Duration::from_secs_f64(seconds),
            size,
            think: Duration::from_millis(think_ms),
        };
        let spinner = crate::progress::Progress::start("konane", "serve-bench", move || {
            format!("{games} games at once for {seconds:.0} s")
        });
        let report = rt.block_on(bench::run(cfg));
        drop(spinner);
        let rss = child.as_ref().and_then(|c| rss_kib(c.0.id()));
        drop(child);
        let _ = std::fs::remove_dir_all(&dir);
        outln!("{}", bench_row(&report, rss, base));
        if report.failovers > 0 {
            outln!(
                "        {} pairs resumed on another server; acknowledged moves lost: {}",
                report.failovers,
                report.lost
            );
        }
        // What the server or the system said is shown escaped: it may echo `--server`.
        let first = report.failures.first().map(|f| konane_core::rules::quote::escaped(f));
        if let Some(first) = &first {
            errln!("konane serve-bench: {} of {games} pairs failed; the first: {first}", report.failures.len());
        }
        if report.moves == 0 {
            unmeasured.push(format!("{games} ({})", first.unwrap_or_else(|| "no move was acknowledged".into())));
        }
        konane_core::console::flush()?;
    }
    match unmeasured.is_empty() {
        true => Ok(()),
        false => Err(Failure::Bad(format!("nothing was measured at {} games at once", unmeasured.join(", ")))),
    }
}

/// The head of serve-bench's table.
fn bench_header() -> String {
    format!(
        "{:>6} {:>9} {:>8} {:>9} {:>8} {:>8} {:>9} {:>12} {:>6}",
        "games", "finished", "moves", "moves/s", "p50 ms", "p99 ms", "RSS MB", "MB/1000 games", "errors"
    )
}

/// One row of serve-bench's table: what a load level measured, with the server's memory
/// (`rss`, and `base` before the games, in KiB) when it is known ("-" when not).
fn bench_row(report: &BenchReport, rss: Option<u64>, base: Option<u64>) -> String {
    let rss_mb = rss.map(|k| k as f64 / 1024.0);
    let per_1000 = match (rss, base) {
        (Some(r), Some(b)) if report.games_started > 0 => {
            format!("{:.1}", (r.saturating_sub(b)) as f64 / 1024.0 * 1000.0 / report.games_started as f64)
        }
        _ => "-".into(),
    };
    format!(
        "{:>6} {:>9} {:>8} {:>9.0} {:>8.2} {:>8.2} {:>9} {:>12} {:>6}",
        report.games_started,
        report.games_finished,
        report.moves,
        report.moves as f64 / report.seconds,
        report.latency_ms(0.5),
        report.latency_ms(0.99),
        rss_mb.map(|m| format!("{m:.1}")).unwrap_or_else(|| "-".into()),
        per_1000,
        report.failures.len()
    )
}

impl ServeArgs {
    /// The server's configuration: a game waits `keep_minutes` for a player who went away, a
    /// silent connection closes after `idle_seconds`, and `rate` messages a second are allowed
    /// on average (twice as many at once).
    pub fn config(&self) -> ServerConfig {
        let mut config = ServerConfig::new(self.listen, Default::default());
        config.database = crate::store::Database::parse(&self.database);
        config.keep = Duration::from_secs(self.keep_minutes * 60);
        config.idle = Duration::from_secs(self.idle_seconds);
        config.max_connections_per_address = self.max_connections_per_address;
        config.max_games_per_address = self.max_games_per_address;
        config.rate_per_second = self.rate as f64;
        config.rate_burst = 2.0 * self.rate as f64;
        config.log_limit = self.log_limit_mb << 20;
        config.metrics = self.metrics;
        config.database_connections = self.database_connections;
        config.tls = self.tls_cert.clone().zip(self.tls_key.clone());
        config.clock_file = self.clock_file.clone();
        config
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serve_options_become_the_server_s_limits() {
        let args = ServeArgs {
            listen: "127.0.0.1:0".parse().unwrap(),
            database: "x.sqlite".into(),
            keep_minutes: 2,
            idle_seconds: 30,
            max_connections_per_address: 5,
            max_games_per_address: 3,
            rate: 7,
            discovery: false,
            log_limit_mb: 3,
            metrics: None,
            database_connections: 4,
            tls_cert: None,
            tls_key: None,
            clock_file: None,
        };
        let c = args.config();
        assert_eq!(c.log_limit, 3 << 20);
        assert_eq!((c.keep, c.idle), (Duration::from_secs(120), Duration::from_secs(30)));
        assert_eq!((c.max_connections_per_address, c.max_games_per_address), (5, 3));
        assert_eq!((c.rate_per_second, c.rate_burst), (7.0, 14.0), "bursts of twice the rate");
    }

    #[test]
    fn a_bench_row_gives_memory_per_thousand_games_only_when_it_is_known() {
        let report = BenchReport {
            games_started: 500,
            games_finished: 20,
            moves: 1000,
            latencies_us: vec![1000, 2000, 3000],
            failures: vec!["reset".into()],
            seconds: 10.0,
            ..Default::default()
        };
        let row: Vec<String> =
            bench_row(&report, Some(200 * 1024), Some(100 * 1024)).split_whitespace().map(String::from).collect();
        assert_eq!(row, ["500", "20", "1000", "100", "2.00", "3.00", "200.0", "200.0", "1"]);
        let unknown = bench_row(&report, None, None);
        assert_eq!(unknown.split_whitespace().filter(|f| *f == "-").count(), 2, "{unknown}");
    }
}
