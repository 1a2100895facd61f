//! Small file helpers shared by the command line and the game.

use crate::rules::quote::shown;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename, so a
/// reader never sees half a file and an old file survives a failed write. A symlink is written
/// through to its target; an existing file keeps its permissions; file and directory are
/// synced before this returns.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let target = resolve_symlinks(path);
    let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(".{name}.{}.{}.tmp", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed)));
    let result = (|| {
        let mut f = std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        if let Ok(meta) = std::fs::metadata(&target) {
            f.set_permissions(meta.permissions())?;
        }
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, &target)?;
        // The rename itself is only durable once the directory is synced.
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
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

/// A path for messages: shortened and with control characters escaped.
pub fn show_path(path: &Path) -> String {
    shown(&path.to_string_lossy())
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
    let mut bytes = Vec::with_capacity(meta.len() as usize);
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
