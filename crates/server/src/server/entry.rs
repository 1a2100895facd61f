//! Entering a game: hosting one, and joining, watching or resuming one by its code (a wrong
//! code counts against the address that guessed it; a private game's watch code only
//! watches).

use super::*;

/// The board `rows`×`cols`, or the refusal of a size the server does not offer.
// A refusal is rare and handed straight to the caller: boxing it would buy nothing.
#[allow(clippy::result_large_err)]
fn board(rows: u8, cols: u8) -> Result<Geometry, Decision> {
    match Geometry::new(rows, cols) {
        Ok(g) if g.rows() >= MIN_BOARD && g.cols() >= MIN_BOARD => Ok(g),
        _ => {
            let max = konane_core::rules::position::MAX_DIM;
            Err(Decision::refuse(
                ErrorCode::BadSize,
                format!(
                    "rows and columns are {MIN_BOARD} to {max} (a board from {MIN_BOARD}×{MIN_BOARD} to {max}×{max}), not {rows}×{cols}"
                ),
            ))
        }
    }
}

/// The change keeping the clocks of the game `code` (none untimed).
fn live_clock(hub: &Hub, code: &str) -> Option<Op> {
    hub.games.get(code).and_then(|live| live.keep_clock(code))
}

/// A private game is watched with its watch code only, which seats nobody.
fn private_refusal(entry: &Entry, by_watch: bool, live: &Live) -> Option<Decision> {
    match (entry, by_watch) {
        (Entry::Watch, false) if live.watch.is_some() => Some(Decision::refuse(
            ErrorCode::NoSuchGame,
            "this game is private: watching it takes its watch code, which its players have",
        )),
        (Entry::Join | Entry::Resume(_), true) => Some(Decision::refuse(
            ErrorCode::NoSuchGame,
            "that is a watch code: it lets you watch the game; to play, you need its invite code",
        )),
        _ => None,
    }
}

impl Shared {
    pub(super) fn host(
        &self,
        conn: &mut Conn,
        rows: u8,
        cols: u8,
        colour: Colour,
        private: bool,
        clock: TimeControl,
    ) -> Decision {
        if conn.attached != Attached::Nothing {
            return Decision::refuse(ErrorCode::AlreadyInGame, "this connection already follows a game");
        }
        if let Err(why) = clock.check() {
            return Decision::refuse(ErrorCode::BadClock, why);
        }
        let geo = match board(rows, cols) {
            Ok(g) => g,
            Err(refused) => return refused,
        };
        let mut hub = self.hub.lock().unwrap();
        let hosted = hub.games.values().filter(|g| g.host == Some(conn.peer) && g.outcome.is_none()).count();
        if hosted >= self.config.max_games_per_address {
            return Decision::refuse(
                ErrorCode::TooMany,
                format!("this address already hosts {hosted} unfinished games"),
            );
        }
        let fresh = || loop {
            let c = code::new_code();
            if hub.resolve(&c).is_none() {
                break c;
            }
        };
        let code = fresh();
        let watch = private.then(fresh);
        let token = code::new_token();
        let mut tokens = [None, None];
        tokens[colour.index()] = Some(token.clone());
        let mut live = Live::new(geo, tokens.clone(), watch.clone(), Clock::new(clock), self.wall.clone());
        live.conns.push((conn.id, Some(colour), conn.out.clone()));
        live.host = Some(conn.peer);
        let view = live.view(&code);
        hub.insert_game(&code, live);
        self.metrics.games_hosted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let create = Op::Create { code: code.clone(), rows, cols, created: unix_now(), tokens, watch: watch.clone() };
        let mut keep = vec![create];
        keep.extend(live_clock(&hub, &code));
        let done = self.store.queue_all(keep);
        conn.attached = Attached::Game { code: code.clone() };
        Decision {
            commit: Some((code, done)),
            after: vec![ServerMsg::Seated { token, colour, game: view, watch_code: watch }],
            ..Default::default()
        }
    }

    /// The game a typed code names, in memory; or the refusal (a wrong code counts as a wrong
    /// guess of the address, and an address that guessed wrong too often is not answered).
    pub(super) fn find_game(&self, peer: IpAddr, typed: &str) -> Result<(String, bool), Box<Decision>> {
        let refuse = |code, why| Box::new(Decision::refuse(code, why));
        let code = code::normalise(typed).map_err(|e| refuse(ErrorCode::NoSuchGame, e))?;
        if let Some(refused) = self.held_back(peer) {
            return Err(Box::new(refused));
        }
        match self.ensure_loaded(&code) {
            Ok(Some(found)) => Ok(found),
            Ok(None) => {
                self.hub.lock().unwrap().guesses.missed(peer, Instant::now());
                self.metrics.wrong_guesses.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                Err(refuse(ErrorCode::NoSuchGame, format!("no game has the code {}", code::display(&code))))
            }
            Err(e) => Err(refuse(ErrorCode::ServerError, e)),
        }
    }

    pub(super) fn enter(&self, conn: &mut Conn, typed: &str, entry: Entry) -> Decision {
        let (code, by_watch) = match self.find_game(conn.peer, typed) {
            Ok(found) => found,
            Err(refused) => return *refused,
        };
        let mut guard = self.hub.lock().unwrap();
        let hub = &mut *guard;
        let Some(live) = hub.games.get_mut(&code) else {
            return Decision::refuse(ErrorCode::NoSuchGame, "the game is no longer kept");
        };
        if let Some(refused) = private_refusal(&entry, by_watch, live) {
            return refused;
        }
        let (seat, token, op) = match take_seat(live, &code, entry) {
            Ok(taken) => taken,
            Err(refused) => return self.counted(&mut hub.guesses, conn.peer, refused),
        };
        let was_connected = seat.map(|c| live.seat_connected(c));
        // One connection per seat: one that held it here is told, leaves the game and closes.
        if let Some(c) = seat {
            for id in take_over(live, c) {
                self.metrics.seats_taken_over.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let colour = format!("{c:?}").to_lowercase();
                metrics::log("info", "seat_taken_over", &[("game", &metrics::game_tag(&code)), ("colour", &colour)]);
                if let Some(kick) = hub.kicks.get(&id) {
                    kick.notify_one();
                }
            }
        }
        live.conns.push((conn.id, seat, conn.out.clone()));
        live.empty_since = None;
        conn.attached = Attached::Game { code: code.clone() };
        let mut d = Decision::default();
        if let Some(c) = seat {
            live.away_since[c.index()] = None;
            live.gone_ms[c.index()] = None;
            live.taken_at[c.index()] = unix_micros();
            d.notes.push(NoteEv::Presence { colour: c, connected: true });
            // A connection holding the seat through another server sharing the database goes.
            d.notes.push(NoteEv::SeatTaken { colour: c, at: live.taken_at[c.index()] });
            if was_connected == Some(false) {
                d.others.push(ServerMsg::Presence { colour: c, connected: true, taken: true, claim_in_ms: None });
            }
        }
        let view = live.view(live.code_for(&code, seat));
        let first = match (seat, token) {
            (Some(colour), Some(token)) => {
                ServerMsg::Seated { token, colour, game: view, watch_code: live.watch.clone() }
            }
            _ => ServerMsg::Watching { game: view },
        };
        match op {
            Some(op) => {
                d.commit = Some((code.clone(), self.store.queue(op)));
                d.after.push(first);
            }
            None => d.reply.push(first),
        }
        d
    }

    /// A refused entry, a token that holds no seat counted as a wrong guess of `peer`.
    fn counted(&self, guesses: &mut guesses::Guesses, peer: IpAddr, refused: Decision) -> Decision {
        if refused.reply.iter().any(|m| matches!(m, ServerMsg::Error { code: ErrorCode::WrongToken, .. })) {
            guesses.missed(peer, Instant::now());
            self.metrics.wrong_guesses.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        refused
    }

    /// The refusal of a code or token from `peer` when it is not looked at now: an address
    /// that guessed wrong too often waits (see [`guesses`]); each refusal is logged once per
    /// address and minute.
    fn held_back(&self, peer: IpAddr) -> Option<Decision> {
        let refusal = self.hub.lock().unwrap().guesses.check(peer, Instant::now());
        let Err(r) = refusal else { return None };
        self.metrics.guesses_held_back.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let secs = r.wait.as_secs_f64().ceil() as u64;
        if r.log {
            let address = guesses::address_key(peer);
            metrics::log(
                "warn",
                "guesses_held_back",
                &[("address", &address), ("wait_s", &secs), ("server_wide", &r.server_wide)],
            );
        }
        Some(Decision::refuse(
            ErrorCode::RateLimited,
            format!("too many wrong codes or tokens from your address: try again in {secs} s"),
        ))
    }
}
