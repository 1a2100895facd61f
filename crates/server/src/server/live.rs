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
}

impl Live {
    /// A new game on `geo` with the seats of `tokens` taken, no connection yet.
    pub(super) fn new(geo: Geometry, tokens: [Option<String>; 2], watch: Option<String>) -> Live {
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
        }
    }

    pub(super) fn from_stored(g: StoredGame, now: Instant) -> Result<Live, String> {
        let geo = Geometry::new(g.rows, g.cols)?;
        let mut game = Game::new(geo);
        for (i, text) in g.moves.iter().enumerate() {
            let mv = notation::parse_move(&geo, text).map_err(|e| format!("game {}: move {}: {e}", g.code, i + 1))?;
            game.try_play(mv).map_err(|e| format!("game {}: move {}: {e}", g.code, i + 1))?;
        }
        let away = |t: &Option<String>| t.as_ref().map(|_| now);
        Ok(Live {
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
        let seat = |c: Colour| SeatView {
            taken: self.tokens[c.index()].is_some(),
            connected: self.seat_connected(c),
            rematch: self.rematch[c.index()],
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
        }
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
