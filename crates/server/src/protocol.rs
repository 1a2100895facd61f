//! The online protocol: length-delimited frames (a 4-byte big-endian length, then the body),
//! each body one JSON object tagged by `"type"`. Written down in `docs/online-protocol.md`.
//!
//! A client says `hello` first; every other message before it is refused. A connection then
//! hosts, joins, watches or resumes one game and stays with it.

use serde::{Deserialize, Serialize};
use tokio_util::codec::LengthDelimitedCodec;

use konane_core::rules::{Color as Side, Game, Geometry, notation};

pub use super::clock::{ClockView, TimeControl};

/// The protocol's version; a `hello` with another is answered `version` ("update the game")
/// and closed. Version 2 added clocks, aborting, claiming a game and the server's `ping`.
pub const PROTOCOL_VERSION: u32 = 2;
/// Largest frame body a client may send (bytes).
pub const MAX_CLIENT_FRAME: usize = 1024;
/// Largest frame body the server sends (a 20×20 game's whole state fits many times over).
pub const MAX_SERVER_FRAME: usize = 64 * 1024;
/// The smallest board side online, as in the game's setup.
pub const MIN_BOARD: u8 = 4;
/// The port `konane serve` listens on by default (and the LAN discovery port).
pub const DEFAULT_PORT: u16 = 7411;

/// A colour on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Black, who removes first.
    Black,
    /// White.
    White,
}

impl From<Side> for Colour {
    fn from(s: Side) -> Colour {
        match s {
            Side::Black => Colour::Black,
            Side::White => Colour::White,
        }
    }
}

impl From<Colour> for Side {
    fn from(c: Colour) -> Side {
        match c {
            Colour::Black => Side::Black,
            Colour::White => Side::White,
        }
    }
}

impl Colour {
    /// 0 for Black, 1 for White.
    pub fn index(self) -> usize {
        Side::from(self).index()
    }
    /// The other colour.
    pub fn other(self) -> Colour {
        Side::from(self).opponent().into()
    }
}

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message: the protocol version the client speaks.
    Hello {
        /// Must equal [`PROTOCOL_VERSION`].
        version: u32,
    },
    /// Create a game and take the seat of `colour`.
    Host {
        /// Board rows.
        rows: u8,
        /// Board columns.
        cols: u8,
        /// The host's colour.
        colour: Colour,
        /// A private game: watching it takes a separate watch code (sent to the seats in
        /// `seated`); the invite code lets nobody watch. Optional, false when left out.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        private: bool,
        /// The time control (untimed when left out).
        #[serde(default, skip_serializing_if = "is_untimed")]
        clock: TimeControl,
    },
    /// Take the free seat of the game with this invite code.
    Join {
        /// The invite code (any case, dashes and spaces ignored).
        code: String,
    },
    /// Follow the game with this invite code without a seat.
    Watch {
        /// The invite code.
        code: String,
    },
    /// Take back one's seat after a reconnect.
    Resume {
        /// The invite code.
        code: String,
        /// The seat's secret token.
        token: String,
    },
    /// Play a move as the seat's colour.
    Move {
        /// The move's number in the game (0 for Black's removal): a move sent again after a
        /// reconnect is recognised and not played twice.
        ply: u32,
        /// The move in the game's notation (`d5`, `d6-d4`).
        mv: String,
    },
    /// Give up the game.
    Resign {},
    /// End the game before each side has made its first move (the first two plies): it
    /// counts for nobody.
    Abort {},
    /// Win the game because the opponent has been away longer than the time control allows.
    ClaimVictory {},
    /// The answer to the server's `ping` (it measures the round trip).
    Pong {
        /// The ping's number.
        n: u64,
    },
    /// Ask the opponent to take back one's last move.
    UndoRequest {},
    /// Answer the opponent's take-back request.
    UndoAnswer {
        /// Allow it.
        accept: bool,
    },
    /// Ask for another game with the colours swapped (played once both seats have asked).
    Rematch {},
    /// Keep the connection alive; answered `pong`.
    Ping {
        /// Echoed back.
        n: u64,
    },
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The side to move had no move.
    NoMoves,
    /// A side resigned.
    Resigned,
    /// A seat stayed away longer than the server keeps games.
    Abandoned,
    /// The side to move ran out of time.
    Time,
    /// A player ended it in the first two plies: it counts for nobody.
    Aborted,
    /// The winner claimed it after the other side stayed away too long.
    Claimed,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner (none for an abandoned game).
    pub winner: Option<Colour>,
    /// How it ended.
    pub how: EndReason,
}

/// One seat as everyone in the game sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct SeatView {
    /// Someone holds the seat.
    pub taken: bool,
    /// Its holder is connected now.
    pub connected: bool,
    /// Its holder asked for a rematch.
    pub rematch: bool,
    /// Taken but not connected, in a game that can be claimed: milliseconds until the
    /// opponent may claim it (0: now).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim_in_ms: Option<u64>,
}

/// A whole game as the server keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameView {
    /// The invite code.
    pub code: String,
    /// Board rows.
    pub rows: u8,
    /// Board columns.
    pub cols: u8,
    /// Every move so far, in notation.
    pub moves: Vec<String>,
    /// Black's and White's seats.
    pub seats: [SeatView; 2],
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
    /// The colour that asked to take back a move, while the other has not answered.
    pub undo_asked: Option<Colour>,
    /// Which game between these seats this is (0 for the first; a rematch adds one).
    pub round: u32,
    /// The clocks (none for an untimed game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
}

impl GameView {
    /// The game replayed from its moves (the server only sends legal ones).
    pub fn replay(&self) -> Result<Game, String> {
        let geo = Geometry::new(self.rows, self.cols)?;
        let mut game = Game::new(geo);
        for (i, text) in self.moves.iter().enumerate() {
            let mv = notation::parse_move(&geo, text).map_err(|e| format!("move {}: {e}", i + 1))?;
            game.try_play(mv).map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        Ok(game)
    }
}

/// Why the server refused a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The frame was not a message of this protocol (bad JSON, unknown type or field).
    BadMessage,
    /// The frame was larger than [`MAX_CLIENT_FRAME`]; the connection is closed.
    TooLarge,
    /// `hello` had another version; the connection is closed.
    Version,
    /// A message other than `hello` came first, or `hello` came twice.
    Order,
    /// The message needs a game and this connection has none.
    NotInGame,
    /// This connection already follows a game.
    AlreadyInGame,
    /// No game has this code.
    NoSuchGame,
    /// Both seats are taken (watch instead).
    GameFull,
    /// The token does not hold a seat of this game.
    WrongToken,
    /// Watchers cannot play.
    NotSeated,
    /// It is the other colour's turn.
    NotYourTurn,
    /// The move is not legal here, or not in notation.
    IllegalMove,
    /// The move's number is not the next one (the reply carries the game's state).
    StaleMove,
    /// The game is over.
    GameOver,
    /// The game is not over (a rematch is asked for after the end).
    NotOver,
    /// Nothing to take back, or no request to answer.
    NoUndo,
    /// The board size is not allowed.
    BadSize,
    /// Too many messages too fast; more closes the connection.
    RateLimited,
    /// This address holds too many games or connections.
    TooMany,
    /// The server could not keep the change (its database failed); nothing was changed.
    ServerError,
    /// Another connection resumed this seat with its token and holds it now; this one is
    /// closed (the game opened somewhere else takes over).
    Replaced,
    /// An abort after the first two plies, or a claim while the opponent is connected or
    /// before their time away allows it.
    NotNow,
    /// The time control is outside the allowed ranges.
    BadClock,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`.
    Welcome {
        /// The server's protocol version.
        version: u32,
        /// The server program and its version.
        server: String,
    },
    /// A seat is yours (after host, join or resume): keep the token to come back.
    Seated {
        /// The seat's secret token.
        token: String,
        /// Your colour in this round.
        colour: Colour,
        /// The game.
        game: GameView,
        /// A private game's watch code (left out for a game anyone with the invite code may
        /// watch).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        watch_code: Option<String>,
    },
    /// You follow the game without a seat.
    Watching {
        /// The game.
        game: GameView,
    },
    /// The whole game again (after a take-back, a rematch, or a move out of order).
    State {
        /// The game.
        game: GameView,
        /// Your colour in this round, if you hold a seat.
        colour: Option<Colour>,
    },
    /// A move was played and kept (also the acknowledgement of one's own move).
    Moved {
        /// Its number.
        ply: u32,
        /// The move.
        mv: String,
        /// The game's result if this move ended it.
        outcome: Option<Outcome>,
        /// The clocks after it (none for an untimed game).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockView>,
    },
    /// A seat's holder connected or went away.
    Presence {
        /// The seat.
        colour: Colour,
        /// Connected now.
        connected: bool,
        /// The seat is held.
        taken: bool,
        /// Gone from a game that can be claimed: milliseconds until the opponent may claim it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claim_in_ms: Option<u64>,
    },
    /// A colour asked to take back a move.
    UndoAsked {
        /// Who asked.
        by: Colour,
    },
    /// The take-back request was declined.
    UndoDeclined {
        /// Who declined.
        by: Colour,
    },
    /// A colour asked for a rematch.
    RematchAsked {
        /// Who asked.
        by: Colour,
    },
    /// The game ended other than by a move (resignation, abandonment, time, abort, claim).
    Ended {
        /// The result.
        outcome: Outcome,
        /// The clocks at the end (none for an untimed game).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockView>,
    },
    /// The server measures the round trip: answer `pong` with the same number at once.
    Ping {
        /// Echo it.
        n: u64,
    },
    /// The answer to `ping`.
    Pong {
        /// The ping's number.
        n: u64,
    },
    /// A refusal; the connection stays open unless the code says it closes.
    Error {
        /// What was wrong.
        code: ErrorCode,
        /// In words, for logs and players.
        message: String,
    },
}

fn is_untimed(c: &TimeControl) -> bool {
    *c == TimeControl::Untimed
}

/// The frame codec of one side: `max` is the largest body accepted.
pub fn codec(max: usize) -> LengthDelimitedCodec {
    LengthDelimitedCodec::builder().length_field_length(4).max_frame_length(max).new_codec()
}

/// A message as a frame body.
pub fn encode<T: Serialize>(msg: &T) -> Vec<u8> {
    serde_json::to_vec(msg).expect("protocol messages always serialise")
}

/// A frame body as a client message, or what was wrong with it (shortened for a reply).
pub fn decode_client(body: &[u8]) -> Result<ClientMsg, String> {
    serde_json::from_slice(body).map_err(|e| konane_core::rules::quote::shown(&e.to_string()))
}

/// A frame body as a server message.
pub fn decode_server(body: &[u8]) -> Result<ServerMsg, String> {
    serde_json::from_slice(body).map_err(|e| konane_core::rules::quote::shown(&e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_tagged_json_objects() {
        let m = ClientMsg::Move { ply: 3, mv: "d6-d4".into() };
        assert_eq!(String::from_utf8(encode(&m)).unwrap(), r#"{"type":"move","ply":3,"mv":"d6-d4"}"#);
        assert_eq!(
            decode_client(br#"{"type":"host","rows":8,"cols":8,"colour":"white"}"#).unwrap(),
            ClientMsg::Host { rows: 8, cols: 8, colour: Colour::White, private: false, clock: TimeControl::Untimed }
        );
        let timed = ClientMsg::Host {
            rows: 8,
            cols: 8,
            colour: Colour::Black,
            private: false,
            clock: TimeControl::RealTime { base_s: 180, increment_s: 2 },
        };
        let text = String::from_utf8(encode(&timed)).unwrap();
        assert!(text.ends_with(r#""clock":{"kind":"real_time","base_s":180,"increment_s":2}}"#), "{text}");
        assert_eq!(decode_client(text.as_bytes()).unwrap(), timed);
        // A game that is not private is asked for as before (servers of version 1 understand it).
        let public =
            ClientMsg::Host { rows: 8, cols: 8, colour: Colour::White, private: false, clock: TimeControl::Untimed };
        assert_eq!(
            String::from_utf8(encode(&public)).unwrap(),
            r#"{"type":"host","rows":8,"cols":8,"colour":"white"}"#
        );
        assert_eq!(decode_client(br#"{"type":"resign"}"#).unwrap(), ClientMsg::Resign {});
    }

    #[test]
    fn unknown_types_fields_and_garbage_are_refused() {
        assert!(decode_client(br#"{"type":"teleport"}"#).is_err());
        assert!(decode_client(br#"{"type":"resign","extra":1}"#).is_err());
        assert!(decode_client(br#"{"type":"move","ply":-1,"mv":"d6-d4"}"#).is_err());
        assert!(decode_client(b"\xff\xfe").is_err());
        assert!(decode_client(b"").is_err());
    }

    #[test]
    fn a_game_view_replays_to_its_position() {
        let view = GameView {
            code: "ABC234".into(),
            rows: 6,
            cols: 6,
            moves: vec!["d3".into(), "d4".into()],
            seats: Default::default(),
            outcome: None,
            undo_asked: None,
            round: 0,
            clock: None,
        };
        assert_eq!(view.replay().unwrap().ply(), 2);
        let bad = GameView { moves: vec!["a1".into()], ..view };
        assert!(bad.replay().unwrap_err().starts_with("move 1"));
    }
}
