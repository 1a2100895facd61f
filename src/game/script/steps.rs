//! A script's steps and how its file is read: one command per line, each checked with the
//! line it is on.

use super::*;

/// One script command.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Online: host a game (board and colour of the settings).
    Host,
    /// Online: join the game of this code (`@name`: the code written by `wait-code name`).
    Join(String),
    /// Online: until a seat (or a watch) is held and the code is known; then write the
    /// code to this file in the screenshot directory.
    SaveCode(String),
    /// Online: until the friend's seat is taken and connected.
    WaitFriend,
    /// Let frames pass.
    Wait(u32),
    /// Until a human is to move (or the game is over) and nothing animates.
    WaitIdle,
    /// Until at least this many plies are played.
    WaitPlies(usize),
    /// Until the renderer has compiled every pipeline it was asked for (it does so in the
    /// background, so the first frames of a run may lack the board), for several frames.
    WaitRendered,
    /// Until the game is over.
    WaitOver,
    /// Until the computer is thinking about its move.
    WaitThinking,
    /// Until a file of that name exists in the screenshot directory (written by whatever
    /// drives the pointer beside the game, e.g. xdotool in the end-to-end test).
    WaitFile(String),
    /// Create an empty file of that name in the screenshot directory.
    Signal(String),
    /// Until the pointer is over this cell.
    WaitHover(String),
    /// Until the left mouse button is down.
    WaitMouseDown,
    /// Until the left mouse button is up.
    WaitMouseUp,
    /// Until a stone held by the pointer is drawn over this cell.
    WaitHeld(String),
    /// Until the stone on this cell is selected (by a click, say).
    WaitSelected(String),
    /// Until no stone is held by the pointer.
    WaitNotHeld,
    /// Until a hop is at least this far along (in hops), then pause the game clock.
    FreezeHop(f32),
    /// Run the game clock again.
    Unfreeze,
    /// Activate a cell, as a click would.
    Click(String),
    /// Play a move in notation; `a|b|c` plays the first of them that is legal (for scripts
    /// that answer a computer whose reply may vary). None legal ends the run with an error.
    Play(String),
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// New game.
    New,
    /// Ask for a hint.
    Hint,
    /// Play the hint's move once the hint for this position is known (after `hint`).
    PlayHint,
    /// Go to the title screen.
    Menu,
    /// Check that the menu on screen fits its window without scrolling (else the run fails).
    ExpectMenuFits,
    /// Open the pause menu over the game.
    Pause,
    /// Open the settings (over the title or the game).
    Settings,
    /// Open or close the move list.
    Moves,
    /// Show the position after N plies (read-only), or the game again with `review off`.
    Review(Option<usize>),
    /// Go from the title screen to a game with the current settings.
    Start,
    /// Close the menu over the game (the game-over panel, the pause menu).
    CloseMenu,
    /// Open a screen over the title or the game: setup, load, pause, settings, over or rules.
    Open(Overlay),
    /// Press a key or button: up, down, left, right, confirm, cancel or delete.
    Press(Action),
    /// Save the game into the saved games.
    Save,
    /// The side to move resigns.
    Resign,
    /// Write the position, the ply and the moves to NAME in the screenshot directory.
    Dump(String),
    /// Save a screenshot as NAME.png in the screenshot directory.
    Screenshot(String),
    /// Write the interface's rectangles of the last frame to NAME.layout (see
    /// [`crate::game::ui::probe`]).
    Layout(String),
    /// Exit once screenshots are written.
    Quit,
}

impl Step {
    /// Waits pass straight on to the next step; actions take a frame each.
    pub(super) fn is_wait(&self) -> bool {
        matches!(
            self,
            Step::Wait(_)
                | Step::SaveCode(_)
                | Step::WaitFriend
                | Step::WaitIdle
                | Step::WaitPlies(_)
                | Step::WaitRendered
                | Step::WaitOver
                | Step::WaitThinking
                | Step::WaitFile(_)
                | Step::WaitHover(_)
                | Step::WaitMouseDown
                | Step::WaitMouseUp
                | Step::WaitHeld(_)
                | Step::WaitSelected(_)
                | Step::WaitNotHeld
        )
    }
}

impl Script {
    /// Parses script text; errors name the line.
    pub fn parse(text: &str) -> Result<Script, String> {
        let mut steps = Vec::new();
        let mut lines = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let code = line.split('#').next().unwrap_or("").trim();
            if code.is_empty() {
                continue;
            }
            let mut parts = code.split_whitespace();
            let cmd = parts.next().unwrap_or("");
            steps.push(parse_step(cmd, parts.next(), i + 1)?);
            lines.push(i + 1);
        }
        Ok(Script { steps, lines, next: 0, waited: 0, announced: None, reported: 0.0 })
    }

    /// Reads and parses a script file, with the checks of records and settings: a regular
    /// file (a FIFO or device is refused at once) of at most [`MAX_SCRIPT_BYTES`].
    pub fn load(path: &std::path::Path) -> Result<Script, String> {
        let text = crate::files::read_regular_file(path, MAX_SCRIPT_BYTES).map_err(|e| format!("script: {e}"))?;
        Script::parse(&text).map_err(|e| format!("{}: {e}", crate::files::show_path(path)))
    }
}

/// A command that takes no argument (anything after it on the line is ignored).
pub(super) fn bare_step(cmd: &str) -> Option<Step> {
    Some(match cmd {
        "wait-idle" => Step::WaitIdle,
        "host" => Step::Host,
        "wait-friend" => Step::WaitFriend,
        "wait-rendered" => Step::WaitRendered,
        "wait-over" => Step::WaitOver,
        "wait-thinking" => Step::WaitThinking,
        "wait-mouse-down" => Step::WaitMouseDown,
        "wait-mouse-up" => Step::WaitMouseUp,
        "wait-not-held" => Step::WaitNotHeld,
        "unfreeze" => Step::Unfreeze,
        "undo" => Step::Undo,
        "redo" => Step::Redo,
        "new" => Step::New,
        "hint" => Step::Hint,
        "play-hint" => Step::PlayHint,
        "menu" => Step::Menu,
        "expect-menu-fits" => Step::ExpectMenuFits,
        "pause" => Step::Pause,
        "settings" => Step::Settings,
        "moves" => Step::Moves,
        "save" => Step::Save,
        "resign" => Step::Resign,
        "start" => Step::Start,
        "close-menu" => Step::CloseMenu,
        "quit" => Step::Quit,
        _ => return None,
    })
}

/// One command with its argument, if it has one; errors name the script `line`.
pub(super) fn parse_step(cmd: &str, arg: Option<&str>, line: usize) -> Result<Step, String> {
    if let Some(step) = bare_step(cmd) {
        return Ok(step);
    }
    let shown = quoted(cmd);
    let need = |what: &str| arg.map(str::to_string).ok_or_else(|| format!("script line {line}: {shown} needs {what}"));
    let num = |what: &str| -> Result<u64, String> {
        need(what)?.parse().map_err(|_| format!("script line {line}: {shown} needs a number"))
    };
    let fraction = |what: &str| -> Result<f32, String> {
        match need(what)?.parse::<f32>() {
            Ok(f) if (0.0..=1.0).contains(&f) => Ok(f),
            _ => Err(format!("script line {line}: {shown} needs a number from 0 to 1")),
        }
    };
    Ok(match cmd {
        "wait" => Step::Wait(num("a frame count")? as u32),
        "wait-plies" => Step::WaitPlies(num("a ply count")? as usize),
        "wait-file" => Step::WaitFile(need("a file name")?),
        "signal" => Step::Signal(need("a file name")?),
        "wait-hover" => Step::WaitHover(need("a cell")?),
        "wait-held" => Step::WaitHeld(need("a cell")?),
        "wait-selected" => Step::WaitSelected(need("a cell")?),
        "freeze-hop" => Step::FreezeHop(fraction("a fraction of a hop")?),
        "click" => Step::Click(need("a cell")?),
        "play" => Step::Play(need("a move")?),
        "open" => Step::Open(overlay_named(&need("a screen")?, line)?),
        "press" => Step::Press(action_named(&need("a key")?, line)?),
        "review" => Step::Review(match need("a ply count or off")?.as_str() {
            "off" => None,
            n => Some(n.parse().map_err(|_| format!("script line {line}: 'review' needs a number or off"))?),
        }),
        "dump" => Step::Dump(need("a file name")?),
        "screenshot" => Step::Screenshot(need("a name")?),
        "layout" => Step::Layout(need("a name")?),
        "join" => Step::Join(need("a code or @file")?),
        "wait-code" => Step::SaveCode(need("a file name")?),
        other => return Err(format!("script line {line}: unknown command {}", quoted(other))),
    })
}

/// The screen `open NAME` opens.
fn overlay_named(name: &str, line: usize) -> Result<Overlay, String> {
    Ok(match name {
        "setup" => Overlay::Setup,
        "load" => Overlay::Load,
        "pause" => Overlay::Pause,
        "settings" => Overlay::Settings,
        "over" => Overlay::GameOver,
        "after" => Overlay::GameOverMore,
        "rules" => Overlay::HowToPlay,
        "more" => Overlay::MoreGames,
        "lessons" => Overlay::Lessons,
        "puzzles" => Overlay::Puzzles,
        "online" => Overlay::Online,
        "online-host" => Overlay::OnlineHost,
        "online-join" => Overlay::OnlineJoin,
        "online-code" => Overlay::OnlineCode,
        "about" => Overlay::About,
        "access" => Overlay::Access,
        "access-guide" => Overlay::AccessGuide,
        "controls" => Overlay::Controls,
        "stats" => Overlay::Stats,
        "recorded" => Overlay::Recorded,
        other => {
            return Err(format!(
                "script line {line}: 'open' needs setup, load, pause, settings, over, rules, more, lessons, \
                 puzzles, online, online-host, online-join, online-code, about, stats or recorded, not {}",
                quoted(other)
            ));
        }
    })
}

/// The key or button `press NAME` presses.
fn action_named(name: &str, line: usize) -> Result<Action, String> {
    Ok(match name {
        "up" => Action::Step(IVec2::NEG_Y),
        "down" => Action::Step(IVec2::Y),
        "left" => Action::Step(IVec2::NEG_X),
        "right" => Action::Step(IVec2::X),
        "confirm" => Action::Confirm,
        "cancel" => Action::Cancel,
        "delete" => Action::Delete,
        other => {
            return Err(format!(
                "script line {line}: 'press' needs up, down, left, right, confirm, cancel or delete, not {}",
                quoted(other)
            ));
        }
    })
}
