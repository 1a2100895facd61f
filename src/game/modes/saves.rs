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

pub use super::profile::{DataDir, Profile, default_data_dir};
use super::saved_game::MAX_SAVE_BYTES;
pub use super::saved_game::*;
use crate::game::platform::clipboard::Clipboard;
use crate::game::platform::i18n::Msg;
use crate::game::play::authority::{GameChange, NextGame, Rules};
use crate::game::play::screen::{Discard, GameSet, Navigate, Notice, Overlay, Screen};
use crate::game::setup::GameSetup;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// One saved game in the Load list.
#[derive(Clone, Debug)]
pub struct SaveEntry {
    /// Its file.
    pub path: PathBuf,
    /// What it holds, or why it cannot be read.
    pub game: Result<Box<SavedGame>, String>,
}

impl SaveEntry {
    /// Two lines for the list: the board and the players; when, how long and the result.
    pub fn describe(&self) -> (Msg, Msg) {
        let name = self.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        match &self.game {
            Ok(g) => (
                Msg::new("save-what")
                    .num("rows", g.game.geometry().rows())
                    .num("cols", g.game.geometry().cols())
                    .sub("black", controller_label(g.players[0]))
                    .sub("white", controller_label(g.players[1])),
                Msg::new("save-when")
                    .text(
                        "date",
                        g.date.as_deref().map_or(name, |d| crate::clock::shown_stamp(d, crate::clock::local_offset)),
                    )
                    .num("moves", g.game.ply() as i64)
                    .sub("result", g.result_msg()),
            ),
            Err(e) => (Msg::new("save-unreadable").text("name", name), Msg::plain(e.clone())),
        }
    }
}

/// The saved games, newest first, and a message about the last thing done on the Load screen.
#[derive(Resource, Default, Debug, Clone)]
pub struct SaveList {
    /// The games.
    pub entries: Vec<SaveEntry>,
    /// What happened (a deletion, a record that could not be read); a warning when `true`.
    pub message: Option<(Msg, bool)>,
}

/// Most saved games listed.
const MAX_LISTED: usize = 500;

impl SaveList {
    /// Reads the saves folder (missing: no games).
    pub fn read(dir: &Path) -> SaveList {
        let mut paths: Vec<PathBuf> = match std::fs::read_dir(dir) {
            Ok(entries) => entries
                .filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "txt") && p.is_file())
                .collect(),
            Err(_) => Vec::new(),
        };
        paths.sort();
        paths.reverse();
        paths.truncate(MAX_LISTED);
        let entries = paths
            .into_iter()
            .map(|path| {
                let game = SavedGame::load(&path).map(Box::new).map_err(|e| {
                    // The list names the file already.
                    let shown = format!("{}: ", crate::files::show_path(&path));
                    e.strip_prefix(&shown).map(str::to_string).unwrap_or(e)
                });
                SaveEntry { path, game }
            })
            .collect();
        SaveList { entries, message: None }
    }
}

/// Save the current game into the saves folder (pause menu, game-over panel).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SaveGame;

/// Copy the current game's record to the clipboard.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct CopyRecord;

/// Open a game from the clipboard's text.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct PasteRecord;

/// Open the saved game at this place in the list.
#[derive(Message, Clone, Copy, Debug)]
pub struct OpenSave(pub usize);

/// Open this game (a finished game from your record), asking first when it would replace
/// the unfinished one.
#[derive(Message, Clone, Debug)]
pub struct OpenThis(pub Box<SavedGame>);

/// Delete the saved game at this place in the list (already confirmed).
#[derive(Message, Clone, Copy, Debug)]
pub struct DeleteSave(pub usize);

/// The player agreed to replace the unfinished game with the game waiting to open.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct OpenPending;

/// A game waiting for the player to agree that it replaces the unfinished one.
#[derive(Resource, Default, Debug)]
pub struct PendingOpen(pub Option<Box<SavedGame>>);

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
    /// The last game was online and unfinished: its seat (in this file) can be taken back.
    Online(PathBuf),
}

/// Take back the seat of the last online game (Continue, when the last game was online).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ContinueOnline;

/// Continue the saved game (the title's Continue, or `--continue`).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ContinueGame;

/// The player agreed to lose the unfinished game (a new game replaces it): it is not offered
/// for Continue any more, even if the new game never moves.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ForgetUnfinished;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Resumable>()
        .init_resource::<SaveList>()
        .init_resource::<PendingOpen>()
        .add_message::<ContinueGame>()
        .add_message::<ContinueOnline>()
        .add_message::<ForgetUnfinished>()
        .add_message::<SaveGame>()
        .add_message::<CopyRecord>()
        .add_message::<PasteRecord>()
        .add_message::<OpenSave>()
        .add_message::<OpenThis>()
        .add_message::<DeleteSave>()
        .add_message::<OpenPending>()
        .add_systems(OnEnter(Screen::Title), look_for_saved_game)
        .add_systems(
            Update,
            (continue_game, forget_unfinished, list_saves, open_games, save_or_copy).chain().in_set(GameSet::Rules),
        )
        .add_systems(Update, autosave.in_set(GameSet::Presentation).run_if(in_state(Screen::Game)))
        .add_systems(Last, autosave.run_if(on_message::<AppExit>).run_if(in_state(Screen::Game)));
}

/// Checks the data directory for an unfinished game (on every visit to the title screen).
fn look_for_saved_game(dir: Option<Res<DataDir>>, profile: Option<Res<Profile>>, mut resumable: ResMut<Resumable>) {
    *resumable = resumable_in(dir.as_deref(), profile.as_deref());
}

/// What Continue takes back from `dir`: the unfinished local game, or the online game kept
/// since (nothing when another run owns the profile).
fn resumable_in(dir: Option<&DataDir>, profile: Option<&Profile>) -> Resumable {
    if profile.is_some_and(|p| !p.owns_autosave()) {
        return Resumable::Nothing;
    }
    let mut resumable = match dir {
        Some(dir) if dir.autosave().exists() => match SavedGame::load(&dir.autosave()) {
            Ok(saved) if saved.winner().is_none() && saved.game.ply() > 0 => Resumable::Game(Box::new(saved)),
            Ok(_) => Resumable::Nothing,
            Err(e) => Resumable::Unreadable(e),
        },
        _ => Resumable::Nothing,
    };
    // An online game kept since the last local one is what Continue takes back.
    if let Some(dir) = dir {
        let when = |p: &std::path::Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
        let seat = dir.online_seat();
        if let Some(online) = when(&seat)
            && when(&dir.autosave()).is_none_or(|local| online >= local)
        {
            resumable = Resumable::Online(seat);
        }
    }
    resumable
}

/// Starts a game with its players and history (the player's settings stay as they are).
fn start(saved: SavedGame, games: &mut MessageWriter<GameChange>) {
    let setup = GameSetup { persona: saved.persona, ..GameSetup::play(*saved.game.geometry(), saved.players) };
    let took_back = saved.took_back;
    games.write(GameChange::start(NextGame {
        setup,
        from: Some((saved.game, saved.resigned)),
        allowed: None,
        took_back,
    }));
}

/// Drops the unfinished game the player agreed to lose.
fn forget_unfinished(
    mut forget: MessageReader<ForgetUnfinished>,
    dir: Option<Res<DataDir>>,
    profile: Option<Res<Profile>>,
    mut resumable: ResMut<Resumable>,
    mut notice: ResMut<Notice>,
) {
    if forget.read().count() == 0 {
        return;
    }
    *resumable = Resumable::Nothing;
    let Some(dir) = dir.filter(|_| profile.is_none_or(|p| p.owns_autosave())) else { return };
    let path = dir.autosave();
    if let Err(e) = std::fs::remove_file(&path)
        && e.kind() != std::io::ErrorKind::NotFound
    {
        notice.say(
            Msg::new("notice-autosave-failed").text("path", crate::files::show_path(&path)).text("why", e.to_string()),
            true,
        );
    }
}

/// Starts the saved game with its players and history.
fn continue_game(
    mut requests: MessageReader<ContinueGame>,
    dir: Option<Res<DataDir>>,
    mut resumable: ResMut<Resumable>,
    profile: Option<Res<Profile>>,
    mut games: MessageWriter<GameChange>,
    mut online: MessageWriter<ContinueOnline>,
    mut commands: Commands,
) {
    if requests.read().count() == 0 {
        return;
    }
    if profile.as_ref().is_some_and(|p| !p.owns_autosave()) {
        return nothing_to_continue(&mut commands, "another running game holds this profile".into());
    }
    // `--continue` asks before the title screen looked (a local game, or an online seat).
    let mut why = None;
    if let (Resumable::Nothing, Some(dir)) = (&*resumable, dir.as_deref()) {
        *resumable = match resumable_in(Some(dir), profile.as_deref()) {
            Resumable::Nothing => match SavedGame::load(&dir.autosave()) {
                Ok(saved) => Resumable::Game(Box::new(saved)),
                Err(e) => {
                    why = Some(e);
                    Resumable::Nothing
                }
            },
            other => other,
        };
    }
    match std::mem::take(&mut *resumable) {
        Resumable::Game(saved) => start(*saved, &mut games),
        Resumable::Online(_) => _ = online.write(ContinueOnline),
        other => {
            let unreadable = match &other {
                Resumable::Unreadable(e) => Some(e.clone()),
                _ => None,
            };
            *resumable = other;
            let why = why.or(unreadable).unwrap_or_else(|| match dir {
                Some(_) => "there is no unfinished game".into(),
                None => "this run keeps no games (no data folder)".into(),
            });
            nothing_to_continue(&mut commands, why);
        }
    }
}

/// Continue was asked for and there is nothing to continue: said in the log, and kept for
/// whoever waits for a game (a scripted run ends at once rather than wait for one).
fn nothing_to_continue(commands: &mut Commands, why: String) {
    warn!("nothing to continue: {why}");
    commands.insert_resource(NothingToContinue(why));
}

/// Why the last Continue found nothing to continue.
#[derive(Resource, Debug, Clone)]
pub struct NothingToContinue(pub String);

/// Reads the saves folder whenever the Load screen opens.
fn list_saves(overlay: Res<Overlay>, dir: Option<Res<DataDir>>, mut list: ResMut<SaveList>, mut was_open: Local<bool>) {
    let open = *overlay == Overlay::Load;
    if open && !*was_open {
        *list = match &dir {
            Some(dir) => SaveList::read(&dir.saves()),
            None => SaveList { entries: Vec::new(), message: Some((Msg::new("load-no-saves-here"), false)) },
        };
    }
    *was_open = matches!(*overlay, Overlay::Load | Overlay::Confirm(Discard::DeleteSave(_) | Discard::OpenGame));
}

/// The game a record from the clipboard holds, or what the Load screen says instead (a text
/// too long to be a record, or one that cannot be read). Pure.
fn pasted(clipboard: Result<String, String>) -> Result<SavedGame, Msg> {
    match clipboard {
        Ok(t) if t.len() as u64 > MAX_SAVE_BYTES => {
            Err(Msg::new("load-paste-too-big").num("bytes", t.len() as i64).num("max", MAX_SAVE_BYTES as i64))
        }
        text => text.and_then(|t| SavedGame::parse(&t)).map_err(|e| Msg::new("load-paste-unreadable").text("why", e)),
    }
}

impl SaveList {
    /// The game of the saved game at `i`; one that cannot be read is said on the Load screen.
    fn open(&mut self, i: usize) -> Option<SavedGame> {
        match self.entries.get(i).map(|e| &e.game) {
            Some(Ok(g)) => Some((**g).clone()),
            Some(Err(e)) => {
                self.message = Some((Msg::new("load-cannot-open").text("why", e.clone()), true));
                None
            }
            None => None,
        }
    }

    /// Deletes the saved game at `i`, from the disk and the list, and says so (or why not).
    fn delete(&mut self, i: usize) {
        let Some(entry) = self.entries.get(i) else { return };
        let path = entry.path.clone();
        match std::fs::remove_file(&path) {
            Ok(()) => {
                self.entries.remove(i);
                self.message = Some((Msg::new("load-deleted"), false));
            }
            Err(e) => {
                let m = Msg::new("load-not-deleted")
                    .text("path", crate::files::show_path(&path))
                    .text("why", e.to_string());
                self.message = Some((m, true));
            }
        }
    }
}

/// Opens a saved or pasted game (asking first when it would replace the unfinished one),
/// deletes saved games. A record that cannot be read is reported on the Load screen; nothing
/// else changes.
fn open_games(
    mut opens: MessageReader<OpenSave>,
    mut others: MessageReader<OpenThis>,
    mut pastes: MessageReader<PasteRecord>,
    mut deletes: MessageReader<DeleteSave>,
    mut agreed: MessageReader<OpenPending>,
    mut clipboard: ResMut<Clipboard>,
    mut list: ResMut<SaveList>,
    mut pending: ResMut<PendingOpen>,
    mut nav: MessageWriter<Navigate>,
    resumable: Res<Resumable>,
    mut games: MessageWriter<GameChange>,
) {
    let mut wanted: Option<SavedGame> = None;
    for OpenSave(i) in opens.read() {
        if let Some(g) = list.open(*i) {
            wanted = Some(g);
        }
    }
    for OpenThis(g) in others.read() {
        wanted = Some((**g).clone());
    }
    for PasteRecord in pastes.read() {
        match pasted(clipboard.get()) {
            Ok(g) => wanted = Some(g),
            Err(m) => list.message = Some((m, true)),
        }
    }
    for DeleteSave(i) in deletes.read() {
        list.delete(*i);
    }
    if let Some(g) = wanted {
        if matches!(*resumable, Resumable::Game(_)) {
            pending.0 = Some(Box::new(g));
            nav.write(Navigate::To(Overlay::Confirm(Discard::OpenGame)));
        } else {
            nav.write(Navigate::To(Overlay::None));
            start(g, &mut games);
        }
    }
    if agreed.read().count() > 0
        && let Some(g) = pending.0.take()
    {
        nav.write(Navigate::To(Overlay::None));
        start(*g, &mut games);
    }
}

/// Saves the current game into the saves folder, or copies its record to the clipboard.
fn save_or_copy(
    mut saves: MessageReader<SaveGame>,
    mut copies: MessageReader<CopyRecord>,
    rules: Option<Res<Rules>>,
    dir: Option<Res<DataDir>>,
    mut clipboard: ResMut<Clipboard>,
    mut notice: ResMut<Notice>,
) {
    let (save, copy) = (saves.read().count() > 0, copies.read().count() > 0);
    let Some(rules) = rules.filter(|_| save || copy) else { return };
    let (date, file_stamp) = utc_stamp(std::time::SystemTime::now());
    let text = SavedGame::to_text(&rules.game, rules.setup.players, rules.resigned, Some(&date));
    let text = SavedGame::with_persona(text, rules.setup.persona);
    if copy {
        match clipboard.set(&text) {
            Ok(()) => notice.say("notice-copied", false),
            Err(e) => notice.say(Msg::new("notice-not-copied").text("why", e), true),
        }
    }
    if save {
        let Some(dir) = dir else {
            notice.say("notice-no-save-dir", true);
            return;
        };
        let folder = dir.saves();
        let mut path = folder.join(format!("{file_stamp}.txt"));
        for n in 2.. {
            if !path.exists() {
                break;
            }
            path = folder.join(format!("{file_stamp}-{n}.txt"));
        }
        match std::fs::create_dir_all(&folder).and_then(|_| crate::files::write_atomically(&path, text.as_bytes())) {
            Ok(()) => notice.say(
                Msg::new("notice-saved").text("date", crate::clock::shown_stamp(&date, crate::clock::local_offset)),
                false,
            ),
            Err(e) => notice.say(
                Msg::new("notice-not-saved").text("path", crate::files::show_path(&path)).text("why", e.to_string()),
                true,
            ),
        }
    }
}

/// Writes the game after every change. A finished game leaves nothing to continue; so does a
/// game this run saved and then emptied (undone to the start, restarted). A fresh game that has
/// not moved yet leaves an older saved game alone. Lessons and puzzles are not kept, nor is
/// anything while another running game owns the profile. A failure is said on screen (once,
/// until a write succeeds again).
fn autosave(
    rules: Option<Res<Rules>>,
    dir: Option<Res<DataDir>>,
    profile: Option<Res<Profile>>,
    mut exits: MessageReader<AppExit>,
    mut wrote: Local<bool>,
    mut failing: Local<bool>,
    mut notice: ResMut<Notice>,
) {
    let exiting = exits.read().count() > 0;
    let (Some(rules), Some(dir)) = (rules, dir) else { return };
    if rules.setup.is_practice()
        || rules.setup.mode == crate::game::setup::GameMode::Online
        || profile.is_some_and(|p| !p.owns_autosave())
    {
        return;
    }
    if !rules.is_changed() && !exiting {
        return;
    }
    let path = dir.autosave();
    if rules.game.ply() == 0 && !*wrote {
        return;
    }
    let result = if rules.winner().is_some() || rules.game.ply() == 0 {
        *wrote = false;
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    } else {
        *wrote = true;
        let text = SavedGame::to_text_with(&rules.game, rules.setup.players, None, None, rules.took_back);
        let text = SavedGame::with_persona(text, rules.setup.persona);
        std::fs::create_dir_all(&dir.0).and_then(|_| crate::files::write_atomically(&path, text.as_bytes()))
    };
    match result {
        Ok(()) => *failing = false,
        Err(e) => {
            warn!("game not saved to {}: {e}", path.display());
            if !*failing {
                *failing = true;
                notice.say(
                    Msg::new("notice-autosave-failed")
                        .text("path", crate::files::show_path(&path))
                        .text("why", e.to_string()),
                    true,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::platform::settings::Controller;
    use crate::rules::Game;

    fn a_game() -> Game {
        let mut game = Game::new(crate::game::setup::standard());
        for _ in 0..3 {
            let m = game.legal_moves()[0];
            game.play(m).unwrap();
        }
        game
    }

    #[test]
    fn a_pasted_record_opens_and_anything_else_says_why_not() {
        let game = a_game();
        let text = SavedGame::to_text(&game, [Controller::Human; 2], None, None);
        let opened = pasted(Ok(text)).unwrap();
        assert_eq!(opened.game.moves(), game.moves());
        assert_eq!(opened.players, [Controller::Human; 2]);
        assert_eq!(pasted(Ok("hello".into())).unwrap_err().key, "load-paste-unreadable");
        assert_eq!(pasted(Err("no clipboard".into())).unwrap_err().key, "load-paste-unreadable");
        let huge = "#".repeat(MAX_SAVE_BYTES as usize + 1);
        assert_eq!(pasted(Ok(huge)).unwrap_err().key, "load-paste-too-big");
    }

    #[test]
    fn a_saved_game_opens_deletes_or_says_why_it_cannot() {
        let dir = std::env::temp_dir().join(format!("konane-saves-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.txt");
        std::fs::write(&path, "x").unwrap();
        let saved = SavedGame {
            game: a_game(),
            players: [Controller::Human; 2],
            resigned: None,
            date: None,
            took_back: false,
            persona: None,
        };
        let mut list = SaveList {
            entries: vec![
                SaveEntry { path: dir.join("gone.txt"), game: Err("unreadable".into()) },
                SaveEntry { path: path.clone(), game: Ok(Box::new(saved)) },
            ],
            message: None,
        };
        assert!(list.open(0).is_none());
        assert_eq!(list.message.as_ref().map(|(m, warn)| (m.key.as_ref(), *warn)), Some(("load-cannot-open", true)));
        assert!(list.open(7).is_none());
        assert_eq!(list.open(1).unwrap().game.ply(), 3);
        // A file that is not there is not deleted, and stays listed; one that is goes.
        list.delete(0);
        assert_eq!(list.message.as_ref().map(|(m, _)| m.key.as_ref()), Some("load-not-deleted"));
        assert_eq!(list.entries.len(), 2);
        list.delete(1);
        assert_eq!(list.message.as_ref().map(|(m, warn)| (m.key.as_ref(), *warn)), Some(("load-deleted", false)));
        assert_eq!(list.entries.len(), 1);
        assert!(!path.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_game_against_a_named_opponent_reads_back_with_its_opponent_and_a_bad_one_is_named() {
        let game = Game::new(crate::rules::Geometry::new(6, 6).unwrap());
        let players = [Controller::Human, Controller::Ai(crate::ai::Level::Hard)];
        let text =
            SavedGame::with_persona(SavedGame::to_text(&game, players, None, None), Some(crate::ai::Persona::Kekoa));
        assert!(text.contains("# opponent: kekoa\n# result:"), "{text}");
        let opened = SavedGame::parse(&text).unwrap();
        assert_eq!((opened.players, opened.persona), (players, Some(crate::ai::Persona::Kekoa)));
        let bad = SavedGame::parse(&text.replace("kekoa", "nobody")).unwrap_err();
        assert!(bad.contains("opponent") && bad.contains("nobody"), "{bad}");
    }
}
