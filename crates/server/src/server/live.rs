//! One game in memory: its position, seats and connections, and what is sent to them.

use super::*;

/// One game in memory.
pub(super) struct Live {
    pub(super) rows: u8,
    pub(super) cols: u8,
    pub(super) game: Game,
    pub(super) moves: Vec<String>,
    pub(super) round: u32,
    pub(super) tokens: [Option<String>; 2],
    pub(super) outcome: Option<Outcome>,
    pub(super) undo_asked: Option<Colour>,
    pub(super) rematch: [bool; 2],
    /// Everyone following the game: connection, seat (none for a watcher), outbox.
    pub(super) conns: Vec<(ConnId, Option<Colour>, Outbox)>,
    /// Since when each taken seat has had no connection.
    pub(super) away_since: [Option<Instant>; 2],
    /// The address that hosted it (for the per-address cap), while unfinished.
    pub(super) host: Option<IpAddr>,
    /// When it last had nobody connected.
    pub(super) empty_since: Option<Instant>,
    /// Other servers sharing the database that hold each seat, and when they last said so.
    pub(super) remote: [HashMap<u64, Instant>; 2],
    /// A private game's watch code (none: the invite code lets anyone watch).
    pub(super) watch: Option<String>,
    /// When a connection here last took each seat (Unix time in microseconds), to tell which
    /// of two servers' connections took it last.
    pub(super) taken_at: [u64; 2],
    /// The clocks (none untimed).
    pub(super) clock: Option<Clock>,
    /// The last round trips measured for each seat's connection, in milliseconds.
    pub(super) rtt: [Vec<u64>; 2],
    /// When each taken seat's last connection went (the server's clock, Unix milliseconds).
    pub(super) gone_ms: [Option<i64>; 2],
    /// The server's clock.
    pub(super) wall: WallClock,
}

impl Live {
    /// A new game on `geo` with the seats of `tokens` taken, no connection yet.
    pub(super) fn new(
        geo: Geometry,
        tokens: [Option<String>; 2],
        watch: Option<String>,
        clock: Option<Clock>,
        wall: WallClock,
    ) -> Live {
        Live {
            rows: geo.rows(),
            cols: geo.cols(),
            game: Game::new(geo),
            moves: Vec::new(),
            round: 0,
            tokens,
            outcome: None,
            undo_asked: None,
            rematch: [false; 2],
            conns: Vec::new(),
            away_since: [None; 2],
            host: None,
            empty_since: None,
            remote: Default::default(),
            watch,
            taken_at: [0; 2],
            clock,
            rtt: Default::default(),
            gone_ms: [None; 2],
            wall,
        }
    }

    pub(super) fn from_stored(g: StoredGame, now: Instant, wall: WallClock) -> Result<Live, String> {
        let geo = Geometry::new(g.rows, g.cols)?;
        let mut game = Game::new(geo);
        for (i, text) in g.moves.iter().enumerate() {
            let mv = notation::parse_move(&geo, text).map_err(|e| format!("game {}: move {}: {e}", g.code, i + 1))?;
            game.try_play(mv).map_err(|e| format!("game {}: move {}: {e}", g.code, i + 1))?;
        }
        let away = |t: &Option<String>| t.as_ref().map(|_| now);
        let clock = match &g.clock {
            Some(text) => Some(Clock::from_text(text).map_err(|e| format!("game {}: {e}", g.code))?),
            None => None,
        };
        // Nobody is connected to a game just read: a claim counts from now.
        let now_ms = wall.now_ms();
        let gone = |t: &Option<String>| t.as_ref().map(|_| now_ms);
        Ok(Live {
            clock,
            rtt: Default::default(),
            gone_ms: [gone(&g.tokens[0]), gone(&g.tokens[1])],
            wall,
            taken_at: [0; 2],
            watch: g.watch,
            rows: g.rows,
            cols: g.cols,
            game,
            moves: g.moves,
            round: g.round,
            away_since: [away(&g.tokens[0]), away(&g.tokens[1])],
            tokens: g.tokens,
            outcome: g.outcome,
            undo_asked: None,
            rematch: [false; 2],
            conns: Vec::new(),
            host: None,
            empty_since: Some(now),
            remote: Default::default(),
        })
    }

    /// The seat has a connection here or on another server sharing the database.
    pub(super) fn seat_connected(&self, c: Colour) -> bool {
        self.seat_connected_here(c) || !self.remote[c.index()].is_empty()
    }

    pub(super) fn seat_connected_here(&self, c: Colour) -> bool {
        self.conns.iter().any(|(_, s, _)| *s == Some(c))
    }

    pub(super) fn view(&self, code: &str) -> GameView {
        let now = self.wall.now_ms();
        let seat = |c: Colour| SeatView {
            taken: self.tokens[c.index()].is_some(),
            connected: self.seat_connected(c),
            rematch: self.rematch[c.index()],
            claim_in_ms: self.claim_in_ms(c, now),
        };
        GameView {
            code: code.to_string(),
            rows: self.rows,
            cols: self.cols,
            moves: self.moves.clone(),
            seats: [seat(Colour::Black), seat(Colour::White)],
            outcome: self.outcome,
            undo_asked: self.undo_asked,
            round: self.round,
            clock: self.clock_view(now),
        }
    }

    /// The side whose clock runs: the side to move while the game goes on.
    pub(super) fn running(&self) -> Option<Colour> {
        self.outcome.is_none().then(|| Colour::from(self.game.to_move()))
    }

    /// The clocks as clients see them at `now`.
    pub(super) fn clock_view(&self, now: i64) -> Option<ClockView> {
        self.clock.as_ref().map(|c| c.view(self.running(), now))
    }

    /// The round-trip allowance of `seat`'s connection, in milliseconds (real-time games only).
    pub(super) fn allowance(&self, seat: Colour) -> u64 {
        match &self.clock {
            Some(c) if c.control.real_time() => crate::clock::allowance(&self.rtt[seat.index()]),
            _ => 0,
        }
    }

    /// Milliseconds until the opponent of the absent `seat` may claim the game (none while the
    /// seat is connected, free, or the game cannot be claimed).
    pub(super) fn claim_in_ms(&self, seat: Colour, now: i64) -> Option<u64> {
        if self.outcome.is_some() || self.tokens[seat.index()].is_none() || self.seat_connected(seat) {
            return None;
        }
        let limit = self.control().claim_after_ms()?;
        let gone = self.gone_ms[seat.index()]?;
        Some(limit.saturating_sub(now.saturating_sub(gone).max(0) as u64))
    }

    /// The game's time control.
    pub(super) fn control(&self) -> TimeControl {
        self.clock.map(|c| c.control).unwrap_or_default()
    }

    /// Stops the clocks at the end of the game (the running side's time counted to `now`).
    pub(super) fn stop_clock(&mut self, now: i64) {
        let running = Colour::from(self.game.to_move());
        if let Some(c) = &mut self.clock {
            c.left_ms[running.index()] = c.left_at(running, Some(running), now);
            c.since_ms = None;
        }
    }

    /// The change that keeps the clocks as they are now (none untimed).
    pub(super) fn keep_clock(&self, code: &str) -> Option<Op> {
        self.clock.map(|c| Op::Clock { code: code.to_string(), clock: c.to_text() })
    }

    pub(super) fn send_all(&self, msg: &ServerMsg) {
        let bytes = Bytes::from(encode(msg));
        for (_, _, out) in &self.conns {
            let _ = out.try_send(bytes.clone());
        }
    }

    /// The code a connection knows the game by: a watcher of a private game, its watch code
    /// (it is never told the invite code, which would let it take a free seat).
    pub(super) fn code_for<'a>(&'a self, code: &'a str, seat: Option<Colour>) -> &'a str {
        match (&self.watch, seat) {
            (Some(watch), None) => watch,
            _ => code,
        }
    }

    /// The whole game to each connection, with its seat's colour.
    pub(super) fn send_state(&self, code: &str) {
        let view = self.view(code);
        for (_, seat, out) in &self.conns {
            let mut game = view.clone();
            game.code = self.code_for(code, *seat).to_string();
            let msg = ServerMsg::State { game, colour: *seat };
            let _ = out.try_send(Bytes::from(encode(&msg)));
        }
    }

    pub(super) fn send_others(&self, me: ConnId, msg: &ServerMsg) {
        let bytes = Bytes::from(encode(msg));
        for (id, _, out) in &self.conns {
            if *id != me {
                let _ = out.try_send(bytes.clone());
            }
        }
    }

    pub(super) fn finished_by_rules(&self) -> Option<Outcome> {
        match self.game.phase() {
            Phase::Over { winner } => Some(Outcome { winner: Some(winner.into()), how: EndReason::NoMoves }),
            _ => None,
        }
    }
}
