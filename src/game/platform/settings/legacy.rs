//! The settings file of the releases before the TOML one (`settings.txt`: `key = value` lines,
//! `#` comments, words without quotes), read once and rewritten as TOML; and the same line by
//! line rescue for a TOML file that no longer parses.

use super::document::{HEADER, to_value};
use super::*;

/// Lines of a file without their line ends (`\n` or `\r\n`).
fn split_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    // An empty file has no lines (not one empty line).
    (!bytes.is_empty())
        .then_some(body)
        .into_iter()
        .flat_map(|b| b.split(|c| *c == b'\n'))
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
}

/// A line of the file as TOML comment text: not UTF-8 bytes and control characters (which
/// TOML comments may not hold) become U+FFFD.
fn comment_text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).chars().map(|c| if c.is_control() && c != '\t' { '\u{fffd}' } else { c }).collect()
}

/// One line of the old file, understood.
enum Line {
    /// A comment or a blank line, kept as it is.
    Keep(String),
    /// A key set (the value as the settings took it) and the comment after it.
    Set { key: &'static str, comment: Option<String> },
    /// A line that set nothing, with why.
    Bad { text: String, why: String },
}

/// Reads one line: TOML first (a line of a TOML file is left as it is), then the old
/// `key = value` form.
fn read_line(settings: &mut Settings, raw: &[u8]) -> Line {
    let code_end = raw.iter().position(|b| *b == b'#').unwrap_or(raw.len());
    let (code, comment) = raw.split_at(code_end);
    let comment = (!comment.is_empty()).then(|| comment_text(comment));
    let Ok(code) = std::str::from_utf8(code) else {
        let valid = std::str::from_utf8(code).map_err(|e| e.valid_up_to()).err().unwrap_or(0);
        return Line::Bad { text: comment_text(raw), why: format!("not UTF-8 text (byte {})", valid + 1) };
    };
    if code.trim().is_empty() {
        return Line::Keep(comment_text(raw));
    }
    // A line that is TOML on its own (`size = "8x8"`) is read as TOML.
    if let Ok(doc) = super::document::parse(&String::from_utf8_lossy(raw))
        && let Some((key, item)) = doc.as_table().iter().next()
        && doc.as_table().len() == 1
    {
        return match super::document::value_text(key, item).and_then(|t| settings.apply_entry(key, &t)) {
            Ok(key) => Line::Set { key, comment },
            Err(why) => Line::Bad { text: comment_text(raw), why },
        };
    }
    let result = match code.split_once('=') {
        None => Err(format!("{} is not 'key = value'", quote(code.trim()))),
        Some((key, value)) => settings.apply_entry(key.trim(), value.trim()),
    };
    match result {
        Ok(key) => Line::Set { key, comment },
        Err(why) => Line::Bad { text: comment_text(raw), why },
    }
}

/// What reading an old file gave.
pub(super) struct Converted {
    /// The same file as TOML: its comments and blank lines kept, each key's last valid line
    /// written with its value, and every other line kept as a comment.
    pub(super) text: String,
    /// The lines that set nothing (their line numbers and why), at most `max` of them.
    pub(super) errors: Vec<String>,
    /// How many lines set nothing.
    pub(super) bad: usize,
}

/// Reads the old file's `bytes` on top of `settings` and writes it out again as TOML.
pub(super) fn convert(settings: &mut Settings, bytes: &[u8], max: usize) -> Converted {
    let raws: Vec<&[u8]> = split_lines(bytes).collect();
    let lines: Vec<Line> = raws.iter().map(|raw| read_line(settings, raw)).collect();
    let mut out = Converted { text: String::new(), errors: Vec::new(), bad: 0 };
    let values: Vec<(&'static str, String)> = settings.entries().collect();
    // The line of each key that counts: its last.
    let mut last = std::collections::HashMap::new();
    for (i, line) in lines.iter().enumerate() {
        if let Line::Set { key, .. } = line {
            last.insert(*key, i);
        }
    }
    for (i, line) in lines.iter().enumerate() {
        let text = match line {
            Line::Keep(text) => text.clone(),
            // A key set again further down: the later line is the one that counts (TOML
            // allows a key once).
            Line::Set { key, .. } if last[key] != i => {
                format!("# (set again below) {}", comment_text(raws[i]))
            }
            Line::Set { key, comment } => {
                let value = values.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str()).unwrap_or_default();
                let mut text = format!("{key} = {}", to_value(key, value));
                if let Some(comment) = comment {
                    text = format!("{text} {comment}");
                }
                text
            }
            Line::Bad { text, why } => {
                out.bad += 1;
                if out.errors.len() < max {
                    out.errors.push(format!("line {}: {why}", i + 1));
                }
                format!("# (not understood) {text}")
            }
        };
        out.text.push_str(&text);
        out.text.push('\n');
    }
    if out.text.is_empty() {
        out.text = HEADER.to_string();
    }
    out
}
