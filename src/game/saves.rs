//! Saved games: the unfinished game is written after every change (atomically, so a crash or
//! `kill -9` loses at most the move being animated), and the title screen offers to continue
//! it with its history (undo still works) and its players.
//!
//! A saved game is a game record with a few header comments:
//!
//! ```text
//! # Kōnane game
//! # black: human
//! # white: medium
//! # result: unfinished
//! 8x8
//! d5 e5 d3-d5
//! ```

use super::rules::{Rules, StartFrom};
use super::screen::{GameSet, Screen};
use super::settings::{Controller, Settings};
use crate::ai::Level;
use crate::rules::{Color as Side, Game, Record};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// Largest saved game read (a 20x20 game has at most a few hundred moves).
const MAX_SAVE_BYTES: u64 = 1 << 20;

/// Where saved games live; absent when the game keeps none (scripted runs without
/// `--data-dir`).
#[derive(Resource, Clone, Debug)]
pub struct DataDir(pub PathBuf);

impl DataDir {
    /// The unfinished game's file.
    pub fn autosave(&self) -> PathBuf {
        self.0.join("autosave.txt")
    }
}

/// The default place: `$XDG_DATA_HOME/konane`, else `~/.local/share/konane`.
pub fn default_data_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()).map(PathBuf::from).or_else(|| {
        std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".local").join("share"))
    })?;
    Some(base.join("konane"))
}

/// A game as saved: its record and who played each colour.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// The game, replayed from its record (so its history can be undone).
    pub game: Game,
    /// Who plays Black and White.
    pub players: [Controller; 2],
}

fn controller_word(c: Controller) -> &'static str {
    match c {
        Controller::Human => "human",
        Controller::Ai(l) => l.name(),
    }
}

impl SavedGame {
    /// The file's text.
    pub fn to_text(game: &Game, players: [Controller; 2]) -> String {
        let result = match game.winner() {
            Some(w) => format!("{} wins", w.name()),
            None => "unfinished".into(),
        };
        format!(
            "# Kōnane game\n# black: {}\n# white: {}\n# result: {result}\n{}",
            controller_word(players[Side::Black.index()]),
            controller_word(players[Side::White.index()]),
            Record::of_game(game).to_text()
        )
    }

    /// Reads a saved game's text; errors name the line, token or ply.
    pub fn parse(text: &str) -> Result<SavedGame, String> {
        let record = Record::parse(text).map_err(|e| e.to_string())?;
        let game = record.replay().map_err(|e| format!("illegal move at {e}"))?;
        let mut players = [Controller::Human, Controller::Ai(Level::Medium)];
        for (i, line) in text.lines().enumerate() {
            let Some(header) = line.trim().strip_prefix('#') else { continue };
            let Some((key, value)) = header.split_once(':') else { continue };
            let side = match key.trim() {
                "black" => Side::Black,
                "white" => Side::White,
                _ => continue,
            };
            let value = value.trim();
            players[side.index()] = if value == "human" {
                Controller::Human
            } else {
                Controller::Ai(value.parse::<Level>().map_err(|e| format!("line {}: {e}", i + 1))?)
            };
        }
        Ok(SavedGame { game, players })
    }

    /// Reads a saved game file.
    pub fn load(path: &Path) -> Result<SavedGame, String> {
        let text = crate::files::read_regular_file(path, MAX_SAVE_BYTES)?;
        SavedGame::parse(&text).map_err(|e| format!("{}: {e}", crate::files::show_path(path)))
    }
}

/// What the title screen knows about the unfinished game.
#[derive(Resource, Default, Debug, Clone)]
pub enum Resumable {
    /// Nothing to continue.
    #[default]
    Nothing,
    /// A game that can be continued.
    Game(Box<SavedGame>),
    /// A saved game that could not be read, and why (the file is left as it is).
    Unreadable(String),
}

/// Continue the saved game (the title's Continue, or `--continue`).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ContinueGame;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Resumable>()
        .add_message::<ContinueGame>()
        .add_systems(OnEnter(Screen::Title), look_for_saved_game)
        .add_systems(Update, continue_game)
        .add_systems(Update, autosave.in_set(GameSet::Presentation).run_if(in_state(Screen::Game)))
        .add_systems(Last, autosave.run_if(on_message::<AppExit>).run_if(in_state(Screen::Game)));
}

/// Checks the data directory for an unfinished game (on every visit to the title screen).
fn look_for_saved_game(dir: Option<Res<DataDir>>, mut resumable: ResMut<Resumable>) {
    *resumable = match dir {
        Some(dir) if dir.autosave().exists() => match SavedGame::load(&dir.autosave()) {
            Ok(saved) if saved.game.winner().is_none() && saved.game.ply() > 0 => Resumable::Game(Box::new(saved)),
            Ok(_) => Resumable::Nothing,
            Err(e) => Resumable::Unreadable(e),
        },
        _ => Resumable::Nothing,
    };
}

/// Starts the saved game with its players and history.
fn continue_game(
    mut requests: MessageReader<ContinueGame>,
    dir: Option<Res<DataDir>>,
    mut resumable: ResMut<Resumable>,
    mut settings: ResMut<Settings>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    // `--continue` asks before the title screen looked.
    if let (Resumable::Nothing, Some(dir)) = (&*resumable, dir)
        && let Ok(saved) = SavedGame::load(&dir.autosave())
    {
        *resumable = Resumable::Game(Box::new(saved));
    }
    if let Resumable::Game(saved) = std::mem::take(&mut *resumable) {
        settings.players = saved.players;
        settings.size = *saved.game.geometry();
        commands.insert_resource(StartFrom(saved.game));
        next.set(Screen::Game);
    }
}

/// Writes the game after every change. A finished game leaves nothing to continue; so does a
/// game this run saved and then emptied (undone to the start, restarted). A fresh game that has
/// not moved yet leaves an older saved game alone.
fn autosave(
    rules: Option<Res<Rules>>,
    settings: Res<Settings>,
    dir: Option<Res<DataDir>>,
    mut exits: MessageReader<AppExit>,
    mut wrote: Local<bool>,
) {
    let exiting = exits.read().count() > 0;
    let (Some(rules), Some(dir)) = (rules, dir) else { return };
    if !rules.is_changed() && !exiting {
        return;
    }
    let path = dir.autosave();
    if rules.game.ply() == 0 && !*wrote {
        return;
    }
    if rules.game.winner().is_some() || rules.game.ply() == 0 {
        *wrote = false;
        if path.exists()
            && let Err(e) = std::fs::remove_file(&path)
        {
            warn!("could not remove {}: {e}", path.display());
        }
        return;
    }
    *wrote = true;
    let text = SavedGame::to_text(&rules.game, settings.players);
    if let Err(e) = std::fs::create_dir_all(&dir.0).and_then(|_| crate::files::write_atomically(&path, text.as_bytes()))
    {
        warn!("game not saved to {}: {e}", path.display());
    }
}
