//! One connection: admitted by address, its hello read within a time, its frames read and
//! written, its decisions carried out, and its seat released when it goes.

use super::*;

pub(super) async fn connection(shared: Arc<Shared>, tcp: TcpStream, peer: SocketAddr) {
    let ip = peer.ip();
    // The hello is due by a fixed time, the encryption handshake included.
    let hello_by = Instant::now() + HELLO_TIME;
    let (id, admitted) = admit(&shared, ip);
    if let Err(why) = &admitted {
        shared.metrics.connections_refused.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if shared.hub.lock().unwrap().guesses.say_refusal(ip, Instant::now()) {
            metrics::log("warn", "connection_refused", &[("address", &guesses::address_key(ip)), ("why", why)]);
        }
    }
    let Some(stream) = open_line(&shared, tcp, hello_by, admitted.is_err()).await else {
        if admitted.is_ok() {
            release(&shared, ip);
        }
        return;
    };
    let (read, write) = tokio::io::split(stream);
    let mut frames = FramedRead::new(read, codec(MAX_CLIENT_FRAME));
    let mut sink = FramedWrite::new(write, codec(MAX_SERVER_FRAME));
    if let Err(why) = admitted {
        let _ = tokio::time::timeout(WRITE_TIME, sink.send(Bytes::from(encode(&error(ErrorCode::TooMany, why))))).await;
        return;
    }
    let kick = Arc::new(tokio::sync::Notify::new());
    shared.hub.lock().unwrap().kicks.insert(id, kick.clone());
    let (out, outbox) = mpsc::channel::<Bytes>(OUTBOX);
    let writer = tokio::spawn(write_frames(sink, outbox));
    let burst = shared.config.rate_burst;
    let mut conn = Conn {
        id,
        peer: ip,
        hello: false,
        attached: Attached::Nothing,
        out,
        tokens: burst,
        last_refill: Instant::now(),
        refused: 0,
        probes: Vec::new(),
        next_probe: 0,
    };
    serve_frames(&shared, &mut conn, &mut frames, &kick, hello_by).await;
    detach(&shared, &conn);
    shared.hub.lock().unwrap().kicks.remove(&id);
    release(&shared, ip);
    drop(conn);
    let _ = writer.await;
}

/// The connection's byte stream: the socket itself on a server without TLS; on a server with
/// TLS, the encrypted stream once its handshake is done (by the hello's deadline). A client
/// that speaks the plain protocol to a server with TLS is told so in that protocol, and a
/// connection turned away by address gets no handshake at all (none: the connection ends).
async fn open_line(shared: &Shared, tcp: TcpStream, hello_by: Instant, refused: bool) -> Option<Stream> {
    let Some(tls) = &shared.tls else { return Some(Box::new(tcp)) };
    if refused {
        return None;
    }
    let deadline = tokio::time::Instant::from_std(hello_by);
    let mut first = [0u8; 1];
    match tokio::time::timeout_at(deadline, tcp.peek(&mut first)).await {
        Ok(Ok(1)) => {}
        _ => return None,
    }
    if first[0] != tls::TLS_HANDSHAKE_BYTE {
        let (_, write) = tcp.into_split();
        let mut sink = FramedWrite::new(write, codec(MAX_SERVER_FRAME));
        let said = error(
            ErrorCode::BadMessage,
            "this server takes encrypted connections only: connect to tls://host:port (the address with tls:// \
             in front)",
        );
        let _ = tokio::time::timeout(WRITE_TIME, sink.send(Bytes::from(encode(&said)))).await;
        return None;
    }
    match tokio::time::timeout_at(deadline, tls.acceptor.accept(tcp)).await {
        Ok(Ok(stream)) => Some(Box::new(stream)),
        _ => {
            shared.metrics.tls_failures.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            None
        }
    }
}

/// Reads the connection's frames and carries out what each asks, until it closes, breaks,
/// falls silent, or is told to go (its seat taken over).
async fn serve_frames(
    shared: &Shared,
    conn: &mut Conn,
    frames: &mut FramedRead<ReadHalf<Stream>, LengthDelimitedCodec>,
    kick: &tokio::sync::Notify,
    hello_by: Instant,
) {
    // The hello is due by a fixed time: frames before it do not move the deadline.
    let mut probe = tokio::time::interval(PROBE_EVERY);
    probe.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let idle = tokio::time::sleep(shared.config.idle);
    tokio::pin!(idle);
    loop {
        let wait = if conn.hello { shared.config.idle } else { hello_by.saturating_duration_since(Instant::now()) };
        idle.as_mut().reset(tokio::time::Instant::now() + wait);
        let next = loop {
            tokio::select! {
                next = frames.next() => break Ok(next),
                () = &mut idle => break Err(()),
                // Its seat was taken over: it was told, and closes.
                () = kick.notified() => return,
                _ = probe.tick() => send_probe(shared, conn),
            }
        };
        let frame = match next {
            Err(_) | Ok(None) => break,
            Ok(Some(Err(e))) => {
                let _ = conn.out.try_send(Bytes::from(encode(&unreadable(&e))));
                break;
            }
            Ok(Some(Ok(body))) => body,
        };
        if !take_token(&shared.config, conn) {
            conn.refused += 1;
            let _ =
                conn.out.try_send(Bytes::from(encode(&error(ErrorCode::RateLimited, "too many messages; slow down"))));
            if conn.refused >= MAX_REFUSED {
                break;
            }
            continue;
        }
        let read_at = Instant::now();
        let decision = match decode_client(&frame) {
            Ok(msg) => shared.decide(conn, msg),
            // Before hello, anything unreadable ends the connection, as anything else does.
            Err(why) => Decision { close: !conn.hello, ..Decision::refuse(ErrorCode::BadMessage, why) },
        };
        let changes = decision.commit.is_some();
        let going_on = carry_out(shared, conn, decision).await;
        if changes {
            shared.metrics.answer.observe(read_at.elapsed());
        }
        if !going_on {
            break;
        }
    }
}

/// How often the server measures the round trip of a seat in a real-time game.
const PROBE_EVERY: Duration = Duration::from_secs(3);
/// Pings not answered that a connection keeps track of.
const MAX_PROBES: usize = 8;

/// Sends a `ping` to a connection that holds a seat in a real-time game that goes on (the
/// answer's delay is a sample of its round trip).
fn send_probe(shared: &Shared, conn: &mut Conn) {
    let Attached::Game { code } = &conn.attached else { return };
    let seated = {
        let hub = shared.hub.lock().unwrap();
        hub.games.get(code).is_some_and(|live| {
            live.control().real_time()
                && live.outcome.is_none()
                && live.conns.iter().any(|(id, s, _)| *id == conn.id && s.is_some())
        })
    };
    if !seated {
        return;
    }
    conn.next_probe += 1;
    if conn.probes.len() >= MAX_PROBES {
        conn.probes.remove(0);
    }
    conn.probes.push((conn.next_probe, Instant::now()));
    let _ = conn.out.try_send(Bytes::from(encode(&ServerMsg::Ping { n: conn.next_probe })));
}

/// A number for a new connection from `ip`, and whether it is let in (counted) or why not.
pub(super) fn admit(shared: &Shared, ip: IpAddr) -> (ConnId, Result<(), String>) {
    let ip = guesses::address_key(ip);
    let mut hub = shared.hub.lock().unwrap();
    let id = hub.next_conn;
    hub.next_conn += 1;
    let per = hub.addresses.entry(ip).or_default();
    let admitted = if per.connections >= shared.config.max_connections_per_address {
        Err(format!("this address already has {} connections", per.connections))
    } else if hub.connections >= shared.config.max_connections {
        Err("the server is full".to_string())
    } else {
        hub.addresses.get_mut(&ip).unwrap().connections += 1;
        hub.connections += 1;
        Ok(())
    };
    (id, admitted)
}

/// A connection from `ip` that was let in has closed: it no longer counts.
pub(super) fn release(shared: &Shared, ip: IpAddr) {
    let ip = guesses::address_key(ip);
    let mut hub = shared.hub.lock().unwrap();
    hub.connections -= 1;
    if let Some(per) = hub.addresses.get_mut(&ip) {
        per.connections -= 1;
        if per.connections == 0 {
            hub.addresses.remove(&ip);
        }
    }
}

/// Writes the queued frames until the queue closes or a write takes too long, then closes.
pub(super) async fn write_frames(
    mut sink: FramedWrite<WriteHalf<Stream>, LengthDelimitedCodec>,
    mut outbox: mpsc::Receiver<Bytes>,
) {
    while let Some(frame) = outbox.recv().await {
        match tokio::time::timeout(WRITE_TIME, sink.send(frame)).await {
            Ok(Ok(())) => {}
            _ => break,
        }
    }
    let _ = tokio::time::timeout(WRITE_TIME, SinkExt::<Bytes>::close(&mut sink)).await;
}

/// The error told to a client whose frame could not be read: too large, or broken.
pub(super) fn unreadable(e: &std::io::Error) -> ServerMsg {
    if e.kind() == std::io::ErrorKind::InvalidData {
        error(ErrorCode::TooLarge, format!("frames are at most {MAX_CLIENT_FRAME} bytes"))
    } else {
        error(ErrorCode::BadMessage, e.to_string())
    }
}

pub(super) fn take_token(config: &ServerConfig, conn: &mut Conn) -> bool {
    let now = Instant::now();
    let dt = now.duration_since(conn.last_refill).as_secs_f64();
    conn.last_refill = now;
    conn.tokens = (conn.tokens + dt * config.rate_per_second).min(config.rate_burst);
    if conn.tokens >= 1.0 {
        conn.tokens -= 1.0;
        true
    } else {
        false
    }
}

/// Sends what was decided, waiting for the store where needed. False: close the connection.
pub(super) async fn carry_out(shared: &Shared, conn: &Conn, d: Decision) -> bool {
    let send = |m: &ServerMsg| conn.out.try_send(Bytes::from(encode(m))).is_ok();
    if let Attached::Game { code } = &conn.attached {
        // Queued after the decision's changes, so told after their commit.
        for ev in &d.notes {
            shared.publish(code, ev.clone());
        }
    }
    for m in &d.reply {
        if !send(m) {
            return false;
        }
    }
    if !d.others.is_empty()
        && let Attached::Game { code, .. } = &conn.attached
    {
        let hub = shared.hub.lock().unwrap();
        if let Some(live) = hub.games.get(code) {
            for m in &d.others {
                live.send_others(conn.id, m);
            }
        }
    }
    if let Some((code, done)) = d.commit {
        let queued = Instant::now();
        let kept = done.await.unwrap_or_else(|_| Err("the database writer has stopped".into()));
        shared.metrics.commit.observe(queued.elapsed());
        let moves = d.broadcast.iter().filter(|m| matches!(m, ServerMsg::Moved { .. })).count() as u64;
        if kept.is_ok() && moves > 0 {
            shared.metrics.moves.fetch_add(moves, std::sync::atomic::Ordering::Relaxed);
        }
        let mut hub = shared.hub.lock().unwrap();
        if let Err(e) = kept {
            // Memory is ahead of the disk: forget the game; everyone resumes from the disk.
            if let Some(live) = hub.games.remove(&code) {
                live.send_all(&error(ErrorCode::ServerError, format!("the server could not keep the change: {e}")));
            }
            return false;
        }
        for m in &d.after {
            if !send(m) {
                return false;
            }
        }
        if let Some(live) = hub.games.get(&code) {
            for m in &d.broadcast {
                live.send_all(m);
            }
            if d.state_to_all {
                live.send_state(&code);
            }
        }
    }
    !d.close
}

/// The connection leaves its game: its seat's presence is told to the others.
pub(super) fn detach(shared: &Shared, conn: &Conn) {
    let Attached::Game { code } = &conn.attached else { return };
    let mut hub = shared.hub.lock().unwrap();
    let Some(live) = hub.games.get_mut(code) else { return };
    let held: Vec<Colour> =
        [Colour::Black, Colour::White].into_iter().filter(|c| live.seat_connected_here(*c)).collect();
    live.conns.retain(|(id, _, _)| *id != conn.id);
    for c in held {
        if !live.seat_connected_here(c) {
            shared.publish(code, NoteEv::Presence { colour: c, connected: false });
        }
    }
    let now = Instant::now();
    let now_ms = shared.wall.now_ms();
    for c in [Colour::Black, Colour::White] {
        if live.tokens[c.index()].is_some() && !live.seat_connected(c) && live.away_since[c.index()].is_none() {
            live.away_since[c.index()] = Some(now);
            live.gone_ms[c.index()] = Some(now_ms);
            let claim_in_ms = live.claim_in_ms(c, now_ms);
            live.send_all(&ServerMsg::Presence { colour: c, connected: false, taken: true, claim_in_ms });
        }
    }
    if live.conns.is_empty() {
        live.empty_since = Some(now);
    }
}
