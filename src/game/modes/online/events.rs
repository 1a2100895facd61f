//! What the session's events ask of the game: moves to play, a friend seated or back, an
//! ending, and a whole game that becomes the board's.

use super::*;

/// What an event asks of the game besides the changes to [`OnlineGame`].
#[derive(Debug, Default, PartialEq)]
pub(super) struct Reaction {
    pub(super) intents: Vec<Intent>,
    /// The board becomes this game (before the intents).
    pub(super) change: Option<GameChange>,
    pub(super) overlay: Option<Overlay>,
    pub(super) notice: Option<(Msg, bool)>,
}

impl Reaction {
    pub(super) fn say(words: Msg, warning: bool) -> Reaction {
        Reaction { notice: Some((words, warning)), ..Default::default() }
    }
}

/// Takes an event of the session into `online` and says what the game should do about it.
/// Seats, watches, whole states and the session's end change the board or the screen:
/// [`pump`] applies them, and they ask nothing here.
pub(super) fn react(online: &mut OnlineGame, ev: Event, rules: Option<&Rules>, overlay: Overlay) -> Reaction {
    match ev {
        Event::Link(l) => {
            online.link = l;
            Reaction::default()
        }
        Event::Line(line) => {
            online.line = Some(line);
            Reaction::default()
        }
        Event::Moved { ply, mv, outcome } => moved(online, rules, ply, &mv, outcome),
        Event::Presence { colour, connected, taken, claim_in_ms } => {
            online.heard_absence(colour, claim_in_ms);
            presence(online, rules, overlay, colour, connected, taken)
        }
        Event::Clock(view) => {
            online.clock = Some((view, std::time::Instant::now()));
            Reaction::default()
        }
        Event::UndoAsked(by) if online.you != Some(by.into()) && online.you.is_some() => {
            Reaction { overlay: Some(Overlay::Confirm(Discard::AllowUndo)), ..Default::default() }
        }
        Event::UndoAsked(_) => Reaction::say(Msg::new("notice-undo-asked"), false),
        Event::UndoDeclined(by) if online.you != Some(by.into()) => {
            Reaction::say(Msg::new("notice-undo-declined"), true)
        }
        Event::RematchAsked(by) => {
            online.seats[by.index()].rematch = true;
            if online.you.is_some_and(|y| y != Side::from(by)) {
                Reaction::say(Msg::new("notice-friend-rematch"), false)
            } else {
                Reaction::default()
            }
        }
        Event::Ended(outcome) => ended(online, rules, outcome),
        Event::Refused(_, why) => Reaction::say(Msg::new("online-refused").text("why", why), true),
        Event::UndoDeclined(_)
        | Event::Seated { .. }
        | Event::Watching { .. }
        | Event::State { .. }
        | Event::Closed => Reaction::default(),
    }
}

/// A move kept by the server: the friend's (the next one on the board) is played; your own
/// was played already.
pub(super) fn moved(
    online: &mut OnlineGame,
    rules: Option<&Rules>,
    ply: u32,
    mv: &str,
    outcome: Option<Outcome>,
) -> Reaction {
    online.outcome = outcome;
    let mut reaction = Reaction::default();
    if let Some(r) = rules
        && ply as usize == r.game.ply()
        && let Ok(m) = notation::parse_move(r.game.geometry(), mv)
    {
        reaction.intents.push(Intent::Play { mv: m, generation: None });
    }
    reaction
}

/// A seat's holder came or went: the friend joining (which closes the invite code) or
/// coming back is said.
pub(super) fn presence(
    online: &mut OnlineGame,
    rules: Option<&Rules>,
    overlay: Overlay,
    colour: Colour,
    connected: bool,
    taken: bool,
) -> Reaction {
    let was = online.seats[colour.index()];
    online.seats[colour.index()] = SeatView { connected, taken, ..was };
    let friend = online.you.is_some_and(|y| y != Side::from(colour));
    if friend && taken && !was.taken {
        let close = (overlay == Overlay::OnlineCode).then_some(Overlay::None);
        // Until now the host could only look (nobody to play against): now they play.
        let seated =
            rules.map(|r| GameChange::at(GameSetup::online(*r.game.geometry(), online.you), r.game.clone(), None));
        Reaction { overlay: close, change: seated, ..Reaction::say(Msg::new("notice-friend-joined"), false) }
    } else if friend && connected && !was.connected && was.taken {
        Reaction::say(Msg::new("notice-friend-back"), false)
    } else {
        Reaction::default()
    }
}

/// The game ended other than by a move: a resignation the board has not seen is applied; an
/// abandoned game is said.
pub(super) fn ended(online: &mut OnlineGame, rules: Option<&Rules>, outcome: Outcome) -> Reaction {
    online.outcome = Some(outcome);
    let mut reaction = Reaction::default();
    if let Some(loser) = resigned_in(Some(outcome))
        && rules.is_some_and(|r| r.resigned.is_none())
    {
        reaction.intents.push(Intent::Resign(loser));
    }
    online.claim_at = None;
    if outcome.how == EndReason::Abandoned {
        reaction.notice = Some((Msg::new("link-abandoned"), true));
    }
    reaction
}

/// Connected: a "Connecting…" notice is no longer true.
pub(super) fn forget_connecting(notice: &mut Notice) {
    if notice.text.key == "link-connecting" {
        notice.left = 0.0;
    }
}

/// A seat, a watch or a whole state: the game on the board becomes the server's.
pub(super) fn enter(
    online: &mut OnlineGame,
    view: &GameView,
    in_game: bool,
    rules: Option<&Rules>,
    games: &mut MessageWriter<GameChange>,
) {
    online.code = Some(view.code.clone());
    online.seats = view.seats;
    online.clock = view.clock.map(|c| (c, std::time::Instant::now()));
    for c in [Colour::Black, Colour::White] {
        online.heard_absence(c, view.seats[c.index()].claim_in_ms);
    }
    online.outcome = view.outcome;
    online.round = view.round;
    online.entered = true;
    // A seat without a friend yet only looks: the game starts when the friend has joined.
    let friend_here = online.you.is_none_or(|y| view.seats[y.opponent().index()].taken);
    let plays = if friend_here { online.you } else { None };
    let (Ok(game), Ok(setup)) = (view.replay(), online_setup(view, plays)) else { return };
    let resigned = resigned_in(view.outcome);
    let same = rules.is_some_and(|r| r.game.moves() == game.moves() && r.setup == setup && r.resigned == resigned);
    if !in_game || !same {
        games.write(GameChange::start(NextGame {
            setup,
            from: Some((game, resigned)),
            allowed: None,
            took_back: false,
        }));
    }
}
