//! The settings file: reading it (never failing as a whole), saving only what changed in
//! place, and the one-time move of the 0.1.0 release's puzzle marks onto identifiers.

use super::keys::KEYS;
use super::*;

/// The default place: `$XDG_CONFIG_HOME/konane/settings.txt`, else `~/.config/konane/settings.txt`.
pub fn default_path() -> Option<PathBuf> {
    // A relative XDG_CONFIG_HOME is to be ignored (the XDG base directory specification).
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("konane").join("settings.txt"))
}

/// The settings file, and what this run last agreed with it. Saving re-reads the file and
/// changes only the lines of the keys this run changed since, so two games open on one
/// profile keep each other's changes, and a line the player wrote is never lost.
#[derive(Resource, Clone, Debug)]
pub struct SettingsFile {
    /// The file.
    pub path: PathBuf,
    /// The settings this run and the file agree on; keys whose values differ from these are
    /// what this run changed.
    pub(super) saved: Settings,
    /// False when the file exists but could not be read: it is then never written.
    pub(super) writable: bool,
}

/// What loading found.
#[derive(Debug)]
pub struct Loaded {
    /// The settings: defaults with the file's valid lines applied.
    pub settings: Settings,
    /// The file, for saving later.
    pub file: SettingsFile,
    /// Messages for the player: bad lines (at most 20, then a count), unreadable file.
    pub messages: Vec<String>,
}

/// Whether a `puzzles` line of the file gives places in the book (as the 0.1.0 release wrote
/// it) rather than identifiers.
pub(super) fn has_legacy_puzzle_marks(bytes: &[u8]) -> bool {
    split_lines(bytes).any(|raw| {
        let code = raw.split(|b| *b == b'#').next().unwrap_or(&[]);
        let Ok(code) = std::str::from_utf8(code) else { return false };
        let Some((key, value)) = code.split_once('=') else { return false };
        key.trim() == "puzzles" && value.split_whitespace().any(|w| w.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// Reads the file's bytes: `Ok(None)` when there is none; an error for anything else that
/// is not a readable regular file of a sane size.
pub(super) fn read_file(path: &Path) -> Result<Option<Vec<u8>>, String> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        // Directories, FIFOs and devices are refused at once; so is a huge file.
        _ => crate::files::read_regular_bytes(path, MAX_FILE_BYTES).map(Some),
    }
}

impl SettingsFile {
    /// Reads `path` on top of `base`. A missing file is not an error; a file that cannot be
    /// read is reported and will not be written over.
    pub fn load(path: &Path, base: Settings) -> Loaded {
        let mut settings = base;
        let bytes = match read_file(path) {
            Ok(b) => b.unwrap_or_default(),
            Err(why) => {
                return Loaded {
                    file: SettingsFile { path: path.to_path_buf(), saved: settings.clone(), writable: false },
                    messages: vec![format!("{why}; settings will not be saved this time")],
                    settings,
                };
            }
        };
        let applied = settings.apply_lines(&bytes, MAX_REPORTED);
        let mut messages: Vec<String> =
            applied.errors.iter().map(|e| format!("{}: {e} (ignored)", path.display())).collect();
        if applied.bad_lines > MAX_REPORTED {
            messages.push(format!("{}: {} more bad lines ignored", path.display(), applied.bad_lines - MAX_REPORTED));
        }
        let mut file = SettingsFile { path: path.to_path_buf(), saved: settings.clone(), writable: true };
        if has_legacy_puzzle_marks(&bytes) {
            file.migrate_puzzle_marks(&bytes, &settings, &mut messages);
        }
        Loaded { settings, file, messages }
    }

    /// Writes the settings' solved puzzles as identifiers in place of the 0.1.0 release's
    /// places in its book, once, keeping the file as it was beside it (`settings.txt.0.1.0`).
    /// A failure is said and changes nothing: the old line still reads the same next time.
    fn migrate_puzzle_marks(&mut self, bytes: &[u8], settings: &Settings, messages: &mut Vec<String>) {
        let mut backup = self.path.clone().into_os_string();
        backup.push(".0.1.0");
        let backup = PathBuf::from(backup);
        let ids = settings.puzzles_solved.ids().collect::<Vec<_>>().join(" ");
        let text = edited_text(bytes, &[("puzzles", ids)]);
        let written = crate::files::write_atomically(&backup, bytes)
            .and_then(|()| crate::files::write_atomically(&self.path, &text))
            .map_err(|e| {
                format!("{}: cannot move the solved puzzles onto their identifiers: {e}", self.path.display())
            });
        if let Err(e) = written {
            messages.push(e);
        }
    }

    /// Takes `settings` as what the file agrees with (command-line values are not saved
    /// unless the player changes them again).
    pub fn agree(&mut self, settings: &Settings) {
        self.saved = settings.clone();
    }

    /// Whether saving is allowed (the file was readable or absent).
    pub fn writable(&self) -> bool {
        self.writable
    }

    /// The keys whose values `settings` changed since the file and this run last agreed.
    fn changed(&self, settings: &Settings) -> Vec<(&'static str, String)> {
        settings.entries().zip(self.saved.entries()).filter(|(new, old)| new.1 != old.1).map(|(new, _)| new).collect()
    }

    /// Writes the keys this run changed into the file as it is now, if any; afterwards the
    /// file agrees with `settings` on those keys. Returns whether it wrote.
    pub fn save(&mut self, settings: &Settings) -> Result<bool, String> {
        if !self.writable {
            return Ok(false);
        }
        let changed = self.changed(settings);
        if changed.is_empty() {
            return Ok(false);
        }
        // Another game on this profile may have written since: start from the file as it is.
        let current = read_file(&self.path)?.unwrap_or_default();
        let text = edited_text(&current, &changed);
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        crate::files::write_atomically(&self.path, &text)
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))?;
        for (key, value) in changed {
            if let Some(k) = KEYS.iter().find(|k| k.name == key) {
                let _ = (k.set)(&mut self.saved, &value);
            }
        }
        Ok(true)
    }
}

/// The key a line sets (`key = value  # comment`), whatever its value; `None` for a comment,
/// a blank line or a line without `=`.
fn line_key(line: &[u8]) -> Option<&str> {
    let code = line.split(|b| *b == b'#').next()?;
    let at = code.iter().position(|b| *b == b'=')?;
    std::str::from_utf8(&code[..at]).ok().map(str::trim).filter(|k| !k.is_empty())
}

/// `file` with the lines of the `changed` keys set to their new values (in place, keeping a
/// comment after the value) and keys it lacks appended. Every other byte stays: comments,
/// unknown keys, bad lines, the order, the line ends (`\n` or `\r\n`) and whether the last
/// line ends with one.
pub fn edited_text(file: &[u8], changed: &[(&str, String)]) -> Vec<u8> {
    let crlf = file.windows(2).any(|w| w == b"\r\n");
    let eol: &[u8] = if crlf { b"\r\n" } else { b"\n" };
    let ends_with_eol = file.is_empty() || file.ends_with(b"\n");
    // Lines as they are: a `\r` is part of the line end only in a CRLF file (a lone one stays).
    let mut lines: Vec<Vec<u8>> = match crlf {
        true => split_lines(file).map(<[u8]>::to_vec).collect(),
        false => {
            let body = file.strip_suffix(b"\n").unwrap_or(file);
            if file.is_empty() { Vec::new() } else { body.split(|c| *c == b'\n').map(<[u8]>::to_vec).collect() }
        }
    };
    let keys = Settings::default().apply_lines(file, 0).keys;
    for (key, value) in changed {
        // The last valid line of a key is the one that applied: change it in place. Without
        // one, the last line naming the key (its value was bad) takes the new value, so the
        // file never holds the key twice.
        let valid = keys.iter().rev().find(|(_, k)| k == key).map(|(i, _)| *i);
        match valid.or_else(|| lines.iter().rposition(|l| line_key(l) == Some(key))) {
            Some(i) => {
                let mut line = format!("{key} = {value}").into_bytes();
                if let Some(at) = lines[i].iter().position(|b| *b == b'#') {
                    line.push(b' ');
                    line.extend_from_slice(&lines[i][at..]);
                }
                lines[i] = line;
            }
            None => {
                if lines.is_empty() {
                    lines.push(b"# K\xc5\x8dnane settings, written by the game".to_vec());
                }
                lines.push(format!("{key} = {value}").into_bytes());
            }
        }
    }
    let mut text = lines.join(eol);
    if ends_with_eol {
        text.extend_from_slice(eol);
    }
    text
}
