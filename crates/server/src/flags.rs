//! The command line's value checks, shared by `konane` and `konane-server`: each flag's value
//! is checked by a function of (flag, text) whose one-line message names the flag and what it
//! accepts, and quotes the input shortened and escaped (clap's own "invalid value" message
//! would echo the whole input).

use clap::builder::TypedValueParser;
use clap::error::ErrorKind;
use konane_core::rules::quote::quoted;
use konane_core::rules::{Geometry, parse_size};
use std::sync::Arc;

/// A clap value parser from a function of (flag, text), whose message clap prints as it is
/// (clap's own "invalid value" message would echo the whole input).
#[derive(Clone)]
pub struct Checked<T>(Arc<CheckFn<T>>);

/// A check of (flag, text) that gives the value or a message.
type CheckFn<T> = dyn Fn(&str, &str) -> Result<T, String> + Send + Sync;

/// A value parser from a check of (flag, text).
pub fn checked<T>(f: impl Fn(&str, &str) -> Result<T, String> + Send + Sync + 'static) -> Checked<T> {
    Checked(Arc::new(f))
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Checked<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let flag = arg.and_then(|a| a.get_long()).map_or_else(|| "a value".to_string(), |l| format!("--{l}"));
        let result = match value.to_str() {
            Some(text) => (self.0)(&flag, text),
            None => Err(format!("{flag} must be UTF-8 text, found {}", quoted(&value.to_string_lossy()))),
        };
        result.map_err(|message| {
            let mut cmd = cmd.clone();
            clap::Error::raw(ErrorKind::ValueValidation, message).format(&mut cmd)
        })
    }
}

/// A whole number in `lo..=hi` (a negative number or one too large for any type gets the
/// same message as any other out-of-range value).
pub fn whole<T: TryFrom<u64> + Clone + Send + Sync + 'static>(lo: u64, hi: u64) -> Checked<T> {
    checked(move |flag, text| {
        let t = text.trim();
        let fail = || format!("{flag} must be a whole number from {lo} to {hi}, found {}", quoted(text));
        match t.parse::<i128>() {
            Ok(n) if n >= lo as i128 && n <= hi as i128 => T::try_from(n as u64).map_err(|_| fail()),
            _ => Err(fail()),
        }
    })
}

/// A number of seconds: finite, above 0 and at most `max`.
pub fn seconds(max: f64) -> Checked<f64> {
    checked(move |flag, text| match text.trim().parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 && t <= max => Ok(t),
        _ => Err(format!("{flag} must be a number of seconds above 0 and at most {max:.0}, found {}", quoted(text))),
    })
}

/// A board size such as 8x8.
pub fn size() -> Checked<Geometry> {
    checked(|flag, text| parse_size(text).map_err(|e| format!("{flag}: {e}")))
}

/// Longest message printed for a command-line error (clap quotes the bad value whole).
pub const MAX_MESSAGE: usize = 240;

/// Parses the command line of `program`; a bad one gets one `program:` line on stderr and
/// exit status 2.
/// Help and version go to stdout, and a stdout that cannot take them is an error too.
pub fn parse_or_exit<P: clap::Parser>(program: &str) -> P {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    use konane_core::console::{EXIT_PIPE_CLOSED, OutputError, err, flush, out};
    use konane_core::rules::quote::{escaped, shown};
    match P::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            use std::io::IsTerminal;
            let text =
                if std::io::stdout().is_terminal() { e.render().ansi().to_string() } else { e.render().to_string() };
            match out(format_args!("{text}")).and_then(|()| flush()) {
                Ok(()) => std::process::exit(0),
                Err(OutputError::Closed) => std::process::exit(EXIT_PIPE_CLOSED),
                Err(e) => {
                    let _ = err(format_args!("{program}: {e}\n"));
                    std::process::exit(2)
                }
            }
        }
        Err(mut e) => {
            // The bad value or argument, as every message quotes input: shortened, escaped
            // (clap puts it in quotes; rendered as it is, its escape sequences would be dropped).
            for kind in [ContextKind::InvalidValue, ContextKind::InvalidArg] {
                if let Some(ContextValue::String(v)) = e.get(kind).cloned() {
                    e.insert(kind, ContextValue::String(shown(&v)));
                }
            }
            let text = e.render().to_string();
            let what: Vec<&str> = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .collect();
            let mut line = escaped(what.join(" ").trim_start_matches("error: "));
            if line.chars().count() > MAX_MESSAGE {
                line = line.chars().take(MAX_MESSAGE).collect::<String>() + "…";
            }
            let _ = err(format_args!("{program}: {line} (see {program} --help)\n"));
            std::process::exit(2)
        }
    }
}
