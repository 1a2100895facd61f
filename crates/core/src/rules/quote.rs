//! Quoting user input in messages: never more than a line, control characters escaped.

/// At most this many characters of the input are shown.
pub const QUOTE_CHARS: usize = 60;

/// `text` in single quotes for a message: control characters are escaped (`\n`, `\u{7}`) and
/// text longer than [`QUOTE_CHARS`] characters keeps its start, then `…` and its length in bytes.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(QUOTE_CHARS + 16);
    out.push('\'');
    let mut chars = text.chars();
    for ch in chars.by_ref().take(QUOTE_CHARS) {
        push_escaped(&mut out, ch);
    }
    if chars.next().is_some() {
        out.push_str(&format!("…' ({} bytes)", text.len()));
    } else {
        out.push('\'');
    }
    out
}

/// `text` with control characters escaped, shortened like [`quoted`] but without quotes.
pub fn shown(text: &str) -> String {
    let q = quoted(text);
    match q.strip_suffix('\'') {
        Some(inner) => inner[1..].to_string(),
        None => q[1..].replacen("…'", "…", 1),
    }
}

/// `text` whole, with control characters escaped as by [`quoted`]: for a message that is
/// already short, but may hold input (such as a command-line parser's).
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        push_escaped(&mut out, ch);
    }
    out
}

fn push_escaped(out: &mut String, ch: char) {
    match ch {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        // Controls, and the invisible format characters that reorder or hide text.
        c if c.is_control()
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}') =>
        {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole() {
        assert_eq!(quoted("a6"), "'a6'");
        assert_eq!(quoted(""), "''");
        assert_eq!(quoted(&"é".repeat(60)), format!("'{}'", "é".repeat(60)));
    }

    #[test]
    fn long_text_is_cut_with_its_length() {
        let long = "x".repeat(10_000_000);
        let q = quoted(&long);
        assert_eq!(q, format!("'{}…' (10000000 bytes)", "x".repeat(60)));
        assert!(q.chars().count() < 90);
        assert_eq!(shown(&long), format!("{}… (10000000 bytes)", "x".repeat(60)));
        assert_eq!(shown("ab"), "ab");
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(quoted("a\u{7}b\n\u{1b}[31m"), "'a\\u{7}b\\n\\u{1b}[31m'");
        assert_eq!(quoted("\u{202e}x"), "'\\u{202e}x'");
        assert_eq!(escaped("a\u{1b}[2Jb\n"), "a\\u{1b}[2Jb\\n");
    }
}
