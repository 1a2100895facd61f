//! The player's data directory: where its files live, and the lock that lets one running game
//! at a time keep and continue the profile's unfinished game.

use bevy::prelude::*;
use std::path::{Path, PathBuf};

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
    // A relative XDG_DATA_HOME is to be ignored (the XDG base directory specification).
    let base = std::env::var_os("XDG_DATA_HOME").map(PathBuf::from).filter(|p| p.is_absolute()).or_else(|| {
        std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".local").join("share"))
    })?;
    Some(base.join("konane"))
}

impl DataDir {
    /// The seat of the last online game (server, code and token).
    pub fn online_seat(&self) -> PathBuf {
        self.0.join("online.txt")
    }

    /// The folder of games saved on purpose.
    pub fn saves(&self) -> PathBuf {
        self.0.join("saves")
    }
}

/// Whether this run owns the profile's unfinished game. A second copy of the game open on the
/// same data directory neither continues nor overwrites the first one's game.
#[derive(Resource, Debug)]
pub enum Profile {
    /// This run holds the profile's lock (kept open for as long as it runs; none when the
    /// directory allows no lock file, as a read-only one).
    Owner(#[allow(dead_code)] Option<std::fs::File>),
    /// Another run holds it: this one keeps no autosave and offers no Continue.
    InUseElsewhere,
}

impl Profile {
    /// Takes the lock on `dir` (creating the directory); `InUseElsewhere` when another
    /// running game holds it. A directory where no lock can be made counts as owned, so a
    /// read-only profile still plays (its autosave failures are said on screen).
    pub fn lock(dir: &Path) -> Profile {
        let _ = std::fs::create_dir_all(dir);
        let path = dir.join("lock");
        // Only a regular file (or none yet) is opened: opening a FIFO planted there would wait
        // for a reader forever, before the window opens.
        match std::fs::symlink_metadata(&path) {
            Ok(m) if !m.file_type().is_file() => {
                bevy::log::warn!("{} is not a regular file: no lock is kept", crate::files::show_path(&path));
                return Profile::Owner(None);
            }
            _ => {}
        }
        let file = match std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(&path) {
            Ok(f) => f,
            Err(_) => return Profile::Owner(None),
        };
        match file.try_lock() {
            Ok(()) => Profile::Owner(Some(file)),
            Err(std::fs::TryLockError::WouldBlock) => Profile::InUseElsewhere,
            // A file system without locks: as a directory where no lock file can be made.
            Err(std::fs::TryLockError::Error(_)) => Profile::Owner(None),
        }
    }

    /// Whether this run may keep and continue the unfinished game.
    pub fn owns_autosave(&self) -> bool {
        matches!(self, Profile::Owner(_))
    }
}
