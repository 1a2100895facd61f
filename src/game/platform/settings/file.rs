//! The settings file: reading it (never failing as a whole), saving only what changed in
//! place, and the one-time move of an older release's file onto TOML.

use super::*;
use super::{document, legacy};

/// The default place: `$XDG_CONFIG_HOME/konane/settings.toml`, else `~/.config/konane/settings.toml`.
pub fn default_path() -> Option<PathBuf> {
    // A relative XDG_CONFIG_HOME is to be ignored (the XDG base directory specification).
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("konane").join("settings.toml"))
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
    /// Reads `path` on top of `base`. A missing file is not an error (an older release's
    /// `settings.txt` beside a missing `settings.toml` is read and rewritten as TOML, the old
    /// file left as it was); a file that cannot be read is reported and will not be written
    /// over; a file that is not TOML (an older release's format given by `--settings`, or a
    /// TOML file with a syntax error) is read line by line and rewritten as TOML, the old text
    /// kept beside it (`NAME.old-SECONDS`).
    pub fn load(path: &Path, base: Settings) -> Loaded {
        let mut settings = base;
        let mut file = SettingsFile { path: path.to_path_buf(), saved: settings.clone(), writable: true };
        let bytes = match read_file(path) {
            Ok(b) => b,
            Err(why) => {
                file.writable = false;
                return Loaded {
                    file,
                    messages: vec![format!("{why}; settings will not be saved this time")],
                    settings,
                };
            }
        };
        let mut messages = Vec::new();
        match bytes {
            None => {
                if let Some(old) = older_file(path) {
                    file.convert(&mut settings, &old, None, &mut messages);
                }
            }
            Some(bytes) => match utf8(&bytes).and_then(document::parse) {
                Ok(doc) => {
                    let applied = document::apply_document(&mut settings, &doc, MAX_REPORTED);
                    report(path, &applied.errors, applied.bad, &mut messages);
                }
                Err(why) => {
                    let old = (path.to_path_buf(), bytes);
                    file.convert(&mut settings, &old, Some(why), &mut messages);
                }
            },
        }
        file.saved = settings.clone();
        Loaded { settings, file, messages }
    }

    /// Reads `old` (a path and its bytes) line by line and writes it as TOML to this file,
    /// first keeping a copy of the text when it is this file itself (`broken` says why it did
    /// not parse). When that cannot be written, this run does not save either.
    fn convert(
        &mut self,
        settings: &mut Settings,
        (old_path, bytes): &(PathBuf, Vec<u8>),
        broken: Option<String>,
        messages: &mut Vec<String>,
    ) {
        let converted = legacy::convert(settings, bytes, MAX_REPORTED);
        let in_place = *old_path == self.path;
        let mut written = Ok(());
        if in_place {
            let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
            let mut keep = self.path.clone().into_os_string();
            keep.push(format!(".old-{stamp}"));
            let keep = PathBuf::from(keep);
            let why = broken.unwrap_or_default();
            messages.push(format!(
                "{}: not TOML ({why}): read line by line and written again as TOML; the old text is kept as {}",
                self.path.display(),
                keep.display()
            ));
            written = crate::files::write_atomically(&keep, bytes)
                .map_err(|e| format!("cannot keep a copy as {}: {e}", keep.display()));
        }
        report(old_path, &converted.errors, converted.bad, messages);
        written = written.and_then(|()| {
            crate::files::write_atomically(&self.path, converted.text.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
        });
        if let Err(e) = written {
            messages.push(format!("{e}; settings will not be saved this time"));
            self.writable = false;
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
        let current =
            String::from_utf8(current).map_err(|e| format!("{} is not UTF-8 text: {e}", self.path.display()))?;
        let text =
            document::edited(&current, &changed).map_err(|e| format!("{} is not TOML: {e}", self.path.display()))?;
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        crate::files::write_atomically(&self.path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))?;
        for (key, value) in changed {
            let _ = self.saved.apply_entry(key, &value);
        }
        Ok(true)
    }
}

/// Messages for the bad lines of `path`: the first ones, then how many more.
fn report(path: &Path, errors: &[String], bad: usize, messages: &mut Vec<String>) {
    messages.extend(errors.iter().map(|e| format!("{}: {e} (ignored)", path.display())));
    if bad > errors.len() {
        messages.push(format!("{}: {} more bad lines ignored", path.display(), bad - errors.len()));
    }
}

/// The file's text; the error names the line of the first byte that is not UTF-8.
fn utf8(bytes: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()].iter().filter(|b| **b == b'\n').count() + 1;
        format!("line {line}: not UTF-8 text")
    })
}

/// An older release's settings file to read in place of a missing `settings.toml`: the
/// `settings.txt` beside it, with its bytes.
fn older_file(path: &Path) -> Option<(PathBuf, Vec<u8>)> {
    if path.extension()? != "toml" {
        return None;
    }
    let old = path.with_extension("txt");
    read_file(&old).ok().flatten().map(|bytes| (old, bytes))
}
