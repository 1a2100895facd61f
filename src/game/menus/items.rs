//! The menu items: what each one is and how it is put into words.

use super::*;

/// Something a menu offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MenuItem {
    /// Continue the unfinished game.
    Continue,
    /// Start a game against the computer (left/right: its difficulty).
    PlayComputer,
    /// Who the computer plays as in "Play vs computer": the plain computer or a named
    /// opponent (More games).
    Opponent,
    /// Which colour you play against the computer (left/right swap it).
    YourColour,
    /// Hosting online: whether watchers need a separate watch code (a private game).
    Watchers,
    /// Hosting online: the time control (left/right step through the presets).
    TimeClock,
    /// Online: win the game of an opponent who stayed away too long.
    ClaimWin,
    /// Online: end the game before each side's first move (it counts for nobody).
    AbortGame,
    /// Start a game for two people at this screen.
    TwoPlayers,
    /// Watch the computer play itself.
    WatchComputer,
    /// Open the custom game setup.
    CustomGame,
    /// Open the other ways to play (two players, watch, custom, load).
    MoreGames,
    /// The end of a game's other actions.
    MoreActions,
    /// Start the tutorial at this lesson (0-based).
    Lesson(u8),
    /// Open the list of saved games.
    LoadGame,
    /// Open the rules page.
    HowToPlay,
    /// Start the tutorial (where it was left).
    Tutorial,
    /// Tutorial: close the lesson's text and try it.
    TryLesson,
    /// Tutorial: go on to the next lesson.
    NextLesson,
    /// Tutorial: the last lesson is done; back to the title.
    FinishTutorial,
    /// Open the puzzles (title).
    Puzzles,
    /// Play a grade's first unsolved puzzle (0 short, 1 middle, 2 long).
    PuzzleGrade(u8),
    /// The next puzzle of the grade.
    NextPuzzle,
    /// The same puzzle from its start.
    RetryPuzzle,
    /// Back to the list of puzzles.
    LeavePuzzle,
    /// Tutorial: show the lesson's text again.
    ShowLesson,
    /// Tutorial: leave it for the title.
    LeaveTutorial,
    /// Leave the game.
    Quit,
    /// Open the settings.
    Settings,
    /// Sound volume (left/right change it).
    Volume,
    /// Sound on or off.
    Mute,
    /// Surf-and-wind ambience volume (left/right).
    Ambience,
    /// Music volume (left/right).
    Music,
    /// Music on or paused while the window is in the background.
    MusicBackground,
    /// The board's look (left/right).
    Theme,
    /// Animation speed (left/right).
    Speed,
    /// Mark the stones that can move.
    Movable,
    /// Coordinates along the board.
    Coordinates,
    /// Fullscreen or windowed.
    Fullscreen,
    /// Size of the interface (left/right).
    UiScale,
    /// The interface's language (left/right).
    Language,
    /// Close this screen.
    Back,
    /// Setup: a board size from the usual ones (left/right).
    Preset,
    /// Setup: rows (left/right).
    Rows,
    /// Setup: columns (left/right).
    Columns,
    /// Setup: who plays Black (left/right).
    BlackPlayer,
    /// Setup: who plays White (left/right).
    WhitePlayer,
    /// Setup: swap who plays which colour.
    SwapColours,
    /// Setup: start the game as set up.
    StartCustom,
    /// Load: open the saved game at this place in the list.
    OpenSave(usize),
    /// Load: delete the saved game at this place in the list (asks first).
    DeleteSave(usize),
    /// Load: open a game from a record on the clipboard.
    Paste,
    /// Close the pause menu.
    Resume,
    /// Start this game again with the same players.
    Restart,
    /// Save the game into the saved games.
    Save,
    /// Copy the game's record to the clipboard.
    CopyRecord,
    /// Give up this game (asks first).
    Resign,
    /// Leave this game for the title screen.
    ToTitle,
    /// Play again with the same colours.
    Rematch,
    /// Play again with the colours swapped.
    RematchSwapped,
    /// Step through the finished game with the move list open.
    Review,
    /// Close the game-over panel to look at the board.
    LookAtBoard,
    /// Game over: take the last move (or the resignation) back and play on.
    TakeBack,
    /// Answer a confirmation question: go ahead.
    Yes,
    /// Answer a confirmation question: keep the game.
    No,
    /// Open playing a friend online (host, join, watch).
    PlayOnline,
    /// Online: set up a game to host.
    HostOnline,
    /// Online: type a friend's code to join their game.
    JoinOnline,
    /// Online: type a code to watch a game.
    WatchOnline,
    /// Online: host the game as set up.
    StartHosting,
    /// Online: the invite code being typed (left/right step its last symbol on a pad).
    CodeField,
    /// Online: join (or watch) the game of the typed code.
    JoinNow,
    /// Online: copy the invite code.
    CopyCode,
    /// Open About: version, licence, credits, the crates the game is built on.
    About,
    /// Open the accessibility settings (from the settings).
    Access,
    /// Calm motion on or off.
    ReducedMotion,
    /// Confirm each move (tap a landing, then again) on or off.
    ConfirmMoves,
    /// Whether the computer seems to think before it moves (Settings).
    ThinkingPause,
    /// When the coach comments on your mistakes (Settings).
    Coach,
    /// Open the page that says what the game does for accessibility.
    AccessGuide,
    /// Open the Controls screen (rebinding keys and pad buttons).
    Controls,
    /// Give this command (by its place in the list of commands) a new key or button.
    Bind(u8),
    /// Every key and button back as it came.
    ResetControls,
    /// Open your record: rating, statistics, milestones.
    Stats,
    /// Your record: the list of your finished games.
    RecordedGames,
    /// Your games: open the one at this place in the list (newest first) for review.
    OpenRecorded(usize),
    /// Puzzles: today's daily puzzle.
    DailyPuzzle,
    /// Puzzles: start a streak of puzzles of rising difficulty.
    PuzzleStreak,
    /// A puzzle of a streak solved: the next, a little harder.
    NextInStreak,
    /// Your games: the next page, of older games.
    OlderGames,
    /// Your games: the page of newer games.
    NewerGames,
}

impl MenuItem {
    /// The message key of the words on its button.
    pub fn key(self) -> &'static str {
        use MenuItem::*;
        match self {
            Continue => "item-continue",
            PlayComputer => "item-play-computer",
            YourColour => "item-your-colour",
            TwoPlayers => "item-two-players",
            WatchComputer => "item-watch",
            CustomGame => "item-custom",
            MoreGames => "item-more-games",
            MoreActions => "item-more-actions",
            Lesson(_) => "item-lesson",
            LoadGame => "item-load",
            HowToPlay => "item-how-to-play",
            About => "item-about",
            Tutorial => "item-tutorial",
            TryLesson => "item-try-lesson",
            NextLesson => "item-next-lesson",
            FinishTutorial => "item-finish-tutorial",
            Puzzles => "item-puzzles",
            PuzzleGrade(_) => "item-puzzle-grade",
            NextPuzzle => "item-next-puzzle",
            RetryPuzzle => "item-retry-puzzle",
            LeavePuzzle => "item-leave-puzzle",
            ShowLesson => "item-show-lesson",
            LeaveTutorial => "item-leave-tutorial",
            Quit => "item-quit",
            OpenSave(_) => "item-saved-game",
            DeleteSave(_) => "item-delete",
            Paste => "item-paste",
            Resume => "item-resume",
            Restart => "item-restart",
            Save => "item-save",
            CopyRecord => "item-copy",
            Resign => "item-resign",
            ToTitle => "item-to-title",
            Rematch => "item-rematch",
            RematchSwapped => "item-rematch-swapped",
            Review => "item-review",
            LookAtBoard => "item-look",
            TakeBack => "item-take-back",
            Yes => "item-yes",
            No => "item-no",
            PlayOnline | HostOnline | JoinOnline | WatchOnline | StartHosting | CodeField | JoinNow | CopyCode
            | Watchers | TimeClock | ClaimWin | AbortGame => self.online_key(),
            Settings | Volume | Mute | Ambience | Music | MusicBackground | Theme | Speed | Movable => {
                self.settings_key()
            }
            Coordinates | Fullscreen | UiScale | Language | Back | Preset | Access | ReducedMotion => {
                self.settings_key()
            }
            ConfirmMoves | ThinkingPause | Coach | AccessGuide | Controls | Bind(_) | ResetControls => {
                self.settings_key()
            }
            Rows | Columns | BlackPlayer | WhitePlayer | SwapColours | StartCustom | Opponent => self.settings_key(),
            Stats | RecordedGames | OpenRecorded(_) | DailyPuzzle | PuzzleStreak | NextInStreak => self.record_key(),
            OlderGames | NewerGames => self.record_key(),
        }
    }

    /// The message key of an item of playing a friend online.
    fn online_key(self) -> &'static str {
        match self {
            MenuItem::PlayOnline => "item-online",
            MenuItem::HostOnline => "item-host",
            MenuItem::JoinOnline => "item-join",
            MenuItem::WatchOnline => "item-watch-online",
            MenuItem::StartHosting => "item-start-hosting",
            MenuItem::CodeField => "item-code",
            MenuItem::JoinNow => "item-join-now",
            MenuItem::CopyCode => "item-copy-code",
            MenuItem::Watchers => "item-watchers",
            MenuItem::TimeClock => "item-clock",
            MenuItem::ClaimWin => "item-claim-win",
            MenuItem::AbortGame => "item-abort-game",
            _ => self.key(),
        }
    }

    /// The message key of an item of your record or of the daily puzzle and the streak.
    fn record_key(self) -> &'static str {
        match self {
            MenuItem::Stats => "item-stats",
            MenuItem::RecordedGames => "item-recorded-games",
            MenuItem::OpenRecorded(_) => "item-recorded",
            MenuItem::DailyPuzzle => "item-daily-puzzle",
            MenuItem::PuzzleStreak => "item-puzzle-streak",
            MenuItem::NextInStreak => "item-next-in-streak",
            MenuItem::OlderGames => "item-older-games",
            MenuItem::NewerGames => "item-newer-games",
            _ => self.key(),
        }
    }

    /// The message key of a settings or custom-setup item's button (any other item's is its
    /// [`key`](MenuItem::key)).
    fn settings_key(self) -> &'static str {
        match self {
            MenuItem::Settings => "item-settings",
            MenuItem::Volume => "item-volume",
            MenuItem::Mute => "item-sound",
            MenuItem::Ambience => "item-ambience",
            MenuItem::Music => "item-music",
            MenuItem::MusicBackground => "item-music-background",
            MenuItem::Theme => "item-theme",
            MenuItem::Speed => "item-speed",
            MenuItem::Movable => "item-movable",
            MenuItem::Coordinates => "item-coordinates",
            MenuItem::Fullscreen => "item-fullscreen",
            MenuItem::UiScale => "item-ui-scale",
            MenuItem::Access => "item-access",
            MenuItem::ReducedMotion => "item-reduced-motion",
            MenuItem::ConfirmMoves => "item-confirm-moves",
            MenuItem::ThinkingPause => "item-thinking-pause",
            MenuItem::Coach => "item-coach",
            MenuItem::Opponent => "item-opponent",
            MenuItem::AccessGuide => "item-access-guide",
            MenuItem::Controls => "item-controls",
            MenuItem::Bind(_) => "item-bind",
            MenuItem::ResetControls => "item-reset-controls",
            MenuItem::Language => "item-language",
            MenuItem::Back => "item-back",
            MenuItem::Preset => "item-preset",
            MenuItem::Rows => "item-rows",
            MenuItem::Columns => "item-columns",
            MenuItem::BlackPlayer => "item-black-player",
            MenuItem::WhitePlayer => "item-white-player",
            MenuItem::SwapColours => "item-swap",
            MenuItem::StartCustom => "item-start",
            _ => self.key(),
        }
    }
}

/// "Play vs computer · level" (or the named opponent's name) and "Opponent: name — line".
fn opponent_msg(item: MenuItem, s: &Settings, level: crate::ai::Level, m: Msg) -> Msg {
    match item {
        MenuItem::PlayComputer => match s.opponent {
            Some(p) if p.style() == crate::ai::Style::Rival => {
                Msg::new("item-play-persona").text("name", p.name()).sub("level", Msg::new("level-adapts"))
            }
            Some(p) => Msg::new("item-play-persona").text("name", p.name()).sub("level", level_name(level)),
            None => m.sub("level", level_name(level)),
        },
        MenuItem::Opponent => match s.opponent {
            Some(p) => m.text("name", p.name()),
            None => m.sub("name", Msg::new("opponent-computer")),
        },
        _ => m,
    }
}

impl MenuItem {
    /// The words on its button, with the current value for a setting.
    pub fn text(self, s: &Settings, tr: &Tr) -> String {
        tr.msg(&self.msg(s, tr.lang()))
    }

    /// What its button says, with the current value for a setting.
    pub fn msg(self, s: &Settings, lang: Lang) -> Msg {
        let on = |b: bool| Msg::new(if b { "value-on" } else { "value-off" });
        let percent = |v: f32| (v * 100.0).round() as i64;
        let (level, colour) = quick_game(s);
        let m = Msg::new(self.key());
        match self {
            MenuItem::PlayComputer | MenuItem::Opponent => opponent_msg(self, s, level, m),
            MenuItem::YourColour => m.sub("side", side_name(colour)),
            MenuItem::Volume => m.num("percent", percent(s.volume)),
            MenuItem::Mute => s.bindings.prompt("item-sound").sub("value", on(!s.muted)),
            MenuItem::Ambience if s.ambient == 0.0 => Msg::new("item-ambience-off"),
            MenuItem::Ambience => m.num("percent", percent(s.ambient)),
            MenuItem::Music if s.music == 0.0 => Msg::new("item-music-off"),
            MenuItem::Music => m.num("percent", percent(s.music)),
            MenuItem::MusicBackground => m.sub("value", on(s.music_in_background)),
            MenuItem::Theme => m.sub("theme", Msg::new(s.theme.key())),
            MenuItem::Speed if s.anim_speed == 0.0 => Msg::new("item-speed-instant"),
            MenuItem::Speed => m.text("speed", lang.decimal(s.anim_speed, 2)),
            MenuItem::Movable => m.sub("value", on(s.show_movable)),
            MenuItem::Coordinates => m.sub("value", on(s.coordinates)),
            MenuItem::Watchers => {
                m.sub("value", Msg::new(if s.online_private { "watchers-private" } else { "watchers-anyone" }))
            }
            MenuItem::TimeClock => m.sub("value", clock_words(s.online_clock)),
            MenuItem::Fullscreen => m.sub("value", on(s.fullscreen)),
            MenuItem::ReducedMotion => m.sub("value", on(s.reduced_motion)),
            MenuItem::ConfirmMoves => m.sub("value", on(s.confirm_moves)),
            MenuItem::ThinkingPause => m.sub("value", on(s.thinking_pause)),
            MenuItem::Coach => m.sub("value", Msg::keyed(format!("coach-mode-{}", s.coach.name()))),
            MenuItem::Bind(i) => bind_words(s, i, false),
            MenuItem::UiScale => m.num("percent", percent(s.ui_scale)),
            MenuItem::Language => m.text("language", s.language.native_name()),
            MenuItem::Preset => m.num("rows", s.size.rows()).num("cols", s.size.cols()),
            MenuItem::Rows => m.num("rows", s.size.rows()),
            MenuItem::Columns => m.num("cols", s.size.cols()),
            MenuItem::BlackPlayer => m.sub("who", controller_words(s.players[0])),
            MenuItem::WhitePlayer => m.sub("who", controller_words(s.players[1])),
            MenuItem::OpenSave(i) => m.num("n", i as i64 + 1),
            MenuItem::Lesson(n) => {
                let lesson = &crate::game::modes::tutorial::LESSONS
                    [(n as usize).min(crate::game::modes::tutorial::LESSONS.len() - 1)];
                let mark = if n < s.tutorial { "lesson-mark-passed" } else { "lesson-mark-open" };
                m.num("n", n as i64 + 1).sub("title", lesson.msg("title")).sub("mark", Msg::new(mark))
            }
            MenuItem::PuzzleGrade(g) => {
                let grade = Grade::ALL[(g as usize).min(2)];
                let (solved, total) = grade_solved(s, g);
                m.text("grade", grade.name()).num("solved", solved as i64).num("total", total as i64)
            }
            _ => m,
        }
    }

    /// Whether choosing it turns a setting over (see [`toggle`]).
    pub fn toggles(self) -> bool {
        matches!(
            self,
            MenuItem::Mute
                | MenuItem::MusicBackground
                | MenuItem::Movable
                | MenuItem::Coordinates
                | MenuItem::Watchers
                | MenuItem::Fullscreen
                | MenuItem::SwapColours
                | MenuItem::ReducedMotion
                | MenuItem::ConfirmMoves
                | MenuItem::ThinkingPause
                | MenuItem::ResetControls
        )
    }

    /// Whether left/right change its value.
    pub fn adjustable(self) -> bool {
        matches!(
            self,
            MenuItem::Volume
                | MenuItem::Ambience
                | MenuItem::Music
                | MenuItem::Theme
                | MenuItem::Speed
                | MenuItem::UiScale
                | MenuItem::Language
                | MenuItem::PlayComputer
                | MenuItem::Opponent
                | MenuItem::Coach
                | MenuItem::TimeClock
                | MenuItem::YourColour
                | MenuItem::Preset
                | MenuItem::Rows
                | MenuItem::Columns
                | MenuItem::BlackPlayer
                | MenuItem::WhitePlayer
                | MenuItem::CodeField
        )
    }
}

/// A time control in words: "none", "5 min + 3 s", "3 days a move".
pub fn clock_words(c: crate::online::protocol::TimeControl) -> Msg {
    use crate::online::protocol::TimeControl;
    match c {
        TimeControl::Untimed => Msg::new("clock-untimed"),
        TimeControl::RealTime { base_s, increment_s } if base_s % 60 == 0 => {
            Msg::new("clock-real").num("minutes", i64::from(base_s / 60)).num("increment", i64::from(increment_s))
        }
        // A custom time of seconds (from the settings file) is said as it is.
        TimeControl::RealTime { .. } => Msg::plain(c.label()),
        TimeControl::Correspondence { days } => Msg::new("clock-days").num("days", i64::from(days)),
    }
}
