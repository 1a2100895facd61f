//! Standard output and standard error that report failures instead of panicking.
//!
//! `println!` and `eprintln!` panic when the stream cannot be written (a full device, a closed
//! descriptor); the command line writes through [`out`] and [`err`] instead, and turns a
//! failure into one `konane:` line and exit status 2. A pipe closed by its reader (`| head`)
//! is [`OutputError::Closed`]: a quiet exit. (A descriptor closed before the start, `>&-`,
//! is reopened on `/dev/null` by Rust's runtime before `main`, so it reads as one.)

use std::fmt;
use std::io::Write;

/// Exit status of a command whose output pipe was closed by its reader, as if killed by
/// SIGPIPE (what the shell reports for `konane perft … | head` when the signal ends it).
pub const EXIT_PIPE_CLOSED: i32 = 141;

/// Why standard output or standard error could not be written.
#[derive(Debug)]
pub enum OutputError {
    /// The reader of a pipe went away (`EPIPE`): nobody wants the rest, so the command stops
    /// quietly.
    Closed,
    /// Any other failure (a full device, an I/O error), on the named stream.
    Failed(&'static str, std::io::Error),
}

impl OutputError {
    fn of(stream: &'static str, e: std::io::Error) -> OutputError {
        if e.kind() == std::io::ErrorKind::BrokenPipe { OutputError::Closed } else { OutputError::Failed(stream, e) }
    }
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputError::Closed => write!(f, "the output pipe was closed"),
            OutputError::Failed(stream, e) => write!(f, "cannot write to {stream}: {e}"),
        }
    }
}

/// Writes to standard output (line-buffered: a failure shows at the latest at the line's end).
pub fn out(args: fmt::Arguments<'_>) -> Result<(), OutputError> {
    std::io::stdout().lock().write_fmt(args).map_err(|e| OutputError::of("standard output", e))
}

/// Writes to standard error (unbuffered).
pub fn err(args: fmt::Arguments<'_>) -> Result<(), OutputError> {
    std::io::stderr().lock().write_fmt(args).map_err(|e| OutputError::of("standard error", e))
}

/// Flushes standard output (what is left of its last line).
pub fn flush() -> Result<(), OutputError> {
    std::io::stdout().lock().flush().map_err(|e| OutputError::of("standard output", e))
}

/// A line on standard output; returns early from the enclosing function (whose error type
/// converts from [`OutputError`]) if it cannot be written.
#[macro_export]
macro_rules! outln {
    () => { $crate::console::out(format_args!("\n"))? };
    ($($arg:tt)*) => { $crate::console::out(format_args!("{}\n", format_args!($($arg)*)))? };
}

/// A line on standard error, as [`outln!`].
#[macro_export]
macro_rules! errln {
    () => { $crate::console::err(format_args!("\n"))? };
    ($($arg:tt)*) => { $crate::console::err(format_args!("{}\n", format_args!($($arg)*)))? };
}
