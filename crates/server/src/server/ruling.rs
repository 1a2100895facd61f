//! The rules of play on the server: what each message of a seated player does to its live
//! game (a move, a resignation, a take-back asked or answered, a rematch), and taking a seat.

use super::*;

/// What a message of a seated player was ruled to do: the replies, and the changes to keep
/// (together, in one transaction), committed before `after`, `broadcast` and `state_to_all`
/// go out.
pub(super) struct Ruling {
    pub(super) decision: Decision,
    pub(super) keep: Vec<Op>,
}

impl Ruling {
    /// Replies with nothing to keep.
    pub(super) fn now(decision: Decision) -> Ruling {
        Ruling { decision, keep: Vec::new() }
    }

    pub(super) fn refuse(code: ErrorCode, message: impl Into<String>) -> Ruling {
        Ruling::now(Decision::refuse(code, message))
    }

    /// Keep `op`, then the whole game to everyone, each told their (possibly new) colour.
    pub(super) fn state_to_all(op: Op) -> Ruling {
        Ruling { decision: Decision { state_to_all: true, ..Default::default() }, keep: vec![op] }
    }
}

/// When a message is ruled on: the Unix time in seconds (a game's end is kept with it), the
/// server's clock in milliseconds, and the round-trip allowance of the sender's seat.
#[derive(Clone, Copy, Debug)]
pub(super) struct Now {
    pub(super) unix: i64,
    pub(super) ms: i64,
    pub(super) allowance: u64,
}

/// Rules on a message of the player in `seat` of the game `code`, changing the game in
/// memory (nothing else).
pub(super) fn rule(code: &str, seat: Colour, live: &mut Live, msg: ClientMsg, now: Now) -> Ruling {
    match msg {
        ClientMsg::Move { ply, mv } => on_move(code, seat, live, ply, mv, now),
        ClientMsg::Resign {} => {
            let outcome = Outcome { winner: Some(seat.other()), how: EndReason::Resigned };
            on_end(code, live, outcome, now)
        }
        ClientMsg::Abort {} => on_abort(code, live, now),
        ClientMsg::ClaimVictory {} => on_claim(code, seat, live, now),
        ClientMsg::UndoRequest {} => on_undo_request(seat, live),
        ClientMsg::UndoAnswer { accept } => on_undo_answer(code, seat, live, accept, now),
        ClientMsg::Rematch {} => on_rematch(code, seat, live),
        _ => Ruling::refuse(ErrorCode::Order, "not now"),
    }
}

/// A move: played and kept when it is the next one, legal and the mover's; a move sent
/// again after a reconnect is acknowledged, not played twice.
pub(super) fn on_move(code: &str, seat: Colour, live: &mut Live, ply: u32, mv: String, now: Now) -> Ruling {
    if let Some(answer) = out_of_sequence(code, seat, live, ply, &mv) {
        return answer;
    }
    if live.outcome.is_some() {
        return Ruling::refuse(ErrorCode::GameOver, "the game is over");
    }
    if Colour::from(live.game.to_move()) != seat {
        return Ruling::refuse(ErrorCode::NotYourTurn, "it is your opponent's turn");
    }
    if live.tokens[seat.other().index()].is_none() {
        return Ruling::refuse(ErrorCode::NotYourTurn, "the game starts when your friend has joined");
    }
    let geo = *live.game.geometry();
    let parsed = match notation::parse_move(&geo, &mv) {
        Ok(m) => m,
        Err(e) => return Ruling::refuse(ErrorCode::IllegalMove, e.to_string()),
    };
    // A move that comes after the flag fell (and its allowance) loses on time instead.
    if live.clock.is_some_and(|c| c.flag_fell(seat, now.ms, now.allowance)) {
        let outcome = Outcome { winner: Some(seat.other()), how: EndReason::Time };
        let mut ruling = on_end(code, live, outcome, now);
        ruling.decision.reply.push(error(ErrorCode::GameOver, "your time ran out before the move came"));
        return ruling;
    }
    if let Err(e) = live.game.try_play(parsed) {
        return Ruling::refuse(ErrorCode::IllegalMove, e.to_string());
    }
    let text = notation::move_to_string(&geo, parsed);
    live.moves.push(text.clone());
    live.undo_asked = None;
    let outcome = live.finished_by_rules();
    live.outcome = outcome;
    if let Some(c) = &mut live.clock {
        let _ = c.charge(seat, now.ms, now.allowance);
        c.start_turn(live.moves.len(), now.ms);
        if outcome.is_some() {
            c.since_ms = None;
        }
    }
    let mut keep = vec![Op::Move { code: code.to_string(), ply, mv: text.clone() }];
    keep.extend(live.keep_clock(code));
    if let Some(outcome) = outcome {
        keep.push(Op::End { code: code.to_string(), outcome, at: now.unix });
    }
    let clock = live.clock_view(now.ms);
    let decision =
        Decision { broadcast: vec![ServerMsg::Moved { ply, mv: text, outcome, clock }], ..Default::default() };
    Ruling { decision, keep }
}

/// The answer to a move that is not the next one (none when it is): the same move again is
/// acknowledged; another, or one from the future, is stale and the whole game is sent.
pub(super) fn out_of_sequence(code: &str, seat: Colour, live: &Live, ply: u32, mv: &str) -> Option<Ruling> {
    let len = live.moves.len() as u32;
    let why = if ply < len {
        // Sent again after a reconnect: acknowledged, not played twice.
        if live.moves[ply as usize] == mv && live.game.moves().len() > ply as usize {
            let outcome = if ply + 1 == len { live.outcome } else { None };
            let clock =
                if ply + 1 == len { live.clock.map(|c| c.view(live.running(), c.since_ms.unwrap_or(0))) } else { None };
            let reply = vec![ServerMsg::Moved { ply, mv: mv.to_string(), outcome, clock }];
            return Some(Ruling::now(Decision { reply, ..Default::default() }));
        }
        format!("ply {ply} was already played (plies count from 0)")
    } else if ply > len {
        format!("the next ply is {len}, not {ply} (plies count from 0)")
    } else {
        return None;
    };
    let reply = vec![error(ErrorCode::StaleMove, why), ServerMsg::State { game: live.view(code), colour: Some(seat) }];
    Some(Ruling::now(Decision { reply, ..Default::default() }))
}

/// The game ends other than by a move (a resignation, a flag, an abort, a claim): everyone
/// is told the result and the clocks, which stop.
pub(super) fn on_end(code: &str, live: &mut Live, outcome: Outcome, now: Now) -> Ruling {
    if live.outcome.is_some() {
        return Ruling::refuse(ErrorCode::GameOver, "the game is over");
    }
    let keep = super::sweep::end_now(live, code, outcome, now.ms, now.unix);
    let clock = live.clock_view(now.ms);
    Ruling { decision: Decision { broadcast: vec![ServerMsg::Ended { outcome, clock }], ..Default::default() }, keep }
}

/// Aborting: allowed before each side has moved (the first two plies); the game counts for
/// nobody.
pub(super) fn on_abort(code: &str, live: &mut Live, now: Now) -> Ruling {
    if live.outcome.is_none() && live.moves.len() >= crate::clock::CLOCK_FROM_PLY {
        return Ruling::refuse(
            ErrorCode::NotNow,
            "a game can be aborted only before each side has made its first move; resign instead",
        );
    }
    on_end(code, live, Outcome { winner: None, how: EndReason::Aborted }, now)
}

/// Claiming the game: allowed when the opponent's seat is taken and has had no connection for
/// longer than the time control allows (never by correspondence, where the clock decides).
pub(super) fn on_claim(code: &str, seat: Colour, live: &mut Live, now: Now) -> Ruling {
    if live.outcome.is_some() {
        return Ruling::refuse(ErrorCode::GameOver, "the game is over");
    }
    let them = seat.other();
    let why = match live.claim_in_ms(them, now.ms) {
        Some(0) => return on_end(code, live, Outcome { winner: Some(seat), how: EndReason::Claimed }, now),
        Some(ms) => {
            format!("your opponent has been away a short while: you may claim the game in {} s", ms.div_ceil(1000))
        }
        None if live.tokens[them.index()].is_none() => "nobody has joined yet: there is no one to win against".into(),
        None if live.seat_connected(them) => "your opponent is connected".into(),
        None => "a game by correspondence is decided by its clock, not by absence".into(),
    };
    Ruling::refuse(ErrorCode::NotNow, why)
}

/// Asking to take back one's last move: the opponent is asked (nothing is kept yet).
pub(super) fn on_undo_request(seat: Colour, live: &mut Live) -> Ruling {
    if matches!(live.outcome, Some(o) if o.how != EndReason::NoMoves) {
        return Ruling::refuse(ErrorCode::GameOver, "a resigned or abandoned game cannot be taken back");
    }
    if take_back_to(&live.game, seat).is_none() {
        return Ruling::refuse(ErrorCode::NoUndo, "you have no move to take back");
    }
    if live.undo_asked.is_some() {
        return Ruling::refuse(ErrorCode::NoUndo, "a take-back is already asked for");
    }
    live.undo_asked = Some(seat);
    let msg = ServerMsg::UndoAsked { by: seat };
    let notes = vec![NoteEv::UndoAsked { by: seat }];
    Ruling::now(Decision { reply: vec![msg.clone()], others: vec![msg], notes, ..Default::default() })
}

/// Answering the opponent's take-back request: declined is said to both; allowed takes the
/// moves back to the asker's last turn and sends everyone the whole game.
pub(super) fn on_undo_answer(code: &str, seat: Colour, live: &mut Live, accept: bool, now: Now) -> Ruling {
    let Some(asker) = live.undo_asked.filter(|a| *a != seat) else {
        return Ruling::refuse(ErrorCode::NoUndo, "your opponent has not asked to take back a move");
    };
    live.undo_asked = None;
    if !accept {
        let msg = ServerMsg::UndoDeclined { by: seat };
        let notes = vec![NoteEv::UndoDeclined { by: seat }];
        return Ruling::now(Decision { reply: vec![msg.clone()], others: vec![msg], notes, ..Default::default() });
    }
    let Some(to) = take_back_to(&live.game, asker) else {
        return Ruling::refuse(ErrorCode::NoUndo, "there is no move to take back");
    };
    while live.game.ply() > to {
        live.game.undo();
    }
    live.moves.truncate(to);
    live.outcome = None;
    // The times stay; the turn of the side to move begins now.
    if let Some(c) = &mut live.clock {
        c.start_turn(to, now.ms);
    }
    let mut ruling = Ruling::state_to_all(Op::Truncate { code: code.to_string(), from_ply: to as u32 });
    ruling.keep.extend(live.keep_clock(code));
    ruling
}

/// Asking for a rematch once the game is over: when both asked, a new round starts with the
/// seats' colours swapped.
pub(super) fn on_rematch(code: &str, seat: Colour, live: &mut Live) -> Ruling {
    if live.outcome.is_none() {
        return Ruling::refuse(ErrorCode::NotOver, "the game is not over");
    }
    live.rematch[seat.index()] = true;
    if live.rematch != [true, true] {
        let msg = ServerMsg::RematchAsked { by: seat };
        let notes = vec![NoteEv::RematchAsked { by: seat }];
        return Ruling::now(Decision { reply: vec![msg.clone()], others: vec![msg], notes, ..Default::default() });
    }
    live.round += 1;
    live.rematch = [false; 2];
    live.tokens.swap(0, 1);
    live.away_since.swap(0, 1);
    live.remote.swap(0, 1);
    for (_, s, _) in live.conns.iter_mut() {
        *s = s.map(Colour::other);
    }
    live.game = Game::new(*live.game.geometry());
    live.moves.clear();
    live.outcome = None;
    live.undo_asked = None;
    live.clock = live.clock.and_then(|c| Clock::new(c.control));
    live.rtt.swap(0, 1);
    live.gone_ms.swap(0, 1);
    let mut ruling = Ruling::state_to_all(Op::Rematch { code: code.to_string(), round: live.round });
    ruling.keep.extend(live.keep_clock(code));
    ruling
}

/// The seat an entry gets (none for a watcher), its token, and the change to keep when a free
/// seat was given.
pub(super) type Seating = (Option<Colour>, Option<String>, Option<Op>);

/// The seat `entry` gets in `live`, or the refusal.
// A refusal is rare and handed straight to the caller: boxing it would buy nothing.
#[allow(clippy::result_large_err)]
pub(super) fn take_seat(live: &mut Live, code: &str, entry: Entry) -> Result<Seating, Decision> {
    match entry {
        Entry::Watch => Ok((None, None, None)),
        Entry::Resume(token) => {
            let found = [Colour::Black, Colour::White].into_iter().find(|c| {
                live.tokens[c.index()].as_deref().is_some_and(|t| constant_time_eq(t.as_bytes(), token.as_bytes()))
            });
            match found {
                Some(c) => Ok((Some(c), Some(token), None)),
                None => Err(Decision::refuse(ErrorCode::WrongToken, "that token holds no seat in this game")),
            }
        }
        Entry::Join if live.outcome.is_some() => {
            Err(Decision::refuse(ErrorCode::GameOver, "that game is over; you can watch it"))
        }
        Entry::Join => {
            let free = [Colour::Black, Colour::White].into_iter().find(|c| live.tokens[c.index()].is_none());
            let Some(c) = free else {
                return Err(Decision::refuse(ErrorCode::GameFull, "both seats are taken; you can watch"));
            };
            let token = code::new_token();
            live.tokens[c.index()] = Some(token.clone());
            let op = Op::Seat { code: code.to_string(), colour: c, token: token.clone() };
            Ok((Some(c), Some(token), Some(op)))
        }
    }
}

pub(super) enum Entry {
    Join,
    Watch,
    Resume(String),
}

/// The ply to go back to so that `asker` is to move before their last move, or `None` if
/// they have not moved.
pub(super) fn take_back_to(game: &Game, asker: Colour) -> Option<usize> {
    let moves = game.ply();
    // Plies alternate from Black: ply i was played by Black when i is even.
    let last = (0..moves).rev().find(|i| (if i % 2 == 0 { Colour::Black } else { Colour::White }) == asker)?;
    Some(last)
}
