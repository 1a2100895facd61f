//! Several servers sharing one PostgreSQL database: what a server does with the others'
//! notes so that the players connected to it see every change to their game, wherever it
//! was made.
//!
//! Changes that are kept are read back from the database (the database is the authority);
//! what is not kept (a take-back or rematch request, who is connected) comes in the note.

use super::*;

/// A seat another server has not said it holds for this long counts as free (they say it
/// every [`PRESENCE_EVERY`]).
pub(super) const PRESENCE_LASTS: Duration = Duration::from_secs(35);
/// How often a server says which seats it holds.
pub(super) const PRESENCE_EVERY: Duration = Duration::from_secs(10);

/// Takes in the other servers' notes until the listener stops.
pub(super) async fn follow_notes(shared: Arc<Shared>, mut notes: mpsc::UnboundedReceiver<String>) {
    let me = shared.cluster.unwrap_or_default();
    while let Some(text) = notes.recv().await {
        let Some(note) = Note::parse(&text) else { continue };
        match note.ev {
            NoteEv::Resync if note.from == me => {
                let codes: Vec<String> = shared.hub.lock().unwrap().games.keys().cloned().collect();
                for code in codes {
                    reread(&shared, &code).await;
                }
            }
            _ if note.from == me => {}
            NoteEv::Changed => {
                shared.changes_seen.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                reread(&shared, &note.code).await
            }
            ev => {
                if let Some(settle) = take_note(&shared, note.from, &note.code, ev) {
                    carry_out_ruling(&shared, &note.code, settle).await;
                }
            }
        }
    }
}

/// A note that needs no database: applied to the game in memory (if held) and told to its
/// connections here. A rematch both players asked for on different servers is started by
/// the server with the lower number; its ruling is returned to be kept.
fn take_note(shared: &Shared, from: u64, code: &str, ev: NoteEv) -> Option<Ruling> {
    let mut guard = shared.hub.lock().unwrap();
    let Hub { games, kicks, .. } = &mut *guard;
    let live = games.get_mut(code)?;
    match ev {
        NoteEv::SeatTaken { colour, at } => {
            // The later of two takings wins (the server's number breaks a tie).
            let me = shared.cluster.unwrap_or_default();
            if live.seat_connected_here(colour) && (live.taken_at[colour.index()], me) < (at, from) {
                for id in take_over(live, colour) {
                    shared.metrics.seats_taken_over.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if let Some(kick) = kicks.get(&id) {
                        kick.notify_one();
                    }
                }
                metrics::log("info", "seat_taken_over_elsewhere", &[("game", &metrics::game_tag(code))]);
            }
        }
        NoteEv::UndoAsked { by } => {
            live.undo_asked = Some(by);
            live.send_all(&ServerMsg::UndoAsked { by });
        }
        NoteEv::UndoDeclined { by } => {
            live.undo_asked = None;
            live.send_all(&ServerMsg::UndoDeclined { by });
        }
        NoteEv::RematchAsked { by } => {
            // Only a finished game has a rematch.
            live.outcome?;
            live.rematch[by.index()] = true;
            live.send_all(&ServerMsg::RematchAsked { by });
            if live.rematch == [true, true] && shared.cluster.is_some_and(|me| me < from) {
                return Some(on_rematch(code, by.other(), live));
            }
        }
        NoteEv::Presence { colour, connected } => {
            let was = live.seat_connected(colour);
            if connected {
                live.remote[colour.index()].insert(from, Instant::now());
            } else {
                live.remote[colour.index()].remove(&from);
            }
            presence_changed(live, colour, was);
        }
        NoteEv::Ask => {
            for c in [Colour::Black, Colour::White] {
                if live.seat_connected_here(c) {
                    shared.publish(code, NoteEv::Presence { colour: c, connected: true });
                }
            }
        }
        NoteEv::Changed | NoteEv::Resync => {}
    }
    None
}

/// Tells the connections here when the seat's presence (here or elsewhere) changed from
/// `was`, and starts or stops its away clock.
pub(super) fn presence_changed(live: &mut Live, c: Colour, was: bool) {
    let now = live.seat_connected(c);
    if now == was {
        return;
    }
    let taken = live.tokens[c.index()].is_some();
    live.away_since[c.index()] = if now || !taken { None } else { Some(Instant::now()) };
    let at = live.wall.now_ms();
    live.gone_ms[c.index()] = if now || !taken { None } else { Some(at) };
    let claim_in_ms = live.claim_in_ms(c, at);
    live.send_all(&ServerMsg::Presence { colour: c, connected: now, taken, claim_in_ms });
}

/// Keeps a ruling made without a connection, then tells everyone in the game what it said.
async fn carry_out_ruling(shared: &Shared, code: &str, ruling: Ruling) {
    let Ruling { decision, keep } = ruling;
    if !keep.is_empty() && !shared.store.queue_all(keep).await.is_ok_and(|r| r.is_ok()) {
        // Another server came first: its change arrives as a note.
        return;
    }
    let hub = shared.hub.lock().unwrap();
    let Some(live) = hub.games.get(code) else { return };
    for m in &decision.broadcast {
        live.send_all(m);
    }
    if decision.state_to_all {
        live.send_state(code);
    }
}

/// Reads the game again (if held here) and brings memory and the connections up to date.
async fn reread(shared: &Arc<Shared>, code: &str) {
    if !shared.hub.lock().unwrap().games.contains_key(code) {
        return;
    }
    let reader = shared.clone();
    let wanted = code.to_string();
    let stored = tokio::task::spawn_blocking(move || reader.reader.lock().unwrap().load_code(&wanted)).await;
    let mut hub = shared.hub.lock().unwrap();
    match stored {
        Ok(Ok(Some(stored))) => {
            if let Some(live) = hub.games.get_mut(code) {
                catch_up(live, code, stored);
            }
        }
        Ok(Ok(None)) => {}
        // Unreadable now: forget it; its players resume from the database.
        _ => {
            if let Some(live) = hub.games.remove(code) {
                live.send_all(&error(ErrorCode::ServerError, "the server lost track of the game; reconnecting"));
            }
        }
    }
}

/// Makes `live` what the database says. New moves at the end are told move by move (so they
/// animate), an ending as the end; a take-back, a new round or anything else as the whole
/// game.
pub(super) fn catch_up(live: &mut Live, code: &str, stored: StoredGame) {
    for c in [Colour::Black, Colour::White] {
        let newly = live.tokens[c.index()].is_none() && stored.tokens[c.index()].is_some();
        live.tokens[c.index()] = stored.tokens[c.index()].clone();
        if newly && live.seat_connected(c) {
            live.send_all(&ServerMsg::Presence { colour: c, connected: true, taken: true, claim_in_ms: None });
        }
    }
    if let Some(text) = &stored.clock
        && let Ok(clock) = Clock::from_text(text)
    {
        live.clock = Some(clock);
    }
    let now = live.wall.now_ms();
    if stored.round == live.round && stored.moves.starts_with(&live.moves) {
        let geo = *live.game.geometry();
        let new: Vec<String> = stored.moves[live.moves.len()..].to_vec();
        for (i, text) in new.iter().enumerate() {
            let Ok(mv) = notation::parse_move(&geo, text) else { return whole(live, code, stored) };
            if live.game.try_play(mv).is_err() {
                return whole(live, code, stored);
            }
            live.moves.push(text.clone());
            live.undo_asked = None;
            let last = i + 1 == new.len();
            let ply = live.moves.len() as u32 - 1;
            let outcome = if last { stored.outcome } else { None };
            let clock = if last { live.clock_view(now) } else { None };
            live.send_all(&ServerMsg::Moved { ply, mv: text.clone(), outcome, clock });
        }
        if live.outcome != stored.outcome {
            live.outcome = stored.outcome;
            live.undo_asked = None;
            match stored.outcome {
                Some(outcome) if new.is_empty() => {
                    live.send_all(&ServerMsg::Ended { outcome, clock: live.clock_view(now) })
                }
                Some(_) => {}
                None => live.send_state(code),
            }
        }
        return;
    }
    whole(live, code, stored)
}

/// Replaces the game in memory with the stored one and sends it whole; a new round (odd
/// number of rounds on) swaps the seats of the connections here.
fn whole(live: &mut Live, code: &str, stored: StoredGame) {
    if stored.round.abs_diff(live.round) % 2 == 1 {
        for (_, s, _) in live.conns.iter_mut() {
            *s = s.map(Colour::other);
        }
        live.away_since.swap(0, 1);
        live.remote.swap(0, 1);
    }
    let Ok(fresh) = Live::from_stored(stored, Instant::now(), live.wall.clone()) else { return };
    live.game = fresh.game;
    live.moves = fresh.moves;
    live.round = fresh.round;
    live.tokens = fresh.tokens;
    live.outcome = fresh.outcome;
    live.clock = fresh.clock;
    live.undo_asked = None;
    live.rematch = [false; 2];
    live.send_state(code);
}

/// Every [`PRESENCE_EVERY`]: says which seats this server holds, and forgets the other
/// servers' claims that were not renewed in [`PRESENCE_LASTS`].
pub(super) fn renew_presence(shared: &Shared, now: Instant, say: bool) {
    let mut hub = shared.hub.lock().unwrap();
    for (code, live) in hub.games.iter_mut() {
        for c in [Colour::Black, Colour::White] {
            if say && live.seat_connected_here(c) {
                shared.publish(code, NoteEv::Presence { colour: c, connected: true });
            }
            let was = live.seat_connected(c);
            live.remote[c.index()].retain(|_, t| now.duration_since(*t) < PRESENCE_LASTS);
            presence_changed(live, c, was);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(live: &Live, moves: &[String], outcome: Option<Outcome>, round: u32) -> StoredGame {
        StoredGame {
            code: "ABC234".into(),
            rows: live.rows,
            cols: live.cols,
            round,
            tokens: live.tokens.clone(),
            moves: moves.to_vec(),
            outcome,
            created: 0,
            watch: None,
            clock: None,
        }
    }

    fn held() -> (Live, mpsc::Receiver<Bytes>) {
        let mut live = super::super::tests::two_seats();
        let (out, rx) = mpsc::channel(64);
        live.conns.clear();
        live.conns.push((1, Some(Colour::White), out));
        (live, rx)
    }

    fn told(rx: &mut mpsc::Receiver<Bytes>) -> Vec<String> {
        let mut all = Vec::new();
        while let Ok(b) = rx.try_recv() {
            all.push(String::from_utf8_lossy(&b).to_string());
        }
        all
    }

    #[test]
    fn moves_made_on_another_server_are_told_one_by_one_and_a_take_back_whole() {
        let (mut live, mut rx) = held();
        let mut other = super::super::tests::two_seats();
        let a = super::super::tests::play(&mut other, Colour::Black);
        let b = super::super::tests::play(&mut other, Colour::White);
        let s = stored(&live, &[a.clone(), b.clone()], None, 0);
        catch_up(&mut live, "ABC234", s);
        assert_eq!(live.moves, [a.clone(), b]);
        let said = told(&mut rx);
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(said.iter().all(|m| m.contains("moved")), "{said:?}");
        let s = stored(&live, std::slice::from_ref(&a), None, 0);
        catch_up(&mut live, "ABC234", s);
        assert_eq!(live.moves, [a]);
        let said = told(&mut rx);
        assert!(said.len() == 1 && said[0].contains("state"), "{said:?}");
    }

    #[test]
    fn a_new_round_elsewhere_swaps_the_seats_here_and_an_ending_is_told_once() {
        let (mut live, mut rx) = held();
        let outcome = Outcome { winner: Some(Colour::White), how: EndReason::Resigned };
        let s = stored(&live, &[], Some(outcome), 0);
        catch_up(&mut live, "ABC234", s);
        assert_eq!(live.outcome, Some(outcome));
        let said = told(&mut rx);
        assert!(said.len() == 1 && said[0].contains("ended"), "{said:?}");
        let s = stored(&live, &[], None, 1);
        catch_up(&mut live, "ABC234", s);
        assert_eq!((live.round, live.outcome), (1, None));
        assert_eq!(live.conns[0].1, Some(Colour::Black), "the white seat is black in the new round");
    }

    #[test]
    fn another_server_s_seat_counts_until_it_says_otherwise_or_stops_saying_it() {
        let (mut live, mut rx) = held();
        assert!(!live.seat_connected(Colour::Black));
        let was = live.seat_connected(Colour::Black);
        live.remote[0].insert(9, Instant::now());
        presence_changed(&mut live, Colour::Black, was);
        assert!(live.seat_connected(Colour::Black) && live.away_since[0].is_none());
        assert!(told(&mut rx)[0].contains("presence"));
        let later = Instant::now() + PRESENCE_LASTS + Duration::from_secs(1);
        let was = live.seat_connected(Colour::Black);
        live.remote[0].retain(|_, t| later.duration_since(*t) < PRESENCE_LASTS);
        presence_changed(&mut live, Colour::Black, was);
        assert!(!live.seat_connected(Colour::Black) && live.away_since[0].is_some());
    }
}
