//! Small file helpers shared by the command line and the game.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Makes a write past the file-size limit (`ulimit -f`) fail with an error, as a full disk
/// does, instead of killing the process with SIGXFSZ: the writer then cleans up its temporary
/// and says what happened. Call once at start, before any thread.
pub fn fail_writes_past_the_size_limit() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_IGN has no preconditions.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// The directory a file is written in, and the name of a new temporary file there of our own
/// naming, `.NAME.PID.N.tmp` (which [`clean_stale_temporaries`] recognises).
fn temporary_for(target: &Path) -> (PathBuf, PathBuf) {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(".{name}.{}.{}.tmp", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed)));
    (dir, tmp)
}

/// An error for a target that exists and is not a regular file (a directory, device, FIFO or
/// socket): a rename would replace it (as root even `/dev/full`), so it is never written.
fn refuse_special(target: &Path) -> std::io::Result<()> {
    match std::fs::metadata(target) {
        Ok(meta) if !meta.file_type().is_file() => Err(std::io::Error::other(format!(
            "not a regular file (it is {}): give the path of a file",
            kind_of(meta.file_type())
        ))),
        _ => Ok(()),
    }
}

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename, so a
/// reader never sees half a file and an old file survives a failed write. A symlink is written
/// through to its target; an existing file keeps its permissions; file and directory are
/// synced before this returns. A target that is not a regular file is refused. The first write
/// of this process to a directory removes the stale temporaries of earlier ones there (see
/// [`clean_stale_temporaries`]).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if ends_with_separator(path) {
        return Err(std::io::Error::other("a file name cannot end with '/'"));
    }
    let target = resolve_symlinks(path);
    refuse_special(&target)?;
    replace_atomically(&target, bytes)
}

/// Writes `bytes` as [`write_atomically`] does, but a symlink at `path` is replaced by the new
/// file, never written through. For the names the program itself chooses inside a directory
/// the user gave (an icon set, manual pages, completions, sounds, a match's records): a link
/// planted at such a name must not send the write elsewhere. A directory, device or FIFO at the
/// name is refused.
pub fn write_atomically_no_follow(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if ends_with_separator(path) {
        return Err(std::io::Error::other("a file name cannot end with '/'"));
    }
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {}
        _ => refuse_special(path)?,
    }
    replace_atomically(path, bytes)
}

/// The temporary-file-and-rename write of `target` itself (a symlink there is replaced).
fn replace_atomically(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let target = target.to_path_buf();
    let (dir, tmp) = temporary_for(&target);
    clean_once(&dir);
    let result = (|| {
        let mut f = std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        if let Some(meta) = std::fs::symlink_metadata(&target).ok().filter(|m| m.file_type().is_file()) {
            f.set_permissions(meta.permissions())?;
        }
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, &target)?;
        // The rename itself is only durable once the directory is synced.
        if let Ok(d) = std::fs::File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Whether `path` ends with a `/` (it names a directory: a file cannot be renamed onto it).
fn ends_with_separator(path: &Path) -> bool {
    path.as_os_str().to_string_lossy().ends_with(std::path::MAIN_SEPARATOR)
}

/// Checks, before any work, that [`write_atomically`] can write `path` later: its directory
/// exists and takes a new file with a byte in it (a probe of our own temporary naming, synced
/// so a full disk shows now, then removed), and the path is not a directory, device or
/// other special file. Errors are one line naming the path.
pub fn check_writable(path: &Path) -> Result<(), String> {
    let name = show_path(path);
    if path.as_os_str().is_empty() {
        return Err("cannot write to an empty path: give a file name".into());
    }
    if ends_with_separator(path) {
        return Err(format!("cannot write {name}: a file name cannot end with '/'"));
    }
    let target = resolve_symlinks(path);
    refuse_special(&target).map_err(|e| format!("cannot write {name}: {e}"))?;
    let (dir, probe) = temporary_for(&target);
    let result = (|| {
        let mut f = std::fs::OpenOptions::new().write(true).create_new(true).open(&probe)?;
        f.write_all(b"\n")?;
        f.sync_all()
    })();
    let _ = std::fs::remove_file(&probe);
    result.map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => {
            format!("cannot write {name}: the directory {} does not exist", show_path(&dir))
        }
        _ => format!("cannot write {name}: {e}"),
    })
}

/// Temporaries older than this are stale even if a process of their number is alive (the
/// number may have been reused; a write takes milliseconds).
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(3600);

/// [`clean_stale_temporaries`] once per directory per process (a directory of many files,
/// such as `match --records`, is not listed again for every write).
fn clean_once(dir: &Path) {
    static CLEANED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    let key = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    {
        let mut cleaned = CLEANED.lock().unwrap_or_else(|e| e.into_inner());
        if cleaned.contains(&key) {
            return;
        }
        cleaned.push(key);
    }
    clean_stale_temporaries(dir);
}

/// Removes the temporaries of our own naming (`.NAME.PID.N.tmp`, regular files) that a killed
/// process left in `dir`: those whose process is gone, and any older than an hour. Returns
/// how many were removed. Other files are never touched; errors are ignored.
pub fn clean_stale_temporaries(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    let mut removed = 0;
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name.to_str().and_then(temporary_pid) else { continue };
        let Ok(meta) = entry.metadata() else { continue };
        if !meta.file_type().is_file() {
            continue;
        }
        let old = meta.modified().ok().and_then(|t| t.elapsed().ok()).is_some_and(|age| age > STALE_AFTER);
        if (old || !process_alive(pid)) && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The process number in a name of our temporary naming `.NAME.PID.N.tmp`, if it is one.
fn temporary_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (rest, n) = rest.rsplit_once('.')?;
    let (stem, pid) = rest.rsplit_once('.')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if stem.is_empty() || !digits(n) || !digits(pid) {
        return None;
    }
    pid.parse().ok()
}

/// Whether process `pid` exists (this one counts as alive: its writes may be in progress).
fn process_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else { return false };
        // SAFETY: signal 0 only checks that the process exists.
        let r = unsafe { libc::kill(pid, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        true
    }
}

/// `path` with symlinks followed to the file they name (even if that file does not exist yet).
fn resolve_symlinks(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::read_link(&p) {
            Ok(next) => p = if next.is_absolute() { next } else { p.parent().unwrap_or(Path::new("")).join(next) },
            Err(_) => break,
        }
    }
    p
}

/// A path for messages, with control characters escaped: whole up to 160 characters, longer
/// ones with the middle left out. The end is always kept: it is the file's own name (a
/// backup's date stamp, a saved game's name), the part a reader needs.
pub fn show_path(path: &Path) -> String {
    const HEAD: usize = 40;
    const TAIL: usize = 120;
    let text = path.to_string_lossy();
    let count = text.chars().count();
    if count <= HEAD + TAIL {
        return crate::rules::quote::escaped(&text);
    }
    let head: String = text.chars().take(HEAD).collect();
    let tail: String = text.chars().skip(count - TAIL).collect();
    format!("{}…{}", crate::rules::quote::escaped(&head), crate::rules::quote::escaped(&tail))
}

/// What kind of thing a path that is not a regular file is, for messages.
fn kind_of(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() { "a directory" } else { "not a file" }
}

/// Reads a regular file of at most `max_bytes` bytes. A directory, FIFO, device or socket is
/// refused at once (a FIFO would block a plain read forever), and so is a larger file. Errors
/// are one-line messages naming the path.
pub fn read_regular_bytes(path: &Path, max_bytes: u64) -> Result<Vec<u8>, String> {
    let name = show_path(path);
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    if !meta.file_type().is_file() {
        return Err(format!("cannot read {name}: not a regular file (it is {})", kind_of(meta.file_type())));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        // If the path was swapped for a FIFO since the check, opening must not wait for a writer.
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let meta = file.metadata().map_err(|e| format!("cannot read {name}: {e}"))?;
    if !meta.file_type().is_file() {
        return Err(format!("cannot read {name}: not a regular file (it is {})", kind_of(meta.file_type())));
    }
    if meta.len() > max_bytes {
        return Err(format!("cannot read {name}: it has {} bytes; at most {max_bytes} are accepted", meta.len()));
    }
    let mut bytes = Vec::new();
    bytes.try_reserve_exact(meta.len() as usize).map_err(|_| format!("cannot read {name}: not enough memory"))?;
    file.take(max_bytes + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read {name}: {e}"))?;
    if bytes.len() as u64 > max_bytes {
        return Err(format!("cannot read {name}: it has more than {max_bytes} bytes"));
    }
    Ok(bytes)
}

/// [`read_regular_bytes`] for UTF-8 text; a leading byte-order mark is kept. Bytes that are not
/// UTF-8 are reported by byte offset and line.
pub fn read_regular_file(path: &Path, max_bytes: u64) -> Result<String, String> {
    let bytes = read_regular_bytes(path, max_bytes)?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        format!("cannot read {}: byte {} (line {line}) is not UTF-8 text", show_path(path), at + 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("konane-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn regular_files_are_read() {
        let dir = temp("ok");
        let f = dir.join("a.txt");
        std::fs::write(&f, "6x6\na6\n").unwrap();
        assert_eq!(read_regular_file(&f, 100).unwrap(), "6x6\na6\n");
        let e = read_regular_file(&f, 3).unwrap_err();
        assert!(e.contains("it has 7 bytes; at most 3"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn directories_fifos_and_devices_are_refused_at_once() {
        let dir = temp("kinds");
        let e = read_regular_file(&dir, 100).unwrap_err();
        assert!(e.ends_with("not a regular file (it is a directory)"), "{e}");
        let fifo = dir.join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = read_regular_file(&fifo, 100).unwrap_err();
        assert!(e.ends_with("not a regular file (it is a FIFO)"), "{e}");
        let e = read_regular_file(Path::new("/dev/zero"), 100).unwrap_err();
        assert!(e.ends_with("not a regular file (it is a device)"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn mkfifo(path: &Path) {
        let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    }

    #[test]
    fn stale_temporaries_of_dead_processes_are_removed_on_the_next_write() {
        let dir = temp("stale");
        // A process that has ended: its number is free (until reused, which a test run will
        // not see within this test).
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let me = std::process::id();
        let names = [
            format!(".a.txt.{dead}.0.tmp"), // dead process: removed
            format!(".b.txt.{me}.5.tmp"),   // this process, fresh: kept
            ".c.1.7.tmp".to_string(),       // init, alive and fresh: kept
            ".old.txt.1.3.tmp".to_string(), // alive but two hours old: removed
            format!(".x.{dead}.tmp"),       // not our naming: kept
            format!("d.txt.{dead}.0.tmp"),  // no leading dot: kept
            format!(".e.txt.{dead}.z.tmp"), // not a number: kept
        ];
        for n in &names {
            std::fs::write(dir.join(n), "x").unwrap();
        }
        let two_hours_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
        std::fs::File::options()
            .write(true)
            .open(dir.join(".old.txt.1.3.tmp"))
            .unwrap()
            .set_modified(two_hours_ago)
            .unwrap();
        // A directory of our naming is never removed.
        std::fs::create_dir(dir.join(format!(".f.{dead}.1.tmp"))).unwrap();
        write_atomically(&dir.join("a.txt"), b"new").unwrap();
        let left: std::collections::BTreeSet<String> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        let expect: std::collections::BTreeSet<String> = [
            "a.txt".to_string(),
            names[1].clone(),
            names[2].clone(),
            names[4].clone(),
            names[5].clone(),
            names[6].clone(),
            format!(".f.{dead}.1.tmp"),
        ]
        .into_iter()
        .collect();
        assert_eq!(left, expect);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn special_files_are_never_replaced_and_bad_targets_are_found_before_any_work() {
        let dir = temp("special");
        let fifo = dir.join("fifo");
        mkfifo(&fifo);
        let e = write_atomically(&fifo, b"x").unwrap_err();
        assert!(e.to_string().contains("not a regular file (it is a FIFO)"), "{e}");
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert!(
            check_writable(&fifo).unwrap_err().ends_with("not a regular file (it is a FIFO): give the path of a file")
        );
        assert!(check_writable(&dir).unwrap_err().contains("(it is a directory)"));
        let e = check_writable(&dir.join("no/such/dir/f.txt")).unwrap_err();
        assert!(e.contains("f.txt: the directory ") && e.ends_with("no/such/dir does not exist"), "{e}");
        // Even root cannot create files in /proc/self.
        assert!(check_writable(Path::new("/proc/self/f.txt")).is_err());
        assert!(check_writable(Path::new("")).is_err());
        let e = check_writable(&dir.join("new/")).unwrap_err();
        assert!(e.ends_with("new/: a file name cannot end with '/'"), "{e}");
        assert!(write_atomically(&dir.join("new/"), b"x").is_err());
        // A good path is checked without leaving anything behind.
        check_writable(&dir.join("ok.txt")).unwrap();
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, vec![std::ffi::OsString::from("fifo")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_bytes_are_named_by_offset_and_line() {
        let dir = temp("utf8");
        let f = dir.join("b.txt");
        std::fs::write(&f, b"6x6\na6 b6\nc\xff4\n").unwrap();
        let e = read_regular_file(&f, 100).unwrap_err();
        assert!(e.ends_with("byte 12 (line 3) is not UTF-8 text"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
