use super::*;

#[test]
fn a_code_is_typed_pasted_and_stepped_with_a_pad() {
    let mut e = CodeEntry::default();
    for ch in "ab-c2x4mn-pqrz".chars() {
        e.push(ch);
    }
    assert_eq!(e.text, "ABC2X4MNPQ");
    assert!(e.complete() && !e.push('Q'));
    e.pop();
    assert!(!e.push('0') && !e.push('O') && !e.push('l'));
    e.paste(" qrstu-vwxyz ");
    assert_eq!(e.text, "QRSTUVWXYZ");
    let mut pad = CodeEntry::default();
    assert!(pad.step(0, 1));
    assert_eq!(pad.text, "A");
    assert!(pad.step(0, -1));
    assert_eq!(pad.text, "9", "left from A wraps to the last symbol");
    assert!(!pad.step(2, 1), "a slot after a gap cannot be stepped");
    assert!(pad.step(1, -1));
    assert_eq!(pad.text, "99");
}

#[test]
fn a_seat_file_round_trips_and_bad_lines_are_named() {
    let seat =
        SavedSeat { server: "here".into(), code: "ABC234".into(), token: "0123456789abcdef0123456789abcdef".into() };
    assert_eq!(SavedSeat::parse(&seat.to_text()).unwrap(), seat);
    assert!(SavedSeat::parse("server here\ncode ABO234\ntoken 00\n").unwrap_err().starts_with("line 2"));
    assert!(SavedSeat::parse("server here\ncode ABC234\ntoken xyz\n").unwrap_err().starts_with("line 3"));
    assert!(SavedSeat::parse("server here\n").unwrap_err().contains("needs"));
}

#[test]
fn hosting_uses_the_server_of_the_settings_or_the_game_s_own() {
    let mut settings = Settings { colour: Side::White, ..Settings::default() };
    let host = plan(OnlineStep::Host, &settings, &CodeEntry::default(), None).unwrap();
    assert_eq!(host.via, Via::Embedded);
    assert!(host.hosting && !host.watching);
    assert!(matches!(host.start, Start::Host { colour: Colour::White, .. }));
    settings.server = " play.example:7411 ".into();
    let host = plan(OnlineStep::Host, &settings, &CodeEntry::default(), None).unwrap();
    assert_eq!(host.via, Via::Server("play.example:7411".into()));
}

#[test]
fn a_typed_code_joins_or_watches_on_this_network_and_a_bad_one_is_refused() {
    let settings = Settings::default();
    let entry = CodeEntry { text: "ABC234".into(), ..CodeEntry::default() };
    let join = plan(OnlineStep::Join, &settings, &entry, None).unwrap();
    assert_eq!((join.start, join.via, join.watching), (Start::Join { code: "ABC234".into() }, Via::Lan, false));
    let watch_entry = CodeEntry { watch: true, ..entry.clone() };
    let watch = plan(OnlineStep::Join, &settings, &watch_entry, None).unwrap();
    assert_eq!((watch.start, watch.watching), (Start::Watch { code: "ABC234".into() }, true));
    let short = CodeEntry { text: "ABC".into(), ..CodeEntry::default() };
    assert!(plan(OnlineStep::Join, &settings, &short, None).is_err());
}

#[test]
fn continuing_takes_the_kept_seat_back_where_it_was_played() {
    let settings = Settings::default();
    let entry = CodeEntry::default();
    let refused = plan(OnlineStep::Resume, &settings, &entry, None).unwrap_err();
    assert_eq!(refused, "there is no online game to continue");
    let seat = |server: &str| SavedSeat { server: server.into(), code: "ABC234".into(), token: "t".into() };
    let here = plan(OnlineStep::Resume, &settings, &entry, Some(seat("here"))).unwrap();
    assert_eq!(here.via, Via::Embedded);
    assert_eq!(here.start, Start::Resume { code: "ABC234".into(), token: "t".into() });
    assert!(!here.hosting, "the host's panel shows only for a new game");
    let there = plan(OnlineStep::Resume, &settings, &entry, Some(seat("10.0.0.2:7411"))).unwrap();
    assert_eq!(there.via, Via::Server("10.0.0.2:7411".into()));
    // A guest on the local network looks for the host again by the code (the guest's own
    // server would not have the game).
    let lan = plan(OnlineStep::Resume, &settings, &entry, Some(seat("lan"))).unwrap();
    assert_eq!(lan.via, Via::Lan);
    assert_eq!(lan.start, Start::Resume { code: "ABC234".into(), token: "t".into() });
}

#[test]
fn joining_with_the_code_of_the_kept_seat_takes_the_seat_back() {
    let settings = Settings::default();
    let seat = |server: &str| SavedSeat { server: server.into(), code: "ABC234".into(), token: "t".into() };
    let entry = CodeEntry { text: "abc-234".into(), ..CodeEntry::default() };
    let back = plan(OnlineStep::Join, &settings, &entry, Some(seat("lan"))).unwrap();
    assert_eq!((back.start, back.via), (Start::Resume { code: "ABC234".into(), token: "t".into() }, Via::Lan));
    // Another code joins anew; watching with the same code only watches.
    let other = CodeEntry { text: "XYZ234".into(), ..CodeEntry::default() };
    let join = plan(OnlineStep::Join, &settings, &other, Some(seat("lan"))).unwrap();
    assert_eq!(join.start, Start::Join { code: "XYZ234".into() });
    let watch = plan(OnlineStep::Watch, &settings, &entry, Some(seat("lan"))).unwrap();
    assert_eq!(watch.start, Start::Watch { code: "ABC234".into() });
}

#[test]
fn a_guest_on_the_network_keeps_its_seat_as_found_by_code_and_the_host_as_its_own() {
    let guest = launch(
        Plan { start: Start::Watch { code: "ABC234".into() }, via: Via::Lan, watching: false, hosting: false },
        None,
        None,
    )
    .unwrap();
    assert_eq!(seat_server(&guest), SEAT_ON_LAN);
    let remote = launch(
        Plan {
            start: Start::Watch { code: "ABC234".into() },
            via: Via::Server("127.0.0.1:9".into()),
            watching: false,
            hosting: false,
        },
        None,
        None,
    )
    .unwrap();
    assert_eq!(seat_server(&remote), "127.0.0.1:9");
}

fn playing_black() -> OnlineGame {
    let session = Session::start("127.0.0.1:9".into(), Start::Watch { code: "ABC234".into() });
    let mut o = OnlineGame::new(session, None, None, false);
    o.you = Some(Side::Black);
    o
}

#[test]
fn the_friend_s_move_is_played_and_your_own_echo_is_not() {
    let mut o = playing_black();
    let setup = GameSetup::online(Geometry::new(6, 6).unwrap(), Some(Side::Black));
    let mut rules = Rules::new(setup, None);
    let first = rules.game.legal_moves()[0];
    let text = notation::move_to_string(rules.game.geometry(), first);
    let r = react(&mut o, Event::Moved { ply: 0, mv: text.clone(), outcome: None }, Some(&rules), Overlay::None);
    assert_eq!(r.intents, vec![Intent::Play { mv: first, generation: None }]);
    rules.game.try_play(first).unwrap();
    let r = react(&mut o, Event::Moved { ply: 0, mv: text, outcome: None }, Some(&rules), Overlay::None);
    assert!(r.intents.is_empty(), "already on the board");
}

#[test]
fn the_friend_joining_closes_the_code_and_coming_back_is_said() {
    let mut o = playing_black();
    let joined = Event::Presence { colour: Colour::White, connected: true, taken: true, claim_in_ms: None };
    let r = react(&mut o, joined, None, Overlay::OnlineCode);
    assert_eq!(r.notice.unwrap().0.key, "notice-friend-joined");
    assert_eq!(r.overlay, Some(Overlay::None));
    let gone = Event::Presence { colour: Colour::White, connected: false, taken: true, claim_in_ms: None };
    assert_eq!(react(&mut o, gone, None, Overlay::None), Reaction::default());
    let back = Event::Presence { colour: Colour::White, connected: true, taken: true, claim_in_ms: None };
    let r = react(&mut o, back, None, Overlay::None);
    assert_eq!((r.notice.unwrap().0.key, r.overlay), ("notice-friend-back".into(), None));
}

#[test]
fn a_take_back_asked_by_the_friend_is_a_question_and_a_resignation_ends_the_board() {
    let mut o = playing_black();
    let r = react(&mut o, Event::UndoAsked(Colour::White), None, Overlay::None);
    assert_eq!(r.overlay, Some(Overlay::Confirm(Discard::AllowUndo)));
    let r = react(&mut o, Event::UndoAsked(Colour::Black), None, Overlay::None);
    assert_eq!(r.notice.unwrap().0.key, "notice-undo-asked");
    let rules = Rules::new(GameSetup::online(Geometry::new(6, 6).unwrap(), Some(Side::Black)), None);
    let resigned = Outcome { winner: Some(Colour::Black), how: EndReason::Resigned };
    let r = react(&mut o, Event::Ended(resigned), Some(&rules), Overlay::None);
    assert_eq!(r.intents, vec![Intent::Resign(Side::White)]);
    assert_eq!(o.outcome, Some(resigned));
    let abandoned = Outcome { winner: None, how: EndReason::Abandoned };
    let r = react(&mut o, Event::Ended(abandoned), Some(&rules), Overlay::None);
    assert_eq!(r.notice, Some((Msg::new("link-abandoned"), true)));
}

#[test]
fn the_line_is_put_into_words_for_every_state() {
    let session = Session::start("127.0.0.1:9".into(), Start::Watch { code: "ABC234".into() });
    let mut o = OnlineGame::new(session, None, None, false);
    assert_eq!(o.link_words().unwrap().key, "link-connecting");
    o.link = LinkState::Connected;
    o.you = Some(Side::Black);
    o.code = Some("ABC234".into());
    assert_eq!(o.link_words().unwrap().key, "link-waiting-friend");
    o.seats[1] = SeatView { taken: true, connected: true, rematch: false, claim_in_ms: None };
    assert!(o.link_words().is_none(), "both here: the status line says it all");
    o.seats[1].connected = false;
    assert_eq!(o.link_words().unwrap().key, "link-friend-away");
    o.link = LinkState::Reconnecting(2, "reset".into());
    assert_eq!(o.link_words().unwrap().key, "link-reconnecting");
    o.link = LinkState::Unreachable("refused".into());
    assert_eq!(o.link_words().unwrap().key, "link-unreachable");
    o.link = LinkState::Replaced;
    assert_eq!(o.link_words().unwrap().key, "link-replaced");
    o.link = LinkState::Connected;
    o.outcome = Some(Outcome { winner: None, how: EndReason::Abandoned });
    assert_eq!(o.link_words().unwrap().key, "link-abandoned");
}

#[test]
fn whether_the_line_is_encrypted_is_said_once_connected_with_a_pinned_certificate_s_fingerprint() {
    use crate::online::tls::{LineInfo, grouped, hex};
    let session = Session::start("127.0.0.1:9".into(), Start::Watch { code: "ABC234".into() });
    let mut o = OnlineGame::new(session, None, None, false);
    assert_eq!(o.line_words(), None, "nothing is said before the first connection");
    let r = react(&mut o, Event::Line(LineInfo { certificate: None }), None, Overlay::None);
    assert_eq!(r, Reaction::default());
    assert_eq!(o.line_words().unwrap().key, "online-line-plain");
    let fp = [0xabu8; 32];
    o.line = Some(LineInfo { certificate: Some(fp) });
    o.server = Some("tls://games.example.org:7411".into());
    assert_eq!(o.line_words().unwrap().key, "online-line-encrypted");
    o.server = Some(format!("tls://192.168.1.5:7411#{}", hex(&fp)));
    let words = o.line_words().unwrap();
    assert_eq!(words, Msg::new("online-line-pinned").text("fingerprint", grouped(&fp)));
}

#[test]
fn the_clocks_count_down_from_the_server_s_word_tick_when_low_and_say_how_the_game_ended() {
    use crate::online::protocol::{ClockView, TimeControl};
    let mut o = playing_black();
    let heard = std::time::Instant::now();
    let control = TimeControl::RealTime { base_s: 60, increment_s: 1 };
    let view = ClockView { control, left_ms: [12_000, 30_000], running: Some(Colour::Black) };
    o.clock = Some((view, heard));
    let at = |ms: u64| heard + std::time::Duration::from_millis(ms);
    // Black's clock runs down; White's stands.
    assert_eq!(o.time_left(Side::Black, at(1_500)), Some((control, 10_500)));
    assert_eq!(o.time_left(Side::White, at(1_500)), Some((control, 30_000)));
    assert_eq!(o.clock_words(Side::Black, at(1_500)), Some(("0:10".into(), false)));
    assert_eq!(o.clock_words(Side::Black, at(2_600)), Some(("9.4".into(), true)));
    // Your own low clock ticks once a second; not the opponent's, not after the end.
    assert_eq!(clocks::low_second(&o, at(1_500)), None);
    assert_eq!(clocks::low_second(&o, at(2_600)), Some(9));
    assert_eq!(clocks::low_second(&o, at(3_100)), Some(8));
    assert!(o.clock_redraw(at(2_600)).unwrap() <= std::time::Duration::from_millis(105));
    o.outcome = Some(Outcome { winner: Some(Colour::White), how: EndReason::Time });
    assert_eq!(clocks::low_second(&o, at(3_100)), None);
    assert_eq!(o.clock_redraw(at(3_100)), None, "a finished game's clocks draw nothing more");
    assert_eq!(o.end_words().map(|m| m.key.to_string()).as_deref(), Some("online-lost-on-time"));
    o.outcome = Some(Outcome { winner: None, how: EndReason::Aborted });
    assert_eq!(o.end_words().map(|m| m.key.to_string()).as_deref(), Some("online-aborted"));
    assert!(!o.can_abort(0), "over");
    o.outcome = None;
    assert!(o.can_abort(1) && !o.can_abort(2));
    // Your friend went away: the claim opens when the server said.
    o.heard_absence(Colour::White, Some(0));
    assert!(o.can_claim(std::time::Instant::now()));
    o.heard_absence(Colour::White, None);
    assert!(!o.can_claim(std::time::Instant::now()));
}
