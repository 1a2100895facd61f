use super::*;
use crate::protocol::SeatView;

fn memory(start: Start) -> Memory {
    Memory { start, pending: None, queued: Vec::new(), moves: 0 }
}

fn view(moves: &[&str]) -> GameView {
    GameView {
        code: "ABC234".into(),
        rows: 6,
        cols: 6,
        moves: moves.iter().map(|m| m.to_string()).collect(),
        seats: [SeatView::default(); 2],
        outcome: None,
        undo_asked: None,
        round: 0,
        clock: None,
    }
}

#[test]
fn a_seat_is_resumed_with_its_token_after_a_reconnect() {
    let mut m = memory(Start::Join { code: "ABC234".into() });
    let heard = hear(
        &mut m,
        false,
        ServerMsg::Seated { token: "t".into(), colour: Colour::White, game: view(&["a"]), watch_code: None },
    );
    assert!(heard.entered && heard.catch_up && heard.end.is_none());
    assert_eq!(heard.tell[0], Event::Link(LinkState::Connected));
    assert!(matches!(&heard.tell[1], Event::Seated { token, colour: Colour::White, .. } if token == "t"));
    assert_eq!(m.start, Start::Resume { code: "ABC234".into(), token: "t".into() });
    assert_eq!(entry_message(&m.start), ClientMsg::Resume { code: "ABC234".into(), token: "t".into() });
    assert_eq!(m.moves, 1);
}

#[test]
fn a_watcher_does_not_catch_up_on_commands() {
    let mut m = memory(Start::Watch { code: "abc-234".into() });
    let heard = hear(&mut m, false, ServerMsg::Watching { game: view(&[]) });
    assert!(heard.entered && !heard.catch_up);
    assert_eq!(m.start, Start::Watch { code: "ABC234".into() });
}

#[test]
fn a_move_stays_pending_until_acknowledged_or_refused() {
    let mut m = memory(Start::Join { code: "ABC234".into() });
    assert_eq!(outgoing(&mut m, false, Command::Resign), None, "waits for the game");
    assert_eq!(m.queued, vec![Command::Resign]);
    let mv = Command::Move { ply: 2, mv: "c3-c5".into() };
    assert_eq!(outgoing(&mut m, true, mv), Some(ClientMsg::Move { ply: 2, mv: "c3-c5".into() }));
    hear(&mut m, true, ServerMsg::Moved { ply: 1, mv: "x".into(), outcome: None, clock: None });
    assert!(m.pending.is_some(), "another move's acknowledgement");
    hear(&mut m, true, ServerMsg::Moved { ply: 2, mv: "c3-c5".into(), outcome: None, clock: None });
    assert!(m.pending.is_none());
    assert_eq!(m.moves, 3);
    outgoing(&mut m, true, Command::Move { ply: 3, mv: "d4-d2".into() });
    let heard = hear(&mut m, true, ServerMsg::Error { code: ErrorCode::NotYourTurn, message: "no".into() });
    assert!(m.pending.is_none() && heard.end.is_none(), "refused in game: the session goes on");
}

#[test]
fn a_refusal_before_entering_ends_the_session_unless_only_slowed_down() {
    let mut m = memory(Start::Join { code: "ABC234".into() });
    let err = |code| ServerMsg::Error { code, message: "why".into() };
    let heard = hear(&mut m, false, err(ErrorCode::GameFull));
    assert_eq!(heard.tell, vec![Event::Refused(ErrorCode::GameFull, "why".into())]);
    assert_eq!(heard.end, Some(Ended::Refused));
    assert_eq!(hear(&mut m, false, err(ErrorCode::RateLimited)).end, None);
    assert!(matches!(hear(&mut m, true, err(ErrorCode::ServerError)).end, Some(Ended::Broken(_))));
    // A seat taken over elsewhere ends the session: no resume to take it back.
    let heard = hear(&mut m, true, err(ErrorCode::Replaced));
    assert_eq!(heard.end, Some(Ended::Refused));
    assert_eq!(heard.tell.last(), Some(&Event::Link(LinkState::Replaced)));
    assert_eq!(hear(&mut m, true, ServerMsg::Pong { n: 1 }), Heard::nothing());
}
