//! Finding a game on the local network by its code alone.
//!
//! A server that answers discovery listens on a UDP port (by default the game port, 7411).
//! A joiner broadcasts `KONANE? 1 CODE` and every server that has a game with that code answers
//! `KONANE! 1 CODE PORT`; the joiner then connects over TCP to the answering address and
//! that port. Nothing else is said over UDP, and a query for an unknown code gets no answer.

use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4, UdpSocket};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const QUERY: &str = "KONANE? 1 ";
const ANSWER: &str = "KONANE! 1 ";

/// Answers discovery queries until dropped.
pub struct Responder {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// The UDP address it listens on.
    pub local: SocketAddr,
}

impl Responder {
    /// Listens on UDP `port` (all interfaces) and answers for the codes `has` knows (asked by
    /// the address of the query, so the server's limits on wrong guesses apply here too),
    /// giving `tcp_port` as the game port.
    pub fn start(
        port: u16,
        tcp_port: u16,
        has: impl Fn(std::net::IpAddr, &str) -> bool + Send + 'static,
    ) -> std::io::Result<Responder> {
        let socket = UdpSocket::bind(SocketAddrV4::new(Ipv4Addr::UNSPECIFIED, port))?;
        socket.set_read_timeout(Some(Duration::from_millis(200)))?;
        let local = socket.local_addr()?;
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::Builder::new().name("konane-discovery".into()).spawn(move || {
            let mut buf = [0u8; 64];
            while !flag.load(Ordering::Relaxed) {
                let Ok((n, from)) = socket.recv_from(&mut buf) else { continue };
                let Some(code) = parse(&buf[..n], QUERY) else { continue };
                if has(from.ip(), &code) {
                    let _ = socket.send_to(format!("{ANSWER}{code} {tcp_port}").as_bytes(), from);
                }
            }
        })?;
        Ok(Responder { stop, thread: Some(thread), local })
    }
}

impl Drop for Responder {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn parse(bytes: &[u8], prefix: &str) -> Option<String> {
    let text = std::str::from_utf8(bytes).ok()?;
    let rest = text.strip_prefix(prefix)?;
    let code = rest.split(' ').next()?;
    super::code::normalise(code).ok()
}

/// Asks `targets` (the broadcast address and loopback, usually) for the game `code` and
/// returns the first server address that answers within `wait`.
pub fn find(code: &str, targets: &[SocketAddr], wait: Duration) -> Option<SocketAddr> {
    let code = super::code::normalise(code).ok()?;
    let socket = UdpSocket::bind(SocketAddrV4::new(Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.set_broadcast(true).ok()?;
    let query = format!("{QUERY}{code}");
    let deadline = Instant::now() + wait;
    let mut next_send = Instant::now();
    let mut buf = [0u8; 64];
    while Instant::now() < deadline {
        if Instant::now() >= next_send {
            for t in targets {
                let _ = socket.send_to(query.as_bytes(), t);
            }
            next_send = Instant::now() + Duration::from_millis(300);
        }
        let left = deadline.saturating_duration_since(Instant::now()).min(Duration::from_millis(100));
        if left.is_zero() || socket.set_read_timeout(Some(left)).is_err() {
            break;
        }
        let Ok((n, from)) = socket.recv_from(&mut buf) else { continue };
        let text = std::str::from_utf8(&buf[..n]).ok();
        let Some(rest) = text.and_then(|t| t.strip_prefix(ANSWER)) else { continue };
        let mut parts = rest.split(' ');
        if parts.next() != Some(code.as_str()) {
            continue;
        }
        if let Some(Ok(port)) = parts.next().map(str::parse::<u16>) {
            return Some(SocketAddr::new(from.ip(), port));
        }
    }
    None
}

/// The default places to ask: the local network's broadcast address and this machine.
pub fn default_targets(port: u16) -> Vec<SocketAddr> {
    vec![SocketAddr::from((Ipv4Addr::BROADCAST, port)), SocketAddr::from((Ipv4Addr::LOCALHOST, port))]
}

/// This machine's address on the local network, as others would reach it (none offline).
pub fn lan_address() -> Option<std::net::IpAddr> {
    // Connecting a UDP socket sends nothing; it only picks the interface a packet would use.
    let s = UdpSocket::bind(SocketAddrV4::new(Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    s.connect(SocketAddrV4::new(Ipv4Addr::new(192, 168, 255, 255), 9)).ok()?;
    let ip = s.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_found_and_an_unknown_one_is_not() {
        let r = Responder::start(0, 4242, |_, c| c == "ABC234").unwrap();
        let here = [SocketAddr::from((Ipv4Addr::LOCALHOST, r.local.port()))];
        let found = find("abc-234", &here, Duration::from_secs(5)).unwrap();
        assert_eq!(found, SocketAddr::from((Ipv4Addr::LOCALHOST, 4242)));
        assert_eq!(find("XYZ234", &here, Duration::from_millis(400)), None);
        assert_eq!(parse(b"KONANE? 1 \xff", QUERY), None);
    }
}
