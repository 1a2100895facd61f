use super::*;

#[test]
fn a_take_back_returns_to_the_asker_s_last_turn() {
    let mut g = Game::new(Geometry::new(6, 6).unwrap());
    assert_eq!(take_back_to(&g, Colour::Black), None);
    let first = g.legal_moves()[0];
    g.try_play(first).unwrap();
    assert_eq!(take_back_to(&g, Colour::Black), Some(0));
    assert_eq!(take_back_to(&g, Colour::White), None);
    let second = g.legal_moves()[0];
    g.try_play(second).unwrap();
    // Black asks after White replied: both moves go.
    assert_eq!(take_back_to(&g, Colour::Black), Some(0));
    assert_eq!(take_back_to(&g, Colour::White), Some(1));
}

/// A 6×6 game in memory with both seats taken, one connection in each.
pub(super) fn two_seats() -> Live {
    let out = || mpsc::channel::<Bytes>(8).0;
    Live {
        rows: 6,
        cols: 6,
        game: Game::new(Geometry::new(6, 6).unwrap()),
        moves: Vec::new(),
        round: 0,
        tokens: [Some("black-token".into()), Some("white-token".into())],
        outcome: None,
        undo_asked: None,
        rematch: [false; 2],
        conns: vec![(1, Some(Colour::Black), out()), (2, Some(Colour::White), out())],
        away_since: [None; 2],
        host: None,
        empty_since: None,
        remote: Default::default(),
        watch: None,
        taken_at: [0; 2],
        clock: None,
        rtt: Default::default(),
        gone_ms: [None; 2],
        wall: WallClock::default(),
    }
}

fn at(unix: i64) -> Now {
    Now { unix, ms: unix * 1000, allowance: 0 }
}

fn first_move(live: &Live) -> String {
    notation::move_to_string(live.game.geometry(), live.game.legal_moves()[0])
}

fn refused_with(r: &Ruling) -> Option<ErrorCode> {
    match r.decision.reply.first() {
        Some(ServerMsg::Error { code, .. }) => Some(*code),
        _ => None,
    }
}

pub(super) fn play(live: &mut Live, seat: Colour) -> String {
    let mv = first_move(live);
    let ply = live.moves.len() as u32;
    let r = rule("ABC234", seat, live, ClientMsg::Move { ply, mv: mv.clone() }, at(0));
    assert_eq!(refused_with(&r), None);
    mv
}

#[test]
fn a_move_out_of_turn_is_refused_and_nothing_is_kept() {
    let mut live = two_seats();
    let mv = first_move(&live);
    let r = rule("ABC234", Colour::White, &mut live, ClientMsg::Move { ply: 0, mv }, at(0));
    assert_eq!(refused_with(&r), Some(ErrorCode::NotYourTurn));
    assert!(r.keep.is_empty() && live.moves.is_empty());
}

#[test]
fn the_next_move_is_kept_and_told_to_everyone_after_the_commit() {
    let mut live = two_seats();
    let mv = first_move(&live);
    let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::Move { ply: 0, mv: mv.clone() }, at(0));
    assert!(r.decision.reply.is_empty());
    assert_eq!(r.decision.broadcast, vec![ServerMsg::Moved { ply: 0, mv: mv.clone(), outcome: None, clock: None }]);
    assert!(matches!(&r.keep[..], [Op::Move { ply: 0, mv: kept, .. }] if *kept == mv));
    assert_eq!(live.moves, vec![mv]);
}

#[test]
fn a_move_sent_again_is_acknowledged_not_played_twice() {
    let mut live = two_seats();
    let mv = play(&mut live, Colour::Black);
    let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::Move { ply: 0, mv: mv.clone() }, at(0));
    assert_eq!(r.decision.reply, vec![ServerMsg::Moved { ply: 0, mv, outcome: None, clock: None }]);
    assert!(r.keep.is_empty() && r.decision.broadcast.is_empty());
    assert_eq!(live.moves.len(), 1);
    assert_eq!(live.game.ply(), 1);
}

#[test]
fn a_stale_or_future_move_gets_the_whole_game() {
    let mut live = two_seats();
    play(&mut live, Colour::Black);
    let other = notation::move_to_string(live.game.geometry(), live.game.legal_moves()[0]);
    for ply in [0, 5] {
        let r = rule("ABC234", Colour::White, &mut live, ClientMsg::Move { ply, mv: other.clone() }, at(0));
        assert_eq!(refused_with(&r), Some(ErrorCode::StaleMove), "ply {ply}");
        assert!(matches!(r.decision.reply[1], ServerMsg::State { colour: Some(Colour::White), .. }));
        assert!(r.keep.is_empty());
    }
    assert_eq!(live.moves.len(), 1);
}

#[test]
fn resigning_gives_the_game_to_the_other_seat_once() {
    let mut live = two_seats();
    let r = rule("ABC234", Colour::White, &mut live, ClientMsg::Resign {}, at(42));
    let outcome = Outcome { winner: Some(Colour::Black), how: EndReason::Resigned };
    assert_eq!(r.decision.broadcast, vec![ServerMsg::Ended { outcome, clock: None }]);
    assert!(matches!(&r.keep[..], [Op::End { at: 42, .. }]));
    let again = rule("ABC234", Colour::Black, &mut live, ClientMsg::Resign {}, at(43));
    assert_eq!(refused_with(&again), Some(ErrorCode::GameOver));
}

#[test]
fn a_take_back_is_asked_then_allowed_or_declined() {
    let mut live = two_seats();
    let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::UndoRequest {}, at(0));
    assert_eq!(refused_with(&r), Some(ErrorCode::NoUndo), "nothing to take back yet");
    play(&mut live, Colour::Black);
    let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::UndoRequest {}, at(0));
    assert_eq!(r.decision.others, vec![ServerMsg::UndoAsked { by: Colour::Black }]);
    let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::UndoAnswer { accept: true }, at(0));
    assert_eq!(refused_with(&r), Some(ErrorCode::NoUndo), "the asker cannot answer");
    let r = rule("ABC234", Colour::White, &mut live, ClientMsg::UndoAnswer { accept: false }, at(0));
    assert_eq!(r.decision.others, vec![ServerMsg::UndoDeclined { by: Colour::White }]);
    assert_eq!(live.moves.len(), 1);
    rule("ABC234", Colour::Black, &mut live, ClientMsg::UndoRequest {}, at(0));
    let r = rule("ABC234", Colour::White, &mut live, ClientMsg::UndoAnswer { accept: true }, at(0));
    assert!(r.decision.state_to_all);
    assert!(matches!(&r.keep[..], [Op::Truncate { from_ply: 0, .. }]));
    assert!(live.moves.is_empty() && live.game.ply() == 0 && live.undo_asked.is_none());
}

#[test]
fn a_rematch_needs_both_and_swaps_the_seats() {
    let mut live = two_seats();
    let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::Rematch {}, at(0));
    assert_eq!(refused_with(&r), Some(ErrorCode::NotOver));
    rule("ABC234", Colour::White, &mut live, ClientMsg::Resign {}, at(0));
    let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::Rematch {}, at(0));
    assert_eq!(r.decision.others, vec![ServerMsg::RematchAsked { by: Colour::Black }]);
    assert!(r.keep.is_empty() && live.round == 0);
    let r = rule("ABC234", Colour::White, &mut live, ClientMsg::Rematch {}, at(0));
    assert!(r.decision.state_to_all);
    assert!(matches!(&r.keep[..], [Op::Rematch { round: 1, .. }]));
    assert_eq!(live.tokens, [Some("white-token".into()), Some("black-token".into())]);
    let seats: Vec<_> = live.conns.iter().map(|(id, s, _)| (*id, *s)).collect();
    assert_eq!(seats, vec![(1, Some(Colour::White)), (2, Some(Colour::Black))]);
    assert!(live.outcome.is_none() && live.moves.is_empty() && live.rematch == [false; 2]);
}

#[test]
fn seats_are_given_once_and_kept_by_their_token() {
    let mut live = two_seats();
    live.tokens[1] = None;
    let (seat, token, op) = take_seat(&mut live, "ABC234", Entry::Join).ok().unwrap();
    assert_eq!(seat, Some(Colour::White));
    assert!(matches!(op, Some(Op::Seat { colour: Colour::White, .. })));
    let refused = |r: Result<Seating, Decision>| match r {
        Err(d) => match d.reply.first() {
            Some(ServerMsg::Error { code, .. }) => Some(*code),
            _ => None,
        },
        Ok(_) => None,
    };
    assert_eq!(refused(take_seat(&mut live, "ABC234", Entry::Join)), Some(ErrorCode::GameFull));
    let back = take_seat(&mut live, "ABC234", Entry::Resume(token.unwrap())).ok().unwrap();
    assert_eq!((back.0, back.2.is_none()), (Some(Colour::White), true), "a resume keeps nothing new");
    let wrong = take_seat(&mut live, "ABC234", Entry::Resume("0".repeat(32)));
    assert_eq!(refused(wrong), Some(ErrorCode::WrongToken));
    assert!(matches!(take_seat(&mut live, "ABC234", Entry::Watch), Ok((None, None, None))));
    live.tokens[1] = None;
    live.outcome = Some(Outcome { winner: None, how: EndReason::Abandoned });
    assert_eq!(refused(take_seat(&mut live, "ABC234", Entry::Join)), Some(ErrorCode::GameOver));
}

#[test]
fn an_oversized_frame_is_told_apart_from_a_broken_one() {
    let big = std::io::Error::new(std::io::ErrorKind::InvalidData, "frame size too big");
    assert!(matches!(unreadable(&big), ServerMsg::Error { code: ErrorCode::TooLarge, .. }));
    let broken = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset");
    assert!(matches!(unreadable(&broken), ServerMsg::Error { code: ErrorCode::BadMessage, .. }));
}

#[test]
fn tokens_compare_whole() {
    assert!(constant_time_eq(b"abc", b"abc"));
    assert!(!constant_time_eq(b"abc", b"abd"));
    assert!(!constant_time_eq(b"abc", b"ab"));
}

/// Two seats of an 6×6 game with real-time clocks of `base_s`+1.
fn timed(base_s: u32) -> Live {
    let mut live = two_seats();
    live.clock = Clock::new(TimeControl::RealTime { base_s, increment_s: 1 });
    live
}

/// Plays the first legal move of the side to move at `ms` (the server's clock).
fn play_at(live: &mut Live, ms: i64, allowance: u64) -> Ruling {
    let seat = Colour::from(live.game.to_move());
    let ply = live.moves.len() as u32;
    let mv = first_move(live);
    rule("ABC234", seat, live, ClientMsg::Move { ply, mv }, Now { unix: ms / 1000, ms, allowance })
}

#[test]
fn the_clocks_start_after_the_removals_charge_each_move_and_a_late_move_loses_on_time() {
    let mut live = timed(10);
    play_at(&mut live, 0, 0);
    play_at(&mut live, 60_000, 0);
    assert_eq!(live.clock.unwrap().left_ms, [10_000, 10_000], "the removals are free");
    let r = play_at(&mut live, 63_000, 500);
    assert!(matches!(&r.keep[..], [Op::Move { .. }, Op::Clock { .. }]), "{:?}", r.keep);
    match &r.decision.broadcast[..] {
        [ServerMsg::Moved { clock: Some(c), .. }] => {
            assert_eq!(c.left_ms, [10_000 - 2_500 + 1_000, 10_000]);
            assert_eq!(c.running, Some(Colour::White));
        }
        other => panic!("{other:?}"),
    }
    // White waits 10.2 s: the move comes after the flag fell.
    let r = play_at(&mut live, 73_200, 100);
    let outcome = Outcome { winner: Some(Colour::Black), how: EndReason::Time };
    assert_eq!(live.outcome, Some(outcome));
    assert!(matches!(&r.decision.broadcast[..], [ServerMsg::Ended { outcome: o, clock: Some(_) }] if *o == outcome));
    assert!(matches!(&r.decision.reply[..], [ServerMsg::Error { code: ErrorCode::GameOver, .. }]));
    assert_eq!(live.moves.len(), 3, "the late move was not played");
}

#[test]
fn a_game_is_aborted_only_in_its_first_two_plies_and_claimed_only_after_the_absence_allowed() {
    let mut live = timed(600);
    let now = |ms: i64| Now { unix: 0, ms, allowance: 0 };
    play_at(&mut live, 0, 0);
    let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::ClaimVictory {}, now(1));
    assert_eq!(refused_with(&r), Some(ErrorCode::NotNow), "White is connected");
    // White's connection goes at 1 s: a 10-minute game can be claimed 60 s later.
    live.conns.retain(|(_, s, _)| *s != Some(Colour::White));
    live.gone_ms[1] = Some(1_000);
    assert_eq!(live.claim_in_ms(Colour::White, 31_000), Some(30_000));
    let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::ClaimVictory {}, now(31_000));
    assert_eq!(refused_with(&r), Some(ErrorCode::NotNow));
    let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::ClaimVictory {}, now(61_000));
    assert_eq!(live.outcome, Some(Outcome { winner: Some(Colour::Black), how: EndReason::Claimed }));
    assert!(matches!(&r.keep[..], [Op::End { .. }, Op::Clock { .. }]));
    let mut live = timed(600);
    play_at(&mut live, 0, 0);
    let r = rule("ABC234", Colour::White, &mut live, ClientMsg::Abort {}, now(5));
    assert_eq!(live.outcome, Some(Outcome { winner: None, how: EndReason::Aborted }));
    assert!(!r.keep.is_empty());
    let mut live = timed(600);
    play_at(&mut live, 0, 0);
    play_at(&mut live, 1, 0);
    let r = rule("ABC234", Colour::White, &mut live, ClientMsg::Abort {}, now(5));
    assert_eq!(refused_with(&r), Some(ErrorCode::NotNow));
    assert_eq!(live.outcome, None);
}
